//! Funnels, statuses, deals, organizations and contacts.

mod common;

use std::collections::HashSet;

use common::{Api, FUNNEL_B2B, STATUS_NEW_LEAD, STATUS_QUALIFICATION};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[tokio::test]
async fn funnels_and_statuses() {
    let api = Api::start().await;
    let funnels = api.ok("/crm/funnels").await["funnels"].clone();
    let funnels = funnels.as_array().unwrap();
    assert_eq!(funnels.len(), 4);
    let currencies: HashSet<i64> = funnels[..3]
        .iter()
        .map(|f| f["currencyId"].as_i64().unwrap())
        .collect();
    assert_eq!(currencies.len(), 3);
    let empty = &funnels[3];
    assert_eq!(empty["logo"], json!(null));
    assert_eq!(empty["customFields"], json!([]));
    assert_eq!(empty["dealsCount"], json!(0));

    let funnel = api.ok(&format!("/crm/funnels/{FUNNEL_B2B}")).await["funnel"].clone();
    let types: HashSet<&str> = funnel["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["type"].as_str().unwrap())
        .collect();
    for kind in [
        "text",
        "number",
        "select",
        "multiselect",
        "boolean",
        "datetime",
        "member",
        "link",
    ] {
        assert!(types.contains(kind), "{kind}");
    }
    let currency_field = funnel["customFields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["config"]["type"] == "currency")
        .unwrap()
        .clone();
    assert_eq!(
        currency_field["config"],
        json!({"type": "currency", "precision": 2, "currency": 1})
    );

    let statuses = api.ok(&format!("/crm/funnels/{FUNNEL_B2B}/statuses")).await["statuses"].clone();
    let statuses = statuses.as_array().unwrap();
    assert!((4..=7).contains(&statuses.len()));
    assert_eq!(statuses[0]["id"], json!(STATUS_NEW_LEAD));
    assert_eq!(statuses[0]["name"], json!("Новый лид"));
    assert!(statuses[0]["dealsCount"].as_i64().unwrap() > 60);
    let total: i64 = statuses
        .iter()
        .map(|s| s["dealsCount"].as_i64().unwrap())
        .sum();
    assert_eq!(total, funnel["dealsCount"].as_i64().unwrap());

    let status = api.ok(&format!("/crm/statuses/{STATUS_NEW_LEAD}")).await;
    assert_eq!(status["status"], statuses[0]);
    let keys: HashSet<&str> = status["status"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        HashSet::from([
            "id",
            "creatorId",
            "name",
            "dealsCount",
            "dealsAmount",
            "createdAt",
            "updatedAt"
        ])
    );
}

#[tokio::test]
async fn deals_page_through_a_status() {
    let api = Api::start().await;
    let first = api
        .ok(&format!("/crm/statuses/{STATUS_NEW_LEAD}/deals"))
        .await;
    assert_eq!(first["success"], json!(true));
    assert_eq!(first["hasMoreDeals"], json!(true));
    assert_eq!(
        first["deals"].as_array().unwrap().len(),
        weeek_sandbox::DEALS_DEFAULT_LIMIT
    );
    let deal = &first["deals"][0];
    assert_eq!(deal["amount"], json!(12500000.5));
    assert_eq!(deal["funnelId"], json!(FUNNEL_B2B));

    let mut seen = HashSet::new();
    let mut offset = 0;
    loop {
        let page = api
            .ok(&format!(
                "/crm/statuses/{STATUS_NEW_LEAD}/deals?limit=25&offset={offset}"
            ))
            .await;
        let deals = page["deals"].as_array().unwrap();
        for d in deals {
            assert!(seen.insert(d["id"].as_str().unwrap().to_owned()));
        }
        offset += deals.len();
        if page["hasMoreDeals"] == false {
            break;
        }
    }
    assert!(seen.len() > 60);

    let found = api
        .ok(&format!(
            "/crm/statuses/{STATUS_NEW_LEAD}/deals?search=%D0%90%D0%97%D0%A1"
        ))
        .await; // "АЗС"
    assert!(
        found["deals"].as_array().unwrap().iter().all(|d| d["title"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("азс"))
    );
    assert!(!found["deals"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn moving_a_deal_moves_its_totals() {
    let api = Api::start().await;
    let status = |id: &str| format!("/crm/statuses/{id}");
    let before_from = api.ok(&status(STATUS_NEW_LEAD)).await["status"].clone();
    let before_to = api.ok(&status(STATUS_QUALIFICATION)).await["status"].clone();
    let funnel_before = api.ok(&format!("/crm/funnels/{FUNNEL_B2B}")).await["funnel"].clone();

    let deal = api
        .ok(&format!("/crm/statuses/{STATUS_NEW_LEAD}/deals?limit=1"))
        .await["deals"][0]
        .clone();
    let id = deal["id"].as_str().unwrap();
    let amount = deal["amount"].as_f64().unwrap();
    let target_first = api
        .ok(&format!(
            "/crm/statuses/{STATUS_QUALIFICATION}/deals?limit=1"
        ))
        .await["deals"][0]["id"]
        .clone();

    let ack = api
        .post(
            &format!("/crm/deals/{id}/move"),
            json!({"statusId": STATUS_QUALIFICATION, "previousDealId": target_first}),
        )
        .await;
    assert_eq!(ack.json(), json!({"success": true}));

    let after_from = api.ok(&status(STATUS_NEW_LEAD)).await["status"].clone();
    let after_to = api.ok(&status(STATUS_QUALIFICATION)).await["status"].clone();
    let count = |v: &Value| v["dealsCount"].as_i64().unwrap();
    let sum = |v: &Value| v["dealsAmount"].as_f64().unwrap();
    assert_eq!(count(&after_from), count(&before_from) - 1);
    assert_eq!(count(&after_to), count(&before_to) + 1);
    assert!((sum(&after_from) - (sum(&before_from) - amount)).abs() < 0.01);
    assert!((sum(&after_to) - (sum(&before_to) + amount)).abs() < 0.01);
    let funnel_after = api.ok(&format!("/crm/funnels/{FUNNEL_B2B}")).await["funnel"].clone();
    assert_eq!(funnel_after["dealsCount"], funnel_before["dealsCount"]);

    // Placed right after the given deal.
    let target = api
        .ok(&format!(
            "/crm/statuses/{STATUS_QUALIFICATION}/deals?limit=2"
        ))
        .await;
    assert_eq!(target["deals"][0]["id"], target_first);
    assert_eq!(target["deals"][1]["id"], json!(id));
    assert_eq!(
        api.ok(&format!("/crm/deals/{id}")).await["deal"]["statusId"],
        json!(STATUS_QUALIFICATION)
    );

    // previousDealId null puts it on top.
    api.post(
        &format!("/crm/deals/{id}/move"),
        json!({"previousDealId": null}),
    )
    .await;
    let target = api
        .ok(&format!(
            "/crm/statuses/{STATUS_QUALIFICATION}/deals?limit=1"
        ))
        .await;
    assert_eq!(target["deals"][0]["id"], json!(id));

    let bad = api
        .post(
            &format!("/crm/deals/{id}/move"),
            json!({"statusId": "nope"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad.json(),
        json!({
            "success": false,
            "message": "The selected status id is invalid.",
            "errors": {"statusId": ["The selected status id is invalid."]}
        })
    );
}

#[tokio::test]
async fn organizations_and_contacts_lists() {
    let api = Api::start().await;
    let orgs = api.ok("/crm/organizations").await;
    assert!(orgs.get("hasMore").is_none());
    assert!(orgs["organizations"].as_array().unwrap().len() >= 15);
    let contacts = api.ok("/crm/contacts?limit=10&offset=5").await;
    assert!(contacts.get("hasMore").is_none());
    assert_eq!(contacts["contacts"].as_array().unwrap().len(), 10);

    let found = api
        .ok("/crm/contacts?search=%D0%93%D0%A0%D0%9E%D0%9C%D0%9E%D0%92")
        .await; // "ГРОМОВ"
    assert_eq!(found["contacts"][0]["lastName"], json!("Громов"));
    let by_email = api.ok("/crm/contacts?search=BLUEFIN.DE").await;
    assert!(by_email["contacts"].as_array().unwrap().len() >= 2);
    let by_phone = api.ok("/crm/contacts?search=9161002030").await;
    assert_eq!(by_phone["contacts"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn contact_create_generates_ids() {
    let api = Api::start().await;
    let org = api.ok("/crm/organizations?limit=1").await["organizations"][0]["id"].clone();
    let answer = api
        .post(
            "/crm/contacts",
            json!({
                "firstName": "  Фёдор ",
                "lastName": "Достоевский",
                "middleName": null,
                "emails": ["fd@example.ru", "fedor@example.com"],
                "phones": ["+7 900 123-45-67"],
                "organizations": [org],
                "tags": [7]
            }),
        )
        .await;
    assert_eq!(answer.status, StatusCode::OK, "{}", answer.text);
    let contact = answer.json()["contact"].clone();
    assert_eq!(contact["firstName"], json!("Фёдор"));
    assert_eq!(contact["middleName"], json!(null));
    assert_eq!(contact["creatorId"], json!(common::ANNA));
    assert_eq!(contact["organizations"], json!([org]));
    assert_eq!(contact["tags"], json!([7]));
    let emails = contact["emails"].as_array().unwrap();
    assert_eq!(emails.len(), 2);
    assert_eq!(emails[0]["email"], json!("fd@example.ru"));
    assert!(uuid::Uuid::parse_str(emails[0]["id"].as_str().unwrap()).is_ok());
    assert_ne!(emails[0]["id"], emails[1]["id"]);
    assert_eq!(contact["phones"][0]["phone"], json!("+7 900 123-45-67"));
    assert!(uuid::Uuid::parse_str(contact["phones"][0]["id"].as_str().unwrap()).is_ok());
    assert!(contact["createdAt"].as_str().unwrap().ends_with('Z'));

    let id = contact["id"].as_str().unwrap();
    assert_eq!(
        api.ok(&format!("/crm/contacts/{id}")).await["contact"],
        contact
    );
    let org_id = org.as_str().unwrap();
    let org = api.ok(&format!("/crm/organizations/{org_id}")).await;
    assert!(
        org["organization"]["contacts"]
            .as_array()
            .unwrap()
            .contains(&json!(id))
    );

    // A 255-letter Cyrillic name is valid (characters, not bytes).
    let long = api
        .post("/crm/contacts", json!({"firstName": "Я".repeat(255)}))
        .await;
    assert_eq!(long.status, StatusCode::OK, "{}", long.text);
}

#[tokio::test]
async fn contact_create_validation() {
    let api = Api::start().await;
    let blank = api.post("/crm/contacts", json!({"firstName": "   "})).await;
    assert_eq!(blank.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        blank.json(),
        json!({
            "success": false,
            "message": "The first name field is required.",
            "errors": {"firstName": ["The first name field is required."]}
        })
    );

    let too_long = api
        .post("/crm/contacts", json!({"firstName": "Ж".repeat(256)}))
        .await;
    assert_eq!(too_long.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        too_long.json(),
        json!({
            "success": false,
            "message": "The first name field must not be greater than 255 characters.",
            "errors": {"firstName": ["The first name field must not be greater than 255 characters."]}
        })
    );

    let bad_items = api
        .post(
            "/crm/contacts",
            json!({
                "firstName": "Ok",
                "emails": ["ok@example.com", "not-an-email"],
                "organizations": ["00000000-0000-4000-8000-000000000000"],
                "tags": [1, 999]
            }),
        )
        .await;
    assert_eq!(bad_items.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        bad_items.json(),
        json!({
            "success": false,
            "message": "The emails.1 field must be a valid email address.",
            "errors": {
                "emails.1": ["The emails.1 field must be a valid email address."],
                "organizations.0": ["The selected organizations.0 is invalid."],
                "tags.1": ["The selected tags.1 is invalid."]
            }
        })
    );
    // Nothing was stored by the failed attempts.
    let all = api.ok("/crm/contacts?limit=100").await["contacts"].clone();
    assert!(
        all.as_array()
            .unwrap()
            .iter()
            .all(|c| c["firstName"] != "Ok")
    );
}
