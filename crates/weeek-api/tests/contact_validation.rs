//! A contact is checked with the service's own rules before it is sent, and a contact that
//! breaks them never leaves the client.

mod common;

use std::time::Duration;

use common::{RawServer, Whole, client_with, demo_client, sandbox};
use weeek_api::{ApiError, Client, ListQuery, NAME_MAX_CHARS, NewContact, RetryPolicy};

fn named(first: &str) -> NewContact {
    NewContact {
        first_name: first.into(),
        ..Default::default()
    }
}

fn fields(contact: &NewContact) -> Vec<String> {
    contact.validate().into_iter().map(|e| e.field).collect()
}

/// A server that would accept anything, to prove the refusals are the client's.
async fn accepting_server() -> RawServer {
    RawServer::answering(
        "200 OK",
        &[("Content-Type", "application/json")],
        r#"{"success":true,"contact":{"id":"c","firstName":"x"}}"#,
    )
    .await
}

fn client(server: &RawServer) -> Client {
    client_with(
        &server.base_url(),
        "validation-token",
        RetryPolicy::none(),
        Duration::from_secs(5),
    )
}

#[test]
fn first_name_is_required() {
    assert_eq!(fields(&named("")), ["firstName"]);
    assert_eq!(fields(&named(" \t ")), ["firstName"]);
    assert!(fields(&named("Анна")).is_empty());
}

#[test]
fn names_are_limited_in_characters_not_bytes() {
    assert_eq!(NAME_MAX_CHARS, 255);
    // 255 Cyrillic letters are 510 bytes and still valid.
    assert!(fields(&named(&"Щ".repeat(255))).is_empty());
    assert_eq!(fields(&named(&"Щ".repeat(256))), ["firstName"]);
    // An emoji is one character (four bytes).
    assert!(fields(&named(&"🦀".repeat(255))).is_empty());
    assert_eq!(fields(&named(&"🦀".repeat(256))), ["firstName"]);
    // Surrounding spaces are trimmed before counting, as the service does.
    assert!(fields(&named(&format!("  {}  ", "ж".repeat(255)))).is_empty());

    let long_middle = NewContact {
        middle_name: Some("ё".repeat(256)),
        last_name: Some("ё".repeat(255)),
        ..named("Анна")
    };
    assert_eq!(fields(&long_middle), ["middleName"]);
}

#[test]
fn list_items_are_keyed_by_index() {
    let contact = NewContact {
        emails: vec!["anna@example.com".into(), "anna-at-example".into()],
        phones: vec!["+7 (916) 555-12-34".into()],
        organizations: vec!["not-a-uuid".into()],
        ..named("Анна")
    };
    assert_eq!(fields(&contact), ["emails.1", "organizations.0"]);
    let messages: Vec<String> = contact.validate().into_iter().map(|e| e.message).collect();
    assert!(messages.iter().all(|m| !m.is_empty()));
}

#[tokio::test]
async fn an_invalid_contact_is_refused_before_sending() {
    let server = accepting_server().await;
    let client = client(&server);
    let cases = [
        (named("   "), "firstName"),
        (named(&"Ю".repeat(256)), "firstName"),
        (named(&"😀".repeat(256)), "firstName"),
        (
            NewContact {
                emails: vec!["ok@example.com".into(), "broken@".into()],
                ..named("Анна")
            },
            "emails.1",
        ),
        (
            NewContact {
                organizations: vec!["alfa".into()],
                ..named("Анна")
            },
            "organizations.0",
        ),
    ];
    for (contact, field) in cases {
        let err = client.create_contact(&contact).await.unwrap_err();
        match &err {
            ApiError::Validation { fields, .. } => {
                assert_eq!(fields.keys().collect::<Vec<_>>(), [field], "{err:?}")
            }
            other => panic!("expected Validation for {field}, got {other:?}"),
        }
    }
    assert_eq!(server.connections(), 0);

    // The boundary cases are sent, trimmed and with blank rows dropped.
    let valid = NewContact {
        first_name: format!(" {} ", "Ю".repeat(255)),
        emails: vec!["ok@example.com".into(), "  ".into()],
        ..Default::default()
    };
    client.create_contact(&valid).await.expect("sent");
    let seen = server.seen();
    assert_eq!(seen.len(), 1);
    let body: serde_json::Value = serde_json::from_slice(&seen[0].body).expect("JSON body");
    assert_eq!(
        body,
        serde_json::json!({"firstName": "Ю".repeat(255), "emails": ["ok@example.com"]})
    );
}

#[tokio::test]
async fn the_service_agrees_with_the_local_limits() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let created = client
        .create_contact(&named(&"Ж".repeat(255)))
        .await
        .expect("255 characters are accepted");
    assert_eq!(
        created.first_name.as_deref(),
        Some("Ж".repeat(255).as_str())
    );

    let before = client
        .contacts(&ListQuery::page(100, 0))
        .await
        .expect("contacts")
        .whole()
        .len();
    let err = client
        .create_contact(&named(&"Ж".repeat(256)))
        .await
        .unwrap_err();
    assert!(
        err.field_errors()
            .is_some_and(|f| f.contains_key("firstName"))
    );
    let after = client
        .contacts(&ListQuery::page(100, 0))
        .await
        .expect("contacts")
        .whole()
        .len();
    assert_eq!(before, after);
}
