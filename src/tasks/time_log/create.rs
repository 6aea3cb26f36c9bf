//! A new entry of logged time: after a lost answer it is looked for among the task's entries
//! (see `app::lost_answer`) before anything is sent again, and logged again later it looks
//! once more first. Entries carry no creation time, so the ones the task had before the send
//! are what tell a twin from it.

use weeek_api::models::{Task, TimeEntry};
use weeek_api::{ApiError, TimeEntryInput};

use super::{TimeAnswer, TimeKey, WriteKind, is_temp, undo_shown};
use crate::duration;
use crate::screen::ScreenCtx;
use crate::screen::ledger::read_item;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt, Unsettled,
};
use crate::screen::toast::ToastKind;
use crate::tasks::{TaskKey, TasksState};
use crate::text::quoted;
use crate::worker::op;

/// What a new entry whose answer was lost is found by: the same person, day, duration and
/// comment on the same task, not among the task's entries before it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct EntryLookup {
    pub(super) task_id: i64,
    pub(super) input: TimeEntryInput,
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

#[derive(Debug, Clone)]
pub(super) struct NewEntry {
    pub(super) lookup: EntryLookup,
    pub(super) sent: SentAt<String>,
    /// Set once its answer was lost (or before a send again): the look for it.
    pub(super) lost: Option<LostCreate<EntryLookup>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    pub(super) earlier: Option<LostCreate<EntryLookup>>,
}

impl NewEntry {
    /// Sends the entry of `lookup` as write `n` (or first the look for an earlier send of it
    /// whose fate is unknown). `held`: the task's entries before it.
    pub(super) fn send(
        lookup: EntryLookup,
        held: &[TimeEntry],
        n: u64,
        title: &str,
        unsettled: &mut Unsettled<EntryLookup>,
        cx: &mut ScreenCtx,
    ) -> Self {
        let known = lookup.known(held);
        let clock = cx.clock;
        let (sent, lost) = match unsettled.send(&lookup, || SentAt::new(&clock, known)) {
            Sending::Now(sent) => {
                send_entry(n, &lookup, cx);
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text(&logged_on(title)));
                look_for_entry(n, look, cx);
                (lost.sent.clone(), Some(*lost))
            }
        };
        NewEntry {
            lookup,
            sent,
            lost,
            earlier: None,
        }
    }
}

/// Sends new entry `n`.
fn send_entry(n: u64, lookup: &EntryLookup, cx: &mut ScreenCtx) {
    let create = op::CreateTimeEntry(lookup.task_id, lookup.input.clone());
    cx.request(TaskKey::Time(TimeKey::Write(n)), create, move |r| {
        TimeAnswer::Created(n, r)
    });
}

/// Reads the task to look for new entry `n`.
fn look_for_entry(n: u64, look: PageRead<Task>, cx: &mut ScreenCtx) {
    cx.ask(TaskKey::Time(TimeKey::Find(n)), look, move |r| {
        TimeAnswer::Found(n, r)
    });
}

impl TasksState {
    /// The answer to a new entry.
    pub(super) fn on_entry_created(
        &mut self,
        n: u64,
        result: Result<TimeEntry, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.time.writes.get(&n).cloned() else {
            return;
        };
        let WriteKind::Create { temp, new } = &w.kind else {
            return;
        };
        let name = quoted(&w.title, 40);
        match CreateAnswer::read(result) {
            CreateAnswer::Created(e) => {
                self.time.writes.remove(&n);
                let text = format!("Logged {} on {name}", duration::format_i64(e.duration));
                if let Some(t) = self.details.get_mut(w.task_id) {
                    let entries = &mut t.time_entries;
                    match entries.iter_mut().find(|x| x.id == *temp) {
                        Some(x) => *x = e,
                        None => entries.push(e),
                    }
                }
                cx.toast(ToastKind::Success, text);
            }
            CreateAnswer::Refused(e) => {
                self.time.writes.remove(&n);
                if let Some(t) = self.details.get_mut(w.task_id) {
                    undo_shown(&mut t.time_entries, &w.kind);
                }
                if let Some(earlier) = new.earlier.clone() {
                    self.time.unsettled.keep(earlier);
                }
                cx.toast(
                    ToastKind::Error,
                    format!("Could not log time on {name}: {}", e.short()),
                );
                // What was typed is not lost: the form comes back with it and the service's
                // words at their fields (unless another dialog is open).
                if let Some(mut form) = w.form
                    && self.layers.time_dialog().is_none()
                {
                    form.refused_by(&e);
                    self.layers.offer_time(super::TimeDialog::Form(form));
                }
            }
            CreateAnswer::Lost(e) => {
                let (lost, look) = LostCreate::start(new.lookup.clone(), e, new.sent.clone());
                cx.toast(ToastKind::Info, lost.looking_text(&logged_on(&w.title)));
                look_for_entry(n, look, cx);
                if let Some(WriteKind::Create { new, .. }) =
                    self.time.writes.get_mut(&n).map(|w| &mut w.kind)
                {
                    new.lost = Some(lost);
                }
            }
        }
    }

    /// The task read to look for a new entry whose answer was lost: settled either way, the
    /// task's entries show what the service has.
    pub(super) fn on_entry_found(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(w) = self.time.writes.get_mut(&n) else {
            return;
        };
        let (task_id, title) = (w.task_id, w.title.clone());
        let WriteKind::Create { temp, new } = &mut w.kind else {
            return;
        };
        let Some(lost) = new.lost.as_mut() else {
            return;
        };
        let temp = temp.clone();
        let read = result.as_ref().ok().cloned();
        let logged = logged_on(&title);
        let said = match lost.on_answer(result) {
            Looked::Resend | Looked::Next(_) => {
                // One read holds every entry, so there is no next page: not found either way.
                new.earlier = new.lost.take();
                send_entry(n, &new.lookup, cx);
                return;
            }
            Looked::Found(_) => (ToastKind::Success, lost.found_text(&logged)),
            Looked::NotCreated => {
                let again = cx
                    .keys
                    .then_say("tasks.log_time", "logs it again, after one more look");
                let text = format!("{}{again}", lost.not_created_text(&logged));
                self.time.unsettled.keep(lost.clone());
                (ToastKind::Error, text)
            }
            Looked::Failed => {
                let text = format!(
                    "{}; logged again, it is looked for first",
                    lost.check_failed_text(&logged)
                );
                self.time.unsettled.keep(lost.clone());
                (ToastKind::Error, text)
            }
        };
        self.time.writes.remove(&n);
        // What the service has replaces the guess, whichever it was.
        if let Some(t) = self.details.get_mut(task_id) {
            t.time_entries.retain(|e| e.id != temp);
        }
        if let Some(task) = read {
            self.take_entries(task);
        }
        cx.toast(said.0, said.1);
    }
}

/// "logged on “Отчёт”": what a new entry's messages say of it.
fn logged_on(title: &str) -> String {
    format!("logged on {}", quoted(title, 40))
}
