//! Deal writes: create in a status, `PUT`/`PATCH`/`DELETE /crm/deals/{id}`, change funnel and
//! status, attach and detach assignees, contacts, organizations and tags.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;
use serde_json::{Map, Value};

use super::crm_input::{self, Body, NAME_MAX};
use super::deals::WIN_STATUSES;
use super::{ApiResult, AppState, Ctx, api};
use crate::errors::ApiError;
use crate::store::crm::{self, Deal};
use crate::store::deals as store;
use crate::store::funnels::{self, Ordered};
use crate::store::ids;
use crate::store::workspace;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object};

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/statuses/{id}/deals"), post(create_deal))
        .route(
            &api("/crm/deals/{id}"),
            put(update_deal).patch(patch_deal).delete(delete_deal),
        )
        .route(&api("/crm/deals/{id}/funnel"), put(change_funnel))
        .route(&api("/crm/deals/{id}/status"), put(change_status))
        .route(
            &api("/crm/deals/{id}/assignees"),
            post(attach_assignee).delete(detach_assignee),
        )
        .route(
            &api("/crm/deals/{id}/contacts"),
            post(attach_contact).delete(detach_contact),
        )
        .route(
            &api("/crm/deals/{id}/organizations"),
            post(attach_organization).delete(detach_organization),
        )
        .route(
            &api("/crm/deals/{id}/tags"),
            post(attach_tag).delete(detach_tag),
        )
}

/// The fields a deal body sets; `None` leaves a field alone.
#[derive(Debug, Default)]
struct DealFields {
    title: Option<Option<String>>,
    description: Option<Option<String>>,
    amount: Option<Option<f64>>,
    win_status: Option<Option<String>>,
    assignees: Option<Vec<String>>,
    organizations: Option<Vec<String>>,
    contacts: Option<Vec<String>>,
    tags: Option<Vec<i64>>,
    custom_values: Option<Map<String, Value>>,
}

/// Which keys a body may set.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Create and `PATCH`: every field of `DealCreateRequest`.
    Full,
    /// `PUT`: `{title?, amount?, winStatus?, customFields?}`; other keys are ignored, as the
    /// task `PUT` ignores the keys it does not document.
    Put,
}

impl DealFields {
    fn parse(
        conn: &Connection,
        body: &Body,
        funnel_id: &str,
        shape: Shape,
    ) -> Result<Self, ApiError> {
        let mut invalid = Invalid::new();
        let mut fields = DealFields {
            title: crm_input::text(body, "title", NAME_MAX, &mut invalid),
            amount: crm_input::number(body, "amount", &mut invalid),
            ..DealFields::default()
        };
        fields.win_status = match body.get("winStatus") {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::String(w)) if WIN_STATUSES.contains(&w.as_str()) => Some(Some(w.clone())),
            Some(_) => {
                invalid.add("winStatus", validate::selected_invalid("winStatus"));
                None
            }
        };
        fields.custom_values = custom_values(conn, body, funnel_id, &mut invalid)?;
        if shape == Shape::Full {
            fields.description = match body.get("description") {
                None => None,
                Some(Value::Null) => Some(None),
                Some(Value::String(d)) => Some(Some(d.clone()).filter(|d| !d.trim().is_empty())),
                Some(_) => {
                    invalid.add("description", validate::string("description"));
                    None
                }
            };
            fields.assignees =
                crm_input::string_refs(conn, body, "assignees", &mut invalid, |c, id| {
                    workspace::is_member(c, id)
                })?;
            fields.organizations =
                crm_input::string_refs(conn, body, "organizations", &mut invalid, |c, id| {
                    Ok(crm::organization(c, id)?.is_some())
                })?;
            fields.contacts =
                crm_input::string_refs(conn, body, "contacts", &mut invalid, |c, id| {
                    Ok(crm::contact(c, id)?.is_some())
                })?;
            fields.tags = super::task_input::tag_list(conn, body, "tags", &mut invalid)?;
        }
        invalid.check()?;
        Ok(fields)
    }

    fn apply(self, deal: &mut Deal) {
        if let Some(title) = self.title {
            deal.title = title;
        }
        if let Some(description) = self.description {
            deal.description = description;
        }
        if let Some(amount) = self.amount {
            deal.amount = amount;
        }
        if let Some(win_status) = self.win_status {
            deal.win_status = win_status;
        }
        if let Some(assignees) = self.assignees {
            deal.assignees = assignees;
        }
        if let Some(organizations) = self.organizations {
            deal.organizations = organizations;
        }
        if let Some(contacts) = self.contacts {
            deal.contacts = contacts;
        }
        if let Some(tags) = self.tags {
            deal.tags = tags;
        }
        if let Some(values) = self.custom_values {
            for (id, value) in values {
                if value.is_null() {
                    deal.custom_values.remove(&id);
                } else {
                    deal.custom_values.insert(id, value);
                }
            }
        }
    }
}

/// `customFields` as a map `{fieldId: value}` (`null` clears a value). Ids that are not fields
/// of the deal's funnel are dropped, and the array shape a GET returns is accepted and
/// discarded, as task bodies are read. A select takes one of its option ids, a multiselect a
/// list of them.
fn custom_values(
    conn: &Connection,
    body: &Body,
    funnel_id: &str,
    invalid: &mut Invalid,
) -> rusqlite::Result<Option<Map<String, Value>>> {
    let Some(Value::Object(map)) = body.get("customFields") else {
        return Ok(None);
    };
    let mut out = Map::new();
    for (id, value) in map {
        let Some(field) = funnels::field(conn, funnel_id, id)? else {
            continue;
        };
        let key = format!("customFields.{id}");
        let option = |v: &Value| {
            v.as_str()
                .is_some_and(|o| field.options.iter().any(|opt| opt.id == o))
        };
        let valid = match (field.kind.as_str(), value) {
            (_, Value::Null) => true,
            ("select", v) => option(v),
            ("multiselect", Value::Array(items)) => items.iter().all(option),
            ("multiselect", _) => false,
            _ => true,
        };
        if valid {
            out.insert(id.clone(), value.clone());
        } else {
            invalid.add(&key, validate::selected_invalid(&key));
        }
    }
    Ok(Some(out))
}

fn find(conn: &Connection, id: &str) -> Result<Deal, ApiError> {
    crm::deal(conn, id)?.ok_or(ApiError::RecordNotFound)
}

fn deal_reply(conn: &Connection, ctx: &Ctx, id: &str) -> ApiResult {
    let deal = find(conn, id)?;
    Ok(Reply::Payload("deal", deal.to_json(conn, ctx.answering())?))
}

/// `DealCreateRequest` → `{success, deal}`. The new deal goes to the top of the status, where
/// a move without `previousDealId` puts a deal too. UNCERTAIN: the reference does not place it.
async fn create_deal(
    State(state): State<AppState>,
    Path(status_id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let funnel_id =
                crm::status_funnel(conn, &status_id)?.ok_or(ApiError::RecordNotFound)?;
            let fields = DealFields::parse(conn, &body, &funnel_id, Shape::Full)?;
            let now = ctx.now_iso();
            let mut deal = Deal {
                id: ids::new_slug(),
                funnel_id: funnel_id.clone(),
                status_id: status_id.clone(),
                creator_id: ctx.user_id.clone(),
                title: None,
                description: None,
                amount: None,
                win_status: None,
                assignees: Vec::new(),
                organizations: Vec::new(),
                contacts: Vec::new(),
                tags: Vec::new(),
                custom_values: Map::new(),
                created_at: now.clone(),
                updated_at: now.clone(),
            };
            fields.apply(&mut deal);
            let tx = conn.transaction()?;
            crm::insert_deal(&tx, &deal, -1)?;
            crm::move_deal(&tx, &deal.id, &funnel_id, &status_id, None, &now)?;
            tx.commit()?;
            deal_reply(conn, ctx, &deal.id)
        })
        .await
}

async fn write_fields(state: AppState, id: String, body: Bytes, shape: Shape) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut deal = find(conn, &id)?;
            let fields = DealFields::parse(conn, &body, &deal.funnel_id, shape)?;
            fields.apply(&mut deal);
            deal.updated_at = ctx.now_iso();
            store::save_deal(conn, &deal)?;
            deal_reply(conn, ctx, &deal.id)
        })
        .await
}

/// `{title?, amount?, winStatus?, customFields?}` → `{success, deal}`.
async fn update_deal(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    write_fields(state, id, body, Shape::Put).await
}

/// The create body's fields; lists sent replace the deal's. The docs answer an ack, the 2023
/// official PHP client reads `{success, deal}`: the answer is both (`success` with the deal).
async fn patch_deal(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    write_fields(state, id, body, Shape::Full).await
}

/// Deletes the deal with its files; attached tasks stay in the Task Manager.
async fn delete_deal(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            let deal = find(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete_deal(&tx, &deal.id)?;
            let rest: Vec<String> = crm::deals_of_status(&tx, &deal.status_id)?
                .into_iter()
                .map(|d| d.id)
                .collect();
            let mut renumber = tx.prepare("UPDATE deals SET position = ?1 WHERE id = ?2")?;
            for (position, id) in rest.iter().enumerate() {
                renumber.execute(rusqlite::params![position as i64, id])?;
            }
            drop(renumber);
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{funnelId}`: the deal goes to the top of that funnel's first status. A funnel without
/// statuses cannot take it (422). UNCERTAIN: the reference does not say where the deal lands.
async fn change_funnel(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let deal = find(conn, &id)?;
            let mut invalid = Invalid::new();
            let funnel = crm_input::required_ref(conn, &body, "funnelId", &mut invalid, |c, f| {
                crm::funnel_exists(c, f)
            })?;
            invalid.check()?;
            let Some(funnel) = funnel else {
                return Err(ApiError::internal("validated funnel id lost"));
            };
            let Some(first) = funnels::ordered_ids(conn, Ordered::Statuses, &funnel)?
                .into_iter()
                .next()
            else {
                return Err(Invalid::one("funnelId", funnel_without_statuses()).into());
            };
            let tx = conn.transaction()?;
            crm::move_deal(&tx, &deal.id, &funnel, &first, None, &ctx.now_iso())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

pub fn funnel_without_statuses() -> String {
    "The funnel has no statuses to take the deal.".to_owned()
}

/// `{statusId}`: the deal goes to the top of that status (and to its funnel).
async fn change_status(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let deal = find(conn, &id)?;
            let mut invalid = Invalid::new();
            let status = crm_input::required_ref(conn, &body, "statusId", &mut invalid, |c, s| {
                Ok(crm::status_funnel(c, s)?.is_some())
            })?;
            invalid.check()?;
            let Some(status) = status else {
                return Err(ApiError::internal("validated status id lost"));
            };
            let funnel = crm::status_funnel(conn, &status)?.ok_or(ApiError::RecordNotFound)?;
            let tx = conn.transaction()?;
            crm::move_deal(&tx, &deal.id, &funnel, &status, None, &ctx.now_iso())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// The lists of a deal that single references are attached to and detached from.
#[derive(Clone, Copy)]
enum Link {
    Assignee,
    Contact,
    Organization,
    Tag,
}

impl Link {
    /// The body key: `tag`, not `tagId`, for deals (as the docs and the PHP client send it).
    fn key(self) -> &'static str {
        match self {
            Self::Assignee => "assigneeId",
            Self::Contact => "contactId",
            Self::Organization => "organizationId",
            Self::Tag => "tag",
        }
    }
}

/// Attaching what is attached already, or detaching what is not, changes nothing and answers
/// an ack, as Laravel's `syncWithoutDetaching`/`detach` do.
async fn link(state: AppState, id: String, body: Bytes, link: Link, attach: bool) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut deal = find(conn, &id)?;
            let mut invalid = Invalid::new();
            let key = link.key();
            let changed =
                match link {
                    Link::Tag => {
                        let tag =
                            crm_input::required_int_ref(conn, &body, key, &mut invalid, |c, t| {
                                workspace::tag_exists(c, t)
                            })?;
                        invalid.check()?;
                        tag.is_some_and(|tag| toggle(&mut deal.tags, tag, attach))
                    }
                    _ => {
                        let item =
                            crm_input::required_ref(conn, &body, key, &mut invalid, |c, v| {
                                match link {
                                    Link::Assignee => workspace::is_member(c, v),
                                    Link::Contact => Ok(crm::contact(c, v)?.is_some()),
                                    _ => Ok(crm::organization(c, v)?.is_some()),
                                }
                            })?;
                        invalid.check()?;
                        let list = match link {
                            Link::Assignee => &mut deal.assignees,
                            Link::Contact => &mut deal.contacts,
                            _ => &mut deal.organizations,
                        };
                        item.is_some_and(|item| toggle(list, item, attach))
                    }
                };
            if changed {
                deal.updated_at = ctx.now_iso();
                store::save_deal(conn, &deal)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// Adds or removes `item`; whether the list changed.
fn toggle<T: PartialEq>(list: &mut Vec<T>, item: T, attach: bool) -> bool {
    let at = list.iter().position(|x| *x == item);
    match (attach, at) {
        (true, None) => {
            list.push(item);
            true
        }
        (false, Some(at)) => {
            list.remove(at);
            true
        }
        _ => false,
    }
}

macro_rules! link_handlers {
    ($($attach:ident, $detach:ident => $link:expr;)*) => {$(
        async fn $attach(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
            link(state, id, body, $link, true).await
        }
        async fn $detach(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
            link(state, id, body, $link, false).await
        }
    )*};
}

link_handlers! {
    attach_assignee, detach_assignee => Link::Assignee;
    attach_contact, detach_contact => Link::Contact;
    attach_organization, detach_organization => Link::Organization;
    attach_tag, detach_tag => Link::Tag;
}
