//! The deal form (`n` new in the focused status, `e` the deal under the cursor): its values,
//! the focused field, and the checks run on leaving a field and on save. A new deal sends what
//! is filled in; an edit sends only what changed. The funnel's custom fields get an input that
//! fits their type: typed text, a number, a date, a yes/no, or a choice among options, members
//! or contacts.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use time::Date;
use weeek_api::models::{CustomField, Deal};
use weeek_api::{DealInput, FieldErrors};

use crate::amounts::parse_number;
use crate::widgets::field::TextField;

/// The service's limit on a deal title, in characters.
pub const TITLE_MAX_CHARS: usize = 255;

/// A place in the form; custom fields by their position in the funnel's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DealField {
    Title,
    Amount,
    Assignees,
    Contacts,
    Organizations,
    Tags,
    Custom(usize),
}

/// A chosen contact or organization; the name travels with the id so a restored draft shows
/// names before the lists have loaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    pub id: String,
    pub name: String,
}

/// The value of one custom field, as the form and the draft keep it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "camelCase")]
pub enum CustomValue {
    /// Text, link, number and date fields: what was typed.
    Typed(String),
    Flag(Option<bool>),
    /// A select (an option id), a member or a contact.
    One(Option<Named>),
    /// A multiselect: option ids.
    Many(Vec<Named>),
}

/// Everything the form holds, as plain values: what the draft stores and edits compare.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Values {
    pub title: String,
    pub amount: String,
    pub assignees: Vec<String>,
    pub contacts: Vec<Named>,
    pub organizations: Vec<Named>,
    pub tags: Vec<i64>,
    /// By field id.
    pub custom: BTreeMap<String, CustomValue>,
}

pub use crate::screen::custom_input::Input;
use crate::screen::custom_input::value_id;

/// A number as the form shows it for editing: as the rest of the app shows numbers
/// (`1 250 000,50`), which `parse_number` reads back.
fn number_text(n: f64) -> String {
    crate::amounts::number(n)
}

pub use crate::date_input::parse_day as parse_date;

#[derive(Debug, Clone)]
pub struct DealForm {
    /// The funnel's custom fields, in its order.
    pub fields: Vec<CustomField>,
    pub title: TextField,
    pub amount: TextField,
    pub assignees: Vec<String>,
    pub contacts: Vec<Named>,
    pub organizations: Vec<Named>,
    pub tags: Vec<i64>,
    /// The typed custom fields' inputs, by field id.
    pub typed: BTreeMap<String, TextField>,
    /// The other custom fields' values, by field id.
    pub chosen: BTreeMap<String, CustomValue>,
    pub focus: DealField,
    pub errors: BTreeMap<DealField, String>,
    /// Fields typed in: only these are checked on leaving.
    pub touched: BTreeSet<DealField>,
    /// The local offset from UTC: a time typed in a datetime field is in it.
    pub offset: time::UtcOffset,
}

impl DealForm {
    /// A form holding `values`, for a funnel with `fields`.
    pub fn new(fields: Vec<CustomField>, values: &Values) -> Self {
        let mut typed = BTreeMap::new();
        let mut chosen = BTreeMap::new();
        for f in &fields {
            let value = values.custom.get(&f.id);
            let input = Input::of(f.kind());
            if input.is_typed() {
                let text = match value {
                    Some(CustomValue::Typed(t)) => t.clone(),
                    _ => String::new(),
                };
                typed.insert(f.id.clone(), TextField::with_value(text));
            } else if let Some(v) = value {
                chosen.insert(f.id.clone(), v.clone());
            }
        }
        Self {
            fields,
            title: TextField::with_value(&values.title),
            amount: TextField::with_value(&values.amount),
            assignees: values.assignees.clone(),
            contacts: values.contacts.clone(),
            organizations: values.organizations.clone(),
            tags: values.tags.clone(),
            typed,
            chosen,
            focus: DealField::Title,
            errors: BTreeMap::new(),
            touched: BTreeSet::new(),
            offset: time::UtcOffset::UTC,
        }
    }

    /// The text fields hold what was typed before (a draft): none is selected, typing goes
    /// on where it ended.
    pub fn keep_typed(&mut self) {
        let fields = [&mut self.title, &mut self.amount]
            .into_iter()
            .chain(self.typed.values_mut());
        for f in fields {
            let value = f.value().to_string();
            f.set(value);
        }
    }

    /// The places in order.
    pub fn places(&self) -> Vec<DealField> {
        let mut out = vec![
            DealField::Title,
            DealField::Amount,
            DealField::Assignees,
            DealField::Contacts,
            DealField::Organizations,
            DealField::Tags,
        ];
        out.extend((0..self.fields.len()).map(DealField::Custom));
        out
    }

    pub fn input(&self, f: DealField) -> Option<Input> {
        match f {
            DealField::Title => Some(Input::Text),
            DealField::Amount => Some(Input::Number),
            DealField::Custom(i) => self.fields.get(i).map(|f| Input::of(f.kind())),
            _ => None,
        }
    }

    pub fn is_typed(&self, f: DealField) -> bool {
        self.input(f).is_some_and(Input::is_typed)
    }

    pub fn text(&self, f: DealField) -> Option<&TextField> {
        match f {
            DealField::Title => Some(&self.title),
            DealField::Amount => Some(&self.amount),
            DealField::Custom(i) => self.typed.get(&self.fields.get(i)?.id),
            _ => None,
        }
    }

    pub fn text_mut(&mut self, f: DealField) -> Option<&mut TextField> {
        match f {
            DealField::Title => Some(&mut self.title),
            DealField::Amount => Some(&mut self.amount),
            DealField::Custom(i) => {
                let id = self.fields.get(i)?.id.clone();
                self.typed.get_mut(&id)
            }
            _ => None,
        }
    }

    pub fn values(&self) -> Values {
        let mut custom = BTreeMap::new();
        for (id, t) in &self.typed {
            if !t.value().trim().is_empty() {
                custom.insert(id.clone(), CustomValue::Typed(t.value().to_string()));
            }
        }
        for (id, v) in &self.chosen {
            let empty = matches!(v, CustomValue::Flag(None) | CustomValue::One(None))
                || matches!(v, CustomValue::Many(m) if m.is_empty());
            if !empty {
                custom.insert(id.clone(), v.clone());
            }
        }
        Values {
            title: self.title.value().to_string(),
            amount: self.amount.value().to_string(),
            assignees: self.assignees.clone(),
            contacts: self.contacts.clone(),
            organizations: self.organizations.clone(),
            tags: self.tags.clone(),
            custom,
        }
    }

    /// The problem with one field as it stands, if any.
    pub fn check(&self, f: DealField, today: Date) -> Option<String> {
        let value = self.text(f)?.value().trim();
        match (f, self.input(f)?) {
            (DealField::Title, _) if value.is_empty() => Some("required".into()),
            (DealField::Title, _) if value.chars().count() > TITLE_MAX_CHARS => Some(format!(
                "at most {TITLE_MAX_CHARS} characters ({} now)",
                value.chars().count()
            )),
            (_, _) if value.is_empty() => None,
            (DealField::Amount, _) => match parse_number(value) {
                // No-break spaces: a wrapped message keeps the number whole.
                None => Some("a number, such as 1\u{a0}200\u{a0}000,50".into()),
                Some(n) if n < 0.0 => Some("must not be negative".into()),
                Some(_) => None,
            },
            (_, input) => input.typed_value(value, today, self.offset).err(),
        }
    }

    pub fn validate_field(&mut self, f: DealField, today: Date) {
        match self.check(f, today) {
            Some(m) => self.errors.insert(f, m),
            None => self.errors.remove(&f),
        };
    }

    /// Checks `f` on leaving it, when it was typed in or already shows a message.
    pub fn leave(&mut self, f: DealField, today: Date) {
        if self.touched.contains(&f) || self.errors.contains_key(&f) {
            self.validate_field(f, today);
        }
    }

    /// While typing, a shown message follows the value, but no new one appears.
    pub fn revalidate_shown(&mut self, f: DealField, today: Date) {
        if self.errors.contains_key(&f) {
            self.validate_field(f, today);
        }
    }

    /// Checks every field (save). True when the form can be sent; otherwise the focus is on
    /// the first field with a message.
    pub fn validate_all(&mut self, today: Date) -> bool {
        self.errors.clear();
        for f in self.places() {
            if let Some(m) = self.check(f, today) {
                self.errors.insert(f, m);
            }
        }
        self.focus_first_error();
        self.errors.is_empty()
    }

    fn focus_first_error(&mut self) {
        if let Some(f) = self
            .places()
            .into_iter()
            .find(|f| self.errors.contains_key(f))
        {
            self.focus = f;
        }
    }

    /// Moves the focus by `delta` places (no wrapping). Returns the place left.
    pub fn step(&mut self, delta: isize) -> DealField {
        let places = self.places();
        let at = places.iter().position(|f| *f == self.focus).unwrap_or(0) as isize;
        let to = (at + delta).clamp(0, places.len() as isize - 1) as usize;
        let left = self.focus;
        self.focus = places[to];
        left
    }

    /// One custom value as the service takes it (`null` clears it, and a typed value that
    /// does not read: the form's checks stop it before it is sent).
    fn wire_value(&self, field: &CustomField, value: Option<&CustomValue>, today: Date) -> Value {
        match value {
            None => Value::Null,
            Some(CustomValue::Typed(t)) => Input::of(field.kind())
                .typed_value(t, today, self.offset)
                .unwrap_or(Value::Null),
            Some(CustomValue::Flag(b)) => b.map_or(Value::Null, Value::Bool),
            Some(CustomValue::One(n)) => n
                .as_ref()
                .map_or(Value::Null, |n| Value::String(n.id.clone())),
            Some(CustomValue::Many(items)) => {
                Value::Array(items.iter().map(|n| Value::String(n.id.clone())).collect())
            }
        }
    }

    /// The body that makes a deal of `before` into this form (`before`: the values the form
    /// started from; empty for a new deal, where only what is filled in is sent).
    pub fn to_input(&self, before: &Values, today: Date) -> DealInput {
        let now = self.values();
        let mut input = DealInput::default();
        if now.title.trim() != before.title.trim() {
            input.title = Some(now.title.trim().to_string());
        }
        let amount = |s: &str| parse_number(s.trim());
        if amount(&now.amount) != amount(&before.amount) {
            input.amount = Some(amount(&now.amount));
        }
        if now.assignees != before.assignees {
            input.assignees = Some(now.assignees.clone());
        }
        let ids = |v: &[Named]| v.iter().map(|n| n.id.clone()).collect::<Vec<_>>();
        if ids(&now.contacts) != ids(&before.contacts) {
            input.contacts = Some(ids(&now.contacts));
        }
        if ids(&now.organizations) != ids(&before.organizations) {
            input.organizations = Some(ids(&now.organizations));
        }
        if now.tags != before.tags {
            input.tags = Some(now.tags.clone());
        }
        let mut custom = Map::new();
        for f in self
            .fields
            .iter()
            .filter(|f| Input::of(f.kind()) != Input::ReadOnly)
        {
            let (a, b) = (now.custom.get(&f.id), before.custom.get(&f.id));
            if a != b {
                custom.insert(f.id.clone(), self.wire_value(f, a, today));
            }
        }
        if !custom.is_empty() {
            input.custom_fields = Some(custom);
        }
        input
    }

    /// Puts the service's field errors at their fields. Returns the messages that belong to
    /// no field of the form.
    pub fn apply_service_errors(&mut self, fields: &FieldErrors) -> Vec<String> {
        let mut errors = std::mem::take(&mut self.errors);
        let leftovers =
            crate::screen::form_errors::place(&mut errors, fields, |k| self.field_for_key(k));
        self.errors = errors;
        self.focus_first_error();
        leftovers
    }

    /// The form field a service key (`title`, `contacts.0`, `customFields.<id>`) names.
    pub fn field_for_key(&self, key: &str) -> Option<DealField> {
        let mut parts = key.split('.');
        Some(match parts.next()? {
            "title" => DealField::Title,
            "amount" => DealField::Amount,
            "assignees" => DealField::Assignees,
            "contacts" => DealField::Contacts,
            "organizations" => DealField::Organizations,
            "tags" => DealField::Tags,
            "customFields" => {
                let id = parts.next()?;
                DealField::Custom(self.fields.iter().position(|f| f.id == id)?)
            }
            _ => return None,
        })
    }
}

impl Values {
    /// What a deal holds, in the form's terms; names of contacts and organizations from
    /// `name_of` (the lists may not have them yet).
    pub fn of_deal(
        deal: &Deal,
        fields: &[CustomField],
        (contact, organization): (impl Fn(&str) -> String, impl Fn(&str) -> String),
        offset: time::UtcOffset,
    ) -> Values {
        let named = |ids: &[String], f: &dyn Fn(&str) -> String| {
            ids.iter()
                .map(|id| Named {
                    id: id.clone(),
                    name: f(id),
                })
                .collect()
        };
        let mut custom = BTreeMap::new();
        for f in fields {
            let Some(v) = deal.custom_fields.iter().find(|v| v.id == f.id) else {
                continue;
            };
            if let Some(value) = custom_value(f, &v.value, &contact, offset) {
                custom.insert(f.id.clone(), value);
            }
        }
        Values {
            title: deal.title.clone().unwrap_or_default(),
            amount: deal.amount.map(number_text).unwrap_or_default(),
            assignees: deal.assignees.clone(),
            contacts: named(&deal.contacts, &contact),
            organizations: named(&deal.organizations, &organization),
            tags: deal.tags.clone(),
            custom,
        }
    }

    /// Anything typed or chosen.
    pub fn has_input(&self) -> bool {
        *self != Values::default()
    }
}

fn custom_value(
    field: &CustomField,
    v: &Value,
    contact: &impl Fn(&str) -> String,
    offset: time::UtcOffset,
) -> Option<CustomValue> {
    if v.is_null() {
        return None;
    }
    let option = |id: String| {
        let name = field
            .options
            .iter()
            .find(|o| o.id == id)
            .and_then(|o| o.name.clone())
            .unwrap_or_else(|| crate::screen::names::short_id(&id));
        Named { id, name }
    };
    Some(match Input::of(field.kind()) {
        Input::Text | Input::ReadOnly => match v {
            Value::String(s) => CustomValue::Typed(s.clone()),
            other => CustomValue::Typed(other.to_string()),
        },
        Input::Number => CustomValue::Typed(match v {
            Value::Number(n) => n.as_f64().map(number_text).unwrap_or_default(),
            Value::String(s) => s.clone(),
            _ => return None,
        }),
        Input::Date => CustomValue::Typed(crate::moment::value_text(v.as_str()?, offset)),
        Input::Flag => CustomValue::Flag(Some(match v {
            Value::Bool(b) => *b,
            Value::Number(n) => n.as_i64() == Some(1),
            Value::String(s) => s == "1" || s == "true",
            _ => return None,
        })),
        Input::Option => CustomValue::One(Some(option(value_id(v)?))),
        Input::Options => CustomValue::Many(match v {
            Value::Array(items) => items.iter().filter_map(value_id).map(option).collect(),
            other => vec![option(value_id(other)?)],
        }),
        Input::Member => CustomValue::One(Some(Named {
            id: value_id(v)?,
            name: String::new(),
        })),
        Input::Contact => {
            let id = value_id(v)?;
            CustomValue::One(Some(Named {
                name: contact(&id),
                id,
            }))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use time::macros::date;
    use weeek_api::models::{CustomFieldOption, CustomFieldValue};

    const TODAY: Date = date!(2026 - 11 - 23);

    fn field(id: &str, kind: &str) -> CustomField {
        CustomField {
            id: id.into(),
            name: Some(id.into()),
            r#type: Some(kind.into()),
            options: vec![CustomFieldOption {
                id: "o1".into(),
                name: Some("Один".into()),
                color: None,
            }],
            ..Default::default()
        }
    }

    fn fields() -> Vec<CustomField> {
        vec![
            field("n", "number"),
            field("s", "select"),
            field("m", "multiselect"),
            field("b", "boolean"),
            field("d", "datetime"),
        ]
    }

    #[test]
    fn a_deal_reads_into_the_form_whatever_shape_its_values_have() {
        let deal = Deal {
            title: Some("Сделка".into()),
            amount: Some(1500.0),
            custom_fields: vec![
                CustomFieldValue {
                    id: "n".into(),
                    value: json!(12.5),
                    ..Default::default()
                },
                CustomFieldValue {
                    id: "s".into(),
                    value: json!({"id": "o1", "name": "Один"}),
                    ..Default::default()
                },
                CustomFieldValue {
                    id: "m".into(),
                    value: json!(["o1"]),
                    ..Default::default()
                },
                CustomFieldValue {
                    id: "b".into(),
                    value: json!(1),
                    ..Default::default()
                },
                CustomFieldValue {
                    id: "d".into(),
                    value: json!("2026-12-01T00:00:00Z"),
                    ..Default::default()
                },
            ],
            ..Default::default()
        };
        let v = Values::of_deal(
            &deal,
            &fields(),
            (|id: &str| id.into(), |id: &str| id.into()),
            time::UtcOffset::UTC,
        );
        assert_eq!(v.amount, "1 500", "as the board shows it");
        assert_eq!(v.custom["n"], CustomValue::Typed("12,50".into()));
        let one = Named {
            id: "o1".into(),
            name: "Один".into(),
        };
        assert_eq!(v.custom["s"], CustomValue::One(Some(one.clone())));
        assert_eq!(v.custom["m"], CustomValue::Many(vec![one]));
        assert_eq!(v.custom["b"], CustomValue::Flag(Some(true)));
        assert_eq!(v.custom["d"], CustomValue::Typed("01.12.2026".into()));
    }

    #[test]
    fn an_edit_sends_what_changed_and_null_for_what_was_cleared() {
        let mut before = Values {
            title: "Сделка".into(),
            amount: "1500".into(),
            tags: vec![1],
            ..Default::default()
        };
        before
            .custom
            .insert("n".into(), CustomValue::Typed("3".into()));
        let mut form = DealForm::new(fields(), &before);
        assert_eq!(form.to_input(&before, TODAY), DealInput::default());
        form.amount.set("");
        form.typed.get_mut("n").unwrap().set("");
        form.typed.get_mut("d").unwrap().set("01.12.2026");
        let input = form.to_input(&before, TODAY);
        assert_eq!(input.amount, Some(None), "cleared");
        assert_eq!(input.title, None);
        assert_eq!(input.tags, None);
        assert_eq!(
            Value::Object(input.custom_fields.unwrap()),
            json!({"n": null, "d": "2026-12-01"})
        );
    }

    #[test]
    fn a_datetime_field_takes_a_time_and_a_value_as_shown_reads_back_unchanged() {
        let deal = Deal {
            amount: Some(1_250_000.5),
            custom_fields: vec![CustomFieldValue {
                id: "d".into(),
                value: json!("2026-11-27T11:00:00Z"),
                ..Default::default()
            }],
            ..Default::default()
        };
        let plus3 = time::UtcOffset::from_hms(3, 0, 0).unwrap();
        let before = Values::of_deal(
            &deal,
            &fields(),
            (|id: &str| id.into(), |id: &str| id.into()),
            plus3,
        );
        assert_eq!(before.amount, "1 250 000,50");
        assert_eq!(
            before.custom["d"],
            CustomValue::Typed("27.11.2026 14:00".into())
        );
        let mut form = DealForm {
            offset: plus3,
            ..DealForm::new(fields(), &before)
        };
        assert_eq!(form.to_input(&before, TODAY), DealInput::default());
        form.amount.set("1250000.5");
        assert_eq!(
            form.to_input(&before, TODAY),
            DealInput::default(),
            "either form reads"
        );
        form.typed.get_mut("d").unwrap().set("tomorrow 9:30");
        assert_eq!(form.check(DealField::Custom(4), TODAY), None);
        let input = form.to_input(&before, TODAY);
        assert_eq!(
            Value::Object(input.custom_fields.unwrap()),
            json!({"d": "2026-11-24T09:30:00+03:00"})
        );
    }

    #[test]
    fn checks_say_what_is_wrong() {
        let mut form = DealForm::new(fields(), &Values::default());
        form.title.set("Ж".repeat(256));
        form.typed.get_mut("d").unwrap().set("в прошлую пятницу");
        form.typed.get_mut("n").unwrap().set("двенадцать");
        assert!(!form.validate_all(TODAY));
        assert!(form.errors[&DealField::Title].contains("255"));
        assert!(form.errors.contains_key(&DealField::Custom(0)));
        assert!(form.errors.contains_key(&DealField::Custom(4)));
        assert_eq!(form.focus, DealField::Title);
        assert_eq!(
            form.field_for_key("customFields.d"),
            Some(DealField::Custom(4))
        );
        assert_eq!(form.field_for_key("contacts.0"), Some(DealField::Contacts));
        assert_eq!(form.field_for_key("captcha"), None);
    }
}
