//! `update` tests of the task screen: every verb with success and rollback, filters to
//! query, stale answers, paging.

use crossterm::event::{KeyCode, KeyModifiers};
use time::macros::date;
use weeek_api::models::{Priority, Task};
use weeek_api::{ApiError, SortKey, TaskPage, TaskQuery};

use crate::screen::Effect;
use crate::screen::requests::RequestKey;
use crate::tasks::TaskKey;
use crate::testing::{BORIS, Harness, ME, code, ctrl, key_event, task};
use crate::worker::{Answer, Call};

fn query_of(h: &mut Harness) -> TaskQuery {
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let last = reqs.last().expect("a task list request");
    match &last.call {
        Call::Tasks(q) => {
            let q = q.clone();
            let last = last.clone();
            // Answer it, so the list is idle again.
            h.reply(&last, Answer::TaskPage(Ok(TaskPage::default())));
            q
        }
        _ => unreachable!(),
    }
}

/// A harness with `n` tasks loaded (ids 1..=n) and `has_more` as given.
fn loaded(n: i64, has_more: bool) -> Harness {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks: Vec<Task> = (1..=n).map(|i| task(i, &format!("Задача {i}"))).collect();
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more,
        })),
    );
    answer_names(&mut h);
    h
}

/// Answers the board and column requests the list makes to show names.
fn answer_names(h: &mut Harness) {
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
}

fn server_error() -> ApiError {
    ApiError::Server {
        status: 500,
        message: Some("Server Error".into()),
    }
}

/// A refusal the service certainly did not act on.
fn refused() -> ApiError {
    ApiError::Validation {
        message: "The given data was invalid.".into(),
        fields: [(
            "title".to_string(),
            vec!["The title is invalid.".to_string()],
        )]
        .into(),
    }
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
fn opens_on_my_open_tasks() {
    let mut h = Harness::new();
    let q = query_of(&mut h);
    assert_eq!(q.user_id.as_deref(), Some(ME));
    assert_eq!(q.completed, Some(false));
    assert!(!q.all);
}

#[test]
fn toggling_scope_drops_the_user_filter() {
    let mut h = loaded(3, false);
    h.press("A");
    let q = query_of(&mut h);
    assert_eq!(q.user_id, None);
    assert_eq!(q.completed, Some(false));
}

#[test]
fn next_page_is_fetched_before_the_cursor_reaches_the_end() {
    let mut h = loaded(50, true);
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "the end is a screen away"
    );
    // About 36 rows fit at 120x40: a dozen rows down, the end comes within a screenful.
    h.press("jjjjjjjjjjjjjj");
    let more = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(more.len(), 1, "a next page is asked for");
    match &more[0].call {
        Call::Tasks(q) => assert_eq!((q.offset, q.per_page), (Some(50), Some(50))),
        _ => unreachable!(),
    }
    let next: Vec<Task> = (51..=60).map(|i| task(i, "next")).collect();
    h.reply(
        &more[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(next),
            has_more: false,
        })),
    );
    assert_eq!(h.app.tasks.list.rows.len(), 60);
    h.send(code(KeyCode::End));
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "no page past hasMore=false"
    );
}

#[test]
fn no_page_is_fetched_while_the_end_is_far() {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks: Vec<Task> = (1..=200).map(|i| task(i, "t")).collect();
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: true,
        })),
    );
    assert!(h.take(|c| matches!(c, Call::Tasks(_))).is_empty());
    h.send(code(KeyCode::End));
    assert_eq!(h.take(|c| matches!(c, Call::Tasks(_))).len(), 1);
}

#[test]
fn a_superseded_answer_is_dropped() {
    let mut h = loaded(2, false);
    h.press("r");
    let first = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.press("r");
    let second = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &first,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(7, "stale")]),
            has_more: false,
        })),
    );
    assert_eq!(
        h.app.tasks.list.rows.len(),
        2,
        "the older answer changed nothing"
    );
    h.reply(
        &second,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(8, "fresh")]),
            has_more: false,
        })),
    );
    assert_eq!(h.app.tasks.list.rows[0].id, 8);
}

#[test]
fn a_reload_keeps_the_rows_and_a_failed_one_keeps_them_too() {
    let mut h = loaded(3, false);
    h.press("r");
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.fail(&req, server_error());
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert!(toasts(&h).contains("failed"));
}

#[test]
fn complete_applies_at_once_and_confirms() {
    let mut h = loaded(3, false);
    h.press("x");
    assert!(h.app.tasks.list.rows[0].is_completed, "optimistic");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    assert!(h.app.tasks.list.rows[0].is_completed);
    assert!(
        toasts(&h).contains("Completed \u{201c}Задача 1\u{201d}"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn complete_rolls_back_when_refused() {
    let mut h = loaded(3, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.fail(&req, refused());
    assert!(!h.app.tasks.list.rows[0].is_completed, "rolled back");
    assert!(toasts(&h).contains("Could not complete"), "{}", toasts(&h));
    assert!(
        h.app.tasks.writes.undo_is_empty(),
        "nothing to undo after a full failure"
    );
}

#[test]
fn complete_on_a_done_task_reopens_it() {
    let mut h = loaded(1, false);
    h.app.tasks.list.rows[0].is_completed = true;
    h.press("x");
    assert!(!h.app.tasks.list.rows[0].is_completed);
    assert_eq!(h.take(|c| matches!(c, Call::UncompleteTask(1))).len(), 1);
}

#[test]
fn priority_digit_updates_and_rolls_back() {
    let mut h = loaded(2, false);
    h.press("2");
    assert_eq!(h.app.tasks.list.rows[0].priority, Some(Priority::High));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.priority, Some(Some(Priority::High))),
        _ => unreachable!(),
    }
    h.fail(&req, refused());
    assert_eq!(h.app.tasks.list.rows[0].priority, None);
}

#[test]
fn priority_success_takes_the_services_copy() {
    let mut h = loaded(2, false);
    h.press("3");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    let mut fresh = task(1, "Задача 1 (server)");
    fresh.priority = Some(Priority::Hold);
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    assert_eq!(
        h.app.tasks.list.rows[0].title.as_deref(),
        Some("Задача 1 (server)")
    );
}

#[test]
fn bulk_results_are_summed_up() {
    let mut h = loaded(5, false);
    h.press("   "); // marks tasks 1, 2 and 3
    assert_eq!(h.app.tasks.marks.len(), 3);
    h.press("x");
    let reqs = h.take(|c| matches!(c, Call::CompleteTask(_)));
    assert_eq!(reqs.len(), 3);
    h.done(&reqs[0]);
    h.fail(
        &reqs[1],
        ApiError::Forbidden {
            message: "no".into(),
        },
    );
    h.done(&reqs[2]);
    let t = toasts(&h);
    assert!(t.contains("Completed 2 of 3, 1 failed"), "{t}");
    assert!(h.app.tasks.list.rows[0].is_completed && !h.app.tasks.list.rows[1].is_completed);
}

#[test]
fn range_mark_and_mark_all() {
    let mut h = loaded(6, false);
    h.press(" jjv");
    assert_eq!(
        h.app.tasks.marks.iter().copied().collect::<Vec<_>>(),
        vec![1, 2, 3, 4]
    );
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.marks.is_empty(), "Esc clears marks first");
    h.send(ctrl('a'));
    assert_eq!(h.app.tasks.marks.len(), 6);
}

#[test]
fn undo_reverts_the_last_verb() {
    let mut h = loaded(2, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("u");
    assert!(!h.app.tasks.list.rows[0].is_completed);
    assert_eq!(h.take(|c| matches!(c, Call::UncompleteTask(1))).len(), 1);
    h.press("u");
    assert!(toasts(&h).contains("Nothing to undo"));
}

#[test]
fn move_picks_a_column_of_the_tasks_board() {
    let mut h = loaded(2, false);
    h.press("m");
    // Columns of board 5 are loaded by the harness: Бэклог (current), В работе, Готово.
    h.press("работе");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.board_column_id, Some(11)),
        _ => unreachable!(),
    }
    assert_eq!(
        h.app.tasks.list.rows[0].locations[0].board_column_id,
        Some(11)
    );
    h.fail(&req, refused());
    assert_eq!(
        h.app.tasks.list.rows[0].locations[0].board_column_id,
        Some(10),
        "rolled back"
    );
}

#[test]
fn assign_adds_and_removes_members() {
    let mut h = loaded(1, false);
    h.press("a");
    h.press("Boris");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let adds = h.take(|c| matches!(c, Call::AddAssignees(1, _)));
    assert_eq!(adds.len(), 1);
    assert_eq!(adds[0].call, Call::AddAssignees(1, vec![BORIS.into()]));
    assert_eq!(
        h.app.tasks.list.rows[0].assignees,
        vec![ME.to_string(), BORIS.to_string()]
    );
    h.fail(&adds[0], refused());
    assert_eq!(
        h.app.tasks.list.rows[0].assignees,
        vec![ME.to_string()],
        "rolled back"
    );

    h.press("a");
    h.send(code(KeyCode::Tab)); // the cursor starts on me, who is preselected: unassign
    h.send(code(KeyCode::Enter));
    assert_eq!(
        h.take(|c| matches!(c, Call::RemoveAssignees(1, _)))[0].call,
        Call::RemoveAssignees(1, vec![ME.into()])
    );
    assert!(h.app.tasks.list.rows[0].assignees.is_empty());
}

#[test]
fn due_date_uses_the_date_grammar_and_says_why_when_wrong() {
    let mut h = loaded(1, false);
    h.press("d");
    h.send(ctrl('u'));
    h.press("someday");
    h.send(code(KeyCode::Enter));
    assert!(
        h.app.tasks.layers.popup().is_some(),
        "an invalid date keeps the prompt open"
    );
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    h.send(ctrl('u'));
    h.press("tomorrow");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.due_date, Some(Some(date!(2026 - 11 - 22)))),
        _ => unreachable!(),
    }
    assert_eq!(
        h.app.tasks.list.rows[0].due_date,
        Some(date!(2026 - 11 - 22))
    );
}

#[test]
fn a_prefilled_due_date_is_selected_and_replaced_by_what_is_typed() {
    let mut h = loaded(1, false);
    h.resize(100, 30);
    h.press("d");
    // The task's day is offered, drawn selected.
    let buf = h.buffer();
    let area = *buf.area();
    let selected: String = (area.top()..area.bottom())
        .flat_map(|y| (area.left()..area.right()).map(move |x| (x, y)))
        .map(|(x, y)| &buf[(x, y)])
        .filter(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED))
        .map(|c| c.symbol().to_string())
        .collect();
    assert!(selected.contains("24.11.2026"), "{selected:?}");
    h.press("завтра");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.due_date, Some(Some(date!(2026 - 11 - 22)))),
        _ => unreachable!(),
    }
    // → keeps the offered day to edit.
    h.press("d");
    h.send(code(KeyCode::Right));
    h.press("x");
    let Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) = h.app.tasks.layers.popup()
    else {
        panic!("the prompt is open");
    };
    assert_eq!(field.value(), "22.11.2026x");
}

#[test]
fn rename_refuses_an_empty_title_and_sends_a_new_one() {
    let mut h = loaded(1, false);
    h.press("e");
    h.send(ctrl('u'));
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.layers.popup().is_some());
    h.press("Новое имя");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.title.as_deref(), Some("Новое имя")),
        _ => unreachable!(),
    }
    h.fail(&req, refused());
    assert_eq!(h.app.tasks.list.rows[0].title.as_deref(), Some("Задача 1"));
}

/// The keymap a config file's `[keys]` section would give.
fn remap(h: &mut Harness, pairs: &[(&str, &[&str])]) {
    let overrides: Vec<(String, Vec<String>)> = pairs
        .iter()
        .map(|(id, keys)| (id.to_string(), keys.iter().map(|k| k.to_string()).collect()))
        .collect();
    h.app.keymap = crate::keys::keymap::Keymap::with_overrides(
        &overrides,
        std::path::Path::new("config.toml"),
    )
    .unwrap();
}

#[test]
fn remapped_keys_act_and_the_old_ones_no_longer_do() {
    let mut h = loaded(3, false);
    remap(
        &mut h,
        &[
            ("tasks.complete", &["c"]),
            ("confirm.yes", &["j"]),
            ("prompt.accept", &["ctrl-s"]),
            ("text.delete_line", &["ctrl-x"]),
        ],
    );
    h.press("x");
    assert!(!h.app.tasks.list.rows[0].is_completed, "x does nothing now");
    assert!(h.take(|c| matches!(c, Call::CompleteTask(_))).is_empty());
    h.press("c");
    assert!(h.app.tasks.list.rows[0].is_completed);
    let done = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.reply(&done, Answer::CompletedTask(Ok(())));
    // A layer's keys follow the file too: the question takes j for yes, and y is no answer.
    h.press("D");
    h.press("y");
    assert_eq!(h.app.tasks.list.rows.len(), 3, "y no longer deletes");
    assert!(
        h.app.tasks.layers.popup().is_some(),
        "the question is still open"
    );
    h.press("j");
    assert_eq!(h.app.tasks.list.rows.len(), 2);
    assert_eq!(h.take(|c| matches!(c, Call::DeleteTask(1))).len(), 1);
    // In a prompt: Ctrl-u no longer clears, Ctrl-x does; Enter no longer accepts, Ctrl-s does.
    h.press("e");
    h.send(ctrl('u'));
    assert!(matches!(
        h.app.tasks.layers.popup(),
        Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) if field.value() == "Задача 2"
    ));
    h.send(ctrl('x'));
    h.press("Новое имя");
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::UpdateTask(2, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.title.as_deref(), Some("Новое имя")),
        _ => unreachable!(),
    }
}

#[test]
fn letters_that_are_commands_elsewhere_type_into_a_prompt() {
    let mut h = loaded(1, false);
    h.press("e");
    h.send(ctrl('u'));
    h.press("q?1x:M D");
    assert!(!h.quits(), "q typed, not quit");
    assert!(h.app.overlay.is_none(), "? and : typed, no help or palette");
    assert!(
        !h.app.tasks.list.rows[0].is_completed,
        "x typed, not a verb"
    );
    match h.app.tasks.layers.popup() {
        Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) => {
            assert_eq!(field.value(), "q?1x:M D");
        }
        other => panic!("the prompt is still open: {other:?}"),
    }
    // Keys that type nothing are commands: Esc leaves the prompt.
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.popup().is_none());
}

#[test]
fn new_task_appears_at_once_and_takes_its_real_id() {
    let mut h = loaded(2, false);
    h.press("n");
    h.press("Созвон");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert!(h.app.tasks.list.rows[0].id < 0, "a temporary row");
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    match &req.call {
        Call::CreateTask(t) => {
            assert_eq!(t.title, "Созвон");
            assert_eq!(t.project_id, Some(1), "beside the cursor task");
            assert_eq!(t.board_column_id, Some(10));
            assert_eq!(t.assignees, vec![ME.to_string()]);
        }
        _ => unreachable!(),
    }
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(task(99, "Созвон")))));
    assert_eq!(h.app.tasks.list.rows[0].id, 99);
}

#[test]
fn new_task_is_taken_out_again_when_refused() {
    let mut h = loaded(2, false);
    h.press("n");
    h.press("X");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.fail(&req, refused());
    assert_eq!(h.app.tasks.list.rows.len(), 2);
    assert!(toasts(&h).contains("Could not create"));
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "a refusal is certain: nothing to look for"
    );
    // The form comes back with what was typed and the reason, ready to send again.
    let form = h.app.tasks.layers.form().expect("the form back");
    assert_eq!(form.form.title.value(), "X");
    assert!(
        form.failure
            .as_deref()
            .is_some_and(|f| f.contains("Not created")),
        "{:?}",
        form.failure
    );
}

#[test]
fn delete_asks_first_and_restores_on_failure() {
    let mut h = loaded(3, false);
    h.send(code(KeyCode::Down));
    h.press("D");
    h.press("n");
    assert_eq!(h.app.tasks.list.rows.len(), 3, "N keeps the task");
    h.press("D");
    h.press("y");
    assert_eq!(h.app.tasks.list.rows.len(), 2);
    let req = h.take(|c| matches!(c, Call::DeleteTask(2))).remove(0);
    h.fail(&req, refused());
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert_eq!(h.app.tasks.list.rows[1].id, 2, "back in its place");
}

#[test]
fn filter_panel_pickers_reach_the_query() {
    let mut h = loaded(2, false);
    h.press("f");
    h.press("jjj"); // Project, Board, Column, Priority
    h.send(code(KeyCode::Enter));
    h.press("high");
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!(q.priority, Some(Priority::High));
    // Project picker, then a type.
    h.press("kkk");
    h.send(code(KeyCode::Enter));
    h.press("Website");
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!((q.project_id, q.priority), (Some(2), Some(Priority::High)));
}

#[test]
fn date_range_filter_is_parsed_live_and_sent_as_both_dates() {
    let mut h = loaded(2, false);
    h.press("f");
    h.press("jjjj"); // Dates
    h.send(code(KeyCode::Enter));
    h.press("next week");
    let parsed = h.app.tasks.layers.panel().unwrap().editing.parsed.clone();
    assert!(matches!(parsed, Some(Ok(_))));
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!(q.start_date, Some(date!(2026 - 11 - 23)));
    assert_eq!(q.end_date, Some(date!(2026 - 11 - 29)));
    // An invalid entry says why and sends nothing.
    h.send(code(KeyCode::Enter));
    h.send(ctrl('u'));
    h.press("31.02.2026");
    h.send(code(KeyCode::Enter));
    assert!(matches!(
        h.app.tasks.layers.panel().unwrap().editing.parsed,
        Some(Err(_))
    ));
    assert!(h.take(|c| matches!(c, Call::Tasks(_))).is_empty());
}

#[test]
fn search_waits_for_a_pause_in_typing() {
    let mut h = loaded(2, false);
    h.press("/отч");
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "no request per letter"
    );
    h.advance(crate::tasks::SEARCH_DEBOUNCE);
    let q = query_of(&mut h);
    assert_eq!(q.search.as_deref(), Some("отч"));
    h.send(code(KeyCode::Enter));
    assert!(
        h.app.tasks.layers.panel().is_none(),
        "/ search closes with Enter"
    );
}

#[test]
fn escape_takes_filters_off_one_at_a_time() {
    let mut h = loaded(2, false);
    h.press("f");
    h.press("jjj");
    h.send(code(KeyCode::Enter));
    h.press("low");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Esc)); // closes the panel
    let _ = query_of(&mut h);
    h.press("/x");
    h.advance(crate::tasks::SEARCH_DEBOUNCE);
    h.send(code(KeyCode::Enter));
    let _ = query_of(&mut h);
    h.send(code(KeyCode::Esc));
    let q = query_of(&mut h);
    assert_eq!(
        (q.search.as_deref(), q.priority),
        (None, Some(Priority::Low))
    );
    h.send(code(KeyCode::Esc));
    let q = query_of(&mut h);
    assert_eq!(q.priority, None);
}

#[test]
fn sort_picks_a_key_and_again_reverses() {
    let mut h = loaded(2, false);
    h.press("s");
    h.press("prio");
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!(
        q.sort_by.map(|s| (s.key, s.descending)),
        Some((SortKey::Priority, true)),
        "the highest first"
    );
    h.press("s");
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!(q.sort_by.map(|s| s.wire()), Some("priority".to_string()));
}

#[test]
fn the_first_pick_of_a_sort_key_gives_the_useful_direction() {
    let mut h = loaded(2, false);
    for (typed, wire, said) in [
        ("overdue", "-overdue", "most overdue first"),
        ("created", "-created", "newest first"),
        ("date", "date", "soonest due first"),
        ("name", "name", "A to Z"),
    ] {
        h.press("s");
        h.press(typed);
        let screen = h.render();
        assert!(
            screen.contains(said),
            "the picker says what comes first: {screen}"
        );
        h.send(code(KeyCode::Enter));
        let q = query_of(&mut h);
        assert_eq!(q.sort_by.map(|s| s.wire()).as_deref(), Some(wire));
    }
}

#[test]
fn after_sorting_the_cursor_is_at_the_top() {
    let mut h = loaded(5, false);
    h.press("jjj");
    h.press("s");
    h.press("name");
    h.send(code(KeyCode::Enter));
    // The task the cursor was on comes first in the new order: the cursor still starts at the
    // top, not on it.
    page(
        &mut h,
        vec![task(4, "a"), task(1, "b"), task(2, "c"), task(3, "d")],
    );
    assert_eq!(h.app.tasks.cursor, 0);
    h.press("jj");
    h.press("s");
    h.press("created");
    h.send(code(KeyCode::Enter));
    page(
        &mut h,
        vec![task(3, "d"), task(2, "c"), task(1, "b"), task(4, "a")],
    );
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(3));
}

#[test]
fn digits_set_priority_on_the_list_but_alt_digits_switch_screens() {
    let mut h = loaded(1, false);
    h.send(key_event(KeyCode::Char('2'), KeyModifiers::ALT));
    assert_eq!(h.app.screen, crate::screen::Screen::Funnels);
    assert_eq!(h.app.tasks.list.rows[0].priority, None);
}

#[test]
fn subtask_reads_of_a_task_left_behind_are_cancelled_and_asked_again_on_return() {
    let mut h = loaded(2, false);
    h.resize(160, 45);
    h.app.tasks.list.rows[0].sub_tasks = vec![42];
    h.send(code(KeyCode::Enter));
    assert_eq!(
        h.pending
            .iter()
            .filter(|r| r.call == Call::Task(42))
            .count(),
        1
    );
    h.send(code(KeyCode::Down));
    let key: RequestKey = TaskKey::Subtask(42).into();
    assert!(
        h.effects.contains(&Effect::Cancel(key.clone())),
        "{:?}",
        h.effects
    );
    assert!(
        !h.app.requests.is_pending(&key),
        "its answer is no longer wanted"
    );
    assert!(
        h.take(|c| matches!(c, Call::Task(_))).is_empty(),
        "the read stopped"
    );
    h.send(code(KeyCode::Up));
    let again = h.take(|c| matches!(c, Call::Task(42)));
    assert_eq!(
        again.len(),
        1,
        "back on the task, its subtask is asked again"
    );
    h.reply(&again[0], Answer::Task(Ok(Box::new(task(42, "Подзадача")))));
    h.send(code(KeyCode::Down));
    assert_eq!(
        h.effects
            .iter()
            .filter(|e| matches!(e, Effect::Cancel(_)))
            .count(),
        1,
        "an answered read is not cancelled"
    );
    h.send(code(KeyCode::Up));
    assert!(h.render().contains("[ ] Подзадача"));
}

#[test]
fn detail_fetches_titles_of_subtasks_that_are_not_loaded() {
    let mut h = loaded(2, false);
    h.app.tasks.list.rows[0].sub_tasks = vec![2, 42];
    h.send(code(KeyCode::Enter));
    let reqs = h.take(|c| matches!(c, Call::Task(_)));
    assert_eq!(reqs.len(), 1, "task 2 is loaded already");
    assert_eq!(reqs[0].call, Call::Task(42));
    h.reply(&reqs[0], Answer::Task(Ok(Box::new(task(42, "Подзадача")))));
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("[ ] Подзадача"), "{screen}");
    assert!(screen.contains("[ ] Задача 2"), "{screen}");
    h.send(code(KeyCode::Down));
    h.send(code(KeyCode::Up));
    assert!(
        h.take(|c| matches!(c, Call::Task(_))).is_empty(),
        "asked once"
    );
}

#[test]
fn messages_keep_what_toasts_cut_short() {
    let mut h = loaded(1, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    let long = "Подробное объяснение ошибки сервиса ".repeat(6);
    h.fail(
        &req,
        ApiError::Refused {
            status: 409,
            code: None,
            message: long.clone(),
        },
    );
    h.press("M");
    h.resize(160, 45);
    let screen = h.render();
    assert!(screen.contains("Messages, newest first"), "{screen}");
    // Wrapped in the overlay, all of the message is there to read (a toast cuts it).
    assert!(screen.matches("объяснение").count() >= 6, "{screen}");
    h.press("q");
    assert!(h.app.overlay.is_none(), "any other key closes");
    assert!(!h.quits(), "and does nothing else");
}

#[test]
fn two_quick_changes_of_one_task_reach_the_service_in_order() {
    let mut h = loaded(1, false);
    h.press("2");
    h.press("3");
    assert_eq!(h.app.tasks.list.rows[0].priority, Some(Priority::Hold));
    let first = h.take(|c| matches!(c, Call::UpdateTask(1, _)));
    assert_eq!(first.len(), 1, "the second waits for the first");
    // The first is refused: the row keeps the newer value, not the one before both.
    h.fail(&first[0], refused());
    assert_eq!(h.app.tasks.list.rows[0].priority, Some(Priority::Hold));
    let second = h.take(|c| matches!(c, Call::UpdateTask(1, _)));
    assert_eq!(second.len(), 1, "then the second is sent");
    match &second[0].call {
        Call::UpdateTask(_, u) => assert_eq!(u.priority, Some(Some(Priority::Hold))),
        _ => unreachable!(),
    }
}

#[test]
fn a_reload_during_a_write_keeps_the_change_on_screen() {
    let mut h = loaded(2, false);
    h.press("x");
    let write = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.press("r");
    let reload = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    // The page was read before the service completed the task.
    h.reply(
        &reload,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(1, "Задача 1"), task(2, "Задача 2")]),
            has_more: false,
        })),
    );
    assert!(
        h.app.tasks.list.rows[0].is_completed,
        "still shown as completed"
    );
    h.done(&write);
    assert!(h.app.tasks.list.rows[0].is_completed);
}

#[test]
fn a_task_being_created_takes_no_verbs_yet() {
    let mut h = loaded(1, false);
    h.press("n");
    h.press("Новая");
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.list.rows[0].id < 0);
    h.press("x2eD");
    assert!(
        h.take(|c| matches!(c, Call::CompleteTask(_) | Call::UpdateTask(..)))
            .is_empty()
    );
    assert!(
        h.app.tasks.layers.popup().is_none(),
        "no rename, no delete question"
    );
    assert!(toasts(&h).contains("still being created"));
}

#[test]
fn a_refused_undo_can_be_tried_again() {
    let mut h = loaded(1, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("u");
    let undo = h.take(|c| matches!(c, Call::UncompleteTask(1))).remove(0);
    h.fail(&undo, refused());
    assert!(
        h.app.tasks.list.rows[0].is_completed,
        "rolled back to completed"
    );
    h.press("u");
    assert_eq!(
        h.take(|c| matches!(c, Call::UncompleteTask(1))).len(),
        1,
        "u tries again"
    );
}

#[test]
fn undo_walks_back_through_several_changes() {
    let mut h = loaded(1, false);
    h.press("x");
    h.press("2");
    for r in h.take(|c| matches!(c, Call::CompleteTask(1))) {
        h.done(&r);
    }
    for r in h.take(|c| matches!(c, Call::UpdateTask(..))) {
        let fresh = crate::testing::whole(&h.app.tasks.list.rows[0]);
        h.reply(&r, Answer::UpdatedTask(Ok(Box::new(fresh))));
    }
    h.press("u");
    assert_eq!(
        h.app.tasks.list.rows[0].priority, None,
        "the newest change first"
    );
    assert!(h.app.tasks.list.rows[0].is_completed);
    h.press("u");
    assert!(
        !h.app.tasks.list.rows[0].is_completed,
        "then the one before"
    );
}

#[test]
fn escape_after_the_filters_returns_to_the_services_order() {
    let mut h = loaded(2, false);
    h.press("s");
    h.press("prio");
    h.send(code(KeyCode::Enter));
    assert!(query_of(&mut h).sort_by.is_some());
    h.send(code(KeyCode::Esc));
    assert_eq!(query_of(&mut h).sort_by, None);
}

#[test]
fn several_tags_can_filter_at_once() {
    let mut h = loaded(2, false);
    h.press("f");
    h.press("jjjjjjjj"); // Tag
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let q = query_of(&mut h);
    assert_eq!(q.tags, vec![1, 2]);
    let pairs = q.to_pairs().unwrap();
    assert_eq!(pairs.iter().filter(|(k, _)| k == "tags[]").count(), 2);
    h.resize(160, 45);
    assert!(h.render().contains("tag: bug or клиент"));
}

/// Sends `n` + title + Enter and loses the create's answer with `cause`; returns the look.
fn lose_a_create(
    h: &mut Harness,
    title: &str,
    cause: ApiError,
) -> crate::screen::requests::Request {
    h.press("n");
    h.press(title);
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.fail(&req, cause);
    let mut looks = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(looks.len(), 1, "one look for the lost create");
    looks.remove(0)
}

#[test]
fn a_create_whose_answer_was_lost_is_looked_for_and_shown_when_found() {
    let mut h = loaded(2, false);
    let look = lose_a_create(&mut h, "Созвон", ApiError::Timeout);
    match &look.call {
        Call::Tasks(q) => {
            assert_eq!(q.search.as_deref(), Some("Созвон"));
            assert_eq!((q.project_id, q.board_column_id), (Some(1), Some(10)));
            assert_eq!(
                q.sort_by.map(|s| (s.key, s.descending)),
                Some((SortKey::Created, true)),
                "newest first"
            );
        }
        _ => unreachable!(),
    }
    assert!(
        toasts(&h).contains("“Созвон” may have been created"),
        "{}",
        toasts(&h)
    );
    assert!(
        h.app.tasks.list.rows[0].id < 0,
        "the row stays while it is looked for"
    );
    assert!(h.render().contains("Созвон (looking for it…)"));
    // Among namesakes, the one created in the last minutes in the same column.
    let old = Task {
        created_at: Some(h.clock.wall - time::Duration::days(3)),
        ..task(50, "Созвон")
    };
    let elsewhere = Task {
        created_at: Some(h.clock.wall),
        locations: vec![weeek_api::models::TaskLocation {
            project_id: 2,
            board_id: None,
            board_column_id: None,
        }],
        ..task(51, "Созвон")
    };
    let it = Task {
        created_at: Some(h.clock.wall + time::Duration::seconds(2)),
        ..task(99, "Созвон")
    };
    h.reply(
        &look,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![old, elsewhere, it]),
            has_more: false,
        })),
    );
    assert_eq!(
        h.app.tasks.list.rows[0].id, 99,
        "the service's copy takes the row"
    );
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert!(
        toasts(&h).contains("was created after all"),
        "{}",
        toasts(&h)
    );
    assert!(h.take(|c| matches!(c, Call::CreateTask(_))).is_empty());
    assert!(h.app.tasks.layers.popup().is_none());
}

#[test]
fn a_lost_create_that_is_not_found_is_looked_for_again_and_sent_only_when_confirmed() {
    let mut h = loaded(2, false);
    h.send(code(KeyCode::Down));
    let look = lose_a_create(&mut h, "Отчёт", server_error());
    // The cursor moves meanwhile: a create sent again still goes where the first was meant.
    h.send(code(KeyCode::End));
    h.reply(&look, Answer::TaskPage(Ok(TaskPage::default())));
    assert_eq!(h.app.tasks.list.rows.len(), 2, "its row goes");
    assert!(
        toasts(&h).contains("“Отчёт” was not created"),
        "{}",
        toasts(&h)
    );
    assert!(
        h.take(|c| matches!(c, Call::CreateTask(_))).is_empty(),
        "never sent again on its own"
    );
    let form = h.app.tasks.layers.form().expect("the form back");
    assert_eq!(form.form.title.value(), "Отчёт");
    assert!(
        form.failure
            .as_deref()
            .is_some_and(|f| f.contains("C-s looks once more and sends it")),
        "{:?}",
        form.failure
    );
    // A slow commit may land after the look: Enter looks once more, then sends.
    h.send(code(KeyCode::Enter));
    assert!(
        h.take(|c| matches!(c, Call::CreateTask(_))).is_empty(),
        "not before the look"
    );
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&look, Answer::TaskPage(Ok(TaskPage::default())));
    let again = h.take(|c| matches!(c, Call::CreateTask(_)));
    assert_eq!(again.len(), 1, "Enter sends it once");
    match &again[0].call {
        Call::CreateTask(t) => assert_eq!((t.project_id, t.board_column_id), (Some(1), Some(10))),
        _ => unreachable!(),
    }
}

#[test]
fn a_failed_look_asks_to_look_again_and_never_sends_the_create() {
    let mut h = loaded(1, false);
    let look = lose_a_create(&mut h, "Звонок", ApiError::Timeout);
    // The service answers, but not the look (a look that cannot reach it at all hands the
    // create to the outbox: see `offline_tests`).
    h.fail(&look, server_error());
    assert!(matches!(
        h.app.tasks.layers.popup(),
        Some(crate::tasks::dialogs::Popup::LookAgain { .. })
    ));
    let screen = h.render();
    assert!(
        screen.contains("looking for it failed (the service failed with 500)"),
        "{screen}"
    );
    assert!(screen.contains("again? y/n"), "{screen}");
    h.press("y");
    let again = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(again.len(), 1, "y looks again");
    h.fail(&again[0], server_error());
    // The question and its failure were read before the answer.
    h.advance(std::time::Duration::from_secs(2));
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.tasks.list.rows.len(), 1, "giving up drops the row");
    assert!(
        toasts(&h).contains("may have been created: r reloads"),
        "{}",
        toasts(&h)
    );
    assert!(h.take(|c| matches!(c, Call::CreateTask(_))).is_empty());
}

#[test]
fn a_page_read_while_a_create_is_looked_for_keeps_its_row() {
    let mut h = loaded(2, false);
    let _look = lose_a_create(&mut h, "Созвон", ApiError::Timeout);
    h.press("r");
    let reload = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &reload,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(1, "Задача 1"), task(2, "Задача 2")]),
            has_more: false,
        })),
    );
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert!(h.app.tasks.list.rows[0].id < 0);
}

/// Tasks titled exactly `title` on the service.
#[cfg(feature = "demo")]
async fn on_service(client: &weeek_api::Client, title: &str) -> usize {
    let q = TaskQuery {
        search: Some(title.into()),
        per_page: Some(100),
        ..Default::default()
    };
    let page = client.tasks(&q).await.expect("tasks").value;
    page.tasks
        .iter()
        .filter(|t| t.title.as_deref() == Some(title))
        .count()
}

/// Against the sandbox: whether the create was done or not, after its answer is lost and the
/// user does what the screen offers, the service holds exactly one task.
#[cfg(feature = "demo")]
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_lost_create_leaves_exactly_one_task_on_the_service() {
    use weeek_sandbox::{FailureMode, Faults};
    let failing = |mode| Faults {
        failure_rate: 1.0,
        failure_status: 500,
        failure_methods: vec!["POST".into()],
        failure_mode: mode,
        ..Faults::default()
    };
    let (sandbox, client) = crate::testing::sandbox(failing(FailureMode::ApplyThenCut)).await;
    let mut h = Harness::new();
    h.take(|c| matches!(c, Call::Tasks(_)));
    h.press("A");
    h.serve(&client).await;
    assert!(!h.app.tasks.list.rows.is_empty(), "the seeded tasks");

    // Done by the service, answer cut: found, shown, not sent again.
    h.press("n");
    h.press("Проверка связи");
    h.send(code(KeyCode::Enter));
    h.serve(&client).await;
    assert!(toasts(&h).contains("created after all"), "{}", toasts(&h));
    assert!(h.app.tasks.list.rows[0].id > 0);
    assert_eq!(on_service(&client, "Проверка связи").await, 1);

    // Refused before anything was done: not found, the prompt offers it again; once the
    // service is back, Enter creates it once.
    sandbox.set_faults(failing(FailureMode::Refuse));
    h.press("n");
    h.press("Второй звонок");
    h.send(code(KeyCode::Enter));
    h.serve(&client).await;
    assert!(toasts(&h).contains("was not created"), "{}", toasts(&h));
    assert_eq!(on_service(&client, "Второй звонок").await, 0);
    sandbox.set_faults(Faults::default());
    h.send(code(KeyCode::Enter));
    h.serve(&client).await;
    assert_eq!(on_service(&client, "Второй звонок").await, 1);
    assert_eq!(
        h.app.tasks.list.rows[0].title.as_deref(),
        Some("Второй звонок")
    );
    sandbox.shutdown().await;
}

/// The read-back request of task `id`, answered by the caller.
fn read_back(h: &mut Harness, id: i64) -> crate::screen::requests::Request {
    let mut reads = h.take(|c| *c == Call::Task(id));
    assert_eq!(reads.len(), 1, "task {id} is read back once");
    reads.remove(0)
}

fn completed(id: i64, title: &str) -> Task {
    Task {
        is_completed: true,
        ..task(id, title)
    }
}

#[test]
fn a_complete_whose_answer_was_lost_is_read_back_and_kept_when_done() {
    let mut h = loaded(2, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.fail(&req, ApiError::Timeout);
    assert!(
        h.app.tasks.list.rows[0].is_completed,
        "no rollback on a guess"
    );
    let read = read_back(&mut h, 1);
    h.reply(&read, Answer::Task(Ok(Box::new(completed(1, "Задача 1")))));
    assert!(h.app.tasks.list.rows[0].is_completed);
    let t = toasts(&h);
    assert!(t.contains("Completed “Задача 1”"), "{t}");
    assert!(t.contains("read back: done"), "{t}");
    assert!(!t.contains("Could not"), "{t}");
}

#[test]
fn a_lost_change_the_service_does_not_have_shows_the_services_value() {
    let mut h = loaded(2, false);
    h.press("2");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.fail(&req, server_error());
    assert_eq!(h.app.tasks.list.rows[0].priority, Some(Priority::High));
    let read = read_back(&mut h, 1);
    // Someone else set it to Low meanwhile: the screen shows what the service has, not the
    // value from before the change.
    let fresh = Task {
        priority: Some(Priority::Low),
        ..task(1, "Задача 1")
    };
    h.reply(&read, Answer::Task(Ok(Box::new(fresh))));
    assert_eq!(h.app.tasks.list.rows[0].priority, Some(Priority::Low));
    let t = toasts(&h);
    assert!(
        t.contains("Could not set the priority of “Задача 1”"),
        "{t}"
    );
    assert!(t.contains("the service failed with 500"), "{t}");
    assert!(t.contains("read back: not done"), "{t}");
}

#[test]
fn a_refusal_rolls_back_at_once_without_reading_back() {
    let mut h = loaded(1, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.fail(&req, refused());
    assert!(!h.app.tasks.list.rows[0].is_completed);
    assert!(h.take(|c| matches!(c, Call::Task(_))).is_empty());
}

#[test]
fn a_failed_read_back_leaves_the_row_and_says_it_is_unknown() {
    let mut h = loaded(1, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.fail(
        &req,
        ApiError::Network {
            message: "connection reset".into(),
            sent: true,
        },
    );
    let read = read_back(&mut h, 1);
    // The service answers, but not the read (one that cannot reach it at all hands the change
    // to the outbox: see `offline_tests`).
    h.fail(&read, server_error());
    assert!(
        h.app.tasks.list.rows[0].is_completed,
        "nothing contradicts the service"
    );
    let t = toasts(&h);
    assert!(t.contains("unknown, r reloads"), "{t}");
    assert!(t.contains("r reloads"), "{t}");
}

#[test]
fn a_lost_delete_that_went_through_stays_deleted() {
    let mut h = loaded(3, false);
    h.send(code(KeyCode::Down));
    h.press("D");
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTask(2))).remove(0);
    h.fail(&req, ApiError::Timeout);
    let read = read_back(&mut h, 2);
    h.fail(
        &read,
        ApiError::NotFound {
            message: "Model not found".into(),
        },
    );
    assert_eq!(h.app.tasks.list.rows.len(), 2);
    assert!(toasts(&h).contains("Deleted “Задача 2”"), "{}", toasts(&h));
}

#[test]
fn a_lost_delete_that_did_not_go_through_brings_the_row_back() {
    let mut h = loaded(3, false);
    h.send(code(KeyCode::Down));
    h.press("D");
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTask(2))).remove(0);
    h.fail(&req, server_error());
    let read = read_back(&mut h, 2);
    h.reply(&read, Answer::Task(Ok(Box::new(task(2, "Задача 2")))));
    assert_eq!(h.app.tasks.list.rows.len(), 3);
    assert_eq!(h.app.tasks.list.rows[1].id, 2, "back in its place");
}

#[test]
fn the_read_back_comes_before_later_writes_to_the_same_task() {
    let mut h = loaded(1, false);
    h.press("x");
    h.press("3");
    let first = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    assert!(
        h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty(),
        "queued"
    );
    h.fail(&first, ApiError::Timeout);
    assert!(
        h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty(),
        "the priority waits for the read-back"
    );
    let read = read_back(&mut h, 1);
    h.reply(&read, Answer::Task(Ok(Box::new(task(1, "Задача 1")))));
    assert!(
        !h.app.tasks.list.rows[0].is_completed,
        "not done, as the service says"
    );
    assert_eq!(
        h.app.tasks.list.rows[0].priority,
        Some(Priority::Hold),
        "the later change still shows"
    );
    assert_eq!(h.take(|c| matches!(c, Call::UpdateTask(1, _))).len(), 1);
}

/// Against the sandbox: whether a write whose answer was lost went through or not, the row
/// ends as the service has it.
#[cfg(feature = "demo")]
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn after_a_lost_answer_the_row_shows_what_the_service_has() {
    use weeek_sandbox::{FailureMode, Faults};
    let failing = |mode| Faults {
        failure_rate: 1.0,
        failure_status: 503,
        failure_methods: vec!["POST".into(), "PUT".into()],
        failure_mode: mode,
        ..Faults::default()
    };
    let (sandbox, client) = crate::testing::sandbox(failing(FailureMode::ApplyThenStatus)).await;
    let mut h = Harness::new();
    h.take(|c| matches!(c, Call::Tasks(_)));
    h.press("A");
    h.serve(&client).await;
    let id = h.app.tasks.list.rows[0].id;
    let before = h.app.tasks.list.rows[0].priority;
    h.press("x");
    h.serve(&client).await;
    assert!(h.app.tasks.list.rows[0].is_completed);
    assert!(toasts(&h).contains("read back: done"), "{}", toasts(&h));
    assert!(client.task(id).await.unwrap().is_completed);

    sandbox.set_faults(failing(FailureMode::Refuse));
    let wanted = if before == Some(Priority::Hold) {
        '0'
    } else {
        '3'
    };
    h.press(&wanted.to_string());
    h.serve(&client).await;
    assert_eq!(
        h.app.tasks.list.rows[0].priority, before,
        "not done: as before"
    );
    assert!(toasts(&h).contains("read back: not done"), "{}", toasts(&h));
    assert_eq!(client.task(id).await.unwrap().priority, before);
    sandbox.shutdown().await;
}

#[test]
fn a_failed_next_page_stays_in_view_and_is_retried_at_the_end() {
    let mut h = loaded(50, true);
    h.send(code(KeyCode::End));
    let more = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.fail(&more, server_error());
    // The failure waits to be read; once a key took its toast away, the list still says so.
    // (No refresh of the screen meanwhile: it would read the page on screen again.)
    h.app.refresh = crate::app::auto_refresh::AutoRefresh::new(None);
    h.advance(std::time::Duration::from_secs(60));
    assert!(toasts(&h).contains("Tasks:"), "{}", toasts(&h));
    // Moving away asks nothing; reaching the end again retries.
    h.press("k");
    assert!(h.app.toasts.visible().is_empty());
    let screen = h.render();
    assert!(screen.contains("could not load more"), "{screen}");
    assert!(
        screen.contains("Задача 50"),
        "the last row is still in view"
    );
    assert!(h.take(|c| matches!(c, Call::Tasks(_))).is_empty());
    h.press("j");
    let retry = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(retry.len(), 1, "the page is asked for again");
    match &retry[0].call {
        Call::Tasks(q) => assert_eq!(q.offset, Some(50)),
        _ => unreachable!(),
    }
}

#[test]
fn a_create_offered_again_while_another_prompt_is_open_comes_up_after_it() {
    let mut h = loaded(2, false);
    let look = lose_a_create(&mut h, "Отчёт", server_error());
    h.press("e");
    assert!(
        h.app.tasks.layers.popup().is_none(),
        "a row still being created is not renamed"
    );
    assert!(toasts(&h).contains("still being created"));
    h.press("je");
    assert!(
        h.app.tasks.layers.popup().is_some(),
        "the rename prompt is open"
    );
    h.reply(&look, Answer::TaskPage(Ok(TaskPage::default())));
    match h.app.tasks.layers.popup() {
        Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) => {
            assert_eq!(field.value(), "Задача 1", "the rename prompt stays")
        }
        other => panic!("expected the rename prompt, got {other:?}"),
    }
    assert!(h.app.tasks.layers.form().is_none(), "the form waits");
    h.send(code(KeyCode::Esc));
    let form = h.app.tasks.layers.form().expect("then the form comes back");
    assert_eq!(form.form.title.value(), "Отчёт");
}

// ----- clicks ----------------------------------------------------------------------------

#[test]
fn a_click_on_a_task_row_moves_the_cursor_there() {
    let mut h = loaded(30, false);
    // 120x40: the header, the filter line and the table's header above the first row.
    h.click(10, 3 + 4);
    assert_eq!(h.app.tasks.cursor, 4);
    h.click(10, 2);
    assert_eq!(h.app.tasks.cursor, 4, "the table's header is no row");
    h.click(10, 3 + 31);
    assert_eq!(h.app.tasks.cursor, 4, "below the last task");
}

#[test]
fn a_click_takes_the_task_drawn_there_when_the_list_is_scrolled() {
    let mut h = loaded(100, false);
    h.press("G");
    let first = h.app.tasks.scroll;
    assert!(first > 0);
    h.click(10, 3);
    assert_eq!(h.app.tasks.cursor, first);
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(first as i64 + 1));
}

#[test]
fn the_detail_pane_and_a_popup_are_no_rows() {
    let mut h = loaded(30, false);
    h.send(code(KeyCode::Enter));
    // 120 columns: the detail sits beside the list, from column 70.
    h.click(100, 3 + 4);
    assert_eq!(h.app.tasks.cursor, 0);
    h.click(10, 3 + 4);
    assert_eq!(h.app.tasks.cursor, 4);
    h.press("e");
    assert!(h.app.tasks.layers.popup().is_some());
    // The rename prompt is 70 wide and 5 high, centred on the body (columns 25 to 94).
    h.click(30, 19);
    assert_eq!(h.app.tasks.cursor, 4, "the prompt covers the rows under it");
}

#[test]
fn an_overlay_or_a_tiny_terminal_leaves_clicks_nothing_to_reach_and_the_wheel_scrolls() {
    use crossterm::event::{Event, MouseEvent, MouseEventKind};
    let mut h = loaded(30, false);
    h.press("?");
    // Left of the help box: a row is drawn there, but help has the mouse until it closes.
    h.click(10, 3 + 4);
    assert_eq!(h.app.tasks.cursor, 0);
    h.send(code(KeyCode::Esc));
    h.resize(30, 8);
    h.click(10, 3 + 4);
    assert_eq!(h.app.tasks.cursor, 0);
    h.resize(120, 40);
    h.send(crate::app::Msg::Term(Event::Mouse(MouseEvent {
        kind: MouseEventKind::ScrollDown,
        column: 100,
        row: 30,
        modifiers: KeyModifiers::NONE,
    })));
    assert_eq!(h.app.tasks.cursor, 1);
}

#[test]
fn a_toast_takes_the_clicks_on_it() {
    let mut h = loaded(100, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    assert!(toasts(&h).contains("Completed"), "{}", toasts(&h));
    // 120x40: the message has the line above the key hints to itself; the list ends above
    // it, its last row (34) on line 37.
    let screen = h.render();
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines[38].contains("Completed"), "{screen}");
    assert!(lines[37].contains("Задача 35"), "{screen}");
    h.click(117, 38);
    h.click(10, 38);
    assert_eq!(
        h.app.tasks.cursor, 0,
        "a click on the message is no click on a row"
    );
    h.click(10, 37);
    assert_eq!(h.app.tasks.cursor, 34, "the row above it takes its click");
}

/// Answers the pending list request with `tasks`.
fn page(h: &mut Harness, tasks: Vec<Task>) {
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
}

#[test]
fn undo_survives_a_refresh_that_took_the_row_away() {
    let mut h = loaded(3, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("r");
    // The completed task is no longer among "my open tasks".
    page(&mut h, vec![task(2, "Задача 2"), task(3, "Задача 3")]);
    h.press("u");
    let undo = h.take(|c| matches!(c, Call::UncompleteTask(1)));
    assert_eq!(undo.len(), 1, "{}", toasts(&h));
    h.done(&undo[0]);
    assert!(toasts(&h).contains("Undid: completed"), "{}", toasts(&h));
    // The reopened task belongs to the list again: it is reloaded and the cursor goes there.
    page(
        &mut h,
        vec![
            task(2, "Задача 2"),
            task(1, "Задача 1"),
            task(3, "Задача 3"),
        ],
    );
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(1));
}

#[test]
fn undo_puts_the_cursor_on_the_row_it_changed() {
    let mut h = loaded(5, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("jjj");
    h.press("u");
    assert_eq!(h.app.tasks.cursor, 0);
    assert!(!h.app.tasks.list.rows[0].is_completed);
}

#[test]
fn undo_messages_keep_the_capitals_of_what_they_name() {
    let mut h = loaded(1, false);
    h.press("2");
    for r in h.take(|c| matches!(c, Call::UpdateTask(..))) {
        let fresh = crate::testing::whole(&h.app.tasks.list.rows[0]);
        h.reply(&r, Answer::UpdatedTask(Ok(Box::new(fresh))));
    }
    h.press("u");
    for r in h.take(|c| matches!(c, Call::UpdateTask(..))) {
        let fresh = crate::testing::whole(&h.app.tasks.list.rows[0]);
        h.reply(&r, Answer::UpdatedTask(Ok(Box::new(fresh))));
    }
    let t = toasts(&h);
    assert!(t.contains("Undid: priority High for"), "{t}");
}

#[test]
fn undo_after_a_new_task_deletes_it_after_asking() {
    let mut h = loaded(2, false);
    h.press("n");
    h.press("Созвон");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(task(99, "Созвон")))));
    h.press("j");
    h.press("u");
    assert_eq!(h.app.tasks.cursor, 0, "the cursor goes to the new task");
    assert!(
        matches!(h.app.tasks.layers.popup(), Some(crate::tasks::dialogs::Popup::ConfirmDelete { ids }) if ids == &vec![99]),
        "{:?}",
        h.app.tasks.layers.popup()
    );
    assert!(
        h.take(|c| matches!(c, Call::DeleteTask(_))).is_empty(),
        "asks first"
    );
    h.press("y");
    assert_eq!(h.take(|c| matches!(c, Call::DeleteTask(99))).len(), 1);
}

#[test]
fn a_delete_says_before_and_at_u_that_it_cannot_be_undone() {
    let mut h = loaded(3, false);
    h.press("D");
    let question = h.app.tasks.delete_question().expect("a question");
    assert!(question.contains("cannot be undone"), "{question}");
    assert!(h.render().contains("cannot be undone"));
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTask(1))).remove(0);
    h.done(&req);
    h.press("u");
    let t = toasts(&h);
    assert!(t.contains("cannot be undone"), "{t}");
    assert!(h.take(|c| matches!(c, Call::CreateTask(_))).is_empty());
}

/// Sets priority High on three tasks one after another, as `2 j 2 j 2`, and returns the
/// three writes.
fn three_priorities(h: &mut Harness) -> Vec<crate::screen::requests::Request> {
    h.press("2j2j2");
    let reqs = h.take(|c| matches!(c, Call::UpdateTask(..)));
    assert_eq!(reqs.len(), 3);
    reqs
}

fn ok_update(h: &mut Harness, req: &crate::screen::requests::Request) {
    let Call::UpdateTask(id, _) = req.call else {
        unreachable!()
    };
    let idx = h.app.tasks.index_of(id).expect("a row");
    let fresh = crate::testing::whole(&h.app.tasks.list.rows[idx]);
    h.reply(req, Answer::UpdatedTask(Ok(Box::new(fresh))));
}

#[test]
fn a_later_success_never_hides_an_earlier_failure() {
    let mut h = loaded(3, false);
    let reqs = three_priorities(&mut h);
    h.fail(&reqs[0], refused());
    ok_update(&mut h, &reqs[1]);
    ok_update(&mut h, &reqs[2]);
    // Long after both kinds of message would have gone by time alone.
    h.advance(std::time::Duration::from_secs(30));
    let t = toasts(&h);
    assert!(t.contains("Could not set the priority of"), "{t}");
    assert!(
        !t.contains("Priority High for"),
        "successes go by time: {t}"
    );
    // The next key after it was read takes it away.
    h.press("k");
    assert!(toasts(&h).is_empty(), "{}", toasts(&h));
}

#[test]
fn a_failure_stays_through_a_key_pressed_as_it_arrives() {
    let mut h = loaded(3, false);
    let reqs = three_priorities(&mut h);
    h.fail(&reqs[0], refused());
    h.press("k");
    assert!(
        toasts(&h).contains("Could not"),
        "not read yet: {}",
        toasts(&h)
    );
}

#[test]
fn several_failures_are_summed_up_in_one_message() {
    let mut h = loaded(4, false);
    h.press("2j2j2j2");
    let reqs = h.take(|c| matches!(c, Call::UpdateTask(..)));
    h.fail(&reqs[0], refused());
    ok_update(&mut h, &reqs[1]);
    h.fail(&reqs[2], refused());
    ok_update(&mut h, &reqs[3]);
    let errors: Vec<String> = h
        .app
        .toasts
        .visible()
        .iter()
        .filter(|t| t.kind == crate::screen::toast::ToastKind::Error)
        .map(|t| t.text.clone())
        .collect();
    assert_eq!(errors, vec!["2 of 4 failed · M shows each".to_string()]);
    let log: Vec<String> = h.app.toasts.history().map(|(_, t)| t.clone()).collect();
    assert_eq!(
        log.iter().filter(|t| t.starts_with("Could not")).count(),
        2,
        "each failure is in the log: {log:?}"
    );
}

/// Answers the next-page request with tasks `from..=to`.
fn next_page(h: &mut Harness, from: i64, to: i64, has_more: bool) -> TaskQuery {
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let Call::Tasks(q) = req.call.clone() else {
        unreachable!()
    };
    let tasks = (from..=to)
        .map(|i| task(i, &format!("Задача {i}")))
        .collect();
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more,
        })),
    );
    q
}

#[test]
fn end_loads_every_remaining_page_then_goes_to_the_last_task() {
    let mut h = loaded(50, true);
    h.press("G");
    let screen = h.render();
    assert!(screen.contains("loading 50 of …"), "{screen}");
    let q = next_page(&mut h, 51, 100, true);
    assert_eq!(q.offset, Some(50));
    // Keys are answered between pages.
    h.press("2");
    assert_eq!(h.take(|c| matches!(c, Call::UpdateTask(..))).len(), 1);
    let q = next_page(&mut h, 101, 128, false);
    assert_eq!(q.offset, Some(100));
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(128));
    assert!(h.take(|c| matches!(c, Call::Tasks(_))).is_empty());
    assert!(!h.render().contains("loading"));
}

#[test]
fn escape_stops_loading_to_the_end() {
    let mut h = loaded(50, true);
    h.send(code(KeyCode::End));
    h.send(code(KeyCode::Esc));
    next_page(&mut h, 51, 100, true);
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "no page after Esc"
    );
    assert!(!h.render().contains("of …"));
}

#[test]
fn ctrl_a_marks_every_loaded_task_and_again_all_matching() {
    let mut h = loaded(50, true);
    h.send(ctrl('a'));
    assert_eq!(h.app.tasks.marks.len(), 50, "not only the rows on screen");
    assert!(
        toasts(&h).contains("again marks all matching"),
        "{}",
        toasts(&h)
    );
    assert!(h.render().contains("50 marked"));
    h.send(ctrl('a'));
    let q = next_page(&mut h, 51, 100, true);
    assert_eq!(q.offset, Some(50));
    assert_eq!(h.app.tasks.marks.len(), 100, "marked as they come");
    let q = next_page(&mut h, 101, 120, false);
    assert_eq!(q.offset, Some(100));
    assert_eq!(h.app.tasks.marks.len(), 120);
    assert_eq!(h.app.tasks.cursor, 0, "the cursor stays");
    assert!(
        toasts(&h).contains("All 120 matching marked"),
        "{}",
        toasts(&h)
    );
    assert!(h.render().contains("120 marked"));
}

fn due(id: i64, start: Option<time::Date>, due: Option<time::Date>) -> Task {
    Task {
        start_date: start,
        due_date: due,
        ..task(id, &format!("Задача {id}"))
    }
}

#[test]
fn quick_due_filters_send_the_services_parameters() {
    let mut h = loaded(2, false);
    h.press("ft");
    let q = query_of(&mut h);
    assert_eq!(
        q.day,
        Some(date!(2026 - 11 - 21)),
        "due today is sent as day="
    );
    assert_eq!((q.start_date, q.end_date), (None, None));
    assert!(toasts(&h).contains("day="), "{}", toasts(&h));
    h.press("t");
    assert_eq!(query_of(&mut h).day, None, "the same key again clears it");
    h.press("w");
    let q = query_of(&mut h);
    assert_eq!(
        (q.start_date, q.end_date),
        (Some(date!(2026 - 11 - 16)), Some(date!(2026 - 11 - 22)))
    );
    h.press("o");
    let q = query_of(&mut h);
    assert_eq!(q.sort_by.map(|s| s.wire()), Some("-overdue".to_string()));
    assert_eq!(q.end_date, Some(date!(2026 - 11 - 20)));
    h.press("n");
    let q = query_of(&mut h);
    assert_eq!(q.sort_by.map(|s| s.wire()), Some("date".to_string()));
    assert_eq!((q.start_date, q.end_date, q.day), (None, None, None));
    assert!(
        toasts(&h).contains("the service has no such filter"),
        "said honestly: {}",
        toasts(&h)
    );
}

#[test]
fn overdue_shows_tasks_due_before_today_and_stops_at_the_first_that_is_not() {
    let mut h = loaded(2, false);
    h.press("fo");
    h.send(code(KeyCode::Esc));
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let tasks = vec![
        due(1, None, Some(date!(2026 - 11 - 02))),
        due(2, Some(date!(2026 - 11 - 01)), Some(date!(2026 - 11 - 20))),
        due(3, Some(date!(2026 - 11 - 01)), Some(date!(2026 - 11 - 24))),
        due(4, None, Some(date!(2026 - 11 - 03))),
    ];
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: true,
        })),
    );
    let ids: Vec<i64> = h.app.tasks.list.rows.iter().map(|t| t.id).collect();
    assert_eq!(ids, vec![1, 2]);
    assert!(!h.app.tasks.list.has_more, "the rest are not overdue");
    assert!(h.render().contains("due: overdue"));
}

#[test]
fn due_today_and_this_week_leave_out_tasks_due_on_other_days() {
    let mut h = loaded(2, false);
    h.press("ft");
    h.send(code(KeyCode::Esc));
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let tasks = vec![
        due(1, None, Some(date!(2026 - 11 - 21))),
        due(2, Some(date!(2026 - 11 - 20)), Some(date!(2026 - 11 - 24))),
        due(3, None, None),
    ];
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: true,
        })),
    );
    let ids: Vec<i64> = h.app.tasks.list.rows.iter().map(|t| t.id).collect();
    assert_eq!(ids, vec![1]);
    assert!(h.app.tasks.list.has_more, "later pages may hold more");
}

#[test]
fn no_due_date_reads_in_due_order_and_stops_at_the_first_dated_task() {
    let mut h = loaded(2, false);
    h.press("fn");
    h.send(code(KeyCode::Esc));
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let tasks = vec![
        due(1, None, None),
        due(2, Some(date!(2026 - 11 - 20)), None),
        due(3, None, Some(date!(2026 - 11 - 21))),
    ];
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: true,
        })),
    );
    let ids: Vec<i64> = h.app.tasks.list.rows.iter().map(|t| t.id).collect();
    assert_eq!(ids, vec![1, 2]);
    assert!(!h.app.tasks.list.has_more);
}

fn on_board(id: i64, board: i64, column: i64) -> Task {
    let mut t = task(id, &format!("Задача {id}"));
    t.locations[0].board_id = Some(board);
    t.locations[0].board_column_id = Some(column);
    t
}

#[test]
fn rename_with_marks_says_it_renames_one_task() {
    let mut h = loaded(3, false);
    h.press("  k"); // marks 1 and 2, cursor on 2
    h.press("e");
    assert!(
        toasts(&h).contains("Rename takes one task"),
        "{}",
        toasts(&h)
    );
    assert!(matches!(
        h.app.tasks.layers.popup(),
        Some(crate::tasks::dialogs::Popup::Prompt {
            purpose: crate::tasks::dialogs::PromptPurpose::Rename { id: 2 },
            ..
        })
    ));
}

#[test]
fn move_with_marks_on_several_boards_moves_one_board_and_keeps_the_rest_marked() {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks = vec![on_board(1, 5, 10), on_board(2, 6, 20), on_board(3, 5, 10)];
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    answer_names(&mut h);
    h.press("   ");
    assert!(
        h.render().contains("3 marked on 2 boards"),
        "the footer says the marks span boards"
    );
    h.press("gm");
    let screen = h.render();
    assert!(
        screen.contains("Move 2 of 3 marked to a column of"),
        "{screen}"
    );
    h.press("работе");
    h.send(code(KeyCode::Enter));
    let moved: Vec<i64> = h
        .take(|c| matches!(c, Call::UpdateTask(..)))
        .iter()
        .map(|r| match r.call {
            Call::UpdateTask(id, _) => id,
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(moved, vec![1, 3]);
    assert_eq!(
        h.app.tasks.marks.iter().copied().collect::<Vec<_>>(),
        vec![2],
        "the task on the other board stays marked for the next m"
    );
    assert!(h.render().contains("1 marked"));
}

#[test]
fn escape_closes_the_detail_before_it_clears_the_marks() {
    let mut h = loaded(3, false);
    h.press(" k");
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.detail);
    h.send(code(KeyCode::Esc));
    assert!(!h.app.tasks.detail, "closes first");
    assert_eq!(h.app.tasks.marks.len(), 1, "the marks stay");
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.marks.is_empty());
}

#[test]
fn escape_takes_off_filters_then_the_sort_and_leaves_mine_or_all_for_last() {
    let mut h = loaded(2, false);
    h.press("A");
    let _ = query_of(&mut h);
    h.press("s");
    h.press("name");
    h.send(code(KeyCode::Enter));
    let _ = query_of(&mut h);
    h.press("/x");
    h.send(code(KeyCode::Enter));
    let _ = query_of(&mut h);
    h.send(code(KeyCode::Esc));
    let q = query_of(&mut h);
    assert_eq!(
        (q.search, q.user_id.is_none(), q.sort_by.is_some()),
        (None, true, true)
    );
    h.send(code(KeyCode::Esc));
    let q = query_of(&mut h);
    assert_eq!(
        (q.user_id.is_none(), q.sort_by),
        (true, None),
        "then the sort"
    );
    h.send(code(KeyCode::Esc));
    let q = query_of(&mut h);
    assert_eq!(q.user_id.as_deref(), Some(ME), "back to mine last");
}

#[test]
fn escape_in_the_search_field_clears_it_as_in_every_search_field() {
    let mut h = loaded(2, false);
    h.press("/отч");
    h.advance(crate::tasks::SEARCH_DEBOUNCE);
    assert_eq!(query_of(&mut h).search.as_deref(), Some("отч"));
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.panel().is_none());
    assert!(h.app.tasks.filters.search.is_empty());
    assert_eq!(query_of(&mut h).search, None);
}

#[test]
fn an_undone_task_beyond_the_first_page_is_looked_for_page_by_page() {
    let mut h = loaded(3, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("r");
    page(&mut h, vec![task(2, "Задача 2"), task(3, "Задача 3")]);
    h.press("u");
    let undo = h.take(|c| matches!(c, Call::UncompleteTask(1))).remove(0);
    h.done(&undo);
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(2, "Задача 2"), task(3, "Задача 3")]),
            has_more: true,
        })),
    );
    let q = next_page(&mut h, 1, 1, false);
    assert_eq!(q.offset, Some(50), "the next page is read to find it");
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(1));
}

#[test]
fn end_pressed_during_a_reload_goes_to_the_end_of_the_new_list() {
    let mut h = loaded(50, false);
    // Everyone's tasks: the list is read anew from its first page.
    h.press("A");
    h.press("G");
    next_page(&mut h, 1, 50, true);
    let q = next_page(&mut h, 51, 60, false);
    assert_eq!(q.offset, Some(50));
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(60));
}

#[test]
fn a_priority_on_marked_tasks_says_at_once_how_many_it_changed_and_how_to_undo() {
    let mut h = loaded(3, false);
    h.press(" j ");
    assert_eq!(h.app.tasks.marks.len(), 2);
    h.press("3");
    let said = toasts(&h);
    assert!(said.contains("Priority Hold for 2 tasks"), "{said}");
    assert!(said.contains("u to undo"), "{said}");
    let writes = h.take(|c| matches!(c, Call::UpdateTask(..)));
    assert_eq!(writes.len(), 2);
    for w in &writes {
        let Call::UpdateTask(id, _) = w.call else {
            unreachable!()
        };
        let mut fresh = task(id, &format!("Задача {id}"));
        fresh.priority = Some(Priority::Hold);
        h.reply(w, Answer::UpdatedTask(Ok(Box::new(fresh))));
    }
    let said = toasts(&h);
    assert!(said.contains("Priority Hold for 2 tasks"), "{said}");
    h.press("u");
    assert_eq!(h.take(|c| matches!(c, Call::UpdateTask(..))).len(), 2);
}

#[test]
fn u_after_a_delete_never_undoes_older_changes_of_the_deleted_task() {
    let mut h = loaded(3, false);
    h.press("x");
    let req = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.done(&req);
    h.press("j2");
    let req = h.take(|c| matches!(c, Call::UpdateTask(2, _))).remove(0);
    let fresh = crate::testing::whole(&h.app.tasks.list.rows[1]);
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    h.press("k");
    assert_eq!(h.app.tasks.list.rows[0].id, 1);
    h.press("D");
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTask(1))).remove(0);
    h.done(&req);
    h.press("u");
    assert!(toasts(&h).contains("cannot be undone"), "{}", toasts(&h));
    h.press("u");
    assert!(
        h.take(|c| matches!(c, Call::UncompleteTask(1))).is_empty(),
        "the deleted task's change is not undone: {}",
        toasts(&h)
    );
    assert_eq!(
        h.take(|c| matches!(c, Call::UpdateTask(2, _))).len(),
        1,
        "the change of another task is: {}",
        toasts(&h)
    );
    h.press("u");
    assert!(toasts(&h).contains("Nothing to undo"), "{}", toasts(&h));
}

#[test]
fn a_new_task_the_filters_leave_out_is_not_listed_and_the_message_says_where_it_went() {
    let mut h = loaded(1, false);
    h.app.tasks.filters.search = "Задача".into();
    h.app
        .tasks
        .filters
        .touched(crate::tasks::filters::FilterKind::Search);
    h.press("n");
    h.press("Созвон");
    h.send(code(KeyCode::Enter));
    assert_eq!(
        h.app.tasks.list.rows.len(),
        1,
        "the list shows only what it asks for"
    );
    assert!(
        toasts(&h).contains("leaves it out of this list"),
        "{}",
        toasts(&h)
    );
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(task(99, "Созвон")))));
    assert_eq!(h.app.tasks.list.rows.len(), 1);
    assert_eq!(h.app.tasks.list.rows[0].id, 1);
    let t = toasts(&h);
    assert!(
        t.contains("Created “Созвон” in ") && t.contains("text: “Задача”"),
        "{t}"
    );
    // One it matches shows as before.
    h.press("n");
    h.press("Задача 7");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.tasks.list.rows.len(), 2);
}

#[test]
fn a_task_changed_out_of_the_list_filters_leaves_the_list_once_it_holds() {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks: Vec<Task> = (1..=2)
        .map(|i| Task {
            priority: Some(Priority::High),
            ..task(i, &format!("Задача {i}"))
        })
        .collect();
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    answer_names(&mut h);
    h.app.tasks.filters.priority = Some(Priority::High);
    h.app
        .tasks
        .filters
        .touched(crate::tasks::filters::FilterKind::Priority);
    h.press("0");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    let mut fresh = crate::testing::whole(&h.app.tasks.list.rows[0]);
    fresh.priority = Some(Priority::Low);
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    let ids: Vec<i64> = h.app.tasks.list.rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, [2]);
    let t = toasts(&h);
    assert!(
        t.contains("it left this list (the filter priority: High leaves it out)"),
        "{t}"
    );
}

#[test]
fn a_marked_task_on_no_board_is_not_called_on_another_board() {
    let mut h = Harness::new();
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let mut loose = task(2, "Без доски");
    loose.locations[0].board_id = None;
    loose.locations[0].board_column_id = None;
    let tasks = vec![on_board(1, 5, 10), loose];
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    answer_names(&mut h);
    h.press("  gm");
    h.press("работе");
    h.send(code(KeyCode::Enter));
    let t = toasts(&h);
    assert!(t.contains("1 task on no board stays marked"), "{t}");
    assert!(!t.contains("another board"), "{t}");
    assert!(!t.contains("m moves them"), "nowhere for m to move it: {t}");
}

#[test]
fn a_project_the_list_does_not_hold_is_read_by_its_id_for_its_name() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let mut t = task(1, "Сделать отчёт");
    t.locations[0].project_id = 9;
    t.locations[0].board_id = None;
    t.locations[0].board_column_id = None;
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![t]),
            has_more: false,
        })),
    );
    answer_names(&mut h);
    let reads = h.take(|c| matches!(c, Call::Project(9)));
    assert_eq!(reads.len(), 1, "the archived project is read once");
    h.reply(
        &reads[0],
        Answer::Project(Ok(Box::new(weeek_api::models::Project {
            id: 9,
            title: Some("Архив 2025".into()),
            ..Default::default()
        }))),
    );
    let screen = h.render();
    assert!(screen.contains("Архив 2025"), "{screen}");
    assert!(!screen.contains("project #9"), "{screen}");
    h.press("r");
    assert!(
        h.take(|c| matches!(c, Call::Project(_))).is_empty(),
        "read once"
    );
}
