//! Writes of funnels, their statuses and their custom fields. Reads that the list routes share
//! live in [`super::crm`].

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::Value;

use super::custom_fields::{CustomField, FieldDef, without_option};
use crate::wire::{json_list, to_json_text};

/// A funnel row as stored (totals are computed on read, never stored).
#[derive(Clone, Debug)]
pub struct Funnel {
    pub id: String,
    pub creator_id: String,
    pub currency_id: i64,
    pub name: String,
    pub logo: Option<String>,
    pub is_private: bool,
    pub is_bookmarked: bool,
    pub team: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl Funnel {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            creator_id: row.get(1)?,
            currency_id: row.get(2)?,
            name: row.get(3)?,
            logo: row.get(4)?,
            is_private: row.get(5)?,
            is_bookmarked: row.get(6)?,
            team: json_list(&row.get::<_, String>(7)?),
            created_at: row.get(8)?,
            updated_at: row.get(9)?,
        })
    }
}

pub fn funnel(conn: &Connection, id: &str) -> rusqlite::Result<Option<Funnel>> {
    conn.query_row(
        "SELECT id, creator_id, currency_id, name, logo, is_private, is_bookmarked, team, \
         created_at, updated_at FROM funnels WHERE id = ?1",
        [id],
        Funnel::from_row,
    )
    .optional()
}

/// Adds a funnel after the last one.
pub fn insert_funnel(conn: &Connection, funnel: &Funnel) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO funnels (id, position, creator_id, currency_id, name, logo, is_private, \
         is_bookmarked, team, created_at, updated_at) \
         VALUES (?1, (SELECT COALESCE(MAX(position), -1) + 1 FROM funnels), ?2, ?3, ?4, ?5, ?6, \
         ?7, ?8, ?9, ?10)",
        params![
            funnel.id,
            funnel.creator_id,
            funnel.currency_id,
            funnel.name,
            funnel.logo,
            funnel.is_private,
            funnel.is_bookmarked,
            to_json_text(&funnel.team),
            funnel.created_at,
            funnel.updated_at
        ],
    )?;
    Ok(())
}

pub fn update_funnel(conn: &Connection, funnel: &Funnel) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE funnels SET currency_id = ?2, name = ?3, logo = ?4, is_private = ?5, \
         is_bookmarked = ?6, team = ?7, updated_at = ?8 WHERE id = ?1",
        params![
            funnel.id,
            funnel.currency_id,
            funnel.name,
            funnel.logo,
            funnel.is_private,
            funnel.is_bookmarked,
            to_json_text(&funnel.team),
            funnel.updated_at
        ],
    )?;
    Ok(())
}

/// Deletes a funnel with its statuses, custom fields and deals (and what hangs off the deals).
pub fn delete_funnel(conn: &Connection, id: &str) -> rusqlite::Result<()> {
    let deals: Vec<String> = {
        let mut stmt = conn.prepare("SELECT id FROM deals WHERE funnel_id = ?1")?;
        stmt.query_map([id], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?
    };
    for deal in &deals {
        super::deals::delete_deal(conn, deal)?;
    }
    conn.execute("DELETE FROM statuses WHERE funnel_id = ?1", [id])?;
    conn.execute(
        "DELETE FROM funnel_custom_fields WHERE funnel_id = ?1",
        [id],
    )?;
    conn.execute("DELETE FROM funnels WHERE id = ?1", [id])?;
    let order = ordered_ids(conn, Ordered::Funnels, "")?;
    set_order(conn, Ordered::Funnels, &order)
}

/// The tables whose rows keep a dense `position`.
#[derive(Clone, Copy, Debug)]
pub enum Ordered {
    Funnels,
    /// Statuses of one funnel.
    Statuses,
    /// Custom fields of one funnel.
    Fields,
}

impl Ordered {
    fn table(self) -> &'static str {
        match self {
            Self::Funnels => "funnels",
            Self::Statuses => "statuses",
            Self::Fields => "funnel_custom_fields",
        }
    }
}

/// Ids in their order; `funnel_id` narrows statuses and fields (ignored for funnels).
pub fn ordered_ids(
    conn: &Connection,
    what: Ordered,
    funnel_id: &str,
) -> rusqlite::Result<Vec<String>> {
    if let Ordered::Funnels = what {
        let mut stmt = conn.prepare("SELECT id FROM funnels ORDER BY position, rowid")?;
        return stmt.query_map([], |row| row.get(0))?.collect();
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT id FROM {} WHERE funnel_id = ?1 ORDER BY position, rowid",
        what.table()
    ))?;
    stmt.query_map([funnel_id], |row| row.get(0))?.collect()
}

pub fn set_order(conn: &Connection, what: Ordered, ids: &[String]) -> rusqlite::Result<()> {
    let mut stmt = conn.prepare(&format!(
        "UPDATE {} SET position = ?1 WHERE id = ?2",
        what.table()
    ))?;
    for (position, id) in ids.iter().enumerate() {
        stmt.execute(params![position as i64, id])?;
    }
    Ok(())
}

/// Puts `id` right after `after` (or first when `None`) and renumbers.
pub fn move_after(
    conn: &Connection,
    what: Ordered,
    funnel_id: &str,
    id: &str,
    after: Option<&str>,
) -> rusqlite::Result<()> {
    let mut order: Vec<String> = ordered_ids(conn, what, funnel_id)?
        .into_iter()
        .filter(|other| other != id)
        .collect();
    let index = after
        .and_then(|after| order.iter().position(|other| other == after))
        .map_or(0, |i| i + 1);
    order.insert(index, id.to_owned());
    set_order(conn, what, &order)
}

/// Puts `id` right before `before` and renumbers.
pub fn move_before(
    conn: &Connection,
    what: Ordered,
    funnel_id: &str,
    id: &str,
    before: &str,
) -> rusqlite::Result<()> {
    let mut order: Vec<String> = ordered_ids(conn, what, funnel_id)?
        .into_iter()
        .filter(|other| other != id)
        .collect();
    let index = order
        .iter()
        .position(|other| other == before)
        .unwrap_or(order.len());
    order.insert(index, id.to_owned());
    set_order(conn, what, &order)
}

/// A status row.
#[derive(Clone, Debug)]
pub struct Status {
    pub id: String,
    pub funnel_id: String,
    pub creator_id: String,
    pub name: String,
    pub created_at: String,
    pub updated_at: String,
}

pub fn status(conn: &Connection, id: &str) -> rusqlite::Result<Option<Status>> {
    conn.query_row(
        "SELECT id, funnel_id, creator_id, name, created_at, updated_at FROM statuses WHERE id = ?1",
        [id],
        |row| {
            Ok(Status {
                id: row.get(0)?,
                funnel_id: row.get(1)?,
                creator_id: row.get(2)?,
                name: row.get(3)?,
                created_at: row.get(4)?,
                updated_at: row.get(5)?,
            })
        },
    )
    .optional()
}

/// Adds a status after the funnel's last one.
pub fn insert_status(conn: &Connection, status: &Status) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO statuses (id, funnel_id, creator_id, name, position, created_at, updated_at) \
         VALUES (?1, ?2, ?3, ?4, \
         (SELECT COALESCE(MAX(position), -1) + 1 FROM statuses WHERE funnel_id = ?2), ?5, ?6)",
        params![
            status.id,
            status.funnel_id,
            status.creator_id,
            status.name,
            status.created_at,
            status.updated_at
        ],
    )?;
    Ok(())
}

pub fn rename_status(conn: &Connection, id: &str, name: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE statuses SET name = ?2, updated_at = ?3 WHERE id = ?1",
        params![id, name, now],
    )?;
    Ok(())
}

pub fn delete_status(conn: &Connection, status: &Status) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM statuses WHERE id = ?1", [&status.id])?;
    let order = ordered_ids(conn, Ordered::Statuses, &status.funnel_id)?;
    set_order(conn, Ordered::Statuses, &order)
}

pub fn deals_in_status(conn: &Connection, status_id: &str) -> rusqlite::Result<i64> {
    conn.query_row(
        "SELECT COUNT(*) FROM deals WHERE status_id = ?1",
        [status_id],
        |row| row.get(0),
    )
}

/// A funnel custom field, owned by its funnel's id.
pub type Field = CustomField<String>;

pub fn field(conn: &Connection, funnel_id: &str, id: &str) -> rusqlite::Result<Option<Field>> {
    conn.query_row(
        "SELECT id, name, type, config, options, funnel_id FROM funnel_custom_fields \
         WHERE funnel_id = ?1 AND id = ?2",
        [funnel_id, id],
        |row| Ok(FieldDef::from_row(row, 0)?.owned_by(row.get(5)?)),
    )
    .optional()
}

/// Inserts or updates a field; a new one goes after the funnel's last field.
pub fn save_field(conn: &Connection, field: &Field) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO funnel_custom_fields (id, funnel_id, name, type, config, options, position) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, \
         (SELECT COALESCE(MAX(position), -1) + 1 FROM funnel_custom_fields WHERE funnel_id = ?2)) \
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, \
         config = excluded.config, options = excluded.options",
        params![
            field.id,
            field.owner,
            field.name,
            field.kind,
            to_json_text(&field.config),
            to_json_text(&field.options)
        ],
    )?;
    Ok(())
}

/// Deletes a field and the values deals held for it.
pub fn delete_field(conn: &Connection, field: &Field) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM funnel_custom_fields WHERE id = ?1",
        [&field.id],
    )?;
    let order = ordered_ids(conn, Ordered::Fields, &field.owner)?;
    set_order(conn, Ordered::Fields, &order)?;
    forget_values(conn, &field.owner, |values| {
        values.remove(&field.id).is_some()
    })
}

/// Removes a deleted option from the values of the funnel's deals: a select loses its value, a
/// multiselect the one item.
pub fn forget_option(
    conn: &Connection,
    funnel_id: &str,
    field_id: &str,
    option_id: &str,
) -> rusqlite::Result<()> {
    forget_values(conn, funnel_id, |values| {
        without_option(values, field_id, option_id)
    })
}

/// Rewrites the custom values of the funnel's deals where `edit` reports a change.
fn forget_values(
    conn: &Connection,
    funnel_id: &str,
    mut edit: impl FnMut(&mut serde_json::Map<String, Value>) -> bool,
) -> rusqlite::Result<()> {
    let rows: Vec<(String, String)> = {
        let mut stmt = conn.prepare("SELECT id, custom_values FROM deals WHERE funnel_id = ?1")?;
        stmt.query_map([funnel_id], |row| Ok((row.get(0)?, row.get(1)?)))?
            .collect::<rusqlite::Result<_>>()?
    };
    let mut update = conn.prepare("UPDATE deals SET custom_values = ?2 WHERE id = ?1")?;
    for (id, text) in rows {
        let mut values: serde_json::Map<String, Value> =
            serde_json::from_str(&text).unwrap_or_default();
        if edit(&mut values) {
            update.execute(params![id, to_json_text(&values)])?;
        }
    }
    Ok(())
}
