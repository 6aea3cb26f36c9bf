//! Automatic retries of reads: bounded by one deadline for all attempts, and told to an observer
//! as they happen. Every check counts requests the test server saw or notices the observer got;
//! none measures time.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::{RawServer, Script, recorder};
use weeek_api::{ApiError, Client, ClientConfig, NewContact, RetryPolicy, Token};

fn client(server: &RawServer, retry: RetryPolicy, timeout: Duration, deadline: Duration) -> Client {
    let mut config = ClientConfig::new(server.base_url(), Token::new("tok"));
    config.retry = retry;
    config.timeout = timeout;
    config.read_deadline = deadline;
    Client::new(config).expect("client builds")
}

fn retries(max_retries: u32, base_ms: u64) -> RetryPolicy {
    RetryPolicy {
        max_retries,
        base_delay: Duration::from_millis(base_ms),
        max_delay: Duration::from_secs(1),
    }
}

async fn failing() -> RawServer {
    RawServer::answering(
        "500 Internal Server Error",
        &[("Content-Type", "application/json")],
        r#"{"success":false,"message":"Server Error"}"#,
    )
    .await
}

#[tokio::test]
async fn a_hung_server_gets_no_retry_that_could_not_finish_in_time() {
    // Each attempt may take 400 ms and all of them 1 s: after the first times out (at about
    // 400 ms) a second fits, after the second (at 800 ms or later) a third does not.
    let server = RawServer::start(Script::Silence).await;
    let client = client(
        &server,
        retries(5, 10),
        Duration::from_millis(400),
        Duration::from_secs(1),
    );
    let err = client.projects().await.unwrap_err();
    assert_eq!(err, ApiError::Timeout);
    assert_eq!(server.seen().len(), 2);
}

#[tokio::test]
async fn fast_failures_retry_only_while_a_whole_attempt_still_fits() {
    // Attempts fail at once. The first retry waits 200 ms and fits (0.2 + 1 s < 1.5 s); the
    // second would wait 400 ms more and could not finish before the deadline.
    let server = failing().await;
    let client = client(
        &server,
        retries(5, 200),
        Duration::from_secs(1),
        Duration::from_millis(1500),
    );
    let err = client.projects().await.unwrap_err();
    assert!(
        matches!(err, ApiError::Server { status: 500, .. }),
        "{err:?}"
    );
    assert_eq!(server.seen().len(), 2);
}

#[tokio::test]
async fn the_observer_hears_each_retry_before_it_is_made() {
    let server = failing().await;
    let plain = client(
        &server,
        retries(2, 5),
        Duration::from_secs(5),
        Duration::from_secs(30),
    );
    let (notices, observer) = recorder();
    let observed = plain.with_retry_observer(observer);

    observed.projects().await.unwrap_err();
    assert_eq!(server.seen().len(), 3);
    let got: Vec<(u32, u32)> = notices
        .lock()
        .unwrap()
        .iter()
        .map(|n| (n.attempt, n.attempts))
        .collect();
    assert_eq!(got, [(2, 3), (3, 3)]);
    let first = notices.lock().unwrap()[0].clone();
    assert_eq!(first.delay, Duration::from_millis(5));
    assert!(matches!(first.cause, ApiError::Server { status: 500, .. }));

    // The client it was made from stays silent, and a write is never retried nor announced.
    plain.projects().await.unwrap_err();
    observed
        .create_contact(&NewContact {
            first_name: "Анна".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(server.seen().len(), 7);
    assert_eq!(notices.lock().unwrap().len(), 2);
}

#[tokio::test]
async fn a_retry_that_does_not_fit_is_not_announced() {
    let server = failing().await;
    let (notices, observer) = recorder();
    let client = client(
        &server,
        retries(5, 200),
        Duration::from_secs(1),
        Duration::from_millis(1500),
    )
    .with_retry_observer(observer);
    client.projects().await.unwrap_err();
    assert_eq!(server.seen().len(), 2);
    let got: Vec<(u32, u32)> = notices
        .lock()
        .unwrap()
        .iter()
        .map(|n| (n.attempt, n.attempts))
        .collect();
    assert_eq!(got, [(2, 6)]);
}

#[tokio::test]
async fn an_unbounded_deadline_is_accepted() {
    let server = failing().await;
    let client = client(
        &server,
        retries(1, 5),
        Duration::from_secs(5),
        Duration::MAX,
    );
    client.projects().await.unwrap_err();
    assert_eq!(server.seen().len(), 2);
}
