//! `/tm/boards`: a project's boards, in order.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{get, post, put};
use rusqlite::Connection;
use serde_json::json;

use super::input::{
    NAME_MAX_CHARS, child_exists, nullable_ref, query_parent, required_ref, required_text,
};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::{boards as store, workspace as ws};
use crate::validate::Invalid;
use crate::wire::{Query, Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/boards"), get(boards).post(create))
        .route(&api("/tm/boards/{id}"), put(update).delete(destroy))
        .route(&api("/tm/boards/{id}/move"), post(move_board))
}

async fn boards(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let project = query_parent(&query, "projectId", |id| ws::project_exists(conn, id))?;
            Ok(Reply::Payload(
                "boards",
                json!(ws::boards_json(conn, project)?),
            ))
        })
        .await
}

/// `(id, project)` of the board in the path.
fn existing(conn: &Connection, raw_id: &str) -> Result<(i64, i64), ApiError> {
    let Some(id) = int_id(raw_id) else {
        return Err(ApiError::RecordNotFound);
    };
    let project = ws::board_project(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok((id, project))
}

/// `POST /tm/boards {name, projectId}`: a new board, last in its project, without columns.
/// UNCERTAIN: the docs show no answer; this one is `{success, board}`, what the official PHP
/// client reads.
async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let project = required_ref(&body, "projectId", &mut invalid, |id| {
                ws::project_exists(conn, id)
            })?;
            invalid.check()?;
            let (Some(name), Some(project)) = (name, project) else {
                return Err(ApiError::internal(
                    "validated board without name or project",
                ));
            };
            Ok(Reply::Payload(
                "board",
                store::insert_board(conn, project, &name)?,
            ))
        })
        .await
}

async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let (id, _) = existing(conn, &id)?;
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            invalid.check()?;
            if let Some(name) = name {
                store::rename_board(conn, id, &name)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// Columns and the board's custom fields go with it; its tasks stay in the project.
async fn destroy(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let (id, _) = existing(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete_board(&tx, id)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `POST /tm/boards/{id}/move {upperBoardId}`: the board goes right below `upperBoardId`, a
/// board of the same project, or first when it is `null`. The docs mark the key required but
/// nullable; it is read as `null` when absent (UNCERTAIN; one generated client leaves it out).
async fn move_board(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let (id, project) = existing(conn, &id)?;
            let mut invalid = Invalid::new();
            let upper = nullable_ref(&body, "upperBoardId", &mut invalid, |upper| {
                Ok(upper != id && child_exists(conn, "boards", upper, "project_id", project)?)
            })?;
            invalid.check()?;
            let tx = conn.transaction()?;
            store::move_board(&tx, id, project, upper.flatten())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
