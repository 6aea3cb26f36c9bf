//! Task triage as optimistic writes of the shared ledger (`screen::ledger`): one field of a task
//! set to a value (or the task deleted), how it shows on the list's rows and the board's
//! cards, the requests that carry it, and how a task read back says whether it holds.

use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, TaskUpdate};

use super::bulk::Bulk;
use super::{TaskAnswer, TaskKey};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{self, Shown, WriteCall, Writes, done, read_item, returning};
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::worker::{TypedCall, op};

/// One field of a task set to a value (the outbox keeps the same changes).
pub type Change = crate::outbox::TaskField;
pub use crate::outbox::task::same_tags;

impl Change {
    /// How a failure reads: "Could not {this} “title”".
    pub(super) fn failure_verb(&self) -> &'static str {
        match self {
            Self::Completed(true) => "complete",
            Self::Completed(false) => "reopen",
            Self::Priority(_) => "set the priority of",
            Self::Column(_) => "move",
            Self::Due(_) => "set the due date of",
            Self::Title(_) => "rename",
            Self::Assignees(_) => "change the assignees of",
            Self::Tags(_) => "tag",
            Self::Description(_) => "change the description of",
            Self::Watchers(_) => "change the watchers of",
            Self::Custom { .. } => "set a field of",
            Self::Place { .. } => "reorder",
        }
    }

    /// The requests that make `before` carry this change; none when nothing changes.
    pub(super) fn calls(&self, id: i64, before: &TaskRow) -> Vec<WriteCall<Task>> {
        if self.current(before) == *self {
            return Vec::new();
        }
        let update = |u: TaskUpdate| vec![returning(op::UpdateTask(id, u))];
        match self {
            Self::Completed(true) => vec![done(op::CompleteTask(id))],
            Self::Completed(false) => vec![done(op::UncompleteTask(id))],
            Self::Priority(p) => update(TaskUpdate {
                priority: Some(*p),
                ..Default::default()
            }),
            Self::Column(c) => update(TaskUpdate {
                board_column_id: Some(*c),
                ..Default::default()
            }),
            Self::Due(d) => update(TaskUpdate {
                due_date: Some(*d),
                ..Default::default()
            }),
            Self::Title(t) => update(TaskUpdate {
                title: Some(t.clone()),
                ..Default::default()
            }),
            Self::Tags(t) => update(TaskUpdate {
                tags: Some(t.clone()),
                ..Default::default()
            }),
            Self::Assignees(new) => {
                let old = before.all_assignees();
                let add: Vec<String> = new.iter().filter(|m| !old.contains(m)).cloned().collect();
                let remove: Vec<String> =
                    old.iter().filter(|m| !new.contains(m)).cloned().collect();
                let mut calls = Vec::new();
                if !add.is_empty() {
                    calls.push(done(op::AddAssignees(id, add)));
                }
                if !remove.is_empty() {
                    calls.push(done(op::RemoveAssignees(id, remove)));
                }
                calls
            }
            Self::Description(d) => update(TaskUpdate {
                description: Some(d.clone().unwrap_or_default()),
                ..Default::default()
            }),
            Self::Custom { id: field, value } => {
                let mut map = serde_json::Map::new();
                map.insert(field.clone(), value.clone());
                update(TaskUpdate {
                    custom_fields: Some(map),
                    ..Default::default()
                })
            }
            // A row does not hold them: the detail pane's picker and the board send their own.
            Self::Watchers(_) | Self::Place { .. } => Vec::new(),
        }
    }
}

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
    crate::ledger_requests!(TaskKey, TaskAnswer, Write);

    fn read_back(id: &i64) -> TypedCall<Result<Task, ApiError>> {
        read_item(op::Task(*id))
    }

    fn judge(_: &Self::Id, edit: &Edit, found: Result<&Task, &ApiError>) -> ReadBack {
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
pub(super) struct Rows<'a> {
    pub rows: &'a mut Vec<TaskRow>,
    pub cursor: &'a mut usize,
    /// Whole tasks the service answered with replace what the detail pane kept.
    pub details: &'a mut super::details::Details,
    /// Subtasks in the detail pane that are not loaded rows (ticked there with `x`).
    pub subtasks: &'a mut std::collections::HashMap<i64, Option<TaskRow>>,
    pub board: Option<&'a mut super::board::BoardView>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignee_change_becomes_add_and_remove_calls() {
        let before = TaskRow {
            id: 7,
            assignees: vec!["a".into(), "b".into()],
            ..Default::default()
        };
        let calls = Change::Assignees(vec!["b".into(), "c".into()]).calls(7, &before);
        let calls: Vec<crate::worker::Call> = calls.iter().map(|c| c.call().clone()).collect();
        assert_eq!(
            calls,
            vec![
                crate::worker::Call::AddAssignees(7, vec!["c".into()]),
                crate::worker::Call::RemoveAssignees(7, vec!["a".into()])
            ]
        );
    }

    #[test]
    fn unchanged_values_send_nothing() {
        let before = TaskRow {
            id: 7,
            priority: Some(weeek_api::models::Priority::High),
            ..Default::default()
        };
        assert!(
            Change::Priority(Some(weeek_api::models::Priority::High))
                .calls(7, &before)
                .is_empty()
        );
        assert!(!Change::Priority(None).calls(7, &before).is_empty());
    }
}
