//! A write answered 200 is on disk: a sandbox process killed with SIGKILL right after the
//! answer keeps it.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

use common::{Api, TempDb, config, http_client};
use reqwest::StatusCode;
use serde_json::{Value, json};
use weeek_sandbox::{DbLocation, Sandbox, demo_token};

/// Names the database the child process serves; without it the child test does nothing.
const CHILD_DB: &str = "WEEEK_SANDBOX_TEST_CHILD_DB";

/// The child process of the test below: this test binary, run again for this test alone.
#[test]
#[ignore = "run as a child process by kill_9_right_after_a_200_keeps_the_write"]
fn child_sandbox() {
    let Ok(path) = std::env::var(CHILD_DB) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().expect("runtime");
    runtime.block_on(async {
        let sandbox = Sandbox::start(
            config(DbLocation::File(path.into())),
            "127.0.0.1:0".parse().expect("address"),
        )
        .await
        .expect("sandbox starts");
        println!("LISTENING {}", sandbox.base_url());
        std::future::pending::<()>().await;
    });
}

#[tokio::test]
async fn kill_9_right_after_a_200_keeps_the_write() {
    let db = TempDb::new();

    let mut child = Command::new(std::env::current_exe().expect("test binary"))
        .args(["child_sandbox", "--exact", "--ignored", "--nocapture"])
        .env(CHILD_DB, db.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("child starts");
    let stdout = child.stdout.take().expect("child stdout");
    // The child prints its address once it serves; its end of output means it died.
    let base_url = tokio::task::spawn_blocking(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .find_map(|line| line.strip_prefix("LISTENING ").map(str::to_owned))
    })
    .await
    .expect("reader")
    .expect("the child sandbox starts");

    let client = http_client();
    let created = client
        .post(format!("{base_url}/tm/tasks"))
        .bearer_auth(demo_token())
        .json(&json!({"title": "Пережить kill -9", "assignees": [common::MARIA]}))
        .send()
        .await
        .expect("answered");
    assert_eq!(created.status(), StatusCode::OK);
    let task: Value = created.json().await.expect("JSON");
    let id = task["task"]["id"].as_i64().expect("id");
    let completed = client
        .post(format!("{base_url}/tm/tasks/{id}/complete"))
        .bearer_auth(demo_token())
        .send()
        .await
        .expect("answered");
    assert_eq!(completed.status(), StatusCode::OK);

    // SIGKILL: no shutdown, no checkpoint, nothing flushed after the answers.
    child.kill().expect("kill -9");
    child.wait().expect("child reaped");

    let api = Api::on_file(&db).await;
    let stored = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(stored["title"], json!("Пережить kill -9"));
    assert_eq!(stored["isCompleted"], json!(true));
    let found = api
        .all_tasks(&format!("userId={}&completed=1", common::MARIA))
        .await;
    assert!(found.iter().any(|t| t["id"] == id), "found by its filters");
    api.sandbox.shutdown().await;
}
