//! `update` tests of `W`: watchers added and removed in a member picker, shown at once,
//! put back when refused, read back when the answer was lost.

use crossterm::event::KeyCode;
use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, TaskPage};

use crate::testing::{BORIS, Harness, ME, code, task};
use crate::worker::{Answer, Call};

/// One task, watched by me, listed; its whole read as the detail opens.
fn loaded() -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    let mut t = task(1, "Отчёт");
    t.subscribers = vec![ME.into()];
    h.list_tasks(vec![t]);
    h.press("p");
    h
}

fn watchers(h: &Harness) -> Vec<String> {
    h.app
        .tasks
        .details
        .get(1)
        .expect("the whole task")
        .subscribers
        .clone()
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

/// `W`, Boris ticked, Enter.
fn add_boris(h: &mut Harness) -> crate::screen::requests::Request {
    h.press("W");
    assert!(h.render().contains("Watchers"), "the picker is open");
    h.press("Boris");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    h.take(|c| matches!(c, Call::AddWatchers(..))).remove(0)
}

#[test]
fn a_watcher_added_shows_at_once_and_is_said_done() {
    let mut h = loaded();
    assert!(h.render().contains("Watchers    Анна Смирнова"));
    let req = add_boris(&mut h);
    assert_eq!(req.call, Call::AddWatchers(1, vec![BORIS.into()]));
    assert_eq!(watchers(&h), vec![ME.to_string(), BORIS.to_string()]);
    assert!(h.render().contains("Анна Смирнова, Boris Ivanov"));
    h.done(&req);
    assert!(toasts(&h).contains("Boris Ivanov added to the watchers of “Отчёт”"));
}

#[test]
fn a_refused_removal_puts_the_watcher_back() {
    let mut h = loaded();
    h.press("W");
    // The cursor starts on me, ticked: untick.
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::RemoveWatchers(..))).remove(0);
    assert_eq!(req.call, Call::RemoveWatchers(1, vec![ME.into()]));
    assert!(watchers(&h).is_empty());
    h.fail(
        &req,
        ApiError::Validation {
            message: "not allowed".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(watchers(&h), vec![ME.to_string()]);
    assert!(toasts(&h).contains("Could not remove watchers of “Отчёт”"));
}

#[test]
fn a_lost_answer_is_read_back_and_never_sent_again() {
    let mut h = loaded();
    let req = add_boris(&mut h);
    h.fail(&req, ApiError::Timeout);
    assert!(h.take(|c| matches!(c, Call::AddWatchers(..))).is_empty());
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    let mut truth: Task = task(1, "Отчёт");
    truth.subscribers = vec![ME.into(), BORIS.into()];
    h.reply(&read, Answer::Task(Ok(Box::new(truth))));
    assert_eq!(watchers(&h), vec![ME.to_string(), BORIS.to_string()]);
    assert!(
        toasts(&h).contains("Watchers of “Отчёт”: answer lost, read back: done"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn w_on_a_task_not_read_yet_reads_it_then_opens_the_picker() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    let mut whole = task(7, "Релиз");
    whole.subscribers = vec![BORIS.into()];
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: vec![TaskRow::from(&whole)],
            has_more: false,
        })),
    );
    h.press("W");
    assert!(toasts(&h).contains("Reading the watchers of “Релиз”"));
    let read = h.take(|c| matches!(c, Call::Task(7))).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(whole))));
    let screen = h.render();
    assert!(screen.contains("Watchers"), "{screen}");
    assert!(screen.contains("[x] Boris Ivanov"), "{screen}");
}
