//! The filters of the task list, how they become a `GET /tm/tasks` query, and how they read
//! in one line above the list.

use time::{Date, Duration};
use weeek_api::models::{Priority, TaskRow, TaskType};
use weeek_api::{SortBy, SortKey, TaskQuery};

use crate::date_input::DayRange;
use crate::screen::names::Names;

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Assignee {
    /// The profile's user: the list opens on "my open tasks".
    #[default]
    Me,
    Anyone,
    Member(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Completion {
    #[default]
    Open,
    Done,
    /// Sent as `all=1`: deleted tasks are included by the service too.
    All,
}

impl Completion {
    pub fn label(self) -> &'static str {
        match self {
            Self::Open => "open",
            Self::Done => "done",
            Self::All => "all, deleted too",
        }
    }
}

pub use crate::keys::commands::Due;

/// A due filter and the day it was set on ("today" stays the day it meant).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueFilter {
    pub due: Due,
    pub on: Date,
}

impl DueFilter {
    fn week(self) -> DayRange {
        crate::date_input::parse("this week", self.on).unwrap_or(DayRange {
            start: self.on,
            end: self.on,
        })
    }

    /// Whether `task` is one of those asked for.
    pub fn keeps(&self, task: &TaskRow) -> bool {
        let due = task.due_day();
        match self.due {
            Due::Overdue => !task.is_completed && due.is_some_and(|d| d < self.on),
            Due::Today => due == Some(self.on),
            Due::ThisWeek => {
                let week = self.week();
                due.is_some_and(|d| week.start <= d && d <= week.end)
            }
            Due::NoDate => due.is_none(),
        }
    }

    /// The order it is read in puts every task it keeps first: the first task left out ends
    /// the list.
    pub fn ends_at_first_miss(&self) -> bool {
        matches!(self.due, Due::Overdue | Due::NoDate)
    }

    /// The order it is read in, in place of the one picked with `s`.
    fn sort(&self) -> Option<SortBy> {
        match self.due {
            // UNCERTAIN: the service leaves `overdue` undocumented beyond an integer; read as
            // days past due (0 when not overdue), most first. A service that meant otherwise
            // ends the list early, never shows a task that is not overdue.
            Due::Overdue => Some(SortBy {
                key: SortKey::Overdue,
                descending: true,
            }),
            // UNCERTAIN: where tasks without a date sort is undocumented; read as first, as
            // NULLs sort in MySQL.
            Due::NoDate => Some(SortBy {
                key: SortKey::Date,
                descending: false,
            }),
            _ => None,
        }
    }

    /// `startDate`/`endDate`: a span the tasks kept all overlap.
    fn range(&self) -> Option<DayRange> {
        match self.due {
            // The service's dates must be a closed pair: from long ago.
            Due::Overdue => Some(DayRange {
                start: Date::from_calendar_date(2000, time::Month::January, 1).ok()?,
                end: self.on - Duration::days(1),
            }),
            Due::ThisWeek => Some(self.week()),
            _ => None,
        }
    }
}

/// Which filter was set, so `Esc` can take them off one at a time, newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterKind {
    Project,
    Board,
    Column,
    Priority,
    Dates,
    Due,
    Assignee,
    Type,
    Tag,
    Completion,
    Search,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Filters {
    pub assignee: Assignee,
    pub completion: Completion,
    pub project: Option<i64>,
    pub board: Option<i64>,
    pub column: Option<i64>,
    pub priority: Option<Priority>,
    /// The range and the words it was typed as ("next week").
    pub dates: Option<(DayRange, String)>,
    pub due: Option<DueFilter>,
    pub task_type: Option<TaskType>,
    /// Tasks with any of these tags (sent as `tags[]`).
    pub tags: Vec<i64>,
    pub search: String,
    /// Set filters, oldest first.
    order: Vec<FilterKind>,
}

impl FilterKind {
    pub const ALL: [FilterKind; 11] = [
        Self::Project,
        Self::Board,
        Self::Column,
        Self::Priority,
        Self::Dates,
        Self::Due,
        Self::Assignee,
        Self::Type,
        Self::Tag,
        Self::Completion,
        Self::Search,
    ];
}

impl Filters {
    /// Records that `kind` was just set (or cleared, when `is_set` is false).
    pub fn touched(&mut self, kind: FilterKind) {
        self.order.retain(|k| *k != kind);
        if self.is_set(kind) {
            self.order.push(kind);
        }
    }

    pub fn is_set(&self, kind: FilterKind) -> bool {
        match kind {
            FilterKind::Project => self.project.is_some(),
            FilterKind::Board => self.board.is_some(),
            FilterKind::Column => self.column.is_some(),
            FilterKind::Priority => self.priority.is_some(),
            FilterKind::Dates => self.dates.is_some(),
            FilterKind::Due => self.due.is_some(),
            FilterKind::Assignee => self.assignee != Assignee::default(),
            FilterKind::Type => self.task_type.is_some(),
            FilterKind::Tag => !self.tags.is_empty(),
            FilterKind::Completion => self.completion != Completion::default(),
            FilterKind::Search => !self.search.trim().is_empty(),
        }
    }

    /// Clears one filter. Clearing a project clears its board and column; a board, its column.
    pub fn clear(&mut self, kind: FilterKind) {
        match kind {
            FilterKind::Project => {
                self.project = None;
                self.clear(FilterKind::Board);
            }
            FilterKind::Board => {
                self.board = None;
                self.clear(FilterKind::Column);
            }
            FilterKind::Column => self.column = None,
            FilterKind::Priority => self.priority = None,
            FilterKind::Dates => self.dates = None,
            FilterKind::Due => self.due = None,
            FilterKind::Assignee => self.assignee = Assignee::default(),
            FilterKind::Type => self.task_type = None,
            FilterKind::Tag => self.tags.clear(),
            FilterKind::Completion => self.completion = Completion::default(),
            FilterKind::Search => self.search.clear(),
        }
        let order = std::mem::take(&mut self.order);
        self.order = order.into_iter().filter(|k| self.is_set(*k)).collect();
    }

    /// Takes off the newest filter; false when only the defaults are left.
    /// "Everyone's tasks" (`A`) is not among them: it goes last, after the sort (see
    /// [`Filters::pop_scope`]).
    pub fn pop(&mut self) -> bool {
        let scope = self.assignee == Assignee::Anyone;
        let newest = self
            .order
            .iter()
            .rposition(|k| !(scope && *k == FilterKind::Assignee));
        match newest {
            Some(i) => {
                let kind = self.order.remove(i);
                self.clear(kind);
                true
            }
            None => false,
        }
    }

    /// Back to "my tasks" from everyone's; false when already there.
    pub fn pop_scope(&mut self) -> bool {
        if self.assignee != Assignee::Anyone {
            return false;
        }
        self.clear(FilterKind::Assignee);
        true
    }

    pub fn any_set(&self) -> bool {
        !self.order.is_empty()
    }

    pub fn to_query(&self, me: Option<&str>, sort: Option<SortBy>, per_page: u32) -> TaskQuery {
        let dates = self
            .dates
            .as_ref()
            .map(|(r, _)| *r)
            .or_else(|| self.due.and_then(|d| d.range()));
        let user_id = match &self.assignee {
            Assignee::Me => me.map(str::to_string),
            Assignee::Anyone => None,
            Assignee::Member(id) => Some(id.clone()),
        };
        TaskQuery {
            user_id,
            project_id: self.project,
            board_id: self.board,
            board_column_id: self.column,
            priority: self.priority,
            task_type: self.task_type.clone(),
            tags: self.tags.clone(),
            search: Some(self.search.trim().to_string()).filter(|s| !s.is_empty()),
            completed: match self.completion {
                Completion::Open => Some(false),
                Completion::Done => Some(true),
                Completion::All => None,
            },
            all: self.completion == Completion::All,
            // A typed range wins the service's pair of dates; a due filter then narrows here.
            start_date: dates.map(|r| r.start),
            end_date: dates.map(|r| r.end),
            day: self.due.filter(|d| d.due == Due::Today).map(|d| d.on),
            sort_by: self.due.and_then(|d| d.sort()).or(sort),
            per_page: Some(per_page),
            offset: Some(0),
            ..TaskQuery::default()
        }
    }

    /// The first of `kinds` that leaves `task` out of the list, as the service would read it
    /// (`me`: the profile's user). Text is matched on the title, every word of it: a row
    /// carries no description to match.
    pub fn misses(
        &self,
        task: &TaskRow,
        me: Option<&str>,
        kinds: &[FilterKind],
    ) -> Option<FilterKind> {
        let places = task.all_locations();
        let keeps = |kind: FilterKind| match kind {
            FilterKind::Project => self
                .project
                .is_none_or(|p| places.iter().any(|l| l.project_id == p)),
            FilterKind::Board => self
                .board
                .is_none_or(|b| places.iter().any(|l| l.board_id == Some(b))),
            FilterKind::Column => self
                .column
                .is_none_or(|c| places.iter().any(|l| l.board_column_id == Some(c))),
            FilterKind::Priority => self.priority.is_none_or(|p| task.priority == Some(p)),
            FilterKind::Dates => self.dates.as_ref().is_none_or(|(r, _)| {
                let (start, due) = (task.start_day(), task.due_day());
                let (from, to) = (start.or(due), due.or(start));
                from.zip(to)
                    .is_some_and(|(a, b)| a <= r.end && b >= r.start)
            }),
            FilterKind::Due => self.due.is_none_or(|d| d.keeps(task)),
            FilterKind::Assignee => match &self.assignee {
                Assignee::Anyone => true,
                Assignee::Me => me.is_none_or(|me| task.all_assignees().iter().any(|a| a == me)),
                Assignee::Member(id) => task.all_assignees().contains(id),
            },
            FilterKind::Type => self
                .task_type
                .as_ref()
                .is_none_or(|t| task.r#type.as_ref() == Some(t)),
            FilterKind::Tag => {
                self.tags.is_empty() || task.tags.iter().any(|t| self.tags.contains(t))
            }
            FilterKind::Completion => match self.completion {
                Completion::Open => !task.is_completed,
                Completion::Done => task.is_completed,
                Completion::All => true,
            },
            FilterKind::Search => {
                let title = task.title.as_deref().unwrap_or_default().to_lowercase();
                self.search
                    .to_lowercase()
                    .split_whitespace()
                    .all(|w| title.contains(w))
            }
        };
        kinds.iter().copied().find(|k| !keeps(*k))
    }

    /// The title of the view: "My open tasks", "Everyone's done tasks", …
    pub fn headline(&self, names: &Names) -> String {
        let whose = match &self.assignee {
            Assignee::Me => "My".to_string(),
            Assignee::Anyone => "Everyone's".to_string(),
            Assignee::Member(id) => format!("{}'s", names.member_name(id)),
        };
        let what = match self.completion {
            Completion::Open => "open tasks",
            Completion::Done => "done tasks",
            Completion::All => "tasks (all, deleted too)",
        };
        format!("{whose} {what}")
    }

    /// The other active filters as short labelled chips, in the order they were set.
    pub fn chips(&self, names: &Names) -> Vec<(FilterKind, String)> {
        self.order
            .iter()
            .filter(|k| !matches!(k, FilterKind::Assignee | FilterKind::Completion))
            .map(|k| (*k, self.chip(*k, names)))
            .collect()
    }

    pub fn chip(&self, kind: FilterKind, names: &Names) -> String {
        match kind {
            FilterKind::Project => self
                .project
                .map(|p| format!("project: {}", names.project_name(p)))
                .unwrap_or_default(),
            FilterKind::Board => self
                .board
                .map(|b| format!("board: {}", names.board_name(b)))
                .unwrap_or_default(),
            FilterKind::Column => self
                .column
                .map(|c| format!("column: {}", names.column_name(c)))
                .unwrap_or_default(),
            FilterKind::Priority => self
                .priority
                .map(|p| format!("priority: {}", p.label()))
                .unwrap_or_default(),
            FilterKind::Dates => self
                .dates
                .as_ref()
                // The service matches a task whose start–due span overlaps the range, not its due
                // date alone: the label says so.
                .map(|(r, _)| format!("start–due overlaps: {}", r.describe()))
                .unwrap_or_default(),
            FilterKind::Due => self
                .due
                .map(|d| format!("due: {}", d.due.label()))
                .unwrap_or_default(),
            FilterKind::Assignee => match &self.assignee {
                Assignee::Me => "assignee: me".into(),
                Assignee::Anyone => "assignee: anyone".into(),
                Assignee::Member(id) => format!("assignee: {}", names.member_name(id)),
            },
            FilterKind::Type => self
                .task_type
                .as_ref()
                .map(|t| format!("type: {}", t.as_str()))
                .unwrap_or_default(),
            FilterKind::Tag => {
                let names: Vec<String> = self
                    .tags
                    .iter()
                    .map(|t| {
                        names
                            .tag(*t)
                            .map_or_else(|| format!("#{t}"), |t| t.title.clone())
                    })
                    .collect();
                format!("tag: {}", names.join(" or "))
            }
            FilterKind::Completion => format!("status: {}", self.completion.label()),
            FilterKind::Search => format!("text: \u{201c}{}\u{201d}", self.search.trim()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn default_view_is_my_open_tasks() {
        let q = Filters::default().to_query(Some("me-uuid"), None, 50);
        let pairs = q.to_pairs().unwrap();
        assert!(pairs.contains(&("userId".into(), "me-uuid".into())));
        assert!(pairs.contains(&("completed".into(), "0".into())));
        assert!(!pairs.iter().any(|(k, _)| k == "all"));
    }

    #[test]
    fn every_filter_reaches_the_query() {
        let mut f = Filters {
            assignee: Assignee::Anyone,
            completion: Completion::All,
            project: Some(2),
            board: Some(5),
            column: Some(9),
            priority: Some(Priority::High),
            dates: Some((
                DayRange {
                    start: date!(2026 - 11 - 23),
                    end: date!(2026 - 11 - 29),
                },
                "next week".into(),
            )),
            task_type: Some(TaskType::Call),
            tags: vec![4],
            search: " отчёт ".into(),
            ..Default::default()
        };
        f.touched(FilterKind::Project);
        let pairs = f.to_query(Some("me"), None, 50).to_pairs().unwrap();
        for (k, v) in [
            ("projectId", "2"),
            ("boardId", "5"),
            ("boardColumnId", "9"),
            ("priority", "2"),
            ("startDate", "23.11.2026"),
            ("endDate", "29.11.2026"),
            ("type", "call"),
            ("tags[]", "4"),
            ("search", "отчёт"),
            ("all", "1"),
        ] {
            assert!(pairs.contains(&(k.into(), v.into())), "missing {k}={v}");
        }
        assert!(!pairs.iter().any(|(k, _)| k == "userId" || k == "completed"));
    }

    #[test]
    fn escape_takes_filters_off_newest_first() {
        let mut f = Filters {
            priority: Some(Priority::Low),
            ..Default::default()
        };
        f.touched(FilterKind::Priority);
        f.search = "x".into();
        f.touched(FilterKind::Search);
        assert!(f.pop());
        assert!(f.search.is_empty() && f.priority.is_some());
        assert!(f.pop());
        assert!(f.priority.is_none());
        assert!(!f.pop());
    }

    #[test]
    fn clearing_a_project_clears_its_board_and_column() {
        let mut f = Filters {
            project: Some(1),
            board: Some(2),
            column: Some(3),
            ..Default::default()
        };
        for k in [FilterKind::Project, FilterKind::Board, FilterKind::Column] {
            f.touched(k);
        }
        f.clear(FilterKind::Project);
        assert_eq!((f.project, f.board, f.column), (None, None, None));
        assert!(!f.any_set());
    }
}
