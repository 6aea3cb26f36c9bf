//! The task list: loading and paging, the cursor and marks, the detail pane, and the routing
//! of keys to filters (`filters.rs`, `panel.rs`) and triage verbs (`verbs.rs`).

pub mod answers;
pub mod board;
pub mod comment_list;
pub mod comments;
pub mod create;
pub mod custom_fields;
pub mod description;
pub mod details;
pub mod dialogs;
pub mod files;
pub mod filters;
pub mod form;
pub mod leaving;
pub mod panel;
pub mod subtasks;
mod time_form;
pub mod time_log;
pub mod timer;
mod uploads;
pub mod verbs;
pub mod view_picker;
pub mod views;
pub mod watchers;

#[cfg(test)]
mod comment_tests;
#[cfg(test)]
mod create_tests;
#[cfg(test)]
mod custom_field_tests;
#[cfg(test)]
mod description_tests;
#[cfg(test)]
mod detail_tests;
#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod subtask_pane_tests;
#[cfg(test)]
mod subtask_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod time_tests;
#[cfg(test)]
mod view_tests;
#[cfg(test)]
mod watcher_tests;

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

use weeek_api::models::TaskRow;
use weeek_api::{ApiError, SortBy, TaskQuery};

use crate::app::commands::{Action, Context};
use crate::app::ledger::Ledger;
use crate::app::loadable::{Arrived, Paged};
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::app::{ScreenCtx, Target};
use crate::widgets::scroll;
use crate::worker::op;
pub use answers::TaskAnswer;
use dialogs::Popup;
use filters::Filters;
use panel::FilterPanel;
use verbs::TaskWrites;

/// The requests of the task screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaskKey {
    /// A page of the list.
    List,
    /// One subtask, for its title in the detail pane.
    Subtask(i64),
    /// The whole task the detail pane shows (the list holds slim rows).
    Detail(i64),
    /// A description written with `E`, and its read-back.
    Description(description::DescriptionKey),
    /// A write (or the read-back of one whose answer was lost), by its number.
    Write(u64),
    /// A new task, by its number.
    New(u64),
    /// The look for a new task whose answer was lost, by the create's number.
    Find(u64),
    /// Logged time: entries written, tasks read again for theirs.
    Time(time_log::TimeKey),
    /// The comments of the task in the detail pane.
    Comments(comments::CommentKey),
    /// Watchers added or removed (`W`).
    Watch(watchers::WatchKey),
    /// The new-task form's own requests (a tag made from its picker).
    Form(form::tags::FormKey),
    /// A custom-field value written (or its read-back), by its number.
    Field(u64),
    /// Files uploaded (`U`) and saved (`S`).
    Files(files::FileKey),
    /// A page of a board column's tasks, by the column's id.
    Board(i64),
    /// A card moved up or down its column, by its number.
    Order(u64),
    /// A column created, renamed, moved or deleted, by its number.
    Column(u64),
    /// The board's columns read to look for a new column whose answer was lost, by its
    /// number.
    ColumnFind(u64),
}
/// Tasks per request. Large enough that a screenful rarely needs two requests.
pub const PAGE_SIZE: u32 = 50;
/// Typing in the search box sends one request after a pause, not one per letter.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(350);

pub use crate::app::loadable::PageStatus;

#[derive(Debug, Default)]
pub struct TasksState {
    pub filters: Filters,
    pub sort: Option<SortBy>,
    /// The rows loaded for the current filters (and what they are waiting for).
    pub list: Paged<TaskRow>,
    /// The query of the last requested page.
    query: Option<TaskQuery>,
    pub cursor: usize,
    pub scroll: usize,
    /// Marked task ids.
    pub marks: BTreeSet<i64>,
    anchor: Option<usize>,
    pub detail: bool,
    pub detail_scroll: u16,
    pub panel: Option<FilterPanel>,
    pub popup: Option<Popup>,
    /// Logged time: its dialogs and the entry writes on their way.
    pub time: time_log::TimeLog,
    /// The thread of the task in the detail pane, its dialogs and the comments being sent.
    pub comments: comments::Comments,
    /// Triage writes on their way, and what `u` can revert.
    pub writes: Ledger<TaskWrites>,
    /// New tasks sent and not settled yet, by their number.
    creating: std::collections::BTreeMap<u64, create::Creating>,
    /// New tasks whose answer was lost and that no look found: sent again, each is looked for
    /// first.
    unsettled: crate::app::lost_answer::Unsettled<create::TaskLookup>,
    /// New columns whose answer was lost and that no look found: the same name on the same
    /// board again is looked for first.
    column_unsettled: crate::app::lost_answer::Unsettled<board::column_create::ColumnLookup>,
    /// Popups asked for while another was open, shown once it closes.
    offered: Vec<Popup>,
    /// Numbers the new tasks sent (their keys and temporary row ids).
    next_create: u64,
    search_due: Option<Instant>,
    /// Whole tasks read for the detail pane.
    pub details: details::Details,
    /// Watcher changes on their way.
    watching: watchers::Watching,
    /// Attachments: the upload and save dialogs and the files on their way.
    pub files: files::Files,
    /// Where `S` saves attachments; unset, the desktop's downloads directory at the time.
    pub downloads: Option<std::path::PathBuf>,
    /// Titles of subtasks that are not among the loaded rows, fetched for the detail pane.
    /// Subtasks of the task in the pane that are not among the loaded rows, read for their
    /// titles and done boxes (`None`: asked, or the read failed).
    pub subtask_rows: HashMap<i64, Option<TaskRow>>,
    /// The subtask list of the detail pane, when it has the keys, and the subtasks opened.
    pub sub: subtasks::SubtaskPane,
    /// The custom field under the pane's cursor, while the fields have the keys (`C`).
    pub field_cursor: Option<usize>,
    /// Custom-field values on their way.
    pub field_writes: Ledger<custom_fields::FieldWrites>,
    /// `G` is loading every remaining page, to go to the last task once the last one is in.
    pub to_end: bool,
    /// A second `Ctrl-a` is loading every remaining page, marking each task as it comes.
    pub mark_rest: bool,
    /// The filters or the sort changed: the next first page starts at the top, not at the task
    /// the cursor was on.
    to_top: bool,
    /// A task the cursor goes to when a page brings it (an undo of a task that was not
    /// loaded, once it settled).
    focus: Option<i64>,
    /// Subtasks whose titles were asked for the task at the cursor: once the cursor moves on,
    /// the reads still running are no longer wanted.
    subtasks_asked: Vec<i64>,
    /// The new-task form (`n`) and its draft.
    pub forms: form::TaskForms,
    /// Saved views (`F`) and the one in use.
    pub views: views::SavedViews,
    /// The command `E` runs to edit a description (`$VISUAL`, else `$EDITOR`); without one the
    /// built-in editor opens.
    pub editor: Option<String>,
    /// The built-in description editor, when open.
    pub describe: Option<description::Describe>,
    /// Built-in editors closed with `Esc` on changed text, by task: the next `E` goes on.
    kept_descriptions: HashMap<i64, description::Describe>,
    /// Description saves on their way, by task.
    saving_descriptions: HashMap<i64, description::Saving>,
    /// A board shown in the list's place (`b`, or a board opened on the projects screen).
    pub board: Option<board::BoardView>,
    /// The screen to go back to, asked by `Esc` on a board opened there.
    pub leave_to: Option<crate::app::Screen>,
}

impl TasksState {
    /// The screen as it starts, its form's draft kept in `data_dir`.
    pub fn new(data_dir: &std::path::Path) -> Self {
        Self {
            forms: form::TaskForms::new(data_dir),
            ..Self::default()
        }
    }

    /// The focused layer: a popup, the filter panel (typing in a row, or not), or the list.
    pub fn contexts(&self) -> Vec<Context> {
        if let Some(chain) = self
            .forms
            .contexts()
            .or_else(|| self.describe_contexts())
            .or_else(|| self.time_contexts())
            .or_else(|| self.comment_contexts())
            .or_else(|| self.file_contexts())
        {
            return chain;
        }
        match &self.popup {
            Some(Popup::Pick {
                picker: Some(p), ..
            }) if p.multi => {
                return vec![Context::MultiPicker, Context::Picker, Context::Text];
            }
            Some(Popup::Pick {
                purpose: dialogs::PickPurpose::Views,
                ..
            }) => return vec![Context::Views, Context::Picker, Context::Text],
            Some(Popup::Pick { .. }) => return vec![Context::Picker, Context::Text],
            Some(Popup::Prompt { .. }) => return vec![Context::Prompt, Context::Text],
            Some(
                Popup::ConfirmDelete { .. }
                | Popup::LookAgain { .. }
                | Popup::ConfirmView { .. }
                | Popup::ConfirmColumn { .. },
            ) => {
                return vec![Context::Confirm];
            }
            None => {}
        }
        match &self.panel {
            Some(p) if p.editing.kind.is_some() => vec![Context::FilterEntry, Context::Text],
            Some(_) => vec![Context::Filters],
            None if self.detail && self.field_cursor.is_some() => vec![Context::CustomFields],
            None if self.detail && self.sub.active() => vec![Context::Subtasks],
            None if self.board.is_some() => vec![Context::Board, Context::Tasks, Context::List],
            None => vec![Context::Tasks, Context::List],
        }
    }

    /// A prompt, a picker's query or a filter row has the keyboard.
    pub fn keyboard_taken(&self) -> bool {
        if self.forms.open.is_some() {
            // Every field of the form takes letters: on a choice they start the picker's query.
            return true;
        }
        if let Some(chain) = self
            .describe_contexts()
            .or_else(|| self.time_contexts())
            .or_else(|| self.comment_contexts())
            .or_else(|| self.file_contexts())
        {
            return chain.contains(&Context::Text);
        }
        match &self.popup {
            Some(p) => matches!(p, Popup::Pick { .. } | Popup::Prompt { .. }),
            None => self
                .panel
                .as_ref()
                .is_some_and(|p| p.editing.kind.is_some()),
        }
    }

    /// The task under the cursor: the card when a board shows, else the list's row.
    pub fn current(&self) -> Option<&TaskRow> {
        match &self.board {
            Some(b) => b.current(),
            None => self.list.rows.get(self.cursor),
        }
    }

    pub fn index_of(&self, id: i64) -> Option<usize> {
        self.list.rows.iter().position(|t| t.id == id)
    }

    pub fn is_loading(&self) -> bool {
        self.list.is_loading()
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.search_due
    }

    fn page_rows(&self, cx: &ScreenCtx) -> usize {
        cx.viewport.tasks.rows(self.detail)
    }

    // ----- loading -------------------------------------------------------------------------

    /// The profile arrived: "my tasks" can now be asked for.
    pub fn on_profile(&mut self, cx: &mut ScreenCtx) {
        if !self.list.loaded_once && !self.is_loading() {
            self.reload(cx);
        }
    }

    /// Names arrived: nothing to fetch, but columns of newly seen boards may be needed.
    pub fn on_directory_changed(&mut self, cx: &mut ScreenCtx) {
        self.sync_board_columns(cx);
        self.ensure_names(cx);
        self.refresh_waiting_popup(cx);
        self.refresh_form_picker(cx);
    }

    /// Loads the first page for the current filters, keeping the old rows on screen.
    pub fn reload(&mut self, cx: &mut ScreenCtx) {
        let me = cx.names.me().map(|u| u.id.clone());
        if me.is_none() && self.filters.assignee == filters::Assignee::Me {
            // The profile is still loading (or failed); `on_profile` reloads when it lands.
            // Rows read for another scope (everyone's) are not mine: they go, and a page still
            // on its way for them is dropped, so the list waits empty under its header.
            cx.cancel(TaskKey::List);
            self.list = Default::default();
            self.marks.clear();
            self.query = None;
            self.cursor = 0;
            self.scroll = 0;
            if let Some(e) = cx.names.user.error() {
                self.list.status = PageStatus::Failed {
                    error: e.clone(),
                    more: false,
                };
            }
            return;
        }
        let q = self.filters.to_query(me.as_deref(), self.sort, PAGE_SIZE);
        self.search_due = None;
        // A new reading of the list stops going to the end of the old one.
        self.to_end = false;
        self.mark_rest = false;
        self.send_list(q, false, cx);
    }

    fn send_list(&mut self, q: TaskQuery, more: bool, cx: &mut ScreenCtx) {
        if let Err(e) = q.validate() {
            cx.toast(ToastKind::Error, e.short());
            return;
        }
        self.list.start(more);
        self.query = Some(q.clone());
        cx.request(TaskKey::List, op::Tasks(q), TaskAnswer::List);
    }

    /// Fetches the next page ahead of the cursor: within a screenful of the end.
    fn maybe_load_more(&mut self, cx: &mut ScreenCtx) {
        if !self.list.wants_more(self.cursor, self.page_rows(cx)) {
            return;
        }
        self.load_next(cx);
    }

    /// Asks for the page after the loaded ones (or again for the one that failed).
    fn load_next(&mut self, cx: &mut ScreenCtx) {
        if let Some(q) = &self.query {
            // `query` is the last page asked for: the one that failed is asked again.
            let next = if matches!(self.list.status, PageStatus::Failed { more: true, .. }) {
                q.clone()
            } else {
                q.next_page(PAGE_SIZE)
            };
            self.send_list(next, true, cx);
        }
    }

    fn on_list(&mut self, result: Result<weeek_api::TaskPage, ApiError>, cx: &mut ScreenCtx) {
        let due = self.filters.due;
        let page = result.map(|mut p| {
            // The service has no due filter of its own: its answer is narrowed here.
            if let Some(due) = due {
                match p.tasks.iter().position(|t| !due.keeps(t)) {
                    Some(miss) if due.ends_at_first_miss() => {
                        p.tasks.truncate(miss);
                        p.has_more = false;
                    }
                    _ => p.tasks.retain(|t| due.keeps(t)),
                }
            }
            (p.tasks, p.has_more)
        });
        let finished = self.list.finish(page, &mut self.cursor, |t| t.id);
        if self.to_end {
            match &finished {
                Ok(_) => self.cursor = self.list.rows.len().saturating_sub(1),
                // A failure stops it (the list says why and `G` tries again).
                Err(_) => self.to_end = false,
            }
            self.to_end &= self.list.has_more;
        }
        if self.mark_rest {
            self.mark_rest = matches!(finished, Ok(Arrived::Next));
            if self.mark_rest {
                self.marks.extend(self.list.rows.iter().map(|t| t.id));
                if self.list.has_more {
                    self.load_next(cx);
                } else {
                    self.mark_rest = false;
                    let n = self.marks.len();
                    cx.toast(ToastKind::Info, format!("All {n} matching marked"));
                }
            }
        }
        match finished {
            Ok(Arrived::First) => {
                self.reapply_pending(cx);
                self.reshow_creating();
                let present: BTreeSet<i64> = self.list.rows.iter().map(|t| t.id).collect();
                self.marks.retain(|id| present.contains(id));
                if std::mem::take(&mut self.to_top) {
                    self.cursor = 0;
                    self.scroll = 0;
                }
            }
            Ok(Arrived::Next) => {}
            Err(error) => {
                self.focus = None;
                cx.toast(ToastKind::Error, format!("Tasks: {}", error.short()));
                return;
            }
        }
        self.seek_focus(cx);
        self.fix_scroll(cx);
        self.ensure_names(cx);
        // A subtask that was a loaded row may not be one any more: the pane reads it.
        self.ensure_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
        self.maybe_load_more(cx);
    }

    /// The task an undo changed goes under the cursor once a page brings it, the pages after
    /// the loaded ones read until one does.
    fn seek_focus(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.focus else { return };
        if let Some(idx) = self.index_of(id) {
            self.focus = None;
            self.cursor = idx;
        } else if self.list.has_more {
            self.load_next(cx);
        } else {
            // It no longer belongs to the list: the undo's message said what happened.
            self.focus = None;
        }
    }

    /// Asks for the boards and columns of the tasks on screen, so they show as names.
    fn ensure_names(&mut self, cx: &mut ScreenCtx) {
        let rows = self.page_rows(cx);
        let end = (self.scroll + rows + 1).min(self.list.rows.len());
        let mut projects = BTreeSet::new();
        let mut boards = BTreeSet::new();
        for t in &self.list.rows[self.scroll.min(end)..end] {
            for loc in t.all_locations() {
                projects.insert(loc.project_id);
                if let Some(b) = loc.board_id {
                    boards.insert(b);
                }
            }
        }
        for p in projects {
            cx.ensure_boards(p);
            cx.ensure_project(p);
        }
        for b in boards {
            cx.ensure_columns(b);
        }
    }

    pub fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        match self.search_due {
            Some(due) if due <= cx.clock.now => {
                self.search_due = None;
                self.reload(cx);
                true
            }
            _ => false,
        }
    }

    /// Called after a filter changed: the list reloads at once (or after a pause for text).
    pub fn filters_changed(&mut self, debounce: bool, cx: &mut ScreenCtx) {
        self.cursor = 0;
        self.scroll = 0;
        self.to_top = true;
        if debounce {
            self.search_due = Some(cx.clock.now + SEARCH_DEBOUNCE);
        } else {
            self.reload(cx);
        }
    }

    /// Shows `task` from another screen (a deal's linked task): the list is read with the
    /// filters that bring it whoever it belongs to and wherever the old filters were (its
    /// project, its title, open or done as it is), and the cursor and the detail pane go to it
    /// once its page arrives.
    pub fn show_task(&mut self, task: &weeek_api::models::Task, cx: &mut ScreenCtx) {
        use filters::{Assignee, Completion, FilterKind};
        // The task shows in the list: a board left open would cover it.
        self.close_board(cx);
        let mut f = Filters::default();
        f.assignee = Assignee::Anyone;
        f.completion = if task.is_completed {
            Completion::Done
        } else {
            Completion::Open
        };
        f.project = task.primary_location().map(|l| l.project_id);
        f.search = task.title.clone().unwrap_or_default();
        for kind in [
            FilterKind::Assignee,
            FilterKind::Completion,
            FilterKind::Project,
        ] {
            f.touched(kind);
        }
        f.touched(FilterKind::Search);
        self.filters = f;
        self.panel = None;
        self.focus = Some(task.id);
        self.detail = true;
        self.detail_scroll = 0;
        self.filters_changed(false, cx);
    }

    // ----- moving --------------------------------------------------------------------------

    pub fn on_resize(&mut self, cx: &mut ScreenCtx) {
        self.board_fit(cx);
        self.fix_scroll(cx);
        self.maybe_load_more(cx);
    }

    fn fix_scroll(&mut self, cx: &ScreenCtx) {
        let h = self.page_rows(cx);
        let trailer = self.list.has_trailer();
        self.scroll =
            scroll::follow_with_trailer(self.cursor, self.scroll, h, self.list.rows.len(), trailer);
    }

    fn move_to(&mut self, target: isize, cx: &mut ScreenCtx) {
        if self.list.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.list.rows.len());
        self.detail_scroll = 0;
        self.sub = subtasks::SubtaskPane::default();
        self.field_cursor = None;
        self.fix_scroll(cx);
        self.ensure_names(cx);
        self.drop_stale_subtasks(cx);
        self.ensure_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
        self.maybe_load_more(cx);
    }

    /// With the detail open, fetches the subtasks of the task it shows that are not loaded
    /// rows.
    fn ensure_subtasks(&mut self, cx: &mut ScreenCtx) {
        if !self.detail {
            return;
        }
        let Some(task) = self.pane_row() else { return };
        let missing: Vec<i64> = task
            .sub_tasks
            .iter()
            .copied()
            .filter(|id| self.index_of(*id).is_none() && !self.subtask_rows.contains_key(id))
            .collect();
        for id in missing {
            // Marked as asked, so moving the cursor back and forth asks only once.
            self.subtask_rows.insert(id, None);
            self.subtasks_asked.push(id);
            cx.request(TaskKey::Subtask(id), op::Task(id), TaskAnswer::Subtask);
        }
    }

    /// Cancels the subtask reads of a task the pane (or the closed detail) has left; their
    /// marks go too, so coming back asks again. Answered ones stay.
    fn drop_stale_subtasks(&mut self, cx: &mut ScreenCtx) {
        let wanted = match self.pane_row() {
            Some(t) if self.detail => t.sub_tasks,
            _ => Vec::new(),
        };
        for id in std::mem::take(&mut self.subtasks_asked) {
            if wanted.contains(&id) {
                self.subtasks_asked.push(id);
            } else if cx.cancel(TaskKey::Subtask(id)) {
                self.subtask_rows.remove(&id);
            }
        }
    }

    /// A click on a task row puts the cursor there.
    pub fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        if self.board.is_some() {
            return self.board_click(target, cx);
        }
        match target {
            Target::Task(idx) if idx < self.list.rows.len() => {
                self.move_to(idx as isize, cx);
                true
            }
            _ => false,
        }
    }

    // ----- keys ----------------------------------------------------------------------------

    /// A character typed into a popup or a filter row.
    pub fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.forms.open.is_some() {
            return self.form_char(c, cx);
        }
        if self.describe.is_some() {
            return self.describe_char(c);
        }
        if self.time.dialog.is_some() {
            return self.time_char(c);
        }
        if self.comments.dialog.is_some() {
            return self.comment_char(c);
        }
        if self.files.dialog.is_some() {
            return self.file_char(c);
        }
        if self.popup.is_some() {
            return self.popup_char(c, cx);
        }
        self.panel_char(c, cx)
    }

    pub fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.forms.open.is_some() {
            self.form_paste(text, cx);
            return true;
        }
        if self.describe.is_some() {
            self.describe_paste(text);
            return true;
        }
        if self.time.dialog.is_some() {
            self.time_paste(text);
            return true;
        }
        if self.comments.dialog.is_some() {
            self.comment_paste(text);
            return true;
        }
        if self.files.dialog.is_some() {
            self.file_paste(text);
            return true;
        }
        if let Some(p) = &mut self.popup {
            p.paste(text);
            self.popup_changed(cx);
            return true;
        }
        let Some(panel) = &mut self.panel else {
            return false;
        };
        if !panel.paste(text) {
            return false;
        }
        if let Some(kind) = panel.editing.kind {
            self.entry_changed(kind, cx);
        }
        true
    }

    pub fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        // A popup or the panel is modal: the action is theirs, whatever it is.
        if self.forms.open.is_some() {
            // The app's own keys (screens, quit, help) stay reachable over the form.
            let app_wide = matches!(
                action,
                Action::Quit
                    | Action::Help
                    | Action::Palette
                    | Action::Messages
                    | Action::ScreenTasks
                    | Action::ScreenFunnels
                    | Action::ScreenContacts
                    | Action::ScreenProjects
                    | Action::NextScreen
                    | Action::PrevScreen
            );
            if !app_wide {
                self.form_action(action, cx);
            }
            return !app_wide;
        }
        if self.describe.is_some() {
            self.describe_action(action, cx);
            return true;
        }
        if self.time.dialog.is_some() {
            self.time_action(action, cx);
            return true;
        }
        if self.comments.dialog.is_some() {
            self.comment_action(action, cx);
            return true;
        }
        if self.files.dialog.is_some() {
            self.file_action(action, cx);
            return true;
        }
        if self.popup.is_some() {
            self.popup_action(action, cx);
            return true;
        }
        if self.panel.is_some() {
            self.panel_action(action, cx);
            return true;
        }
        if self.detail && self.field_cursor.is_some() && action != Action::Refresh {
            return self.field_action(action, cx);
        }
        if self.detail && self.sub.active() && action != Action::Refresh {
            return self.subtask_action(action, cx);
        }
        if let Some(taken) = self.board_action(action, cx) {
            return taken;
        }
        let page = self.page_rows(cx);
        if let Some(to) = scroll::target(action, self.cursor, self.list.rows.len(), page) {
            // `G` means the real end: the pages after the loaded ones come first (after the
            // first page, when the list is being read again).
            self.to_end =
                action == Action::Bottom && (self.list.has_more || self.list.is_loading());
            self.move_to(to, cx);
            return true;
        }
        let c = self.cursor as isize;
        match action {
            Action::Refresh => {
                self.reload(cx);
                self.refresh_detail(cx);
                // The pane's subtasks are read again too, unless a tick on one is on its way.
                if self.writes.is_idle() {
                    self.subtask_rows.clear();
                    self.subtasks_asked.clear();
                    self.ensure_subtasks(cx);
                }
                self.refresh_comments(cx);
            }
            Action::Open | Action::ToggleDetail => {
                self.detail = !self.detail;
                self.detail_scroll = 0;
                self.sub = subtasks::SubtaskPane::default();
                self.field_cursor = None;
                self.fix_scroll(cx);
                self.drop_stale_subtasks(cx);
                self.ensure_subtasks(cx);
                self.ensure_detail(cx);
                self.ensure_comments(cx);
            }
            Action::DetailDown if self.detail => {
                self.detail_scroll = self.detail_scroll.saturating_add(3);
            }
            Action::DetailUp if self.detail => {
                self.detail_scroll = self.detail_scroll.saturating_sub(3);
            }
            Action::Filter => self.panel = Some(FilterPanel::default()),
            Action::Search => self.panel = Some(FilterPanel::editing_search(&self.filters)),
            Action::Sort => self.open_sort(),
            Action::Views => self.open_views(cx),
            Action::ToggleScope => {
                self.filters.assignee = match self.filters.assignee {
                    filters::Assignee::Me => filters::Assignee::Anyone,
                    _ => filters::Assignee::Me,
                };
                self.filters.touched(filters::FilterKind::Assignee);
                self.filters_changed(false, cx);
            }
            Action::ToggleMark => {
                if let Some(id) = self.current().map(|t| t.id) {
                    if !self.marks.remove(&id) {
                        self.marks.insert(id);
                    }
                    self.anchor = Some(self.cursor);
                    self.move_to(c + 1, cx);
                }
            }
            Action::RangeMark => {
                let from = self
                    .anchor
                    .unwrap_or(self.cursor)
                    .min(self.list.rows.len().saturating_sub(1));
                let (a, b) = (from.min(self.cursor), from.max(self.cursor));
                for t in self.list.rows.get(a..=b).unwrap_or_default() {
                    self.marks.insert(t.id);
                }
                self.anchor = Some(self.cursor);
            }
            Action::MarkAll => self.mark_all(cx),
            Action::Back => return self.back(cx),
            Action::Complete => self.complete(cx),
            Action::Priority(n) => self.set_priority(n, cx),
            Action::MoveColumn => self.open_move(cx),
            Action::Assign => self.open_assign(cx),
            Action::DueDate => self.open_due(cx),
            Action::Rename => self.open_rename(cx),
            Action::EditDescription => self.open_description(cx),
            Action::NewTask => self.open_form(cx),
            Action::NewSubtask => self.open_new_subtask(cx),
            Action::Subtasks => self.focus_subtasks(cx),
            Action::CustomFields => self.focus_fields(cx),
            Action::Delete => self.open_delete(cx),
            Action::Undo => self.undo(cx),
            Action::LogTime => self.open_log_time(cx),
            Action::TimeEntries => self.open_time_entries(cx),
            Action::Watchers => self.open_watchers(cx),
            Action::UploadFile => self.open_upload(cx),
            Action::SaveAttachment => self.open_save_attachment(cx),
            Action::Comment => self.open_comment(None, cx),
            Action::CommentThread => self.open_comment_list(cx),
            Action::OpenBoard => self.open_board(cx),
            _ => return false,
        }
        true
    }

    /// `Ctrl-a`: marks every loaded task; when they all are and the service has more, marks
    /// every task that matches, loading the rest first.
    fn mark_all(&mut self, cx: &mut ScreenCtx) {
        let loaded: Vec<i64> = self
            .list
            .rows
            .iter()
            .map(|t| t.id)
            .filter(|id| *id > 0)
            .collect();
        let all_marked = loaded.iter().all(|id| self.marks.contains(id));
        if all_marked && self.list.has_more && !loaded.is_empty() {
            self.mark_rest = true;
            if !self.list.is_loading() {
                self.load_next(cx);
            }
            return;
        }
        self.marks.extend(loaded);
        if self.list.has_more {
            let again = cx.keys.say(
                "tasks.mark_all",
                "again marks all matching (loads the rest)",
            );
            let text = match again {
                Some(again) => format!("{} loaded tasks marked · {again}", self.marks.len()),
                None => format!("{} loaded tasks marked", self.marks.len()),
            };
            cx.toast(ToastKind::Info, text);
        }
    }

    /// `Esc`: stop loading the rest, close the detail, clear the marks, take off the newest
    /// filter, then the sort, and last of all everyone's tasks go back to mine.
    fn back(&mut self, cx: &mut ScreenCtx) -> bool {
        if self.to_end || self.mark_rest {
            // The page on its way still lands; no other is asked for.
            self.to_end = false;
            self.mark_rest = false;
        } else if self.detail {
            self.detail = false;
            self.fix_scroll(cx);
        } else if !self.marks.is_empty() {
            self.marks.clear();
            self.anchor = None;
        } else if self.filters.pop() {
            self.filters_changed(false, cx);
        } else if self.sort.take().is_some() {
            // Back to the service's own order.
            self.filters_changed(false, cx);
        } else if self.filters.pop_scope() {
            // Last of all, everyone's tasks back to mine.
            self.filters_changed(false, cx);
        } else {
            return false;
        }
        true
    }

    /// The tasks a verb acts on: the marked ones in list order, else the cursor task.
    pub fn targets(&self) -> Vec<i64> {
        // Marks are the list's: on a board a verb takes the card under the cursor.
        if self.marks.is_empty() || self.board.is_some() {
            self.current().map(|t| t.id).into_iter().collect()
        } else {
            self.list
                .rows
                .iter()
                .filter(|t| self.marks.contains(&t.id))
                .map(|t| t.id)
                .collect()
        }
    }
}

impl ScreenState for TasksState {
    fn contexts(&self) -> Vec<Context> {
        TasksState::contexts(self)
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Board,
            Context::Tasks,
            Context::List,
            Context::Filters,
            Context::FilterEntry,
            Context::Picker,
            Context::MultiPicker,
            Context::Views,
            Context::Prompt,
            Context::Confirm,
            Context::TimeLog,
            Context::CommentEdit,
            Context::CommentList,
            Context::CommentView,
            Context::TaskForm,
            Context::TaskTitle,
            Context::TaskField,
            Context::TaskChoice,
            Context::TaskNotes,
            Context::Subtasks,
            Context::CustomFields,
            Context::Text,
        ]
    }

    fn keyboard_taken(&self) -> bool {
        TasksState::keyboard_taken(self)
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = TasksState::on_char(self, c, cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = TasksState::on_action(self, action, cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        TasksState::on_paste(self, text, cx)
    }

    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = TasksState::on_click(self, target, cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        TasksState::on_tick(self, cx)
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        self.forms.announce(cx);
        self.restore_view(cx);
    }

    fn next_deadline(&self) -> Option<Instant> {
        TasksState::next_deadline(self)
    }

    fn on_directory_changed(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_directory_changed(self, cx)
    }

    fn on_profile(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_profile(self, cx)
    }

    fn on_resize(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_resize(self, cx)
    }

    fn on_messages_resized(&mut self, cx: &mut ScreenCtx) {
        self.board_fit(cx);
        self.fix_scroll(cx);
    }

    fn unsaved(&self) -> Option<String> {
        self.unanswered_creates()
    }

    /// The count marked, always in view; and the boards they are on when more than one (a
    /// move takes one board at a time).
    fn footer_note(&self) -> Option<String> {
        if self.marks.is_empty() {
            return None;
        }
        let boards: BTreeSet<i64> = self
            .list
            .rows
            .iter()
            .filter(|t| self.marks.contains(&t.id))
            .filter_map(|t| t.primary_location().and_then(|l| l.board_id))
            .collect();
        let n = self.marks.len();
        Some(match boards.len() {
            0 | 1 => format!("{n} marked"),
            b => format!("{n} marked on {b} boards"),
        })
    }

    fn idle(&self, action: Action) -> bool {
        self.board
            .as_ref()
            .is_some_and(|b| board::list_only(action) || b.idle(action))
    }

    fn timer_target(&self) -> Option<(i64, String)> {
        // A row still being created has no id on the service yet.
        self.current()
            .filter(|t| t.id > 0)
            .map(|t| (t.id, t.display_title().to_string()))
    }
}
