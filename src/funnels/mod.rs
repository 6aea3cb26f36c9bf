//! The CRM funnels screen: the list of funnels, then one funnel in detail with the board of
//! its deals by status. Keys are routed here; loading, paging and moves live in the modules.

pub mod board;
pub mod deal_form;
mod deal_form_keys;
mod deal_form_pickers;
pub mod deal_links;
pub mod deal_task_prompt;
pub mod deal_tasks;
pub mod detail;
pub mod editor;
pub mod format;
pub mod layer;
pub mod list;
pub mod lookups;
pub mod moves;
pub mod query;
pub mod structure;
pub mod structure_prompts;
#[cfg(test)]
mod tests;
pub mod totals;
pub mod verbs;
mod view_keys;

use crate::app::commands::{Action, Context};
use crate::app::screen::ScreenState;
use crate::app::{ScreenCtx, Target};
use crate::layout::Viewport;
use crate::layout::funnels::InfoPlace;
use crate::worker::{Answer, Call};
use detail::FunnelDetail;
use list::FunnelList;
use lookups::Lookups;
use moves::DealMoves;
use verbs::DealVerbs;

use crate::app::draft_file::DraftFile;
use crate::app::ledger::Ledger;

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
    /// A rename, delete or move of a status (or its read-back), by its number.
    StatusWrite(u64),
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
    deal_unsettled: crate::app::lost_answer::Unsettled<editor::DealLookup>,
    /// The form's draft on disk.
    draft: DraftFile,
    /// A draft from an earlier run, not opened yet.
    pub found: Option<editor::Draft>,
    /// Said at start what was found on disk (a toast needs the first message's clock).
    found_note: Option<(crate::app::toast::ToastKind, String)>,
    /// The open deal's linked tasks: new ones and detaches on their way, the title prompt.
    pub tasks: deal_tasks::DealTasks,
    /// The linked task `Enter` chose, for the app to show on the task screen.
    pub open_task: Option<weeek_api::models::Task>,
    /// The deal's contacts and organizations to open one (`c`), and the one to open.
    pub links: deal_links::DealLinks,
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
            open_task: None,
            links: Default::default(),
            structure: structure::Structure::default(),
        }
    }

    pub fn reload_list(&mut self, cx: &mut ScreenCtx) {
        self.list.funnels.start();
        cx.request(FunnelKey::List, Call::Funnels);
    }

    /// Where the overview is drawn now.
    pub fn info_place(&self, viewport: &Viewport) -> InfoPlace {
        match &self.detail {
            Some(d) => viewport.funnels.info_place(d.info),
            None => InfoPlace::Hidden,
        }
    }

    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, key: FunnelKey, answer: Answer, cx: &mut ScreenCtx) {
        use Answer as A;
        match (key, answer) {
            (FunnelKey::LinkRead, answer) => self.on_link_read(answer, cx),
            (FunnelKey::List, A::Funnels(result)) => {
                self.list.on_loaded(result);
                // Renames and deletes on their way stay shown over the fresh list.
                self.structure.funnels.reapply(&mut self.list, cx);
                self.list.fix_scroll(cx);
            }
            (FunnelKey::Create(n), A::CreatedFunnel(result)) => {
                self.on_funnel_created(n, result.map(|f| *f), cx)
            }
            (FunnelKey::Create(n), A::CreatedFunnelStatus(result)) => {
                self.on_status_created(n, result, cx)
            }
            (FunnelKey::CreateFind(n), A::Funnels(result)) => {
                let named = result.map(|all| all.iter().map(structure::Named::from).collect());
                self.on_create_looked(n, named, cx)
            }
            (FunnelKey::CreateFind(n), A::FunnelStatuses(result)) => {
                let named = result.map(|all| all.iter().map(structure::Named::from).collect());
                self.on_create_looked(n, named, cx)
            }
            (FunnelKey::FunnelWrite(n), A::UpdatedFunnel(result)) => {
                self.on_funnel_written(n, result.map(|f| Some(*f)), cx)
            }
            (FunnelKey::FunnelWrite(n), A::DeletedFunnel(result)) => {
                self.on_funnel_written(n, gone_is_done(result).map(|()| None), cx)
            }
            (FunnelKey::FunnelWrite(n), A::Funnel(result)) => {
                self.on_funnel_read_back(n, result.map(|f| *f), cx)
            }
            (FunnelKey::StatusWrite(n), A::RenamedFunnelStatus(result)) => {
                self.on_status_written(n, result.map(|_| ()), cx)
            }
            (FunnelKey::StatusWrite(n), A::DeletedFunnelStatus(result)) => {
                self.on_status_written(n, gone_is_done(result), cx)
            }
            (FunnelKey::StatusWrite(n), A::MovedFunnelStatus(result)) => {
                self.on_status_written(n, result, cx)
            }
            (FunnelKey::StatusWrite(n), A::FunnelStatuses(result)) => {
                self.on_status_read_back(n, result, cx)
            }
            (FunnelKey::Orgs, A::Organizations(result)) => {
                self.lookups.on_orgs(result, cx);
                self.refresh_form_picker(cx.names);
                if !self.lookups.orgs.loading {
                    self.orgs_arrived(cx);
                }
            }
            (FunnelKey::Contacts, A::Contacts(result)) => {
                self.lookups.on_contacts(result, cx);
                self.refresh_form_picker(cx.names);
            }
            (FunnelKey::DealSave, A::CreatedDeal(result)) => {
                self.on_created(result.map(|d| *d), cx)
            }
            (FunnelKey::DealSave, A::PatchedDeal(result)) => {
                self.on_patched(result.map(|d| d.map(|d| *d)), cx)
            }
            (FunnelKey::DealFind, A::DealPage(result)) => self.on_found(result, cx),
            (FunnelKey::DealRead, A::Deal(result)) => self.on_read(result.map(|d| *d), cx),
            (FunnelKey::Move(n), A::MovedDeal(result)) => self.on_move_reply(n, result, cx),
            (FunnelKey::Move(n), A::Deal(result)) => {
                self.on_move_read_back(n, result.map(|d| *d), cx)
            }
            (FunnelKey::Verb(n), A::UpdatedDeal(result)) => {
                self.on_verb_reply(n, result.map(|d| Some(*d)), cx)
            }
            (FunnelKey::Verb(n), A::DeletedDeal(result)) => {
                self.on_verb_reply(n, result.map(|()| None), cx)
            }
            (FunnelKey::Verb(n), A::Deal(result)) => {
                self.on_verb_read_back(n, result.map(|d| *d), cx)
            }
            (FunnelKey::TaskAttach(n), A::CreatedDealTask(result)) => {
                self.on_task_created(n, result.map(|t| *t), cx)
            }
            (FunnelKey::TaskFind(n), A::Deal(result)) => {
                self.on_task_looked(n, result.map(|d| *d), cx)
            }
            (FunnelKey::TaskDetach(n), A::DetachedDealTask(result)) => {
                self.on_detached(n, result, cx)
            }
            (FunnelKey::TaskDetach(n), A::Deal(result)) => {
                self.on_detach_read_back(n, result.map(|d| *d), cx)
            }
            (key, answer) => {
                let Some(d) = &mut self.detail else {
                    return;
                };
                match (key, answer) {
                    (FunnelKey::Funnel, A::Funnel(result)) => {
                        let settled = self.moves.is_idle() && self.verbs.is_idle();
                        d.on_funnel(result.map(|f| *f), settled)
                    }
                    (FunnelKey::Statuses, A::FunnelStatuses(result)) => {
                        d.on_statuses(result, (&self.moves, &self.verbs), cx);
                        // Renames, deletes and moves on their way stay shown over the read.
                        self.structure.statuses.reapply(d, cx);
                    }
                    (FunnelKey::Deal, A::Deal(result)) => {
                        d.on_deal(result.map(|d| *d));
                        // New tasks and detaches on their way stay shown over the fresh read.
                        self.tasks.reapply(d, cx);
                    }
                    (FunnelKey::Deals(status), A::DealPage(result)) => {
                        d.on_deals(&status, result, (&self.moves, &self.verbs), cx)
                    }
                    // Each key is asked with one kind of call (see where it is asked): no
                    // other pair arrives.
                    _ => {}
                }
            }
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
        if matches!(self.list.funnels, crate::app::loadable::Loadable::NotAsked) {
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

    fn idle(&self, action: Action) -> bool {
        // Only the board's own layer: a popup or a box over it has keys of its own.
        self.contexts().first() == Some(&Context::Funnel)
            && self.detail.as_ref().is_some_and(|d| d.idle(action))
    }

    fn unsaved(&self) -> Option<String> {
        let deal = self.layers.editor().and_then(|e| match &e.phase {
            editor::Phase::Saving { .. } | editor::Phase::Reading { .. } => {
                Some("A deal is being saved; its answer would not be seen.".to_string())
            }
            editor::Phase::Looking(_) => Some(
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

/// A delete answered "not found": what was to go is gone, which is what was asked.
fn gone_is_done(result: Result<(), weeek_api::ApiError>) -> Result<(), weeek_api::ApiError> {
    match result {
        Err(weeek_api::ApiError::NotFound { .. }) => Ok(()),
        other => other,
    }
}
