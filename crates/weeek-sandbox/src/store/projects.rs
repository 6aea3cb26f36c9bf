//! Project writes: create, change, archive and delete with everything inside.

use rusqlite::{Connection, params};

use super::boards;
use super::custom_fields::{self, Scope};
use crate::wire::to_json_text;

/// `status` of a project in answers. UNCERTAIN: the live service was seen sending `1` on an
/// active project and the docs allow `1|2`; 2 is read as archived.
pub const ACTIVE: i64 = 1;
pub const ARCHIVED: i64 = 2;

/// Colours handed to new projects in turn (the create body has no colour).
const PROJECT_PALETTE: [&str; 6] = [
    "#4f7cff", "#2fb67c", "#f5a524", "#d6409f", "#8e4ec6", "#12a594",
];

pub struct NewProject {
    pub name: String,
    pub logo_link: Option<String>,
    pub description: Option<String>,
    pub color: Option<String>,
    pub is_private: bool,
    pub portfolio_id: Option<i64>,
    pub team: Vec<String>,
}

pub fn insert(conn: &Connection, project: &NewProject) -> rusqlite::Result<i64> {
    let next: i64 = conn.query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM projects", [], |r| {
        r.get(0)
    })?;
    let color = project
        .color
        .clone()
        .unwrap_or_else(|| PROJECT_PALETTE[next as usize % PROJECT_PALETTE.len()].to_owned());
    conn.execute(
        "INSERT INTO projects (name, logo_link, description, color, is_private, portfolio_id, \
         status, team) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            project.name,
            project.logo_link,
            project.description,
            color,
            project.is_private,
            project.portfolio_id,
            ACTIVE,
            to_json_text(&project.team)
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// What `PUT /tm/projects/{id}` changes: `None` leaves a value as it is.
#[derive(Default)]
pub struct ProjectChange {
    pub name: Option<String>,
    pub is_private: Option<bool>,
    pub logo_link: Option<Option<String>>,
    pub description: Option<Option<String>>,
    pub color: Option<String>,
}

pub fn update(conn: &Connection, id: i64, change: &ProjectChange) -> rusqlite::Result<()> {
    if let Some(name) = &change.name {
        conn.execute(
            "UPDATE projects SET name = ?1 WHERE id = ?2",
            params![name, id],
        )?;
    }
    if let Some(private) = change.is_private {
        conn.execute(
            "UPDATE projects SET is_private = ?1 WHERE id = ?2",
            params![private, id],
        )?;
    }
    if let Some(logo) = &change.logo_link {
        conn.execute(
            "UPDATE projects SET logo_link = ?1 WHERE id = ?2",
            params![logo, id],
        )?;
    }
    if let Some(description) = &change.description {
        conn.execute(
            "UPDATE projects SET description = ?1 WHERE id = ?2",
            params![description, id],
        )?;
    }
    if let Some(color) = &change.color {
        conn.execute(
            "UPDATE projects SET color = ?1 WHERE id = ?2",
            params![color, id],
        )?;
    }
    Ok(())
}

pub fn set_status(conn: &Connection, id: i64, status: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE projects SET status = ?1 WHERE id = ?2",
        params![status, id],
    )?;
    Ok(())
}

/// Deletes a project with its boards, columns and custom fields. Its tasks leave it; a task
/// left in no project at all is deleted the way a task is (it still resolves by id, with
/// `isDeleted`), so nothing of the project stays visible in lists.
pub fn delete(conn: &Connection, id: i64, now: &str) -> rusqlite::Result<()> {
    let board_ids: Vec<i64> = conn
        .prepare("SELECT id FROM boards WHERE project_id = ?1")?
        .query_map([id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    for board in board_ids {
        boards::delete_board(conn, board)?;
    }
    custom_fields::delete_scope(conn, Scope::Project(id))?;
    let task_ids: Vec<i64> = conn
        .prepare("SELECT task_id FROM task_locations WHERE project_id = ?1")?
        .query_map([id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    conn.execute("DELETE FROM task_locations WHERE project_id = ?1", [id])?;
    for task in task_ids {
        conn.execute(
            "UPDATE tasks SET is_deleted = 1, updated_at = ?1 WHERE id = ?2 AND is_deleted = 0 \
             AND NOT EXISTS (SELECT 1 FROM task_locations WHERE task_id = ?2)",
            params![now, task],
        )?;
    }
    conn.execute("DELETE FROM projects WHERE id = ?1", [id])?;
    Ok(())
}
