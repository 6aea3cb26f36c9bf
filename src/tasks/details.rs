//! Whole tasks for the detail pane.
//!
//! The list keeps slim rows ([`TaskRow`]): with 100,000 tasks loaded, descriptions, custom
//! fields and time entries of every one of them would cost hundreds of megabytes. The task
//! under the cursor is read whole when the pane shows it, and the last few read are kept, so
//! that going back and forth between neighbours reads nothing again.

use std::collections::VecDeque;

use weeek_api::models::Task;

use super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::worker::op;

/// Reads task `id` whole, for the detail pane; `cached`: the store's copy shows first (a
/// dialog waiting on the read opens only with the service's).
fn request_detail(id: i64, cached: bool, cx: &mut ScreenCtx) {
    let answer = move |r| TaskAnswer::Detail(id, r);
    if cached {
        cx.request_cached(TaskKey::Detail(id), op::Task(id), answer);
    } else {
        cx.request(TaskKey::Detail(id), op::Task(id), answer);
    }
}

/// Whole tasks kept; the oldest read goes first.
pub const KEPT: usize = 32;

#[derive(Debug, Default)]
pub struct Details {
    /// Newest last.
    kept: VecDeque<Task>,
    /// The task being read for the pane.
    asked: Option<i64>,
    /// Why the last read of a task failed: the pane says so instead of "reading".
    failed: Option<(i64, String)>,
    /// What opens once a task is read whole (a key pressed before it was).
    then: Option<(i64, AfterRead)>,
}

/// A dialog that needs the whole task, asked for before it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterRead {
    /// `L`: the logged time.
    TimeEntries,
    /// `T`: a new entry of logged time.
    LogTime,
    /// `W`: the watchers.
    Watchers,
    /// `E`: the description.
    Description,
    /// `S`: the attachments, to save one.
    Attachments,
    /// `C`: the custom fields.
    CustomFields,
}

/// What the pane has of the task under the cursor beyond its row.
pub enum Whole<'a> {
    Read(&'a Task),
    Reading,
    Failed(&'a str),
}

impl Details {
    pub fn get(&self, id: i64) -> Option<&Task> {
        self.kept.iter().find(|t| t.id == id)
    }

    pub fn get_mut(&mut self, id: i64) -> Option<&mut Task> {
        self.kept.iter_mut().find(|t| t.id == id)
    }

    /// Keeps `task`, in place of an older read of it.
    pub fn put(&mut self, task: Task) {
        self.kept.retain(|t| t.id != task.id);
        if self.failed.as_ref().is_some_and(|(id, _)| *id == task.id) {
            self.failed = None;
        }
        self.kept.push_back(task);
        while self.kept.len() > KEPT {
            self.kept.pop_front();
        }
    }

    /// Forgets every task read but `id`'s: they may be stale, and are read again when shown.
    pub fn keep_only(&mut self, id: Option<i64>) {
        self.kept.retain(|t| Some(t.id) == id);
    }

    /// Forgets task `id` read whole: it is read again when shown.
    pub fn forget(&mut self, id: i64) {
        self.kept.retain(|t| t.id != id);
    }

    /// Forgets every task read: the list was read again, so they may be stale.
    pub fn clear(&mut self) {
        self.kept.clear();
        self.failed = None;
    }

    pub fn whole(&self, id: i64) -> Whole<'_> {
        match (self.get(id), &self.failed) {
            (Some(t), _) => Whole::Read(t),
            (None, Some((failed, why))) if *failed == id => Whole::Failed(why),
            _ => Whole::Reading,
        }
    }

    pub fn len(&self) -> usize {
        self.kept.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kept.is_empty()
    }
}

impl TasksState {
    /// With the detail open, reads the task under the cursor whole unless it is kept; a read
    /// for a task the cursor has left is cancelled.
    /// A read that failed is not repeated while the cursor stays on its task (`r` reads it
    /// again); leaving the task forgets the failure, so coming back tries again.
    pub(super) fn ensure_detail(&mut self, cx: &mut ScreenCtx) {
        let on = self
            .detail
            .then(|| self.pane_task_id())
            .flatten()
            .or(self.details.then.map(|(id, _)| id));
        if self
            .details
            .failed
            .as_ref()
            .is_some_and(|(f, _)| Some(*f) != on)
        {
            self.details.failed = None;
        }
        // A read on its way stays wanted while the pane shows its task (the store's copy may
        // show meanwhile).
        let wanted = on.filter(|id| {
            *id > 0
                && (self.details.asked == Some(*id)
                    || self.details.get(*id).is_none()
                        && self.details.failed.as_ref().is_none_or(|(f, _)| f != id))
        });
        let asked = self.details.asked;
        if asked == wanted {
            return;
        }
        if let Some(id) = asked {
            cx.cancel(TaskKey::Detail(id));
        }
        self.details.asked = wanted;
        if let Some(id) = wanted {
            request_detail(id, true, cx);
        }
    }

    /// As [`Self::read_whole_then`], saying what is read first: a key that opens nothing at
    /// once would look ignored.
    pub(super) fn read_whole_saying(
        &mut self,
        id: i64,
        title: &str,
        then: AfterRead,
        cx: &mut ScreenCtx,
    ) {
        let what = match then {
            AfterRead::TimeEntries | AfterRead::LogTime => "the time logged on",
            AfterRead::Watchers => "the watchers of",
            AfterRead::Description => "the description of",
            AfterRead::Attachments => "the attachments of",
            AfterRead::CustomFields => "the custom fields of",
        };
        cx.progress(format!(
            "Reading {what} {}",
            crate::text::quoted_full(title)
        ));
        self.read_whole_then(id, then, cx);
    }

    /// Reads task `id` whole now, the pane open or not, and opens `then` once it is in.
    pub(super) fn read_whole_then(&mut self, id: i64, then: AfterRead, cx: &mut ScreenCtx) {
        self.details.then = Some((id, then));
        if self.details.asked == Some(id) {
            return;
        }
        if let Some(old) = self.details.asked.replace(id) {
            cx.cancel(TaskKey::Detail(old));
        }
        request_detail(id, false, cx);
    }

    pub(super) fn on_detail(
        &mut self,
        id: i64,
        result: Result<Task, weeek_api::ApiError>,
        cx: &mut ScreenCtx,
    ) {
        if cx.stored().is_some() {
            // The store's copy shows in the pane; what waits on the read waits for the
            // service's answer.
            if let Ok(task) = result {
                self.take_whole(task);
            }
            return;
        }
        if self.details.asked == Some(id) {
            self.details.asked = None;
        }
        let then = match self.details.then {
            Some((wanted, then)) if wanted == id => {
                self.details.then = None;
                Some(then)
            }
            _ => None,
        };
        match result {
            Ok(task) => {
                self.take_whole(task);
                self.on_pane_read(id, cx);
                // Only while the cursor is still on it: a dialog for another task would
                // surprise.
                if self.current().is_some_and(|t| t.id == id) {
                    if then == Some(AfterRead::LogTime) {
                        // "Reading …" is over: the dialog it was read for opens instead.
                        cx.toasts.end_progress();
                    }
                    match then {
                        Some(AfterRead::TimeEntries) => self.open_time_entries(cx),
                        Some(AfterRead::LogTime) => self.open_log_time(cx),
                        Some(AfterRead::Watchers) => self.open_watchers(cx),
                        Some(AfterRead::Description) => self.open_description(cx),
                        Some(AfterRead::Attachments) => self.open_save_attachment(cx),
                        Some(AfterRead::CustomFields) => self.focus_fields(cx),
                        None => {}
                    }
                }
            }
            Err(e) => {
                if let Some(then) = then {
                    let what = match then {
                        AfterRead::TimeEntries | AfterRead::LogTime => "the time logged",
                        AfterRead::Watchers => "the watchers",
                        AfterRead::Description => "the description",
                        AfterRead::Attachments => "the attachments",
                        AfterRead::CustomFields => "the custom fields",
                    };
                    cx.toast(
                        crate::screen::toast::ToastKind::Error,
                        format!("Could not read {what}: {}", e.short()),
                    );
                }
                self.details.failed = Some((id, e.short()));
            }
        }
        // The cursor may have moved on while this was read.
        self.ensure_detail(cx);
    }

    /// A whole task read for any reason: kept for the pane. Of its row only the timers follow:
    /// the rest may carry a triage write still on its way, which the read must not undo.
    pub(super) fn take_whole(&mut self, task: Task) {
        if let Some(i) = self.index_of(task.id) {
            self.list
                .rows
                .edit(i, |row| row.timers = task.timers.clone());
        }
        // A subtask of the pane learns its own subtasks (its done box may have a tick on its
        // way, which the read must not undo either).
        if let Some(Some(row)) = self.subtask_rows.get_mut(&task.id) {
            row.sub_tasks = task.sub_tasks.clone();
        }
        self.details.put(task);
    }

    /// Reads the task in the pane whole again (a refresh), what the pane shows staying until
    /// the answer replaces it: nothing blinks. The other tasks read whole may be stale: they
    /// are forgotten, and read again when shown.
    pub(super) fn refresh_detail(&mut self, cx: &mut ScreenCtx) {
        let pane = self.detail.then(|| self.pane_task_id()).flatten();
        self.details.keep_only(pane);
        if let Some(id) = self.details.asked.take() {
            cx.cancel(TaskKey::Detail(id));
        }
        if let Some(id) = pane.filter(|id| *id > 0) {
            self.details.asked = Some(id);
            request_detail(id, false, cx);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task(id: i64) -> Task {
        Task {
            id,
            ..Default::default()
        }
    }

    #[test]
    fn the_oldest_read_goes_first_and_a_second_read_replaces_the_first() {
        let mut d = Details::default();
        for id in 1..=KEPT as i64 + 1 {
            d.put(task(id));
        }
        assert_eq!(d.len(), KEPT);
        assert!(d.get(1).is_none(), "the oldest went");
        let mut again = task(2);
        again.title = Some("again".into());
        d.put(again);
        assert_eq!(d.len(), KEPT);
        assert_eq!(d.get(2).and_then(|t| t.title.as_deref()), Some("again"));
    }
}
