//! Files: `GET /ws/attachments/{id}` serves the file of an attachment, of a task or of a deal;
//! `POST /tm/tasks/{id}/attachments` uploads files to a task (deals' are in `deal_files.rs`).

use axum::Router;
use axum::body::Body;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};

use super::tasks::find;
use super::uploads::{self, BODY_LIMIT};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::attachments::{self as store, NewAttachment, StoredFile, percent_encode};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/ws/attachments/{id}"), get(download))
        .route(
            &api("/tm/tasks/{id}/attachments"),
            post(upload).layer(DefaultBodyLimit::max(BODY_LIMIT)),
        )
}

/// The files go after the task's others, held by the sandbox (`service: "weeek"`); the task
/// lists them in `attachments`. Answered as deal uploads are (see `uploads.rs`).
async fn upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult {
    let files = uploads::read(multipart).await?;
    state
        .run(move |conn, ctx| {
            let task = find(conn, &id, || ApiError::RecordNotFound)?;
            uploads::store(conn, ctx, files, |tx, id, file, created_at| {
                let url = store::storage_url(id, &file.name);
                let attachment = NewAttachment {
                    id,
                    task_id: task.id,
                    creator_id: &ctx.user_id,
                    service: "weeek",
                    name: &file.name,
                    url: &url,
                    size: None,
                    created_at,
                };
                store::insert_task_attachment(tx, &attachment, Some(file))
            })
        })
        .await
}

/// Answers the stored bytes with the file's media type and name. UNCERTAIN: one client of the
/// newer docs reads file bytes here, another a JSON `{data: Attachment}`; the bytes are what a
/// download needs, and the attachment's JSON is already on its task. Attachments kept by
/// other services (Google Drive, …), which have no bytes here, answer 404 like unknown ids.
async fn download(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let file = state
        .read(move |conn, _| store::file(conn, &id)?.ok_or(ApiError::RecordNotFound))
        .await?;
    Ok(file_response(file))
}

fn file_response(file: StoredFile) -> Response {
    let mut response = (StatusCode::OK, Body::from(file.bytes)).into_response();
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(&file.content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    if let Ok(value) = HeaderValue::from_str(&content_disposition(&file.name)) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// `attachment; filename="…"; filename*=UTF-8''…`: the plain name for old readers (non-ASCII
/// and quotes replaced), the exact one (RFC 6266) for the rest.
fn content_disposition(name: &str) -> String {
    let plain: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!(
        "attachment; filename=\"{plain}\"; filename*=UTF-8''{}",
        percent_encode(name)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_travel_exactly_and_safely() {
        assert_eq!(
            content_disposition("Макет \"1\".png"),
            "attachment; filename=\"_____ _1_.png\"; filename*=UTF-8''%D0%9C%D0%B0%D0%BA%D0%B5%D1%82%20%221%22.png"
        );
    }
}
