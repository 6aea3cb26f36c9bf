//! `update` tests of `E`: the description as text, saved as HTML only when it changed,
//! rolled back when refused, read back when its answer is lost, and never lost.

use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, TaskPage};

use super::description::{to_html, to_text};
use crate::app::Msg;
use crate::screen::Effect;
use crate::screen::requests::Request;
use crate::testing::{Harness, code, ctrl, task};
use crate::worker::{Answer, Call};
use crossterm::event::KeyCode;

const HTML: &str = "<p>Проверить <strong>счёт</strong></p><ul><li>один</li><li>два</li></ul>";

fn described(id: i64) -> Task {
    Task {
        description: Some(HTML.into()),
        ..task(id, &format!("Задача {id}"))
    }
}

/// A list of two tasks with descriptions; `editor` is the user's editor command, if any.
fn loaded(editor: Option<&str>) -> Harness {
    let mut h = Harness::new();
    h.app.tasks.editor = editor.map(String::from);
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: vec![TaskRow::from(described(1)), TaskRow::from(described(2))],
            has_more: false,
        })),
    );
    h
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

/// `E`: the list rows carry no description, so the task is read whole first.
fn press_e(h: &mut Harness) {
    h.press("E");
    let mut reads = h.take(|c| *c == Call::Task(1));
    if let Some(read) = reads.pop() {
        h.reply(&read, Answer::Task(Ok(Box::new(described(1)))));
    }
}

/// The description the pane shows for task 1.
fn shown(h: &Harness) -> Option<String> {
    h.app
        .tasks
        .details
        .get(1)
        .and_then(|t| t.description.clone())
}

/// `E` with an editor: the effect that runs it, with the text it starts from.
fn edit_effect(h: &mut Harness) -> (i64, String) {
    press_e(h);
    let found = h.effects.iter().find_map(|e| match e {
        Effect::EditText {
            task_id,
            command,
            text,
        } => {
            assert_eq!(command, "vi");
            Some((*task_id, text.clone()))
        }
        _ => None,
    });
    found.expect("E runs the editor")
}

fn update_call(h: &mut Harness) -> Request {
    let mut reqs = h.take(|c| matches!(c, Call::UpdateTask(1, _)));
    assert_eq!(reqs.len(), 1, "one update");
    reqs.remove(0)
}

fn sent_description(req: &Request) -> String {
    match &req.call {
        Call::UpdateTask(_, u) => u.description.clone().expect("the description is sent"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn text_and_html_go_both_ways() {
    let text = to_text(Some(HTML));
    assert!(text.contains("**счёт**"), "{text}");
    assert!(
        text.lines().any(|l| l.trim_start().starts_with("* один")),
        "{text}"
    );
    let html = to_html(&text).unwrap();
    assert!(html.contains("<strong>счёт</strong>"), "{html}");
    assert!(html.contains("<li>один</li>"), "{html}");
    assert!(super::description::same(Some(HTML), Some(&html)));
    assert_eq!(to_html("  \n\n "), None);
    assert_eq!(
        to_html("a < b & c\nnext").as_deref(),
        Some("<p>a &lt; b &amp; c<br>next</p>")
    );
}

#[test]
fn an_unchanged_description_sends_nothing() {
    let mut h = loaded(Some("vi"));
    let (id, text) = edit_effect(&mut h);
    assert_eq!(id, 1);
    assert!(text.contains("Проверить"));
    assert!(
        text.ends_with('\n') && !text.ends_with("\n\n"),
        "the file's last line ends with a newline: {text:?}"
    );
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(text.clone()),
    });
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    assert!(toasts(&h).contains("unchanged"), "{}", toasts(&h));
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(format!("{text}\n\n")),
    });
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    assert!(toasts(&h).contains("unchanged"), "{}", toasts(&h));
}

#[test]
fn a_changed_description_is_shown_at_once_and_sent_as_html() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(format!("{text}\n\nИ ещё *срочно*")),
    });
    let req = update_call(&mut h);
    let html = sent_description(&req);
    assert!(html.contains("<p>И ещё <em>срочно</em></p>"), "{html}");
    assert_eq!(shown(&h).as_deref(), Some(&*html));
    let mut fresh = described(1);
    fresh.description = Some(html.clone());
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    assert!(
        toasts(&h).contains("Saved the description"),
        "{}",
        toasts(&h)
    );
    assert!(h.app.tasks.layers.describe().is_none());
    // Only the description was sent.
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(
            u,
            &weeek_api::TaskUpdate {
                description: Some(html),
                ..Default::default()
            }
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_refused_description_is_rolled_back_and_offered_again() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    let new = format!("{text}\n\nНовый абзац");
    h.send(Msg::Edited {
        task_id: 1,
        original: text,
        result: Ok(new.clone()),
    });
    let req = update_call(&mut h);
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(shown(&h).as_deref(), Some(HTML));
    assert!(
        toasts(&h).contains("Could not change the description"),
        "{}",
        toasts(&h)
    );
    let d = h.app.tasks.layers.describe().expect("the text comes back");
    assert_eq!(d.text.text(), new);
}

#[test]
fn an_answer_that_keeps_the_old_description_is_said_and_the_text_kept() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(format!("{text}\n\nДобавка")),
    });
    let req = update_call(&mut h);
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(described(1)))));
    let t = toasts(&h);
    assert!(t.contains("without keeping the new description"), "{t}");
    assert!(!t.contains("Saved"), "{t}");
    assert!(
        h.app
            .tasks
            .layers
            .describe()
            .unwrap()
            .text
            .text()
            .contains("Добавка")
    );
}

#[test]
fn a_lost_answer_is_read_back_and_judged_by_the_text() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(format!("{text}\n\nДобавка")),
    });
    let req = update_call(&mut h);
    let html = sent_description(&req);
    h.fail(&req, ApiError::Timeout);
    assert!(
        shown(&h).is_some_and(|d| d.contains("Добавка")),
        "no rollback on a guess"
    );
    let read = h.take(|c| *c == Call::Task(1)).remove(0);
    // The service spells the HTML its own way; the text is the same.
    let mut fresh = described(1);
    fresh.description = Some(html.replace("<br>", "<br/>").replace("<p>", "<p >"));
    h.reply(&read, Answer::Task(Ok(Box::new(fresh))));
    let t = toasts(&h);
    assert!(t.contains("Saved the description"), "{t}");
    assert!(t.contains("read back: saved"), "{t}");
    assert!(!t.contains("Could not"), "{t}");
}

#[test]
fn a_lost_answer_read_back_without_the_text_says_not_saved_and_keeps_it() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    h.send(Msg::Edited {
        task_id: 1,
        original: text.clone(),
        result: Ok(format!("{text}\n\nДобавка")),
    });
    let req = update_call(&mut h);
    h.fail(&req, ApiError::Timeout);
    let read = h.take(|c| *c == Call::Task(1)).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(described(1)))));
    let t = toasts(&h);
    assert!(t.contains("Not saved"), "{t}");
    assert!(!t.contains("Saved the description"), "{t}");
    assert_eq!(
        shown(&h).as_deref(),
        Some(HTML),
        "the service's value shows"
    );
    assert!(
        h.app
            .tasks
            .layers
            .describe()
            .unwrap()
            .text
            .text()
            .contains("Добавка")
    );
}

#[test]
fn an_editor_failure_says_so_and_sends_nothing() {
    let mut h = loaded(Some("vi"));
    let (_, text) = edit_effect(&mut h);
    h.send(Msg::Edited {
        task_id: 1,
        original: text,
        result: Err("vi ended with exit status: 1; the text is in /tmp/weeek-1-task-1.md".into()),
    });
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    let t = toasts(&h);
    assert!(t.contains("/tmp/weeek-1-task-1.md"), "{t}");
    assert_eq!(shown(&h).as_deref(), Some(HTML));
}

#[test]
fn without_an_editor_the_built_in_one_edits_and_ctrl_s_saves() {
    let mut h = loaded(None);
    press_e(&mut h);
    assert!(
        h.effects
            .iter()
            .all(|e| !matches!(e, Effect::EditText { .. }))
    );
    assert!(h.app.tasks.layers.describe().is_some());
    // Unchanged: nothing is sent.
    h.send(ctrl('s'));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    press_e(&mut h);
    h.send(ctrl('e'));
    h.send(code(KeyCode::Enter));
    h.press("Ещё строка");
    // Esc keeps what was written for the next E.
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.describe().is_none());
    press_e(&mut h);
    assert!(
        h.app
            .tasks
            .layers
            .describe()
            .unwrap()
            .text
            .text()
            .ends_with("Ещё строка")
    );
    h.send(ctrl('s'));
    let req = update_call(&mut h);
    assert!(sent_description(&req).contains("Ещё строка"));
    assert!(h.app.tasks.layers.describe().is_none());
}
