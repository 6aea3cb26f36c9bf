//! The schema, and bringing a file written by an older version up to date.

use rusqlite::Connection;

use crate::errors::SandboxError;
use crate::store::{tasks, upgrade};

const SCHEMA: &str = include_str!("schema.sql");
const TASK_INDEXES: &str = include_str!("task_indexes.sql");

/// `PRAGMA user_version` of a file of the current schema. 1: the derived task data (folded
/// search text, assignee and tag tables) is complete; 2: the location index covers a page's
/// reads. Files from before either have 0.
const VERSION: i64 = 2;

pub fn prepare(conn: &Connection) -> Result<(), SandboxError> {
    // New tables and indexes appear in an old file here; its tables gain their new columns
    // in `upgrade`, and the data derived from them below.
    conn.execute_batch(SCHEMA)?;
    upgrade::upgrade(conn, SCHEMA)?;
    let version: i64 = conn.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version < VERSION {
        let tx = conn.unchecked_transaction()?;
        if version < 1 {
            tasks::rebuild_derived(&tx)?;
        }
        // Superseded by `task_locations_page`.
        tx.execute_batch("DROP INDEX IF EXISTS task_locations_task")?;
        tx.pragma_update(None, "user_version", VERSION)?;
        tx.commit()?;
    }
    create_task_indexes(conn)?;
    Ok(())
}

/// The list's indexes, and the search index filled from the tasks when it is new.
fn create_task_indexes(conn: &Connection) -> rusqlite::Result<()> {
    let searchable: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE name = 'task_search')",
        [],
        |row| row.get(0),
    )?;
    conn.execute_batch(TASK_INDEXES)?;
    if !searchable {
        conn.execute_batch("INSERT INTO task_search (task_search) VALUES ('rebuild')")?;
    }
    Ok(())
}

/// Runs `fill` without the task list's indexes and builds them afterwards: one sort per index
/// instead of an update of each for every row, for the seed of a new database.
pub fn without_task_indexes<T, E: From<rusqlite::Error>>(
    conn: &Connection,
    fill: impl FnOnce() -> Result<T, E>,
) -> Result<T, E> {
    for (kind, name) in task_index_objects() {
        conn.execute_batch(&format!("DROP {kind} IF EXISTS {name}"))?;
    }
    let filled = fill()?;
    create_task_indexes(conn)?;
    Ok(filled)
}

/// What `task_indexes.sql` creates, as `(kind, name)`: the search table last, after the
/// triggers that write to it.
fn task_index_objects() -> impl Iterator<Item = (&'static str, &'static str)> {
    [
        ("INDEX", "CREATE INDEX IF NOT EXISTS "),
        ("TRIGGER", "CREATE TRIGGER IF NOT EXISTS "),
        ("TABLE", "CREATE VIRTUAL TABLE IF NOT EXISTS "),
    ]
    .into_iter()
    .flat_map(|(kind, prefix)| {
        TASK_INDEXES
            .lines()
            .filter_map(move |line| line.strip_prefix(prefix))
            .filter_map(move |rest| Some((kind, rest.split_whitespace().next()?)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_index_is_named_for_the_seed_to_drop() {
        let named: Vec<_> = task_index_objects().collect();
        assert_eq!(named.len(), TASK_INDEXES.matches("CREATE ").count());
        assert!(named.len() >= 20, "{named:?}");
        assert_eq!(named.last(), Some(&("TABLE", "task_search")));
    }
}
