//! `GET/POST /tm/tasks`, `GET/PUT/DELETE /tm/tasks/{id}`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use rusqlite::Connection;

use super::task_input::{Mode, TaskFields};
use super::task_query::TaskQuery;
use super::{ApiResult, AppState, Ctx, api, int_id};
use crate::errors::ApiError;
use crate::store::task_json::{self, FieldHeads, Page};
use crate::store::tasks::{self as store, Placement, Task};
use crate::wire::{Query, Reply, body_object};

/// Page size of `GET /tm/tasks` without `perPage`. UNCERTAIN: the service
/// documents no default; 20 is what most clients send.
pub const TASKS_DEFAULT_PER_PAGE: usize = 20;
/// Largest page of `GET /tm/tasks`; a larger `perPage` is clamped to it
/// rather than rejected (UNCERTAIN: no documented maximum).
pub const TASKS_MAX_PER_PAGE: usize = 100;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/tasks"), get(list).post(create))
        .route(
            &api("/tm/tasks/{id}"),
            get(show).put(update).delete(destroy),
        )
}

/// `GET /tm/tasks`.
///
/// Without `completed` or `all`, open and completed tasks are both listed
/// (deleted ones never). UNCERTAIN: the reference leaves this open; listing
/// both is the tolerant reading. Without `sortBy` tasks come in id order. Pages hold
/// [`TASKS_DEFAULT_PER_PAGE`] tasks unless `perPage` says otherwise (at most
/// [`TASKS_MAX_PER_PAGE`]); `hasMore` tells whether another page follows.
async fn list(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, ctx| {
            let filter = TaskQuery::parse(conn, &query)?;
            let (ids, has_more) = filter.page_ids(conn, ctx.today)?;
            let body = task_json::list_body(conn, &ids, has_more, ctx.answering())?;
            Ok(Reply::Encoded(body))
        })
        .await
}

pub fn task_reply(conn: &Connection, ctx: &Ctx, id: i64) -> Result<Reply, ApiError> {
    let page = Page::load(conn, &[id], FieldHeads::current(conn)?, ctx.answering())?;
    let body = page.payload_body(conn, "task")?;
    Ok(Reply::Encoded(body.ok_or(ApiError::ModelNotFound)?))
}

/// A task by path id; what a missing one answers depends on the verb.
pub fn find(conn: &Connection, raw_id: &str, missing: fn() -> ApiError) -> Result<Task, ApiError> {
    int_id(raw_id)
        .map(|id| store::load(conn, id))
        .transpose()?
        .flatten()
        .ok_or_else(missing)
}

/// A deleted task still resolves, with `isDeleted: true`.
async fn show(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, ctx| {
            let task = find(conn, &id, || ApiError::ModelNotFound)?;
            let body = task_json::task_body(conn, task.id, ctx.answering())?;
            Ok(Reply::Encoded(body.ok_or(ApiError::ModelNotFound)?))
        })
        .await
}

async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let tx = conn.transaction()?;
            let id = insert_from_body(&tx, ctx, &body)?;
            tx.commit()?;
            task_reply(conn, ctx, id)
        })
        .await
}

/// Validates a create body and inserts the task with its locations (also used by deals'
/// `POST /crm/deals/{id}/tasks`).
pub fn insert_from_body(
    tx: &Connection,
    ctx: &Ctx,
    body: &serde_json::Map<String, serde_json::Value>,
) -> Result<i64, ApiError> {
    let fields = TaskFields::parse(tx, body, Mode::Create)?;
    let now = ctx.now_iso();
    let mut task = Task {
        kind: "action".to_owned(),
        author_id: ctx.user_id.clone(),
        created_at: now.clone(),
        updated_at: now,
        ..Task::default()
    };
    fields.apply(&mut task);
    task.assignees = fields.assignees.clone().unwrap_or_default();
    task.subscribers = std::iter::once(ctx.user_id.clone())
        .chain(task.assignees.iter().cloned())
        .fold(Vec::new(), |mut acc, id| {
            if !acc.contains(&id) {
                acc.push(id);
            }
            acc
        });
    let id = store::insert(tx, &task)?;
    let locations = match (&fields.locations, fields.legacy_location, task.parent_id) {
        (Some(locations), _, _) => locations.clone(),
        (None, Some(location), _) => vec![location],
        // A subtask without a place of its own lives where its parent does.
        (None, None, Some(parent)) => store::locations(tx, parent)?,
        (None, None, None) => Vec::new(),
    };
    for location in locations {
        store::place(tx, id, location, Placement::Add)?;
    }
    Ok(id)
}

/// Only the keys sent change. `description`, `assignees` and `isCompleted`
/// are accepted and ignored, as on the live service; so are unknown keys.
async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let tx = conn.transaction()?;
            let mut task = find(&tx, &id, || ApiError::HtmlNotFound)?;
            let fields = TaskFields::parse(&tx, &body, Mode::Update)?;
            fields.apply(&mut task);
            if body.keys().any(|k| is_update_key(k)) {
                task.updated_at = ctx.now_iso();
            }
            store::save(&tx, &task)?;
            if let Some(location) = fields.legacy_location {
                store::place(&tx, task.id, location, Placement::Move)?;
            }
            tx.commit()?;
            task_reply(conn, ctx, task.id)
        })
        .await
}

fn is_update_key(key: &str) -> bool {
    matches!(
        key,
        "title"
            | "priority"
            | "type"
            | "duration"
            | "startDate"
            | "startDateTime"
            | "dueDate"
            | "dueDateTime"
            | "tags"
            | "customFields"
            | "isPrivate"
            | "projectId"
            | "boardId"
            | "boardColumnId"
    )
}

/// Soft delete: the task leaves lists but still resolves by id.
async fn destroy(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, || ApiError::RecordNotFound)?;
            task.is_deleted = true;
            task.updated_at = ctx.now_iso();
            store::save(conn, &task)?;
            Ok(Reply::Ack)
        })
        .await
}
