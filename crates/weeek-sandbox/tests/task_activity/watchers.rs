use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, invalid, record_not_found, task};
use crate::common::{Api, MARIA, NOT_A_MEMBER};

#[tokio::test]
async fn watchers_are_added_and_removed_with_a_json_body() {
    let api = Api::start().await;
    let before = task(&api, 5).await["subscribers"].clone();
    assert!(!before.as_array().unwrap().contains(&json!(MARIA)));

    // Named twice, added once.
    expect(
        &api.post("/tm/tasks/5/watchers", json!({"watchers": [MARIA, MARIA]}))
            .await,
        StatusCode::OK,
        ack(),
    );
    let mut expected = before.as_array().unwrap().clone();
    expected.push(json!(MARIA));
    let added = task(&api, 5).await;
    assert_eq!(added["subscribers"], json!(expected));
    // Adding a watcher again changes nothing, not even `updatedAt`.
    api.post("/tm/tasks/5/watchers", json!({"watchers": [MARIA]}))
        .await;
    assert_eq!(task(&api, 5).await, added);

    expect(
        &api.delete("/tm/tasks/5/watchers", Some(json!({"watchers": [MARIA]})))
            .await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(task(&api, 5).await["subscribers"], before);
    // Removing someone who does not watch is an ack too.
    expect(
        &api.delete("/tm/tasks/5/watchers", Some(json!({"watchers": [MARIA]})))
            .await,
        StatusCode::OK,
        ack(),
    );
}

#[tokio::test]
async fn watcher_bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    for method in [Method::POST, Method::DELETE] {
        for body in [
            json!({}),
            json!({"watchers": []}),
            json!({"watchers": null}),
        ] {
            let got = api
                .send(method.clone(), "/tm/tasks/5/watchers", Some(body))
                .await;
            expect(
                &got,
                StatusCode::UNPROCESSABLE_ENTITY,
                invalid(&[("watchers", required)]),
            );
        }
        let got = api
            .send(
                method.clone(),
                "/tm/tasks/5/watchers",
                Some(json!({"watchers": [MARIA, NOT_A_MEMBER]})),
            )
            .await;
        expect(
            &got,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(&[("watchers.1", "The selected watchers.1 is invalid.")]),
        );
        let got = api
            .send(
                method.clone(),
                "/tm/tasks/99999/watchers",
                Some(json!({"watchers": [MARIA]})),
            )
            .await;
        expect(&got, StatusCode::NOT_FOUND, record_not_found());
    }
}
