//! `update` tests of the detail pane's custom fields (`C`): each type's input and the value
//! it sends, a refusal put back, a lost answer read back.

use crossterm::event::KeyCode;
use serde_json::{Value, json};
use weeek_api::models::{CustomFieldOption, CustomFieldValue, Task};
use weeek_api::{ApiError, TaskPage, TaskUpdate};

use crate::keys::commands::Context;
use crate::screen::requests::Request;
use crate::tasks::dialogs::{Feedback, Popup, PromptPurpose};
use crate::testing::{BORIS, Harness, code, task};
use crate::worker::{Answer, Call};

fn field(id: &str, kind: &str, value: Value) -> CustomFieldValue {
    CustomFieldValue {
        id: id.into(),
        name: Some(format!("Поле {id}")),
        r#type: Some(kind.into()),
        options: vec![
            CustomFieldOption {
                id: "o1".into(),
                name: Some("Почта".into()),
                color: None,
            },
            CustomFieldOption {
                id: "o2".into(),
                name: Some("Телефон".into()),
                color: None,
            },
        ],
        value,
        ..Default::default()
    }
}

/// The fields in the pane's order.
const ORDER: [&str; 8] = ["n", "s", "m", "b", "d", "u", "t", "c"];

fn the_task() -> Task {
    Task {
        custom_fields: vec![
            field("n", "number", json!(3)),
            field("s", "select", json!("o1")),
            field("m", "multiselect", json!([])),
            field("b", "boolean", json!(false)),
            field("d", "datetime", Value::Null),
            field("u", "member", Value::Null),
            field("t", "text", json!("старый")),
            field("c", "contact", Value::Null),
        ],
        ..task(1, "Созвон")
    }
}

/// Task 1 loaded, its detail open and its custom fields with the keys, the cursor on `id`.
fn on_field(id: &str) -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![the_task()]),
            has_more: false,
        })),
    );
    h.press("C");
    assert_eq!(h.app.contexts()[0], Context::CustomFields);
    let at = ORDER.iter().position(|f| *f == id).unwrap();
    for _ in 0..at {
        h.press("j");
    }
    h
}

fn value(h: &Harness, id: &str) -> Value {
    h.app
        .tasks
        .details
        .get(1)
        .and_then(|t| t.custom_fields.iter().find(|f| f.id == id))
        .map(|f| f.value.clone())
        .unwrap()
}

/// The one update sent, and the custom-field map it carries.
fn sent(h: &mut Harness) -> (Request, Value) {
    let mut reqs = h.take(|c| matches!(c, Call::UpdateTask(1, _)));
    assert_eq!(reqs.len(), 1, "one update");
    let req = reqs.remove(0);
    let map = match &req.call {
        Call::UpdateTask(_, TaskUpdate { custom_fields, .. }) => {
            Value::Object(custom_fields.clone().expect("custom fields sent"))
        }
        _ => unreachable!(),
    };
    (req, map)
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn with_value(id: &str, v: Value) -> Task {
    let mut t = the_task();
    if let Some(f) = t.custom_fields.iter_mut().find(|f| f.id == id) {
        f.value = v;
    }
    t
}

#[test]
fn a_number_is_typed_as_people_write_it_and_shown_at_once() {
    let mut h = on_field("n");
    h.send(code(KeyCode::Enter));
    h.send(crate::testing::ctrl('u'));
    h.press("12,5");
    h.send(code(KeyCode::Enter));
    let (req, map) = sent(&mut h);
    assert_eq!(map, json!({"n": 12.5}));
    assert_eq!(value(&h, "n"), json!(12.5), "shown at once");
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(with_value("n", json!(12.5))))),
    );
    assert!(
        toasts(&h).contains("Set “Поле n” of “Созвон”"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_number_that_does_not_read_is_not_sent() {
    let mut h = on_field("n");
    h.send(code(KeyCode::Enter));
    h.send(crate::testing::ctrl('u'));
    h.press("двенадцать");
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    assert!(
        h.app.tasks.layers.popup().is_some(),
        "the prompt stays, with why"
    );
    assert!(h.render().contains("a number, such as"));
}

#[test]
fn a_select_takes_one_option_from_a_picker() {
    let mut h = on_field("s");
    h.send(code(KeyCode::Enter));
    h.press("тел");
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"s": "o2"}));
    assert_eq!(value(&h, "s"), json!("o2"));
}

#[test]
fn a_multiselect_takes_several_options() {
    let mut h = on_field("m");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"m": ["o1", "o2"]}));
}

#[test]
fn a_yes_no_flips_at_once() {
    let mut h = on_field("b");
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"b": true}));
    assert_eq!(value(&h, "b"), json!(true));
}

#[test]
fn a_day_reads_the_date_grammar() {
    let mut h = on_field("d");
    h.send(code(KeyCode::Enter));
    h.press("01.12.2026");
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"d": "2026-12-01"}));
}

#[test]
fn a_member_is_chosen_among_the_members() {
    let mut h = on_field("u");
    h.send(code(KeyCode::Enter));
    h.press("boris");
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"u": [BORIS]}));
}

#[test]
fn text_is_typed_and_emptied_clears_it() {
    let mut h = on_field("t");
    h.send(code(KeyCode::Enter));
    h.send(crate::testing::ctrl('u'));
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"t": null}));
}

#[test]
fn a_contact_is_not_edited_here_and_says_so() {
    let mut h = on_field("c");
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    assert!(toasts(&h).contains("is set in the web app"));
}

#[test]
fn a_refused_value_is_put_back() {
    let mut h = on_field("b");
    h.send(code(KeyCode::Enter));
    let (req, _) = sent(&mut h);
    h.fail(
        &req,
        ApiError::Validation {
            message: "Invalid".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(value(&h, "b"), json!(false), "put back");
    assert!(
        toasts(&h).contains("Could not set “Поле b”"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_refused_typed_value_comes_back_in_its_prompt_with_the_services_words() {
    let mut h = on_field("n");
    h.send(code(KeyCode::Enter));
    h.send(crate::testing::ctrl('u'));
    h.press("1 200 000");
    h.send(code(KeyCode::Enter));
    assert!(
        h.app.tasks.layers.popup().is_none(),
        "sent: the prompt closes"
    );
    let (req, _) = sent(&mut h);
    let mut fields = weeek_api::FieldErrors::new();
    fields.insert(
        "customFields.n".into(),
        vec!["The value may not be greater than 1000.".into()],
    );
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    assert_eq!(value(&h, "n"), json!(3), "put back");
    match h.app.tasks.layers.popup() {
        Some(Popup::Prompt {
            purpose: PromptPurpose::Field { task: 1, field },
            field: typed,
            feedback: Feedback::Err(why),
        }) => {
            assert_eq!(field, "n");
            assert_eq!(typed.value(), "1 200 000", "what was typed is kept");
            assert!(why.contains("may not be greater than 1000"), "{why}");
        }
        other => panic!("the prompt comes back, got {other:?}"),
    }
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("1 200 000"), "{screen}");
    assert!(screen.contains("may not be greater than 1000"), "{screen}");
    // Put right and sent again from there.
    h.send(crate::testing::ctrl('u'));
    h.press("900");
    h.send(code(KeyCode::Enter));
    let (_, map) = sent(&mut h);
    assert_eq!(map, json!({"n": 900}));
}

#[test]
fn a_value_whose_answer_was_lost_is_read_back() {
    let mut h = on_field("s");
    h.send(code(KeyCode::Enter));
    h.press("тел");
    h.send(code(KeyCode::Enter));
    let (req, _) = sent(&mut h);
    h.fail(&req, ApiError::Timeout);
    assert_eq!(value(&h, "s"), json!("o2"), "no rollback on a guess");
    let mut reads = h.take(|c| *c == Call::Task(1));
    assert_eq!(reads.len(), 1, "read back once");
    // The service has it, in its own shape.
    let fresh = with_value("s", json!({"id": "o2", "name": "Телефон"}));
    h.reply(&reads.remove(0), Answer::Task(Ok(Box::new(fresh))));
    let t = toasts(&h);
    assert!(
        t.contains("Set “Поле s”") && t.contains("read back: done"),
        "{t}"
    );
}

#[test]
fn esc_gives_the_keys_back_to_the_list() {
    let mut h = on_field("n");
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts()[0], Context::Tasks);
}

#[test]
fn a_datetime_takes_a_time_after_the_day_and_shows_it() {
    let mut h = on_field("d");
    h.resize(160, 45);
    h.send(code(KeyCode::Enter));
    h.press("tomorrow 14:00");
    h.send(code(KeyCode::Enter));
    let (req, map) = sent(&mut h);
    assert_eq!(map, json!({"d": "2026-11-22T14:00:00+00:00"}));
    let fresh = with_value("d", json!("2026-11-22T14:00:00Z"));
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    assert!(
        h.render().contains("22.11.2026 14:00"),
        "shown with its time:\n{}",
        h.render()
    );
    // Editing it again starts from the day and time as shown; another time is a change.
    h.send(code(KeyCode::Enter));
    match h.app.tasks.layers.popup() {
        Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) => {
            assert_eq!(field.value(), "22.11.2026 14:00")
        }
        other => panic!("the prompt: {other:?}"),
    }
    h.send(crate::testing::ctrl('u'));
    h.press("27.11.2026 9:30");
    h.send(code(KeyCode::Enter));
    assert_eq!(sent(&mut h).1, json!({"d": "2026-11-27T09:30:00+00:00"}));
}
