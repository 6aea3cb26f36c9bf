//! `/tm/projects`, `/tm/boards`, `/tm/board-columns`.

use axum::Router;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use rusqlite::OptionalExtension;
use serde_json::json;

use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::workspace as ws;
use crate::validate::{self, Invalid};
use crate::wire::{Query, Reply};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/projects"), get(projects))
        .route(&api("/tm/projects/{id}"), get(project))
        .route(&api("/tm/boards"), get(boards))
        .route(&api("/tm/board-columns"), get(board_columns))
}

async fn projects(State(state): State<AppState>) -> ApiResult {
    state
        .run(|conn, _| Ok(Reply::Payload("projects", json!(ws::projects_json(conn)?))))
        .await
}

async fn project(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let project = int_id(&id)
                .map(|id| ws::project_json_by_id(conn, id))
                .transpose()?
                .flatten()
                .ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("project", project))
        })
        .await
}

/// A required parent id given in the query: missing → "The field is
/// required." (the live wording, without the attribute), not an integer or
/// unknown → 422 on that field.
fn parent_id(
    query: &Query,
    field: &str,
    exists: impl FnOnce(i64) -> rusqlite::Result<bool>,
) -> Result<i64, ApiError> {
    let Some(raw) = query.get(field) else {
        return Err(Invalid::one(field, validate::field_required()).into());
    };
    let Ok(id) = raw.parse::<i64>() else {
        return Err(Invalid::one(field, validate::integer(field)).into());
    };
    if !exists(id)? {
        return Err(Invalid::one(field, validate::selected_invalid(field)).into());
    }
    Ok(id)
}

async fn boards(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .run(move |conn, _| {
            let project = parent_id(&query, "projectId", |id| ws::project_exists(conn, id))?;
            Ok(Reply::Payload(
                "boards",
                json!(ws::boards_json(conn, project)?),
            ))
        })
        .await
}

async fn board_columns(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .run(move |conn, _| {
            let board = parent_id(&query, "boardId", |id| {
                Ok(conn
                    .query_row("SELECT 1 FROM boards WHERE id = ?1", [id], |_| Ok(()))
                    .optional()?
                    .is_some())
            })?;
            Ok(Reply::Payload(
                "boardColumns",
                json!(ws::columns_json(conn, board)?),
            ))
        })
        .await
}
