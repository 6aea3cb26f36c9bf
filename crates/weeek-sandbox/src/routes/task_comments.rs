//! Task comments (a later addition to the service): `GET` and `POST
//! /tm/tasks/{id}/comments`, `DELETE /tm/tasks/{id}/comments/{comment}`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{delete, get};
use serde_json::{Value, json};

use super::input::required_text;
use super::tasks::find;
use super::{ApiResult, AppState, api, int_id, limit_offset};
use crate::errors::ApiError;
use crate::store::comments::{self as store, Comment};
use crate::validate::{self, Invalid};
use crate::wire::{Query, Reply, body_object, value_int};

/// Comments a page holds unless `limit` says otherwise. UNCERTAIN: the docs give no default.
pub const COMMENTS_DEFAULT_LIMIT: usize = 20;
/// The largest page; a larger `limit` is clamped to it.
pub const COMMENTS_MAX_LIMIT: usize = 100;
/// Longest comment, in characters. UNCERTAIN: the docs give no limit.
const MARKDOWN_MAX_CHARS: usize = 65_535;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/tasks/{id}/comments"), get(list).post(create))
        .route(&api("/tm/tasks/{id}/comments/{comment}"), delete(destroy))
}

fn not_found() -> ApiError {
    ApiError::RecordNotFound
}

/// `{comments, hasMore}`, oldest first; this answer has no `success` key, as the reference
/// records of the live one.
async fn list(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let task = find(conn, &id, not_found)?;
            let (limit, offset) = limit_offset(&query, COMMENTS_DEFAULT_LIMIT, COMMENTS_MAX_LIMIT)?;
            let (comments, more) = store::page(conn, task.id, limit, offset)?;
            let comments: Vec<Value> = comments.iter().map(Comment::to_json).collect();
            Ok(Reply::Body(json!({"comments": comments, "hasMore": more})))
        })
        .await
}

/// `{markdown*, parentId?}` → `{success, comment}`. A reply's parent is a comment of the same
/// task.
async fn create(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let task = find(conn, &id, not_found)?;
            let mut invalid = Invalid::new();
            let markdown = required_text(&body, "markdown", MARKDOWN_MAX_CHARS, &mut invalid);
            let parent = match body.get("parentId").filter(|v| !v.is_null()) {
                None => None,
                Some(value) => match value_int(value) {
                    Some(parent) if store::find(conn, task.id, parent)?.is_some() => Some(parent),
                    Some(_) => {
                        invalid.add("parentId", validate::selected_invalid("parentId"));
                        None
                    }
                    None => {
                        invalid.add("parentId", validate::integer("parentId"));
                        None
                    }
                },
            };
            invalid.check()?;
            let Some(markdown) = markdown else {
                return Err(ApiError::internal("validated comment without markdown"));
            };
            let comment = store::insert(
                conn,
                &Comment {
                    id: 0,
                    task_id: task.id,
                    parent_id: parent,
                    author_id: ctx.user_id.clone(),
                    markdown,
                    created_at: ctx.now_iso(),
                    updated_at: ctx.now_iso(),
                },
            )?;
            Ok(Reply::Payload("comment", comment.to_json()))
        })
        .await
}

/// Deletes the comment with the replies under it.
async fn destroy(
    State(state): State<AppState>,
    Path((id, comment)): Path<(String, String)>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let task = find(conn, &id, not_found)?;
            let comment = int_id(&comment)
                .map(|c| store::find(conn, task.id, c))
                .transpose()?
                .flatten()
                .ok_or_else(not_found)?;
            let tx = conn.transaction()?;
            store::delete(&tx, comment.id)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
