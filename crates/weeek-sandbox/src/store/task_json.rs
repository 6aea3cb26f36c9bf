//! The Task object, for a page of tasks at once: everything a task shows besides its own row
//! (locations, time entries, attachments, subtasks, custom fields) is read with one query
//! per kind for the whole page, and the JSON is written straight from the rows into the
//! answer's bytes, each custom field's definition encoded once per page.

use std::collections::HashMap;
use std::sync::Arc;

use rusqlite::Connection;
use serde::Serialize;
use serde_json::Value;
use time::Date;

use crate::store::tasks::{self, Attachment, EntryJson, Location, Task, TimeEntry, WorkloadJson};
use crate::store::workspace::task_custom_field_defs;
use crate::wire::{fmt_dmy, fmt_hm, parse_iso};

/// Tasks with everything their JSON needs.
pub struct Page {
    tasks: Vec<Task>,
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
                .map_err(|err| rusqlite::Error::ToSqlConversionFailure(Box::new(err)))?;
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
    /// The tasks with these ids, in this order.
    pub fn load(conn: &Connection, ids: &[i64], fields: Arc<FieldHeads>) -> rusqlite::Result<Self> {
        Self::of(conn, tasks::load_many(conn, ids)?, fields)
    }

    /// These tasks, with what belongs to them read from the database.
    pub fn of(
        conn: &Connection,
        tasks: Vec<Task>,
        fields: Arc<FieldHeads>,
    ) -> rusqlite::Result<Self> {
        let ids: Vec<i64> = tasks.iter().map(|t| t.id).collect();
        if ids.is_empty() {
            return Ok(Self {
                tasks,
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
            tasks,
        })
    }

    /// `{"success":true,"tasks":[…],"hasMore":…}`, encoded.
    pub fn list_body(&self, has_more: bool, today: Date) -> serde_json::Result<Vec<u8>> {
        // About 2 KB a task; one allocation for most pages.
        let mut out = Vec::with_capacity(2048 * (self.tasks.len() + 1));
        out.extend_from_slice(br#"{"success":true,"tasks":["#);
        for (n, task) in self.tasks.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            self.write_task(&mut out, task, today)?;
        }
        out.extend_from_slice(if has_more {
            br#"],"hasMore":true}"#
        } else {
            br#"],"hasMore":false}"#
        });
        Ok(out)
    }

    /// Each task as a JSON value, for replies that embed it.
    pub fn values(&self, today: Date) -> serde_json::Result<Vec<Value>> {
        let mut out = Vec::with_capacity(4096);
        self.tasks
            .iter()
            .map(|task| {
                out.clear();
                self.write_task(&mut out, task, today)?;
                serde_json::from_slice(&out)
            })
            .collect()
    }

    fn write_task(&self, out: &mut Vec<u8>, task: &Task, today: Date) -> serde_json::Result<()> {
        let locations = self.locations.get(&task.id).map_or(&[][..], Vec::as_slice);
        serde_json::to_writer(&mut *out, &self.task(task, locations, today))?;
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
            serde_json::to_writer(
                &mut *out,
                task.custom_values.get(&field.id).unwrap_or(&NULL),
            )?;
            out.push(b'}');
        }
        out.extend_from_slice(b"]}");
        Ok(())
    }

    fn task<'a>(&'a self, task: &'a Task, locations: &'a [Location], today: Date) -> TaskJson<'a> {
        let entries = self.entries.get(&task.id).map_or(&[][..], Vec::as_slice);
        let first = locations.first();
        TaskJson {
            id: task.id,
            parent_id: task.parent_id,
            title: task.title.as_deref(),
            description: task.description.as_deref(),
            date: task.due().map(fmt_dmy),
            time: task
                .due_date_time
                .as_deref()
                .and_then(parse_iso)
                .map(fmt_hm),
            duration: task.duration,
            overdue: task.overdue(today),
            kind: &task.kind,
            priority: task.priority,
            is_completed: task.is_completed,
            is_deleted: task.is_deleted,
            completed_at: task.completed_at.as_deref(),
            author_id: &task.author_id,
            user_id: task.assignees.first().map(String::as_str),
            assignees: &task.assignees,
            project_id: first.map(|l| l.project_id),
            board_id: first.and_then(|l| l.board_id),
            board_column_id: first.and_then(|l| l.board_column_id),
            locations,
            image: task.image.as_deref(),
            is_private: task.is_private,
            start_date: task.start_date.as_deref(),
            start_date_time: task.start_date_time.as_deref(),
            due_date: task.due_date.as_deref(),
            due_date_time: task.due_date_time.as_deref(),
            created_at: &task.created_at,
            updated_at: &task.updated_at,
            tags: &task.tags,
            subscribers: &task.subscribers,
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
    user_id: Option<&'a str>,
    assignees: &'a [String],
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
    tags: &'a [i64],
    subscribers: &'a [String],
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
