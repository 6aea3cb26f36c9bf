//! How `n` looks: the new-task form over the list, filled in part, with a message under a
//! field that failed its check, and with a picker open.

use crossterm::event::KeyCode;
use insta::assert_snapshot;
use weeek_api::TaskPage;
use weeek_api::models::Task;

use crate::tasks::form::model::Field;
use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

fn with_form() -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks: Vec<Task> = (1..=12).map(|i| task(i, &format!("Задача {i}"))).collect();
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.answer_all(
        |c| matches!(c, Call::Boards(_)),
        || {
            Answer::Boards(Ok(vec![weeek_api::models::Board {
                id: 5,
                name: "Разработка".into(),
                project_id: 1,
                is_private: false,
            }]))
        },
    );
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(crate::testing::columns())),
    );
    h.press("n");
    h.press("Подготовить отчёт по оплатам за ноябрь — с разбивкой по каналам");
    h
}

fn tab_to(h: &mut Harness, field: Field) {
    while h.app.tasks.layers.form().unwrap().form.focus != field {
        h.send(code(KeyCode::Tab));
    }
}

#[test]
fn the_form_at_four_sizes() {
    let mut h = with_form();
    tab_to(&mut h, Field::Priority);
    h.press("high");
    h.send(code(KeyCode::Enter));
    tab_to(&mut h, Field::Due);
    h.press("tomorrow");
    tab_to(&mut h, Field::Description);
    h.press("Сверить с бухгалтерией");
    h.send(code(KeyCode::Enter));
    h.press("и отправить до обеда");
    h.send(code(KeyCode::BackTab));
    h.send(code(KeyCode::BackTab));
    h.send(code(KeyCode::BackTab));
    for (w, ht) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, ht);
        assert_snapshot!(format!("task_form_{w}x{ht}"), h.render());
    }
}

#[test]
fn a_due_day_that_does_not_read_is_marked_under_it() {
    let mut h = with_form();
    tab_to(&mut h, Field::Due);
    h.press("в пятницу после");
    h.send(code(KeyCode::Tab));
    h.resize(100, 30);
    assert_snapshot!("task_form_due_error_100x30", h.render());
}

#[test]
fn the_board_picker_lists_the_projects_boards() {
    let mut h = with_form();
    tab_to(&mut h, Field::Board);
    h.send(code(KeyCode::Enter));
    h.resize(100, 30);
    assert_snapshot!("task_form_board_picker_100x30", h.render());
}
