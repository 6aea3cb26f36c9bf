//! Funnels, statuses, funnel custom fields and their options.

use serde_json::json;
use weeek_api::{
    ApiError, CustomFieldKind, CustomFieldUpdate, DealInput, FieldConfig, FunnelInput,
    NewCustomField, NumberFormat, OptionColour, Placement,
};

use crate::common::{FUNNEL_ARCHIVE, FUNNEL_B2B};
use crate::tapped;

#[tokio::test]
async fn funnel_and_status_lifecycle() {
    let (_sb, tap, client) = tapped().await;

    let funnel = client
        .create_funnel(&FunnelInput {
            name: Some("Партнёры 2027".into()),
            currency_id: Some(2),
            is_private: Some(true),
        })
        .await
        .expect("create funnel");
    let seen = tap.last();
    assert_eq!(seen.target(), "POST /crm/funnels");
    assert_eq!(
        seen.json(),
        json!({"name": "Партнёры 2027", "currencyId": 2, "isPrivate": 1})
    );
    assert_eq!(funnel.id.len(), 16);
    assert_eq!(funnel.name.as_deref(), Some("Партнёры 2027"));
    assert_eq!((funnel.currency(), funnel.is_private), (2, true));
    assert_eq!(
        (funnel.deals_count, funnel.deals_amount),
        (Some(0), Some(0.0))
    );
    let statuses = client
        .funnel_statuses(&funnel.id)
        .await
        .expect("statuses")
        .value;
    assert_eq!(statuses.len(), 3, "a new funnel comes with statuses");

    let renamed = client
        .update_funnel(
            &funnel.id,
            &FunnelInput {
                name: Some("Партнёры".into()),
                ..Default::default()
            },
        )
        .await
        .expect("update funnel");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/funnels/{}", funnel.id)
    );
    assert_eq!(tap.last().json(), json!({"name": "Партнёры"}));
    assert_eq!(renamed.name.as_deref(), Some("Партнёры"));
    assert_eq!(renamed.currency(), 2, "fields not sent are kept");

    client
        .toggle_funnel_bookmark(&funnel.id)
        .await
        .expect("bookmark");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/funnels/{}/bookmark", funnel.id)
    );
    assert!(
        client
            .funnel(&funnel.id)
            .await
            .expect("funnel")
            .is_bookmarked
    );

    client
        .move_funnel(&funnel.id, Some(FUNNEL_B2B))
        .await
        .expect("move funnel");
    assert_eq!(tap.last().json(), json!({"previousFunnelId": FUNNEL_B2B}));
    let order: Vec<String> = client
        .funnels()
        .await
        .expect("funnels")
        .value
        .into_iter()
        .map(|f| f.id)
        .collect();
    assert_eq!(order[..2], [FUNNEL_B2B.to_string(), funnel.id.clone()]);
    client
        .move_funnel(&funnel.id, None)
        .await
        .expect("to the top");
    assert_eq!(tap.last().json(), json!({"previousFunnelId": null}));
    assert_eq!(
        client.funnels().await.expect("funnels").value[0].id,
        funnel.id
    );

    let status = client
        .create_funnel_status(&funnel.id, Some("Пилот"))
        .await
        .expect("create status");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/funnels/{}/statuses", funnel.id)
    );
    assert_eq!(tap.last().json(), json!({"name": "Пилот"}));
    assert_eq!(
        (status.name.as_deref(), status.deals_count),
        (Some("Пилот"), Some(0))
    );
    let renamed = client
        .rename_funnel_status(&status.id, "Пилот и внедрение")
        .await
        .expect("rename status");
    assert_eq!(
        tap.last().target(),
        format!("PUT /crm/statuses/{}", status.id)
    );
    assert_eq!(renamed.name.as_deref(), Some("Пилот и внедрение"));

    client
        .move_funnel_status(&status.id, None)
        .await
        .expect("move status");
    assert_eq!(
        tap.last().target(),
        format!("POST /crm/statuses/{}/move", status.id)
    );
    assert_eq!(tap.last().json(), json!({"previousStatusId": null}));
    let statuses = client
        .funnel_statuses(&funnel.id)
        .await
        .expect("statuses")
        .value;
    assert_eq!(statuses[0].id, status.id);
    client
        .move_funnel_status(&status.id, Some(&statuses[2].id))
        .await
        .expect("move status after");
    let order: Vec<String> = client
        .funnel_statuses(&funnel.id)
        .await
        .expect("statuses")
        .value
        .into_iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(order[2], status.id);

    // A status with a deal is kept; without, it goes.
    let deal = client
        .create_deal(&status.id, &DealInput::default())
        .await
        .expect("a deal");
    let refused = client.delete_funnel_status(&status.id).await.unwrap_err();
    assert!(
        refused.field_errors().is_some_and(|f| f.contains_key("id")),
        "{refused:?}"
    );
    client.delete_deal(&deal.id).await.expect("delete deal");
    client
        .delete_funnel_status(&status.id)
        .await
        .expect("delete status");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/statuses/{}", status.id)
    );
    assert!(matches!(
        client.funnel_status(&status.id).await,
        Err(ApiError::NotFound { .. })
    ));

    client
        .delete_funnel(&funnel.id)
        .await
        .expect("delete funnel");
    assert_eq!(
        tap.last().target(),
        format!("DELETE /crm/funnels/{}", funnel.id)
    );
    assert!(matches!(
        client.funnel(&funnel.id).await,
        Err(ApiError::NotFound { .. })
    ));
    assert_eq!(client.funnels().await.expect("funnels").value.len(), 4);
}

#[tokio::test]
async fn funnel_custom_fields_and_options() {
    let (_sb, tap, client) = tapped().await;

    let field = client
        .create_funnel_custom_field(
            FUNNEL_ARCHIVE,
            &NewCustomField {
                name: Some("Канал".into()),
                kind: CustomFieldKind::Select,
                config: None,
            },
        )
        .await
        .expect("create field");
    let seen = tap.last();
    assert_eq!(
        seen.target(),
        format!("POST /crm/funnels/{FUNNEL_ARCHIVE}/custom-fields")
    );
    assert_eq!(seen.json(), json!({"name": "Канал", "type": "select"}));
    assert_eq!(
        (field.name.as_deref(), field.r#type.as_deref()),
        (Some("Канал"), Some("select"))
    );
    assert!(uuid::Uuid::parse_str(&field.id).is_ok());

    let email = client
        .create_funnel_field_option(FUNNEL_ARCHIVE, &field.id, "E-mail", OptionColour::Blue)
        .await
        .expect("create option");
    assert_eq!(
        tap.last().target(),
        format!(
            "POST /crm/funnels/{FUNNEL_ARCHIVE}/custom-fields/{}/options",
            field.id
        )
    );
    assert_eq!(
        tap.last().json(),
        json!({"name": "E-mail", "color": "blue"})
    );
    assert_eq!(email.color.as_deref(), Some("#6C78F4"), "answers carry hex");
    let call = client
        .create_funnel_field_option(
            FUNNEL_ARCHIVE,
            &field.id,
            "Звонок",
            OptionColour::LightGreen,
        )
        .await
        .expect("second option");
    let call = client
        .update_funnel_field_option(
            FUNNEL_ARCHIVE,
            &field.id,
            &call.id,
            "Холодный звонок",
            OptionColour::Red,
        )
        .await
        .expect("update option");
    assert_eq!(
        tap.last().json(),
        json!({"name": "Холодный звонок", "color": "red"})
    );
    assert_eq!(
        (call.name.as_deref(), call.color.as_deref()),
        (Some("Холодный звонок"), Some("#F2545B"))
    );

    client
        .move_funnel_field_option(
            FUNNEL_ARCHIVE,
            &field.id,
            &call.id,
            &Placement::Before(email.id.clone()),
        )
        .await
        .expect("move option");
    assert_eq!(
        tap.last().target(),
        format!(
            "POST /crm/funnels/{FUNNEL_ARCHIVE}/custom-fields/{}/options/{}/move",
            field.id, call.id
        )
    );
    assert_eq!(tap.last().json(), json!({"before": email.id}));
    let options = |f: &weeek_api::models::Funnel| -> Vec<String> {
        f.custom_fields[0]
            .options
            .iter()
            .map(|o| o.id.clone())
            .collect()
    };
    let funnel = client.funnel(FUNNEL_ARCHIVE).await.expect("funnel");
    assert_eq!(options(&funnel), [call.id.clone(), email.id.clone()]);

    let budget = client
        .create_funnel_custom_field(
            FUNNEL_ARCHIVE,
            &NewCustomField {
                name: Some("Бюджет".into()),
                kind: CustomFieldKind::Number,
                config: Some(FieldConfig::Number {
                    format: NumberFormat::Currency(1),
                    precision: Some(2),
                }),
            },
        )
        .await
        .expect("number field");
    assert_eq!(
        tap.last().json(),
        json!({"name": "Бюджет", "type": "number",
               "config": {"type": "currency", "precision": 2, "currency": 1}})
    );
    assert_eq!(budget.config.as_ref().and_then(|c| c.currency), Some(1));
    let budget = client
        .update_funnel_custom_field(
            FUNNEL_ARCHIVE,
            &budget.id,
            &CustomFieldUpdate {
                name: Some("Бюджет клиента".into()),
                config: None,
            },
        )
        .await
        .expect("update field");
    assert_eq!(tap.last().json(), json!({"name": "Бюджет клиента"}));
    assert_eq!(budget.name.as_deref(), Some("Бюджет клиента"));
    assert_eq!(budget.config.as_ref().and_then(|c| c.precision), Some(2));

    client
        .move_funnel_custom_field(
            FUNNEL_ARCHIVE,
            &budget.id,
            &Placement::Before(field.id.clone()),
        )
        .await
        .expect("move field");
    assert_eq!(tap.last().json(), json!({"before": field.id}));
    let fields: Vec<String> = client
        .funnel(FUNNEL_ARCHIVE)
        .await
        .expect("funnel")
        .custom_fields
        .into_iter()
        .map(|f| f.id)
        .collect();
    assert_eq!(fields, [budget.id.clone(), field.id.clone()]);

    client
        .delete_funnel_field_option(FUNNEL_ARCHIVE, &field.id, &email.id)
        .await
        .expect("delete option");
    assert_eq!(
        tap.last().target(),
        format!(
            "DELETE /crm/funnels/{FUNNEL_ARCHIVE}/custom-fields/{}/options/{}",
            field.id, email.id
        )
    );
    client
        .delete_funnel_custom_field(FUNNEL_ARCHIVE, &budget.id)
        .await
        .expect("delete field");
    let funnel = client.funnel(FUNNEL_ARCHIVE).await.expect("funnel");
    assert_eq!(funnel.custom_fields.len(), 1);
    assert_eq!(options(&funnel), [call.id]);
}
