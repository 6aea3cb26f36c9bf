//! Organizations: the filtered list, writes, their small lists, contacts and tags.

use serde_json::json;
use weeek_api::{ContactQuery, CrmSortKey, DealInput, OrganizationInput, OrganizationQuery, Sort};

use crate::common::{ANNA, DMITRY, STATUS_NEW_LEAD};
use crate::tapped;

#[tokio::test]
async fn organization_filters_go_on_the_wire() {
    let (_sb, tap, client) = tapped().await;
    let gromov = client
        .find_contacts(&ContactQuery {
            search: Some("Громов".into()),
            ..Default::default()
        })
        .await
        .expect("contact")
        .value
        .remove(0);

    let found = client
        .find_organizations(&OrganizationQuery {
            responsible: vec![ANNA.into()],
            contacts: vec![gromov.id.clone()],
            tags: vec![],
            sort: Some(Sort {
                key: CrmSortKey::Alphabet,
                descending: true,
            }),
            limit: Some(10),
            ..Default::default()
        })
        .await
        .expect("organizations")
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
            format!("responsible[]={ANNA}"),
            format!("contacts[]={}", gromov.id),
            "sort=-alphabet".into(),
            "limit=10".into(),
        ]
    );
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].display_name(), "ООО «Альфа-Логистик»");

    let sorted = client
        .find_organizations(&OrganizationQuery {
            sort: Some(Sort {
                key: CrmSortKey::Alphabet,
                descending: false,
            }),
            limit: Some(100),
            ..Default::default()
        })
        .await
        .expect("sorted")
        .value;
    let names: Vec<String> = sorted
        .iter()
        .map(|o| o.display_name().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");
}

#[tokio::test]
async fn organization_lifecycle() {
    let (_sb, tap, client) = tapped().await;

    let org = client
        .create_organization(&OrganizationInput {
            name: Some("ООО «Ромашка»".into()),
            addresses: Some(vec!["Казань, ул. Баумана, 1".into()]),
            emails: Some(vec!["info@romashka.ru".into()]),
            phones: Some(vec!["+7 843 000-00-00".into()]),
            responsibles: Some(vec![DMITRY.into()]),
        })
        .await
        .expect("create organization");
    assert_eq!(tap.last().target(), "POST /crm/organizations");
    assert_eq!(
        tap.last().json(),
        json!({"name": "ООО «Ромашка»", "addresses": ["Казань, ул. Баумана, 1"],
               "emails": ["info@romashka.ru"], "phones": ["+7 843 000-00-00"],
               "responsibles": [DMITRY]})
    );
    assert!(uuid::Uuid::parse_str(&org.id).is_ok());
    assert_eq!(org.responsible_id.as_deref(), Some(DMITRY));
    assert_eq!(org.addresses[0].address, "Казань, ул. Баумана, 1");
    let address_id = org.addresses[0].id.clone();

    let updated = client
        .update_organization(
            &org.id,
            &OrganizationInput {
                name: Some("АО «Ромашка»".into()),
                emails: Some(vec!["info@romashka.ru".into(), "sales@romashka.ru".into()]),
                ..Default::default()
            },
        )
        .await
        .expect("update organization");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/organizations/{}", org.id)
    );
    assert_eq!(updated.name.as_deref(), Some("АО «Ромашка»"));
    assert_eq!(updated.emails.len(), 2);
    assert_eq!(
        updated.emails[0].id, org.emails[0].id,
        "a kept value keeps its id"
    );
    assert_eq!(updated.addresses, org.addresses, "lists not sent are kept");

    // Addresses, e-mails and phones one by one.
    let second = client
        .add_organization_address(&org.id, "Казань, ул. Пушкина, 5")
        .await
        .expect("add address");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/organizations/{}/addresses", org.id)
    );
    assert_eq!(
        tap.last().json(),
        json!({"address": "Казань, ул. Пушкина, 5"})
    );
    let moved = client
        .update_organization_address(&org.id, &address_id, "Казань, ул. Баумана, 2")
        .await
        .expect("update address");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/organizations/{}/addresses/{address_id}", org.id)
    );
    assert_eq!(
        (moved.id.as_str(), moved.address.as_str()),
        (address_id.as_str(), "Казань, ул. Баумана, 2")
    );
    client
        .delete_organization_address(&org.id, &second.id)
        .await
        .expect("delete address");
    let email = client
        .add_organization_email(&org.id, "hr@romashka.ru")
        .await
        .expect("add email");
    assert_eq!(tap.last().json(), json!({"email": "hr@romashka.ru"}));
    let email = client
        .update_organization_email(&org.id, &email.id, "jobs@romashka.ru")
        .await
        .expect("update email");
    assert_eq!(email.email, "jobs@romashka.ru");
    let bad = client
        .add_organization_email(&org.id, "not an email")
        .await
        .unwrap_err();
    assert!(
        bad.field_errors().is_some_and(|f| f.contains_key("email")),
        "{bad:?}"
    );
    client
        .delete_organization_email(&org.id, &email.id)
        .await
        .expect("delete email");
    let phone = client
        .add_organization_phone(&org.id, "+7 843 111-11-11")
        .await
        .expect("add phone");
    assert_eq!(tap.last().json(), json!({"phone": "+7 843 111-11-11"}));
    let phone = client
        .update_organization_phone(&org.id, &phone.id, "+7 843 222-22-22")
        .await
        .expect("update phone");
    client
        .delete_organization_phone(&org.id, &phone.id)
        .await
        .expect("delete phone");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/organizations/{}/phones/{}", org.id, phone.id)
    );
    let read = client.organization(&org.id).await.expect("organization");
    let addresses: Vec<&str> = read.addresses.iter().map(|a| a.address.as_str()).collect();
    assert_eq!(addresses, ["Казань, ул. Баумана, 2"]);
    assert_eq!(read.emails.len(), 2);
    assert_eq!(read.phones.len(), 1);

    // Contacts show on both sides; tags take `tagId`.
    let contact = client
        .find_contacts(&ContactQuery {
            search: Some("Громов".into()),
            ..Default::default()
        })
        .await
        .expect("contact")
        .value
        .remove(0);
    client
        .attach_organization_contact(&org.id, &contact.id)
        .await
        .expect("attach contact");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/organizations/{}/contacts", org.id)
    );
    assert_eq!(tap.last().json(), json!({"contactId": contact.id}));
    assert_eq!(
        client
            .organization(&org.id)
            .await
            .expect("organization")
            .contacts,
        std::slice::from_ref(&contact.id)
    );
    assert!(
        client
            .contact(&contact.id)
            .await
            .expect("contact")
            .organizations
            .contains(&org.id)
    );
    client
        .attach_organization_tag(&org.id, 2)
        .await
        .expect("attach tag");
    assert_eq!(tap.last().json(), json!({"tagId": 2}));
    assert_eq!(client.organization(&org.id).await.expect("org").tags, [2]);
    client
        .detach_organization_tag(&org.id, 2)
        .await
        .expect("detach tag");
    assert!(
        client
            .organization(&org.id)
            .await
            .expect("org")
            .tags
            .is_empty()
    );

    // Deleting the organization takes it off its contacts and deals.
    let deal = client
        .create_deal(
            STATUS_NEW_LEAD,
            &DealInput {
                organizations: Some(vec![org.id.clone()]),
                ..Default::default()
            },
        )
        .await
        .expect("deal");
    assert_eq!(deal.organizations, std::slice::from_ref(&org.id));
    client
        .detach_organization_contact(&org.id, &contact.id)
        .await
        .expect("detach contact");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/organizations/{}/contacts", org.id)
    );
    assert!(
        !client
            .contact(&contact.id)
            .await
            .expect("contact")
            .organizations
            .contains(&org.id)
    );
    client
        .attach_organization_contact(&org.id, &contact.id)
        .await
        .expect("attach again");
    client
        .delete_organization(&org.id)
        .await
        .expect("delete organization");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/organizations/{}", org.id)
    );
    assert!(client.organization(&org.id).await.is_err());
    assert!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .organizations
            .is_empty()
    );
    assert!(
        !client
            .contact(&contact.id)
            .await
            .expect("contact")
            .organizations
            .contains(&org.id)
    );
}
