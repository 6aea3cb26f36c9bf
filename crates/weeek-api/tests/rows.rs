//! One unreadable row never costs the whole list: the readable rows come back, and each
//! unreadable one is reported with its id and the field that failed.

mod common;

use std::time::Duration;

use common::{RawServer, client_with};
use serde_json::{Value, json};
use weeek_api::{ApiError, Client, ListQuery, RetryPolicy, SkippedRow, TaskQuery};

async fn serving(body: &str) -> (RawServer, Client) {
    let server =
        RawServer::answering("200 OK", &[("Content-Type", "application/json")], body).await;
    let client = client_with(
        &server.base_url(),
        "tok",
        RetryPolicy::none(),
        Duration::from_secs(5),
    );
    (server, client)
}

/// An answer whose `key` holds a readable row, `bad`, and another readable row.
fn around(key: &str, good: Value, bad: Value) -> String {
    json!({ "success": true, key: [good.clone(), bad, good] }).to_string()
}

#[tokio::test]
async fn a_numeric_title_skips_one_task_not_the_page() {
    let (_server, client) = serving(
        r#"{"success":true,"hasMore":true,"tasks":[
            {"id":1,"title":"Первая"},
            {"id":17,"title":42},
            {"id":3,"title":"Третья"}]}"#,
    )
    .await;
    let page = client
        .tasks(&TaskQuery::default())
        .await
        .expect("the readable rows");
    let ids: Vec<i64> = page.value.tasks.iter().map(|t| t.id).collect();
    assert_eq!(ids, [1, 3]);
    assert!(page.value.has_more, "the page flag survives a bad row");
    assert!(!page.is_complete());
    assert_eq!(
        page.skipped,
        [SkippedRow {
            index: 1,
            id: Some("17".into()),
            reason: "title: invalid type: integer `42`, expected a string".into(),
        }]
    );
    assert_eq!(
        page.skipped[0].to_string(),
        "id 17: title: invalid type: integer `42`, expected a string"
    );
}

#[tokio::test]
async fn a_bad_nested_field_is_named_by_its_path() {
    let (_server, client) = serving(&around(
        "tasks",
        json!({"id": 1, "title": "ok"}),
        json!({"id": 2, "title": "x", "locations": [{"projectId": 1, "boardId": 1}, "nowhere"]}),
    ))
    .await;
    let page = client.tasks(&TaskQuery::default()).await.expect("page");
    assert_eq!(page.value.tasks.len(), 2);
    let reason = &page.skipped[0].reason;
    assert!(reason.starts_with("locations[1]: "), "{reason}");
}

#[tokio::test]
async fn a_row_that_is_not_a_record_is_reported_by_position() {
    let (_server, client) = serving(&around(
        "members",
        json!({"id": "3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21", "firstName": "Анна"}),
        Value::Null,
    ))
    .await;
    let members = client.members().await.expect("members");
    assert_eq!(members.value.len(), 2);
    assert_eq!(members.skipped[0].id, None);
    assert_eq!(
        members.skipped[0].to_string(),
        "row 2: null where a record belongs"
    );
}

#[tokio::test]
async fn every_list_keeps_its_readable_rows() {
    // For each list: a row of the right shape and one with a field of the wrong type.
    async fn check<T, F, Fut>(key: &str, good: Value, bad: Value, call: F) -> SkippedRow
    where
        F: FnOnce(Client) -> Fut,
        Fut: std::future::Future<Output = Result<weeek_api::Listed<Vec<T>>, ApiError>>,
    {
        let (_server, client) = serving(&around(key, good, bad)).await;
        let listed = call(client).await.unwrap_or_else(|e| panic!("{key}: {e}"));
        assert_eq!(listed.value.len(), 2, "{key}");
        assert_eq!(listed.skipped.len(), 1, "{key}");
        listed.skipped[0].clone()
    }
    let uuid = "8c1d4a7e-2b3f-4d6a-9e5c-1f2a3b4c5d62";
    let slug = "Fn7QwB2kLp9sXe4R";
    let mut reports = vec![
        check(
            "members",
            json!({"id": uuid, "firstName": "Дмитрий"}),
            json!({"id": uuid, "firstName": ["Д"]}),
            |c| async move { c.members().await },
        )
        .await,
        check(
            "tags",
            json!({"id": 1, "title": "bug"}),
            json!({"id": 2, "title": {"ru": "баг"}}),
            |c| async move { c.tags().await },
        )
        .await,
        check(
            "projects",
            json!({"id": 1, "title": "Сайт"}),
            json!({"id": 2, "title": 7}),
            |c| async move { c.projects().await },
        )
        .await,
        check(
            "boards",
            json!({"id": 1, "name": "Разработка", "projectId": 1}),
            json!({"id": 2, "name": false, "projectId": 1}),
            |c| async move { c.boards(1).await },
        )
        .await,
        check(
            "boardColumns",
            json!({"id": 1, "name": "Бэклог", "boardId": 1}),
            json!({"id": 2, "name": 3.5, "boardId": 1}),
            |c| async move { c.board_columns(1).await },
        )
        .await,
        check(
            "funnels",
            json!({"id": slug, "name": "B2B"}),
            json!({"id": "Fn0ArCh1Vq3wKd7E", "name": 1}),
            |c| async move { c.funnels().await },
        )
        .await,
        check(
            "statuses",
            json!({"id": "St1NwLdA8qZ3xK5m", "name": "Новый лид"}),
            json!({"id": "St2QuAl9Bv4cR7nT", "name": 2}),
            |c| async move { c.funnel_statuses(slug).await },
        )
        .await,
        check(
            "organizations",
            json!({"id": uuid, "name": "Альфа"}),
            json!({"id": uuid, "name": 404}),
            |c| async move { c.organizations(&ListQuery::page(50, 0)).await },
        )
        .await,
        check(
            "contacts",
            json!({"id": uuid, "firstName": "Иван"}),
            json!({"id": uuid, "firstName": 12}),
            |c| async move { c.contacts(&ListQuery::page(50, 0)).await },
        )
        .await,
        check(
            "currencies",
            json!({"id": 1, "code": "RUB"}),
            json!({"id": 2, "code": 840}),
            |c| async move { c.currencies().await },
        )
        .await,
    ];

    let (_server, client) = serving(&around(
        "deals",
        json!({"id": "Dl1aaaaaaaaaaaaa", "title": "Сделка"}),
        json!({"id": "Dl2bbbbbbbbbbbbb", "title": 5}),
    ))
    .await;
    let deals = client
        .deals("St1NwLdA8qZ3xK5m", &ListQuery::page(50, 0))
        .await
        .expect("deals");
    assert_eq!(deals.value.deals.len(), 2);
    reports.extend(deals.skipped);

    for report in &reports {
        assert_eq!(report.index, 1, "{report}");
        assert!(report.id.is_some(), "{report}");
        assert!(report.reason.contains("invalid type"), "{report}");
    }
    let fields: Vec<&str> = reports
        .iter()
        .map(|r| r.reason.split(':').next().unwrap_or_default())
        .collect();
    assert_eq!(
        fields,
        [
            "firstName",
            "title",
            "title",
            "name",
            "name",
            "name",
            "name",
            "name",
            "firstName",
            "code",
            "title"
        ]
    );
}

#[tokio::test]
async fn following_pages_counts_skipped_rows_from_the_first_row() {
    // Every page is the same: three rows, the middle one unreadable, more to come.
    let (server, client) = serving(
        r#"{"success":true,"hasMore":true,"tasks":[
            {"id":1,"title":"a"},{"id":2,"title":[]},{"id":3,"title":"c"}]}"#,
    )
    .await;
    let query = TaskQuery {
        per_page: Some(3),
        ..Default::default()
    };
    let all = client.tasks_all(&query, 4).await.expect("two pages");
    assert_eq!(server.seen().len(), 2);
    assert_eq!(all.value.len(), 4);
    let at: Vec<usize> = all.skipped.iter().map(|s| s.index).collect();
    assert_eq!(at, [1, 4]);
}

#[tokio::test]
async fn a_payload_that_is_not_a_list_is_still_an_unexpected_answer() {
    let (_server, client) = serving(r#"{"success":true,"tasks":{"id":1}}"#).await;
    let err = client.tasks(&TaskQuery::default()).await.unwrap_err();
    match err {
        ApiError::UnexpectedResponse { reason, .. } => {
            assert_eq!(reason, "`tasks` is an object, not a list");
        }
        other => panic!("expected UnexpectedResponse, got {other:?}"),
    }
}

#[tokio::test]
async fn values_read_as_empty_are_reported_with_their_field() {
    let (_server, client) = serving(
        r#"{"success":true,"tasks":[
            {"id":1,"title":"Ровная","priority":2,"isCompleted":"0"},
            {"id":2,"title":"Странная","priority":9,"isCompleted":"maybe"},
            {"id":3,"title":"Словами","priority":"urgent","dueDate":"",
             "locations":[{"projectId":"пять"}]}]}"#,
    )
    .await;
    let page = client.tasks(&TaskQuery::default()).await.expect("page");
    assert_eq!(page.value.tasks.len(), 3, "every row is kept");
    assert!(page.skipped.is_empty());
    assert!(page.value.tasks[1].priority.is_none());
    assert!(!page.value.tasks[1].is_completed);
    // In the order the row's fields are read (by name).
    let said: Vec<String> = page.malformed.iter().map(ToString::to_string).collect();
    assert_eq!(
        said,
        [
            "id 2: isCompleted: “maybe” is not a yes or no",
            "id 2: priority: 9 is not a priority (0 to 3)",
            "id 3: locations[0].projectId: “пять” is not a whole number",
            "id 3: priority: “urgent” is not a priority (0 to 3)",
        ]
    );
    assert_eq!(page.malformed[0].index, 1);

    let (_server, client) = serving(&around(
        "deals",
        json!({"id": "Dl1aaaaaaaaaaaaa", "title": "Сделка", "amount": "1500,50"}),
        json!({"id": "Dl2bbbbbbbbbbbbb", "title": "Сделка", "amount": "abc"}),
    ))
    .await;
    let deals = client
        .deals("St1NwLdA8qZ3xK5m", &ListQuery::page(50, 0))
        .await
        .expect("deals");
    let said: Vec<String> = deals.malformed.iter().map(ToString::to_string).collect();
    assert_eq!(said, ["id Dl2bbbbbbbbbbbbb: amount: “abc” is not a number"]);
}
