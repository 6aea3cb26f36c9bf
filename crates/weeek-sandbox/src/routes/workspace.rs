//! `/user/me`, `/ws`, `/ws/members`, `/ws/tags`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::get;
use rusqlite::params;
use serde_json::{Value, json};

use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::workspace as ws;
use crate::validate::is_hex_colour;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/user/me"), get(me))
        .route(&api("/ws"), get(workspace))
        .route(&api("/ws/members"), get(members))
        .route(&api("/ws/tags"), get(tags).post(create_tag))
        .route(
            &api("/ws/tags/{id}"),
            get(tag).put(update_tag).delete(delete_tag),
        )
}

async fn me(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, ctx| {
            let user = ws::user_json(conn, &ctx.user_id)?.ok_or(ApiError::Unauthenticated)?;
            Ok(Reply::Payload("user", user))
        })
        .await
}

async fn workspace(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| Ok(Reply::Payload("workspace", ws::workspace_json(conn)?)))
        .await
}

async fn members(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| Ok(Reply::Payload("members", json!(ws::members_json(conn)?))))
        .await
}

async fn tags(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| Ok(Reply::Payload("tags", json!(ws::tags_json(conn)?))))
        .await
}

fn tag_title(body: &serde_json::Map<String, Value>) -> Result<String, Invalid> {
    match body.get("title") {
        None | Some(Value::Null) => Err(Invalid::one("title", validate::required("title"))),
        Some(Value::String(s)) if s.trim().is_empty() => {
            Err(Invalid::one("title", validate::required("title")))
        }
        Some(Value::String(s)) if s.trim().chars().count() > 255 => {
            Err(Invalid::one("title", validate::max_chars("title", 255)))
        }
        Some(Value::String(s)) => Ok(s.trim().to_owned()),
        Some(_) => Err(Invalid::one("title", validate::string("title"))),
    }
}

async fn create_tag(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let title = tag_title(&body)?;
            Ok(Reply::Payload("tag", ws::create_tag(conn, &title)?))
        })
        .await
}

async fn tag(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let tag = int_id(&id)
                .map(|id| ws::tag_json_by_id(conn, id))
                .transpose()?
                .flatten()
                .ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("tag", tag))
        })
        .await
}

async fn update_tag(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let id = int_id(&id).ok_or(ApiError::RecordNotFound)?;
            if !ws::tag_exists(conn, id)? {
                return Err(ApiError::RecordNotFound);
            }
            let mut invalid = Invalid::new();
            let title = tag_title(&body).map_err(|e| invalid.merge(e)).ok();
            let color = match body.get("color").and_then(Value::as_str) {
                Some(c) if is_hex_colour(c) => Some(c.to_owned()),
                Some(_) => {
                    invalid.add(
                        "color",
                        format!("The {} field format is invalid.", validate::attr("color")),
                    );
                    None
                }
                None => {
                    invalid.add("color", validate::required("color"));
                    None
                }
            };
            invalid.check()?;
            if let (Some(title), Some(color)) = (title, color) {
                conn.execute(
                    "UPDATE tags SET title = ?1, color = ?2 WHERE id = ?3",
                    params![title, color, id],
                )?;
            }
            Ok(Reply::Ack)
        })
        .await
}

async fn delete_tag(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let id = int_id(&id).ok_or(ApiError::RecordNotFound)?;
            let tx = conn.transaction()?;
            if !ws::delete_tag(&tx, id)? {
                return Err(ApiError::RecordNotFound);
            }
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
