//! `/crm/currencies`, `/crm/funnels`, `/crm/statuses/{id}`.

use axum::Router;
use axum::extract::{Path, State};
use axum::routing::get;
use serde_json::json;

use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::crm;
use crate::wire::Reply;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/currencies"), get(currencies))
        .route(&api("/crm/funnels"), get(funnels))
        .route(&api("/crm/funnels/{id}"), get(funnel))
        .route(&api("/crm/funnels/{id}/statuses"), get(statuses))
        .route(&api("/crm/statuses/{id}"), get(status))
}

async fn currencies(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| {
            Ok(Reply::Payload(
                "currencies",
                json!(crm::currencies_json(conn)?),
            ))
        })
        .await
}

async fn funnels(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| Ok(Reply::Payload("funnels", json!(crm::funnels_json(conn)?))))
        .await
}

async fn funnel(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let funnel = crm::funnel_json_by_id(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("funnel", funnel))
        })
        .await
}

async fn statuses(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            if !crm::funnel_exists(conn, &id)? {
                return Err(ApiError::RecordNotFound);
            }
            Ok(Reply::Payload(
                "statuses",
                json!(crm::statuses_json(conn, &id)?),
            ))
        })
        .await
}

async fn status(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let status = crm::status_json_by_id(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("status", status))
        })
        .await
}
