//! A deal's fields as the outbox, the deal board's verbs and the deal form change them: its
//! status (where it sits on the funnel's board), its outcome (won, lost, archived, or open),
//! and what the form holds (title, amount, people, contacts, organizations, tags, custom
//! fields).

use serde::{Deserialize, Serialize};
use serde_json::Value;
use weeek_api::DealInput;
use weeek_api::models::{CustomFieldValue, Deal, WinStatus};

use super::sets::{Members, SetField};

/// One field of a deal set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", content = "value", rename_all = "camelCase")]
pub enum DealField {
    /// The status it is in, by id.
    Status(String),
    /// Won, lost, archived; `None`: open.
    Outcome(Option<WinStatus>),
    Title(String),
    Amount(Option<f64>),
    /// Member ids.
    Assignees(Vec<String>),
    Contacts(Vec<String>),
    Organizations(Vec<String>),
    Tags(Vec<i64>),
    /// A custom field's value as the service takes it (`null`: cleared).
    Custom {
        id: String,
        value: Value,
    },
}

/// A custom value as the service takes it: a choice by its id (the service answers with the
/// option as an object), a list of choices by theirs.
fn plain(v: &Value) -> Value {
    match v {
        Value::Object(o) => o
            .get("id")
            .cloned()
            .map_or_else(|| v.clone(), |id| plain(&id)),
        Value::Array(items) => Value::Array(items.iter().map(plain).collect()),
        other => other.clone(),
    }
}

impl SetField for DealField {
    fn members(&self) -> Option<Members<'_>> {
        match self {
            Self::Assignees(v) | Self::Contacts(v) | Self::Organizations(v) => {
                Some(Members::Text(v))
            }
            Self::Tags(v) => Some(Members::Ids(v)),
            _ => None,
        }
    }

    /// A custom field is one field per id.
    fn same_kind(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Custom { id: a, .. }, Self::Custom { id: b, .. }) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }

    fn same_plain(&self, other: &Self) -> bool {
        match (self, other) {
            (Self::Custom { value: x, .. }, Self::Custom { value: y, .. }) => plain(x) == plain(y),
            (a, b) => a == b,
        }
    }
}

impl DealField {
    /// The fields a save of the deal form sets (`input`: what changed), each on its own.
    pub fn of_input(input: &DealInput) -> Vec<DealField> {
        let mut out = Vec::new();
        if let Some(t) = &input.title {
            out.push(Self::Title(t.clone()));
        }
        if let Some(a) = input.amount {
            out.push(Self::Amount(a));
        }
        if let Some(a) = &input.assignees {
            out.push(Self::Assignees(a.clone()));
        }
        if let Some(c) = &input.contacts {
            out.push(Self::Contacts(c.clone()));
        }
        if let Some(o) = &input.organizations {
            out.push(Self::Organizations(o.clone()));
        }
        if let Some(t) = &input.tags {
            out.push(Self::Tags(t.clone()));
        }
        for (id, value) in input.custom_fields.iter().flatten() {
            out.push(Self::Custom {
                id: id.clone(),
                value: value.clone(),
            });
        }
        out
    }

    /// The body that sets this field with `PATCH /crm/deals/{id}` (not the status nor the
    /// outcome, which have calls of their own).
    pub fn input(&self) -> DealInput {
        let mut input = DealInput::default();
        match self {
            Self::Status(_) | Self::Outcome(_) => {}
            Self::Title(t) => input.title = Some(t.clone()),
            Self::Amount(a) => input.amount = Some(*a),
            Self::Assignees(a) => input.assignees = Some(a.clone()),
            Self::Contacts(c) => input.contacts = Some(c.clone()),
            Self::Organizations(o) => input.organizations = Some(o.clone()),
            Self::Tags(t) => input.tags = Some(t.clone()),
            Self::Custom { id, value } => {
                let mut map = serde_json::Map::new();
                map.insert(id.clone(), value.clone());
                input.custom_fields = Some(map);
            }
        }
        input
    }

    /// The same field's value on `deal` now.
    pub fn current(&self, deal: &Deal) -> DealField {
        match self {
            Self::Status(_) => Self::Status(deal.status_id.clone().unwrap_or_default()),
            Self::Outcome(_) => Self::Outcome(deal.win_status.clone()),
            Self::Title(_) => Self::Title(deal.title.clone().unwrap_or_default()),
            Self::Amount(_) => Self::Amount(deal.amount),
            Self::Assignees(_) => Self::Assignees(deal.assignees.clone()),
            Self::Contacts(_) => Self::Contacts(deal.contacts.clone()),
            Self::Organizations(_) => Self::Organizations(deal.organizations.clone()),
            Self::Tags(_) => Self::Tags(deal.tags.clone()),
            Self::Custom { id, .. } => Self::Custom {
                id: id.clone(),
                value: deal
                    .custom_fields
                    .iter()
                    .find(|c| c.id == *id)
                    .map_or(Value::Null, |c| plain(&c.value)),
            },
        }
    }

    /// Whether `other` holds the same value of the same field (lists as sets, a choice by
    /// its id).
    pub fn name(&self) -> &'static str {
        match self {
            Self::Status(_) => "status",
            Self::Outcome(_) => "outcome",
            Self::Title(_) => "title",
            Self::Amount(_) => "amount",
            Self::Assignees(_) => "people",
            Self::Contacts(_) => "contacts",
            Self::Organizations(_) => "organizations",
            Self::Tags(_) => "tags",
            Self::Custom { .. } => "custom field",
        }
    }

    /// Shows the change on a deal.
    pub fn apply(&self, deal: &mut Deal) {
        match self {
            Self::Status(s) => deal.status_id = Some(s.clone()),
            Self::Outcome(o) => deal.win_status = o.clone(),
            Self::Title(t) => deal.title = Some(t.clone()),
            Self::Amount(a) => deal.amount = *a,
            Self::Assignees(a) => deal.assignees = a.clone(),
            Self::Contacts(c) => deal.contacts = c.clone(),
            Self::Organizations(o) => deal.organizations = o.clone(),
            Self::Tags(t) => deal.tags = t.clone(),
            Self::Custom { id, value } => {
                match deal.custom_fields.iter_mut().find(|c| c.id == *id) {
                    Some(c) => c.value = value.clone(),
                    None => deal.custom_fields.push(CustomFieldValue {
                        id: id.clone(),
                        value: value.clone(),
                        ..Default::default()
                    }),
                }
            }
        }
    }

    /// The value in a few words; statuses are named by the caller.
    pub fn describe(&self) -> String {
        let many = |n: usize, one: &str, more: &str| match n {
            0 => "none".to_string(),
            1 => format!("1 {one}"),
            n => format!("{n} {more}"),
        };
        match self {
            Self::Status(s) => s.clone(),
            Self::Outcome(None) => "open".into(),
            Self::Outcome(Some(o)) => o.as_str().into(),
            Self::Title(t) => crate::text::quoted_full(t),
            Self::Amount(None) => "none".into(),
            Self::Amount(Some(a)) => crate::amounts::number(*a),
            Self::Assignees(a) => many(a.len(), "person", "people"),
            Self::Contacts(c) => many(c.len(), "contact", "contacts"),
            Self::Organizations(o) => many(o.len(), "organization", "organizations"),
            Self::Tags(t) => many(t.len(), "tag", "tags"),
            Self::Custom { value, .. } if value.is_null() => "none".into(),
            Self::Custom { value, .. } => match value {
                Value::String(s) => crate::text::quoted_full(s),
                other => other.to_string(),
            },
        }
    }
}

/// A new deal as shown before the service has it, under `key`, in `status`.
pub fn shown(key: String, status: &str, input: &DealInput, at: time::OffsetDateTime) -> Deal {
    let mut deal = Deal {
        id: key,
        status_id: Some(status.to_string()),
        description: input.description.clone().flatten(),
        win_status: input.win_status.clone().flatten(),
        created_at: Some(at),
        ..Default::default()
    };
    for f in DealField::of_input(input) {
        f.apply(&mut deal);
    }
    deal
}
