//! Subtasks. `N`: a subtask of the task at the cursor, created by title. It goes through the
//! same create as `n` (`create.rs`), so a create whose answer was lost is looked for before it
//! may be sent again; once the service has it, the parent's detail lists it. `l`: the detail's
//! subtask list takes the keys: `x` ticks the one under its cursor, `Enter` opens it in the
//! pane, `Esc` goes back to the task it was opened from.

use weeek_api::models::TaskRow;

use super::TasksState;
use super::dialogs::{Popup, PromptPurpose};
use super::layer::Layer;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;

impl TasksState {
    /// Opens the title prompt for a subtask of the cursor task, placed where the parent is.
    pub(super) fn open_new_subtask(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current() else {
            cx.toast(
                crate::screen::toast::ToastKind::Info,
                "No task to add a subtask to",
            );
            return;
        };
        if task.id <= 0 {
            cx.toast(
                crate::screen::toast::ToastKind::Info,
                "The task is still being saved: a subtask can follow once it is",
            );
            return;
        }
        let place = task
            .primary_location()
            .filter(|l| l.project_id > 0)
            .map(|l| (Some(l.project_id), l.board_column_id))
            .unwrap_or((None, None));
        self.layers.set_popup(Popup::prompt(
            PromptPurpose::New {
                place: Some(place),
                parent: Some(task.id),
            },
            String::new(),
            time::Date::MIN,
        ));
    }

    /// A subtask the service created joins its parent's list, with its title, at once.
    pub(super) fn attach_subtask(&mut self, parent: Option<i64>, task: &TaskRow) {
        let Some(parent) = parent else { return };
        if let Some(idx) = self.index_of(parent) {
            let subs = &mut self.list.rows[idx].sub_tasks;
            if !subs.contains(&task.id) {
                subs.push(task.id);
            }
        }
        if self.index_of(task.id).is_none() {
            self.subtask_rows.insert(task.id, Some(task.clone()));
        }
    }
}

/// The detail pane's subtask list with the keys (`l`): a cursor on its subtasks, and the
/// subtasks opened from it (`Enter`), the pane showing the last one.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SubtaskPane {
    /// The subtask under the pane's cursor; `None` while the list does not have the keys.
    pub cursor: Option<usize>,
    /// Subtasks opened, each from the one before (the first from the cursor task), with the
    /// cursor each was opened at, so going back puts it there again.
    pub opened: Vec<(i64, usize)>,
}

impl SubtaskPane {
    pub fn active(&self) -> bool {
        self.cursor.is_some() || !self.opened.is_empty()
    }
}

impl TasksState {
    /// The task the detail pane shows: the last subtask opened, else the cursor task.
    pub fn pane_task_id(&self) -> Option<i64> {
        match self.layers.sub().and_then(|s| s.opened.last()) {
            Some((id, _)) => Some(*id),
            None => self.current().map(|t| t.id),
        }
    }

    /// A task as the pane has it: a loaded row, a subtask read for its title, else the
    /// whole task read for the pane.
    pub fn row_of(&self, id: i64) -> Option<TaskRow> {
        self.list
            .rows
            .by_id(id)
            .cloned()
            .or_else(|| self.subtask_rows.get(&id).cloned().flatten())
            .or_else(|| self.details.get(id).map(TaskRow::from))
    }

    /// The row of the task the pane shows, once it is known.
    pub fn pane_row(&self) -> Option<TaskRow> {
        self.pane_task_id().and_then(|id| self.row_of(id))
    }

    /// The subtasks of the task in the pane, in its order.
    fn pane_subtasks(&self) -> Vec<i64> {
        self.pane_row().map(|t| t.sub_tasks).unwrap_or_default()
    }

    /// The subtask under the pane's cursor.
    pub fn subtask_at_cursor(&self) -> Option<i64> {
        let at = self.layers.sub()?.cursor?;
        self.pane_subtasks().get(at).copied()
    }

    /// `l`: the detail's subtask list takes the keys (the detail opens if closed).
    pub(super) fn focus_subtasks(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current() else {
            return;
        };
        if task.sub_tasks.is_empty() {
            let add = cx.keys.then_say("tasks.new_subtask", "adds one");
            cx.toast(
                crate::screen::toast::ToastKind::Info,
                format!("No subtasks{add}"),
            );
            return;
        }
        if !self.detail {
            self.detail = true;
            self.detail_scroll = 0;
            self.pane_changed(cx);
        }
        let pane = SubtaskPane {
            cursor: Some(0),
            opened: Vec::new(),
        };
        self.layers.focus_pane(Layer::Subtasks(pane));
    }

    /// A command while the subtask list has the keys.
    pub(super) fn subtask_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let n = self.pane_subtasks().len();
        match action {
            Action::Down | Action::Up => {
                if n > 0
                    && let Some(sub) = self.layers.sub_mut()
                {
                    let at = sub.cursor.unwrap_or(0) as isize;
                    let delta = if action == Action::Down { 1 } else { -1 };
                    sub.cursor = Some((at + delta).clamp(0, n as isize - 1) as usize);
                }
            }
            Action::Complete => self.tick_subtask(cx),
            Action::Open => self.open_subtask(cx),
            Action::Back => self.subtask_back(cx),
            Action::DetailDown => self.detail_scroll = self.detail_scroll.saturating_add(3),
            Action::DetailUp => self.detail_scroll = self.detail_scroll.saturating_sub(3),
            _ => return false,
        }
        true
    }

    /// `x` on a subtask: done or open again, shown at once, put back if the service refuses,
    /// read back if its answer was lost (the task list's own `x`, through the ledger).
    fn tick_subtask(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.subtask_at_cursor() else {
            return;
        };
        let Some(row) = self.row_of(id) else {
            cx.toast(
                crate::screen::toast::ToastKind::Info,
                "The subtask is still being read",
            );
            return;
        };
        let done = !row.is_completed;
        let label = if done { "Completed" } else { "Reopened" };
        self.apply_changes(
            label.to_string(),
            String::new(),
            vec![(id, super::verbs::Change::Completed(done))],
            true,
            cx,
        );
    }

    /// `Enter` on a subtask: the pane shows it, with its own subtasks.
    fn open_subtask(&mut self, cx: &mut ScreenCtx) {
        let at = self.layers.sub().and_then(|s| s.cursor);
        let (Some(id), Some(at)) = (self.subtask_at_cursor(), at) else {
            return;
        };
        let cursor = self.pane_subtasks_known(id).then_some(0);
        if let Some(sub) = self.layers.sub_mut() {
            sub.opened.push((id, at));
            sub.cursor = cursor;
        }
        self.detail_scroll = 0;
        self.pane_changed(cx);
    }

    /// Whether the subtask `id` is known to have subtasks of its own.
    fn pane_subtasks_known(&self, id: i64) -> bool {
        self.row_of(id).is_some_and(|t| !t.sub_tasks.is_empty())
    }

    /// `Esc`: back to the task the subtask was opened from, its cursor where it was; from the
    /// cursor task's own list, the list gives the keys back.
    fn subtask_back(&mut self, cx: &mut ScreenCtx) {
        let Some(sub) = self.layers.sub_mut() else {
            return;
        };
        match sub.opened.pop() {
            Some((_, at)) => {
                sub.cursor = Some(at);
                self.detail_scroll = 0;
                self.pane_changed(cx);
            }
            None => self.layers.clear_pane_focus(),
        }
    }

    /// The pane shows another task: what it needs is read.
    fn pane_changed(&mut self, cx: &mut ScreenCtx) {
        self.drop_stale_subtasks(cx);
        self.ensure_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
    }

    /// A subtask opened read whole: its own subtasks can be listed (and the cursor put on the
    /// first, if the list has the keys).
    pub(super) fn on_pane_read(&mut self, id: i64, cx: &mut ScreenCtx) {
        let Some(sub) = self.layers.sub() else {
            return;
        };
        if sub.opened.last().map(|(o, _)| *o) != Some(id) {
            return;
        }
        let known = self.pane_subtasks_known(id);
        if let Some(sub) = self.layers.sub_mut()
            && sub.cursor.is_none()
            && known
        {
            sub.cursor = Some(0);
        }
        self.ensure_subtasks(cx);
    }
}
