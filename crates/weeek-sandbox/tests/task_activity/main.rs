//! What happens around a task besides its own fields: its parent, watchers, timers, time
//! entries, uploaded files and comments. Each rule against literal answers, and every kind of
//! write across a restart.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../common/mod.rs"]
mod common;

mod comments;
mod parent;
mod restart;
mod time_entries;
mod timers;
mod uploads;
mod watchers;

use common::{Answer, Api};
use reqwest::StatusCode;
use serde_json::{Value, json};

pub fn ack() -> Value {
    json!({"success": true})
}

pub fn record_not_found() -> Value {
    json!({"message": "Record not found"})
}

/// A 422 body, one message per field, the first one leading.
pub fn invalid(fields: &[(&str, &str)]) -> Value {
    let errors: serde_json::Map<String, Value> = fields
        .iter()
        .map(|(f, m)| ((*f).to_owned(), json!([m])))
        .collect();
    json!({"success": false, "message": fields[0].1, "errors": errors})
}

/// Asserts the status and the whole JSON body.
#[track_caller]
pub fn expect(answer: &Answer, status: StatusCode, body: Value) {
    assert_eq!(answer.status, status, "{}", answer.text);
    assert_eq!(answer.json(), body);
}

/// The task as `GET /tm/tasks/{id}` answers it.
pub async fn task(api: &Api, id: i64) -> Value {
    api.ok(&format!("/tm/tasks/{id}")).await["task"].clone()
}

/// The id of the hand-written task with this title.
pub async fn task_titled(api: &Api, title: &str) -> i64 {
    api.all_tasks("all=1")
        .await
        .iter()
        .find(|t| t["title"] == title)
        .and_then(|t| t["id"].as_i64())
        .unwrap_or_else(|| panic!("no task {title:?}"))
}

/// `POST /tm/tasks/{id}/attachments` with these files (name, bytes); the raw answer.
pub async fn upload(api: &Api, task: i64, files: &[(&str, &[u8])]) -> Answer {
    let mut form = reqwest::multipart::Form::new();
    for (name, bytes) in files {
        form = form.part(
            "files[]",
            reqwest::multipart::Part::bytes(bytes.to_vec()).file_name((*name).to_owned()),
        );
    }
    let response = api
        .client
        .post(api.url(&format!("/tm/tasks/{task}/attachments")))
        .bearer_auth(weeek_sandbox::demo_token())
        .header("Accept", "application/json")
        .multipart(form)
        .send()
        .await
        .expect("upload answered");
    Answer {
        status: response.status(),
        headers: response.headers().clone(),
        text: response.text().await.expect("body"),
    }
}
