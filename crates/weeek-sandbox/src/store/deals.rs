//! Deal writes and what hangs off a deal: attached tasks (files are in `attachments.rs`).

use rusqlite::{Connection, params};
use serde_json::Value;

use super::crm::Deal;
use super::{Answering, attachments, tasks};
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
    attachments::delete_deal_attachments(conn, id)?;
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

/// The attached tasks as Task objects, in the deal's order; deleted tasks are left out.
pub fn tasks_json(
    conn: &Connection,
    deal_id: &str,
    at: Answering<'_>,
) -> rusqlite::Result<Vec<Value>> {
    let live: Vec<i64> = conn
        .prepare_cached(
            "SELECT d.task_id FROM deal_tasks d JOIN tasks t ON t.id = d.task_id \
             WHERE d.deal_id = ?1 AND +t.is_deleted = 0 ORDER BY d.position, d.rowid",
        )?
        .query_map([deal_id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    tasks::to_json(conn, &live, at)
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
