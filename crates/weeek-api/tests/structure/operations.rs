//! Every structure operation of the client against the seeded sandbox, over real HTTP.

use weeek_api::models::{CustomFieldValue, Portfolio};
use weeek_api::{
    ApiError, AttachmentContent, BooleanStyle, CustomFieldKind, CustomFieldUpdate, FieldConfig,
    FieldScope, NewCustomField, NewPortfolio, NewProject, NumberFormat, OptionColour, Placement,
    PortfolioQuery, ProjectUpdate,
};

use crate::common::{ANNA, demo_client, sandbox};

const SBP_FLOW: &[u8] = include_bytes!("../../../../assets/demo/attachments/sbp-flow.pdf");

#[tokio::test]
async fn tags() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let tag = client.tag(1).await.expect("tag");
    assert_eq!(
        (tag.title.as_str(), tag.color.as_deref()),
        ("bug", Some("#e5484d"))
    );
    client
        .update_tag(1, "баг", "#AA0000")
        .await
        .expect("updated");
    let tag = client.tag(1).await.expect("tag");
    assert_eq!(
        (tag.title.as_str(), tag.color.as_deref()),
        ("баг", Some("#AA0000"))
    );
    client.delete_tag(1).await.expect("deleted");
    assert!(matches!(
        client.tag(1).await,
        Err(ApiError::NotFound { .. })
    ));
    assert!(
        client
            .tags()
            .await
            .expect("tags")
            .value
            .iter()
            .all(|t| t.id != 1)
    );
}

#[tokio::test]
async fn portfolios() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let all = client
        .portfolios_all(&PortfolioQuery::default(), 100)
        .await
        .expect("all");
    assert!(all.is_complete());
    let all = all.value;
    let tree: Vec<(i64, Option<i64>)> = all.iter().map(|p| (p.id, p.parent_id)).collect();
    assert_eq!(
        tree,
        [
            (1, None),
            (2, Some(1)),
            (3, Some(1)),
            (4, None),
            (5, Some(4))
        ]
    );
    assert!(all[4].is_private);

    // Paging through two at a time gives the same list.
    let paged = client
        .portfolios_all(
            &PortfolioQuery {
                limit: Some(2),
                ..Default::default()
            },
            100,
        )
        .await
        .expect("paged");
    assert_eq!(paged.value, all);
    let first = client
        .portfolios(&PortfolioQuery {
            limit: Some(2),
            ..Default::default()
        })
        .await
        .expect("page")
        .value;
    assert!(first.has_more && first.portfolios.len() == 2);
    let children = client
        .portfolios(&PortfolioQuery {
            parent_id: Some(1),
            search: Some("сайты".into()),
            ..Default::default()
        })
        .await
        .expect("children")
        .value;
    assert_eq!(
        children.portfolios.iter().map(|p| p.id).collect::<Vec<_>>(),
        [3]
    );

    let created = client
        .create_portfolio(&NewPortfolio {
            name: "Партнёры".into(),
            parent_id: Some(4),
        })
        .await
        .expect("created");
    let expected = Portfolio {
        id: 6,
        name: "Партнёры".into(),
        parent_id: Some(4),
        is_private: false,
    };
    assert_eq!(created, expected);
    assert_eq!(client.portfolio(6).await.expect("read"), expected);
    let renamed = client
        .update_portfolio(6, "Partners")
        .await
        .expect("renamed");
    assert_eq!(renamed.name, "Partners");
    client.delete_portfolio(6).await.expect("deleted");
    assert!(matches!(
        client.portfolio(6).await,
        Err(ApiError::NotFound { .. })
    ));
    let refused = client
        .portfolios(&PortfolioQuery {
            parent_id: Some(99),
            ..Default::default()
        })
        .await;
    let fields = refused.expect_err("unknown parent").field_errors().cloned();
    assert!(fields.is_some_and(|f| f.contains_key("parentId")));
}

#[tokio::test]
async fn projects() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let archived = client.project(5).await.expect("archived project");
    assert!(archived.is_archived());
    assert_eq!(archived.portfolio_id, Some(5));
    assert!(
        client
            .projects()
            .await
            .expect("list")
            .value
            .iter()
            .all(|p| p.id != 5)
    );

    let created = client
        .create_project(&NewProject {
            name: "Кассы".into(),
            description: Some("Эвотор и АТОЛ".into()),
            logo: None,
            is_private: true,
            portfolio_id: Some(3),
        })
        .await
        .expect("created");
    assert_eq!(created.display_name(), "Кассы");
    assert!(created.is_private && !created.is_archived());
    assert_eq!(created.portfolio_id, Some(3));
    assert_eq!(created.team, [ANNA]);

    let mut update = ProjectUpdate::from_project(&created);
    update.name = "Кассы и терминалы".into();
    update.is_private = false;
    update.description = Some(None);
    update.color = Some("#003C93".into());
    client
        .update_project(created.id, &update)
        .await
        .expect("updated");
    let read = client.project(created.id).await.expect("read");
    assert_eq!(read.display_name(), "Кассы и терминалы");
    assert_eq!(
        (read.is_private, read.description, read.color.as_deref()),
        (false, None, Some("#003C93"))
    );

    client.archive_project(created.id).await.expect("archived");
    assert!(
        client
            .project(created.id)
            .await
            .expect("read")
            .is_archived()
    );
    assert!(
        client
            .projects()
            .await
            .expect("list")
            .value
            .iter()
            .all(|p| p.id != created.id)
    );
    client
        .unarchive_project(created.id)
        .await
        .expect("un-archived");
    assert!(
        client
            .projects()
            .await
            .expect("list")
            .value
            .iter()
            .any(|p| p.id == created.id)
    );
    client.delete_project(created.id).await.expect("deleted");
    assert!(matches!(
        client.project(created.id).await,
        Err(ApiError::NotFound { .. })
    ));
    let refused = client
        .create_project(&NewProject {
            name: "x".into(),
            portfolio_id: Some(99),
            ..Default::default()
        })
        .await;
    assert!(matches!(refused, Err(ApiError::Validation { .. })));
}

#[tokio::test]
async fn boards_and_columns() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let board = client.create_board(1, "QA").await.expect("board");
    assert_eq!((board.name.as_str(), board.project_id), ("QA", 1));
    client.move_board(board.id, None).await.expect("moved");
    client
        .update_board(board.id, "Проверка")
        .await
        .expect("renamed");
    let boards = client.boards(1).await.expect("boards").value;
    let order: Vec<(i64, &str)> = boards.iter().map(|b| (b.id, b.name.as_str())).collect();
    assert_eq!(
        order,
        [(board.id, "Проверка"), (1, "Разработка"), (2, "Баги")]
    );
    client.move_board(board.id, Some(2)).await.expect("moved");
    let ids: Vec<i64> = client
        .boards(1)
        .await
        .expect("boards")
        .value
        .iter()
        .map(|b| b.id)
        .collect();
    assert_eq!(ids, [1, 2, board.id]);

    let queued = client
        .create_board_column(board.id, "Сделать")
        .await
        .expect("column");
    let done = client
        .create_board_column(board.id, "Готово")
        .await
        .expect("column");
    assert_eq!(done.board_id, board.id);
    client
        .move_board_column(done.id, None)
        .await
        .expect("moved");
    client
        .update_board_column(queued.id, "К работе")
        .await
        .expect("renamed");
    let columns = client.board_columns(board.id).await.expect("columns").value;
    let order: Vec<(i64, &str)> = columns.iter().map(|c| (c.id, c.name.as_str())).collect();
    assert_eq!(order, [(done.id, "Готово"), (queued.id, "К работе")]);
    client
        .move_board_column(done.id, Some(queued.id))
        .await
        .expect("moved");
    client
        .delete_board_column(queued.id)
        .await
        .expect("deleted");
    let ids: Vec<i64> = client
        .board_columns(board.id)
        .await
        .expect("columns")
        .value
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, [done.id]);

    client.delete_board(board.id).await.expect("deleted");
    assert!(
        client
            .boards(1)
            .await
            .expect("boards")
            .value
            .iter()
            .all(|b| b.id != board.id)
    );
    assert!(matches!(
        client.board_columns(board.id).await,
        Err(ApiError::Validation { .. })
    ));
}

fn value_of(fields: &[CustomFieldValue], id: &str) -> serde_json::Value {
    fields
        .iter()
        .find(|f| f.id == id)
        .map_or(serde_json::Value::Null, |f| f.value.clone())
}

#[tokio::test]
async fn custom_fields_and_options() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let global = client.custom_fields().await.expect("fields").value;
    let kinds: Vec<Option<CustomFieldKind>> = global.iter().map(|f| f.kind()).collect();
    for kind in [
        CustomFieldKind::Number,
        CustomFieldKind::Link,
        CustomFieldKind::Select,
        CustomFieldKind::Member,
        CustomFieldKind::Contact,
        CustomFieldKind::Approval,
        CustomFieldKind::Boolean,
    ] {
        assert!(kinds.contains(&Some(kind)), "{kind:?}");
    }
    let channel = global
        .iter()
        .find(|f| f.name.as_deref() == Some("Канал обращения"))
        .expect("seeded select");
    assert!(
        channel
            .options
            .iter()
            .all(|o| o.color.as_deref().is_some_and(|c| c.starts_with('#')))
    );

    for scope in [
        FieldScope::TaskManager,
        FieldScope::Project(1),
        FieldScope::Board(1),
    ] {
        let field = client
            .create_custom_field(
                scope,
                &NewCustomField {
                    name: Some("Оценка".into()),
                    kind: CustomFieldKind::Number,
                    config: Some(FieldConfig::Number {
                        format: NumberFormat::Percent,
                        precision: Some(1),
                    }),
                },
            )
            .await
            .expect("created");
        let config = field.config.clone().expect("config");
        assert_eq!(
            (config.r#type.as_deref(), config.precision),
            (Some("percent"), Some(1))
        );
        // Task 1 is on board 1 of project 1: it shows the field at every level.
        let task = client.task(1).await.expect("task");
        assert!(
            task.custom_fields.iter().any(|f| f.id == field.id),
            "{scope:?}"
        );

        let updated = client
            .update_custom_field(
                scope,
                &field.id,
                &CustomFieldUpdate {
                    name: Some("Готово, %".into()),
                    config: None,
                },
            )
            .await
            .expect("updated");
        assert_eq!(updated.name.as_deref(), Some("Готово, %"));
        assert_eq!(updated.config, field.config);
        client
            .delete_custom_field(scope, &field.id)
            .await
            .expect("deleted");
        let task = client.task(1).await.expect("task");
        assert!(task.custom_fields.iter().all(|f| f.id != field.id));
    }

    let select = client
        .create_custom_field(
            FieldScope::Project(1),
            &NewCustomField::new("Риск", CustomFieldKind::Select),
        )
        .await
        .expect("select");
    let scope = FieldScope::Project(1);
    let low = client
        .create_custom_field_option(scope, &select.id, "Низкий", OptionColour::Green)
        .await
        .expect("option");
    let high = client
        .create_custom_field_option(scope, &select.id, "Высокий", OptionColour::Red)
        .await
        .expect("option");
    assert_eq!(low.color.as_deref(), Some("#4CC26D"));
    client
        .move_custom_field_option(
            scope,
            &select.id,
            &high.id,
            &Placement::Before(low.id.clone()),
        )
        .await
        .expect("moved");
    let renamed = client
        .update_custom_field_option(
            scope,
            &select.id,
            &low.id,
            "Малый",
            OptionColour::LightGreen,
        )
        .await
        .expect("renamed");
    assert_eq!(renamed.name.as_deref(), Some("Малый"));
    let project = client.project(1).await.expect("project");
    let field = project
        .custom_fields
        .iter()
        .find(|f| f.id == select.id)
        .expect("the project shows it");
    let names: Vec<&str> = field
        .options
        .iter()
        .filter_map(|o| o.name.as_deref())
        .collect();
    assert_eq!(names, ["Высокий", "Малый"]);
    client
        .move_custom_field_option(
            scope,
            &select.id,
            &high.id,
            &Placement::After(low.id.clone()),
        )
        .await
        .expect("moved back");
    client
        .delete_custom_field_option(scope, &select.id, &high.id)
        .await
        .expect("deleted");
    let field = client
        .update_custom_field(scope, &select.id, &CustomFieldUpdate::default())
        .await
        .expect("read through an empty update");
    assert_eq!(field.options.len(), 1);

    // A transfer keeps the values tasks hold.
    let platform = "9df95ae9-6b32-4d7f-8c2e-4f3a5b6c7d02";
    let before = value_of(&client.task(1).await.expect("task").custom_fields, platform);
    assert!(before.is_array());
    client
        .transfer_custom_field(FieldScope::Project(1), platform, FieldScope::TaskManager)
        .await
        .expect("to the task manager");
    assert!(
        client
            .custom_fields()
            .await
            .expect("fields")
            .value
            .iter()
            .any(|f| f.id == platform)
    );
    client
        .transfer_custom_field(FieldScope::TaskManager, platform, FieldScope::Board(1))
        .await
        .expect("to a board");
    client
        .transfer_custom_field(FieldScope::Board(1), platform, FieldScope::Project(1))
        .await
        .expect("back to its project");
    let after = value_of(&client.task(1).await.expect("task").custom_fields, platform);
    assert_eq!(after, before);

    let refused = client
        .create_custom_field(
            FieldScope::TaskManager,
            &NewCustomField {
                name: None,
                kind: CustomFieldKind::Boolean,
                config: Some(FieldConfig::Boolean(BooleanStyle::Radio)),
            },
        )
        .await
        .expect("a nameless field is allowed");
    assert_eq!(refused.name.as_deref(), Some(""));
    let wrong_level = client
        .delete_custom_field(FieldScope::Project(2), &select.id)
        .await;
    assert!(matches!(wrong_level, Err(ApiError::NotFound { .. })));
}

#[tokio::test]
async fn attachments() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let task = client.task(1).await.expect("task");
    let pdf = task
        .attachments
        .iter()
        .find(|a| a.name.as_deref() == Some("sbp-flow.pdf"))
        .expect("seeded attachment");
    let content = client.attachment_content(&pdf.id).await.expect("content");
    let AttachmentContent::File(file) = content else {
        panic!("the sandbox sends the file itself");
    };
    assert_eq!(file.bytes, SBP_FLOW);
    assert_eq!(file.name.as_deref(), Some("sbp-flow.pdf"));
    assert_eq!(file.content_type.as_deref(), Some("application/pdf"));

    let png = task
        .attachments
        .iter()
        .find(|a| a.name.as_deref() == Some("Макет оплаты.png"))
        .expect("seeded attachment");
    let AttachmentContent::File(file) = client.attachment_content(&png.id).await.expect("png")
    else {
        panic!("a file");
    };
    assert_eq!(file.name.as_deref(), Some("Макет оплаты.png"));
    assert_eq!(Some(file.bytes.len() as i64), png.size);

    assert!(matches!(
        client
            .attachment_content("00000000-0000-4000-8000-000000000000")
            .await,
        Err(ApiError::NotFound { .. })
    ));
}
