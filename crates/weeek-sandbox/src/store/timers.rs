//! Task timers. A member has at most one running, on one task; stopping it writes a time entry
//! "from the timer" (type 1) with the time that passed.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use time::OffsetDateTime;

use super::ids;
use super::page_rows::{self, Order, PageSql, page_sql};
use super::tasks::{self, TimeEntry};
use crate::wire::{fmt_ymd, parse_iso};

/// A running timer.
#[derive(Clone, Debug, PartialEq)]
pub struct Running {
    pub user_id: String,
    pub task_id: i64,
    /// ISO 8601, as answered.
    pub started_at: String,
}

impl Running {
    /// How a task shows a timer running on it.
    pub fn to_json(&self) -> Value {
        json!({"userId": self.user_id, "startedAt": self.started_at})
    }
}

/// The timer `user_id` has running, if any.
pub fn of_user(conn: &Connection, user_id: &str) -> rusqlite::Result<Option<Running>> {
    conn.query_row(
        "SELECT user_id, task_id, started_at FROM timers WHERE user_id = ?1",
        [user_id],
        |row| {
            Ok(Running {
                user_id: row.get(0)?,
                task_id: row.get(1)?,
                started_at: row.get(2)?,
            })
        },
    )
    .optional()
}

/// The timers running on several tasks, in one query: each task's oldest first (see
/// [`tasks::group`]).
pub fn on_tasks(conn: &Connection, task_ids: &[i64]) -> rusqlite::Result<Vec<Vec<Running>>> {
    const TIMERS: PageSql = page_sql!(
        "SELECT t.user_id, t.task_id, t.started_at, t.rowid",
        "timers t",
        "t.task_id"
    );
    page_rows::query(conn, &TIMERS, task_ids, Order::Any, |rows| {
        let rows = rows.mapped(|row| {
            let running = Running {
                user_id: row.get(0)?,
                task_id: row.get(1)?,
                started_at: row.get(2)?,
            };
            Ok((running.task_id, row.get(3)?, running))
        });
        tasks::group(task_ids, rows, |a, b| a.started_at.cmp(&b.started_at))
    })
}

/// Starts `user_id`'s timer on `task_id` at `now`. A timer the member had running on another
/// task is stopped first (and written down); one already running on this task goes on.
pub fn start(
    conn: &Connection,
    user_id: &str,
    task_id: i64,
    now: OffsetDateTime,
) -> rusqlite::Result<()> {
    match of_user(conn, user_id)? {
        Some(running) if running.task_id == task_id => return Ok(()),
        Some(_) => {
            stop(conn, user_id, now)?;
        }
        None => {}
    }
    conn.execute(
        "INSERT INTO timers (user_id, task_id, started_at) VALUES (?1, ?2, ?3)",
        params![user_id, task_id, crate::wire::fmt_iso(now)],
    )?;
    Ok(())
}

/// Stops `user_id`'s timer and writes its time entry, on the day it was started; answers the
/// entry, or `None` when no timer was running.
pub fn stop(
    conn: &Connection,
    user_id: &str,
    now: OffsetDateTime,
) -> rusqlite::Result<Option<TimeEntry>> {
    let Some(running) = of_user(conn, user_id)? else {
        return Ok(None);
    };
    conn.execute("DELETE FROM timers WHERE user_id = ?1", [user_id])?;
    let started = parse_iso(&running.started_at).unwrap_or(now);
    let seconds = (now - started).whole_seconds().max(0);
    let entry = TimeEntry {
        id: ids::new_uuid(),
        task_id: running.task_id,
        user_id: running.user_id,
        kind: 1,
        is_overtime: false,
        date: fmt_ymd(started.date()),
        duration: minutes_of(seconds),
        comment: String::new(),
        seconds: Some(seconds),
    };
    tasks::save_time_entry(conn, &entry)?;
    Ok(Some(entry))
}

/// The minutes an entry of `seconds` counts: started minutes count whole, and an entry counts
/// at least one, the least the service takes for an entry made by hand.
fn minutes_of(seconds: i64) -> i64 {
    ((seconds + 59) / 60).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn started_minutes_count_whole() {
        assert_eq!(minutes_of(0), 1);
        assert_eq!(minutes_of(60), 1);
        assert_eq!(minutes_of(61), 2);
        assert_eq!(minutes_of(5430), 91);
    }
}
