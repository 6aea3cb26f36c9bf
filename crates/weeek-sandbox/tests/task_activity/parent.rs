use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, invalid, record_not_found, task};
use crate::common::Api;

#[tokio::test]
async fn parent_bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    let not_a_parent = "The selected parent id is invalid.";
    let cases = [
        (json!({}), invalid(&[("parentId", required)])),
        (
            json!({"parentId": "first"}),
            invalid(&[("parentId", "The parent id must be an integer.")]),
        ),
        // Itself, one of its own sub-tasks, and no task at all.
        (
            json!({"parentId": 1}),
            invalid(&[("parentId", not_a_parent)]),
        ),
        (
            json!({"parentId": 2}),
            invalid(&[("parentId", not_a_parent)]),
        ),
        (
            json!({"parentId": 99999}),
            invalid(&[("parentId", not_a_parent)]),
        ),
        (
            json!({"parentId": 5, "after": 1}),
            invalid(&[("after", "The selected after is invalid.")]),
        ),
    ];
    for (body, answer) in cases {
        let got = api.post("/tm/tasks/1/parent", body.clone()).await;
        expect(&got, StatusCode::UNPROCESSABLE_ENTITY, answer);
    }
    expect(
        &api.post(
            "/tm/tasks/5/parent",
            json!({"parentId": 1, "after": 2, "before": 3}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(&[(
            "after",
            "The after field prohibits before from being present.",
        )]),
    );
    expect(
        &api.post("/tm/tasks/99999/parent", json!({"parentId": null}))
            .await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    let get = api.send(Method::GET, "/tm/tasks/1/parent", None).await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow"), Some("POST"));
    // Nothing was changed by the refused bodies.
    assert_eq!(task(&api, 1).await["subTasks"], json!([2, 3, 4]));
}

#[tokio::test]
async fn a_new_parent_places_the_task_among_its_sub_tasks() {
    let api = Api::start().await;
    assert_eq!(task(&api, 1).await["subTasks"], json!([2, 3, 4]));
    expect(
        &api.post("/tm/tasks/5/parent", json!({"parentId": 1, "after": 2}))
            .await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(task(&api, 1).await["subTasks"], json!([2, 5, 3, 4]));
    assert_eq!(task(&api, 5).await["parentId"], json!(1));

    api.post("/tm/tasks/4/parent", json!({"parentId": 1, "before": 2}))
        .await;
    assert_eq!(task(&api, 1).await["subTasks"], json!([4, 2, 5, 3]));
    // Without a neighbour it goes last.
    api.post("/tm/tasks/2/parent", json!({"parentId": 1})).await;
    assert_eq!(task(&api, 1).await["subTasks"], json!([4, 5, 3, 2]));

    expect(
        &api.post("/tm/tasks/5/parent", json!({"parentId": null}))
            .await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(task(&api, 5).await["parentId"], json!(null));
    assert_eq!(task(&api, 1).await["subTasks"], json!([4, 3, 2]));
}
