//! `update` tests of the detail pane's subtask list (`l`): moving on it, ticking one (done,
//! refused and put back, answer lost and read back), opening one and coming back.

use crossterm::event::KeyCode;
use weeek_api::models::Task;
use weeek_api::{ApiError, TaskPage};

use crate::keys::commands::Context;
use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::tasks::TaskKey;
use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

/// Task 1 with subtasks 2 (a loaded row) and 30 (not loaded: read for the pane), the detail
/// open on task 1 and its subtask 30 read.
fn with_subtasks() -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let parent = Task {
        sub_tasks: vec![2, 30],
        ..task(1, "Релиз")
    };
    let loaded = Task {
        parent_id: Some(1),
        ..task(2, "Скриншоты")
    };
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![parent, loaded]),
            has_more: false,
        })),
    );
    h.send(code(KeyCode::Enter));
    let read = subtask_read(&mut h, 30);
    let far = Task {
        parent_id: Some(1),
        ..task(30, "Заметки к релизу")
    };
    h.reply(&read, Answer::Task(Ok(Box::new(far))));
    h
}

fn subtask_read(h: &mut Harness, id: i64) -> Request {
    let mut reads = h.take(|c| *c == Call::Task(id));
    let at = reads
        .iter()
        .position(|r| r.key == RequestKey::from(TaskKey::Subtask(id)))
        .expect("the subtask is read for the pane");
    reads.remove(at)
}

fn done(h: &Harness, id: i64) -> bool {
    h.app.tasks.row_of(id).expect("known").is_completed
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

#[test]
fn l_gives_the_subtask_list_the_keys_and_esc_gives_them_back() {
    let mut h = with_subtasks();
    h.press("l");
    assert_eq!(h.app.contexts()[0], Context::Subtasks);
    assert_eq!(h.app.tasks.subtask_at_cursor(), Some(2));
    h.press("j");
    assert_eq!(h.app.tasks.subtask_at_cursor(), Some(30));
    h.press("j");
    assert_eq!(
        h.app.tasks.subtask_at_cursor(),
        Some(30),
        "stops at the last"
    );
    assert_eq!(h.app.tasks.cursor, 0, "the list's cursor stays");
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("› [ ] Заметки к релизу"), "{screen}");
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts()[0], Context::Tasks);
    assert!(h.app.tasks.detail, "the detail stays open");
}

#[test]
fn l_on_a_task_without_subtasks_says_how_to_add_one() {
    let mut h = with_subtasks();
    h.press("j");
    h.press("l");
    assert_eq!(h.app.contexts()[0], Context::Tasks);
    assert!(toasts(&h).contains("No subtasks · N adds one"));
}

#[test]
fn x_ticks_a_loaded_subtask_at_once_and_keeps_it_when_done() {
    let mut h = with_subtasks();
    h.press("l");
    h.press("x");
    assert!(done(&h, 2), "shown at once");
    let req = h.take(|c| *c == Call::CompleteTask(2)).remove(0);
    h.reply(&req, Answer::CompletedTask(Ok(())));
    assert!(done(&h, 2));
    assert!(toasts(&h).contains("Completed “Скриншоты”"));
    assert_eq!(
        h.app.contexts()[0],
        Context::Subtasks,
        "the list keeps the keys"
    );
}

#[test]
fn x_on_a_subtask_that_is_not_a_loaded_row_is_put_back_when_refused() {
    let mut h = with_subtasks();
    h.press("l");
    h.press("j");
    h.press("x");
    assert!(done(&h, 30));
    let req = h.take(|c| *c == Call::CompleteTask(30)).remove(0);
    h.fail(
        &req,
        ApiError::Validation {
            message: "Nope".into(),
            fields: Default::default(),
        },
    );
    assert!(!done(&h, 30), "put back");
    assert!(toasts(&h).contains("Could not complete"), "{}", toasts(&h));
}

#[test]
fn x_again_reopens_a_done_subtask() {
    let mut h = with_subtasks();
    h.press("l");
    h.press("x");
    let req = h.take(|c| *c == Call::CompleteTask(2)).remove(0);
    h.reply(&req, Answer::CompletedTask(Ok(())));
    h.press("x");
    assert!(!done(&h, 2));
    assert_eq!(h.take(|c| *c == Call::UncompleteTask(2)).len(), 1);
}

#[test]
fn a_tick_whose_answer_was_lost_is_read_back_and_shows_what_the_service_has() {
    let mut h = with_subtasks();
    h.press("l");
    h.press("j");
    h.press("x");
    let req = h.take(|c| *c == Call::CompleteTask(30)).remove(0);
    h.fail(&req, ApiError::Timeout);
    assert!(done(&h, 30), "no rollback on a guess");
    let mut reads = h.take(|c| *c == Call::Task(30));
    assert_eq!(reads.len(), 1, "read back once");
    // The service did not do it.
    let fresh = Task {
        parent_id: Some(1),
        ..task(30, "Заметки к релизу")
    };
    h.reply(&reads.remove(0), Answer::Task(Ok(Box::new(fresh))));
    assert!(!done(&h, 30), "the service's value");
    assert!(toasts(&h).contains("read back: not done"), "{}", toasts(&h));
}

#[test]
fn enter_opens_a_subtask_in_the_pane_and_esc_goes_back_to_its_parent() {
    let mut h = with_subtasks();
    h.press("l");
    h.press("j");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.tasks.pane_task_id(), Some(30));
    // The pane reads it whole.
    let mut reads = h.take(|c| *c == Call::Task(30));
    let read = reads
        .iter()
        .position(|r| r.key == RequestKey::from(TaskKey::Detail(30)))
        .map(|i| reads.remove(i))
        .expect("the whole subtask is read");
    let whole = Task {
        parent_id: Some(1),
        sub_tasks: vec![31],
        description: Some("<p>Подробно</p>".into()),
        ..task(30, "Заметки к релизу")
    };
    h.reply(&read, Answer::Task(Ok(Box::new(whole))));
    let deeper = subtask_read(&mut h, 31);
    h.reply(
        &deeper,
        Answer::Task(Ok(Box::new(Task {
            parent_id: Some(30),
            ..task(31, "Перевести на английский")
        }))),
    );
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("Task #30"), "{screen}");
    assert!(screen.contains("Subtask of “Релиз” · Esc back"), "{screen}");
    assert!(screen.contains("Подробно"), "{screen}");
    assert!(screen.contains("› [ ] Перевести на английский"), "{screen}");
    assert_eq!(h.app.tasks.subtask_at_cursor(), Some(31));
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.tasks.pane_task_id(), Some(1), "back to the parent");
    assert_eq!(
        h.app.tasks.subtask_at_cursor(),
        Some(30),
        "the cursor where it was"
    );
    h.send(code(KeyCode::Backspace));
    assert_eq!(h.app.contexts()[0], Context::Tasks);
}

#[test]
fn r_reads_the_panes_subtasks_again_also_one_that_left_the_list() {
    let mut h = with_subtasks();
    h.press("r");
    assert_eq!(
        subtask_read(&mut h, 30).key,
        RequestKey::from(TaskKey::Subtask(30)),
        "read again, not kept from before"
    );
    // The reload no longer holds subtask 2 as a row: it is read for the pane.
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let parent = Task {
        sub_tasks: vec![2, 30],
        ..task(1, "Релиз")
    };
    h.reply(
        &list,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![parent]),
            has_more: false,
        })),
    );
    let read = subtask_read(&mut h, 2);
    let ticked = Task {
        parent_id: Some(1),
        is_completed: true,
        ..task(2, "Скриншоты")
    };
    h.reply(&read, Answer::Task(Ok(Box::new(ticked))));
    assert!(done(&h, 2));
}
