//! Organization writes and the contact links they share with contacts.

use rusqlite::{Connection, params};

use super::crm::Organization;
use super::deals::{DealList, forget_in_deals};
use crate::wire::to_json_text;

/// Writes every stored field of an existing organization, keeping its row (and list place).
pub fn save_organization(conn: &Connection, org: &Organization) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE organizations SET name = ?2, responsible_id = ?3, addresses = ?4, emails = ?5, \
         phones = ?6, tags = ?7, updated_at = ?8 WHERE id = ?1",
        params![
            org.id,
            org.name,
            org.responsible_id,
            to_json_text(&org.addresses),
            to_json_text(&org.emails),
            to_json_text(&org.phones),
            to_json_text(&org.tags),
            org.updated_at
        ],
    )?;
    Ok(())
}

/// Deletes an organization and detaches it from its contacts and deals.
pub fn delete_organization(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.execute(
        "DELETE FROM contact_organizations WHERE organization_id = ?1",
        [id],
    )?;
    forget_in_deals(conn, DealList::Organizations, id)?;
    Ok(conn.execute("DELETE FROM organizations WHERE id = ?1", [id])? > 0)
}

/// Links a contact and an organization (both directions read the same row); false when they
/// were linked already.
pub fn link_contact(conn: &Connection, org_id: &str, contact_id: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "INSERT OR IGNORE INTO contact_organizations (contact_id, organization_id) VALUES (?1, ?2)",
        params![contact_id, org_id],
    )? > 0)
}

pub fn unlink_contact(conn: &Connection, org_id: &str, contact_id: &str) -> rusqlite::Result<bool> {
    Ok(conn.execute(
        "DELETE FROM contact_organizations WHERE contact_id = ?1 AND organization_id = ?2",
        params![contact_id, org_id],
    )? > 0)
}

/// Stamps `updated_at` on a contact whose links changed.
pub fn touch_contact(conn: &Connection, id: &str, now: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE contacts SET updated_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}
