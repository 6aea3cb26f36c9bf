//! The small lists of organizations and contacts, each entry with its own id: addresses
//! (organizations only), e-mails and phones (`POST …/{kind}`, `PUT/DELETE …/{kind}/{entry}`),
//! and their tags (`POST/DELETE …/tags` with `{tagId}`).

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::crm_input::{self, NAME_MAX, check_email, check_short};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::crm::{self, Contact, Organization};
use crate::store::{ids, organizations, workspace};
use crate::validate::Invalid;
use crate::wire::{Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(
            &api("/crm/organizations/{id}/addresses"),
            post(org_address_create),
        )
        .route(
            &api("/crm/organizations/{id}/addresses/{entry}"),
            put(org_address_update).delete(org_address_delete),
        )
        .route(
            &api("/crm/organizations/{id}/emails"),
            post(org_email_create),
        )
        .route(
            &api("/crm/organizations/{id}/emails/{entry}"),
            put(org_email_update).delete(org_email_delete),
        )
        .route(
            &api("/crm/organizations/{id}/phones"),
            post(org_phone_create),
        )
        .route(
            &api("/crm/organizations/{id}/phones/{entry}"),
            put(org_phone_update).delete(org_phone_delete),
        )
        .route(
            &api("/crm/organizations/{id}/tags"),
            post(org_tag_attach).delete(org_tag_detach),
        )
        .route(
            &api("/crm/contacts/{id}/emails"),
            post(contact_email_create),
        )
        .route(
            &api("/crm/contacts/{id}/emails/{entry}"),
            put(contact_email_update).delete(contact_email_delete),
        )
        .route(
            &api("/crm/contacts/{id}/phones"),
            post(contact_phone_create),
        )
        .route(
            &api("/crm/contacts/{id}/phones/{entry}"),
            put(contact_phone_update).delete(contact_phone_delete),
        )
        .route(
            &api("/crm/contacts/{id}/tags"),
            post(contact_tag_attach).delete(contact_tag_detach),
        )
}

#[derive(Clone, Copy)]
enum Kind {
    Address,
    Email,
    Phone,
}

impl Kind {
    /// The body key, the entry's key and the answer's payload key alike.
    fn key(self) -> &'static str {
        match self {
            Self::Address => "address",
            Self::Email => "email",
            Self::Phone => "phone",
        }
    }

    fn check(self, field: &str, value: &str) -> Option<String> {
        match self {
            Self::Email => check_email(field, value),
            Self::Address | Self::Phone => check_short(field, value),
        }
    }
}

#[derive(Clone, Copy)]
enum Owner {
    Organization,
    Contact,
}

/// An organization or a contact, loaded for a change to one of its lists.
enum Holder {
    Organization(Organization),
    Contact(Contact),
}

impl Holder {
    fn load(conn: &Connection, owner: Owner, id: &str) -> Result<Self, ApiError> {
        let found = match owner {
            Owner::Organization => crm::organization(conn, id)?.map(Self::Organization),
            Owner::Contact => crm::contact(conn, id)?.map(Self::Contact),
        };
        found.ok_or(ApiError::RecordNotFound)
    }

    /// The list of that kind; contacts have no addresses.
    fn entries(&mut self, kind: Kind) -> Result<&mut Vec<Value>, ApiError> {
        match (self, kind) {
            (Self::Organization(o), Kind::Address) => Ok(&mut o.addresses),
            (Self::Organization(o), Kind::Email) => Ok(&mut o.emails),
            (Self::Organization(o), Kind::Phone) => Ok(&mut o.phones),
            (Self::Contact(_), Kind::Address) => Err(ApiError::RecordNotFound),
            (Self::Contact(c), Kind::Email) => Ok(&mut c.emails),
            (Self::Contact(c), Kind::Phone) => Ok(&mut c.phones),
        }
    }

    fn tags(&mut self) -> &mut Vec<i64> {
        match self {
            Self::Organization(o) => &mut o.tags,
            Self::Contact(c) => &mut c.tags,
        }
    }

    fn save(&mut self, conn: &Connection, now: String) -> rusqlite::Result<()> {
        match self {
            Self::Organization(o) => {
                o.updated_at = now;
                organizations::save_organization(conn, o)
            }
            Self::Contact(c) => {
                c.updated_at = now;
                crm::save_contact(conn, c)
            }
        }
    }
}

/// `{<kind>*}`: the new value, checked like the create bodies' list items.
fn entry_value(body: &crm_input::Body, kind: Kind) -> Result<String, ApiError> {
    let key = kind.key();
    let mut invalid = Invalid::new();
    let value = crm_input::required_text(body, key, NAME_MAX, &mut invalid);
    if let Some(value) = &value
        && let Some(message) = kind.check(key, value)
    {
        invalid.add(key, message);
    }
    invalid.check()?;
    value.ok_or_else(|| ApiError::internal("validated entry value lost"))
}

fn entry_index(entries: &[Value], entry: &str) -> Result<usize, ApiError> {
    entries
        .iter()
        .position(|e| e.get("id").and_then(Value::as_str) == Some(entry))
        .ok_or(ApiError::RecordNotFound)
}

/// Adds an entry: `{success, <kind>: {id, <kind>}}`.
async fn create(state: AppState, owner: Owner, id: String, kind: Kind, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut holder = Holder::load(conn, owner, &id)?;
            let value = entry_value(&body, kind)?;
            let entry = json!({"id": ids::new_uuid(), kind.key(): value});
            holder.entries(kind)?.push(entry.clone());
            holder.save(conn, ctx.now_iso())?;
            Ok(Reply::Payload(kind.key(), entry))
        })
        .await
}

/// Changes an entry's value, keeping its id: `{success, <kind>: {id, <kind>}}`.
async fn update(
    state: AppState,
    owner: Owner,
    (id, entry): (String, String),
    kind: Kind,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut holder = Holder::load(conn, owner, &id)?;
            let index = entry_index(holder.entries(kind)?, &entry)?;
            let value = entry_value(&body, kind)?;
            let updated = json!({"id": entry, kind.key(): value});
            holder.entries(kind)?[index] = updated.clone();
            holder.save(conn, ctx.now_iso())?;
            Ok(Reply::Payload(kind.key(), updated))
        })
        .await
}

async fn delete(
    state: AppState,
    owner: Owner,
    (id, entry): (String, String),
    kind: Kind,
) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let mut holder = Holder::load(conn, owner, &id)?;
            let index = entry_index(holder.entries(kind)?, &entry)?;
            holder.entries(kind)?.remove(index);
            holder.save(conn, ctx.now_iso())?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{tagId}` attached or detached; repeating either changes nothing and answers an ack.
async fn tag(state: AppState, owner: Owner, id: String, body: Bytes, attach: bool) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut holder = Holder::load(conn, owner, &id)?;
            let mut invalid = Invalid::new();
            let tag = crm_input::required_int_ref(conn, &body, "tagId", &mut invalid, |c, t| {
                workspace::tag_exists(c, t)
            })?;
            invalid.check()?;
            let Some(tag) = tag else {
                return Err(ApiError::internal("validated tag id lost"));
            };
            let tags = holder.tags();
            let at = tags.iter().position(|t| *t == tag);
            let changed = match (attach, at) {
                (true, None) => {
                    tags.push(tag);
                    true
                }
                (false, Some(at)) => {
                    tags.remove(at);
                    true
                }
                _ => false,
            };
            if changed {
                holder.save(conn, ctx.now_iso())?;
            }
            Ok(Reply::Ack)
        })
        .await
}

macro_rules! entry_handlers {
    ($($create:ident, $update:ident, $delete:ident => $owner:expr, $kind:expr;)*) => {$(
        async fn $create(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
            create(state, $owner, id, $kind, body).await
        }
        async fn $update(
            State(state): State<AppState>,
            Path(ids): Path<(String, String)>,
            body: Bytes,
        ) -> ApiResult {
            update(state, $owner, ids, $kind, body).await
        }
        async fn $delete(State(state): State<AppState>, Path(ids): Path<(String, String)>) -> ApiResult {
            delete(state, $owner, ids, $kind).await
        }
    )*};
}

entry_handlers! {
    org_address_create, org_address_update, org_address_delete => Owner::Organization, Kind::Address;
    org_email_create, org_email_update, org_email_delete => Owner::Organization, Kind::Email;
    org_phone_create, org_phone_update, org_phone_delete => Owner::Organization, Kind::Phone;
    contact_email_create, contact_email_update, contact_email_delete => Owner::Contact, Kind::Email;
    contact_phone_create, contact_phone_update, contact_phone_delete => Owner::Contact, Kind::Phone;
}

macro_rules! tag_handlers {
    ($($attach:ident, $detach:ident => $owner:expr;)*) => {$(
        async fn $attach(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
            tag(state, $owner, id, body, true).await
        }
        async fn $detach(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
            tag(state, $owner, id, body, false).await
        }
    )*};
}

tag_handlers! {
    org_tag_attach, org_tag_detach => Owner::Organization;
    contact_tag_attach, contact_tag_detach => Owner::Contact;
}
