//! Query strings as the service expects them: booleans as `1`/`0`, arrays as `name[]=`,
//! dates as `dd.mm.yyyy`.

use serde::{Deserialize, Serialize};
use time::Date;

use crate::dates::to_filter_date;
use crate::error::ApiError;
use crate::models::{Priority, TaskRow, TaskType};

/// The eight sort keys of `GET /tm/tasks`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SortKey {
    Name,
    Type,
    Priority,
    Duration,
    Overdue,
    Created,
    Date,
    Start,
}

impl SortKey {
    pub const ALL: [SortKey; 8] = [
        Self::Name,
        Self::Type,
        Self::Priority,
        Self::Duration,
        Self::Overdue,
        Self::Created,
        Self::Date,
        Self::Start,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Name => "name",
            Self::Type => "type",
            Self::Priority => "priority",
            Self::Duration => "duration",
            Self::Overdue => "overdue",
            Self::Created => "created",
            Self::Date => "date",
            Self::Start => "start",
        }
    }
}

/// A sort key and its direction; the wire form is `key` or `-key`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SortBy {
    pub key: SortKey,
    pub descending: bool,
}

impl SortBy {
    pub fn wire(self) -> String {
        if self.descending {
            format!("-{}", self.key.as_str())
        } else {
            self.key.as_str().to_string()
        }
    }
}

/// Every parameter of `GET /tm/tasks`. All optional; filters combine with AND on the service.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct TaskQuery {
    pub day: Option<Date>,
    /// Matches any assignee, not only the primary one.
    pub user_id: Option<String>,
    pub project_id: Option<i64>,
    /// `Some(true)` completed only, `Some(false)` open only.
    pub completed: Option<bool>,
    pub board_id: Option<i64>,
    pub board_column_id: Option<i64>,
    pub task_type: Option<TaskType>,
    pub priority: Option<Priority>,
    pub tags: Vec<i64>,
    pub search: Option<String>,
    pub per_page: Option<u32>,
    pub offset: Option<u32>,
    pub sort_by: Option<SortBy>,
    /// With `end_date`: the service wants both or neither.
    pub start_date: Option<Date>,
    pub end_date: Option<Date>,
    pub completed_at_from: Option<Date>,
    pub completed_at_to: Option<Date>,
    /// Deleted and completed tasks too; `completed` is then left out (it would be ignored).
    pub all: bool,
}

fn flag(b: bool) -> String {
    if b { "1" } else { "0" }.to_string()
}

impl TaskQuery {
    /// Checks the rules of the service that can be checked before sending.
    pub fn validate(&self) -> Result<(), ApiError> {
        match (self.start_date, self.end_date) {
            (Some(_), None) => Err(ApiError::InvalidRequest(
                "a start date needs an end date (startDate and endDate go together)".into(),
            )),
            (None, Some(_)) => Err(ApiError::InvalidRequest(
                "an end date needs a start date (startDate and endDate go together)".into(),
            )),
            (Some(s), Some(e)) if e < s => Err(ApiError::InvalidRequest(
                "the end date is before the start date".into(),
            )),
            _ => Ok(()),
        }
    }

    /// The query pairs in the service's dialect, after [`TaskQuery::validate`].
    pub fn to_pairs(&self) -> Result<Vec<(String, String)>, ApiError> {
        self.validate()?;
        let mut q: Vec<(String, String)> = Vec::new();
        let mut push = |k: &str, v: String| q.push((k.to_string(), v));
        if let Some(d) = self.day {
            // The format of `day` is undocumented; the create body's `day` uses dd.mm.yyyy.
            push("day", to_filter_date(d));
        }
        if let Some(u) = &self.user_id {
            push("userId", u.clone());
        }
        if let Some(p) = self.project_id {
            push("projectId", p.to_string());
        }
        if self.all {
            push("all", flag(true));
        } else if let Some(c) = self.completed {
            push("completed", flag(c));
        }
        if let Some(b) = self.board_id {
            push("boardId", b.to_string());
        }
        if let Some(c) = self.board_column_id {
            push("boardColumnId", c.to_string());
        }
        if let Some(t) = &self.task_type {
            push("type", t.as_str().to_string());
        }
        if let Some(p) = self.priority {
            push("priority", p.number().to_string());
        }
        for t in &self.tags {
            push("tags[]", t.to_string());
        }
        if let Some(s) = self
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            push("search", s.to_string());
        }
        if let Some(n) = self.per_page {
            push("perPage", n.to_string());
        }
        if let Some(o) = self.offset {
            push("offset", o.to_string());
        }
        if let Some(s) = self.sort_by {
            push("sortBy", s.wire());
        }
        if let (Some(s), Some(e)) = (self.start_date, self.end_date) {
            push("startDate", to_filter_date(s));
            push("endDate", to_filter_date(e));
        }
        if let Some(d) = self.completed_at_from {
            push("completedAtFrom", to_filter_date(d));
        }
        if let Some(d) = self.completed_at_to {
            push("completedAtTo", to_filter_date(d));
        }
        Ok(q)
    }

    /// The query of the page after one that held `per_page` items: `offset += perPage`.
    pub fn next_page(&self, default_per_page: u32) -> TaskQuery {
        let per_page = self.per_page.unwrap_or(default_per_page);
        TaskQuery {
            offset: Some(self.offset.unwrap_or(0) + per_page),
            per_page: Some(per_page),
            ..self.clone()
        }
    }
}

/// One page of `GET /tm/tasks`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TaskPage {
    pub tasks: Vec<TaskRow>,
    pub has_more: bool,
}

/// `limit`/`offset`/`search` of the lists that page that way (CRM lists, portfolios).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ListQuery {
    pub search: Option<String>,
    pub limit: Option<u32>,
    pub offset: Option<u32>,
}

impl ListQuery {
    pub fn page(limit: u32, offset: u32) -> Self {
        Self {
            search: None,
            limit: Some(limit),
            offset: Some(offset),
        }
    }

    pub(crate) fn to_pairs(&self) -> Vec<(String, String)> {
        let mut q = Vec::new();
        if let Some(s) = self
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            q.push(("search".to_string(), s.to_string()));
        }
        if let Some(l) = self.limit {
            q.push(("limit".to_string(), l.to_string()));
        }
        if let Some(o) = self.offset {
            q.push(("offset".to_string(), o.to_string()));
        }
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    fn pairs(q: &TaskQuery) -> Vec<(String, String)> {
        q.to_pairs().unwrap()
    }

    fn has(p: &[(String, String)], k: &str, v: &str) -> bool {
        p.iter().any(|(a, b)| a == k && b == v)
    }

    #[test]
    fn booleans_are_one_and_zero() {
        let q = TaskQuery {
            completed: Some(false),
            ..Default::default()
        };
        assert_eq!(pairs(&q), vec![("completed".into(), "0".into())]);
    }

    #[test]
    fn all_drops_completed() {
        let q = TaskQuery {
            completed: Some(true),
            all: true,
            ..Default::default()
        };
        let p = pairs(&q);
        assert!(has(&p, "all", "1"));
        assert!(!p.iter().any(|(k, _)| k == "completed"));
    }

    #[test]
    fn tags_use_brackets_and_dates_use_dots() {
        let q = TaskQuery {
            tags: vec![3, 7],
            start_date: Some(date!(2026 - 01 - 05)),
            end_date: Some(date!(2026 - 01 - 12)),
            sort_by: Some(SortBy {
                key: SortKey::Priority,
                descending: true,
            }),
            ..Default::default()
        };
        let p = pairs(&q);
        assert!(has(&p, "tags[]", "3") && has(&p, "tags[]", "7"));
        assert!(has(&p, "startDate", "05.01.2026") && has(&p, "endDate", "12.01.2026"));
        assert!(has(&p, "sortBy", "-priority"));
    }

    #[test]
    fn one_sided_date_range_is_refused_before_sending() {
        let start_only = TaskQuery {
            start_date: Some(date!(2026 - 01 - 05)),
            ..Default::default()
        };
        let end_only = TaskQuery {
            end_date: Some(date!(2026 - 01 - 05)),
            ..Default::default()
        };
        assert!(matches!(
            start_only.to_pairs(),
            Err(ApiError::InvalidRequest(_))
        ));
        assert!(matches!(
            end_only.to_pairs(),
            Err(ApiError::InvalidRequest(_))
        ));
    }

    #[test]
    fn next_page_advances_by_page_size() {
        let q = TaskQuery {
            per_page: Some(50),
            ..Default::default()
        };
        let n = q.next_page(20).next_page(20);
        assert_eq!((n.offset, n.per_page), (Some(100), Some(50)));
    }
}
