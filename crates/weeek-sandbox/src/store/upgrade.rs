//! Brings a database file written by an older sandbox up to the current schema: new tables
//! come from `CREATE TABLE IF NOT EXISTS`, new columns of existing tables and moved data from
//! here.

use rusqlite::Connection;

/// `(table, column, declaration)` of every column added to a table that older files have.
const ADDED_COLUMNS: &[(&str, &str, &str)] = &[
    ("task_custom_fields", "board_id", "INTEGER"),
    ("tasks", "sub_position", "INTEGER"),
    // What search and the name order compare; filled by `tasks::rebuild_derived`.
    ("tasks", "title_folded", "TEXT"),
    ("tasks", "text_folded", "TEXT NOT NULL DEFAULT ''"),
    ("time_entries", "seconds", "INTEGER"),
];

/// Runs after `schema` (the current one) was applied to the file.
pub fn upgrade(conn: &Connection, schema: &str) -> rusqlite::Result<()> {
    add_missing_columns(conn)?;
    move_deal_files(conn, schema)
}

fn has_column(conn: &Connection, table: &str, column: &str) -> rusqlite::Result<bool> {
    conn.prepare(&format!(
        "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
    ))?
    .exists([column])
}

/// Older files kept the bytes (and a URL fixed at upload) of deal files in `deal_attachments`
/// itself; the bytes move to `attachment_files`, where every held file is, and the table is
/// made again by `schema`, with what the current one has.
fn move_deal_files(conn: &Connection, schema: &str) -> rusqlite::Result<()> {
    if !has_column(conn, "deal_attachments", "content")? {
        return Ok(());
    }
    conn.execute_batch(
        "BEGIN;
         INSERT OR IGNORE INTO attachment_files (attachment_id, name, content_type, bytes)
             SELECT id, name, content_type, content FROM deal_attachments;
         DROP INDEX IF EXISTS deal_attachments_deal;
         ALTER TABLE deal_attachments RENAME TO deal_attachments_before;",
    )?;
    conn.execute_batch(schema)?;
    conn.execute_batch(
        "INSERT INTO deal_attachments (id, deal_id, creator_id, name, size, created_at)
             SELECT id, deal_id, creator_id, name, size, created_at FROM deal_attachments_before;
         DROP TABLE deal_attachments_before;
         COMMIT;",
    )
}

fn add_missing_columns(conn: &Connection) -> rusqlite::Result<()> {
    for (table, column, declaration) in ADDED_COLUMNS {
        if !has_column(conn, table, column)? {
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
        conn.execute_batch(include_str!("schema.sql")).unwrap();
        add_missing_columns(&conn).unwrap();
        add_missing_columns(&conn).unwrap();
        conn.execute(
            "INSERT INTO task_custom_fields (id, name, type, position, board_id) \
             VALUES ('f', 'n', 'text', 0, 7)",
            [],
        )
        .unwrap();
    }

    #[test]
    fn deal_files_of_an_old_file_move_to_the_shared_store() {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(
            "CREATE TABLE deal_attachments (id TEXT PRIMARY KEY, deal_id TEXT NOT NULL, \
             creator_id TEXT NOT NULL, name TEXT NOT NULL, url TEXT NOT NULL, \
             content_type TEXT NOT NULL, size INTEGER NOT NULL, content BLOB NOT NULL, \
             created_at TEXT NOT NULL);
             INSERT INTO deal_attachments VALUES ('a1', 'd1', 'u1', 'hello.txt', \
             'http://127.0.0.1:1/public/v1/ws/attachments/a1', 'text/plain', 5, X'68656C6C6F', 't');",
        )
        .unwrap();
        let schema = include_str!("schema.sql");
        conn.execute_batch(schema).unwrap();
        upgrade(&conn, schema).unwrap();
        upgrade(&conn, schema).unwrap();
        let file = super::super::attachments::file(&conn, "a1")
            .unwrap()
            .unwrap();
        assert_eq!(
            (
                file.name.as_str(),
                file.content_type.as_str(),
                &file.bytes[..]
            ),
            ("hello.txt", "text/plain", &b"hello"[..])
        );
        let listed =
            super::super::attachments::deal_attachments_json(&conn, "d1", "http://h:2").unwrap();
        assert_eq!(
            listed[0]["url"], "http://h:2/public/v1/ws/attachments/a1",
            "{listed:?}"
        );
        assert!(!has_column(&conn, "deal_attachments", "content").unwrap());
    }
}
