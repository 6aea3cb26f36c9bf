//! A saved view of the task list as the config file's `[views]` table holds it.

use serde::{Deserialize, Serialize};

/// One saved view as the config file holds it. Every field may be left out: the view then
/// has the list's default for it (my open tasks, in the service's order). How it becomes the
/// task list's filters and sort, and its checks, are the task screen's (`tasks::views`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct View {
    /// `me`, `anyone`, or a member's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignee: Option<String>,
    /// `open`, `done` or `all` (deleted tasks too).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub project: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<i64>,
    /// `low`, `medium`, `high` or `hold`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<String>,
    /// As typed in the filter panel (`this week`, `-14d..+30d`): read again on the day the view
    /// is applied, so "this week" stays this week.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dates: Option<String>,
    /// A quick due filter: `overdue`, `today`, `this week` or `no due date`; read as of the
    /// day the view is applied, as `dates` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub due: Option<String>,
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub task_type: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// A sort key (`priority`, `date`, …), `-` in front for descending.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<String>,
}
