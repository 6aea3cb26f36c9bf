//! One custom field's input, for every place that edits custom fields (the deal form, the task
//! detail): which input fits the field's type, what typed text sends, and the ids an option,
//! a member or a contact value carries, whichever shape the service answers with.

use serde_json::Value;
use time::{Date, UtcOffset};
use weeek_api::CustomFieldKind;

/// How a custom field is entered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Text,
    Number,
    Date,
    Flag,
    /// One of the field's options.
    Option,
    /// Several of the field's options.
    Options,
    Member,
    Contact,
    /// Set by the people who approve, never typed: shown, not sent.
    ReadOnly,
}

/// Said when typed text is no number.
pub const NOT_A_NUMBER: &str = "a number, such as 12,5 or 1 200";

impl Input {
    /// The input of a field of `kind` (`None`: a type this app does not know, typed as text).
    pub fn of(kind: Option<CustomFieldKind>) -> Input {
        match kind {
            Some(CustomFieldKind::Text | CustomFieldKind::Link) | None => Input::Text,
            Some(CustomFieldKind::Number) => Input::Number,
            Some(CustomFieldKind::Datetime) => Input::Date,
            Some(CustomFieldKind::Boolean) => Input::Flag,
            Some(CustomFieldKind::Select) => Input::Option,
            Some(CustomFieldKind::Multiselect) => Input::Options,
            Some(CustomFieldKind::Member) => Input::Member,
            Some(CustomFieldKind::Contact) => Input::Contact,
            Some(CustomFieldKind::Approval) => Input::ReadOnly,
        }
    }

    /// The input of a field whose type the service names `name`.
    pub fn of_type(name: Option<&str>) -> Input {
        Input::of(name.and_then(CustomFieldKind::parse))
    }

    /// Entered as text (a text, a number, a day), not chosen.
    pub fn is_typed(self) -> bool {
        matches!(self, Input::Text | Input::Number | Input::Date)
    }

    /// What `text` typed in this input sends (`null` when empty); `Err` says why it cannot be
    /// sent. A number is read as people type it and sent whole when it is whole.
    // UNCERTAIN: the reference gives a datetime value as ISO 8601; a day alone is sent as
    // `yyyy-mm-dd`, the form task dates take, a time with the local offset.
    pub fn typed_value(self, text: &str, today: Date, offset: UtcOffset) -> Result<Value, String> {
        let text = text.trim();
        if text.is_empty() {
            return Ok(Value::Null);
        }
        match self {
            Input::Number => {
                let n = crate::amounts::parse_number(text).ok_or(NOT_A_NUMBER)?;
                serde_json::Number::from_f64(n)
                    .map(|n| match n.as_f64() {
                        Some(f) if f.fract() == 0.0 && f.abs() < 1e15 => Value::from(f as i64),
                        _ => Value::Number(n),
                    })
                    .ok_or_else(|| NOT_A_NUMBER.to_string())
            }
            Input::Date => {
                let m = crate::moment::parse_moment(text, today)?;
                Ok(Value::String(m.wire(offset)))
            }
            _ => Ok(Value::String(text.to_string())),
        }
    }
}

/// The id a value carries: the id itself, or an object's `id`.
pub fn value_id(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        Value::Object(o) => o.get("id").and_then(value_id),
        _ => None,
    }
}

/// The ids a value carries, one or several.
pub fn value_ids(v: &Value) -> Vec<String> {
    match v {
        Value::Array(items) => items.iter().filter_map(value_id).collect(),
        other => value_id(other).into_iter().collect(),
    }
}

/// Whether the service's value is the one sent, whatever shape it answers with (an option as
/// its id or as an object, a number as an integer or a float).
pub fn same_value(sent: &Value, have: &Value) -> bool {
    match (sent, have) {
        (a, b) if a == b => true,
        (Value::Null, Value::Array(v)) | (Value::Array(v), Value::Null) => v.is_empty(),
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::Number(a), Value::String(b)) => a.as_f64() == crate::amounts::parse_number(b),
        (Value::Bool(a), Value::Number(n)) => (n.as_i64() == Some(1)) == *a,
        (Value::String(a), Value::String(b)) if a.len() >= 10 && b.len() >= 10 => {
            // A day sent as `yyyy-mm-dd` may come back as a full timestamp; a day and time
            // may come back in another zone: the same instant is the same value.
            let utc = time::UtcOffset::UTC;
            match (
                crate::moment::read_value(a, utc),
                crate::moment::read_value(b, utc),
            ) {
                (Some(x), Some(y)) if x.time.is_some() && y.time.is_some() => x == y,
                _ => a.get(..10) == b.get(..10),
            }
        }
        (Value::Null, _) | (_, Value::Null) => false,
        (a, b) => {
            let (x, y) = (value_ids(a), value_ids(b));
            !x.is_empty() && x == y
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;
    use time::macros::date;

    use super::*;

    const TODAY: Date = date!(2026 - 11 - 21);

    fn typed(input: Input, text: &str) -> Result<Value, String> {
        input.typed_value(text, TODAY, UtcOffset::UTC)
    }

    #[test]
    fn each_type_gets_its_input_and_an_unknown_one_is_text() {
        assert_eq!(Input::of(None), Input::Text);
        assert_eq!(Input::of(Some(CustomFieldKind::Link)), Input::Text);
        assert_eq!(
            Input::of(Some(CustomFieldKind::Multiselect)),
            Input::Options
        );
        assert_eq!(Input::of(Some(CustomFieldKind::Approval)), Input::ReadOnly);
        assert!(Input::Date.is_typed() && !Input::Member.is_typed());
    }

    #[test]
    fn typed_text_sends_a_number_a_day_or_the_text_and_nothing_clears() {
        assert_eq!(typed(Input::Number, "1 200"), Ok(json!(1200)));
        assert_eq!(typed(Input::Number, "12,5"), Ok(json!(12.5)));
        assert_eq!(typed(Input::Number, "двенадцать"), Err(NOT_A_NUMBER.into()));
        assert_eq!(typed(Input::Date, "01.12.2026"), Ok(json!("2026-12-01")));
        assert!(typed(Input::Date, "когда-нибудь").is_err());
        assert_eq!(typed(Input::Text, "  Сайт "), Ok(json!("Сайт")));
        assert_eq!(typed(Input::Number, "  "), Ok(Value::Null));
    }

    #[test]
    fn ids_are_read_from_either_shape() {
        assert_eq!(value_id(&json!("o1")), Some("o1".into()));
        assert_eq!(value_id(&json!({"id": 7, "name": "x"})), Some("7".into()));
        assert_eq!(value_id(&json!("")), None);
        assert_eq!(value_ids(&json!(["a", {"id": "b"}])), ["a", "b"]);
        assert_eq!(value_ids(&json!(null)), Vec::<String>::new());
    }
}
