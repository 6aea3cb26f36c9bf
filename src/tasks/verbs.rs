//! Triage verbs: `x` completes, `0`–`3` set the priority, `m` moves, `a` assigns, `d` sets
//! the due date, `e` renames, `D` deletes. Each is applied to the rows at once and sent as one
//! action (`bulk`); the writes themselves are the shared ledger's (`task_writes`).

use std::collections::BTreeSet;

use time::Date;
use weeek_api::models::{Priority, TaskRow};

use super::TasksState;
use super::dialogs::{Popup, PromptPurpose};
pub use super::task_writes::{Change, Edit, TaskWrites, UndoEntry, same_tags};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Reverse, done};
use crate::screen::toast::ToastKind;
use crate::worker::op;

/// Whole: the toast shortens it, `M` shows it all.
pub(super) fn quoted(title: &str) -> String {
    crate::text::quoted_full(title)
}

pub(super) fn count(n: usize) -> String {
    if n == 1 {
        "1 task".into()
    } else {
        format!("{n} tasks")
    }
}

impl TasksState {
    pub(super) fn nothing_selected(&self, cx: &mut ScreenCtx) -> bool {
        let targets = self.targets();
        if targets.is_empty() {
            cx.toast(ToastKind::Info, "No task here");
            return true;
        }
        // A row still being created has no id the service knows yet (one made offline is
        // known by its local id: its changes wait in the outbox behind its create).
        if targets
            .iter()
            .any(|id| *id < 0 && !crate::outbox::is_local_task(*id))
        {
            cx.toast(ToastKind::Info, "That task is still being created");
            return true;
        }
        false
    }

    /// `x`: completes the targets, or reopens them when all are already done.
    pub(super) fn complete(&mut self, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        let targets = self.targets();
        let all_done = targets
            .iter()
            .filter_map(|id| self.task(*id))
            .all(|t| t.is_completed);
        let label = if all_done { "Reopened" } else { "Completed" };
        let changes = targets
            .into_iter()
            .map(|id| (id, Change::Completed(!all_done)))
            .collect();
        self.apply_changes(label.into(), String::new(), changes, true, cx);
    }

    /// `0`–`3`.
    pub(super) fn set_priority(&mut self, n: u8, cx: &mut ScreenCtx) {
        if self.nothing_selected(cx) {
            return;
        }
        let p = Priority::from_number(i64::from(n));
        let label = format!("Priority {} for", p.map_or("none", Priority::label));
        let changes: Vec<(i64, Change)> = self
            .targets()
            .into_iter()
            .map(|id| (id, Change::Priority(p)))
            .collect();
        let marked = !self.marks.is_empty();
        let n = changes.len();
        let sent = self.apply_changes(label.clone(), String::new(), changes, true, cx);
        // A digit changes every marked task at once, some of them out of sight: said at once,
        // with the way back, until the service's answers say how it went.
        if marked && sent.is_some() {
            let undo = cx.keys.then_say("tasks.undo", "to undo");
            cx.progress(format!("{label} {}{undo}", count(n)));
        }
    }

    pub(super) fn apply_move(
        &mut self,
        board: i64,
        column: i64,
        targets: Vec<i64>,
        cx: &mut ScreenCtx,
    ) {
        let (same, other): (Vec<i64>, Vec<i64>) = targets.into_iter().partition(|id| {
            self.task(*id)
                .and_then(TaskRow::primary_location)
                .and_then(|l| l.board_id)
                == Some(board)
        });
        if !other.is_empty() {
            cx.toast(
                ToastKind::Info,
                format!("{} left where they are", self.off_board(&other)),
            );
        }
        let suffix = format!(" to {}", cx.names.column_name(column));
        // The marks of the tasks moved go; the ones on other boards stay for the next `m`.
        let rest: BTreeSet<i64> = self
            .marks
            .iter()
            .copied()
            .filter(|id| !same.contains(id))
            .collect();
        let changes = same
            .iter()
            .map(|id| (*id, Change::Column(column)))
            .collect();
        self.apply_changes("Moved".into(), suffix, changes, true, cx);
        if !rest.is_empty() && rest.len() < self.marks.len() {
            self.marks = rest;
            let left: Vec<i64> = self.marks.iter().copied().collect();
            let verb = if left.len() == 1 { "stays" } else { "stay" };
            // `m` moves those on a board; one on no board has nowhere to go.
            let on_a_board = left.iter().any(|id| self.board_of(*id).is_some());
            let then = if on_a_board {
                cx.keys.then_say("tasks.move", "moves them")
            } else {
                String::new()
            };
            cx.toast(
                ToastKind::Info,
                format!("{} {verb} marked{then}", self.off_board(&left)),
            );
        }
    }

    fn board_of(&self, id: i64) -> Option<i64> {
        self.task(id)
            .and_then(TaskRow::primary_location)
            .and_then(|l| l.board_id)
    }

    /// Where tasks not on the board at hand are: "1 task on another board", "2 tasks on
    /// other boards and 1 on no board".
    fn off_board(&self, ids: &[i64]) -> String {
        let boards = ids
            .iter()
            .filter(|id| self.board_of(**id).is_some())
            .count();
        let none = ids.len() - boards;
        let on_boards = match boards {
            1 => "on another board",
            _ => "on other boards",
        };
        match (boards, none) {
            (0, n) => format!("{} on no board", count(n)),
            (b, 0) => format!("{} {on_boards}", count(b)),
            (b, n) => format!("{} {on_boards} and {n} on no board", count(b)),
        }
    }

    /// Adds `added` and removes `removed` on every target: toggles in the picker, so a bulk
    /// assignment keeps the other assignees each task has.
    pub(super) fn apply_assign(
        &mut self,
        targets: Vec<i64>,
        added: BTreeSet<String>,
        removed: BTreeSet<String>,
        cx: &mut ScreenCtx,
    ) {
        let changes = targets
            .into_iter()
            .filter_map(|id| {
                let mut list = self.task(id)?.all_assignees();
                list.retain(|m| !removed.contains(m));
                for m in &added {
                    if !list.contains(m) {
                        list.push(m.clone());
                    }
                }
                Some((id, Change::Assignees(list)))
            })
            .collect();
        self.apply_changes(
            "Updated assignees of".into(),
            String::new(),
            changes,
            true,
            cx,
        );
    }

    pub(super) fn apply_due(&mut self, targets: Vec<i64>, due: Option<Date>, cx: &mut ScreenCtx) {
        let label = match due {
            Some(d) => format!("Due {} for", crate::date_input::DayRange::day(d).describe()),
            None => "Cleared the due date of".into(),
        };
        let changes = targets
            .into_iter()
            .map(|id| (id, Change::Due(due)))
            .collect();
        self.apply_changes(label, String::new(), changes, true, cx);
    }

    pub(super) fn apply_rename(&mut self, id: i64, title: String, cx: &mut ScreenCtx) {
        let bulk = self.apply_changes(
            "Renamed".into(),
            String::new(),
            vec![(id, Change::Title(title.clone()))],
            true,
            cx,
        );
        if let Some(b) = bulk.and_then(|b| self.writes.note_mut(b)) {
            b.retry = Some((PromptPurpose::Rename { id }, title));
        }
    }

    /// What `D` asks: what goes, and that it cannot be taken back.
    pub fn delete_question(&self) -> Option<String> {
        let Some(Popup::ConfirmDelete { ids }) = self.layers.popup() else {
            return None;
        };
        let what = match ids.as_slice() {
            [id] => self
                .task(*id)
                .map(|t| quoted(t.display_title()))
                .unwrap_or_else(|| "1 task".into()),
            _ => count(ids.len()),
        };
        Some(format!("Delete {what}? This cannot be undone."))
    }

    pub(super) fn delete(&mut self, ids: Vec<i64>, cx: &mut ScreenCtx) {
        let bulk = self.new_bulk("Deleted".into(), String::new(), "delete", false);
        let mut names = Vec::new();
        // Deletes kept in the outbox rather than sent.
        let mut kept = 0;
        for id in ids {
            let Some(idx) = self.index_of(id) else {
                continue;
            };
            let row = self.list.rows.remove(idx);
            self.marks.remove(&id);
            // Its older changes go with it: `u` would set back fields of a task that is gone.
            // A refused delete brings the task back without them.
            self.writes.forget_item(&id);
            let name = row.display_title().to_string();
            names.push(name.clone());
            if cx.offline.must_queue(&crate::outbox::task_ref(id)) {
                if let Some(b) = self.layers.board_mut() {
                    b.remove(id);
                }
                // A task made here and never sent goes with its changes: nothing waits.
                let item = crate::outbox::task_ref(id);
                if cx.queue_delete(item, name, row.updated_at) {
                    kept += 1;
                }
                continue;
            }
            let edit = Edit::Delete {
                at: idx,
                row: Box::new(row),
            };
            self.writes
                .add(bulk, id, name, edit, vec![done(op::DeleteTask(id))], cx);
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
        if kept > 0 {
            let what = match names.as_slice() {
                [one] => quoted(one),
                _ => count(names.len()),
            };
            let note = cx.kept_note();
            cx.toast(ToastKind::Success, format!("Deleted {what}{note}"));
        }
        if self.writes.keep_if_any(bulk) || kept > 0 {
            // `u` says it cannot bring them back rather than skipping to an older change.
            let label = match names.as_slice() {
                [one] => format!("Deleted {}", quoted(one)),
                _ => format!("Deleted {}", count(names.len())),
            };
            self.writes.push_undo(UndoEntry {
                group: bulk,
                label,
                reverse: Reverse::Final,
            });
        }
    }
}
