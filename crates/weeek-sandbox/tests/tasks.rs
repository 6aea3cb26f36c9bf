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

    // Update: only sent keys change; a description is kept (as HTML).
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
                "description": "Новое описание",
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
    assert_eq!(task["description"], json!("<p>Новое описание</p>"));
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

#[tokio::test]
async fn a_tasks_time_entries_and_places_keep_their_order_in_the_list_and_by_id() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks",
            json!({"title": "Порядок записей", "projectId": 1}),
        )
        .await;
    assert_eq!(created.status, StatusCode::OK, "{}", created.text);
    let id = created.json()["task"]["id"].as_i64().unwrap();
    for (date, minutes) in [("2026-11-20", 10), ("2026-11-18", 20), ("2026-11-20", 30)] {
        let entry = api
            .post(
                &format!("/tm/tasks/{id}/time-entries"),
                json!({"userId": ANNA, "isOvertime": 0, "date": date, "duration": minutes}),
            )
            .await;
        assert_eq!(entry.status, StatusCode::OK, "{}", entry.text);
    }
    for project in [2, 3] {
        let placed = api
            .post(
                &format!("/tm/tasks/{id}/locations"),
                json!({"projectId": project}),
            )
            .await;
        assert!(placed.status.is_success(), "{}", placed.text);
    }

    let by_id = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
    let listed = api.all_tasks("perPage=100").await;
    let in_list = listed.iter().find(|t| t["id"] == id).unwrap();
    assert_eq!(in_list, &by_id);
    let durations: Vec<&Value> = by_id["timeEntries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["duration"])
        .collect();
    // By date, and entries of one day in the order they were added.
    assert_eq!(durations, [&json!(20), &json!(10), &json!(30)]);
    let projects: Vec<&Value> = by_id["locations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| &l["projectId"])
        .collect();
    assert_eq!(projects, [&json!(1), &json!(2), &json!(3)]);
    assert_eq!(by_id["projectId"], json!(1));
}

/// Text as search and the name order compare it: lower case, ё as е.
fn fold(text: &str) -> String {
    text.to_lowercase().replace('ё', "е")
}

/// What `sortBy=key` orders by, read back from a task; `None` sorts first, as NULL does.
fn sort_value(key: &str, task: &Value) -> (Option<i64>, Option<String>) {
    let text = |field: &str| task[field].as_str().map(str::to_owned);
    match key {
        "name" => (None, task["title"].as_str().map(fold)),
        "type" => (None, text("type")),
        "priority" | "duration" | "overdue" => (task[key].as_i64(), None),
        "created" => (None, text("createdAt")),
        "date" => (None, text("dueDate")),
        "start" => (None, text("startDate")),
        other => panic!("no sort key {other}"),
    }
}

#[tokio::test]
async fn every_sort_key_orders_both_ways_with_ties_in_id_order() {
    let api = Api::start().await;
    let mut unsorted = ids(&api.all_tasks("").await);
    unsorted.sort_unstable();
    for key in [
        "name", "type", "priority", "duration", "overdue", "created", "date", "start",
    ] {
        for descending in [false, true] {
            let sort = if descending {
                format!("-{key}")
            } else {
                key.to_owned()
            };
            let tasks = api.all_tasks(&format!("sortBy={sort}")).await;
            for pair in tasks.windows(2) {
                let (a, b) = (sort_value(key, &pair[0]), sort_value(key, &pair[1]));
                let (a_id, b_id) = (pair[0]["id"].as_i64(), pair[1]["id"].as_i64());
                let in_order = if descending { a > b } else { a < b };
                assert!(
                    in_order || (a == b && a_id < b_id),
                    "sortBy={sort}: {a:?} #{a_id:?} before {b:?} #{b_id:?}"
                );
            }
            let mut listed = ids(&tasks);
            listed.sort_unstable();
            assert_eq!(listed, unsorted, "sortBy={sort} lists every task once");
        }
    }
    // Tasks without a due date come first ascending and last descending.
    let by_date = api.all_tasks("sortBy=date").await;
    assert!(by_date.first().unwrap()["dueDate"].is_null());
    let by_date_desc = api.all_tasks("sortBy=-date").await;
    assert!(by_date_desc.last().unwrap()["dueDate"].is_null());
    assert!(by_date_desc.first().unwrap()["dueDate"].is_string());
}

#[tokio::test]
async fn pages_of_a_filtered_sorted_search_join_up_to_the_whole_list() {
    let api = Api::start().await;
    let search = "completed=0&search=%D0%BE%D1%82%D1%87%D0%B5%D1%82"; // "отчет"
    // Sorted, and in id order (where the search index leads the query).
    for query in [format!("{search}&sortBy=-date"), search.to_owned()] {
        let whole = api.all_tasks(&query).await;
        assert!(whole.len() > 7, "{} tasks", whole.len());
        let mut walked = Vec::new();
        let mut offset = 0;
        loop {
            let page = api
                .ok(&format!("/tm/tasks?perPage=7&offset={offset}&{query}"))
                .await;
            let tasks = page["tasks"].as_array().unwrap().clone();
            offset += tasks.len();
            walked.extend(tasks);
            if page["hasMore"] == false {
                break;
            }
        }
        assert_eq!(ids(&walked), ids(&whole), "{query}");
        for task in &whole {
            let text = format!(
                "{} {}",
                task["title"].as_str().unwrap_or(""),
                task["description"].as_str().unwrap_or("")
            );
            assert!(fold(&text).contains("отчет"), "{text}");
            assert_eq!(task["isCompleted"], false);
        }
    }
    // The same tasks either way, in id order when no order is asked.
    let in_id_order = ids(&api.all_tasks(search).await);
    assert!(in_id_order.windows(2).all(|pair| pair[0] < pair[1]));
    let mut sorted = ids(&api.all_tasks(&format!("{search}&sortBy=-date")).await);
    sorted.sort_unstable();
    assert_eq!(sorted, in_id_order);
    // A page exactly at the end has no more; past the end is empty.
    let total = api.all_tasks("").await.len();
    let last = api
        .ok(&format!("/tm/tasks?perPage=5&offset={}", total - 5))
        .await;
    assert_eq!(last["tasks"].as_array().unwrap().len(), 5);
    assert_eq!(last["hasMore"], false);
    let beyond = api.ok(&format!("/tm/tasks?offset={}", total + 10)).await;
    assert_eq!(beyond["tasks"], json!([]));
    assert_eq!(beyond["hasMore"], false);
}

#[tokio::test]
async fn a_task_spanning_days_is_found_on_each_and_by_ranges_it_overlaps() {
    let api = Api::start().await;
    let created = api
        .post(
            "/tm/tasks",
            json!({"title": "Span", "startDate": "2027-03-10", "dueDate": "2027-03-14"}),
        )
        .await;
    let id = created.json()["task"]["id"].as_i64().unwrap();
    let start_only = api
        .post(
            "/tm/tasks",
            json!({"title": "Start only", "startDate": "2027-03-20"}),
        )
        .await
        .json()["task"]["id"]
        .as_i64()
        .unwrap();
    for (query, expected) in [
        ("day=10.03.2027", vec![id]),
        ("day=12.03.2027", vec![id]),
        ("day=14.03.2027", vec![id]),
        ("day=15.03.2027", vec![]),
        ("day=20.03.2027", vec![start_only]),
        ("startDate=01.03.2027&endDate=10.03.2027", vec![id]),
        (
            "startDate=14.03.2027&endDate=31.03.2027",
            vec![id, start_only],
        ),
        ("startDate=11.03.2027&endDate=12.03.2027", vec![id]),
        ("startDate=15.03.2027&endDate=19.03.2027", vec![]),
    ] {
        assert_eq!(ids(&api.all_tasks(query).await), expected, "{query}");
    }
}

#[tokio::test]
async fn a_seeded_workspace_of_n_tasks_is_the_same_on_every_start() {
    const N: usize = 3_000;
    let sized = || {
        Api::with_config(weeek_sandbox::SandboxConfig {
            tasks: Some(N),
            ..common::config(weeek_sandbox::DbLocation::Memory)
        })
    };
    let (a, b) = (sized().await, sized().await);
    for page in [
        "perPage=100",
        "perPage=100&offset=2500",
        "perPage=50&sortBy=-priority",
    ] {
        let path = format!("/tm/tasks?{page}");
        assert_eq!(
            a.without_origin(&a.ok(&path).await),
            b.without_origin(&b.ok(&path).await),
            "{page}"
        );
    }
    let all = a.all_tasks("all=1").await;
    assert_eq!(all.len(), N);
    let title = |t: &Value| t["title"].as_str().unwrap_or("").to_owned();
    let cyrillic = |t: &Value| title(t).chars().any(|c| ('а'..='я').contains(&c));
    assert!(all.iter().any(cyrillic));
    assert!(all.iter().any(|t| !cyrillic(t) && !title(t).is_empty()));
    for field in [
        "description",
        "dueDate",
        "startDate",
        "dueDateTime",
        "completedAt",
        "duration",
    ] {
        assert!(all.iter().any(|t| !t[field].is_null()), "some {field}");
    }
    for list in [
        "tags",
        "subTasks",
        "timeEntries",
        "attachments",
        "customFields",
    ] {
        assert!(
            all.iter().any(|t| !t[list].as_array().unwrap().is_empty()),
            "some {list}"
        );
    }
    assert!(
        all.iter()
            .any(|t| t["assignees"].as_array().unwrap().len() > 1)
    );
    assert!(all.iter().any(|t| t["isDeleted"] == true));
    assert!(all.iter().any(|t| t["parentId"].is_i64()));
    assert!(
        all.iter()
            .any(|t| !t["timers"].as_array().unwrap().is_empty())
    );
    // The current user has a share of the open tasks to work with.
    let mine = a.all_tasks(&format!("userId={ANNA}&completed=0")).await;
    assert!(mine.len() > N / 20, "{} open tasks for Anna", mine.len());
}

#[tokio::test]
async fn deep_pages_join_up_to_the_whole_list_and_follow_every_write() {
    let api = Api::with_config(weeek_sandbox::SandboxConfig {
        tasks: Some(2_500),
        ..common::config(weeek_sandbox::DbLocation::Memory)
    })
    .await;
    let page = |offset: usize, query: &'static str| {
        let api = &api;
        async move {
            let page = api
                .ok(&format!("/tm/tasks?perPage=100&offset={offset}{query}"))
                .await;
            (
                ids(page["tasks"].as_array().unwrap()),
                page["hasMore"] == true,
            )
        }
    };
    // In id order, pages past the first thousand tasks continue the ones before.
    let by_id = ids(&api.all_tasks("").await);
    assert!(by_id.len() > 2_000, "{} tasks", by_id.len());
    assert!(
        by_id.windows(2).all(|pair| pair[0] < pair[1]),
        "ascending, once each"
    );
    let deleted = api
        .all_tasks("all=1")
        .await
        .iter()
        .filter(|t| t["isDeleted"] == true)
        .count();
    assert_eq!(by_id.len() + deleted, 2_500);
    // A sorted list too, across the same boundary.
    let by_priority = api.all_tasks("sortBy=-priority").await;
    for pair in by_priority.windows(2) {
        let (a, b) = (
            sort_value("priority", &pair[0]),
            sort_value("priority", &pair[1]),
        );
        assert!(a > b || (a == b && pair[0]["id"].as_i64() < pair[1]["id"].as_i64()));
    }
    let mut listed = ids(&by_priority);
    listed.sort_unstable();
    assert_eq!(listed, by_id);

    // A write shows on the next deep page: a deleted task leaves it, the rest move up.
    let gone = by_id[1_550];
    let deleted = api.delete(&format!("/tm/tasks/{gone}"), None).await;
    assert_eq!(deleted.status, StatusCode::OK);
    let (after, more) = page(1_500, "").await;
    let expected: Vec<i64> = by_id
        .iter()
        .copied()
        .filter(|id| *id != gone)
        .skip(1_500)
        .take(100)
        .collect();
    assert_eq!(after, expected);
    assert!(more);
    // A new task is the last, and the last page says nothing follows.
    let created = api.post("/tm/tasks", json!({"title": "Последняя"})).await;
    let new_id = created.json()["task"]["id"].as_i64().unwrap();
    let total = by_id.len();
    let (last, more) = page(total - 50, "").await;
    assert_eq!(last.last(), Some(&new_id));
    assert_eq!(last.len(), 50);
    assert!(!more);
    let (beyond, more) = page(total + 10, "").await;
    assert!(beyond.is_empty() && !more);
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

/// Read connections keep the JSON of the tasks they wrote; every kind of write must still show
/// on the next read, through whichever connection serves it: one to the task itself, and one
/// that changes what every task shows (a custom field's name).
#[tokio::test]
async fn kept_task_json_follows_every_write_on_every_read_connection() {
    const STORY_POINTS: &str = "9df95ae9-43b3-485a-8789-9f2d04c0e725";
    let api = Api::start().await;
    // Side by side, so that several read connections fill what they keep.
    let read_all = || async {
        let reads = (0..8).map(|_| async {
            let page = api.ok("/tm/tasks?perPage=20").await;
            let first = page["tasks"][0].clone();
            let id = first["id"].as_i64().unwrap();
            let alone = api.ok(&format!("/tm/tasks/{id}")).await["task"].clone();
            (first, alone)
        });
        futures_util::future::join_all(reads).await
    };
    let before = read_all().await;
    let id = before[0].0["id"].as_i64().unwrap();
    assert!(before.iter().all(|(listed, alone)| listed == alone));

    let renamed = api
        .put(
            &format!("/tm/tasks/{id}"),
            json!({"title": "Новое название"}),
        )
        .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.text);
    let field = api
        .put(
            &format!("/tm/custom-fields/{STORY_POINTS}"),
            json!({"name": "Очки"}),
        )
        .await;
    assert_eq!(field.status, StatusCode::OK, "{}", field.text);

    for (listed, alone) in read_all().await {
        for task in [&listed, &alone] {
            assert_eq!(task["title"], "Новое название");
            let names: Vec<&str> = task["customFields"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|f| f["id"] == STORY_POINTS)
                .map(|f| f["name"].as_str().unwrap())
                .collect();
            assert_eq!(names, ["Очки"]);
        }
    }
}
