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
