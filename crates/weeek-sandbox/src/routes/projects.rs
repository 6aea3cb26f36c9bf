//! `/tm/projects`: the list, one project, writes, archiving.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::routing::{get, post};
use rusqlite::Connection;
use serde_json::json;

use super::crm_input::text;
use super::input::{
    NAME_MAX_CHARS, nullable_ref, optional_hex_colour, required_bool, required_text,
};
use super::{ApiResult, AppState, api, int_id};
use crate::errors::ApiError;
use crate::store::projects::{self as store, ACTIVE, ARCHIVED, NewProject, ProjectChange};
use crate::store::{portfolios, workspace as ws};
use crate::validate::Invalid;
use crate::wire::{Reply, body_object};

/// Descriptions and logo links are free text; this only keeps a runaway body out.
const TEXT_MAX_CHARS: usize = 65_535;

pub fn routes() -> Router<AppState> {
    Router::new()
        .route(&api("/tm/projects"), get(projects).post(create))
        .route(
            &api("/tm/projects/{id}"),
            get(project).put(update).delete(destroy),
        )
        .route(&api("/tm/projects/{id}/archive"), post(archive))
        .route(&api("/tm/projects/{id}/un-archive"), post(un_archive))
}

/// Archived projects are not listed. UNCERTAIN: the service documents no way to list them;
/// they still resolve by id, with `status: 2`.
async fn projects(State(state): State<AppState>) -> ApiResult {
    state
        .read(|conn, _| Ok(Reply::Payload("projects", json!(ws::projects_json(conn)?))))
        .await
}

/// The id of an existing project in the path.
fn existing(conn: &Connection, raw_id: &str) -> Result<i64, ApiError> {
    match int_id(raw_id) {
        Some(id) if ws::project_exists(conn, id)? => Ok(id),
        _ => Err(ApiError::RecordNotFound),
    }
}

fn project_reply(conn: &Connection, id: i64) -> Result<Reply, ApiError> {
    let project = ws::project_json_by_id(conn, id)?.ok_or(ApiError::RecordNotFound)?;
    Ok(Reply::Payload("project", project))
}

async fn project(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .read(move |conn, _| {
            let id = existing(conn, &id)?;
            project_reply(conn, id)
        })
        .await
}

/// `POST /tm/projects {name, isPrivate, description?, logo?, portfolioId?}`. The team starts
/// with the creator. `color`, not in the create body of the docs, is taken when it is valid.
async fn create(State(state): State<AppState>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, ctx| {
            let mut invalid = Invalid::new();
            let name = required_text(&body, "name", NAME_MAX_CHARS, &mut invalid);
            let is_private = required_bool(&body, "isPrivate", &mut invalid);
            let description = text(&body, "description", TEXT_MAX_CHARS, &mut invalid);
            let logo = text(&body, "logo", TEXT_MAX_CHARS, &mut invalid);
            let portfolio = nullable_ref(&body, "portfolioId", &mut invalid, |id| {
                portfolios::exists(conn, id)
            })?;
            let color = optional_hex_colour(&body, "color", &mut invalid);
            invalid.check()?;
            let id = store::insert(
                conn,
                &NewProject {
                    name: name.unwrap_or_default(),
                    logo_link: logo.flatten(),
                    description: description.flatten(),
                    color,
                    is_private: is_private.unwrap_or_default(),
                    portfolio_id: portfolio.flatten(),
                    team: vec![ctx.user_id.clone()],
                },
            )?;
            project_reply(conn, id)
        })
        .await
}

/// `PUT /tm/projects/{id} {name, isPrivate, description?, logo?, color?}`: the docs answer
/// `{success}`; the project is sent along, as the official PHP client reads it and a client
/// expecting the bare acknowledgement is not disturbed by it.
async fn update(State(state): State<AppState>, Path(id): Path<String>, body: Bytes) -> ApiResult {
    let body = body_object(&body);
    state
        .run(move |conn, _| {
            let id = existing(conn, &id)?;
            let mut invalid = Invalid::new();
            let change = ProjectChange {
                name: required_text(&body, "name", NAME_MAX_CHARS, &mut invalid),
                is_private: required_bool(&body, "isPrivate", &mut invalid),
                description: text(&body, "description", TEXT_MAX_CHARS, &mut invalid),
                logo_link: text(&body, "logo", TEXT_MAX_CHARS, &mut invalid),
                color: optional_hex_colour(&body, "color", &mut invalid),
            };
            invalid.check()?;
            store::update(conn, id, &change)?;
            project_reply(conn, id)
        })
        .await
}

async fn destroy(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    state
        .run(move |conn, ctx| {
            let id = existing(conn, &id)?;
            let tx = conn.transaction()?;
            store::delete(&tx, id, &ctx.now_iso())?;
            tx.commit()?;
            Ok(Reply::Ack)
        })
        .await
}

async fn set_status(state: AppState, id: String, status: i64) -> ApiResult {
    state
        .run(move |conn, _| {
            let id = existing(conn, &id)?;
            store::set_status(conn, id, status)?;
            Ok(Reply::Ack)
        })
        .await
}

/// The project leaves the list; its boards and tasks stay as they are.
async fn archive(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    set_status(state, id, ARCHIVED).await
}

async fn un_archive(State(state): State<AppState>, Path(id): Path<String>) -> ApiResult {
    set_status(state, id, ACTIVE).await
}
