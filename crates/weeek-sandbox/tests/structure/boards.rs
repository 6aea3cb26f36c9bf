use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, field_names, ids, invalid, record_not_found, task};
use crate::common::Api;

async fn board_ids(api: &Api, project: i64) -> Vec<i64> {
    ids(&api.ok(&format!("/tm/boards?projectId={project}")).await["boards"])
}

#[tokio::test]
async fn create_rename_and_move() {
    let api = Api::start().await;
    let created = api
        .post("/tm/boards", json!({"name": "QA", "projectId": 1}))
        .await;
    expect(
        &created,
        StatusCode::OK,
        json!({
            "success": true,
            "board": {"id": 8, "name": "QA", "projectId": 1, "isPrivate": false}
        }),
    );
    assert_eq!(board_ids(&api, 1).await, [1, 2, 8]);
    // A new board has no columns yet.
    assert_eq!(
        api.ok("/tm/board-columns?boardId=8").await,
        json!({"success": true, "boardColumns": []})
    );

    let moved = api
        .post("/tm/boards/8/move", json!({"upperBoardId": null}))
        .await;
    expect(&moved, StatusCode::OK, ack());
    assert_eq!(board_ids(&api, 1).await, [8, 1, 2]);
    api.post("/tm/boards/8/move", json!({"upperBoardId": 1}))
        .await;
    assert_eq!(board_ids(&api, 1).await, [1, 8, 2]);
    api.post("/tm/boards/1/move", json!({"upperBoardId": 2}))
        .await;
    assert_eq!(board_ids(&api, 1).await, [8, 2, 1]);
    // Without the key the board goes first, as with `null`.
    api.post("/tm/boards/1/move", json!({})).await;
    assert_eq!(board_ids(&api, 1).await, [1, 8, 2]);

    let renamed = api
        .put("/tm/boards/8", json!({"name": "Тестирование"}))
        .await;
    expect(&renamed, StatusCode::OK, ack());
    assert_eq!(
        api.ok("/tm/boards?projectId=1").await["boards"][1],
        json!({"id": 8, "name": "Тестирование", "projectId": 1, "isPrivate": false})
    );
}

#[tokio::test]
async fn bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    expect(
        &api.post("/tm/boards", json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "success": false,
            "message": required,
            "errors": {"name": [required], "projectId": [required]}
        }),
    );
    expect(
        &api.post("/tm/boards", json!({"name": "B", "projectId": 99}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("projectId", "The selected project id is invalid."),
    );
    expect(
        &api.put("/tm/boards/1", json!({"name": null})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("name", required),
    );
    let other_project = "The selected upper board id is invalid.";
    for upper in [json!(3), json!(1), json!(999)] {
        expect(
            &api.post("/tm/boards/1/move", json!({"upperBoardId": upper}))
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid("upperBoardId", other_project),
        );
    }
    expect(
        &api.post("/tm/boards/1/move", json!({"upperBoardId": "top"}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("upperBoardId", "The upper board id must be an integer."),
    );
}

#[tokio::test]
async fn unknown_boards_and_wrong_verbs() {
    let api = Api::start().await;
    for (method, path) in [
        (Method::PUT, "/tm/boards/999"),
        (Method::DELETE, "/tm/boards/999"),
        (Method::POST, "/tm/boards/999/move"),
    ] {
        let answer = api.send(method, path, Some(json!({"name": "x"}))).await;
        expect(&answer, StatusCode::NOT_FOUND, record_not_found());
    }
    // There is no read of one board.
    let get = api.get("/tm/boards/1").await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow"), Some("PUT, DELETE"));
    assert_eq!(
        api.send(Method::PUT, "/tm/boards", None)
            .await
            .header("allow"),
        Some("GET, HEAD, POST")
    );
}

#[tokio::test]
async fn deleting_a_board_takes_its_tasks_off_it() {
    let api = Api::start().await;
    let before = task(&api, 5).await;
    assert_eq!(
        before["locations"],
        json!([{"projectId": 1, "boardId": 2, "boardColumnId": 7}])
    );
    assert!(field_names(&before).iter().any(|n| n == "Серьёзность"));
    let on_board = api.all_tasks("boardId=2&all=1").await.len();
    assert!(on_board > 5);

    expect(
        &api.delete("/tm/boards/2", None).await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(board_ids(&api, 1).await, [1]);
    expect(
        &api.get("/tm/board-columns?boardId=2").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("boardId", "The selected board id is invalid."),
    );
    expect(
        &api.get("/tm/tasks?boardColumnId=7").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("boardColumnId", "The selected board column id is invalid."),
    );

    let after = task(&api, 5).await;
    assert_eq!(
        after["locations"],
        json!([{"projectId": 1, "boardId": null, "boardColumnId": null}])
    );
    assert_eq!(
        (
            &after["projectId"],
            &after["boardId"],
            &after["boardColumnId"]
        ),
        (&json!(1), &json!(null), &json!(null))
    );
    assert_eq!(after["isDeleted"], json!(false));
    // The board's field is gone, the project's stays.
    let names = field_names(&after);
    assert!(!names.iter().any(|n| n == "Серьёзность"), "{names:?}");
    assert!(names.iter().any(|n| n == "Платформа"), "{names:?}");

    // A new board's positions close the gap: it comes last.
    let created = api
        .post("/tm/boards", json!({"name": "Баги 2", "projectId": 1}))
        .await;
    assert_eq!(created.status, StatusCode::OK);
    assert_eq!(board_ids(&api, 1).await, [1, 8]);
}
