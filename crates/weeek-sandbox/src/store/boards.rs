//! Board and column writes. Boards are ordered within their project and columns within their
//! board by a dense `position` (0, 1, 2, … with no gaps), rewritten after every change.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};

use super::custom_fields::{self, Scope};

pub fn board_json(id: i64, name: &str, project_id: i64, is_private: bool) -> Value {
    json!({"id": id, "name": name, "projectId": project_id, "isPrivate": is_private})
}

pub fn column_json(id: i64, name: &str, board_id: i64) -> Value {
    json!({"id": id, "name": name, "boardId": board_id})
}

/// The two ordered lists and what owns their rows.
#[derive(Clone, Copy)]
enum Ordered {
    BoardsOf(i64),
    ColumnsOf(i64),
}

impl Ordered {
    fn table_and_owner(self) -> (&'static str, &'static str, i64) {
        match self {
            Self::BoardsOf(project) => ("boards", "project_id", project),
            Self::ColumnsOf(board) => ("board_columns", "board_id", board),
        }
    }

    fn ids(self, conn: &Connection) -> rusqlite::Result<Vec<i64>> {
        let (table, owner, key) = self.table_and_owner();
        conn.prepare_cached(&format!(
            "SELECT id FROM {table} WHERE {owner} = ?1 ORDER BY position, id"
        ))?
        .query_map([key], |row| row.get(0))?
        .collect()
    }

    fn write(self, conn: &Connection, ids: &[i64]) -> rusqlite::Result<()> {
        let (table, _, _) = self.table_and_owner();
        let mut stmt =
            conn.prepare_cached(&format!("UPDATE {table} SET position = ?1 WHERE id = ?2"))?;
        for (position, id) in ids.iter().enumerate() {
            stmt.execute(params![position as i64, id])?;
        }
        Ok(())
    }

    /// Puts `id` right below `upper`, or first when `upper` is `None`.
    fn place(self, conn: &Connection, id: i64, upper: Option<i64>) -> rusqlite::Result<()> {
        let mut ids = self.ids(conn)?;
        ids.retain(|x| *x != id);
        let at = upper
            .and_then(|u| ids.iter().position(|x| *x == u))
            .map_or(0, |i| i + 1);
        ids.insert(at.min(ids.len()), id);
        self.write(conn, &ids)
    }

    fn renumber(self, conn: &Connection) -> rusqlite::Result<()> {
        let ids = self.ids(conn)?;
        self.write(conn, &ids)
    }

    fn next_position(self, conn: &Connection) -> rusqlite::Result<i64> {
        Ok(self.ids(conn)?.len() as i64)
    }
}

/// A new board, last in its project, without columns.
pub fn insert_board(conn: &Connection, project_id: i64, name: &str) -> rusqlite::Result<Value> {
    let position = Ordered::BoardsOf(project_id).next_position(conn)?;
    conn.execute(
        "INSERT INTO boards (project_id, name, is_private, position) VALUES (?1, ?2, 0, ?3)",
        params![project_id, name, position],
    )?;
    Ok(board_json(
        conn.last_insert_rowid(),
        name,
        project_id,
        false,
    ))
}

pub fn rename_board(conn: &Connection, id: i64, name: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE boards SET name = ?1 WHERE id = ?2",
        params![name, id],
    )?;
    Ok(())
}

pub fn move_board(
    conn: &Connection,
    id: i64,
    project_id: i64,
    upper: Option<i64>,
) -> rusqlite::Result<()> {
    Ordered::BoardsOf(project_id).place(conn, id, upper)
}

/// Deletes a board with its columns and custom fields. Its tasks stay in the project, off
/// any board (`boardId` and `boardColumnId` become null).
pub fn delete_board(conn: &Connection, id: i64) -> rusqlite::Result<()> {
    let project: Option<i64> = conn
        .query_row("SELECT project_id FROM boards WHERE id = ?1", [id], |row| {
            row.get(0)
        })
        .optional()?;
    conn.execute(
        "UPDATE task_locations SET board_id = NULL, board_column_id = NULL, position = 0 \
         WHERE board_id = ?1",
        [id],
    )?;
    conn.execute("DELETE FROM board_columns WHERE board_id = ?1", [id])?;
    custom_fields::delete_scope(conn, Scope::Board(id))?;
    conn.execute("DELETE FROM boards WHERE id = ?1", [id])?;
    if let Some(project) = project {
        Ordered::BoardsOf(project).renumber(conn)?;
    }
    Ok(())
}

/// A new column, last on its board.
pub fn insert_column(conn: &Connection, board_id: i64, name: &str) -> rusqlite::Result<Value> {
    let position = Ordered::ColumnsOf(board_id).next_position(conn)?;
    conn.execute(
        "INSERT INTO board_columns (board_id, name, position) VALUES (?1, ?2, ?3)",
        params![board_id, name, position],
    )?;
    Ok(column_json(conn.last_insert_rowid(), name, board_id))
}

pub fn rename_column(conn: &Connection, id: i64, name: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE board_columns SET name = ?1 WHERE id = ?2",
        params![name, id],
    )?;
    Ok(())
}

pub fn move_column(
    conn: &Connection,
    id: i64,
    board_id: i64,
    upper: Option<i64>,
) -> rusqlite::Result<()> {
    Ordered::ColumnsOf(board_id).place(conn, id, upper)
}

/// Deletes a column. Its tasks go to the bottom of the board's first remaining column, in
/// their order; on a board left without columns they stay on the board, in no column.
pub fn delete_column(conn: &Connection, id: i64, board_id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM board_columns WHERE id = ?1", [id])?;
    let order = Ordered::ColumnsOf(board_id);
    order.renumber(conn)?;
    let target = order.ids(conn)?.first().copied();
    let moving: Vec<i64> = conn
        .prepare(
            "SELECT rowid FROM task_locations WHERE board_column_id = ?1 ORDER BY position, rowid",
        )?
        .query_map([id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let first_free: i64 = match target {
        Some(column) => conn.query_row(
            "SELECT COALESCE(MAX(position), 0) + 1 FROM task_locations WHERE board_column_id = ?1",
            [column],
            |row| row.get(0),
        )?,
        None => 0,
    };
    for (offset, rowid) in moving.into_iter().enumerate() {
        // Off any column, the order within it means nothing.
        let position = if target.is_some() {
            first_free + offset as i64
        } else {
            0
        };
        conn.execute(
            "UPDATE task_locations SET board_column_id = ?1, position = ?2 WHERE rowid = ?3",
            params![target, position, rowid],
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(conn: &Connection, board: i64) -> Vec<(i64, i64)> {
        conn.prepare("SELECT id, position FROM board_columns WHERE board_id = ?1 ORDER BY position")
            .unwrap()
            .query_map([board], |row| Ok((row.get(0)?, row.get(1)?)))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap()
    }

    #[test]
    fn positions_stay_dense_through_moves_and_deletes() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(include_str!("schema.sql")).unwrap();
        for name in ["a", "b", "c", "d"] {
            insert_column(&conn, 1, name).unwrap();
        }
        move_column(&conn, 4, 1, Some(1)).unwrap();
        assert_eq!(positions(&conn, 1), [(1, 0), (4, 1), (2, 2), (3, 3)]);
        delete_column(&conn, 2, 1).unwrap();
        assert_eq!(positions(&conn, 1), [(1, 0), (4, 1), (3, 2)]);
        insert_column(&conn, 1, "e").unwrap();
        move_column(&conn, 1, 1, Some(5)).unwrap();
        assert_eq!(positions(&conn, 1), [(4, 0), (3, 1), (5, 2), (1, 3)]);
    }
}
