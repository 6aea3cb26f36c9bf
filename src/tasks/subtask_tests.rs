//! `update` tests of `N`: a subtask created by title, refused, and lost then looked for.

use crossterm::event::KeyCode;
use weeek_api::models::Task;
use weeek_api::{ApiError, TaskPage};

use crate::tasks::dialogs::{Feedback, Popup, PromptPurpose};
use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

/// Two tasks loaded (ids 1 and 2), the cursor on the second.
fn on_second() -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks: Vec<Task> = (1..=2).map(|i| task(i, &format!("Задача {i}"))).collect();
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.press("j");
    h
}

/// `N`, the title, Enter: returns the create sent.
fn send_subtask(h: &mut Harness, title: &str) -> crate::screen::requests::Request {
    h.press("N");
    h.press(title);
    h.send(code(KeyCode::Enter));
    let mut sent = h.take(|c| matches!(c, Call::CreateTask(_)));
    assert_eq!(sent.len(), 1, "one create");
    sent.remove(0)
}

#[test]
fn a_subtask_is_created_under_the_cursor_task_and_listed_in_its_detail() {
    let mut h = on_second();
    let req = send_subtask(&mut h, "Проверить счёт");
    match &req.call {
        Call::CreateTask(t) => {
            assert_eq!(t.title, "Проверить счёт");
            assert_eq!(t.parent_id, Some(2));
            assert_eq!(t.project_id, Some(1), "where the parent is");
        }
        _ => unreachable!(),
    }
    assert_eq!(
        h.app.tasks.current().map(|t| t.id),
        Some(2),
        "the cursor stays on the parent"
    );
    let created = Task {
        parent_id: Some(2),
        ..task(99, "Проверить счёт")
    };
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(created))));
    let parent = h.app.tasks.current().expect("the parent");
    assert_eq!(parent.id, 2);
    assert!(parent.sub_tasks.contains(&99));
    h.press("p");
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("Subtasks (1)"), "{screen}");
    assert!(screen.contains("Проверить счёт"), "{screen}");
}

#[test]
fn a_refused_subtask_comes_back_in_its_prompt_still_under_its_parent() {
    let mut h = on_second();
    let req = send_subtask(&mut h, "X");
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields: Default::default(),
        },
    );
    assert!(
        h.app.tasks.list.rows.iter().all(|t| t.id > 0),
        "its row is taken out"
    );
    assert!(h.app.tasks.list.rows[1].sub_tasks.is_empty());
    match h.app.tasks.layers.popup() {
        Some(Popup::Prompt {
            purpose: PromptPurpose::New { parent, .. },
            field,
            feedback,
        }) => {
            assert_eq!(*parent, Some(2));
            assert_eq!(field.value(), "X");
            assert!(matches!(feedback, Feedback::Err(_)));
        }
        other => panic!("the prompt comes back, got {other:?}"),
    }
    // Sent again from there, it is still a subtask of the same task.
    h.send(code(KeyCode::Enter));
    let again = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    assert!(matches!(&again.call, Call::CreateTask(t) if t.parent_id == Some(2)));
}

#[test]
fn a_refused_subtask_leaves_the_cursor_on_its_parent_for_the_next_key() {
    let refusals = [
        ApiError::Forbidden {
            message: "Forbidden".into(),
        },
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields: Default::default(),
        },
    ];
    for refusal in refusals {
        // Three tasks, the cursor on the middle one: rows follow it.
        let mut h = Harness::new();
        let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
        let tasks: Vec<Task> = (1..=3).map(|i| task(i, &format!("Задача {i}"))).collect();
        h.reply(
            &reqs[0],
            Answer::TaskPage(Ok(TaskPage {
                tasks: crate::testing::rows(tasks),
                has_more: false,
            })),
        );
        h.press("j");
        let req = send_subtask(&mut h, "X");
        h.fail(&req, refusal.clone());
        h.send(code(KeyCode::Esc));
        assert!(h.app.tasks.layers.popup().is_none(), "the prompt is closed");
        assert_eq!(
            h.app.tasks.current().map(|t| t.id),
            Some(2),
            "after {refusal:?} the cursor is on the parent"
        );
        h.press("x");
        let done = h.take(|c| matches!(c, Call::CompleteTask(_)));
        assert!(
            matches!(done.as_slice(), [r] if r.call == Call::CompleteTask(2)),
            "{done:?}"
        );
    }
}

#[test]
fn a_lost_subtask_create_is_looked_for_and_never_sent_twice() {
    let mut h = on_second();
    let req = send_subtask(&mut h, "Созвон");
    h.fail(&req, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    // A namesake under another task is not it; the one under the parent is.
    let other = Task {
        parent_id: Some(1),
        created_at: Some(h.clock.wall),
        ..task(70, "Созвон")
    };
    let it = Task {
        parent_id: Some(2),
        created_at: Some(h.clock.wall),
        ..task(71, "Созвон")
    };
    h.reply(
        &look,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![other, it]),
            has_more: false,
        })),
    );
    let parent = &h.app.tasks.list.rows[h.app.tasks.index_of(2).expect("the parent")];
    assert_eq!(parent.sub_tasks, vec![71]);
    assert!(h.take(|c| matches!(c, Call::CreateTask(_))).is_empty());
}

/// A subtask of the same title made a minute before the send is not the one a refused create
/// made: the prompt comes back, under the same parent, and a send again makes the second.
#[test]
fn a_subtask_twin_made_before_is_not_taken_for_a_refused_one() {
    let mut h = on_second();
    let req = send_subtask(&mut h, "Шаг");
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let twin = Task {
        parent_id: Some(2),
        created_at: Some(h.clock.wall - time::Duration::minutes(1)),
        ..task(50, "Шаг")
    };
    let twin_page = || {
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![twin.clone()]),
            has_more: false,
        }))
    };
    h.reply(&look, twin_page());
    let said = h
        .app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ");
    assert!(!said.contains("after all"), "{said}");
    assert!(said.contains("“Шаг” was not created"), "{said}");
    assert!(!h.app.tasks.list.rows[1].sub_tasks.contains(&50));
    match h.app.tasks.layers.popup() {
        Some(Popup::Prompt {
            purpose: PromptPurpose::New { parent, .. },
            field,
            ..
        }) => {
            assert_eq!(*parent, Some(2));
            assert_eq!(field.value(), "Шаг");
        }
        other => panic!("the prompt comes back, got {other:?}"),
    }
    // Sent again: looked for once more first, then sent once, still under the same parent.
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::CreateTask(_))).is_empty());
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&look, twin_page());
    let again = h.take(|c| matches!(c, Call::CreateTask(_)));
    assert_eq!(again.len(), 1, "sent again, once");
    assert!(matches!(&again[0].call, Call::CreateTask(t) if t.parent_id == Some(2)));
}
