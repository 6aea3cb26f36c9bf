//! `/crm/organizations` and `/crm/contacts`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::routing::get;
use rusqlite::Connection;
use serde_json::{Map, Value, json};

use super::crm_query;
use super::task_input::tag_list;
use super::{ApiResult, AppState, Ctx, api, limit_offset};
use crate::errors::ApiError;
use crate::store::crm::{self, Contact};
use crate::store::{ids, workspace};
use crate::validate::{self, Invalid};
use crate::wire::{Query, Reply, body_object, contains_folded};

/// Page size of the organization and contact lists without `limit`.
/// UNCERTAIN: only the docs' example value. These lists carry no `hasMore`: a client stops on a
/// short page.
pub const CRM_LIST_DEFAULT_LIMIT: usize = 50;
/// Largest organization/contact page; a larger `limit` is clamped.
pub const CRM_LIST_MAX_LIMIT: usize = 100;

const NAME_MAX_CHARS: usize = 255;

/// `sort` keys of the organization and contact lists.
pub const CRM_SORT_KEYS: [&str; 2] = ["alphabet", "updatedAt"];

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/organizations"), get(organizations))
        .route(&api("/crm/organizations/{id}"), get(organization))
        .route(&api("/crm/contacts"), get(contacts).post(create_contact))
        .route(
            &api("/crm/contacts/{id}"),
            get(contact).put(update_contact).delete(delete_contact),
        )
}

/// Case-insensitive (Unicode) match of a search in `text`; a search with
/// digits also matches phone numbers however they are punctuated.
fn search_matches(text: &str, needle: &str) -> bool {
    if contains_folded(text, needle) {
        return true;
    }
    let digits: String = needle.chars().filter(char::is_ascii_digit).collect();
    digits.len() >= 3
        && needle
            .chars()
            .all(|c| c.is_ascii_digit() || " +-()".contains(c))
        && text.lines().any(|line| {
            line.chars()
                .filter(char::is_ascii_digit)
                .collect::<String>()
                .contains(&digits)
        })
}

/// `search` (name, e-mails, phones, addresses), `responsible[]`, `contacts[]`, `tags[]`,
/// `customFields[i][id]`/`[value]`, `sort` (`alphabet`, `updatedAt`, `-` for descending),
/// `limit`/`offset`. Organizations carry no custom-field values in the documented model, so a
/// custom-field filter leaves the list empty.
async fn organizations(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let (limit, offset) = limit_offset(&query, CRM_LIST_DEFAULT_LIMIT, CRM_LIST_MAX_LIMIT)?;
            let mut invalid = Invalid::new();
            let responsible = crm_query::id_array(&query, "responsible", &mut invalid, |id| {
                workspace::is_member(conn, id)
            })?;
            let contacts = crm_query::id_array(&query, "contacts", &mut invalid, |id| {
                Ok(crm::contact(conn, id)?.is_some())
            })?;
            let tags = crm_query::tag_array(conn, &query, &mut invalid)?;
            let fields = crm_query::field_filters(&query, &mut invalid);
            let sort = crm_query::sort(&query, &CRM_SORT_KEYS, &mut invalid);
            invalid.check()?;
            let needle = query.get("search").map(crate::wire::fold);
            let no_values = Map::new();
            let mut rows = Vec::new();
            for org in crm::organizations(conn)? {
                let json = org.to_json(conn)?;
                let linked = |wanted: &Option<Vec<String>>| {
                    wanted.as_ref().is_none_or(|wanted| {
                        json["contacts"].as_array().is_some_and(|have| {
                            have.iter()
                                .any(|c| c.as_str().is_some_and(|c| wanted.iter().any(|w| w == c)))
                        })
                    })
                };
                let keep = needle
                    .as_deref()
                    .is_none_or(|n| search_matches(&org.search_text(), n))
                    && responsible.as_ref().is_none_or(|wanted| {
                        org.responsible_id
                            .as_ref()
                            .is_some_and(|r| wanted.contains(r))
                    })
                    && linked(&contacts)
                    && tags
                        .as_ref()
                        .is_none_or(|wanted| org.tags.iter().any(|t| wanted.contains(t)))
                    && fields.iter().all(|f| f.matches(&no_values));
                if keep {
                    rows.push((org, json));
                }
            }
            if let Some((key, descending)) = sort {
                match key {
                    "alphabet" => crm_query::sort_by(&mut rows, descending, |(o, _)| {
                        crate::wire::fold(&o.name)
                    }),
                    _ => crm_query::sort_by(&mut rows, descending, |(o, _)| o.updated_at.clone()),
                }
            }
            let page: Vec<Value> = rows
                .into_iter()
                .skip(offset)
                .take(limit)
                .map(|(_, json)| json)
                .collect();
            Ok(Reply::Payload("organizations", json!(page)))
        })
        .await
}

async fn organization(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let org = crm::organization(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("organization", org.to_json(conn)?))
        })
        .await
}

/// `search` (names, e-mails, phones), `organizationIds[]`, `customFields[i][id]`/`[value]`,
/// `sort` (`alphabet` by first then last name, `updatedAt`; `-` for descending),
/// `limit`/`offset`. Contacts carry no custom-field values in the documented model, so a
/// custom-field filter leaves the list empty.
async fn contacts(State(state): State<AppState>, RawQuery(raw): RawQuery) -> ApiResult {
    let query = Query::parse(raw.as_deref());
    state
        .read(move |conn, _| {
            let (limit, offset) = limit_offset(&query, CRM_LIST_DEFAULT_LIMIT, CRM_LIST_MAX_LIMIT)?;
            let mut invalid = Invalid::new();
            let organizations =
                crm_query::id_array(&query, "organizationIds", &mut invalid, |id| {
                    Ok(crm::organization(conn, id)?.is_some())
                })?;
            let fields = crm_query::field_filters(&query, &mut invalid);
            let sort = crm_query::sort(&query, &CRM_SORT_KEYS, &mut invalid);
            invalid.check()?;
            let needle = query.get("search").map(crate::wire::fold);
            let no_values = Map::new();
            let mut rows: Vec<Contact> = crm::contacts(conn)?
                .into_iter()
                .filter(|c| {
                    needle
                        .as_deref()
                        .is_none_or(|n| search_matches(&c.search_text(), n))
                        && organizations
                            .as_ref()
                            .is_none_or(|wanted| c.organizations.iter().any(|o| wanted.contains(o)))
                        && fields.iter().all(|f| f.matches(&no_values))
                })
                .collect();
            if let Some((key, descending)) = sort {
                match key {
                    "alphabet" => crm_query::sort_by(&mut rows, descending, |c| {
                        (
                            crate::wire::fold(&c.first_name),
                            c.last_name
                                .as_deref()
                                .map(crate::wire::fold)
                                .unwrap_or_default(),
                        )
                    }),
                    _ => crm_query::sort_by(&mut rows, descending, |c| c.updated_at.clone()),
                }
            }
            let page: Vec<Value> = rows
                .iter()
                .skip(offset)
                .take(limit)
                .map(Contact::to_json)
                .collect();
            Ok(Reply::Payload("contacts", json!(page)))
        })
        .await
}

async fn contact(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let contact = crm::contact(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            Ok(Reply::Payload("contact", contact.to_json()))
        })
        .await
}

/// A name field: `required` ones must be a non-blank string; all are trimmed
/// (as Laravel's TrimStrings does) and limited to 255 characters, counted as
/// characters rather than bytes.
fn name_field(
    body: &Map<String, Value>,
    key: &str,
    required: bool,
    invalid: &mut Invalid,
) -> Option<String> {
    match body.get(key) {
        None | Some(Value::Null) => {
            if required {
                invalid.add(key, validate::required(key));
            }
            None
        }
        Some(Value::String(s)) => {
            let s = s.trim();
            if s.is_empty() {
                if required {
                    invalid.add(key, validate::required(key));
                }
                None
            } else if s.chars().count() > NAME_MAX_CHARS {
                invalid.add(key, validate::max_chars(key, NAME_MAX_CHARS));
                None
            } else {
                Some(s.to_owned())
            }
        }
        Some(_) => {
            invalid.add(key, validate::string(key));
            None
        }
    }
}

/// The items of an optional array field; `null` reads as empty.
fn array_items<'a>(body: &'a Map<String, Value>, key: &str, invalid: &mut Invalid) -> &'a [Value] {
    match body.get(key) {
        None | Some(Value::Null) => &[],
        Some(Value::Array(items)) => items,
        Some(_) => {
            invalid.add(key, validate::array(key));
            &[]
        }
    }
}

/// Entries `[{id, <key>}]` for the given values, keeping the ids of values
/// the contact (or organization) already had.
pub(super) fn entries(values: Vec<String>, key: &str, previous: &[Value]) -> Vec<Value> {
    values
        .into_iter()
        .map(|value| {
            let id = previous
                .iter()
                .find(|old| old.get(key).and_then(Value::as_str) == Some(value.as_str()))
                .and_then(|old| old.get("id").and_then(Value::as_str))
                .map(str::to_owned)
                .unwrap_or_else(ids::new_uuid);
            json!({"id": id, key: value})
        })
        .collect()
}

/// Validates a create/update body and applies it to `contact`. `firstName` is always
/// required; any other key not sent keeps its value (a new contact starts empty), `null`
/// clears it, and a list sent replaces the old one (entries whose value stays keep their ids).
/// UNCERTAIN: the reference gives PUT the create body without saying what an absent list
/// means; keeping it is the reading that never loses data a client did not mention.
fn apply_contact_body(
    conn: &Connection,
    body: &Map<String, Value>,
    contact: &mut Contact,
) -> Result<(), ApiError> {
    let mut invalid = Invalid::new();
    let first_name = name_field(body, "firstName", true, &mut invalid);
    let last_name = name_field(body, "lastName", false, &mut invalid);
    let middle_name = name_field(body, "middleName", false, &mut invalid);

    let mut emails = Vec::new();
    for (i, item) in array_items(body, "emails", &mut invalid).iter().enumerate() {
        let field = format!("emails.{i}");
        match item.as_str().map(str::trim) {
            Some(email) if validate::is_email(email) => emails.push(email.to_owned()),
            Some(_) => invalid.add(&field, validate::email(&field)),
            None => invalid.add(&field, validate::string(&field)),
        }
    }
    let mut phones = Vec::new();
    for (i, item) in array_items(body, "phones", &mut invalid).iter().enumerate() {
        let field = format!("phones.{i}");
        match item.as_str().map(str::trim) {
            Some(phone) if !phone.is_empty() => phones.push(phone.to_owned()),
            Some(_) => invalid.add(&field, validate::required(&field)),
            None => invalid.add(&field, validate::string(&field)),
        }
    }
    let mut organizations: Vec<String> = Vec::new();
    for (i, item) in array_items(body, "organizations", &mut invalid)
        .iter()
        .enumerate()
    {
        let field = format!("organizations.{i}");
        match item.as_str() {
            Some(id) if crm::organization(conn, id)?.is_some() => {
                if !organizations.iter().any(|o| o == id) {
                    organizations.push(id.to_owned());
                }
            }
            _ => invalid.add(&field, validate::selected_invalid(&field)),
        }
    }
    let tags = tag_list(conn, body, "tags", &mut invalid)?;
    invalid.check()?;

    let sent = |key: &str| body.contains_key(key);
    if let Some(first_name) = first_name {
        contact.first_name = first_name;
    }
    if sent("lastName") {
        contact.last_name = last_name;
    }
    if sent("middleName") {
        contact.middle_name = middle_name;
    }
    if sent("emails") {
        contact.emails = entries(emails, "email", &contact.emails);
    }
    if sent("phones") {
        contact.phones = entries(phones, "phone", &contact.phones);
    }
    if sent("organizations") {
        contact.organizations = organizations;
    }
    if let Some(tags) = tags {
        contact.tags = tags;
    }
    Ok(())
}

fn save(conn: &mut Connection, contact: &Contact) -> Result<(), ApiError> {
    let tx = conn.transaction()?;
    crm::save_contact(&tx, contact)?;
    tx.commit()?;
    Ok(())
}

async fn create_contact(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx: &Ctx| {
            let now = ctx.now_iso();
            let mut contact = Contact {
                id: ids::new_uuid(),
                creator_id: ctx.user_id.clone(),
                first_name: String::new(),
                last_name: None,
                middle_name: None,
                emails: Vec::new(),
                phones: Vec::new(),
                tags: Vec::new(),
                organizations: Vec::new(),
                created_at: now.clone(),
                updated_at: now,
            };
            apply_contact_body(conn, &body, &mut contact)?;
            save(conn, &contact)?;
            Ok(Reply::Payload("contact", contact.to_json()))
        })
        .await
}

/// Same body as create (`firstName` required); see [`apply_contact_body`] for what is kept.
async fn update_contact(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut contact = crm::contact(conn, &id)?.ok_or(ApiError::RecordNotFound)?;
            apply_contact_body(conn, &body, &mut contact)?;
            contact.updated_at = ctx.now_iso();
            save(conn, &contact)?;
            Ok(Reply::Payload("contact", contact.to_json()))
        })
        .await
}

async fn delete_contact(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, _| {
            if !crm::delete_contact(conn, &id)? {
                return Err(ApiError::RecordNotFound);
            }
            Ok(Reply::Ack)
        })
        .await
}
