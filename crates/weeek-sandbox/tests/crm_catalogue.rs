//! The CRM catalogue over HTTP: every validation rule and error answer spelled out as the
//! literal JSON the service sends, the answers of the writes, the consistency of counts and
//! links, and persistence of each kind of write across a restart.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{Api, FUNNEL_B2B, NOT_A_MEMBER, STATUS_NEW_LEAD, STATUS_QUALIFICATION, TempDb};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const FUNNEL_ARCHIVE: &str = "Fn0ArCh1Vq3wKd7E";
const FUNNEL_PARTNERS: &str = "Fn8PaRt4Ns6uYb1C";
const STATUS_PROSPECT: &str = "Sp1PrOs7Kd2mXa9Q";
const SEGMENT: &str = "c0f1e2d3-0004-4a5b-8c6d-7e8f9a0b1c04";
const ENTERPRISE: &str = "d1e2f3a4-0003-4b5c-9d6e-8f9a0b1c2d03";
const CHANNELS: &str = "c0f1e2d3-0005-4a5b-8c6d-7e8f9a0b1c05";
const NO_SUCH_UUID: &str = "00000000-0000-4000-8000-000000000000";

fn not_found() -> Value {
    json!({"message": "Record not found"})
}

/// A Laravel validation body with one message per field, the first leading.
fn invalid(fields: &[(&str, &str)]) -> Value {
    let errors: serde_json::Map<String, Value> = fields
        .iter()
        .map(|(f, m)| ((*f).to_owned(), json!([m])))
        .collect();
    json!({"success": false, "message": fields[0].1, "errors": errors})
}

impl Api {
    async fn expect(
        &self,
        method: Method,
        path: &str,
        body: Option<Value>,
        status: StatusCode,
        answer: Value,
    ) {
        let got = self.send(method.clone(), path, body).await;
        assert_eq!(got.status, status, "{method} {path}: {}", got.text);
        assert_eq!(got.json(), answer, "{method} {path}");
    }

    async fn first_deal(&self, status: &str) -> Value {
        self.ok(&format!("/crm/statuses/{status}/deals?limit=1"))
            .await["deals"][0]
            .clone()
    }
}

const UNPROCESSABLE: StatusCode = StatusCode::UNPROCESSABLE_ENTITY;

#[tokio::test]
async fn funnel_writes_answer_as_the_service() {
    let api = Api::start().await;
    let created = api
        .json_ok(
            Method::POST,
            "/crm/funnels",
            json!({"name": "  Экспорт  ", "currencyId": 3, "isPrivate": true}),
        )
        .await;
    let funnel = &created["funnel"];
    let id = funnel["id"].as_str().unwrap();
    let at = funnel["createdAt"].clone();
    assert_eq!(
        created,
        json!({"success": true, "funnel": {
            "id": id, "creatorId": common::ANNA, "currencyId": 3, "name": "Экспорт",
            "logo": null, "dealsCount": 0, "dealsAmount": 0.0, "isPrivate": true,
            "isBookmarked": false, "createdAt": at, "updatedAt": at,
            "team": [common::ANNA], "customFields": []
        }})
    );
    let statuses = api.ok(&format!("/crm/funnels/{id}/statuses")).await["statuses"].clone();
    let names: Vec<&str> = statuses
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Новый", "В работе", "Закрыт"]);

    // `isPrivate` reads 1/0 as well as true/false; keys not sent are kept.
    let updated = api
        .json_ok(
            Method::PUT,
            &format!("/crm/funnels/{id}"),
            json!({"isPrivate": 0}),
        )
        .await;
    assert_eq!(updated["funnel"]["isPrivate"], json!(false));
    assert_eq!(updated["funnel"]["name"], json!("Экспорт"));

    for (body, field, message) in [
        (
            json!({"name": 5}),
            "name",
            "The name field must be a string.",
        ),
        (
            json!({"name": "Ж".repeat(256)}),
            "name",
            "The name field must not be greater than 255 characters.",
        ),
        (
            json!({"currencyId": 99}),
            "currencyId",
            "The selected currency id is invalid.",
        ),
        (
            json!({"currencyId": "rub"}),
            "currencyId",
            "The currency id must be an integer.",
        ),
        (
            json!({"isPrivate": "maybe"}),
            "isPrivate",
            "The is private field must be true or false.",
        ),
    ] {
        api.expect(
            Method::POST,
            "/crm/funnels",
            Some(body),
            UNPROCESSABLE,
            invalid(&[(field, message)]),
        )
        .await;
    }
    api.expect(
        Method::PUT,
        "/crm/funnels/nope",
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::DELETE,
        "/crm/funnels/nope",
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("/crm/funnels/{id}/move"),
        Some(json!({"previousFunnelId": "nope"})),
        UNPROCESSABLE,
        invalid(&[(
            "previousFunnelId",
            "The selected previous funnel id is invalid.",
        )]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("/crm/funnels/{id}/bookmark"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    assert_eq!(
        api.ok(&format!("/crm/funnels/{id}")).await["funnel"]["isBookmarked"],
        json!(true)
    );

    let wrong = api.get(&format!("/crm/funnels/{id}/move")).await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong.header("allow"), Some("POST"));
    let wrong = api
        .send(Method::PATCH, &format!("/crm/funnels/{id}"), None)
        .await;
    assert_eq!(wrong.header("allow"), Some("GET, HEAD, PUT, DELETE"));
}

#[tokio::test]
async fn status_writes_answer_as_the_service() {
    let api = Api::start().await;
    let created = api
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{FUNNEL_B2B}/statuses"),
            json!({"name": "Отложено"}),
        )
        .await;
    let status = &created["status"];
    let id = status["id"].as_str().unwrap();
    let at = status["createdAt"].clone();
    assert_eq!(
        created,
        json!({"success": true, "status": {
            "id": id, "creatorId": common::ANNA, "name": "Отложено", "dealsCount": 0,
            "dealsAmount": 0.0, "createdAt": at, "updatedAt": at
        }})
    );
    let unnamed = api
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{FUNNEL_B2B}/statuses"),
            json!({}),
        )
        .await;
    assert_eq!(unnamed["status"]["name"], json!("Новый статус"));

    // A status holding deals stays; the rule is one field error on `id`.
    api.expect(
        Method::DELETE,
        &format!("/crm/statuses/{STATUS_NEW_LEAD}"),
        None,
        UNPROCESSABLE,
        invalid(&[(
            "id",
            "The status still has 68 deals: move or delete them first.",
        )]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("/crm/statuses/{id}/move"),
        Some(json!({"previousStatusId": STATUS_PROSPECT})),
        UNPROCESSABLE,
        invalid(&[(
            "previousStatusId",
            "The selected previous status id is invalid.",
        )]),
    )
    .await;
    api.expect(
        Method::PUT,
        "/crm/statuses/nope",
        Some(json!({"name": "x"})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::POST,
        "/crm/funnels/nope/statuses",
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("/crm/statuses/{id}"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    api.expect(
        Method::GET,
        &format!("/crm/statuses/{id}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
}

/// The demo names some option colours and gives others in hex; every answer carries hex, from
/// the same palette as task fields and new options.
#[tokio::test]
async fn seeded_options_answer_hex_colours() {
    let api = Api::start().await;
    let funnel = api.ok(&format!("/crm/funnels/{FUNNEL_B2B}")).await;
    let segment = funnel["funnel"]["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["id"] == SEGMENT)
        .cloned()
        .unwrap();
    assert_eq!(
        segment["options"],
        json!([
            {"id": "d1e2f3a4-0001-4b5c-9d6e-8f9a0b1c2d01", "name": "Малый бизнес", "color": "#2FB67C"},
            {"id": "d1e2f3a4-0002-4b5c-9d6e-8f9a0b1c2d02", "name": "Средний бизнес", "color": "#6C78F4"},
            {"id": ENTERPRISE, "name": "Enterprise", "color": "#6C78F4"},
            {"id": "d1e2f3a4-0004-4b5c-9d6e-8f9a0b1c2d04", "name": "Госсектор", "color": "#A3DE83"}
        ])
    );
    let listed = api.ok("/crm/funnels").await;
    let listed_segment = listed["funnels"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["customFields"].as_array().unwrap())
        .find(|f| f["id"] == SEGMENT)
        .cloned()
        .unwrap();
    assert_eq!(listed_segment["options"], segment["options"]);
}

/// Funnel fields are read by the same rules as task fields (the service documents both with one
/// schema), so the wording of a missing value is the task manager's live one.
#[tokio::test]
async fn custom_field_rules() {
    let api = Api::start().await;
    let fields = format!("/crm/funnels/{FUNNEL_B2B}/custom-fields");
    api.expect(
        Method::POST,
        &fields,
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("type", "The field is required.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &fields,
        Some(json!({"type": "colour"})),
        UNPROCESSABLE,
        invalid(&[("type", "The selected type is invalid.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &fields,
        Some(json!({"type": "number", "config": {"type": "currency"}})),
        UNPROCESSABLE,
        invalid(&[
            ("config.precision", "The field is required."),
            (
                "config.currency",
                "The config.currency field is required when config.type is currency.",
            ),
        ]),
    )
    .await;
    let created = api
        .json_ok(Method::POST, &fields, json!({"name": "Срок", "type": "number", "config": {"type": "number", "precision": null}}))
        .await;
    let field_id = created["customField"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        created,
        json!({"success": true, "customField": {
            "id": field_id, "name": "Срок", "type": "number",
            "config": {"type": "number", "precision": null}, "options": []
        }})
    );

    let options = format!("{fields}/{SEGMENT}/options");
    api.expect(
        Method::POST,
        &options,
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[
            ("name", "The field is required."),
            ("color", "The field is required."),
        ]),
    )
    .await;
    api.expect(
        Method::POST,
        &options,
        Some(json!({"name": "Стартап", "color": "mauve"})),
        UNPROCESSABLE,
        invalid(&[("color", "The selected color is invalid.")]),
    )
    .await;
    let option = api
        .json_ok(
            Method::POST,
            &options,
            json!({"name": "Стартап", "color": "pink"}),
        )
        .await;
    let option_id = option["option"]["id"].as_str().unwrap();
    assert_eq!(
        option,
        json!({"success": true, "option": {"id": option_id, "name": "Стартап", "color": "#FF6AA9"}})
    );

    let moved = format!("{options}/{option_id}/move");
    api.expect(
        Method::POST,
        &moved,
        Some(json!({"after": ENTERPRISE, "before": ENTERPRISE})),
        UNPROCESSABLE,
        invalid(&[(
            "after",
            "The after field prohibits before from being present.",
        )]),
    )
    .await;
    api.expect(
        Method::POST,
        &moved,
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[
            (
                "after",
                "The after field is required when before is not present.",
            ),
            (
                "before",
                "The before field is required when after is not present.",
            ),
        ]),
    )
    .await;
    api.expect(
        Method::POST,
        &moved,
        Some(json!({"before": NO_SUCH_UUID})),
        UNPROCESSABLE,
        invalid(&[("before", "The selected before is invalid.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &moved,
        Some(json!({"before": ENTERPRISE})),
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("{fields}/{NO_SUCH_UUID}"),
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("{options}/{NO_SUCH_UUID}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::POST,
        "/crm/funnels/nope/custom-fields",
        Some(json!({"type": "text"})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
}

#[tokio::test]
async fn deleting_options_and_fields_clears_deal_values() {
    let api = Api::start().await;
    let deal = api.first_deal(STATUS_NEW_LEAD).await;
    let id = deal["id"].as_str().unwrap();
    let value = |deal: &Value, field: &str| {
        deal["customFields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["id"] == field)
            .map(|f| f["value"].clone())
    };
    assert_eq!(value(&deal, SEGMENT), Some(json!(ENTERPRISE)));
    let channels = value(&deal, CHANNELS).unwrap();
    let dropped = channels[0].as_str().unwrap().to_owned();

    let base = format!("/crm/funnels/{FUNNEL_B2B}/custom-fields");
    api.expect(
        Method::DELETE,
        &format!("{base}/{SEGMENT}/options/{ENTERPRISE}"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("{base}/{CHANNELS}/options/{dropped}"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    let deal = api.ok(&format!("/crm/deals/{id}")).await["deal"].clone();
    assert_eq!(value(&deal, SEGMENT), Some(Value::Null));
    assert!(
        !value(&deal, CHANNELS)
            .unwrap()
            .as_array()
            .unwrap()
            .contains(&json!(dropped))
    );

    api.expect(
        Method::DELETE,
        &format!("{base}/{CHANNELS}"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    let deal = api.ok(&format!("/crm/deals/{id}")).await["deal"].clone();
    assert_eq!(value(&deal, CHANNELS), None);
}

#[tokio::test]
async fn deal_rules() {
    let api = Api::start().await;
    let create = format!("/crm/statuses/{STATUS_NEW_LEAD}/deals");
    for (body, field, message) in [
        (
            json!({"amount": "lots"}),
            "amount",
            "The amount field must be a number.",
        ),
        (
            json!({"winStatus": "maybe"}),
            "winStatus",
            "The selected win status is invalid.",
        ),
        (
            json!({"title": "Ж".repeat(256)}),
            "title",
            "The title field must not be greater than 255 characters.",
        ),
        (
            json!({"assignees": [NOT_A_MEMBER]}),
            "assignees.0",
            "The selected assignees.0 is invalid.",
        ),
        (
            json!({"contacts": [NO_SUCH_UUID]}),
            "contacts.0",
            "The selected contacts.0 is invalid.",
        ),
        (
            json!({"organizations": "all"}),
            "organizations",
            "The organizations field must be an array.",
        ),
        (
            json!({"tags": [999]}),
            "tags.0",
            "The selected tags.0 is invalid.",
        ),
        (
            json!({"customFields": {SEGMENT: NO_SUCH_UUID}}),
            &format!("customFields.{SEGMENT}"),
            &format!("The selected custom fields.{SEGMENT} is invalid."),
        ),
    ] {
        api.expect(
            Method::POST,
            &create,
            Some(body),
            UNPROCESSABLE,
            invalid(&[(field, message)]),
        )
        .await;
    }
    api.expect(
        Method::POST,
        "/crm/statuses/nope/deals",
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;

    let created = api
        .json_ok(
            Method::POST,
            &create,
            json!({"title": "Сайт", "amount": "1500.50", "winStatus": null}),
        )
        .await;
    let deal = created["deal"].clone();
    let id = deal["id"].as_str().unwrap().to_owned();
    assert_eq!(deal["amount"], json!(1500.5));
    assert_eq!(deal["tasks"], json!([]));
    assert_eq!(deal["attachments"], json!([]));

    // PATCH answers with the deal; PUT ignores the keys it does not take.
    let patched = api
        .json_ok(
            Method::PATCH,
            &format!("/crm/deals/{id}"),
            json!({"description": "Лендинг"}),
        )
        .await;
    assert_eq!(patched["success"], json!(true));
    assert_eq!(patched["deal"]["description"], json!("Лендинг"));
    let put = api
        .json_ok(
            Method::PUT,
            &format!("/crm/deals/{id}"),
            json!({"title": "Сайт 2", "description": "x", "contacts": "x"}),
        )
        .await;
    assert_eq!(put["deal"]["title"], json!("Сайт 2"));
    assert_eq!(put["deal"]["description"], json!("Лендинг"));

    let deal_path = format!("/crm/deals/{id}");
    api.expect(
        Method::PUT,
        &format!("{deal_path}/funnel"),
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("funnelId", "The funnel id field is required.")]),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("{deal_path}/funnel"),
        Some(json!({"funnelId": FUNNEL_ARCHIVE})),
        UNPROCESSABLE,
        invalid(&[("funnelId", "The funnel has no statuses to take the deal.")]),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("{deal_path}/status"),
        Some(json!({"statusId": "nope"})),
        UNPROCESSABLE,
        invalid(&[("statusId", "The selected status id is invalid.")]),
    )
    .await;
    // Deals take `tag`, not `tagId`.
    api.expect(
        Method::POST,
        &format!("{deal_path}/tags"),
        Some(json!({"tagId": 1})),
        UNPROCESSABLE,
        invalid(&[("tag", "The tag field is required.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{deal_path}/tags"),
        Some(json!({"tag": "red"})),
        UNPROCESSABLE,
        invalid(&[("tag", "The tag must be an integer.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{deal_path}/assignees"),
        Some(json!({"assigneeId": NOT_A_MEMBER})),
        UNPROCESSABLE,
        invalid(&[("assigneeId", "The selected assignee id is invalid.")]),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("{deal_path}/contacts"),
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("contactId", "The contact id field is required.")]),
    )
    .await;
    api.expect(
        Method::POST,
        "/crm/deals/nope/organizations",
        Some(json!({"organizationId": NO_SUCH_UUID})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;

    // Attached tasks: only tasks of the deal are found.
    api.expect(
        Method::POST,
        &format!("{deal_path}/tasks/1/move"),
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("{deal_path}/tasks/1"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    let task = api
        .json_ok(
            Method::POST,
            &format!("{deal_path}/tasks"),
            json!({"title": "Созвон", "day": "25.11.2026"}),
        )
        .await;
    assert_eq!(task["success"], json!(true));
    assert_eq!(task["task"]["dueDate"], json!("2026-11-25"));
    let task_id = task["task"]["id"].as_i64().unwrap();
    api.expect(
        Method::POST,
        &format!("{deal_path}/tasks/{task_id}/move"),
        Some(json!({"previousTaskId": 1})),
        UNPROCESSABLE,
        invalid(&[(
            "previousTaskId",
            "The selected previous task id is invalid.",
        )]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{deal_path}/tasks"),
        Some(json!({"title": "x", "priority": 9})),
        UNPROCESSABLE,
        invalid(&[("priority", "The selected priority is invalid.")]),
    )
    .await;

    // Files: without any, 422; an unknown file is not found.
    api.expect(
        Method::POST,
        &format!("{deal_path}/attachments"),
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("files", "The files field is required.")]),
    )
    .await;
    api.expect(
        Method::GET,
        &format!("/ws/attachments/{NO_SUCH_UUID}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;

    api.expect(
        Method::DELETE,
        &deal_path,
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    api.expect(
        Method::DELETE,
        &deal_path,
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::PUT,
        &deal_path,
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    let wrong = api.get(&format!("{deal_path}/status")).await;
    assert_eq!(wrong.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong.header("allow"), Some("PUT"));
    let wrong = api
        .send(
            Method::PUT,
            &format!("{deal_path}/tags"),
            Some(json!({"tag": 1})),
        )
        .await;
    assert_eq!(wrong.header("allow"), Some("POST, DELETE"));
}

#[tokio::test]
async fn deal_list_filter_rules() {
    let api = Api::start().await;
    let list = format!("/crm/statuses/{STATUS_NEW_LEAD}/deals");
    for (query, field, message) in [
        (
            "winStatuses=won",
            "winStatuses",
            "The win statuses field must be an array.",
        ),
        (
            "winStatuses[]=maybe",
            "winStatuses.0",
            "The selected win statuses.0 is invalid.",
        ),
        (
            "lastUpdated[]=tomorrow",
            "lastUpdated.0",
            "The selected last updated.0 is invalid.",
        ),
        (
            "assigneeIds[]=00000000-1111-4222-8333-444444444444",
            "assigneeIds.0",
            "The selected assignee ids.0 is invalid.",
        ),
        ("tags[]=x", "tags.0", "The tags.0 must be an integer."),
        (
            "organizations[]=nope",
            "organizations.0",
            "The selected organizations.0 is invalid.",
        ),
        (
            "customFields[0][value]=x",
            "customFields.0.id",
            "The custom fields.0.id field is required.",
        ),
        ("sort=price", "sort", "The selected sort is invalid."),
        ("limit=0", "limit", "The limit field must be at least 1."),
    ] {
        api.expect(
            Method::GET,
            &format!("{list}?{query}"),
            None,
            UNPROCESSABLE,
            invalid(&[(field, message)]),
        )
        .await;
    }

    // Filters narrow: the older spelling `executorIds[]` reads like `assigneeIds[]`.
    let ids = |v: &Value| -> Vec<String> {
        v["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let by_assignee = api
        .ok(&format!(
            "{list}?limit=100&assigneeIds[]={}",
            common::DMITRY
        ))
        .await;
    let by_executor = api
        .ok(&format!(
            "{list}?limit=100&executorIds[]={}",
            common::DMITRY
        ))
        .await;
    assert_eq!(ids(&by_assignee), ids(&by_executor));
    assert!(!ids(&by_assignee).is_empty());
    assert!(by_assignee["deals"].as_array().unwrap().iter().all(|d| {
        d["assignees"]
            .as_array()
            .unwrap()
            .contains(&json!(common::DMITRY))
    }));
    let segment = api
        .ok(&format!(
            "{list}?limit=100&customFields[0][id]={SEGMENT}&customFields[0][value]={ENTERPRISE}"
        ))
        .await;
    assert!(!ids(&segment).is_empty());
    for deal in segment["deals"].as_array().unwrap() {
        let value = deal["customFields"]
            .as_array()
            .unwrap()
            .iter()
            .find(|f| f["id"] == SEGMENT)
            .unwrap();
        assert_eq!(value["value"], json!(ENTERPRISE));
    }
    let titles = api.ok(&format!("{list}?limit=100&sort=-title")).await;
    let titles: Vec<String> = titles["deals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["title"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(titles.windows(2).all(|w| w[0] >= w[1]));
}

#[tokio::test]
async fn organization_and_contact_rules() {
    let api = Api::start().await;
    for (body, field, message) in [
        (
            json!({"emails": ["nope"]}),
            "emails.0",
            "The emails.0 field must be a valid email address.",
        ),
        (
            json!({"responsibles": [NOT_A_MEMBER]}),
            "responsibles.0",
            "The selected responsibles.0 is invalid.",
        ),
        (
            json!({"addresses": "Москва"}),
            "addresses",
            "The addresses field must be an array.",
        ),
        (
            json!({"phones": [""]}),
            "phones.0",
            "The phones.0 field is required.",
        ),
    ] {
        api.expect(
            Method::POST,
            "/crm/organizations",
            Some(body),
            UNPROCESSABLE,
            invalid(&[(field, message)]),
        )
        .await;
    }
    let org = api.ok("/crm/organizations?limit=1").await["organizations"][0].clone();
    let org_path = format!("/crm/organizations/{}", org["id"].as_str().unwrap());
    api.expect(
        Method::POST,
        &format!("{org_path}/addresses"),
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("address", "The address field is required.")]),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("{org_path}/addresses/{NO_SUCH_UUID}"),
        Some(json!({"address": "x"})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{org_path}/contacts"),
        Some(json!({"contactId": "nope"})),
        UNPROCESSABLE,
        invalid(&[("contactId", "The selected contact id is invalid.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{org_path}/tags"),
        Some(json!({"tag": 1})),
        UNPROCESSABLE,
        invalid(&[("tagId", "The tag id field is required.")]),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("/crm/organizations/{NO_SUCH_UUID}"),
        Some(json!({})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    let address = api
        .json_ok(
            Method::POST,
            &format!("{org_path}/addresses"),
            json!({"address": " Тверь, ул. Советская, 3 "}),
        )
        .await;
    let address_id = address["address"]["id"].as_str().unwrap();
    assert_eq!(
        address,
        json!({"success": true, "address": {"id": address_id, "address": "Тверь, ул. Советская, 3"}})
    );

    let contact = api.ok("/crm/contacts?limit=1").await["contacts"][0].clone();
    let contact_path = format!("/crm/contacts/{}", contact["id"].as_str().unwrap());
    api.expect(
        Method::PUT,
        &contact_path,
        Some(json!({})),
        UNPROCESSABLE,
        invalid(&[("firstName", "The first name field is required.")]),
    )
    .await;
    api.expect(
        Method::POST,
        &format!("{contact_path}/emails"),
        Some(json!({"email": "x"})),
        UNPROCESSABLE,
        invalid(&[("email", "The email field must be a valid email address.")]),
    )
    .await;
    api.expect(
        Method::DELETE,
        &format!("{contact_path}/phones/{NO_SUCH_UUID}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::PUT,
        &format!("/crm/contacts/{NO_SUCH_UUID}"),
        Some(json!({"firstName": "x"})),
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::GET,
        "/crm/contacts?organizationIds[]=nope",
        None,
        UNPROCESSABLE,
        invalid(&[(
            "organizationIds.0",
            "The selected organization ids.0 is invalid.",
        )]),
    )
    .await;
    api.expect(
        Method::GET,
        "/crm/organizations?sort=name",
        None,
        UNPROCESSABLE,
        invalid(&[("sort", "The selected sort is invalid.")]),
    )
    .await;
    let phone = api
        .json_ok(
            Method::POST,
            &format!("{contact_path}/phones"),
            json!({"phone": "+7 900 000-00-01"}),
        )
        .await;
    let phone_id = phone["phone"]["id"].as_str().unwrap();
    assert_eq!(
        phone,
        json!({"success": true, "phone": {"id": phone_id, "phone": "+7 900 000-00-01"}})
    );

    // An update keeps the contact's place in the list.
    let before = api.ok("/crm/contacts?limit=3").await["contacts"].clone();
    let first = before[0]["id"].as_str().unwrap();
    api.json_ok(
        Method::PUT,
        &format!("/crm/contacts/{first}"),
        json!({"firstName": "Алексей"}),
    )
    .await;
    let after = api.ok("/crm/contacts?limit=3").await["contacts"].clone();
    assert_eq!(after[0]["id"], before[0]["id"]);
}

#[tokio::test]
async fn funnel_delete_takes_its_statuses_and_deals() {
    let api = Api::start().await;
    let deal = api.first_deal(STATUS_PROSPECT).await;
    let deal_id = deal["id"].as_str().unwrap();
    let task = api
        .json_ok(
            Method::POST,
            &format!("/crm/deals/{deal_id}/tasks"),
            json!({"title": "Звонок"}),
        )
        .await;
    let task_id = task["task"]["id"].as_i64().unwrap();
    api.expect(
        Method::DELETE,
        &format!("/crm/funnels/{FUNNEL_PARTNERS}"),
        None,
        StatusCode::OK,
        json!({"success": true}),
    )
    .await;
    api.expect(
        Method::GET,
        &format!("/crm/deals/{deal_id}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    api.expect(
        Method::GET,
        &format!("/crm/statuses/{STATUS_PROSPECT}"),
        None,
        StatusCode::NOT_FOUND,
        not_found(),
    )
    .await;
    let task = api.ok(&format!("/tm/tasks/{task_id}")).await;
    assert_eq!(
        task["task"]["isDeleted"],
        json!(false),
        "the deal's task stays a task"
    );
    let funnels = api.ok("/crm/funnels").await["funnels"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(funnels, 3);
}

/// Every kind of CRM write, on a file database, read back after a restart.
#[tokio::test]
async fn crm_writes_survive_a_restart() {
    let db = TempDb::new();
    let first = Api::on_file(&db).await;

    let funnel = first
        .json_ok(Method::POST, "/crm/funnels", json!({"name": "Сохранённая"}))
        .await["funnel"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{funnel}/move"),
            json!({"previousFunnelId": null}),
        )
        .await;
    first
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{funnel}/bookmark"),
            json!({}),
        )
        .await;
    let status = first
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{funnel}/statuses"),
            json!({"name": "Этап"}),
        )
        .await["status"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::POST,
            &format!("/crm/statuses/{status}/move"),
            json!({"previousStatusId": null}),
        )
        .await;
    let field = first
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{funnel}/custom-fields"),
            json!({"name": "Тип", "type": "select"}),
        )
        .await["customField"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let option = first
        .json_ok(
            Method::POST,
            &format!("/crm/funnels/{funnel}/custom-fields/{field}/options"),
            json!({"name": "A", "color": "green"}),
        )
        .await["option"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let org = first
        .json_ok(
            Method::POST,
            "/crm/organizations",
            json!({"name": "ООО «Память»", "addresses": ["Псков"]}),
        )
        .await["organization"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::POST,
            &format!("/crm/organizations/{org}/phones"),
            json!({"phone": "+7 811 000-00-00"}),
        )
        .await;
    let contact = first.ok("/crm/contacts?limit=1").await["contacts"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::PUT,
            &format!("/crm/contacts/{contact}"),
            json!({"firstName": "Алексей", "middleName": null}),
        )
        .await;
    first
        .json_ok(
            Method::POST,
            &format!("/crm/contacts/{contact}/emails"),
            json!({"email": "kept@example.com"}),
        )
        .await;
    first
        .json_ok(
            Method::POST,
            &format!("/crm/organizations/{org}/contacts"),
            json!({"contactId": contact}),
        )
        .await;
    first
        .json_ok(
            Method::POST,
            &format!("/crm/contacts/{contact}/tags"),
            json!({"tagId": 5}),
        )
        .await;
    let deal = first
        .json_ok(Method::POST, &format!("/crm/statuses/{status}/deals"), json!({"title": "Долгая", "amount": 10, "contacts": [contact], "customFields": {field.clone(): option.clone()}}))
        .await["deal"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::POST,
            &format!("/crm/deals/{deal}/organizations"),
            json!({"organizationId": org}),
        )
        .await;
    first
        .json_ok(
            Method::POST,
            &format!("/crm/deals/{deal}/tasks"),
            json!({"title": "Перезвонить"}),
        )
        .await;
    upload_deal_file(&first, &deal, "hello.txt", b"hello").await;
    let moved_deal = first.first_deal(STATUS_QUALIFICATION).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .json_ok(
            Method::PUT,
            &format!("/crm/deals/{moved_deal}/status"),
            json!({"statusId": status}),
        )
        .await;
    let deleted = first.ok("/crm/contacts?limit=2&offset=1").await["contacts"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    first
        .expect(
            Method::DELETE,
            &format!("/crm/contacts/{deleted}"),
            None,
            StatusCode::OK,
            json!({"success": true}),
        )
        .await;

    let ids = [&funnel, &status, &org, &contact, &deal];
    let before = snapshot(&first, ids).await;
    assert_eq!(before["funnels"][0]["id"], json!(funnel));
    assert_eq!(before["deal"]["attachments"].as_array().unwrap().len(), 1);
    assert_eq!(before["deal"]["tasks"].as_array().unwrap().len(), 1);
    assert_eq!(before["statuses"][0]["dealsCount"], json!(2));
    let file = &before["deal"]["attachments"][0];
    assert_eq!(
        file["url"],
        json!(format!(
            "<sandbox>/public/v1/ws/attachments/{}",
            file["id"].as_str().unwrap()
        ))
    );
    let second = first.restart(&db).await;
    assert_eq!(snapshot(&second, ids).await, before);
    let url = second.ok(&format!("/crm/deals/{deal}")).await["deal"]["attachments"][0]["url"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(second.download(&url).await, b"hello");
    second.sandbox.shutdown().await;
}

/// A deal file's `url` is made when answering, from the address the request reached: after a
/// restart on another port, the URL in the answer still downloads the file.
#[tokio::test]
async fn deal_file_url_downloads_after_a_restart_on_another_port() {
    let db = TempDb::new();
    let first = Api::on_file(&db).await;
    let deal = first.first_deal(STATUS_NEW_LEAD).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let bytes = "Договор №7\n".repeat(100).into_bytes();
    let uploaded = upload_deal_file(&first, &deal, "договор.txt", &bytes).await;
    let url = uploaded["data"]["url"].as_str().unwrap().to_owned();
    let id = uploaded["data"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        url,
        format!("{}/ws/attachments/{id}", first.sandbox.base_url())
    );
    assert_eq!(first.download(&url).await, bytes);
    let old_port = first.sandbox.addr().port();

    let second = first.restart(&db).await;
    assert_ne!(second.sandbox.addr().port(), old_port);
    let deal = second.ok(&format!("/crm/deals/{deal}")).await["deal"].clone();
    let file = deal["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == json!(id))
        .cloned()
        .unwrap();
    let url = file["url"].as_str().unwrap();
    assert_eq!(
        url,
        format!("{}/ws/attachments/{id}", second.sandbox.base_url())
    );
    assert_eq!(second.download(url).await, bytes);
    assert_eq!(file["size"], json!(bytes.len()));
    second.sandbox.shutdown().await;
}

/// `POST /crm/deals/{id}/attachments` with one file; answers the JSON of a 200.
async fn upload_deal_file(api: &Api, deal: &str, name: &str, bytes: &[u8]) -> Value {
    let answer = api
        .client
        .post(api.url(&format!("/crm/deals/{deal}/attachments")))
        .bearer_auth(weeek_sandbox::demo_token())
        .header("Accept", "application/json")
        .multipart(reqwest::multipart::Form::new().part(
            "files[]",
            reqwest::multipart::Part::bytes(bytes.to_vec()).file_name(name.to_owned()),
        ))
        .send()
        .await
        .expect("upload answered");
    assert_eq!(answer.status(), StatusCode::OK);
    answer.json().await.expect("upload answer is JSON")
}

/// What the restart test compares: the lists and records its writes touched. File URLs name
/// the address of the sandbox that answered, which a restart changes: it is written as
/// `<sandbox>` so that the rest can be compared.
async fn snapshot(api: &Api, [funnel, status, org, contact, deal]: [&String; 5]) -> Value {
    let seen = json!({
        "funnels": api.ok("/crm/funnels").await["funnels"],
        "statuses": api.ok(&format!("/crm/funnels/{funnel}/statuses")).await["statuses"],
        "deals": api.ok(&format!("/crm/statuses/{status}/deals")).await["deals"],
        "organization": api.ok(&format!("/crm/organizations/{org}")).await["organization"],
        "contact": api.ok(&format!("/crm/contacts/{contact}")).await["contact"],
        "deal": api.ok(&format!("/crm/deals/{deal}")).await["deal"],
        "contacts": api.ok("/crm/contacts?limit=100").await["contacts"],
    });
    api.without_origin(&seen)
}

/// The demo CRM shows what the screens need: organizations with several addresses, deals with
/// tasks, and deals of every outcome.
#[tokio::test]
async fn demo_crm_has_addresses_task_links_and_every_outcome() {
    let api = Api::start().await;
    let orgs = api.ok("/crm/organizations?limit=100").await["organizations"].clone();
    let orgs = orgs.as_array().unwrap();
    assert_eq!(orgs.len(), 15);
    assert!(
        orgs.iter()
            .all(|o| !o["addresses"].as_array().unwrap().is_empty())
    );
    let zerno = orgs
        .iter()
        .find(|o| o["name"] == "Сеть кофеен «Зерно»")
        .unwrap();
    assert_eq!(zerno["addresses"].as_array().unwrap().len(), 3);

    let mut outcomes = std::collections::BTreeSet::new();
    let mut linked = Vec::new();
    for funnel in api.ok("/crm/funnels").await["funnels"].as_array().unwrap() {
        let id = funnel["id"].as_str().unwrap();
        for status in api.ok(&format!("/crm/funnels/{id}/statuses")).await["statuses"]
            .as_array()
            .unwrap()
        {
            let status = status["id"].as_str().unwrap();
            for deal in api
                .ok(&format!("/crm/statuses/{status}/deals?limit=100"))
                .await["deals"]
                .as_array()
                .unwrap()
            {
                outcomes.insert(deal["winStatus"].as_str().unwrap_or("open").to_owned());
                if !deal["tasks"].as_array().unwrap().is_empty() {
                    linked.push(deal.clone());
                }
            }
        }
    }
    assert_eq!(
        outcomes.into_iter().collect::<Vec<_>>(),
        ["archived", "lost", "open", "won"]
    );
    assert_eq!(linked.len(), 4);
    let integration = linked
        .iter()
        .find(|d| d["title"] == "Интеграция 1С для «Альфа-Логистик»")
        .unwrap();
    let titles: Vec<&str> = integration["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["Обмен заказами с 1С", "Документация по API интеграции"]
    );
    assert!(
        integration["tasks"][0]["locations"].is_array(),
        "full Task objects"
    );
}

/// Deal files may be far larger than the 2 MB other bodies are limited to (100 MB each).
#[tokio::test]
async fn a_deal_file_may_exceed_the_general_body_limit() {
    let api = Api::start().await;
    let deal = api.first_deal(STATUS_NEW_LEAD).await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let big = vec![b'x'; 3 * 1024 * 1024];
    let answer = api
        .client
        .post(api.url(&format!("/crm/deals/{deal}/attachments")))
        .bearer_auth(weeek_sandbox::demo_token())
        .header("Accept", "application/json")
        .multipart(reqwest::multipart::Form::new().part(
            "files[]",
            reqwest::multipart::Part::bytes(big).file_name("scan.pdf"),
        ))
        .send()
        .await
        .expect("upload answered");
    assert_eq!(answer.status(), StatusCode::OK);
    let body: Value = answer.json().await.expect("JSON");
    assert_eq!(body["data"]["size"], json!(3 * 1024 * 1024));
    assert_eq!(body["data"]["name"], json!("scan.pdf"));
}

/// Every sort key the board offers, both ways; `commented` is accepted and keeps the board
/// order. For `amount` only the deals that have one are compared.
#[tokio::test]
async fn deal_list_sorts_by_every_key_of_the_reference() {
    let api = Api::start().await;
    let list = format!("/crm/statuses/{STATUS_NEW_LEAD}/deals?limit=100");
    let column = |v: &Value, key: &str| -> Vec<Value> {
        v["deals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d[key].clone())
            .collect()
    };
    let amounts = |v: &Value| -> Vec<f64> {
        column(v, "amount")
            .iter()
            .filter_map(Value::as_f64)
            .collect()
    };
    let up = api.ok(&format!("{list}&sort=amount")).await;
    let down = api.ok(&format!("{list}&sort=-amount")).await;
    assert!(amounts(&up).len() > 2, "{up}");
    assert!(amounts(&up).windows(2).all(|w| w[0] <= w[1]));
    assert!(amounts(&down).windows(2).all(|w| w[0] >= w[1]));
    for key in ["createdAt", "updatedAt"] {
        let up = api.ok(&format!("{list}&sort={key}")).await;
        let down = api.ok(&format!("{list}&sort=-{key}")).await;
        let text = |v: &Value| -> Vec<String> {
            column(v, key)
                .iter()
                .map(|s| s.as_str().unwrap().to_owned())
                .collect()
        };
        assert!(text(&up).windows(2).all(|w| w[0] <= w[1]), "{key} up");
        assert!(text(&down).windows(2).all(|w| w[0] >= w[1]), "{key} down");
    }
    let board = api.ok(&list).await;
    let commented = api.ok(&format!("{list}&sort=commented")).await;
    assert_eq!(column(&board, "id"), column(&commented, "id"));
    // A filter and a sort together: the won deals only, largest first.
    let won = api
        .ok(&format!("{list}&winStatuses[]=won&sort=-amount"))
        .await;
    assert!(
        won["deals"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["winStatus"] == json!("won"))
    );
    assert!(amounts(&won).windows(2).all(|w| w[0] >= w[1]));
}
