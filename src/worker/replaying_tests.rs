//! The worker replays the outbox when asked, each step reported.

use std::time::Duration;

use time::OffsetDateTime;
use weeek_api::TaskQuery;
use weeek_api::models::TaskRow;

use super::runtime::{Order, Report, spawn};
use crate::outbox::{Base, Change, Entry, Field, ItemRef, Step, TaskField};
use crate::store::{SharedStore, Store};

/// Long enough for anything on loopback; reached only when the worker is broken.
const DEADLINE: Duration = Duration::from_secs(10);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worker_replays_the_outbox_when_asked_and_reports_each_step() {
    let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
    let q = TaskQuery {
        completed: Some(false),
        per_page: Some(1),
        ..Default::default()
    };
    let task = client.tasks(&q).await.expect("tasks").value.tasks.remove(0);
    let store = SharedStore::new(Store::in_memory());
    let entry = Entry::new(
        1,
        ItemRef::task(task.id),
        "task".into(),
        Change::Set(Field::Task(TaskField::Completed(true))),
        Base {
            updated_at: task.updated_at,
            value: Some(Field::Task(TaskField::Completed(false).current(&TaskRow {
                is_completed: task.is_completed,
                ..Default::default()
            }))),
        },
        OffsetDateTime::now_utc(),
    );
    store.lock().write(|w| w.queue(&entry)).expect("queued");
    let (orders, mut reports) = spawn::<&'static str>(client.clone(), store.clone());
    orders.send(Order::Replay).expect("the worker runs");
    let mut steps = Vec::new();
    loop {
        let report = tokio::time::timeout(DEADLINE, reports.recv())
            .await
            .expect("a report")
            .expect("the worker runs");
        if let Report::Replayed(r) = report {
            let done = matches!(r.step, Step::Done { .. });
            steps.push(r.step);
            if done {
                break;
            }
        }
    }
    assert!(matches!(steps[0], Step::Sent { .. }), "{steps:?}");
    assert_eq!(steps.last(), Some(&Step::Done { sent: 1 }));
    assert!(client.task(task.id).await.expect("task").is_completed);
    assert!(store.lock().outbox().expect("outbox").is_empty());
    sandbox.shutdown().await;
}
