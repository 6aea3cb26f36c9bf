//! Opening a store so that the app always starts: a missing file is made (0600, in a 0700
//! folder), an older one migrated, a damaged one moved aside and made anew, and one that
//! cannot be had at all becomes a store in memory and a message.
//!
//! WAL mode with `synchronous = NORMAL`: a commit is in the log before the call returns, so a
//! `kill -9` loses nothing committed (only a power cut may lose the last commits, never the
//! file).

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::{Connection, ErrorCode, OpenFlags};

use super::schema::{self, Migrated};
use super::{Store, StoreError};
use crate::private_files;

/// A store as opened, and what the user should be told about it.
#[derive(Debug)]
pub struct Opened {
    pub store: Store,
    /// Said once, e.g. "The local store was damaged: it was moved to … and started anew."
    pub notice: Option<String>,
}

/// How long a write waits for another run of the app writing the same store.
const BUSY_WAIT: Duration = Duration::from_secs(3);

impl Store {
    /// Opens (or makes) the store at `path`. Never fails: see [`Opened::notice`].
    pub fn open(path: &Path) -> Opened {
        match open_file(path) {
            Ok(conn) => Opened {
                store: Store::with(conn, Some(path.to_path_buf())),
                notice: None,
            },
            Err(Failure::Damaged(e)) => match set_aside(path) {
                Ok(aside) => match open_file(path) {
                    Ok(conn) => Opened {
                        store: Store::with(conn, Some(path.to_path_buf())),
                        notice: Some(format!(
                            "The local store was damaged ({e}): it was moved to {} and \
                             started anew.",
                            aside.display()
                        )),
                    },
                    Err(again) => Store::in_memory_because(again.to_string()),
                },
                Err(moving) => Store::in_memory_because(format!(
                    "it is damaged ({e}) and could not be moved aside: {moving}"
                )),
            },
            Err(Failure::Newer(v)) => Store::in_memory_because(format!(
                "{} was written by a newer weeek-tui (store version {v}, this one reads {}); \
                 it is left as it is",
                path.display(),
                schema::VERSION
            )),
            Err(e) => Store::in_memory_because(e.to_string()),
        }
    }

    /// Opens the store at `path` only to read it, as it is: nothing is made, migrated or moved
    /// aside (another run of the app may be writing it). `Ok(None)`: there is no store there.
    /// One of another version is refused, with the reason.
    pub fn open_to_read(path: &Path) -> Result<Option<Store>, StoreError> {
        if !path.exists() {
            return Ok(None);
        }
        let flags = OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn = Connection::open_with_flags(path, flags)?;
        conn.busy_timeout(BUSY_WAIT)?;
        let version = schema::version(&conn)?;
        if version != schema::VERSION {
            let why = if version < schema::VERSION {
                "it is of an older version of weeek-tui; `weeek-tui sync` brings it up to date"
            } else {
                "it was written by a newer weeek-tui"
            };
            return Err(StoreError::Unavailable(why.into()));
        }
        Ok(Some(Store::with(conn, Some(path.to_path_buf()))))
    }

    /// A store that keeps what is written until the app quits.
    pub fn in_memory() -> Store {
        match Connection::open_in_memory()
            .map_err(Failure::from)
            .and_then(|mut c| prepare(&mut c).map(|()| c))
        {
            Ok(conn) => Store::with(conn, None),
            Err(e) => Store {
                conn: None,
                path: None,
                unavailable: Some(e.to_string()),
            },
        }
    }

    /// A store in memory, with the message that says why there is no file.
    pub fn in_memory_because(why: String) -> Opened {
        tracing::warn!(%why, "the local store is kept in memory this run");
        Opened {
            store: Store::in_memory(),
            notice: Some(format!(
                "The local store could not be used: {why}. This run keeps what it reads in \
                 memory only."
            )),
        }
    }

    fn with(conn: Connection, path: Option<PathBuf>) -> Store {
        Store {
            conn: Some(conn),
            path,
            unavailable: None,
        }
    }

    /// Moves a damaged store aside and starts an empty one in its place; the message says
    /// where the old file went. For damage found after opening ([`super::StoreError::is_damaged`]).
    pub fn rebuild(&mut self) -> String {
        let Some(path) = self.path.clone() else {
            *self = Store::in_memory();
            return "The local store in memory was damaged and was started anew.".into();
        };
        self.conn = None;
        let opened = match set_aside(&path) {
            Ok(_) => Store::open(&path),
            Err(e) => Store::in_memory_because(format!("it is damaged and {e}")),
        };
        *self = opened.store;
        opened.notice.unwrap_or_else(|| {
            format!(
                "The local store was damaged: it was moved aside and started anew at {}.",
                path.display()
            )
        })
    }
}

#[derive(Debug, thiserror::Error)]
enum Failure {
    #[error("{0}")]
    Damaged(rusqlite::Error),
    #[error("newer")]
    Newer(i64),
    #[error("{0}")]
    Sqlite(rusqlite::Error),
    #[error("{0}")]
    Io(String),
}

impl From<rusqlite::Error> for Failure {
    fn from(e: rusqlite::Error) -> Self {
        if is_damage(&e) {
            Failure::Damaged(e)
        } else {
            Failure::Sqlite(e)
        }
    }
}

/// A file that is no database, or one whose pages do not hold together.
pub(super) fn is_damage(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt)
    )
}

fn open_file(path: &Path) -> Result<Connection, Failure> {
    if let Some(dir) = path.parent() {
        private_files::create_dir_all(dir)
            .map_err(|e| Failure::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    // Made here, 0600, before SQLite opens it: its log and shared memory take its mode.
    private_files::open(
        path,
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )
    .map_err(|e| Failure::Io(format!("cannot open {}: {e}", path.display())))?;
    let mut conn = Connection::open(path)?;
    prepare(&mut conn)?;
    Ok(conn)
}

/// Settings, a first read that finds a damaged file at once, and the migrations.
fn prepare(conn: &mut Connection) -> Result<(), Failure> {
    conn.busy_timeout(BUSY_WAIT)?;
    // Read before anything is set: a newer version's store is left exactly as it is.
    let version = schema::version(conn)?;
    if version > schema::VERSION {
        return Err(Failure::Newer(version));
    }
    let mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
    if !mode.eq_ignore_ascii_case("wal") && !mode.eq_ignore_ascii_case("memory") {
        tracing::warn!(mode, "the local store is not in WAL mode");
    }
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.query_row("SELECT count(*) FROM sqlite_master", [], |r| {
        r.get::<_, i64>(0)
    })?;
    match schema::migrate(conn)? {
        Migrated::Newer(v) => Err(Failure::Newer(v)),
        Migrated::From(v) => {
            tracing::info!(from = v, to = schema::VERSION, "local store migrated");
            Ok(())
        }
        Migrated::Current => Ok(()),
    }
}

/// Renames the store's files to `<name>.damaged-<seconds>` (and its `-wal`, `-shm`), so that
/// nothing of it is lost and a new store can take its name.
fn set_aside(path: &Path) -> std::io::Result<PathBuf> {
    let stamp = time::OffsetDateTime::now_utc().unix_timestamp();
    let aside = PathBuf::from(format!("{}.damaged-{stamp}", path.display()));
    std::fs::rename(path, &aside)?;
    for suffix in ["-wal", "-shm"] {
        let from = PathBuf::from(format!("{}{suffix}", path.display()));
        if from.exists() {
            let to = PathBuf::from(format!("{}{suffix}", aside.display()));
            if std::fs::rename(&from, &to).is_err() {
                let _ = std::fs::remove_file(&from);
            }
        }
    }
    Ok(aside)
}
