//! Workspace, members, tags, projects, boards and columns.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

use crate::store::custom_fields::FieldDef;
use crate::store::projects::ARCHIVED;
use crate::wire::json_list;

pub fn workspace_json(conn: &Connection) -> rusqlite::Result<Value> {
    conn.query_row(
        "SELECT id, title, description, is_personal, logo FROM workspace LIMIT 1",
        [],
        |row| {
            Ok(json!({
                "id": row.get::<_, i64>(0)?,
                "title": row.get::<_, String>(1)?,
                "description": row.get::<_, Option<String>>(2)?,
                "isPersonal": row.get::<_, bool>(3)?,
                "logo": row.get::<_, Option<String>>(4)?,
            }))
        },
    )
}

const MEMBER_COLUMNS: &str = "id, email, logo, last_name, first_name, middle_name, job_title, time_zone, \
     language, about, birth_date, country, phone_number";

fn member_json(row: &Row<'_>) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": row.get::<_, String>(0)?,
        "email": row.get::<_, String>(1)?,
        "logo": row.get::<_, Option<String>>(2)?,
        "lastName": row.get::<_, Option<String>>(3)?,
        "firstName": row.get::<_, Option<String>>(4)?,
        "middleName": row.get::<_, Option<String>>(5)?,
        "position": row.get::<_, Option<String>>(6)?,
        "timeZone": row.get::<_, String>(7)?,
    }))
}

pub fn members_json(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {MEMBER_COLUMNS} FROM members ORDER BY position"
    ))?;
    stmt.query_map([], member_json)?.collect()
}

/// The profile of `GET /user/me` (no `name` field, unlike some clients expect).
pub fn user_json(conn: &Connection, id: &str) -> rusqlite::Result<Option<Value>> {
    conn.query_row(
        &format!("SELECT {MEMBER_COLUMNS} FROM members WHERE id = ?1"),
        [id],
        |row| {
            Ok(json!({
                "id": row.get::<_, String>(0)?,
                "email": row.get::<_, String>(1)?,
                "logoLink": row.get::<_, Option<String>>(2)?,
                "lastName": row.get::<_, Option<String>>(3)?,
                "firstName": row.get::<_, Option<String>>(4)?,
                "middleName": row.get::<_, Option<String>>(5)?,
                "about": row.get::<_, Option<String>>(9)?,
                "position": row.get::<_, Option<String>>(6)?,
                "language": row.get::<_, String>(8)?,
                "birthDate": row.get::<_, Option<String>>(10)?,
                "country": row.get::<_, Option<String>>(11)?,
                "timeZone": row.get::<_, String>(7)?,
                "phoneNumber": row.get::<_, Option<String>>(12)?,
            }))
        },
    )
    .optional()
}

pub fn current_user_id(conn: &Connection) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT id FROM members WHERE is_current = 1 ORDER BY position LIMIT 1",
        [],
        |row| row.get(0),
    )
    .optional()
}

pub fn is_member(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    exists(conn, "SELECT 1 FROM members WHERE id = ?1", id)
}

pub fn tag_exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    exists(conn, "SELECT 1 FROM tags WHERE id = ?1", id)
}

pub fn project_exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    exists(conn, "SELECT 1 FROM projects WHERE id = ?1", id)
}

fn exists(conn: &Connection, sql: &str, key: impl rusqlite::ToSql) -> rusqlite::Result<bool> {
    Ok(conn.query_row(sql, [key], |_| Ok(())).optional()?.is_some())
}

fn tag_json(row: &Row<'_>) -> rusqlite::Result<Value> {
    Ok(json!({
        "id": row.get::<_, i64>(0)?,
        "title": row.get::<_, String>(1)?,
        "color": row.get::<_, String>(2)?,
    }))
}

pub fn tags_json(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare("SELECT id, title, color FROM tags ORDER BY id")?;
    stmt.query_map([], tag_json)?.collect()
}

pub fn tag_json_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Value>> {
    conn.query_row(
        "SELECT id, title, color FROM tags WHERE id = ?1",
        [id],
        tag_json,
    )
    .optional()
}

/// Colours handed to new tags in turn.
const TAG_PALETTE: [&str; 8] = [
    "#4f7cff", "#2fb67c", "#f5a524", "#e5484d", "#8e4ec6", "#12a594", "#d6409f", "#6e56cf",
];

pub fn create_tag(conn: &Connection, title: &str) -> rusqlite::Result<Value> {
    let next: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM tags", [], |r| {
        r.get(0)
    })?;
    let color = TAG_PALETTE[(next as usize) % TAG_PALETTE.len()];
    conn.execute(
        "INSERT INTO tags (title, color) VALUES (?1, ?2)",
        params![title, color],
    )?;
    let id = conn.last_insert_rowid();
    Ok(json!({"id": id, "title": title, "color": color}))
}

/// Tables whose rows carry tag ids in a JSON `tags` array.
const TAGGED_TABLES: [&str; 4] = ["tasks", "deals", "organizations", "contacts"];

/// Deletes a tag and takes it off every task and CRM record that carried it; `false` when
/// there was no such tag.
pub fn delete_tag(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    if conn.execute("DELETE FROM tags WHERE id = ?1", [id])? == 0 {
        return Ok(false);
    }
    for table in TAGGED_TABLES {
        let rows: Vec<(String, String)> = conn
            .prepare(&format!(
                "SELECT CAST(rowid AS TEXT), tags FROM {table} WHERE tags LIKE ?1"
            ))?
            .query_map([format!("%{id}%")], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (rowid, text) in rows {
            let mut tags: Vec<i64> = json_list(&text);
            let before = tags.len();
            tags.retain(|t| *t != id);
            if tags.len() != before {
                conn.execute(
                    &format!("UPDATE {table} SET tags = ?1 WHERE rowid = ?2"),
                    params![crate::wire::to_json_text(&tags), rowid],
                )?;
            }
        }
    }
    // The copy the task list filters on.
    conn.execute("DELETE FROM task_tags WHERE tag_id = ?1", [id])?;
    Ok(true)
}

fn project_json(conn: &Connection, row: &Row<'_>) -> rusqlite::Result<Value> {
    let id: i64 = row.get(0)?;
    let name: String = row.get(1)?;
    let fields: Vec<Value> = conn
        .prepare_cached(
            "SELECT id, name, type, config, options FROM task_custom_fields \
             WHERE project_id = ?1 AND board_id IS NULL ORDER BY position",
        )?
        .query_map([id], |r| Ok(FieldDef::from_row(r, 0)?.to_json()))?
        .collect::<rusqlite::Result<_>>()?;
    // The live service sends `title` in lists and both names on the detail;
    // both everywhere lets clients of either docs version read it.
    Ok(json!({
        "id": id,
        "title": name,
        "name": name,
        "logoLink": row.get::<_, Option<String>>(2)?,
        "description": row.get::<_, Option<String>>(3)?,
        "color": row.get::<_, String>(4)?,
        "isPrivate": row.get::<_, bool>(5)?,
        "portfolioId": row.get::<_, Option<i64>>(6)?,
        "status": row.get::<_, i64>(7)?,
        "team": json_list::<String>(&row.get::<_, String>(8)?),
        "customFields": fields,
    }))
}

const PROJECT_COLUMNS: &str =
    "id, name, logo_link, description, color, is_private, portfolio_id, status, team";

/// The project list: archived projects leave it (they still resolve by id).
pub fn projects_json(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {PROJECT_COLUMNS} FROM projects WHERE status != {ARCHIVED} ORDER BY id"
    ))?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(project_json(conn, row)?);
    }
    Ok(out)
}

pub fn project_json_by_id(conn: &Connection, id: i64) -> rusqlite::Result<Option<Value>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {PROJECT_COLUMNS} FROM projects WHERE id = ?1"
    ))?;
    let mut rows = stmt.query([id])?;
    match rows.next()? {
        Some(row) => project_json(conn, row).map(Some),
        None => Ok(None),
    }
}

pub fn boards_json(conn: &Connection, project_id: i64) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, project_id, is_private FROM boards WHERE project_id = ?1 ORDER BY position, id",
    )?;
    stmt.query_map([project_id], |row| {
        Ok(json!({
            "id": row.get::<_, i64>(0)?,
            "name": row.get::<_, String>(1)?,
            "projectId": row.get::<_, i64>(2)?,
            "isPrivate": row.get::<_, bool>(3)?,
        }))
    })?
    .collect()
}

pub fn columns_json(conn: &Connection, board_id: i64) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT id, name, board_id FROM board_columns WHERE board_id = ?1 ORDER BY position, id",
    )?;
    stmt.query_map([board_id], |row| {
        Ok(json!({
            "id": row.get::<_, i64>(0)?,
            "name": row.get::<_, String>(1)?,
            "boardId": row.get::<_, i64>(2)?,
        }))
    })?
    .collect()
}

/// The project a board belongs to.
pub fn board_project(conn: &Connection, board_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT project_id FROM boards WHERE id = ?1",
        [board_id],
        |row| row.get(0),
    )
    .optional()
}

/// The board and project of a column.
/// The board and project of a column. Kept prepared: every task placed in a column asks.
pub fn column_place(conn: &Connection, column_id: i64) -> rusqlite::Result<Option<(i64, i64)>> {
    conn.prepare_cached(
        "SELECT b.id, b.project_id FROM board_columns c JOIN boards b ON b.id = c.board_id \
         WHERE c.id = ?1",
    )?
    .query_row([column_id], |row| Ok((row.get(0)?, row.get(1)?)))
    .optional()
}

pub fn first_column(conn: &Connection, board_id: i64) -> rusqlite::Result<Option<i64>> {
    conn.query_row(
        "SELECT id FROM board_columns WHERE board_id = ?1 ORDER BY position, id LIMIT 1",
        [board_id],
        |row| row.get(0),
    )
    .optional()
}
