//! The whole workspace read into the store in the background, as `weeek-tui sync` reads it
//! (the palette's "Sync the whole workspace"): at most four requests out at once, a `429`
//! waited out as its `Retry-After` says, a sync's retries. Its progress goes to the app a few
//! times a second, its report once it is over; stopping it aborts what is still to be read
//! (every page kept so far stays kept: each is one transaction of its own).

use std::sync::Mutex;
use std::time::{Duration, Instant};

use time::OffsetDateTime;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use weeek_api::Client;

use super::runtime::Report;
use crate::store::SharedStore;
use crate::sync::{self, Progress, SyncOptions};

/// The app hears of the progress at most this often: a redraw each time is plenty.
const PROGRESS_EVERY: Duration = Duration::from_millis(200);

/// Starts sync `id` with `client`'s connections and `store`; its reports go to `reports`.
pub fn start<K: Send + 'static>(
    id: u64,
    client: &Client,
    store: SharedStore,
    reports: mpsc::UnboundedSender<Report<K>>,
) -> JoinHandle<()> {
    let client = SyncOptions::client(client);
    tokio::spawn(async move {
        let told: Mutex<Option<Instant>> = Mutex::new(None);
        let tell = |progress: &Progress| {
            let now = Instant::now();
            let mut last = told.lock().unwrap_or_else(|p| p.into_inner());
            if last.is_some_and(|at| now.duration_since(at) < PROGRESS_EVERY) {
                return;
            }
            *last = Some(now);
            let _ = reports.send(Report::SyncProgress {
                id,
                progress: progress.clone(),
            });
        };
        let report = sync::run(
            &client,
            &store,
            &SyncOptions::default(),
            &OffsetDateTime::now_utc,
            &tell,
        )
        .await;
        tracing::info!(
            requests = report.requests,
            failures = report.failures.len(),
            "sync from the app done"
        );
        let _ = reports.send(Report::Synced {
            id,
            report: Box::new(report),
        });
    })
}
