//! Who and what a task hangs together with: its parent (`POST /tm/tasks/{id}/parent`) and its
//! watchers (`POST` / `DELETE /tm/tasks/{id}/watchers`, a JSON body on both).

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::post;
use rusqlite::Connection;
use serde_json::Value;

use super::task_input::member_body;
use super::tasks::find;
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::tasks::{self as store, Task};
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object, value_int};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/tasks/{id}/parent"), post(set_parent))
        .route(
            &api("/tm/tasks/{id}/watchers"),
            post(add_watchers).delete(remove_watchers),
        )
}

fn not_found() -> ApiError {
    ApiError::RecordNotFound
}

/// Whether `candidate` may become the parent of `task`: a task that is not deleted, neither
/// the task itself nor one of its sub-tasks (however deep), which would make a loop.
fn can_parent(conn: &Connection, task: i64, candidate: i64) -> rusqlite::Result<bool> {
    let mut at = Some(candidate);
    while let Some(id) = at {
        if id == task {
            return Ok(false);
        }
        match store::load(conn, id)? {
            Some(t) if !(id == candidate && t.is_deleted) => at = t.parent_id,
            _ => return Ok(false),
        }
    }
    Ok(true)
}

/// A sibling named by `after` / `before`: a sub-task of `parent` other than the moved one.
fn sibling(
    body: &serde_json::Map<String, Value>,
    key: &str,
    siblings: &[i64],
    invalid: &mut Invalid,
) -> Option<i64> {
    let value = body.get(key).filter(|v| !v.is_null())?;
    let found = value_int(value).filter(|id| siblings.contains(id));
    if found.is_none() {
        invalid.add(key, validate::selected_invalid(key));
    }
    found
}

/// `{parentId*: int|null, after?, before?}`. `null` makes the task a top-level one; otherwise
/// it becomes the last sub-task of `parentId`, or goes right after `after` / right before
/// `before` among them (never both). Answers an ack.
async fn set_parent(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, not_found)?;
            let mut invalid = Invalid::new();
            let parent = match body.get("parentId") {
                None => {
                    invalid.add("parentId", validate::field_required());
                    None
                }
                Some(Value::Null) => Some(None),
                Some(value) => match value_int(value) {
                    Some(parent) if can_parent(conn, task.id, parent)? => Some(Some(parent)),
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
            let siblings: Vec<i64> = match parent {
                Some(Some(parent)) => store::sub_task_ids(conn, parent)?
                    .into_iter()
                    .filter(|s| *s != task.id)
                    .collect(),
                _ => Vec::new(),
            };
            let after = sibling(&body, "after", &siblings, &mut invalid);
            let before = sibling(&body, "before", &siblings, &mut invalid);
            if after.is_some() && before.is_some() {
                invalid.add("after", validate::prohibits("after", "before"));
            }
            invalid.check()?;
            let Some(parent) = parent else {
                return Err(ApiError::internal(
                    "validated parent change without parentId",
                ));
            };
            let tx = conn.transaction()?;
            task.parent_id = parent;
            task.updated_at = ctx.now_iso();
            store::save(&tx, &task)?;
            if parent.is_some() {
                let mut order = siblings;
                let at = match (after, before) {
                    (Some(after), _) => order.iter().position(|s| *s == after).map(|i| i + 1),
                    (None, Some(before)) => order.iter().position(|s| *s == before),
                    (None, None) => None,
                };
                order.insert(at.unwrap_or(order.len()), task.id);
                store::order_sub_tasks(&tx, &order)?;
            }
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// Applies a watcher change to `subscribers` (the task's watchers, as answers name them).
async fn change_watchers(
    state: AppState,
    id: String,
    body: Bytes,
    change: fn(&mut Task, Vec<String>),
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, not_found)?;
            let members = member_body(conn, &body, "watchers")?;
            let before = task.subscribers.clone();
            change(&mut task, members);
            if task.subscribers != before {
                task.updated_at = ctx.now_iso();
                store::save(conn, &task)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// `{watchers*: [uuid]}`: they are added after the others; a watcher already there, or named
/// twice, is added once (the docs ask for unique items; the tolerant reading takes repeats).
async fn add_watchers(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    change_watchers(state, id, body, |task, members| {
        for member in members {
            if !task.subscribers.contains(&member) {
                task.subscribers.push(member);
            }
        }
    })
    .await
}

/// `{watchers*: [uuid]}` on `DELETE`: removing someone who does not watch changes nothing.
async fn remove_watchers(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    change_watchers(state, id, body, |task, members| {
        task.subscribers.retain(|s| !members.contains(s));
    })
    .await
}
