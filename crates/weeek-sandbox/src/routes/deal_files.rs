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
use crate::store::ids;

pub fn routes() -> Router<AppState> {
    Router::new().route(
        &api("/crm/deals/{id}/attachments"),
        post(upload).layer(DefaultBodyLimit::max(BODY_LIMIT)),
    )
}

/// `{success, data}`: see [`uploads::answer`].
async fn upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let files = uploads::read(multipart).await?;
    state
        .run(move |conn, ctx| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            uploads::check(&files)?;
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
                stored.extend(store::attachment_json_by_id(&tx, &id, &ctx.origin)?);
            }
            tx.commit()?;
            Ok(uploads::answer(stored))
        })
        .await
}
