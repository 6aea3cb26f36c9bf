//! Task custom fields at their three levels, with the same operations under each prefix:
//! `/tm/custom-fields` (the whole task manager), `/tm/projects/{id}/custom-fields` and
//! `/tm/boards/{id}/custom-fields`; transfers between levels; options.

use std::collections::HashMap;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{get, post, put};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::field_input::{self, option_body, option_index, place_option, placement};
use super::input::{required_ref, row_exists};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::custom_fields::{self as store, Field, FieldOption, Scope};
use crate::store::{ids, workspace as ws};
use crate::validate::Invalid;
use crate::wire::{Reply, body_object};

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
fn path_option(field: &Field, params: &Params) -> Result<usize, ApiError> {
    let id = params.get("option").map(String::as_str).unwrap_or_default();
    option_index(&field.options, id)
}

/// `GET /tm/custom-fields`: `{success, data: [CustomField]}`, the shape a live probe saw (the
/// docs leave the answer untyped). Each field is sent whole, options included.
async fn list(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| {
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
            let (name, kind, config) = field_input::new_field(&body)?;
            let field = Field {
                id: ids::new_uuid(),
                owner: scope,
                name,
                kind,
                config,
                options: Vec::new(),
            };
            store::insert(conn, &field)?;
            Ok(Reply::Payload("customField", field.to_json()))
        })
        .await
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
            let (name, config) = field_input::field_update(&body, &field.kind)?;
            field.apply(name, config);
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
            if let Some(to) = to.filter(|to| *to != field.owner) {
                store::transfer(conn, &field.id, to)?;
            }
            Ok(Reply::Ack)
        })
        .await
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
            let index = path_option(&field, &params)?;
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
            let index = path_option(&field, &params)?;
            let option = field.options.remove(index);
            let tx = conn.transaction()?;
            store::save(&tx, &field)?;
            store::clear_values(&tx, &field.id, Some(&option.id))?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

/// `{after}` or `{before}`, another option of the same field.
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
            let moved = field.options[path_option(&field, &params)?].id.clone();
            let siblings: Vec<&str> = field.options.iter().map(|o| o.id.as_str()).collect();
            let place = placement(&body, &siblings, &moved)?;
            place_option(&mut field.options, &moved, &place);
            store::save(conn, &field)?;
            Ok(Reply::Ack)
        })
        .await
}
