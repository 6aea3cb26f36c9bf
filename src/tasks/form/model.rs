//! The new-task form's values, the focused field and the checks run on leaving a field and on
//! submit. What the form starts with (the place and assignees of the list's filters) is kept
//! apart, so the form can tell a title typed alone from a task filled in.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use time::Date;
use weeek_api::models::Priority;
use weeek_api::{FieldErrors, NewTask};

use crate::widgets::field::TextField;
use crate::widgets::text_area::TextArea;

/// The service refuses longer titles when a task is renamed, so a new one is held to it too.
pub const TITLE_MAX_CHARS: usize = 255;

/// A place in the form, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Title,
    Project,
    Board,
    Column,
    Priority,
    Due,
    Assignees,
    Tags,
    Description,
}

impl Field {
    pub const ALL: [Field; 9] = [
        Self::Title,
        Self::Project,
        Self::Board,
        Self::Column,
        Self::Priority,
        Self::Due,
        Self::Assignees,
        Self::Tags,
        Self::Description,
    ];

    /// Typed on one line.
    pub fn is_typed(self) -> bool {
        matches!(self, Self::Title | Self::Due)
    }

    /// Chosen in a picker.
    pub fn is_choice(self) -> bool {
        !self.is_typed() && self != Self::Description
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Title => "Title",
            Self::Project => "Project",
            Self::Board => "Board",
            Self::Column => "Column",
            Self::Priority => "Priority",
            Self::Due => "Due",
            Self::Assignees => "Assignees",
            Self::Tags => "Tags",
            Self::Description => "Description",
        }
    }
}

/// Everything the form holds, as plain values: what the draft stores and what is compared to
/// tell whether anything besides the title was filled in.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Values {
    pub title: String,
    pub project: Option<i64>,
    pub board: Option<i64>,
    pub column: Option<i64>,
    /// The service's number (0 low … 3 hold).
    pub priority: Option<i64>,
    /// As typed (the date grammar), read again when sent.
    pub due: String,
    pub assignees: Vec<String>,
    pub tags: Vec<i64>,
    pub description: String,
}

impl Values {
    /// The same values with another title.
    pub fn titled(&self, title: &str) -> Values {
        Values {
            title: title.to_string(),
            ..self.clone()
        }
    }
}

#[derive(Debug, Clone)]
pub struct TaskForm {
    pub title: TextField,
    pub project: Option<i64>,
    pub board: Option<i64>,
    pub column: Option<i64>,
    pub priority: Option<Priority>,
    pub due: TextField,
    pub assignees: Vec<String>,
    pub tags: Vec<i64>,
    pub description: TextArea,
    pub focus: Field,
    pub errors: BTreeMap<Field, String>,
    /// Fields typed in: only these are checked on leaving.
    pub touched: BTreeSet<Field>,
}

impl TaskForm {
    pub fn new(values: &Values) -> Self {
        let mut form = Self {
            title: TextField::typed(&values.title),
            project: values.project,
            board: values.board,
            column: values.column,
            priority: values.priority.and_then(Priority::from_number),
            due: TextField::typed(&values.due),
            assignees: values.assignees.clone(),
            tags: values.tags.clone(),
            description: TextArea::with_text(&values.description),
            focus: Field::Title,
            errors: BTreeMap::new(),
            touched: BTreeSet::new(),
        };
        // Restored text was typed: it is checked on leaving like freshly typed text.
        for f in [Field::Title, Field::Due] {
            if form.text(f).is_some_and(|t| !t.value().trim().is_empty()) {
                form.touched.insert(f);
            }
        }
        form
    }

    pub fn values(&self) -> Values {
        Values {
            title: self.title.value().to_string(),
            project: self.project,
            board: self.board,
            column: self.column,
            priority: self.priority.map(Priority::number),
            due: self.due.value().to_string(),
            assignees: self.assignees.clone(),
            tags: self.tags.clone(),
            description: self.description.text(),
        }
    }

    pub fn text(&self, f: Field) -> Option<&TextField> {
        match f {
            Field::Title => Some(&self.title),
            Field::Due => Some(&self.due),
            _ => None,
        }
    }

    pub fn text_mut(&mut self, f: Field) -> Option<&mut TextField> {
        match f {
            Field::Title => Some(&mut self.title),
            Field::Due => Some(&mut self.due),
            _ => None,
        }
    }

    /// The due day typed, when it reads as one.
    pub fn due_day(&self, today: Date) -> Option<Date> {
        crate::date_input::parse_day(self.due.value(), today).ok()
    }

    /// The problem with one field as it stands, if any.
    pub fn check(&self, f: Field, today: Date) -> Option<String> {
        match f {
            Field::Title => {
                let n = self.title.value().trim().chars().count();
                if n == 0 {
                    Some("required".into())
                } else if n > TITLE_MAX_CHARS {
                    Some(format!("at most {TITLE_MAX_CHARS} characters ({n} now)"))
                } else {
                    None
                }
            }
            Field::Due if self.due.value().trim().is_empty() => None,
            Field::Due => crate::date_input::parse_day(self.due.value(), today).err(),
            _ => None,
        }
    }

    pub fn validate_field(&mut self, f: Field, today: Date) {
        match self.check(f, today) {
            Some(m) => self.errors.insert(f, m),
            None => self.errors.remove(&f),
        };
    }

    /// Checks `f` on leaving it, when it was typed in or already shows a message.
    pub fn leave(&mut self, f: Field, today: Date) {
        if self.touched.contains(&f) || self.errors.contains_key(&f) {
            self.validate_field(f, today);
        }
    }

    /// While typing, a shown message follows the value (it goes once fixed), but no new one
    /// appears before the field is left.
    pub fn revalidate_shown(&mut self, f: Field, today: Date) {
        if self.errors.contains_key(&f) {
            self.validate_field(f, today);
        }
    }

    /// Checks every field (submit). True when the form can be sent; otherwise the focus is on
    /// the first field with a message.
    pub fn validate_all(&mut self, today: Date) -> bool {
        self.errors.clear();
        for f in Field::ALL {
            if let Some(m) = self.check(f, today) {
                self.errors.insert(f, m);
            }
        }
        self.focus_first_error();
        self.errors.is_empty()
    }

    fn focus_first_error(&mut self) {
        if let Some(f) = Field::ALL.into_iter().find(|f| self.errors.contains_key(f)) {
            self.focus = f;
        }
    }

    /// Moves the focus by `delta` fields (no wrapping). Returns the field left.
    pub fn step(&mut self, delta: isize) -> Field {
        let at = Field::ALL
            .iter()
            .position(|f| *f == self.focus)
            .unwrap_or(0) as isize;
        let to = (at + delta).clamp(0, Field::ALL.len() as isize - 1) as usize;
        let left = self.focus;
        self.focus = Field::ALL[to];
        left
    }

    /// The request body (checked first with `validate_all`).
    pub fn to_new_task(&self, today: Date) -> NewTask {
        NewTask {
            title: self.title.value().trim().to_string(),
            description: super::super::description::to_html(&self.description.text()),
            project_id: self.project,
            board_column_id: self.project.and(self.column),
            assignees: self.assignees.clone(),
            priority: self.priority,
            due_date: self.due_day(today),
            tags: self.tags.clone(),
            ..Default::default()
        }
    }

    /// Puts the service's field errors at their fields. Returns the messages that belong to
    /// no field of the form.
    pub fn apply_service_errors(&mut self, fields: &FieldErrors) -> Vec<String> {
        let leftovers = crate::screen::form_errors::place(&mut self.errors, fields, field_for_key);
        self.focus_first_error();
        leftovers
    }
}

/// The form field a service key names (`title`, `locations.0.boardColumnId`, `assignees.1`).
pub fn field_for_key(key: &str) -> Option<Field> {
    let last = key
        .split('.')
        .rfind(|p| p.parse::<usize>().is_err())
        .unwrap_or(key);
    let first = key.split('.').next().unwrap_or(key);
    Some(match (first, last) {
        ("title", _) => Field::Title,
        (_, "projectId") => Field::Project,
        (_, "boardId") => Field::Board,
        (_, "boardColumnId") => Field::Column,
        ("priority", _) => Field::Priority,
        ("dueDate" | "dueDateTime" | "day", _) => Field::Due,
        ("assignees" | "userId", _) => Field::Assignees,
        ("tags", _) => Field::Tags,
        ("description", _) => Field::Description,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    const TODAY: Date = date!(2026 - 11 - 23);

    #[test]
    fn a_title_is_required_and_held_to_255_characters() {
        let mut f = TaskForm::new(&Values::default());
        f.focus = Field::Tags;
        assert!(!f.validate_all(TODAY));
        assert_eq!(f.errors[&Field::Title], "required");
        assert_eq!(f.focus, Field::Title);
        f.title.set("Ж".repeat(255));
        assert!(f.validate_all(TODAY));
        f.title.set("Ж".repeat(256));
        assert!(!f.validate_all(TODAY));
        assert!(f.errors[&Field::Title].contains("256 now"));
    }

    #[test]
    fn the_due_day_reads_the_date_grammar_and_refuses_ranges() {
        let mut f = TaskForm::new(&Values::titled(&Values::default(), "Отчёт"));
        f.due.set("tomorrow");
        assert!(f.validate_all(TODAY));
        assert_eq!(f.due_day(TODAY), Some(date!(2026 - 11 - 24)));
        f.due.set("1.12..5.12");
        assert!(!f.validate_all(TODAY));
        assert_eq!(f.focus, Field::Due);
        f.due.set("когда-нибудь");
        assert!(!f.validate_all(TODAY));
    }

    #[test]
    fn the_body_carries_what_was_filled_in() {
        let values = Values {
            title: "  Отчёт за ноябрь ".into(),
            project: Some(1),
            board: Some(10),
            column: Some(101),
            priority: Some(2),
            due: "01.12.2026".into(),
            assignees: vec!["u1".into()],
            tags: vec![3],
            description: "Первая строка\nвторая".into(),
        };
        let f = TaskForm::new(&values);
        assert_eq!(f.values(), values, "the draft round-trips");
        let t = f.to_new_task(TODAY);
        assert_eq!(t.title, "Отчёт за ноябрь");
        assert_eq!(t.project_id, Some(1));
        assert_eq!(t.board_column_id, Some(101));
        assert_eq!(t.priority, Some(Priority::High));
        assert_eq!(t.due_date, Some(date!(2026 - 12 - 01)));
        assert_eq!(t.tags, vec![3]);
        assert_eq!(
            t.description.as_deref(),
            Some("<p>Первая строка<br>вторая</p>")
        );
        let blank = TaskForm::new(&Values::titled(&Values::default(), "A")).to_new_task(TODAY);
        assert_eq!(blank.description, None, "a blank description is not sent");
        assert_eq!(blank.due_date, None);
    }

    #[test]
    fn service_keys_land_at_their_fields() {
        let mut f = TaskForm::new(&Values::default());
        let mut errors = FieldErrors::new();
        errors.insert(
            "locations.0.boardColumnId".into(),
            vec!["The selected board column id is invalid.".into()],
        );
        errors.insert("dueDate".into(), vec!["Not a date.".into()]);
        errors.insert("captcha".into(), vec!["Solve it.".into()]);
        let left = f.apply_service_errors(&errors);
        assert_eq!(
            f.errors[&Field::Column],
            "The selected board column id is invalid."
        );
        assert_eq!(f.errors[&Field::Due], "Not a date.");
        assert_eq!(left, vec!["captcha: Solve it."]);
        assert_eq!(f.focus, Field::Column);
        assert_eq!(field_for_key("projectId"), Some(Field::Project));
        assert_eq!(field_for_key("assignees.1"), Some(Field::Assignees));
    }

    #[test]
    fn focus_walks_every_field_and_stops_at_the_ends() {
        let mut f = TaskForm::new(&Values::default());
        assert_eq!(f.step(-1), Field::Title);
        assert_eq!(f.focus, Field::Title);
        for _ in 0..20 {
            f.step(1);
        }
        assert_eq!(f.focus, Field::Description);
    }
}
