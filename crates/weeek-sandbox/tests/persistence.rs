//! A file database keeps writes across restarts and is not reseeded; a file written before
//! the task list ran in SQL opens and lists the same as a new one.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Api, MARIA, TempDb};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn ids(tasks: &[Value]) -> Vec<i64> {
    tasks.iter().map(|t| t["id"].as_i64().unwrap()).collect()
}

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

#[tokio::test]
async fn task_changes_survive_a_restart_and_are_found_by_the_filters() {
    let db = TempDb::new();
    let first = Api::on_file(&db).await;
    let created = first
        .post(
            "/tm/tasks",
            json!({"title": "Сверить ЁЛКИ", "description": "Годовой <b>отчёт</b>", "tags": [2]}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let id = created.json()["task"]["id"].as_i64().unwrap();
    let path = format!("/tm/tasks/{id}");
    assert_eq!(
        first
            .put(&path, json!({"title": "Сверить ёлки", "priority": 3}))
            .await
            .status,
        StatusCode::OK
    );
    let added = first
        .post(&format!("{path}/assignees"), json!({"assignees": [MARIA]}))
        .await;
    assert_eq!(added.status, StatusCode::OK);
    let before = first.ok(&path).await["task"].clone();
    first.sandbox.shutdown().await;

    let second = Api::on_file(&db).await;
    assert_eq!(second.ok(&path).await["task"], before);
    for query in [
        format!("userId={MARIA}&priority=3"),
        "search=%D0%B5%D0%BB%D0%BA%D0%B8".to_owned(), // "елки"
        "search=%D0%9E%D0%A2%D0%A7%D0%81%D0%A2".to_owned(), // "ОТЧЁТ", in the description
        "tags[]=2&sortBy=-priority".to_owned(),
    ] {
        let found = second.all_tasks(&query).await;
        assert!(ids(&found).contains(&id), "{query}");
    }
    second.sandbox.shutdown().await;
}

/// The names of a database file's indexes.
fn index_names(path: &std::path::Path) -> Vec<String> {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// What a file had before the task list ran in SQL: no folded columns, no assignee or tag
/// tables, only the indexes of that time, a rollback journal and `user_version` 0.
fn make_old(path: &std::path::Path) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let indexes: Vec<String> = conn
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for index in indexes {
        conn.execute_batch(&format!("DROP INDEX {index}")).unwrap();
    }
    conn.execute_batch(
        "DROP TRIGGER task_search_insert;
         DROP TRIGGER task_search_update;
         DROP TRIGGER task_search_delete;
         DROP TABLE task_search;
         DROP TABLE task_assignees;
         DROP TABLE task_tags;
         ALTER TABLE tasks DROP COLUMN title_folded;
         ALTER TABLE tasks DROP COLUMN text_folded;
         CREATE INDEX tasks_parent ON tasks (parent_id);
         CREATE INDEX task_locations_task ON task_locations (task_id);
         CREATE INDEX time_entries_task ON time_entries (task_id);
         CREATE INDEX task_attachments_task ON task_attachments (task_id);
         CREATE INDEX deals_status ON deals (status_id, position);
         CREATE INDEX deal_tasks_task ON deal_tasks (task_id);
         CREATE INDEX deal_attachments_deal ON deal_attachments (deal_id);
         PRAGMA user_version = 0;
         PRAGMA journal_mode = DELETE;",
    )
    .unwrap();
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('tasks')")
        .unwrap()
        .query_map([], |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        !columns.iter().any(|c| c.ends_with("_folded")),
        "{columns:?}"
    );
}

#[tokio::test]
async fn a_file_from_before_the_sql_list_is_brought_up_to_date() {
    let db = TempDb::new();
    let write =
        json!({"title": "Старый файл: отчёт", "assignees": [MARIA], "tags": [3], "priority": 2});
    let old = Api::on_file(&db).await;
    assert_eq!(
        old.post("/tm/tasks", write.clone()).await.status,
        StatusCode::OK
    );
    old.sandbox.shutdown().await;
    make_old(db.path());

    let migrated = Api::on_file(&db).await;
    let fresh_db = TempDb::new();
    let fresh = Api::on_file(&fresh_db).await;
    assert_eq!(fresh.post("/tm/tasks", write).await.status, StatusCode::OK);
    // The same indexes as a new file: the superseded ones are gone.
    assert_eq!(index_names(db.path()), index_names(fresh_db.path()));
    for query in [
        "all=1".to_owned(),
        format!("userId={MARIA}&completed=0"),
        "tags[]=3&tags[]=5".to_owned(),
        "search=%D0%9E%D0%A2%D0%A7%D0%95%D0%A2".to_owned(), // "ОТЧЕТ"
        "sortBy=name".to_owned(),
        "sortBy=-priority".to_owned(),
    ] {
        let before = fresh.all_tasks(&query).await;
        assert!(!before.is_empty(), "{query}");
        assert_eq!(
            ids(&migrated.all_tasks(&query).await),
            ids(&before),
            "{query}"
        );
    }
    // It still takes writes, and the list sees them.
    let added = migrated
        .post(
            "/tm/tasks",
            json!({"title": "После миграции", "assignees": [MARIA]}),
        )
        .await;
    assert_eq!(added.status, StatusCode::OK, "{}", added.text);
    let id = added.json()["task"]["id"].as_i64().unwrap();
    assert!(ids(&migrated.all_tasks(&format!("userId={MARIA}")).await).contains(&id));
    migrated.sandbox.shutdown().await;
}

#[tokio::test]
async fn the_list_shows_custom_fields_as_they_are_after_any_change() {
    let db = TempDb::new();
    let api = Api::on_file(&db).await;
    let names = |tasks: &Value| -> Vec<String> {
        tasks["tasks"][0]["customFields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let before = names(&api.ok("/tm/tasks?perPage=1").await);
    assert!(before.contains(&"Story points".to_owned()), "{before:?}");

    // Another writer renames a field: the next page must not show the old name.
    let conn = rusqlite::Connection::open(db.path()).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10))
        .unwrap();
    conn.execute(
        "UPDATE task_custom_fields SET name = 'Оценка' WHERE name = 'Story points'",
        [],
    )
    .unwrap();
    for _ in 0..8 {
        let after = names(&api.ok("/tm/tasks?perPage=1").await);
        assert!(after.contains(&"Оценка".to_owned()), "{after:?}");
        assert!(!after.contains(&"Story points".to_owned()), "{after:?}");
    }
    api.sandbox.shutdown().await;
}

#[tokio::test]
async fn reads_answer_while_a_write_waits_for_the_database() {
    let db = TempDb::new();
    let api = std::sync::Arc::new(Api::on_file(&db).await);
    // Another process holds the write lock: the sandbox's next write waits for it.
    let other = rusqlite::Connection::open(db.path()).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let writer = std::sync::Arc::clone(&api);
    let write = tokio::spawn(async move {
        writer
            .post("/tm/tasks", json!({"title": "После блокировки"}))
            .await
    });
    // Reads keep answering, from the read connections, while the write holds the sandbox's
    // write connection (it takes it within the first of these rounds, long before the last).
    for _ in 0..20 {
        for path in [
            "/user/me",
            "/ws/members",
            "/tm/projects",
            "/tm/tasks?perPage=5",
            "/tm/tasks/1",
            "/crm/funnels",
        ] {
            api.ok(path).await;
        }
    }
    assert!(!write.is_finished(), "the write waits for the lock");
    other.execute_batch("COMMIT").unwrap();
    let created = write.await.unwrap();
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
}
