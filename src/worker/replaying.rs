//! The outbox replayed by the worker once the service is back (`crate::outbox::replay`), with
//! its client and the store behind it; each step goes to the app as it is taken. Asked again
//! while a replay runs (a change kept or decided for mine meanwhile), it runs once more after,
//! so that nothing waits for the next time the service comes back.

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use tokio::sync::mpsc;
use weeek_api::Client;

use super::runtime::Report;
use crate::outbox::replay::Replay;
use crate::store::SharedStore;

/// Whether a replay runs, and whether it was asked for again meanwhile: one lock over both,
/// so that a replay asked for just as the last one ends is never lost.
#[derive(Default)]
struct Runs {
    running: bool,
    again: bool,
}

#[derive(Default)]
pub struct Replaying {
    runs: Arc<Mutex<Runs>>,
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
        {
            let mut runs = self.runs.lock().unwrap_or_else(|e| e.into_inner());
            if runs.running {
                runs.again = true;
                return;
            }
            runs.running = true;
        }
        let replay = Replay {
            client: client.clone(),
            store: store.clone(),
            now: Arc::new(OffsetDateTime::now_utc),
            report: Arc::new(move |step| {
                let _ = reports.send(Report::Replayed(Box::new(step)));
            }),
        };
        let runs = self.runs.clone();
        tokio::spawn(async move {
            loop {
                replay.run().await;
                let mut runs = runs.lock().unwrap_or_else(|e| e.into_inner());
                if !std::mem::take(&mut runs.again) {
                    runs.running = false;
                    break;
                }
            }
        });
    }
}
