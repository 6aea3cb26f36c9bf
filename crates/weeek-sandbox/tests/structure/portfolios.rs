use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, ids, invalid, record_not_found};
use crate::common::Api;

#[tokio::test]
async fn the_seeded_tree_pages_and_filters() {
    let api = Api::start().await;
    assert_eq!(
        api.ok("/tm/portfolios").await,
        json!({
            "success": true,
            "data": [
                {"id": 1, "name": "Клиентские проекты", "parentId": null, "isPrivate": false},
                {"id": 2, "name": "Мобильная разработка", "parentId": 1, "isPrivate": false},
                {"id": 3, "name": "Сайты и интеграции", "parentId": 1, "isPrivate": false},
                {"id": 4, "name": "Студия", "parentId": null, "isPrivate": false},
                {"id": 5, "name": "Архив", "parentId": 4, "isPrivate": true}
            ],
            "hasMore": false
        })
    );
    assert_eq!(
        ids(&api.ok("/tm/portfolios?parentId=1").await["data"]),
        [2, 3]
    );
    // Case-insensitive, Unicode-aware.
    assert_eq!(ids(&api.ok("/tm/portfolios?search=АРХ").await["data"]), [5]);

    let page = api.ok("/tm/portfolios?limit=2&offset=1").await;
    assert_eq!(ids(&page["data"]), [2, 3]);
    assert_eq!(page["hasMore"], json!(true));
    let last = api.ok("/tm/portfolios?limit=2&offset=4").await;
    assert_eq!(
        (ids(&last["data"]), &last["hasMore"]),
        (vec![5], &json!(false))
    );
    assert_eq!(
        api.ok("/tm/portfolios?limit=0").await,
        json!({"success": true, "data": [], "hasMore": true})
    );
}

#[tokio::test]
async fn list_parameters_are_checked() {
    let api = Api::start().await;
    let cases = [
        (
            "parentId=abc",
            "parentId",
            "The parent id must be an integer.",
        ),
        (
            "parentId=99",
            "parentId",
            "The selected parent id is invalid.",
        ),
        (
            "limit=101",
            "limit",
            "The limit field must be between 0 and 100.",
        ),
        ("limit=ten", "limit", "The limit must be an integer."),
        (
            "offset=-1",
            "offset",
            "The offset field must be at least 0.",
        ),
    ];
    for (query, field, message) in cases {
        let answer = api.get(&format!("/tm/portfolios?{query}")).await;
        expect(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(field, message),
        );
    }
}

#[tokio::test]
async fn create_read_rename_delete() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/portfolios",
            json!({"name": "  Партнёры  ", "parentId": 1}),
        )
        .await;
    let portfolio = json!({"id": 6, "name": "Партнёры", "parentId": 1, "isPrivate": false});
    expect(
        &created,
        StatusCode::OK,
        json!({"success": true, "data": portfolio}),
    );
    assert_eq!(
        api.ok("/tm/portfolios/6").await,
        json!({"success": true, "data": portfolio})
    );

    let top = api.post("/tm/portfolios", json!({"name": "Top"})).await;
    assert_eq!(top.json()["data"]["parentId"], json!(null));

    let renamed = api
        .put("/tm/portfolios/6", json!({"name": "Partners"}))
        .await;
    expect(
        &renamed,
        StatusCode::OK,
        json!({"success": true, "data": {"id": 6, "name": "Partners", "parentId": 1, "isPrivate": false}}),
    );

    expect(
        &api.delete("/tm/portfolios/6", None).await,
        StatusCode::OK,
        ack(),
    );
    expect(
        &api.get("/tm/portfolios/6").await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}

#[tokio::test]
async fn deleting_a_portfolio_moves_what_it_held_up_a_level() {
    let api = Api::start().await;
    // Project 1 is filed in portfolio 2, a child of 1.
    assert_eq!(
        api.ok("/tm/projects/1").await["project"]["portfolioId"],
        json!(2)
    );
    expect(
        &api.delete("/tm/portfolios/2", None).await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(
        api.ok("/tm/projects/1").await["project"]["portfolioId"],
        json!(1)
    );

    // Portfolio 1 held 3 (with projects 2 and 3) and now project 1: all go to the top.
    api.delete("/tm/portfolios/1", None).await;
    assert_eq!(
        api.ok("/tm/portfolios/3").await["data"]["parentId"],
        json!(null)
    );
    assert_eq!(
        api.ok("/tm/projects/1").await["project"]["portfolioId"],
        json!(null)
    );
    assert_eq!(
        api.ok("/tm/projects/2").await["project"]["portfolioId"],
        json!(3)
    );
}

#[tokio::test]
async fn bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    let cases = [
        (json!({}), "name", required),
        (json!({"name": "   "}), "name", required),
        (
            json!({"name": 5}),
            "name",
            "The name field must be a string.",
        ),
        (
            json!({"name": "x".repeat(256)}),
            "name",
            "The name field must not be greater than 255 characters.",
        ),
        (
            json!({"name": "ok", "parentId": 99}),
            "parentId",
            "The selected parent id is invalid.",
        ),
        (
            json!({"name": "ok", "parentId": "first"}),
            "parentId",
            "The parent id must be an integer.",
        ),
    ];
    for (body, field, message) in cases {
        let answer = api.post("/tm/portfolios", body.clone()).await;
        expect(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(field, message),
        );
    }
    let rename = api.put("/tm/portfolios/1", json!({"name": ""})).await;
    expect(
        &rename,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("name", required),
    );
}

#[tokio::test]
async fn unknown_portfolios_and_wrong_verbs() {
    let api = Api::start().await;
    for method in [Method::GET, Method::PUT, Method::DELETE] {
        let answer = api
            .send(
                method.clone(),
                "/tm/portfolios/999",
                Some(json!({"name": "x"})),
            )
            .await;
        expect(&answer, StatusCode::NOT_FOUND, record_not_found());
    }
    expect(
        &api.get("/tm/portfolios/abc").await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    let patch = api
        .send(
            Method::PATCH,
            "/tm/portfolios/1",
            Some(json!({"name": "x"})),
        )
        .await;
    assert_eq!(patch.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(patch.header("allow"), Some("GET, HEAD, PUT, DELETE"));
    let delete_all = api.delete("/tm/portfolios", None).await;
    assert_eq!(delete_all.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(delete_all.header("allow"), Some("GET, HEAD, POST"));
}
