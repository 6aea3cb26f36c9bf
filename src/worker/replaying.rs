//! The outbox replayed by the worker once the service is back (`crate::outbox::replay`), with
//! its client and the store behind it; each step goes to the app as it is taken. Asked again
//! while a replay runs (a change kept or decided for mine meanwhile), it runs once more after,
//! so that nothing waits for the next time the service comes back.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use time::OffsetDateTime;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use weeek_api::Client;

use super::runtime::Report;
use crate::outbox::replay::Replay;
use crate::store::SharedStore;

/// The replay running, if any, and whether it was asked for again meanwhile.
#[derive(Default)]
pub struct Replaying {
    running: Option<JoinHandle<()>>,
    again: Arc<AtomicBool>,
}

impl Replaying {
    /// Replays the outbox with `client` and `store`, its steps going to `reports`; when a
    /// replay runs already, it runs once more after.
    pub fn start<K: Send + 'static>(
        &mut self,
        client: &Client,
        store: &SharedStore,
        reports: mpsc::UnboundedSender<Report<K>>,
    ) {
        if self.running.as_ref().is_some_and(|r| !r.is_finished()) {
            self.again.store(true, Ordering::SeqCst);
            return;
        }
        let replay = Replay {
            client: client.clone(),
            store: store.clone(),
            now: Arc::new(OffsetDateTime::now_utc),
            report: Arc::new(move |step| {
                let _ = reports.send(Report::Replayed(Box::new(step)));
            }),
        };
        let again = self.again.clone();
        self.running = Some(tokio::spawn(async move {
            replay.run().await;
            while again.swap(false, Ordering::SeqCst) {
                replay.run().await;
            }
        }));
    }
}

#[cfg(all(test, feature = "demo"))]
mod tests {
    use std::time::Duration;

    use weeek_api::TaskQuery;
    use weeek_api::models::TaskRow;

    use super::super::runtime::{Order, spawn};
    use super::*;
    use crate::outbox::{Base, Change, Entry, Field, ItemRef, Step, TaskField};
    use crate::store::Store;

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
}
