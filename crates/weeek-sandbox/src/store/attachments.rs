//! Task attachments and the bytes of the files the sandbox holds itself.
//!
//! An attachment is a row of `task_attachments` (what a task answers); when the file is kept
//! by the service (`service: "weeek"`) its bytes are in `attachment_files` under the same id,
//! which is what `GET /ws/attachments/{id}` serves. Seeding and uploading both go through
//! [`insert_task_attachment`].

use rusqlite::{Connection, OptionalExtension, params};

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

/// The address a `weeek` attachment answers with. The real service hands out a signed storage
/// link valid for an hour; the sandbox's has the same look but leads nowhere: the bytes are
/// fetched with `GET /ws/attachments/{id}`.
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
