//! The columns' pages on a board: each column read on its own (the store's copy first where
//! nothing of the page is on screen yet, the service's answer then replacing it in place), the
//! task sought when the board opened, and the cursor following the task under it when a page
//! shows it moved to another column.

use weeek_api::models::TaskRow;
use weeek_api::{ApiError, TaskPage, TaskQuery};

use super::{BoardView, MAX_PAGE, PAGE_SIZE};
use crate::screen::ScreenCtx;
use crate::screen::loadable::Arrived;
use crate::screen::toast::ToastKind;
use crate::tasks::{TaskAnswer, TaskKey, TasksState};
use crate::worker::op;

impl BoardView {
    /// Puts the cursor back on the task a page took from under it, in whichever column holds
    /// it now (see `follow`).
    fn follow_card(&mut self) {
        let Some(id) = self.follow else {
            return;
        };
        let found = self.columns.iter().enumerate().find_map(|(i, c)| {
            let at = c.cards.rows.iter().position(|t| t.id == id)?;
            Some((i, at))
        });
        let Some((column, at)) = found else {
            return;
        };
        self.follow = None;
        self.focus = column;
        let (cards, shown) = self.fit;
        self.columns[column].move_to(at as isize, cards);
        self.show_focus(shown);
    }
}

impl TasksState {
    /// Asks for the first page of column `id` again (as many cards as were loaded), or the
    /// next one. A page with nothing of it on screen yet (the column's first, a next one)
    /// shows the store's copy first; a column read again keeps its cards until the service
    /// answers.
    pub(in crate::tasks) fn load_board_column(&mut self, id: i64, more: bool, cx: &mut ScreenCtx) {
        let Some(col) = self
            .layers
            .board_mut()
            .and_then(|b| b.columns.iter_mut().find(|c| c.key == id))
        else {
            return;
        };
        let (limit, offset) = if more {
            (PAGE_SIZE, col.next_offset())
        } else {
            (col.reload_limit(PAGE_SIZE, MAX_PAGE), 0)
        };
        let first = more || !col.cards.loaded_once;
        col.cards.start(more);
        let query = TaskQuery {
            board_column_id: Some(id),
            per_page: Some(limit),
            offset: Some(offset),
            ..Default::default()
        };
        let answer = move |r| TaskAnswer::Board(id, r);
        if first {
            cx.request_cached(TaskKey::Board(id), op::Tasks(query), answer);
        } else {
            cx.request(TaskKey::Board(id), op::Tasks(query), answer);
        }
    }

    /// Reads every column's tasks again (as many as were loaded).
    pub(in crate::tasks) fn reload_board_columns(&mut self, cx: &mut ScreenCtx) {
        let ids: Vec<i64> = self
            .layers
            .board()
            .into_iter()
            .flat_map(|b| &b.columns)
            .map(|c| c.key)
            .collect();
        for id in ids {
            self.load_board_column(id, false, cx);
        }
    }

    /// A page of column `id`.
    pub(in crate::tasks) fn on_board_page(
        &mut self,
        id: i64,
        result: Result<TaskPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let Some(ci) = b.columns.iter().position(|c| c.key == id) else {
            return;
        };
        let mut under = (ci == b.focus).then(|| b.current().map(|t| t.id)).flatten();
        if let Some(read_at) = cx.stored() {
            if let Ok(page) = result {
                self.on_stored_board_page(ci, (page.tasks, page.has_more), read_at, under, cx);
            }
            return;
        }
        let col = &mut b.columns[ci];
        let finished = col.on_page(result.map(|p| (p.tasks, p.has_more)), |t| t.id);
        let mut more = col.to_end && col.wants_more(b.fit.0);
        match finished {
            Ok(arrived) => {
                if let Some((_, task)) = b.seek.filter(|(c, _)| *c == id) {
                    match col.cards.rows.iter().position(|t| t.id == task) {
                        Some(at) => {
                            b.seek = None;
                            b.focus = ci;
                            col.move_to(at as isize, b.fit.0);
                            // The cursor went where it was sent, not where it was.
                            under = None;
                        }
                        None if col.cards.has_more => more = true,
                        None => b.seek = None,
                    }
                }
                if arrived == Arrived::First {
                    self.reapply_pending(cx);
                    self.reshow_new_cards(id);
                }
                self.follow_from(ci, under);
            }
            Err(e) => {
                let name = cx.names.column_name(id);
                cx.toast(ToastKind::Error, format!("{name}: {}", e.short()));
            }
        }
        if more {
            self.load_board_column(id, true, cx);
        }
        self.board_fit(cx);
        self.ensure_names(cx);
        self.ensure_detail(cx);
        self.ensure_comments(cx);
    }

    /// The store's copy of a page of the column at `ci`, shown until the service's answer
    /// replaces it in place; `under`: the task under the cursor before, if the column is the
    /// focused one. The task sought shows under the cursor; no next page is read on its word.
    fn on_stored_board_page(
        &mut self,
        ci: usize,
        page: (Vec<TaskRow>, bool),
        read_at: time::OffsetDateTime,
        under: Option<i64>,
        cx: &mut ScreenCtx,
    ) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let cards = b.fit.0;
        let col = &mut b.columns[ci];
        let id = col.key;
        let arrived = col.show_stored(page, read_at, |t| t.id);
        let mut under = under;
        if let Some((_, task)) = b.seek.filter(|(c, _)| *c == id)
            && let Some(at) = col.cards.rows.iter().position(|t| t.id == task)
        {
            b.seek = None;
            b.focus = ci;
            col.move_to(at as isize, cards);
            under = None;
        }
        if arrived == Arrived::First {
            self.reapply_pending(cx);
            self.reshow_new_cards(id);
        }
        self.follow_from(ci, under);
        self.board_fit(cx);
        self.ensure_names(cx);
        self.ensure_detail(cx);
    }

    /// A page of the column at `ci` arrived: if it took the task under the cursor (`under`,
    /// the focused column's) away, the cursor follows that task to where it shows up.
    fn follow_from(&mut self, ci: usize, under: Option<i64>) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let gone = |id: &i64| b.columns[ci].cards.rows.iter().all(|t| t.id != *id);
        if ci == b.focus && under.as_ref().is_some_and(gone) {
            b.follow = under;
        }
        b.follow_card();
    }

    /// A page of column `id` read while new tasks are on their way predates them: their
    /// cards go back at its bottom.
    fn reshow_new_cards(&mut self, id: i64) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let pending: Vec<TaskRow> = self
            .creating
            .values()
            .map(|c| c.row.clone())
            .filter(|r| r.board_column_id == Some(id) && b.card(r.id).is_none())
            .collect();
        if let Some(col) = b.columns.iter_mut().find(|c| c.key == id) {
            col.cards.rows.extend(pending);
        }
    }
}
