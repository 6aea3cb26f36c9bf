//! Method, path, query and body of every structure operation, as the server receives them.

use std::future::Future;
use std::time::Duration;

use serde_json::{Value, json};
use weeek_api::models::{Attachment, Board, BoardColumn, Portfolio};
use weeek_api::{
    ApiError, AttachmentContent, BooleanStyle, Client, CustomFieldKind, CustomFieldUpdate,
    FieldConfig, FieldScope, NewCustomField, NewPortfolio, NewProject, NumberFormat, OptionColour,
    Placement, PortfolioQuery, ProjectUpdate, RetryPolicy,
};

use crate::common::{RawServer, Script, Seen, client_with, response};

pub(crate) const ACK: &str = r#"{"success":true}"#;

fn client(server: &RawServer) -> Client {
    client_with(
        &server.base_url(),
        "wire-token",
        RetryPolicy::none(),
        Duration::from_secs(5),
    )
}

fn json_answer(body: &str) -> Vec<u8> {
    response("200 OK", &[("Content-Type", "application/json")], body)
}

/// Runs `call` against a server giving `answers` in turn; returns its result and every
/// request the server saw.
pub(crate) async fn exchange<T, F, Fut>(answers: &[&str], call: F) -> (T, Vec<Seen>)
where
    F: FnOnce(Client) -> Fut,
    Fut: Future<Output = T>,
{
    let script = Script::Answers(answers.iter().map(|a| json_answer(a)).collect());
    let server = RawServer::start(script).await;
    let out = call(client(&server)).await;
    (out, server.seen())
}

/// The one request of an exchange: `"METHOD /path?query"` and its JSON body (`null` when
/// none was sent).
pub(crate) fn one(seen: &[Seen]) -> (String, Value) {
    assert_eq!(seen.len(), 1, "{seen:?}");
    let request = &seen[0];
    let target = request
        .request_line
        .rsplit_once(' ')
        .map(|(head, _)| head.replace("/public/v1", ""))
        .unwrap_or_default();
    let body = if request.body.is_empty() {
        Value::Null
    } else {
        assert_eq!(request.header("content-type"), Some("application/json"));
        serde_json::from_slice(&request.body).expect("a JSON body")
    };
    (target, body)
}

#[tokio::test]
async fn workspace_reads() {
    let (me, seen) = exchange(
        &[r#"{"success":true,"user":{"id":"u-1","firstName":"Анна","extra":1}}"#],
        |c| async move { c.me().await },
    )
    .await;
    assert_eq!(me.expect("me").display_name(), "Анна");
    assert_eq!(one(&seen), ("GET /user/me".into(), Value::Null));

    let (ws, seen) = exchange(
        &[r#"{"success":true,"workspace":{"id":2,"title":"Dream team","isPersonal":0}}"#],
        |c| async move { c.workspace().await },
    )
    .await;
    assert_eq!(ws.expect("workspace").title, "Dream team");
    assert_eq!(one(&seen), ("GET /ws".into(), Value::Null));

    let (members, seen) = exchange(
        &[r#"{"success":true,"members":[{"id":"u-1","email":"a@b.c"}]}"#],
        |c| async move { c.members().await },
    )
    .await;
    assert_eq!(members.expect("members").value.len(), 1);
    assert_eq!(one(&seen), ("GET /ws/members".into(), Value::Null));

    let (tags, seen) = exchange(
        &[r##"{"success":true,"tags":[{"id":1,"title":"bug","color":"#e5484d"}]}"##],
        |c| async move { c.tags().await },
    )
    .await;
    assert_eq!(tags.expect("tags").value[0].title, "bug");
    assert_eq!(one(&seen), ("GET /ws/tags".into(), Value::Null));

    let (created, seen) = exchange(
        &[r##"{"success":true,"tag":{"id":12,"title":"ревью","color":"#4f7cff"}}"##],
        |c| async move { c.create_tag("ревью").await },
    )
    .await;
    assert_eq!(created.expect("created").id, 12);
    assert_eq!(
        one(&seen),
        ("POST /ws/tags".into(), json!({"title": "ревью"}))
    );
}

#[tokio::test]
async fn tags() {
    let (tag, seen) = exchange(
        &[r##"{"success":true,"tag":{"id":3,"title":"design","color":"#8e4ec6"}}"##],
        |c| async move { c.tag(3).await },
    )
    .await;
    assert_eq!(tag.expect("tag").title, "design");
    assert_eq!(one(&seen), ("GET /ws/tags/3".into(), Value::Null));

    let (done, seen) = exchange(&[ACK], |c| async move {
        c.update_tag(3, "дизайн", "#AA00ff").await
    })
    .await;
    done.expect("updated");
    assert_eq!(
        one(&seen),
        (
            "PUT /ws/tags/3".into(),
            json!({"title": "дизайн", "color": "#AA00ff"})
        )
    );

    let (refused, seen) = exchange(
        &[ACK],
        |c| async move { c.update_tag(3, "x", "purple").await },
    )
    .await;
    assert!(matches!(refused, Err(ApiError::InvalidRequest(_))));
    assert!(
        seen.is_empty(),
        "nothing is sent for a colour the service refuses"
    );

    let (done, seen) = exchange(&[ACK], |c| async move { c.delete_tag(3).await }).await;
    done.expect("deleted");
    assert_eq!(one(&seen), ("DELETE /ws/tags/3".into(), Value::Null));
}

const PORTFOLIO: &str =
    r#"{"success":true,"data":{"id":7,"name":"Партнёры","parentId":2,"isPrivate":false}}"#;

fn portfolio_7() -> Portfolio {
    Portfolio {
        id: 7,
        name: "Партнёры".into(),
        parent_id: Some(2),
        is_private: false,
    }
}

#[tokio::test]
async fn portfolios() {
    let (page, seen) = exchange(
        &[
            r#"{"success":true,"data":[{"id":7,"name":"Партнёры","parentId":2,"isPrivate":0},{"id":8,"name":{"ru":"?"}}],"hasMore":1}"#,
        ],
        |c| async move {
            c.portfolios(&PortfolioQuery {
                search: Some("  парт ".into()),
                parent_id: Some(2),
                limit: Some(10),
                offset: Some(20),
            })
            .await
        },
    )
    .await;
    let (page, skipped) = page.expect("page").into_parts();
    assert_eq!(page.portfolios, [portfolio_7()]);
    assert!(page.has_more);
    // A row that cannot be read is reported, and costs no other row.
    assert_eq!(skipped.len(), 1);
    assert_eq!((skipped[0].index, skipped[0].id.as_deref()), (1, Some("8")));
    assert_eq!(
        one(&seen),
        (
            "GET /tm/portfolios?search=%D0%BF%D0%B0%D1%80%D1%82&limit=10&offset=20&parentId=2"
                .into(),
            Value::Null
        )
    );

    let (_, seen) = exchange(
        &[r#"{"success":true,"data":[],"hasMore":false}"#],
        |c| async move { c.portfolios(&PortfolioQuery::default()).await },
    )
    .await;
    assert_eq!(one(&seen).0, "GET /tm/portfolios");

    let (got, seen) = exchange(&[PORTFOLIO], |c| async move { c.portfolio(7).await }).await;
    assert_eq!(got.expect("portfolio"), portfolio_7());
    assert_eq!(one(&seen).0, "GET /tm/portfolios/7");

    let (created, seen) = exchange(&[PORTFOLIO], |c| async move {
        c.create_portfolio(&NewPortfolio {
            name: "Партнёры".into(),
            parent_id: Some(2),
        })
        .await
    })
    .await;
    assert_eq!(created.expect("created"), portfolio_7());
    assert_eq!(
        one(&seen),
        (
            "POST /tm/portfolios".into(),
            json!({"name": "Партнёры", "parentId": 2})
        )
    );
    let (_, seen) = exchange(&[PORTFOLIO], |c| async move {
        c.create_portfolio(&NewPortfolio {
            name: "Top".into(),
            parent_id: None,
        })
        .await
    })
    .await;
    assert_eq!(one(&seen).1, json!({"name": "Top"}));

    let (updated, seen) = exchange(&[PORTFOLIO], |c| async move {
        c.update_portfolio(7, "Партнёры").await
    })
    .await;
    assert_eq!(updated.expect("updated"), portfolio_7());
    assert_eq!(
        one(&seen),
        ("PUT /tm/portfolios/7".into(), json!({"name": "Партнёры"}))
    );

    let (done, seen) = exchange(&[ACK], |c| async move { c.delete_portfolio(7).await }).await;
    done.expect("deleted");
    assert_eq!(one(&seen), ("DELETE /tm/portfolios/7".into(), Value::Null));
}

#[tokio::test]
async fn a_portfolio_update_answered_bare_is_read_back() {
    let (updated, seen) = exchange(&[ACK, PORTFOLIO], |c| async move {
        c.update_portfolio(7, "Партнёры").await
    })
    .await;
    assert_eq!(updated.expect("read back"), portfolio_7());
    let lines: Vec<&str> = seen.iter().map(|s| s.request_line.as_str()).collect();
    assert_eq!(
        lines,
        [
            "PUT /public/v1/tm/portfolios/7 HTTP/1.1",
            "GET /public/v1/tm/portfolios/7 HTTP/1.1"
        ]
    );
}

#[tokio::test]
async fn portfolios_all_walks_the_pages() {
    let first =
        r#"{"success":true,"data":[{"id":1,"name":"a"},{"id":2,"name":"b"}],"hasMore":true}"#;
    let last = r#"{"success":true,"data":[{"id":3,"name":"c"}],"hasMore":false}"#;
    let (all, seen) = exchange(&[first, last], |c| async move {
        c.portfolios_all(
            &PortfolioQuery {
                limit: Some(2),
                ..Default::default()
            },
            100,
        )
        .await
    })
    .await;
    let ids: Vec<i64> = all.expect("all").value.iter().map(|p| p.id).collect();
    assert_eq!(ids, [1, 2, 3]);
    let lines: Vec<&str> = seen.iter().map(|s| s.request_line.as_str()).collect();
    assert_eq!(
        lines,
        [
            "GET /public/v1/tm/portfolios?limit=2 HTTP/1.1",
            "GET /public/v1/tm/portfolios?limit=2&offset=2 HTTP/1.1"
        ]
    );
}

const PROJECT: &str = r#"{"success":true,"project":{"id":6,"title":"Кассы","name":"Кассы","isPrivate":false,"status":1}}"#;

#[tokio::test]
async fn projects() {
    let (created, seen) = exchange(&[PROJECT], |c| async move {
        c.create_project(&NewProject {
            name: "Кассы".into(),
            description: Some("Эвотор".into()),
            logo: None,
            is_private: true,
            portfolio_id: Some(3),
        })
        .await
    })
    .await;
    let created = created.expect("created");
    assert_eq!((created.id, created.display_name()), (6, "Кассы".into()));
    assert!(!created.is_archived());
    // Body booleans as 1/0, as the service documents them.
    assert_eq!(
        one(&seen),
        (
            "POST /tm/projects".into(),
            json!({"name": "Кассы", "isPrivate": 1, "description": "Эвотор", "logo": null, "portfolioId": 3})
        )
    );

    let (done, seen) = exchange(&[ACK], |c| async move {
        c.update_project(
            6,
            &ProjectUpdate {
                name: "Кассы".into(),
                is_private: false,
                description: Some(None),
                logo: None,
                color: Some("#003C93".into()),
            },
        )
        .await
    })
    .await;
    done.expect("updated");
    assert_eq!(
        one(&seen),
        (
            "PUT /tm/projects/6".into(),
            json!({"name": "Кассы", "isPrivate": 0, "description": null, "color": "#003C93"})
        )
    );
    let (refused, seen) = exchange(&[ACK], |c| async move {
        let update = ProjectUpdate {
            color: Some("blue".into()),
            ..Default::default()
        };
        c.update_project(6, &update).await
    })
    .await;
    assert!(matches!(refused, Err(ApiError::InvalidRequest(_))));
    assert!(seen.is_empty());

    for (path, call) in [
        ("DELETE /tm/projects/6", 0),
        ("POST /tm/projects/6/archive", 1),
        ("POST /tm/projects/6/un-archive", 2),
    ] {
        let (done, seen) = exchange(&[ACK], |c| async move {
            match call {
                0 => c.delete_project(6).await,
                1 => c.archive_project(6).await,
                _ => c.unarchive_project(6).await,
            }
        })
        .await;
        done.expect(path);
        assert_eq!(one(&seen), (path.to_string(), Value::Null));
    }
}

#[tokio::test]
async fn boards() {
    let board = Board {
        id: 8,
        name: "QA".into(),
        project_id: 1,
        is_private: false,
    };
    let (created, seen) = exchange(
        &[r#"{"success":true,"board":{"id":8,"name":"QA","projectId":1,"isPrivate":false}}"#],
        |c| async move { c.create_board(1, "QA").await },
    )
    .await;
    assert_eq!(created.expect("created"), board);
    assert_eq!(
        one(&seen),
        (
            "POST /tm/boards".into(),
            json!({"name": "QA", "projectId": 1})
        )
    );

    // Answers without the board, as older docs show them.
    let (from_id, _) = exchange(&[r#"{"success":true,"id":8}"#], |c| async move {
        c.create_board(1, "QA").await
    })
    .await;
    assert_eq!(from_id.expect("from the id"), board);
    let listed = r#"{"success":true,"boards":[{"id":2,"name":"QA","projectId":1},{"id":8,"name":"QA","projectId":1},{"id":5,"name":"Other","projectId":1}]}"#;
    let (read_back, seen) = exchange(
        &[ACK, listed],
        |c| async move { c.create_board(1, "QA").await },
    )
    .await;
    assert_eq!(read_back.expect("read back"), board);
    assert_eq!(
        seen[1].request_line,
        "GET /public/v1/tm/boards?projectId=1 HTTP/1.1"
    );

    let (done, seen) = exchange(&[ACK], |c| async move { c.update_board(8, "Тесты").await }).await;
    done.expect("renamed");
    assert_eq!(
        one(&seen),
        ("PUT /tm/boards/8".into(), json!({"name": "Тесты"}))
    );
    let (done, seen) = exchange(&[ACK], |c| async move { c.move_board(8, None).await }).await;
    done.expect("moved");
    assert_eq!(
        one(&seen),
        (
            "POST /tm/boards/8/move".into(),
            json!({"upperBoardId": null})
        )
    );
    let (_, seen) = exchange(&[ACK], |c| async move { c.move_board(8, Some(2)).await }).await;
    assert_eq!(one(&seen).1, json!({"upperBoardId": 2}));
    let (done, seen) = exchange(&[ACK], |c| async move { c.delete_board(8).await }).await;
    done.expect("deleted");
    assert_eq!(one(&seen), ("DELETE /tm/boards/8".into(), Value::Null));
}

#[tokio::test]
async fn board_columns() {
    let (created, seen) = exchange(
        &[r#"{"success":true,"boardColumn":{"id":27,"name":"Blocked","boardId":1}}"#],
        |c| async move { c.create_board_column(1, "Blocked").await },
    )
    .await;
    assert_eq!(
        created.expect("created"),
        BoardColumn {
            id: 27,
            name: "Blocked".into(),
            board_id: 1
        }
    );
    assert_eq!(
        one(&seen),
        (
            "POST /tm/board-columns".into(),
            json!({"name": "Blocked", "boardId": 1})
        )
    );
    let (done, seen) = exchange(&[ACK], |c| async move {
        c.update_board_column(27, "Заблокировано").await
    })
    .await;
    done.expect("renamed");
    assert_eq!(
        one(&seen),
        (
            "PUT /tm/board-columns/27".into(),
            json!({"name": "Заблокировано"})
        )
    );
    let (_, seen) = exchange(
        &[ACK],
        |c| async move { c.move_board_column(27, Some(2)).await },
    )
    .await;
    assert_eq!(
        one(&seen),
        (
            "POST /tm/board-columns/27/move".into(),
            json!({"upperBoardColumnId": 2})
        )
    );
    let (_, seen) = exchange(
        &[ACK],
        |c| async move { c.move_board_column(27, None).await },
    )
    .await;
    assert_eq!(one(&seen).1, json!({"upperBoardColumnId": null}));
    let (done, seen) = exchange(&[ACK], |c| async move { c.delete_board_column(27).await }).await;
    done.expect("deleted");
    assert_eq!(
        one(&seen),
        ("DELETE /tm/board-columns/27".into(), Value::Null)
    );
}

const FIELD: &str = r#"{"success":true,"customField":{"id":"f-1","name":"Бюджет","type":"number","config":{"type":"currency","precision":2,"currency":1},"options":[]}}"#;
const OPTION: &str =
    r##"{"success":true,"option":{"id":"o-1","name":"Срочно","color":"#F2545B"}}"##;

#[tokio::test]
async fn custom_fields_at_each_level() {
    let (list, seen) = exchange(
        &[r#"{"success":true,"data":[{"id":"f-1","name":"Этап","type":"select"}]}"#],
        |c| async move { c.custom_fields().await },
    )
    .await;
    let list = list.expect("list");
    assert!(list.is_complete());
    assert_eq!(list.value[0].kind(), Some(CustomFieldKind::Select));
    assert_eq!(one(&seen), ("GET /tm/custom-fields".into(), Value::Null));

    let prefixes = [
        (FieldScope::TaskManager, "/tm/custom-fields"),
        (FieldScope::Project(4), "/tm/projects/4/custom-fields"),
        (FieldScope::Board(9), "/tm/boards/9/custom-fields"),
    ];
    for (scope, prefix) in prefixes {
        let (created, seen) = exchange(&[FIELD], |c| async move {
            let field = NewCustomField {
                name: Some("Бюджет".into()),
                kind: CustomFieldKind::Number,
                config: Some(FieldConfig::Number {
                    format: NumberFormat::Currency(1),
                    precision: Some(2),
                }),
            };
            c.create_custom_field(scope, &field).await
        })
        .await;
        let created = created.expect("created");
        assert_eq!(created.kind(), Some(CustomFieldKind::Number));
        assert_eq!(created.config.and_then(|c| c.currency), Some(1));
        assert_eq!(
            one(&seen),
            (
                format!("POST {prefix}"),
                json!({"name": "Бюджет", "type": "number", "config": {"type": "currency", "precision": 2, "currency": 1}})
            )
        );

        let (_, seen) = exchange(&[FIELD], |c| async move {
            let update = CustomFieldUpdate {
                name: Some("Смета".into()),
                config: Some(FieldConfig::Boolean(BooleanStyle::Radio)),
            };
            c.update_custom_field(scope, "f/1", &update).await
        })
        .await;
        // Ids from data are encoded so they cannot change the route.
        assert_eq!(
            one(&seen),
            (
                format!("PUT {prefix}/f%2F1"),
                json!({"name": "Смета", "config": {"type": "radio"}})
            )
        );
        let (_, seen) = exchange(&[FIELD], |c| async move {
            c.update_custom_field(scope, "f-1", &CustomFieldUpdate::default())
                .await
        })
        .await;
        assert_eq!(one(&seen).1, json!({}));

        let (done, seen) = exchange(&[ACK], |c| async move {
            c.delete_custom_field(scope, "f-1").await
        })
        .await;
        done.expect("deleted");
        assert_eq!(one(&seen), (format!("DELETE {prefix}/f-1"), Value::Null));

        let (option, seen) = exchange(&[OPTION], |c| async move {
            c.create_custom_field_option(scope, "f-1", "Срочно", OptionColour::Red)
                .await
        })
        .await;
        assert_eq!(option.expect("option").color.as_deref(), Some("#F2545B"));
        assert_eq!(
            one(&seen),
            (
                format!("POST {prefix}/f-1/options"),
                json!({"name": "Срочно", "color": "red"})
            )
        );
        let (_, seen) = exchange(&[OPTION], |c| async move {
            c.update_custom_field_option(scope, "f-1", "o-1", "Горит", OptionColour::LightPink)
                .await
        })
        .await;
        assert_eq!(
            one(&seen),
            (
                format!("PUT {prefix}/f-1/options/o-1"),
                json!({"name": "Горит", "color": "light_pink"})
            )
        );
        let (_, seen) = exchange(&[ACK], |c| async move {
            c.move_custom_field_option(scope, "f-1", "o-1", &Placement::After("o-2".into()))
                .await
        })
        .await;
        assert_eq!(
            one(&seen),
            (
                format!("POST {prefix}/f-1/options/o-1/move"),
                json!({"after": "o-2"})
            )
        );
        let (_, seen) = exchange(&[ACK], |c| async move {
            c.move_custom_field_option(scope, "f-1", "o-1", &Placement::Before("o-0".into()))
                .await
        })
        .await;
        assert_eq!(one(&seen).1, json!({"before": "o-0"}));
        let (done, seen) = exchange(&[ACK], |c| async move {
            c.delete_custom_field_option(scope, "f-1", "o-1").await
        })
        .await;
        done.expect("option deleted");
        assert_eq!(
            one(&seen),
            (format!("DELETE {prefix}/f-1/options/o-1"), Value::Null)
        );
    }

    let (_, seen) = exchange(&[FIELD], |c| async move {
        c.create_custom_field(
            FieldScope::TaskManager,
            &NewCustomField {
                name: None,
                kind: CustomFieldKind::Boolean,
                config: Some(FieldConfig::Boolean(BooleanStyle::Checkbox)),
            },
        )
        .await
    })
    .await;
    assert_eq!(
        one(&seen).1,
        json!({"type": "boolean", "config": {"type": "checbox"}})
    );
}

#[tokio::test]
async fn custom_field_transfers() {
    let cases = [
        (
            FieldScope::Project(4),
            FieldScope::TaskManager,
            "POST /tm/projects/4/custom-fields/f-1/transfer-to-task-manager",
            Value::Null,
        ),
        (
            FieldScope::Board(9),
            FieldScope::Project(2),
            "POST /tm/boards/9/custom-fields/f-1/transfer-to-project",
            json!({"projectId": 2}),
        ),
        (
            FieldScope::TaskManager,
            FieldScope::Board(3),
            "POST /tm/custom-fields/f-1/transfer-to-board",
            json!({"boardId": 3}),
        ),
        (
            FieldScope::TaskManager,
            FieldScope::Project(1),
            "POST /tm/custom-fields/f-1/transfer-to-project",
            json!({"projectId": 1}),
        ),
    ];
    for (from, to, target, body) in cases {
        let (done, seen) = exchange(&[ACK], |c| async move {
            c.transfer_custom_field(from, "f-1", to).await
        })
        .await;
        done.expect(target);
        assert_eq!(one(&seen), (target.to_string(), body));
    }
    let (refused, seen) = exchange(&[ACK], |c| async move {
        c.transfer_custom_field(FieldScope::TaskManager, "f-1", FieldScope::TaskManager)
            .await
    })
    .await;
    assert!(matches!(refused, Err(ApiError::InvalidRequest(_))));
    assert!(seen.is_empty());
}

#[tokio::test]
async fn attachment_downloads_take_bytes_or_a_description() {
    let bytes = b"%PDF-1.4 tiny";
    let server = RawServer::start(Script::Answer({
        let mut head = response(
            "200 OK",
            &[
                ("Content-Type", "application/pdf"),
                (
                    "Content-Disposition",
                    "attachment; filename=\"___.pdf\"; filename*=UTF-8''%D0%A2%D0%97.pdf",
                ),
                ("Content-Length", &bytes.len().to_string()),
            ],
            "",
        );
        head.extend_from_slice(bytes);
        head
    }))
    .await;
    let got = client(&server)
        .attachment_content("a/1")
        .await
        .expect("file");
    let AttachmentContent::File(file) = got else {
        panic!("expected the file, got {got:?}");
    };
    assert_eq!(file.bytes, bytes);
    assert_eq!(file.name.as_deref(), Some("ТЗ.pdf"));
    assert_eq!(file.content_type.as_deref(), Some("application/pdf"));
    let seen = server.seen();
    assert_eq!(
        seen[0].request_line,
        "GET /public/v1/ws/attachments/a%2F1 HTTP/1.1"
    );
    assert_eq!(seen[0].header("accept"), Some("application/json, */*"));
    assert_eq!(seen[0].header("authorization"), Some("Bearer wire-token"));

    let (described, _) = exchange(
        &[r#"{"success":true,"data":{"id":"a-1","service":"weeek","name":"ТЗ.pdf","url":"https://storage.example/a-1","size":13}}"#],
        |c| async move { c.attachment_content("a-1").await },
    )
    .await;
    let AttachmentContent::Described(Attachment { name, size, .. }) = described.expect("described")
    else {
        panic!("expected a description");
    };
    assert_eq!((name.as_deref(), size), (Some("ТЗ.pdf"), Some(13)));

    let missing = RawServer::answering(
        "404 Not Found",
        &[("Content-Type", "application/json")],
        r#"{"message":"Record not found"}"#,
    )
    .await;
    let err = client(&missing).attachment_content("nope").await;
    assert!(matches!(err, Err(ApiError::NotFound { .. })), "{err:?}");
}
