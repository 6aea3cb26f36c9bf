//! Task sub-resources: completion, assignees, locations, legacy board moves
//! and time entries.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use serde_json::Value;

use super::task_input::{location_item, member_body, opt_int};
use super::tasks::find;
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::column_order::{self, Neighbour};
use crate::store::ids;
use crate::store::tasks::{self as store, Placement, TimeEntry};
use crate::store::workspace as ws;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object, fmt_ymd, parse_ymd, value_bool, value_int};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/tasks/{id}/complete"), post(complete))
        .route(&api("/tm/tasks/{id}/un-complete"), post(un_complete))
        .route(
            &api("/tm/tasks/{id}/assignees"),
            post(add_assignees).delete(remove_assignees),
        )
        .route(
            &api("/tm/tasks/{id}/locations"),
            post(add_location).delete(remove_location),
        )
        .route(&api("/tm/tasks/{id}/board"), post(change_board))
        .route(
            &api("/tm/tasks/{id}/board-column"),
            post(change_board_column),
        )
        .route(&api("/tm/tasks/{id}/time-entries"), post(create_time_entry))
        .route(
            &api("/tm/tasks/{id}/time-entries/{entry}"),
            put(update_time_entry).delete(delete_time_entry),
        )
}

fn record_not_found() -> ApiError {
    ApiError::RecordNotFound
}

async fn set_completed(state: AppState, id: String, completed: bool) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            if task.is_completed != completed {
                task.is_completed = completed;
                task.completed_at = completed.then(|| ctx.now_iso());
                task.updated_at = ctx.now_iso();
                store::save(conn, &task)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

async fn complete(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    set_completed(state, id, true).await
}

async fn un_complete(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    set_completed(state, id, false).await
}

/// Adds assignees in order; the first of a task becomes its primary
/// (`userId`); re-adding is a no-op.
async fn add_assignees(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            let added = member_body(conn, &body, "assignees")?;
            let before = task.assignees.clone();
            for user in added {
                if !task.assignees.contains(&user) {
                    task.assignees.push(user.clone());
                }
                if !task.subscribers.contains(&user) {
                    task.subscribers.push(user);
                }
            }
            if task.assignees != before {
                task.updated_at = ctx.now_iso();
                store::save(conn, &task)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// Removing the primary assignee promotes the next; removing someone not
/// assigned is a no-op.
async fn remove_assignees(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            let removed = member_body(conn, &body, "assignees")?;
            let before = task.assignees.len();
            task.assignees.retain(|user| !removed.contains(user));
            if task.assignees.len() != before {
                task.updated_at = ctx.now_iso();
                store::save(conn, &task)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// Adds the task to a project (and column), or moves it to that column when
/// it is already in the project. `boardColumnId: null` takes it off the board.
async fn add_location(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            let mut invalid = Invalid::new();
            let location = location_item(conn, &body, "", &mut invalid)?;
            let neighbour = neighbour(&body, &mut invalid);
            invalid.check()?;
            if let Some(location) = location {
                let tx = conn.transaction()?;
                store::place(&tx, task.id, location, Placement::Add)?;
                if let (Some(column), Some(neighbour)) = (location.board_column_id, neighbour) {
                    column_order::put_next_to(&tx, task.id, column, neighbour)?;
                }
                task.updated_at = ctx.now_iso();
                store::save(&tx, &task)?;
                tx.commit()?;
            }
            Ok(Reply::NoContent)
        })
        .await
}

/// `after` / `before` of `POST …/locations`: the task ids it goes right below / right above in
/// its column. UNCERTAIN: the reference names both without saying which wins; `after` does
/// when both come, and a task that is not in the column leaves the order as it was.
fn neighbour(body: &super::task_input::Body, invalid: &mut Invalid) -> Option<Neighbour> {
    let after = opt_int(body, "after", invalid).flatten();
    let before = opt_int(body, "before", invalid).flatten();
    after
        .map(Neighbour::After)
        .or(before.map(Neighbour::Before))
}

async fn remove_location(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            let mut invalid = Invalid::new();
            let project = match opt_int(&body, "projectId", &mut invalid) {
                Some(Some(p)) => Some(p),
                _ if invalid.has("projectId") => None,
                _ => {
                    invalid.add("projectId", validate::required("projectId"));
                    None
                }
            };
            if let Some(p) = project
                && !ws::project_exists(conn, p)?
            {
                invalid.add("projectId", validate::selected_invalid("projectId"));
            }
            invalid.check()?;
            if let Some(project) = project {
                store::remove_location(conn, task.id, project)?;
                task.updated_at = ctx.now_iso();
                store::save(conn, &task)?;
            }
            Ok(Reply::NoContent)
        })
        .await
}

/// Legacy `POST …/board {boardId}` and `POST …/board-column {boardColumnId}`:
/// they move the task's place within the project of the target (or its
/// first place, for another project).
async fn legacy_move(state: AppState, id: String, body: Bytes, key: &'static str) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut task = find(conn, &id, record_not_found)?;
            let mut invalid = Invalid::new();
            let target = match body.get(key).and_then(value_int) {
                None => {
                    invalid.add(key, validate::required(key));
                    None
                }
                Some(target) => {
                    let mut only = serde_json::Map::new();
                    only.insert(key.to_owned(), Value::from(target));
                    super::task_input::legacy_location(conn, &only, &mut invalid)?
                }
            };
            invalid.check()?;
            if let Some(location) = target {
                let tx = conn.transaction()?;
                store::place(&tx, task.id, location, Placement::Move)?;
                task.updated_at = ctx.now_iso();
                store::save(&tx, &task)?;
                tx.commit()?;
            }
            Ok(Reply::Ack)
        })
        .await
}

async fn change_board(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    legacy_move(state, id, body, "boardId").await
}

async fn change_board_column(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    legacy_move(state, id, body, "boardColumnId").await
}

/// Reads `{userId, isOvertime, date, duration, comment?}` into `entry`.
fn time_entry_body(
    conn: &rusqlite::Connection,
    body: &serde_json::Map<String, Value>,
    entry: &mut TimeEntry,
) -> Result<(), ApiError> {
    let mut invalid = Invalid::new();
    match body.get("userId").and_then(Value::as_str) {
        Some(user) if ws::is_member(conn, user)? => entry.user_id = user.to_owned(),
        Some(_) => invalid.add("userId", validate::selected_invalid("userId")),
        None => invalid.add("userId", validate::required("userId")),
    }
    match body.get("isOvertime") {
        None | Some(Value::Null) => invalid.add("isOvertime", validate::required("isOvertime")),
        Some(value) => match value_bool(value) {
            Some(b) => entry.is_overtime = b,
            None => invalid.add("isOvertime", validate::boolean("isOvertime")),
        },
    }
    match body.get("date").and_then(Value::as_str) {
        Some(text) => match parse_ymd(text) {
            Some(date) => entry.date = fmt_ymd(date),
            None => invalid.add("date", validate::date_format("date", "Y-m-d")),
        },
        None => invalid.add("date", validate::required("date")),
    }
    match body.get("duration") {
        None | Some(Value::Null) => invalid.add("duration", validate::required("duration")),
        Some(value) => match value_int(value) {
            Some(minutes) if (1..=1440).contains(&minutes) => entry.duration = minutes,
            Some(_) => invalid.add("duration", validate::between("duration", 1, 1440)),
            None => invalid.add("duration", validate::integer("duration")),
        },
    }
    if let Some(comment) = body.get("comment").and_then(Value::as_str) {
        entry.comment = comment.to_owned();
    }
    invalid.check()?;
    Ok(())
}

async fn create_time_entry(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let task = find(conn, &id, record_not_found)?;
            let mut entry = TimeEntry {
                id: ids::new_uuid(),
                task_id: task.id,
                user_id: String::new(),
                kind: 2,
                is_overtime: false,
                date: String::new(),
                duration: 0,
                comment: String::new(),
                seconds: None,
            };
            time_entry_body(conn, &body, &mut entry)?;
            store::save_time_entry(conn, &entry)?;
            Ok(Reply::Payload("data", entry.to_json()))
        })
        .await
}

async fn update_time_entry(
    State(state): State<AppState>,
    Path((id, entry_id)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let task = find(conn, &id, record_not_found)?;
            let mut entry =
                store::time_entry(conn, task.id, &entry_id)?.ok_or(ApiError::RecordNotFound)?;
            time_entry_body(conn, &body, &mut entry)?;
            // Entered in minutes now, whatever the timer measured.
            entry.seconds = None;
            store::save_time_entry(conn, &entry)?;
            Ok(Reply::Payload("data", entry.to_json()))
        })
        .await
}

async fn delete_time_entry(
    State(state): State<AppState>,
    Path((id, entry_id)): Path<(String, String)>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let task = find(conn, &id, record_not_found)?;
            let deleted = conn.execute(
                "DELETE FROM time_entries WHERE task_id = ?1 AND id = ?2",
                rusqlite::params![task.id, entry_id],
            )?;
            if deleted == 0 {
                return Err(ApiError::RecordNotFound);
            }
            Ok(Reply::Ack)
        })
        .await
}
