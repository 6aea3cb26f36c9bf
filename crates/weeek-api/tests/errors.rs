//! Every failure maps to the `ApiError` a screen acts on: from the sandbox's real error answers
//! and injected faults, and from a raw server for answers no well-behaved server gives.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::{RawServer, Script, TODAY, Whole, client_with, demo_client, sandbox};
use time::macros::date;
use weeek_api::{
    ApiError, Client, ListQuery, NewContact, NewTask, RetryPolicy, TaskQuery, TaskUpdate,
};
use weeek_sandbox::{Faults, demo_token};

/// Distinctive enough that a leak into any text is unmistakable.
const SECRET: &str = "tok-Zq9xW7-never-print-me-4413";

fn fast_retries() -> RetryPolicy {
    RetryPolicy {
        max_retries: 2,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(50),
    }
}

fn raw_client(server: &RawServer) -> Client {
    client_with(
        &server.base_url(),
        SECRET,
        RetryPolicy::none(),
        Duration::from_secs(5),
    )
}

fn contact(first: &str) -> NewContact {
    NewContact {
        first_name: first.into(),
        ..Default::default()
    }
}

async fn contact_names(client: &Client) -> Vec<String> {
    client
        .contacts(&ListQuery::page(100, 0))
        .await
        .expect("contacts")
        .whole()
        .into_iter()
        .filter_map(|c| c.first_name)
        .collect()
}

// --- answers of the sandbox ------------------------------------------------------------------

#[tokio::test]
async fn wrong_token_is_unauthorized() {
    let sb = sandbox().await;
    let client = client_with(
        &sb.base_url(),
        SECRET,
        RetryPolicy::none(),
        Duration::from_secs(5),
    );
    let err = client.me().await.unwrap_err();
    assert!(matches!(err, ApiError::Unauthorized { .. }), "{err:?}");
    assert!(!err.is_transient());
    assert!(!format!("{err} {err:?}").contains(SECRET));
}

#[tokio::test]
async fn unknown_task_is_not_found_under_400_and_under_html_404() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    // GET answers 400 with code 1000001.
    let err = client.task(999_999).await.unwrap_err();
    assert_eq!(
        err,
        ApiError::NotFound {
            message: "Model not found".into()
        }
    );

    // PUT answers 404 with an HTML page: still "not found", not an unexpected answer.
    let update = TaskUpdate {
        title: Some("x".into()),
        ..Default::default()
    };
    let err = client.update_task(999_999, &update).await.unwrap_err();
    assert!(matches!(err, ApiError::NotFound { .. }), "{err:?}");

    // DELETE answers 404 `{"message":"Record not found"}`.
    let err = client.delete_task(999_999).await.unwrap_err();
    assert_eq!(
        err,
        ApiError::NotFound {
            message: "Record not found".into()
        }
    );
}

#[tokio::test]
async fn validation_errors_carry_the_field_keys() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let err = client.boards(999).await.unwrap_err();
    let fields = err.field_errors().expect("a 422");
    assert!(fields.contains_key("projectId"), "{fields:?}");

    let err = client
        .create_task(&NewTask {
            title: "Nowhere".into(),
            project_id: Some(999),
            ..Default::default()
        })
        .await
        .unwrap_err();
    let fields = err.field_errors().expect("a 422");
    assert!(fields.contains_key("locations.0.projectId"), "{fields:?}");

    // A well-formed UUID passes local checks; only the service knows it names nothing.
    let err = client
        .create_contact(&NewContact {
            organizations: vec!["0b7d3c8e-1111-4222-8333-444455556666".into()],
            ..contact("Борис")
        })
        .await
        .unwrap_err();
    let fields = err.field_errors().expect("a 422");
    assert_eq!(fields.keys().collect::<Vec<_>>(), ["organizations.0"]);
    assert!(!contact_names(&client).await.contains(&"Борис".to_string()));
}

#[tokio::test]
async fn server_errors_on_get_are_retried_then_reported() {
    let sb = sandbox().await;
    let client = client_with(
        &sb.base_url(),
        demo_token(),
        fast_retries(),
        Duration::from_secs(5),
    );
    sb.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 500,
        failure_methods: vec!["GET".into()],
        ..Default::default()
    });
    let (notices, observer) = common::recorder();
    let err = client
        .with_retry_observer(observer)
        .projects()
        .await
        .unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    assert!(err.is_transient());
    // Both retries were made, each after a 500.
    let notices = notices.lock().unwrap();
    let made: Vec<(u32, u32)> = notices.iter().map(|n| (n.attempt, n.attempts)).collect();
    assert_eq!(made, [(2, 3), (3, 3)]);
    assert!(
        notices
            .iter()
            .all(|n| matches!(n.cause, ApiError::Server { status: 500, .. }))
    );
}

#[tokio::test]
async fn a_retry_rescues_a_get_that_failed_once() {
    let sb = sandbox().await;
    let faults = Faults {
        failure_rate: 0.5,
        failure_status: 500,
        ..Default::default()
    };
    // The sandbox fails every second matching request (the 2nd, 4th, …), counted from the
    // moment the faults are set: the first call passes, the second call fails once.
    let without_retry = demo_client(&sb);
    sb.set_faults(faults.clone());
    without_retry.me().await.expect("first request passes");
    let err = without_retry.me().await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );

    let with_retry = client_with(
        &sb.base_url(),
        demo_token(),
        fast_retries(),
        Duration::from_secs(5),
    );
    sb.set_faults(faults);
    with_retry.me().await.expect("first request passes");
    let me = with_retry.me().await.expect("the retry succeeds");
    assert_eq!(me.id, common::ANNA);
}

#[tokio::test]
async fn rate_limit_reports_retry_after() {
    let sb = sandbox().await;
    sb.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 429,
        ..Default::default()
    });
    let err = demo_client(&sb).projects().await.unwrap_err();
    assert_eq!(
        err,
        ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(1))
        }
    );

    // The wait before a retry is capped by `max_delay`, `Retry-After` included.
    let capped = client_with(
        &sb.base_url(),
        demo_token(),
        RetryPolicy {
            max_retries: 1,
            base_delay: Duration::from_millis(5),
            max_delay: Duration::from_millis(20),
        },
        Duration::from_secs(5),
    );
    let (notices, observer) = common::recorder();
    let err = capped
        .with_retry_observer(observer)
        .projects()
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::RateLimited { .. }), "{err:?}");
    let waits: Vec<Duration> = notices.lock().unwrap().iter().map(|n| n.delay).collect();
    assert_eq!(
        waits,
        [Duration::from_millis(20)],
        "1 s asked, 20 ms allowed"
    );
}

#[tokio::test]
async fn a_failed_post_is_not_resent() {
    let sb = sandbox().await;
    // Retries are on: they must still not apply to a POST.
    let client = client_with(
        &sb.base_url(),
        demo_token(),
        fast_retries(),
        Duration::from_secs(5),
    );
    let before = contact_names(&client).await.len();
    sb.set_faults(Faults {
        failure_rate: 0.5,
        failure_status: 500,
        failure_methods: vec!["POST".into()],
        ..Default::default()
    });
    // POSTs alternate pass, fail, pass: a resend of the failed one would have passed.
    client
        .create_contact(&contact("Первый"))
        .await
        .expect("1st POST passes");
    let err = client.create_contact(&contact("Второй")).await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    let names = contact_names(&client).await;
    assert_eq!(names.len(), before + 1);
    assert!(!names.contains(&"Второй".to_string()));

    client
        .create_contact(&contact("Третий"))
        .await
        .expect("3rd POST passes");
    let names = contact_names(&client).await;
    assert_eq!(names.len(), before + 2);
    assert!(names.contains(&"Первый".to_string()) && names.contains(&"Третий".to_string()));
}

// --- answers of a raw server -----------------------------------------------------------------

#[tokio::test]
async fn html_with_200_is_an_unexpected_response() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "text/html; charset=UTF-8")],
        "<!DOCTYPE html><html><body>Maintenance</body></html>",
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    match &err {
        ApiError::UnexpectedResponse {
            status,
            content_type,
            body_start,
            ..
        } => {
            assert_eq!(*status, 200);
            assert!(
                content_type
                    .as_deref()
                    .is_some_and(|ct| ct.starts_with("text/html")),
                "{content_type:?}"
            );
            assert!(body_start.starts_with("<!DOCTYPE"), "{body_start:?}");
        }
        other => panic!("expected UnexpectedResponse, got {other:?}"),
    }
}

#[tokio::test]
async fn malformed_json_is_an_unexpected_response() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"user":{"id":"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert!(
        matches!(err, ApiError::UnexpectedResponse { status: 200, .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn a_missing_payload_key_is_an_unexpected_response() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true}"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert!(
        matches!(err, ApiError::UnexpectedResponse { status: 200, .. }),
        "{err:?}"
    );
}

#[tokio::test]
async fn success_false_with_200_is_refused() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":false,"message":"x"}"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert_eq!(
        err,
        ApiError::Refused {
            status: 200,
            code: None,
            message: "x".into()
        }
    );
}

#[tokio::test]
async fn a_truncated_body_is_a_network_error() {
    let server = RawServer::answering(
        "200 OK",
        &[
            ("Content-Type", "application/json"),
            ("Content-Length", "500"),
        ],
        r#"{"success":true,"user":{"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
}

#[tokio::test]
async fn silence_is_a_timeout() {
    let server = RawServer::start(Script::Silence).await;
    let client = client_with(
        &server.base_url(),
        SECRET,
        RetryPolicy::none(),
        Duration::from_millis(300),
    );
    let err = client.me().await.unwrap_err();
    assert_eq!(err, ApiError::Timeout);
    assert_eq!(server.seen().len(), 1);
}

#[tokio::test]
async fn a_refused_connection_is_a_network_error() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.local_addr().expect("address").port()
    };
    let client = client_with(
        &format!("http://127.0.0.1:{port}/public/v1"),
        SECRET,
        RetryPolicy::none(),
        Duration::from_secs(5),
    );
    let err = client.me().await.unwrap_err();
    assert!(matches!(err, ApiError::Network { .. }), "{err:?}");
    assert!(!format!("{err} {err:?}").contains(SECRET));
}

#[tokio::test]
async fn html_503_is_a_server_error() {
    let server = RawServer::answering(
        "503 Service Unavailable",
        &[("Content-Type", "text/html")],
        "<!DOCTYPE html><html><body>Bad gateway</body></html>",
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert_eq!(
        err,
        ApiError::Server {
            status: 503,
            message: None
        }
    );
}

#[tokio::test]
async fn status_403_is_forbidden() {
    let server = RawServer::answering(
        "403 Forbidden",
        &[("Content-Type", "application/json")],
        r#"{"success":false,"message":"This action is unauthorized."}"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert_eq!(
        err,
        ApiError::Forbidden {
            message: "This action is unauthorized.".into()
        }
    );
}

#[tokio::test]
async fn status_429_reads_retry_after_seconds() {
    let server = RawServer::answering(
        "429 Too Many Requests",
        &[("Content-Type", "application/json"), ("Retry-After", "7")],
        r#"{"success":false,"message":"Too Many Attempts."}"#,
    )
    .await;
    let err = raw_client(&server).me().await.unwrap_err();
    assert_eq!(
        err,
        ApiError::RateLimited {
            retry_after: Some(Duration::from_secs(7))
        }
    );
    assert_eq!(server.seen().len(), 1);
}

#[tokio::test]
async fn retries_resend_a_get_but_never_a_post() {
    let server = RawServer::answering(
        "500 Internal Server Error",
        &[("Content-Type", "application/json")],
        r#"{"success":false,"message":"Server Error"}"#,
    )
    .await;
    let client = client_with(
        &server.base_url(),
        SECRET,
        fast_retries(),
        Duration::from_secs(5),
    );

    let err = client.projects().await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    assert_eq!(server.seen().len(), 3, "one attempt and two retries");

    let err = client.create_contact(&contact("Анна")).await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    let posts = server
        .seen()
        .iter()
        .filter(|s| s.request_line.starts_with("POST "))
        .count();
    assert_eq!(posts, 1);
}

#[tokio::test]
async fn a_one_sided_date_range_never_leaves_the_client() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"tasks":[],"hasMore":false}"#,
    )
    .await;
    let client = raw_client(&server);
    let query = TaskQuery {
        start_date: Some(TODAY),
        ..Default::default()
    };
    let err = client.tasks(&query).await.unwrap_err();
    assert!(matches!(err, ApiError::InvalidRequest(_)), "{err:?}");
    let err = client.tasks_all(&query, 100).await.unwrap_err();
    assert!(matches!(err, ApiError::InvalidRequest(_)), "{err:?}");
    assert_eq!(server.connections(), 0);

    // The same server does answer a valid query: the refusal above was the client's own.
    let both = TaskQuery {
        start_date: Some(TODAY),
        end_date: Some(date!(2026 - 11 - 30)),
        ..Default::default()
    };
    client
        .tasks(&both)
        .await
        .expect("a full range is sent")
        .whole();
    assert_eq!(server.connections(), 1);
}

#[tokio::test]
async fn the_token_never_shows_in_debug_or_errors() {
    let html = RawServer::answering(
        "200 OK",
        &[("Content-Type", "text/html")],
        "<!DOCTYPE html><p>hi</p>",
    )
    .await;
    let client = raw_client(&html);
    assert!(!format!("{client:?}").contains(SECRET));

    let mut errors = vec![client.me().await.unwrap_err()];
    for (status, headers, body) in [
        (
            "401 Unauthorized",
            vec![("Content-Type", "application/json")],
            r#"{"success":false,"code":2000000,"message":"Unauthenticated."}"#,
        ),
        ("403 Forbidden", vec![], ""),
        (
            "404 Not Found",
            vec![("Content-Type", "text/html")],
            "<!DOCTYPE html>",
        ),
        (
            "422 Unprocessable Content",
            vec![("Content-Type", "application/json")],
            r#"{"success":false,"errors":{"projectId":["bad"]}}"#,
        ),
        ("429 Too Many Requests", vec![("Retry-After", "3")], ""),
        ("500 Internal Server Error", vec![], "oops"),
        ("418 I'm a teapot", vec![], "<html>"),
        (
            "200 OK",
            vec![
                ("Content-Type", "application/json"),
                ("Content-Length", "99"),
            ],
            "{",
        ),
    ] {
        let server = RawServer::answering(status, &headers, body).await;
        errors.push(raw_client(&server).me().await.unwrap_err());
    }
    let silent = RawServer::start(Script::Silence).await;
    let impatient = client_with(
        &silent.base_url(),
        SECRET,
        RetryPolicy::none(),
        Duration::from_millis(200),
    );
    assert!(!format!("{impatient:?}").contains(SECRET));
    errors.push(impatient.me().await.unwrap_err());

    assert_eq!(errors.len(), 10);
    for err in &errors {
        let text = format!("{err} | {err:?} | {}", err.short());
        assert!(!text.contains(SECRET), "token leaked: {text}");
    }
}

/// A `*.localhost` base URL over plain http reaches this host without asking DNS (this
/// machine's resolver knows no such name) and through no proxy.
#[tokio::test]
async fn a_localhost_name_is_reached_on_loopback_without_dns() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"user":{"id":"11111111-1111-4111-8111-111111111111"}}"#,
    )
    .await;
    let base = format!(
        "http://weeek-{}.localhost:{}/public/v1",
        std::process::id(),
        server.addr.port()
    );
    let client = client_with(&base, SECRET, RetryPolicy::none(), Duration::from_secs(5));
    let me = client.me().await.expect("reached on loopback");
    assert_eq!(me.id, "11111111-1111-4111-8111-111111111111");
    assert_eq!(server.seen().len(), 1);
    assert_eq!(
        server.seen()[0].header("authorization"),
        Some(format!("Bearer {SECRET}").as_str())
    );
}
