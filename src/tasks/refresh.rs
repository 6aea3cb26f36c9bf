//! The task screen read again in place: on `r`, when the screen is shown again, and every
//! `refresh_secs` while it is shown. Only what is on screen is read: the pages of the list
//! the screen shows (or the board's columns), the task in the detail pane and its comments.
//! What is shown stays until the answers replace it row by row, the cursor and the marks on
//! their items; a description being written is never touched, and its task is read again
//! when the editor closes.

use std::collections::BTreeSet;

use weeek_api::{ApiError, TaskPage, TaskQuery};

use super::{PAGE_SIZE, TaskAnswer, TaskKey, TasksState, same_list};
use crate::screen::ScreenCtx;
use crate::screen::loadable::PageStatus;
use crate::screen::toast::ToastKind;
use crate::worker::op;

impl TasksState {
    /// Reads again what the screen shows (see the module's note), by itself: a list still
    /// being read is left to its answer.
    pub fn refresh(&mut self, cx: &mut ScreenCtx) {
        if self.layers.board().is_some() {
            self.reload_board_columns(cx);
        } else if !self.is_loading() {
            self.refresh_list(false, cx);
        }
        self.refresh_pane(cx);
        self.refresh_comments(cx);
    }

    /// The pages of the list on screen, each read again; a list not read yet, whose first
    /// page failed or is still on its way is read from the top. `said`: the list's header says
    /// so until they are in (`r`, which someone waits on; not a refresh by itself).
    pub(super) fn refresh_list(&mut self, said: bool, cx: &mut ScreenCtx) {
        let failed_first = matches!(self.list.status, PageStatus::Failed { more: false, .. });
        let first_on_its_way = self.is_loading() && !self.list.loading_more();
        if !self.list.loaded_once || failed_first || first_on_its_way {
            self.reload(cx);
            return;
        }
        let Some(base) = self.query.clone() else {
            return;
        };
        // A due filter that leaves rows out here (the service has none) breaks the match of
        // rows with the service's offsets: the list is read from the top instead.
        if self
            .filters
            .due
            .is_some_and(|due| !due.ends_at_first_miss())
        {
            self.reload(cx);
            return;
        }
        let page = PAGE_SIZE as usize;
        let shown = self.page_rows(cx).max(1);
        let last_row = (self.scroll + shown).min(self.list.rows.len()).max(1) - 1;
        for n in self.scroll / page..=last_row / page {
            let offset = (n * page) as u32;
            let query = TaskQuery {
                offset: Some(offset),
                per_page: Some(PAGE_SIZE),
                ..base.clone()
            };
            if said {
                self.reading_again.insert(offset);
            }
            let asked = Box::new(query.clone());
            cx.request(TaskKey::Refresh(offset), op::Tasks(query), move |r| {
                TaskAnswer::Refreshed(asked.clone(), r)
            });
        }
    }

    /// A page read again: its rows replace the ones at its place in the list, unless the list
    /// has been read otherwise since it was asked for.
    pub(super) fn on_refreshed(
        &mut self,
        query: TaskQuery,
        result: Result<TaskPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        self.reading_again.remove(&query.offset.unwrap_or(0));
        let current = self.query.as_ref().is_some_and(|q| same_list(q, &query));
        let first_on_its_way = self.is_loading() && !self.list.loading_more();
        if !current || first_on_its_way {
            return;
        }
        let page = match result {
            Ok(page) => page,
            Err(e) => {
                cx.toast(ToastKind::Error, format!("Tasks: {}", e.short()));
                return;
            }
        };
        let (rows, has_more) = self.narrowed(page);
        let offset = query.offset.unwrap_or(0) as usize;
        let limit = query.per_page.unwrap_or(PAGE_SIZE) as usize;
        self.list
            .replace_page(offset, limit, rows, has_more, &mut self.cursor, |t| t.id);
        // Changes on their way stay shown over what was read, and so do tasks being created.
        self.reapply_pending(cx);
        self.reshow_creating();
        let present: BTreeSet<i64> = self.list.rows.iter().map(|t| t.id).collect();
        self.marks.retain(|id| present.contains(id));
        self.fix_scroll(cx);
        self.ensure_names(cx);
        // A subtask that was a loaded row may not be one any more: the pane reads it.
        self.ensure_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
    }

    /// The task in the detail pane read whole again (see `refresh_detail`), but not the one
    /// whose description is being written: it waits for the editor to close.
    fn refresh_pane(&mut self, cx: &mut ScreenCtx) {
        let pane = self.detail.then(|| self.pane_task_id()).flatten();
        let described = self.layers.describe().map(|d| d.task_id);
        if pane.is_some() && pane == described {
            self.details.keep_only(pane);
            return;
        }
        self.refresh_detail(cx);
    }

    /// A description's editor closed on task `id`: the task is read again (a refresh while it
    /// was open left it alone).
    pub(super) fn reread_after_edit(&mut self, id: i64, cx: &mut ScreenCtx) {
        let pane = self.detail.then(|| self.pane_task_id()).flatten();
        if pane == Some(id) {
            self.refresh_detail(cx);
        } else {
            self.details.forget(id);
        }
    }
}
