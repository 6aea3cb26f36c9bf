//! Contacts: the filtered list, update, delete, e-mails, phones and tags.

use serde_json::json;
use weeek_api::{
    ContactQuery, ContactUpdate, CrmSortKey, CustomFieldFilter, DealInput, NewContact,
    OrganizationQuery, Sort,
};

use crate::common::STATUS_NEW_LEAD;
use crate::tapped;

#[tokio::test]
async fn contact_filters_go_on_the_wire() {
    let (_sb, tap, client) = tapped().await;
    let alfa = client
        .find_organizations(&OrganizationQuery {
            search: Some("альфа".into()),
            ..Default::default()
        })
        .await
        .expect("organization")
        .value
        .remove(0);

    let found = client
        .find_contacts(&ContactQuery {
            organization_ids: vec![alfa.id.clone()],
            sort: Some(Sort {
                key: CrmSortKey::Alphabet,
                descending: false,
            }),
            limit: Some(50),
            offset: Some(0),
            ..Default::default()
        })
        .await
        .expect("contacts")
        .value;
    let pairs: Vec<String> = tap
        .last()
        .query_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    assert_eq!(
        pairs,
        [
            format!("organizationIds[]={}", alfa.id),
            "sort=alphabet".into(),
            "limit=50".into(),
            "offset=0".into(),
        ]
    );
    assert!(found.len() >= 2, "{found:?}");
    assert!(found.iter().all(|c| c.organizations.contains(&alfa.id)));
    let names: Vec<String> = found
        .iter()
        .map(|c| c.first_name.clone().unwrap_or_default().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");

    // Contacts carry no custom-field values, so such a filter finds none.
    let none = client
        .find_contacts(&ContactQuery {
            custom_fields: vec![CustomFieldFilter {
                id: "00000000-0000-4000-8000-000000000000".into(),
                value: Some("x".into()),
            }],
            ..Default::default()
        })
        .await
        .expect("no contacts")
        .value;
    assert!(tap.last().query_pairs().contains(&(
        "customFields[0][id]".into(),
        "00000000-0000-4000-8000-000000000000".into()
    )));
    assert!(none.is_empty());
}

#[tokio::test]
async fn contact_update_entries_tags_and_delete() {
    let (_sb, tap, client) = tapped().await;
    let created = client
        .create_contact(&NewContact {
            first_name: "Ольга".into(),
            last_name: Some("Лебедева".into()),
            emails: vec!["olga@example.com".into()],
            phones: vec!["+7 901 000-11-22".into()],
            tags: vec![1],
            ..Default::default()
        })
        .await
        .expect("contact");

    let updated = client
        .update_contact(
            &created.id,
            &ContactUpdate {
                first_name: "Ольга".into(),
                middle_name: Some(Some("Петровна".into())),
                phones: Some(vec![]),
                ..Default::default()
            },
        )
        .await
        .expect("update contact");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/contacts/{}", created.id)
    );
    assert_eq!(
        tap.last().json(),
        json!({"firstName": "Ольга", "middleName": "Петровна", "phones": []})
    );
    assert_eq!(updated.middle_name.as_deref(), Some("Петровна"));
    assert_eq!(
        updated.last_name.as_deref(),
        Some("Лебедева"),
        "not sent, kept"
    );
    assert_eq!(
        updated.emails, created.emails,
        "not sent, kept with their ids"
    );
    assert!(updated.phones.is_empty(), "sent empty, cleared");
    assert_eq!(updated.tags, [1]);

    let email = client
        .add_contact_email(&created.id, "o.lebedeva@example.org")
        .await
        .expect("add email");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/contacts/{}/emails", created.id)
    );
    assert_eq!(
        tap.last().json(),
        json!({"email": "o.lebedeva@example.org"})
    );
    let email = client
        .update_contact_email(&created.id, &email.id, "olga.l@example.org")
        .await
        .expect("update email");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/contacts/{}/emails/{}", created.id, email.id)
    );
    client
        .delete_contact_email(&created.id, &created.emails[0].id)
        .await
        .expect("delete email");
    let phone = client
        .add_contact_phone(&created.id, "+7 902 333-44-55")
        .await
        .expect("add phone");
    assert_eq!(tap.last().json(), json!({"phone": "+7 902 333-44-55"}));
    let phone = client
        .update_contact_phone(&created.id, &phone.id, "+7 902 333-44-56")
        .await
        .expect("update phone");
    assert_eq!(phone.phone, "+7 902 333-44-56");
    client
        .attach_contact_tag(&created.id, 3)
        .await
        .expect("attach tag");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/contacts/{}/tags", created.id)
    );
    assert_eq!(tap.last().json(), json!({"tagId": 3}));
    client
        .detach_contact_tag(&created.id, 1)
        .await
        .expect("detach tag");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/contacts/{}/tags", created.id)
    );
    let read = client.contact(&created.id).await.expect("contact");
    let emails: Vec<&str> = read.emails.iter().map(|e| e.email.as_str()).collect();
    assert_eq!(emails, ["olga.l@example.org"]);
    assert_eq!(read.phones.len(), 1);
    assert_eq!(read.tags, [3]);
    client
        .delete_contact_phone(&created.id, &phone.id)
        .await
        .expect("delete phone");
    assert!(
        client
            .contact(&created.id)
            .await
            .expect("contact")
            .phones
            .is_empty()
    );

    // Deleting the contact takes it off its deals and organizations.
    let org = client
        .find_organizations(&Default::default())
        .await
        .expect("organizations")
        .value
        .remove(0);
    client
        .attach_organization_contact(&org.id, &created.id)
        .await
        .expect("link");
    let deal = client
        .create_deal(
            STATUS_NEW_LEAD,
            &DealInput {
                contacts: Some(vec![created.id.clone()]),
                ..Default::default()
            },
        )
        .await
        .expect("deal");
    client
        .delete_contact(&created.id)
        .await
        .expect("delete contact");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/contacts/{}", created.id)
    );
    assert!(client.contact(&created.id).await.is_err());
    assert!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .contacts
            .is_empty()
    );
    assert!(
        !client
            .organization(&org.id)
            .await
            .expect("organization")
            .contacts
            .contains(&created.id)
    );
}
