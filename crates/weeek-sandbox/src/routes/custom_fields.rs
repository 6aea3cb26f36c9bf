//! Task custom fields at their three levels, with the same operations under each prefix:
//! `/tm/custom-fields` (the whole task manager), `/tm/projects/{id}/custom-fields` and
//! `/tm/boards/{id}/custom-fields`; transfers between levels; options.

use std::collections::HashMap;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{get, post, put};
use rusqlite::Connection;
use serde_json::{Map, Value, json};

use super::input::{Body, NAME_MAX_CHARS, nullable_text, required_ref, required_text, row_exists};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::option_colours::requested_colour;
use crate::store::custom_fields::{self as store, Field, FieldOption, Scope};
use crate::store::{ids, workspace as ws};
use crate::validate::{self, Invalid};
use crate::wire::{Reply, body_object, value_int};

/// The field types of `CustomFieldCreateBody` (`number` came with the newer docs).
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

const NUMBER_FORMATS: [&str; 3] = ["number", "currency", "percent"];
/// How a boolean field is drawn. `checbox` is the current docs' spelling; the older docs said
/// `switch|checkbox`; all are accepted and kept as sent (UNCERTAIN which the service takes).
const BOOLEAN_STYLES: [&str; 4] = ["radio", "checbox", "checkbox", "switch"];
const PRECISION_MAX: i64 = 6;
/// Currency ids of number fields (1..10 in the docs).
const CURRENCY_IDS: (i64, i64) = (1, 10);

/// Which path prefix a request came through.
#[derive(Clone, Copy, Debug)]
enum Level {
    TaskManager,
    Project,
    Board,
}

type Params = HashMap<String, String>;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/custom-fields"), get(list).post(create_global))
        .merge(level_routes(Level::TaskManager, "/tm/custom-fields"))
        .merge(level_routes(
            Level::Project,
            "/tm/projects/{id}/custom-fields",
        ))
        .merge(level_routes(Level::Board, "/tm/boards/{id}/custom-fields"))
}

/// The routes every level has, below its prefix. Creating a field at the task-manager level
/// shares its path with the list, so it is routed beside the list.
fn level_routes(level: Level, prefix: &str) -> Router<AppState> {
    let mut router = Router::new()
        .route(
            &api(&format!("{prefix}/{{field}}")),
            put(move |s: State<AppState>, p: Path<Params>, b: Bytes| update(level, s, p, b))
                .delete(move |s: State<AppState>, p: Path<Params>| destroy(level, s, p)),
        )
        .route(
            &api(&format!("{prefix}/{{field}}/transfer-to-project")),
            post(move |s: State<AppState>, p: Path<Params>, b: Bytes| {
                transfer(level, Target::Project, s, p, b)
            }),
        )
        .route(
            &api(&format!("{prefix}/{{field}}/transfer-to-board")),
            post(move |s: State<AppState>, p: Path<Params>, b: Bytes| {
                transfer(level, Target::Board, s, p, b)
            }),
        )
        .route(
            &api(&format!("{prefix}/{{field}}/options")),
            post(move |s: State<AppState>, p: Path<Params>, b: Bytes| {
                create_option(level, s, p, b)
            }),
        )
        .route(
            &api(&format!("{prefix}/{{field}}/options/{{option}}")),
            put(move |s: State<AppState>, p: Path<Params>, b: Bytes| update_option(level, s, p, b))
                .delete(move |s: State<AppState>, p: Path<Params>| delete_option(level, s, p)),
        )
        .route(
            &api(&format!("{prefix}/{{field}}/options/{{option}}/move")),
            post(move |s: State<AppState>, p: Path<Params>, b: Bytes| move_option(level, s, p, b)),
        );
    if !matches!(level, Level::TaskManager) {
        router = router
            .route(
                &api(prefix),
                post(move |s: State<AppState>, p: Path<Params>, b: Bytes| create(level, s, p, b)),
            )
            .route(
                &api(&format!("{prefix}/{{field}}/transfer-to-task-manager")),
                post(move |s: State<AppState>, p: Path<Params>, b: Bytes| {
                    transfer(level, Target::TaskManager, s, p, b)
                }),
            );
    }
    router
}

/// The scope named by the path; an unknown project or board is 404.
fn scope(conn: &Connection, level: Level, params: &Params) -> Result<Scope, ApiError> {
    let parent = || params.get("id").and_then(|raw| int_id(raw));
    match level {
        Level::TaskManager => Ok(Scope::TaskManager),
        Level::Project => match parent() {
            Some(id) if ws::project_exists(conn, id)? => Ok(Scope::Project(id)),
            _ => Err(ApiError::RecordNotFound),
        },
        Level::Board => match parent() {
            Some(id) if row_exists(conn, "boards", id)? => Ok(Scope::Board(id)),
            _ => Err(ApiError::RecordNotFound),
        },
    }
}

/// The field of the path, defined at the path's level.
fn field(conn: &Connection, level: Level, params: &Params) -> Result<Field, ApiError> {
    let scope = scope(conn, level, params)?;
    let id = params.get("field").map(String::as_str).unwrap_or_default();
    store::find(conn, scope, id)?.ok_or(ApiError::RecordNotFound)
}

/// The option of the path and its index in the field's options.
fn option_index(field: &Field, params: &Params) -> Result<usize, ApiError> {
    let id = params.get("option").map(String::as_str).unwrap_or_default();
    field
        .options
        .iter()
        .position(|o| o.id == id)
        .ok_or(ApiError::RecordNotFound)
}

/// `GET /tm/custom-fields`: `{success, data: [CustomField]}`, the shape a live probe saw (the
/// docs leave the answer untyped). Each field is sent whole, options included.
async fn list(State(state): State<AppState>) -> ApiResult {
    state
        .run(|conn, _| {
            let fields: Vec<Value> = store::list(conn, Scope::TaskManager)?
                .iter()
                .map(Field::to_json)
                .collect();
            Ok(Reply::Payload("data", json!(fields)))
        })
        .await
}

async fn create_global(state: State<AppState>, body: Bytes) -> ApiResult {
    create(Level::TaskManager, state, Path(Params::new()), body).await
}

/// `{name?, type, config?}`. A field created without a name keeps an empty one.
async fn create(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let scope = scope(conn, level, &params)?;
            let mut invalid = Invalid::new();
            let name = nullable_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let kind = field_type(&body, &mut invalid);
            let config = kind
                .as_deref()
                .and_then(|kind| config_for(kind, body.get("config"), &mut invalid));
            invalid.check()?;
            let field = Field {
                id: ids::new_uuid(),
                scope,
                name: name.flatten().unwrap_or_default(),
                kind: kind.unwrap_or_default(),
                config: config.unwrap_or_else(|| json!({})),
                options: Vec::new(),
            };
            store::insert(conn, &field)?;
            Ok(Reply::Payload("customField", field.to_json()))
        })
        .await
}

fn field_type(body: &Body, invalid: &mut Invalid) -> Option<String> {
    match body.get("type") {
        None | Some(Value::Null) => {
            invalid.add("type", validate::field_required());
            None
        }
        Some(Value::String(kind)) if FIELD_TYPES.contains(&kind.as_str()) => Some(kind.clone()),
        Some(_) => {
            invalid.add("type", validate::selected_invalid("type"));
            None
        }
    }
}

/// The config a field of `kind` keeps: number fields `{type, precision, currency?}`, boolean
/// fields `{type}`, nothing for the other kinds (a config sent for them is dropped). A number
/// or boolean field created without one gets the plainest (`number`, precision 0; `checbox`).
fn config_for(kind: &str, sent: Option<&Value>, invalid: &mut Invalid) -> Option<Value> {
    let config = match sent {
        None | Some(Value::Null) => None,
        Some(Value::Object(config)) => Some(config),
        Some(_) if matches!(kind, "number" | "boolean") => {
            invalid.add("config", validate::array("config"));
            return None;
        }
        Some(_) => None,
    };
    match (kind, config) {
        ("number", None) => Some(json!({"type": "number", "precision": 0})),
        ("number", Some(config)) => number_config(config, invalid),
        ("boolean", None) => Some(json!({"type": "checbox"})),
        ("boolean", Some(config)) => {
            let style = config_choice(config, &BOOLEAN_STYLES, invalid)?;
            Some(json!({"type": style}))
        }
        _ => Some(json!({})),
    }
}

/// `config.type`, one of `choices`.
fn config_choice(
    config: &Map<String, Value>,
    choices: &[&str],
    invalid: &mut Invalid,
) -> Option<String> {
    const KEY: &str = "config.type";
    match config.get("type") {
        None | Some(Value::Null) => {
            invalid.add(KEY, validate::field_required());
            None
        }
        Some(Value::String(t)) if choices.contains(&t.as_str()) => Some(t.clone()),
        Some(_) => {
            invalid.add(KEY, validate::selected_invalid(KEY));
            None
        }
    }
}

fn number_config(config: &Map<String, Value>, invalid: &mut Invalid) -> Option<Value> {
    let format = config_choice(config, &NUMBER_FORMATS, invalid);
    let precision = match config.get("precision") {
        None | Some(Value::Null) => Some(None),
        Some(value) => {
            bounded_int(value, "config.precision", (0, PRECISION_MAX), invalid).map(Some)
        }
    };
    let currency = match (format.as_deref(), config.get("currency")) {
        (Some("currency"), None | Some(Value::Null)) => {
            invalid.add(
                "config.currency",
                "The config.currency field is required when config.type is currency.".to_owned(),
            );
            None
        }
        (Some("currency"), Some(value)) => {
            bounded_int(value, "config.currency", CURRENCY_IDS, invalid)
        }
        _ => None,
    };
    let (format, precision) = (format?, precision?);
    let mut out = json!({"type": format, "precision": precision});
    if let Some(currency) = currency {
        out["currency"] = json!(currency);
    } else if format == "currency" {
        return None;
    }
    Some(out)
}

fn bounded_int(
    value: &Value,
    key: &str,
    (min, max): (i64, i64),
    invalid: &mut Invalid,
) -> Option<i64> {
    match value_int(value) {
        Some(n) if (min..=max).contains(&n) => Some(n),
        Some(_) => {
            invalid.add(key, validate::between(key, min, max));
            None
        }
        None => {
            invalid.add(key, validate::integer(key));
            None
        }
    }
}

/// `{name?, config?}`: a sent `config` replaces the old one, checked against the field's type.
async fn update(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = field(conn, level, &params)?;
            let mut invalid = Invalid::new();
            let name = nullable_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let config = match body.get("config") {
                None => None,
                sent => config_for(&field.kind, sent, &mut invalid),
            };
            invalid.check()?;
            if let Some(name) = name {
                field.name = name.unwrap_or_default();
            }
            if let Some(config) = config {
                field.config = config;
            }
            store::save(conn, &field)?;
            Ok(Reply::Payload("customField", field.to_json()))
        })
        .await
}

/// A hard delete; the values tasks held for the field go with it.
async fn destroy(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let field = field(conn, level, &params)?;
            let tx = conn.transaction()?;
            store::delete(&tx, &field.id)?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

#[derive(Clone, Copy, Debug)]
enum Target {
    TaskManager,
    Project,
    Board,
}

/// `transfer-to-task-manager` (no body), `transfer-to-project {projectId}`,
/// `transfer-to-board {boardId}`: the field moves, with its options and its values on tasks.
async fn transfer(
    level: Level,
    target: Target,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let field = field(conn, level, &params)?;
            let mut invalid = Invalid::new();
            let to = match target {
                Target::TaskManager => Some(Scope::TaskManager),
                Target::Project => required_ref(&body, "projectId", &mut invalid, |id| {
                    ws::project_exists(conn, id)
                })?
                .map(Scope::Project),
                Target::Board => required_ref(&body, "boardId", &mut invalid, |id| {
                    row_exists(conn, "boards", id)
                })?
                .map(Scope::Board),
            };
            invalid.check()?;
            if let Some(to) = to.filter(|to| *to != field.scope) {
                store::transfer(conn, &field.id, to)?;
            }
            Ok(Reply::Ack)
        })
        .await
}

/// `color` of an option: a colour name of the docs' enum (or hex), stored and answered as hex.
fn option_colour(body: &Body, invalid: &mut Invalid) -> Option<String> {
    match body.get("color") {
        None | Some(Value::Null) => {
            invalid.add("color", validate::field_required());
            None
        }
        Some(value) => {
            let hex = value.as_str().and_then(requested_colour);
            if hex.is_none() {
                invalid.add("color", validate::selected_invalid("color"));
            }
            hex
        }
    }
}

/// `{name, color}` of an option, both required, on create and update alike.
fn option_body(body: &Body) -> Result<(String, String), ApiError> {
    let mut invalid = Invalid::new();
    let name = required_text(body, "name", NAME_MAX_CHARS, &mut invalid);
    let colour = option_colour(body, &mut invalid);
    invalid.check()?;
    match (name, colour) {
        (Some(name), Some(colour)) => Ok((name, colour)),
        _ => Err(ApiError::internal(
            "validated option without name or colour",
        )),
    }
}

/// Options can be added to a field of any type. UNCERTAIN: only select and multiselect fields
/// use them, but nothing says the service refuses them elsewhere.
async fn create_option(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = field(conn, level, &params)?;
            let (name, color) = option_body(&body)?;
            let option = FieldOption {
                id: ids::new_uuid(),
                name,
                color,
            };
            field.options.push(option.clone());
            store::save(conn, &field)?;
            Ok(Reply::Payload("option", option.to_json()))
        })
        .await
}

async fn update_option(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = field(conn, level, &params)?;
            let index = option_index(&field, &params)?;
            let (name, color) = option_body(&body)?;
            let option = FieldOption {
                id: field.options[index].id.clone(),
                name,
                color,
            };
            field.options[index] = option.clone();
            store::save(conn, &field)?;
            Ok(Reply::Payload("option", option.to_json()))
        })
        .await
}

/// Tasks that had the option chosen lose that choice.
async fn delete_option(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
) -> ApiResult {
    state
        .run(move |conn, _| {
            let mut field = field(conn, level, &params)?;
            let index = option_index(&field, &params)?;
            let option = field.options.remove(index);
            let tx = conn.transaction()?;
            store::save(&tx, &field)?;
            store::clear_values(&tx, &field.id, Some(&option.id))?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{after}` or `{before}`, an option of the same field; the docs' text says the two cannot
/// come together (their schema marks both required: the text is followed).
async fn move_option(
    level: Level,
    State(state): State<AppState>,
    Path(params): Path<Params>,
    body: Bytes,
) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let mut field = field(conn, level, &params)?;
            let index = option_index(&field, &params)?;
            let sent = |key: &str| body.get(key).filter(|v| !v.is_null());
            let mut invalid = Invalid::new();
            let mut neighbour = |key: &str, value: &Value| {
                let found = value.as_str().and_then(|id| {
                    field
                        .options
                        .iter()
                        .position(|o| o.id == id && o.id != field.options[index].id)
                });
                if found.is_none() {
                    invalid.add(key, validate::selected_invalid(key));
                }
                found
            };
            let at = match (sent("after"), sent("before")) {
                (Some(_), Some(_)) => {
                    invalid.add(
                        "after",
                        "The after field prohibits before from being present.".to_owned(),
                    );
                    None
                }
                (None, None) => {
                    invalid.add(
                        "after",
                        "The after field is required when before is not present.".to_owned(),
                    );
                    invalid.add(
                        "before",
                        "The before field is required when after is not present.".to_owned(),
                    );
                    None
                }
                (Some(after), None) => neighbour("after", after).map(|i| (i, true)),
                (None, Some(before)) => neighbour("before", before).map(|i| (i, false)),
            };
            invalid.check()?;
            if let Some((neighbour, after)) = at {
                let neighbour_id = field.options[neighbour].id.clone();
                let option = field.options.remove(index);
                let at = field
                    .options
                    .iter()
                    .position(|o| o.id == neighbour_id)
                    .map_or(0, |i| if after { i + 1 } else { i });
                field.options.insert(at, option);
                store::save(conn, &field)?;
            }
            Ok(Reply::Ack)
        })
        .await
}
