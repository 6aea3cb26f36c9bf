//! Cards moved on a board: `H` / `L` to the previous or next column (a triage verb of the
//! write ledger, `Change::Column`), `J` / `K` up or down their column (right below or above the
//! card passed; put back if refused, the column read again after a lost answer).

use weeek_api::{ApiError, ColumnPlace};

use weeek_api::models::TaskRow;

use super::super::verbs::Change;
use super::super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{AfterFailure, after_failure, cause_text};
use crate::screen::toast::ToastKind;
use crate::worker::op;

/// A card moved within its column, and where it was, to put it back if the service refuses.
#[derive(Debug, Clone)]
pub(super) struct Reorder {
    task: i64,
    title: String,
    column: i64,
    from: usize,
}

impl TasksState {
    /// `H` / `L`: the card to the previous or next column.
    pub(super) fn move_card(&mut self, step: isize, cx: &mut ScreenCtx) {
        let Some(b) = self.layers.board() else { return };
        let Some(task) = b.current() else {
            cx.toast(ToastKind::Info, "No task here");
            return;
        };
        if task.id < 0 {
            cx.toast(ToastKind::Info, "That task is still being created");
            return;
        }
        let to = b.focus as isize + step;
        let Some(column) = usize::try_from(to)
            .ok()
            .and_then(|to| b.columns.get(to))
            .map(|c| c.key)
        else {
            let edge = if step < 0 { "first" } else { "last" };
            cx.toast(ToastKind::Info, format!("Already in the {edge} column"));
            return;
        };
        let id = task.id;
        if let Some(col) = b.focused() {
            let (rows, at) = (&col.cards.rows, col.cursor);
            let place = match (
                rows.get(at + 1),
                at.checked_sub(1).and_then(|i| rows.get(i)),
            ) {
                (Some(next), _) => Some(ColumnPlace::Before(next.id)),
                (None, Some(prev)) => Some(ColumnPlace::After(prev.id)),
                (None, None) => None,
            };
            let key = (id, col.key);
            if let (Some(place), Some(b)) = (place, self.layers.board_mut()) {
                b.left.insert(key, place);
            }
        }
        let suffix = format!(" to {}", cx.names.column_name(column));
        self.apply_changes(
            "Moved".into(),
            suffix,
            vec![(id, Change::Column(column))],
            true,
            cx,
        );
        self.board_cursor_moved(cx);
    }

    /// Once the writes are settled, tells the service of each card that came back to a column
    /// it left from the board: the place `rehome` gave it there (the service put it at the
    /// bottom). Refused, the card goes to the bottom, as the service has it.
    pub(in crate::tasks) fn restore_places(&mut self, cx: &mut ScreenCtx) {
        // Offline the places wait: a reorder needs the service.
        if !self.writes.is_idle() || cx.is_offline() {
            return;
        }
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let board = b.board;
        let back: Vec<((i64, i64), ColumnPlace)> = b
            .left
            .iter()
            .filter(|((task, column), _)| {
                b.card(*task)
                    .is_some_and(|t| super::column_of(board, t) == Some(*column))
            })
            .map(|(k, p)| (*k, *p))
            .collect();
        for ((task, column), place) in back {
            b.left.remove(&(task, column));
            let Some(card) = b.card(task) else { continue };
            let Some(col) = b.columns.iter().find(|c| c.key == column) else {
                continue;
            };
            let project = card
                .all_locations()
                .into_iter()
                .find(|l| l.board_id == Some(board))
                .map(|l| l.project_id);
            // Its neighbour gone, the card sits at the bottom, where the service has it.
            let (Some(project), Some(_)) = (project, index_of(&col.cards.rows, place)) else {
                continue;
            };
            let title = card.display_title().to_string();
            let bottom = col.cards.rows.len().saturating_sub(1);
            let n = b.next_order;
            b.next_order += 1;
            b.orders.insert(
                n,
                Reorder {
                    task,
                    title,
                    column,
                    from: bottom,
                },
            );
            let call = op::PlaceTask {
                task,
                project,
                column,
                place,
            };
            cx.request(TaskKey::Order(n), call, move |r| TaskAnswer::Order(n, r));
        }
    }

    /// `J` / `K`: the card one place down or up its column, right below or above the card it
    /// passes. Shown at once; put back with the service's message if refused; after a lost
    /// answer the column is read again, so it shows the order the service has.
    pub(super) fn reorder(&mut self, step: isize, cx: &mut ScreenCtx) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let board = b.board;
        let cards = b.fit.0;
        let Some(col) = b.columns.get_mut(b.focus) else {
            return;
        };
        let Some(task) = col.current() else {
            cx.toast(ToastKind::Info, "No task here");
            return;
        };
        if task.id < 0 {
            cx.toast(ToastKind::Info, "That task is still being created");
            return;
        }
        let from = col.cursor;
        let Some(to) = from
            .checked_add_signed(step)
            .filter(|to| *to < col.cards.rows.len())
        else {
            let edge = if step < 0 { "top" } else { "bottom" };
            cx.toast(
                ToastKind::Info,
                format!("Already at the {edge} of the column"),
            );
            return;
        };
        let passed = col.cards.rows[to].id;
        let place = if step > 0 {
            ColumnPlace::After(passed)
        } else {
            ColumnPlace::Before(passed)
        };
        let Some(project) = task
            .all_locations()
            .into_iter()
            .find(|l| l.board_id == Some(board))
            .map(|l| l.project_id)
        else {
            return;
        };
        let (id, title) = (task.id, task.display_title().to_string());
        col.cards.rows.swap(from, to);
        col.move_to(to as isize, cards);
        let column = col.key;
        if cx.offline.must_queue(&crate::outbox::task_ref(id)) {
            self.queue_place(id, title, project, column, place, cx);
            self.board_cursor_moved(cx);
            return;
        }
        let n = b.next_order;
        b.next_order += 1;
        b.orders.insert(
            n,
            Reorder {
                task: id,
                title,
                column: col.key,
                from,
            },
        );
        let call = op::PlaceTask {
            task: id,
            project,
            column: col.key,
            place,
        };
        cx.request(TaskKey::Order(n), call, move |r| TaskAnswer::Order(n, r));
        self.board_cursor_moved(cx);
    }

    /// The answer to reorder `n`.
    pub(in crate::tasks) fn on_order_reply(
        &mut self,
        n: u64,
        result: Result<(), ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let Some(order) = b.orders.remove(&n) else {
            return;
        };
        let Err(e) = result else { return };
        let title = crate::text::quoted_full(&order.title);
        match after_failure(&e) {
            AfterFailure::RollBack => {
                let cards = b.fit.0;
                if let Some(col) = b.columns.iter_mut().find(|c| c.key == order.column)
                    && let Some(at) = col.cards.rows.iter().position(|t| t.id == order.task)
                {
                    let under_cursor = col.cursor == at;
                    let card = col.cards.rows.remove(at);
                    let back = order.from.min(col.cards.rows.len());
                    col.cards.rows.insert(back, card);
                    if under_cursor {
                        col.move_to(back as isize, cards);
                    }
                }
                cx.toast(
                    ToastKind::Error,
                    format!("Could not reorder {title}: {}", e.short()),
                );
            }
            AfterFailure::ReadBack => {
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Not confirmed: reorder {title} ({}); the column is read again",
                        cause_text(&e)
                    ),
                );
                self.load_board_column(order.column, false, cx);
            }
        }
    }
}

impl TasksState {
    /// `J` / `K` while its change must wait: the card shows where it goes, and the outbox
    /// keeps the card it went by (its column is what the change was made on).
    fn queue_place(
        &mut self,
        id: i64,
        title: String,
        project: i64,
        column: i64,
        place: ColumnPlace,
        cx: &mut ScreenCtx,
    ) {
        use crate::outbox::TaskField;
        let field = |place| TaskField::Place {
            project,
            column,
            place,
        };
        self.queue_set(id, title.clone(), field(Some(place)), field(None), cx);
        let note = cx.kept_note();
        let quoted = crate::text::quoted_full(&title);
        cx.toast(ToastKind::Success, format!("Reordered {quoted}{note}"));
    }
}

/// Where a card placed at `place` goes among `rows` (`None`: its neighbour is not there).
pub(super) fn index_of(rows: &[TaskRow], place: ColumnPlace) -> Option<usize> {
    match place {
        ColumnPlace::Before(other) => rows.iter().position(|t| t.id == other),
        ColumnPlace::After(other) => rows.iter().position(|t| t.id == other).map(|i| i + 1),
    }
}
