//! Injected latency and failures.

mod common;

use std::time::{Duration, Instant};

use common::Api;
use reqwest::StatusCode;
use serde_json::json;
use weeek_sandbox::Faults;

/// Waits for a condition, failing the test if it has not come about in ten seconds.
async fn wait_for(what: &str, condition: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !condition() {
        assert!(Instant::now() < deadline, "still waiting for {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn latency_holds_a_request_before_it_is_served() {
    let api = Api::start().await;
    api.sandbox.set_faults(Faults {
        latency_ms: 60_000,
        ..Faults::default()
    });
    let held = tokio::spawn(
        api.client
            .get(api.url("/ws"))
            .bearer_auth(weeek_sandbox::demo_token())
            .send(),
    );
    wait_for("the request to be held", || {
        api.sandbox.held_by_latency() == 1
    })
    .await;
    assert!(!held.is_finished());

    // Without latency a request is served straight away and nothing more is held.
    api.sandbox.set_faults(Faults::default());
    assert_eq!(api.get("/ws").await.status, StatusCode::OK);
    assert_eq!(api.sandbox.held_by_latency(), 1);
    assert!(!held.is_finished());
    held.abort();
}

#[tokio::test]
async fn failures_can_target_methods() {
    let api = Api::start().await;
    api.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 500,
        failure_methods: vec!["POST".into()],
        ..Faults::default()
    });
    for _ in 0..3 {
        let post = api.post("/ws/tags", json!({"title": "x"})).await;
        assert_eq!(post.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(
            post.json(),
            json!({"success": false, "message": "Server Error"})
        );
        assert_eq!(post.header("content-type"), Some("application/json"));
        assert_eq!(api.get("/ws/tags").await.status, StatusCode::OK);
    }
    // Nothing was created by the failed requests.
    let tags = api.ok("/ws/tags").await["tags"].clone();
    assert!(tags.as_array().unwrap().iter().all(|t| t["title"] != "x"));
}

#[tokio::test]
async fn half_the_requests_fail_evenly() {
    let api = Api::start().await;
    api.sandbox.set_faults(Faults {
        failure_rate: 0.5,
        failure_status: 503,
        ..Faults::default()
    });
    let mut statuses = Vec::new();
    for _ in 0..6 {
        statuses.push(api.get("/ws").await.status.as_u16());
    }
    assert_eq!(statuses, [200, 503, 200, 503, 200, 503]);
}

#[tokio::test]
async fn rate_limit_has_retry_after() {
    let api = Api::start().await;
    api.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 429,
        ..Faults::default()
    });
    let answer = api.get("/tm/projects").await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.header("retry-after"), Some("1"));
    assert_eq!(
        answer.json(),
        json!({"success": false, "message": "Too Many Attempts."})
    );
}

#[tokio::test]
async fn faults_are_settable_over_http() {
    let api = Api::start().await;
    let base = format!("http://{}/__sandbox/faults", api.sandbox.addr());
    let anonymous = api.client.get(&base).send().await.unwrap();
    assert_eq!(
        anonymous.status(),
        StatusCode::UNAUTHORIZED,
        "the control route takes the token"
    );
    let set = api
        .client
        .put(&base)
        .bearer_auth(weeek_sandbox::demo_token())
        .json(&json!({"failureRate": 1.0, "failureStatus": 502, "failureMethods": ["DELETE"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);
    let current: serde_json::Value = api
        .client
        .get(&base)
        .bearer_auth(weeek_sandbox::demo_token())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        current,
        json!({"latencyMs": 0, "failureRate": 1.0, "failureStatus": 502, "failureMethods": ["DELETE"], "failureMode": "refuse"})
    );
    assert_eq!(
        api.delete("/tm/tasks/1", None).await.status,
        StatusCode::BAD_GATEWAY
    );
    assert_eq!(api.get("/tm/tasks/1").await.status, StatusCode::OK);

    // The controls stay reachable while every API request fails.
    api.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        ..Faults::default()
    });
    assert_eq!(
        api.get("/ws").await.status,
        StatusCode::INTERNAL_SERVER_ERROR
    );
    let reset = api
        .client
        .put(&base)
        .bearer_auth(weeek_sandbox::demo_token())
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(reset.status(), StatusCode::OK);
    assert_eq!(api.get("/ws").await.status, StatusCode::OK);
    // Unknown routes under the prefix see the faults too.
    api.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 503,
        ..Faults::default()
    });
    assert_eq!(
        api.get("/nowhere").await.status,
        StatusCode::SERVICE_UNAVAILABLE
    );
}

#[tokio::test]
async fn faults_take_only_failure_statuses() {
    let api = Api::start().await;
    let base = format!("http://{}/__sandbox/faults", api.sandbox.addr());
    let put = |body: serde_json::Value| {
        api.client
            .put(&base)
            .bearer_auth(weeek_sandbox::demo_token())
            .json(&body)
            .send()
    };
    let set = put(json!({"failureRate": 0.5, "failureStatus": 503}))
        .await
        .unwrap();
    assert_eq!(set.status(), StatusCode::OK);

    for status in [200, 204, 302, 399, 600, 999] {
        let refused = put(json!({"failureRate": 1.0, "failureStatus": status}))
            .await
            .unwrap();
        assert_eq!(
            refused.status(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "{status}"
        );
        assert_eq!(
            refused.headers().get("content-type").unwrap(),
            "application/json"
        );
        let message = "The failure status field must be between 400 and 599.";
        assert_eq!(
            refused.json::<serde_json::Value>().await.unwrap(),
            json!({"success": false, "message": message, "errors": {"failureStatus": [message]}})
        );
    }
    // The refused bodies changed nothing.
    assert_eq!(api.sandbox.faults().failure_status, 503);
    assert_eq!(api.sandbox.faults().failure_rate, 0.5);

    // Both ends of the range, and 0 (absent), which stands for 500.
    for status in [400, 599, 0] {
        let set = put(json!({"failureStatus": status})).await.unwrap();
        assert_eq!(set.status(), StatusCode::OK, "{status}");
        assert_eq!(api.sandbox.faults().failure_status, status);
    }
}
