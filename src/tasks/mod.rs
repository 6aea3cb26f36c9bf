//! The task list: loading and paging, the cursor and marks, the detail pane, and the routing
//! of keys to filters (`filters.rs`, `panel.rs`) and triage verbs (`verbs.rs`).

pub mod create;
pub mod dialogs;
pub mod filters;
pub mod panel;
pub mod verbs;

#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

use weeek_api::models::Task;
use weeek_api::{ApiError, SortBy, TaskQuery};

use crate::app::commands::{Action, Context};
use crate::app::loadable::{append_new, follow_item};
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::app::{Env, Target};
use crate::widgets::scroll;
use crate::worker::{Call, Data, Reply};
use dialogs::Popup;
use filters::Filters;
use panel::FilterPanel;
use verbs::{Bulk, PendingWrite, UndoEntry};

pub const KEY_PREFIX: &str = "tasks:";
const LIST_KEY: &str = "tasks:list";
const SUBTASK_KEY: &str = "tasks:sub:";
/// Tasks per request. Large enough that a screenful rarely needs two requests.
pub const PAGE_SIZE: u32 = 50;
/// Typing in the search box sends one request after a pause, not one per letter.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(350);

pub use crate::app::loadable::PageStatus;

#[derive(Debug, Default)]
pub struct TasksState {
    pub filters: Filters,
    pub sort: Option<SortBy>,
    pub rows: Vec<Task>,
    pub has_more: bool,
    pub status: PageStatus,
    /// A first page has arrived for some query: empty now means empty, not "not yet".
    pub loaded_once: bool,
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
    /// Reversible changes, newest last: `u` walks back through them.
    pub undo: Vec<UndoEntry>,
    writes: HashMap<String, PendingWrite>,
    /// Tasks with a write on its way, and the writes waiting behind it.
    queued: HashMap<i64, std::collections::VecDeque<(String, Call)>>,
    bulks: HashMap<u64, Bulk>,
    /// New tasks sent and not settled yet, by their number.
    creating: std::collections::BTreeMap<u64, create::Creating>,
    /// Popups asked for while another was open, shown once it closes.
    offered: Vec<Popup>,
    next_write: u64,
    search_due: Option<Instant>,
    /// Titles of subtasks that are not among the loaded rows, fetched for the detail pane.
    pub subtask_titles: HashMap<i64, String>,
}

impl TasksState {
    /// The focused layer: a popup, the filter panel (typing in a row, or not), or the list.
    pub fn contexts(&self) -> Vec<Context> {
        match &self.popup {
            Some(Popup::Pick {
                picker: Some(p), ..
            }) if p.multi => {
                return vec![Context::MultiPicker, Context::Picker, Context::Text];
            }
            Some(Popup::Pick { .. }) => return vec![Context::Picker, Context::Text],
            Some(Popup::Prompt { .. }) => return vec![Context::Prompt, Context::Text],
            Some(Popup::ConfirmDelete { .. } | Popup::LookAgain { .. }) => {
                return vec![Context::Confirm];
            }
            None => {}
        }
        match &self.panel {
            Some(p) if p.editing.kind.is_some() => vec![Context::FilterEntry, Context::Text],
            Some(_) => vec![Context::Filters],
            None => vec![Context::Tasks, Context::List],
        }
    }

    /// A prompt, a picker's query or a filter row has the keyboard.
    pub fn keyboard_taken(&self) -> bool {
        match &self.popup {
            Some(p) => matches!(p, Popup::Pick { .. } | Popup::Prompt { .. }),
            None => self
                .panel
                .as_ref()
                .is_some_and(|p| p.editing.kind.is_some()),
        }
    }

    pub fn current(&self) -> Option<&Task> {
        self.rows.get(self.cursor)
    }

    pub fn index_of(&self, id: i64) -> Option<usize> {
        self.rows.iter().position(|t| t.id == id)
    }

    pub fn is_loading(&self) -> bool {
        matches!(self.status, PageStatus::Loading { .. })
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.search_due
    }

    fn page_rows(&self, env: &Env) -> usize {
        env.viewport.tasks.rows(self.detail)
    }

    // ----- loading -------------------------------------------------------------------------

    /// The profile arrived: "my tasks" can now be asked for.
    pub fn on_profile(&mut self, env: &mut Env) {
        if !self.loaded_once && !self.is_loading() {
            self.reload(env);
        }
    }

    /// Names arrived: nothing to fetch, but columns of newly seen boards may be needed.
    pub fn on_directory_changed(&mut self, env: &mut Env) {
        self.ensure_names(env);
        self.refresh_waiting_popup(env);
    }

    /// Loads the first page for the current filters, keeping the old rows on screen.
    pub fn reload(&mut self, env: &mut Env) {
        let me = env.dir.me().map(|u| u.id.clone());
        if me.is_none() && self.filters.assignee == filters::Assignee::Me {
            // The profile is still loading (or failed); `on_profile` reloads when it lands.
            if let Some(e) = env.dir.user.error() {
                self.status = PageStatus::Failed {
                    error: e.clone(),
                    more: false,
                };
            }
            return;
        }
        let q = self.filters.to_query(me.as_deref(), self.sort, PAGE_SIZE);
        self.search_due = None;
        self.send_list(q, false, env);
    }

    fn send_list(&mut self, q: TaskQuery, more: bool, env: &mut Env) {
        if let Err(e) = q.validate() {
            env.toast(ToastKind::Error, e.short());
            return;
        }
        self.status = PageStatus::Loading { more };
        self.query = Some(q.clone());
        env.request(LIST_KEY, Call::Tasks(q));
    }

    /// Fetches the next page ahead of the cursor: within a screenful of the end.
    fn maybe_load_more(&mut self, env: &mut Env) {
        let at_end = self.cursor + 1 >= self.rows.len();
        if !self.has_more || !self.status.may_load_more(at_end) {
            return;
        }
        if self.cursor + self.page_rows(env) + 1 < self.rows.len() {
            return;
        }
        if let Some(q) = &self.query {
            // `query` is the last page asked for: the one that failed is asked again.
            let next = if matches!(self.status, PageStatus::Failed { more: true, .. }) {
                q.clone()
            } else {
                q.next_page(PAGE_SIZE)
            };
            self.send_list(next, true, env);
        }
    }

    fn on_list(&mut self, result: Result<Data, ApiError>, env: &mut Env) {
        let more = matches!(self.status, PageStatus::Loading { more: true });
        let page = match result {
            Ok(Data::Tasks(page)) => page,
            Ok(other) => {
                self.status = PageStatus::Failed {
                    error: crate::app::directory::unexpected(&other),
                    more,
                };
                return;
            }
            Err(error) => {
                env.toast(ToastKind::Error, format!("Tasks: {}", error.short()));
                self.status = PageStatus::Failed { error, more };
                return;
            }
        };
        if more {
            append_new(&mut self.rows, page.tasks, |t| t.id);
        } else {
            self.cursor = follow_item(&self.rows, &page.tasks, self.cursor, |t| t.id);
            self.rows = page.tasks;
            self.reapply_pending();
            self.reshow_creating();
            let present: BTreeSet<i64> = self.rows.iter().map(|t| t.id).collect();
            self.marks.retain(|id| present.contains(id));
            self.loaded_once = true;
        }
        self.has_more = page.has_more;
        self.status = PageStatus::Idle;
        self.fix_scroll(env);
        self.ensure_names(env);
        self.maybe_load_more(env);
    }

    /// Asks for the boards and columns of the tasks on screen, so they show as names.
    fn ensure_names(&mut self, env: &mut Env) {
        let rows = self.page_rows(env);
        let end = (self.scroll + rows + 1).min(self.rows.len());
        let mut projects = BTreeSet::new();
        let mut boards = BTreeSet::new();
        for t in &self.rows[self.scroll.min(end)..end] {
            for loc in t.all_locations() {
                projects.insert(loc.project_id);
                if let Some(b) = loc.board_id {
                    boards.insert(b);
                }
            }
        }
        for p in projects {
            env.ensure_boards(p);
        }
        for b in boards {
            env.ensure_columns(b);
        }
    }

    pub fn on_reply(&mut self, reply: Reply, env: &mut Env) {
        if reply.key == LIST_KEY {
            self.on_list(reply.result, env);
        } else if reply.key.starts_with(SUBTASK_KEY) {
            if let Ok(Data::Task(t)) = reply.result {
                let mark = if t.is_completed { "[x]" } else { "[ ]" };
                let title = format!("{mark} {}", crate::text::one_line(t.display_title()));
                self.subtask_titles.insert(t.id, title);
            }
        } else if let Some(n) = number_after(&reply.key, create::NEW_KEY) {
            self.on_create_reply(n, reply.result, env);
        } else if let Some(n) = number_after(&reply.key, create::FIND_KEY) {
            self.on_find_reply(n, reply.result, env);
        } else {
            self.on_write_reply(reply, env);
        }
    }

    pub fn on_tick(&mut self, env: &mut Env) -> bool {
        match self.search_due {
            Some(due) if due <= env.clock.now => {
                self.search_due = None;
                self.reload(env);
                true
            }
            _ => false,
        }
    }

    /// Called after a filter changed: the list reloads at once (or after a pause for text).
    pub fn filters_changed(&mut self, debounce: bool, env: &mut Env) {
        self.cursor = 0;
        self.scroll = 0;
        if debounce {
            self.search_due = Some(env.clock.now + SEARCH_DEBOUNCE);
        } else {
            self.reload(env);
        }
    }

    // ----- moving --------------------------------------------------------------------------

    pub fn on_resize(&mut self, env: &mut Env) {
        self.fix_scroll(env);
        self.maybe_load_more(env);
    }

    fn fix_scroll(&mut self, env: &Env) {
        let h = self.page_rows(env);
        let trailer = self.status.has_trailer(self.has_more);
        self.scroll =
            scroll::follow_with_trailer(self.cursor, self.scroll, h, self.rows.len(), trailer);
    }

    fn move_to(&mut self, target: isize, env: &mut Env) {
        if self.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.rows.len());
        self.detail_scroll = 0;
        self.fix_scroll(env);
        self.ensure_names(env);
        self.ensure_subtasks(env);
        self.maybe_load_more(env);
    }

    /// With the detail open, fetches the titles of subtasks that are not loaded rows.
    fn ensure_subtasks(&mut self, env: &mut Env) {
        if !self.detail {
            return;
        }
        let Some(task) = self.current() else { return };
        let missing: Vec<i64> = task
            .sub_tasks
            .iter()
            .copied()
            .filter(|id| self.index_of(*id).is_none() && !self.subtask_titles.contains_key(id))
            .collect();
        for id in missing {
            // Marked as asked, so moving the cursor back and forth asks only once.
            self.subtask_titles.insert(id, format!("#{id}"));
            env.request(format!("{SUBTASK_KEY}{id}"), Call::Task(id));
        }
    }

    /// A click on a task row puts the cursor there.
    pub fn on_click(&mut self, target: Target, env: &mut Env) -> bool {
        match target {
            Target::Task(idx) if idx < self.rows.len() => {
                self.move_to(idx as isize, env);
                true
            }
            _ => false,
        }
    }

    // ----- keys ----------------------------------------------------------------------------

    /// A character typed into a popup or a filter row.
    pub fn on_char(&mut self, c: char, env: &mut Env) -> bool {
        if self.popup.is_some() {
            return self.popup_char(c, env);
        }
        self.panel_char(c, env)
    }

    pub fn on_paste(&mut self, text: &str, env: &mut Env) -> bool {
        if let Some(p) = &mut self.popup {
            p.paste(text);
            self.popup_changed(env);
            return true;
        }
        let Some(panel) = &mut self.panel else {
            return false;
        };
        if !panel.paste(text) {
            return false;
        }
        if let Some(kind) = panel.editing.kind {
            self.entry_changed(kind, env);
        }
        true
    }

    pub fn on_action(&mut self, action: Action, env: &mut Env) -> bool {
        // A popup or the panel is modal: the action is theirs, whatever it is.
        if self.popup.is_some() {
            self.popup_action(action, env);
            return true;
        }
        if self.panel.is_some() {
            self.panel_action(action, env);
            return true;
        }
        let page = self.page_rows(env);
        if let Some(to) = scroll::target(action, self.cursor, self.rows.len(), page) {
            self.move_to(to, env);
            return true;
        }
        let c = self.cursor as isize;
        match action {
            Action::Refresh => self.reload(env),
            Action::Open | Action::ToggleDetail => {
                self.detail = !self.detail;
                self.detail_scroll = 0;
                self.fix_scroll(env);
                self.ensure_subtasks(env);
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
            Action::ToggleScope => {
                self.filters.assignee = match self.filters.assignee {
                    filters::Assignee::Me => filters::Assignee::Anyone,
                    _ => filters::Assignee::Me,
                };
                self.filters.touched(filters::FilterKind::Assignee);
                self.filters_changed(false, env);
            }
            Action::ToggleMark => {
                if let Some(id) = self.current().map(|t| t.id) {
                    if !self.marks.remove(&id) {
                        self.marks.insert(id);
                    }
                    self.anchor = Some(self.cursor);
                    self.move_to(c + 1, env);
                }
            }
            Action::RangeMark => {
                let from = self
                    .anchor
                    .unwrap_or(self.cursor)
                    .min(self.rows.len().saturating_sub(1));
                let (a, b) = (from.min(self.cursor), from.max(self.cursor));
                for t in self.rows.get(a..=b).unwrap_or_default() {
                    self.marks.insert(t.id);
                }
                self.anchor = Some(self.cursor);
            }
            Action::MarkAll => {
                let h = self.page_rows(env);
                let end = (self.scroll + h).min(self.rows.len());
                for t in &self.rows[self.scroll.min(end)..end] {
                    self.marks.insert(t.id);
                }
            }
            Action::Back => return self.back(env),
            Action::Complete => self.complete(env),
            Action::Priority(n) => self.set_priority(n, env),
            Action::MoveColumn => self.open_move(env),
            Action::Assign => self.open_assign(env),
            Action::DueDate => self.open_due(env),
            Action::Rename => self.open_rename(env),
            Action::NewTask => self.open_new(),
            Action::Delete => self.open_delete(env),
            Action::Undo => self.undo(env),
            _ => return false,
        }
        true
    }

    /// `Esc`: clear marks, then close the detail, then take off the newest filter.
    fn back(&mut self, env: &mut Env) -> bool {
        if !self.marks.is_empty() {
            self.marks.clear();
            self.anchor = None;
        } else if self.detail {
            self.detail = false;
            self.fix_scroll(env);
        } else if self.filters.pop() {
            self.filters_changed(false, env);
        } else if self.sort.take().is_some() {
            // Last of all, back to the service's own order.
            self.filters_changed(false, env);
        } else {
            return false;
        }
        true
    }

    /// The tasks a verb acts on: the marked ones in list order, else the cursor task.
    pub fn targets(&self) -> Vec<i64> {
        if self.marks.is_empty() {
            self.current().map(|t| t.id).into_iter().collect()
        } else {
            self.rows
                .iter()
                .filter(|t| self.marks.contains(&t.id))
                .map(|t| t.id)
                .collect()
        }
    }
}

/// The number in a request key such as `tasks:new:7`.
fn number_after(key: &str, prefix: &str) -> Option<u64> {
    key.strip_prefix(prefix)?.parse().ok()
}

impl ScreenState for TasksState {
    fn key_prefix(&self) -> &'static str {
        KEY_PREFIX
    }

    fn contexts(&self) -> Vec<Context> {
        TasksState::contexts(self)
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Tasks,
            Context::List,
            Context::Filters,
            Context::FilterEntry,
            Context::Picker,
            Context::MultiPicker,
            Context::Prompt,
            Context::Confirm,
            Context::Text,
        ]
    }

    fn keyboard_taken(&self) -> bool {
        TasksState::keyboard_taken(self)
    }

    fn on_char(&mut self, c: char, env: &mut Env) -> bool {
        TasksState::on_char(self, c, env)
    }

    fn on_action(&mut self, action: Action, env: &mut Env) -> bool {
        TasksState::on_action(self, action, env)
    }

    fn on_reply(&mut self, reply: Reply, env: &mut Env) {
        TasksState::on_reply(self, reply, env)
    }

    fn on_paste(&mut self, text: &str, env: &mut Env) -> bool {
        TasksState::on_paste(self, text, env)
    }

    fn on_click(&mut self, target: Target, env: &mut Env) -> bool {
        TasksState::on_click(self, target, env)
    }

    fn on_tick(&mut self, env: &mut Env) -> bool {
        TasksState::on_tick(self, env)
    }

    fn next_deadline(&self) -> Option<Instant> {
        TasksState::next_deadline(self)
    }

    fn on_directory_changed(&mut self, env: &mut Env) {
        TasksState::on_directory_changed(self, env)
    }

    fn on_profile(&mut self, env: &mut Env) {
        TasksState::on_profile(self, env)
    }

    fn on_resize(&mut self, env: &mut Env) {
        TasksState::on_resize(self, env)
    }

    fn footer_note(&self) -> Option<String> {
        (!self.marks.is_empty()).then(|| format!("{} marked", self.marks.len()))
    }
}
