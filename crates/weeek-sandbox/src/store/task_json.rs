//! The Task object, for a page of tasks at once: everything a task shows besides its own row
//! (locations, time entries, attachments, timers, subtasks, custom fields) is read with one
//! query per kind for the whole page, and the JSON is written straight from the task rows into the
//! answer's bytes as SQLite steps through them (text borrowed from the row, stored JSON lists
//! copied as they are), each custom field's definition encoded once per page.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use rusqlite::types::Type;
use rusqlite::{Connection, OptionalExtension, Row};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use time::Date;

use crate::store::attachments::{self, Attachment};
use crate::store::custom_fields::{self, Scope};
use crate::store::json_out::{Members, encoding, stored_day, stored_hm, write_dmy, write_int};
use crate::store::page_rows::{self, Order};
use crate::store::tasks::{self, Location, PAGE_TASKS, Places, TimeEntry};
use crate::store::timers::{self, Running};
use crate::store::{Answering, Reader, lock};
use crate::wire::json_list;

/// A page of tasks, with everything their JSON needs besides their own rows: one list per
/// task for each kind, by the task's place in the page.
pub struct Page {
    ids: Vec<i64>,
    places: Places,
    locations: Vec<Vec<Location>>,
    entries: Vec<Vec<TimeEntry>>,
    /// Their links depend on the address the request reached.
    attachments: Vec<Vec<Attachment>>,
    timers: Vec<Vec<Running>>,
    sub_tasks: Vec<Vec<i64>>,
    fields: Arc<FieldHeads>,
    /// The day `overdue` is counted to.
    today: Date,
}

/// The task custom fields, each encoded up to its value (`{"id":…,"options":[…],"value":`):
/// the same for every task, so written once and copied into each.
pub struct FieldHeads(Vec<FieldHead>);

struct FieldHead {
    id: String,
    /// Which tasks show it.
    scope: Scope,
    json: Vec<u8>,
}

/// Field definitions encoded by `task_fields_version`, the latest few. The version is random
/// and new with every change of the fields, so it names one state of the fields of one
/// database, whichever connection (or sandbox in this process) reads it.
static ENCODED: Mutex<Vec<(String, Arc<FieldHeads>)>> = Mutex::new(Vec::new());
const ENCODED_KEPT: usize = 8;

impl FieldHeads {
    /// The task custom fields as `conn` sees them, encoded again only after they changed.
    pub fn current(conn: &Connection) -> rusqlite::Result<Arc<Self>> {
        let version: Option<String> = conn
            .prepare_cached("SELECT value FROM meta WHERE key = 'task_fields_version'")?
            .query_row([], |row| row.get(0))
            .optional()?;
        let Some(version) = version else {
            return Ok(Arc::new(Self::read(conn)?));
        };
        let known = lock(&ENCODED)
            .iter()
            .find(|(at, _)| *at == version)
            .map(|(_, heads)| Arc::clone(heads));
        if let Some(heads) = known {
            return Ok(heads);
        }
        let heads = Arc::new(Self::read(conn)?);
        let mut encoded = lock(&ENCODED);
        if encoded.len() >= ENCODED_KEPT {
            encoded.remove(0);
        }
        encoded.push((version, Arc::clone(&heads)));
        Ok(heads)
    }

    fn read(conn: &Connection) -> rusqlite::Result<Self> {
        let heads = custom_fields::all(conn)?
            .into_iter()
            .map(|field| {
                // The definition as every answer writes it, its closing brace replaced by
                // the start of the value.
                let mut json = serde_json::to_vec(&field.to_json()).map_err(encoding)?;
                json.pop();
                json.extend_from_slice(br#","value":"#);
                Ok(FieldHead {
                    id: field.id,
                    scope: field.owner,
                    json,
                })
            })
            .collect::<rusqlite::Result<_>>()?;
        Ok(Self(heads))
    }
}

impl Page {
    /// What the tasks with these ids show besides their own rows; the rows are read as the
    /// JSON is written, in this order (missing ids are left out).
    pub fn load(
        conn: &Connection,
        ids: &[i64],
        fields: Arc<FieldHeads>,
        at: Answering<'_>,
    ) -> rusqlite::Result<Self> {
        let ids = ids.to_vec();
        if ids.is_empty() {
            return Ok(Self {
                places: Places::new(&ids),
                ids,
                locations: Vec::new(),
                entries: Vec::new(),
                attachments: Vec::new(),
                timers: Vec::new(),
                sub_tasks: Vec::new(),
                fields,
                today: at.today,
            });
        }
        Ok(Self {
            places: Places::new(&ids),
            locations: tasks::locations_of(conn, &ids)?,
            entries: tasks::time_entries_of(conn, &ids)?,
            attachments: attachments::task_attachments_of(conn, &ids, at.origin)?,
            timers: timers::on_tasks(conn, &ids)?,
            sub_tasks: tasks::sub_tasks_of(conn, &ids)?,
            fields,
            today: at.today,
            ids,
        })
    }

    /// Each task's JSON with its id, in page order.
    fn each_json(
        &self,
        conn: &Connection,
        mut each: impl FnMut(i64, &[u8]),
    ) -> rusqlite::Result<()> {
        let mut out = Vec::with_capacity(self.task_size());
        self.each_row(conn, |task| {
            out.clear();
            self.write_task(&mut out, task)?;
            each(task.id, &out);
            Ok(())
        })
    }

    /// `{"success":true,"<key>":{…}}` with the page's one task, encoded; `None` when it does
    /// not exist.
    pub fn payload_body(&self, conn: &Connection, key: &str) -> rusqlite::Result<Option<Vec<u8>>> {
        let mut out = Vec::with_capacity(self.task_size() + 64);
        out.extend_from_slice(br#"{"success":true,""#);
        out.extend_from_slice(key.as_bytes());
        out.extend_from_slice(br#"":"#);
        let mut found = false;
        self.each_row(conn, |task| {
            if std::mem::replace(&mut found, true) {
                return Ok(());
            }
            self.write_task(&mut out, task)
        })?;
        out.push(b'}');
        Ok(found.then_some(out))
    }

    /// About the size of a task's JSON: some 1.5 KB of its own, and its custom fields'
    /// definitions, which most tasks show all of.
    fn task_size(&self) -> usize {
        1536 + self
            .fields
            .0
            .iter()
            .map(|f| f.json.len() + 16)
            .sum::<usize>()
    }

    /// Each task as a JSON value, for replies that embed it.
    pub fn values(&self, conn: &Connection) -> rusqlite::Result<Vec<Value>> {
        let mut out = Vec::with_capacity(4096);
        let mut values = Vec::with_capacity(self.ids.len());
        self.each_row(conn, |task| {
            out.clear();
            self.write_task(&mut out, task)?;
            values.push(serde_json::from_slice(&out).map_err(encoding)?);
            Ok(())
        })?;
        Ok(values)
    }

    /// Reads the page's task rows in page order, each borrowed for `write` only.
    fn each_row(
        &self,
        conn: &Connection,
        mut write: impl FnMut(&TaskRow<'_>) -> rusqlite::Result<()>,
    ) -> rusqlite::Result<()> {
        page_rows::query(conn, &PAGE_TASKS, &self.ids, Order::OfIds, |mut rows| {
            while let Some(row) = rows.next()? {
                // A range of ids also holds tasks that are not on the page.
                if self.places.of(row.get(0)?).is_some() {
                    write(&TaskRow::from_row(row)?)?;
                }
            }
            Ok(())
        })
    }

    /// The Task object, with the current fields and the legacy ones the live service still
    /// sends (`userId`, `projectId`, `boardId`, `boardColumnId`, `date`, `time`, `workloads`).
    fn write_task(&self, out: &mut Vec<u8>, task: &TaskRow<'_>) -> rusqlite::Result<()> {
        let place = self.places.of(task.id);
        fn of<T>(lists: &[Vec<T>], place: Option<usize>) -> &[T] {
            place
                .and_then(|p| lists.get(p))
                .map_or(&[][..], Vec::as_slice)
        }
        let locations = of(&self.locations, place);
        let entries = of(&self.entries, place);
        let first = locations.first();
        let due = task.due_date.and_then(stored_day);
        let mut o = Members::open(out);
        o.int("id", task.id);
        o.opt_int("parentId", task.parent_id);
        o.opt_str("title", task.title);
        o.opt_str("description", task.description);
        match due {
            Some(due) => write_dmy(o.key("date"), due),
            None => o.key("date").extend_from_slice(b"null"),
        }
        o.opt_str("time", task.due_date_time.and_then(stored_hm).as_deref());
        o.opt_int("duration", task.duration);
        o.int("overdue", overdue(due, task.is_completed, self.today));
        o.str("type", task.kind);
        o.opt_int("priority", task.priority);
        o.bool("isCompleted", task.is_completed);
        o.bool("isDeleted", task.is_deleted);
        o.opt_str("completedAt", task.completed_at);
        o.str("authorId", task.author_id);
        let user = task.assignees.0.and_then(first_member);
        o.opt_str("userId", user.as_deref());
        task.assignees.write(o.key("assignees"));
        o.opt_int("projectId", first.map(|l| l.project_id));
        o.opt_int("boardId", first.and_then(|l| l.board_id));
        o.opt_int("boardColumnId", first.and_then(|l| l.board_column_id));
        let out = o.key("locations");
        out.push(b'[');
        for (n, location) in locations.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            let mut l = Members::open(out);
            l.int("projectId", location.project_id);
            l.opt_int("boardId", location.board_id);
            l.opt_int("boardColumnId", location.board_column_id);
            l.close();
        }
        out.push(b']');
        o.opt_str("image", task.image);
        o.bool("isPrivate", task.is_private);
        o.opt_str("startDate", task.start_date);
        o.opt_str("startDateTime", task.start_date_time);
        o.opt_str("dueDate", task.due_date);
        o.opt_str("dueDateTime", task.due_date_time);
        o.str("createdAt", task.created_at);
        o.str("updatedAt", task.updated_at);
        task.tags.write(o.key("tags"));
        task.subscribers.write(o.key("subscribers"));
        o.list("subTasks", of(&self.sub_tasks, place), |id, out| {
            write_int(out, *id)
        });
        o.list("workloads", entries, TimeEntry::write_workload);
        o.list("timeEntries", entries, TimeEntry::write_json);
        // Each definition is encoded once per page, up to the task's value.
        let out = o.key("customFields");
        out.push(b'[');
        let shown = self
            .fields
            .0
            .iter()
            .filter(|field| field.scope.shown_in(locations));
        for (n, field) in shown.enumerate() {
            if n > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&field.json);
            task.custom_values.write(out, &field.id)?;
            out.push(b'}');
        }
        out.push(b']');
        o.list(
            "attachments",
            of(&self.attachments, place),
            Attachment::write_json,
        );
        // UNCERTAIN: the docs say a task shows its running timer but name no key; one entry
        // per member whose timer runs on it.
        o.value("timers", &Each(of(&self.timers, place), Running::to_json))?;
        o.close();
        Ok(())
    }
}

/// `{"success":true,"tasks":[…],"hasMore":…}` for the tasks with these ids, in their order.
pub fn list_body(
    conn: &Reader,
    ids: &[i64],
    has_more: bool,
    at: Answering<'_>,
) -> rusqlite::Result<Vec<u8>> {
    let mut out = Vec::new();
    out.extend_from_slice(br#"{"success":true,"tasks":["#);
    let mut first = true;
    with_json(conn, ids, at, |json| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        out.extend_from_slice(json);
    })?;
    out.extend_from_slice(if has_more {
        br#"],"hasMore":true}"#
    } else {
        br#"],"hasMore":false}"#
    });
    Ok(out)
}

/// `{"success":true,"task":{…}}`, or `None` when there is no task `id`.
pub fn task_body(conn: &Reader, id: i64, at: Answering<'_>) -> rusqlite::Result<Option<Vec<u8>>> {
    let mut body = None;
    with_json(conn, &[id], at, |json| {
        let mut out = Vec::with_capacity(json.len() + 24);
        out.extend_from_slice(br#"{"success":true,"task":"#);
        out.extend_from_slice(json);
        out.push(b'}');
        body = Some(out);
    })?;
    Ok(body)
}

/// Hands each existing task's JSON to `each`, in the order of `ids`: what the connection
/// keeps is copied, the rest is read and encoded (one query per kind of row for all of
/// them) and kept for the next request.
fn with_json(
    conn: &Reader,
    ids: &[i64],
    at: Answering<'_>,
    mut each: impl FnMut(&[u8]),
) -> rusqlite::Result<()> {
    let mut kept = conn.task_json(at.today, at.origin);
    let missing: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|id| kept.get(*id).is_none())
        .collect();
    let mut written = Vec::new();
    let mut fresh: HashMap<i64, std::ops::Range<usize>> = HashMap::with_capacity(missing.len());
    if !missing.is_empty() {
        let page = Page::load(conn, &missing, FieldHeads::current(conn)?, at)?;
        page.each_json(conn, |id, json| {
            let start = written.len();
            written.extend_from_slice(json);
            fresh.insert(id, start..written.len());
        })?;
    }
    for id in ids {
        let json = match fresh.get(id) {
            Some(range) => written.get(range.clone()),
            None => kept.get(*id),
        };
        if let Some(json) = json {
            each(json);
        }
    }
    for (id, range) in fresh {
        if let Some(json) = written.get(range) {
            kept.put(id, json);
        }
    }
    Ok(())
}

/// Whole days past the due date for an open task, else 0 (UNCERTAIN: the field is
/// undocumented beyond being an integer).
fn overdue(due: Option<Date>, completed: bool, today: Date) -> i64 {
    match due {
        Some(due) if !completed && due < today => (today - due).whole_days(),
        _ => 0,
    }
}

/// The primary assignee (`userId`), the first of `list`, a stored JSON array as
/// [`JsonArray`] accepts it. Member ids need no escapes and are read by hand, borrowed from
/// the row; an escaped one is decoded.
fn first_member(list: &str) -> Option<Cow<'_, str>> {
    if let Some(rest) = list.strip_prefix("[\"")
        && let Some(end) = rest.find(['"', '\\'])
        && rest.as_bytes()[end] == b'"'
    {
        return Some(Cow::Borrowed(&rest[..end]));
    }
    match serde_json::from_str::<Vec<&str>>(list) {
        Ok(ids) => ids.first().map(|id| Cow::Borrowed(*id)),
        Err(_) => json_list::<String>(list).into_iter().next().map(Cow::Owned),
    }
}

/// A task's row as its JSON shows it, borrowed from the row being read (the columns of
/// [`tasks::TASK_COLUMNS`], in order). The JSON list columns are copied as they are stored.
struct TaskRow<'a> {
    id: i64,
    parent_id: Option<i64>,
    title: Option<&'a str>,
    description: Option<&'a str>,
    duration: Option<i64>,
    kind: &'a str,
    priority: Option<i64>,
    is_completed: bool,
    is_deleted: bool,
    completed_at: Option<&'a str>,
    author_id: &'a str,
    image: Option<&'a str>,
    is_private: bool,
    start_date: Option<&'a str>,
    start_date_time: Option<&'a str>,
    due_date: Option<&'a str>,
    due_date_time: Option<&'a str>,
    created_at: &'a str,
    updated_at: &'a str,
    assignees: JsonArray<'a>,
    tags: JsonArray<'a>,
    subscribers: JsonArray<'a>,
    custom_values: CustomValues<'a>,
}

impl<'a> TaskRow<'a> {
    fn from_row(row: &'a Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            parent_id: row.get(1)?,
            title: text(row, 2)?,
            description: text(row, 3)?,
            duration: row.get(4)?,
            kind: text(row, 5)?.unwrap_or_default(),
            priority: row.get(6)?,
            is_completed: row.get(7)?,
            is_deleted: row.get(8)?,
            completed_at: text(row, 9)?,
            author_id: text(row, 10)?.unwrap_or_default(),
            image: text(row, 11)?,
            is_private: row.get(12)?,
            start_date: text(row, 13)?,
            start_date_time: text(row, 14)?,
            due_date: text(row, 15)?,
            due_date_time: text(row, 16)?,
            created_at: text(row, 17)?.unwrap_or_default(),
            updated_at: text(row, 18)?.unwrap_or_default(),
            assignees: JsonArray::parse(text(row, 19)?),
            tags: JsonArray::parse(text(row, 20)?),
            subscribers: JsonArray::parse(text(row, 21)?),
            custom_values: CustomValues::parse(text(row, 22)?.unwrap_or_default()),
        })
    }
}

/// A text column, borrowed from the row.
fn text<'a>(row: &'a Row<'_>, index: usize) -> rusqlite::Result<Option<&'a str>> {
    row.get_ref(index)?
        .as_str_or_null()
        .map_err(|err| rusqlite::Error::FromSqlConversionFailure(index, Type::Text, Box::new(err)))
}

/// A stored JSON array, written as it is stored; malformed or missing text shows as an
/// empty one, as [`json_list`] reads it.
#[derive(Clone, Copy)]
struct JsonArray<'a>(Option<&'a str>);

impl<'a> JsonArray<'a> {
    fn parse(text: Option<&'a str>) -> Self {
        let raw = text
            .and_then(|text| serde_json::from_str::<&'a RawValue>(text).ok())
            .map(RawValue::get)
            .filter(|raw| raw.starts_with('['));
        Self(raw)
    }

    fn write(self, out: &mut Vec<u8>) {
        out.extend_from_slice(self.0.unwrap_or("[]").as_bytes());
    }
}

/// A task's custom field values by field id. Field ids need no escapes, so the map borrows
/// from the row; stored text that does not allow that is read into owned values.
enum CustomValues<'a> {
    /// In stored order; a task has a value for a few fields at most, so they are looked up
    /// one by one.
    Borrowed(Vec<(&'a str, &'a RawValue)>),
    Owned(Map<String, Value>),
}

impl<'a> CustomValues<'a> {
    /// Malformed text reads as no values.
    fn parse(text: &'a str) -> Self {
        if text == "{}" {
            return Self::Borrowed(Vec::new());
        }
        match serde_json::from_str::<Pairs<'a>>(text) {
            Ok(Pairs(values)) => Self::Borrowed(values),
            Err(_) => Self::Owned(serde_json::from_str(text).unwrap_or_default()),
        }
    }

    /// The value of one field, `null` when unset.
    fn write(&self, out: &mut Vec<u8>, field: &str) -> rusqlite::Result<()> {
        match self {
            // The last of a repeated key counts, as in a map.
            Self::Borrowed(values) => match values.iter().rev().find(|(id, _)| *id == field) {
                Some((_, value)) => out.extend_from_slice(value.get().as_bytes()),
                None => out.extend_from_slice(b"null"),
            },
            Self::Owned(values) => {
                serde_json::to_writer(&mut *out, values.get(field).unwrap_or(&NULL))
                    .map_err(encoding)?;
            }
        }
        Ok(())
    }
}

/// The members of a stored object, borrowed from its text, in order.
struct Pairs<'a>(Vec<(&'a str, &'a RawValue)>);

impl<'de> Deserialize<'de> for Pairs<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> serde::de::Visitor<'de> for Members {
            type Value = Pairs<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }

            fn visit_map<M: serde::de::MapAccess<'de>>(
                self,
                mut map: M,
            ) -> Result<Pairs<'de>, M::Error> {
                let mut pairs = Vec::with_capacity(map.size_hint().unwrap_or(0));
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Pairs(pairs))
            }
        }
        deserializer.deserialize_map(Members)
    }
}

/// A list written as another type's JSON, item by item, without collecting it first.
struct Each<'a, T, J>(&'a [T], fn(&'a T) -> J);

impl<'a, T, J: Serialize> Serialize for Each<'a, T, J> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(self.1))
    }
}

static NULL: Value = Value::Null;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_lists_are_copied_and_malformed_ones_show_empty() {
        let written = |text: Option<&str>| {
            let mut out = Vec::new();
            JsonArray::parse(text).write(&mut out);
            String::from_utf8(out).unwrap_or_default()
        };
        assert_eq!(written(Some(r#"["a","b"]"#)), r#"["a","b"]"#);
        assert_eq!(written(Some("[1,2")), "[]");
        assert_eq!(written(Some(r#"{"a":1}"#)), "[]");
        assert_eq!(written(None), "[]");
    }

    #[test]
    fn the_first_assignee_is_read_with_or_without_escapes() {
        assert_eq!(first_member(r#"["u1","u2"]"#).as_deref(), Some("u1"));
        assert_eq!(first_member(r#"[ "u1" ]"#).as_deref(), Some("u1"));
        assert_eq!(first_member(r#"["u\\1"]"#).as_deref(), Some("u\\1"));
        assert_eq!(first_member(r#"["u\"1"]"#).as_deref(), Some("u\"1"));
        assert_eq!(first_member("[]"), None);
        assert_eq!(first_member("not json"), None);
    }

    fn written(values: &CustomValues<'_>, field: &str) -> String {
        let mut out = Vec::new();
        values.write(&mut out, field).unwrap_or_default();
        String::from_utf8(out).unwrap_or_default()
    }

    #[test]
    fn custom_values_are_found_by_field_in_every_stored_form() {
        let plain = CustomValues::parse(r#"{"f1":[1,"x"],"f2":null}"#);
        assert!(matches!(plain, CustomValues::Borrowed(_)));
        let repeated = CustomValues::parse(r#"{"f1":1,"f1":2}"#);
        assert_eq!(written(&repeated, "f1"), "2");
        assert_eq!(written(&plain, "f1"), r#"[1,"x"]"#);
        assert_eq!(written(&plain, "f3"), "null");
        let escaped = CustomValues::parse(r#"{"f\"1":"ё"}"#);
        assert!(matches!(escaped, CustomValues::Owned(_)));
        assert_eq!(written(&escaped, "f\"1"), r#""ё""#);
        assert_eq!(written(&CustomValues::parse("{"), "f1"), "null");
        assert_eq!(written(&CustomValues::parse("{}"), "f1"), "null");
    }
}
