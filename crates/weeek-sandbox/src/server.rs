use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::clock::Clock;
use crate::config::SandboxConfig;
use crate::errors::SandboxError;
use crate::faults::{FaultState, Faults};
use crate::routes::{self, AppState};
use crate::seed;
use crate::store::Store;

/// How long `shutdown` waits for in-flight requests before cutting them off.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The emulator. Start it with [`Sandbox::start`].
pub struct Sandbox;

impl Sandbox {
    /// Opens (and if needed seeds) the database, binds `listen` (port 0 picks a
    /// free port) and serves in the background until the handle is shut down
    /// or dropped.
    pub async fn start(
        config: SandboxConfig,
        listen: SocketAddr,
    ) -> Result<SandboxHandle, SandboxError> {
        let store = Store::open(&config.db)?;
        let clock = Clock::new(config.now);
        let seed_store = store.clone();
        let want_seed = config.seed;
        let task_count = config.tasks;
        let title = config.workspace.clone();
        let seed_clock = clock.clone();
        let user_id = tokio::task::spawn_blocking(move || {
            seed_store.with_blocking(|conn| {
                seed::prepare(conn, want_seed, task_count, title.as_deref(), seed_clock)
            })
        })
        .await
        .map_err(|err| SandboxError::Seed(err.to_string()))??;

        let faults = FaultState::new(config.faults);
        let state = AppState {
            store,
            clock: clock.clone(),
            user_id: Arc::from(user_id),
            token: Arc::from(config.token),
        };
        let app = routes::router(state, Arc::clone(&faults));

        let listener = tokio::net::TcpListener::bind(listen)
            .await
            .map_err(|source| SandboxError::Bind {
                addr: listen,
                source,
            })?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(async move {
            let served = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await;
            if let Err(err) = served {
                tracing::error!(%err, "sandbox server stopped");
            }
        });
        tracing::info!(%addr, "sandbox listening");
        Ok(SandboxHandle {
            addr,
            clock,
            faults,
            stop: Some(stop),
            task: Some(task),
        })
    }
}

/// A running sandbox. Dropping it stops the server too.
pub struct SandboxHandle {
    addr: SocketAddr,
    clock: Clock,
    faults: Arc<FaultState>,
    stop: Option<oneshot::Sender<()>>,
    task: Option<JoinHandle<()>>,
}

impl SandboxHandle {
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// `http://127.0.0.1:PORT/public/v1`, ready to be used as a client's base URL.
    pub fn base_url(&self) -> String {
        format!("http://{}/public/v1", self.addr)
    }

    /// Moves the sandbox's "now" forward: what lasts (a running timer) is measured against
    /// it, so a test says how long passed instead of waiting.
    pub fn advance_clock(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// Replaces the injected faults; the next request sees them.
    pub fn set_faults(&self, faults: Faults) {
        self.faults.set(faults);
    }

    pub fn faults(&self) -> Faults {
        self.faults.get()
    }

    /// How many requests are waiting out the injected latency right now: lets a test see
    /// that latency holds a request without measuring time.
    pub fn held_by_latency(&self) -> usize {
        self.faults.held()
    }

    /// Stops accepting connections and waits for in-flight requests.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(mut task) = self.task.take()
            && tokio::time::timeout(SHUTDOWN_GRACE, &mut task)
                .await
                .is_err()
        {
            task.abort();
        }
    }
}

impl Drop for SandboxHandle {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}
