//! Files of deals: `POST /crm/deals/{id}/attachments` (multipart `files[]`). Their bytes are
//! served by `GET /ws/attachments/{id}` (`attachments.rs`).

use axum::Router;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::routing::post;

use super::uploads::{self, BODY_LIMIT};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::attachments::{self as store, NewDealAttachment};
use crate::store::crm;

pub fn routes() -> Router<AppState> {
    Router::new().route(
        &api("/crm/deals/{id}/attachments"),
        post(upload).layer(DefaultBodyLimit::max(BODY_LIMIT)),
    )
}

/// `{success, data}`, as `uploads.rs` answers.
async fn upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let files = uploads::read(multipart).await?;
    state
        .run(move |conn, ctx| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            uploads::store(conn, ctx, files, |tx, id, file, created_at| {
                let attachment = NewDealAttachment {
                    id,
                    deal_id: &deal.id,
                    creator_id: &ctx.user_id,
                    created_at,
                };
                store::insert_deal_attachment(tx, &attachment, file)
            })
        })
        .await
}
