//! The order of the tasks in a board column: `task_locations.position` (a task placed in a
//! column goes to its bottom, see `tasks::place`), rewritten densely from 1 when a task is put
//! right after or right before another (`POST /tm/tasks/{id}/locations` with `after` or
//! `before`). The task list filtered by a column lists its tasks in this order.

use rusqlite::{Connection, params};

/// Where a task goes among the others of its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Neighbour {
    /// Right below this task.
    After(i64),
    /// Right above this task.
    Before(i64),
}

/// Puts `task_id`, already in `column`, next to its neighbour. A neighbour that is not in the
/// column leaves the order as it was; false then.
pub fn put_next_to(
    conn: &Connection,
    task_id: i64,
    column: i64,
    neighbour: Neighbour,
) -> rusqlite::Result<bool> {
    let mut rows: Vec<(i64, i64)> = conn
        .prepare_cached(
            "SELECT rowid, task_id FROM task_locations WHERE board_column_id = ?1 \
             ORDER BY position, rowid",
        )?
        .query_map([column], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<rusqlite::Result<_>>()?;
    let other = match neighbour {
        Neighbour::After(id) | Neighbour::Before(id) => id,
    };
    if other == task_id {
        return Ok(false);
    }
    let Some(mine) = rows.iter().position(|(_, t)| *t == task_id) else {
        return Ok(false);
    };
    let moving = rows.remove(mine);
    let Some(at) = rows.iter().position(|(_, t)| *t == other) else {
        return Ok(false);
    };
    let at = match neighbour {
        Neighbour::After(_) => at + 1,
        Neighbour::Before(_) => at,
    };
    rows.insert(at, moving);
    let mut update =
        conn.prepare_cached("UPDATE task_locations SET position = ?1 WHERE rowid = ?2")?;
    for (i, (rowid, _)) in rows.iter().enumerate() {
        update.execute(params![i as i64 + 1, rowid])?;
    }
    Ok(true)
}
