//! Logged time on a task: `T` logs an entry (duration, day, comment), `L` picks one of the
//! task's entries to edit or delete. Entries show at once and are put back if the service
//! refuses; after a lost answer the task is read again and shows what the service has. A new
//! entry whose answer was lost is looked for among the task's entries (see
//! `screen::lost_answer`): entries carry no creation time, so the ones the task had before the
//! send are what tell a twin from it, and `T` reads the task whole first when it is not held.

use std::collections::BTreeMap;

use weeek_api::models::{Task, TaskRow, TimeEntry};
use weeek_api::{ApiError, TimeEntryInput};

use super::TasksState;
pub use super::time_form::{LogField, LogForm};
use crate::duration;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{self, AfterFailure};
use crate::screen::named_creates::NamedCreates;
use crate::screen::toast::ToastKind;
use crate::screen::write_words;
use crate::text::quoted;
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
use crate::worker::op;
use create::{EntryLookup, NewEntry};

mod answers;
mod create;

pub use answers::TimeAnswer;

/// The requests of logged time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeKey {
    /// A task read again for its time entries (after the timer wrote one).
    Reread(i64),
    /// A new entry, by its number.
    Create(u64),
    /// An entry changed or deleted, by its number.
    Write(u64),
    /// The task of a write whose answer was lost, read back, by the write's number.
    ReadBack(u64),
    /// The task read to look for a new entry whose answer was lost, by the write's number.
    Find(u64),
}

#[derive(Debug, Clone)]
pub enum TimeDialog {
    Form(Box<LogForm>),
    /// `L`: the task's entries; Enter edits the chosen one.
    Entries {
        task_id: i64,
        picker: Picker<String>,
    },
    ConfirmDelete {
        task_id: i64,
        entry: TimeEntry,
    },
}

#[derive(Debug, Clone)]
enum WriteKind {
    Update { before: TimeEntry },
    Delete { before: TimeEntry },
}

#[derive(Debug, Clone)]
struct EntryWrite {
    task_id: i64,
    title: String,
    kind: WriteKind,
    /// The form it was sent from: it opens again, as it was, if the service refuses.
    form: Option<Box<LogForm>>,
}

#[derive(Debug, Default)]
pub struct TimeLog {
    /// Changes and deletes on their way, by number.
    writes: BTreeMap<u64, EntryWrite>,
    next: u64,
    /// New entries on their way: the same entry logged again after a lost answer is looked
    /// for first.
    creates: NamedCreates<EntryLookup>,
    /// What each new entry on its way shows under, and the form it came from, by number.
    new: BTreeMap<u64, NewEntry>,
}

impl TimeLog {
    /// What quitting now would leave unconfirmed.
    pub fn unanswered(&self) -> Option<String> {
        self.creates.unanswered()
    }
}

fn entry_label(e: &TimeEntry, names: &crate::screen::names::Names) -> String {
    let date = e
        .date
        .map(weeek_api::dates::to_filter_date)
        .unwrap_or_default();
    let who = e
        .user_id
        .as_deref()
        .map_or("–".into(), |u| names.member_name(u));
    let mut s = format!("{date}  {:>5}  {who}", duration::format_i64(e.duration));
    if let Some(c) = e.comment.as_deref().filter(|c| !c.trim().is_empty()) {
        s.push_str(&format!("  — {}", crate::text::one_line(c)));
    }
    s
}

impl TasksState {
    fn time_target(&self) -> Option<&TaskRow> {
        self.current().filter(|t| t.id > 0)
    }

    /// `T`: the dialog for a new entry on the cursor task, once the task is held whole: its
    /// entries as they were before the send are what a look after a lost answer goes by.
    pub(super) fn open_log_time(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.time_target() else {
            cx.toast(ToastKind::Info, "No task to log time on");
            return;
        };
        if self.details.get(task.id).is_none() {
            let (id, title) = (task.id, task.display_title().to_string());
            self.read_whole_saying(id, &title, super::details::AfterRead::LogTime, cx);
            return;
        }
        self.layers.offer_time(TimeDialog::Form(Box::new(LogForm {
            task_id: task.id,
            title: task.display_title().to_string(),
            editing: None,
            duration: TextField::default(),
            date: TextField::with_value("today"),
            comment: TextField::default(),
            focus: LogField::Duration,
            error: None,
            refused: BTreeMap::new(),
        })));
    }

    /// `L`: the cursor task's entries, newest day first.
    pub(super) fn open_time_entries(&mut self, cx: &mut ScreenCtx) {
        let Some(row) = self.time_target() else {
            return;
        };
        let (id, title) = (row.id, row.display_title().to_string());
        let Some(task) = self.details.get(id) else {
            // The list holds slim rows: the entries come with the whole task, and open when
            // it is in.
            self.read_whole_saying(id, &title, super::details::AfterRead::TimeEntries, cx);
            return;
        };
        if task.time_entries.is_empty() {
            cx.toast(
                ToastKind::Info,
                format!("No time logged on {} yet", quoted(task.display_title(), 40)),
            );
            return;
        }
        let mut entries = task.time_entries.clone();
        entries.sort_by_key(|e| std::cmp::Reverse(e.date));
        let items = entries
            .iter()
            .filter(|e| !is_temp(&e.id))
            .map(|e| PickItem::new(e.id.clone(), entry_label(e, cx.names)))
            .collect();
        self.layers.offer_time(TimeDialog::Entries {
            task_id: task.id,
            picker: Picker::single("Time entries: Enter edits", items),
        });
    }

    pub(super) fn time_char(&mut self, c: char) -> bool {
        match self.layers.time_dialog_mut() {
            Some(TimeDialog::Form(f)) => f.typing().insert(c),
            Some(TimeDialog::Entries { picker, .. }) => picker.type_char(c),
            _ => false,
        }
    }

    pub(super) fn time_paste(&mut self, text: &str) {
        match self.layers.time_dialog_mut() {
            Some(TimeDialog::Form(f)) => f.typing().paste(text),
            Some(TimeDialog::Entries { picker, .. }) => picker.paste(text),
            _ => {}
        }
    }

    pub(super) fn time_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(dialog) = self.layers.take_time_dialog() else {
            return;
        };
        match dialog {
            TimeDialog::Form(mut f) => match action {
                Action::Cancel => {}
                Action::NextField => {
                    f.focus = f.focus.step(1);
                    self.layers.push_time(TimeDialog::Form(f));
                }
                Action::PrevField => {
                    f.focus = f.focus.step(-1);
                    self.layers.push_time(TimeDialog::Form(f));
                }
                Action::Text(edit) => {
                    f.typing().edit(edit);
                    self.layers.push_time(TimeDialog::Form(f));
                }
                Action::Delete => match f.editing.clone() {
                    Some(entry) => self.layers.push_time(TimeDialog::ConfirmDelete {
                        task_id: f.task_id,
                        entry,
                    }),
                    None => self.layers.push_time(TimeDialog::Form(f)),
                },
                Action::Accept => {
                    if let Err(e) = self.save_entry(&f, cx) {
                        f.error = Some(e);
                        self.layers.push_time(TimeDialog::Form(f));
                    }
                }
                _ => self.layers.push_time(TimeDialog::Form(f)),
            },
            TimeDialog::Entries {
                task_id,
                mut picker,
            } => match picker.act(action) {
                PickerOutcome::Pending => self
                    .layers
                    .push_time(TimeDialog::Entries { task_id, picker }),
                PickerOutcome::Cancelled => {}
                PickerOutcome::Picked(ids) => {
                    let task = self.details.get(task_id);
                    let entry = task.and_then(|t| {
                        t.time_entries
                            .iter()
                            .find(|e| ids.first() == Some(&e.id))
                            .cloned()
                    });
                    if let (Some(task), Some(entry)) = (task, entry) {
                        self.layers.push_time(TimeDialog::Form(Box::new(LogForm {
                            task_id,
                            title: task.display_title().to_string(),
                            duration: TextField::with_value(duration::format_i64(entry.duration)),
                            date: TextField::with_value(
                                entry
                                    .date
                                    .map(weeek_api::dates::to_filter_date)
                                    .unwrap_or_else(|| "today".into()),
                            ),
                            comment: TextField::with_value(
                                entry.comment.clone().unwrap_or_default(),
                            ),
                            editing: Some(entry),
                            focus: LogField::Duration,
                            error: None,
                            refused: BTreeMap::new(),
                        })));
                    }
                }
            },
            TimeDialog::ConfirmDelete { task_id, entry } => match action {
                Action::Yes => self.delete_entry(task_id, entry, cx),
                Action::No | Action::Cancel => {}
                _ => self
                    .layers
                    .push_time(TimeDialog::ConfirmDelete { task_id, entry }),
            },
        }
    }

    /// Sends the form's entry; shows it at once. Err says what to fix.
    fn save_entry(&mut self, f: &LogForm, cx: &mut ScreenCtx) -> Result<(), String> {
        let (minutes, date) = f.reading(cx.today());
        let minutes = minutes?;
        let date = date?;
        let me = cx
            .names
            .me()
            .map(|u| u.id.clone())
            .ok_or("your profile is still loading: a moment")?;
        let comment = f.comment.value().trim();
        let user_id = f
            .editing
            .as_ref()
            .and_then(|e| e.user_id.clone())
            .unwrap_or(me);
        let input = TimeEntryInput {
            user_id: user_id.clone(),
            is_overtime: f.editing.as_ref().is_some_and(|e| e.is_overtime),
            date,
            minutes: u16::try_from(minutes).map_err(|_| "too long".to_string())?,
            comment: (!comment.is_empty() || f.editing.is_some()).then(|| comment.to_string()),
        };
        if self.index_of(f.task_id).is_none() {
            return Err("the task is no longer in the list".into());
        }
        let shown = TimeEntry {
            id: String::new(),
            user_id: Some(user_id),
            r#type: Some(2),
            is_overtime: input.is_overtime,
            date: Some(date),
            duration: Some(i64::from(minutes)),
            comment: input.comment.clone(),
            duration_seconds: None,
        };
        let Some(before) = &f.editing else {
            if Self::must_queue_task(f.task_id, cx) {
                self.queue_time(f.task_id, input, cx);
                return Ok(());
            }
            let lookup = EntryLookup {
                task_id: f.task_id,
                input,
                title: f.title.clone(),
            };
            self.log_entry(lookup, shown, f, cx);
            return Ok(());
        };
        // Shown at once in the whole task the detail pane keeps (when it keeps it: a task
        // read later has the entry from the service).
        if let Some(e) = self
            .details
            .get_mut(f.task_id)
            .and_then(|t| t.time_entries.iter_mut().find(|e| e.id == before.id))
        {
            *e = TimeEntry {
                id: before.id.clone(),
                r#type: before.r#type,
                ..shown
            };
        }
        let n = self.time.next;
        self.time.next += 1;
        let update = op::UpdateTimeEntry(f.task_id, before.id.clone(), input);
        cx.request(super::TaskKey::Time(TimeKey::Write(n)), update, move |r| {
            TimeAnswer::Written(n, r.map(|e| Some(*e)))
        });
        self.time.writes.insert(
            n,
            EntryWrite {
                task_id: f.task_id,
                title: f.title.clone(),
                kind: WriteKind::Update {
                    before: before.clone(),
                },
                form: Some(Box::new(f.clone())),
            },
        );
        Ok(())
    }

    fn delete_entry(&mut self, task_id: i64, entry: TimeEntry, cx: &mut ScreenCtx) {
        let Some(idx) = self.index_of(task_id) else {
            return;
        };
        let title = self.list.rows[idx].display_title().to_string();
        if let Some(t) = self.details.get_mut(task_id) {
            t.time_entries.retain(|e| e.id != entry.id);
        }
        let n = self.time.next;
        self.time.next += 1;
        let delete = op::DeleteTimeEntry(task_id, entry.id.clone());
        self.time.writes.insert(
            n,
            EntryWrite {
                task_id,
                title,
                kind: WriteKind::Delete { before: entry },
                form: None,
            },
        );
        cx.request(super::TaskKey::Time(TimeKey::Write(n)), delete, move |r| {
            TimeAnswer::Written(n, r.map(|()| None))
        });
    }

    /// Reads the task again for its entries (the timer wrote one).
    pub fn reread_task(&mut self, id: i64, cx: &mut ScreenCtx) {
        if self.index_of(id).is_some() {
            cx.request(
                super::TaskKey::Time(TimeKey::Reread(id)),
                op::Task(id),
                TimeAnswer::Reread,
            );
        }
    }

    /// The service's entries and timers of `task` replace the shown ones; entries of writes
    /// still on their way stay as they are shown.
    fn take_entries(&mut self, mut task: Task) {
        let in_flight: Vec<TimeEntry> = self
            .details
            .get(task.id)
            .map(|t| {
                t.time_entries
                    .iter()
                    .filter(|e| is_temp(&e.id))
                    .cloned()
                    .collect()
            })
            .unwrap_or_default();
        task.time_entries.extend(in_flight);
        self.take_whole(task);
    }

    fn on_entry_written(
        &mut self,
        n: u64,
        result: Result<Option<TimeEntry>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.time.writes.get(&n).cloned() else {
            return;
        };
        let name = quoted(&w.title, 40);
        match result {
            Ok(saved) => {
                self.time.writes.remove(&n);
                let text = match (&w.kind, saved) {
                    (WriteKind::Update { before }, Some(e)) => {
                        if let Some(t) = self.details.get_mut(w.task_id)
                            && let Some(x) = t.time_entries.iter_mut().find(|x| x.id == before.id)
                        {
                            *x = e;
                        }
                        format!("Time entry on {name} saved")
                    }
                    _ => format!("Time entry on {name} deleted"),
                };
                cx.toast(ToastKind::Success, text);
            }
            Err(e) => {
                let verb = match w.kind {
                    WriteKind::Update { .. } => "save the time entry",
                    WriteKind::Delete { .. } => "delete the time entry",
                };
                let attempt = format!("{verb} on {name}");
                match write_words::say_failure(&e, &attempt, "reading it back", cx) {
                    AfterFailure::RollBack => {
                        self.time.writes.remove(&n);
                        if let Some(t) = self.details.get_mut(w.task_id) {
                            undo_shown(&mut t.time_entries, &w.kind);
                        }
                        // What was typed is not lost: the form comes back with it and the
                        // service's words at their fields (unless another dialog is open).
                        if let Some(mut form) = w.form
                            && self.layers.time_dialog().is_none()
                        {
                            form.refused_by(&e);
                            self.layers.offer_time(TimeDialog::Form(form));
                        }
                    }
                    // The write stays listed until the read-back says what happened.
                    AfterFailure::ReadBack => cx.request(
                        super::TaskKey::Time(TimeKey::ReadBack(n)),
                        op::Task(w.task_id),
                        move |r| TimeAnswer::ReadBack(n, r.map(|t| *t)),
                    ),
                }
            }
        }
    }

    fn on_entry_read_back(&mut self, n: u64, result: Result<Task, ApiError>, cx: &mut ScreenCtx) {
        let Some(w) = self.time.writes.remove(&n) else {
            return;
        };
        let name = quoted(&w.title, 40);
        let task = match result {
            Ok(task) => task,
            Err(e) => {
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Time entry on {name}: {}",
                        lost_answer::read_back_failed(e).note()
                    ),
                );
                return;
            }
        };
        let applied = match &w.kind {
            WriteKind::Update { before } => task
                .time_entries
                .iter()
                .find(|e| e.id == before.id)
                .is_none_or(|e| e != before),
            WriteKind::Delete { before } => !task.time_entries.iter().any(|e| e.id == before.id),
        };
        self.take_entries(task);
        let note = if applied {
            lost_answer::ReadBack::Applied
        } else {
            lost_answer::ReadBack::NotApplied
        }
        .note();
        let kind = if applied {
            ToastKind::Success
        } else {
            ToastKind::Error
        };
        cx.toast(kind, format!("Time entry on {name}: {note}"));
    }
}

/// Temporary ids of entries shown before the service answered.
const TEMP: &str = "sending-";

/// Whether an entry is shown before the service has it: on its way, or kept in the outbox
/// (`outbox::added::queued_entry`).
pub fn is_temp(id: &str) -> bool {
    id.starts_with(TEMP) || id.starts_with("queued-")
}

/// Puts back what the entries looked like before a write the service refused.
fn undo_shown(entries: &mut Vec<TimeEntry>, kind: &WriteKind) {
    match kind {
        WriteKind::Update { before } => {
            if let Some(e) = entries.iter_mut().find(|e| e.id == before.id) {
                *e = before.clone();
            }
        }
        WriteKind::Delete { before } => {
            if !entries.iter().any(|e| e.id == before.id) {
                entries.push(before.clone());
            }
        }
    }
}
