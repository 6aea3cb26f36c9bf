use reqwest::{Method, StatusCode};
use serde_json::json;

use super::{ack, expect, invalid, record_not_found, task};
use crate::common::Api;

#[tokio::test]
async fn read_update_delete_a_tag() {
    let api = Api::start().await;
    assert_eq!(
        api.ok("/ws/tags/1").await,
        json!({"success": true, "tag": {"id": 1, "title": "bug", "color": "#e5484d"}})
    );
    let updated = api
        .put("/ws/tags/1", json!({"title": "баг", "color": "#AA0000"}))
        .await;
    expect(&updated, StatusCode::OK, ack());
    assert_eq!(
        api.ok("/ws/tags/1").await["tag"],
        json!({"id": 1, "title": "баг", "color": "#AA0000"})
    );
    expect(&api.delete("/ws/tags/1", None).await, StatusCode::OK, ack());
    for method in [Method::GET, Method::PUT, Method::DELETE] {
        expect(
            &api.send(
                method,
                "/ws/tags/1",
                Some(json!({"title": "x", "color": "#000000"})),
            )
            .await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
}

#[tokio::test]
async fn tag_bodies_are_checked() {
    let api = Api::start().await;
    expect(
        &api.put("/ws/tags/2", json!({"title": "ok", "color": "green"}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("color", "The color field format is invalid."),
    );
    expect(
        &api.put("/ws/tags/2", json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "success": false,
            "message": "The title field is required.",
            "errors": {
                "title": ["The title field is required."],
                "color": ["The color field is required."]
            }
        }),
    );
    expect(
        &api.post("/ws/tags", json!({"title": "x".repeat(256)}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(
            "title",
            "The title field must not be greater than 255 characters.",
        ),
    );
    let patch = api.send(Method::PATCH, "/ws/tags/2", None).await;
    assert_eq!(patch.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(patch.header("allow"), Some("GET, HEAD, PUT, DELETE"));
}

#[tokio::test]
async fn a_deleted_tag_leaves_tasks_and_contacts() {
    let api = Api::start().await;
    // Tag 7 is "клиент", carried by tasks and CRM records alike.
    let tagged = api.all_tasks("tags[]=7&all=1").await;
    assert!(!tagged.is_empty());
    let contacts = api.ok("/crm/contacts?limit=100").await["contacts"].clone();
    let tagged_contacts: Vec<String> = contacts
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["tags"].as_array().unwrap().contains(&json!(7)))
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(!tagged_contacts.is_empty());

    expect(&api.delete("/ws/tags/7", None).await, StatusCode::OK, ack());
    for t in &tagged {
        let now = task(&api, t["id"].as_i64().unwrap()).await;
        let mut expected: Vec<_> = t["tags"].as_array().unwrap().clone();
        expected.retain(|tag| tag != &json!(7));
        assert_eq!(now["tags"], json!(expected), "{}", now["title"]);
    }
    for id in tagged_contacts {
        let contact = api.ok(&format!("/crm/contacts/{id}")).await["contact"].clone();
        assert!(!contact["tags"].as_array().unwrap().contains(&json!(7)));
    }
    // Filtering by the tag is now a filter by an unknown tag.
    expect(
        &api.get("/tm/tasks?tags[]=7").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("tags.0", "The selected tags.0 is invalid."),
    );
}
