//! The filters, order and paging of `GET /tm/tasks`.

use rusqlite::types::Value;
use rusqlite::{Connection, params_from_iter};
use time::Date;

use super::tasks::{TASKS_DEFAULT_PER_PAGE, TASKS_MAX_PER_PAGE};
use crate::errors::ApiError;
use crate::store::Reader;
use crate::store::workspace as ws;
use crate::validate::{self, Invalid};
use crate::wire::{Query, QueryArray, fmt_ymd, parse_dmy};

use super::task_input::TASK_TYPES;

/// From this offset on, a page is cut from the whole ordered list of the query's ids, which a
/// read connection keeps until the next write (`Reader::ordered_ids`). SQLite reaches an
/// offset by stepping over every row before it, so a client paging to the end of a long list
/// would otherwise pay a walk of the list for every page; this way it pays one, and pages
/// near the top, the common case, cost no more than before.
const DEEP_OFFSET: usize = 1_000;

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

    /// The SQL value ordered by; `?1` is today (`Y-m-d`). Missing values sort first, as NULLs
    /// do in MySQL, so a descending order puts them last (UNCERTAIN). Names compare folded
    /// (`wire::fold`), dates as their `Y-m-d` text, which orders like the dates.
    fn column(self) -> &'static str {
        match self {
            Self::Name => "t.title_folded",
            Self::Type => "t.type",
            Self::Priority => "t.priority",
            Self::Duration => "t.duration",
            Self::Overdue => {
                "CASE WHEN t.is_completed = 0 AND t.due_date < ?1 \
                 THEN julianday(?1) - julianday(t.due_date) ELSE 0 END"
            }
            Self::Created => "t.created_at",
            Self::Date => "t.due_date",
            Self::Start => "t.start_date",
        }
    }
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

    /// The ids of one page of matching tasks, and whether more follow: one query, on the
    /// indexes of `task_indexes.sql`, fetching one row past the page to tell; from
    /// [`DEEP_OFFSET`] on, a slice of the query's whole list.
    pub fn page_ids(&self, conn: &Reader, today: Date) -> rusqlite::Result<(Vec<i64>, bool)> {
        // ?1 is always today, for the overdue order.
        let mut values: Vec<Value> = vec![Value::Text(fmt_ymd(today))];
        let mut bind = |value: Value| {
            values.push(value);
            format!("?{}", values.len())
        };
        let mut conditions: Vec<String> = Vec::new();
        if !self.all {
            conditions.push("t.is_deleted = 0".into());
            if let Some(completed) = self.completed {
                conditions.push(format!(
                    "t.is_completed = {}",
                    bind(i64::from(completed).into())
                ));
            }
        }
        if let Some(kind) = &self.kind {
            conditions.push(format!("t.type = {}", bind(kind.clone().into())));
        }
        if let Some(priority) = self.priority {
            conditions.push(format!("t.priority = {}", bind(priority.into())));
        }
        let mut place = Vec::new();
        for (column, value) in [
            ("project_id", self.project_id),
            ("board_id", self.board_id),
            ("board_column_id", self.board_column_id),
        ] {
            if let Some(value) = value {
                place.push(format!("l.{column} = {}", bind(value.into())));
            }
        }
        if !place.is_empty() {
            conditions.push(format!(
                "EXISTS (SELECT 1 FROM task_locations l WHERE l.task_id = t.id AND {})",
                place.join(" AND ")
            ));
        }
        if let Some(user) = &self.user_id {
            conditions.push(format!(
                "EXISTS (SELECT 1 FROM task_assignees a WHERE a.task_id = t.id AND a.user_id = {})",
                bind(user.clone().into())
            ));
        }
        // UNCERTAIN: any of the given tags (not all), as the usual `whereIn` on the tag
        // relation would match.
        if !self.tags.is_empty() {
            let tags: Vec<String> = self.tags.iter().map(|t| bind((*t).into())).collect();
            conditions.push(format!(
                "EXISTS (SELECT 1 FROM task_tags g WHERE g.task_id = t.id AND g.tag_id IN ({}))",
                tags.join(", ")
            ));
        }
        // The trigram index answers for three characters or more (as a quoted FTS5 string:
        // the needle matches literally, as a substring of either column); shorter needles
        // are compared row by row.
        let mut from = "tasks t";
        let mut by_id = "t.id";
        if let Some(needle) = &self.search {
            if needle.chars().count() >= 3 {
                let phrase = bind(format!("\"{}\"", needle.replace('"', "\"\"")).into());
                if self.sort.is_none() {
                    // In id order the index leads: it gives its matches in rowid order, so
                    // a page stops after its rows instead of collecting every match first.
                    from = "task_search s CROSS JOIN tasks t ON t.id = s.rowid";
                    by_id = "s.rowid";
                    conditions.push(format!("s.task_search MATCH {phrase}"));
                } else {
                    conditions.push(format!(
                        "t.id IN (SELECT rowid FROM task_search WHERE task_search MATCH {phrase})"
                    ));
                }
            } else {
                let needle = bind(needle.clone().into());
                conditions.push(format!(
                    "(instr(t.title_folded, {needle}) > 0 OR instr(t.text_folded, {needle}) > 0)"
                ));
            }
        }
        // A task spans from its start (or due) date to its due (or start) date; one without
        // dates spans nothing (min/max of NULLs is NULL).
        let span_start =
            "min(COALESCE(t.start_date, t.due_date), COALESCE(t.due_date, t.start_date))";
        let span_end =
            "max(COALESCE(t.start_date, t.due_date), COALESCE(t.due_date, t.start_date))";
        for (from, to) in self.range.into_iter().chain(self.day.map(|d| (d, d))) {
            let (from, to) = (bind(fmt_ymd(from).into()), bind(fmt_ymd(to).into()));
            conditions.push(format!("{span_start} <= {to} AND {span_end} >= {from}"));
        }
        // `completedAt` is stored as `Y-m-dTH:i:sZ`: its first ten characters are the day.
        if self.completed_from.is_some() || self.completed_to.is_some() {
            conditions.push("t.completed_at IS NOT NULL".into());
        }
        if let Some(from) = self.completed_from {
            conditions.push(format!(
                "substr(t.completed_at, 1, 10) >= {}",
                bind(fmt_ymd(from).into())
            ));
        }
        if let Some(to) = self.completed_to {
            conditions.push(format!(
                "substr(t.completed_at, 1, 10) <= {}",
                bind(fmt_ymd(to).into())
            ));
        }

        let order = match self.sort {
            None => match self.board_column_id {
                Some(column) => in_column_order(&bind(column.into()), by_id),
                None => by_id.to_owned(),
            },
            Some((key, descending)) => {
                let direction = if descending { "DESC" } else { "ASC" };
                format!("{} {direction}, t.id", key.column())
            }
        };
        let filter = if conditions.is_empty() {
            "1".to_owned()
        } else {
            conditions.join(" AND ")
        };
        if self.offset >= DEEP_OFFSET {
            let sql = format!("SELECT t.id FROM {from} WHERE {filter} ORDER BY {order}");
            let all = conn.ordered_ids(&sql, values)?;
            let end = self.offset.saturating_add(self.per_page);
            let page = all.get(self.offset..end.min(all.len())).unwrap_or_default();
            return Ok((page.to_vec(), all.len() > end));
        }
        let limit = bind(i64::try_from(self.per_page + 1).unwrap_or(i64::MAX).into());
        let offset = bind(i64::try_from(self.offset).unwrap_or(i64::MAX).into());
        let sql = format!(
            "SELECT t.id FROM {from} WHERE {filter} ORDER BY {order} LIMIT {limit} OFFSET {offset}"
        );
        let mut stmt = conn.prepare_cached(&sql)?;
        let mut ids: Vec<i64> = stmt
            .query_map(params_from_iter(values), |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        let has_more = ids.len() > self.per_page;
        ids.truncate(self.per_page);
        Ok((ids, has_more))
    }
}

/// A column's tasks in the column's order (`store::column_order`), as a board shows them; the
/// id breaks ties.
fn in_column_order(column: &str, by_id: &str) -> String {
    format!(
        "(SELECT l.position FROM task_locations l \
         WHERE l.task_id = t.id AND l.board_column_id = {column}), {by_id}"
    )
}
