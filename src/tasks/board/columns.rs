//! A board's columns: a new one (`C`), a new name (`R`), a new place (`<` / `>`) and away
//! (`X`, after a yes). Names and places show at once and go back with the service's message
//! if refused; after a lost answer the board's columns are read again, so they show what the
//! service has. A new column shows once the service answers; one whose answer was lost is
//! looked for before anything is sent again (see `column_create`).

use weeek_api::ApiError;
use weeek_api::models::BoardColumn;

use super::super::dialogs::{Feedback, Popup, PromptPurpose};
use super::super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::done;
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{AfterFailure, after_failure, cause_text};
use crate::screen::toast::ToastKind;
use crate::text::quoted_full as quoted;
use crate::worker::{TypedCall, op};

/// A column write on its way, with what it takes to put the board back.
#[derive(Debug, Clone)]
pub enum ColumnWrite {
    Create(Box<super::column_create::NewColumn>),
    Rename {
        column: i64,
        before: String,
        after: String,
    },
    /// `before`: the board's columns in their order before the move.
    Move {
        column: i64,
        before: Vec<BoardColumn>,
    },
    Delete {
        column: i64,
        name: String,
    },
}

impl ColumnWrite {
    fn column(&self) -> Option<i64> {
        match self {
            Self::Create(_) => None,
            Self::Rename { column, .. }
            | Self::Move { column, .. }
            | Self::Delete { column, .. } => Some(*column),
        }
    }
}

/// The columns of `board` as the directory has them, to change in place.
fn columns_mut<'a>(cx: &'a mut ScreenCtx, board: i64) -> Option<&'a mut Vec<BoardColumn>> {
    cx.names
        .columns
        .get_mut(&board)
        .and_then(Loadable::value_mut)
}

impl TasksState {
    /// The board and its focused column, or a message saying there is none.
    fn focused_column(&self, cx: &mut ScreenCtx) -> Option<(i64, i64)> {
        let b = self.layers.board()?;
        match b.focused() {
            Some(col) => Some((b.board, col.key)),
            None => {
                cx.toast(ToastKind::Info, "This board has no columns");
                None
            }
        }
    }

    /// `C`: the name of a new column.
    pub(super) fn open_new_column(&mut self) {
        if let Some(b) = self.layers.board() {
            self.layers.set_popup(Popup::prompt(
                PromptPurpose::NewColumn { board: b.board },
                String::new(),
                time::Date::MIN,
            ));
        }
    }

    /// `R`: the focused column's name, to change.
    pub(super) fn open_rename_column(&mut self, cx: &mut ScreenCtx) {
        let Some((_, column)) = self.focused_column(cx) else {
            return;
        };
        self.layers.set_popup(Popup::prompt(
            PromptPurpose::RenameColumn { column },
            cx.names.column_name(column),
            time::Date::MIN,
        ));
    }

    /// `X`: asks first, saying where the column's tasks go.
    pub(super) fn open_delete_column(&mut self, cx: &mut ScreenCtx) {
        let Some((board, column)) = self.focused_column(cx) else {
            return;
        };
        let name = quoted(&cx.names.column_name(column));
        // UNCERTAIN: the reference says only that the service acknowledges the delete; the
        // sandbox moves the tasks to the board's first remaining column (see docs/sandbox.md), and
        // the question says so rather than promise they are deleted or kept in place.
        let first_other = cx
            .names
            .columns
            .get(&board)
            .and_then(Loadable::value)
            .and_then(|cols| cols.iter().find(|c| c.id != column))
            .map(|c| quoted(&c.name));
        let tasks = match first_other {
            Some(other) => format!("Its tasks go to the board's first remaining column, {other}."),
            None => "It is the board's last column: its tasks leave the board.".into(),
        };
        self.layers.set_popup(Popup::ConfirmColumn {
            column,
            question: format!("Delete the column {name}? {tasks}"),
        });
    }

    fn send_column_write(
        &mut self,
        write: ColumnWrite,
        call: TypedCall<Result<Option<BoardColumn>, ApiError>>,
        cx: &mut ScreenCtx,
    ) {
        if let Some(n) = self.put_column_write(write) {
            cx.ask(TaskKey::Column(n), call, move |r| TaskAnswer::Column(n, r));
        }
    }

    /// Keeps `write` on the board under a new number (none without a board).
    pub(super) fn put_column_write(&mut self, write: ColumnWrite) -> Option<u64> {
        let b = self.layers.board_mut()?;
        let n = b.next_order;
        b.next_order += 1;
        b.column_writes.insert(n, write);
        Some(n)
    }

    pub(in crate::tasks) fn rename_column(
        &mut self,
        column: i64,
        name: String,
        cx: &mut ScreenCtx,
    ) {
        let Some(board) = self.layers.board().map(|b| b.board) else {
            return;
        };
        let Some(shown) =
            columns_mut(cx, board).and_then(|cols| cols.iter_mut().find(|c| c.id == column))
        else {
            return;
        };
        if shown.name == name {
            return;
        }
        let before = std::mem::replace(&mut shown.name, name.clone());
        let call = done(op::RenameColumn(column, name.clone()));
        self.send_column_write(
            ColumnWrite::Rename {
                column,
                before,
                after: name,
            },
            call,
            cx,
        );
    }

    /// `<` / `>`: the focused column one place left or right, right after the column that is
    /// then on its left (first when none is).
    pub(super) fn move_column(&mut self, step: isize, cx: &mut ScreenCtx) {
        let Some((board, column)) = self.focused_column(cx) else {
            return;
        };
        let Some(cols) = columns_mut(cx, board) else {
            return;
        };
        let Some(at) = cols.iter().position(|c| c.id == column) else {
            return;
        };
        let Some(to) = at.checked_add_signed(step).filter(|to| *to < cols.len()) else {
            let edge = if step < 0 { "first" } else { "last" };
            cx.toast(ToastKind::Info, format!("Already the {edge} column"));
            return;
        };
        let before = cols.clone();
        let moving = cols.remove(at);
        cols.insert(to, moving);
        let upper = to.checked_sub(1).map(|i| cols[i].id);
        self.sync_board_columns(cx);
        if let Some(b) = self.layers.board_mut()
            && let Some(i) = b.columns.iter().position(|c| c.key == column)
        {
            b.focus = i;
        }
        self.board_fit(cx);
        self.send_column_write(
            ColumnWrite::Move { column, before },
            done(op::MoveColumn(column, upper)),
            cx,
        );
    }

    pub(in crate::tasks) fn delete_column(&mut self, column: i64, cx: &mut ScreenCtx) {
        let name = cx.names.column_name(column);
        self.send_column_write(
            ColumnWrite::Delete { column, name },
            done(op::DeleteColumn(column)),
            cx,
        );
    }

    /// The answer to column write `n`.
    pub(in crate::tasks) fn on_column_reply(
        &mut self,
        n: u64,
        result: Result<Option<BoardColumn>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let board = b.board;
        let Some(write) = b.column_writes.remove(&n) else {
            return;
        };
        match result {
            Ok(created) => self.column_written(board, write, created, cx),
            Err(e) => match (after_failure(&e), write) {
                (AfterFailure::ReadBack, ColumnWrite::Create(new)) => self.column_lost(new, e, cx),
                (AfterFailure::RollBack, write) => self.column_refused(board, write, &e, cx),
                (AfterFailure::ReadBack, write) => {
                    let what = match &write {
                        ColumnWrite::Create(new) => {
                            format!("create the column {}", quoted(&new.lookup.name))
                        }
                        ColumnWrite::Rename { after, .. } => {
                            format!("rename the column to {}", quoted(after))
                        }
                        ColumnWrite::Move { column, .. } => {
                            format!("move the column {}", quoted(&cx.names.column_name(*column)))
                        }
                        ColumnWrite::Delete { name, .. } => {
                            format!("delete the column {}", quoted(name))
                        }
                    };
                    cx.toast(
                        ToastKind::Error,
                        format!(
                            "Not confirmed: {what} ({}); the board's columns are read again",
                            cause_text(&e)
                        ),
                    );
                    cx.request_columns(board);
                    if let ColumnWrite::Delete { column, .. } = write {
                        self.reload_board_columns(cx);
                        self.reload_list_in(column, cx);
                    }
                }
            },
        }
    }

    /// Reads the task list again when it shows tasks of `column` (deleted: they are elsewhere
    /// now, and its name is no longer known).
    fn reload_list_in(&mut self, column: i64, cx: &mut ScreenCtx) {
        let shown = self.list.rows.iter().any(|t| {
            t.all_locations()
                .iter()
                .any(|l| l.board_column_id == Some(column))
        });
        if shown {
            self.reload(cx);
        }
    }

    fn column_written(
        &mut self,
        board: i64,
        write: ColumnWrite,
        created: Option<BoardColumn>,
        cx: &mut ScreenCtx,
    ) {
        match write {
            ColumnWrite::Create(new) => {
                if let Some(column) = created {
                    self.show_new_column(board, column, cx);
                }
                cx.toast(
                    ToastKind::Success,
                    format!("Created the column {}", quoted(&new.lookup.name)),
                );
            }
            ColumnWrite::Rename { before, after, .. } => cx.toast(
                ToastKind::Success,
                format!(
                    "Renamed the column {} to {}",
                    quoted(&before),
                    quoted(&after)
                ),
            ),
            ColumnWrite::Move { column, .. } => cx.toast(
                ToastKind::Success,
                format!("Moved the column {}", quoted(&cx.names.column_name(column))),
            ),
            ColumnWrite::Delete { column, name } => {
                if let Some(cols) = columns_mut(cx, board) {
                    cols.retain(|c| c.id != column);
                }
                self.sync_board_columns(cx);
                // Its tasks went elsewhere on the service: every column is read again, and the
                // list underneath if it shows any of them.
                self.reload_board_columns(cx);
                self.reload_list_in(column, cx);
                self.board_cursor_moved(cx);
                cx.toast(
                    ToastKind::Success,
                    format!("Deleted the column {}", quoted(&name)),
                );
            }
        }
    }

    /// The service has new column `column` of `board`: it shows, focused.
    pub(super) fn show_new_column(&mut self, board: i64, column: BoardColumn, cx: &mut ScreenCtx) {
        let id = column.id;
        if let Some(cols) = columns_mut(cx, board)
            && !cols.iter().any(|c| c.id == id)
        {
            cols.push(column);
        }
        self.sync_board_columns(cx);
        if let Some(b) = self.layers.board_mut()
            && let Some(i) = b.columns.iter().position(|c| c.key == id)
        {
            b.focus = i;
        }
        self.board_cursor_moved(cx);
    }

    fn column_refused(&mut self, board: i64, write: ColumnWrite, e: &ApiError, cx: &mut ScreenCtx) {
        let why = e.short();
        let column = write.column();
        match write {
            ColumnWrite::Create(new) => {
                let (board, name) = (new.lookup.board, new.lookup.name.clone());
                new.refused(self);
                cx.toast(
                    ToastKind::Error,
                    format!("Could not create the column {}: {why}", quoted(&name)),
                );
                // What was typed is not lost: the prompt comes back with it and the reason.
                self.offer(Popup::Prompt {
                    purpose: PromptPurpose::NewColumn { board },
                    field: crate::widgets::field::TextField::typed(name),
                    feedback: Feedback::Err(why),
                });
            }
            ColumnWrite::Rename { before, after, .. } => {
                if let Some(shown) = columns_mut(cx, board)
                    .and_then(|cols| cols.iter_mut().find(|c| Some(c.id) == column))
                    && shown.name == after
                {
                    shown.name = before;
                }
                cx.toast(
                    ToastKind::Error,
                    format!("Could not rename the column to {}: {why}", quoted(&after)),
                );
            }
            ColumnWrite::Move { before, .. } => {
                if let Some(cols) = columns_mut(cx, board) {
                    *cols = before;
                }
                self.sync_board_columns(cx);
                if let Some(b) = self.layers.board_mut()
                    && let Some(i) = b.columns.iter().position(|c| Some(c.key) == column)
                {
                    b.focus = i;
                }
                self.board_fit(cx);
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Could not move the column {}: {why}",
                        quoted(&column.map(|c| cx.names.column_name(c)).unwrap_or_default())
                    ),
                );
            }
            ColumnWrite::Delete { name, .. } => cx.toast(
                ToastKind::Error,
                format!("Could not delete the column {}: {why}", quoted(&name)),
            ),
        }
    }
}
