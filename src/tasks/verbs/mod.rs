//! Triage verbs: applied to the rows at once, sent to the service, rolled back field by field
//! when refused, summed up when a bulk finishes, and undoable with `u`. The bookkeeping (one
//! write after another per task, re-applying over a fresh page, read-backs) is the shared
//! write ledger's (`screen::ledger`); what is a task's own is here: the verbs and how a bulk
//! is sent (here), the ledger's side of a task (`writes`), `u` (`undo`).

use std::collections::BTreeSet;

use time::Date;
use weeek_api::TaskUpdate;
use weeek_api::models::{Priority, Task, TaskRow};

use super::TasksState;
use super::dialogs::{Popup, PromptPurpose};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Reverse, WriteCall, done, returning};
use crate::screen::toast::ToastKind;
use crate::worker::op;

mod undo;
mod writes;

pub use writes::{Edit, TaskWrites, UndoEntry};
/// One field of a task set to a value (the outbox keeps the same changes).
pub type Change = crate::outbox::TaskField;
pub use crate::outbox::task::same_tags;

impl Change {
    /// How a failure reads: "Could not {this} “title”".
    fn failure_verb(&self) -> &'static str {
        match self {
            Self::Completed(true) => "complete",
            Self::Completed(false) => "reopen",
            Self::Priority(_) => "set the priority of",
            Self::Column(_) => "move",
            Self::Due(_) => "set the due date of",
            Self::Title(_) => "rename",
            Self::Assignees(_) => "change the assignees of",
            Self::Tags(_) => "tag",
        }
    }

    /// The requests that make `before` carry this change; none when nothing changes.
    fn calls(&self, id: i64, before: &TaskRow) -> Vec<WriteCall<Task>> {
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
        }
    }
}

/// What a triage action keeps beside its changes.
#[derive(Debug, Clone)]
pub struct Bulk {
    /// "Completed", "Priority High for", …
    label: String,
    /// " to Review", …
    suffix: String,
    /// "complete", "move", …: how a failure reads.
    failed: &'static str,
    undoable: bool,
    /// Typed text to offer again if the service refuses it (a new title, a rename).
    retry: Option<(PromptPurpose, String)>,
    /// For an undo: the entry to keep for another `u` if the service refuses part of it.
    undo_of: Option<UndoEntry>,
    /// Some of its tasks were not loaded: the list is read again once it settles.
    reload_after: bool,
    /// The task the cursor goes to once that reload brings it.
    focus: Option<i64>,
}

/// One task's change to send: `assumed` is what the service has of the field, for a task
/// that is not loaded.
struct Plan {
    id: i64,
    name: String,
    change: Change,
    assumed: Option<Change>,
}

/// "Completed" → "completed", "Priority High for" → "priority High for": only the first
/// letter, so the names in a label keep their capitals.
fn lower_first(label: &str) -> String {
    let mut chars = label.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whole: the toast shortens it, `M` shows it all.
pub(super) fn quoted(title: &str) -> String {
    crate::text::quoted_full(title)
}

fn count(n: usize) -> String {
    if n == 1 {
        "1 task".into()
    } else {
        format!("{n} tasks")
    }
}

impl TasksState {
    fn new_bulk(
        &mut self,
        label: String,
        suffix: String,
        failed: &'static str,
        undoable: bool,
    ) -> u64 {
        self.writes.group(Bulk {
            label,
            suffix,
            failed,
            undoable,
            retry: None,
            undo_of: None,
            reload_after: false,
            focus: None,
        })
    }

    /// Applies `changes` to the rows now and sends them. Returns the bulk id, or `None` when
    /// nothing needed to change.
    pub(super) fn apply_changes(
        &mut self,
        label: String,
        suffix: String,
        changes: Vec<(i64, Change)>,
        record_undo: bool,
        cx: &mut ScreenCtx,
    ) -> Option<u64> {
        let plans = changes
            .into_iter()
            .filter_map(|(id, change)| {
                let name = self.task(id)?.display_title().to_string();
                Some(Plan {
                    id,
                    name,
                    change,
                    assumed: None,
                })
            })
            .collect();
        self.send_changes(label, suffix, plans, record_undo, cx)
    }

    /// Applies each plan to its row, when loaded, and sends it. A task that is not loaded
    /// (a reload took it off the list) is sent all the same when its plan says what the
    /// service has; the list is reloaded once that settles, so the task shows again if it
    /// belongs there.
    fn send_changes(
        &mut self,
        label: String,
        suffix: String,
        plans: Vec<Plan>,
        record_undo: bool,
        cx: &mut ScreenCtx,
    ) -> Option<u64> {
        let failed = plans.first().map_or("change", |p| p.change.failure_verb());
        let bulk = self.new_bulk(label.clone(), suffix.clone(), failed, record_undo);
        let mut inverse = Vec::new();
        let mut off_screen = false;
        // Changes kept in the outbox rather than sent, by the name of their task.
        let mut kept = Vec::new();
        for Plan {
            id,
            name,
            change,
            assumed,
        } in plans
        {
            let idx = self.index_of(id);
            let before = match (self.task(id).cloned(), assumed) {
                (Some(shown), _) => shown,
                (None, Some(assumed)) => {
                    let mut bare = TaskRow {
                        id,
                        ..Default::default()
                    };
                    assumed.apply(&mut bare);
                    bare
                }
                (None, None) => continue,
            };
            let calls = change.calls(id, &before);
            if calls.is_empty() {
                continue;
            }
            let previous = change.current(&before);
            let mut in_pane = false;
            match idx {
                Some(idx) => change.apply(&mut self.list.rows[idx]),
                // A subtask of the detail pane that is not a loaded row shows it there.
                None => {
                    if let Some(Some(row)) = self.subtask_rows.get_mut(&id) {
                        change.apply(row);
                        in_pane = true;
                    }
                }
            }
            let on_board = self.layers.board_mut().is_some_and(|b| {
                let found = b.with_card(id, |card| change.apply(card));
                b.rehome();
                found
            });
            off_screen |= idx.is_none() && !on_board && !in_pane;
            inverse.push((
                id,
                name.clone(),
                Edit::Set {
                    applied: previous.clone(),
                    previous: change.clone(),
                },
            ));
            if cx.offline.must_queue(&crate::outbox::task_ref(id)) {
                kept.push(name.clone());
                self.queue_set(id, name, change, previous, cx);
                continue;
            }
            let edit = Edit::Set {
                applied: change,
                previous,
            };
            self.writes.add(bulk, id, name, edit, calls, cx);
        }
        let sent = self.writes.keep_if_any(bulk);
        if !kept.is_empty() {
            let what = match kept.as_slice() {
                [one] => quoted(one),
                _ => count(kept.len()),
            };
            let note = super::offline::kept_note(cx);
            cx.toast(ToastKind::Success, format!("{label} {what}{suffix}{note}"));
        } else if !sent {
            cx.toast(ToastKind::Info, "Nothing to change");
            return None;
        }
        if let Some(b) = self.writes.note_mut(bulk) {
            b.reload_after = off_screen;
        }
        if record_undo {
            self.writes.push_undo(UndoEntry {
                group: bulk,
                label,
                reverse: Reverse::Changes(inverse),
            });
        }
        Some(bulk)
    }

    /// Task `id` as shown: the list's row, else the board's card, else a subtask the detail
    /// pane read.
    pub(super) fn task(&self, id: i64) -> Option<&TaskRow> {
        self.list
            .rows
            .iter()
            .find(|t| t.id == id)
            .or_else(|| self.layers.board()?.card(id))
            .or_else(|| self.subtask_rows.get(&id).and_then(Option::as_ref))
    }

    // ----- the verbs -----------------------------------------------------------------------

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
                self.queue_delete(id, &row, cx);
                kept += 1;
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
            let note = super::offline::kept_note(cx);
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
            priority: Some(Priority::High),
            ..Default::default()
        };
        assert!(
            Change::Priority(Some(Priority::High))
                .calls(7, &before)
                .is_empty()
        );
        assert!(!Change::Priority(None).calls(7, &before).is_empty());
    }
}
