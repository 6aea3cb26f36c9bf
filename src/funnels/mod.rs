//! The CRM funnels screen: the list of funnels, then one funnel in detail with the board of
//! its deals by status. Keys are routed here; loading, paging and moves live in the modules.

pub mod answers;
pub mod board;
pub mod deal_form;
pub mod deal_links;
pub mod deal_tasks;
pub mod detail;
pub mod editor;
pub mod format;
pub mod list;
pub mod lookups;
pub mod moves;
pub mod query;
pub mod structure;
#[cfg(test)]
mod tests;
pub mod totals;
pub mod verbs;

use weeek_api::models::WinStatus;

use crate::app::commands::{Action, Context};
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::app::{ScreenCtx, Target};
use crate::layout::Viewport;
use crate::layout::funnels::InfoPlace;
use crate::widgets::scroll;
use crate::worker::op;
pub use answers::FunnelAnswer;
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
    /// A question about the board (delete this deal?), answered before anything else.
    pub ask: Option<verbs::Ask>,
    /// The deal form, over the board.
    pub editor: Option<editor::DealEditor>,
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
            ask: None,
            editor: None,
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
        cx.request(FunnelKey::List, op::Funnels, FunnelAnswer::List);
    }

    fn open_current(&mut self, cx: &mut ScreenCtx) {
        if let Some(f) = self.list.current().cloned() {
            let moving = !self.moves.is_idle() || !self.verbs.is_idle();
            self.detail = Some(FunnelDetail::open(&f, moving, cx));
        }
    }

    /// Where the overview is drawn now.
    pub fn info_place(&self, viewport: &Viewport) -> InfoPlace {
        match &self.detail {
            Some(d) => viewport.funnels.info_place(d.info),
            None => InfoPlace::Hidden,
        }
    }

    fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let l = &mut self.list;
        let page = cx.viewport.funnels.list_rows;
        if let Some(to) = scroll::target(action, l.cursor, l.visible.len(), page) {
            l.move_to(to, cx);
            return true;
        }
        match action {
            Action::Search => l.open_search(),
            Action::Open => self.open_current(cx),
            Action::Refresh => self.reload_list(cx),
            Action::NewFunnel => self.open_new_funnel(),
            Action::Rename => self.open_rename_funnel(),
            Action::Delete => self.ask_delete_funnel(),
            Action::Back if !l.query.is_empty() => {
                l.query.clear();
                l.refilter();
                l.fix_scroll(cx);
            }
            _ => return false,
        }
        true
    }

    fn deal_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(d) = &mut self.detail else {
            return false;
        };
        let Some(view) = &mut d.deal else {
            return false;
        };
        let page = cx.viewport.funnels.deal_lines;
        match action {
            Action::Down => view.scroll = view.scroll.saturating_add(1),
            Action::Up => view.scroll = view.scroll.saturating_sub(1),
            Action::PageDown | Action::HalfDown => view.scroll = view.scroll.saturating_add(page),
            Action::PageUp | Action::HalfUp => view.scroll = view.scroll.saturating_sub(page),
            Action::Top => view.scroll = 0,
            Action::Back => d.close_deal(cx),
            Action::Open => self.open_linked_task(cx),
            Action::NextItem => self.step_task(1, cx),
            Action::PrevItem => self.step_task(-1, cx),
            Action::NewTask => self.open_task_prompt(),
            Action::OpenLink => self.open_links(cx),
            Action::Delete => self.ask_detach(cx),
            Action::Refresh => {
                self.lookups.invalidate();
                self.lookups.ensure(cx);
                d.reload(!self.moves.is_idle() || !self.verbs.is_idle(), cx);
            }
            _ => return false,
        }
        true
    }

    fn detail_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let full_info = self.info_place(&cx.viewport) == InfoPlace::Full;
        let Some(d) = &mut self.detail else {
            return false;
        };
        if full_info {
            let page = cx.viewport.funnels.overview_lines;
            match action {
                Action::Down => d.info_scroll = d.info_scroll.saturating_add(1),
                Action::Up => d.info_scroll = d.info_scroll.saturating_sub(1),
                Action::PageDown | Action::HalfDown => {
                    d.info_scroll = d.info_scroll.saturating_add(page)
                }
                Action::PageUp | Action::HalfUp => {
                    d.info_scroll = d.info_scroll.saturating_sub(page)
                }
                Action::Top => d.info_scroll = 0,
                Action::Back => {
                    d.info = Some(InfoPlace::Hidden);
                    d.fix_columns(cx);
                }
                _ => {}
            }
            if matches!(
                action,
                Action::Down
                    | Action::Up
                    | Action::PageDown
                    | Action::HalfDown
                    | Action::PageUp
                    | Action::HalfUp
                    | Action::Top
                    | Action::Back
            ) {
                return true;
            }
            // The board is out of sight: its keys must not change what cannot be seen.
            if matches!(
                action,
                Action::Bottom
                    | Action::Left
                    | Action::Right
                    | Action::PrevStatus
                    | Action::NextStatus
                    | Action::MovePrev
                    | Action::MoveNext
                    | Action::Open
            ) {
                let show = cx.keys.then_say("funnel.overview", "shows it");
                let text = format!("The board is hidden behind the overview{show}");
                if !cx.toasts.visible().iter().any(|t| t.text == text) {
                    cx.toast(ToastKind::Info, text);
                }
                return true;
            }
        }
        match action {
            Action::Down => d.move_cursor(|c, _| c.cursor as isize + 1, cx),
            Action::Up => d.move_cursor(|c, _| c.cursor as isize - 1, cx),
            Action::Top => d.move_cursor(|_, _| 0, cx),
            Action::Bottom => d.go_to_end(cx),
            Action::PageDown => d.move_cursor(|c, n| c.cursor as isize + n, cx),
            Action::PageUp => d.move_cursor(|c, n| c.cursor as isize - n, cx),
            Action::HalfDown => d.move_cursor(|c, n| c.cursor as isize + (n / 2).max(1), cx),
            Action::HalfUp => d.move_cursor(|c, n| c.cursor as isize - (n / 2).max(1), cx),
            Action::Left | Action::PrevStatus => d.focus_column(d.focus as isize - 1, cx),
            Action::Right | Action::NextStatus => d.focus_column(d.focus as isize + 1, cx),
            Action::NewDeal => self.open_form(false, cx),
            Action::EditDeal => self.open_form(true, cx),
            Action::Search => d.open_search(),
            Action::Filter => {
                self.lookups.ensure(cx);
                d.open_filter(cx.names, &self.lookups);
            }
            Action::Sort => d.open_sort(),
            Action::MarkWon => self.set_outcome(WinStatus::Won, cx),
            Action::MarkLost => self.set_outcome(WinStatus::Lost, cx),
            Action::Archive => self.set_outcome(WinStatus::Archived, cx),
            Action::Delete => self.ask_delete(),
            Action::NewStatus => self.open_new_status(),
            Action::RenameStatus => self.open_rename_status(),
            Action::DeleteStatus => self.ask_delete_status(),
            Action::MoveStatusLeft => self.move_status(-1, cx),
            Action::MoveStatusRight => self.move_status(1, cx),
            Action::MovePrev => self.move_deal(-1, cx),
            Action::MoveNext => self.move_deal(1, cx),
            Action::Open => {
                let links = d
                    .current_deal()
                    .is_some_and(|x| !x.contacts.is_empty() || !x.organizations.is_empty());
                if d.open_deal(cx) && links {
                    self.lookups.ensure(cx);
                }
            }
            Action::ToggleDetail => {
                let view = &cx.viewport.funnels;
                d.info = Some(view.next_info_place(view.info_place(d.info)));
                d.info_scroll = 0;
                d.fix_columns(cx);
            }
            Action::Refresh => d.reload(!self.moves.is_idle() || !self.verbs.is_idle(), cx),
            Action::Back if d.stop_going_to_end() => {}
            Action::Back => {
                let id = d.id.clone();
                d.close(cx);
                self.detail = None;
                // Counts and amounts may have changed while the funnel was open.
                self.reload_list(cx);
                if let Some(pos) = self.list.position(&id) {
                    self.list.cursor = pos;
                    self.list.fix_scroll(cx);
                }
            }
            _ => return false,
        }
        true
    }

    /// A click on a funnel row selects it; on a column it focuses the column, and on a card
    /// it puts the cursor there too.
    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        if self.ask.is_some()
            || self.editor.is_some()
            || self.tasks.prompt.is_some()
            || self.structure.prompt.is_some()
            || self.structure.currency.is_some()
        {
            return false;
        }
        match (&mut self.detail, target) {
            (None, Target::Funnel(idx)) if idx < self.list.visible.len() => {
                self.list.move_to(idx as isize, cx);
                true
            }
            (Some(d), Target::Column(column)) if d.deal.is_none() => d.click(column, None, cx),
            (Some(d), Target::Card { column, deal }) if d.deal.is_none() => {
                d.click(column, Some(deal), cx)
            }
            _ => false,
        }
    }
}

/// The layers of the open deal form, most specific first.
fn form_contexts(e: &editor::DealEditor) -> Vec<Context> {
    if e.asking {
        return vec![Context::Confirm];
    }
    if let Some(p) = &e.picker {
        return match &p.picker {
            Some(p) if !p.multi => vec![Context::Picker, Context::Text],
            _ => vec![Context::MultiPicker, Context::Picker, Context::Text],
        };
    }
    if e.locked() {
        // No key of the form does anything until the answer, so none is offered.
        return Vec::new();
    }
    if !matches!(e.phase, editor::Phase::Editing) {
        // A failed look: save looks again, Esc gives up on the form.
        return vec![Context::DealForm];
    }
    if e.form.is_typed(e.form.focus) {
        vec![Context::DealField, Context::Text, Context::DealForm]
    } else {
        vec![Context::DealChoice, Context::DealForm]
    }
}

impl ScreenState for FunnelsState {
    fn contexts(&self) -> Vec<Context> {
        if self.ask.is_some() {
            return vec![Context::Confirm];
        }
        if self.tasks.prompt.is_some() || self.structure.prompt.is_some() {
            return vec![Context::Prompt, Context::Text];
        }
        if self.structure.currency.is_some() || self.links.picker.is_some() {
            return vec![Context::Picker, Context::Text];
        }
        if let Some(e) = &self.editor {
            return form_contexts(e);
        }
        match &self.detail {
            Some(d) if d.deal.is_some() => vec![Context::Deal, Context::List],
            Some(d) => match &d.picker {
                Some(query::BoardPicker::Filter(_)) => {
                    vec![Context::MultiPicker, Context::Picker, Context::Text]
                }
                Some(query::BoardPicker::Sort(_)) => vec![Context::Picker, Context::Text],
                None if d.search_box.is_some() => vec![
                    Context::FunnelSearch,
                    Context::Text,
                    Context::Funnel,
                    Context::List,
                ],
                None => vec![Context::Funnel, Context::List],
            },
            None if self.list.search.is_some() => vec![
                Context::FunnelSearch,
                Context::Text,
                Context::Funnels,
                Context::List,
            ],
            None => vec![Context::Funnels, Context::List],
        }
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
        if self.tasks.prompt.is_some()
            || self.structure.prompt.is_some()
            || self.structure.currency.is_some()
            || self.links.picker.is_some()
        {
            return self.ask.is_none();
        }
        if let Some(e) = &self.editor {
            return self.ask.is_none() && !e.asking && !e.locked();
        }
        match &self.detail {
            None => self.list.search.is_some(),
            Some(d) => d.deal.is_none() && (d.search_box.is_some() || d.picker.is_some()),
        }
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        self.announce(cx);
        if matches!(self.list.funnels, crate::app::loadable::Loadable::NotAsked) {
            self.reload_list(cx);
        }
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.tasks.prompt.is_some() {
            return self.task_prompt_char(c);
        }
        if self.structure.prompt.is_some() {
            return self.name_prompt_char(c);
        }
        if self.structure.currency.is_some() {
            return self.currency_char(c);
        }
        if self.links.picker.is_some() {
            return self.links_char(c);
        }
        if self.editor.is_some() {
            return self.form_char(c, cx);
        }
        if let Some(d) = &mut self.detail {
            if d.picker.is_some() {
                return d.picker_char(c);
            }
            return d.search_typed(&c.to_string(), cx);
        }
        let changed = self.list.search_char(c);
        self.list.fix_scroll(cx);
        changed
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.ask.is_some() {
            match action {
                Action::Yes => self.answer(true, cx),
                Action::No => self.answer(false, cx),
                _ => return false,
            }
            return true;
        }
        if self.tasks.prompt.is_some() {
            return self.task_prompt_action(action, cx);
        }
        if self.structure.prompt.is_some() {
            return self.name_prompt_action(action, cx);
        }
        if self.structure.currency.is_some() {
            return self.currency_action(action, cx);
        }
        if self.links.picker.is_some() {
            return self.links_action(action, cx);
        }
        if self.editor.is_some() {
            return self.form_action(action, cx);
        }
        match &mut self.detail {
            Some(d) if d.deal.is_some() => self.deal_action(action, cx),
            Some(d) if d.picker.is_some() => {
                d.picker_action(action, cx);
                true
            }
            Some(d) if d.search_box.is_some() => {
                d.search_action(action, cx) || self.detail_action(action, cx)
            }
            Some(_) => self.detail_action(action, cx),
            None if self.list.search_action(action) => {
                self.list.fix_scroll(cx);
                true
            }
            None => self.list_action(action, cx),
        }
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.tasks.prompt.is_some() {
            return self.task_prompt_paste(text);
        }
        if self.structure.prompt.is_some() {
            return self.name_prompt_paste(text);
        }
        if self.structure.currency.is_some() {
            return self.currency_paste(text);
        }
        if self.links.picker.is_some() {
            return self.links_paste(text);
        }
        if self.editor.is_some() {
            return self.form_paste(text, cx);
        }
        if let Some(d) = &mut self.detail {
            if d.picker.is_some() {
                return d.picker_paste(text);
            }
            return d.search_typed(text, cx);
        }
        let used = self.list.paste(text);
        if used {
            self.list.fix_scroll(cx);
        }
        used
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
        let deal = self.editor.as_ref().and_then(|e| match &e.phase {
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
