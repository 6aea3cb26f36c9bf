//! The HTTP surface: `/public/v1/…` and the `/__sandbox` control routes.

pub mod attachments;
pub mod board_columns;
pub mod boards;
pub mod contacts;
pub mod crm;
pub mod crm_entries;
pub mod crm_input;
pub mod crm_query;
pub mod custom_fields;
pub mod deal_files;
pub mod deal_query;
pub mod deal_tasks;
pub mod deal_writes;
pub mod deals;
pub mod field_input;
pub mod funnel_fields;
pub mod funnels;
pub mod input;
pub mod organizations;
pub mod portfolios;
pub mod projects;
pub mod task_actions;
pub mod task_comments;
pub mod task_input;
pub mod task_links;
pub mod task_query;
pub mod task_timers;
pub mod tasks;
pub mod uploads;
pub mod workspace;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use rusqlite::Connection;
use serde_json::json;
use time::{Date, OffsetDateTime};

use crate::auth;
use crate::clock::Clock;
use crate::errors::ApiError;
use crate::faults::{self, FaultState};
use crate::store::{Answering, Reader, Store};
use crate::wire::{Reply, fmt_iso, json_response};

pub type ApiResult = Result<Reply, ApiError>;

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub clock: Clock,
    /// The member the token belongs to.
    pub user_id: Arc<str>,
    pub token: Arc<str>,
}

/// What request logic needs besides the database.
pub struct Ctx {
    pub today: Date,
    pub now: OffsetDateTime,
    pub user_id: String,
    /// `http://host:port` as the request reached the sandbox.
    pub origin: String,
}

impl Ctx {
    pub fn now_iso(&self) -> String {
        fmt_iso(self.now)
    }

    /// What answers of this request are built for.
    pub fn answering(&self) -> Answering<'_> {
        Answering {
            today: self.today,
            origin: &self.origin,
        }
    }
}

tokio::task_local! {
    /// The origin of the request being answered, set around each request so that request logic
    /// can link to files the sandbox serves without every handler reading the `Host` header.
    static ORIGIN: String;
}

/// Runs the rest of the request with its origin known to [`AppState::run`].
async fn with_origin(request: Request, next: Next) -> Response {
    let origin = origin_of(&request);
    ORIGIN.scope(origin, next.run(request)).await
}

/// `http://` and the `Host` the client used (the sandbox only speaks plain HTTP/1.1, where
/// `Host` is required); a request without one gets the loopback address.
fn origin_of(request: &Request) -> String {
    let host = request
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty())
        .or_else(|| request.uri().authority().map(|a| a.as_str()))
        .unwrap_or("127.0.0.1");
    format!("http://{host}")
}

impl AppState {
    /// Runs request logic against the database on the blocking pool, with the write
    /// connection: writes are serialized and committed before the answer.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection, &Ctx) -> Result<T, ApiError> + Send + 'static,
    {
        let ctx = self.ctx();
        self.store.call(move |conn| work(conn, &ctx)).await
    }

    /// Runs read-only request logic on one of the read connections, in parallel with other
    /// reads and with a write under way; it sees every write answered before it started.
    pub async fn read<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Reader, &Ctx) -> Result<T, ApiError> + Send + 'static,
    {
        let ctx = self.ctx();
        self.store.read(move |conn| work(conn, &ctx)).await
    }

    fn ctx(&self) -> Ctx {
        Ctx {
            today: self.clock.today(),
            now: self.clock.now(),
            user_id: self.user_id.to_string(),
            origin: ORIGIN
                .try_with(Clone::clone)
                .unwrap_or_else(|_| "http://127.0.0.1".to_owned()),
        }
    }
}

pub fn router(state: AppState, fault_state: Arc<FaultState>) -> Router {
    let clock = state.clock.clone();
    // The control route takes the same token: with `--listen 0.0.0.0` anyone who can reach
    // the port could otherwise break the sandbox for everyone using it.
    let control = Router::new()
        .route(
            "/__sandbox/faults",
            get(faults::get_faults)
                .put(faults::put_faults)
                .with_state(Arc::clone(&fault_state)),
        )
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ));
    let public = Router::new()
        .merge(workspace::routes())
        .merge(projects::routes())
        .merge(portfolios::routes())
        .merge(boards::routes())
        .merge(board_columns::routes())
        .merge(custom_fields::routes())
        .merge(attachments::routes())
        .merge(tasks::routes())
        .merge(task_actions::routes())
        .merge(task_links::routes())
        .merge(task_timers::routes())
        .merge(task_comments::routes())
        .merge(crm::routes())
        .merge(deals::routes())
        .merge(contacts::routes())
        .merge(funnels::routes())
        .merge(funnel_fields::routes())
        .merge(deal_writes::routes())
        .merge(deal_tasks::routes())
        .merge(deal_files::routes())
        .merge(organizations::routes())
        .merge(crm_entries::routes())
        .route_layer(middleware::from_fn(with_origin))
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            auth::require_token,
        ))
        .with_state(state);
    let app = Router::new()
        .merge(public)
        .merge(control)
        .fallback(route_not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT));
    // axum adds `Allow` to a 405 only after the route's own layers ran, so
    // the rewrite wraps the finished router from outside. Faults wrap
    // everything, so unknown routes and 405s are delayed and failed too.
    Router::new()
        .fallback_service(app)
        .layer(middleware::from_fn(plain_rejections_as_json))
        .layer(middleware::from_fn(method_not_allowed_as_json))
        .layer(middleware::from_fn_with_state(fault_state, faults::inject))
        .layer(middleware::from_fn_with_state(clock, dated))
}

/// Every answer, injected failures too, carries the sandbox's own time in `Date`, as a
/// service's answers carry its clock's: a pinned clock reads the same in `Date` as in the
/// `createdAt` of what it makes, and a client measuring the service's clock from `Date`
/// measures the one its timestamps come from.
async fn dated(
    axum::extract::State(clock): axum::extract::State<crate::clock::Clock>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    let now = std::time::SystemTime::from(clock.now());
    if let Ok(date) = HeaderValue::from_str(&httpdate::fmt_http_date(now)) {
        response.headers_mut().insert(header::DATE, date);
    }
    response
}

/// The largest request body read (axum's default, named so that the answer and `docs/sandbox.md`
/// can say it). The real service's limit is unknown.
pub const BODY_LIMIT: usize = 2 * 1024 * 1024;

/// axum's own rejections (a body over [`BODY_LIMIT`], a path segment that is not UTF-8) are
/// plain text; every error of the service is JSON, so they get its
/// `{"success":false,"message":…}` shape. Deliberate HTML answers are left alone.
async fn plain_rejections_as_json(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let plain = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| ct.starts_with("text/plain"));
    if !plain || !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
        format!("The request body is too large: at most {BODY_LIMIT} bytes are read.")
    } else {
        // A rejection's text is a short sentence; more than this is not worth echoing.
        match axum::body::to_bytes(response.into_body(), 16 * 1024).await {
            Ok(text) if !text.is_empty() => String::from_utf8_lossy(&text).into_owned(),
            _ => status.canonical_reason().unwrap_or("Error").to_owned(),
        }
    };
    json_response(status, &json!({"success": false, "message": message}))
}

async fn route_not_found(request: Request) -> Response {
    ApiError::RouteNotFound(request.uri().path().to_owned()).into_response()
}

/// Gives axum's bare 405 the service's JSON body and its `Allow` spelling
/// (`GET, HEAD, PUT, DELETE`).
async fn method_not_allowed_as_json(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().trim_start_matches('/').to_owned();
    let response = next.run(request).await;
    if response.status() != StatusCode::METHOD_NOT_ALLOWED {
        return response;
    }
    let allowed: Vec<String> = response
        .headers()
        .get(header::ALLOW)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .split(',')
        .map(|m| m.trim().to_owned())
        .filter(|m| !m.is_empty())
        .collect();
    let allow = allowed.join(", ");
    let mut rewritten = json_response(
        StatusCode::METHOD_NOT_ALLOWED,
        &json!({
            "success": false,
            "message": format!(
                "The {method} method is not supported for route {path}. Supported methods: {allow}."
            ),
        }),
    );
    if let Ok(value) = HeaderValue::from_str(&allow) {
        rewritten.headers_mut().insert(header::ALLOW, value);
    }
    rewritten
}

/// A path under the API prefix.
pub fn api(path: &str) -> String {
    format!("{API_PREFIX}{path}")
}

pub const API_PREFIX: &str = "/public/v1";

/// An integer path id; anything else names no record.
pub fn int_id(raw: &str) -> Option<i64> {
    raw.trim().parse().ok().filter(|id: &i64| *id > 0)
}

/// `limit`/`offset` of the CRM lists: `limit` defaults to `default` and is
/// clamped to `max`; both must be integers, `limit` at least 1.
pub fn limit_offset(
    query: &crate::wire::Query,
    default: usize,
    max: usize,
) -> Result<(usize, usize), crate::validate::Invalid> {
    use crate::validate::{self, Invalid};
    let mut invalid = Invalid::new();
    let mut limit = default;
    let mut offset = 0;
    if let Some(raw) = query.get("limit") {
        match raw.parse::<i64>() {
            Ok(n) if n >= 1 => limit = (n as usize).min(max),
            Ok(_) => invalid.add("limit", validate::min_value("limit", 1)),
            Err(_) => invalid.add("limit", validate::integer("limit")),
        }
    }
    if let Some(raw) = query.get("offset") {
        match raw.parse::<i64>() {
            Ok(n) if n >= 0 => offset = n as usize,
            Ok(_) => invalid.add("offset", validate::min_value("offset", 0)),
            Err(_) => invalid.add("offset", validate::integer("offset")),
        }
    }
    invalid.check()?;
    Ok((limit, offset))
}
