//! `/crm/statuses/{id}/deals`, `/crm/deals/{id}`, `/crm/deals/{id}/move`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::{get, post};
use serde_json::{Value, json};

use super::{ApiResult, AppState, api, limit_offset};
use crate::errors::ApiError;
use crate::store::crm;
use crate::validate::{self, Invalid};
use crate::wire::{Query, QueryArray, Reply, body_object, contains_folded};

/// Deals per page without `limit`. UNCERTAIN: only the docs' example value.
pub const DEALS_DEFAULT_LIMIT: usize = 50;
/// Largest deals page; a larger `limit` is clamped.
pub const DEALS_MAX_LIMIT: usize = 100;

const WIN_STATUSES: [&str; 3] = ["won", "lost", "archived"];

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/statuses/{id}/deals"), get(deals))
        .route(&api("/crm/deals/{id}"), get(deal))
        .route(&api("/crm/deals/{id}/move"), post(move_deal))
}

/// Deals of a status in board order, paged with `limit`/`offset`
/// (`hasMoreDeals`), searched case-insensitively in title and description,
/// optionally narrowed by `winStatuses[]`.
async fn deals(
    State(state): State<AppState>,
    Path(id): Path<String>,
    RawQuery(raw): RawQuery,
) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .run(move |conn, _| {
            if crm::status_funnel(conn, &id)?.is_none() {
                return Err(ApiError::RecordNotFound);
            }
            let (limit, offset) = limit_offset(&query, DEALS_DEFAULT_LIMIT, DEALS_MAX_LIMIT)?;
            let win_statuses = match query.array("winStatuses") {
                QueryArray::Absent => None,
                QueryArray::NotAnArray => {
                    return Err(Invalid::one("winStatuses", validate::array("winStatuses")).into());
                }
                QueryArray::Items(items) => {
                    let mut invalid = Invalid::new();
                    for (i, item) in items.iter().enumerate() {
                        if !WIN_STATUSES.contains(&item.as_str()) {
                            let field = format!("winStatuses.{i}");
                            invalid.add(&field, validate::selected_invalid(&field));
                        }
                    }
                    invalid.check()?;
                    Some(items)
                }
            };
            let needle = query.get("search").map(crate::wire::fold);
            let matching: Vec<crm::Deal> = crm::deals_of_status(conn, &id)?
                .into_iter()
                .filter(|deal| {
                    needle.as_deref().is_none_or(|needle| {
                        deal.title
                            .as_deref()
                            .is_some_and(|t| contains_folded(t, needle))
                            || deal
                                .description
                                .as_deref()
                                .is_some_and(|d| contains_folded(d, needle))
                    })
                })
                .filter(|deal| {
                    win_statuses.as_ref().is_none_or(|wanted| {
                        deal.win_status.as_ref().is_some_and(|w| wanted.contains(w))
                    })
                })
                .collect();
            let has_more = matching.len() > offset.saturating_add(limit);
            let page = matching
                .iter()
                .skip(offset)
                .take(limit)
                .map(|deal| deal.to_json(conn))
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
        .run(move |conn, _| {
            let deal = crm::deal(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("deal", deal.to_json(conn)?))
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
