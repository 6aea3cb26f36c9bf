//! A file database keeps writes across restarts and is not reseeded.

mod common;

use common::{Api, config};
use reqwest::StatusCode;
use serde_json::json;
use weeek_sandbox::DbLocation;

struct TempFile(std::path::PathBuf);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[tokio::test]
async fn contact_survives_a_restart() {
    let path = std::env::temp_dir().join(format!("weeek-sandbox-{}.db", uuid::Uuid::new_v4()));
    let _cleanup = TempFile(path.clone());

    let first = Api::with_config(config(DbLocation::File(path.clone()))).await;
    let created = first
        .post(
            "/crm/contacts",
            json!({"firstName": "Сохранённый", "emails": ["keep@example.com"]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let contact = created.json()["contact"].clone();
    let tasks_before = first.all_tasks("all=1").await.len();
    first.sandbox.shutdown().await;

    let second = Api::with_config(config(DbLocation::File(path.clone()))).await;
    let id = contact["id"].as_str().unwrap();
    assert_eq!(
        second.ok(&format!("/crm/contacts/{id}")).await["contact"],
        contact
    );
    assert_eq!(second.all_tasks("all=1").await.len(), tasks_before);
    second.sandbox.shutdown().await;
}
