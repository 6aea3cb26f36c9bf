//! Brings a database file written by an older sandbox up to the current schema: new tables
//! come from `CREATE TABLE IF NOT EXISTS`, new columns of existing tables from here.

use rusqlite::Connection;

/// `(table, column, declaration)` of every column added to a table that older files have.
const ADDED_COLUMNS: &[(&str, &str, &str)] = &[("task_custom_fields", "board_id", "INTEGER")];

pub fn add_missing_columns(conn: &Connection) -> rusqlite::Result<()> {
    for (table, column, declaration) in ADDED_COLUMNS {
        let present = conn
            .prepare(&format!(
                "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
            ))?
            .exists([column])?;
        if !present {
            conn.execute_batch(&format!(
                "ALTER TABLE {table} ADD COLUMN {column} {declaration}"
            ))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_old_table_gains_the_new_columns_once() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE task_custom_fields (id TEXT PRIMARY KEY, project_id INTEGER, \
             name TEXT NOT NULL, type TEXT NOT NULL, config TEXT NOT NULL DEFAULT '{}', \
             options TEXT NOT NULL DEFAULT '[]', position INTEGER NOT NULL)",
        )
        .unwrap();
        add_missing_columns(&conn).unwrap();
        add_missing_columns(&conn).unwrap();
        conn.execute(
            "INSERT INTO task_custom_fields (id, name, type, position, board_id) \
             VALUES ('f', 'n', 'text', 0, 7)",
            [],
        )
        .unwrap();
    }
}
