//! CRM: currencies, funnels, statuses, deals, organizations and contacts.

use rusqlite::{Connection, OptionalExtension, Row, params};
use serde_json::{Map, Value, json};

use super::custom_fields::FieldDef;
use crate::wire::{json_list, to_json_text};

pub fn currencies_json(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare("SELECT id, name, code, symbol FROM currencies ORDER BY id")?;
    stmt.query_map([], |row| {
        Ok(json!({
            "id": row.get::<_, i64>(0)?,
            "name": row.get::<_, String>(1)?,
            "code": row.get::<_, String>(2)?,
            "symbol": row.get::<_, String>(3)?,
        }))
    })?
    .collect()
}

/// Count and sum of the deals matching `column = key` (counts and amounts
/// are always computed, never stored, so moves cannot leave them stale).
fn deal_totals(conn: &Connection, column: &str, key: &str) -> rusqlite::Result<(i64, f64)> {
    conn.query_row(
        &format!("SELECT COUNT(*), COALESCE(SUM(amount), 0.0) FROM deals WHERE {column} = ?1"),
        [key],
        |row| Ok((row.get(0)?, row.get(1)?)),
    )
}

fn funnel_fields(conn: &Connection, funnel_id: &str) -> rusqlite::Result<Vec<FieldDef>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, name, type, config, options FROM funnel_custom_fields \
         WHERE funnel_id = ?1 ORDER BY position",
    )?;
    stmt.query_map([funnel_id], |row| FieldDef::from_row(row, 0))?
        .collect()
}

fn funnel_json(conn: &Connection, row: &Row<'_>) -> rusqlite::Result<Value> {
    let id: String = row.get(0)?;
    let (count, amount) = deal_totals(conn, "funnel_id", &id)?;
    let fields: Vec<Value> = funnel_fields(conn, &id)?
        .iter()
        .map(FieldDef::to_json)
        .collect();
    Ok(json!({
        "id": id,
        "creatorId": row.get::<_, String>(1)?,
        "currencyId": row.get::<_, i64>(2)?,
        "name": row.get::<_, String>(3)?,
        "logo": row.get::<_, Option<String>>(4)?,
        "dealsCount": count,
        "dealsAmount": amount,
        "isPrivate": row.get::<_, bool>(5)?,
        "isBookmarked": row.get::<_, bool>(6)?,
        "createdAt": row.get::<_, String>(7)?,
        "updatedAt": row.get::<_, String>(8)?,
        "team": json_list::<String>(&row.get::<_, String>(9)?),
        "customFields": fields,
    }))
}

const FUNNEL_COLUMNS: &str = "id, creator_id, currency_id, name, logo, is_private, is_bookmarked, created_at, updated_at, team";

pub fn funnels_json(conn: &Connection) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {FUNNEL_COLUMNS} FROM funnels ORDER BY position"
    ))?;
    let mut rows = stmt.query([])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(funnel_json(conn, row)?);
    }
    Ok(out)
}

pub fn funnel_json_by_id(conn: &Connection, id: &str) -> rusqlite::Result<Option<Value>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {FUNNEL_COLUMNS} FROM funnels WHERE id = ?1"
    ))?;
    let mut rows = stmt.query([id])?;
    match rows.next()? {
        Some(row) => funnel_json(conn, row).map(Some),
        None => Ok(None),
    }
}

pub fn funnel_exists(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    Ok(conn
        .query_row("SELECT 1 FROM funnels WHERE id = ?1", [id], |_| Ok(()))
        .optional()?
        .is_some())
}

fn status_json(conn: &Connection, row: &Row<'_>) -> rusqlite::Result<Value> {
    let id: String = row.get(0)?;
    let (count, amount) = deal_totals(conn, "status_id", &id)?;
    Ok(json!({
        "id": id,
        "creatorId": row.get::<_, String>(1)?,
        "name": row.get::<_, String>(2)?,
        "dealsCount": count,
        "dealsAmount": amount,
        "createdAt": row.get::<_, String>(3)?,
        "updatedAt": row.get::<_, String>(4)?,
    }))
}

pub fn statuses_json(conn: &Connection, funnel_id: &str) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare(
        "SELECT id, creator_id, name, created_at, updated_at FROM statuses \
         WHERE funnel_id = ?1 ORDER BY position",
    )?;
    let mut rows = stmt.query([funnel_id])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        out.push(status_json(conn, row)?);
    }
    Ok(out)
}

pub fn status_json_by_id(conn: &Connection, id: &str) -> rusqlite::Result<Option<Value>> {
    let mut stmt = conn.prepare(
        "SELECT id, creator_id, name, created_at, updated_at FROM statuses WHERE id = ?1",
    )?;
    let mut rows = stmt.query([id])?;
    match rows.next()? {
        Some(row) => status_json(conn, row).map(Some),
        None => Ok(None),
    }
}

/// The funnel of a status.
pub fn status_funnel(conn: &Connection, status_id: &str) -> rusqlite::Result<Option<String>> {
    conn.query_row(
        "SELECT funnel_id FROM statuses WHERE id = ?1",
        [status_id],
        |row| row.get(0),
    )
    .optional()
}

#[derive(Clone, Debug)]
pub struct Deal {
    pub id: String,
    pub funnel_id: String,
    pub status_id: String,
    pub creator_id: String,
    pub title: Option<String>,
    pub description: Option<String>,
    pub amount: Option<f64>,
    pub win_status: Option<String>,
    pub assignees: Vec<String>,
    pub organizations: Vec<String>,
    pub contacts: Vec<String>,
    pub tags: Vec<i64>,
    pub custom_values: Map<String, Value>,
    pub created_at: String,
    pub updated_at: String,
}

const DEAL_COLUMNS: &str = "id, funnel_id, status_id, creator_id, title, description, amount, \
     win_status, assignees, organizations, contacts, tags, custom_values, created_at, updated_at";

impl Deal {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            funnel_id: row.get(1)?,
            status_id: row.get(2)?,
            creator_id: row.get(3)?,
            title: row.get(4)?,
            description: row.get(5)?,
            amount: row.get(6)?,
            win_status: row.get(7)?,
            assignees: json_list(&row.get::<_, String>(8)?),
            organizations: json_list(&row.get::<_, String>(9)?),
            contacts: json_list(&row.get::<_, String>(10)?),
            tags: json_list(&row.get::<_, String>(11)?),
            custom_values: serde_json::from_str(&row.get::<_, String>(12)?).unwrap_or_default(),
            created_at: row.get(13)?,
            updated_at: row.get(14)?,
        })
    }

    /// The Deal object, with its tasks and files.
    pub fn to_json(&self, conn: &Connection, at: super::Answering<'_>) -> rusqlite::Result<Value> {
        let fields: Vec<Value> = funnel_fields(conn, &self.funnel_id)?
            .into_iter()
            .map(|f| {
                let value = self
                    .custom_values
                    .get(&f.id)
                    .cloned()
                    .unwrap_or(Value::Null);
                json!({"id": f.id, "name": f.name, "type": f.kind, "value": value})
            })
            .collect();
        Ok(json!({
            "id": self.id,
            "creatorId": self.creator_id,
            "funnelId": self.funnel_id,
            "statusId": self.status_id,
            "assignees": self.assignees,
            "organizations": self.organizations,
            "contacts": self.contacts,
            "title": self.title,
            "description": self.description,
            "amount": self.amount,
            "winStatus": self.win_status,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
            "tags": self.tags,
            "tasks": super::deals::tasks_json(conn, &self.id, at)?,
            "customFields": fields,
            "attachments": super::attachments::deal_attachments_json(conn, &self.id, at.origin)?,
        }))
    }
}

pub fn insert_deal(conn: &Connection, deal: &Deal, position: i64) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO deals (id, funnel_id, status_id, position, creator_id, title, description, \
         amount, win_status, assignees, organizations, contacts, tags, custom_values, \
         created_at, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
    )?
    .execute(params![
        deal.id,
        deal.funnel_id,
        deal.status_id,
        position,
        deal.creator_id,
        deal.title,
        deal.description,
        deal.amount,
        deal.win_status,
        to_json_text(&deal.assignees),
        to_json_text(&deal.organizations),
        to_json_text(&deal.contacts),
        to_json_text(&deal.tags),
        to_json_text(&deal.custom_values),
        deal.created_at,
        deal.updated_at
    ])?;
    Ok(())
}

pub fn deal(conn: &Connection, id: &str) -> rusqlite::Result<Option<Deal>> {
    conn.query_row(
        &format!("SELECT {DEAL_COLUMNS} FROM deals WHERE id = ?1"),
        [id],
        Deal::from_row,
    )
    .optional()
}

/// Deals of a status in board order (top first).
pub fn deals_of_status(conn: &Connection, status_id: &str) -> rusqlite::Result<Vec<Deal>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {DEAL_COLUMNS} FROM deals WHERE status_id = ?1 ORDER BY position, id"
    ))?;
    stmt.query_map([status_id], Deal::from_row)?.collect()
}

/// Moves a deal into `status_id` right after `after` (or to the top), and
/// renumbers that status so positions stay dense.
pub fn move_deal(
    conn: &Connection,
    deal_id: &str,
    funnel_id: &str,
    status_id: &str,
    after: Option<&str>,
    updated_at: &str,
) -> rusqlite::Result<()> {
    let mut order: Vec<String> = deals_of_status(conn, status_id)?
        .into_iter()
        .map(|d| d.id)
        .filter(|id| id != deal_id)
        .collect();
    let index = after
        .and_then(|after| order.iter().position(|id| id == after))
        .map_or(0, |i| i + 1);
    order.insert(index, deal_id.to_owned());
    conn.execute(
        "UPDATE deals SET status_id = ?1, funnel_id = ?2, updated_at = ?3 WHERE id = ?4",
        params![status_id, funnel_id, updated_at, deal_id],
    )?;
    let mut stmt = conn.prepare_cached("UPDATE deals SET position = ?1 WHERE id = ?2")?;
    for (position, id) in order.iter().enumerate() {
        stmt.execute(params![position as i64, id])?;
    }
    Ok(())
}

#[derive(Clone, Debug)]
pub struct Organization {
    pub id: String,
    pub creator_id: String,
    pub name: String,
    pub responsible_id: Option<String>,
    pub addresses: Vec<Value>,
    pub emails: Vec<Value>,
    pub phones: Vec<Value>,
    pub tags: Vec<i64>,
    pub created_at: String,
    pub updated_at: String,
}

const ORGANIZATION_COLUMNS: &str = "id, creator_id, name, responsible_id, addresses, emails, \
     phones, tags, created_at, updated_at";

impl Organization {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            creator_id: row.get(1)?,
            name: row.get(2)?,
            responsible_id: row.get(3)?,
            addresses: json_list(&row.get::<_, String>(4)?),
            emails: json_list(&row.get::<_, String>(5)?),
            phones: json_list(&row.get::<_, String>(6)?),
            tags: json_list(&row.get::<_, String>(7)?),
            created_at: row.get(8)?,
            updated_at: row.get(9)?,
        })
    }

    /// Text the list search looks in.
    pub fn search_text(&self) -> String {
        let mut text = self.name.clone();
        for entry in self
            .emails
            .iter()
            .chain(&self.phones)
            .chain(&self.addresses)
        {
            for key in ["email", "phone", "address"] {
                if let Some(value) = entry.get(key).and_then(Value::as_str) {
                    text.push('\n');
                    text.push_str(value);
                }
            }
        }
        text
    }

    pub fn to_json(&self, conn: &Connection) -> rusqlite::Result<Value> {
        let mut stmt = conn.prepare_cached(
            "SELECT contact_id FROM contact_organizations WHERE organization_id = ?1 \
             ORDER BY rowid",
        )?;
        let contacts: Vec<String> = stmt
            .query_map([&self.id], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(json!({
            "id": self.id,
            "creatorId": self.creator_id,
            "name": self.name,
            "responsibleId": self.responsible_id,
            "addresses": self.addresses,
            "emails": self.emails,
            "phones": self.phones,
            "contacts": contacts,
            "tags": self.tags,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        }))
    }
}

pub fn insert_organization(conn: &Connection, org: &Organization) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO organizations (id, creator_id, name, responsible_id, addresses, emails, \
         phones, tags, created_at, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?
    .execute(params![
        org.id,
        org.creator_id,
        org.name,
        org.responsible_id,
        to_json_text(&org.addresses),
        to_json_text(&org.emails),
        to_json_text(&org.phones),
        to_json_text(&org.tags),
        org.created_at,
        org.updated_at
    ])?;
    Ok(())
}

pub fn organizations(conn: &Connection) -> rusqlite::Result<Vec<Organization>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {ORGANIZATION_COLUMNS} FROM organizations ORDER BY rowid"
    ))?;
    stmt.query_map([], Organization::from_row)?.collect()
}

pub fn organization(conn: &Connection, id: &str) -> rusqlite::Result<Option<Organization>> {
    conn.query_row(
        &format!("SELECT {ORGANIZATION_COLUMNS} FROM organizations WHERE id = ?1"),
        [id],
        Organization::from_row,
    )
    .optional()
}

#[derive(Clone, Debug)]
pub struct Contact {
    pub id: String,
    pub creator_id: String,
    pub first_name: String,
    pub last_name: Option<String>,
    pub middle_name: Option<String>,
    /// `[{id, email}]`.
    pub emails: Vec<Value>,
    /// `[{id, phone}]`.
    pub phones: Vec<Value>,
    pub tags: Vec<i64>,
    pub organizations: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

const CONTACT_COLUMNS: &str = "id, creator_id, first_name, last_name, middle_name, emails, phones, tags, created_at, updated_at";

impl Contact {
    fn from_row(row: &Row<'_>) -> rusqlite::Result<Self> {
        Ok(Self {
            id: row.get(0)?,
            creator_id: row.get(1)?,
            first_name: row.get(2)?,
            last_name: row.get(3)?,
            middle_name: row.get(4)?,
            emails: json_list(&row.get::<_, String>(5)?),
            phones: json_list(&row.get::<_, String>(6)?),
            tags: json_list(&row.get::<_, String>(7)?),
            organizations: Vec::new(),
            created_at: row.get(8)?,
            updated_at: row.get(9)?,
        })
    }

    pub fn search_text(&self) -> String {
        let mut parts = vec![self.first_name.as_str()];
        parts.extend(self.last_name.as_deref());
        parts.extend(self.middle_name.as_deref());
        for entry in self.emails.iter().chain(&self.phones) {
            for key in ["email", "phone"] {
                parts.extend(entry.get(key).and_then(Value::as_str));
            }
        }
        parts.join("\n")
    }

    pub fn to_json(&self) -> Value {
        json!({
            "id": self.id,
            "creatorId": self.creator_id,
            "lastName": self.last_name,
            "firstName": self.first_name,
            "middleName": self.middle_name,
            "organizations": self.organizations,
            "emails": self.emails,
            "phones": self.phones,
            "tags": self.tags,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        })
    }
}

fn with_organizations(conn: &Connection, mut contact: Contact) -> rusqlite::Result<Contact> {
    let mut stmt = conn.prepare_cached(
        "SELECT organization_id FROM contact_organizations WHERE contact_id = ?1 ORDER BY rowid",
    )?;
    contact.organizations = stmt
        .query_map([&contact.id], |row| row.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(contact)
}

pub fn contacts(conn: &Connection) -> rusqlite::Result<Vec<Contact>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {CONTACT_COLUMNS} FROM contacts ORDER BY rowid"
    ))?;
    let rows: Vec<Contact> = stmt
        .query_map([], Contact::from_row)?
        .collect::<rusqlite::Result<_>>()?;
    rows.into_iter()
        .map(|c| with_organizations(conn, c))
        .collect()
}

pub fn contact(conn: &Connection, id: &str) -> rusqlite::Result<Option<Contact>> {
    let found = conn
        .query_row(
            &format!("SELECT {CONTACT_COLUMNS} FROM contacts WHERE id = ?1"),
            [id],
            Contact::from_row,
        )
        .optional()?;
    found.map(|c| with_organizations(conn, c)).transpose()
}

/// Inserts or updates a contact with its organization links. An update keeps the row (and so
/// the contact's place in the list).
pub fn save_contact(conn: &Connection, contact: &Contact) -> rusqlite::Result<()> {
    conn.prepare_cached(
        "INSERT INTO contacts (id, creator_id, first_name, last_name, middle_name, \
         emails, phones, tags, created_at, updated_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
         ON CONFLICT (id) DO UPDATE SET first_name = excluded.first_name, \
         last_name = excluded.last_name, middle_name = excluded.middle_name, \
         emails = excluded.emails, phones = excluded.phones, tags = excluded.tags, \
         updated_at = excluded.updated_at",
    )?
    .execute(params![
        contact.id,
        contact.creator_id,
        contact.first_name,
        contact.last_name,
        contact.middle_name,
        to_json_text(&contact.emails),
        to_json_text(&contact.phones),
        to_json_text(&contact.tags),
        contact.created_at,
        contact.updated_at
    ])?;
    // Links that stay keep their rowid, so an organization's contacts keep their order.
    let kept: Vec<String> = {
        let mut stmt = conn.prepare_cached(
            "SELECT organization_id FROM contact_organizations WHERE contact_id = ?1",
        )?;
        stmt.query_map([&contact.id], |row| row.get(0))?
            .collect::<rusqlite::Result<_>>()?
    };
    for org in kept.iter().filter(|o| !contact.organizations.contains(o)) {
        conn.execute(
            "DELETE FROM contact_organizations WHERE contact_id = ?1 AND organization_id = ?2",
            params![contact.id, org],
        )?;
    }
    let mut link = conn.prepare_cached(
        "INSERT OR IGNORE INTO contact_organizations (contact_id, organization_id) VALUES (?1, ?2)",
    )?;
    for org in &contact.organizations {
        link.execute(params![contact.id, org])?;
    }
    Ok(())
}

/// Deletes a contact and detaches it from its organizations and deals.
pub fn delete_contact(conn: &Connection, id: &str) -> rusqlite::Result<bool> {
    conn.execute(
        "DELETE FROM contact_organizations WHERE contact_id = ?1",
        [id],
    )?;
    super::deals::forget_in_deals(conn, super::deals::DealList::Contacts, id)?;
    Ok(conn.execute("DELETE FROM contacts WHERE id = ?1", [id])? > 0)
}
