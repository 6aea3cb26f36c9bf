//! Encodings of the wire: response envelopes, date formats, query strings and
//! JSON bodies as the real service reads them.

use axum::body::Body;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use time::format_description::BorrowedFormatItem;
use time::macros::format_description;
use time::{Date, OffsetDateTime, UtcOffset};

/// A JSON response whose content type is exactly `application/json`: the
/// official PHP client compares it literally.
pub fn json_response(status: StatusCode, body: &Value) -> Response {
    let mut response = (status, Body::from(body.to_string())).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

/// A successful answer.
#[derive(Debug)]
pub enum Reply {
    /// `{"success":true, <key>: <value>}`.
    Payload(&'static str, Value),
    /// A complete body, for envelopes with more than one key.
    Body(Value),
    /// `{"success":true}` for pure mutations.
    Ack,
    /// 204 with an empty body (task locations).
    NoContent,
}

impl IntoResponse for Reply {
    fn into_response(self) -> Response {
        match self {
            Self::Payload(key, value) => {
                let mut body = Map::new();
                body.insert("success".into(), Value::Bool(true));
                body.insert(key.into(), value);
                json_response(StatusCode::OK, &Value::Object(body))
            }
            Self::Body(body) => json_response(StatusCode::OK, &body),
            Self::Ack => json_response(StatusCode::OK, &json!({"success": true})),
            Self::NoContent => StatusCode::NO_CONTENT.into_response(),
        }
    }
}

const YMD: &[BorrowedFormatItem<'_>] = format_description!("[year]-[month]-[day]");
const DMY: &[BorrowedFormatItem<'_>] = format_description!("[day].[month].[year]");
const ISO_UTC: &[BorrowedFormatItem<'_>] =
    format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]Z");
const HM: &[BorrowedFormatItem<'_>] = format_description!("[hour]:[minute]");

/// `Y-m-d`, the format of task `startDate`/`dueDate` and time-entry dates.
pub fn fmt_ymd(date: Date) -> String {
    date.format(YMD).unwrap_or_default()
}

pub fn parse_ymd(text: &str) -> Option<Date> {
    Date::parse(text.trim(), YMD).ok()
}

/// `dd.mm.yyyy`, the format of list filters and legacy task fields.
pub fn fmt_dmy(date: Date) -> String {
    date.format(DMY).unwrap_or_default()
}

pub fn parse_dmy(text: &str) -> Option<Date> {
    Date::parse(text.trim(), DMY).ok()
}

/// ISO 8601 in UTC with a `Z` suffix and whole seconds: `2026-11-21T08:00:00Z`.
/// Also the `Y-m-d\TH:i:s\Z` format of `completedAt`.
pub fn fmt_iso(at: OffsetDateTime) -> String {
    at.to_offset(UtcOffset::UTC)
        .format(ISO_UTC)
        .unwrap_or_default()
}

pub fn fmt_hm(at: OffsetDateTime) -> String {
    at.to_offset(UtcOffset::UTC).format(HM).unwrap_or_default()
}

/// Any RFC 3339 date-time, or one without an offset (read as UTC).
pub fn parse_iso(text: &str) -> Option<OffsetDateTime> {
    let text = text.trim();
    if let Ok(at) = OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339) {
        return Some(at.to_offset(UtcOffset::UTC));
    }
    let naive = format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
    time::PrimitiveDateTime::parse(text, naive)
        .ok()
        .map(|at| at.assume_utc())
}

/// A parsed query string that keeps PHP's distinction between `name=…` and
/// `name[]=…`.
#[derive(Debug, Default)]
pub struct Query {
    pairs: Vec<(String, String)>,
}

/// How an array parameter was sent.
pub enum QueryArray {
    Absent,
    Items(Vec<String>),
    /// Sent as a plain scalar (`tags=1,2` or `tags=1&tags=2`): the service
    /// rejects it with "must be an array".
    NotAnArray,
}

impl Query {
    pub fn parse(raw: Option<&str>) -> Self {
        let pairs = raw
            .map(|raw| {
                form_urlencoded::parse(raw.as_bytes())
                    .map(|(k, v)| (k.into_owned(), v.into_owned()))
                    .collect()
            })
            .unwrap_or_default();
        Self { pairs }
    }

    /// The value of a scalar parameter. Like PHP, the last occurrence wins;
    /// like Laravel's `ConvertEmptyStringsToNull`, an empty value is absent.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
    }

    pub fn array(&self, name: &str) -> QueryArray {
        if self.pairs.iter().any(|(k, v)| k == name && !v.is_empty()) {
            return QueryArray::NotAnArray;
        }
        let items: Vec<String> = self
            .pairs
            .iter()
            .filter(|(k, _)| {
                k.strip_prefix(name)
                    .is_some_and(|rest| rest.starts_with('[') && rest.ends_with(']'))
            })
            .map(|(_, v)| v.trim().to_owned())
            .collect();
        if items.is_empty() {
            QueryArray::Absent
        } else {
            QueryArray::Items(items)
        }
    }
}

impl Query {
    /// Items of a nested array parameter, `name[i][key]=value`, as `(i, key, value)` in the
    /// order sent (the CRM lists' `customFields[0][id]=…&customFields[0][value]=…`).
    pub fn nested(&self, name: &str) -> Vec<(String, String, String)> {
        self.pairs
            .iter()
            .filter_map(|(k, v)| {
                let rest = k.strip_prefix(name)?.strip_prefix('[')?;
                let (index, rest) = rest.split_once("][")?;
                let key = rest.strip_suffix(']')?;
                Some((index.to_owned(), key.to_owned(), v.trim().to_owned()))
            })
            .collect()
    }
}

/// The JSON object of a request body. A missing or malformed body reads as an
/// empty object, as Laravel's request input does, so validation reports the
/// missing fields rather than a parse error.
pub fn body_object(bytes: &[u8]) -> Map<String, Value> {
    // Laravel reads an unparsable body as no input and validates that; doing the same keeps
    // answers alike, and the log says why a request seemed empty.
    match serde_json::from_slice::<Value>(bytes) {
        Ok(Value::Object(map)) => map,
        _ if bytes.iter().all(u8::is_ascii_whitespace) => Map::new(),
        Ok(_) => {
            tracing::warn!("request body is JSON but not an object; read as empty");
            Map::new()
        }
        Err(e) => {
            tracing::warn!(error = %e, "request body is not JSON; read as empty");
            Map::new()
        }
    }
}

/// A body boolean: JSON `true`/`false`, `1`/`0` and their string forms.
/// UNCERTAIN whether the service rejects JSON booleans (its docs ask for
/// 0/1); accepting both is the tolerant reading.
pub fn value_bool(value: &Value) -> Option<bool> {
    match value {
        Value::Bool(b) => Some(*b),
        Value::Number(n) => match n.as_i64() {
            Some(1) => Some(true),
            Some(0) => Some(false),
            _ => None,
        },
        Value::String(s) => match s.as_str() {
            "1" | "true" => Some(true),
            "0" | "false" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A body integer: a JSON integer or a string of digits (Laravel's `integer`).
pub fn value_int(value: &Value) -> Option<i64> {
    match value {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A JSON array column read back; malformed text reads as empty.
pub fn json_list<T: serde::de::DeserializeOwned>(text: &str) -> Vec<T> {
    serde_json::from_str(text).unwrap_or_default()
}

pub fn to_json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned())
}

/// Text as search compares it: lower case, and `ё` as `е`, the way MySQL's Unicode
/// collations (behind the real service) treat them. UNCERTAIN: assumed, not probed.
pub fn fold(text: &str) -> String {
    text.to_lowercase().replace('ё', "е")
}

/// Unicode-aware case-insensitive containment (SQLite's `lower()` only folds
/// ASCII, so searching happens here rather than in SQL).
pub fn contains_folded(haystack: &str, needle_folded: &str) -> bool {
    fold(haystack).contains(needle_folded)
}
