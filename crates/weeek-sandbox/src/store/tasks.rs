//! Tasks: rows, locations, time entries and the Task JSON.

use std::cmp::Ordering;

use rusqlite::{Connection, OptionalExtension, Row, ToSql, params};
use serde_json::{Map, Value};

use crate::html;
use crate::store::Answering;
use crate::store::json_out::{self, Members, stored_day, write_dmy};
use crate::store::page_rows::{self, Order, PageSql, page_sql};
use crate::wire::{fold, json_list, to_json_text};

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

/// The columns [`Task::from_row`] reads, as a literal for the page queries' constants.
macro_rules! task_columns {
    () => {
        "id, parent_id, title, description, duration, type, priority, is_completed, \
         is_deleted, completed_at, author_id, image, is_private, start_date, start_date_time, \
         due_date, due_date_time, created_at, updated_at, assignees, tags, subscribers, \
         custom_values"
    };
}

pub const TASK_COLUMNS: &str = task_columns!();

/// The rows of a page's tasks.
pub const PAGE_TASKS: PageSql = page_sql!(concat!("SELECT ", task_columns!()), "tasks", "id");

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

    /// What search and the name order compare (see `wire::fold`): the folded title, and the
    /// folded visible text of the description (markup is not searched).
    fn folded(&self) -> (Option<String>, String) {
        (
            self.title.as_deref().map(fold),
            self.description
                .as_deref()
                .map(|d| fold(&html::to_text(d)))
                .unwrap_or_default(),
        )
    }

    fn params(&self) -> [Box<dyn ToSql + '_>; 24] {
        let (title_folded, text_folded) = self.folded();
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
            Box::new(title_folded),
            Box::new(text_folded),
        ]
    }
}

pub fn load(conn: &Connection, id: i64) -> rusqlite::Result<Option<Task>> {
    conn.prepare_cached(&format!("SELECT {TASK_COLUMNS} FROM tasks WHERE id = ?1"))?
        .query_row([id], Task::from_row)
        .optional()
}

/// The tasks with these ids, in the order given (missing ones left out), in one query.
pub fn load_many(conn: &Connection, ids: &[i64]) -> rusqlite::Result<Vec<Task>> {
    let places = Places::new(ids);
    page_rows::query(conn, &PAGE_TASKS, ids, Order::OfIds, |mut rows| {
        let mut tasks = Vec::with_capacity(ids.len());
        while let Some(row) = rows.next()? {
            if places.of(row.get(0)?).is_some() {
                tasks.push(Task::from_row(row)?);
            }
        }
        Ok(tasks)
    })
}

/// Inserts a task (its `id` is assigned) and returns the new id.
pub fn insert(conn: &Connection, task: &Task) -> rusqlite::Result<i64> {
    let params = task.params();
    let refs: Vec<&dyn ToSql> = params.iter().map(|p| p.as_ref()).collect();
    conn.prepare_cached(
        "INSERT INTO tasks (parent_id, title, description, duration, type, priority, \
         is_completed, is_deleted, completed_at, author_id, image, is_private, start_date, \
         start_date_time, due_date, due_date_time, created_at, updated_at, assignees, tags, \
         subscribers, custom_values, title_folded, text_folded) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, \
         ?18, ?19, ?20, ?21, ?22, ?23, ?24)",
    )?
    .execute(refs.as_slice())?;
    let id = conn.last_insert_rowid();
    write_relations(conn, id, &task.assignees, &task.tags, false)?;
    Ok(id)
}

/// The assignee and tag rows the list filters on, rewritten from the task's own lists.
fn write_relations(
    conn: &Connection,
    id: i64,
    assignees: &[String],
    tags: &[i64],
    replace: bool,
) -> rusqlite::Result<()> {
    if replace {
        conn.prepare_cached("DELETE FROM task_assignees WHERE task_id = ?1")?
            .execute([id])?;
        conn.prepare_cached("DELETE FROM task_tags WHERE task_id = ?1")?
            .execute([id])?;
    }
    let mut add_user = conn.prepare_cached(
        "INSERT OR IGNORE INTO task_assignees (task_id, user_id) VALUES (?1, ?2)",
    )?;
    for user in assignees {
        add_user.execute(params![id, user])?;
    }
    let mut add_tag =
        conn.prepare_cached("INSERT OR IGNORE INTO task_tags (task_id, tag_id) VALUES (?1, ?2)")?;
    for tag in tags {
        add_tag.execute(params![id, tag])?;
    }
    Ok(())
}

/// Recomputes what is derived from every task (folded text, assignee and tag rows): for a
/// file written before they existed.
pub fn rebuild_derived(conn: &Connection) -> rusqlite::Result<()> {
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM tasks ORDER BY id")?
        .query_map([], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for chunk in ids.chunks(500) {
        for task in load_many(conn, chunk)? {
            save(conn, &task)?;
        }
    }
    Ok(())
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
         custom_values = ?22, title_folded = ?23, text_folded = ?24 WHERE id = ?25",
    )?
    .execute(refs.as_slice())?;
    write_relations(conn, task.id, &task.assignees, &task.tags, true)
}

/// Where a task lives in one project (its JSON is written by [`crate::store::task_json`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub project_id: i64,
    pub board_id: Option<i64>,
    pub board_column_id: Option<i64>,
}

pub fn locations(conn: &Connection, task_id: i64) -> rusqlite::Result<Vec<Location>> {
    Ok(locations_of(conn, &[task_id])?.pop().unwrap_or_default())
}

/// The locations of several tasks in one query, each task's in `locations` order, by the
/// task's place in `task_ids` (see [`group`]).
pub fn locations_of(conn: &Connection, task_ids: &[i64]) -> rusqlite::Result<Vec<Vec<Location>>> {
    const LOCATIONS: PageSql = page_sql!(
        "SELECT l.task_id, l.rowid, l.project_id, l.board_id, l.board_column_id",
        "task_locations l",
        "l.task_id"
    );
    page_rows::query(conn, &LOCATIONS, task_ids, Order::Any, |rows| {
        let rows = rows.mapped(|row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                Location {
                    project_id: row.get(2)?,
                    board_id: row.get(3)?,
                    board_column_id: row.get(4)?,
                },
            ))
        });
        group(task_ids, rows, |_, _| Ordering::Equal)
    })
}

/// Where each task of a page is in it: `(id, place)` sorted by id, found by a binary search
/// (a page holds at most a hundred tasks; hashing each lookup cost more).
pub struct Places(Vec<(i64, usize)>);

impl Places {
    pub fn new(task_ids: &[i64]) -> Self {
        let mut places: Vec<(i64, usize)> = task_ids.iter().copied().zip(0..).collect();
        places.sort_unstable();
        Self(places)
    }

    /// The place of `id` (its first, should the page name it twice).
    pub fn of(&self, id: i64) -> Option<usize> {
        let at = self.0.partition_point(|(other, _)| *other < id);
        self.0
            .get(at)
            .filter(|(other, _)| *other == id)
            .map(|p| p.1)
    }
}

/// Rows of `(task id, rowid, item)` gathered per task: one list for each of `task_ids`, in
/// that order, each task's items in `order` and then in rowid order (the order they were
/// written in). The page queries read their rows in page order, so an ORDER BY would run
/// SQLite's sorter on every page; sorting each task's few rows here costs less.
pub fn group<T>(
    task_ids: &[i64],
    rows: impl Iterator<Item = rusqlite::Result<(i64, i64, T)>>,
    order: impl Fn(&T, &T) -> Ordering,
) -> rusqlite::Result<Vec<Vec<T>>> {
    let places = Places::new(task_ids);
    let mut lists: Vec<Vec<(i64, T)>> = std::iter::repeat_with(Vec::new)
        .take(task_ids.len())
        .collect();
    for row in rows {
        let (task, rowid, item) = row?;
        if let Some(place) = places.of(task) {
            lists[place].push((rowid, item));
        }
    }
    Ok(lists
        .into_iter()
        .map(|mut list| {
            if list.len() > 1 {
                list.sort_by(|a, b| order(&a.1, &b.1).then(a.0.cmp(&b.0)));
            }
            list.into_iter().map(|(_, item)| item).collect()
        })
        .collect())
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
/// bottom of its new column. Its statements are kept prepared: the seed places every task.
pub fn place(
    conn: &Connection,
    task_id: i64,
    location: Location,
    placement: Placement,
) -> rusqlite::Result<()> {
    let position: i64 = match location.board_column_id {
        Some(column) => conn
            .prepare_cached(
                "SELECT COALESCE(MAX(position), 0) + 1 FROM task_locations \
                 WHERE board_column_id = ?1",
            )?
            .query_row([column], |row| row.get(0))?,
        None => 0,
    };
    let existing = conn
        .prepare_cached("SELECT rowid FROM task_locations WHERE task_id = ?1 AND project_id = ?2")?
        .query_row(params![task_id, location.project_id], |row| {
            row.get::<_, i64>(0)
        })
        .optional()?;
    let target = match (existing, placement) {
        (Some(rowid), _) => Some(rowid),
        (None, Placement::Move) => conn
            .prepare_cached("SELECT MIN(rowid) FROM task_locations WHERE task_id = ?1")?
            .query_row([task_id], |row| row.get::<_, Option<i64>>(0))?,
        (None, Placement::Add) => None,
    };
    match target {
        Some(rowid) => conn
            .prepare_cached(
                "UPDATE task_locations SET project_id = ?1, board_id = ?2, board_column_id = ?3, \
                 position = ?4 WHERE rowid = ?5",
            )?
            .execute(params![
                location.project_id,
                location.board_id,
                location.board_column_id,
                position,
                rowid
            ])?,
        None => conn
            .prepare_cached(
                "INSERT INTO task_locations (task_id, project_id, board_id, board_column_id, \
                 position) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                task_id,
                location.project_id,
                location.board_id,
                location.board_column_id,
                position
            ])?,
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
        json_out::to_value(|out| self.write_json(out))
    }

    /// The entry as `timeEntries` shows it.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let mut o = Members::open(out);
        o.str("id", &self.id);
        o.str("userId", &self.user_id);
        o.int("type", self.kind);
        o.bool("isOvertime", self.is_overtime);
        o.str("date", &self.date);
        o.int("duration", self.duration);
        o.str("comment", &self.comment);
        o.int(
            "durationSeconds",
            self.seconds.unwrap_or(self.duration * 60),
        );
        o.close();
    }

    /// The legacy `workloads` view of the same entry.
    pub fn write_workload(&self, out: &mut Vec<u8>) {
        let mut o = Members::open(out);
        o.str("id", &self.id);
        o.str("userId", &self.user_id);
        o.int("type", self.kind);
        match stored_day(&self.date) {
            Some(day) => write_dmy(o.key("date"), day),
            None => o.key("date").extend_from_slice(b"null"),
        }
        o.int("duration", self.duration);
        o.key("workStartAt").extend_from_slice(b"null");
        o.key("workEndAt").extend_from_slice(b"null");
        o.close();
    }
}

/// The time entries of several tasks in one query, each task's by date (see [`group`]).
pub fn time_entries_of(
    conn: &Connection,
    task_ids: &[i64],
) -> rusqlite::Result<Vec<Vec<TimeEntry>>> {
    const ENTRIES: PageSql = page_sql!(
        "SELECT e.id, e.task_id, e.user_id, e.type, e.is_overtime, e.date, e.duration, \
         e.comment, e.seconds, e.rowid",
        "time_entries e",
        "e.task_id"
    );
    page_rows::query(conn, &ENTRIES, task_ids, Order::Any, |rows| {
        let rows = rows.mapped(|row| {
            let entry = time_entry_from_row(row)?;
            Ok((entry.task_id, row.get(9)?, entry))
        });
        group(task_ids, rows, |a, b| a.date.cmp(&b.date))
    })
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
    Ok(sub_tasks_of(conn, &[task_id])?.pop().unwrap_or_default())
}

/// The ids of the live sub-tasks of several tasks in one query, each task's in their order:
/// those placed by `order_sub_tasks` first, then the others by id (see [`group`]).
pub fn sub_tasks_of(conn: &Connection, task_ids: &[i64]) -> rusqlite::Result<Vec<Vec<i64>>> {
    // `+is_deleted` keeps the planner on the parent index: the list's `is_deleted` indexes
    // would walk every task.
    const CHILDREN: PageSql = page_sql!(
        "SELECT c.parent_id, c.id, c.sub_position",
        "tasks c",
        "c.parent_id",
        " AND +c.is_deleted = 0"
    );
    let placed = page_rows::query(conn, &CHILDREN, task_ids, Order::Any, |rows| {
        let rows = rows.mapped(|row| {
            let position: Option<i64> = row.get(2)?;
            Ok((row.get(0)?, row.get(1)?, (position, row.get::<_, i64>(1)?)))
        });
        group(task_ids, rows, |a: &(Option<i64>, i64), b| {
            a.0.is_none()
                .cmp(&b.0.is_none())
                .then(a.0.cmp(&b.0))
                .then(a.1.cmp(&b.1))
        })
    })?;
    Ok(placed
        .into_iter()
        .map(|children| children.into_iter().map(|(_, id)| id).collect())
        .collect())
}

/// Gives the sub-tasks of one parent the order of `ids`.
pub fn order_sub_tasks(conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare_cached("UPDATE tasks SET sub_position = ?1 WHERE id = ?2")?;
    for (position, id) in ids.iter().enumerate() {
        stmt.execute(params![position as i64, id])?;
    }
    Ok(())
}

/// The Task objects of these tasks, in this order (see [`crate::store::task_json`]).
pub fn to_json(conn: &Connection, ids: &[i64], at: Answering<'_>) -> rusqlite::Result<Vec<Value>> {
    use crate::store::task_json::{FieldHeads, Page};
    Page::load(conn, ids, FieldHeads::current(conn)?, at)?.values(conn)
}
