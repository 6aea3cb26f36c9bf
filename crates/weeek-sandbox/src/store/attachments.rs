//! Attachments of tasks and deals, and the one store of the files the sandbox holds itself.
//!
//! An attachment is a row of `task_attachments` or `deal_attachments` (what its task or deal
//! answers). When the sandbox holds the file, its bytes are in `attachment_files` under the
//! attachment's id, whoever it belongs to: that is what `GET /ws/attachments/{id}` serves, and
//! such an attachment's `url` leads there, built when answering from the address the request
//! reached (so it still downloads from a sandbox started again on another port).

use rusqlite::{Connection, OptionalExtension, params};
use serde_json::Value;

use crate::routes::api;
use crate::store::json_out::{self, Members};
use crate::store::page_rows::{self, Order, PageSql, page_sql};
use crate::store::tasks;

/// A file as stored: its name travels with it so it can be served without its task.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredFile {
    pub name: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// An attachment row. `size` is taken from the file when there is one.
pub struct NewAttachment<'a> {
    pub id: &'a str,
    pub task_id: i64,
    pub creator_id: &'a str,
    /// `weeek`, `google_drive`, `dropbox`, `one_drive` or `box`.
    pub service: &'a str,
    pub name: &'a str,
    pub url: &'a str,
    pub size: Option<i64>,
    pub created_at: &'a str,
}

pub fn insert_task_attachment(
    conn: &Connection,
    attachment: &NewAttachment<'_>,
    file: Option<&StoredFile>,
) -> rusqlite::Result<()> {
    let size = file.map(|f| f.bytes.len() as i64).or(attachment.size);
    conn.execute(
        "INSERT INTO task_attachments (id, task_id, creator_id, service, name, url, size, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            attachment.id,
            attachment.task_id,
            attachment.creator_id,
            attachment.service,
            attachment.name,
            attachment.url,
            size,
            attachment.created_at
        ],
    )?;
    if let Some(file) = file {
        save_file(conn, attachment.id, file)?;
    }
    Ok(())
}

pub fn save_file(
    conn: &Connection,
    attachment_id: &str,
    file: &StoredFile,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO attachment_files (attachment_id, name, content_type, bytes) \
         VALUES (?1, ?2, ?3, ?4)",
        params![attachment_id, file.name, file.content_type, file.bytes],
    )?;
    Ok(())
}

/// The file stored under an attachment's id, whatever it is attached to.
pub fn file(conn: &Connection, attachment_id: &str) -> rusqlite::Result<Option<StoredFile>> {
    conn.query_row(
        "SELECT name, content_type, bytes FROM attachment_files WHERE attachment_id = ?1",
        [attachment_id],
        |row| {
            Ok(StoredFile {
                name: row.get(0)?,
                content_type: row.get(1)?,
                bytes: row.get(2)?,
            })
        },
    )
    .optional()
}

/// A file uploaded to a deal: always held by the sandbox.
pub struct NewDealAttachment<'a> {
    pub id: &'a str,
    pub deal_id: &'a str,
    pub creator_id: &'a str,
    pub created_at: &'a str,
}

pub fn insert_deal_attachment(
    conn: &Connection,
    attachment: &NewDealAttachment<'_>,
    file: &StoredFile,
) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO deal_attachments (id, deal_id, creator_id, name, size, created_at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            attachment.id,
            attachment.deal_id,
            attachment.creator_id,
            file.name,
            file.bytes.len() as i64,
            attachment.created_at
        ],
    )?;
    save_file(conn, attachment.id, file)
}

/// Deletes a deal's attachments and their files.
pub fn delete_deal_attachments(conn: &Connection, deal_id: &str) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM attachment_files WHERE attachment_id IN \
         (SELECT id FROM deal_attachments WHERE deal_id = ?1)",
        [deal_id],
    )?;
    conn.execute("DELETE FROM deal_attachments WHERE deal_id = ?1", [deal_id])?;
    Ok(())
}

/// Where `GET /ws/attachments/{id}` is reached through `origin` (`http://host:port`).
pub fn download_url(origin: &str, id: &str) -> String {
    format!("{origin}{}", api(&format!("/ws/attachments/{id}")))
}

/// Attachments of tasks as read for answers: `(id, creatorId, service, name, stored url, size,
/// createdAt, held)`.
const TASK_ATTACHMENTS: &str = "SELECT a.id, a.creator_id, a.service, a.name, a.url, a.size, \
     a.created_at, f.attachment_id IS NOT NULL FROM task_attachments a \
     LEFT JOIN attachment_files f ON f.attachment_id = a.id";
/// The same of deal files, which are all held.
const DEAL_ATTACHMENTS: &str = "SELECT a.id, a.creator_id, 'weeek', a.name, '', a.size, \
     a.created_at, 1 FROM deal_attachments a";

fn select(
    conn: &Connection,
    sql: &str,
    key: &dyn rusqlite::ToSql,
    origin: &str,
) -> rusqlite::Result<Vec<Value>> {
    let mut stmt = conn.prepare_cached(sql)?;
    stmt.query_map([key], |row| attachment_json(row, origin))?
        .collect()
}

/// The attachments of several tasks as they answer them, in one query: each task's oldest
/// first, by the task's place in `task_ids` (see [`tasks::group`]).
pub fn task_attachments_of(
    conn: &Connection,
    task_ids: &[i64],
    origin: &str,
) -> rusqlite::Result<Vec<Vec<Attachment>>> {
    // The columns of `TASK_ATTACHMENTS`, then the task and the rowid.
    const ATTACHMENTS: PageSql = page_sql!(
        "SELECT a.id, a.creator_id, a.service, a.name, a.url, a.size, a.created_at, \
         f.attachment_id IS NOT NULL, a.task_id, a.rowid",
        "task_attachments a LEFT JOIN attachment_files f ON f.attachment_id = a.id",
        "a.task_id"
    );
    page_rows::query(conn, &ATTACHMENTS, task_ids, Order::Any, |rows| {
        let rows =
            rows.mapped(|row| Ok((row.get(8)?, row.get(9)?, Attachment::from_row(row, origin)?)));
        tasks::group(task_ids, rows, |a, b| a.created_at.cmp(&b.created_at))
    })
}

/// A deal's attachments as it answers them, oldest first.
pub fn deal_attachments_json(
    conn: &Connection,
    deal_id: &str,
    origin: &str,
) -> rusqlite::Result<Vec<Value>> {
    let sql = format!("{DEAL_ATTACHMENTS} WHERE a.deal_id = ?1 ORDER BY a.created_at, a.rowid");
    select(conn, &sql, &deal_id, origin)
}

/// One attachment of a task or a deal as answered, by id.
pub fn attachment_json_by_id(
    conn: &Connection,
    id: &str,
    origin: &str,
) -> rusqlite::Result<Option<Value>> {
    let sql =
        format!("{TASK_ATTACHMENTS} WHERE a.id = ?1 UNION ALL {DEAL_ATTACHMENTS} WHERE a.id = ?1");
    Ok(select(conn, &sql, &id, origin)?.pop())
}

/// The Attachment object.
#[derive(Clone, Debug)]
pub struct Attachment {
    pub id: String,
    pub creator_id: String,
    pub service: String,
    pub name: String,
    pub url: String,
    pub size: Option<i64>,
    pub created_at: String,
}

impl Attachment {
    pub fn write_json(&self, out: &mut Vec<u8>) {
        let mut o = Members::open(out);
        o.str("id", &self.id);
        o.str("creatorId", &self.creator_id);
        o.str("service", &self.service);
        o.str("name", &self.name);
        o.str("url", &self.url);
        o.opt_int("size", self.size);
        o.str("createdAt", &self.created_at);
        o.close();
    }

    /// From `(id, creatorId, service, name, stored url, size, createdAt, held)`: a file the
    /// sandbox holds is linked to its download route.
    fn from_row(row: &rusqlite::Row<'_>, origin: &str) -> rusqlite::Result<Self> {
        let id: String = row.get(0)?;
        let held: bool = row.get(7)?;
        let url = if held {
            download_url(origin, &id)
        } else {
            row.get(4)?
        };
        Ok(Self {
            id,
            creator_id: row.get(1)?,
            service: row.get(2)?,
            name: row.get(3)?,
            url,
            size: row.get(5)?,
            created_at: row.get(6)?,
        })
    }
}

fn attachment_json(row: &rusqlite::Row<'_>, origin: &str) -> rusqlite::Result<Value> {
    let attachment = Attachment::from_row(row, origin)?;
    Ok(json_out::to_value(|out| attachment.write_json(out)))
}

/// The stored address of a `weeek` attachment whose file the sandbox does not hold (the demo
/// lists some by name and size only). The real service hands out a signed storage link valid
/// for an hour; this one has the same look but leads nowhere.
pub fn storage_url(id: &str, name: &str) -> String {
    format!(
        "https://storage.weeek.net/demo/{id}/{}",
        percent_encode(name)
    )
}

/// The media type served for a file name, by its extension.
pub fn content_type_for(name: &str) -> &'static str {
    let extension = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        "txt" | "log" => "text/plain; charset=utf-8",
        "md" => "text/markdown; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "json" => "application/json",
        "zip" => "application/zip",
        _ => "application/octet-stream",
    }
}

/// Percent-encodes a file name for use as a URL path segment.
pub fn percent_encode(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
