//! The timer of the member the token belongs to: `POST /tm/tasks/{id}/start-timer` and
//! `POST /tm/tasks/{id}/stop-timer`, no body, answered with an ack.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::post;

use super::tasks::find;
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::timers;
use crate::wire::Reply;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/tasks/{id}/start-timer"), post(start))
        .route(&api("/tm/tasks/{id}/stop-timer"), post(stop))
}

/// One timer runs per member: starting one on another task stops (and writes down) the one
/// that ran; starting the one already running changes nothing.
async fn start(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let task = find(conn, &id, || ApiError::RecordNotFound)?;
            let tx = conn.transaction()?;
            timers::start(&tx, &ctx.user_id, task.id, ctx.now)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// Stops the member's timer on this task and writes a time entry "from the timer" (type 1)
/// with the time that passed. UNCERTAIN: what the service answers when that timer is not
/// running is unknown; the sandbox changes nothing and acks, as for other repeated actions.
async fn stop(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let task = find(conn, &id, || ApiError::RecordNotFound)?;
            let running = timers::of_user(conn, &ctx.user_id)?;
            if running.is_some_and(|r| r.task_id == task.id) {
                let tx = conn.transaction()?;
                timers::stop(&tx, &ctx.user_id, ctx.now)?;
                tx.commit()?;
            }
            Ok(Reply::Ack)
        })
        .await
}
