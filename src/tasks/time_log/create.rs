//! A new entry of logged time, through the shared creates of named items
//! (`screen::named_creates`): after a lost answer it is looked for among the task's entries before
//! anything is sent again, and logged again later it looks once more first. Entries carry no
//! creation time, so the ones the task had before the send are what tell a twin from it.

use weeek_api::models::{Task, TimeEntry};
use weeek_api::{ApiError, TimeEntryInput};

use super::{LogForm, TEMP, TimeAnswer, TimeDialog, TimeKey, is_temp};
use crate::duration;
use crate::screen::ScreenCtx;
use crate::screen::ledger::read_item;
use crate::screen::lost_answer::{CreateLookup, LostCreate, PageRead};
use crate::screen::named_creates::{CreateEnd, NamedPlace};
use crate::tasks::{TaskKey, TasksState};
use crate::text::quoted;
use crate::worker::op;

/// What a new entry whose answer was lost is found by: the same person, day, duration and
/// comment on the same task, not among the task's entries before it was sent.
#[derive(Debug, Clone)]
pub struct EntryLookup {
    pub(super) task_id: i64,
    pub(super) input: TimeEntryInput,
    /// The task's title, as messages say it (not what the entry is found by).
    pub(super) title: String,
}

impl PartialEq for EntryLookup {
    fn eq(&self, other: &Self) -> bool {
        (self.task_id, &self.input) == (other.task_id, &other.input)
    }
}

impl CreateLookup for EntryLookup {
    type Item = TimeEntry;
    type Page = Task;
    type Id = String;

    fn name(&self) -> String {
        duration::format_i64(Some(i64::from(self.input.minutes)))
    }

    /// The task holds all its entries: one read, no pages.
    fn read(&self, _page: u32) -> PageRead<Task> {
        read_item(op::Task(self.task_id))
    }

    fn candidates(&self, task: Task) -> (Vec<TimeEntry>, bool) {
        (task.time_entries, false)
    }

    fn matches(&self, e: &TimeEntry) -> bool {
        let sent = &self.input;
        !is_temp(&e.id)
            && e.user_id.as_deref() == Some(sent.user_id.as_str())
            && e.date == Some(sent.date)
            && e.duration == Some(i64::from(sent.minutes))
            && e.comment.as_deref().unwrap_or("") == sent.comment.as_deref().unwrap_or("")
    }

    fn id(e: &TimeEntry) -> String {
        e.id.clone()
    }
}

impl NamedPlace for EntryLookup {
    type Made = Box<TimeEntry>;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let create = op::CreateTimeEntry(self.task_id, self.input.clone());
        cx.request(TaskKey::Time(TimeKey::Create(n)), create, move |r| {
            TimeAnswer::Created(n, r)
        });
    }

    /// Reads the task to look for new entry `n`.
    fn look(n: u64, read: PageRead<Task>, cx: &mut ScreenCtx) {
        cx.ask(TaskKey::Time(TimeKey::Find(n)), read, move |r| {
            TimeAnswer::Found(n, r)
        });
    }

    fn what(&self) -> &'static str {
        "time entry"
    }

    /// "logged on “Отчёт”".
    fn done(&self) -> String {
        format!("logged on {}", quoted(&self.title, 40))
    }

    fn created_text(&self, made: &Box<TimeEntry>) -> String {
        let logged = duration::format_i64(made.duration);
        format!("Logged {logged} on {}", quoted(&self.title, 40))
    }

    fn refused_text(&self, e: &ApiError) -> String {
        format!(
            "Could not log time on {}: {}",
            quoted(&self.title, 40),
            e.short()
        )
    }

    fn not_created_text(&self, lost: &LostCreate<Self>, cx: &ScreenCtx) -> String {
        let again = cx
            .keys
            .then_say("tasks.log_time", "logs it again, after one more look");
        format!("{}{again}", lost.not_created_text(&self.done()))
    }

    fn failed_text(&self, lost: &LostCreate<Self>, _: &ScreenCtx) -> String {
        format!(
            "{}; logged again, it is looked for first",
            lost.check_failed_text(&self.done())
        )
    }

    fn unanswered_text(&self, _looked_for: bool) -> String {
        "Logged time is being sent; its answer would not be seen.".into()
    }
}

/// A new entry on its way: the id it shows under meanwhile, and the form it was sent from
/// (it opens again, as it was, if the service refuses).
#[derive(Debug, Clone)]
pub(super) struct NewEntry {
    temp: String,
    form: Box<LogForm>,
}

impl TasksState {
    /// Shows the form's new entry (`shown`) in `entries` at once and sends it, or first looks
    /// for an earlier send of it whose fate is unknown.
    pub(super) fn log_entry(
        &mut self,
        lookup: EntryLookup,
        shown: TimeEntry,
        form: &LogForm,
        cx: &mut ScreenCtx,
    ) {
        let held = self
            .details
            .get(lookup.task_id)
            .map(|t| t.time_entries.clone())
            .unwrap_or_default();
        let task_id = lookup.task_id;
        let n = self.time.creates.create(lookup, &held, cx);
        let temp = format!("{TEMP}{n}");
        // Shown at once in the whole task the detail pane keeps (when it keeps it: a task
        // read later has the entry from the service).
        if let Some(t) = self.details.get_mut(task_id) {
            t.time_entries.push(TimeEntry {
                id: temp.clone(),
                ..shown
            });
        }
        let form = Box::new(form.clone());
        self.time.new.insert(n, NewEntry { temp, form });
    }

    /// The answer to new entry `n`.
    pub(super) fn on_entry_created(
        &mut self,
        n: u64,
        result: Result<Box<TimeEntry>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.time.creates.on_created(n, result, cx);
        self.entry_create_ended(n, end, None);
    }

    /// The task read to look for new entry `n` whose answer was lost: settled either way, the
    /// task's entries show what the service has.
    pub(super) fn on_entry_found(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let read = result.as_ref().ok().cloned();
        let end = self.time.creates.on_looked(n, result, cx);
        self.entry_create_ended(n, end, read);
    }

    fn entry_create_ended(
        &mut self,
        n: u64,
        end: Option<CreateEnd<EntryLookup>>,
        read: Option<Task>,
    ) {
        let Some(end) = end else {
            return;
        };
        let Some(new) = self.time.new.remove(&n) else {
            return;
        };
        let task_id = match &end {
            CreateEnd::Made(l, _)
            | CreateEnd::Found(l, _)
            | CreateEnd::Refused(l, _)
            | CreateEnd::Dropped(l) => l.task_id,
        };
        let entries = self.details.get_mut(task_id).map(|t| &mut t.time_entries);
        match (end, entries) {
            (CreateEnd::Made(_, e), Some(entries)) => {
                match entries.iter_mut().find(|x| x.id == new.temp) {
                    Some(x) => *x = *e,
                    None => entries.push(*e),
                }
            }
            (CreateEnd::Made(..), None) => {}
            (CreateEnd::Refused(_, e), entries) => {
                if let Some(entries) = entries {
                    entries.retain(|x| x.id != new.temp);
                }
                // What was typed is not lost: the form comes back with it and the service's
                // words at their fields (unless another dialog is open).
                if self.layers.time_dialog().is_none() {
                    let mut form = new.form;
                    form.refused_by(&e);
                    self.layers.offer_time(TimeDialog::Form(form));
                }
            }
            // Looked for: what the service has replaces the guess, whichever it was.
            (CreateEnd::Found(..) | CreateEnd::Dropped(_), entries) => {
                if let Some(entries) = entries {
                    entries.retain(|x| x.id != new.temp);
                }
                if let Some(task) = read {
                    self.take_entries(task);
                }
            }
        }
    }
}
