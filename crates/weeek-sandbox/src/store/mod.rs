//! SQLite storage in WAL mode. Writes go through one connection behind a mutex, so they are
//! serialized and each commits before its answer is sent; reads take one of a few read-only
//! connections, so they run side by side and never wait for a write (WAL lets readers keep
//! their snapshot while a writer appends). Every use runs on the blocking pool so the async
//! runtime never waits on disk.

pub mod attachments;
pub mod boards;
pub mod column_order;
pub mod comments;
pub mod crm;
pub mod custom_fields;
pub mod deals;
pub mod funnels;
pub mod ids;
pub mod json_out;
pub mod organizations;
pub mod page_rows;
pub mod portfolios;
pub mod projects;
pub mod schema;
mod scratch;
pub mod task_json;
pub mod task_json_cache;
pub mod tasks;
pub mod timers;
mod upgrade;
pub mod workspace;

use std::cell::{Cell, RefCell};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::config::DbConfig;
use rusqlite::{Connection, OpenFlags};
use time::Date;
use tokio::sync::Semaphore;

use crate::config::DbLocation;
use crate::errors::{ApiError, SandboxError};
use crate::store::scratch::Scratch;
use crate::store::task_json_cache::TaskJsonCache;

/// Read connections: enough for every core to read while a slow query holds one, few enough
/// that each keeps a warm page cache.
const READERS: usize = 4;

/// How long a connection waits for a lock another one holds (a checkpoint, the seed) before
/// giving up with "database is locked".
const BUSY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);

/// Statements kept prepared per connection: the task list alone uses about a dozen.
const STATEMENT_CACHE: usize = 64;

#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

/// Fields drop in order: the connections close before a scratch database is removed.
struct Inner {
    path: PathBuf,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Reader>>,
    /// One permit per idle reader: waiting for a reader happens in the async world and holds
    /// no blocking thread.
    permits: Arc<Semaphore>,
    _scratch: Option<Scratch>,
}

impl Store {
    /// Opens (creating if needed) the database, brings an older file's schema up to date and
    /// opens the read connections.
    pub fn open(location: &DbLocation) -> Result<Self, SandboxError> {
        let (path, scratch, durable) = match location {
            DbLocation::Memory => {
                let scratch = Scratch::create()?;
                (scratch.path().to_owned(), Some(scratch), false)
            }
            DbLocation::File(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir)?;
                }
                (path.clone(), None, true)
            }
        };
        let writer = Connection::open(&path)?;
        configure(&writer)?;
        // The seed and large writes touch many index pages at once.
        writer.pragma_update(None, "cache_size", -65536)?;
        // WAL must be set before the schema is written; it stays set in the file.
        writer.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: every commit is synced to the log before the answer goes out, so a write
        // answered 200 survives a crash of the process or the machine. The demo's temporary
        // file needs neither.
        writer.pragma_update(None, "synchronous", if durable { "FULL" } else { "OFF" })?;
        schema::prepare(&writer)?;
        let readers = (0..READERS)
            .map(|_| Reader::open(&path))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self {
            inner: Arc::new(Inner {
                path,
                writer: Mutex::new(writer),
                readers: Mutex::new(readers),
                permits: Arc::new(Semaphore::new(READERS)),
                _scratch: scratch,
            }),
        })
    }

    /// Runs `work` with the write connection, synchronously (start-up only).
    pub fn with_blocking<T>(&self, work: impl FnOnce(&mut Connection) -> T) -> T {
        work(&mut lock(&self.inner.writer))
    }

    /// Runs `work` with the write connection on the blocking pool; writes are serialized.
    pub async fn call<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, ApiError> + Send + 'static,
    {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || work(&mut lock(&inner.writer)))
            .await
            .map_err(ApiError::internal)?
    }

    /// Runs `work` with a read-only connection on the blocking pool, inside one read
    /// transaction so that all its queries see the same snapshot.
    pub async fn read<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Reader) -> Result<T, ApiError> + Send + 'static,
    {
        let permit = Arc::clone(&self.inner.permits)
            .acquire_owned()
            .await
            .map_err(ApiError::internal)?;
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || {
            let lease = Lease::take(&inner)?;
            let conn = lease.conn()?;
            // Prepared once per connection: parsing BEGIN on every read showed in profiles.
            conn.prepare_cached("BEGIN")?.execute([])?;
            conn.begin_snapshot()?;
            let result = work(conn);
            conn.prepare_cached("COMMIT")?.execute([])?;
            drop(lease);
            drop(permit);
            result
        })
        .await
        .map_err(ApiError::internal)?
    }
}

/// A reader taken from the pool; it goes back when dropped, even if the work panicked.
struct Lease<'a> {
    inner: &'a Inner,
    conn: Option<Reader>,
}

impl<'a> Lease<'a> {
    fn take(inner: &'a Inner) -> Result<Self, ApiError> {
        let conn = lock(&inner.readers).pop();
        if conn.is_none() {
            return Err(ApiError::internal("no read connection is free"));
        }
        Ok(Self { inner, conn })
    }

    fn conn(&self) -> Result<&Reader, ApiError> {
        self.conn
            .as_ref()
            .ok_or_else(|| ApiError::internal("no read connection is free"))
    }
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        if let Some(conn) = self.conn.take() {
            // After a failure or a panic mid-read, end the read transaction: a connection
            // that kept it would serve that old snapshot from then on.
            let usable = if conn.is_autocommit() || conn.execute_batch("ROLLBACK").is_ok() {
                Ok(conn)
            } else {
                drop(conn);
                Reader::open(&self.inner.path)
            };
            match usable {
                Ok(conn) => lock(&self.inner.readers).push(conn),
                Err(err) => tracing::error!(%err, "a read connection was lost"),
            }
        }
    }
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What every connection needs: a lock timeout, room for prepared statements and the
/// `rarray()` table function the page queries bind their id lists to.
fn configure(conn: &Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(BUSY_TIMEOUT)?;
    // Keep each prepared plan: otherwise SQLite prepares a statement again whenever a value
    // bound to a LIMIT or an indexed column changes, which cost the task list a parse and a
    // plan per request.
    conn.set_db_config(DbConfig::SQLITE_DBCONFIG_ENABLE_QPSG, true)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    rusqlite::vtab::array::load_module(conn)?;
    // 16 MiB of page cache each (negative: KiB); reads of a mapped file skip it anyway.
    conn.pragma_update(None, "cache_size", -16384)?;
    conn.pragma_update(None, "mmap_size", 1i64 << 30)?;
    conn.pragma_update(None, "foreign_keys", false)?;
    Ok(())
}

/// A read-only connection, and what it keeps between requests until the next write: the ids
/// of the last long list it was asked to page through, and the JSON of the tasks it wrote.
pub struct Reader {
    conn: Connection,
    /// `data_version` of the snapshot the current read sees.
    version: Cell<i64>,
    ordered: RefCell<Option<OrderedIds>>,
    task_json: RefCell<TaskJsonCache>,
}

/// The ids a query selected, in its order, at one state of the database.
struct OrderedIds {
    version: i64,
    sql: String,
    values: Vec<rusqlite::types::Value>,
    ids: Arc<[i64]>,
}

impl Reader {
    fn open(path: &Path) -> rusqlite::Result<Self> {
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        configure(&conn)?;
        Ok(Self {
            conn,
            version: Cell::new(0),
            ordered: RefCell::new(None),
            task_json: RefCell::new(TaskJsonCache::default()),
        })
    }

    /// Notes the `data_version` of the read transaction's snapshot: it moves with every commit
    /// of another connection, so with every write. The pragma reads the database, so it is
    /// what starts the snapshot `BEGIN` deferred: the version is that of the snapshot every
    /// query of the request then sees.
    fn begin_snapshot(&self) -> rusqlite::Result<()> {
        let version = self
            .conn
            .prepare_cached("PRAGMA data_version")?
            .query_row([], |row| row.get(0))?;
        self.version.set(version);
        Ok(())
    }

    /// Every id `sql` selects with `values`, in its order. The last list is kept until the
    /// database changes or another query is asked; it holds eight bytes a row.
    pub fn ordered_ids(
        &self,
        sql: &str,
        mut values: Vec<rusqlite::types::Value>,
    ) -> rusqlite::Result<Arc<[i64]>> {
        let version = self.version.get();
        let mut stmt = self.conn.prepare_cached(sql)?;
        // Values past the last parameter the query names are not its own (the day an
        // order by `overdue` would use).
        values.truncate(stmt.parameter_count());
        let mut kept = self.ordered.borrow_mut();
        if let Some(list) = kept.as_ref()
            && list.version == version
            && list.sql == sql
            && list.values == values
        {
            return Ok(Arc::clone(&list.ids));
        }
        let ids: Arc<[i64]> = stmt
            .query_map(rusqlite::params_from_iter(values.iter()), |row| row.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?
            .into();
        *kept = Some(OrderedIds {
            version,
            sql: sql.to_owned(),
            values,
            ids: Arc::clone(&ids),
        });
        Ok(ids)
    }

    /// The tasks' JSON this connection keeps, good for the current read's snapshot, `today`
    /// and `origin` (see [`task_json_cache`]).
    pub fn task_json(&self, today: Date, origin: &str) -> std::cell::RefMut<'_, TaskJsonCache> {
        let mut cache = self.task_json.borrow_mut();
        cache.keep_only(self.version.get(), today, origin);
        cache
    }
}

impl std::ops::Deref for Reader {
    type Target = Connection;

    fn deref(&self) -> &Connection {
        &self.conn
    }
}

/// What an answer is built for besides the data: the day it is read on (a task's `overdue`)
/// and the address the request reached (`http://host:port`, for links to the files the
/// sandbox serves).
#[derive(Clone, Copy, Debug)]
pub struct Answering<'a> {
    pub today: Date,
    pub origin: &'a str,
}

/// Whether the workspace has never been created in this database.
pub fn is_empty(conn: &Connection) -> rusqlite::Result<bool> {
    let count: i64 = conn.query_row("SELECT COUNT(*) FROM workspace", [], |row| row.get(0))?;
    Ok(count == 0)
}
