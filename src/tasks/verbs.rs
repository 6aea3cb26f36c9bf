//! Triage verbs: applied to the rows at once, sent to the service, rolled back field by field
//! when refused, summed up when a bulk finishes, and undoable with `u`. The bookkeeping (one
//! write after another per task, re-applying over a fresh page, read-backs) is the shared
//! write ledger's (`screen::ledger`); what is a task's own is here.

use std::collections::BTreeSet;

use time::Date;
use weeek_api::models::{Priority, Task, TaskLocation, TaskRow};
use weeek_api::{ApiError, TaskUpdate};

use super::dialogs::{Popup, PromptPurpose};
use super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{
    self, Group, Outcome, Reverse, Settled, Shown, WriteCall, Writes, done, read_item, returning,
};
use crate::screen::lost_answer::{ReadBack, cause_text, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::worker::{TypedCall, op};

/// One field of a task set to a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Completed(bool),
    Priority(Option<Priority>),
    Column(i64),
    Due(Option<Date>),
    Title(String),
    Assignees(Vec<String>),
    /// In the service's order or not: tags compare as sets.
    Tags(Vec<i64>),
}

/// The same tags, whatever their order.
pub fn same_tags(a: &[i64], b: &[i64]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    a.dedup();
    b.sort_unstable();
    b.dedup();
    a == b
}

impl Change {
    /// The same field's value on `task` now: what undo and rollback go back to.
    fn current(&self, task: &TaskRow) -> Change {
        match self {
            Self::Completed(_) => Self::Completed(task.is_completed),
            Self::Priority(_) => Self::Priority(task.priority),
            Self::Column(_) => Self::Column(
                task.primary_location()
                    .and_then(|l| l.board_column_id)
                    .unwrap_or_default(),
            ),
            Self::Due(_) => Self::Due(task.due_day()),
            Self::Title(_) => Self::Title(task.title.clone().unwrap_or_default()),
            Self::Assignees(_) => Self::Assignees(task.all_assignees()),
            Self::Tags(asked) if same_tags(asked, &task.tags) => self.clone(),
            Self::Tags(_) => Self::Tags(task.tags.clone()),
        }
    }

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

    fn apply(&self, task: &mut TaskRow) {
        match self {
            Self::Completed(done) => {
                task.is_completed = *done;
                if !done {
                    task.completed_at = None;
                }
            }
            Self::Priority(p) => task.priority = *p,
            Self::Column(col) => {
                task.board_column_id = Some(*col);
                if let Some(first) = task.locations.first_mut() {
                    first.board_column_id = Some(*col);
                } else if let Some(project_id) = task.project_id {
                    task.locations.push(TaskLocation {
                        project_id,
                        board_id: task.board_id,
                        board_column_id: Some(*col),
                    });
                }
            }
            Self::Due(d) => {
                task.due_date = *d;
                task.due_date_time = None;
                task.legacy_due = None;
            }
            Self::Title(t) => task.title = Some(t.clone()),
            Self::Assignees(a) => {
                task.assignees = a.clone();
                task.user_id = a.first().cloned();
            }
            Self::Tags(t) => task.tags = t.clone(),
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
        let bulk = self.new_bulk(label.clone(), suffix, failed, record_undo);
        let mut inverse = Vec::new();
        let mut off_screen = false;
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
            let edit = Edit::Set {
                applied: change,
                previous,
            };
            self.writes.add(bulk, id, name, edit, calls, cx);
        }
        if !self.writes.keep_if_any(bulk) {
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

    /// The answer to write `n`: the service's copy of the task when the call returns one.
    pub(super) fn on_write_reply(
        &mut self,
        n: u64,
        result: Result<Option<Task>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
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

    /// The answer to read-back `n` of a task whose write lost its answer.
    pub(super) fn on_read_back_reply(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
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
    pub(super) fn reapply_pending(&mut self, cx: &ScreenCtx) {
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
            cx.toast(
                ToastKind::Success,
                format!("{} {what}{}{read_back}{left}{undo}", b.label, b.suffix),
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
                feedback: super::dialogs::Feedback::Err(why),
            });
        }
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
        // A row still being created has no id the service knows yet.
        if targets.iter().any(|id| *id < 0) {
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

    /// `u`: reverts the newest reversible change; again, the one before (an undo itself is
    /// not undone). The cursor goes to the task it changes.
    pub(super) fn undo(&mut self, cx: &mut ScreenCtx) {
        let Some(entry) = self.writes.pop_undo() else {
            cx.toast(ToastKind::Info, "Nothing to undo");
            return;
        };
        match &entry.reverse {
            Reverse::Final => cx.toast(
                ToastKind::Info,
                format!("{}: a delete cannot be undone", entry.label),
            ),
            Reverse::Created(id) => {
                let id = *id;
                self.focus_on(id, cx);
                self.layers
                    .set_popup(Popup::ConfirmDelete { ids: vec![id] });
            }
            Reverse::Changes(items) => {
                // Each entry sets back what its action replaced.
                let plans: Vec<Plan> = items
                    .iter()
                    .filter_map(|(id, name, edit)| match edit {
                        Edit::Set { applied, previous } => Some(Plan {
                            id: *id,
                            name: name.clone(),
                            change: applied.clone(),
                            assumed: Some(previous.clone()),
                        }),
                        Edit::Delete { .. } => None,
                    })
                    .collect();
                let first = plans.first().map(|p| p.id);
                let bulk = self.send_changes(
                    format!("Undid: {}", lower_first(&entry.label)),
                    String::new(),
                    plans,
                    false,
                    cx,
                );
                let off_screen = first.filter(|id| self.index_of(*id).is_none());
                if let Some(id) = first.filter(|_| bulk.is_some()) {
                    self.focus_on(id, cx);
                }
                if let Some(b) = bulk.and_then(|b| self.writes.note_mut(b)) {
                    b.undo_of = Some(entry);
                    b.focus = off_screen;
                }
            }
        }
    }

    /// Puts the cursor on task `id` when it is loaded (else the reload after the undo does).
    fn focus_on(&mut self, id: i64, cx: &mut ScreenCtx) {
        if let Some(idx) = self.index_of(id) {
            self.focus = None;
            self.move_to(idx as isize, cx);
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
            let edit = Edit::Delete {
                at: idx,
                row: Box::new(row),
            };
            self.writes
                .add(bulk, id, name, edit, vec![done(op::DeleteTask(id))], cx);
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
        if self.writes.keep_if_any(bulk) {
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
