//! Every kind of structure write survives a restart of a sandbox on a database file.

use serde_json::{Value, json};

use super::ids;
use crate::common::{Api, TempDb};

const CHANNEL: &str = "9df95ae9-c198-4d35-a27e-af9f1b2c3d08";
const PLATFORM: &str = "9df95ae9-6b32-4d7f-8c2e-4f3a5b6c7d02";
const STORY_POINTS: &str = "9df95ae9-43b3-485a-8789-9f2d04c0e725";

fn option(n: u32) -> String {
    format!("9df95e4a-{n:04}-45f2-a387-06b6eaf256b0")
}

fn names(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Everything the writes below touch, as the API shows it (file links without the address of
/// the sandbox that answered).
async fn state(api: &Api) -> Vec<Value> {
    let mut out = Vec::new();
    for path in [
        "/tm/portfolios",
        "/tm/projects",
        "/tm/projects/1",
        "/tm/projects/3",
        "/tm/projects/6",
        "/tm/boards?projectId=1",
        "/tm/boards?projectId=3",
        "/tm/board-columns?boardId=1",
        "/tm/board-columns?boardId=4",
        "/tm/custom-fields",
        "/ws/tags",
        "/tm/tasks/1",
        "/tm/tasks/26",
    ] {
        out.push(api.without_origin(&api.ok(path).await));
    }
    out
}

#[tokio::test]
async fn structure_writes_survive_a_restart() {
    use reqwest::Method;
    let db = TempDb::new();
    let first = Api::on_file(&db).await;
    let api = &first;

    // Portfolios.
    let portfolio = api
        .json_ok(Method::POST, "/tm/portfolios", json!({"name": "Партнёры"}))
        .await;
    assert_eq!(portfolio["data"]["id"], json!(6));
    api.json_ok(Method::PUT, "/tm/portfolios/6", json!({"name": "Partners"}))
        .await;
    api.json_ok(Method::DELETE, "/tm/portfolios/5", json!({}))
        .await;

    // Projects.
    api.json_ok(
        Method::POST,
        "/tm/projects",
        json!({"name": "Кассы", "isPrivate": false, "portfolioId": 6}),
    )
    .await;
    api.json_ok(
        Method::PUT,
        "/tm/projects/6",
        json!({"name": "Кассы и терминалы", "isPrivate": true, "color": "#123456"}),
    )
    .await;
    api.json_ok(Method::POST, "/tm/projects/3/archive", json!({}))
        .await;
    api.json_ok(Method::DELETE, "/tm/projects/4", json!({}))
        .await;

    // Boards and columns.
    let board = api
        .json_ok(
            Method::POST,
            "/tm/boards",
            json!({"name": "QA", "projectId": 1}),
        )
        .await;
    let board = board["board"]["id"].as_i64().unwrap();
    api.json_ok(
        Method::PUT,
        &format!("/tm/boards/{board}"),
        json!({"name": "Проверка"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        &format!("/tm/boards/{board}/move"),
        json!({"upperBoardId": null}),
    )
    .await;
    api.json_ok(Method::DELETE, "/tm/boards/5", json!({})).await;
    let column = api
        .json_ok(
            Method::POST,
            "/tm/board-columns",
            json!({"name": "Блок", "boardId": 1}),
        )
        .await;
    let column = column["boardColumn"]["id"].as_i64().unwrap();
    api.json_ok(
        Method::PUT,
        &format!("/tm/board-columns/{column}"),
        json!({"name": "Blocked"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        &format!("/tm/board-columns/{column}/move"),
        json!({"upperBoardColumnId": 1}),
    )
    .await;
    api.json_ok(Method::DELETE, "/tm/board-columns/13", json!({}))
        .await;

    // Custom fields and options.
    api.json_ok(
        Method::POST,
        "/tm/custom-fields",
        json!({"name": "Риск", "type": "boolean"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        "/tm/projects/1/custom-fields",
        json!({"name": "ОС", "type": "text"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        &format!("/tm/boards/{board}/custom-fields"),
        json!({"name": "Стенд", "type": "link"}),
    )
    .await;
    api.json_ok(
        Method::PUT,
        &format!("/tm/custom-fields/{CHANNEL}"),
        json!({"name": "Канал"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        &format!("/tm/projects/1/custom-fields/{PLATFORM}/transfer-to-task-manager"),
        json!({}),
    )
    .await;
    api.json_ok(
        Method::DELETE,
        &format!("/tm/custom-fields/{STORY_POINTS}"),
        json!({}),
    )
    .await;
    let channel = format!("/tm/custom-fields/{CHANNEL}/options");
    api.json_ok(
        Method::POST,
        &channel,
        json!({"name": "Факс", "color": "red"}),
    )
    .await;
    api.json_ok(
        Method::PUT,
        &format!("{channel}/{}", option(8)),
        json!({"name": "Звонок", "color": "green"}),
    )
    .await;
    api.json_ok(
        Method::POST,
        &format!("{channel}/{}/move", option(10)),
        json!({"before": option(7)}),
    )
    .await;
    api.json_ok(
        Method::DELETE,
        &format!("{channel}/{}", option(9)),
        json!({}),
    )
    .await;

    // Tags.
    api.json_ok(
        Method::PUT,
        "/ws/tags/2",
        json!({"title": "фича", "color": "#00AA00"}),
    )
    .await;
    api.json_ok(Method::DELETE, "/ws/tags/3", json!({})).await;

    let before = state(api).await;
    // Spot checks that the writes did what they say, so an unchanged state cannot pass.
    assert_eq!(ids(&before[1]["projects"]), [1, 2, 6]);
    assert_eq!(before[3]["project"]["status"], json!(2));
    assert_eq!(ids(&before[5]["boards"])[0], board);
    assert_eq!(ids(&before[7]["boardColumns"]), [1, column, 2, 3, 4, 5]);
    assert_eq!(ids(&before[8]["boardColumns"]), [14, 15]);
    assert_eq!(ids(&before[0]["data"]), [1, 2, 3, 4, 6]);
    assert_eq!(before[4]["project"]["name"], json!("Кассы и терминалы"));
    assert_eq!(before[4]["project"]["color"], json!("#123456"));
    assert!(names(&before[2]["project"]["customFields"]).contains(&"ОС".to_owned()));
    let global = &before[9]["data"];
    let global_names = names(global);
    assert!(global_names.contains(&"Риск".to_owned()));
    assert!(global_names.contains(&"Платформа".to_owned()));
    assert!(!global_names.contains(&"Story points".to_owned()));
    let channel = global
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == CHANNEL)
        .unwrap();
    assert_eq!(channel["name"], json!("Канал"));
    assert_eq!(
        names(&channel["options"]),
        ["Сайт", "Почта", "Звонок", "Факс"]
    );
    assert_eq!(
        before[10]["tags"][1],
        json!({"id": 2, "title": "фича", "color": "#00AA00"})
    );
    assert!(!ids(&before[10]["tags"]).contains(&3));
    assert_eq!(
        before[11]["task"]["customFields"][0]["name"],
        json!("Ссылка на макет")
    );
    let second = first.restart(&db).await;
    assert_eq!(state(&second).await, before);
    second.sandbox.shutdown().await;
}
