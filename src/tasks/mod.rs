//! The task list: loading and paging, the cursor and marks, the detail pane, and the routing
//! of keys to filters (`filters.rs`, `panel.rs`) and triage verbs (`verbs.rs`).

pub mod answers;
pub mod board;
mod bulk;
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
pub mod layer;
pub mod leaving;
mod list_keys;
mod offline;
mod offline_detail;
pub mod panel;
mod popup_keys;
mod refresh;
mod screen;
pub mod subtasks;
mod task_lookup;
mod task_writes;
mod time_form;
pub mod time_log;
pub mod timer;
mod timer_offline;
mod uploads;
mod verb_dialogs;
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
mod offline_detail_tests;
#[cfg(test)]
mod offline_tests;
#[cfg(test)]
mod refresh_tests;
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

use crate::screen::ScreenCtx;
use crate::screen::ledger::Ledger;
use crate::screen::loadable::{Arrived, Paged};
use crate::screen::toast::ToastKind;
use crate::worker::op;
pub use answers::TaskAnswer;
use filters::Filters;
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
    /// A column renamed, moved or deleted, by its number.
    Column(u64),
    /// A new column, by its number.
    ColumnCreate(u64),
    /// The board's columns read to look for a new column whose answer was lost, by its
    /// number.
    ColumnFind(u64),
    /// A task read again after a change of it left the outbox unsent.
    Outbox(i64),
    /// A page of the list read again in place, by its offset.
    Refresh(u32),
}

impl crate::screen::requests::KeySet for TaskKey {
    type Answer = TaskAnswer;
}

/// Whether two queries read the same list, whatever their pages.
fn same_list(a: &TaskQuery, b: &TaskQuery) -> bool {
    let unpaged = |q: &TaskQuery| TaskQuery {
        offset: None,
        per_page: None,
        ..q.clone()
    };
    unpaged(a) == unpaged(b)
}

/// Tasks per request. Large enough that a screenful rarely needs two requests.
pub const PAGE_SIZE: u32 = 50;
/// Typing in the search box sends one request after a pause, not one per letter.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(350);

pub use crate::screen::loadable::PageStatus;

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
    /// The board, the pane's focus, the filter panel and the dialogs open over the list.
    pub layers: layer::TaskLayers,
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
    unsettled: crate::screen::lost_answer::Unsettled<create::TaskLookup>,
    /// New columns on their way: the same name on the same board again after a lost answer
    /// is looked for first.
    column_creates: crate::screen::named_creates::NamedCreates<board::column_create::ColumnLookup>,
    /// Columns renamed, moved or deleted and not settled yet.
    column_writes: Ledger<board::columns::ColumnWrites>,
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
    /// Built-in editors closed with `Esc` on changed text, by task: the next `E` goes on.
    kept_descriptions: HashMap<i64, description::Describe>,
    /// Description saves on their way, by task.
    saving_descriptions: HashMap<i64, description::Saving>,
    /// The list shows the local store's copy, read from the service then, until the service's
    /// answer replaces it.
    pub cached: Option<time::OffsetDateTime>,
    /// Pages `r` reads again, by offset, not answered yet: the header says "reloading".
    pub reading_again: BTreeSet<u32>,
}

impl TasksState {
    /// The screen as it starts, its form's draft kept in `data_dir`.
    pub fn new(data_dir: &std::path::Path) -> Self {
        Self {
            forms: form::TaskForms::new(data_dir),
            ..Self::default()
        }
    }

    /// The task under the cursor: the card when a board shows, else the list's row.
    pub fn current(&self) -> Option<&TaskRow> {
        match self.layers.board() {
            Some(b) => b.current(),
            None => self.list.rows.get(self.cursor),
        }
    }

    pub fn index_of(&self, id: i64) -> Option<usize> {
        self.list.rows.position_of(id)
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
        self.settle_layers(cx);
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
        // The store's copy shows first where the screen has nothing of this page yet: a next
        // page, another list, the first one. The list read again for what it shows (a
        // refresh) is left on screen until the service answers.
        let new_list = !self.list.loaded_once
            || self
                .query
                .as_ref()
                .is_none_or(|shown| !same_list(shown, &q));
        self.list.start(more);
        if !more {
            // A new reading of the list: pages read again of the old one no longer count.
            self.reading_again.clear();
        }
        self.query = Some(q.clone());
        if more || new_list {
            cx.request_cached(TaskKey::List, op::Tasks(q), TaskAnswer::List);
        } else {
            cx.request(TaskKey::List, op::Tasks(q), TaskAnswer::List);
        }
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

    /// A page as the list shows it: the service has no due filter of its own, so its answer
    /// is narrowed here.
    fn narrowed(&self, mut p: weeek_api::TaskPage) -> (Vec<TaskRow>, bool) {
        if let Some(due) = self.filters.due {
            match p.tasks.iter().position(|t| !due.keeps(t)) {
                Some(miss) if due.ends_at_first_miss() => {
                    p.tasks.truncate(miss);
                    p.has_more = false;
                }
                _ => p.tasks.retain(|t| due.keeps(t)),
            }
        }
        (p.tasks, p.has_more)
    }

    /// The store's copy of the page asked for: shown at once, the list still waiting for the
    /// service's answer, which replaces it in place. Nothing is done on its word alone: marks,
    /// `G` and the pages after it wait for the service.
    fn on_stored_list(
        &mut self,
        page: weeek_api::TaskPage,
        read_at: time::OffsetDateTime,
        cx: &mut ScreenCtx,
    ) {
        let (rows, has_more) = self.narrowed(page);
        let arrived = self
            .list
            .show_stored(rows, has_more, &mut self.cursor, |t| t.id);
        if arrived == Arrived::First {
            self.cached = Some(read_at);
            self.reapply_pending(cx);
            self.reshow_creating();
            if std::mem::take(&mut self.to_top) {
                self.cursor = 0;
                self.scroll = 0;
            }
        }
        self.fix_scroll(cx);
        self.ensure_names(cx);
        self.ensure_detail(cx);
    }

    fn on_list(&mut self, result: Result<weeek_api::TaskPage, ApiError>, cx: &mut ScreenCtx) {
        if let Some(read_at) = cx.stored() {
            if let Ok(page) = result {
                self.on_stored_list(page, read_at, cx);
            }
            return;
        }
        let page = result.map(|p| self.narrowed(p));
        let finished = self.list.finish(page, &mut self.cursor, |t| t.id);
        // A new list starts at its top, unless `G` was pressed while it was read.
        if matches!(finished, Ok(Arrived::First)) && std::mem::take(&mut self.to_top) {
            self.cursor = 0;
            self.scroll = 0;
        }
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
                self.cached = None;
                self.reapply_pending(cx);
                self.reshow_creating();
                let present: BTreeSet<i64> = self.list.rows.iter().map(|t| t.id).collect();
                self.marks.retain(|id| present.contains(id));
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
        self.layers.close_panel();
        self.focus = Some(task.id);
        self.detail = true;
        self.detail_scroll = 0;
        self.filters_changed(false, cx);
    }

    /// Shows the open tasks of `member` (a member found by name): the list is read with that
    /// one filter, from its top.
    pub fn show_member(&mut self, member: String, cx: &mut ScreenCtx) {
        use filters::{Assignee, FilterKind};
        self.close_board(cx);
        let mut f = Filters::default();
        if cx.names.me().is_none_or(|me| me.id != member) {
            f.assignee = Assignee::Member(member);
        }
        f.touched(FilterKind::Assignee);
        self.filters = f;
        self.layers.close_panel();
        self.focus = None;
        self.filters_changed(false, cx);
    }
}
