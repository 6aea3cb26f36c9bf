//! Filters of the CRM lists (deals of a status, organizations, contacts) as the service reads
//! them: `name[]=` arrays, `customFields[i][id]`/`customFields[i][value]`, `sort` with a `-`
//! prefix for descending.

use std::cmp::Ordering;

use serde_json::{Map, Value};

use crate::validate::{self, Invalid};
use crate::wire::{Query, QueryArray, fold};

/// A `name[]=` array whose items must each pass `check`; bad items are reported as `name.N`
/// with `message`. `None` when the parameter was not sent.
pub fn checked_array<T>(
    query: &Query,
    name: &str,
    invalid: &mut Invalid,
    mut check: impl FnMut(&str) -> rusqlite::Result<Option<T>>,
    message: fn(&str) -> String,
) -> rusqlite::Result<Option<Vec<T>>> {
    match query.array(name) {
        QueryArray::Absent => Ok(None),
        QueryArray::NotAnArray => {
            invalid.add(name, validate::array(name));
            Ok(None)
        }
        QueryArray::Items(items) => {
            let mut out = Vec::new();
            for (i, item) in items.iter().enumerate() {
                match check(item)? {
                    Some(value) => out.push(value),
                    None => {
                        let field = format!("{name}.{i}");
                        invalid.add(&field, message(&field));
                    }
                }
            }
            Ok(Some(out))
        }
    }
}

/// A `name[]=` array of ids that must exist.
pub fn id_array(
    query: &Query,
    name: &str,
    invalid: &mut Invalid,
    exists: impl Fn(&str) -> rusqlite::Result<bool>,
) -> rusqlite::Result<Option<Vec<String>>> {
    checked_array(
        query,
        name,
        invalid,
        |item| Ok(exists(item)?.then(|| item.to_owned())),
        validate::selected_invalid,
    )
}

/// A `name[]=` array of values from a fixed set.
pub fn enum_array(
    query: &Query,
    name: &str,
    allowed: &[&str],
    invalid: &mut Invalid,
) -> Option<Vec<String>> {
    let check = |item: &str| Ok(allowed.contains(&item).then(|| item.to_owned()));
    // The closure never fails: only the database could.
    checked_array(query, name, invalid, check, validate::selected_invalid)
        .ok()
        .flatten()
}

/// `tags[]=`: integer ids of existing tags.
pub fn tag_array(
    conn: &rusqlite::Connection,
    query: &Query,
    invalid: &mut Invalid,
) -> rusqlite::Result<Option<Vec<i64>>> {
    let items = match query.array("tags") {
        QueryArray::Absent => return Ok(None),
        QueryArray::NotAnArray => {
            invalid.add("tags", validate::array("tags"));
            return Ok(None);
        }
        QueryArray::Items(items) => items,
    };
    let mut out = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("tags.{i}");
        match item.parse::<i64>() {
            Ok(id) if crate::store::workspace::tag_exists(conn, id)? => out.push(id),
            Ok(_) => invalid.add(&field, validate::selected_invalid(&field)),
            Err(_) => invalid.add(&field, validate::integer(&field)),
        }
    }
    Ok(Some(out))
}

/// `sort=key` or `sort=-key` (descending); the key must be one of `keys`.
pub fn sort(
    query: &Query,
    keys: &[&'static str],
    invalid: &mut Invalid,
) -> Option<(&'static str, bool)> {
    let raw = query.get("sort")?;
    let (descending, key) = match raw.strip_prefix('-') {
        Some(key) => (true, key),
        None => (false, raw),
    };
    match keys.iter().find(|k| **k == key) {
        Some(key) => Some((key, descending)),
        None => {
            invalid.add("sort", validate::selected_invalid("sort"));
            None
        }
    }
}

/// Orders `items` by `key`, reversed when descending; ties keep their current order.
pub fn sort_by<T, K: Ord>(items: &mut [T], descending: bool, key: impl Fn(&T) -> K) {
    items.sort_by(|a, b| {
        let order = key(a).cmp(&key(b));
        if descending { order.reverse() } else { order }
    });
}

/// A float that sorts (amounts; `None` first ascending).
#[derive(PartialEq)]
pub struct Amount(pub Option<f64>);

impl Eq for Amount {}

impl PartialOrd for Amount {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Amount {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self.0, other.0) {
            (Some(a), Some(b)) => a.total_cmp(&b),
            (a, b) => a.is_some().cmp(&b.is_some()),
        }
    }
}

/// One `customFields[i][id]` / `customFields[i][value]` pair.
#[derive(Debug)]
pub struct FieldFilter {
    pub id: String,
    /// Without a value, any value of the field matches.
    pub value: Option<String>,
}

impl FieldFilter {
    /// Whether a record's custom values pass: text compares without case, numbers as numbers,
    /// booleans as `1`/`0`/`true`/`false`, lists (multiselect, members) by any item.
    pub fn matches(&self, values: &Map<String, Value>) -> bool {
        let Some(stored) = values.get(&self.id).filter(|v| !v.is_null()) else {
            return false;
        };
        match &self.value {
            None => true,
            Some(wanted) => value_matches(stored, wanted),
        }
    }
}

fn value_matches(stored: &Value, wanted: &str) -> bool {
    match stored {
        Value::String(s) => fold(s) == fold(wanted),
        Value::Number(n) => wanted
            .parse::<f64>()
            .ok()
            .zip(n.as_f64())
            .is_some_and(|(w, n)| (w - n).abs() < 1e-9),
        Value::Bool(b) => crate::wire::value_bool(&Value::String(wanted.to_owned())) == Some(*b),
        Value::Array(items) => items.iter().any(|item| value_matches(item, wanted)),
        _ => false,
    }
}

/// `customFields[i][id]` with an optional `customFields[i][value]`; an entry without an id is
/// reported as `customFields.i.id`.
pub fn field_filters(query: &Query, invalid: &mut Invalid) -> Vec<FieldFilter> {
    if matches!(query.array("customFields"), QueryArray::NotAnArray) {
        invalid.add("customFields", validate::array("customFields"));
        return Vec::new();
    }
    let mut entries: Vec<(String, Option<String>, Option<String>)> = Vec::new();
    for (index, key, value) in query.nested("customFields") {
        let at = match entries.iter().position(|(i, _, _)| *i == index) {
            Some(at) => at,
            None => {
                entries.push((index.clone(), None, None));
                entries.len() - 1
            }
        };
        let value = Some(value).filter(|v| !v.is_empty());
        match key.as_str() {
            "id" => entries[at].1 = value,
            "value" => entries[at].2 = value,
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (index, id, value) in entries {
        match id {
            Some(id) => out.push(FieldFilter { id, value }),
            None => {
                let field = format!("customFields.{index}.id");
                invalid.add(&field, validate::required(&field));
            }
        }
    }
    out
}
