//! Deals: the filtered list, writes, links, attached tasks and files.

use serde_json::{Map, json};
use weeek_api::models::WinStatus;
use weeek_api::{
    ContactQuery, CustomFieldFilter, DealInput, DealQuery, DealSortKey, DealUpdate, FileUpload,
    LastUpdated, NewTask, Sort,
};

use crate::common::{ANNA, DMITRY, FUNNEL_B2B, MARIA, STATUS_NEW_LEAD, STATUS_QUALIFICATION};
use crate::tapped;

/// "Сегмент" of the B2B funnel, a select field, and its "Enterprise" option.
const SEGMENT: &str = "c0f1e2d3-0004-4a5b-8c6d-7e8f9a0b1c04";
const ENTERPRISE: &str = "d1e2f3a4-0003-4b5c-9d6e-8f9a0b1c2d03";
/// "Закрыто", the last status of the B2B funnel: its deals are won or lost.
const STATUS_CLOSED: &str = "St5ClOs3Lp9fA2xW";
/// "Prospect", the first status of the partnerships funnel.
const STATUS_PROSPECT: &str = "Sp1PrOs7Kd2mXa9Q";
const FUNNEL_PARTNERS: &str = "Fn8PaRt4Ns6uYb1C";

#[tokio::test]
async fn deal_filters_go_on_the_wire_in_the_service_dialect() {
    let (_sb, tap, client) = tapped().await;

    let query = DealQuery {
        search: Some("АЗС".into()),
        assignee_ids: vec![ANNA.into()],
        win_statuses: vec![],
        last_updated: vec![],
        tags: vec![],
        organizations: vec![],
        contacts: vec![],
        custom_fields: vec![CustomFieldFilter {
            id: SEGMENT.into(),
            value: Some(ENTERPRISE.into()),
        }],
        sort: Some(Sort {
            key: DealSortKey::Amount,
            descending: true,
        }),
        limit: Some(5),
        offset: Some(0),
    };
    let page = client
        .find_deals(STATUS_NEW_LEAD, &query)
        .await
        .expect("deals")
        .value;
    let seen = tap.last();
    assert!(
        seen.target()
            .starts_with(&format!("GET /crm/statuses/{STATUS_NEW_LEAD}/deals?")),
        "{}",
        seen.target()
    );
    let pairs: Vec<String> = seen
        .query_pairs()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    assert_eq!(
        pairs,
        [
            "search=АЗС",
            "assigneeIds[]=3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21",
            &format!("customFields[0][id]={SEGMENT}"),
            &format!("customFields[0][value]={ENTERPRISE}"),
            "sort=-amount",
            "limit=5",
            "offset=0",
        ]
    );
    assert_eq!(page.deals.len(), 1, "{page:?}");
    let deal = &page.deals[0];
    assert_eq!(
        deal.title.as_deref(),
        Some("Мобильное приложение для сети АЗС")
    );
    assert!(!page.has_more);

    // Win statuses, tags, last updated and the sort each narrow or order the list.
    let closed = client
        .find_deals(
            STATUS_CLOSED,
            &DealQuery {
                win_statuses: vec![WinStatus::Lost],
                ..Default::default()
            },
        )
        .await
        .expect("lost deals")
        .value;
    assert!(
        tap.last()
            .query_pairs()
            .contains(&("winStatuses[]".into(), "lost".into()))
    );
    assert!(!closed.deals.is_empty());
    assert!(
        closed
            .deals
            .iter()
            .all(|d| d.win_status == Some(WinStatus::Lost))
    );

    let by_amount = client
        .find_deals(
            STATUS_NEW_LEAD,
            &DealQuery {
                sort: Some(Sort {
                    key: DealSortKey::Amount,
                    descending: false,
                }),
                limit: Some(100),
                ..Default::default()
            },
        )
        .await
        .expect("sorted deals")
        .value;
    assert_eq!(
        tap.last().query_pairs().last(),
        Some(&("limit".into(), "100".into()))
    );
    let amounts: Vec<f64> = by_amount.deals.iter().filter_map(|d| d.amount).collect();
    assert!(amounts.windows(2).all(|w| w[0] <= w[1]), "{amounts:?}");

    let nothing_today = client
        .find_deals(
            STATUS_NEW_LEAD,
            &DealQuery {
                last_updated: vec![LastUpdated::Today],
                ..Default::default()
            },
        )
        .await
        .expect("updated today")
        .value;
    assert!(
        tap.last()
            .query_pairs()
            .contains(&("lastUpdated[]".into(), "today".into()))
    );
    assert!(
        nothing_today.deals.is_empty(),
        "the seed changed nothing today"
    );

    let bad = client
        .find_deals(
            STATUS_NEW_LEAD,
            &DealQuery {
                tags: vec![999],
                ..Default::default()
            },
        )
        .await
        .unwrap_err();
    assert!(
        bad.field_errors().is_some_and(|f| f.contains_key("tags.0")),
        "{bad:?}"
    );
}

#[tokio::test]
async fn deal_writes_follow_the_totals() {
    let (_sb, tap, client) = tapped().await;
    let lead_before = client.funnel_status(STATUS_NEW_LEAD).await.expect("status");
    let funnel_before = client.funnel(FUNNEL_B2B).await.expect("funnel");
    let contact = client
        .find_contacts(&ContactQuery {
            search: Some("Громов".into()),
            ..Default::default()
        })
        .await
        .expect("contact")
        .value
        .remove(0);

    let mut values = Map::new();
    values.insert(SEGMENT.into(), json!(ENTERPRISE));
    let deal = client
        .create_deal(
            STATUS_NEW_LEAD,
            &DealInput {
                title: Some("Портал поставщиков".into()),
                description: Some(Some("Из рекомендации".into())),
                amount: Some(Some(250_000.5)),
                assignees: Some(vec![DMITRY.into()]),
                contacts: Some(vec![contact.id.clone()]),
                tags: Some(vec![1]),
                custom_fields: Some(values),
                ..Default::default()
            },
        )
        .await
        .expect("create deal");
    let seen = tap.last();
    assert_eq!(
        seen.target(),
        format!("POST /crm/statuses/{STATUS_NEW_LEAD}/deals")
    );
    assert_eq!(
        seen.json(),
        json!({
            "title": "Портал поставщиков",
            "description": "Из рекомендации",
            "amount": 250000.5,
            "assignees": [DMITRY],
            "contacts": [contact.id],
            "tags": [1],
            "customFields": {SEGMENT: ENTERPRISE}
        })
    );
    assert_eq!(deal.id.len(), 16);
    assert_eq!(deal.status_id.as_deref(), Some(STATUS_NEW_LEAD));
    assert_eq!(deal.creator_id.as_deref(), Some(ANNA));
    let segment = deal
        .custom_fields
        .iter()
        .find(|f| f.id == SEGMENT)
        .expect("segment");
    assert_eq!(segment.value, json!(ENTERPRISE));
    let top = client
        .find_deals(
            STATUS_NEW_LEAD,
            &DealQuery {
                limit: Some(1),
                ..Default::default()
            },
        )
        .await
        .expect("top")
        .value;
    assert_eq!(top.deals[0].id, deal.id, "a new deal goes to the top");
    let lead = client.funnel_status(STATUS_NEW_LEAD).await.expect("status");
    let count = |s: &weeek_api::models::FunnelStatus| s.deals_count.unwrap_or_default();
    let amount = |s: &weeek_api::models::FunnelStatus| s.deals_amount.unwrap_or_default();
    assert_eq!(count(&lead), count(&lead_before) + 1);
    assert!((amount(&lead) - amount(&lead_before) - 250_000.5).abs() < 0.01);

    let updated = client
        .update_deal(
            &deal.id,
            &DealUpdate {
                amount: Some(Some(300_000.0)),
                win_status: Some(Some(WinStatus::Archived)),
                ..Default::default()
            },
        )
        .await
        .expect("PUT deal");
    assert_eq!(tap.last().target(), format!("PUT /crm/deals/{}", deal.id));
    assert_eq!(
        tap.last().json(),
        json!({"amount": 300000.0, "winStatus": "archived"})
    );
    assert_eq!(
        (updated.amount, updated.win_status),
        (Some(300_000.0), Some(WinStatus::Archived))
    );
    assert_eq!(updated.title, deal.title, "PUT keeps what it was not sent");
    let funnel = client.funnel(FUNNEL_B2B).await.expect("funnel");
    let amount_of = |f: &weeek_api::models::Funnel| f.deals_amount.unwrap_or_default();
    assert!((amount_of(&funnel) - amount_of(&funnel_before) - 300_000.0).abs() < 0.01);

    let patched = client
        .update_deal_fields(
            &deal.id,
            &DealInput {
                title: Some("Портал поставщиков 2.0".into()),
                amount: Some(None),
                win_status: Some(None),
                assignees: Some(vec![MARIA.into()]),
                ..Default::default()
            },
        )
        .await
        .expect("PATCH deal")
        .expect("the sandbox answers the deal");
    assert_eq!(tap.last().target(), format!("PATCH /crm/deals/{}", deal.id));
    assert_eq!(
        tap.last().json(),
        json!({"title": "Портал поставщиков 2.0", "amount": null, "winStatus": null,
               "assignees": [MARIA]})
    );
    assert_eq!((patched.amount, patched.win_status), (None, None));
    assert_eq!(patched.assignees, [MARIA]);
    assert_eq!(
        patched.contacts,
        std::slice::from_ref(&contact.id),
        "lists not sent are kept"
    );

    // Links, one route each, with the documented keys.
    client
        .attach_deal_assignee(&deal.id, ANNA)
        .await
        .expect("assignee");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/deals/{}/assignees", deal.id)
    );
    assert_eq!(tap.last().json(), json!({"assigneeId": ANNA}));
    client
        .detach_deal_assignee(&deal.id, MARIA)
        .await
        .expect("unassign");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/deals/{}/assignees", deal.id)
    );
    client
        .detach_deal_contact(&deal.id, &contact.id)
        .await
        .expect("contact off");
    assert_eq!(tap.last().json(), json!({"contactId": contact.id}));
    assert!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .contacts
            .is_empty()
    );
    client
        .attach_deal_contact(&deal.id, &contact.id)
        .await
        .expect("contact on");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/deals/{}/contacts", deal.id)
    );
    assert_eq!(tap.last().json(), json!({"contactId": contact.id}));
    client
        .detach_deal_contact(&deal.id, &contact.id)
        .await
        .expect("contact off again");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/deals/{}/contacts", deal.id)
    );
    client.attach_deal_tag(&deal.id, 4).await.expect("tag");
    assert_eq!(tap.last().json(), json!({"tag": 4}));
    client.detach_deal_tag(&deal.id, 1).await.expect("tag off");
    let orgs = client
        .find_organizations(&Default::default())
        .await
        .expect("organizations")
        .value;
    client
        .attach_deal_organization(&deal.id, &orgs[0].id)
        .await
        .expect("organization");
    assert_eq!(tap.last().json(), json!({"organizationId": orgs[0].id}));
    let read = client.deal(&deal.id).await.expect("deal");
    assert_eq!(read.assignees, [ANNA]);
    assert!(read.contacts.is_empty());
    assert_eq!(read.tags, [4]);
    assert_eq!(read.organizations, [orgs[0].id.clone()]);
    client
        .detach_deal_organization(&deal.id, &orgs[0].id)
        .await
        .expect("organization off");
    assert!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .organizations
            .is_empty()
    );

    // Status and funnel changes move the totals along.
    client
        .change_deal_status(&deal.id, STATUS_QUALIFICATION)
        .await
        .expect("change status");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/deals/{}/status", deal.id)
    );
    assert_eq!(tap.last().json(), json!({"statusId": STATUS_QUALIFICATION}));
    assert_eq!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .status_id
            .as_deref(),
        Some(STATUS_QUALIFICATION)
    );
    assert_eq!(
        count(&client.funnel_status(STATUS_NEW_LEAD).await.expect("status")),
        count(&lead_before)
    );
    let partners_before = client.funnel(FUNNEL_PARTNERS).await.expect("funnel");
    client
        .change_deal_funnel(&deal.id, FUNNEL_PARTNERS)
        .await
        .expect("change funnel");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/deals/{}/funnel", deal.id)
    );
    assert_eq!(tap.last().json(), json!({"funnelId": FUNNEL_PARTNERS}));
    let moved = client.deal(&deal.id).await.expect("deal");
    assert_eq!(
        (moved.funnel_id.as_deref(), moved.status_id.as_deref()),
        (Some(FUNNEL_PARTNERS), Some(STATUS_PROSPECT))
    );
    let partners = client.funnel(FUNNEL_PARTNERS).await.expect("funnel");
    assert_eq!(
        partners.deals_count,
        partners_before.deals_count.map(|c| c + 1)
    );

    client.delete_deal(&deal.id).await.expect("delete deal");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/deals/{}", deal.id)
    );
    assert_eq!(
        client
            .funnel(FUNNEL_PARTNERS)
            .await
            .expect("funnel")
            .deals_count,
        partners_before.deals_count
    );
    assert!(client.deal(&deal.id).await.is_err());
}

#[tokio::test]
async fn attached_tasks_and_files() {
    let (_sb, tap, client) = tapped().await;
    let deal = client
        .create_deal(
            STATUS_QUALIFICATION,
            &DealInput {
                title: Some("Аудит склада".into()),
                ..Default::default()
            },
        )
        .await
        .expect("deal");

    let first = client
        .create_deal_task(
            &deal.id,
            &NewTask {
                title: "Позвонить клиенту".into(),
                project_id: Some(1),
                ..Default::default()
            },
        )
        .await
        .expect("attach a new task");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/deals/{}/tasks", deal.id)
    );
    assert_eq!(
        tap.last().json(),
        json!({"title": "Позвонить клиенту", "locations": [{"projectId": 1, "boardColumnId": null}]})
    );
    assert_eq!(first.title.as_deref(), Some("Позвонить клиенту"));
    let second = client
        .create_deal_task(
            &deal.id,
            &NewTask {
                title: "Отправить КП".into(),
                ..Default::default()
            },
        )
        .await
        .expect("second task");
    let titles = |d: &weeek_api::models::Deal| -> Vec<String> {
        d.tasks.iter().filter_map(|t| t.title.clone()).collect()
    };
    let read = client.deal(&deal.id).await.expect("deal");
    assert_eq!(titles(&read), ["Позвонить клиенту", "Отправить КП"]);
    assert_eq!(
        client.task(first.id).await.expect("a real task").id,
        first.id
    );

    client
        .move_deal_task(&deal.id, second.id, None)
        .await
        .expect("move task");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/deals/{}/tasks/{}/move", deal.id, second.id)
    );
    assert_eq!(tap.last().json(), json!({"previousTaskId": null}));
    assert_eq!(
        titles(&client.deal(&deal.id).await.expect("deal")),
        ["Отправить КП", "Позвонить клиенту"]
    );
    client
        .move_deal_task(&deal.id, second.id, Some(first.id))
        .await
        .expect("move task after");
    assert_eq!(tap.last().json(), json!({"previousTaskId": first.id}));

    client
        .detach_deal_task(&deal.id, first.id)
        .await
        .expect("detach task");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/deals/{}/tasks/{}", deal.id, first.id)
    );
    assert_eq!(
        titles(&client.deal(&deal.id).await.expect("deal")),
        ["Отправить КП"]
    );
    assert!(
        !client
            .task(first.id)
            .await
            .expect("still a task")
            .is_deleted
    );

    let files = client
        .upload_deal_attachments(
            &deal.id,
            &[FileUpload {
                name: "КП.txt".into(),
                content_type: Some("text/plain".into()),
                bytes: "коммерческое предложение".as_bytes().to_vec(),
            }],
        )
        .await
        .expect("upload");
    let seen = tap.last();
    assert_eq!(
        seen.target(),
        format!("POST /crm/deals/{}/attachments", deal.id)
    );
    assert!(
        seen.header("content-type")
            .is_some_and(|ct| ct.starts_with("multipart/form-data; boundary=")),
        "{:?}",
        seen.header("content-type")
    );
    let body = String::from_utf8_lossy(&seen.body);
    assert!(body.contains("name=\"files[]\""), "{body}");
    assert_eq!(files.len(), 1);
    let file = &files[0];
    assert_eq!(file.name.as_deref(), Some("КП.txt"));
    assert_eq!(file.size, Some("коммерческое предложение".len() as i64));
    assert_eq!(file.service.as_deref(), Some("weeek"));
    let two = client
        .upload_deal_attachments(
            &deal.id,
            &[
                FileUpload {
                    name: "a.csv".into(),
                    content_type: None,
                    bytes: b"a;b\n1;2\n".to_vec(),
                },
                FileUpload {
                    name: "b.csv".into(),
                    content_type: None,
                    bytes: b"c\n".to_vec(),
                },
            ],
        )
        .await
        .expect("two files");
    assert_eq!(two.len(), 2);
    let read = client.deal(&deal.id).await.expect("deal");
    let names: Vec<String> = read
        .attachments
        .iter()
        .filter_map(|a| a.name.clone())
        .collect();
    assert_eq!(names, ["КП.txt", "a.csv", "b.csv"]);
    let url = file.url.clone().expect("a url");
    assert!(
        url.ends_with(&format!("/public/v1/ws/attachments/{}", file.id)),
        "{url}"
    );
    // A deal's file downloads through the same route as a task's.
    match client.attachment_content(&file.id).await.expect("download") {
        weeek_api::AttachmentContent::File(got) => {
            assert_eq!(got.bytes, "коммерческое предложение".as_bytes());
            assert_eq!(got.name.as_deref(), Some("КП.txt"));
            assert_eq!(got.content_type.as_deref(), Some("text/plain"));
        }
        other => panic!("not the file: {other:?}"),
    }
}
