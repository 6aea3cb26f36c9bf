//! A task's fields as the outbox and the triage verbs change them: one field set to one value,
//! how it shows on a row, and what the service has of it now (what a replay compares with the
//! base the change was made on).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::Date;
use weeek_api::ColumnPlace;
use weeek_api::models::{Priority, Task, TaskLocation, TaskRow};

/// One field of a task set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", content = "value", rename_all = "camelCase")]
pub enum TaskField {
    Completed(bool),
    Priority(Option<Priority>),
    Column(i64),
    Due(Option<Date>),
    Title(String),
    Assignees(Vec<String>),
    /// In the service's order or not: tags compare as sets.
    Tags(Vec<i64>),
    /// HTML; `None`: none.
    Description(Option<String>),
    /// Member ids, as a set.
    Watchers(Vec<String>),
    /// A custom field's value as the service takes it (`null`: cleared).
    Custom {
        id: String,
        value: Value,
    },
    /// Its place among the cards of its board column: right below or above another card.
    /// The task's read tells its column, not its place (`place: None`, as a base holds it):
    /// the column's cards in order tell that.
    Place {
        project: i64,
        column: i64,
        place: Option<ColumnPlace>,
    },
}

/// The same tags, whatever their order.
pub fn same_tags(a: &[i64], b: &[i64]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort_unstable();
    a.dedup();
    b.sort_unstable();
    b.dedup();
    a == b
}

impl TaskField {
    /// The same field's value on `task` now: what undo and rollback go back to, and what a
    /// replay compares with the change's base.
    pub fn current(&self, task: &TaskRow) -> TaskField {
        match self {
            Self::Completed(_) => Self::Completed(task.is_completed),
            Self::Priority(_) => Self::Priority(task.priority),
            Self::Column(_) => Self::Column(
                task.primary_location()
                    .and_then(|l| l.board_column_id)
                    .unwrap_or_default(),
            ),
            Self::Due(_) => Self::Due(task.due_day()),
            Self::Title(_) => Self::Title(task.title.clone().unwrap_or_default()),
            Self::Assignees(_) => Self::Assignees(task.all_assignees()),
            Self::Tags(asked) if same_tags(asked, &task.tags) => self.clone(),
            Self::Tags(_) => Self::Tags(task.tags.clone()),
            // Not on a row: the whole task has them (`current_of`).
            Self::Description(_) | Self::Watchers(_) | Self::Custom { .. } => self.clone(),
            Self::Place { project, .. } => Self::Place {
                project: *project,
                column: task
                    .all_locations()
                    .iter()
                    .find(|l| l.project_id == *project)
                    .and_then(|l| l.board_column_id)
                    .unwrap_or_default(),
                place: None,
            },
        }
    }

    /// The same field's value on the whole `task` now: what a replay compares with the
    /// change's base.
    pub fn current_of(&self, task: &Task) -> TaskField {
        match self {
            Self::Description(_) => Self::Description(task.description.clone()),
            Self::Watchers(_) => Self::Watchers(task.subscribers.clone()),
            Self::Custom { id, .. } => Self::Custom {
                id: id.clone(),
                value: task
                    .custom_fields
                    .iter()
                    .find(|c| c.id == *id)
                    .map_or(Value::Null, |c| c.value.clone()),
            },
            _ => self.current(&TaskRow::from(task)),
        }
    }

    /// Whether the field is on the whole task only, not on its row.
    pub fn whole_only(&self) -> bool {
        matches!(
            self,
            Self::Description(_) | Self::Watchers(_) | Self::Custom { .. }
        )
    }

    /// Whether the service's value `now` lets this change go, made on `base`: the base
    /// still, or (watchers) part of the way to this one.
    pub fn goes_over(&self, base: &TaskField, now: &TaskField) -> bool {
        match (self, base, now) {
            _ if now.same(base) => true,
            (Self::Watchers(m), Self::Watchers(b), Self::Watchers(n)) => {
                super::sets::on_the_way(n, b, m)
            }
            _ => false,
        }
    }

    /// Whether `other` holds the same value of the same field (tags as sets, assignees in any
    /// order).
    pub fn same(&self, other: &TaskField) -> bool {
        match (self, other) {
            (Self::Tags(a), Self::Tags(b)) => same_tags(a, b),
            (Self::Assignees(a), Self::Assignees(b)) => {
                let (mut a, mut b) = (a.clone(), b.clone());
                a.sort();
                b.sort();
                a == b
            }
            (Self::Watchers(a), Self::Watchers(b)) => super::sets::same(a, b),
            (Self::Description(a), Self::Description(b)) => {
                let text = |d: &Option<String>| d.as_deref().unwrap_or("").trim().to_string();
                text(a) == text(b)
            }
            (Self::Custom { id: a, value: x }, Self::Custom { id: b, value: y }) => {
                a == b && crate::screen::custom_input::same_value(x, y)
            }
            (a, b) => a == b,
        }
    }

    /// Whether `other` is a value of the same field.
    pub fn same_field(&self, other: &TaskField) -> bool {
        match (self, other) {
            (Self::Custom { id: a, .. }, Self::Custom { id: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    /// The field's name as a sentence says it: "done", "priority", "title".
    pub fn name(&self) -> &'static str {
        match self {
            Self::Completed(_) => "done",
            Self::Priority(_) => "priority",
            Self::Column(_) => "column",
            Self::Due(_) => "due date",
            Self::Title(_) => "title",
            Self::Assignees(_) => "assignees",
            Self::Tags(_) => "tags",
            Self::Description(_) => "description",
            Self::Watchers(_) => "watchers",
            Self::Custom { .. } => "custom field",
            Self::Place { .. } => "place",
        }
    }

    /// Shows the change on a row.
    pub fn apply(&self, task: &mut TaskRow) {
        match self {
            Self::Completed(done) => {
                task.is_completed = *done;
                if !done {
                    task.completed_at = None;
                }
            }
            Self::Priority(p) => task.priority = *p,
            Self::Column(col) => {
                task.board_column_id = Some(*col);
                if let Some(first) = task.locations.first_mut() {
                    first.board_column_id = Some(*col);
                } else if let Some(project_id) = task.project_id {
                    task.locations.push(TaskLocation {
                        project_id,
                        board_id: task.board_id,
                        board_column_id: Some(*col),
                    });
                }
            }
            Self::Due(d) => {
                task.due_date = *d;
                task.due_date_time = None;
                task.legacy_due = None;
            }
            Self::Title(t) => task.title = Some(t.clone()),
            Self::Assignees(a) => {
                task.assignees = a.clone();
                task.user_id = a.first().cloned();
            }
            Self::Tags(t) => task.tags = t.clone(),
            // Not on a row; a card's place is the board's to show.
            Self::Description(_) | Self::Watchers(_) | Self::Custom { .. } | Self::Place { .. } => {
            }
        }
    }

    /// Shows the change on a whole task, as on its row.
    pub fn apply_whole(&self, task: &mut Task) {
        match self {
            Self::Description(d) => {
                task.description = d.clone();
                return;
            }
            Self::Watchers(w) => {
                task.subscribers = w.clone();
                return;
            }
            Self::Custom { id, value } => {
                match task.custom_fields.iter_mut().find(|c| c.id == *id) {
                    Some(c) => c.value = value.clone(),
                    None => task
                        .custom_fields
                        .push(weeek_api::models::CustomFieldValue {
                            id: id.clone(),
                            value: value.clone(),
                            ..Default::default()
                        }),
                }
                return;
            }
            Self::Place { .. } => return,
            _ => {}
        }
        let mut row = TaskRow::from(&*task);
        self.apply(&mut row);
        task.is_completed = row.is_completed;
        task.completed_at = row.completed_at;
        task.priority = row.priority;
        task.board_column_id = row.board_column_id;
        task.locations = row.locations;
        task.due_date = row.due_date;
        task.due_date_time = row.due_date_time;
        if let Self::Due(_) = self {
            // The legacy `dd.mm.yyyy` day would still say the old one.
            task.date = None;
        }
        task.title = row.title;
        task.assignees = row.assignees;
        task.user_id = row.user_id;
        task.tags = row.tags;
    }
}
