//! A board's columns: a new one (`C`), a new name (`R`), a new place (`<` / `>`) and away
//! (`X`, after a yes), through the write ledger as every named item's renames and deletes
//! are (`screen::named_writes`). Names and places show at once and go back with the service's
//! message if refused; a delete shows once the service has done it (the column's tasks go
//! elsewhere on the service, and where is for it to say). After a lost answer the board's
//! columns are read back, and they show what the service has. A new column shows once the
//! service answers; one whose answer was lost is looked for before anything is sent again
//! (see `column_create`).

use weeek_api::ApiError;
use weeek_api::models::BoardColumn;

use super::super::dialogs::{Popup, PromptPurpose};
use super::super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Settled, Shown, Writes, done};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::ReadBack;
use crate::screen::named_writes::{self, NamedChange};
use crate::screen::names::{Directory, with_directory};
use crate::screen::toast::ToastKind;
use crate::text::quoted_full as quoted;
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct ColumnWrites;

#[derive(Debug, Clone)]
pub enum ColumnChange {
    /// Renamed, or deleted.
    Named(NamedChange<BoardColumn>),
    /// Moved to go right after column `after` (`None`: first); `before`: the board's columns
    /// in their order before the move.
    Move {
        before: Vec<BoardColumn>,
        after: Option<i64>,
    },
}

impl Writes for ColumnWrites {
    /// The board and the column.
    type Id = (i64, i64);
    type Change = ColumnChange;
    /// The board's columns, as read back.
    type Item = Vec<BoardColumn>;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(TaskKey, TaskAnswer, Column);

    fn read_back(id: &(i64, i64)) -> TypedCall<Result<Vec<BoardColumn>, ApiError>> {
        TypedCall::new(op::Columns(id.0))
    }

    fn judge(
        (_, column): &(i64, i64),
        change: &ColumnChange,
        found: Result<&Vec<BoardColumn>, &ApiError>,
    ) -> ReadBack {
        let found = found.map(Vec::as_slice);
        match change {
            ColumnChange::Named(c) => c.judge_in(column, found),
            ColumnChange::Move { after, .. } => {
                named_writes::judge_move(column, after.as_ref(), found)
            }
        }
    }
}

impl Shown<ColumnWrites> for Directory<'_> {
    fn reapply(&mut self, (board, column): &(i64, i64), change: &ColumnChange, _: &ScreenCtx) {
        let Some(cols) = self.0.columns.get_mut(board).and_then(Loadable::value_mut) else {
            return;
        };
        match change {
            ColumnChange::Named(NamedChange::Delete { .. }) => {}
            ColumnChange::Named(rename) => rename.reapply(cols, column),
            ColumnChange::Move { after, .. } => place_after(cols, *column, *after),
        }
    }

    fn roll_back(
        &mut self,
        (board, column): &(i64, i64),
        change: &ColumnChange,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        let cols = self
            .0
            .columns
            .get_mut(board)
            .and_then(Loadable::value_mut)?;
        match change {
            ColumnChange::Named(NamedChange::Delete { .. }) => {}
            ColumnChange::Named(rename) => rename.roll_back(cols, column, later),
            ColumnChange::Move { before, .. } if !later => cols.clone_from(before),
            ColumnChange::Move { .. } => {}
        }
        None
    }

    /// The board's columns as the service has them.
    fn read_back(
        &mut self,
        (board, _): &(i64, i64),
        _: &ColumnChange,
        found: Result<Vec<BoardColumn>, ApiError>,
        _: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        if let Ok(fresh) = found {
            self.0.columns.insert(*board, Loadable::Loaded(fresh));
        }
        None
    }
}

/// Moves column `column` of `cols` right after column `after` (`None`: first).
fn place_after(cols: &mut Vec<BoardColumn>, column: i64, after: Option<i64>) {
    let Some(at) = cols.iter().position(|c| c.id == column) else {
        return;
    };
    let moving = cols.remove(at);
    let to = after
        .and_then(|a| cols.iter().position(|c| c.id == a))
        .map_or(0, |i| i + 1);
    cols.insert(to, moving);
}

/// How a column's change is said: its success and what was tried.
fn words(change: &ColumnChange, name: &str) -> (String, String) {
    match change {
        ColumnChange::Named(NamedChange::Rename { to, .. }) => (
            format!("Renamed the column {name} to {}", quoted(to)),
            format!("rename the column to {}", quoted(to)),
        ),
        ColumnChange::Named(NamedChange::Delete { .. }) => (
            format!("Deleted the column {name}"),
            format!("delete the column {name}"),
        ),
        ColumnChange::Move { .. } => (
            format!("Moved the column {name}"),
            format!("move the column {name}"),
        ),
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

    pub(in crate::tasks) fn rename_column(
        &mut self,
        column: i64,
        name: String,
        cx: &mut ScreenCtx,
    ) {
        let Some(board) = self.layers.board().map(|b| b.board) else {
            return;
        };
        let Some(change) =
            columns_mut(cx, board).and_then(|cols| named_writes::rename(cols, &column, &name))
        else {
            return;
        };
        let label = quoted(change.renamed_from().unwrap_or_default());
        let call = done(op::RenameColumn(column, name));
        let change = ColumnChange::Named(change);
        self.column_writes
            .write((board, column), label, change, call, cx);
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
        let name = quoted(&cx.names.column_name(column));
        let change = ColumnChange::Move {
            before,
            after: upper,
        };
        let call = done(op::MoveColumn(column, upper));
        self.column_writes
            .write((board, column), name, change, call, cx);
    }

    /// `y` to "delete this column?": sent, and shown once done.
    pub(in crate::tasks) fn delete_column(&mut self, column: i64, cx: &mut ScreenCtx) {
        let Some(board) = self.layers.board().map(|b| b.board) else {
            return;
        };
        let Some((index, item)) = cx
            .names
            .columns
            .get(&board)
            .and_then(Loadable::value)
            .and_then(|cols| cols.iter().enumerate().find(|(_, c)| c.id == column))
            .map(|(i, c)| (i, Box::new(c.clone())))
        else {
            return;
        };
        let name = quoted(&item.name);
        let change = ColumnChange::Named(NamedChange::Delete { item, index });
        let call = done(op::DeleteColumn(column));
        self.column_writes
            .write((board, column), name, change, call, cx);
    }

    /// The answer to column write `n`, or the board's columns read back after it.
    pub(in crate::tasks) fn on_column_write(
        &mut self,
        n: u64,
        settled: Settled<Vec<BoardColumn>>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.column_writes;
        let done = with_directory(cx, |dir, cx| ledger.on_settled(n, settled, dir, cx));
        self.sync_board_columns(cx);
        if let Some(group) = done {
            self.column_write_settled(&group, cx);
        }
    }

    fn column_write_settled(&mut self, group: &Group<ColumnWrites>, cx: &mut ScreenCtx) {
        for ((board, column), o) in &group.items {
            match &o.change {
                ColumnChange::Named(NamedChange::Delete { .. }) => {
                    if o.error.is_none()
                        && let Some(cols) = columns_mut(cx, *board)
                    {
                        cols.retain(|c| c.id != *column);
                    }
                    self.sync_board_columns(cx);
                    if o.error.is_none() || matches!(o.read_back, Some(ReadBack::Unknown(_))) {
                        // Its tasks went elsewhere on the service: every column is read
                        // again, and the list underneath if it shows any of them.
                        self.reload_board_columns(cx);
                        self.reload_list_in(*column, cx);
                    }
                    self.board_cursor_moved(cx);
                }
                // Put back: the focus follows it.
                ColumnChange::Move { .. } if o.error.is_some() => {
                    if let Some(b) = self.layers.board_mut()
                        && let Some(i) = b.columns.iter().position(|c| c.key == *column)
                    {
                        b.focus = i;
                    }
                    self.board_fit(cx);
                }
                ColumnChange::Named(_) | ColumnChange::Move { .. } => {}
            }
        }
        group.say(cx, |_, o| words(&o.change, &o.name));
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
}
