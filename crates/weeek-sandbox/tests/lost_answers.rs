//! Failure modes that do the write and then lose the answer, so a client's handling of an
//! ambiguous failure can be tried against a service that really did the write.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Api;
use reqwest::{Method, StatusCode};
use serde_json::json;
use weeek_sandbox::{FailureMode, Faults};

fn failing_posts(mode: FailureMode) -> Faults {
    Faults {
        failure_rate: 1.0,
        failure_status: 502,
        failure_methods: vec!["POST".into()],
        failure_mode: mode,
        ..Faults::default()
    }
}

/// Tags titled `title`, read with the faults off.
async fn tags_titled(api: &Api, title: &str) -> usize {
    api.sandbox.set_faults(Faults::default());
    let tags = api.ok("/ws/tags").await["tags"].clone();
    tags.as_array()
        .expect("tags")
        .iter()
        .filter(|t| t["title"] == title)
        .count()
}

#[tokio::test]
async fn refuse_does_nothing() {
    let api = Api::start().await;
    api.sandbox.set_faults(failing_posts(FailureMode::Refuse));
    let answer = api.post("/ws/tags", json!({"title": "refused"})).await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(tags_titled(&api, "refused").await, 0);
}

#[tokio::test]
async fn apply_then_status_does_the_write_and_answers_the_failure() {
    let api = Api::start().await;
    api.sandbox
        .set_faults(failing_posts(FailureMode::ApplyThenStatus));
    let answer = api
        .post("/ws/tags", json!({"title": "done, said 502"}))
        .await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(
        answer.json(),
        json!({"success": false, "message": "Server Error"})
    );
    assert_eq!(tags_titled(&api, "done, said 502").await, 1);
}

#[tokio::test]
async fn apply_then_cut_does_the_write_and_breaks_the_answer() {
    let api = Api::start().await;
    api.sandbox
        .set_faults(failing_posts(FailureMode::ApplyThenCut));
    let sent = api
        .client
        .request(Method::POST, api.url("/ws/tags"))
        .bearer_auth(weeek_sandbox::demo_token())
        .json(&json!({"title": "done, cut"}))
        .send()
        .await;
    // The head may or may not arrive; the whole answer never does.
    let whole = match sent {
        Ok(response) => response.text().await.is_ok(),
        Err(_) => false,
    };
    assert!(!whole, "the answer must not arrive whole");
    assert_eq!(tags_titled(&api, "done, cut").await, 1);
}

#[tokio::test]
async fn apply_then_garble_does_the_write_and_answers_half_of_it() {
    let api = Api::start().await;
    api.sandbox
        .set_faults(failing_posts(FailureMode::ApplyThenGarble));
    let answer = api
        .post("/ws/tags", json!({"title": "done, garbled"}))
        .await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    assert!(
        answer.text.starts_with(r#"{"success":true"#),
        "{}",
        answer.text
    );
    assert!(
        serde_json::from_str::<serde_json::Value>(&answer.text).is_err(),
        "not JSON: {}",
        answer.text
    );
    assert_eq!(tags_titled(&api, "done, garbled").await, 1);
}

#[tokio::test]
async fn the_mode_is_set_and_read_over_http() {
    let api = Api::start().await;
    let answer = api
        .client
        .put(format!("http://{}/__sandbox/faults", api.sandbox.addr()))
        .bearer_auth(weeek_sandbox::demo_token())
        .json(&json!({"failureRate": 1.0, "failureMode": "applyThenCut"}))
        .send()
        .await
        .expect("answered");
    assert_eq!(answer.status(), StatusCode::OK);
    assert_eq!(api.sandbox.faults().failure_mode, FailureMode::ApplyThenCut);
    let read = api
        .client
        .get(format!("http://{}/__sandbox/faults", api.sandbox.addr()))
        .bearer_auth(weeek_sandbox::demo_token())
        .send()
        .await
        .expect("answered")
        .text()
        .await
        .expect("body");
    assert!(read.contains(r#""failureMode":"applyThenCut""#), "{read}");
}
