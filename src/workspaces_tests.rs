//! The demo keeps its workspace and its local store together from one run to the next, and
//! `--demo --reset` starts both afresh.

use time::macros::datetime;
use weeek_api::NewTask;

use super::{DEMO_DATABASE, DemoSettings, Workspaces};
use crate::config::{ConnectionFlags, FileConfig, Paths, WorkspaceId};

fn workspaces(root: &std::path::Path, reset: bool) -> Workspaces {
    let paths = Paths {
        config_file: root.join("config.toml"),
        data_dir: root.join("data"),
        log_dir: root.join("logs"),
    };
    let mut w = Workspaces::new(
        paths,
        FileConfig::default(),
        ConnectionFlags::default(),
        Box::new(|_| None),
    );
    w.demo = DemoSettings {
        reset,
        ..DemoSettings::default()
    };
    w
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_demo_keeps_its_workspace_and_store_across_runs_and_reset_starts_afresh() {
    weeek_api::install_crypto_provider();
    let root = tempfile::tempdir().expect("dir");
    let at = datetime!(2026-11-21 10:00 UTC);
    // The first run: a task made in the demo, and what the store kept of it.
    let mut first = workspaces(root.path(), false);
    let opened = first.connect(&WorkspaceId::Demo).await.expect("the demo");
    let new = NewTask {
        title: "Из первого запуска".into(),
        ..NewTask::default()
    };
    let task = opened.client.create_task(&new).await.expect("created");
    let (store, notice) = opened.open_store();
    assert_eq!(notice, None);
    let kept = task.clone();
    store
        .run(move |s| s.write(|w| w.put_task(&kept, at)))
        .await
        .expect("kept");
    drop(store);
    first.stop_demo().await;
    let db = root.path().join("data").join("demo").join(DEMO_DATABASE);
    assert!(db.exists(), "kept in the demo's directory");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&db).expect("db").permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "readable only by its owner");
    }

    // The second run: the service and the store still hold it.
    let mut second = workspaces(root.path(), false);
    let opened = second.connect(&WorkspaceId::Demo).await.expect("the demo");
    let read = opened.client.task(task.id).await.expect("still there");
    assert_eq!(read.title, task.title);
    let (store, _) = opened.open_store();
    let id = task.id.to_string();
    let stored = store
        .run(move |s| s.get::<weeek_api::models::Task>(&id))
        .await
        .expect("read");
    assert!(stored.is_some(), "the store kept it too");
    drop(store);
    second.stop_demo().await;

    // `--reset`: both start afresh.
    let mut third = workspaces(root.path(), true);
    let opened = third.connect(&WorkspaceId::Demo).await.expect("the demo");
    assert!(
        opened.client.task(task.id).await.is_err(),
        "a new demo workspace"
    );
    let (store, _) = opened.open_store();
    let id = task.id.to_string();
    let stored = store
        .run(move |s| s.get::<weeek_api::models::Task>(&id))
        .await
        .expect("read");
    assert!(stored.is_none(), "a new store");
    third.stop_demo().await;
}
