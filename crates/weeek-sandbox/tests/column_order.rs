//! The order of a board column's tasks: `POST /tm/tasks/{id}/locations` with `after` or
//! `before` puts a task next to another, and the list filtered by the column follows it.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::Api;
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn column_ids(api: &Api, column: i64) -> Vec<i64> {
    api.ok(&format!("/tm/tasks?boardColumnId={column}&perPage=100"))
        .await["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect()
}

/// A column of the demo with at least three tasks, and its project.
async fn busy_column(api: &Api) -> (i64, i64) {
    let boards = api.ok("/tm/boards?projectId=1").await["boards"].clone();
    for board in boards.as_array().unwrap() {
        let id = board["id"].as_i64().unwrap();
        let columns: Value = api.ok(&format!("/tm/board-columns?boardId={id}")).await;
        for c in columns["boardColumns"].as_array().unwrap() {
            let column = c["id"].as_i64().unwrap();
            if column_ids(api, column).await.len() >= 3 {
                return (1, column);
            }
        }
    }
    panic!("the demo has a column with three tasks");
}

#[tokio::test]
async fn after_and_before_put_a_task_next_to_another_in_its_column() {
    let api = Api::start().await;
    let (project, column) = busy_column(&api).await;
    let before = column_ids(&api, column).await;
    let (first, second, third) = (before[0], before[1], before[2]);

    let moved = api
        .post(
            &format!("/tm/tasks/{first}/locations"),
            json!({"projectId": project, "boardColumnId": column, "after": second}),
        )
        .await;
    assert_eq!(moved.status, StatusCode::NO_CONTENT, "{}", moved.text);
    let now = column_ids(&api, column).await;
    assert_eq!(
        &now[..3],
        &[second, first, third],
        "first went below second"
    );
    assert_eq!(now.len(), before.len(), "nothing else moved in or out");

    api.post(
        &format!("/tm/tasks/{third}/locations"),
        json!({"projectId": project, "boardColumnId": column, "before": second}),
    )
    .await;
    let now = column_ids(&api, column).await;
    assert_eq!(
        &now[..3],
        &[third, second, first],
        "third went above second"
    );

    // Without a neighbour the task goes to the bottom of the column, as any move there does.
    api.post(
        &format!("/tm/tasks/{third}/locations"),
        json!({"projectId": project, "boardColumnId": column}),
    )
    .await;
    assert_eq!(column_ids(&api, column).await.last(), Some(&third));

    let bad = api
        .post(
            &format!("/tm/tasks/{first}/locations"),
            json!({"projectId": project, "boardColumnId": column, "after": "x"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json()["errors"]["after"],
        json!(["The after must be an integer."])
    );
}
