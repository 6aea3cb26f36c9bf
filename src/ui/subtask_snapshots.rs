//! How `N` looks: the title prompt of a subtask, over the list with the parent's detail open.

use crossterm::event::KeyCode;
use insta::assert_snapshot;
use weeek_api::TaskPage;
use weeek_api::models::Task;

use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

#[test]
fn the_subtask_prompt_names_its_parent() {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let parent = Task {
        sub_tasks: vec![2],
        ..task(1, "Релиз 2.4 в App Store 🚀 — финальная проверка сборки")
    };
    let tasks = vec![parent, task(2, "Обновить скриншоты")];
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.send(code(KeyCode::Enter));
    h.press("N");
    h.press("Проверить подпись");
    for (w, ht) in [(160, 45), (80, 24)] {
        h.resize(w, ht);
        assert_snapshot!(format!("subtask_prompt_{w}x{ht}"), h.render());
    }
}

/// Task 1 with two subtasks, one done, the detail open and its subtask list with the keys.
fn subtasks_focused() -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let parent = Task {
        sub_tasks: vec![2, 3],
        ..task(1, "Релиз 2.4 в App Store 🚀")
    };
    let first = Task {
        parent_id: Some(1),
        is_completed: true,
        ..task(2, "Обновить скриншоты")
    };
    let second = Task {
        parent_id: Some(1),
        ..task(3, "Написать release notes RU/EN — с перечнем исправлений")
    };
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![parent, first, second]),
            has_more: false,
        })),
    );
    h.press("l");
    h.press("j");
    h
}

#[test]
fn the_subtask_list_with_the_keys_at_four_sizes() {
    let mut h = subtasks_focused();
    for (w, ht) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, ht);
        assert_snapshot!(format!("subtask_list_{w}x{ht}"), h.render());
    }
}

#[test]
fn a_subtask_opened_in_the_pane_says_where_it_came_from() {
    let mut h = subtasks_focused();
    h.send(code(KeyCode::Enter));
    h.resize(100, 30);
    assert_snapshot!("subtask_opened_100x30", h.render());
}
