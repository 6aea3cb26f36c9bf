//! The CRM funnels screen: the list of funnels, then one funnel in detail with the board of
//! its deals by status. Keys are routed here; loading, paging and moves live in the modules.

pub mod answers;
pub mod board;
pub mod deal_form;
mod deal_form_keys;
mod deal_form_pickers;
pub mod deal_links;
pub mod deal_task_prompt;
pub mod deal_tasks;
pub mod detail;
pub mod editor;
pub mod layer;
pub mod list;
pub mod lookups;
pub mod moves;
mod offline;
pub mod query;
pub mod status_writes;
pub mod structure;
pub mod structure_prompts;
#[cfg(test)]
mod tests;
pub mod totals;
pub mod verbs;
mod view_keys;

use crate::keys::commands::{Action, Context};
use crate::layout::Viewport;
use crate::layout::funnels::InfoPlace;
use crate::screen::ScreenState;
use crate::screen::{ScreenCtx, Target};
use crate::worker::op;
pub use answers::FunnelAnswer;
use detail::FunnelDetail;
use list::FunnelList;
use lookups::Lookups;
use moves::DealMoves;
use verbs::DealVerbs;

use crate::screen::draft_file::DraftFile;
use crate::screen::ledger::Ledger;

/// A deal status's id.
pub type StatusId = String;

/// The requests of the funnels screen. Those of the open funnel (its fields, statuses, deals
/// and the open deal) concern whichever funnel is open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FunnelKey {
    /// The list of funnels.
    List,
    /// The open funnel's fields.
    Funnel,
    /// The open funnel's statuses.
    Statuses,
    /// A page of the deals in a status.
    Deals(StatusId),
    /// The deal open over the board.
    Deal,
    /// A move of a deal (or the read-back of one whose answer was lost), by its number.
    Move(u64),
    /// Organization names for the deal view.
    Orgs,
    /// Contact names for the deal view.
    Contacts,
    /// A verb on a deal (won, lost, archived, delete) or the read-back of one whose answer
    /// was lost, by its number.
    Verb(u64),
    /// The deal the form sends (a create or an edit).
    DealSave,
    /// The look for a created deal whose answer was lost.
    DealFind,
    /// The read of an edited deal (its answer was lost or carried no deal).
    DealRead,
    /// A contact or organization of the open deal, read to be opened (`c`).
    LinkRead,
    /// A new task linked to the open deal, by its number.
    TaskAttach(u64),
    /// The look for a new linked task whose answer was lost, by the create's number.
    TaskFind(u64),
    /// A detach of a linked task (or the read-back of one whose answer was lost), by its
    /// number.
    TaskDetach(u64),
    /// A new funnel or status, by its number.
    Create(u64),
    /// The look for a new funnel or status whose answer was lost, by the create's number.
    CreateFind(u64),
    /// A rename or delete of a funnel (or its read-back), by its number.
    FunnelWrite(u64),
    /// A deal read again after a change of it left the outbox unsent.
    Outbox(String),
    /// A rename, delete or move of a status (or its read-back), by its number.
    StatusWrite(u64),
}

impl crate::screen::requests::KeySet for FunnelKey {
    type Answer = FunnelAnswer;
}

#[derive(Debug)]
pub struct FunnelsState {
    pub list: FunnelList,
    /// The open funnel; `None` shows the list.
    pub detail: Option<FunnelDetail>,
    pub lookups: Lookups,
    /// Deal moves on their way, whichever funnel is open.
    pub moves: Ledger<DealMoves>,
    /// Won / lost / archived and deletes on their way.
    pub verbs: Ledger<DealVerbs>,
    /// The search boxes with the keyboard, the board's pickers, the deal form, questions,
    /// prompts and pickers over the list or the open funnel.
    pub layers: layer::FunnelLayers,
    /// New deals whose answer was lost and that no look found: the same deal sent again is
    /// looked for first.
    deal_unsettled: crate::screen::lost_answer::Unsettled<editor::DealLookup>,
    /// The form's draft on disk.
    draft: DraftFile,
    /// A draft from an earlier run, not opened yet.
    pub found: Option<editor::Draft>,
    /// Said at start what was found on disk (a toast needs the first message's clock).
    found_note: Option<(crate::screen::toast::ToastKind, String)>,
    /// The open deal's linked tasks: new ones and detaches on their way, the title prompt.
    pub tasks: deal_tasks::DealTasks,
    /// Funnels and statuses made, renamed, deleted, moved; the name prompt.
    pub structure: structure::Structure,
}

impl FunnelsState {
    pub fn new(data_dir: &std::path::Path) -> Self {
        Self {
            list: FunnelList::default(),
            detail: None,
            lookups: Lookups::default(),
            moves: Ledger::default(),
            verbs: Ledger::default(),
            layers: Default::default(),
            deal_unsettled: Default::default(),
            draft: DraftFile::new(data_dir.join(editor::DRAFT_FILE)),
            found: None,
            found_note: None,
            tasks: deal_tasks::DealTasks::default(),
            structure: structure::Structure::default(),
        }
    }

    /// Reads the funnels: the first time the store's copy shows first.
    pub fn reload_list(&mut self, cx: &mut ScreenCtx) {
        if self.list.funnels.value().is_none() {
            cx.request_cached(FunnelKey::List, op::Funnels, FunnelAnswer::List);
        } else {
            cx.request(FunnelKey::List, op::Funnels, FunnelAnswer::List);
        }
        self.list.funnels.start();
    }

    /// Shows `deal`, as read, in its popup over the board of its funnel (a deal found by
    /// name); the column of its status takes the focus. What covered the board left (its
    /// search box) goes; a deal form open here stays, and the caller does not come here then.
    pub fn show_deal(&mut self, deal: weeek_api::models::Deal, cx: &mut ScreenCtx) {
        let Some(funnel_id) = deal.funnel_id.clone() else {
            cx.toast(
                crate::screen::toast::ToastKind::Error,
                "The deal's funnel is not known: it cannot be shown on a board.",
            );
            return;
        };
        self.layers
            .retain(|l| !matches!(l, layer::Layer::ListSearch(_) | layer::Layer::DealSearch(_)));
        if let Some(at) = self.list.position(&funnel_id) {
            self.list.cursor = at;
        }
        if self.detail.as_ref().is_none_or(|d| d.id != funnel_id) {
            if let Some(d) = &self.detail {
                d.close(cx);
            }
            let listed = self.list.all().iter().find(|f| f.id == funnel_id).cloned();
            let cached = listed.as_ref().and(self.list.cached);
            let funnel = listed.unwrap_or_else(|| weeek_api::models::Funnel {
                id: funnel_id,
                ..Default::default()
            });
            let moving = !self.moves.is_idle() || !self.verbs.is_idle();
            self.detail = Some(FunnelDetail::open(&funnel, cached, moving, cx));
        }
        let links = !deal.contacts.is_empty() || !deal.organizations.is_empty();
        if let Some(d) = &mut self.detail {
            d.show_deal(deal, cx);
        }
        if links {
            self.lookups.ensure(cx);
        }
    }

    /// The deal the form edits, if one is open.
    pub(crate) fn edited_deal(&self) -> Option<String> {
        match &self.layers.editor()?.target {
            editor::Target::Edit { deal_id } => Some(deal_id.clone()),
            editor::Target::New { .. } => None,
        }
    }

    /// Where the overview is drawn now.
    pub fn info_place(&self, viewport: &Viewport) -> InfoPlace {
        match &self.detail {
            Some(d) => viewport.funnels.info_place(d.info),
            None => InfoPlace::Hidden,
        }
    }
}

impl ScreenState for FunnelsState {
    fn contexts(&self) -> Vec<Context> {
        self.route().contexts
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Funnels,
            Context::FunnelSearch,
            Context::Funnel,
            Context::Deal,
            Context::DealForm,
            Context::DealField,
            Context::DealChoice,
            Context::List,
            Context::Text,
        ]
    }

    fn keyboard_taken(&self) -> bool {
        self.route().keyboard
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        self.announce(cx);
        if matches!(
            self.list.funnels,
            crate::screen::loadable::Loadable::NotAsked
        ) {
            self.reload_list(cx);
        }
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        (self.route().char)(self, c, cx)
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        (self.route().action)(self, action, cx)
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        (self.route().paste)(self, text, cx)
    }

    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        FunnelsState::on_click(self, target, cx)
    }

    fn on_resize(&mut self, cx: &mut ScreenCtx) {
        self.list.fix_scroll(cx);
        if let Some(d) = &mut self.detail {
            d.fix_columns(cx);
        }
    }

    /// The open funnel's board (its statuses, then each column's first pages, in place;
    /// an open deal popup or form left as it is), else the list of funnels.
    fn refresh(&mut self, cx: &mut ScreenCtx) {
        let moving = !self.moves.is_idle() || !self.verbs.is_idle();
        let editing = self.edited_deal();
        match &mut self.detail {
            Some(d) if !d.statuses.is_loading() => d.refresh(moving, editing.as_deref(), cx),
            Some(_) => {}
            None if self.list.funnels.is_loading() => {}
            None => self.reload_list(cx),
        }
    }

    fn cached_since(&self) -> Option<time::OffsetDateTime> {
        match &self.detail {
            Some(d) => d.cached_since(),
            None => self.list.cached,
        }
    }

    fn idle(&self, action: Action) -> bool {
        // Only the board's own layer: a popup or a box over it has keys of its own.
        self.contexts().first() == Some(&Context::Funnel)
            && self.detail.as_ref().is_some_and(|d| d.idle(action))
    }

    fn unsaved(&self) -> Option<String> {
        let deal = self.layers.editor().and_then(|e| match &e.phase {
            editor::Phase::Saving(_)
            | editor::Phase::Patching(_)
            | editor::Phase::Reading { .. } => {
                Some("A deal is being saved; its answer would not be seen.".to_string())
            }
            editor::Phase::Checking(_) => Some(
                "A deal whose answer was lost may have been created; it is not confirmed yet."
                    .to_string(),
            ),
            editor::Phase::Editing => None,
        });
        deal.or_else(|| self.structure.unanswered_creates())
            .or_else(|| self.tasks.unanswered_creates())
    }

    fn footer_note(&self) -> Option<String> {
        let moving = self.moves.unsettled();
        let saving = self.verbs.unsettled() + self.tasks.unsettled() + self.structure.unsettled();
        let notes: Vec<String> = [(moving, "moving"), (saving, "saving")]
            .into_iter()
            .filter(|(n, _)| *n > 0)
            .map(|(n, what)| format!("{what} {n}…"))
            .collect();
        (!notes.is_empty()).then(|| notes.join(" · "))
    }
}
