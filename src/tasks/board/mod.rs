//! A board on the task screen: the columns of one board side by side, each column's tasks read
//! page by page and loading or failing on its own (as the deal board's statuses do). The task
//! list stays as it was underneath: `Esc` goes back to it (or to the projects tree, for a board
//! opened there). The columns' pages, from the local store first, are read in `pages`. The
//! triage verbs act on the card under the cursor (`TasksState::current` is the board's card
//! while a board shows), and the write ledger keeps the cards and the list rows alike
//! (`task_writes::Rows`).

use std::collections::BTreeMap;

use weeek_api::ColumnPlace;
use weeek_api::models::TaskRow;

use super::{TaskKey, TasksState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::card_column::CardColumn;
use crate::screen::loadable::Loadable;
use crate::screen::toast::ToastKind;

pub(crate) mod column_create;
#[cfg(test)]
mod column_tests;
pub mod columns;
mod keys;
mod moves;
#[cfg(test)]
mod offline_tests;
mod pages;
#[cfg(test)]
mod stored_tests;
#[cfg(test)]
mod tests;

/// Tasks per request: a long column pages, a screenful comes at once.
pub const PAGE_SIZE: u32 = 30;
/// The largest page the service gives; a refresh reloads what was already paged in, up to it.
pub const MAX_PAGE: u32 = 100;

/// A board column: its id on the service and its tasks.
pub type TaskColumn = CardColumn<i64, TaskRow>;

#[derive(Debug, Clone)]
pub struct BoardView {
    pub board: i64,
    /// The project the board is in, once the directory knows it.
    pub project: Option<i64>,
    /// In the order of the service's list of the board's columns (its order on the board).
    pub columns: Vec<TaskColumn>,
    /// The column with the cursor.
    pub focus: usize,
    /// The first column on screen.
    pub first: usize,
    /// The task the cursor goes to once its column brings it (`b` on the list), with its column.
    seek: Option<(i64, i64)>,
    /// Cards per column and columns side by side at the terminal's size, for the moves that
    /// happen without a key (a card the service moved).
    fit: (usize, usize),
    /// Cards moved up or down their column (`J`/`K`) and not answered yet, by number.
    orders: BTreeMap<u64, moves::Reorder>,
    /// Numbers the reorders go by.
    next_order: u64,
    /// Where cards moved to another column sat in the one they left, by task and that column:
    /// a card coming back (`u`, or `H` after `L`) takes its old place again, not the bottom
    /// where the service puts it.
    left: BTreeMap<(i64, i64), ColumnPlace>,
    /// The screen the board was opened from, when not the task list: `Esc` goes back there.
    pub opened_from: Option<crate::screen::Screen>,
    /// The service's list of the board's columns has been read.
    columns_known: bool,
    /// The task that was under the cursor before a page took it from the focused column
    /// (moved elsewhere on the service): the cursor follows it to the column it shows up in,
    /// unless the user moves first.
    follow: Option<i64>,
}

impl BoardView {
    pub fn new(board: i64, seek: Option<(i64, i64)>) -> Self {
        Self {
            board,
            project: None,
            columns: Vec::new(),
            focus: 0,
            first: 0,
            seek,
            fit: (1, 1),
            orders: BTreeMap::new(),
            next_order: 0,
            left: BTreeMap::new(),
            opened_from: None,
            columns_known: false,
            follow: None,
        }
    }

    /// When the oldest of the store's copies of the columns' cards on screen was read;
    /// `None` when they are all the service's.
    pub fn cached_since(&self) -> Option<time::OffsetDateTime> {
        self.columns.iter().filter_map(|c| c.cached).min()
    }

    pub fn focused(&self) -> Option<&TaskColumn> {
        self.columns.get(self.focus)
    }

    fn focused_mut(&mut self) -> Option<&mut TaskColumn> {
        self.columns.get_mut(self.focus)
    }

    /// Every column is read and none has a card (or the board has no columns): there is
    /// nothing for a detail pane to show.
    pub fn is_bare(&self) -> bool {
        self.columns_known
            && self
                .columns
                .iter()
                .all(|c| c.cards.loaded_once && c.cards.rows.is_empty())
    }

    /// The board's keys that do nothing where the cursor is (the footer leaves them out): a
    /// column before the first or after the last, a card above the top or below the bottom,
    /// a card or column where there is none.
    pub fn idle(&self, action: Action) -> bool {
        let last = self.columns.len().saturating_sub(1);
        let at_first = self.focus == 0;
        let at_last = self.focus >= last;
        let card = self.focused().and_then(|c| c.current().map(|_| c));
        match action {
            Action::Left | Action::ColumnLeft => self.columns.is_empty() || at_first,
            Action::Right | Action::ColumnRight => self.columns.is_empty() || at_last,
            Action::MovePrev => card.is_none() || at_first,
            Action::MoveNext => card.is_none() || at_last,
            Action::MoveUp => card.is_none_or(|c| c.cursor == 0),
            Action::MoveDown => card.is_none_or(|c| c.cursor + 1 >= c.cards.rows.len()),
            Action::RenameColumn | Action::DeleteColumn => self.columns.is_empty(),
            _ => false,
        }
    }

    /// The card under the cursor.
    pub fn current(&self) -> Option<&TaskRow> {
        self.focused().and_then(TaskColumn::current)
    }

    pub fn card(&self, id: i64) -> Option<&TaskRow> {
        self.columns
            .iter()
            .find_map(|c| c.cards.rows.iter().find(|t| t.id == id))
    }

    /// Runs `f` on the card of task `id`, if it is on the board.
    pub fn with_card(&mut self, id: i64, f: impl FnOnce(&mut TaskRow)) -> bool {
        let found = self
            .columns
            .iter_mut()
            .find_map(|c| c.cards.rows.iter_mut().find(|t| t.id == id));
        match found {
            Some(card) => {
                f(card);
                true
            }
            None => false,
        }
    }

    /// A new task's card becomes the service's task (unless a page already brought it).
    pub fn settle(&mut self, temp_id: i64, task: &TaskRow) {
        let already = self.card(task.id).is_some();
        if already {
            self.remove(temp_id);
        } else {
            self.with_card(temp_id, |card| *card = task.clone());
        }
    }

    /// The card of task `id`, in column `column`, right below or above the card `place`
    /// names (when both are there).
    pub fn place_card(&mut self, id: i64, column: i64, place: ColumnPlace) {
        let Some(col) = self.columns.iter_mut().find(|c| c.key == column) else {
            return;
        };
        let Some(at) = col.cards.rows.iter().position(|t| t.id == id) else {
            return;
        };
        let under_cursor = col.cursor == at;
        let card = col.cards.rows.remove(at);
        match moves::index_of(&col.cards.rows, place) {
            Some(to) => {
                col.cards.rows.insert(to, card);
                if under_cursor {
                    col.cursor = to;
                }
            }
            None => col.cards.rows.insert(at, card),
        }
    }

    pub fn remove(&mut self, id: i64) {
        for c in &mut self.columns {
            if let Some(i) = c.cards.rows.iter().position(|t| t.id == id) {
                c.cards.rows.remove(i);
                c.cursor = c.cursor.min(c.cards.rows.len().saturating_sub(1));
            }
        }
    }

    /// Puts each card in the column its task is in now (a move, its rollback, the service's
    /// copy), at the bottom of it or back where it sat if it left that column from the
    /// board; a task gone to another board leaves. The cursor stays on the
    /// card it was on, following it to its new column.
    pub fn rehome(&mut self) {
        let board = self.board;
        let under_cursor = self.current().map(|t| t.id);
        let mut moving = Vec::new();
        for col in &mut self.columns {
            let key = col.key;
            let at_cursor = col.current().map(|t| t.id);
            let (stay, go): (Vec<TaskRow>, Vec<TaskRow>) = std::mem::take(&mut col.cards.rows)
                .into_iter()
                .partition(|t| column_of(board, t).is_none_or(|c| c == key));
            col.cards.rows = stay.into();
            col.cursor = at_cursor
                .and_then(|id| col.cards.rows.iter().position(|t| t.id == id))
                .unwrap_or(col.cursor)
                .min(col.cards.rows.len().saturating_sub(1));
            moving.extend(go);
        }
        for row in moving {
            let to = column_of(board, &row)
                .and_then(|c| self.columns.iter().position(|col| col.key == c));
            let Some(to) = to else { continue };
            let id = row.id;
            let col = &mut self.columns[to];
            // Last, as the service puts a task moved into a column at its bottom, unless it
            // goes back where it was (and `restore_places` tells the service).
            let at = self
                .left
                .get(&(id, col.key))
                .and_then(|place| moves::index_of(&col.cards.rows, *place))
                .unwrap_or(col.cards.rows.len());
            col.cards.rows.insert(at, row);
            if under_cursor == Some(id) {
                col.cursor = at;
                self.focus = to;
            }
        }
        let (cards, shown) = self.fit;
        for col in &mut self.columns {
            col.fix_scroll(cards);
        }
        self.show_focus(shown);
    }

    /// Keeps the focused column on screen, moving the first one shown as little as possible.
    fn show_focus(&mut self, shown: usize) {
        let shown = shown.max(1);
        if self.focus < self.first {
            self.first = self.focus;
        } else if self.focus >= self.first + shown {
            self.first = self.focus + 1 - shown;
        }
        self.first = self.first.min(self.columns.len().saturating_sub(shown));
    }
}

/// The column of `board` a task is in, as the task says (`None`: in none of its columns).
fn column_of(board: i64, task: &TaskRow) -> Option<i64> {
    let locations = task.all_locations();
    locations
        .iter()
        .find(|l| l.board_id == Some(board))
        .or(locations.first())
        .and_then(|l| l.board_column_id)
}

/// The task list's commands that mean nothing on a board: its filters, sort and views, its
/// marks, and the board itself.
pub fn list_only(action: Action) -> bool {
    matches!(
        action,
        Action::Filter
            | Action::Search
            | Action::Sort
            | Action::Views
            | Action::ToggleScope
            | Action::ToggleMark
            | Action::RangeMark
            | Action::MarkAll
            | Action::Delete
            | Action::OpenBoard
    )
}

impl TasksState {
    /// `b`: the board of the task under the cursor, the cursor on its card.
    pub(super) fn open_board(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current() else {
            cx.toast(ToastKind::Info, "No task here");
            return;
        };
        let Some((board, column)) = task
            .all_locations()
            .into_iter()
            .find(|l| l.board_id.is_some())
            .and_then(|l| Some((l.board_id?, l.board_column_id)))
        else {
            cx.toast(ToastKind::Info, "This task is on no board");
            return;
        };
        let seek = column.map(|c| (c, task.id));
        self.show_board(board, seek, cx);
    }

    /// Shows `board` in the list's place (the list stays as it is, for `Esc`).
    pub fn show_board(&mut self, board: i64, seek: Option<(i64, i64)>, cx: &mut ScreenCtx) {
        self.layers.show_board(BoardView::new(board, seek));
        cx.ensure_columns(board);
        self.sync_board_columns(cx);
        self.board_cursor_moved(cx);
    }

    /// `Esc` on the board: back to the list where it was.
    pub(super) fn close_board(&mut self, cx: &mut ScreenCtx) {
        if let Some(b) = self.layers.take_board() {
            for col in b.columns {
                cx.cancel(TaskKey::Board(col.key));
            }
        }
        self.detail_scroll = 0;
        self.drop_stale_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
    }

    /// The detail pane shows: opened, and not beside a board without a card.
    pub fn detail_open(&self) -> bool {
        self.detail && !self.layers.board().is_some_and(BoardView::is_bare)
    }

    /// The detail pane opened or closed (`was`: it showed before): the board takes the room
    /// left, the focused column kept on screen (`Enter` had scrolled it out of view).
    pub(super) fn refit_for_pane(&mut self, was: bool, cx: &ScreenCtx) {
        if self.detail_open() != was {
            self.board_fit(cx);
        }
    }

    /// Sizes the board to the terminal: cards per column, columns side by side.
    pub(super) fn board_fit(&mut self, cx: &ScreenCtx) {
        let detail = self.detail_open();
        if let Some(b) = self.layers.board_mut() {
            let cards = cx.viewport.board.cards(detail);
            let shown = cx.viewport.board.columns_on_screen(detail, b.columns.len());
            b.fit = (cards, shown);
            for col in &mut b.columns {
                col.fix_scroll(cards);
            }
            b.show_focus(shown);
        }
    }

    /// Makes the board's columns those the service lists for it (a column added, renamed or
    /// taken away shows after a refresh), loading the ones not read yet.
    pub(super) fn sync_board_columns(&mut self, cx: &mut ScreenCtx) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        b.project = b
            .project
            .or_else(|| cx.names.board(b.board).map(|board| board.project_id));
        let listed: Vec<i64> = match cx.names.columns.get(&b.board).and_then(Loadable::value) {
            Some(cols) => cols.iter().map(|c| c.id).collect(),
            None => return,
        };
        b.columns_known = true;
        if listed == b.columns.iter().map(|c| c.key).collect::<Vec<_>>() {
            return;
        }
        let focused = b.focused().map(|c| c.key);
        let was = b.focus;
        let mut old = std::mem::take(&mut b.columns);
        let mut fresh = Vec::new();
        for id in listed {
            match old.iter().position(|c| c.key == id) {
                Some(i) => b.columns.push(old.remove(i)),
                None => {
                    fresh.push(id);
                    b.columns.push(TaskColumn::new(id));
                }
            }
        }
        for gone in old {
            cx.cancel(TaskKey::Board(gone.key));
        }
        let seek_column = b.seek.map(|(c, _)| c);
        b.focus = focused
            .or(seek_column)
            .and_then(|k| b.columns.iter().position(|c| c.key == k))
            // A column gone: the one that took its place.
            .unwrap_or(was)
            .min(b.columns.len().saturating_sub(1));
        for id in fresh {
            self.load_board_column(id, false, cx);
        }
        self.board_fit(cx);
    }

    /// After the cursor moved on the board: the detail pane follows, a column near its end
    /// reads its next page.
    fn board_cursor_moved(&mut self, cx: &mut ScreenCtx) {
        if let Some(b) = self.layers.board_mut() {
            // The user's move: a task a page took away is no longer followed.
            b.follow = None;
        }
        self.board_fit(cx);
        self.detail_scroll = 0;
        self.drop_stale_subtasks(cx);
        self.ensure_subtasks(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
        let Some(b) = self.layers.board() else { return };
        let cards = b.fit.0;
        if let Some(col) = b.focused().filter(|c| c.wants_more(cards)) {
            let id = col.key;
            self.load_board_column(id, true, cx);
        }
    }

    /// Where `n` puts a new task on a board: the focused column, in the board's project.
    /// `None` off a board (the list decides).
    pub(super) fn board_place(&self) -> Option<super::create::Place> {
        let b = self.layers.board()?;
        let column = b.focused()?.key;
        let project = b.project.or_else(|| {
            b.columns
                .iter()
                .flat_map(|c| &c.cards.rows)
                .flat_map(TaskRow::all_locations)
                .find(|l| l.board_id == Some(b.board))
                .map(|l| l.project_id)
        })?;
        Some((Some(project), Some(column)))
    }

    /// A new task's card, last in its column (where the service puts it), under the cursor.
    pub(super) fn show_new_card(&mut self, row: &TaskRow) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let cards = b.fit.0;
        let Some(column) = row.board_column_id else {
            return;
        };
        let Some(ci) = b.columns.iter().position(|c| c.key == column) else {
            return;
        };
        let col = &mut b.columns[ci];
        col.cards.rows.push(row.clone());
        col.move_to(col.cards.rows.len() as isize - 1, cards);
        b.focus = ci;
    }
}
