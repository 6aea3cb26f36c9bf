//! Portfolios: folders of projects that nest.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Value, json};

#[derive(Clone, Debug, PartialEq)]
pub struct Portfolio {
    pub id: i64,
    pub name: String,
    pub parent_id: Option<i64>,
    pub is_private: bool,
}

impl Portfolio {
    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "name": self.name,
            "parentId": self.parent_id,
            "isPrivate": self.is_private,
        })
    }

    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            name: row.get(1)?,
            parent_id: row.get(2)?,
            is_private: row.get(3)?,
        })
    }
}

/// Every portfolio, oldest first.
pub fn all(conn: &Connection) -> rusqlite::Result<Vec<Portfolio>> {
    conn.prepare("SELECT id, name, parent_id, is_private FROM portfolios ORDER BY id")?
        .query_map([], Portfolio::from_row)?
        .collect()
}

pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<Portfolio>> {
    conn.query_row(
        "SELECT id, name, parent_id, is_private FROM portfolios WHERE id = ?1",
        [id],
        Portfolio::from_row,
    )
    .optional()
}

pub fn exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    Ok(get(conn, id)?.is_some())
}

pub fn insert(conn: &Connection, portfolio: &Portfolio) -> rusqlite::Result<i64> {
    conn.execute(
        "INSERT INTO portfolios (name, parent_id, is_private) VALUES (?1, ?2, ?3)",
        params![portfolio.name, portfolio.parent_id, portfolio.is_private],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn rename(conn: &Connection, id: i64, name: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE portfolios SET name = ?1 WHERE id = ?2",
        params![name, id],
    )?;
    Ok(())
}

/// Deletes a portfolio. What it held moves up one level: its sub-portfolios and projects go
/// to its parent (or to the top), so deleting a folder never loses a project.
pub fn delete(conn: &Connection, portfolio: &Portfolio) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE portfolios SET parent_id = ?1 WHERE parent_id = ?2",
        params![portfolio.parent_id, portfolio.id],
    )?;
    conn.execute(
        "UPDATE projects SET portfolio_id = ?1 WHERE portfolio_id = ?2",
        params![portfolio.parent_id, portfolio.id],
    )?;
    conn.execute("DELETE FROM portfolios WHERE id = ?1", [portfolio.id])?;
    Ok(())
}
