//! Funnel custom fields and their options:
//! `/crm/funnels/{id}/custom-fields[/{field}[/move]]` and
//! `/crm/funnels/{id}/custom-fields/{field}/options[/{option}[/move]]`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;
use serde_json::{Map, Value, json};

use super::crm_input::{self, Body, NAME_MAX, Placement, placement};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::option_colours::requested_colour;
use crate::store::funnels::{self as store, Field, Ordered};
use crate::store::ids;
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object, value_int};

/// The `type` values of `CustomFieldCreateBody` ([spec-25] plus `number` from [spec-md]).
pub const FIELD_TYPES: [&str; 10] = [
    "text",
    "boolean",
    "datetime",
    "select",
    "multiselect",
    "member",
    "contact",
    "link",
    "approval",
    "number",
];
const NUMBER_KINDS: [&str; 3] = ["number", "currency", "percent"];
/// `checbox` is the docs' own spelling; [spec-25] said `switch|checkbox`: all are accepted.
const BOOLEAN_KINDS: [&str; 4] = ["radio", "checbox", "checkbox", "switch"];

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/crm/funnels/{id}/custom-fields"), post(create_field))
        .route(
            &api("/crm/funnels/{id}/custom-fields/{field}"),
            put(update_field).delete(delete_field),
        )
        .route(
            &api("/crm/funnels/{id}/custom-fields/{field}/move"),
            post(move_field),
        )
        .route(
            &api("/crm/funnels/{id}/custom-fields/{field}/options"),
            post(create_option),
        )
        .route(
            &api("/crm/funnels/{id}/custom-fields/{field}/options/{option}"),
            put(update_option).delete(delete_option),
        )
        .route(
            &api("/crm/funnels/{id}/custom-fields/{field}/options/{option}/move"),
            post(move_option),
        )
}

/// `config` for number and boolean fields (§3.3); other types keep `{}`.
fn config(kind: &str, body: &Body, invalid: &mut Invalid) -> Option<Value> {
    let raw = match body.get("config") {
        None | Some(Value::Null) => return None,
        Some(Value::Object(map)) => map,
        Some(_) => {
            invalid.add("config", validate::array("config"));
            return None;
        }
    };
    let config_type = raw.get("type").and_then(Value::as_str);
    let mut out = Map::new();
    match kind {
        "number" => {
            match config_type {
                Some(t) if NUMBER_KINDS.contains(&t) => {
                    out.insert("type".into(), json!(t));
                }
                Some(_) => invalid.add("config.type", validate::selected_invalid("config.type")),
                None => invalid.add("config.type", validate::required("config.type")),
            }
            match raw.get("precision") {
                None => invalid.add("config.precision", validate::required("config.precision")),
                Some(Value::Null) => {
                    out.insert("precision".into(), Value::Null);
                }
                Some(value) => match value_int(value) {
                    Some(p) if (0..=6).contains(&p) => {
                        out.insert("precision".into(), json!(p));
                    }
                    Some(_) => invalid.add(
                        "config.precision",
                        validate::between("config.precision", 0, 6),
                    ),
                    None => invalid.add("config.precision", validate::integer("config.precision")),
                },
            }
            match raw.get("currency").filter(|v| !v.is_null()).map(value_int) {
                Some(Some(c)) if (1..=10).contains(&c) => {
                    out.insert("currency".into(), json!(c));
                }
                Some(_) => invalid.add(
                    "config.currency",
                    validate::selected_invalid("config.currency"),
                ),
                None if config_type == Some("currency") => invalid.add(
                    "config.currency",
                    validate::required_with("config.currency", "config.type"),
                ),
                None => {}
            }
        }
        "boolean" => match config_type {
            Some(t) if BOOLEAN_KINDS.contains(&t) => {
                out.insert("type".into(), json!(t));
            }
            Some(_) => invalid.add("config.type", validate::selected_invalid("config.type")),
            None => invalid.add("config.type", validate::required("config.type")),
        },
        _ => {}
    }
    Some(Value::Object(out))
}

fn find_field(conn: &Connection, funnel: &str, field: &str) -> Result<Field, ApiError> {
    if store::funnel(conn, funnel)?.is_none() {
        return Err(ApiError::RecordNotFound);
    }
    store::field(conn, funnel, field)?.ok_or(ApiError::RecordNotFound)
}

/// `{name?, type*, config?}` → `{success, customField}`; the field goes after the others.
async fn create_field(
    State(state): State<AppState>,
    Path(funnel): Path<String>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            if store::funnel(conn, &funnel)?.is_none() {
                return Err(ApiError::RecordNotFound);
            }
            let mut invalid = Invalid::new();
            let name = crm_input::text(&body, "name", NAME_MAX, &mut invalid);
            let kind = match body.get("type") {
                None | Some(Value::Null) => {
                    invalid.add("type", validate::required("type"));
                    None
                }
                Some(Value::String(t)) if FIELD_TYPES.contains(&t.as_str()) => Some(t.clone()),
                Some(_) => {
                    invalid.add("type", validate::selected_invalid("type"));
                    None
                }
            };
            let config = kind
                .as_deref()
                .and_then(|kind| config(kind, &body, &mut invalid));
            invalid.check()?;
            let field = Field {
                id: ids::new_uuid(),
                funnel_id: funnel.clone(),
                name: name.flatten().unwrap_or_default(),
                kind: kind.unwrap_or_default(),
                config: config.unwrap_or_else(|| json!({})),
                options: Vec::new(),
            };
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("customField", field.to_json()))
        })
        .await
}

/// `{name?, config?}`: what is not sent stays.
async fn update_field(
    State(state): State<AppState>,
    Path((funnel, field)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = find_field(conn, &funnel, &field)?;
            let mut invalid = Invalid::new();
            let name = crm_input::text(&body, "name", NAME_MAX, &mut invalid);
            let config = config(&field.kind, &body, &mut invalid);
            invalid.check()?;
            if let Some(name) = name {
                field.name = name.unwrap_or_default();
            }
            if let Some(config) = config {
                field.config = config;
            }
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("customField", field.to_json()))
        })
        .await
}

/// Deletes the field and the values deals held for it.
async fn delete_field(
    State(state): State<AppState>,
    Path((funnel, field)): Path<(String, String)>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let field = find_field(conn, &funnel, &field)?;
            let tx = conn.transaction()?;
            store::delete_field(&tx, &field)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{after}` or `{before}` (field ids of the same funnel), never both.
async fn move_field(
    State(state): State<AppState>,
    Path((funnel, field)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let field = find_field(conn, &funnel, &field)?;
            let siblings = store::ordered_ids(conn, Ordered::Fields, &funnel)?;
            let tx = conn.transaction()?;
            match placement(&body, &siblings, &field.id)? {
                Placement::After(after) => {
                    store::move_after(&tx, Ordered::Fields, &funnel, &field.id, Some(&after))?
                }
                Placement::Before(before) => {
                    store::move_before(&tx, Ordered::Fields, &funnel, &field.id, &before)?
                }
            }
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{name*(≤255), color*}`: the colour is requested by name and answered as hex.
fn option_body(body: &Body) -> Result<(String, String), ApiError> {
    let mut invalid = Invalid::new();
    let name = crm_input::required_text(body, "name", NAME_MAX, &mut invalid);
    let color = match body.get("color") {
        None | Some(Value::Null) => {
            invalid.add("color", validate::required("color"));
            None
        }
        Some(Value::String(c)) => match requested_colour(c) {
            Some(hex) => Some(hex),
            None => {
                invalid.add("color", validate::selected_invalid("color"));
                None
            }
        },
        Some(_) => {
            invalid.add("color", validate::string("color"));
            None
        }
    };
    invalid.check()?;
    match (name, color) {
        (Some(name), Some(color)) => Ok((name, color)),
        _ => Err(ApiError::internal("validated option body lost a field")),
    }
}

fn option_index(field: &Field, option: &str) -> Result<usize, ApiError> {
    field
        .options
        .iter()
        .position(|o| o.get("id").and_then(Value::as_str) == Some(option))
        .ok_or(ApiError::RecordNotFound)
}

async fn create_option(
    State(state): State<AppState>,
    Path((funnel, field)): Path<(String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = find_field(conn, &funnel, &field)?;
            let (name, color) = option_body(&body)?;
            let option = json!({"id": ids::new_uuid(), "name": name, "color": color});
            field.options.push(option.clone());
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("option", option))
        })
        .await
}

async fn update_option(
    State(state): State<AppState>,
    Path((funnel, field, option)): Path<(String, String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = find_field(conn, &funnel, &field)?;
            let index = option_index(&field, &option)?;
            let (name, color) = option_body(&body)?;
            let updated = json!({"id": option, "name": name, "color": color});
            field.options[index] = updated.clone();
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("option", updated))
        })
        .await
}

/// Deletes the option; deals that had it selected lose it.
async fn delete_option(
    State(state): State<AppState>,
    Path((funnel, field, option)): Path<(String, String, String)>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let mut field = find_field(conn, &funnel, &field)?;
            let index = option_index(&field, &option)?;
            field.options.remove(index);
            let tx = conn.transaction()?;
            store::save_field(&tx, &field)?;
            store::forget_option(&tx, &funnel, &field.id, &option)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

async fn move_option(
    State(state): State<AppState>,
    Path((funnel, field, option)): Path<(String, String, String)>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = find_field(conn, &funnel, &field)?;
            let index = option_index(&field, &option)?;
            let siblings: Vec<String> = field
                .options
                .iter()
                .filter_map(|o| o.get("id").and_then(Value::as_str).map(str::to_owned))
                .collect();
            let target = placement(&body, &siblings, &option)?;
            let moved = field.options.remove(index);
            let position = |id: &str| {
                field
                    .options
                    .iter()
                    .position(|o| o.get("id").and_then(Value::as_str) == Some(id))
            };
            let at = match &target {
                Placement::After(after) => position(after).map_or(0, |i| i + 1),
                Placement::Before(before) => position(before).unwrap_or(field.options.len()),
            };
            field.options.insert(at, moved);
            store::save_field(conn, &field)?;
            Ok(Reply::Ack)
        })
        .await
}
