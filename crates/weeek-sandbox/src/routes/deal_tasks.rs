//! Tasks attached to a deal: `POST /crm/deals/{id}/tasks` (a new task),
//! `POST /crm/deals/{id}/tasks/{task}/move`, `DELETE /crm/deals/{id}/tasks/{task}`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{delete, post};
use rusqlite::Connection;
use serde_json::Value;

use super::tasks::{insert_from_body, task_reply};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::crm::{self, Deal};
use crate::store::deals as store;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object, value_int};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/deals/{id}/tasks"), post(create_task))
        .route(&api("/crm/deals/{id}/tasks/{task}"), delete(detach_task))
        .route(&api("/crm/deals/{id}/tasks/{task}/move"), post(move_task))
}

fn find(conn: &Connection, id: &str) -> Result<Deal, ApiError> {
    crm::deal(conn, id)?.ok_or(ApiError::RecordNotFound)
}

/// An attached task by path id; a task that is not attached to the deal is not found.
fn attached(conn: &Connection, deal: &Deal, raw: &str) -> Result<i64, ApiError> {
    int_id(raw)
        .filter(|id| {
            store::task_ids(conn, &deal.id)
                .map(|ids| ids.contains(id))
                .unwrap_or(false)
        })
        .ok_or(ApiError::RecordNotFound)
}

/// The body is the task create body (the 2023 official PHP client sends `title`, `day`,
/// `userId`, `projectId`, `boardColumnId`, `type`, `priority`; the current fields work too).
/// The new task goes last in the deal's list; the answer is `{success, task}`. UNCERTAIN: the
/// docs leave the body undocumented.
async fn create_task(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let deal = find(conn, &id)?;
            let tx = conn.transaction()?;
            let task = insert_from_body(&tx, ctx, &body)?;
            store::append_task(&tx, &deal.id, task)?;
            tx.commit()?;
            task_reply(conn, ctx, task)
        })
        .await
}

/// `{previousTaskId}`: right after that attached task, or first when it is null.
async fn move_task(
    State(state): State<AppState>,
    Path((id, task)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let deal = find(conn, &id)?;
            let task = attached(conn, &deal, &task)?;
            let siblings = store::task_ids(conn, &deal.id)?;
            let key = "previousTaskId";
            let after = match body.get(key) {
                None | Some(Value::Null) => None,
                Some(value) => match value_int(value) {
                    Some(prev) if prev != task && siblings.contains(&prev) => Some(prev),
                    Some(_) => {
                        return Err(Invalid::one(key, validate::selected_invalid(key)).into());
                    }
                    None => return Err(Invalid::one(key, validate::integer(key)).into()),
                },
            };
            let tx = conn.transaction()?;
            store::place_task(&tx, &deal.id, task, after)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// Takes the task off the deal; the task itself stays. UNCERTAIN: "detach" is read as
/// unlinking, not deleting.
async fn detach_task(
    State(state): State<AppState>,
    Path((id, task)): Path<(String, String)>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let deal = find(conn, &id)?;
            let task = attached(conn, &deal, &task)?;
            store::detach_task(conn, &deal.id, task)?;
            Ok(Reply::Ack)
        })
        .await
}
