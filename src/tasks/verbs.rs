//! Triage verbs: applied to the rows at once, sent to the service, rolled back field by field
//! when refused, summed up when a bulk finishes, and undoable with `u`.

use std::collections::{BTreeMap, BTreeSet};

use time::Date;
use weeek_api::models::{Priority, Task, TaskLocation};
use weeek_api::{ApiError, TaskUpdate};

use super::TasksState;
use super::dialogs::{PickPurpose, Popup, PromptPurpose};
use crate::app::Env;
use crate::app::lost_answer::{
    AfterFailure, ReadBack, after_failure, cause_text, read_back_failed,
};
use crate::app::toast::ToastKind;
use crate::worker::{Call, Data, Reply};

/// One field of a task set to a value.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Completed(bool),
    Priority(Option<Priority>),
    Column(i64),
    Due(Option<Date>),
    Title(String),
    Assignees(Vec<String>),
}

impl Change {
    /// The same field's value on `task` now: what undo and rollback go back to.
    fn current(&self, task: &Task) -> Change {
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
        }
    }

    fn apply(&self, task: &mut Task) {
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
                task.date = None;
            }
            Self::Title(t) => task.title = Some(t.clone()),
            Self::Assignees(a) => {
                task.assignees = a.clone();
                task.user_id = a.first().cloned();
            }
        }
    }

    /// The requests that make `before` carry this change; none when nothing changes.
    fn calls(&self, id: i64, before: &Task) -> Vec<Call> {
        if self.current(before) == *self {
            return Vec::new();
        }
        let update = |u: TaskUpdate| vec![Call::UpdateTask(id, u)];
        match self {
            Self::Completed(true) => vec![Call::CompleteTask(id)],
            Self::Completed(false) => vec![Call::UncompleteTask(id)],
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
            Self::Assignees(new) => {
                let old = before.all_assignees();
                let add: Vec<String> = new.iter().filter(|m| !old.contains(m)).cloned().collect();
                let remove: Vec<String> =
                    old.iter().filter(|m| !new.contains(m)).cloned().collect();
                let mut calls = Vec::new();
                if !add.is_empty() {
                    calls.push(Call::AddAssignees(id, add));
                }
                if !remove.is_empty() {
                    calls.push(Call::RemoveAssignees(id, remove));
                }
                calls
            }
        }
    }
}

/// How many changes `u` can walk back through.
const UNDO_DEPTH: usize = 50;

/// What `u` reverts: the previous value of each changed task.
#[derive(Debug, Clone, PartialEq)]
pub struct UndoEntry {
    pub bulk: u64,
    pub label: String,
    pub changes: Vec<(i64, Change)>,
}

#[derive(Debug, Clone)]
pub struct PendingWrite {
    bulk: u64,
    task: i64,
    /// A read of the task after a write of this bulk lost its answer.
    read_back: bool,
}

/// How to undo a write the service refused. Each kind also says how to redo the write on a
/// freshly loaded page while it is still in flight (the page predates it).
#[derive(Debug, Clone)]
enum Rollback {
    /// Put the field back, unless a later change has replaced `applied` meanwhile.
    Field { previous: Change, applied: Change },
    /// Put a removed row back where it was.
    Reinsert(usize, Box<Task>),
}

#[derive(Debug, Clone)]
struct Outcome {
    title: String,
    /// Requests still to be answered, the read-back included.
    remaining: usize,
    error: Option<ApiError>,
    rollback: Rollback,
    /// The failure that left the write's fate unknown; the task is then read back.
    lost: Option<ApiError>,
    /// What reading it back showed.
    read_back: Option<ReadBack>,
}

/// The requests of one verb on one or more tasks.
#[derive(Debug, Clone)]
pub struct Bulk {
    /// "Completed", "Priority High for", …
    label: String,
    /// " to Review", …
    suffix: String,
    /// "complete", "move", …: how a failure reads.
    failed: &'static str,
    undoable: bool,
    tasks: BTreeMap<i64, Outcome>,
    /// Typed text to offer again if the service refuses it (a new title, a rename).
    retry: Option<(PromptPurpose, String)>,
    /// For an undo: the entry to keep for another `u` if the service refuses part of it.
    undo_of: Option<UndoEntry>,
}

fn quoted(title: &str) -> String {
    crate::text::quoted(title, 40)
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
        self.next_write += 1;
        let id = self.next_write;
        self.bulks.insert(
            id,
            Bulk {
                label,
                suffix,
                failed,
                undoable,
                tasks: BTreeMap::new(),
                retry: None,
                undo_of: None,
            },
        );
        id
    }

    /// Applies `changes` to the rows now and sends them. Returns the bulk id, or `None` when
    /// nothing needed to change.
    pub(super) fn apply_changes(
        &mut self,
        label: String,
        suffix: String,
        changes: Vec<(i64, Change)>,
        record_undo: bool,
        env: &mut Env,
    ) -> Option<u64> {
        let failed = changes.first().map_or("change", |(_, c)| c.failure_verb());
        let bulk = self.new_bulk(label.clone(), suffix, failed, record_undo);
        let mut inverse = Vec::new();
        for (id, change) in changes {
            let Some(idx) = self.index_of(id) else {
                continue;
            };
            let before = self.rows[idx].clone();
            let calls = change.calls(id, &before);
            if calls.is_empty() {
                continue;
            }
            let previous = change.current(&before);
            change.apply(&mut self.rows[idx]);
            inverse.push((id, previous.clone()));
            if let Some(b) = self.bulks.get_mut(&bulk) {
                b.tasks.insert(
                    id,
                    Outcome {
                        title: before.display_title().to_string(),
                        remaining: calls.len(),
                        error: None,
                        rollback: Rollback::Field {
                            previous,
                            applied: change.clone(),
                        },
                        lost: None,
                        read_back: None,
                    },
                );
            }
            for call in calls {
                self.send_write(bulk, id, call, env);
            }
        }
        if inverse.is_empty() {
            self.bulks.remove(&bulk);
            env.toast(ToastKind::Info, "Nothing to change");
            return None;
        }
        if record_undo {
            if self.undo.len() == UNDO_DEPTH {
                self.undo.remove(0);
            }
            self.undo.push(UndoEntry {
                bulk,
                label,
                changes: inverse,
            });
        }
        Some(bulk)
    }

    pub(super) fn on_write_reply(&mut self, reply: Reply, env: &mut Env) {
        let Some(PendingWrite {
            bulk,
            task,
            read_back,
        }) = self.writes.remove(&reply.key)
        else {
            return;
        };
        if read_back {
            self.on_read_back(bulk, task, reply.result);
        } else {
            self.on_write_answer(bulk, task, reply.result);
        }
        self.send_next(task, env);
        self.finish_bulk_if_done(bulk, env);
    }

    fn on_write_answer(&mut self, bulk: u64, task: i64, result: Result<Data, ApiError>) {
        let more_queued = self.queued.get(&task).is_some_and(|q| !q.is_empty());
        let Some(outcome) = self
            .bulks
            .get_mut(&bulk)
            .and_then(|b| b.tasks.get_mut(&task))
        else {
            return;
        };
        outcome.remaining = outcome.remaining.saturating_sub(1);
        let mut roll_back = None;
        let mut read = false;
        match result {
            Ok(data) => {
                // The service's copy is the truth, unless more changes to the task are still
                // on their way or its fate is being read back.
                if let Data::Task(fresh) = data
                    && outcome.error.is_none()
                    && outcome.lost.is_none()
                    && !more_queued
                    && let Some(idx) = self.rows.iter().position(|t| t.id == task)
                {
                    self.rows[idx] = *fresh;
                }
            }
            Err(e) => match after_failure(&e) {
                // One read-back settles the whole change, whatever its other calls answer.
                AfterFailure::ReadBack if outcome.lost.is_none() => {
                    outcome.lost = Some(e);
                    outcome.remaining += 1;
                    read = true;
                }
                AfterFailure::ReadBack => {}
                AfterFailure::RollBack if outcome.error.is_none() => {
                    if outcome.lost.is_none() {
                        roll_back = Some(outcome.rollback.clone());
                    }
                    outcome.error = Some(e);
                }
                AfterFailure::RollBack => {}
            },
        }
        if let Some(rollback) = roll_back {
            self.roll_back(task, rollback);
        }
        if read {
            self.queue_read_back(bulk, task);
        }
    }

    /// Reads the task back once the change's own calls are done, before any later write to
    /// it: what it shows is then this change's doing, not a later one's.
    fn queue_read_back(&mut self, bulk: u64, task: i64) {
        self.next_write += 1;
        let key = format!("{}w:{}", super::KEY_PREFIX, self.next_write);
        self.writes.insert(
            key.clone(),
            PendingWrite {
                bulk,
                task,
                read_back: true,
            },
        );
        let writes = &self.writes;
        let waiting = self.queued.entry(task).or_default();
        let after = waiting
            .iter()
            .rposition(|(k, _)| writes.get(k).is_some_and(|w| w.bulk == bulk))
            .map_or(0, |i| i + 1);
        waiting.insert(after, (key, Call::Task(task)));
    }

    /// Shows what the service has for a task whose write lost its answer, and records which it
    /// was for the bulk's message.
    fn on_read_back(&mut self, bulk: u64, task: i64, result: Result<Data, ApiError>) {
        let more_queued = self.queued.get(&task).is_some_and(|q| !q.is_empty());
        let Some(rollback) = self
            .bulks
            .get(&bulk)
            .and_then(|b| b.tasks.get(&task))
            .map(|o| o.rollback.clone())
        else {
            return;
        };
        let fresh = result.and_then(|d| match d {
            Data::Task(t) => Ok(*t),
            other => Err(crate::app::directory::unexpected(&other)),
        });
        let verdict = match (fresh, rollback) {
            (Ok(fresh), Rollback::Field { applied, .. }) => {
                let verdict = if applied.current(&fresh) == applied {
                    ReadBack::Applied
                } else {
                    ReadBack::NotApplied
                };
                if let Some(idx) = self.index_of(task) {
                    if !more_queued {
                        self.rows[idx] = fresh;
                    } else if !verdict.applied() && applied.current(&self.rows[idx]) == applied {
                        // Later changes are still on their way: only this field is put right.
                        applied.current(&fresh).apply(&mut self.rows[idx]);
                    }
                }
                verdict
            }
            (Ok(fresh), Rollback::Reinsert(idx, _)) if !fresh.is_deleted => {
                if self.index_of(task).is_none() {
                    self.rows.insert(idx.min(self.rows.len()), fresh);
                }
                ReadBack::NotApplied
            }
            (Ok(_), Rollback::Reinsert(..)) => ReadBack::Applied,
            (Err(ApiError::NotFound { .. }), Rollback::Reinsert(..)) => ReadBack::Applied,
            (Err(e), _) => {
                let verdict = read_back_failed(e);
                if verdict == ReadBack::Gone
                    && let Some(idx) = self.index_of(task)
                {
                    self.rows.remove(idx);
                    self.cursor = self.cursor.min(self.rows.len().saturating_sub(1));
                }
                verdict
            }
        };
        let Some(outcome) = self
            .bulks
            .get_mut(&bulk)
            .and_then(|b| b.tasks.get_mut(&task))
        else {
            return;
        };
        outcome.remaining = outcome.remaining.saturating_sub(1);
        if verdict.applied() {
            outcome.error = None;
        } else if outcome.error.is_none() {
            outcome.error = outcome.lost.clone();
        }
        outcome.read_back = Some(verdict);
    }

    /// Sends `call` now, or after the writes to the same task already on their way: the
    /// service must see two quick changes of one task in the order they were made.
    fn send_write(&mut self, bulk: u64, task: i64, call: Call, env: &mut Env) {
        self.next_write += 1;
        let key = format!("{}w:{}", super::KEY_PREFIX, self.next_write);
        self.writes.insert(
            key.clone(),
            PendingWrite {
                bulk,
                task,
                read_back: false,
            },
        );
        match self.queued.get_mut(&task) {
            Some(waiting) => waiting.push_back((key, call)),
            None => {
                self.queued.insert(task, std::collections::VecDeque::new());
                env.request(key, call);
            }
        }
    }

    fn send_next(&mut self, task: i64, env: &mut Env) {
        match self.queued.get_mut(&task).and_then(|q| q.pop_front()) {
            Some((key, call)) => env.request(key, call),
            None => {
                self.queued.remove(&task);
            }
        }
    }

    /// A page loaded while writes are on their way predates them: apply them again.
    pub(super) fn reapply_pending(&mut self) {
        let pending: Vec<(i64, Rollback)> = self
            .bulks
            .values()
            .flat_map(|b| b.tasks.iter())
            .filter(|(_, o)| o.remaining > 0 && o.error.is_none())
            .map(|(id, o)| (*id, o.rollback.clone()))
            .collect();
        for (id, rollback) in pending {
            match rollback {
                Rollback::Field { applied, .. } => {
                    if let Some(idx) = self.index_of(id) {
                        applied.apply(&mut self.rows[idx]);
                    }
                }
                Rollback::Reinsert(..) => {
                    if let Some(idx) = self.index_of(id) {
                        self.rows.remove(idx);
                    }
                }
            }
        }
    }

    fn roll_back(&mut self, task: i64, rollback: Rollback) {
        match rollback {
            Rollback::Field { previous, applied } => {
                if let Some(idx) = self.index_of(task)
                    && applied.current(&self.rows[idx]) == applied
                {
                    previous.apply(&mut self.rows[idx]);
                }
            }
            Rollback::Reinsert(idx, row) => {
                let idx = idx.min(self.rows.len());
                self.rows.insert(idx, *row);
            }
        }
    }

    fn finish_bulk_if_done(&mut self, bulk: u64, env: &mut Env) {
        let done = self
            .bulks
            .get(&bulk)
            .is_some_and(|b| b.tasks.values().all(|o| o.remaining == 0));
        if !done {
            return;
        }
        let Some(b) = self.bulks.remove(&bulk) else {
            return;
        };
        let total = b.tasks.len();
        let failed: Vec<&Outcome> = b.tasks.values().filter(|o| o.error.is_some()).collect();
        let ok = total - failed.len();
        if failed.is_empty() {
            let what = if total == 1 {
                b.tasks
                    .values()
                    .next()
                    .map(|o| quoted(&o.title))
                    .unwrap_or_default()
            } else {
                count(total)
            };
            let undo = match env.keys.say("tasks.undo", "to undo") {
                Some(say) if b.undoable && self.undo.iter().any(|u| u.bulk == bulk) => {
                    format!(" · {say}")
                }
                _ => String::new(),
            };
            // Said when an answer was lost on the way: the change holds all the same.
            let read_back = b
                .tasks
                .values()
                .find_map(|o| o.read_back.as_ref())
                .map(|v| format!(" ({})", v.note()))
                .unwrap_or_default();
            env.toast(
                ToastKind::Success,
                format!("{} {what}{}{read_back}{undo}", b.label, b.suffix),
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
                quoted(&first.title),
                b.suffix
            )
        } else {
            format!(
                "{} {ok} of {total}{}, {} failed: {why}",
                b.label,
                b.suffix,
                failed.len()
            )
        };
        env.toast(ToastKind::Error, text);
        if ok == 0 {
            self.undo.retain(|u| u.bulk != bulk);
        }
        // A refused undo stays undoable: `u` again tries what did not go through (what did is
        // already in place and sends nothing).
        if let Some(entry) = b.undo_of {
            self.undo.push(entry);
        }
        // What was typed is not lost: the prompt comes back with it and the reason.
        if let Some((purpose, text)) = b.retry
            && self.popup.is_none()
        {
            self.popup = Some(Popup::Prompt {
                purpose,
                field: crate::widgets::field::TextField::with_value(text),
                feedback: super::dialogs::Feedback::Err(why),
            });
        }
    }

    fn task(&self, id: i64) -> Option<&Task> {
        self.rows.iter().find(|t| t.id == id)
    }

    // ----- the verbs -----------------------------------------------------------------------

    fn nothing_selected(&self, env: &mut Env) -> bool {
        let targets = self.targets();
        if targets.is_empty() {
            env.toast(ToastKind::Info, "No task here");
            return true;
        }
        // A row still being created has no id the service knows yet.
        if targets.iter().any(|id| *id < 0) {
            env.toast(ToastKind::Info, "That task is still being created");
            return true;
        }
        false
    }

    /// `x`: completes the targets, or reopens them when all are already done.
    pub(super) fn complete(&mut self, env: &mut Env) {
        if self.nothing_selected(env) {
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
        self.apply_changes(label.into(), String::new(), changes, true, env);
    }

    /// `0`–`3`.
    pub(super) fn set_priority(&mut self, n: u8, env: &mut Env) {
        if self.nothing_selected(env) {
            return;
        }
        let p = Priority::from_number(i64::from(n));
        let label = format!("Priority {} for", p.map_or("none", Priority::label));
        let changes = self
            .targets()
            .into_iter()
            .map(|id| (id, Change::Priority(p)))
            .collect();
        self.apply_changes(label, String::new(), changes, true, env);
    }

    pub(super) fn apply_move(&mut self, board: i64, column: i64, targets: Vec<i64>, env: &mut Env) {
        let (same, other): (Vec<i64>, Vec<i64>) = targets.into_iter().partition(|id| {
            self.task(*id)
                .and_then(Task::primary_location)
                .and_then(|l| l.board_id)
                == Some(board)
        });
        if !other.is_empty() {
            env.toast(
                ToastKind::Info,
                format!("{} on other boards left where they are", count(other.len())),
            );
        }
        let suffix = format!(" to {}", env.dir.column_name(column));
        let changes = same
            .into_iter()
            .map(|id| (id, Change::Column(column)))
            .collect();
        self.apply_changes("Moved".into(), suffix, changes, true, env);
    }

    /// Adds `added` and removes `removed` on every target: toggles in the picker, so a bulk
    /// assignment keeps the other assignees each task has.
    pub(super) fn apply_assign(
        &mut self,
        targets: Vec<i64>,
        added: BTreeSet<String>,
        removed: BTreeSet<String>,
        env: &mut Env,
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
            env,
        );
    }

    pub(super) fn apply_due(&mut self, targets: Vec<i64>, due: Option<Date>, env: &mut Env) {
        let label = match due {
            Some(d) => format!("Due {} for", crate::date_input::DayRange::day(d).describe()),
            None => "Cleared the due date of".into(),
        };
        let changes = targets
            .into_iter()
            .map(|id| (id, Change::Due(due)))
            .collect();
        self.apply_changes(label, String::new(), changes, true, env);
    }

    pub(super) fn apply_rename(&mut self, id: i64, title: String, env: &mut Env) {
        let bulk = self.apply_changes(
            "Renamed".into(),
            String::new(),
            vec![(id, Change::Title(title.clone()))],
            true,
            env,
        );
        if let Some(b) = bulk.and_then(|b| self.bulks.get_mut(&b)) {
            b.retry = Some((PromptPurpose::Rename { id }, title));
        }
    }

    /// `u`: reverts the newest reversible change; again, the one before (an undo itself is
    /// not undone).
    pub(super) fn undo(&mut self, env: &mut Env) {
        let Some(entry) = self.undo.pop() else {
            env.toast(ToastKind::Info, "Nothing to undo");
            return;
        };
        let bulk = self.apply_changes(
            format!("Undid: {}", entry.label.to_lowercase()),
            String::new(),
            entry.changes.clone(),
            false,
            env,
        );
        if let Some(b) = bulk.and_then(|b| self.bulks.get_mut(&b)) {
            b.undo_of = Some(entry);
        }
    }

    pub(super) fn delete(&mut self, ids: Vec<i64>, env: &mut Env) {
        let bulk = self.new_bulk("Deleted".into(), String::new(), "delete", false);
        for id in ids {
            let Some(idx) = self.index_of(id) else {
                continue;
            };
            let row = self.rows.remove(idx);
            self.marks.remove(&id);
            if let Some(b) = self.bulks.get_mut(&bulk) {
                b.tasks.insert(
                    id,
                    Outcome {
                        title: row.display_title().to_string(),
                        remaining: 1,
                        error: None,
                        rollback: Rollback::Reinsert(idx, Box::new(row)),
                        lost: None,
                        read_back: None,
                    },
                );
            }
            self.send_write(bulk, id, Call::DeleteTask(id), env);
        }
        self.cursor = self.cursor.min(self.rows.len().saturating_sub(1));
        if self.bulks.get(&bulk).is_some_and(|b| b.tasks.is_empty()) {
            self.bulks.remove(&bulk);
        }
    }

    // ----- opening the verbs' popups --------------------------------------------------------

    pub(super) fn open_move(&mut self, env: &mut Env) {
        if self.nothing_selected(env) {
            return;
        }
        let Some(board) = self
            .current()
            .or_else(|| self.targets().first().and_then(|id| self.task(*id)))
            .and_then(Task::primary_location)
            .and_then(|l| l.board_id)
        else {
            env.toast(
                ToastKind::Info,
                "This task is on no board: nothing to move between",
            );
            return;
        };
        env.ensure_columns(board);
        self.popup = Some(Popup::pick(
            PickPurpose::Move {
                board,
                targets: self.targets(),
            },
            env.dir,
            self,
        ));
    }

    pub(super) fn open_assign(&mut self, env: &mut Env) {
        if self.nothing_selected(env) {
            return;
        }
        let targets = self.targets();
        let mut common: Option<Vec<String>> = None;
        for id in &targets {
            let a = self.task(*id).map(Task::all_assignees).unwrap_or_default();
            common = Some(match common {
                None => a,
                Some(c) => c.into_iter().filter(|m| a.contains(m)).collect(),
            });
        }
        let preselected = common.unwrap_or_default();
        self.popup = Some(Popup::pick(
            PickPurpose::Assign {
                targets,
                preselected,
            },
            env.dir,
            self,
        ));
    }

    pub(super) fn open_due(&mut self, env: &mut Env) {
        if self.nothing_selected(env) {
            return;
        }
        let targets = self.targets();
        let current = if targets.len() == 1 {
            self.task(targets[0])
                .and_then(Task::due_day)
                .map(weeek_api::dates::to_filter_date)
                .unwrap_or_default()
        } else {
            String::new()
        };
        self.popup = Some(Popup::prompt(
            PromptPurpose::Due { targets },
            current,
            env.today(),
        ));
    }

    pub(super) fn open_rename(&mut self, env: &mut Env) {
        if self.current().is_some_and(|t| t.id < 0) {
            env.toast(ToastKind::Info, "That task is still being created");
            return;
        }
        if let Some(t) = self.current() {
            let title = t.title.clone().unwrap_or_default();
            self.popup = Some(Popup::prompt(
                PromptPurpose::Rename { id: t.id },
                title,
                time::Date::MIN,
            ));
        }
    }

    pub(super) fn open_new(&mut self) {
        self.popup = Some(Popup::prompt(
            PromptPurpose::New { place: None },
            String::new(),
            time::Date::MIN,
        ));
    }

    pub(super) fn open_delete(&mut self, env: &mut Env) {
        if self.nothing_selected(env) {
            return;
        }
        self.popup = Some(Popup::ConfirmDelete {
            ids: self.targets(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignee_change_becomes_add_and_remove_calls() {
        let before = Task {
            id: 7,
            assignees: vec!["a".into(), "b".into()],
            ..Default::default()
        };
        let calls = Change::Assignees(vec!["b".into(), "c".into()]).calls(7, &before);
        assert_eq!(
            calls,
            vec![
                Call::AddAssignees(7, vec!["c".into()]),
                Call::RemoveAssignees(7, vec!["a".into()])
            ]
        );
    }

    #[test]
    fn unchanged_values_send_nothing() {
        let before = Task {
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
