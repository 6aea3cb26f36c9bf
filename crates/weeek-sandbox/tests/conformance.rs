//! Status codes, envelopes and error bodies, checked against the literal
//! shapes of the real service.

mod common;

use std::collections::BTreeSet;

use common::{Api, NOT_A_MEMBER};
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test]
async fn missing_or_wrong_token_is_401() {
    let api = Api::start().await;
    let expected = json!({"success": false, "code": 2000000, "message": "Unauthenticated."});

    let missing = api.send_with(Method::GET, "/user/me", None, None).await;
    assert_eq!(missing.status, StatusCode::UNAUTHORIZED);
    assert_eq!(missing.json(), expected);
    assert_eq!(missing.header("content-type"), Some("application/json"));

    let wrong = api
        .send_with(Method::GET, "/tm/tasks", None, Some("not-the-token"))
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.json(), expected);
}

#[tokio::test]
async fn unknown_route_is_404_json() {
    let api = Api::start().await;
    let answer = api.get("/tm/tasks/1/uncomplete").await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer.json(),
        json!({
            "success": false,
            "message": "The route public/v1/tm/tasks/1/uncomplete could not be found."
        })
    );
    assert_eq!(answer.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn wrong_method_is_405_with_allow() {
    let api = Api::start().await;

    let get_complete = api.get("/tm/tasks/1/complete").await;
    assert_eq!(get_complete.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get_complete.header("allow"), Some("POST"));
    assert_eq!(
        get_complete.json(),
        json!({
            "success": false,
            "message": "The GET method is not supported for route public/v1/tm/tasks/1/complete. Supported methods: POST."
        })
    );

    let patch = api
        .send(Method::PATCH, "/tm/tasks/1", Some(json!({"title": "x"})))
        .await;
    assert_eq!(patch.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(patch.header("allow"), Some("GET, HEAD, PUT, DELETE"));
    assert_eq!(patch.header("content-type"), Some("application/json"));
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_json() {
    let api = Api::start().await;
    let expected = json!({
        "success": false,
        "message": "The request body is too large: at most 2097152 bytes are read."
    });
    let big = "й".repeat(1_100_000);

    let create = api.post("/tm/tasks", json!({"title": big})).await;
    assert_eq!(create.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(create.header("content-type"), Some("application/json"));
    assert_eq!(create.json(), expected);

    // The fault controls read their body the same way.
    let faults = api
        .client
        .put(format!("http://{}/__sandbox/faults", api.sandbox.addr()))
        .bearer_auth(weeek_sandbox::demo_token())
        .json(&json!({"failureMethods": [big]}))
        .send()
        .await
        .expect("answered");
    assert_eq!(faults.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(
        faults.json::<serde_json::Value>().await.expect("JSON"),
        expected
    );

    // Nothing was created.
    let found = api.ok("/tm/tasks?all=1&search=%D0%B9%D0%B9%D0%B9").await;
    assert_eq!(found["tasks"], json!([]));

    // Other rejections of the framework are JSON too: a path id that is not UTF-8.
    let odd = api.get("/tm/tasks/%FF").await;
    assert_eq!(odd.status, StatusCode::BAD_REQUEST);
    assert_eq!(odd.header("content-type"), Some("application/json"));
    assert_eq!(
        odd.json(),
        json!({"success": false, "message": "Invalid URL: Invalid UTF-8 in `id`"})
    );
}

#[tokio::test]
async fn unknown_task_answers_differ_by_verb() {
    let api = Api::start().await;

    let get = api.get("/tm/tasks/999999999").await;
    assert_eq!(get.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        get.json(),
        json!({"success": false, "code": 1000001, "message": "Model not found"})
    );

    let delete = api.delete("/tm/tasks/999999999", None).await;
    assert_eq!(delete.status, StatusCode::NOT_FOUND);
    assert_eq!(delete.json(), json!({"message": "Record not found"}));

    let put = api.put("/tm/tasks/999999999", json!({"title": "x"})).await;
    assert_eq!(put.status, StatusCode::NOT_FOUND);
    assert!(
        put.header("content-type")
            .is_some_and(|c| c.starts_with("text/html"))
    );

    let complete = api.post("/tm/tasks/999999999/complete", json!({})).await;
    assert_eq!(complete.status, StatusCode::NOT_FOUND);
    assert_eq!(complete.json(), json!({"message": "Record not found"}));

    let assignees = api
        .post(
            "/tm/tasks/999999999/assignees",
            json!({"assignees": [common::ANNA]}),
        )
        .await;
    assert_eq!(assignees.status, StatusCode::NOT_FOUND);
    assert_eq!(assignees.json(), json!({"message": "Record not found"}));
}

#[tokio::test]
async fn unknown_crm_records_are_404() {
    let api = Api::start().await;
    for path in [
        "/crm/funnels/nope",
        "/crm/statuses/1",
        "/crm/deals/nope",
        "/crm/contacts/00000000-0000-4000-8000-000000000000",
        "/crm/organizations/00000000-0000-4000-8000-000000000000",
        "/crm/statuses/nope/deals",
        "/tm/projects/999",
    ] {
        let answer = api.get(path).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            answer.json(),
            json!({"message": "Record not found"}),
            "{path}"
        );
    }
}

#[tokio::test]
async fn task_list_envelope_and_task_keys() {
    let api = Api::start().await;
    let answer = api.get("/tm/tasks?perPage=5&completed=0").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("content-type"), Some("application/json"));
    let body = answer.json();
    let keys: BTreeSet<&str> = body
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, BTreeSet::from(["success", "tasks", "hasMore"]));
    assert_eq!(body["success"], json!(true));
    assert_eq!(body["hasMore"], json!(true));
    let tasks = body["tasks"].as_array().unwrap();
    assert_eq!(tasks.len(), 5);

    let task_keys: BTreeSet<&str> = tasks[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    let expected = BTreeSet::from([
        "id",
        "parentId",
        "title",
        "description",
        "date",
        "time",
        "duration",
        "overdue",
        "type",
        "priority",
        "isCompleted",
        "isDeleted",
        "completedAt",
        "authorId",
        "userId",
        "assignees",
        "projectId",
        "boardId",
        "boardColumnId",
        "locations",
        "image",
        "isPrivate",
        "startDate",
        "startDateTime",
        "dueDate",
        "dueDateTime",
        "createdAt",
        "updatedAt",
        "tags",
        "subscribers",
        "subTasks",
        "workloads",
        "timeEntries",
        "customFields",
        "attachments",
        "timers",
    ]);
    assert_eq!(task_keys, expected);
    for task in tasks {
        assert_eq!(task["isCompleted"], json!(false));
        assert_eq!(task["isDeleted"], json!(false));
    }
}

#[tokio::test]
async fn first_seeded_task_is_stable() {
    let api = Api::start().await;
    let task = api.ok("/tm/tasks/1").await["task"].clone();
    assert_eq!(task["title"], json!("Экран оплаты: поддержка СБП"));
    assert_eq!(task["userId"], json!(common::IVAN));
    assert_eq!(task["assignees"], json!([common::IVAN, common::ANNA]));
    assert_eq!(
        task["locations"],
        json!([{"projectId": 1, "boardId": 1, "boardColumnId": 2}])
    );
    assert_eq!(task["projectId"], json!(1));
    assert_eq!(task["boardColumnId"], json!(2));
    assert_eq!(task["dueDate"], json!("2026-11-24"));
    assert_eq!(task["date"], json!("24.11.2026"));
    assert_eq!(task["startDate"], json!("2026-11-17"));
    assert_eq!(task["subTasks"], json!([2, 3, 4]));
    assert_eq!(task["timeEntries"].as_array().unwrap().len(), 3);
    assert_eq!(task["workloads"][0]["date"], json!("18.11.2026"));
    assert_eq!(task["timeEntries"][0]["date"], json!("2026-11-18"));
    assert_eq!(task["timeEntries"][0]["durationSeconds"], json!(7200));
    assert_eq!(task["createdAt"], json!("2026-11-01T06:00:00Z"));
}

#[tokio::test]
async fn query_booleans_are_one_or_zero() {
    let api = Api::start().await;
    let answer = api.get("/tm/tasks?completed=true").await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json(),
        json!({
            "success": false,
            "message": "The completed field must be true or false.",
            "errors": {"completed": ["The completed field must be true or false."]}
        })
    );
}

#[tokio::test]
async fn query_arrays_need_brackets() {
    let api = Api::start().await;
    for query in ["tags=1,2", "tags=1&tags=2"] {
        let answer = api.get(&format!("/tm/tasks?{query}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(
            answer.json(),
            json!({
                "success": false,
                "message": "The tags field must be an array.",
                "errors": {"tags": ["The tags field must be an array."]}
            })
        );
    }
    assert_eq!(
        api.get("/tm/tasks?tags[]=1&tags[]=2").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn date_range_needs_both_ends() {
    let api = Api::start().await;
    let answer = api.get("/tm/tasks?startDate=01.11.2026").await;
    assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        answer.json(),
        json!({
            "success": false,
            "message": "The end date field is required when start date is present.",
            "errors": {"endDate": ["The end date field is required when start date is present."]}
        })
    );
    let other = api.get("/tm/tasks?endDate=01.11.2026").await;
    assert_eq!(
        other.json()["errors"],
        json!({"startDate": ["The start date field is required when end date is present."]})
    );
}

#[tokio::test]
async fn invalid_filters_are_422() {
    let api = Api::start().await;
    let cases = [
        ("boardId=99", "boardId", "The selected board id is invalid."),
        ("boardId=abc", "boardId", "The board id must be an integer."),
        (
            &format!("userId={NOT_A_MEMBER}") as &str,
            "userId",
            "The selected user id is invalid.",
        ),
        (
            "sortBy=colour",
            "sortBy",
            "The selected sort by is invalid.",
        ),
        (
            "day=2026-11-21",
            "day",
            "The day field must match the format d.m.Y.",
        ),
    ];
    for (query, field, message) in cases {
        let answer = api.get(&format!("/tm/tasks?{query}")).await;
        assert_eq!(answer.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert_eq!(
            answer.json(),
            json!({"success": false, "message": message, "errors": {field: [message]}}),
            "{query}"
        );
    }
    // Unknown parameters are ignored.
    assert_eq!(
        api.get("/tm/tasks?bogusParam=true").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn boards_and_columns_need_their_parent() {
    let api = Api::start().await;
    let boards = api.get("/tm/boards").await;
    assert_eq!(boards.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        boards.json(),
        json!({
            "success": false,
            "message": "The field is required.",
            "errors": {"projectId": ["The field is required."]}
        })
    );
    let columns = api.get("/tm/board-columns?boardId=999").await;
    assert_eq!(
        columns.json(),
        json!({
            "success": false,
            "message": "The selected board id is invalid.",
            "errors": {"boardId": ["The selected board id is invalid."]}
        })
    );
    assert_eq!(
        api.ok("/tm/boards?projectId=2").await,
        json!({
            "success": true,
            "boards": [{"id": 3, "name": "Sprint board", "projectId": 2, "isPrivate": false}]
        })
    );
    assert_eq!(
        api.ok("/tm/board-columns?boardId=3").await,
        json!({
            "success": true,
            "boardColumns": [
                {"id": 9, "name": "Backlog", "boardId": 3},
                {"id": 10, "name": "In progress", "boardId": 3},
                {"id": 11, "name": "Review", "boardId": 3},
                {"id": 12, "name": "Done", "boardId": 3}
            ]
        })
    );
}

/// Two sandboxes side by side are told apart by their workspaces' names, the demo's and an
/// empty one alike.
#[tokio::test]
async fn the_workspace_takes_the_name_given() {
    for seed in [true, false] {
        let api = Api::with_config(weeek_sandbox::SandboxConfig {
            seed,
            workspace: Some("Acme Ltd".into()),
            ..common::config(weeek_sandbox::DbLocation::Memory)
        })
        .await;
        let ws = api.ok("/ws").await;
        assert_eq!(ws["workspace"]["title"], json!("Acme Ltd"), "seed {seed}");
        assert_eq!(ws["workspace"]["id"], json!(1));
    }
}

#[tokio::test]
async fn workspace_reads() {
    let api = Api::start().await;
    assert_eq!(
        api.ok("/ws").await,
        json!({
            "success": true,
            "workspace": {
                "id": 1,
                "title": "Northwind Studio",
                "description": "Продуктовая студия: мобильные приложения, сайты и CRM-интеграции",
                "isPersonal": false,
                "logo": null
            }
        })
    );
    let me = api.ok("/user/me").await;
    assert_eq!(me["user"]["id"], json!(common::ANNA));
    assert_eq!(me["user"]["firstName"], json!("Анна"));
    assert!(me["user"].get("name").is_none());
    let project = api.ok("/tm/projects/2").await["project"].clone();
    assert_eq!(project["title"], json!("Website Redesign"));
    assert_eq!(project["name"], json!("Website Redesign"));
    let projects = api.ok("/tm/projects").await["projects"].clone();
    assert_eq!(projects.as_array().unwrap().len(), 4);
    assert!(
        projects
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["title"] == p["name"])
    );
    assert_eq!(
        api.ok("/ws/members").await["members"]
            .as_array()
            .unwrap()
            .len(),
        9
    );

    let tag = api.post("/ws/tags", json!({"title": "ревью"})).await.json();
    assert_eq!(tag["success"], json!(true));
    assert_eq!(tag["tag"]["title"], json!("ревью"));
    assert!(tag["tag"]["color"].as_str().unwrap().starts_with('#'));
}
