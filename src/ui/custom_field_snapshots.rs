//! How `C` looks: the detail pane's custom fields with the keys, and a field's input open.

use crossterm::event::KeyCode;
use insta::assert_snapshot;
use serde_json::{Value, json};
use weeek_api::TaskPage;
use weeek_api::models::{CustomFieldOption, CustomFieldValue, Task};

use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

fn field(id: &str, name: &str, kind: &str, value: Value) -> CustomFieldValue {
    CustomFieldValue {
        id: id.into(),
        name: Some(name.into()),
        r#type: Some(kind.into()),
        options: vec![CustomFieldOption {
            id: "o1".into(),
            name: Some("Telegram".into()),
            color: None,
        }],
        value,
        ..Default::default()
    }
}

fn fields_focused() -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let t = Task {
        custom_fields: vec![
            field("n", "Story points", "number", json!(5)),
            field("s", "Канал обращения", "select", json!("o1")),
            field("b", "Проверено QA", "boolean", json!(true)),
            field("d", "Дата релиза", "datetime", json!("2026-12-01")),
        ],
        ..task(1, "Созвон с «Зерном» по итогам спринта")
    };
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![t]),
            has_more: false,
        })),
    );
    h.press("C");
    h.press("j");
    h
}

#[test]
fn the_custom_fields_with_the_keys_at_four_sizes() {
    let mut h = fields_focused();
    for (w, ht) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, ht);
        assert_snapshot!(format!("custom_fields_{w}x{ht}"), h.render());
    }
}

#[test]
fn a_number_fields_prompt() {
    let mut h = fields_focused();
    h.press("k");
    h.send(code(KeyCode::Enter));
    h.resize(100, 30);
    assert_snapshot!("custom_field_number_100x30", h.render());
}
