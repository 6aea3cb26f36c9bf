//! Reading CRM request bodies the way the service validates them: one helper per kind of field,
//! each reporting into an [`Invalid`] with Laravel's wording.

use rusqlite::Connection;
use serde_json::{Map, Value};

use crate::validate::{self, Invalid};
use crate::wire::{value_bool, value_int};

pub type Body = Map<String, Value>;

/// Names and titles of CRM records hold at most this many characters.
pub const NAME_MAX: usize = 255;

/// An optional text field: absent → `None`; `null` or blank → `Some(None)`; otherwise the
/// trimmed text, at most `max` characters (characters, not bytes).
pub fn text(body: &Body, key: &str, max: usize, invalid: &mut Invalid) -> Option<Option<String>> {
    match body.get(key)? {
        Value::Null => Some(None),
        Value::String(s) => {
            let s = s.trim();
            if s.is_empty() {
                Some(None)
            } else if s.chars().count() > max {
                invalid.add(key, validate::max_chars(key, max));
                None
            } else {
                Some(Some(s.to_owned()))
            }
        }
        _ => {
            invalid.add(key, validate::string(key));
            None
        }
    }
}

/// A text field that must be present and not blank.
pub fn required_text(body: &Body, key: &str, max: usize, invalid: &mut Invalid) -> Option<String> {
    match text(body, key, max, invalid) {
        Some(Some(s)) => Some(s),
        Some(None) | None => {
            if !invalid.has(key) {
                invalid.add(key, validate::required(key));
            }
            None
        }
    }
}

/// A required string id that must name an existing record.
pub fn required_ref(
    conn: &Connection,
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    exists: impl Fn(&Connection, &str) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<String>> {
    Ok(match body.get(key) {
        None | Some(Value::Null) => {
            invalid.add(key, validate::required(key));
            None
        }
        Some(Value::String(s)) if s.trim().is_empty() => {
            invalid.add(key, validate::required(key));
            None
        }
        Some(Value::String(s)) => {
            if exists(conn, s)? {
                Some(s.clone())
            } else {
                invalid.add(key, validate::selected_invalid(key));
                None
            }
        }
        Some(_) => {
            invalid.add(key, validate::string(key));
            None
        }
    })
}

/// A required integer id that must name an existing record.
pub fn required_int_ref(
    conn: &Connection,
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    exists: impl Fn(&Connection, i64) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<i64>> {
    Ok(match body.get(key) {
        None | Some(Value::Null) => {
            invalid.add(key, validate::required(key));
            None
        }
        Some(value) => match value_int(value) {
            Some(id) if exists(conn, id)? => Some(id),
            Some(_) => {
                invalid.add(key, validate::selected_invalid(key));
                None
            }
            None => {
                invalid.add(key, validate::integer(key));
                None
            }
        },
    })
}

/// An optional nullable string id of a record in the same list (`previousDealId`, …): absent
/// or `null` → `None`; an unknown one is reported.
pub fn optional_ref(
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    known: impl Fn(&str) -> bool,
) -> Option<String> {
    match body.get(key) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if known(s) => Some(s.clone()),
        Some(Value::String(_)) => {
            invalid.add(key, validate::selected_invalid(key));
            None
        }
        Some(_) => {
            invalid.add(key, validate::string(key));
            None
        }
    }
}

/// An optional nullable number (amounts): absent → `None`, `null` → `Some(None)`; numeric
/// strings are read as numbers, as Laravel's `numeric` does.
pub fn number(body: &Body, key: &str, invalid: &mut Invalid) -> Option<Option<f64>> {
    match body.get(key)? {
        Value::Null => Some(None),
        Value::Number(n) => n.as_f64().map(Some),
        Value::String(s) if s.trim().is_empty() => Some(None),
        Value::String(s) => match s.trim().parse::<f64>() {
            Ok(n) if n.is_finite() => Some(Some(n)),
            _ => {
                invalid.add(key, validate::numeric(key));
                None
            }
        },
        _ => {
            invalid.add(key, validate::numeric(key));
            None
        }
    }
}

/// An optional boolean (`true`/`false`, `1`/`0`).
pub fn boolean(body: &Body, key: &str, invalid: &mut Invalid) -> Option<bool> {
    let value = body.get(key).filter(|v| !v.is_null())?;
    match value_bool(value) {
        Some(b) => Some(b),
        None => {
            invalid.add(key, validate::boolean(key));
            None
        }
    }
}

/// An array of string ids that must each exist: absent → `None`, `null` → empty; bad items are
/// reported as `key.N`, duplicates dropped.
pub fn string_refs(
    conn: &Connection,
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    exists: impl Fn(&Connection, &str) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<Vec<String>>> {
    let items = match body.get(key) {
        None => return Ok(None),
        Some(Value::Null) => return Ok(Some(Vec::new())),
        Some(Value::Array(items)) => items,
        Some(_) => {
            invalid.add(key, validate::array(key));
            return Ok(None);
        }
    };
    let mut out: Vec<String> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("{key}.{i}");
        match item.as_str() {
            Some(id) if exists(conn, id)? => {
                if !out.iter().any(|o| o == id) {
                    out.push(id.to_owned());
                }
            }
            _ => invalid.add(&field, validate::selected_invalid(&field)),
        }
    }
    Ok(Some(out))
}

/// An array of non-blank strings checked one by one (`emails`, `phones`, `addresses`): absent
/// → `None`, `null` → empty.
pub fn string_items(
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    check: impl Fn(&str, &str) -> Option<String>,
) -> Option<Vec<String>> {
    let items = match body.get(key) {
        None => return None,
        Some(Value::Null) => return Some(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => {
            invalid.add(key, validate::array(key));
            return None;
        }
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("{key}.{i}");
        match item.as_str().map(str::trim) {
            Some("") => invalid.add(&field, validate::required(&field)),
            Some(value) => match check(&field, value) {
                None => out.push(value.to_owned()),
                Some(message) => invalid.add(&field, message),
            },
            None => invalid.add(&field, validate::string(&field)),
        }
    }
    Some(out)
}

/// What an e-mail item must be.
pub fn check_email(field: &str, value: &str) -> Option<String> {
    (!validate::is_email(value)).then(|| validate::email(field))
}

/// Phones and addresses: any text up to the name limit.
pub fn check_short(field: &str, value: &str) -> Option<String> {
    (value.chars().count() > NAME_MAX).then(|| validate::max_chars(field, NAME_MAX))
}
