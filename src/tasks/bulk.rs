//! A triage action on one task or many (a bulk): its changes applied to the rows at once and
//! sent through the ledger, summed up in one message once every change is settled, and `u`,
//! which walks back through them.

use weeek_api::ApiError;
use weeek_api::models::{Task, TaskRow};

use super::TasksState;
use super::dialogs::{Popup, PromptPurpose};
use super::task_writes::{Change, Edit, Rows, TaskWrites, UndoEntry};
use super::verbs::{count, quoted};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Outcome, Reverse, Settled};
use crate::screen::lost_answer::{ReadBack, cause_text};
use crate::screen::offline::unreachable;
use crate::screen::toast::ToastKind;

/// What a triage action keeps beside its changes.
#[derive(Debug, Clone)]
pub struct Bulk {
    /// "Completed", "Priority High for", …
    pub(super) label: String,
    /// " to Review", …
    pub(super) suffix: String,
    /// "complete", "move", …: how a failure reads.
    pub(super) failed: &'static str,
    pub(super) undoable: bool,
    /// Typed text to offer again if the service refuses it (a new title, a rename).
    pub(super) retry: Option<(PromptPurpose, String)>,
    /// For an undo: the entry to keep for another `u` if the service refuses part of it.
    pub(super) undo_of: Option<UndoEntry>,
    /// Some of its tasks were not loaded: the list is read again once it settles.
    pub(super) reload_after: bool,
    /// The task the cursor goes to once that reload brings it.
    pub(super) focus: Option<i64>,
}

/// One task's change to send: `assumed` is what the service has of the field, for a task
/// that is not loaded.
pub(super) struct Plan {
    pub(super) id: i64,
    pub(super) name: String,
    pub(super) change: Change,
    pub(super) assumed: Option<Change>,
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

impl TasksState {
    pub(super) fn new_bulk(
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
            let note = cx.kept_note();
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

    /// The answer to write `n` (the service's copy of the task when the call returns one),
    /// or to the read-back of a task whose write lost its answer.
    pub(super) fn on_write(&mut self, n: u64, settled: Settled<Task>, cx: &mut ScreenCtx) {
        // Nothing reached the service (the app is offline now), or a lost answer's read-back
        // cannot reach it either: the change, and those of its task behind it, go to the
        // outbox as they would have offline; the replay reads the task before it sends
        // anything, so one that landed after all is not sent again. A lost answer is read
        // back first, as ever.
        let out_of_reach = match &settled {
            Settled::Written(Err(e)) => unreachable(e) && !e.may_have_been_applied(),
            Settled::ReadBack(Err(e)) => unreachable(e),
            _ => false,
        };
        if out_of_reach && cx.is_offline() {
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
        if let Some(done) = self.writes.on_settled(n, settled, &mut rows, cx) {
            self.finish_bulk(done, cx);
        }
        self.restore_places(cx);
    }

    /// Write or read-back `n` could not reach the service: its change, and those of its task
    /// behind it, go to the outbox.
    fn keep_for_later(&mut self, n: u64, cx: &mut ScreenCtx) {
        let (changes, settled) = self.writes.hand_over(n, cx);
        for (id, name, edit) in changes {
            match edit {
                Edit::Set { applied, previous } => self.queue_set(id, name, applied, previous, cx),
                Edit::Delete { row, .. } => {
                    cx.queue_delete(crate::outbox::task_ref(id), name, row.updated_at);
                }
            }
        }
        for done in settled {
            self.finish_bulk(done, cx);
        }
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
        // And so do the changes of the outbox (they may be older than the page).
        self.reapply_outbox(cx);
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
                cx.kept_note()
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
}
