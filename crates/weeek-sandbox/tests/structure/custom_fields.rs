use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{ack, expect, field_names, field_value, invalid, record_not_found, task};
use crate::common::{ANNA, Api};

const STORY_POINTS: &str = "9df95ae9-43b3-485a-8789-9f2d04c0e725";
const CHANNEL: &str = "9df95ae9-c198-4d35-a27e-af9f1b2c3d08";
const CONTACT: &str = "9df95ae9-05dc-4179-a6bc-e3d45f6a7b0c";
const PLATFORM: &str = "9df95ae9-6b32-4d7f-8c2e-4f3a5b6c7d02";
const BROWSER: &str = "9df95ae9-5a21-46ce-9b11-d8c90e1f2a11";

fn option(n: u32) -> String {
    format!("9df95e4a-{n:04}-45f2-a387-06b6eaf256b0")
}

#[tokio::test]
async fn the_global_list() {
    let api = Api::start().await;
    let list = api.ok("/tm/custom-fields").await;
    assert_eq!(list["success"], json!(true));
    let data = list["data"].as_array().unwrap();
    let kinds: Vec<(&str, &str)> = data
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["type"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("Story points", "number"),
            ("Ссылка на макет", "link"),
            ("Канал обращения", "select"),
            ("Бюджет", "number"),
            ("Готовность", "number"),
            ("Принимает работу", "member"),
            ("Контакт клиента", "contact"),
            ("Согласование", "approval"),
            ("Проверено QA", "boolean"),
        ]
    );
    assert_eq!(
        data[0],
        json!({
            "id": STORY_POINTS,
            "name": "Story points",
            "type": "number",
            "config": {"type": "number", "precision": 0},
            "options": []
        })
    );
    // Option colours answer as hex, whatever name the options were given.
    assert_eq!(
        data[2],
        json!({
            "id": CHANNEL,
            "name": "Канал обращения",
            "type": "select",
            "config": {},
            "options": [
                {"id": option(7), "name": "Почта", "color": "#6C78F4"},
                {"id": option(8), "name": "Телефон", "color": "#4CC26D"},
                {"id": option(9), "name": "Telegram", "color": "#4FC3F7"},
                {"id": option(10), "name": "Сайт", "color": "#A77CF5"}
            ]
        })
    );
    assert_eq!(
        data[3]["config"],
        json!({"type": "currency", "precision": 2, "currency": 1})
    );
}

#[tokio::test]
async fn seeded_values_of_every_type() {
    let api = Api::start().await;
    let t = task(&api, 1).await;
    assert_eq!(field_value(&t, CHANNEL), json!(option(9)));
    assert_eq!(
        field_value(&t, "9df95ae9-d2a9-4e46-b38f-b0a12c3d4e09"),
        json!(185000.5)
    );
    assert_eq!(
        field_value(&t, "9df95ae9-f4cb-4068-95ab-d2c34e5f6a0b"),
        json!([ANNA])
    );
    assert_eq!(
        field_value(&t, "9df95ae9-27fe-439b-88de-a5f67b8c9d0e"),
        json!(false)
    );
    // The contact value names a real CRM contact.
    let contact = field_value(&t, CONTACT);
    let found = api
        .ok(&format!("/crm/contacts/{}", contact.as_str().unwrap()))
        .await;
    assert_eq!(found["contact"]["lastName"], json!("Орлова"));
    // A board's field shows on the tasks of that board only.
    assert_eq!(
        field_value(&task(&api, 20).await, BROWSER),
        json!([option(19), option(20), option(21)])
    );
    assert!(!field_names(&t).iter().any(|n| n == "Browser"));
}

/// Creates a field under `prefix` and returns the answer's `customField`, checking that the
/// rest of it is `expected` (the id is new each time).
async fn create_field(api: &Api, prefix: &str, body: Value, expected: Value) -> Value {
    let answer = api.post(prefix, body).await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let json = answer.json();
    let mut field = json["customField"].clone();
    let id = field["id"].as_str().unwrap().to_owned();
    assert!(uuid::Uuid::parse_str(&id).is_ok(), "{id}");
    let mut want = expected;
    want["id"] = json!(id);
    assert_eq!(json, json!({"success": true, "customField": want}));
    field["id"] = json!(id);
    field
}

#[tokio::test]
async fn every_type_can_be_created() {
    let api = Api::start().await;
    for kind in [
        "text",
        "datetime",
        "select",
        "multiselect",
        "member",
        "contact",
        "link",
        "approval",
    ] {
        create_field(
            &api,
            "/tm/custom-fields",
            json!({"name": format!("Поле {kind}"), "type": kind, "config": {"type": "number"}}),
            json!({"name": format!("Поле {kind}"), "type": kind, "config": {}, "options": []}),
        )
        .await;
    }
    // Number and boolean fields get the plainest config when none is sent.
    create_field(
        &api,
        "/tm/custom-fields",
        json!({"name": "Оценка", "type": "number"}),
        json!({"name": "Оценка", "type": "number", "config": {"type": "number", "precision": 0}, "options": []}),
    )
    .await;
    create_field(
        &api,
        "/tm/custom-fields",
        json!({"type": "boolean"}),
        json!({"name": "", "type": "boolean", "config": {"type": "checbox"}, "options": []}),
    )
    .await;
    create_field(
        &api,
        "/tm/custom-fields",
        json!({"name": "Стоимость", "type": "number", "config": {"type": "currency", "precision": null, "currency": 3}}),
        json!({"name": "Стоимость", "type": "number", "config": {"type": "currency", "precision": null, "currency": 3}, "options": []}),
    )
    .await;
    create_field(
        &api,
        "/tm/custom-fields",
        json!({"name": "Доля", "type": "number", "config": {"type": "percent", "precision": 1, "currency": 3}}),
        json!({"name": "Доля", "type": "number", "config": {"type": "percent", "precision": 1}, "options": []}),
    )
    .await;
    create_field(
        &api,
        "/tm/custom-fields",
        json!({"name": "Да/нет", "type": "boolean", "config": {"type": "radio"}}),
        json!({"name": "Да/нет", "type": "boolean", "config": {"type": "radio"}, "options": []}),
    )
    .await;

    let list = api.ok("/tm/custom-fields").await["data"].clone();
    assert_eq!(list.as_array().unwrap().len(), 9 + 13);
    // A global field shows on every task.
    let names = field_names(&task(&api, 18).await);
    assert!(names.iter().any(|n| n == "Поле approval"), "{names:?}");
}

#[tokio::test]
async fn field_bodies_are_checked() {
    let api = Api::start().await;
    let required = "The field is required.";
    let cases = [
        (json!({"name": "x"}), "type", required.to_owned()),
        (
            json!({"type": "colour"}),
            "type",
            "The selected type is invalid.".to_owned(),
        ),
        (
            json!({"type": "text", "name": "x".repeat(256)}),
            "name",
            "The name field must not be greater than 255 characters.".to_owned(),
        ),
        (
            json!({"type": "text", "name": ["x"]}),
            "name",
            "The name field must be a string.".to_owned(),
        ),
        (
            json!({"type": "number", "config": "precise"}),
            "config",
            "The config field must be an array.".to_owned(),
        ),
        (
            json!({"type": "number", "config": {"precision": 0}}),
            "config.type",
            required.to_owned(),
        ),
        // The docs mark `precision` required, `null` allowed.
        (
            json!({"type": "number", "config": {"type": "percent"}}),
            "config.precision",
            required.to_owned(),
        ),
        (
            json!({"type": "number", "config": {"type": "money", "precision": 0}}),
            "config.type",
            "The selected config.type is invalid.".to_owned(),
        ),
        (
            json!({"type": "number", "config": {"type": "number", "precision": 7}}),
            "config.precision",
            "The config.precision field must be between 0 and 6.".to_owned(),
        ),
        (
            json!({"type": "number", "config": {"type": "currency", "precision": 2}}),
            "config.currency",
            "The config.currency field is required when config.type is currency.".to_owned(),
        ),
        (
            json!({"type": "number", "config": {"type": "currency", "precision": 2, "currency": 11}}),
            "config.currency",
            "The config.currency field must be between 1 and 10.".to_owned(),
        ),
        (
            json!({"type": "boolean", "config": {"type": "toggle"}}),
            "config.type",
            "The selected config.type is invalid.".to_owned(),
        ),
    ];
    for (body, field, message) in cases {
        for prefix in [
            "/tm/custom-fields",
            "/tm/projects/1/custom-fields",
            "/tm/boards/1/custom-fields",
        ] {
            let answer = api.post(prefix, body.clone()).await;
            expect(
                &answer,
                StatusCode::UNPROCESSABLE_ENTITY,
                invalid(field, &message),
            );
        }
    }
    for prefix in [
        "/tm/projects/99/custom-fields",
        "/tm/boards/99/custom-fields",
    ] {
        expect(
            &api.post(prefix, json!({"type": "text"})).await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
}

#[tokio::test]
async fn update_and_delete() {
    let api = Api::start().await;
    let path = format!("/tm/custom-fields/{STORY_POINTS}");
    let updated = api
        .put(
            &path,
            json!({"name": "SP", "config": {"type": "number", "precision": 1}}),
        )
        .await;
    expect(
        &updated,
        StatusCode::OK,
        json!({
            "success": true,
            "customField": {
                "id": STORY_POINTS,
                "name": "SP",
                "type": "number",
                "config": {"type": "number", "precision": 1},
                "options": []
            }
        }),
    );
    // Only what is sent changes.
    let same = api.put(&path, json!({})).await;
    assert_eq!(same.json()["customField"]["name"], json!("SP"));
    expect(
        &api.put(&path, json!({"config": {"type": "money", "precision": 0}}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("config.type", "The selected config.type is invalid."),
    );
    // The task keeps its value under the new name.
    assert_eq!(field_value(&task(&api, 1).await, STORY_POINTS), json!(8));

    expect(&api.delete(&path, None).await, StatusCode::OK, ack());
    assert!(!field_names(&task(&api, 1).await).iter().any(|n| n == "SP"));
    for method in [Method::PUT, Method::DELETE] {
        expect(
            &api.send(method, &path, Some(json!({}))).await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
    // There is no read of one field.
    let get = api.get(&format!("/tm/custom-fields/{CHANNEL}")).await;
    assert_eq!(get.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(get.header("allow"), Some("PUT, DELETE"));
    let list = api.send(Method::DELETE, "/tm/custom-fields", None).await;
    assert_eq!(list.header("allow"), Some("GET, HEAD, POST"));
}

#[tokio::test]
async fn fields_show_where_they_belong() {
    let api = Api::start().await;
    let in_project = create_field(
        &api,
        "/tm/projects/1/custom-fields",
        json!({"name": "Версия iOS", "type": "text"}),
        json!({"name": "Версия iOS", "type": "text", "config": {}, "options": []}),
    )
    .await;
    let on_board = create_field(
        &api,
        "/tm/boards/1/custom-fields",
        json!({"name": "Спринт", "type": "text"}),
        json!({"name": "Спринт", "type": "text", "config": {}, "options": []}),
    )
    .await;
    let project_fields: Vec<Value> = api.ok("/tm/projects/1").await["project"]["customFields"]
        .as_array()
        .unwrap()
        .clone();
    assert!(project_fields.contains(&in_project));
    assert!(!project_fields.contains(&on_board));

    // Task 1 is on board 1 of project 1, task 5 on board 2 of project 1, task 18 in project 2.
    let names = |t: &Value| field_names(t);
    let t1 = names(&task(&api, 1).await);
    assert!(t1.contains(&"Версия iOS".to_owned()) && t1.contains(&"Спринт".to_owned()));
    let t5 = names(&task(&api, 5).await);
    assert!(t5.contains(&"Версия iOS".to_owned()) && !t5.contains(&"Спринт".to_owned()));
    let t18 = names(&task(&api, 18).await);
    assert!(!t18.contains(&"Версия iOS".to_owned()) && !t18.contains(&"Спринт".to_owned()));

    // A field is reached only through its own level.
    let project_id = in_project["id"].as_str().unwrap();
    let board_id = on_board["id"].as_str().unwrap();
    for path in [
        format!("/tm/projects/2/custom-fields/{project_id}"),
        format!("/tm/custom-fields/{project_id}"),
        format!("/tm/boards/1/custom-fields/{project_id}"),
        format!("/tm/boards/2/custom-fields/{board_id}"),
        format!("/tm/projects/1/custom-fields/{board_id}"),
        format!("/tm/projects/99/custom-fields/{project_id}"),
    ] {
        expect(
            &api.put(&path, json!({"name": "x"})).await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
    assert_eq!(
        api.put(
            &format!("/tm/projects/1/custom-fields/{project_id}"),
            json!({"name": "iOS"})
        )
        .await
        .status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn transfers_move_a_field_with_its_values() {
    let api = Api::start().await;
    let values = json!([option(1), option(2)]);
    assert_eq!(field_value(&task(&api, 1).await, PLATFORM), values);
    let to_global = format!("/tm/projects/1/custom-fields/{PLATFORM}/transfer-to-task-manager");
    expect(
        &api.post(&to_global, json!({})).await,
        StatusCode::OK,
        ack(),
    );
    let global: Vec<String> = api.ok("/tm/custom-fields").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(global.last().map(String::as_str), Some(PLATFORM));
    assert!(field_names(&task(&api, 18).await).contains(&"Платформа".to_owned()));
    assert_eq!(field_value(&task(&api, 1).await, PLATFORM), values);

    let to_board = format!("/tm/custom-fields/{PLATFORM}/transfer-to-board");
    expect(
        &api.post(&to_board, json!({"boardId": 3})).await,
        StatusCode::OK,
        ack(),
    );
    assert!(field_names(&task(&api, 18).await).contains(&"Платформа".to_owned()));
    assert!(!field_names(&task(&api, 1).await).contains(&"Платформа".to_owned()));

    let to_project = format!("/tm/boards/3/custom-fields/{PLATFORM}/transfer-to-project");
    expect(
        &api.post(&to_project, json!({"projectId": 1})).await,
        StatusCode::OK,
        ack(),
    );
    assert_eq!(field_value(&task(&api, 1).await, PLATFORM), values);
    assert!(!field_names(&task(&api, 18).await).contains(&"Платформа".to_owned()));

    let required = "The field is required.";
    let back = format!("/tm/projects/1/custom-fields/{PLATFORM}");
    expect(
        &api.post(&format!("{back}/transfer-to-project"), json!({}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("projectId", required),
    );
    expect(
        &api.post(&format!("{back}/transfer-to-board"), json!({"boardId": 99}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid("boardId", "The selected board id is invalid."),
    );
    // A workspace field has no transfer to where it already is.
    let global_to_global = format!("/tm/custom-fields/{CHANNEL}/transfer-to-task-manager");
    let answer = api.post(&global_to_global, json!({})).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer.json(),
        json!({
            "success": false,
            "message": format!("The route public/v1{global_to_global} could not be found.")
        })
    );
}

/// The options of a field, read through a no-op update (which answers the field).
async fn options(api: &Api, field_path: &str) -> Vec<(String, String)> {
    let field = api.put(field_path, json!({})).await.json()["customField"].clone();
    field["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap().to_owned(),
                o["color"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
    items
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[tokio::test]
async fn options_at_every_level() {
    let api = Api::start().await;
    for prefix in [
        "/tm/custom-fields",
        "/tm/projects/2/custom-fields",
        "/tm/boards/3/custom-fields",
    ] {
        let field = create_field(
            &api,
            prefix,
            json!({"name": "Этап", "type": "select"}),
            json!({"name": "Этап", "type": "select", "config": {}, "options": []}),
        )
        .await;
        let path = format!("{prefix}/{}", field["id"].as_str().unwrap());
        let mut ids = Vec::new();
        for (name, colour, hex) in [
            ("Идея", "blue", "#6C78F4"),
            ("В работе", "pink", "#FF6AA9"),
            ("Готово", "dark_green", "#2F9E5A"),
        ] {
            let answer = api
                .post(
                    &format!("{path}/options"),
                    json!({"name": name, "color": colour}),
                )
                .await;
            let id = answer.json()["option"]["id"].as_str().unwrap().to_owned();
            expect(
                &answer,
                StatusCode::OK,
                json!({"success": true, "option": {"id": id, "name": name, "color": hex}}),
            );
            ids.push(id);
        }
        let (idea, doing, done) = (&ids[0], &ids[1], &ids[2]);

        let moved = api
            .post(
                &format!("{path}/options/{done}/move"),
                json!({"before": idea}),
            )
            .await;
        expect(&moved, StatusCode::OK, ack());
        assert_eq!(
            options(&api, &path).await,
            pairs(&[
                ("Готово", "#2F9E5A"),
                ("Идея", "#6C78F4"),
                ("В работе", "#FF6AA9")
            ])
        );
        api.post(
            &format!("{path}/options/{done}/move"),
            json!({"after": doing}),
        )
        .await;
        api.post(
            &format!("{path}/options/{idea}/move"),
            json!({"after": doing}),
        )
        .await;
        assert_eq!(
            options(&api, &path).await,
            pairs(&[
                ("В работе", "#FF6AA9"),
                ("Идея", "#6C78F4"),
                ("Готово", "#2F9E5A")
            ])
        );

        // A colour sent back as an answer carried it (hex) is taken too.
        let updated = api
            .put(
                &format!("{path}/options/{doing}"),
                json!({"name": "Делаем", "color": "#ffd84d"}),
            )
            .await;
        expect(
            &updated,
            StatusCode::OK,
            json!({"success": true, "option": {"id": doing, "name": "Делаем", "color": "#FFD84D"}}),
        );
        expect(
            &api.delete(&format!("{path}/options/{idea}"), None).await,
            StatusCode::OK,
            ack(),
        );
        assert_eq!(
            options(&api, &path).await,
            pairs(&[("Делаем", "#FFD84D"), ("Готово", "#2F9E5A")])
        );
    }
}

#[tokio::test]
async fn option_bodies_are_checked() {
    let api = Api::start().await;
    let path = format!("/tm/custom-fields/{CHANNEL}");
    let required = "The field is required.";
    let cases = [
        (json!({"name": "Факс"}), "color", required),
        (
            json!({"name": "Факс", "color": "#FF6AA"}),
            "color",
            "The selected color is invalid.",
        ),
        (
            json!({"name": "Факс", "color": "mauve"}),
            "color",
            "The selected color is invalid.",
        ),
        (json!({"name": " ", "color": "red"}), "name", required),
    ];
    for (body, field, message) in cases {
        expect(
            &api.post(&format!("{path}/options"), body.clone()).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(field, message),
        );
        expect(
            &api.put(&format!("{path}/options/{}", option(7)), body)
                .await,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid(field, message),
        );
    }

    let move_path = format!("{path}/options/{}/move", option(7));
    expect(
        &api.post(&move_path, json!({"after": option(8), "before": option(9)}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(
            "after",
            "The after field prohibits before from being present.",
        ),
    );
    expect(
        &api.post(&move_path, json!({})).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        json!({
            "success": false,
            "message": "The after field is required when before is not present.",
            "errors": {
                "after": ["The after field is required when before is not present."],
                "before": ["The before field is required when after is not present."]
            }
        }),
    );
    // Another field's option, the option itself, or nothing at all.
    for other in [option(1), option(7), "nope".to_owned()] {
        expect(
            &api.post(&move_path, json!({"after": other})).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            invalid("after", "The selected after is invalid."),
        );
    }

    let unknown = format!("{path}/options/{}", option(1));
    for method in [Method::PUT, Method::DELETE] {
        expect(
            &api.send(method, &unknown, Some(json!({"name": "x", "color": "red"})))
                .await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
    expect(
        &api.post(&format!("{unknown}/move"), json!({"after": option(8)}))
            .await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}

#[tokio::test]
async fn deleting_an_option_takes_it_off_tasks() {
    let api = Api::start().await;
    assert_eq!(field_value(&task(&api, 1).await, CHANNEL), json!(option(9)));
    api.delete(
        &format!("/tm/custom-fields/{CHANNEL}/options/{}", option(9)),
        None,
    )
    .await;
    assert_eq!(field_value(&task(&api, 1).await, CHANNEL), json!(null));

    api.delete(
        &format!(
            "/tm/boards/3/custom-fields/{BROWSER}/options/{}",
            option(20)
        ),
        None,
    )
    .await;
    assert_eq!(
        field_value(&task(&api, 20).await, BROWSER),
        json!([option(19), option(21)])
    );
    // Task 18 had Chrome and Safari: one is left.
    assert_eq!(
        field_value(&task(&api, 18).await, BROWSER),
        json!([option(19)])
    );
}
