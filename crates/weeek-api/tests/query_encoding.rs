//! What actually goes on the wire: the query in the service's dialect (`1`/`0`, `name[]=`,
//! `dd.mm.yyyy`), the auth and accept headers, the debug cookie.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::time::Duration;

use common::{RawServer, Seen, Whole, client_with};
use time::macros::date;
use weeek_api::models::Priority;
use weeek_api::{Client, ClientConfig, ListQuery, RetryPolicy, SortBy, SortKey, TaskQuery, Token};

const TOKEN: &str = "wire-token-5581";

async fn tasks_server() -> RawServer {
    RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"tasks":[],"hasMore":false}"#,
    )
    .await
}

fn client(server: &RawServer) -> Client {
    client_with(
        &server.base_url(),
        TOKEN,
        RetryPolicy::none(),
        Duration::from_secs(5),
    )
}

fn only(server: &RawServer) -> Seen {
    let seen = server.seen();
    assert_eq!(seen.len(), 1, "{seen:?}");
    seen.into_iter().next().unwrap()
}

fn values<'a>(pairs: &'a [(String, String)], key: &str) -> Vec<&'a str> {
    pairs
        .iter()
        .filter(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .collect()
}

#[tokio::test]
async fn task_filters_use_the_service_dialect() {
    let server = tasks_server().await;
    let query = TaskQuery {
        completed: Some(false),
        tags: vec![1, 2],
        start_date: Some(date!(2026 - 01 - 05)),
        end_date: Some(date!(2026 - 02 - 28)),
        sort_by: Some(SortBy {
            key: SortKey::Priority,
            descending: true,
        }),
        search: Some("отчёт".into()),
        priority: Some(Priority::High),
        project_id: Some(4),
        per_page: Some(25),
        offset: Some(50),
        ..Default::default()
    };
    let page = client(&server)
        .tasks(&query)
        .await
        .expect("an empty page")
        .whole();
    assert!(page.tasks.is_empty() && !page.has_more);

    let seen = only(&server);
    assert!(
        seen.request_line.starts_with("GET /public/v1/tm/tasks?"),
        "{}",
        seen.request_line
    );
    let raw = seen.raw_query();
    // Brackets may travel raw or percent-encoded; both reach PHP as an array.
    let tag_items = raw
        .split('&')
        .filter(|p| p.starts_with("tags%5B%5D=") || p.starts_with("tags[]="))
        .count();
    assert_eq!(tag_items, 2, "{raw}");
    assert!(
        !raw.split('&').any(|p| p.starts_with("tags=")),
        "tags sent as a scalar: {raw}"
    );
    // UTF-8 of "отчёт", percent-encoded.
    assert!(
        raw.contains("search=%D0%BE%D1%82%D1%87%D1%91%D1%82"),
        "{raw}"
    );

    let pairs = seen.query_pairs();
    assert_eq!(values(&pairs, "completed"), ["0"]);
    assert_eq!(values(&pairs, "tags[]"), ["1", "2"]);
    assert_eq!(values(&pairs, "startDate"), ["05.01.2026"]);
    assert_eq!(values(&pairs, "endDate"), ["28.02.2026"]);
    assert_eq!(values(&pairs, "sortBy"), ["-priority"]);
    assert_eq!(values(&pairs, "search"), ["отчёт"]);
    assert_eq!(values(&pairs, "priority"), ["2"]);
    assert_eq!(values(&pairs, "projectId"), ["4"]);
    assert_eq!(values(&pairs, "perPage"), ["25"]);
    assert_eq!(values(&pairs, "offset"), ["50"]);
    assert!(values(&pairs, "all").is_empty());
}

#[tokio::test]
async fn all_replaces_completed() {
    let server = tasks_server().await;
    let query = TaskQuery {
        completed: Some(true),
        all: true,
        ..Default::default()
    };
    client(&server)
        .tasks(&query)
        .await
        .expect("an empty page")
        .whole();
    let pairs = only(&server).query_pairs();
    assert_eq!(values(&pairs, "all"), ["1"]);
    assert!(values(&pairs, "completed").is_empty(), "{pairs:?}");
}

#[tokio::test]
async fn completed_true_is_one_and_a_blank_search_is_dropped() {
    let server = tasks_server().await;
    let query = TaskQuery {
        completed: Some(true),
        search: Some("   ".into()),
        ..Default::default()
    };
    client(&server)
        .tasks(&query)
        .await
        .expect("an empty page")
        .whole();
    let pairs = only(&server).query_pairs();
    assert_eq!(pairs, [("completed".to_string(), "1".to_string())]);
}

#[tokio::test]
async fn crm_lists_send_limit_offset_and_search() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"contacts":[]}"#,
    )
    .await;
    let query = ListQuery {
        search: Some(" Громов ".into()),
        limit: Some(10),
        offset: Some(20),
    };
    let contacts = client(&server)
        .contacts(&query)
        .await
        .expect("no contacts")
        .whole();
    assert!(contacts.is_empty());
    let seen = only(&server);
    assert!(
        seen.request_line
            .starts_with("GET /public/v1/crm/contacts?")
    );
    let pairs = seen.query_pairs();
    assert_eq!(values(&pairs, "search"), ["Громов"]);
    assert_eq!(values(&pairs, "limit"), ["10"]);
    assert_eq!(values(&pairs, "offset"), ["20"]);
}

#[tokio::test]
async fn path_ids_cannot_change_the_route() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"deal":{"id":"x"}}"#,
    )
    .await;
    client(&server)
        .deal("../ws?x=1")
        .await
        .expect("a deal answer");
    let line = only(&server).request_line;
    assert!(
        line.starts_with("GET /public/v1/crm/deals/..%2Fws%3Fx%3D1 "),
        "{line}"
    );
}

#[tokio::test]
async fn every_request_carries_the_token_and_accepts_json() {
    let server = tasks_server().await;
    client(&server)
        .tasks(&TaskQuery::default())
        .await
        .expect("an empty page")
        .whole();
    let seen = only(&server);
    assert_eq!(
        seen.header("authorization"),
        Some(format!("Bearer {TOKEN}").as_str())
    );
    assert_eq!(seen.header("accept"), Some("application/json"));
    assert_eq!(seen.header("cookie"), None);
    assert_eq!(seen.raw_query(), "");
}

#[tokio::test]
async fn a_write_sends_json_with_the_same_headers() {
    let server = RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r##"{"success":true,"tag":{"id":99,"title":"новый","color":"#123456"}}"##,
    )
    .await;
    let tag = client(&server).create_tag("новый").await.expect("a tag");
    assert_eq!(tag.id, 99);
    let seen = only(&server);
    assert_eq!(seen.request_line, "POST /public/v1/ws/tags HTTP/1.1");
    assert_eq!(
        seen.header("authorization"),
        Some(format!("Bearer {TOKEN}").as_str())
    );
    assert_eq!(seen.header("content-type"), Some("application/json"));
    let body: serde_json::Value = serde_json::from_slice(&seen.body).expect("a JSON body");
    assert_eq!(body, serde_json::json!({"title": "новый"}));
}

#[tokio::test]
async fn the_xdebug_cookie_is_sent_when_configured() {
    let server = tasks_server().await;
    let mut config = ClientConfig::new(server.base_url(), Token::new(TOKEN));
    config.retry = RetryPolicy::none();
    config.xdebug_session = Some("PHPSTORM".into());
    let client = Client::new(config).expect("client builds");
    client.me().await.unwrap_err();
    let seen = only(&server);
    assert_eq!(seen.header("cookie"), Some("XDEBUG_SESSION=PHPSTORM"));
    assert_eq!(
        seen.header("authorization"),
        Some(format!("Bearer {TOKEN}").as_str())
    );
}
