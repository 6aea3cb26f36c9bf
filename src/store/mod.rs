//! The local store: what the app has read from the service, kept on disk with the time it was
//! read, so that a screen can be drawn from it before the service answers.
//!
//! One SQLite database per workspace, in the data directory, named by a keyed hash of the base
//! URL and the token ([`location`]). It never holds the token; of what was typed and not yet
//! answered by the service it holds only the changes of the outbox (not drafts). It holds:
//!
//! - the profile, the workspace, its members, tags, currencies, portfolios and projects, each
//!   project's boards and each board's columns, the CRM funnels and each funnel's statuses;
//! - task lists page by page, per query ([`ListKey::tasks`]): a task's slim row
//!   ([`weeek_api::models::TaskRow`]) is kept once, and each list holds only which rows are at
//!   which place; whole tasks (description, custom fields, time entries, files) as their detail
//!   was read, and their comments;
//! - deals per status and query, contacts and organizations (pages of their lists, and each
//!   one as read alone);
//! - a name index of tasks, projects, boards, deals, contacts, organizations and members
//!   ([`names`]) for going to anything by name.
//!
//! Every write is one transaction ([`Store::write`]). The outbox, changes made while the
//! service could not be reached (`crate::outbox`), is kept here too, each change in the same
//! transaction as the store's copy of the item it changes.
//!
//! Opening never fails the app: a store that cannot be opened or read becomes a message and a
//! store in memory (or, if even that fails, one that keeps nothing), and a damaged file is moved
//! aside and started afresh ([`open`]).

pub mod location;
pub mod names;
mod open;
mod outbox;
mod outbox_shown;
mod read;
pub mod records;
mod schema;
mod shared;
mod write;

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod outbox_tests;
#[cfg(test)]
mod round_trip_tests;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use rusqlite::Connection;
use time::OffsetDateTime;

pub use location::{StoreLocation, remove_store};
pub use names::{NameKind, Named};
pub use open::Opened;
pub use read::{ListKey, PageKey, Stored, StoredPage};
pub use records::{Kind, Record};
pub use shared::SharedStore;
pub use write::Writer;

/// What went wrong with the store. None of it stops the app: a read that fails is a read
/// that found nothing, a write that fails is said in the log.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database answered with an error.
    #[error("the local store: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A record could not be written as JSON or read back.
    #[error("the local store: a record could not be written: {0}")]
    Encode(#[from] serde_json::Error),
    /// There is no store this run (see [`Opened::notice`]).
    #[error("the local store is not available: {0}")]
    Unavailable(String),
}

impl StoreError {
    /// The file is damaged: [`Store::rebuild`] moves it aside and starts afresh.
    pub fn is_damaged(&self) -> bool {
        match self {
            StoreError::Sqlite(e) => open::is_damage(e),
            _ => false,
        }
    }
}

/// The store: one connection to its database.
#[derive(Debug)]
pub struct Store {
    /// `None`: nothing is kept this run (every call says [`StoreError::Unavailable`]).
    conn: Option<Connection>,
    /// The file, or `None` in memory.
    path: Option<PathBuf>,
    /// Why there is no file or no connection.
    unavailable: Option<String>,
}

impl Store {
    /// Where the store lives; `None` for one in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// True when it keeps what is written on disk.
    pub fn on_disk(&self) -> bool {
        self.conn.is_some() && self.path.is_some()
    }

    fn conn(&self) -> Result<&Connection, StoreError> {
        self.conn.as_ref().ok_or_else(|| {
            StoreError::Unavailable(
                self.unavailable
                    .clone()
                    .unwrap_or_else(|| "it could not be opened".into()),
            )
        })
    }

    fn conn_mut(&mut self) -> Result<&mut Connection, StoreError> {
        let why = self.unavailable.clone();
        self.conn.as_mut().ok_or_else(|| {
            StoreError::Unavailable(why.unwrap_or_else(|| "it could not be opened".into()))
        })
    }

    /// Runs `f` in one transaction: everything it writes is kept, or (on an error) none of it.
    pub fn write<T>(
        &mut self,
        f: impl FnOnce(&Writer<'_>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let conn = self.conn_mut()?;
        let tx = conn.transaction()?;
        let out = f(&Writer::new(&tx))?;
        tx.commit()?;
        Ok(out)
    }
}

/// Milliseconds since 1970 in UTC: how the store keeps the time a thing was read.
fn millis(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos() / 1_000_000).unwrap_or(i64::MAX)
}

fn from_millis(ms: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
}
