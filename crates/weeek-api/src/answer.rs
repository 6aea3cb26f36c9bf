//! Reading what the service answers: the envelope of a success, the payload an operation
//! picks out of it (list rows read one by one, a malformed row skipped and reported), and a
//! failure mapped to [`ApiError`] from its status, its body's `code` and its `errors`.

use reqwest::StatusCode;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ApiError, FieldErrors};
use crate::listed::{Listed, SkippedRow};

/// The body of a successful answer, before the operation picks its payload key out of it.
pub(crate) struct Answer {
    pub status: u16,
    pub content_type: Option<String>,
    pub raw: String,
    pub json: Value,
}

impl Answer {
    /// The payload under `key`, decoded; a missing or mistyped payload is an unexpected answer.
    pub fn take<T: DeserializeOwned>(&self, key: &str) -> Result<T, ApiError> {
        match self.json.get(key) {
            None | Some(Value::Null) => Err(self.unexpected(format!("no `{key}` in the answer"))),
            Some(v) => T::deserialize(v)
                .map_err(|e| self.unexpected(format!("`{key}` could not be read: {e}"))),
        }
    }

    /// The list under `key`, read row by row: rows that decode are kept, the others are
    /// reported in `skipped` with the field that failed. A missing payload, or one that is not
    /// a list, is still an unexpected answer: nothing of such a list can be trusted.
    pub fn take_rows<T: DeserializeOwned>(&self, key: &str) -> Result<Listed<Vec<T>>, ApiError> {
        let rows = match self.json.get(key) {
            None | Some(Value::Null) => {
                return Err(self.unexpected(format!("no `{key}` in the answer")));
            }
            Some(Value::Array(rows)) => rows,
            Some(other) => {
                return Err(self.unexpected(format!("`{key}` is {}, not a list", kind(other))));
            }
        };
        let mut listed = Listed {
            value: Vec::with_capacity(rows.len()),
            skipped: Vec::new(),
            malformed: Vec::new(),
        };
        for (index, row) in rows.iter().enumerate() {
            match read_row(row) {
                Ok((item, odd)) => {
                    listed.value.push(item);
                    listed
                        .malformed
                        .extend(odd.into_iter().map(|reason| SkippedRow {
                            index,
                            id: row_id(row),
                            reason,
                        }));
                }
                Err(reason) => listed.skipped.push(SkippedRow {
                    index,
                    id: row_id(row),
                    reason,
                }),
            }
        }
        Ok(listed)
    }

    /// A boolean flag beside the payload (`hasMore`, `hasMoreDeals`); absent means false.
    pub fn flag(&self, key: &str) -> bool {
        match self.json.get(key) {
            Some(Value::Bool(b)) => *b,
            Some(Value::Number(n)) => n.as_i64().is_some_and(|n| n != 0),
            Some(Value::String(s)) => s == "1" || s == "true",
            _ => false,
        }
    }

    fn unexpected(&self, reason: String) -> ApiError {
        ApiError::UnexpectedResponse {
            status: self.status,
            content_type: self.content_type.clone(),
            body_start: body_start(&self.raw),
            reason,
        }
    }
}

/// One row of a list, with what it held that was read as empty (see [`malformed_in`]); the
/// error names the field that failed (`locations[0].projectId: …`).
fn read_row<T: DeserializeOwned>(row: &Value) -> Result<(T, Vec<String>), String> {
    if !row.is_object() {
        return Err(format!("{} where a record belongs", kind(row)));
    }
    let (read, noted) = crate::de::noting(|| serde_path_to_error::deserialize(row));
    let item = read.map_err(|e| at_path(&e))?;
    let odd = if noted.is_empty() {
        noted
    } else {
        malformed_in::<T>(row, noted)
    };
    Ok((item, odd))
}

fn at_path(e: &serde_path_to_error::Error<serde_json::Error>) -> String {
    let path = e.path().to_string();
    if path.is_empty() || path == "." {
        e.inner().to_string()
    } else {
        format!("{path}: {}", e.inner())
    }
}

/// Names the fields of the values `noted` while `row` was read: it is read again with each of
/// them an error, which the path-tracking decode places, and that value is emptied for the next
/// read. A value it cannot place (inside a part read on its own) keeps its note without a field.
fn malformed_in<T: DeserializeOwned>(row: &Value, noted: Vec<String>) -> Vec<String> {
    let mut row = row.clone();
    let mut placed = Vec::with_capacity(noted.len());
    for _ in 0..noted.len() {
        let Err(e) = crate::de::strictly(|| serde_path_to_error::deserialize::<_, T>(&row)) else {
            break;
        };
        placed.push(at_path(&e));
        if !empty_at(&mut row, e.path()) {
            break;
        }
    }
    let rest = noted.into_iter().skip(placed.len());
    placed.extend(rest);
    placed
}

/// Sets the value at `path` to `null`; false when the path leads nowhere in `value`.
fn empty_at(value: &mut Value, path: &serde_path_to_error::Path) -> bool {
    use serde_path_to_error::Segment;
    let mut at = value;
    for segment in path.iter() {
        let next = match (segment, at) {
            (Segment::Seq { index }, Value::Array(items)) => items.get_mut(*index),
            (Segment::Map { key }, Value::Object(fields)) => fields.get_mut(key),
            _ => None,
        };
        let Some(next) = next else {
            return false;
        };
        at = next;
    }
    *at = Value::Null;
    true
}

/// The row's `id` as text, for a report that lets a person find the record elsewhere.
fn row_id(row: &Value) -> Option<String> {
    match row.get("id")? {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

fn body_start(raw: &str) -> String {
    raw.chars().take(200).collect()
}

pub(crate) fn is_json(content_type: Option<&str>) -> bool {
    content_type.is_some_and(|ct| {
        let ct = ct.to_ascii_lowercase();
        ct.starts_with("application/json") || ct.contains("+json")
    })
}

/// Maps an HTTP answer to the body of a success or to an [`ApiError`]: status first, then the
/// body's `code` (1000001 is "not found" even under 400), then `errors`.
pub(crate) fn read_answer(
    status: StatusCode,
    content_type: Option<String>,
    retry_after: Option<std::time::Duration>,
    raw: String,
) -> Result<Answer, ApiError> {
    let code = status.as_u16();
    let json: Option<Value> =
        if is_json(content_type.as_deref()) || raw.trim_start().starts_with('{') {
            serde_json::from_str(&raw).ok()
        } else {
            None
        };
    let message = json
        .as_ref()
        .and_then(|j| j.get("message"))
        .and_then(Value::as_str)
        .map(str::to_string);
    let body_code = json
        .as_ref()
        .and_then(|j| j.get("code"))
        .and_then(crate::de::value_as_i64);
    let unexpected = |reason: &str| ApiError::UnexpectedResponse {
        status: code,
        content_type: content_type.clone(),
        body_start: body_start(&raw),
        reason: reason.to_string(),
    };

    if status.is_success() {
        if code == 204 || raw.trim().is_empty() {
            return Ok(Answer {
                status: code,
                content_type,
                raw,
                json: Value::Null,
            });
        }
        let Some(json) = json else {
            return Err(unexpected(if is_json(content_type.as_deref()) {
                "the JSON is malformed"
            } else {
                "expected JSON"
            }));
        };
        if !json.is_object() {
            return Err(unexpected("expected a JSON object"));
        }
        if json.get("success").and_then(Value::as_bool) == Some(false) {
            return Err(ApiError::Refused {
                status: code,
                code: body_code,
                message: message.unwrap_or_else(|| "success: false".into()),
            });
        }
        return Ok(Answer {
            status: code,
            content_type,
            raw,
            json,
        });
    }

    let message_or = |fallback: &str| message.clone().unwrap_or_else(|| fallback.to_string());
    Err(match code {
        401 => ApiError::Unauthorized {
            message: message_or("Unauthenticated."),
        },
        403 => ApiError::Forbidden {
            message: message_or("Forbidden."),
        },
        404 => ApiError::NotFound {
            message: message_or("Record not found"),
        },
        400 if body_code == Some(1_000_001) => ApiError::NotFound {
            message: message_or("Model not found"),
        },
        422 => ApiError::Validation {
            fields: json.as_ref().map(field_errors).unwrap_or_default(),
            message: message_or("The given data was invalid."),
        },
        429 => ApiError::RateLimited { retry_after },
        500..=599 => ApiError::Server {
            status: code,
            message,
        },
        _ => match &json {
            Some(_) => ApiError::Refused {
                status: code,
                code: body_code,
                message: message_or(status.canonical_reason().unwrap_or("error")),
            },
            None => unexpected("an error page instead of JSON"),
        },
    })
}

/// `errors` of a 422. Some answers carry only the inner object (`{"completed":[…]}`); read
/// that shape too.
fn field_errors(json: &Value) -> FieldErrors {
    let source = match json.get("errors") {
        Some(Value::Object(map)) => map,
        _ => match json {
            Value::Object(map) if !map.contains_key("success") => map,
            _ => return FieldErrors::new(),
        },
    };
    source
        .iter()
        .map(|(field, v)| {
            let messages = match v {
                Value::Array(items) => items
                    .iter()
                    .map(|m| m.as_str().map_or_else(|| m.to_string(), str::to_string))
                    .collect(),
                Value::String(s) => vec![s.clone()],
                other => vec![other.to_string()],
            };
            (field.clone(), messages)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(status: u16, ct: &str, body: &str) -> Result<Answer, ApiError> {
        read_answer(
            StatusCode::from_u16(status).unwrap(),
            Some(ct.to_string()),
            None,
            body.to_string(),
        )
    }

    #[test]
    fn not_found_hides_under_400_with_code() {
        let e = read(
            400,
            "application/json",
            r#"{"success":false,"code":1000001,"message":"Model not found"}"#,
        )
        .err()
        .unwrap();
        assert_eq!(
            e,
            ApiError::NotFound {
                message: "Model not found".into()
            }
        );
    }

    #[test]
    fn partial_validation_shape_still_names_the_field() {
        let e = read(
            422,
            "application/json",
            r#"{"completed":["The completed field must be true or false."]}"#,
        )
        .err()
        .unwrap();
        assert!(e.field_errors().unwrap().contains_key("completed"));
    }

    #[test]
    fn success_false_in_200_is_an_error() {
        let e = read(
            200,
            "application/json",
            r#"{"success":false,"message":"nope"}"#,
        )
        .err()
        .unwrap();
        assert!(matches!(e, ApiError::Refused { status: 200, .. }));
    }

    #[test]
    fn html_404_is_not_found_and_html_200_is_unexpected() {
        assert!(matches!(
            read(404, "text/html", "<html>").err().unwrap(),
            ApiError::NotFound { .. }
        ));
        assert!(matches!(
            read(200, "text/html; charset=UTF-8", "<!doctype html>")
                .err()
                .unwrap(),
            ApiError::UnexpectedResponse { status: 200, .. }
        ));
    }
}
