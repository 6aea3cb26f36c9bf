//! What is added to a task rather than set on it: a comment, an entry of logged time, my
//! timer started or stopped. Each is sent once: before it goes again after its fate was left
//! unknown (an answer lost, the app ended while it was out), it is looked for.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use weeek_api::TimeEntryInput;
use weeek_api::models::{RunningTimer, Task, TimeEntry};

/// One thing added to a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "added", rename_all = "camelCase")]
pub enum Added {
    /// A comment (`reply_to`: the comment it answers), by `author`.
    Comment {
        markdown: String,
        reply_to: Option<i64>,
        author: Option<String>,
    },
    /// An entry of logged time; `known`: the task's entries as the app knew them then (an
    /// entry like it among them is not the one looked for).
    Time {
        input: TimeEntryInput,
        known: Vec<String>,
    },
    /// My timer started at `at` while the service could not be reached. Sent, the service's
    /// timer starts then, and the time from `at` until then is logged as an entry with `note`
    /// as its comment (what it is found by).
    TimerStart {
        user: String,
        at: OffsetDateTime,
        /// The day it started, where the user is: the day the time is logged on.
        day: time::Date,
        note: String,
    },
    /// My timer, running since `started` on the service, stopped at `at`. Sent, the entry
    /// the service writes gets the time until `at`, not until it was sent.
    TimerStop {
        user: String,
        at: OffsetDateTime,
        started: OffsetDateTime,
    },
}

/// The id a time entry kept offline shows under until the service has it.
pub fn queued_entry(seq: i64) -> String {
    format!("queued-{seq}")
}

/// The minutes from `from` to `to`, as an entry of logged time takes them (at least 1, at
/// most the service's limit); `None` under a minute.
pub fn minutes_between(from: OffsetDateTime, to: OffsetDateTime) -> Option<u16> {
    let minutes = (to - from).whole_minutes();
    (minutes >= 1).then(|| {
        let max = i64::from(weeek_api::TIME_ENTRY_MAX_MINUTES);
        u16::try_from(minutes.min(max)).unwrap_or(u16::MAX)
    })
}

impl Added {
    /// What the outbox's list says it does.
    pub fn describe(&self) -> String {
        match self {
            Added::Comment { markdown, .. } => {
                format!("comment {}", crate::text::quoted(markdown.trim(), 30))
            }
            Added::Time { input, .. } => format!(
                "time logged {}",
                crate::duration::format_i64(Some(i64::from(input.minutes)))
            ),
            Added::TimerStart { .. } => "timer started".into(),
            Added::TimerStop { .. } => "timer stopped".into(),
        }
    }

    /// Shows it on the whole task (`seq`: the change's place in the outbox): an entry of time
    /// under its queued id, my timer running or not. Shown twice, it is there once.
    pub fn apply(&self, seq: i64, task: &mut Task) {
        match self {
            Added::Comment { .. } => {}
            Added::Time { input, .. } => {
                let id = queued_entry(seq);
                if task.time_entries.iter().all(|e| e.id != id) {
                    task.time_entries.push(TimeEntry {
                        id,
                        user_id: Some(input.user_id.clone()),
                        r#type: Some(2),
                        is_overtime: input.is_overtime,
                        date: Some(input.date),
                        duration: Some(i64::from(input.minutes)),
                        comment: input.comment.clone(),
                        duration_seconds: None,
                    });
                }
            }
            Added::TimerStart { user, at, .. } => {
                set_timer(&mut task.timers, user, Some(*at));
            }
            Added::TimerStop { user, .. } => set_timer(&mut task.timers, user, None),
        }
    }

    /// Takes it off the whole task again (dropped unsent).
    pub fn unapply(&self, seq: i64, task: &mut Task) {
        match self {
            Added::Time { .. } => {
                let id = queued_entry(seq);
                task.time_entries.retain(|e| e.id != id);
            }
            Added::TimerStart { user, .. } => set_timer(&mut task.timers, user, None),
            Added::Comment { .. } | Added::TimerStop { .. } => {}
        }
    }

    /// Shows it on a task's row (only my timer shows there).
    pub fn apply_row(&self, timers: &mut Vec<RunningTimer>) {
        match self {
            Added::TimerStart { user, at, .. } => set_timer(timers, user, Some(*at)),
            Added::TimerStop { user, .. } => set_timer(timers, user, None),
            Added::Comment { .. } | Added::Time { .. } => {}
        }
    }
}

/// `user`'s timer on a task: running since `since`, or not at all.
fn set_timer(timers: &mut Vec<RunningTimer>, user: &str, since: Option<OffsetDateTime>) {
    timers.retain(|t| t.user_id.as_deref() != Some(user));
    if let Some(at) = since {
        timers.push(RunningTimer {
            user_id: Some(user.to_string()),
            started_at: Some(at),
        });
    }
}
