//! `N`: a subtask of the task at the cursor, created by title. It goes through the same create
//! as `n` (`create.rs`), so a create whose answer was lost is looked for before it may be sent
//! again; once the service has it, the parent's detail lists it.

use weeek_api::models::TaskRow;

use super::TasksState;
use super::dialogs::{Popup, PromptPurpose};
use crate::app::ScreenCtx;

impl TasksState {
    /// Opens the title prompt for a subtask of the cursor task, placed where the parent is.
    pub(super) fn open_new_subtask(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current() else {
            cx.toast(
                crate::app::toast::ToastKind::Info,
                "No task to add a subtask to",
            );
            return;
        };
        if task.id <= 0 {
            cx.toast(
                crate::app::toast::ToastKind::Info,
                "The task is still being saved: a subtask can follow once it is",
            );
            return;
        }
        let place = task
            .primary_location()
            .filter(|l| l.project_id > 0)
            .map(|l| (Some(l.project_id), l.board_column_id))
            .unwrap_or((None, None));
        self.popup = Some(Popup::prompt(
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
        let title = format!("[ ] {}", crate::text::one_line(task.display_title()));
        self.subtask_titles.insert(task.id, title);
    }
}
