//! One error type a screen can act on: what went wrong, in words a person can read, with the
//! details needed to decide (retry, re-login, show at a field).

use std::collections::BTreeMap;
use std::fmt;
use std::time::{Duration, SystemTime};

/// Field errors keyed as the service keys them (`firstName`, `emails.0`, …).
pub type FieldErrors = BTreeMap<String, Vec<String>>;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ApiError {
    /// 401: missing, wrong or revoked token.
    #[error("the service refused the token (401): {message}")]
    Unauthorized { message: String },
    /// 403: the token's user may not do this.
    #[error("not allowed (403): {message}")]
    Forbidden { message: String },
    /// 404, or 400 with body code 1000001 ("Model not found").
    #[error("not found: {message}")]
    NotFound { message: String },
    /// 422 with per-field messages.
    #[error("{}", validation_text(message, fields))]
    Validation {
        message: String,
        fields: FieldErrors,
    },
    /// 429, after the automatic retries (GET only) ran out.
    #[error("{}", rate_limited_text(*retry_after))]
    RateLimited { retry_after: Option<Duration> },
    /// 5xx.
    #[error("the service failed ({status}){}", message.as_deref().map(|m| format!(": {m}")).unwrap_or_default())]
    Server {
        status: u16,
        message: Option<String>,
    },
    /// The service answered `success: false`, or with a status that has no better name.
    #[error("the service refused the request ({status}): {message}")]
    Refused {
        status: u16,
        code: Option<i64>,
        message: String,
    },
    /// No answer could be read: refused connection, reset, DNS, TLS, truncated body.
    #[error("network error: {message}")]
    Network {
        message: String,
        /// The connection was made and the request may have reached the service (a reset or
        /// a body cut short), as opposed to failing while connecting (refused, DNS, TLS).
        sent: bool,
    },
    /// No answer within the configured time.
    #[error("the service did not answer in time")]
    Timeout,
    /// An answer that is not the JSON the operation expects: an HTML page, malformed JSON, a
    /// missing payload key.
    #[error("{}", unexpected_text(*status, content_type.as_deref(), reason, body_start))]
    UnexpectedResponse {
        status: u16,
        content_type: Option<String>,
        body_start: String,
        reason: String,
    },
    /// Refused before sending: the request itself breaks a rule of the service.
    #[error("invalid request: {0}")]
    InvalidRequest(String),
    /// The client could not be built (bad base URL, TLS setup).
    #[error("configuration error: {0}")]
    Config(String),
}

fn validation_text(message: &str, fields: &FieldErrors) -> String {
    if fields.is_empty() {
        return format!("rejected (422): {message}");
    }
    let detail: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}: {}", v.join(" ")))
        .collect();
    format!("rejected (422): {}", detail.join("; "))
}

fn rate_limited_text(retry_after: Option<Duration>) -> String {
    match retry_after {
        Some(d) => format!("too many requests (429): retry in {}", wait_text(d)),
        None => "too many requests (429): retry in a moment".to_string(),
    }
}

/// A wait as people say it: seconds up to a minute and a half, then whole minutes (rounded
/// up: retrying early would be refused again).
fn wait_text(d: Duration) -> String {
    let secs = d.as_secs() + u64::from(d.subsec_nanos() > 0);
    match secs.max(1) {
        s if s < 90 => format!("{s}s"),
        s => format!("{} min", s.div_ceil(60)),
    }
}

fn unexpected_text(status: u16, content_type: Option<&str>, reason: &str, body: &str) -> String {
    let ct = content_type.unwrap_or("no content type");
    let preview: String = body.chars().take(80).collect();
    format!("unexpected answer ({status}, {ct}): {reason}; body starts {preview:?}")
}

impl ApiError {
    /// Worth trying again as it is (by a person pressing `r`, or automatically for GETs).
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            Self::RateLimited { .. } | Self::Server { .. } | Self::Network { .. } | Self::Timeout
        )
    }

    /// Whether a write that failed this way may have been applied by the service: its answer
    /// was lost (a timeout, a connection broken after sending, a 5xx, a 2xx that could not be
    /// read). False when nothing reached the service (no connection, refused before sending)
    /// or when the service said no (4xx, `success: false`). A caller that acts on such a
    /// write reads the item back before retrying or rolling back.
    pub fn may_have_been_applied(&self) -> bool {
        match self {
            Self::Timeout | Self::Server { .. } => true,
            Self::Network { sent, .. } => *sent,
            Self::UnexpectedResponse { status, .. } => {
                (200..300).contains(status) || *status >= 500
            }
            _ => false,
        }
    }

    /// Per-field messages of a 422, empty otherwise.
    pub fn field_errors(&self) -> Option<&FieldErrors> {
        match self {
            Self::Validation { fields, .. } => Some(fields),
            _ => None,
        }
    }

    /// A one-line message for a status bar: shorter than `Display`, no technical detail. It
    /// says what happened, not what to do in a particular program: a 401 does not say where the
    /// token came from, since only the caller knows (flag, file, environment).
    pub fn short(&self) -> String {
        match self {
            Self::Unauthorized { .. } => "The token was refused (401).".into(),
            Self::Forbidden { .. } => "Not allowed for this user (403).".into(),
            Self::NotFound { .. } => "Not found: it may have been deleted.".into(),
            Self::Validation { message, fields } => {
                let first = fields.values().flatten().next().unwrap_or(message);
                format!("Rejected: {first}")
            }
            Self::RateLimited {
                retry_after: Some(d),
            } => format!("Too many requests (429): try again in {}.", wait_text(*d)),
            Self::RateLimited { retry_after: None } => {
                "Too many requests (429): try again in a moment.".into()
            }
            Self::Server { status, .. } => format!("The service failed ({status}). Try again."),
            Self::Refused { message, .. } => format!("Refused: {message}"),
            Self::Network { .. } => "Network error: the service is unreachable.".into(),
            Self::Timeout => "The service did not answer in time.".into(),
            Self::UnexpectedResponse { status, .. } => {
                format!("Unexpected answer from the service ({status}).")
            }
            Self::InvalidRequest(m) => m.clone(),
            Self::Config(m) => m.clone(),
        }
    }
}

/// Parsed `Retry-After` (RFC 9110): a number of seconds, or an HTTP-date, which is read as
/// the time left from `now` until then (none when it has passed). Anything else is no hint.
pub(crate) fn parse_retry_after(value: Option<&str>, now: SystemTime) -> Option<Duration> {
    let value = value?.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    let at = httpdate::parse_http_date(value).ok()?;
    Some(at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// A token that never shows itself in `Debug`, `Display` or logs.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    pub fn new(token: impl Into<String>) -> Self {
        Self(token.into().trim().to_string())
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(crate) fn expose(&self) -> &str {
        &self.0
    }

    /// A name for what belongs to this token (a local store's file) that tells nothing of
    /// it: HMAC-SHA256 under `key` of `context` and the token, in hex. Without the key a
    /// guessed token cannot be checked against the name.
    pub fn keyed_digest(&self, key: &[u8], context: &str) -> String {
        let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, key);
        let mut ctx = ring::hmac::Context::with_key(&key);
        // A separator no context holds, so the pair cannot be read two ways.
        ctx.update(context.as_bytes());
        ctx.update(b"\0");
        ctx.update(self.0.as_bytes());
        ctx.sign()
            .as_ref()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

impl fmt::Display for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("***")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_keyed_digest_depends_on_key_context_and_token_and_shows_none() {
        let t = Token::new("wk-secret");
        let d = t.keyed_digest(b"key", "https://a");
        assert_eq!(d.len(), 64);
        assert!(!d.contains("secret"));
        assert_eq!(
            d,
            Token::new(" wk-secret ").keyed_digest(b"key", "https://a")
        );
        assert_ne!(d, t.keyed_digest(b"other key", "https://a"));
        assert_ne!(d, t.keyed_digest(b"key", "https://b"));
        assert_ne!(d, Token::new("wk-other").keyed_digest(b"key", "https://a"));
    }

    #[test]
    fn token_never_prints() {
        let t = Token::new("s3cr3t-value");
        assert!(!format!("{t:?} {t}").contains("s3cr3t"));
    }

    #[test]
    fn validation_message_names_fields() {
        let mut fields = FieldErrors::new();
        fields.insert("emails.0".into(), vec!["must be a valid email".into()]);
        let e = ApiError::Validation {
            message: "invalid".into(),
            fields,
        };
        assert!(e.to_string().contains("emails.0: must be a valid email"));
        assert_eq!(e.short(), "Rejected: must be a valid email");
    }

    #[test]
    fn retry_after_reads_seconds_or_an_http_date() {
        // 2026-11-21 10:00:00 UTC.
        let now = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_255_200);
        let secs = |n| Some(Duration::from_secs(n));
        assert_eq!(parse_retry_after(Some("17"), now), secs(17));
        assert_eq!(parse_retry_after(Some(" 120 "), now), secs(120));
        assert_eq!(
            parse_retry_after(Some("Sat, 21 Nov 2026 10:00:17 GMT"), now),
            secs(17)
        );
        // A date that has passed: no wait.
        assert_eq!(
            parse_retry_after(Some("Sat, 21 Nov 2026 09:59:00 GMT"), now),
            secs(0)
        );
        assert_eq!(parse_retry_after(Some("soon"), now), None);
        assert_eq!(parse_retry_after(Some("-3"), now), None);
        assert_eq!(parse_retry_after(None, now), None);
    }

    #[test]
    fn a_429_says_when_to_try_again() {
        let after = |secs| ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(secs)),
        };
        assert_eq!(
            after(17).short(),
            "Too many requests (429): try again in 17s."
        );
        assert_eq!(
            after(0).short(),
            "Too many requests (429): try again in 1s."
        );
        assert_eq!(
            after(150).short(),
            "Too many requests (429): try again in 3 min."
        );
        assert!(after(17).to_string().contains("retry in 17s"));
        let unknown = ApiError::RateLimited { retry_after: None };
        assert!(
            unknown.short().contains("in a moment"),
            "{}",
            unknown.short()
        );
    }

    #[test]
    fn the_401_line_leaves_the_token_source_to_the_app() {
        let e = ApiError::Unauthorized {
            message: "Unauthenticated.".into(),
        };
        let short = e.short();
        assert!(short.contains("401"), "{short}");
        // Where the token came from (flag, file, environment) is only known to the app.
        for source in ["WEEEK_", "--token", "config"] {
            assert!(!short.contains(source), "{short}");
        }
    }
}
