//! The task list with no layer over it: moving the cursor (and reading what the rows and the
//! detail pane need as it moves), its own keys (marks, the detail, `Esc` backing out one step
//! at a time) and the verbs that open the screen's dialogs. A board passes it the keys it
//! does not take: the verbs then act on the card under the cursor.

use super::layer::Layer;
use super::panel::FilterPanel;
use super::{TaskAnswer, TaskKey, TasksState, filters};
use crate::keys::commands::Action;
use crate::screen::toast::ToastKind;
use crate::screen::{ScreenCtx, Target};
use crate::widgets::scroll;
use crate::worker::op;

impl TasksState {
    pub fn on_resize(&mut self, cx: &mut ScreenCtx) {
        self.board_fit(cx);
        self.fix_scroll(cx);
        self.maybe_load_more(cx);
    }

    pub(super) fn fix_scroll(&mut self, cx: &ScreenCtx) {
        let h = self.page_rows(cx);
        let trailer = self.list.has_trailer();
        self.scroll =
            scroll::follow_with_trailer(self.cursor, self.scroll, h, self.list.rows.len(), trailer);
    }

    pub(super) fn move_to(&mut self, target: isize, cx: &mut ScreenCtx) {
        if self.list.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.list.rows.len());
        self.detail_scroll = 0;
        self.layers.clear_pane_focus();
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
    pub(super) fn ensure_subtasks(&mut self, cx: &mut ScreenCtx) {
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
    pub(super) fn drop_stale_subtasks(&mut self, cx: &mut ScreenCtx) {
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
        if self.layers.board().is_some() {
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

    /// The list's own keys, and its verbs on the cursor task (or the marked ones, or the card
    /// under a board's cursor).
    pub(super) fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
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
                self.refresh_list(true, cx);
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
                self.layers.clear_pane_focus();
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
            Action::Filter => self.layers.push(Layer::Panel(FilterPanel::default())),
            Action::Search => {
                let panel = FilterPanel::editing_search(&self.filters);
                self.layers.push(Layer::Panel(panel));
            }
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
        if self.marks.is_empty() || self.layers.board().is_some() {
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
