//! Task filters, ordering, paging and mutations.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashSet;

use common::{ANNA, Api, DMITRY, IVAN, MARIA, NOT_A_MEMBER};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn ids(tasks: &[Value]) -> Vec<i64> {
    tasks.iter().map(|t| t["id"].as_i64().unwrap()).collect()
}

#[tokio::test]
async fn seed_covers_the_demo_needs() {
    let api = Api::start().await;
    let all = api.all_tasks("all=1").await;
    assert!(all.len() >= 300, "{} tasks", all.len());
    for priority in [json!(null), json!(0), json!(1), json!(2), json!(3)] {
        assert!(all.iter().any(|t| t["priority"] == priority), "{priority}");
    }
    for kind in ["action", "meet", "call"] {
        assert!(all.iter().any(|t| t["type"] == kind), "{kind}");
    }
    assert!(all.iter().any(|t| t["isDeleted"] == true));
    assert!(
        all.iter()
            .any(|t| t["isCompleted"] == true && t["completedAt"].is_string())
    );
    assert!(all.iter().any(|t| t["overdue"].as_i64().unwrap() > 0));
    assert!(all.iter().any(|t| t["dueDate"] == "2026-11-21"));
    assert!(all.iter().any(|t| t["dueDate"].is_null()));
    assert!(
        all.iter()
            .any(|t| !t["subTasks"].as_array().unwrap().is_empty())
    );
    assert!(
        all.iter()
            .any(|t| !t["attachments"].as_array().unwrap().is_empty())
    );
    assert!(
        all.iter()
            .any(|t| t["title"].as_str().unwrap_or("").chars().count() >= 280)
    );

    let mine = api.all_tasks(&format!("completed=0&userId={ANNA}")).await;
    assert!(
        (50..=75).contains(&mine.len()),
        "{} open tasks for Anna",
        mine.len()
    );

    // The seed is deterministic (file links name the sandbox that answered).
    let other = Api::start().await;
    let again = other.all_tasks("all=1").await;
    assert_eq!(
        api.without_origin(&Value::from(all)),
        other.without_origin(&Value::from(again))
    );
}

#[tokio::test]
async fn filters_narrow_the_list() {
    let api = Api::start().await;

    let high = api.all_tasks("priority=2").await;
    assert!(!high.is_empty());
    assert!(high.iter().all(|t| t["priority"] == 2));

    let maria = api.all_tasks(&format!("userId={MARIA}")).await;
    assert!(!maria.is_empty());
    assert!(
        maria
            .iter()
            .all(|t| t["assignees"].as_array().unwrap().contains(&json!(MARIA)))
    );
    // Matches any assignee, not only the primary one.
    assert!(maria.iter().any(|t| t["userId"] != MARIA));

    let calls = api.all_tasks("type=call").await;
    assert!(!calls.is_empty() && calls.iter().all(|t| t["type"] == "call"));

    let board = api.all_tasks("boardId=2").await;
    assert!(!board.is_empty());
    assert!(board.iter().all(|t| {
        t["locations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["boardId"] == 2)
    }));
    let column = api.all_tasks("projectId=3&boardColumnId=14").await;
    assert!(!column.is_empty());
    assert!(column.iter().all(|t| {
        t["locations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["boardColumnId"] == 14 && l["projectId"] == 3)
    }));

    let tagged = api.all_tasks("tags[]=1&tags[]=4").await;
    assert!(!tagged.is_empty());
    assert!(tagged.iter().all(|t| {
        let tags = t["tags"].as_array().unwrap();
        tags.contains(&json!(1)) || tags.contains(&json!(4))
    }));

    let open = api.all_tasks("completed=0").await;
    let done = api.all_tasks("completed=1").await;
    let both = api.all_tasks("").await;
    assert!(open.iter().all(|t| t["isCompleted"] == false));
    assert!(done.iter().all(|t| t["isCompleted"] == true));
    assert_eq!(open.len() + done.len(), both.len());
    assert!(both.iter().all(|t| t["isDeleted"] == false));

    // AND of filters.
    let combined = api
        .all_tasks(&format!("priority=2&userId={IVAN}&completed=0"))
        .await;
    assert!(combined.iter().all(|t| t["priority"] == 2
        && t["isCompleted"] == false
        && t["assignees"].as_array().unwrap().contains(&json!(IVAN))));
}

#[tokio::test]
async fn search_is_case_insensitive_and_unicode_aware() {
    let api = Api::start().await;
    let search = |text: &str| {
        format!(
            "search={}",
            form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>()
        )
    };
    let upper = api.all_tasks(&search("СБП")).await;
    let lower = api.all_tasks(&search("сбп")).await;
    assert!(!upper.is_empty());
    assert_eq!(ids(&upper), ids(&lower));
    assert!(ids(&upper).contains(&1));

    // Found in the description's text only.
    let in_description = api.all_tasks(&search("БАНКОВСКОГО Приложения")).await;
    assert_eq!(ids(&in_description), vec![1]);
    // Markup is not searched.
    assert!(api.all_tasks(&search("<li>")).await.is_empty());
    // "ё" and "е" are the same letter to search, as in the service's collation.
    let with_yo = api.all_tasks(&search("отчёт")).await;
    assert!(!with_yo.is_empty());
    assert_eq!(ids(&api.all_tasks(&search("ОТЧЕТ")).await), ids(&with_yo));
    assert!(
        api.all_tasks("search=no-such-words-anywhere")
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn all_includes_deleted_and_completed() {
    let api = Api::start().await;
    let all = api.all_tasks("all=1&completed=0").await;
    assert!(all.iter().any(|t| t["isDeleted"] == true));
    assert!(all.iter().any(|t| t["isCompleted"] == true));
    let listed = api.all_tasks("").await;
    assert!(all.len() > listed.len());
}

#[tokio::test]
async fn date_filters() {
    let api = Api::start().await;
    // Tasks whose span overlaps the week 23–29 Nov 2026.
    let week = api
        .all_tasks("startDate=23.11.2026&endDate=29.11.2026")
        .await;
    assert!(!week.is_empty());
    for task in &week {
        let start = task["startDate"]
            .as_str()
            .or(task["dueDate"].as_str())
            .unwrap();
        let end = task["dueDate"]
            .as_str()
            .or(task["startDate"].as_str())
            .unwrap();
        assert!(
            start.min(end) <= "2026-11-29" && start.max(end) >= "2026-11-23",
            "{task}"
        );
    }
    let today = api.all_tasks("day=21.11.2026").await;
    assert!(!today.is_empty());
    for task in &today {
        let start = task["startDate"]
            .as_str()
            .or(task["dueDate"].as_str())
            .unwrap();
        let end = task["dueDate"]
            .as_str()
            .or(task["startDate"].as_str())
            .unwrap();
        assert!(start <= "2026-11-21" && end >= "2026-11-21", "{task}");
    }
    let completed = api
        .all_tasks("completedAtFrom=10.11.2026&completedAtTo=15.11.2026")
        .await;
    assert!(!completed.is_empty());
    for task in &completed {
        let at = task["completedAt"].as_str().unwrap();
        assert!(("2026-11-10".."2026-11-16").contains(&&at[..10]), "{at}");
    }
}

#[tokio::test]
async fn sorting_and_paging() {
    let api = Api::start().await;
    let sorted = api.all_tasks("sortBy=-priority").await;
    let priorities: Vec<Option<i64>> = sorted.iter().map(|t| t["priority"].as_i64()).collect();
    assert!(
        priorities.windows(2).all(|w| w[0] >= w[1]),
        "non-increasing"
    );
    assert_eq!(priorities.first(), Some(&Some(3)));

    let by_due = api.all_tasks("sortBy=date&completed=0").await;
    let dues: Vec<Option<&str>> = by_due.iter().map(|t| t["dueDate"].as_str()).collect();
    assert!(dues.windows(2).all(|w| w[0] <= w[1]));

    // Walking pages of 7 visits every task once.
    let mut seen = HashSet::new();
    let mut offset = 0;
    loop {
        let page = api
            .ok(&format!("/tm/tasks?perPage=7&offset={offset}&sortBy=name"))
            .await;
        let tasks = page["tasks"].as_array().unwrap();
        assert!(tasks.len() <= 7);
        for id in ids(tasks) {
            assert!(seen.insert(id), "task {id} seen twice");
        }
        offset += tasks.len();
        if page["hasMore"] == false {
            break;
        }
    }
    assert_eq!(seen.len(), api.all_tasks("").await.len());

    // Default and maximum page sizes.
    let default = api.ok("/tm/tasks").await;
    assert_eq!(
        default["tasks"].as_array().unwrap().len(),
        weeek_sandbox::TASKS_DEFAULT_PER_PAGE
    );
    let clamped = api.ok("/tm/tasks?perPage=1000").await;
    assert_eq!(
        clamped["tasks"].as_array().unwrap().len(),
        weeek_sandbox::TASKS_MAX_PER_PAGE
    );
}

#[tokio::test]
async fn create_update_complete_delete_round_trip() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks",
            json!({
                "title": "Проверить отчёт",
                "description": "Первая строка\nвторая <строка>",
                "locations": [{"projectId": 1, "boardColumnId": 2}],
                "assignees": [DMITRY, IVAN],
                "dueDate": "2026-11-25",
                "priority": 1
            }),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let task = created.json()["task"].clone();
    let id = task["id"].as_i64().unwrap();
    assert_eq!(
        task["description"],
        json!("<p>Первая строка</p><p>вторая &lt;строка&gt;</p>")
    );
    assert_eq!(task["type"], json!("action"));
    assert_eq!(task["userId"], json!(DMITRY));
    assert_eq!(task["authorId"], json!(ANNA));
    assert_eq!(
        task["locations"],
        json!([{"projectId": 1, "boardId": 1, "boardColumnId": 2}])
    );
    assert_eq!(task["date"], json!("25.11.2026"));

    // Defaults of a bare create.
    let bare = api.post("/tm/tasks", json!({})).await.json()["task"].clone();
    assert_eq!(bare["title"], json!(null));
    assert_eq!(bare["priority"], json!(null));
    assert_eq!(bare["type"], json!("action"));
    assert_eq!(bare["locations"], json!([]));

    // Legacy placement: a board alone means its first column.
    let legacy = api
        .post("/tm/tasks", json!({"title": "legacy", "boardId": 3}))
        .await
        .json()["task"]
        .clone();
    assert_eq!(legacy["boardColumnId"], json!(9));
    assert_eq!(legacy["projectId"], json!(2));

    let unknown_project = api.post("/tm/tasks", json!({"projectId": 999})).await;
    assert_eq!(unknown_project.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        unknown_project.json()["errors"],
        json!({"projectId": ["The selected project id is invalid."]})
    );

    // Update: only sent keys change; description is ignored.
    let updated = api
        .put(
            &format!("/tm/tasks/{id}"),
            json!({
                "title": "",
                "priority": null,
                "type": null,
                "dueDate": "",
                "startDate": "2026-11-22",
                "tags": [1, 2],
                "description": "ignored",
                "customFields": {"9df95ae9-43b3-485a-8789-9f2d04c0e725": 5},
                "boardColumnId": 3,
                "bogus": true
            }),
        )
        .await;
    assert_eq!(updated.status, StatusCode::OK, "{}", updated.text);
    let task = updated.json()["task"].clone();
    assert_eq!(task["title"], json!(null));
    assert_eq!(task["priority"], json!(null));
    assert_eq!(task["type"], json!("action"));
    assert_eq!(task["dueDate"], json!(null));
    assert_eq!(task["startDate"], json!("2026-11-22"));
    assert_eq!(task["tags"], json!([1, 2]));
    assert_eq!(
        task["description"],
        json!("<p>Первая строка</p><p>вторая &lt;строка&gt;</p>")
    );
    assert_eq!(task["boardColumnId"], json!(3));
    let story_points = task["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "Story points")
        .unwrap()
        .clone();
    assert_eq!(story_points["value"], json!(5));

    // Cross-board move with the deprecated keys.
    let moved = api
        .put(
            &format!("/tm/tasks/{id}"),
            json!({"boardId": 2, "boardColumnId": 6}),
        )
        .await
        .json()["task"]
        .clone();
    assert_eq!(
        moved["locations"],
        json!([{"projectId": 1, "boardId": 2, "boardColumnId": 6}])
    );

    // Complete and un-complete.
    let ack = api
        .post(&format!("/tm/tasks/{id}/complete"), json!({}))
        .await;
    assert_eq!(ack.json(), json!({"success": true}));
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(task["isCompleted"], json!(true));
    assert!(task["completedAt"].as_str().unwrap().ends_with('Z'));
    let ack = api
        .post(&format!("/tm/tasks/{id}/un-complete"), json!({}))
        .await;
    assert_eq!(ack.json(), json!({"success": true}));
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(task["isCompleted"], json!(false));
    assert_eq!(task["completedAt"], json!(null));

    // Soft delete.
    let ack = api.delete(&format!("/tm/tasks/{id}"), None).await;
    assert_eq!(ack.json(), json!({"success": true}));
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(task["isDeleted"], json!(true));
    assert!(!ids(&api.all_tasks("").await).contains(&id));
    assert!(ids(&api.all_tasks("all=1").await).contains(&id));
}

#[tokio::test]
async fn assignees_follow_the_primary_rules() {
    let api = Api::start().await;
    let id = api.post("/tm/tasks", json!({"title": "a"})).await.json()["task"]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/tm/tasks/{id}/assignees");
    let show = format!("/tm/tasks/{id}");

    let ack = api.post(&path, json!({"assignees": [MARIA, IVAN]})).await;
    assert_eq!(ack.json(), json!({"success": true}));
    let t = api.ok(&show).await["task"].clone();
    assert_eq!(t["userId"], json!(MARIA));
    assert_eq!(t["assignees"], json!([MARIA, IVAN]));

    api.post(&path, json!({"assignees": [MARIA]})).await;
    assert_eq!(
        api.ok(&show).await["task"]["assignees"],
        json!([MARIA, IVAN])
    );

    api.delete(&path, Some(json!({"assignees": [MARIA]}))).await;
    let t = api.ok(&show).await["task"].clone();
    assert_eq!(t["userId"], json!(IVAN));
    assert_eq!(t["assignees"], json!([IVAN]));

    let empty = api.post(&path, json!({"assignees": []})).await;
    assert_eq!(empty.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        empty.json(),
        json!({
            "success": false,
            "message": "The field is required.",
            "errors": {"assignees": ["The field is required."]}
        })
    );
    let stranger = api.post(&path, json!({"assignees": [NOT_A_MEMBER]})).await;
    assert_eq!(stranger.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        stranger.json()["errors"],
        json!({"assignees.0": ["The selected assignees.0 is invalid."]})
    );
}

#[tokio::test]
async fn locations_add_move_and_remove() {
    let api = Api::start().await;
    let id = api
        .post("/tm/tasks", json!({"title": "l", "boardColumnId": 2}))
        .await
        .json()["task"]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/tm/tasks/{id}/locations");

    let added = api
        .post(&path, json!({"projectId": 2, "boardColumnId": 10}))
        .await;
    assert_eq!(added.status, StatusCode::NO_CONTENT);
    assert!(added.text.is_empty());
    let moved = api
        .post(&path, json!({"projectId": 1, "boardColumnId": 4}))
        .await;
    assert_eq!(moved.status, StatusCode::NO_CONTENT);
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(
        task["locations"],
        json!([
            {"projectId": 1, "boardId": 1, "boardColumnId": 4},
            {"projectId": 2, "boardId": 3, "boardColumnId": 10}
        ])
    );

    let removed = api.delete(&path, Some(json!({"projectId": 1}))).await;
    assert_eq!(removed.status, StatusCode::NO_CONTENT);
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(
        task["locations"],
        json!([{"projectId": 2, "boardId": 3, "boardColumnId": 10}])
    );
    assert_eq!(task["projectId"], json!(2));

    let wrong_column = api
        .post(&path, json!({"projectId": 2, "boardColumnId": 1}))
        .await;
    assert_eq!(wrong_column.status, StatusCode::UNPROCESSABLE_ENTITY);

    // Legacy moves answer an ack.
    let ack = api
        .post(
            &format!("/tm/tasks/{id}/board-column"),
            json!({"boardColumnId": 11}),
        )
        .await;
    assert_eq!(ack.json(), json!({"success": true}));
    let task = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    assert_eq!(task["boardColumnId"], json!(11));
}

#[tokio::test]
async fn time_entries_show_in_the_task() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks/5/time-entries",
            json!({"userId": ANNA, "isOvertime": 0, "date": "2026-11-20", "duration": 45}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let entry = created.json()["data"].clone();
    assert_eq!(entry["duration"], json!(45));
    assert_eq!(entry["isOvertime"], json!(false));
    let task = api.ok("/tm/tasks/5").await["task"].clone();
    assert!(task["timeEntries"].as_array().unwrap().contains(&entry));
}

/// What a client's quick due filters stand on: `sortBy=-overdue` puts the overdue tasks first,
/// most overdue first, and `sortBy=date` puts the tasks without a due date first.
#[tokio::test]
async fn overdue_and_due_date_orders_put_what_they_sort_on_first() {
    let api = Api::start().await;
    let by_overdue = api.all_tasks("sortBy=-overdue&completed=0").await;
    let overdue: Vec<i64> = by_overdue
        .iter()
        .map(|t| t["overdue"].as_i64().unwrap())
        .collect();
    assert!(overdue.first().is_some_and(|d| *d > 0), "{overdue:?}");
    assert!(overdue.windows(2).all(|w| w[0] >= w[1]), "{overdue:?}");
    let by_due = api.all_tasks("sortBy=date").await;
    let undated = by_due.iter().take_while(|t| t["dueDate"].is_null()).count();
    assert!(undated > 0, "the demo has tasks without a due date");
    assert!(
        by_due[undated..].iter().all(|t| !t["dueDate"].is_null()),
        "every undated task comes first"
    );
}
