//! Organization writes: `POST /crm/organizations`, `PUT/DELETE /crm/organizations/{id}` and
//! `POST/DELETE /crm/organizations/{id}/contacts` (the reads live with the contact lists).

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;

use super::contacts::entries;
use super::crm_input::{self, Body, NAME_MAX, check_email, check_short};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::crm::{self, Organization};
use crate::store::{ids, organizations as store, workspace};
use crate::validate::Invalid;
use crate::wire::{Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/organizations"), post(create))
        .route(&api("/crm/organizations/{id}"), put(update).delete(delete))
        .route(
            &api("/crm/organizations/{id}/contacts"),
            post(attach_contact).delete(detach_contact),
        )
}

/// Applies `{name?, addresses?, emails?, phones?, responsibles?}`. A key not sent keeps its
/// value; a list sent replaces the old one (entries whose value stays keep their ids). The
/// Organization object has one `responsibleId`: the first of `responsibles` becomes it.
fn apply_body(conn: &Connection, body: &Body, org: &mut Organization) -> Result<(), ApiError> {
    let mut invalid = Invalid::new();
    let name = crm_input::text(body, "name", NAME_MAX, &mut invalid);
    let addresses = crm_input::string_items(body, "addresses", &mut invalid, check_short);
    let emails = crm_input::string_items(body, "emails", &mut invalid, check_email);
    let phones = crm_input::string_items(body, "phones", &mut invalid, check_short);
    let responsibles =
        crm_input::string_refs(conn, body, "responsibles", &mut invalid, |c, id| {
            workspace::is_member(c, id)
        })?;
    invalid.check()?;
    if let Some(name) = name {
        org.name = name.unwrap_or_default();
    }
    if let Some(addresses) = addresses {
        org.addresses = entries(addresses, "address", &org.addresses);
    }
    if let Some(emails) = emails {
        org.emails = entries(emails, "email", &org.emails);
    }
    if let Some(phones) = phones {
        org.phones = entries(phones, "phone", &org.phones);
    }
    if let Some(responsibles) = responsibles {
        org.responsible_id = responsibles.into_iter().next();
    }
    Ok(())
}

fn reply(conn: &Connection, id: &str) -> ApiResult {
    let org = crm::organization(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok(Reply::Payload("organization", org.to_json(conn)?))
}

fn find(conn: &Connection, id: &str) -> Result<Organization, ApiError> {
    crm::organization(conn, id)?.ok_or(ApiError::RecordNotFound)
}

async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut org = Organization {
                id: ids::new_uuid(),
                creator_id: ctx.user_id.clone(),
                name: String::new(),
                responsible_id: None,
                addresses: Vec::new(),
                emails: Vec::new(),
                phones: Vec::new(),
                tags: Vec::new(),
                created_at: ctx.now_iso(),
                updated_at: ctx.now_iso(),
            };
            apply_body(conn, &body, &mut org)?;
            crm::insert_organization(conn, &org)?;
            reply(conn, &org.id)
        })
        .await
}

/// The create body; keys not sent are kept.
async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut org = find(conn, &id)?;
            apply_body(conn, &body, &mut org)?;
            org.updated_at = ctx.now_iso();
            store::save_organization(conn, &org)?;
            reply(conn, &org.id)
        })
        .await
}

/// Deletes the organization and takes it off its contacts and deals.
async fn delete(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let org = find(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete_organization(&tx, &org.id)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{contactId}`: the link shows on both sides (`organization.contacts`,
/// `contact.organizations`). Repeating an attach or a detach changes nothing.
async fn link(state: AppState, id: String, body: Bytes, attach: bool) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut org = find(conn, &id)?;
            let mut invalid = Invalid::new();
            let contact =
                crm_input::required_ref(conn, &body, "contactId", &mut invalid, |c, id| {
                    Ok(crm::contact(c, id)?.is_some())
                })?;
            invalid.check()?;
            let Some(contact) = contact else {
                return Err(ApiError::internal("validated contact id lost"));
            };
            let tx = conn.transaction()?;
            let changed = if attach {
                store::link_contact(&tx, &org.id, &contact)?
            } else {
                store::unlink_contact(&tx, &org.id, &contact)?
            };
            if changed {
                org.updated_at = ctx.now_iso();
                store::save_organization(&tx, &org)?;
                store::touch_contact(&tx, &contact, &ctx.now_iso())?;
            }
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

async fn attach_contact(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    link(state, id, body, true).await
}

async fn detach_contact(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    link(state, id, body, false).await
}
