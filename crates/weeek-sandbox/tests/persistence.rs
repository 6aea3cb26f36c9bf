//! A file database keeps writes across restarts and is not reseeded.

mod common;

use common::{Api, TempDb};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test]
async fn contact_survives_a_restart() {
    let db = TempDb::new();
    let first = Api::on_file(&db).await;
    let created = first
        .post(
            "/crm/contacts",
            json!({"firstName": "Сохранённый", "emails": ["keep@example.com"]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let contact = created.json()["contact"].clone();
    let tasks_before = first.all_tasks("all=1").await.len();
    let second = first.restart(&db).await;
    let id = contact["id"].as_str().unwrap();
    assert_eq!(
        second.ok(&format!("/crm/contacts/{id}")).await["contact"],
        contact
    );
    assert_eq!(second.all_tasks("all=1").await.len(), tasks_before);
    second.sandbox.shutdown().await;
}
