//! Tasks: rows, locations, time entries and the Task JSON.

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};
use serde_json::{Map, Value, json};
use time::Date;

use crate::store::workspace::task_custom_fields;
use crate::store::{Answering, attachments, timers};
use crate::wire::{fmt_dmy, fmt_hm, json_list, parse_iso, parse_ymd, to_json_text};

#[derive(Clone, Debug, Default)]
pub struct Task {
    pub id: i64,
    pub parent_id: Option<i64>,
    pub title: Option<String>,
    /// HTML.
    pub description: Option<String>,
    /// Estimate in minutes.
    pub duration: Option<i64>,
    /// `action`, `meet` or `call`.
    pub kind: String,
    pub priority: Option<i64>,
    pub is_completed: bool,
    pub is_deleted: bool,
    pub completed_at: Option<String>,
    pub author_id: String,
    pub image: Option<String>,
    pub is_private: bool,
    pub start_date: Option<String>,
    pub start_date_time: Option<String>,
    pub due_date: Option<String>,
    pub due_date_time: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    /// The first is the primary assignee (`userId`).
    pub assignees: Vec<String>,
    pub tags: Vec<i64>,
    pub subscribers: Vec<String>,
    /// Custom field values keyed by field id, in the write format.
    pub custom_values: Map<String, Value>,
}

pub const TASK_COLUMNS: &str = "id, parent_id, title, description, duration, type, priority, \
     is_completed, is_deleted, completed_at, author_id, image, is_private, start_date, \
     start_date_time, due_date, due_date_time, created_at, updated_at, assignees, tags, \
     subscribers, custom_values";

impl Task {
    pub fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            parent_id: row.get(1)?,
            title: row.get(2)?,
            description: row.get(3)?,
            duration: row.get(4)?,
            kind: row.get(5)?,
            priority: row.get(6)?,
            is_completed: row.get(7)?,
            is_deleted: row.get(8)?,
            completed_at: row.get(9)?,
            author_id: row.get(10)?,
            image: row.get(11)?,
            is_private: row.get(12)?,
            start_date: row.get(13)?,
            start_date_time: row.get(14)?,
            due_date: row.get(15)?,
            due_date_time: row.get(16)?,
            created_at: row.get(17)?,
            updated_at: row.get(18)?,
            assignees: json_list(&row.get::<_, String>(19)?),
            tags: json_list(&row.get::<_, String>(20)?),
            subscribers: json_list(&row.get::<_, String>(21)?),
            custom_values: serde_json::from_str(&row.get::<_, String>(22)?).unwrap_or_default(),
        })
    }

    pub fn due(&self) -> Option<Date> {
        self.due_date.as_deref().and_then(parse_ymd)
    }

    pub fn start(&self) -> Option<Date> {
        self.start_date.as_deref().and_then(parse_ymd)
    }

    /// The days the task occupies: from its start (or due) date to its due (or
    /// start) date. `None` for a task without dates.
    pub fn span(&self) -> Option<(Date, Date)> {
        let (from, to) = match (self.start(), self.due()) {
            (None, None) => return None,
            (Some(s), None) => (s, s),
            (None, Some(d)) => (d, d),
            (Some(s), Some(d)) => (s, d),
        };
        Some((from.min(to), from.max(to)))
    }

    /// Whole days past the due date for an open task, else 0 (UNCERTAIN: the
    /// field is undocumented beyond being an integer).
    pub fn overdue(&self, today: Date) -> i64 {
        match self.due() {
            Some(due) if !self.is_completed && due < today => (today - due).whole_days(),
            _ => 0,
        }
    }

    pub fn completed_on(&self) -> Option<Date> {
        self.completed_at
            .as_deref()
            .and_then(parse_iso)
            .map(|at| at.date())
    }

    fn params(&self) -> [Box<dyn ToSql + '_>; 22] {
        [
            Box::new(self.parent_id),
            Box::new(&self.title),
            Box::new(&self.description),
            Box::new(self.duration),
            Box::new(&self.kind),
            Box::new(self.priority),
            Box::new(self.is_completed),
            Box::new(self.is_deleted),
            Box::new(&self.completed_at),
            Box::new(&self.author_id),
            Box::new(&self.image),
            Box::new(self.is_private),
            Box::new(&self.start_date),
            Box::new(&self.start_date_time),
            Box::new(&self.due_date),
            Box::new(&self.due_date_time),
            Box::new(&self.created_at),
            Box::new(&self.updated_at),
            Box::new(to_json_text(&self.assignees)),
            Box::new(to_json_text(&self.tags)),
            Box::new(to_json_text(&self.subscribers)),
            Box::new(to_json_text(&self.custom_values)),
        ]
    }
}

pub fn load(conn: &Connection, id: i64) -> rusqlite::Result<Option<Task>> {
    conn.query_row(
        &format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = ?1"),
        [id],
        Task::from_row,
    )
    .optional()
}

/// Tasks matching a SQL condition on `tasks t`.
pub fn select(
    conn: &Connection,
    condition: &str,
    values: &[Box<dyn ToSql>],
) -> rusqlite::Result<Vec<Task>> {
    let sql = format!("SELECT {TASK_COLUMNS} FROM tasks t WHERE {condition} ORDER BY t.id");
    let mut stmt = conn.prepare(&sql)?;
    let refs: Vec<&dyn ToSql> = values.iter().map(|v| v.as_ref()).collect();
    stmt.query_map(refs.as_slice(), Task::from_row)?.collect()
}

/// Inserts a task (its `id` is assigned) and returns the new id.
pub fn insert(conn: &Connection, task: &Task) -> rusqlite::Result<i64> {
    let params = task.params();
    let refs: Vec<&dyn ToSql> = params.iter().map(|p| p.as_ref()).collect();
    conn.prepare_cached(
        "INSERT INTO tasks (parent_id, title, description, duration, type, priority, \
         is_completed, is_deleted, completed_at, author_id, image, is_private, start_date, \
         start_date_time, due_date, due_date_time, created_at, updated_at, assignees, tags, \
         subscribers, custom_values) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, \
         ?18, ?19, ?20, ?21, ?22)",
    )?
    .execute(refs.as_slice())?;
    Ok(conn.last_insert_rowid())
}

pub fn save(conn: &Connection, task: &Task) -> rusqlite::Result<()> {
    let params = task.params();
    let mut refs: Vec<&dyn ToSql> = params.iter().map(|p| p.as_ref()).collect();
    refs.push(&task.id);
    conn.prepare_cached(
        "UPDATE tasks SET parent_id = ?1, title = ?2, description = ?3, duration = ?4, \
         type = ?5, priority = ?6, is_completed = ?7, is_deleted = ?8, completed_at = ?9, \
         author_id = ?10, image = ?11, is_private = ?12, start_date = ?13, \
         start_date_time = ?14, due_date = ?15, due_date_time = ?16, created_at = ?17, \
         updated_at = ?18, assignees = ?19, tags = ?20, subscribers = ?21, \
         custom_values = ?22 WHERE id = ?23",
    )?
    .execute(refs.as_slice())?;
    Ok(())
}

/// Where a task lives in one project.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub project_id: i64,
    pub board_id: Option<i64>,
    pub board_column_id: Option<i64>,
}

impl Location {
    fn to_json(self) -> Value {
        json!({
            "projectId": self.project_id,
            "boardId": self.board_id,
            "boardColumnId": self.board_column_id,
        })
    }
}

pub fn locations(conn: &Connection, task_id: i64) -> rusqlite::Result<Vec<Location>> {
    let mut stmt = conn.prepare_cached(
        "SELECT project_id, board_id, board_column_id FROM task_locations \
         WHERE task_id = ?1 ORDER BY rowid",
    )?;
    stmt.query_map([task_id], |row| {
        Ok(Location {
            project_id: row.get(0)?,
            board_id: row.get(1)?,
            board_column_id: row.get(2)?,
        })
    })?
    .collect()
}

/// How `place` treats a project the task is not yet in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Add another location (`POST …/locations`).
    Add,
    /// Replace the first location (the legacy single-project moves).
    Move,
}

/// Puts the task at `location`: within a project it is already in, that
/// location changes; otherwise `placement` decides. The task goes to the
/// bottom of its new column.
pub fn place(
    conn: &Connection,
    task_id: i64,
    location: Location,
    placement: Placement,
) -> rusqlite::Result<()> {
    let position: i64 = match location.board_column_id {
        Some(column) => conn.query_row(
            "SELECT COALESCE(MAX(position), 0) + 1 FROM task_locations WHERE board_column_id = ?1",
            [column],
            |row| row.get(0),
        )?,
        None => 0,
    };
    let existing = conn
        .query_row(
            "SELECT rowid FROM task_locations WHERE task_id = ?1 AND project_id = ?2",
            params![task_id, location.project_id],
            |row| row.get::<_, i64>(0),
        )
        .optional()?;
    let target = match (existing, placement) {
        (Some(rowid), _) => Some(rowid),
        (None, Placement::Move) => conn.query_row(
            "SELECT MIN(rowid) FROM task_locations WHERE task_id = ?1",
            [task_id],
            |row| row.get::<_, Option<i64>>(0),
        )?,
        (None, Placement::Add) => None,
    };
    match target {
        Some(rowid) => conn.execute(
            "UPDATE task_locations SET project_id = ?1, board_id = ?2, board_column_id = ?3, \
             position = ?4 WHERE rowid = ?5",
            params![
                location.project_id,
                location.board_id,
                location.board_column_id,
                position,
                rowid
            ],
        )?,
        None => conn.execute(
            "INSERT INTO task_locations (task_id, project_id, board_id, board_column_id, position) \
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![
                task_id,
                location.project_id,
                location.board_id,
                location.board_column_id,
                position
            ],
        )?,
    };
    Ok(())
}

pub fn remove_location(conn: &Connection, task_id: i64, project_id: i64) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM task_locations WHERE task_id = ?1 AND project_id = ?2",
        params![task_id, project_id],
    )?;
    Ok(())
}

#[derive(Clone, Debug)]
pub struct TimeEntry {
    pub id: String,
    pub task_id: i64,
    pub user_id: String,
    /// 1 = from the timer, 2 = entered by hand.
    pub kind: i64,
    pub is_overtime: bool,
    /// `Y-m-d`.
    pub date: String,
    /// Minutes.
    pub duration: i64,
    pub comment: String,
    /// The exact length of an entry the timer wrote; `None` when entered in minutes.
    pub seconds: Option<i64>,
}

impl TimeEntry {
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "userId": self.user_id,
            "type": self.kind,
            "isOvertime": self.is_overtime,
            "date": self.date,
            "duration": self.duration,
            "comment": self.comment,
            "durationSeconds": self.seconds.unwrap_or(self.duration * 60),
        })
    }

    /// The legacy `workloads` view of the same entry.
    fn to_workload(&self) -> Value {
        json!({
            "id": self.id,
            "userId": self.user_id,
            "type": self.kind,
            "date": parse_ymd(&self.date).map(fmt_dmy),
            "duration": self.duration,
            "workStartAt": null,
            "workEndAt": null,
        })
    }
}

pub fn time_entries(conn: &Connection, task_id: i64) -> rusqlite::Result<Vec<TimeEntry>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, task_id, user_id, type, is_overtime, date, duration, comment, seconds \
         FROM time_entries WHERE task_id = ?1 ORDER BY date, rowid",
    )?;
    stmt.query_map([task_id], time_entry_from_row)?.collect()
}

pub fn time_entry(
    conn: &Connection,
    task_id: i64,
    id: &str,
) -> rusqlite::Result<Option<TimeEntry>> {
    conn.query_row(
        "SELECT id, task_id, user_id, type, is_overtime, date, duration, comment, seconds \
         FROM time_entries WHERE task_id = ?1 AND id = ?2",
        params![task_id, id],
        time_entry_from_row,
    )
    .optional()
}

fn time_entry_from_row(row: &Row<'_>) -> rusqlite::Result<TimeEntry> {
    Ok(TimeEntry {
        id: row.get(0)?,
        task_id: row.get(1)?,
        user_id: row.get(2)?,
        kind: row.get(3)?,
        is_overtime: row.get(4)?,
        date: row.get(5)?,
        duration: row.get(6)?,
        comment: row.get(7)?,
        seconds: row.get(8)?,
    })
}

pub fn save_time_entry(conn: &Connection, entry: &TimeEntry) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT OR REPLACE INTO time_entries (id, task_id, user_id, type, is_overtime, date, \
         duration, comment, seconds) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
    )?
    .execute(params![
        entry.id,
        entry.task_id,
        entry.user_id,
        entry.kind,
        entry.is_overtime,
        entry.date,
        entry.duration,
        entry.comment,
        entry.seconds
    ])?;
    Ok(())
}

/// The sub-tasks of a task that are not deleted, in their order.
pub fn sub_task_ids(conn: &Connection, task_id: i64) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id FROM tasks WHERE parent_id = ?1 AND is_deleted = 0 \
         ORDER BY sub_position IS NULL, sub_position, id",
    )?;
    stmt.query_map([task_id], |row| row.get(0))?.collect()
}

/// Gives the sub-tasks of one parent the order of `ids`.
pub fn order_sub_tasks(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached("UPDATE tasks SET sub_position = ?1 WHERE id = ?2")?;
    for (position, id) in ids.iter().enumerate() {
        stmt.execute(params![position as i64, id])?;
    }
    Ok(())
}

/// The Task object, with the current fields and the legacy ones the live
/// service still sends (`userId`, `projectId`, `boardId`, `boardColumnId`,
/// `date`, `time`, `workloads`).
pub fn to_json(conn: &Connection, task: &Task, at: Answering<'_>) -> rusqlite::Result<Value> {
    let locations = locations(conn, task.id)?;
    let first = locations.first().copied();
    let entries = time_entries(conn, task.id)?;
    let custom_fields: Vec<Value> = task_custom_fields(conn, &locations)?
        .into_iter()
        .map(|def| {
            let mut field = def.to_json();
            field["value"] = task
                .custom_values
                .get(&def.id)
                .cloned()
                .unwrap_or(Value::Null);
            field
        })
        .collect();
    Ok(json!({
        "id": task.id,
        "parentId": task.parent_id,
        "title": task.title,
        "description": task.description,
        "date": task.due().map(fmt_dmy),
        "time": task.due_date_time.as_deref().and_then(parse_iso).map(fmt_hm),
        "duration": task.duration,
        "overdue": task.overdue(at.today),
        "type": task.kind,
        "priority": task.priority,
        "isCompleted": task.is_completed,
        "isDeleted": task.is_deleted,
        "completedAt": task.completed_at,
        "authorId": task.author_id,
        "userId": task.assignees.first(),
        "assignees": task.assignees,
        "projectId": first.map(|l| l.project_id),
        "boardId": first.and_then(|l| l.board_id),
        "boardColumnId": first.and_then(|l| l.board_column_id),
        "locations": locations.iter().map(|l| l.to_json()).collect::<Vec<_>>(),
        "image": task.image,
        "isPrivate": task.is_private,
        "startDate": task.start_date,
        "startDateTime": task.start_date_time,
        "dueDate": task.due_date,
        "dueDateTime": task.due_date_time,
        "createdAt": task.created_at,
        "updatedAt": task.updated_at,
        "tags": task.tags,
        "subscribers": task.subscribers,
        "subTasks": sub_task_ids(conn, task.id)?,
        "workloads": entries.iter().map(TimeEntry::to_workload).collect::<Vec<_>>(),
        "timeEntries": entries.iter().map(TimeEntry::to_json).collect::<Vec<_>>(),
        "customFields": custom_fields,
        "attachments": attachments::task_attachments_json(conn, task.id, at.origin)?,
        // UNCERTAIN: the docs say a task shows its running timer but name no key; one entry
        // per member whose timer runs on it.
        "timers": timers::on_task(conn, task.id)?
            .iter()
            .map(timers::Running::to_json)
            .collect::<Vec<_>>(),
    }))
}
