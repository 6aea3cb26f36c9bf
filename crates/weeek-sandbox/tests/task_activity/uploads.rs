use reqwest::StatusCode;
use serde_json::{Value, json};

use super::{expect, invalid, record_not_found, task, upload};
use crate::common::{ANNA, Api};

#[tokio::test]
async fn files_uploaded_to_a_task_are_listed_and_served() {
    let api = Api::start().await;
    let before = task(&api, 5).await["attachments"].as_array().unwrap().len();

    let one = upload(&api, 5, &[("отчёт.txt", "квартальный отчёт".as_bytes())]).await;
    assert_eq!(one.status, StatusCode::OK, "{}", one.text);
    let file = one.json()["data"].clone();
    let id = file["id"].as_str().unwrap().to_owned();
    let url = format!("{}/ws/attachments/{id}", api.sandbox.base_url());
    assert_eq!(
        one.json(),
        json!({"success": true, "data": {
            "id": id,
            "creatorId": ANNA,
            "service": "weeek",
            "name": "отчёт.txt",
            "url": url,
            "size": "квартальный отчёт".len(),
            "createdAt": file["createdAt"],
        }})
    );
    assert_eq!(api.download(&url).await, "квартальный отчёт".as_bytes());

    // Several files answer a list, in the order sent.
    let two = upload(&api, 5, &[("a.csv", b"a;b\n"), ("b.png", b"\x89PNG")]).await;
    let names: Vec<Value> = two.json()["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].clone())
        .collect();
    assert_eq!(names, [json!("a.csv"), json!("b.png")]);

    let listed = task(&api, 5).await["attachments"].clone();
    let listed = listed.as_array().unwrap();
    assert_eq!(listed.len(), before + 3);
    assert_eq!(listed[before], file);
    let png = &listed[before + 2];
    let got = api
        .client
        .get(png["url"].as_str().unwrap())
        .bearer_auth(weeek_sandbox::demo_token())
        .send()
        .await
        .unwrap();
    assert_eq!(
        got.headers()["content-type"].to_str().unwrap(),
        "image/png",
        "a part without a media type is served as its extension says"
    );
}

#[tokio::test]
async fn uploads_are_checked() {
    let api = Api::start().await;
    // A form whose parts are not `files[]` sends no files.
    let other_parts = api
        .client
        .post(api.url("/tm/tasks/5/attachments"))
        .bearer_auth(weeek_sandbox::demo_token())
        .multipart(reqwest::multipart::Form::new().text("note", "без файла"))
        .send()
        .await
        .unwrap();
    assert_eq!(other_parts.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        other_parts.json::<Value>().await.unwrap(),
        invalid(&[("files", "The files field is required.")])
    );
    // A JSON body sends no files either.
    expect(
        &api.post("/tm/tasks/5/attachments", json!({"files": ["a"]}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        invalid(&[("files", "The files field is required.")]),
    );
    expect(
        &upload(&api, 99999, &[("a.txt", b"a")]).await,
        StatusCode::NOT_FOUND,
        record_not_found(),
    );
}
