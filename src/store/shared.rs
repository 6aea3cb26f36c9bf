//! The store shared by async code (the sync, the worker): each use runs on tokio's blocking
//! threads, one at a time, so SQLite never holds up a thread that drives requests or frames.

use std::sync::{Arc, Mutex, MutexGuard};

use super::{Store, StoreError};

#[derive(Debug, Clone)]
pub struct SharedStore(Arc<Mutex<Store>>);

impl SharedStore {
    pub fn new(store: Store) -> Self {
        Self(Arc::new(Mutex::new(store)))
    }

    /// The store, for code already off the async threads. A use that panicked left nothing
    /// half-written (its transaction rolled back), so the store is taken as it is.
    pub fn lock(&self) -> MutexGuard<'_, Store> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs `f` with the store on a blocking thread.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let shared = self.clone();
        tokio::task::spawn_blocking(move || f(&mut shared.lock()))
            .await
            .map_err(|e| StoreError::Unavailable(format!("a use of the store failed: {e}")))?
    }
}
