//! Bodies of task writes and of what hangs on a task (time entries, its place among
//! sub-tasks).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use time::Date;

use crate::dates::to_iso_date;
use crate::error::ApiError;
use crate::models::{Priority, TaskType};

/// `POST /tm/tasks`. Placement uses `locations`, the current form; the service still reads the
/// deprecated `projectId`/`boardColumnId` too, but new code should not rely on them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewTask {
    pub title: String,
    pub description: Option<String>,
    pub project_id: Option<i64>,
    pub board_column_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub assignees: Vec<String>,
    pub task_type: Option<TaskType>,
    pub priority: Option<Priority>,
    pub due_date: Option<Date>,
    /// UNCERTAIN: the create body documents no tags (the update does). They are sent; a caller
    /// that finds them missing on the answer's task sets them with an update.
    pub tags: Vec<i64>,
}

impl NewTask {
    pub fn to_json(&self) -> Value {
        let mut body = Map::new();
        body.insert("title".into(), json!(self.title));
        if let Some(d) = &self.description {
            body.insert("description".into(), json!(d));
        }
        if let Some(project_id) = self.project_id {
            body.insert(
                "locations".into(),
                json!([{ "projectId": project_id, "boardColumnId": self.board_column_id }]),
            );
        }
        if let Some(p) = self.parent_id {
            body.insert("parentId".into(), json!(p));
        }
        if !self.assignees.is_empty() {
            body.insert("assignees".into(), json!(self.assignees));
        }
        if let Some(t) = &self.task_type {
            body.insert("type".into(), json!(t.as_str()));
        }
        if let Some(p) = self.priority {
            body.insert("priority".into(), json!(p.number()));
        }
        if let Some(d) = self.due_date {
            body.insert("dueDate".into(), json!(to_iso_date(d)));
        }
        if !self.tags.is_empty() {
            body.insert("tags".into(), json!(self.tags));
        }
        Value::Object(body)
    }
}

/// `PUT /tm/tasks/{id}`: only the fields set here change. `Some(None)` clears a field.
///
/// `description` is not offered: the service accepts it and silently keeps the old text.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskUpdate {
    pub title: Option<String>,
    /// HTML. UNCERTAIN: one probe saw the key accepted and ignored, another lists it as
    /// taken; it is sent, and the answer's description tells which happened.
    pub description: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub priority: Option<Option<Priority>>,
    pub task_type: Option<TaskType>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub start_date: Option<Option<Date>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub due_date: Option<Option<Date>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub duration: Option<Option<i64>>,
    pub tags: Option<Vec<i64>>,
    /// A column of the task's current board (the documented way to change its status).
    pub board_column_id: Option<i64>,
    /// Custom-field values as a map `{fieldId: value}`: the array shape that GET returns is
    /// accepted by the service and silently dropped.
    pub custom_fields: Option<Map<String, Value>>,
}

impl TaskUpdate {
    pub fn is_empty(&self) -> bool {
        *self == Self::default()
    }

    pub fn to_json(&self) -> Value {
        let mut body = Map::new();
        let date = |d: Option<Date>| d.map_or(Value::Null, |d| json!(to_iso_date(d)));
        if let Some(t) = &self.title {
            body.insert("title".into(), json!(t));
        }
        if let Some(d) = &self.description {
            body.insert("description".into(), json!(d));
        }
        if let Some(p) = self.priority {
            body.insert(
                "priority".into(),
                p.map_or(Value::Null, |p| json!(p.number())),
            );
        }
        if let Some(t) = &self.task_type {
            body.insert("type".into(), json!(t.as_str()));
        }
        if let Some(d) = self.start_date {
            body.insert("startDate".into(), date(d));
        }
        if let Some(d) = self.due_date {
            body.insert("dueDate".into(), date(d));
        }
        if let Some(d) = self.duration {
            body.insert("duration".into(), json!(d));
        }
        if let Some(t) = &self.tags {
            body.insert("tags".into(), json!(t));
        }
        if let Some(c) = self.board_column_id {
            body.insert("boardColumnId".into(), json!(c));
        }
        if let Some(cf) = &self.custom_fields {
            body.insert("customFields".into(), Value::Object(cf.clone()));
        }
        Value::Object(body)
    }
}

/// Longest time entry, in minutes: a day.
pub const TIME_ENTRY_MAX_MINUTES: u16 = 1440;

/// `POST /tm/tasks/{id}/time-entries` and `PUT …/time-entries/{entry}`: the whole entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TimeEntryInput {
    /// The member the time is for.
    pub user_id: String,
    pub is_overtime: bool,
    pub date: Date,
    /// 1 to [`TIME_ENTRY_MAX_MINUTES`].
    pub minutes: u16,
    /// Sent only when set; the newer service keeps a comment on each entry.
    pub comment: Option<String>,
}

impl TimeEntryInput {
    pub(crate) fn to_json(&self) -> Result<Value, ApiError> {
        if !(1..=TIME_ENTRY_MAX_MINUTES).contains(&self.minutes) {
            return Err(ApiError::InvalidRequest(format!(
                "a time entry is 1 to {TIME_ENTRY_MAX_MINUTES} minutes, not {}",
                self.minutes
            )));
        }
        let mut body = json!({
            "userId": self.user_id,
            "isOvertime": self.is_overtime,
            "date": to_iso_date(self.date),
            "duration": self.minutes,
        });
        if let Some(comment) = &self.comment {
            body["comment"] = json!(comment);
        }
        Ok(body)
    }
}

/// Where a task goes among the sub-tasks of its new parent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubTaskPlace {
    /// After the parent's other sub-tasks.
    Last,
    After(i64),
    Before(i64),
}

/// Where a task goes among the others of its board column, by the id of a task there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ColumnPlace {
    /// Right below it.
    After(i64),
    /// Right above it.
    Before(i64),
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn time_entries_are_whole_and_in_range() {
        let mut entry = TimeEntryInput {
            user_id: "u".into(),
            is_overtime: true,
            date: date!(2026 - 11 - 19),
            minutes: 45,
            comment: None,
        };
        assert_eq!(
            entry.to_json().unwrap(),
            json!({"userId": "u", "isOvertime": true, "date": "2026-11-19", "duration": 45})
        );
        entry.minutes = 0;
        assert!(entry.to_json().is_err());
        entry.minutes = 1441;
        assert!(entry.to_json().is_err());
    }

    #[test]
    fn update_sends_only_what_changed_and_null_to_clear() {
        let u = TaskUpdate {
            priority: Some(None),
            due_date: Some(Some(date!(2026 - 11 - 30))),
            ..Default::default()
        };
        assert_eq!(
            u.to_json(),
            json!({"priority": null, "dueDate": "2026-11-30"})
        );
        assert_eq!(TaskUpdate::default().to_json(), json!({}));
    }

    #[test]
    fn update_sends_a_description_as_html_and_an_empty_one_to_clear() {
        let u = TaskUpdate {
            description: Some("<p>Счёт <strong>до пятницы</strong></p>".into()),
            ..Default::default()
        };
        assert_eq!(
            u.to_json(),
            json!({"description": "<p>Счёт <strong>до пятницы</strong></p>"})
        );
        let cleared = TaskUpdate {
            description: Some(String::new()),
            ..Default::default()
        };
        assert_eq!(cleared.to_json(), json!({"description": ""}));
    }

    #[test]
    fn new_task_places_itself_with_locations() {
        let t = NewTask {
            title: "Созвон".into(),
            project_id: Some(4),
            board_column_id: Some(12),
            ..Default::default()
        };
        assert_eq!(
            t.to_json(),
            json!({"title": "Созвон", "locations": [{"projectId": 4, "boardColumnId": 12}]})
        );
        let tagged = NewTask {
            title: "Созвон".into(),
            tags: vec![3, 5],
            ..Default::default()
        };
        assert_eq!(tagged.to_json(), json!({"title": "Созвон", "tags": [3, 5]}));
    }
}
