//! Deal writes and what hangs off a deal: attached tasks and uploaded files.

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::{Value, json};
use time::Date;

use super::crm::Deal;
use super::tasks;
use crate::wire::to_json_text;

/// Writes every stored field of an existing deal (its place is changed by `crm::move_deal`).
pub fn save_deal(conn: &Connection, deal: &Deal) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE deals SET funnel_id = ?2, status_id = ?3, title = ?4, description = ?5, \
         amount = ?6, win_status = ?7, assignees = ?8, organizations = ?9, contacts = ?10, \
         tags = ?11, custom_values = ?12, updated_at = ?13 WHERE id = ?1",
        params![
            deal.id,
            deal.funnel_id,
            deal.status_id,
            deal.title,
            deal.description,
            deal.amount,
            deal.win_status,
            to_json_text(&deal.assignees),
            to_json_text(&deal.organizations),
            to_json_text(&deal.contacts),
            to_json_text(&deal.tags),
            to_json_text(&deal.custom_values),
            deal.updated_at
        ],
    )?;
    Ok(())
}

/// Deletes a deal, its task links (the tasks stay) and its files; the status's order closes up.
pub fn delete_deal(conn: &Connection, id: &str) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM deal_tasks WHERE deal_id = ?1", [id])?;
    conn.execute("DELETE FROM deal_attachments WHERE deal_id = ?1", [id])?;
    conn.execute("DELETE FROM deals WHERE id = ?1", [id])?;
    Ok(())
}

/// Which list column of `deals` a reference lives in.
#[derive(Clone, Copy, Debug)]
pub enum DealList {
    Contacts,
    Organizations,
}

/// Removes `id` from that list of every deal holding it (a deleted contact or organization).
pub fn forget_in_deals(conn: &Connection, list: DealList, id: &str) -> rusqlite::Result<()> {
    let column = match list {
        DealList::Contacts => "contacts",
        DealList::Organizations => "organizations",
    };
    conn.execute(
        &format!(
            "UPDATE deals SET {column} = (SELECT json_group_array(value) FROM \
             (SELECT value FROM json_each(deals.{column}) WHERE value <> ?1 ORDER BY key)) \
             WHERE EXISTS (SELECT 1 FROM json_each(deals.{column}) WHERE value = ?1)"
        ),
        [id],
    )?;
    Ok(())
}

/// Task ids attached to a deal, in the deal's order.
pub fn task_ids(conn: &Connection, deal_id: &str) -> rusqlite::Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT task_id FROM deal_tasks WHERE deal_id = ?1 ORDER BY position, rowid",
    )?;
    stmt.query_map([deal_id], |row| row.get(0))?.collect()
}

/// The attached tasks as Task objects; deleted tasks are left out.
pub fn tasks_json(conn: &Connection, deal_id: &str, today: Date) -> rusqlite::Result<Vec<Value>> {
    let mut out = Vec::new();
    for id in task_ids(conn, deal_id)? {
        if let Some(task) = tasks::load(conn, id)?.filter(|t| !t.is_deleted) {
            out.push(tasks::to_json(conn, &task, today)?);
        }
    }
    Ok(out)
}

/// Places `task_id` in the deal's list right after `after` (first when `None`), attaching it if
/// it was not attached yet.
pub fn place_task(
    conn: &Connection,
    deal_id: &str,
    task_id: i64,
    after: Option<i64>,
) -> rusqlite::Result<()> {
    let mut order: Vec<i64> = task_ids(conn, deal_id)?
        .into_iter()
        .filter(|id| *id != task_id)
        .collect();
    let index = after
        .and_then(|after| order.iter().position(|id| *id == after))
        .map_or(0, |i| i + 1);
    order.insert(index, task_id);
    conn.execute(
        "INSERT OR IGNORE INTO deal_tasks (deal_id, task_id, position) VALUES (?1, ?2, 0)",
        params![deal_id, task_id],
    )?;
    let mut stmt = conn.prepare_cached(
        "UPDATE deal_tasks SET position = ?3 WHERE deal_id = ?1 AND task_id = ?2",
    )?;
    for (position, id) in order.iter().enumerate() {
        stmt.execute(params![deal_id, id, position as i64])?;
    }
    Ok(())
}

/// Appends a task at the end of the deal's list.
pub fn append_task(conn: &Connection, deal_id: &str, task_id: i64) -> rusqlite::Result<()> {
    let last = task_ids(conn, deal_id)?.last().copied();
    place_task(conn, deal_id, task_id, last)
}

/// Whether the link existed.
pub fn detach_task(conn: &Connection, deal_id: &str, task_id: i64) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "DELETE FROM deal_tasks WHERE deal_id = ?1 AND task_id = ?2",
        params![deal_id, task_id],
    )? > 0)
}

/// A file uploaded to a deal.
#[derive(Clone, Debug)]
pub struct Upload {
    pub id: String,
    pub deal_id: String,
    pub creator_id: String,
    pub name: String,
    pub url: String,
    pub content_type: String,
    pub content: Vec<u8>,
    pub created_at: String,
}

impl Upload {
    /// The service's Attachment object.
    pub fn to_json(&self) -> Value {
        attachment_json(
            &self.id,
            &self.creator_id,
            &self.name,
            &self.url,
            self.content.len() as i64,
            &self.created_at,
        )
    }
}

pub fn insert_upload(conn: &Connection, upload: &Upload) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO deal_attachments (id, deal_id, creator_id, name, url, content_type, size, \
         content, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            upload.id,
            upload.deal_id,
            upload.creator_id,
            upload.name,
            upload.url,
            upload.content_type,
            upload.content.len() as i64,
            upload.content,
            upload.created_at
        ],
    )?;
    Ok(())
}

fn attachment_json(
    id: &str,
    creator: &str,
    name: &str,
    url: &str,
    size: i64,
    created_at: &str,
) -> Value {
    json!({
        "id": id,
        "creatorId": creator,
        "service": "weeek",
        "name": name,
        "url": url,
        "size": size,
        "createdAt": created_at,
    })
}

/// The deal's files, oldest first.
pub fn attachments_json(conn: &Connection, deal_id: &str) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, creator_id, name, url, size, created_at FROM deal_attachments \
         WHERE deal_id = ?1 ORDER BY created_at, rowid",
    )?;
    stmt.query_map([deal_id], |row| {
        Ok(attachment_json(
            &row.get::<_, String>(0)?,
            &row.get::<_, String>(1)?,
            &row.get::<_, String>(2)?,
            &row.get::<_, String>(3)?,
            row.get(4)?,
            &row.get::<_, String>(5)?,
        ))
    })?
    .collect()
}

/// The name, content type and bytes of an uploaded file.
pub fn upload_content(
    conn: &Connection,
    id: &str,
) -> rusqlite::Result<Option<(String, String, Vec<u8>)>> {
    conn.query_row(
        "SELECT name, content_type, content FROM deal_attachments WHERE id = ?1",
        [id],
        |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
    )
    .optional()
}
