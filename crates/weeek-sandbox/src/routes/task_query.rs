//! The filters, order and paging of `GET /tm/tasks`.

use std::cmp::Ordering;

use rusqlite::{Connection, ToSql};
use time::Date;

use super::tasks::{TASKS_DEFAULT_PER_PAGE, TASKS_MAX_PER_PAGE};
use crate::errors::ApiError;
use crate::html;
use crate::store::tasks::{self as store, Task};
use crate::store::workspace as ws;
use crate::validate::{self, Invalid};
use crate::wire::{Query, QueryArray, parse_dmy};

use super::task_input::TASK_TYPES;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SortKey {
    Name,
    Type,
    Priority,
    Duration,
    Overdue,
    Created,
    /// The due date.
    Date,
    /// The start date.
    Start,
}

impl SortKey {
    fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "name" => Self::Name,
            "type" => Self::Type,
            "priority" => Self::Priority,
            "duration" => Self::Duration,
            "overdue" => Self::Overdue,
            "created" => Self::Created,
            "date" => Self::Date,
            "start" => Self::Start,
            _ => return None,
        })
    }

    /// Ascending comparison. Missing values sort first, as NULLs do in
    /// MySQL, so a descending order puts them last (UNCERTAIN).
    fn compare(self, a: &Task, b: &Task, today: Date) -> Ordering {
        match self {
            Self::Name => fold(&a.title).cmp(&fold(&b.title)),
            Self::Type => a.kind.cmp(&b.kind),
            Self::Priority => a.priority.cmp(&b.priority),
            Self::Duration => a.duration.cmp(&b.duration),
            Self::Overdue => a.overdue(today).cmp(&b.overdue(today)),
            Self::Created => a.created_at.cmp(&b.created_at),
            Self::Date => a.due().cmp(&b.due()),
            Self::Start => a.start().cmp(&b.start()),
        }
    }
}

fn fold(text: &Option<String>) -> Option<String> {
    text.as_deref().map(crate::wire::fold)
}

/// A validated `GET /tm/tasks` query. All filters combine with AND.
#[derive(Debug, Default)]
pub struct TaskQuery {
    user_id: Option<String>,
    project_id: Option<i64>,
    board_id: Option<i64>,
    board_column_id: Option<i64>,
    kind: Option<String>,
    priority: Option<i64>,
    tags: Vec<i64>,
    /// Lower-cased.
    search: Option<String>,
    completed: Option<bool>,
    all: bool,
    range: Option<(Date, Date)>,
    day: Option<Date>,
    completed_from: Option<Date>,
    completed_to: Option<Date>,
    sort: Option<(SortKey, bool)>,
    per_page: usize,
    offset: usize,
}

fn int_param(query: &Query, name: &str, invalid: &mut Invalid) -> Option<i64> {
    let raw = query.get(name)?;
    match raw.parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            invalid.add(name, validate::integer(name));
            None
        }
    }
}

/// Query booleans are `1`/`0` only; `true`/`false` are rejected.
fn bool_param(query: &Query, name: &str, invalid: &mut Invalid) -> Option<bool> {
    match query.get(name)? {
        "1" => Some(true),
        "0" => Some(false),
        _ => {
            invalid.add(name, validate::boolean(name));
            None
        }
    }
}

/// `dd.mm.yyyy`. UNCERTAIN for `day`, whose format is undocumented; it is
/// read like `startDate`/`endDate`.
fn date_param(query: &Query, name: &str, invalid: &mut Invalid) -> Option<Date> {
    let raw = query.get(name)?;
    let parsed = parse_dmy(raw);
    if parsed.is_none() {
        invalid.add(name, validate::date_format(name, "d.m.Y"));
    }
    parsed
}

impl TaskQuery {
    pub fn parse(conn: &Connection, query: &Query) -> Result<Self, ApiError> {
        let mut invalid = Invalid::new();
        let mut q = TaskQuery {
            per_page: TASKS_DEFAULT_PER_PAGE,
            ..TaskQuery::default()
        };

        if let Some(user) = query.get("userId") {
            if ws::is_member(conn, user)? {
                q.user_id = Some(user.to_owned());
            } else {
                invalid.add("userId", validate::selected_invalid("userId"));
            }
        }
        q.project_id = int_param(query, "projectId", &mut invalid);
        if let Some(id) = q.project_id
            && !ws::project_exists(conn, id)?
        {
            invalid.add("projectId", validate::selected_invalid("projectId"));
        }
        q.board_id = int_param(query, "boardId", &mut invalid);
        if let Some(id) = q.board_id
            && ws::board_project(conn, id)?.is_none()
        {
            invalid.add("boardId", validate::selected_invalid("boardId"));
        }
        q.board_column_id = int_param(query, "boardColumnId", &mut invalid);
        if let Some(id) = q.board_column_id
            && ws::column_place(conn, id)?.is_none()
        {
            invalid.add("boardColumnId", validate::selected_invalid("boardColumnId"));
        }
        if let Some(kind) = query.get("type") {
            if TASK_TYPES.contains(&kind) {
                q.kind = Some(kind.to_owned());
            } else {
                invalid.add("type", validate::selected_invalid("type"));
            }
        }
        q.priority = int_param(query, "priority", &mut invalid);
        if let Some(p) = q.priority
            && !(0..=3).contains(&p)
        {
            invalid.add("priority", validate::selected_invalid("priority"));
        }
        match query.array("tags") {
            QueryArray::Absent => {}
            QueryArray::NotAnArray => invalid.add("tags", validate::array("tags")),
            QueryArray::Items(items) => {
                for (i, item) in items.iter().enumerate() {
                    let field = format!("tags.{i}");
                    match item.parse::<i64>() {
                        Ok(id) if ws::tag_exists(conn, id)? => q.tags.push(id),
                        Ok(_) => invalid.add(&field, validate::selected_invalid(&field)),
                        Err(_) => invalid.add(&field, validate::integer(&field)),
                    }
                }
            }
        }
        q.search = query.get("search").map(crate::wire::fold);
        q.completed = bool_param(query, "completed", &mut invalid);
        q.all = bool_param(query, "all", &mut invalid).unwrap_or(false);

        let start = date_param(query, "startDate", &mut invalid);
        let end = date_param(query, "endDate", &mut invalid);
        match (query.get("startDate"), query.get("endDate")) {
            (Some(_), None) => {
                invalid.add("endDate", validate::required_with("endDate", "startDate"))
            }
            (None, Some(_)) => {
                invalid.add("startDate", validate::required_with("startDate", "endDate"))
            }
            _ => {}
        }
        if let (Some(start), Some(end)) = (start, end) {
            if end < start {
                invalid.add("endDate", validate::after_or_equal("endDate", "startDate"));
            }
            q.range = Some((start, end));
        }
        q.day = date_param(query, "day", &mut invalid);
        q.completed_from = date_param(query, "completedAtFrom", &mut invalid);
        q.completed_to = date_param(query, "completedAtTo", &mut invalid);
        if let (Some(from), Some(to)) = (q.completed_from, q.completed_to)
            && to < from
        {
            invalid.add(
                "completedAtTo",
                validate::after_or_equal("completedAtTo", "completedAtFrom"),
            );
        }

        if let Some(sort) = query.get("sortBy") {
            let (name, descending) = match sort.strip_prefix('-') {
                Some(name) => (name, true),
                None => (sort, false),
            };
            match SortKey::parse(name) {
                Some(key) => q.sort = Some((key, descending)),
                None => invalid.add("sortBy", validate::selected_invalid("sortBy")),
            }
        }
        if let Some(per_page) = int_param(query, "perPage", &mut invalid) {
            if per_page < 1 {
                invalid.add("perPage", validate::min_value("perPage", 1));
            } else {
                q.per_page = (per_page as usize).min(TASKS_MAX_PER_PAGE);
            }
        }
        if let Some(offset) = int_param(query, "offset", &mut invalid) {
            if offset < 0 {
                invalid.add("offset", validate::min_value("offset", 0));
            } else {
                q.offset = offset as usize;
            }
        }
        invalid.check()?;
        Ok(q)
    }

    /// One page of matching tasks, and whether more follow.
    pub fn run(&self, conn: &Connection, today: Date) -> rusqlite::Result<(Vec<Task>, bool)> {
        // Cheap column filters go to SQL; text search (Unicode case folding,
        // which SQLite's lower() lacks), assignees, tags and date spans are
        // checked on the loaded rows.
        let mut conditions = vec!["1 = 1".to_owned()];
        let mut values: Vec<Box<dyn ToSql>> = Vec::new();
        if !self.all {
            conditions.push("t.is_deleted = 0".into());
            if let Some(completed) = self.completed {
                conditions.push("t.is_completed = ?".into());
                values.push(Box::new(completed));
            }
        }
        if let Some(kind) = &self.kind {
            conditions.push("t.type = ?".into());
            values.push(Box::new(kind.clone()));
        }
        if let Some(priority) = self.priority {
            conditions.push("t.priority = ?".into());
            values.push(Box::new(priority));
        }
        let mut place = Vec::new();
        for (column, value) in [
            ("project_id", self.project_id),
            ("board_id", self.board_id),
            ("board_column_id", self.board_column_id),
        ] {
            if let Some(value) = value {
                place.push(format!("l.{column} = ?"));
                values.push(Box::new(value));
            }
        }
        if !place.is_empty() {
            conditions.push(format!(
                "EXISTS (SELECT 1 FROM task_locations l WHERE l.task_id = t.id AND {})",
                place.join(" AND ")
            ));
        }
        let mut tasks: Vec<Task> = store::select(conn, &conditions.join(" AND "), &values)?
            .into_iter()
            .filter(|task| self.matches(task))
            .collect();

        if let Some((key, descending)) = self.sort {
            tasks.sort_by(|a, b| {
                let order = key.compare(a, b, today);
                let order = if descending { order.reverse() } else { order };
                order.then(a.id.cmp(&b.id))
            });
        }
        let has_more = tasks.len() > self.offset.saturating_add(self.per_page);
        let page = tasks
            .into_iter()
            .skip(self.offset)
            .take(self.per_page)
            .collect();
        Ok((page, has_more))
    }

    fn matches(&self, task: &Task) -> bool {
        if let Some(user) = &self.user_id
            && !task.assignees.contains(user)
        {
            return false;
        }
        // UNCERTAIN: any of the given tags (not all), as the usual `whereIn`
        // on the tag relation would match.
        if !self.tags.is_empty() && !self.tags.iter().any(|t| task.tags.contains(t)) {
            return false;
        }
        if let Some(needle) = &self.search {
            let title = crate::wire::fold(task.title.as_deref().unwrap_or_default());
            let found = title.contains(needle.as_str())
                || task.description.as_deref().is_some_and(|d| {
                    crate::wire::fold(&html::to_text(d)).contains(needle.as_str())
                });
            if !found {
                return false;
            }
        }
        if let Some((from, to)) = self.range {
            match task.span() {
                Some((start, end)) if start <= to && end >= from => {}
                _ => return false,
            }
        }
        if let Some(day) = self.day {
            match task.span() {
                Some((start, end)) if start <= day && day <= end => {}
                _ => return false,
            }
        }
        if self.completed_from.is_some() || self.completed_to.is_some() {
            let Some(done) = task.completed_on() else {
                return false;
            };
            if self.completed_from.is_some_and(|from| done < from)
                || self.completed_to.is_some_and(|to| done > to)
            {
                return false;
            }
        }
        true
    }
}
