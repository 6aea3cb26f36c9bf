use reqwest::StatusCode;
use serde_json::json;

use super::{ack, expect, invalid, record_not_found, task};
use crate::common::{Api, MARIA, NOT_A_MEMBER};

#[tokio::test]
async fn time_entries_are_written_read_back_and_deleted() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks/5/time-entries",
            json!({"userId": MARIA, "isOvertime": 1, "date": "2026-11-19", "duration": 45,
                   "comment": "Ревью макетов"}),
        )
        .await;
    let id = created.json()["data"]["id"].as_str().unwrap().to_owned();
    let entry = json!({
        "id": id, "userId": MARIA, "type": 2, "isOvertime": true, "date": "2026-11-19",
        "duration": 45, "comment": "Ревью макетов", "durationSeconds": 2700,
    });
    expect(
        &created,
        StatusCode::OK,
        json!({"success": true, "data": entry}),
    );
    assert!(
        task(&api, 5).await["timeEntries"]
            .as_array()
            .unwrap()
            .contains(&entry)
    );

    let path = format!("/tm/tasks/5/time-entries/{id}");
    let updated = json!({
        "id": id, "userId": MARIA, "type": 2, "isOvertime": false, "date": "2026-11-20",
        "duration": 90, "comment": "Ревью макетов", "durationSeconds": 5400,
    });
    expect(
        &api.put(
            &path,
            json!({"userId": MARIA, "isOvertime": false, "date": "2026-11-20", "duration": 90}),
        )
        .await,
        StatusCode::OK,
        json!({"success": true, "data": updated}),
    );
    expect(&api.delete(&path, None).await, StatusCode::OK, ack());
    assert!(
        !task(&api, 5).await["timeEntries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == json!(id))
    );
    expect(
        &api.delete(&path, None).await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    // An entry is reached through its own task only.
    let other = api
        .post(
            "/tm/tasks/6/time-entries",
            json!({"userId": MARIA, "isOvertime": false, "date": "2026-11-19", "duration": 5}),
        )
        .await
        .json()["data"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    expect(
        &api.delete(&format!("/tm/tasks/5/time-entries/{other}"), None)
            .await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}

#[tokio::test]
async fn time_entry_bodies_are_checked() {
    let api = Api::start().await;
    expect(
        &api.post("/tm/tasks/5/time-entries", json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(&[
            ("userId", "The user id field is required."),
            ("isOvertime", "The is overtime field is required."),
            ("date", "The date field is required."),
            ("duration", "The duration field is required."),
        ]),
    );
    let valid = json!({"userId": MARIA, "isOvertime": false, "date": "2026-11-19", "duration": 5});
    let cases = [
        (
            "userId",
            json!(NOT_A_MEMBER),
            "The selected user id is invalid.",
        ),
        (
            "isOvertime",
            json!("maybe"),
            "The is overtime field must be true or false.",
        ),
        (
            "date",
            json!("19.11.2026"),
            "The date field must match the format Y-m-d.",
        ),
        (
            "duration",
            json!(0),
            "The duration field must be between 1 and 1440.",
        ),
        (
            "duration",
            json!(1441),
            "The duration field must be between 1 and 1440.",
        ),
        (
            "duration",
            json!("long"),
            "The duration must be an integer.",
        ),
    ];
    for (key, value, message) in cases {
        let mut body = valid.clone();
        body[key] = value;
        expect(
            &api.post("/tm/tasks/5/time-entries", body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(&[(key, message)]),
        );
    }
    expect(
        &api.post("/tm/tasks/99999/time-entries", valid.clone())
            .await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    expect(
        &api.put("/tm/tasks/5/time-entries/nope", valid).await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}
