//! The task's side of the write ledger: what a change is made of, how it shows on the list
//! and the board, and how each answer (or read-back) of a bulk settles it.

use weeek_api::ApiError;
use weeek_api::models::{Task, TaskRow};

use super::super::dialogs::Popup;
use super::super::{TaskAnswer, TaskKey, TasksState};
use super::{Bulk, Change, count, quoted};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{self, Group, Outcome, Settled, Shown, Writes, read_item};
use crate::screen::lost_answer::{ReadBack, cause_text, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::worker::{TypedCall, op};

/// Task triage as optimistic writes (see `screen::ledger`).
#[derive(Debug, Clone)]
pub struct TaskWrites;

/// One task's change, with what it takes to put it back.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// A field set to `applied`; it was `previous`.
    Set { applied: Change, previous: Change },
    /// The task deleted; its row sat at `at`.
    Delete { at: usize, row: Box<TaskRow> },
}

/// What `u` reverts: the previous value of each changed task.
pub type UndoEntry = ledger::UndoEntry<TaskWrites>;

impl Writes for TaskWrites {
    type Id = i64;
    type Change = Edit;
    type Item = Task;
    type Note = Bulk;
    /// A field as the service has it.
    type Truth = Change;
    type Key = TaskKey;
    type Answer = TaskAnswer;

    fn key(n: u64) -> TaskKey {
        TaskKey::Write(n)
    }

    fn answer(n: u64, settled: Settled<Task>) -> TaskAnswer {
        TaskAnswer::Write(n, settled)
    }

    fn read_back(id: &i64) -> TypedCall<Result<Task, ApiError>> {
        read_item(op::Task(*id))
    }

    fn judge(edit: &Edit, found: Result<&Task, &ApiError>) -> ReadBack {
        match (found, edit) {
            (Ok(fresh), Edit::Set { applied, .. })
                if applied.current(&TaskRow::from(fresh)) == *applied =>
            {
                ReadBack::Applied
            }
            (Ok(_), Edit::Set { .. }) => ReadBack::NotApplied,
            (Ok(fresh), Edit::Delete { .. }) if fresh.is_deleted => ReadBack::Applied,
            (Ok(_), Edit::Delete { .. }) => ReadBack::NotApplied,
            (Err(ApiError::NotFound { .. }), Edit::Delete { .. }) => ReadBack::Applied,
            (Err(e), _) => read_back_failed(e.clone()),
        }
    }

    /// A later change of the same field goes back to what the service has.
    fn rebase(later: &mut Edit, truth: &Change) {
        if let Edit::Set { previous, .. } = later
            && std::mem::discriminant(previous) == std::mem::discriminant(truth)
        {
            *previous = truth.clone();
        }
    }
}

/// The task list, and the board when one shows, as the writes see them: a change shows on
/// the list's row and on the board's card alike, and a card whose column changed goes there.
pub(in crate::tasks) struct Rows<'a> {
    pub rows: &'a mut Vec<TaskRow>,
    pub cursor: &'a mut usize,
    /// Whole tasks the service answered with replace what the detail pane kept.
    pub details: &'a mut super::super::details::Details,
    /// Subtasks in the detail pane that are not loaded rows (ticked there with `x`).
    pub subtasks: &'a mut std::collections::HashMap<i64, Option<TaskRow>>,
    pub board: Option<&'a mut super::super::board::BoardView>,
}

impl Rows<'_> {
    fn index_of(&self, id: i64) -> Option<usize> {
        self.rows.iter().position(|t| t.id == id)
    }

    /// Runs `f` on the list's row of task `id` and on its card.
    fn each(&mut self, id: i64, mut f: impl FnMut(&mut TaskRow)) {
        if let Some(idx) = self.index_of(id) {
            f(&mut self.rows[idx]);
        } else if let Some(Some(row)) = self.subtasks.get_mut(&id) {
            // A subtask of the detail pane that is not a loaded row (ticked there with `x`).
            f(row);
        }
        if let Some(b) = &mut self.board {
            b.with_card(id, &mut f);
            b.rehome();
        }
    }

    fn remove(&mut self, id: i64) {
        if let Some(idx) = self.index_of(id) {
            self.rows.remove(idx);
            *self.cursor = (*self.cursor).min(self.rows.len().saturating_sub(1));
        }
        if let Some(b) = &mut self.board {
            b.remove(id);
        }
    }
}

impl Shown<TaskWrites> for Rows<'_> {
    fn reapply(&mut self, id: &i64, edit: &Edit, _env: &ScreenCtx) {
        match edit {
            Edit::Set { applied, .. } => self.each(*id, |row| applied.apply(row)),
            Edit::Delete { .. } => self.remove(*id),
        }
    }

    /// A field goes back unless a later change has replaced it meanwhile.
    fn roll_back(
        &mut self,
        id: &i64,
        edit: &Edit,
        _later: bool,
        _env: &ScreenCtx,
    ) -> Option<Change> {
        match edit {
            Edit::Set { previous, applied } => {
                self.each(*id, |row| {
                    if applied.current(row) == *applied {
                        previous.apply(row);
                    }
                });
                Some(previous.clone())
            }
            Edit::Delete { at, row } => {
                let at = (*at).min(self.rows.len());
                self.rows.insert(at, (**row).clone());
                None
            }
        }
    }

    fn take(&mut self, id: &i64, fresh: Task) {
        let row = TaskRow::from(&fresh);
        self.each(*id, |shown| *shown = row.clone());
        self.details.put(fresh);
    }

    fn read_back(
        &mut self,
        id: &i64,
        edit: &Edit,
        found: Result<Task, ApiError>,
        verdict: &ReadBack,
        later: bool,
        _env: &ScreenCtx,
    ) -> Option<Change> {
        match (found, edit) {
            (Ok(fresh), Edit::Set { applied, .. }) => {
                let row = TaskRow::from(&fresh);
                let truth = applied.current(&row);
                self.details.put(fresh);
                self.each(*id, |shown| {
                    if !later {
                        *shown = row.clone();
                    } else if !verdict.applied() && applied.current(shown) == *applied {
                        // Later changes are still on their way: only this field is put right.
                        truth.apply(shown);
                    }
                });
                Some(truth)
            }
            (Ok(fresh), Edit::Delete { at, .. }) if !fresh.is_deleted => {
                if self.index_of(*id).is_none() {
                    let at = (*at).min(self.rows.len());
                    self.rows.insert(at, TaskRow::from(&fresh));
                }
                self.details.put(fresh);
                None
            }
            (Ok(_), Edit::Delete { .. }) => None,
            (Err(_), _) => {
                if *verdict == ReadBack::Gone {
                    self.remove(*id);
                }
                None
            }
        }
    }
}

impl TasksState {
    /// The answer to write `n`: the service's copy of the task when the call returns one.
    pub(in crate::tasks) fn on_write_reply(
        &mut self,
        n: u64,
        result: Result<Option<Task>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        // Nothing reached the service (the app is offline now): the change, and those of its
        // task behind it, go to the outbox as they would have offline. A lost answer is read
        // back first, as ever.
        if let Err(e) = &result
            && cx.is_offline()
            && crate::screen::offline::unreachable(e)
            && !e.may_have_been_applied()
        {
            self.keep_for_later(n, cx);
            return;
        }
        let mut rows = Rows {
            rows: &mut self.list.rows,
            cursor: &mut self.cursor,
            details: &mut self.details,
            subtasks: &mut self.subtask_rows,
            board: self.layers.board_mut(),
        };
        if let Some(done) = self.writes.on_written(n, result, &mut rows, cx) {
            self.finish_bulk(done, cx);
        }
        self.restore_places(cx);
    }

    /// Write or read-back `n` could not reach the service: its change, and those of its task
    /// behind it, go to the outbox, where the replay reads the task before it sends anything
    /// (a change that landed after all is not sent again).
    fn keep_for_later(&mut self, n: u64, cx: &mut ScreenCtx) {
        let (changes, settled) = self.writes.hand_over(n, cx);
        for (id, name, edit) in changes {
            match edit {
                Edit::Set { applied, previous } => self.queue_set(id, name, applied, previous, cx),
                Edit::Delete { row, .. } => self.queue_delete(id, &row, cx),
            }
        }
        for done in settled {
            self.finish_bulk(done, cx);
        }
    }

    /// The answer to read-back `n` of a task whose write lost its answer.
    pub(in crate::tasks) fn on_read_back_reply(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        // Its fate unknown and the service out of reach: the outbox takes it over.
        if let Err(e) = &result
            && cx.is_offline()
            && crate::screen::offline::unreachable(e)
        {
            self.keep_for_later(n, cx);
            return;
        }
        let mut rows = Rows {
            rows: &mut self.list.rows,
            cursor: &mut self.cursor,
            details: &mut self.details,
            subtasks: &mut self.subtask_rows,
            board: self.layers.board_mut(),
        };
        if let Some(done) = self.writes.on_read_back(n, result, &mut rows, cx) {
            self.finish_bulk(done, cx);
        }
        self.restore_places(cx);
    }

    /// A page loaded while writes are on their way predates them: apply them again.
    pub(in crate::tasks) fn reapply_pending(&mut self, cx: &ScreenCtx) {
        let mut rows = Rows {
            rows: &mut self.list.rows,
            cursor: &mut self.cursor,
            details: &mut self.details,
            subtasks: &mut self.subtask_rows,
            board: self.layers.board_mut(),
        };
        self.writes.reapply(&mut rows, cx);
    }

    /// Sums up a bulk once every change of it is settled.
    fn finish_bulk(&mut self, done: Group<TaskWrites>, cx: &mut ScreenCtx) {
        let Group {
            id: bulk,
            note: b,
            items,
        } = done;
        let total = items.len();
        let failed: Vec<&Outcome<TaskWrites>> =
            items.values().filter(|o| o.error.is_some()).collect();
        let ok = total - failed.len();
        if b.reload_after && ok > 0 {
            self.focus = b.focus;
            self.reload(cx);
        }
        let held: Vec<(i64, Change)> = items
            .iter()
            .filter(|(_, o)| o.error.is_none())
            .filter_map(|(id, o)| match &o.change {
                Edit::Set { applied, .. } => Some((*id, applied.clone())),
                Edit::Delete { .. } => None,
            })
            .collect();
        let left = self.drop_left_out(&held, cx.names).unwrap_or_default();
        if failed.is_empty() {
            let what = if total == 1 {
                items
                    .values()
                    .next()
                    .map(|o| quoted(&o.name))
                    .unwrap_or_default()
            } else {
                count(total)
            };
            let undo = match cx.keys.say("tasks.undo", "to undo") {
                Some(say) if b.undoable && self.writes.undoable(bulk) => format!(" · {say}"),
                _ => String::new(),
            };
            // Said when an answer was lost on the way: the change holds all the same.
            let read_back = items
                .values()
                .find_map(|o| o.read_back.as_ref())
                .map(|v| format!(" ({})", v.note()))
                .unwrap_or_default();
            // Handed to the outbox as the service could not be reached: it goes when it can.
            let kept = if items.values().any(|o| o.kept) {
                super::super::offline::kept_note(cx)
            } else {
                String::new()
            };
            cx.toast(
                ToastKind::Success,
                format!(
                    "{} {what}{}{read_back}{left}{kept}{undo}",
                    b.label, b.suffix
                ),
            );
            return;
        }
        let first = failed[0];
        let why = match (&first.read_back, &first.lost) {
            (Some(verdict), Some(lost)) => format!("{}; {}", cause_text(lost), verdict.note()),
            _ => first
                .error
                .as_ref()
                .map(ApiError::short)
                .unwrap_or_default(),
        };
        let unknown = matches!(first.read_back, Some(ReadBack::Unknown(_)));
        let text = if total == 1 {
            let lead = if unknown {
                "Not confirmed:"
            } else {
                "Could not"
            };
            format!(
                "{lead} {} {}{}: {why}",
                b.failed,
                quoted(&first.name),
                b.suffix
            )
        } else {
            format!(
                "{} {ok} of {total}{}, {} failed: {why}{left}",
                b.label,
                b.suffix,
                failed.len()
            )
        };
        cx.toast(ToastKind::Error, text);
        if ok == 0 {
            self.writes.forget_undo(bulk);
        }
        // A refused undo stays undoable: `u` again tries what did not go through (what did is
        // already in place and sends nothing).
        if let Some(entry) = b.undo_of {
            self.writes.push_undo(entry);
        }
        // What was typed is not lost: the prompt comes back with it and the reason.
        if let Some((purpose, text)) = b.retry
            && self.layers.popup().is_none()
        {
            self.layers.set_popup(Popup::Prompt {
                purpose,
                field: crate::widgets::field::TextField::typed(text),
                feedback: super::super::dialogs::Feedback::Err(why),
            });
        }
    }
}
