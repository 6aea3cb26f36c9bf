//! Funnel and status writes: `POST /crm/funnels`, `PUT/DELETE /crm/funnels/{id}`,
//! `POST /crm/funnels/{id}/statuses`, `PUT/DELETE /crm/statuses/{id}`, and the three operations
//! only the 2023 official PHP client knows (move and bookmark a funnel, move a status).

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;

use super::crm_input::{self, NAME_MAX, optional_ref};
use super::{ApiResult, AppState, Ctx, api};
use crate::errors::ApiError;
use crate::store::crm;
use crate::store::funnels::{self as store, Funnel, Ordered, Status};
use crate::store::ids;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object};

/// Statuses a new funnel starts with. UNCERTAIN: the reference only shows that a new funnel
/// has statuses (a client reads `statuses[0]` right after creating one), not which.
pub const NEW_FUNNEL_STATUSES: [&str; 3] = ["Новый", "В работе", "Закрыт"];
/// Name of a funnel created without one. UNCERTAIN: `name` is optional and no default is
/// documented.
pub const DEFAULT_FUNNEL_NAME: &str = "Новая воронка";
/// Name of a status created without one (same uncertainty).
pub const DEFAULT_STATUS_NAME: &str = "Новый статус";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/funnels"), post(create_funnel))
        .route(
            &api("/crm/funnels/{id}"),
            put(update_funnel).delete(delete_funnel),
        )
        .route(&api("/crm/funnels/{id}/move"), post(move_funnel))
        .route(&api("/crm/funnels/{id}/bookmark"), post(bookmark_funnel))
        .route(&api("/crm/funnels/{id}/statuses"), post(create_status))
        .route(
            &api("/crm/statuses/{id}"),
            put(update_status).delete(delete_status),
        )
        .route(&api("/crm/statuses/{id}/move"), post(move_status))
}

fn currency_exists(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    use rusqlite::OptionalExtension;
    Ok(conn
        .query_row("SELECT 1 FROM currencies WHERE id = ?1", [id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Applies `{name?, currencyId?, isPrivate?}`; a key not sent keeps its value.
fn apply_funnel_body(
    conn: &Connection,
    body: &crm_input::Body,
    funnel: &mut Funnel,
) -> Result<(), ApiError> {
    let mut invalid = Invalid::new();
    let name = crm_input::text(body, "name", NAME_MAX, &mut invalid);
    let currency = match body.get("currencyId") {
        None | Some(serde_json::Value::Null) => None,
        Some(value) => match crate::wire::value_int(value) {
            Some(id) if currency_exists(conn, id)? => Some(id),
            Some(_) => {
                invalid.add("currencyId", validate::selected_invalid("currencyId"));
                None
            }
            None => {
                invalid.add("currencyId", validate::integer("currencyId"));
                None
            }
        },
    };
    let private = crm_input::boolean(body, "isPrivate", &mut invalid);
    invalid.check()?;
    if let Some(Some(name)) = name {
        funnel.name = name;
    }
    if let Some(currency) = currency {
        funnel.currency_id = currency;
    }
    if let Some(private) = private {
        funnel.is_private = private;
    }
    Ok(())
}

fn funnel_reply(conn: &Connection, id: &str) -> ApiResult {
    let funnel = crm::funnel_json_by_id(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok(Reply::Payload("funnel", funnel))
}

fn new_status(funnel_id: &str, name: &str, ctx: &Ctx) -> Status {
    Status {
        id: ids::new_slug(),
        funnel_id: funnel_id.to_owned(),
        creator_id: ctx.user_id.clone(),
        name: name.to_owned(),
        created_at: ctx.now_iso(),
        updated_at: ctx.now_iso(),
    }
}

/// A new funnel goes after the others, with the creator as its team and
/// [`NEW_FUNNEL_STATUSES`].
async fn create_funnel(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut funnel = Funnel {
                id: ids::new_slug(),
                creator_id: ctx.user_id.clone(),
                currency_id: 1,
                name: DEFAULT_FUNNEL_NAME.to_owned(),
                logo: None,
                is_private: false,
                is_bookmarked: false,
                team: vec![ctx.user_id.clone()],
                created_at: ctx.now_iso(),
                updated_at: ctx.now_iso(),
            };
            apply_funnel_body(conn, &body, &mut funnel)?;
            let tx = conn.transaction()?;
            store::insert_funnel(&tx, &funnel)?;
            for name in NEW_FUNNEL_STATUSES {
                store::insert_status(&tx, &new_status(&funnel.id, name, ctx))?;
            }
            tx.commit()?;
            funnel_reply(conn, &funnel.id)
        })
        .await
}

fn find_funnel(conn: &Connection, id: &str) -> Result<Funnel, ApiError> {
    store::funnel(conn, id)?.ok_or(ApiError::RecordNotFound)
}

async fn update_funnel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut funnel = find_funnel(conn, &id)?;
            apply_funnel_body(conn, &body, &mut funnel)?;
            funnel.updated_at = ctx.now_iso();
            store::update_funnel(conn, &funnel)?;
            funnel_reply(conn, &funnel.id)
        })
        .await
}

/// Deletes the funnel with its statuses and deals (the deals' tasks stay in the Task Manager).
async fn delete_funnel(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let funnel = find_funnel(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete_funnel(&tx, &funnel.id)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{previousFunnelId}`: right after that funnel, or first when it is null. UNCERTAIN: known
/// only from the 2023 official PHP client.
async fn move_funnel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let funnel = find_funnel(conn, &id)?;
            let order = store::ordered_ids(conn, Ordered::Funnels, "")?;
            let mut invalid = Invalid::new();
            let after = optional_ref(&body, "previousFunnelId", &mut invalid, |other| {
                other != funnel.id && order.iter().any(|o| o == other)
            });
            invalid.check()?;
            let tx = conn.transaction()?;
            store::move_after(&tx, Ordered::Funnels, "", &funnel.id, after.as_deref())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// Toggles `isBookmarked`, as the 2023 official PHP client's `toggleBookmark` names it.
/// UNCERTAIN: not in any published spec.
async fn bookmark_funnel(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let mut funnel = find_funnel(conn, &id)?;
            funnel.is_bookmarked = !funnel.is_bookmarked;
            funnel.updated_at = ctx.now_iso();
            store::update_funnel(conn, &funnel)?;
            Ok(Reply::Ack)
        })
        .await
}

fn status_reply(conn: &Connection, id: &str) -> ApiResult {
    let status = crm::status_json_by_id(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok(Reply::Payload("status", status))
}

/// `{name?}`: a new status goes after the funnel's last one.
async fn create_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let funnel = find_funnel(conn, &id)?;
            let mut invalid = Invalid::new();
            let name = crm_input::text(&body, "name", NAME_MAX, &mut invalid);
            invalid.check()?;
            let name = name.flatten();
            let status = new_status(
                &funnel.id,
                name.as_deref().unwrap_or(DEFAULT_STATUS_NAME),
                ctx,
            );
            store::insert_status(conn, &status)?;
            status_reply(conn, &status.id)
        })
        .await
}

fn find_status(conn: &Connection, id: &str) -> Result<Status, ApiError> {
    store::status(conn, id)?.ok_or(ApiError::RecordNotFound)
}

/// `{name?}`: without a name the status is left as it is.
async fn update_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let status = find_status(conn, &id)?;
            let mut invalid = Invalid::new();
            let name = crm_input::text(&body, "name", NAME_MAX, &mut invalid);
            invalid.check()?;
            if let Some(Some(name)) = name {
                store::rename_status(conn, &status.id, &name, &ctx.now_iso())?;
            }
            status_reply(conn, &status.id)
        })
        .await
}

/// A status that still holds deals is not deleted: 422 on `id`. UNCERTAIN: the reference does
/// not say what happens to the deals; refusing loses nothing, and the deals can be moved
/// (`POST /crm/deals/{id}/move`) or deleted first.
async fn delete_status(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let status = find_status(conn, &id)?;
            let deals = store::deals_in_status(conn, &status.id)?;
            if deals > 0 {
                return Err(Invalid::one("id", status_has_deals(deals)).into());
            }
            let tx = conn.transaction()?;
            store::delete_status(&tx, &status)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

pub fn status_has_deals(count: i64) -> String {
    let noun = if count == 1 { "deal" } else { "deals" };
    format!("The status still has {count} {noun}: move or delete them first.")
}

/// `{previousStatusId}`: right after that status of the same funnel, or first when it is
/// null. UNCERTAIN: known only from the 2023 official PHP client.
async fn move_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let status = find_status(conn, &id)?;
            let siblings = store::ordered_ids(conn, Ordered::Statuses, &status.funnel_id)?;
            let mut invalid = Invalid::new();
            let after = optional_ref(&body, "previousStatusId", &mut invalid, |other| {
                other != status.id && siblings.iter().any(|s| s == other)
            });
            invalid.check()?;
            let tx = conn.transaction()?;
            store::move_after(
                &tx,
                Ordered::Statuses,
                &status.funnel_id,
                &status.id,
                after.as_deref(),
            )?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}
