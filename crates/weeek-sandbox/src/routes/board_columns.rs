//! `/tm/board-columns`: a board's columns, in order.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{get, post, put};
use rusqlite::Connection;
use serde_json::json;

use super::input::{
    NAME_MAX_CHARS, child_exists, nullable_ref, query_parent, required_ref, required_text,
    row_exists,
};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::{boards as store, workspace as ws};
use crate::validate::Invalid;
use crate::wire::{Query, Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/board-columns"), get(columns).post(create))
        .route(&api("/tm/board-columns/{id}"), put(update).delete(destroy))
        .route(&api("/tm/board-columns/{id}/move"), post(move_column))
}

async fn columns(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let board = query_parent(&query, "boardId", |id| row_exists(conn, "boards", id))?;
            Ok(Reply::Payload(
                "boardColumns",
                json!(ws::columns_json(conn, board)?),
            ))
        })
        .await
}

/// `(id, board)` of the column in the path.
fn existing(conn: &Connection, raw_id: &str) -> Result<(i64, i64), ApiError> {
    let Some(id) = int_id(raw_id) else {
        return Err(ApiError::RecordNotFound);
    };
    let (board, _) = ws::column_place(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok((id, board))
}

/// `POST /tm/board-columns {name, boardId}`: a new column, last on its board.
async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let board = required_ref(&body, "boardId", &mut invalid, |id| {
                row_exists(conn, "boards", id)
            })?;
            invalid.check()?;
            let (Some(name), Some(board)) = (name, board) else {
                return Err(ApiError::internal("validated column without name or board"));
            };
            Ok(Reply::Payload(
                "boardColumn",
                store::insert_column(conn, board, &name)?,
            ))
        })
        .await
}

/// `PUT /tm/board-columns/{id} {name}`: the docs answer `{success}`; the column is sent
/// along, as the official PHP client reads it.
async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let (id, board) = existing(conn, &id)?;
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            invalid.check()?;
            let Some(name) = name else {
                return Err(ApiError::internal("validated column without name"));
            };
            store::rename_column(conn, id, &name)?;
            Ok(Reply::Payload(
                "boardColumn",
                store::column_json(id, &name, board),
            ))
        })
        .await
}

/// The column's tasks move to the board's first remaining column.
async fn destroy(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let (id, board) = existing(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete_column(&tx, id, board)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `POST /tm/board-columns/{id}/move {upperBoardColumnId}`: right below that column of the
/// same board, or first when it is `null` (also when absent, as for boards).
async fn move_column(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let (id, board) = existing(conn, &id)?;
            let mut invalid = Invalid::new();
            let upper = nullable_ref(&body, "upperBoardColumnId", &mut invalid, |upper| {
                Ok(upper != id && child_exists(conn, "board_columns", upper, "board_id", board)?)
            })?;
            invalid.check()?;
            let tx = conn.transaction()?;
            store::move_column(&tx, id, board, upper.flatten())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
