//! The first frame, drawn from the local store before the service has answered anything.
//!
//! The reads the app asks the store for when it starts (the directory, the start view) are
//! answered here, before the loop draws, and so are the reads those answers lead to (the
//! profile known, "my open tasks" is asked for; its rows shown, their boards' names), a few
//! rounds deep. Each of those reads still goes to the worker, for the service's answer alone.
//! Waiting for the store here costs the first frame nothing: without its rows that frame
//! would say "loading".

use std::path::PathBuf;

use time::OffsetDateTime;

use crate::active_workspace::ActiveWorkspace;
use crate::app::{App, Msg};
use crate::screen::{Clock, Effect};
use crate::store::SharedStore;
use crate::worker::{Origin, Reply, recall};

/// How many rounds of reads are answered from the store before the first frame: the profile,
/// the start view it names, the names its rows show.
const ROUNDS: usize = 3;

/// `effects` (of the app in `active`, just started) with the reads the store can answer
/// answered now, from `store`; the reads go on to the worker for the service only.
pub async fn answered_from_store(
    active: &mut ActiveWorkspace,
    effects: Vec<Effect>,
    store: &SharedStore,
    clock: impl Fn() -> Clock,
) -> Vec<Effect> {
    let mut out = Vec::with_capacity(effects.len());
    let mut pending = effects;
    for _ in 0..ROUNDS {
        let mut asked = Vec::new();
        for effect in pending.drain(..) {
            match effect {
                Effect::Request(mut r) if r.from_store => {
                    // The store answers it here; the worker asks only the service.
                    r.from_store = false;
                    asked.push(r.clone());
                    out.push(Effect::Request(r));
                }
                other => out.push(other),
            }
        }
        if asked.is_empty() {
            break;
        }
        let calls: Vec<_> = asked.iter().map(|r| r.call.clone()).collect();
        // One use of the store for the whole round, off the async threads.
        let found = store
            .run(move |s| Ok(calls.iter().map(|c| recall(s, c)).collect::<Vec<_>>()))
            .await
            .unwrap_or_default();
        for (request, found) in asked.into_iter().zip(found) {
            let (output, read_at) = match found {
                Ok(Some(found)) => found,
                Ok(None) => continue,
                Err(e) => {
                    tracing::warn!(error = %e, "the store could not be read");
                    continue;
                }
            };
            let reply = Reply {
                id: request.id,
                key: request.key,
                origin: Origin::Stored { read_at },
                output,
                skipped: None,
            };
            let generation = active.generation();
            pending.extend(active.answer(generation, Msg::Api(Box::new(reply)), clock()));
        }
    }
    out.extend(pending);
    out
}

/// When `WEEEK_TUI_FIRST_ROWS` names a file, the wall-clock time the first frame with task
/// rows was drawn is written there, once (for the start-up benchmark, which compares it with
/// the time it ran the binary), with where the rows came from and the CPU time every thread
/// of the process has used by then (Linux; 0 elsewhere): `<ms since 1970> cached|live <ms>`.
/// Nothing is done otherwise.
pub struct FirstRows {
    file: Option<PathBuf>,
}

impl FirstRows {
    pub fn from_env() -> Self {
        Self {
            file: std::env::var_os("WEEEK_TUI_FIRST_ROWS").map(PathBuf::from),
        }
    }

    pub fn drawn(&mut self, app: &App) {
        let rows = app.screen == crate::screen::Screen::Tasks && !app.tasks.list.rows.is_empty();
        if !rows {
            return;
        }
        if let Some(file) = self.file.take() {
            let at = OffsetDateTime::now_utc().unix_timestamp_nanos() as f64 / 1e6;
            let from = if app.tasks.cached.is_some() {
                "cached"
            } else {
                "live"
            };
            let cpu = cpu_ms();
            if let Err(e) = std::fs::write(&file, format!("{at:.3} {from} {cpu:.3}\n")) {
                tracing::warn!(error = %e, "could not note the first frame with rows");
            }
        }
    }
}

/// The CPU time every thread of this process has used, in milliseconds, from the scheduler's
/// own count (`/proc/self/task/*/schedstat`, nanoseconds); 0 where there is none.
fn cpu_ms() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    let ns: u64 = tasks
        .filter_map(Result::ok)
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    ns as f64 / 1e6
}
