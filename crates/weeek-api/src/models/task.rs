use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use time::{Date, OffsetDateTime};

use super::CustomFieldValue;
use crate::de;

/// Task priority as the service numbers it: written as the number, read from the number (or,
/// for what an older version of this app stored, the name).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    Low = 0,
    Medium = 1,
    High = 2,
    Hold = 3,
}

impl Priority {
    pub const ALL: [Priority; 4] = [Self::Low, Self::Medium, Self::High, Self::Hold];

    pub fn from_number(n: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|p| *p as i64 == n)
    }

    pub fn number(self) -> i64 {
        self as i64
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Low => "Low",
            Self::Medium => "Medium",
            Self::High => "High",
            Self::Hold => "Hold",
        }
    }
}

/// Written as the service's number.
impl Serialize for Priority {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i64(self.number())
    }
}

/// Strict: a value that is no priority fails (the tolerant reading of the service's answers is
/// `opt_priority`).
impl<'de> Deserialize<'de> for Priority {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        de::value_as_i64(&v)
            .and_then(Priority::from_number)
            .or_else(|| {
                let name = v.as_str()?;
                Self::ALL.into_iter().find(|p| p.label() == name)
            })
            .ok_or_else(|| serde::de::Error::custom(format!("{v} is not a priority (0 to 3)")))
    }
}

/// Out-of-range numbers and words decode as "no priority" rather than failing the task, and
/// are noted as malformed.
pub(super) fn opt_priority<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Priority>, D::Error> {
    let v = Value::deserialize(d)?;
    let p = de::value_as_i64(&v).and_then(Priority::from_number);
    if p.is_none() && !de::blank(&v) {
        de::malformed(&v, "a priority (0 to 3)")?;
    }
    Ok(p)
}

/// The three task types the service knows; anything newer is kept as `Other`. Written and read
/// as the service's word.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TaskType {
    Action,
    Meet,
    Call,
    Other(String),
}

impl TaskType {
    pub const KNOWN: [TaskType; 3] = [Self::Action, Self::Meet, Self::Call];

    pub fn as_str(&self) -> &str {
        match self {
            Self::Action => "action",
            Self::Meet => "meet",
            Self::Call => "call",
            Self::Other(s) => s,
        }
    }

    pub fn parse(s: &str) -> Self {
        match s {
            "action" => Self::Action,
            "meet" => Self::Meet,
            "call" => Self::Call,
            other => Self::Other(other.to_string()),
        }
    }
}

/// Written as the service's word, a newer one as it came.
impl Serialize for TaskType {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for TaskType {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Self::parse(&String::deserialize(d)?))
    }
}

pub(super) fn opt_task_type<'de, D: Deserializer<'de>>(d: D) -> Result<Option<TaskType>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) if !s.is_empty() => Some(TaskType::parse(&s)),
        _ => None,
    })
}

/// Where a task lives: a task can be in several projects at once.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TaskLocation {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub project_id: i64,
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
}

/// Time logged on a task.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct TimeEntry {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    /// 1 = from the timer, 2 = entered by hand (by analogy with workloads; not documented).
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub r#type: Option<i64>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_overtime: bool,
    #[serde(
        deserialize_with = "de::opt_date",
        serialize_with = "crate::ser::opt_date",
        skip_serializing_if = "Option::is_none"
    )]
    pub date: Option<Date>,
    /// Minutes.
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub duration: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub duration_seconds: Option<i64>,
}

/// Legacy time records, still in older answers.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Workload {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub r#type: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_date",
        serialize_with = "crate::ser::opt_date",
        skip_serializing_if = "Option::is_none"
    )]
    pub date: Option<Date>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub duration: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work_start_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub work_end_at: Option<String>,
}

/// A member's timer running on a task.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RunningTimer {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub started_at: Option<OffsetDateTime>,
}

/// A comment on a task; `parent_id` makes it a reply.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Comment {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub parent_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub markdown: Option<String>,
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
}

/// A file attached to a task or a deal.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Attachment {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Bytes; only sent for files stored by the service itself.
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub size: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
}

/// A task, in its current shape plus the legacy fields the service still sends.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Task {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub parent_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// HTML.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Minutes.
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub duration: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub overdue: Option<i64>,
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub image: Option<String>,
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
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub subscribers: Vec<String>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub sub_tasks: Vec<i64>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub workloads: Vec<Workload>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub time_entries: Vec<TimeEntry>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub custom_fields: Vec<CustomFieldValue>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub attachments: Vec<Attachment>,
    /// Timers running on the task, one per member. UNCERTAIN: the docs name no key for them;
    /// `timers` is the sandbox's.
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub timers: Vec<RunningTimer>,
    /// Legacy `dd.mm.yyyy` day, from answers older than `dueDate`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Legacy `HH:MM`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date_end: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_end: Option<String>,
}

impl Task {
    /// Every place the task lives: `locations` when sent, else the legacy single location.
    pub fn all_locations(&self) -> Vec<TaskLocation> {
        locations_or_legacy(
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
        assignees_or_legacy(&self.assignees, self.user_id.as_deref())
    }

    /// The due day: `dueDate`, else the date of `dueDateTime`, else the legacy `date`.
    pub fn due_day(&self) -> Option<Date> {
        self.due_date
            .or(self.due_date_time.map(|t| t.date()))
            .or_else(|| self.date.as_deref().and_then(crate::dates::parse_wire_date))
    }

    pub fn start_day(&self) -> Option<Date> {
        self.start_date.or(self.start_date_time.map(|t| t.date()))
    }

    pub fn display_title(&self) -> &str {
        title_or_untitled(self.title.as_deref())
    }
}

/// `locations` when sent, else the legacy single location.
pub(super) fn locations_or_legacy(
    locations: &[TaskLocation],
    project_id: Option<i64>,
    board_id: Option<i64>,
    board_column_id: Option<i64>,
) -> Vec<TaskLocation> {
    if !locations.is_empty() {
        return locations.to_vec();
    }
    project_id
        .map(|project_id| TaskLocation {
            project_id,
            board_id,
            board_column_id,
        })
        .into_iter()
        .collect()
}

/// `assignees` when sent, else the legacy `userId`.
pub(super) fn assignees_or_legacy(assignees: &[String], user_id: Option<&str>) -> Vec<String> {
    if !assignees.is_empty() {
        return assignees.to_vec();
    }
    user_id
        .into_iter()
        .filter(|u| !u.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn title_or_untitled(title: Option<&str>) -> &str {
    title
        .filter(|t| !t.trim().is_empty())
        .unwrap_or("(untitled)")
}
