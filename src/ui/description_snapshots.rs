//! How the built-in description editor looks (`E` with no `$VISUAL` or `$EDITOR`), fresh and
//! after a save that did not hold, at four sizes.

use insta::assert_snapshot;
use weeek_api::models::Task;

use crate::testing::{Harness, task};
use crate::worker::{Answer, Call};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

fn described() -> Task {
    Task {
        description: Some(
            "<p>Подключить <strong>СБП</strong> к оплате в приложении</p>\
             <ul><li>согласовать лимиты с банком</li><li>проверить возвраты</li></ul>"
                .into(),
        ),
        ..task(1, "Интеграция СБП в мобильное приложение")
    }
}

/// The built-in editor open on task 1.
fn editing() -> Harness {
    let mut h = Harness::new();
    h.app.tasks.editor = None;
    h.list_tasks(vec![described()]);
    // The whole task is read for the pane or for `E` (rows carry no description).
    h.answer_all(
        |c| *c == Call::Task(1),
        || Answer::Task(Ok(Box::new(described()))),
    );
    h.press("E");
    h.answer_all(
        |c| *c == Call::Task(1),
        || Answer::Task(Ok(Box::new(described()))),
    );
    assert!(h.app.tasks.layers.describe().is_some());
    h
}

#[test]
fn the_built_in_description_editor() {
    let mut h = editing();
    each_size("description_editor", &mut h);
}

#[test]
fn the_description_offered_again_after_a_refusal() {
    let mut h = editing();
    h.send(crate::testing::code(crossterm::event::KeyCode::Enter));
    h.press("Срок — до пятницы");
    h.send(crate::testing::ctrl('s'));
    let save = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.fail(
        &save,
        weeek_api::ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields: Default::default(),
        },
    );
    each_size("description_offered_again", &mut h);
}
