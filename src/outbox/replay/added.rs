//! What is added to a task, as the replay sends it: a comment, an entry of logged time, my
//! timer started or stopped. None of these can be sent twice harmlessly, so one whose fate is
//! unknown (its answer lost, or found `sending` after the app ended) is looked for on the task
//! before it goes again.

use std::collections::HashSet;

use weeek_api::models::Task;
use weeek_api::{ApiError, TimeEntryInput};

use super::record::{made_since, since};
use super::task::{Read, gone, id_of, read, refused, sent};
use super::{Replay, Went};
use crate::outbox::added::minutes_between;
use crate::outbox::{Added, Entry, State};
use crate::screen::offline::unreachable;

/// Comments read per page when one is looked for, and pages read at most.
const LOOK_PAGE: u32 = 100;
const LOOK_PAGES: u32 = 20;

pub(super) async fn step(r: &Replay, entry: Entry, added: Added) -> Went {
    let Some(id) = id_of(&entry) else {
        return Went::Later;
    };
    // Found sending: an earlier send may have landed (its answer lost, or the app ended).
    if entry.state == State::Sending && matches!(added, Added::Comment { .. } | Added::Time { .. })
    {
        match landed(r, id, &entry, &added, &HashSet::new()).await {
            Ok(Some(task)) => return sent(r, entry, task).await,
            Ok(None) => {}
            Err(e) if unreachable(&e) => return Went::Unreachable(e),
            Err(e) => return r.later(&entry, &e).await,
        }
    }
    r.sending(&entry).await;
    let before = match read(r, id).await {
        Read::Task(t) => *t,
        Read::Gone => return gone(r, id).await,
        Read::Failed(e) if unreachable(&e) => return r.not_sent(&entry, e).await,
        Read::Failed(e) if e.is_transient() => return r.later(&entry, &e).await,
        Read::Failed(e) => return refused(r, entry, &e, None).await,
    };
    let known: HashSet<String> = before.time_entries.iter().map(|e| e.id.clone()).collect();
    let done = match &added {
        Added::Comment {
            markdown, reply_to, ..
        } => r
            .client
            .create_task_comment(id, markdown, *reply_to)
            .await
            .map(drop),
        Added::Time { input, .. } => r.client.create_time_entry(id, input).await.map(drop),
        Added::TimerStart {
            user,
            at,
            day,
            note,
        } => start(r, id, &before, user, *at, *day, note).await,
        Added::TimerStop { user, at, started } => {
            if !runs(&before, user) {
                // Stopped already (here before an answer was lost, or elsewhere).
                return sent(r, entry, before).await;
            }
            stop(r, id, &before, user, *at, *started).await
        }
    };
    match done {
        Ok(()) => {
            let fresh = match read(r, id).await {
                Read::Task(t) => *t,
                _ => before,
            };
            sent(r, entry, fresh).await
        }
        Err(ApiError::NotFound { .. }) => gone(r, id).await,
        Err(e) if e.may_have_been_applied() => {
            match landed(r, id, &entry, &added, &known).await {
                Ok(Some(task)) => sent(r, entry, task).await,
                // Still `sending`: looked for again before it goes again.
                Ok(None) => r.later(&entry, &e).await,
                Err(again) if unreachable(&again) => Went::Unreachable(again),
                Err(again) => r.later(&entry, &again).await,
            }
        }
        Err(e) if unreachable(&e) => r.not_sent(&entry, e).await,
        Err(e) => refused(r, entry, &e, Some(id)).await,
    }
}

/// Whether `user`'s timer runs on `task`.
fn runs(task: &Task, user: &str) -> bool {
    task.timers
        .iter()
        .any(|t| t.user_id.as_deref() == Some(user))
}

/// The task, when what `entry` adds is on it: a comment like it made since it was first
/// sent, an entry of time like it that is none of those known before, my timer as it leaves
/// it.
async fn landed(
    r: &Replay,
    id: i64,
    entry: &Entry,
    added: &Added,
    before: &HashSet<String>,
) -> Result<Option<Task>, ApiError> {
    let task = r.client.task(id).await?;
    let found = match added {
        Added::Comment {
            markdown,
            reply_to,
            author,
        } => {
            let since = since(r, entry);
            let mut found = false;
            for page in 0..LOOK_PAGES {
                let listed = r
                    .client
                    .task_comments(id, LOOK_PAGE, page * LOOK_PAGE)
                    .await?;
                let page = listed.value;
                found = page.comments.iter().any(|c| {
                    (author.is_none() || c.author_id == *author)
                        && c.parent_id == *reply_to
                        && c.markdown.as_deref().map(str::trim) == Some(markdown.trim())
                        && made_since(c.created_at, since)
                });
                if found || !page.has_more {
                    break;
                }
            }
            found
        }
        Added::Time { input, known } => task.time_entries.iter().any(|e| {
            !known.contains(&e.id)
                && !before.contains(&e.id)
                && e.user_id.as_deref() == Some(input.user_id.as_str())
                && e.date == Some(input.date)
                && e.duration == Some(i64::from(input.minutes))
                && e.comment.as_deref().unwrap_or("") == input.comment.as_deref().unwrap_or("")
        }),
        Added::TimerStart { user, .. } => runs(&task, user),
        Added::TimerStop { user, .. } => !runs(&task, user),
    };
    Ok(found.then_some(task))
}

/// My timer started offline at `at`: the time until now is logged (once: the entry is found
/// by its note), then the service's timer starts (unless it runs there already).
async fn start(
    r: &Replay,
    id: i64,
    before: &Task,
    user: &str,
    at: time::OffsetDateTime,
    day: time::Date,
    note: &str,
) -> Result<(), ApiError> {
    let logged = before
        .time_entries
        .iter()
        .any(|e| e.user_id.as_deref() == Some(user) && e.comment.as_deref() == Some(note));
    if !logged && let Some(minutes) = minutes_between(at, (r.now)()) {
        let input = TimeEntryInput {
            user_id: user.to_string(),
            is_overtime: false,
            date: day,
            minutes,
            comment: Some(note.to_string()),
        };
        r.client.create_time_entry(id, &input).await?;
    }
    if runs(before, user) {
        return Ok(());
    }
    r.client.start_timer(id).await
}

/// My timer stopped offline at `at`: the service's stops now, and the entry it writes gets
/// the time until `at` (when it can be told from the others: the one new entry of mine).
async fn stop(
    r: &Replay,
    id: i64,
    before: &Task,
    user: &str,
    at: time::OffsetDateTime,
    started: time::OffsetDateTime,
) -> Result<(), ApiError> {
    r.client.stop_timer(id).await?;
    let Some(minutes) = minutes_between(started, at) else {
        return Ok(());
    };
    let after = r.client.task(id).await?;
    let new: Vec<_> = after
        .time_entries
        .iter()
        .filter(|e| e.user_id.as_deref() == Some(user))
        .filter(|e| before.time_entries.iter().all(|b| b.id != e.id))
        .collect();
    let [written] = new.as_slice() else {
        tracing::warn!(
            task = id,
            "the entry the timer wrote could not be told apart"
        );
        return Ok(());
    };
    if written.duration == Some(i64::from(minutes)) {
        return Ok(());
    }
    let Some(date) = written.date else {
        return Ok(());
    };
    let input = TimeEntryInput {
        user_id: user.to_string(),
        is_overtime: written.is_overtime,
        date,
        minutes,
        comment: written.comment.clone(),
    };
    if let Err(e) = r.client.update_time_entry(id, &written.id, &input).await {
        // The service's time stands: it is longer by the time the outage lasted.
        tracing::warn!(task = id, error = %e, "the time the timer wrote was not corrected");
    }
    Ok(())
}
