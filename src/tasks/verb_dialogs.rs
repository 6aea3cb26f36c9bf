//! The verbs that ask first: `m` a column of the tasks' board, `a` the assignees, `d` the due
//! day, `r` the title, `D` whether to delete; each opens its popup (`popup_keys.rs` applies
//! what it answers through `verbs.rs`).

use weeek_api::models::TaskRow;

use super::TasksState;
use super::dialogs::{PickPurpose, Popup, PromptPurpose};
use super::verbs::quoted;
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;

impl TasksState {
    pub(super) fn open_move(&mut self, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        let targets = self.targets();
        // The board of the cursor task when it is one of them, else of the first that has one:
        // a move is to a column of one board.
        let board_of = |id: &i64| {
            self.task(*id)
                .and_then(TaskRow::primary_location)
                .and_then(|l| l.board_id)
        };
        let at_cursor = self
            .current()
            .map(|t| t.id)
            .filter(|id| targets.contains(id));
        let Some(board) = at_cursor
            .and_then(|id| board_of(&id))
            .or_else(|| targets.iter().find_map(board_of))
        else {
            cx.toast(
                ToastKind::Info,
                "This task is on no board: nothing to move between",
            );
            return;
        };
        let (here, left): (Vec<i64>, Vec<i64>) = targets
            .into_iter()
            .partition(|id| board_of(id) == Some(board));
        cx.ensure_columns(board);
        self.layers.set_popup(Popup::pick(
            PickPurpose::Move {
                board,
                targets: here,
                left: left.len(),
            },
            cx.names,
            self,
        ));
    }

    pub(super) fn open_assign(&mut self, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        let targets = self.targets();
        let mut common: Option<Vec<String>> = None;
        for id in &targets {
            let a = self
                .task(*id)
                .map(TaskRow::all_assignees)
                .unwrap_or_default();
            common = Some(match common {
                None => a,
                Some(c) => c.into_iter().filter(|m| a.contains(m)).collect(),
            });
        }
        let preselected = common.unwrap_or_default();
        self.layers.set_popup(Popup::pick(
            PickPurpose::Assign {
                targets,
                preselected,
            },
            cx.names,
            self,
        ));
    }

    pub(super) fn open_due(&mut self, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        let targets = self.targets();
        let current = if targets.len() == 1 {
            self.task(targets[0])
                .and_then(TaskRow::due_day)
                .map(weeek_api::dates::to_filter_date)
                .unwrap_or_default()
        } else {
            String::new()
        };
        self.layers.set_popup(Popup::prompt(
            PromptPurpose::Due { targets },
            current,
            cx.today(),
        ));
    }

    pub(super) fn open_rename(&mut self, cx: &mut ScreenCtx) {
        if self.current().is_some_and(|t| t.id < 0) {
            cx.toast(ToastKind::Info, "That task is still being created");
            return;
        }
        if !self.marks.is_empty()
            && let Some(t) = self.current()
        {
            cx.toast(
                ToastKind::Info,
                format!(
                    "Rename takes one task: {} (the {} marked stay as they are)",
                    quoted(t.display_title()),
                    self.marks.len()
                ),
            );
        }
        if let Some(t) = self.current() {
            let title = t.title.clone().unwrap_or_default();
            self.layers.set_popup(Popup::prompt(
                PromptPurpose::Rename { id: t.id },
                title,
                time::Date::MIN,
            ));
        }
    }

    pub(super) fn open_delete(&mut self, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        self.layers.set_popup(Popup::ConfirmDelete {
            ids: self.targets(),
        });
    }
}
