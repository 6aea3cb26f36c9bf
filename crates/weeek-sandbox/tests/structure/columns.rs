use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, ids, invalid, record_not_found, task};
use crate::common::Api;

async fn column_ids(api: &Api, board: i64) -> Vec<i64> {
    ids(&api.ok(&format!("/tm/board-columns?boardId={board}")).await["boardColumns"])
}

#[tokio::test]
async fn create_rename_and_move_keep_the_order() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/board-columns",
            json!({"name": "Заблокировано", "boardId": 1}),
        )
        .await;
    expect(
        &created,
        StatusCode::OK,
        json!({"success": true, "boardColumn": {"id": 27, "name": "Заблокировано", "boardId": 1}}),
    );
    assert_eq!(column_ids(&api, 1).await, [1, 2, 3, 4, 5, 27]);

    let moves = [
        (27, json!(2), vec![1, 2, 27, 3, 4, 5]),
        (1, json!(5), vec![2, 27, 3, 4, 5, 1]),
        (1, json!(null), vec![1, 2, 27, 3, 4, 5]),
        (5, json!(1), vec![1, 5, 2, 27, 3, 4]),
        (4, json!(3), vec![1, 5, 2, 27, 3, 4]),
    ];
    for (id, upper, order) in moves {
        let answer = api
            .post(
                &format!("/tm/board-columns/{id}/move"),
                json!({"upperBoardColumnId": upper}),
            )
            .await;
        expect(&answer, StatusCode::OK, ack());
        assert_eq!(column_ids(&api, 1).await, order, "{id} below {upper}");
    }

    let renamed = api
        .put("/tm/board-columns/27", json!({"name": "Blocked"}))
        .await;
    expect(
        &renamed,
        StatusCode::OK,
        json!({"success": true, "boardColumn": {"id": 27, "name": "Blocked", "boardId": 1}}),
    );
    assert_eq!(
        api.ok("/tm/board-columns?boardId=1").await["boardColumns"][3],
        json!({"id": 27, "name": "Blocked", "boardId": 1})
    );
}

#[tokio::test]
async fn bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    expect(
        &api.post("/tm/board-columns", json!({"name": ""})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "success": false,
            "message": required,
            "errors": {"name": [required], "boardId": [required]}
        }),
    );
    expect(
        &api.post("/tm/board-columns", json!({"name": "C", "boardId": 99}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("boardId", "The selected board id is invalid."),
    );
    expect(
        &api.put("/tm/board-columns/1", json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("name", required),
    );
    // Column 6 is on another board.
    expect(
        &api.post("/tm/board-columns/1/move", json!({"upperBoardColumnId": 6}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(
            "upperBoardColumnId",
            "The selected upper board column id is invalid.",
        ),
    );
    for (method, path) in [
        (Method::PUT, "/tm/board-columns/999"),
        (Method::DELETE, "/tm/board-columns/999"),
        (Method::POST, "/tm/board-columns/999/move"),
    ] {
        let answer = api.send(method, path, Some(json!({"name": "x"}))).await;
        expect(&answer, StatusCode::NOT_FOUND, record_not_found());
    }
    let get = api.get("/tm/board-columns/1").await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow"), Some("PUT, DELETE"));
}

#[tokio::test]
async fn deleting_a_column_moves_its_tasks_to_the_first_one() {
    let api = Api::start().await;
    assert_eq!(task(&api, 1).await["boardColumnId"], json!(2));
    let in_column = api.all_tasks("boardColumnId=2&all=1").await;
    let in_first = api.all_tasks("boardColumnId=1&all=1").await.len();

    expect(
        &api.delete("/tm/board-columns/2", None).await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(column_ids(&api, 1).await, [1, 3, 4, 5]);
    assert_eq!(
        task(&api, 1).await["locations"],
        json!([{"projectId": 1, "boardId": 1, "boardColumnId": 1}])
    );
    assert_eq!(
        api.all_tasks("boardColumnId=1&all=1").await.len(),
        in_first + in_column.len()
    );

    // Deleting the first column now sends its tasks to the next first one.
    api.delete("/tm/board-columns/1", None).await;
    assert_eq!(task(&api, 1).await["boardColumnId"], json!(3));
}

#[tokio::test]
async fn a_board_without_columns_keeps_its_tasks() {
    let api = Api::start().await;
    for id in [24, 25, 26] {
        api.delete(&format!("/tm/board-columns/{id}"), None).await;
    }
    assert_eq!(column_ids(&api, 7).await, Vec::<i64>::new());
    let tasks = api.all_tasks("boardId=7&all=1").await;
    assert_eq!(tasks.len(), 4);
    for t in &tasks {
        assert_eq!(
            t["locations"],
            json!([{"projectId": 5, "boardId": 7, "boardColumnId": null}])
        );
    }
}
