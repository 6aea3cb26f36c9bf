use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{ack, expect, invalid, record_not_found, task_titled};
use crate::common::{ANNA, Api, DMITRY, IVAN, MARIA};

/// The demo's thread on task 1, as the list answers it.
fn seeded_thread() -> Vec<Value> {
    vec![
        json!({"id": 1, "parentId": null, "authorId": ANNA,
               "markdown": "Банк прислал новую версию SDK — **2.1**. Берём её, в 2.0 нет возврата из приложения банка.",
               "createdAt": "2026-11-18T06:30:00Z", "updatedAt": "2026-11-18T06:30:00Z"}),
        json!({"id": 2, "parentId": 1, "authorId": IVAN,
               "markdown": "Ок, переключил. Возврат работает, но на Android 9 теряется `deeplink` после поворота экрана.",
               "createdAt": "2026-11-18T07:15:00Z", "updatedAt": "2026-11-18T07:15:00Z"}),
        json!({"id": 3, "parentId": 2, "authorId": DMITRY,
               "markdown": "Это у нас: активити пересоздаётся. Сохраню параметры в `savedInstanceState`.",
               "createdAt": "2026-11-19T06:20:00Z", "updatedAt": "2026-11-19T06:20:00Z"}),
        json!({"id": 4, "parentId": null, "authorId": MARIA,
               "markdown": "Проверила на тестовом стенде:\n\n- оплата проходит\n- статус в истории обновляется через ~5 секунд\n- при отмене в банке заказ остаётся «ожидает оплаты» — так и задумано?",
               "createdAt": "2026-11-20T09:20:00Z", "updatedAt": "2026-11-20T09:20:00Z"}),
    ]
}

#[tokio::test]
async fn comments_are_paged_without_a_success_key() {
    let api = Api::start().await;
    let all = api.get("/tm/tasks/1/comments").await;
    expect(
        &all,
        StatusCode::OK,
        json!({"comments": seeded_thread(), "hasMore": false}),
    );
    let thread = seeded_thread();
    expect(
        &api.get("/tm/tasks/1/comments?limit=2").await,
        StatusCode::OK,
        json!({"comments": thread[..2], "hasMore": true}),
    );
    expect(
        &api.get("/tm/tasks/1/comments?limit=2&offset=2").await,
        StatusCode::OK,
        json!({"comments": thread[2..], "hasMore": false}),
    );
    // The English thread of the demo.
    let hero = task_titled(&api, "Homepage hero section").await;
    let english = api.ok(&format!("/tm/tasks/{hero}/comments")).await;
    assert_eq!(english["comments"].as_array().unwrap().len(), 3);
    assert_eq!(
        english["comments"][1]["parentId"],
        english["comments"][0]["id"]
    );
    expect(
        &api.get("/tm/tasks/1/comments?limit=0").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(&[("limit", "The limit field must be at least 1.")]),
    );
    expect(
        &api.get("/tm/tasks/99999/comments").await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}

#[tokio::test]
async fn comments_are_written_and_deleted_with_their_replies() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks/1/comments",
            json!({"markdown": "Да, так и задумано: заказ отменится через 15 минут.", "parentId": 4}),
        )
        .await;
    let comment = created.json()["comment"].clone();
    let at = comment["createdAt"].clone();
    expect(
        &created,
        StatusCode::OK,
        json!({"success": true, "comment": {
            "id": 8, "parentId": 4, "authorId": ANNA,
            "markdown": "Да, так и задумано: заказ отменится через 15 минут.",
            "createdAt": at, "updatedAt": at,
        }}),
    );

    expect(
        &api.delete("/tm/tasks/1/comments/1", None).await,
        StatusCode::OK,
        ack(),
    );
    let left: Vec<Value> = api.ok("/tm/tasks/1/comments").await["comments"]
        .as_array()
        .unwrap()
        .clone();
    let ids: Vec<i64> = left.iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, [4, 8], "the replies went with the comment");
    expect(
        &api.delete("/tm/tasks/1/comments/1", None).await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    // A comment of another task is not this task's.
    expect(
        &api.delete("/tm/tasks/2/comments/4", None).await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}

#[tokio::test]
async fn comment_bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    let cases = [
        (json!({}), invalid(&[("markdown", required)])),
        (
            json!({"markdown": "  "}),
            invalid(&[("markdown", required)]),
        ),
        (
            json!({"markdown": 5}),
            invalid(&[("markdown", "The markdown field must be a string.")]),
        ),
        // Comment 5 belongs to another task.
        (
            json!({"markdown": "a", "parentId": 5}),
            invalid(&[("parentId", "The selected parent id is invalid.")]),
        ),
        (
            json!({"markdown": "a", "parentId": "x"}),
            invalid(&[("parentId", "The parent id must be an integer.")]),
        ),
    ];
    for (body, answer) in cases {
        expect(
            &api.post("/tm/tasks/1/comments", body).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            answer,
        );
    }
    let put = api
        .send(Method::PUT, "/tm/tasks/1/comments", Some(json!({})))
        .await;
    assert_eq!(put.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(put.header("allow"), Some("GET, HEAD, POST"));
}
