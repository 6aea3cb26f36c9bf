//! The store's tables and how a store of an older version is brought up to this one. The
//! version is SQLite's `user_version`; each migration runs in the transaction that sets it, so
//! a store is at one version or the next, never between.

use rusqlite::{Connection, Transaction, params};

use super::records::Record;

/// One step from the version before it.
type Migration = fn(&Transaction<'_>) -> rusqlite::Result<()>;

/// Every migration, in order: a store at version `n` has had the first `n`. Append only.
pub(super) const MIGRATIONS: &[Migration] = &[records_and_lists, name_index, outbox];

/// The version this build writes.
pub(super) const VERSION: i64 = MIGRATIONS.len() as i64;

/// What [`migrate`] found.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Migrated {
    Current,
    /// From the version given.
    From(i64),
    /// Written by a newer build, at the version given: left as it is.
    Newer(i64),
}

pub(super) fn version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
}

/// Brings the store to [`VERSION`], one migration per transaction.
pub(super) fn migrate(conn: &mut Connection) -> rusqlite::Result<Migrated> {
    migrate_to(conn, VERSION)
}

/// Brings the store to `target` (tests make older stores with it).
pub(super) fn migrate_to(conn: &mut Connection, target: i64) -> rusqlite::Result<Migrated> {
    let start = version(conn)?;
    if start > VERSION {
        return Ok(Migrated::Newer(start));
    }
    if start >= target {
        return Ok(Migrated::Current);
    }
    for (at, step) in MIGRATIONS.iter().enumerate().take(target as usize) {
        let to = at as i64 + 1;
        if to <= start {
            continue;
        }
        let tx = conn.transaction()?;
        step(&tx)?;
        tx.pragma_update(None, "user_version", to)?;
        tx.commit()?;
    }
    Ok(Migrated::From(start))
}

/// Version 1: records by kind and id, and lists of them page by page.
fn records_and_lists(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "
        -- Each model as JSON, once per id. `updated_at` is the service's (ns since 1970),
        -- `read_at` when it was read (ms since 1970).
        CREATE TABLE records (
            kind INTEGER NOT NULL,
            id TEXT NOT NULL,
            body TEXT NOT NULL,
            updated_at INTEGER,
            read_at INTEGER NOT NULL,
            PRIMARY KEY (kind, id)
        );
        -- A list of records of one kind: a task query, a status's deals, a project's boards.
        -- `length` is known once its end was read; `whole` lists are read all at once.
        CREATE TABLE lists (
            id INTEGER PRIMARY KEY,
            kind INTEGER NOT NULL,
            key TEXT NOT NULL,
            whole INTEGER NOT NULL,
            length INTEGER,
            read_at INTEGER NOT NULL,
            UNIQUE (kind, key)
        );
        -- Which record is at which place of a list, and when that place was read.
        CREATE TABLE list_items (
            list INTEGER NOT NULL,
            position INTEGER NOT NULL,
            item TEXT NOT NULL,
            read_at INTEGER NOT NULL,
            PRIMARY KEY (list, position)
        ) WITHOUT ROWID;
        CREATE INDEX list_items_by_item ON list_items (list, item);
        ",
    )
}

/// Version 2: the name index, filled from the records already kept.
fn name_index(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "
        CREATE TABLE names (
            kind INTEGER NOT NULL,
            id TEXT NOT NULL,
            name TEXT NOT NULL,
            place TEXT,
            PRIMARY KEY (kind, id)
        ) WITHOUT ROWID;
        ",
    )?;
    use weeek_api::models::{Board, Contact, Deal, Member, Organization, Project, TaskRow};
    fill_names::<TaskRow>(tx)?;
    fill_names::<Project>(tx)?;
    fill_names::<Board>(tx)?;
    fill_names::<Deal>(tx)?;
    fill_names::<Contact>(tx)?;
    fill_names::<Organization>(tx)?;
    fill_names::<Member>(tx)
}

fn fill_names<R: Record>(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    let mut read = tx.prepare("SELECT body FROM records WHERE kind = ?1")?;
    let mut write = tx.prepare("INSERT OR REPLACE INTO names VALUES (?1, ?2, ?3, ?4)")?;
    let bodies = read.query_map(params![R::KIND.number()], |r| r.get::<_, String>(0))?;
    for body in bodies {
        // A record that no longer reads is left without a name; the next read replaces it.
        let Ok(record) = serde_json::from_str::<R>(&body?) else {
            continue;
        };
        if let Some((kind, name, place)) = record.name() {
            write.execute(params![kind.number(), record.key(), name, place])?;
        }
    }
    Ok(())
}

/// Version 3: the outbox, changes made while the service could not be reached (see
/// `crate::outbox`).
fn outbox(tx: &Transaction<'_>) -> rusqlite::Result<()> {
    tx.execute_batch(
        "
        -- One change of one item, in the order made (`seq`). The item is the service's `item`,
        -- or a new one's `local` id until its create is answered (then both). `change`, `base`
        -- and `theirs` are JSON; times are ms since 1970, `base_updated_at` ns as the service's.
        CREATE TABLE outbox (
            seq INTEGER PRIMARY KEY,
            kind INTEGER NOT NULL,
            item TEXT,
            local INTEGER,
            name TEXT NOT NULL,
            change TEXT NOT NULL,
            base TEXT NOT NULL,
            base_updated_at INTEGER,
            created_at INTEGER NOT NULL,
            state INTEGER NOT NULL,
            message TEXT,
            theirs TEXT,
            sent_at INTEGER
        );
        CREATE INDEX outbox_by_local ON outbox (kind, local);
        ",
    )
}
