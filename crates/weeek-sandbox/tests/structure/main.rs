//! The structure of the task manager: portfolios, projects, boards, columns, custom fields
//! and their options, tags and attachment files; each rule of the service against literal
//! answers, relations between them, and persistence across a restart.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod attachments;
mod boards;
mod columns;
mod custom_fields;
mod portfolios;
mod projects;
mod restart;
mod tags;

use common::{Answer, Api};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The body of a 404 for an unknown record.
pub fn record_not_found() -> Value {
    json!({"message": "Record not found"})
}

/// A 422 body with one failing field.
pub fn invalid(field: &str, message: &str) -> Value {
    json!({"success": false, "message": message, "errors": {field: [message]}})
}

pub fn ack() -> Value {
    json!({"success": true})
}

/// Asserts the status and the whole JSON body.
#[track_caller]
pub fn expect(answer: &Answer, status: StatusCode, body: Value) {
    assert_eq!(answer.status, status, "{}", answer.text);
    assert_eq!(answer.json(), body);
}

/// The ids of a JSON array of records, in order.
pub fn ids(items: &Value) -> Vec<i64> {
    items
        .as_array()
        .unwrap_or_else(|| panic!("not an array: {items}"))
        .iter()
        .map(|item| item["id"].as_i64().unwrap())
        .collect()
}

/// The task `id` as `GET /tm/tasks/{id}` answers it.
pub async fn task(api: &Api, id: i64) -> Value {
    api.ok(&format!("/tm/tasks/{id}")).await["task"].clone()
}

/// Names of the custom fields a task shows.
pub fn field_names(task: &Value) -> Vec<String> {
    task["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_owned())
        .collect()
}

/// A task's value of the field `id` (`null` when it has none or does not show the field).
pub fn field_value(task: &Value, id: &str) -> Value {
    task["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == id)
        .map_or(Value::Null, |f| f["value"].clone())
}
