//! The Task object, for a page of tasks at once: everything a task shows besides its own row
//! (locations, time entries, attachments, subtasks, custom fields) is read with one query
//! per kind for the whole page, and the JSON is written straight from the task rows into the
//! answer's bytes as SQLite steps through them (text borrowed from the row, stored JSON lists
//! copied as they are), each custom field's definition encoded once per page.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use rusqlite::types::Type;
use rusqlite::{Connection, Row};
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use time::Date;

use crate::store::tasks::{
    self, Attachment, EntryJson, Location, TASK_COLUMNS, TimeEntry, WorkloadJson,
};
use crate::store::workspace::task_custom_field_defs;
use crate::wire::{fmt_dmy, fmt_hm, json_list, parse_iso, parse_ymd};

/// A page of tasks, with everything their JSON needs besides their own rows.
pub struct Page {
    ids: Vec<i64>,
    locations: HashMap<i64, Vec<Location>>,
    entries: HashMap<i64, Vec<TimeEntry>>,
    attachments: HashMap<i64, Vec<Attachment>>,
    sub_tasks: HashMap<i64, Vec<i64>>,
    fields: Arc<FieldHeads>,
}

/// The task custom fields, each encoded up to its value (`{"id":…,"options":[…],"value":`):
/// the same for every task, so written once and copied into each.
pub struct FieldHeads(Vec<FieldHead>);

struct FieldHead {
    id: String,
    /// `None`: a field of every project.
    project: Option<i64>,
    json: Vec<u8>,
}

impl FieldHeads {
    pub fn read(conn: &Connection) -> rusqlite::Result<Self> {
        let heads = task_custom_field_defs(conn)?
            .into_iter()
            .map(|(def, project)| {
                let mut json = serde_json::to_vec(&FieldHeadJson {
                    id: &def.id,
                    name: &def.name,
                    kind: &def.kind,
                    config: &def.config,
                    options: &def.options,
                })
                .map_err(encoding)?;
                json.pop();
                json.extend_from_slice(br#","value":"#);
                Ok(FieldHead {
                    id: def.id,
                    project,
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
    pub fn load(conn: &Connection, ids: &[i64], fields: Arc<FieldHeads>) -> rusqlite::Result<Self> {
        let ids = ids.to_vec();
        if ids.is_empty() {
            return Ok(Self {
                ids,
                locations: HashMap::new(),
                entries: HashMap::new(),
                attachments: HashMap::new(),
                sub_tasks: HashMap::new(),
                fields,
            });
        }
        Ok(Self {
            locations: tasks::locations_of(conn, &ids)?,
            entries: tasks::time_entries_of(conn, &ids)?,
            attachments: tasks::attachments_of(conn, &ids)?,
            sub_tasks: tasks::sub_tasks_of(conn, &ids)?,
            fields,
            ids,
        })
    }

    /// `{"success":true,"tasks":[…],"hasMore":…}`, encoded.
    pub fn list_body(
        &self,
        conn: &Connection,
        has_more: bool,
        today: Date,
    ) -> rusqlite::Result<Vec<u8>> {
        // About 2 KB a task; one allocation for most pages.
        let mut out = Vec::with_capacity(2048 * (self.ids.len() + 1));
        out.extend_from_slice(br#"{"success":true,"tasks":["#);
        let mut first = true;
        self.each_row(conn, |task| {
            if !std::mem::take(&mut first) {
                out.push(b',');
            }
            self.write_task(&mut out, task, today)
        })?;
        out.extend_from_slice(if has_more {
            br#"],"hasMore":true}"#
        } else {
            br#"],"hasMore":false}"#
        });
        Ok(out)
    }

    /// Each task as a JSON value, for replies that embed it.
    pub fn values(&self, conn: &Connection, today: Date) -> rusqlite::Result<Vec<Value>> {
        let mut out = Vec::with_capacity(4096);
        let mut values = Vec::with_capacity(self.ids.len());
        self.each_row(conn, |task| {
            out.clear();
            self.write_task(&mut out, task, today)?;
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
        let mut stmt = conn.prepare_cached(&format!(
            "SELECT {TASK_COLUMNS} FROM rarray(?1) AS page CROSS JOIN tasks ON id = page.value"
        ))?;
        let mut rows = stmt.query([tasks::id_array(&self.ids)])?;
        while let Some(row) = rows.next()? {
            write(&TaskRow::from_row(row)?)?;
        }
        Ok(())
    }

    fn write_task(
        &self,
        out: &mut Vec<u8>,
        task: &TaskRow<'_>,
        today: Date,
    ) -> rusqlite::Result<()> {
        let locations = self.locations.get(&task.id).map_or(&[][..], Vec::as_slice);
        serde_json::to_writer(&mut *out, &self.task(task, locations, today)).map_err(encoding)?;
        // The object is reopened for `customFields`, the part that repeats the definitions.
        out.pop();
        out.extend_from_slice(br#","customFields":["#);
        let applicable = self.fields.0.iter().filter(|field| {
            field
                .project
                .is_none_or(|p| locations.iter().any(|l| l.project_id == p))
        });
        for (n, field) in applicable.enumerate() {
            if n > 0 {
                out.push(b',');
            }
            out.extend_from_slice(&field.json);
            task.custom_values.write(out, &field.id)?;
            out.push(b'}');
        }
        out.extend_from_slice(b"]}");
        Ok(())
    }

    fn task<'a>(
        &'a self,
        task: &'a TaskRow<'a>,
        locations: &'a [Location],
        today: Date,
    ) -> TaskJson<'a> {
        let entries = self.entries.get(&task.id).map_or(&[][..], Vec::as_slice);
        let first = locations.first();
        let due = task.due_date.and_then(parse_ymd);
        TaskJson {
            id: task.id,
            parent_id: task.parent_id,
            title: task.title,
            description: task.description,
            date: due.map(fmt_dmy),
            time: task.due_date_time.and_then(parse_iso).map(fmt_hm),
            duration: task.duration,
            overdue: overdue(due, task.is_completed, today),
            kind: task.kind,
            priority: task.priority,
            is_completed: task.is_completed,
            is_deleted: task.is_deleted,
            completed_at: task.completed_at,
            author_id: task.author_id,
            user_id: task.assignees.0.and_then(|list| first_member(list.get())),
            assignees: task.assignees,
            project_id: first.map(|l| l.project_id),
            board_id: first.and_then(|l| l.board_id),
            board_column_id: first.and_then(|l| l.board_column_id),
            locations,
            image: task.image,
            is_private: task.is_private,
            start_date: task.start_date,
            start_date_time: task.start_date_time,
            due_date: task.due_date,
            due_date_time: task.due_date_time,
            created_at: task.created_at,
            updated_at: task.updated_at,
            tags: task.tags,
            subscribers: task.subscribers,
            sub_tasks: self.sub_tasks.get(&task.id).map_or(&[][..], Vec::as_slice),
            workloads: Each(entries, WorkloadJson::from),
            time_entries: Each(entries, EntryJson::from),
            attachments: self
                .attachments
                .get(&task.id)
                .map_or(&[][..], Vec::as_slice),
        }
    }
}

/// Whole days past the due date for an open task, else 0 (UNCERTAIN: the field is
/// undocumented beyond being an integer).
fn overdue(due: Option<Date>, completed: bool, today: Date) -> i64 {
    match due {
        Some(due) if !completed && due < today => (today - due).whole_days(),
        _ => 0,
    }
}

/// The primary assignee (`userId`), the first of the list. Member ids need no escapes and
/// borrow from the row; an escaped one is decoded.
fn first_member(list: &str) -> Option<Cow<'_, str>> {
    match serde_json::from_str::<Vec<&str>>(list) {
        Ok(ids) => ids.first().map(|id| Cow::Borrowed(*id)),
        Err(_) => json_list::<String>(list).into_iter().next().map(Cow::Owned),
    }
}

fn encoding(err: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(Box::new(err))
}

/// A task's row as its JSON shows it, borrowed from the row being read (the columns of
/// [`TASK_COLUMNS`], in order). The JSON list columns are copied as they are stored.
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
struct JsonArray<'a>(Option<&'a RawValue>);

impl<'a> JsonArray<'a> {
    fn parse(text: Option<&'a str>) -> Self {
        let raw = text
            .and_then(|text| serde_json::from_str::<&'a RawValue>(text).ok())
            .filter(|raw| raw.get().starts_with('['));
        Self(raw)
    }
}

impl Serialize for JsonArray<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Some(raw) => raw.serialize(serializer),
            None => serializer.collect_seq(std::iter::empty::<()>()),
        }
    }
}

/// A task's custom field values by field id. Field ids need no escapes, so the map borrows
/// from the row; stored text that does not allow that is read into owned values.
enum CustomValues<'a> {
    Borrowed(BTreeMap<&'a str, &'a RawValue>),
    Owned(Map<String, Value>),
}

impl<'a> CustomValues<'a> {
    /// Malformed text reads as no values.
    fn parse(text: &'a str) -> Self {
        if text == "{}" {
            return Self::Borrowed(BTreeMap::new());
        }
        match serde_json::from_str(text) {
            Ok(values) => Self::Borrowed(values),
            Err(_) => Self::Owned(serde_json::from_str(text).unwrap_or_default()),
        }
    }

    /// The value of one field, `null` when unset.
    fn write(&self, out: &mut Vec<u8>, field: &str) -> rusqlite::Result<()> {
        match self {
            Self::Borrowed(values) => match values.get(field) {
                Some(value) => out.extend_from_slice(value.get().as_bytes()),
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

/// A list written as another type's JSON, item by item, without collecting it first.
struct Each<'a, T, J>(&'a [T], fn(&'a T) -> J);

impl<'a, T, J: Serialize> Serialize for Each<'a, T, J> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(self.1))
    }
}

static NULL: Value = Value::Null;

/// The Task object, with the current fields and the legacy ones the live service still sends
/// (`userId`, `projectId`, `boardId`, `boardColumnId`, `date`, `time`, `workloads`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TaskJson<'a> {
    id: i64,
    parent_id: Option<i64>,
    title: Option<&'a str>,
    description: Option<&'a str>,
    date: Option<String>,
    time: Option<String>,
    duration: Option<i64>,
    overdue: i64,
    #[serde(rename = "type")]
    kind: &'a str,
    priority: Option<i64>,
    is_completed: bool,
    is_deleted: bool,
    completed_at: Option<&'a str>,
    author_id: &'a str,
    user_id: Option<Cow<'a, str>>,
    assignees: JsonArray<'a>,
    project_id: Option<i64>,
    board_id: Option<i64>,
    board_column_id: Option<i64>,
    locations: &'a [Location],
    image: Option<&'a str>,
    is_private: bool,
    start_date: Option<&'a str>,
    start_date_time: Option<&'a str>,
    due_date: Option<&'a str>,
    due_date_time: Option<&'a str>,
    created_at: &'a str,
    updated_at: &'a str,
    tags: JsonArray<'a>,
    subscribers: JsonArray<'a>,
    sub_tasks: &'a [i64],
    workloads: Each<'a, TimeEntry, WorkloadJson<'a>>,
    time_entries: Each<'a, TimeEntry, EntryJson<'a>>,
    attachments: &'a [Attachment],
    // `customFields` follows, written by `Page::write_task`.
}

/// A custom field's definition; the task's value (`null` when unset) follows.
#[derive(Serialize)]
struct FieldHeadJson<'a> {
    id: &'a str,
    name: &'a str,
    #[serde(rename = "type")]
    kind: &'a str,
    config: &'a Value,
    options: &'a [Value],
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(value: impl Serialize) -> String {
        serde_json::to_string(&value).unwrap_or_default()
    }

    #[test]
    fn stored_lists_are_copied_and_malformed_ones_show_empty() {
        assert_eq!(
            encoded(JsonArray::parse(Some(r#"["a","b"]"#))),
            r#"["a","b"]"#
        );
        assert_eq!(encoded(JsonArray::parse(Some("[1,2"))), "[]");
        assert_eq!(encoded(JsonArray::parse(Some(r#"{"a":1}"#))), "[]");
        assert_eq!(encoded(JsonArray::parse(None)), "[]");
    }

    #[test]
    fn the_first_assignee_is_read_with_or_without_escapes() {
        assert_eq!(first_member(r#"["u1","u2"]"#).as_deref(), Some("u1"));
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
        assert_eq!(written(&plain, "f1"), r#"[1,"x"]"#);
        assert_eq!(written(&plain, "f3"), "null");
        let escaped = CustomValues::parse(r#"{"f\"1":"ё"}"#);
        assert!(matches!(escaped, CustomValues::Owned(_)));
        assert_eq!(written(&escaped, "f\"1"), r#""ё""#);
        assert_eq!(written(&CustomValues::parse("{"), "f1"), "null");
        assert_eq!(written(&CustomValues::parse("{}"), "f1"), "null");
    }
}
