//! `/crm/statuses/{id}/deals`, `/crm/deals/{id}`, `/crm/deals/{id}/move`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::deal_query::DealFilter;
use super::{ApiResult, AppState, api, limit_offset};
use crate::errors::ApiError;
use crate::store::crm;
use crate::validate::{self, Invalid};
use crate::wire::{Query, Reply, body_object};

/// Deals per page without `limit`. UNCERTAIN: only the docs' example value.
pub const DEALS_DEFAULT_LIMIT: usize = 50;
/// Largest deals page; a larger `limit` is clamped.
pub const DEALS_MAX_LIMIT: usize = 100;

pub const WIN_STATUSES: [&str; 3] = ["won", "lost", "archived"];

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/statuses/{id}/deals"), get(deals))
        .route(&api("/crm/deals/{id}"), get(deal))
        .route(&api("/crm/deals/{id}/move"), post(move_deal))
}

/// Deals of a status in board order (or by `sort`), paged with `limit`/`offset`
/// (`hasMoreDeals`), narrowed by every filter of the reference: `search` (title and
/// description, without case), `assigneeIds[]` (`executorIds[]` in [spec-25], read too),
/// `winStatuses[]`, `lastUpdated[]`, `tags[]`, `organizations[]`, `contacts[]` (a deal matches
/// when it has any of the listed ones) and `customFields[i][id]`/`[value]` (all must match).
async fn deals(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, ctx| {
            if crm::status_funnel(conn, &id)?.is_none() {
                return Err(ApiError::RecordNotFound);
            }
            let (limit, offset) = limit_offset(&query, DEALS_DEFAULT_LIMIT, DEALS_MAX_LIMIT)?;
            let filter = DealFilter::parse(conn, &query, ctx.today)?;
            let mut matching: Vec<crm::Deal> = crm::deals_of_status(conn, &id)?
                .into_iter()
                .filter(|deal| filter.matches(deal))
                .collect();
            filter.sort(&mut matching);
            let has_more = matching.len() > offset.saturating_add(limit);
            let page = matching
                .iter()
                .skip(offset)
                .take(limit)
                .map(|deal| deal.to_json(conn, ctx.answering()))
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(Reply::Body(json!({
                "success": true,
                "deals": page,
                "hasMoreDeals": has_more,
            })))
        })
        .await
}

async fn deal(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, ctx| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("deal", deal.to_json(conn, ctx.answering())?))
        })
        .await
}

/// `{statusId?, previousDealId?}`: into that status (the current one when
/// absent), right after `previousDealId`, or at the top when it is null.
async fn move_deal(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            let mut invalid = Invalid::new();
            let (status_id, funnel_id) = match body.get("statusId") {
                None | Some(Value::Null) => (deal.status_id.clone(), deal.funnel_id.clone()),
                Some(Value::String(status)) => match crm::status_funnel(conn, status)? {
                    Some(funnel) => (status.clone(), funnel),
                    None => {
                        invalid.add("statusId", validate::selected_invalid("statusId"));
                        (deal.status_id.clone(), deal.funnel_id.clone())
                    }
                },
                Some(_) => {
                    invalid.add("statusId", validate::string("statusId"));
                    (deal.status_id.clone(), deal.funnel_id.clone())
                }
            };
            let after = match body.get("previousDealId") {
                None | Some(Value::Null) => None,
                Some(Value::String(previous)) => {
                    match crm::deal(conn, previous)? {
                        Some(prev) if prev.status_id == status_id && prev.id != deal.id => {}
                        _ => invalid.add(
                            "previousDealId",
                            validate::selected_invalid("previousDealId"),
                        ),
                    }
                    Some(previous.clone())
                }
                Some(_) => {
                    invalid.add("previousDealId", validate::string("previousDealId"));
                    None
                }
            };
            invalid.check()?;
            let tx = conn.transaction()?;
            crm::move_deal(
                &tx,
                &deal.id,
                &funnel_id,
                &status_id,
                after.as_deref(),
                &ctx.now_iso(),
            )?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
