use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{ack, expect, record_not_found, task, task_titled};
use crate::common::{ANNA, Api};

const RELEASE: &str = "Релиз 2.4 в App Store 🚀";

/// The entries the timer wrote on a task.
fn timer_entries(task: &Value) -> Vec<Value> {
    task["timeEntries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["type"] == 1 && e["comment"] == "")
        .cloned()
        .collect()
}

#[tokio::test]
async fn one_timer_per_member_and_stopping_writes_the_time() {
    let api = Api::start().await;
    // The demo has Anna's timer running, started 47 minutes before the seed: on the tests'
    // pinned day, 47 minutes before its midnight.
    let release = task_titled(&api, RELEASE).await;
    let seeded = task(&api, release).await["timers"].clone();
    assert_eq!(seeded.as_array().map(Vec::len), Some(1), "{seeded}");
    assert_eq!(seeded[0]["userId"], json!(ANNA));
    let seeded_start = seeded[0]["startedAt"].as_str().unwrap().to_owned();
    let release_entries = timer_entries(&task(&api, release).await).len();

    // Starting one on another task stops that one and writes it down, on the day it started.
    expect(
        &api.post("/tm/tasks/5/start-timer", json!({})).await,
        StatusCode::OK,
        ack(),
    );
    let release_task = task(&api, release).await;
    assert_eq!(release_task["timers"], json!([]));
    let written = timer_entries(&release_task);
    assert_eq!(written.len(), release_entries + 1);
    let entry = written.last().unwrap();
    assert_eq!(entry["date"], json!(&seeded_start[..10]));
    assert_eq!(entry["userId"], json!(ANNA));
    let seconds = entry["durationSeconds"].as_i64().unwrap();
    assert_eq!(seeded_start[11..], *"23:13:00Z", "{seeded}");
    // From 23:13 the day before to a moment of today.
    assert!(seconds >= 47 * 60, "{entry}");
    assert_eq!(entry["duration"], json!((seconds + 59) / 60));

    let running = task(&api, 5).await["timers"].clone();
    assert_eq!(running.as_array().unwrap().len(), 1, "{running}");
    assert_eq!(running[0]["userId"], json!(ANNA));
    let started = running[0]["startedAt"].as_str().unwrap().to_owned();
    // Starting it again goes on with the same timer.
    api.post("/tm/tasks/5/start-timer", json!({})).await;
    assert_eq!(task(&api, 5).await["timers"], running);

    api.sandbox.advance_clock(Duration::from_secs(90 * 60 + 30));
    api.post("/tm/tasks/6/start-timer", json!({})).await;
    let five = task(&api, 5).await;
    assert_eq!(five["timers"], json!([]));
    let entry = timer_entries(&five).pop().expect("the timer's entry");
    let seconds = entry["durationSeconds"].as_i64().unwrap();
    // 90 min 30 s passed, and the moment the two requests took.
    assert!((5430..5490).contains(&seconds), "{entry}");
    assert_eq!(
        entry,
        json!({
            "id": entry["id"],
            "userId": ANNA,
            "type": 1,
            "isOvertime": false,
            "date": &started[..10],
            "duration": (seconds + 59) / 60,
            "comment": "",
            "durationSeconds": seconds,
        })
    );

    // Stopping where no timer of hers runs changes nothing.
    expect(
        &api.post("/tm/tasks/5/stop-timer", json!({})).await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(task(&api, 6).await["timers"][0]["userId"], json!(ANNA));

    api.sandbox.advance_clock(Duration::from_secs(10));
    let entries_before = timer_entries(&task(&api, 6).await).len();
    expect(
        &api.post("/tm/tasks/6/stop-timer", json!({})).await,
        StatusCode::OK,
        ack(),
    );
    let six = task(&api, 6).await;
    assert_eq!(six["timers"], json!([]));
    let written = timer_entries(&six);
    assert_eq!(written.len(), entries_before + 1);
    // Ten seconds count as the one minute an entry has at least.
    assert_eq!(written.last().unwrap()["duration"], json!(1));
}

#[tokio::test]
async fn timer_routes_answer_as_the_service() {
    let api = Api::start().await;
    for route in ["start-timer", "stop-timer"] {
        expect(
            &api.post(&format!("/tm/tasks/99999/{route}"), json!({}))
                .await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
        let get = api
            .send(Method::GET, &format!("/tm/tasks/5/{route}"), None)
            .await;
        assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(get.header("allow"), Some("POST"));
    }
}
