use reqwest::StatusCode;
use serde_json::{Value, json};

use super::upload;
use crate::common::{ANNA, Api, MARIA, TempDb};

/// What the writes below touch, file links without the answering sandbox's address.
async fn state(api: &Api) -> Vec<Value> {
    let mut out = Vec::new();
    for path in [
        "/tm/tasks/1",
        "/tm/tasks/5",
        "/tm/tasks/6",
        "/tm/tasks/1/comments",
    ] {
        out.push(api.without_origin(&api.ok(path).await));
    }
    out
}

#[tokio::test]
async fn task_activity_survives_a_restart() {
    use reqwest::Method;
    let db = TempDb::new();
    let first = Api::on_file(&db).await;
    let api = &first;

    api.json_ok(
        Method::POST,
        "/tm/tasks/5/parent",
        json!({"parentId": 1, "before": 3}),
    )
    .await;
    api.json_ok(
        Method::POST,
        "/tm/tasks/5/watchers",
        json!({"watchers": [MARIA]}),
    )
    .await;
    api.json_ok(
        Method::DELETE,
        "/tm/tasks/1/watchers",
        json!({"watchers": [ANNA]}),
    )
    .await;
    // A timer stopped (its entry) and one left running.
    api.json_ok(Method::POST, "/tm/tasks/5/start-timer", json!({}))
        .await;
    api.json_ok(Method::POST, "/tm/tasks/5/stop-timer", json!({}))
        .await;
    api.json_ok(Method::POST, "/tm/tasks/6/start-timer", json!({}))
        .await;
    let entry = api
        .json_ok(
            Method::POST,
            "/tm/tasks/5/time-entries",
            json!({"userId": MARIA, "isOvertime": true, "date": "2026-11-19", "duration": 30}),
        )
        .await["data"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    api.json_ok(Method::PUT,
        &format!("/tm/tasks/5/time-entries/{entry}"),
        json!({"userId": MARIA, "isOvertime": false, "date": "2026-11-20", "duration": 50, "comment": "Ревью"}),
    )
    .await;
    let uploaded = upload(api, 5, &[("заметки.md", "# Итоги".as_bytes())]).await;
    assert_eq!(uploaded.status, StatusCode::OK, "{}", uploaded.text);
    api.json_ok(
        Method::POST,
        "/tm/tasks/1/comments",
        json!({"markdown": "Готово", "parentId": 2}),
    )
    .await;
    api.json_ok(Method::DELETE, "/tm/tasks/1/comments/4", json!({}))
        .await;

    let before = state(api).await;
    assert_eq!(before[0]["task"]["subTasks"], json!([2, 5, 3, 4]));
    assert!(
        !before[0]["task"]["subscribers"]
            .as_array()
            .unwrap()
            .contains(&json!(ANNA))
    );
    assert_eq!(before[2]["task"]["timers"][0]["userId"], json!(ANNA));
    let entries = before[1]["task"]["timeEntries"].as_array().unwrap();
    assert!(entries.iter().any(|e| e["type"] == 1));
    assert!(
        entries
            .iter()
            .any(|e| e["comment"] == "Ревью" && e["duration"] == 50)
    );
    assert_eq!(
        before[3]["comments"].as_array().unwrap().len(),
        4,
        "three seeded left and one new"
    );

    let second = first.restart(&db).await;
    assert_eq!(state(&second).await, before);
    let file = second.ok("/tm/tasks/5").await["task"]["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "заметки.md")
        .cloned()
        .unwrap();
    assert_eq!(
        second.download(file["url"].as_str().unwrap()).await,
        "# Итоги".as_bytes()
    );
    second.sandbox.shutdown().await;
}
