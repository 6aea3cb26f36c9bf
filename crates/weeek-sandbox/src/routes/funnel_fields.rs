//! Funnel custom fields and their options:
//! `/crm/funnels/{id}/custom-fields[/{field}[/move]]` and
//! `/crm/funnels/{id}/custom-fields/{field}/options[/{option}[/move]]`.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{post, put};
use rusqlite::Connection;

use super::field_input::{self, Placement, option_body, option_index, place_option, placement};
use super::{ApiResult, AppState, api};
use crate::errors::ApiError;
use crate::store::custom_fields::FieldOption;
use crate::store::funnels::{self as store, Field, Ordered};
use crate::store::ids;
use crate::wire::{Reply, body_object};

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
            let (name, kind, config) = field_input::new_field(&body)?;
            let field = Field {
                id: ids::new_uuid(),
                owner: funnel.clone(),
                name,
                kind,
                config,
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
            let (name, config) = field_input::field_update(&body, &field.kind)?;
            field.apply(name, config);
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
            let siblings: Vec<&str> = siblings.iter().map(String::as_str).collect();
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

/// `{name*(≤255), color*}`: the colour is requested by name (or hex) and answered as hex.
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
            let option = FieldOption {
                id: ids::new_uuid(),
                name,
                color,
            };
            field.options.push(option.clone());
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("option", option.to_json()))
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
            let index = option_index(&field.options, &option)?;
            let (name, color) = option_body(&body)?;
            let updated = FieldOption {
                id: option,
                name,
                color,
            };
            field.options[index] = updated.clone();
            store::save_field(conn, &field)?;
            Ok(Reply::Payload("option", updated.to_json()))
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
            let index = option_index(&field.options, &option)?;
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
            option_index(&field.options, &option)?;
            let siblings: Vec<&str> = field.options.iter().map(|o| o.id.as_str()).collect();
            let place = placement(&body, &siblings, &option)?;
            place_option(&mut field.options, &option, &place);
            store::save_field(conn, &field)?;
            Ok(Reply::Ack)
        })
        .await
}
