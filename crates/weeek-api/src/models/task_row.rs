use serde::{Deserialize, Serialize};
use time::{Date, OffsetDateTime};

use super::task::{
    Priority, RunningTimer, Task, TaskLocation, TaskType, opt_priority, opt_task_type,
};
use crate::de;

/// A task as a list holds it: what a row draws, filters and sorts on, and nothing else.
///
/// A list of 100,000 tasks keeps 100,000 of these, so the heavy parts of a task (its
/// description, custom fields, time entries, attachments, watchers) are left out and read
/// with the single task when it is opened ([`Task`]). They are skipped while the answer is
/// read, never allocated and dropped. The names are those of [`Task`], field for field.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TaskRow {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub parent_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Minutes.
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub duration: Option<i64>,
    #[serde(
        deserialize_with = "opt_task_type",
        skip_serializing_if = "Option::is_none"
    )]
    pub r#type: Option<TaskType>,
    #[serde(
        deserialize_with = "opt_priority",
        skip_serializing_if = "Option::is_none"
    )]
    pub priority: Option<Priority>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_completed: bool,
    /// Only lists asked for deleted tasks have any.
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_deleted: bool,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub completed_at: Option<OffsetDateTime>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_id: Option<String>,
    /// Legacy primary assignee: the first of `assignees`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub assignees: Vec<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub project_id: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub board_id: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub board_column_id: Option<i64>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub locations: Vec<TaskLocation>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_private: bool,
    #[serde(
        deserialize_with = "de::opt_date",
        serialize_with = "crate::ser::opt_date",
        skip_serializing_if = "Option::is_none"
    )]
    pub start_date: Option<Date>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub start_date_time: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_date",
        serialize_with = "crate::ser::opt_date",
        skip_serializing_if = "Option::is_none"
    )]
    pub due_date: Option<Date>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub due_date_time: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<i64>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub sub_tasks: Vec<i64>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub timers: Vec<RunningTimer>,
    /// The legacy `dd.mm.yyyy` due day (`date`), read as a day rather than kept as text.
    #[serde(
        rename = "date",
        deserialize_with = "de::opt_date",
        serialize_with = "crate::ser::opt_date",
        skip_serializing_if = "Option::is_none"
    )]
    pub legacy_due: Option<Date>,
}

impl TaskRow {
    /// Every place the task lives: `locations` when sent, else the legacy single location.
    pub fn all_locations(&self) -> Vec<TaskLocation> {
        super::task::locations_or_legacy(
            &self.locations,
            self.project_id,
            self.board_id,
            self.board_column_id,
        )
    }

    /// The first location, which screens show as "the" project and column.
    pub fn primary_location(&self) -> Option<TaskLocation> {
        self.all_locations().into_iter().next()
    }

    /// Assignees in order, with the legacy `userId` when the list is absent.
    pub fn all_assignees(&self) -> Vec<String> {
        super::task::assignees_or_legacy(&self.assignees, self.user_id.as_deref())
    }

    /// The due day: `dueDate`, else the date of `dueDateTime`, else the legacy `date`.
    pub fn due_day(&self) -> Option<Date> {
        self.due_date
            .or(self.due_date_time.map(|t| t.date()))
            .or(self.legacy_due)
    }

    pub fn start_day(&self) -> Option<Date> {
        self.start_date.or(self.start_date_time.map(|t| t.date()))
    }

    pub fn display_title(&self) -> &str {
        super::task::title_or_untitled(self.title.as_deref())
    }
}

impl From<&Task> for TaskRow {
    fn from(t: &Task) -> Self {
        Self {
            id: t.id,
            parent_id: t.parent_id,
            title: t.title.clone(),
            duration: t.duration,
            r#type: t.r#type.clone(),
            priority: t.priority,
            is_completed: t.is_completed,
            is_deleted: t.is_deleted,
            completed_at: t.completed_at,
            author_id: t.author_id.clone(),
            user_id: t.user_id.clone(),
            assignees: t.assignees.clone(),
            project_id: t.project_id,
            board_id: t.board_id,
            board_column_id: t.board_column_id,
            locations: t.locations.clone(),
            is_private: t.is_private,
            start_date: t.start_date,
            start_date_time: t.start_date_time,
            due_date: t.due_date,
            due_date_time: t.due_date_time,
            created_at: t.created_at,
            updated_at: t.updated_at,
            tags: t.tags.clone(),
            sub_tasks: t.sub_tasks.clone(),
            timers: t.timers.clone(),
            legacy_due: t.date.as_deref().and_then(crate::dates::parse_wire_date),
        }
    }
}

impl From<Task> for TaskRow {
    fn from(t: Task) -> Self {
        Self::from(&t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_row_reads_what_the_list_draws_and_skips_the_rest() {
        let wire = json!({
            "id": 7, "title": "Отчёт", "priority": 2, "isCompleted": 0,
            "description": "<p>long</p>", "customFields": [{"id": "x", "value": 1}],
            "timeEntries": [{"id": "e", "duration": 5}], "assignees": ["a"],
            "date": "26.11.2026", "tags": [1, "2"], "subTasks": [8],
            "locations": [{"projectId": 1, "boardId": 2, "boardColumnId": 3}],
        });
        let row: TaskRow = serde_json::from_value(wire.clone()).unwrap();
        let task: Task = serde_json::from_value(wire).unwrap();
        assert_eq!(row, TaskRow::from(&task));
        assert_eq!(row.due_day(), task.due_day());
        assert_eq!(row.tags, vec![1, 2]);
        assert_eq!(row.all_locations(), task.all_locations());
    }
}
