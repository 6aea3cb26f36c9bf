//! Reading the fields of the workspace-structure bodies (portfolios, projects, boards,
//! columns, custom fields), one rule each, failures collected in an [`Invalid`].
//!
//! A missing required field answers "The field is required.", without the attribute: every
//! required-field message the live service was seen to send (`projectId` of boards, `boardId`
//! of columns, empty `assignees`) has that wording.

use rusqlite::Connection;
use serde_json::{Map, Value};

use super::crm_input::text;
use crate::errors::ApiError;
use crate::validate::{self, Invalid};
use crate::wire::{Query, value_bool, value_int};

pub type Body = Map<String, Value>;

/// Longest name of anything in the task manager.
pub const NAME_MAX_CHARS: usize = 255;

/// A required string, trimmed; blank counts as missing.
pub fn required_text(body: &Body, key: &str, max: usize, invalid: &mut Invalid) -> Option<String> {
    match text(body, key, max, invalid) {
        Some(Some(text)) => Some(text),
        Some(None) | None if !invalid.has(key) => {
            invalid.add(key, validate::field_required());
            None
        }
        _ => None,
    }
}

/// A required boolean: `true`/`false` and `1`/`0` (also as strings) are read.
pub fn required_bool(body: &Body, key: &str, invalid: &mut Invalid) -> Option<bool> {
    match body.get(key) {
        None | Some(Value::Null) => {
            invalid.add(key, validate::field_required());
            None
        }
        Some(value) => optional_bool_value(value, key, invalid),
    }
}

fn optional_bool_value(value: &Value, key: &str, invalid: &mut Invalid) -> Option<bool> {
    let read = value_bool(value);
    if read.is_none() {
        invalid.add(key, validate::boolean(key));
    }
    read
}

/// An optional, nullable id of an existing record: absent → `None`, `null` → `Some(None)`.
pub fn nullable_ref(
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    exists: impl FnOnce(i64) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<Option<i64>>> {
    let Some(value) = body.get(key) else {
        return Ok(None);
    };
    if value.is_null() || value.as_str().is_some_and(|s| s.trim().is_empty()) {
        return Ok(Some(None));
    }
    let Some(id) = value_int(value) else {
        invalid.add(key, validate::integer(key));
        return Ok(None);
    };
    if !exists(id)? {
        invalid.add(key, validate::selected_invalid(key));
        return Ok(None);
    }
    Ok(Some(Some(id)))
}

/// A required id of an existing record.
pub fn required_ref(
    body: &Body,
    key: &str,
    invalid: &mut Invalid,
    exists: impl FnOnce(i64) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<i64>> {
    match nullable_ref(body, key, invalid, exists)? {
        Some(Some(id)) => Ok(Some(id)),
        _ if invalid.has(key) => Ok(None),
        _ => {
            invalid.add(key, validate::field_required());
            Ok(None)
        }
    }
}

/// Laravel's `regex` failure wording.
pub fn format_invalid(key: &str) -> String {
    format!("The {} field format is invalid.", validate::attr(key))
}

/// An optional `#rrggbb` colour; `null` is absent.
pub fn optional_hex_colour(body: &Body, key: &str, invalid: &mut Invalid) -> Option<String> {
    match body.get(key)? {
        Value::Null => None,
        Value::String(s) if validate::is_hex_colour(s.trim()) => Some(s.trim().to_owned()),
        _ => {
            invalid.add(key, format_invalid(key));
            None
        }
    }
}

/// Whether a row with this integer id exists in `table`.
pub fn row_exists(conn: &Connection, table: &str, id: i64) -> rusqlite::Result<bool> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row(
            &format!("SELECT 1 FROM {table} WHERE id = ?1"),
            [id],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

/// Whether `table` has the row `id` under `parent` in `parent_column` (a sibling to move
/// next to).
pub fn child_exists(
    conn: &Connection,
    table: &str,
    id: i64,
    parent_column: &str,
    parent: i64,
) -> rusqlite::Result<bool> {
    conn.prepare_cached(&format!(
        "SELECT 1 FROM {table} WHERE id = ?1 AND {parent_column} = ?2"
    ))?
    .exists([id, parent])
}

/// A required parent id in the query (`projectId` of boards, `boardId` of columns): missing →
/// "The field is required.", not an integer or unknown → 422 on that field.
pub fn query_parent(
    query: &Query,
    field: &str,
    exists: impl FnOnce(i64) -> rusqlite::Result<bool>,
) -> Result<i64, ApiError> {
    let Some(raw) = query.get(field) else {
        return Err(Invalid::one(field, validate::field_required()).into());
    };
    let Ok(id) = raw.parse::<i64>() else {
        return Err(Invalid::one(field, validate::integer(field)).into());
    };
    if !exists(id)? {
        return Err(Invalid::one(field, validate::selected_invalid(field)).into());
    }
    Ok(id)
}
