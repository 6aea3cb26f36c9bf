//! `update` tests of the new-task form: opening where the list is, a title sent alone, every
//! field sent, checks as typed, the service's refusals at their fields, the draft, the pickers
//! that follow each other, and tags made on the way.

use crossterm::event::KeyCode;
use time::macros::date;
use weeek_api::models::{Priority, Task};
use weeek_api::{ApiError, NewTask, TaskPage, TaskUpdate};

use super::model::{Field, Values};
use crate::screen::Effect;
use crate::screen::requests::Request;
use crate::testing::{BORIS, Harness, ME, code, ctrl, task};
use crate::worker::{Answer, Call};

/// Two tasks of mine loaded, in project 1, board 5, column 10.
fn loaded() -> Harness {
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
    h
}

fn creates(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::CreateTask(_)))
}

fn new_task(req: &Request) -> &NewTask {
    match &req.call {
        Call::CreateTask(t) => t,
        other => panic!("not a create: {other:?}"),
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

fn focus(h: &Harness) -> Field {
    h.app.tasks.layers.form().expect("the form").form.focus
}

/// Tab (or Shift-Tab) to `field`.
fn tab_to(h: &mut Harness, field: Field) {
    for _ in 0..Field::ALL.len() {
        let at = focus(h);
        if at == field {
            return;
        }
        h.send(code(if at < field {
            KeyCode::Tab
        } else {
            KeyCode::BackTab
        }));
    }
    assert_eq!(focus(h), field);
}

fn draft_writes(h: &mut Harness) -> Vec<String> {
    let path = h.app.tasks.forms.draft_path().unwrap().to_path_buf();
    h.effects
        .drain(..)
        .filter_map(|e| match e {
            Effect::WriteFile { path: p, contents } if p == path => Some(contents),
            _ => None,
        })
        .collect()
}

fn draft_removed(h: &Harness) -> bool {
    let path = h.app.tasks.forms.draft_path().unwrap().to_path_buf();
    h.effects
        .iter()
        .any(|e| *e == Effect::RemoveFile(path.clone()))
}

#[test]
fn a_title_alone_is_sent_with_enter_where_the_list_is() {
    let mut h = loaded();
    h.press("n");
    let form = h.app.tasks.layers.form().expect("n opens the form");
    assert_eq!(
        (form.form.project, form.form.board, form.form.column),
        (Some(1), Some(5), Some(10)),
        "the cursor task's place"
    );
    assert_eq!(form.form.assignees, vec![ME.to_string()], "my tasks: me");
    h.press("Созвон с клиентом");
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.layers.form().is_none(), "sent and closed");
    let sent = creates(&mut h);
    assert_eq!(sent.len(), 1);
    let t = new_task(&sent[0]);
    assert_eq!(t.title, "Созвон с клиентом");
    assert_eq!((t.project_id, t.board_column_id), (Some(1), Some(10)));
    assert_eq!(t.assignees, vec![ME.to_string()]);
    assert_eq!(h.app.tasks.list.rows[0].id, -1, "shown at once");
    let made = task(99, "Созвон с клиентом");
    h.reply(&sent[0], Answer::CreatedTask(Ok(Box::new(made))));
    assert_eq!(h.app.tasks.list.rows[0].id, 99);
    assert!(toasts(&h).contains("Created “Созвон с клиентом”"));
}

#[test]
fn with_more_filled_in_enter_on_the_title_goes_on_and_ctrl_s_sends_every_field() {
    let mut h = loaded();
    h.press("n");
    h.press("Отчёт");
    tab_to(&mut h, Field::Priority);
    h.press("hig");
    h.send(code(KeyCode::Enter));
    assert_eq!(
        h.app.tasks.layers.form().unwrap().form.priority,
        Some(Priority::High)
    );
    h.send(code(KeyCode::BackTab));
    h.send(code(KeyCode::BackTab));
    h.send(code(KeyCode::BackTab));
    h.send(code(KeyCode::BackTab));
    assert_eq!(focus(&h), Field::Title);
    h.send(code(KeyCode::Enter));
    assert!(
        creates(&mut h).is_empty(),
        "not a title alone: Enter moves on"
    );
    assert_eq!(focus(&h), Field::Project);
    tab_to(&mut h, Field::Due);
    h.press("tomorrow");
    tab_to(&mut h, Field::Assignees);
    h.send(code(KeyCode::Enter));
    h.press("bor");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    tab_to(&mut h, Field::Description);
    h.press("Первая строка");
    h.send(code(KeyCode::Enter));
    h.press("вторая");
    h.send(ctrl('s'));
    let sent = creates(&mut h);
    assert_eq!(sent.len(), 1, "one create");
    let t = new_task(&sent[0]);
    assert_eq!(t.title, "Отчёт");
    assert_eq!(t.priority, Some(Priority::High));
    assert_eq!(t.due_date, Some(date!(2026 - 11 - 22)));
    assert_eq!(t.assignees, vec![ME.to_string(), BORIS.to_string()]);
    assert_eq!(
        t.description.as_deref(),
        Some("<p>Первая строка<br>вторая</p>")
    );
    let row = &h.app.tasks.list.rows[0];
    assert_eq!(
        row.priority,
        Some(Priority::High),
        "the row shows it at once"
    );
    assert_eq!(row.due_date, Some(date!(2026 - 11 - 22)));
    assert!(
        !draft_removed(&h),
        "the draft stays on disk until the service has the task"
    );
    let mut made = crate::testing::task(77, "Отчёт");
    made.priority = Some(Priority::High);
    h.reply(&sent[0], Answer::CreatedTask(Ok(Box::new(made))));
    assert!(draft_removed(&h), "the draft goes once the task is made");
}

#[test]
fn fields_are_checked_on_leaving_and_the_message_follows_the_typing() {
    let mut h = loaded();
    h.press("n");
    tab_to(&mut h, Field::Due);
    h.press("в пятницу после");
    assert!(
        h.app.tasks.layers.form().unwrap().form.errors.is_empty(),
        "no message while typing"
    );
    h.send(code(KeyCode::Tab));
    let errors = &h.app.tasks.layers.form().unwrap().form.errors;
    assert!(errors.contains_key(&Field::Due), "{errors:?}");
    h.send(code(KeyCode::BackTab));
    h.send(ctrl('u'));
    h.press("fri");
    assert!(
        !h.app
            .tasks
            .layers
            .form()
            .unwrap()
            .form
            .errors
            .contains_key(&Field::Due),
        "fixed: the message goes"
    );
    h.send(ctrl('s'));
    assert!(creates(&mut h).is_empty(), "no title: nothing sent");
    let form = h.app.tasks.layers.form().unwrap();
    assert_eq!(form.form.errors[&Field::Title], "required");
    assert_eq!(form.form.focus, Field::Title);
    let screen = h.render();
    assert!(screen.contains("✗ required"), "{screen}");
}

#[test]
fn the_services_refusal_brings_the_form_back_with_messages_at_their_fields() {
    let mut h = loaded();
    h.press("n");
    h.press("Отчёт");
    tab_to(&mut h, Field::Due);
    h.press("01.12.2026");
    h.send(ctrl('s'));
    let req = creates(&mut h).remove(0);
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields: [
                (
                    "locations.0.boardColumnId".to_string(),
                    vec!["The selected board column id is invalid.".to_string()],
                ),
                ("dueDate".to_string(), vec!["Too far.".to_string()]),
            ]
            .into(),
        },
    );
    assert_eq!(h.app.tasks.list.rows.len(), 2, "its row goes");
    let form = h.app.tasks.layers.form().expect("the form back");
    assert_eq!(form.form.title.value(), "Отчёт");
    assert_eq!(form.form.due.value(), "01.12.2026");
    assert_eq!(
        form.form.errors[&Field::Column],
        "The selected board column id is invalid."
    );
    assert_eq!(form.form.errors[&Field::Due], "Too far.");
    assert_eq!(form.form.focus, Field::Column, "the first field refused");
    assert!(
        !draft_writes(&mut h).is_empty(),
        "what came back is on disk again"
    );
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "a refusal is certain: nothing to look for"
    );
}

#[test]
fn a_lost_create_found_by_the_look_is_not_sent_again_and_the_form_stays_closed() {
    let mut h = loaded();
    h.press("n");
    h.press("Отчёт");
    tab_to(&mut h, Field::Priority);
    h.press("low");
    h.send(code(KeyCode::Enter));
    h.send(ctrl('s'));
    let req = creates(&mut h).remove(0);
    h.fail(&req, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let found = Task {
        created_at: Some(time::macros::datetime!(2026-11-21 10:00:30 UTC)),
        priority: Some(Priority::Low),
        ..task(77, "Отчёт")
    };
    h.reply(
        &look,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![found]),
            has_more: false,
        })),
    );
    assert!(creates(&mut h).is_empty());
    assert!(h.app.tasks.layers.form().is_none());
    assert_eq!(h.app.tasks.list.rows[0].id, 77);
}

#[test]
fn esc_keeps_the_draft_for_the_next_n_and_ctrl_x_drops_it() {
    let mut h = loaded();
    h.press("n");
    assert!(
        draft_writes(&mut h).is_empty(),
        "nothing typed, nothing written"
    );
    h.press("Черновик");
    let written = draft_writes(&mut h);
    let last: Values = serde_json::from_str(written.last().expect("written")).unwrap();
    assert_eq!(last.title, "Черновик");
    assert_eq!(last.project, Some(1));
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.form().is_none(), "closed without asking");
    assert!(!draft_removed(&h), "the draft stays on disk");
    assert!(toasts(&h).contains("Draft kept · n opens it again"));
    h.press("n");
    let form = h.app.tasks.layers.form().expect("open again");
    assert_eq!(form.form.title.value(), "Черновик");
    assert!(toasts(&h).contains("Draft restored"));
    h.send(ctrl('x'));
    assert_eq!(h.app.tasks.layers.form().unwrap().form.title.value(), "");
    assert!(draft_removed(&h), "the draft goes");
    h.send(code(KeyCode::Esc));
    h.press("n");
    assert_eq!(
        h.app.tasks.layers.form().unwrap().form.title.value(),
        "",
        "nothing kept"
    );
}

#[test]
fn a_draft_left_by_an_earlier_run_is_announced_and_opened_by_n() {
    let dir = std::env::temp_dir().join(format!("weeek-task-draft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let values = Values {
        title: "Со вчера".into(),
        priority: Some(3),
        ..Values::default()
    };
    std::fs::write(
        dir.join(super::DRAFT_FILE),
        serde_json::to_string(&values).unwrap(),
    )
    .unwrap();
    let mut app = crate::app::App::new(dir.clone(), "test".into(), (120, 40));
    app.tasks.forms.load_draft();
    let mut h = Harness::loaded(app);
    assert!(
        toasts(&h).contains("A task draft was found (“Со вчера”)"),
        "{}",
        toasts(&h)
    );
    h.press("n");
    let form = h.app.tasks.layers.form().expect("the form");
    assert_eq!(form.form.title.value(), "Со вчера");
    assert_eq!(form.form.priority, Some(Priority::Hold));
    // Not a draft: moved aside, never deleted.
    std::fs::write(dir.join(super::DRAFT_FILE), "{\"title\": ").unwrap();
    let mut again = super::TaskForms::new(&dir);
    again.load_draft();
    assert!(again.kept.is_none());
    assert!(dir.join("task-draft.json.unreadable").exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn choosing_a_project_offers_its_boards_then_a_board_its_columns() {
    let mut h = loaded();
    h.press("n");
    tab_to(&mut h, Field::Project);
    h.send(code(KeyCode::Enter));
    h.press("web");
    h.send(code(KeyCode::Enter));
    let form = &h.app.tasks.layers.form().unwrap();
    assert_eq!(form.form.project, Some(2));
    assert_eq!((form.form.board, form.form.column), (None, None), "dropped");
    assert_eq!(form.form.focus, Field::Board);
    let p = h
        .app
        .tasks
        .layers
        .form_picker()
        .expect("the board picker, waiting");
    assert!(p.picker.is_none());
    let boards = h.take(|c| matches!(c, Call::Boards(2)));
    assert_eq!(boards.len(), 1, "the project's boards are asked for");
    h.press("Sp");
    h.reply(
        &boards[0],
        Answer::Boards(Ok(vec![
            weeek_api::models::Board {
                id: 7,
                name: "Sprint".into(),
                project_id: 2,
                is_private: false,
            },
            weeek_api::models::Board {
                id: 8,
                name: "Support".into(),
                project_id: 2,
                is_private: false,
            },
        ])),
    );
    let picker = h.app.tasks.layers.form_picker();
    let picker = picker.and_then(|p| p.picker.as_ref()).expect("filled in");
    assert_eq!(picker.query.value(), "Sp", "what was typed meanwhile");
    h.press("r");
    h.send(code(KeyCode::Enter));
    let columns = h.take(|c| matches!(c, Call::Columns(7)));
    assert_eq!(columns.len(), 1);
    h.reply(
        &columns[0],
        Answer::Columns(Ok(vec![weeek_api::models::BoardColumn {
            id: 70,
            name: "To do".into(),
            board_id: 7,
        }])),
    );
    assert_eq!(focus(&h), Field::Column);
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Tab));
    let form = h.app.tasks.layers.form().unwrap();
    assert_eq!(
        (form.form.project, form.form.board, form.form.column),
        (Some(2), Some(7), Some(70))
    );
    tab_to(&mut h, Field::Title);
    h.press("Спринт");
    h.send(ctrl('s'));
    let t = creates(&mut h);
    assert_eq!(
        (new_task(&t[0]).project_id, new_task(&t[0]).board_column_id),
        (Some(2), Some(70))
    );
}

#[test]
fn a_board_and_column_need_what_comes_before_them() {
    let mut h = loaded();
    h.press("n");
    tab_to(&mut h, Field::Project);
    h.send(code(KeyCode::Backspace));
    let form = h.app.tasks.layers.form().unwrap();
    assert_eq!(
        (form.form.project, form.form.board, form.form.column),
        (None, None, None),
        "no project: no board or column either"
    );
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.layers.form_picker().is_none());
    assert!(toasts(&h).contains("Choose a project first"));
    tab_to(&mut h, Field::Title);
    h.press("Без проекта");
    h.send(ctrl('s'));
    let t = creates(&mut h);
    assert_eq!(new_task(&t[0]).project_id, None);
    assert_eq!(new_task(&t[0]).board_column_id, None);
}

#[test]
fn a_new_tag_is_made_once_and_set_if_the_create_did_not_take_it() {
    let mut h = loaded();
    h.press("n");
    h.press("С тегом");
    tab_to(&mut h, Field::Tags);
    h.send(code(KeyCode::Enter));
    h.press("срочно");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    let made = h.take(|c| matches!(c, Call::CreateTag(_)));
    assert_eq!(made.len(), 1, "a second Enter sends nothing");
    assert_eq!(made[0].call, Call::CreateTag("срочно".into()));
    h.reply(
        &made[0],
        Answer::CreatedTag(Ok(weeek_api::models::Tag {
            id: 9,
            title: "срочно".into(),
            color: None,
        })),
    );
    assert!(
        h.app.tasks.layers.form_picker().is_none(),
        "picked and closed"
    );
    let form = h.app.tasks.layers.form().unwrap();
    assert_eq!(form.form.tags, vec![9]);
    h.send(ctrl('s'));
    let req = creates(&mut h).remove(0);
    assert_eq!(new_task(&req).tags, vec![9]);
    // The service made the task without the tag: it is set with an update.
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(task(50, "С тегом")))));
    let updates = h.take(|c| matches!(c, Call::UpdateTask(50, _)));
    assert_eq!(updates.len(), 1);
    assert_eq!(
        updates[0].call,
        Call::UpdateTask(
            50,
            TaskUpdate {
                tags: Some(vec![9]),
                ..Default::default()
            }
        )
    );
    assert_eq!(h.app.tasks.list.rows[0].tags, vec![9]);
}

#[test]
fn a_create_that_kept_its_tags_is_not_updated() {
    let mut h = loaded();
    h.press("n");
    h.press("С тегом");
    tab_to(&mut h, Field::Tags);
    h.press("bug");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    h.send(ctrl('s'));
    let req = creates(&mut h).remove(0);
    assert_eq!(new_task(&req).tags, vec![1]);
    let made = Task {
        tags: vec![1],
        ..task(51, "С тегом")
    };
    h.reply(&req, Answer::CreatedTask(Ok(Box::new(made))));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
}

#[test]
fn letters_type_into_the_form_and_screens_stay_reachable() {
    let mut h = loaded();
    h.press("n");
    h.press("q?x");
    assert!(!h.quits());
    assert!(h.app.overlay.is_none());
    assert_eq!(h.app.tasks.layers.form().unwrap().form.title.value(), "q?x");
    h.send(crate::testing::key_event(
        KeyCode::Char('3'),
        crossterm::event::KeyModifiers::ALT,
    ));
    assert_eq!(h.app.screen, crate::screen::Screen::Contacts);
    h.send(crate::testing::key_event(
        KeyCode::Char('1'),
        crossterm::event::KeyModifiers::ALT,
    ));
    assert_eq!(
        h.app.tasks.layers.form().unwrap().form.title.value(),
        "q?x",
        "the form is where it was"
    );
}
