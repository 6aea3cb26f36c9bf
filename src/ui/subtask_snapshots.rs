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
