//! Files of deals: `POST /crm/deals/{id}/attachments` (multipart `files[]`). Their bytes are
//! served by `GET /ws/attachments/{id}` (`attachments.rs`).

use axum::Router;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::routing::post;
use serde_json::Value;

use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::attachments::{self as store, NewDealAttachment, StoredFile};
use crate::store::crm;
use crate::store::ids;
use crate::validate::{self, Invalid};
use crate::wire::Reply;

/// The documented limit of one file.
pub const MAX_FILE_BYTES: usize = 100 * 1024 * 1024;
/// Room for the multipart framing around the largest file.
const BODY_LIMIT: usize = MAX_FILE_BYTES + 1024 * 1024;

pub fn routes() -> Router<AppState> {
    Router::new().route(
        &api("/crm/deals/{id}/attachments"),
        post(upload).layer(DefaultBodyLimit::max(BODY_LIMIT)),
    )
}

/// Reads every `files[]` (or `files`) part; other parts are ignored.
pub async fn read_files(mut multipart: Multipart) -> Result<Vec<StoredFile>, ApiError> {
    let mut files = Vec::new();
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => break,
            Err(err) => {
                return Err(
                    Invalid::one("files", format!("The files could not be read: {err}.")).into(),
                );
            }
        };
        if !matches!(field.name(), Some("files[]" | "files")) {
            continue;
        }
        let name = field.file_name().unwrap_or("file").to_owned();
        // A part sent without a media type is served as its name's extension says.
        let content_type = field
            .content_type()
            .unwrap_or_else(|| store::content_type_for(&name))
            .to_owned();
        let bytes = field
            .bytes()
            .await
            .map_err(|err| Invalid::one("files", format!("The files could not be read: {err}.")))?;
        files.push(StoredFile {
            name,
            content_type,
            bytes: bytes.to_vec(),
        });
    }
    Ok(files)
}

/// One file answers `{success, data: Attachment}` as documented; several answer `data` as a
/// list of them. UNCERTAIN: two third-party clients read `data` as a list even for one file.
async fn upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ApiResult {
    let files = match multipart {
        Ok(multipart) => read_files(multipart).await?,
        // Not multipart at all: no files were sent.
        Err(_) => Vec::new(),
    };
    state
        .run(move |conn, ctx| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
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
            invalid.check()?;
            let tx = conn.transaction()?;
            let created_at = ctx.now_iso();
            let mut stored = Vec::new();
            for file in files {
                let id = ids::new_uuid();
                let attachment = NewDealAttachment {
                    id: &id,
                    deal_id: &deal.id,
                    creator_id: &ctx.user_id,
                    created_at: &created_at,
                };
                store::insert_deal_attachment(&tx, &attachment, &file)?;
                stored.extend(store::deal_attachment_json(&tx, &id, &ctx.origin)?);
            }
            tx.commit()?;
            let data = if stored.len() == 1 {
                stored.remove(0)
            } else {
                Value::Array(stored)
            };
            Ok(Reply::Payload("data", data))
        })
        .await
}
