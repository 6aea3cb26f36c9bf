use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{ack, expect, field_names, ids, invalid, record_not_found, task};
use crate::common::{ANNA, Api};

const OLGA: &str = "b2e4f6a8-1c3d-4e5f-8a9b-0c1d2e3f4a73";
const JAMES: &str = "6f708192-a3b4-4c5d-96e7-f8091a2b3ca6";

#[tokio::test]
async fn the_archived_project_is_not_listed_but_resolves() {
    let api = Api::start().await;
    assert_eq!(ids(&api.ok("/tm/projects").await["projects"]), [1, 2, 3, 4]);
    assert_eq!(
        api.ok("/tm/projects/5").await,
        json!({
            "success": true,
            "project": {
                "id": 5,
                "title": "Лендинг «Осень 2025»",
                "name": "Лендинг «Осень 2025»",
                "logoLink": null,
                "description": "Промо-лендинг сезонного меню «Зерна». Кампания закончилась, проект в архиве.",
                "color": "#978365",
                "isPrivate": false,
                "portfolioId": 5,
                "status": 2,
                "team": [ANNA, OLGA, JAMES],
                "customFields": [{
                    "id": "9df95ae9-6b32-47df-8c22-e9d01f2a3b12",
                    "name": "Промокод",
                    "type": "text",
                    "config": {},
                    "options": []
                }]
            }
        })
    );
    // Its boards and tasks are still there.
    assert_eq!(ids(&api.ok("/tm/boards?projectId=5").await["boards"]), [7]);
    let tasks = api.all_tasks("projectId=5").await;
    assert_eq!(tasks.len(), 4);
}

#[tokio::test]
async fn archive_and_un_archive() {
    let api = Api::start().await;
    let archived = api.post("/tm/projects/1/archive", json!({})).await;
    expect(&archived, StatusCode::OK, ack());
    assert_eq!(ids(&api.ok("/tm/projects").await["projects"]), [2, 3, 4]);
    assert_eq!(
        api.ok("/tm/projects/1").await["project"]["status"],
        json!(2)
    );
    // Archiving twice changes nothing.
    expect(
        &api.post("/tm/projects/1/archive", json!({})).await,
        StatusCode::OK,
        ack(),
    );

    let back = api.post("/tm/projects/1/un-archive", json!({})).await;
    expect(&back, StatusCode::OK, ack());
    assert_eq!(ids(&api.ok("/tm/projects").await["projects"]), [1, 2, 3, 4]);
    assert_eq!(
        api.ok("/tm/projects/1").await["project"]["status"],
        json!(1)
    );
    api.post("/tm/projects/5/un-archive", json!({})).await;
    assert_eq!(
        ids(&api.ok("/tm/projects").await["projects"]),
        [1, 2, 3, 4, 5]
    );

    for path in ["/tm/projects/99/archive", "/tm/projects/99/un-archive"] {
        expect(
            &api.post(path, json!({})).await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
    let get = api.get("/tm/projects/1/archive").await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow"), Some("POST"));
}

#[tokio::test]
async fn create_and_update() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/projects",
            json!({
                "name": "Интеграция с кассами",
                "logo": null,
                "isPrivate": 0,
                "description": "Эвотор и АТОЛ",
                "portfolioId": 3
            }),
        )
        .await;
    let mut project = json!({
        "id": 6,
        "title": "Интеграция с кассами",
        "name": "Интеграция с кассами",
        "logoLink": null,
        "description": "Эвотор и АТОЛ",
        "color": "#4f7cff",
        "isPrivate": false,
        "portfolioId": 3,
        "status": 1,
        "team": [ANNA],
        "customFields": []
    });
    expect(
        &created,
        StatusCode::OK,
        json!({"success": true, "project": project}),
    );
    assert_eq!(
        ids(&api.ok("/tm/projects").await["projects"]),
        [1, 2, 3, 4, 6]
    );

    let updated = api
        .put(
            "/tm/projects/6",
            json!({
                "name": "Кассы",
                "isPrivate": true,
                "logo": "image/kassa.png",
                "description": null,
                "color": "#003C93"
            }),
        )
        .await;
    project["title"] = json!("Кассы");
    project["name"] = json!("Кассы");
    project["isPrivate"] = json!(true);
    project["logoLink"] = json!("image/kassa.png");
    project["description"] = json!(null);
    project["color"] = json!("#003C93");
    expect(
        &updated,
        StatusCode::OK,
        json!({"success": true, "project": project}),
    );

    // Keys left out keep their values.
    let renamed = api
        .put(
            "/tm/projects/6",
            json!({"name": "Кассы 2", "isPrivate": "0"}),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK);
    let after = api.ok("/tm/projects/6").await["project"].clone();
    assert_eq!(after["color"], json!("#003C93"));
    assert_eq!(after["logoLink"], json!("image/kassa.png"));
    assert_eq!(after["isPrivate"], json!(false));
}

#[tokio::test]
async fn bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    let missing = api.post("/tm/projects", json!({})).await;
    expect(
        &missing,
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "success": false,
            "message": required,
            "errors": {"name": [required], "isPrivate": [required]}
        }),
    );
    let cases = [
        (
            json!({"name": "P", "isPrivate": "yes"}),
            "isPrivate",
            "The is private field must be true or false.",
        ),
        (
            json!({"name": "P", "isPrivate": false, "portfolioId": 99}),
            "portfolioId",
            "The selected portfolio id is invalid.",
        ),
        (
            json!({"name": "P", "isPrivate": false, "color": "red"}),
            "color",
            "The color field format is invalid.",
        ),
        (
            json!({"name": "P", "isPrivate": false, "description": 5}),
            "description",
            "The description field must be a string.",
        ),
    ];
    for (body, field, message) in cases {
        let answer = api.post("/tm/projects", body.clone()).await;
        expect(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(field, message),
        );
    }
    let update = api
        .put("/tm/projects/1", json!({"name": "Only a name"}))
        .await;
    expect(
        &update,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("isPrivate", required),
    );
    for method in [Method::GET, Method::PUT, Method::DELETE] {
        let answer = api
            .send(
                method,
                "/tm/projects/999",
                Some(json!({"name": "x", "isPrivate": false})),
            )
            .await;
        expect(&answer, StatusCode::NOT_FOUND, record_not_found());
    }
    let patch = api
        .send(Method::PATCH, "/tm/projects/1", Some(json!({})))
        .await;
    assert_eq!(patch.header("allow"), Some("GET, HEAD, PUT, DELETE"));
}

fn location_projects(task: &Value) -> Vec<i64> {
    task["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["projectId"].as_i64().unwrap())
        .collect()
}

#[tokio::test]
async fn deleting_a_project_hides_its_tasks() {
    let api = Api::start().await;
    let in_project = api.all_tasks("projectId=2&all=1").await;
    let (shared, only_here): (Vec<Value>, Vec<Value>) = in_project
        .into_iter()
        .partition(|t| location_projects(t).len() > 1);
    assert_eq!(shared.len(), 1, "the seed has one task in two projects");
    assert!(field_names(&shared[0]).iter().any(|n| n == "Stage"));
    assert!(only_here.len() > 20);
    let listed_before = api.all_tasks("").await.len();

    expect(
        &api.delete("/tm/projects/2", None).await,
        StatusCode::OK,
        ack(),
    );
    expect(
        &api.get("/tm/projects/2").await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
    assert_eq!(ids(&api.ok("/tm/projects").await["projects"]), [1, 3, 4]);
    expect(
        &api.get("/tm/boards?projectId=2").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("projectId", "The selected project id is invalid."),
    );
    expect(
        &api.get("/tm/board-columns?boardId=3").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("boardId", "The selected board id is invalid."),
    );

    // The task shared with project 1 stays there; the others are deleted, still readable.
    let kept = task(&api, shared[0]["id"].as_i64().unwrap()).await;
    assert_eq!(location_projects(&kept), [1]);
    assert_eq!(kept["isDeleted"], json!(false));
    for t in &only_here {
        let gone = task(&api, t["id"].as_i64().unwrap()).await;
        assert_eq!(gone["isDeleted"], json!(true), "{}", gone["title"]);
        assert_eq!(gone["locations"], json!([]));
    }
    let listed_after = api.all_tasks("").await.len();
    let were_listed = only_here.iter().filter(|t| t["isDeleted"] == false).count();
    assert_eq!(listed_after, listed_before - were_listed);

    // Its custom fields went with it: the task left in project 1 no longer shows them.
    let names = field_names(&kept);
    assert!(
        names.iter().all(|n| n != "Stage" && n != "Pages"),
        "{names:?}"
    );
    assert!(names.iter().any(|n| n == "Платформа"), "{names:?}");
}
