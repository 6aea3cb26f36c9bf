//! File uploads, read the same for tasks (`POST /tm/tasks/{id}/attachments`) and deals
//! (`POST /crm/deals/{id}/attachments`): multipart `files[]`, 100 MB a file at most.

use axum::extract::Multipart;
use axum::extract::multipart::MultipartRejection;
use serde_json::Value;

use rusqlite::Connection;

use super::Ctx;
use crate::errors::ApiError;
use crate::store::attachments::{StoredFile, attachment_json_by_id, content_type_for};
use crate::store::ids;
use crate::validate::{self, Invalid};
use crate::wire::Reply;

/// The documented limit of one file.
pub const MAX_FILE_BYTES: usize = 100 * 1024 * 1024;
/// Room for the multipart framing around the largest file.
pub const BODY_LIMIT: usize = MAX_FILE_BYTES + 1024 * 1024;

/// Every `files[]` (or `files`) part; other parts are ignored, and a body that is not
/// multipart at all sent no files.
pub async fn read(
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Vec<StoredFile>, ApiError> {
    let Ok(mut multipart) = multipart else {
        return Ok(Vec::new());
    };
    let unreadable = |err: &dyn std::fmt::Display| {
        Invalid::one("files", format!("The files could not be read: {err}."))
    };
    let mut files = Vec::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|err| unreadable(&err))?
    {
        if !matches!(field.name(), Some("files[]" | "files")) {
            continue;
        }
        let name = field.file_name().unwrap_or("file").to_owned();
        // A part sent without a media type is served as its name's extension says.
        let content_type = field
            .content_type()
            .unwrap_or_else(|| content_type_for(&name))
            .to_owned();
        let bytes = field.bytes().await.map_err(|err| unreadable(&err))?;
        files.push(StoredFile {
            name,
            content_type,
            bytes: bytes.to_vec(),
        });
    }
    Ok(files)
}

/// At least one file, none over the limit.
fn check(files: &[StoredFile]) -> Result<(), Invalid> {
    let mut invalid = Invalid::new();
    if files.is_empty() {
        invalid.add("files", validate::required("files"));
    }
    for (i, file) in files.iter().enumerate() {
        if file.bytes.len() > MAX_FILE_BYTES {
            let field = format!("files.{i}");
            invalid.add(
                &field,
                validate::max_kilobytes(&field, MAX_FILE_BYTES / 1024),
            );
        }
    }
    invalid.check()
}

/// Checks the files, stores each under a new id with `insert(tx, id, file, created_at)` and
/// answers them, in one transaction.
pub fn store(
    conn: &mut Connection,
    ctx: &Ctx,
    files: Vec<StoredFile>,
    insert: impl Fn(&Connection, &str, &StoredFile, &str) -> rusqlite::Result<()>,
) -> Result<Reply, ApiError> {
    check(&files)?;
    let tx = conn.transaction()?;
    let created_at = ctx.now_iso();
    let mut stored = Vec::new();
    for file in files {
        let id = ids::new_uuid();
        insert(&tx, &id, &file, &created_at)?;
        stored.extend(attachment_json_by_id(&tx, &id, &ctx.origin)?);
    }
    tx.commit()?;
    Ok(answer(stored))
}

/// One file answers `{success, data: Attachment}` as documented; several answer `data` as a
/// list of them. UNCERTAIN: two third-party clients read `data` as a list even for one file.
fn answer(mut stored: Vec<Value>) -> Reply {
    let data = if stored.len() == 1 {
        stored.remove(0)
    } else {
        Value::Array(stored)
    };
    Reply::Payload("data", data)
}
