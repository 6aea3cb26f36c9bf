//! Whether a failed write may have been applied: the service may have done it when the request
//! went out and the answer was lost, never when no connection was made or the service refused.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::{RawServer, Script, client_with};
use weeek_api::{ApiError, Client, NewTask, RetryPolicy};

const SECRET: &str = "lost-answer-token";

fn client(base_url: &str) -> Client {
    client_with(
        base_url,
        SECRET,
        RetryPolicy::none(),
        Duration::from_millis(500),
    )
}

fn new_task() -> NewTask {
    NewTask {
        title: "Созвон".into(),
        ..Default::default()
    }
}

async fn create_against(status: &str, headers: &[(&str, &str)], body: &str) -> ApiError {
    let server = RawServer::answering(status, headers, body).await;
    let err = client(&server.base_url())
        .create_task(&new_task())
        .await
        .unwrap_err();
    assert_eq!(server.seen().len(), 1, "the create went out once");
    err
}

#[tokio::test]
async fn no_connection_means_not_applied() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address").port()
    };
    let err = client(&format!("http://127.0.0.1:{port}/public/v1"))
        .create_task(&new_task())
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
    assert!(!err.may_have_been_applied(), "{err:?}");
}

#[tokio::test]
async fn a_connection_closed_after_the_request_may_have_been_applied() {
    let server = RawServer::start(Script::Answer(Vec::new())).await;
    let err = client(&server.base_url())
        .create_task(&new_task())
        .await
        .unwrap_err();
    assert_eq!(server.seen().len(), 1);
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
    assert!(err.may_have_been_applied(), "{err:?}");
}

#[tokio::test]
async fn a_body_cut_short_may_have_been_applied() {
    let err = create_against(
        "200 OK",
        &[
            ("Content-Type", "application/json"),
            ("Content-Length", "500"),
        ],
        r#"{"success":true,"task":{"#,
    )
    .await;
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
    assert!(err.may_have_been_applied(), "{err:?}");
}

#[tokio::test]
async fn silence_may_have_been_applied() {
    let server = RawServer::start(Script::Silence).await;
    let err = client(&server.base_url())
        .create_task(&new_task())
        .await
        .unwrap_err();
    assert_eq!(err, ApiError::Timeout);
    assert!(err.may_have_been_applied());
}

#[tokio::test]
async fn a_server_error_may_have_been_applied() {
    let err = create_against(
        "500 Internal Server Error",
        &[("Content-Type", "application/json")],
        r#"{"success":false,"message":"Server Error"}"#,
    )
    .await;
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    assert!(err.may_have_been_applied());
}

#[tokio::test]
async fn an_undecodable_200_may_have_been_applied() {
    for (ct, body) in [
        ("application/json", r#"{"success":true,"task":{"id":"#),
        ("text/html", "<!doctype html><p>ok</p>"),
        ("application/json", r#"{"success":true}"#),
    ] {
        let err = create_against("200 OK", &[("Content-Type", ct)], body).await;
        assert!(
            matches!(err, ApiError::UnexpectedResponse { status: 200, .. }),
            "{err:?}"
        );
        assert!(err.may_have_been_applied(), "{body}: {err:?}");
    }
}

#[tokio::test]
async fn refusals_were_not_applied() {
    for (status, body) in [
        (
            "422 Unprocessable Content",
            r#"{"success":false,"message":"The given data was invalid.","errors":{"title":["The title field is required."]}}"#,
        ),
        (
            "401 Unauthorized",
            r#"{"success":false,"code":2000000,"message":"Unauthenticated."}"#,
        ),
        (
            "403 Forbidden",
            r#"{"success":false,"message":"Forbidden."}"#,
        ),
        ("404 Not Found", r#"{"message":"Record not found"}"#),
        (
            "429 Too Many Requests",
            r#"{"success":false,"message":"Too Many Attempts."}"#,
        ),
        ("200 OK", r#"{"success":false,"message":"nope"}"#),
    ] {
        let err = create_against(status, &[("Content-Type", "application/json")], body).await;
        assert!(!err.may_have_been_applied(), "{status}: {err:?}");
    }
}

#[test]
fn errors_raised_before_sending_were_not_applied() {
    assert!(!ApiError::InvalidRequest("bad".into()).may_have_been_applied());
    assert!(!ApiError::Config("bad".into()).may_have_been_applied());
}

#[tokio::test]
async fn a_429_on_a_write_says_when_to_try_again() {
    let err = create_against(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", "17")],
        r#"{"success":false,"message":"Too Many Attempts."}"#,
    )
    .await;
    assert_eq!(
        err,
        ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(17))
        }
    );
    assert!(!err.may_have_been_applied());
    assert_eq!(err.short(), "Too many requests (429): try again in 17s.");

    // The other form of the header: the date after which to try again.
    let at = std::time::SystemTime::now() + Duration::from_secs(120);
    let date = httpdate::fmt_http_date(at);
    let err = create_against(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", &date)],
        r#"{"success":false,"message":"Too Many Attempts."}"#,
    )
    .await;
    let Some(wait) = (match err {
        ApiError::RateLimited { retry_after } => retry_after,
        other => panic!("{other:?}"),
    }) else {
        panic!("the date was read")
    };
    // Whole seconds in the header: up to one lost, and the time the test took.
    assert!(
        (Duration::from_secs(100)..=Duration::from_secs(120)).contains(&wait),
        "{wait:?}"
    );
}

/// Where the service's clock stands is read from its answers, a refusal's too: what a look for
/// a lost create compares the service's timestamps with.
#[tokio::test]
async fn the_service_clock_is_read_from_the_date_of_any_answer() {
    let server = RawServer::answering(
        "503 Service Unavailable",
        &[
            ("content-type", "application/json"),
            ("date", "Sat, 21 Nov 2026 10:00:00 GMT"),
        ],
        r#"{"success":false}"#,
    )
    .await;
    let client = client(&server.base_url());
    assert_eq!(client.service_clock_offset(), None, "nothing answered yet");
    let before = time::OffsetDateTime::now_utc();
    client.create_task(&new_task()).await.unwrap_err();
    let after = time::OffsetDateTime::now_utc();
    let offset = client.service_clock_offset().expect("measured");
    let told = time::macros::datetime!(2026-11-21 10:00 UTC);
    // The answer's time less the moment it arrived, which lies between these two.
    assert!(
        offset <= told - before && offset >= told - after,
        "{offset}"
    );
}

/// The sandbox stamps its answers with its own clock: pinned, `Date` reads the pinned instant,
/// so the offset a client measures is the one between the sandbox's timestamps and its clock.
#[tokio::test]
async fn a_pinned_sandbox_dates_its_answers_by_its_own_clock() {
    let sandbox = common::sandbox().await;
    let client = common::demo_client(&sandbox);
    let before = time::OffsetDateTime::now_utc();
    client.me().await.expect("me");
    let offset = client.service_clock_offset().expect("measured");
    // At most a second under (`Date` drops the fraction), never over what has passed.
    let pinned = common::NOW - before;
    assert!(
        offset <= pinned + time::Duration::seconds(1),
        "{offset} vs {pinned}"
    );
    assert!(
        offset >= pinned - time::Duration::seconds(30),
        "{offset} vs {pinned}"
    );
}
