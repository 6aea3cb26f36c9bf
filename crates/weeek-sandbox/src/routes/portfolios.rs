//! `/tm/portfolios`: folders of projects.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use rusqlite::Connection;
use serde_json::{Value, json};

use super::input::{NAME_MAX_CHARS, nullable_ref, required_text};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::portfolios::{self as store, Portfolio};
use crate::validate::{self, Invalid};
use crate::wire::{Query, Reply, body_object, contains_folded, fold};

/// Page size of `GET /tm/portfolios` without `limit`. UNCERTAIN: undocumented; 50 is the
/// example value the docs give for the other paged lists.
pub const PORTFOLIOS_DEFAULT_LIMIT: usize = 50;
/// `limit` may be 0 to 100 (the documented range); 0 answers an empty page.
pub const PORTFOLIOS_MAX_LIMIT: usize = 100;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/portfolios"), get(list).post(create))
        .route(
            &api("/tm/portfolios/{id}"),
            get(show).put(update).delete(destroy),
        )
}

/// The query of the list, checked.
struct ListQuery {
    search: Option<String>,
    parent_id: Option<i64>,
    limit: usize,
    offset: usize,
}

fn list_query(conn: &Connection, query: &Query) -> Result<ListQuery, ApiError> {
    let mut invalid = Invalid::new();
    let mut parsed = ListQuery {
        search: query.get("search").map(fold),
        parent_id: None,
        limit: PORTFOLIOS_DEFAULT_LIMIT,
        offset: 0,
    };
    if let Some(raw) = query.get("parentId") {
        match raw.parse::<i64>() {
            Ok(id) if store::exists(conn, id)? => parsed.parent_id = Some(id),
            Ok(_) => invalid.add("parentId", validate::selected_invalid("parentId")),
            Err(_) => invalid.add("parentId", validate::integer("parentId")),
        }
    }
    if let Some(raw) = query.get("limit") {
        match raw.parse::<i64>() {
            Ok(n) if (0..=PORTFOLIOS_MAX_LIMIT as i64).contains(&n) => parsed.limit = n as usize,
            Ok(_) => invalid.add(
                "limit",
                validate::between("limit", 0, PORTFOLIOS_MAX_LIMIT as i64),
            ),
            Err(_) => invalid.add("limit", validate::integer("limit")),
        }
    }
    if let Some(raw) = query.get("offset") {
        match raw.parse::<i64>() {
            Ok(n) if n >= 0 => parsed.offset = n as usize,
            Ok(_) => invalid.add("offset", validate::min_value("offset", 0)),
            Err(_) => invalid.add("offset", validate::integer("offset")),
        }
    }
    invalid.check()?;
    Ok(parsed)
}

/// `GET /tm/portfolios`: oldest first. Without `parentId` every portfolio is listed, nested
/// ones too, so one walk gives the whole tree; with it, only that portfolio's children.
/// UNCERTAIN: the docs do not say whether the unfiltered list is only the top level.
async fn list(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let q = list_query(conn, &query)?;
            let matching: Vec<Portfolio> = store::all(conn)?
                .into_iter()
                .filter(|p| q.parent_id.is_none_or(|parent| p.parent_id == Some(parent)))
                .filter(|p| {
                    q.search
                        .as_deref()
                        .is_none_or(|needle| contains_folded(&p.name, needle))
                })
                .collect();
            let page: Vec<Value> = matching
                .iter()
                .skip(q.offset)
                .take(q.limit)
                .map(Portfolio::to_json)
                .collect();
            let has_more = matching.len() > q.offset + page.len();
            Ok(Reply::Body(json!({
                "success": true,
                "data": page,
                "hasMore": has_more,
            })))
        })
        .await
}

fn find(conn: &Connection, raw_id: &str) -> Result<Portfolio, ApiError> {
    int_id(raw_id)
        .map(|id| store::get(conn, id))
        .transpose()?
        .flatten()
        .ok_or(ApiError::RecordNotFound)
}

async fn show(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| Ok(Reply::Payload("data", find(conn, &id)?.to_json())))
        .await
}

/// `POST /tm/portfolios {name, parentId?}`; a new portfolio is not private.
async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let parent = nullable_ref(&body, "parentId", &mut invalid, |id| {
                store::exists(conn, id)
            })?;
            invalid.check()?;
            let mut portfolio = Portfolio {
                id: 0,
                name: name.unwrap_or_default(),
                parent_id: parent.flatten(),
                is_private: false,
            };
            portfolio.id = store::insert(conn, &portfolio)?;
            Ok(Reply::Payload("data", portfolio.to_json()))
        })
        .await
}

/// `PUT /tm/portfolios/{id} {name}`: answers the portfolio, as the docs show.
async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut portfolio = find(conn, &id)?;
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            invalid.check()?;
            if let Some(name) = name {
                store::rename(conn, portfolio.id, &name)?;
                portfolio.name = name;
            }
            Ok(Reply::Payload("data", portfolio.to_json()))
        })
        .await
}

async fn destroy(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let portfolio = find(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete(&tx, &portfolio)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
