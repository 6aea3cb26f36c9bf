//! Tolerant decoding helpers.
//!
//! The service has changed its shapes several times and still sends old and new fields side by
//! side; some values arrive as `null` where the docs promise arrays, booleans sometimes arrive as
//! `0`/`1`, ids occasionally as numeric strings. These helpers accept every form seen in the
//! reference instead of failing a whole page because of one odd value.
//!
//! A value in none of those forms (a priority of 9, an amount of "abc", a flag of "maybe") is
//! still read as empty, but not silently: it is noted while a list's row is read (see
//! [`noting`]), and the row's reader then finds which field held it (see [`strictly`]).

use std::cell::{Cell, RefCell};

use serde::{Deserialize, Deserializer};
use serde_json::Value;
use time::{Date, OffsetDateTime, PrimitiveDateTime, format_description::well_known::Rfc3339};

use crate::dates;

thread_local! {
    /// What the row being read held that no form takes, as "“maybe” is not a yes or no".
    /// `None` while nothing is listening (a single record read).
    static NOTED: RefCell<Option<Vec<String>>> = const { RefCell::new(None) };
    /// Set while a row is read again to find where its odd values are: each is an error.
    static STRICT: Cell<bool> = const { Cell::new(false) };
}

/// Runs `read` (one synchronous decode) and returns what it noted as malformed, in the order
/// the values were met.
pub(crate) fn noting<T>(read: impl FnOnce() -> T) -> (T, Vec<String>) {
    let outer = NOTED.with(|n| n.replace(Some(Vec::new())));
    let value = read();
    let noted = NOTED.with(|n| n.replace(outer)).unwrap_or_default();
    (value, noted)
}

/// Runs `read` with every malformed value an error, so that a path-tracking decode names its
/// field.
pub(crate) fn strictly<T>(read: impl FnOnce() -> T) -> T {
    let outer = STRICT.with(|s| s.replace(true));
    let value = read();
    STRICT.with(|s| s.set(outer));
    value
}

/// `value` is not `expected`: it is read as empty and noted, or is an error in [`strictly`].
pub(crate) fn malformed<E: serde::de::Error>(value: &Value, expected: &str) -> Result<(), E> {
    let text = format!("{} is not {expected}", shown(value));
    if STRICT.with(Cell::get) {
        return Err(E::custom(text));
    }
    NOTED.with(|n| {
        if let Some(noted) = n.borrow_mut().as_mut() {
            noted.push(text);
        }
    });
    Ok(())
}

/// A value as a message quotes it: strings in quotes, long ones cut.
fn shown(value: &Value) -> String {
    let text = match value {
        Value::String(s) => format!("“{s}”"),
        other => other.to_string(),
    };
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// No value: `null`, or text with nothing in it.
pub(crate) fn blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        _ => false,
    }
}

/// `null` (or a missing key, with `#[serde(default)]`) becomes the type's default.
pub fn null_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A boolean sent as `true`/`false`, `1`/`0` or `"1"`/`"0"`; `null` is `false`, and so is
/// anything else (noted as malformed).
pub fn flag<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    let v = Value::deserialize(d)?;
    Ok(match &v {
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "1" | "true" => true,
            "0" | "false" | "" => false,
            _ => {
                malformed(&v, "a yes or no")?;
                false
            }
        },
        Value::Null => false,
        _ => {
            malformed(&v, "a yes or no")?;
            false
        }
    })
}

pub(crate) fn value_as_i64(v: &Value) -> Option<i64> {
    match v {
        Value::Number(n) => n.as_i64().or_else(|| n.as_f64().map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

pub(crate) fn value_as_f64(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().replace(',', ".").parse().ok(),
        _ => None,
    }
}

/// An integer that may arrive as a number or a numeric string; anything else is `None`
/// (noted as malformed unless it is blank).
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    let v = Value::deserialize(d)?;
    let n = value_as_i64(&v);
    if n.is_none() && !blank(&v) {
        malformed(&v, "a whole number")?;
    }
    Ok(n)
}

/// Like [`opt_i64`] but `0` when absent or unreadable (ids that are always present).
pub fn i64_or_zero<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    Ok(opt_i64(d)?.unwrap_or(0))
}

/// A number (amounts are doubles, sometimes strings); `None` when absent or unreadable (noted
/// as malformed unless it is blank).
pub fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let v = Value::deserialize(d)?;
    let n = value_as_f64(&v);
    if n.is_none() && !blank(&v) {
        malformed(&v, "a number")?;
    }
    Ok(n)
}

/// A list of integer ids; non-integer items are skipped rather than failing the record.
pub fn i64_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items.iter().filter_map(value_as_i64).collect(),
        _ => Vec::new(),
    })
}

/// A list of string ids (UUIDs, slugs); numbers are turned into strings, nulls skipped.
pub fn string_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|v| match v {
                Value::String(s) => Some(s),
                Value::Number(n) => Some(n.to_string()),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    })
}

/// An id that is a string on the wire but has been seen as a number too.
pub fn string_id<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::String(s) => s,
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    })
}

/// A calendar date in `Y-m-d` (current fields) or `dd.mm.yyyy` (legacy fields); an ISO
/// date-time is cut to its date. Unreadable values become `None` instead of an error.
pub fn opt_date<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Date>, D::Error> {
    let v = Value::deserialize(d)?;
    let day = match &v {
        Value::String(s) => dates::parse_wire_date(s),
        _ => None,
    };
    if day.is_none() && !blank(&v) {
        malformed(&v, "a date")?;
    }
    Ok(day)
}

/// An ISO 8601 date-time; also `Y-m-d H:i:s` (read as UTC), which older answers used.
pub fn opt_datetime<'de, D: Deserializer<'de>>(d: D) -> Result<Option<OffsetDateTime>, D::Error> {
    let v = Value::deserialize(d)?;
    let at = match &v {
        Value::String(s) => parse_datetime(s),
        _ => None,
    };
    if at.is_none() && !blank(&v) {
        malformed(&v, "a date and time")?;
    }
    Ok(at)
}

pub(crate) fn parse_datetime(s: &str) -> Option<OffsetDateTime> {
    let s = s.trim();
    if let Ok(t) = OffsetDateTime::parse(s, &Rfc3339) {
        return Some(t);
    }
    let naive = time::macros::format_description!(
        "[year]-[month]-[day][first [T] [ ]][hour]:[minute]:[second]"
    );
    PrimitiveDateTime::parse(s.trim_end_matches('Z'), naive)
        .ok()
        .map(PrimitiveDateTime::assume_utc)
}

/// Any JSON value, with `null` kept as `Value::Null` (custom-field values are free-form).
pub fn any<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    Value::deserialize(d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Probe {
        #[serde(deserialize_with = "flag")]
        b: bool,
        #[serde(deserialize_with = "i64_list")]
        ids: Vec<i64>,
        #[serde(deserialize_with = "opt_date")]
        day: Option<Date>,
        #[serde(deserialize_with = "opt_datetime")]
        at: Option<OffsetDateTime>,
        #[serde(deserialize_with = "null_default")]
        names: Vec<String>,
    }

    #[test]
    fn tolerant_forms_are_accepted() {
        let p: Probe = serde_json::from_str(
            r#"{"b":1,"ids":[1,"2",null,"x"],"day":"05.10.2022","at":"2022-10-05 12:30:00","names":null}"#,
        )
        .unwrap();
        assert!(p.b);
        assert_eq!(p.ids, vec![1, 2]);
        assert_eq!(p.day, Some(time::macros::date!(2022 - 10 - 05)));
        assert_eq!(p.at.unwrap().hour(), 12);
        assert!(p.names.is_empty());
    }

    #[test]
    fn odd_values_become_empty_not_errors() {
        let p: Probe =
            serde_json::from_str(r#"{"b":null,"ids":null,"day":"soon","at":17}"#).unwrap();
        assert!(!p.b);
        assert!(p.ids.is_empty());
        assert_eq!(p.day, None);
        assert_eq!(p.at, None);
    }

    #[test]
    fn odd_values_are_noted_and_strictly_are_errors() {
        let odd = r#"{"b":"maybe","day":"soon","at":17}"#;
        let (p, noted) = noting(|| serde_json::from_str::<Probe>(odd));
        assert!(!p.unwrap().b);
        assert_eq!(
            noted,
            [
                "“maybe” is not a yes or no",
                "“soon” is not a date",
                "17 is not a date and time"
            ]
        );
        let e = strictly(|| serde_json::from_str::<Probe>(odd))
            .err()
            .unwrap();
        assert!(e.to_string().contains("“maybe” is not a yes or no"), "{e}");
        // Blank and tolerant forms are not malformed; nothing listens outside `noting`.
        let fine = r#"{"b":"0","day":"","at":null,"ids":[1,"2"]}"#;
        let (_, noted) = noting(|| serde_json::from_str::<Probe>(fine).unwrap());
        assert!(noted.is_empty(), "{noted:?}");
        assert!(strictly(|| serde_json::from_str::<Probe>(fine)).is_ok());
        assert!(serde_json::from_str::<Probe>(odd).is_ok());
    }
}
