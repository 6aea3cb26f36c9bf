use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use super::{expect, record_not_found, task};
use crate::common::Api;

const SBP_FLOW: &[u8] = include_bytes!("../../../../assets/demo/attachments/sbp-flow.pdf");
const MOCKUP: &[u8] = include_bytes!("../../../../assets/demo/attachments/payment-mockup.png");

struct Download {
    status: StatusCode,
    content_type: Option<String>,
    disposition: Option<String>,
    bytes: Vec<u8>,
}

async fn download(api: &Api, id: &str, token: Option<&str>) -> Download {
    let mut request = api.client.get(api.url(&format!("/ws/attachments/{id}")));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("answered");
    let header = |name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    Download {
        status: response.status(),
        content_type: header("content-type"),
        disposition: header("content-disposition"),
        bytes: response.bytes().await.expect("body").to_vec(),
    }
}

fn attachment<'a>(task: &'a Value, name: &str) -> &'a Value {
    task["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == name)
        .unwrap_or_else(|| panic!("no {name} in {}", task["attachments"]))
}

#[tokio::test]
async fn seeded_files_are_served_as_stored() {
    let api = Api::start().await;
    let t = task(&api, 1).await;
    let pdf = attachment(&t, "sbp-flow.pdf");
    assert_eq!(pdf["service"], json!("weeek"));
    assert_eq!(pdf["size"], json!(SBP_FLOW.len()));
    let got = download(&api, pdf["id"].as_str().unwrap(), api.token.as_deref()).await;
    assert_eq!(got.status, StatusCode::OK);
    assert_eq!(got.content_type.as_deref(), Some("application/pdf"));
    assert_eq!(
        got.disposition.as_deref(),
        Some("attachment; filename=\"sbp-flow.pdf\"; filename*=UTF-8''sbp-flow.pdf")
    );
    assert_eq!(got.bytes, SBP_FLOW);

    let png = attachment(&t, "Макет оплаты.png");
    let got = download(&api, png["id"].as_str().unwrap(), api.token.as_deref()).await;
    assert_eq!(got.content_type.as_deref(), Some("image/png"));
    assert_eq!(
        got.disposition.as_deref(),
        Some(
            "attachment; filename=\"_____ ______.png\"; \
             filename*=UTF-8''%D0%9C%D0%B0%D0%BA%D0%B5%D1%82%20%D0%BE%D0%BF%D0%BB%D0%B0%D1%82%D1%8B.png"
        )
    );
    assert_eq!(got.bytes, MOCKUP);
}

#[tokio::test]
async fn every_seeded_weeek_file_can_be_downloaded() {
    let api = Api::start().await;
    let mut files = 0;
    for t in api.all_tasks("all=1").await {
        for a in t["attachments"].as_array().unwrap() {
            let got = download(&api, a["id"].as_str().unwrap(), api.token.as_deref()).await;
            if a["service"] == "weeek" {
                // The link in the answer leads to the same download.
                let url = format!(
                    "{}/ws/attachments/{}",
                    api.sandbox.base_url(),
                    a["id"].as_str().unwrap()
                );
                assert_eq!(a["url"], json!(url), "{a}");
                assert_eq!(got.status, StatusCode::OK, "{a}");
                assert_eq!(json!(got.bytes.len()), a["size"], "{a}");
                files += 1;
            } else {
                // A link to another service has no bytes here, and its URL is that service's.
                assert_eq!(got.status, StatusCode::NOT_FOUND, "{a}");
                assert!(a["url"].as_str().unwrap().starts_with("https://"), "{a}");
            }
        }
    }
    assert!(files >= 10, "{files} files");
}

#[tokio::test]
async fn unknown_attachments_wrong_verbs_and_no_token() {
    let api = Api::start().await;
    for id in ["00000000-0000-4000-8000-000000000000", "nope"] {
        expect(
            &api.get(&format!("/ws/attachments/{id}")).await,
            StatusCode::NOT_FOUND,
            record_not_found(),
        );
    }
    let drive = task(&api, 37).await;
    let link = attachment(&drive, "Year in review draft");
    assert_eq!(link["service"], json!("google_drive"));
    expect(
        &api.get(&format!("/ws/attachments/{}", link["id"].as_str().unwrap()))
            .await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );

    let post = api
        .send(Method::POST, "/ws/attachments/x", Some(json!({})))
        .await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(post.header("allow"), Some("GET, HEAD"));

    let t = task(&api, 1).await;
    let id = attachment(&t, "sbp-flow.pdf")["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let anonymous = download(&api, &id, None).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        serde_json::from_slice::<Value>(&anonymous.bytes).unwrap(),
        json!({"success": false, "code": 2000000, "message": "Unauthenticated."})
    );
}
