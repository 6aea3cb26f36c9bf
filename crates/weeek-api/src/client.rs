//! The HTTP machinery: building requests, retrying reads, reading envelopes and mapping
//! failures to [`ApiError`]. Operations live in `ops/`.

use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use reqwest::{Method, StatusCode, header};
use serde::Serialize;
use tokio::time::Instant;

use crate::answer::{Answer, is_json, read_answer};
use crate::error::{ApiError, Token, parse_retry_after};
use crate::service_clock::ServiceClock;

pub const DEFAULT_BASE_URL: &str = "https://api.weeek.net/public/v1";

/// How reads are retried. Writes are never retried: a repeated create could duplicate a contact.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryPolicy {
    /// Retries after the first attempt.
    pub max_retries: u32,
    /// First backoff; doubles each retry.
    pub base_delay: Duration,
    /// Upper bound of any single wait, `Retry-After` included.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_retries: 2,
            base_delay: Duration::from_millis(400),
            max_delay: Duration::from_secs(8),
        }
    }
}

impl RetryPolicy {
    pub fn none() -> Self {
        Self {
            max_retries: 0,
            ..Self::default()
        }
    }

    fn delay(&self, attempt: u32, retry_after: Option<Duration>) -> Duration {
        let backoff = self.base_delay.saturating_mul(1u32 << attempt.min(16));
        retry_after
            .unwrap_or(backoff)
            .max(backoff)
            .min(self.max_delay)
    }
}

/// Everything needed to talk to one workspace.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Ends with `/public/v1`.
    pub base_url: String,
    pub token: Token,
    pub timeout: Duration,
    /// Sent as the `XDEBUG_SESSION` cookie when set (the spec lists it on every operation).
    pub xdebug_session: Option<String>,
    pub retry: RetryPolicy,
    /// Bounds all attempts of one read together, waits between them included (30 s unless
    /// set; read as at most a day). An attempt never runs past it, and a retry is started only
    /// when its wait and a whole `timeout` still fit.
    pub read_deadline: Duration,
}

impl ClientConfig {
    pub fn new(base_url: impl Into<String>, token: Token) -> Self {
        Self {
            base_url: base_url.into(),
            token,
            timeout: Duration::from_secs(20),
            xdebug_session: None,
            retry: RetryPolicy::default(),
            read_deadline: Duration::from_secs(30),
        }
    }
}

/// Longer deadlines are read as this one: a day is as good as none, and an instant that far
/// ahead can still be computed.
const LONGEST_DEADLINE: Duration = Duration::from_secs(24 * 60 * 60);

/// Told to a retry observer before each automatic retry of a read.
#[derive(Debug, Clone, PartialEq)]
pub struct RetryNotice {
    /// The attempt about to be made, from 2.
    pub attempt: u32,
    /// Attempts the policy allows in all: the first and every retry.
    pub attempts: u32,
    /// The wait before the attempt.
    pub delay: Duration,
    /// What failed the attempt before.
    pub cause: ApiError,
}

/// Called with each [`RetryNotice`]; see [`Client::with_retry_observer`].
#[derive(Clone)]
struct RetryObserver(Arc<dyn Fn(&RetryNotice) + Send + Sync>);

impl fmt::Debug for RetryObserver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("RetryObserver")
    }
}

/// The HTTP client, made when the first request goes out: making it loads the system's root
/// certificates (milliseconds of reading and parsing), which a start drawn from the local store
/// does not wait for. Shared by clones.
#[derive(Clone)]
struct Http(Arc<LazyHttp>);

struct LazyHttp {
    made: OnceLock<Result<reqwest::Client, String>>,
    /// Every setting checked already (the plain-http guard among them); taken when made.
    settings: Mutex<Option<reqwest::ClientBuilder>>,
}

impl Http {
    fn new(settings: reqwest::ClientBuilder) -> Self {
        Self(Arc::new(LazyHttp {
            made: OnceLock::new(),
            settings: Mutex::new(Some(settings)),
        }))
    }

    fn client(&self) -> Result<&reqwest::Client, ApiError> {
        self.0
            .made
            .get_or_init(|| {
                let settings = self
                    .0
                    .settings
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .take();
                match settings {
                    Some(builder) => builder.build().map_err(|e| e.to_string()),
                    None => Err("its settings were lost".into()),
                }
            })
            .as_ref()
            .map_err(|e| ApiError::Config(format!("HTTP client: {e}")))
    }
}

impl fmt::Debug for Http {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Http")
    }
}

/// The async client. Cheap to clone: clones share one connection pool.
#[derive(Clone, Debug)]
pub struct Client {
    http: Http,
    base: String,
    token: Token,
    xdebug_session: Option<String>,
    retry: RetryPolicy,
    /// Of one attempt.
    timeout: Duration,
    read_deadline: Duration,
    on_retry: Option<RetryObserver>,
    /// The service's clock as its answers tell it; shared by clones.
    service_clock: ServiceClock,
}

impl Client {
    pub fn new(config: ClientConfig) -> Result<Self, ApiError> {
        crate::install_crypto_provider();
        let base = config.base_url.trim_end_matches('/').to_string();
        let parsed = reqwest::Url::parse(&base)
            .map_err(|e| ApiError::Config(format!("base URL {base:?} is not a URL: {e}")))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(ApiError::Config(format!(
                "base URL {base:?} must start with https://"
            )));
        }
        if config.token.is_empty() {
            return Err(ApiError::Config("the token is empty".into()));
        }
        if config.timeout.is_zero() || config.read_deadline.is_zero() {
            return Err(ApiError::Config(
                "the timeout and the read deadline must be longer than zero".into(),
            ));
        }
        let mut builder = reqwest::Client::builder()
            .timeout(config.timeout)
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("weeek-api/", env!("CARGO_PKG_VERSION")));
        if parsed.scheme() == "http" {
            builder = crate::plain_http::stays_here(builder, &parsed)?;
        }
        Ok(Self {
            http: Http::new(builder),
            base,
            token: config.token,
            xdebug_session: config.xdebug_session,
            retry: config.retry,
            timeout: config.timeout,
            read_deadline: config.read_deadline.min(LONGEST_DEADLINE),
            on_retry: None,
            service_clock: ServiceClock::default(),
        })
    }

    /// A client that shares this one's connections and settings, and calls `observer` before
    /// each automatic retry of a read (writes are never retried). Cheap: meant to be made per
    /// request, so that the notice reaches whoever waits for that request.
    pub fn with_retry_observer(
        &self,
        observer: impl Fn(&RetryNotice) + Send + Sync + 'static,
    ) -> Client {
        Client {
            on_retry: Some(RetryObserver(Arc::new(observer))),
            ..self.clone()
        }
    }

    /// A client that shares this one's connections and settings but retries reads as
    /// `retry` says, all attempts of one read within `read_deadline` (a sync's thousand reads
    /// in a row may wait out more than the screens' few).
    pub fn with_retry(&self, retry: RetryPolicy, read_deadline: Duration) -> Client {
        Client {
            retry,
            read_deadline: read_deadline.min(LONGEST_DEADLINE),
            ..self.clone()
        }
    }

    pub fn base_url(&self) -> &str {
        &self.base
    }

    /// How far the service's clock is ahead of this machine's (behind when negative), as
    /// measured from the `Date` header of the last answer that had one; `None` before any
    /// answer did. Never more than the true offset (see `service_clock`), so a moment of ours
    /// moved by it is never later on the service's clock than it really was.
    pub fn service_clock_offset(&self) -> Option<time::Duration> {
        self.service_clock.offset()
    }

    /// GET, retried on transient failures while a whole attempt still fits in the read
    /// deadline; the observer, if any, hears of each retry before its wait.
    pub(crate) async fn get(
        &self,
        path: &str,
        query: &[(String, String)],
    ) -> Result<Answer, ApiError> {
        self.with_read_retries(path, |budget| {
            self.send_once(Method::GET, path, query, None, budget)
        })
        .await
    }

    /// A GET whose successful answer may be a file rather than JSON (attachment downloads),
    /// retried like any read.
    pub(crate) async fn get_file(&self, path: &str) -> Result<Fetched, ApiError> {
        self.with_read_retries(path, |budget| self.fetch_once(path, budget))
            .await
    }

    /// Runs a read (`once` is given the time its attempt may take) and runs it again after a
    /// transient failure, as long as the retry policy and the read deadline allow.
    async fn with_read_retries<T, F, Fut>(&self, path: &str, mut once: F) -> Result<T, ApiError>
    where
        F: FnMut(Duration) -> Fut,
        Fut: std::future::Future<Output = Result<T, ApiError>>,
    {
        let deadline = Instant::now() + self.read_deadline;
        let attempts = self.retry.max_retries.saturating_add(1);
        let mut attempt = 1;
        loop {
            let budget = attempt_budget(self.timeout, Instant::now(), deadline);
            let result = once(budget).await;
            let retry_after = match &result {
                Err(ApiError::RateLimited { retry_after }) => *retry_after,
                Err(e) if e.is_transient() => None,
                _ => return result,
            };
            if attempt >= attempts {
                return result;
            }
            let delay = self.retry.delay(attempt - 1, retry_after);
            if !retry_fits(Instant::now(), delay, self.timeout, deadline) {
                tracing::debug!(path, attempt, "no retry: it could not finish in time");
                return result;
            }
            attempt += 1;
            if let (Some(observer), Err(cause)) = (&self.on_retry, result) {
                (observer.0)(&RetryNotice {
                    attempt,
                    attempts,
                    delay,
                    cause,
                });
            }
            tracing::debug!(path, attempt, ?delay, "retrying GET");
            tokio::time::sleep(delay).await;
        }
    }

    /// POST, PUT or DELETE with an optional JSON body. Sent exactly once.
    pub(crate) async fn send<B: Serialize + ?Sized>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
    ) -> Result<Answer, ApiError> {
        let body = body
            .map(serde_json::to_vec)
            .transpose()
            .map_err(|e| ApiError::InvalidRequest(format!("body could not be encoded: {e}")))?;
        self.send_once(method, path, &[], body, self.timeout).await
    }

    async fn send_once(
        &self,
        method: Method,
        path: &str,
        query: &[(String, String)],
        body: Option<Vec<u8>>,
        timeout: Duration,
    ) -> Result<Answer, ApiError> {
        let mut req = self
            .authorized(method.clone(), path, "application/json")?
            .timeout(timeout);
        if !query.is_empty() {
            req = req.query(query);
        }
        if let Some(body) = body {
            req = req
                .header(header::CONTENT_TYPE, "application/json")
                .body(body);
        }
        self.finish(method, path, req).await
    }

    /// A request to `path` with the token, `Accept` and the debug cookie.
    fn authorized(
        &self,
        method: Method,
        path: &str,
        accept: &'static str,
    ) -> Result<reqwest::RequestBuilder, ApiError> {
        let url = format!("{}{}", self.base, path);
        let req = self
            .http
            .client()?
            .request(method, &url)
            .bearer_auth(self.token.expose())
            .header(header::ACCEPT, accept);
        Ok(match &self.xdebug_session {
            Some(session) => req.header(header::COOKIE, format!("XDEBUG_SESSION={session}")),
            None => req,
        })
    }

    /// POST of a multipart form (file uploads). Sent exactly once, like every write.
    pub(crate) async fn send_form(
        &self,
        path: &str,
        form: reqwest::multipart::Form,
    ) -> Result<Answer, ApiError> {
        let req = self
            .authorized(Method::POST, path, "application/json")?
            .timeout(self.timeout)
            .multipart(form);
        self.finish(Method::POST, path, req).await
    }

    async fn finish(
        &self,
        method: Method,
        path: &str,
        req: reqwest::RequestBuilder,
    ) -> Result<Answer, ApiError> {
        tracing::debug!(%method, path, "request");
        let response = req.send().await.map_err(map_transport)?;
        self.observe_clock(&response);
        let (status, content_type, retry_after) = answer_head(&response);
        let raw = response.text().await.map_err(map_transport)?;
        tracing::debug!(%method, path, status = status.as_u16(), "answer");
        read_answer(status, content_type, retry_after, raw)
    }

    /// One download: a successful answer that is not JSON is the file itself. JSON first in
    /// `Accept`, so that errors still come back as JSON.
    async fn fetch_once(&self, path: &str, timeout: Duration) -> Result<Fetched, ApiError> {
        tracing::debug!(method = "GET", path, "request");
        let response = self
            .authorized(Method::GET, path, "application/json, */*")?
            .timeout(timeout)
            .send()
            .await
            .map_err(map_transport)?;
        self.observe_clock(&response);
        let (status, content_type, retry_after) = answer_head(&response);
        tracing::debug!(method = "GET", path, status = status.as_u16(), "answer");
        if status.is_success() && !is_json(content_type.as_deref()) {
            let disposition = response
                .headers()
                .get(header::CONTENT_DISPOSITION)
                .and_then(|v| v.to_str().ok())
                .map(str::to_string);
            let bytes = response.bytes().await.map_err(map_transport)?;
            return Ok(Fetched::File {
                content_type,
                disposition,
                bytes: bytes.to_vec(),
            });
        }
        let raw = response.text().await.map_err(map_transport)?;
        read_answer(status, content_type, retry_after, raw).map(Fetched::Json)
    }
}

impl Client {
    /// Every answer tells the service's time, refusals and failures too.
    fn observe_clock(&self, response: &reqwest::Response) {
        let date = response
            .headers()
            .get(header::DATE)
            .and_then(|v| v.to_str().ok());
        self.service_clock
            .observe(date, time::OffsetDateTime::now_utc());
    }
}

/// A successful download: the file's bytes, or JSON when the service describes the file
/// instead of sending it.
pub(crate) enum Fetched {
    File {
        content_type: Option<String>,
        disposition: Option<String>,
        bytes: Vec<u8>,
    },
    Json(Answer),
}

/// Status, content type and `Retry-After` of an answer.
fn answer_head(response: &reqwest::Response) -> (StatusCode, Option<String>, Option<Duration>) {
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let retry_after = parse_retry_after(
        response
            .headers()
            .get(header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok()),
        std::time::SystemTime::now(),
    );
    (response.status(), content_type, retry_after)
}

/// The time one attempt may take: its own timeout, cut to what is left before the deadline.
fn attempt_budget(timeout: Duration, now: Instant, deadline: Instant) -> Duration {
    timeout.min(deadline.saturating_duration_since(now))
}

/// A retry is started only when its wait and a whole attempt end before the deadline: one that
/// would be cut short could only fail later, and someone is waiting for the answer.
fn retry_fits(now: Instant, delay: Duration, timeout: Duration, deadline: Instant) -> bool {
    now.checked_add(delay)
        .and_then(|t| t.checked_add(timeout))
        .is_some_and(|end| end <= deadline)
}

fn map_transport(e: reqwest::Error) -> ApiError {
    if e.is_timeout() {
        return ApiError::Timeout;
    }
    // Nothing left this machine when connecting failed (refused, DNS, TLS) or the request
    // could not be built; anything later may have reached the service.
    let sent = !(e.is_connect() || e.is_builder());
    // Without the URL: it is ours anyway, and a person needs the cause, not the address.
    let e = e.without_url();
    let mut message = e.to_string();
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        message = format!("{message}: {s}");
        source = s.source();
    }
    ApiError::Network { message, sent }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_attempt_never_runs_past_the_deadline() {
        let now = Instant::now();
        let s = Duration::from_secs;
        assert_eq!(attempt_budget(s(20), now, now + s(30)), s(20));
        assert_eq!(attempt_budget(s(20), now, now + s(5)), s(5));
        assert_eq!(
            attempt_budget(s(20), now + s(31), now + s(30)),
            Duration::ZERO
        );
    }

    #[test]
    fn a_retry_starts_only_when_its_wait_and_a_whole_attempt_fit() {
        let now = Instant::now();
        let s = Duration::from_secs;
        // Three 20 s attempts of a hung server no longer add up to a minute: after the first,
        // a second whole one does not fit in 30 s.
        assert!(retry_fits(now, s(1), s(20), now + s(30)));
        assert!(retry_fits(now + s(9), s(1), s(20), now + s(30)));
        assert!(!retry_fits(
            now + s(20),
            Duration::from_millis(400),
            s(20),
            now + s(30)
        ));
        assert!(!retry_fits(now, Duration::MAX, s(20), now + s(30)));
    }

    #[test]
    fn backoff_grows_and_honours_retry_after_within_the_cap() {
        let p = RetryPolicy::default();
        assert_eq!(p.delay(0, None), Duration::from_millis(400));
        assert_eq!(p.delay(1, None), Duration::from_millis(800));
        assert_eq!(
            p.delay(0, Some(Duration::from_secs(3))),
            Duration::from_secs(3)
        );
        assert_eq!(
            p.delay(0, Some(Duration::from_secs(300))),
            Duration::from_secs(8)
        );
    }
}
