//! Injected latency and failures, to exercise a client's loading states,
//! retries and error handling.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::errors::ApiError;
use crate::validate::{self, Invalid};
use crate::wire::json_response;

/// Faults applied to `/public/v1` requests.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", default)]
pub struct Faults {
    /// Added to every `/public/v1` request.
    pub latency_ms: u64,
    /// Fraction (0.0..=1.0) of matching requests answered with `failure_status`.
    pub failure_rate: f64,
    /// Status of injected failures; 0 means 500.
    pub failure_status: u16,
    /// Methods the failures apply to, e.g. `["POST","PUT","DELETE"]`; empty
    /// means every method.
    pub failure_methods: Vec<String>,
    /// Whether a failing request is done before its answer is lost.
    pub failure_mode: FailureMode,
}

/// What an injected failure does with the request. The `applyThen…` modes let the service
/// do it and then lose the answer, the case a client cannot tell from a refusal and must
/// resolve by reading back (never by sending a create again).
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum FailureMode {
    /// Answered with the failure status before the service sees the request: nothing is done.
    #[default]
    Refuse,
    /// Done, then answered with the failure status instead of the real answer.
    ApplyThenStatus,
    /// Done, then the connection breaks halfway through the real answer.
    ApplyThenCut,
    /// Done, then answered 200 with the first half of the real answer's JSON.
    ApplyThenGarble,
}

impl Faults {
    fn applies_to(&self, method: &str) -> bool {
        self.failure_methods.is_empty()
            || self
                .failure_methods
                .iter()
                .any(|m| m.eq_ignore_ascii_case(method))
    }

    /// A status that is not a failure would make "failures" that look like successes (or
    /// redirects) to the client under test; 0 stands for the default, 500.
    pub(crate) fn check(&self) -> Result<(), Invalid> {
        let mut invalid = Invalid::new();
        if self.failure_status != 0 && !(400..=599).contains(&self.failure_status) {
            invalid.add(
                "failureStatus",
                validate::between("failureStatus", 400, 599),
            );
        }
        invalid.check()
    }

    fn status(&self) -> StatusCode {
        let code = if self.failure_status == 0 {
            500
        } else {
            self.failure_status
        };
        StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

/// The current faults and the count of requests they matched.
#[derive(Debug, Default)]
pub struct FaultState {
    faults: RwLock<Faults>,
    matched: AtomicU64,
    /// Requests waiting out the injected latency right now.
    held: AtomicUsize,
}

/// Counts a request as held by latency for as long as it lives, however the wait ends
/// (served, or dropped with its connection).
struct Held<'a>(&'a AtomicUsize);

impl<'a> Held<'a> {
    fn enter(count: &'a AtomicUsize) -> Self {
        count.fetch_add(1, Ordering::SeqCst);
        Self(count)
    }
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl FaultState {
    pub fn new(faults: Faults) -> Arc<Self> {
        Arc::new(Self {
            faults: RwLock::new(faults),
            matched: AtomicU64::new(0),
            held: AtomicUsize::new(0),
        })
    }

    /// Requests waiting out the injected latency right now.
    pub fn held(&self) -> usize {
        self.held.load(Ordering::SeqCst)
    }

    pub fn get(&self) -> Faults {
        self.faults
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .clone()
    }

    /// Replaces the faults and restarts the failure sequence, so that the
    /// pattern after a change does not depend on earlier traffic.
    pub fn set(&self, faults: Faults) {
        *self
            .faults
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = faults;
        self.matched.store(0, Ordering::SeqCst);
    }

    /// Whether the next request with this method fails. Deterministic: the
    /// n-th matching request (from 0) fails when floor((n+1)·rate) >
    /// floor(n·rate), which spreads failures evenly at the given rate.
    fn should_fail(&self, faults: &Faults, method: &str) -> bool {
        let rate = faults.failure_rate.clamp(0.0, 1.0);
        if rate <= 0.0 || !faults.applies_to(method) {
            return false;
        }
        let n = self.matched.fetch_add(1, Ordering::SeqCst) as f64;
        ((n + 1.0) * rate).floor() > (n * rate).floor()
    }
}

fn failure_response(status: StatusCode) -> Response {
    match status.as_u16() {
        429 => {
            let mut response = json_response(
                status,
                &json!({"success": false, "message": "Too Many Attempts."}),
            );
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            response
        }
        500..=599 => json_response(
            status,
            &json!({"success": false, "message": "Server Error"}),
        ),
        401 => json_response(
            status,
            &json!({"success": false, "code": 2000000, "message": "Unauthenticated."}),
        ),
        404 => json_response(status, &json!({"message": "Record not found"})),
        _ => json_response(
            status,
            &json!({
                "success": false,
                "message": status.canonical_reason().unwrap_or("Error"),
            }),
        ),
    }
}

/// Middleware for `/public/v1` (other paths, such as the fault controls
/// themselves, pass untouched): latency first, then the failure decision.
pub async fn inject(
    State(state): State<Arc<FaultState>>,
    request: Request,
    next: Next,
) -> Response {
    if !request.uri().path().starts_with(crate::routes::API_PREFIX) {
        return next.run(request).await;
    }
    let faults = state.get();
    if faults.latency_ms > 0 {
        let _held = Held::enter(&state.held);
        tokio::time::sleep(Duration::from_millis(faults.latency_ms)).await;
    }
    if state.should_fail(&faults, request.method().as_str()) {
        return match faults.failure_mode {
            FailureMode::Refuse => failure_response(faults.status()),
            mode => lose_answer(mode, faults.status(), next.run(request).await).await,
        };
    }
    next.run(request).await
}

/// The answer the client gets instead of `done`, the real one.
async fn lose_answer(mode: FailureMode, status: StatusCode, done: Response) -> Response {
    let (mut parts, body) = done.into_parts();
    let bytes = axum::body::to_bytes(body, usize::MAX)
        .await
        .unwrap_or_default();
    let half = bytes.slice(..bytes.len() / 2);
    match mode {
        FailureMode::Refuse | FailureMode::ApplyThenStatus => failure_response(status),
        FailureMode::ApplyThenCut => {
            // Half the body goes out in a chunk, then the body fails: the server drops the
            // connection before the final chunk, as a reset or a crash mid-answer would.
            parts.headers.remove(header::CONTENT_LENGTH);
            let chunks = futures_util::stream::iter([
                Ok(half),
                Err(std::io::Error::other("the answer is lost on purpose")),
            ]);
            Response::from_parts(parts, axum::body::Body::from_stream(chunks))
        }
        FailureMode::ApplyThenGarble => {
            parts.status = StatusCode::OK;
            parts.headers.remove(header::CONTENT_LENGTH);
            Response::from_parts(parts, axum::body::Body::from(half))
        }
    }
}

/// `GET /__sandbox/faults`.
pub async fn get_faults(State(state): State<Arc<FaultState>>) -> Response {
    json_response(StatusCode::OK, &json!(state.get()))
}

/// `PUT /__sandbox/faults` with a `Faults` JSON body (missing keys default); a body that
/// breaks [`Faults::check`] is refused with 422 and changes nothing.
pub async fn put_faults(State(state): State<Arc<FaultState>>, body: axum::body::Bytes) -> Response {
    match serde_json::from_slice::<Faults>(&body) {
        Ok(faults) => {
            if let Err(invalid) = faults.check() {
                return ApiError::Validation(invalid).into_response();
            }
            state.set(faults);
            json_response(StatusCode::OK, &json!(state.get()))
        }
        Err(err) => json_response(
            StatusCode::BAD_REQUEST,
            &json!({"success": false, "message": format!("Invalid faults: {err}")}),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failures(rate: f64, count: usize) -> Vec<bool> {
        let state = FaultState::new(Faults::default());
        let faults = Faults {
            failure_rate: rate,
            ..Faults::default()
        };
        (0..count)
            .map(|_| state.should_fail(&faults, "GET"))
            .collect()
    }

    #[test]
    fn failure_pattern_is_even_and_deterministic() {
        assert_eq!(failures(1.0, 3), [true, true, true]);
        assert_eq!(failures(0.5, 4), [false, true, false, true]);
        assert_eq!(failures(0.0, 3), [false, false, false]);
        assert_eq!(failures(0.25, 8).iter().filter(|f| **f).count(), 2);
    }

    #[test]
    fn methods_filter() {
        let state = FaultState::new(Faults::default());
        let faults = Faults {
            failure_rate: 1.0,
            failure_methods: vec!["post".into()],
            ..Faults::default()
        };
        assert!(!state.should_fail(&faults, "GET"));
        assert!(state.should_fail(&faults, "POST"));
    }
}
