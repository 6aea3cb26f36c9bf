//! `update` tests of time on tasks: the timer (`t`, found at start, ticking), logging time
//! (`T`), editing and deleting entries (`L`): success, refusal with rollback, lost answers.

use std::time::Duration;

use crossterm::event::KeyCode;
use time::macros::{date, datetime};
use weeek_api::models::{RunningTimer, Task, TimeEntry};
use weeek_api::{ApiError, TaskPage, TimeEntryInput};

use crate::screen::requests::RequestKey;
use crate::tasks::timer::TimerKey;
use crate::testing::{BORIS, Harness, ME, code, ctrl, task};
use crate::worker::{Answer, Call};

fn loaded(tasks: Vec<Task>) -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    h.list_tasks(tasks);
    h
}

fn two() -> Harness {
    loaded(vec![task(1, "Отчёт"), task(2, "Релиз")])
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

fn running_on(h: &Harness) -> Option<i64> {
    h.app.timer.running.as_ref().map(|r| r.task_id)
}

fn lost() -> ApiError {
    ApiError::Timeout
}

fn refused() -> ApiError {
    ApiError::Forbidden {
        message: "Not allowed".into(),
    }
}

fn with_my_timer(mut t: Task) -> Task {
    t.timers = vec![RunningTimer {
        user_id: Some(ME.into()),
        started_at: Some(datetime!(2026-11-21 9:00 UTC)),
    }];
    t
}

#[test]
fn t_starts_my_timer_shows_it_in_the_header_and_t_again_stops_it() {
    let mut h = two();
    h.press("t");
    assert_eq!(running_on(&h), Some(1), "shown at once");
    let start = h.take(|c| matches!(c, Call::StartTimer(1))).remove(0);
    h.done(&start);
    assert_eq!(
        h.take(|c| matches!(c, Call::Task(1))).len(),
        1,
        "the task is read for the timer on it"
    );
    assert!(
        toasts(&h).contains("Timer started on “Отчёт”"),
        "{}",
        toasts(&h)
    );
    h.advance(Duration::from_secs(65));
    let screen = h.render();
    assert!(screen.contains("▶ 0:01:05 Отчёт"), "{screen}");
    h.press("t");
    assert_eq!(running_on(&h), None);
    let stop = h.take(|c| matches!(c, Call::StopTimer(1))).remove(0);
    h.done(&stop);
    assert!(
        toasts(&h).contains("Timer stopped on “Отчёт” after 0:01:05"),
        "{}",
        toasts(&h)
    );
    assert!(!h.render().contains('▶'));
    // The time entry it wrote is read, for the detail pane.
    assert_eq!(h.take(|c| matches!(c, Call::Task(1))).len(), 1);
}

#[test]
fn starting_another_stops_the_first_and_says_so() {
    let mut h = two();
    h.press("t");
    let start = h.take(|c| matches!(c, Call::StartTimer(1))).remove(0);
    h.done(&start);
    h.take(|c| matches!(c, Call::Task(1)));
    h.press("j");
    h.press("t");
    assert_eq!(running_on(&h), Some(2), "one runs at a time");
    let start = h.take(|c| matches!(c, Call::StartTimer(2))).remove(0);
    h.done(&start);
    let t = toasts(&h);
    assert!(
        t.contains("Timer started on “Релиз”; the one on “Отчёт” stopped"),
        "{t}"
    );
    assert_eq!(h.take(|c| matches!(c, Call::Task(1))).len(), 1);
    assert_eq!(h.take(|c| matches!(c, Call::Task(2))).len(), 1);
}

#[test]
fn a_refused_start_puts_back_the_timer_that_ran() {
    let mut h = loaded(vec![with_my_timer(task(1, "Отчёт")), task(2, "Релиз")]);
    assert_eq!(running_on(&h), Some(1), "seen on the loaded rows");
    h.press("j");
    h.press("t");
    let start = h.take(|c| matches!(c, Call::StartTimer(2))).remove(0);
    h.fail(&start, refused());
    assert_eq!(running_on(&h), Some(1));
    assert!(
        toasts(&h).contains("Could not start the timer on “Релиз”"),
        "{}",
        toasts(&h)
    );
    assert!(h.take(|c| matches!(c, Call::Task(_))).is_empty());
}

#[test]
fn a_lost_stop_is_read_back_and_never_sent_twice() {
    let mut h = loaded(vec![with_my_timer(task(1, "Отчёт"))]);
    h.press("t");
    let stop = h.take(|c| matches!(c, Call::StopTimer(1))).remove(0);
    h.press("t");
    assert!(
        h.take(|c| matches!(c, Call::StartTimer(_) | Call::StopTimer(_)))
            .is_empty(),
        "a second t waits for the first"
    );
    h.fail(&stop, lost());
    assert!(toasts(&h).contains("reading it back"), "{}", toasts(&h));
    assert!(
        h.take(|c| matches!(c, Call::StartTimer(_) | Call::StopTimer(_)))
            .is_empty(),
        "not toggled again"
    );
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    assert_eq!(read.key, RequestKey::from(TimerKey::ReadBack));
    // The service has it running still: the stop did not land.
    h.reply(
        &read,
        Answer::Task(Ok(Box::new(with_my_timer(task(1, "Отчёт"))))),
    );
    assert_eq!(running_on(&h), Some(1));
    // The lost answer's failure is still on screen, so the two are summed up there and each
    // is kept in full under M.
    assert!(toasts(&h).contains("2 of 2 failed"), "{}", toasts(&h));
    assert!(
        h.app
            .toasts
            .history()
            .any(|(_, t)| t.contains("Timer stop on “Отчёт”: read back, not done (it runs)")),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_lost_start_that_landed_keeps_the_timer() {
    let mut h = two();
    h.press("t");
    let start = h.take(|c| matches!(c, Call::StartTimer(1))).remove(0);
    h.fail(&start, lost());
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(
        &read,
        Answer::Task(Ok(Box::new(with_my_timer(task(1, "Отчёт"))))),
    );
    assert_eq!(running_on(&h), Some(1));
    assert!(toasts(&h).contains("read back, done"), "{}", toasts(&h));
}

/// A start whose answer was lost, read back done, says the timer that ran elsewhere stopped,
/// as a start answered in time does.
#[test]
fn a_lost_start_that_landed_says_the_timer_before_it_stopped() {
    let mut h = loaded(vec![with_my_timer(task(1, "Отчёт")), task(2, "Релиз")]);
    h.press("j");
    h.press("t");
    let start = h.take(|c| matches!(c, Call::StartTimer(2))).remove(0);
    h.fail(&start, lost());
    let read = h.take(|c| matches!(c, Call::Task(2))).remove(0);
    h.reply(
        &read,
        Answer::Task(Ok(Box::new(with_my_timer(task(2, "Релиз"))))),
    );
    assert_eq!(running_on(&h), Some(2));
    let said = h
        .app
        .toasts
        .history()
        .map(|(_, t)| t.clone())
        .collect::<Vec<_>>()
        .join(" | ");
    assert!(
        said.contains(
            "Timer start on “Релиз”: read back, done (it runs); the one on “Отчёт” stopped after 1:00:00"
        ),
        "{said}"
    );
    // The stopped one wrote an entry: its task is read again.
    assert_eq!(h.take(|c| matches!(c, Call::Task(1))).len(), 1);
}

#[test]
fn a_timer_started_elsewhere_is_found_at_start_on_a_later_page() {
    let mut app = Harness::app();
    app.keymap = crate::keys::keymap::Keymap::default();
    let mut h = Harness::starting(app);
    h.answer_all(
        |c| matches!(c, Call::Me),
        || Answer::Me(Ok(Box::new(crate::testing::user()))),
    );
    let key = RequestKey::from(TimerKey::Find);
    let first = h.pending.iter().find(|r| r.key == key).cloned().unwrap();
    h.pending.retain(|r| r.id != first.id);
    let Call::Tasks(q) = &first.call else {
        panic!("{:?}", first.call)
    };
    assert_eq!(q.user_id.as_deref(), Some(ME));
    assert_eq!(q.completed, Some(false));
    h.reply(
        &first,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(5, "Другое")]),
            has_more: true,
        })),
    );
    let second = h.pending.iter().find(|r| r.key == key).cloned().unwrap();
    h.pending.retain(|r| r.id != second.id);
    h.reply(
        &second,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![with_my_timer(task(9, "Созвон"))]),
            has_more: true,
        })),
    );
    assert_eq!(running_on(&h), Some(9));
    assert!(
        !h.pending.iter().any(|r| r.key == key),
        "found: no more pages"
    );
    h.resize(100, 30);
    assert!(h.render().contains("▶ 1:00:00 Созвон"), "{}", h.render());
}

#[test]
fn the_header_clock_ticks_once_a_second_only_while_a_timer_runs_and_is_shown() {
    let mut h = two();
    let now = h.clock.now;
    let refresh = h.app.refresh.next_deadline();
    assert!(refresh.is_some_and(|r| r >= now + Duration::from_secs(60)));
    assert_eq!(
        h.app.next_deadline(now),
        refresh,
        "idle: no wake-ups but the refresh"
    );
    h.press("t");
    let start = h.take(|c| matches!(c, Call::StartTimer(1))).remove(0);
    h.done(&start);
    h.answer_all(
        |c| matches!(c, Call::Task(1)),
        || Answer::Task(Ok(Box::new(with_my_timer(task(1, "Отчёт"))))),
    );
    assert_eq!(running_on(&h), Some(1));
    h.app.toasts.dismiss_all();
    let deadline = h.app.next_deadline(now).expect("ticks");
    assert!(deadline > now && deadline <= now + Duration::from_secs(1));
    h.resize(20, 5);
    assert_eq!(
        h.app.next_deadline(now),
        refresh,
        "too small: nothing is shown"
    );
}

#[test]
fn a_task_read_that_shows_my_timer_stopped_elsewhere_clears_the_header() {
    let mut h = loaded(vec![with_my_timer(task(1, "Отчёт"))]);
    assert_eq!(running_on(&h), Some(1));
    h.press("r");
    h.no_timer();
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &list,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(1, "Отчёт")]),
            has_more: false,
        })),
    );
    assert_eq!(running_on(&h), None);
}

#[test]
fn a_look_whose_row_of_the_timers_task_was_skipped_keeps_the_header_timer() {
    for (skipped_id, kept) in [(Some("1"), true), (None, true), (Some("2"), false)] {
        let mut h = loaded(vec![with_my_timer(task(1, "Отчёт"))]);
        assert_eq!(running_on(&h), Some(1));
        h.press("r");
        let key = RequestKey::from(TimerKey::Find);
        let find = h.pending.iter().find(|r| r.key == key).cloned().unwrap();
        h.pending.retain(|r| r.id != find.id);
        // The task's row could not be read (its title came as a number): nothing is known
        // of the timer from this look.
        h.reply_skipping(
            &find,
            Answer::TaskPage(Ok(TaskPage::default())),
            Some(crate::worker::Skipped {
                list: "Tasks",
                rows: vec![weeek_api::SkippedRow {
                    index: 0,
                    id: skipped_id.map(str::to_string),
                    reason: "title: invalid type: integer `42`, expected a string".into(),
                }],
                ..Default::default()
            }),
        );
        if kept {
            assert_eq!(running_on(&h), Some(1), "skipped {skipped_id:?}");
            assert!(h.render().contains("▶ 1:00:00"), "{}", h.render());
        } else {
            assert_eq!(
                running_on(&h),
                None,
                "another task's row says nothing of it"
            );
        }
    }
}

// ----- logged time ------------------------------------------------------------------------

fn entry(id: &str, user: &str, day: time::Date, minutes: i64) -> TimeEntry {
    TimeEntry {
        id: id.into(),
        user_id: Some(user.into()),
        r#type: Some(2),
        date: Some(day),
        duration: Some(minutes),
        ..Default::default()
    }
}

fn log(h: &mut Harness, duration: &str, day: &str, comment: &str) {
    h.press("T");
    h.press(duration);
    h.send(code(KeyCode::Tab));
    h.send(ctrl('u'));
    h.press(day);
    h.send(code(KeyCode::Tab));
    h.press(comment);
    h.send(code(KeyCode::Enter));
}

#[test]
fn t_logs_time_shown_at_once_and_kept_with_the_services_id() {
    let mut h = two();
    h.press("p");
    log(&mut h, "1h30m", "yesterday", "Ревью");
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    let sent = TimeEntryInput {
        user_id: ME.into(),
        is_overtime: false,
        date: date!(2026 - 11 - 20),
        minutes: 90,
        comment: Some("Ревью".into()),
    };
    assert_eq!(req.call, Call::CreateTimeEntry(1, sent));
    assert!(
        h.app.tasks.layers.time_dialog().is_none(),
        "the dialog closes"
    );
    assert!(h.render().contains("1:30  Анна Смирнова  — Ревью"));
    let mut saved = entry("e-1", ME, date!(2026 - 11 - 20), 90);
    saved.comment = Some("Ревью".into());
    h.reply(&req, Answer::CreatedTimeEntry(Ok(Box::new(saved))));
    assert_eq!(
        h.app.tasks.details.get(1).expect("read whole").time_entries[0].id,
        "e-1"
    );
    assert!(toasts(&h).contains("Logged 1:30 on “Отчёт”"));
}

#[test]
fn the_day_offered_as_today_is_replaced_by_the_day_typed() {
    let mut h = two();
    h.press("p");
    h.press("T");
    h.press("45m");
    h.send(code(KeyCode::Tab));
    h.press("yesterday");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    let Call::CreateTimeEntry(_, sent) = &req.call else {
        unreachable!()
    };
    assert_eq!(sent.date, date!(2026 - 11 - 20), "not todayyesterday");
}

#[test]
fn a_duration_that_does_not_read_keeps_the_dialog_and_says_why() {
    let mut h = two();
    h.press("T");
    h.press("1x");
    let screen = h.render();
    assert!(screen.contains("✗ “1x” is not a duration"), "{screen}");
    h.send(code(KeyCode::Enter));
    assert!(h.app.tasks.layers.time_dialog().is_some());
    assert!(
        h.take(|c| matches!(c, Call::CreateTimeEntry(..)))
            .is_empty()
    );
    h.send(ctrl('u'));
    h.press("1ч30м");
    assert!(h.render().contains("→ 1:30 h:mm"));
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.time_dialog().is_none());
    assert!(
        h.take(|c| matches!(c, Call::CreateTimeEntry(..)))
            .is_empty()
    );
}

#[test]
fn a_refused_entry_is_taken_off_again() {
    let mut h = two();
    // In the detail pane, where the entry shows at once.
    h.press("p");
    log(&mut h, ":45", "today", "");
    assert_eq!(
        h.app
            .tasks
            .details
            .get(1)
            .expect("read whole")
            .time_entries
            .len(),
        1
    );
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    h.fail(&req, refused());
    assert!(
        h.app
            .tasks
            .details
            .get(1)
            .expect("read whole")
            .time_entries
            .is_empty()
    );
    assert!(toasts(&h).contains("Could not log time on “Отчёт”"));
}

#[test]
fn a_422_brings_the_form_back_as_typed_with_the_services_words_at_their_fields() {
    use crate::tasks::time_log::{LogField, TimeDialog};
    let mut h = two();
    log(&mut h, "1h30m", "tomorrow", "Ревью");
    assert!(
        h.app.tasks.layers.time_dialog().is_none(),
        "sent: the dialog closes"
    );
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    let mut fields = weeek_api::FieldErrors::new();
    fields.insert(
        "date".into(),
        vec!["The date must be a date before or equal to today.".into()],
    );
    fields.insert(
        "comment".into(),
        vec!["The comment may not contain links.".into()],
    );
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    let Some(TimeDialog::Form(f)) = h.app.tasks.layers.time_dialog() else {
        panic!(
            "the form comes back, got {:?}",
            h.app.tasks.layers.time_dialog()
        )
    };
    assert_eq!(f.duration.value(), "1h30m");
    assert_eq!(f.date.value(), "tomorrow");
    assert_eq!(f.comment.value(), "Ревью");
    assert_eq!(f.focus, LogField::Date, "on the first field refused");
    let screen = h.render();
    assert!(
        screen.contains("✗ The date must be a date before or equal"),
        "{screen}"
    );
    assert!(
        screen.contains("✗ The comment may not contain links."),
        "{screen}"
    );
    assert!(toasts(&h).contains("Could not log time on “Отчёт”"));
    // Typing in the day clears what was said about it, and Enter sends the form again.
    h.send(ctrl('u'));
    h.press("today");
    let screen = h.render();
    assert!(!screen.contains("before or equal"), "{screen}");
    assert!(screen.contains("The comment may not contain links."));
    h.send(code(KeyCode::Enter));
    let again = h.take(|c| matches!(c, Call::CreateTimeEntry(..)));
    assert!(
        matches!(again.as_slice(), [r] if matches!(&r.call,
            Call::CreateTimeEntry(1, i) if i.minutes == 90 && i.date == date!(2026 - 11 - 21))),
        "{again:?}"
    );
}

#[test]
fn a_lost_entry_is_looked_for_on_the_task_and_never_sent_twice() {
    let mut h = two();
    log(&mut h, "90m", "today", "");
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    h.fail(&req, lost());
    assert!(
        h.take(|c| matches!(c, Call::CreateTimeEntry(..)))
            .is_empty()
    );
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    let mut t = task(1, "Отчёт");
    t.time_entries = vec![entry("e-7", ME, date!(2026 - 11 - 21), 90)];
    h.reply(&read, Answer::Task(Ok(Box::new(t))));
    let entries = &h.app.tasks.details.get(1).expect("read whole").time_entries;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0].id, "e-7");
    assert!(
        toasts(&h).contains("“1:30” was logged on “Отчёт” after all"),
        "{}",
        toasts(&h)
    );
}

/// Entries carry no creation time: the ones the task had before the send tell a twin apart.
#[test]
fn a_twin_entry_that_was_there_before_is_not_taken_for_a_lost_one() {
    let mut t = task(1, "Отчёт");
    t.time_entries = vec![entry("e-1", ME, date!(2026 - 11 - 21), 90)];
    let mut h = loaded(vec![t.clone(), task(2, "Релиз")]);
    // The same hour and a half again, today, while the service refuses writes (503).
    log(&mut h, "90m", "today", "");
    let req = h.take(|c| matches!(c, Call::CreateTimeEntry(..))).remove(0);
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(t.clone()))));
    assert!(
        toasts(&h).contains("was not logged on “Отчёт”"),
        "{}",
        toasts(&h)
    );
    assert!(!toasts(&h).contains("after all"), "{}", toasts(&h));
    let entries = &h.app.tasks.details.get(1).expect("read whole").time_entries;
    assert_eq!(entries.len(), 1, "only the one from before: {entries:?}");
    // Logged again: looked for once more first, then sent once.
    log(&mut h, "90m", "today", "");
    assert!(
        h.take(|c| matches!(c, Call::CreateTimeEntry(..)))
            .is_empty(),
        "not before the look"
    );
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(t))));
    assert_eq!(
        h.take(|c| matches!(c, Call::CreateTimeEntry(..))).len(),
        1,
        "sent again, once"
    );
}

/// The dialog a read was waiting for does not take the keys from a dialog opened meanwhile: it
/// comes up once that one closes.
#[test]
fn a_dialog_read_for_waits_beneath_one_opened_meanwhile() {
    use crate::keys::commands::Context;
    let mut h = Harness::new();
    h.resize(160, 45);
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: vec![weeek_api::models::TaskRow::from(&task(1, "Отчёт"))],
            has_more: false,
        })),
    );
    h.press("T");
    h.press("s");
    assert_eq!(h.app.contexts()[0], Context::Picker, "the sort picker");
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(task(1, "Отчёт")))));
    assert_eq!(
        h.app.contexts()[0],
        Context::Picker,
        "the picker keeps the keys"
    );
    assert!(
        h.app.tasks.layers.time_dialog().is_some(),
        "the dialog waits"
    );
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contexts()[0], Context::TimeLog, "then it comes up");
}

/// `T` on a task not read whole reads it first: its entries before the send are what a look
/// after a lost answer goes by.
#[test]
fn t_on_a_task_not_read_whole_reads_it_before_the_dialog_opens() {
    let mut h = Harness::new();
    h.resize(160, 45);
    // Rows alone: the whole task is not known to the harness, so its read waits.
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: vec![weeek_api::models::TaskRow::from(&task(1, "Отчёт"))],
            has_more: false,
        })),
    );
    h.press("T");
    assert!(
        h.app.tasks.layers.time_dialog().is_none(),
        "not before the read"
    );
    let read = h.take(|c| matches!(c, Call::Task(1))).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(task(1, "Отчёт")))));
    assert!(
        h.app.tasks.layers.time_dialog().is_some(),
        "open once it is in"
    );
}

fn with_entries() -> Harness {
    let mut t = task(1, "Отчёт");
    t.time_entries = vec![
        entry("e-1", ME, date!(2026 - 11 - 19), 60),
        entry("e-2", BORIS, date!(2026 - 11 - 20), 30),
    ];
    loaded(vec![t])
}

#[test]
fn l_picks_an_entry_to_edit_and_a_refused_edit_is_put_back() {
    let mut h = with_entries();
    h.press("L");
    // Newest day first: Boris's entry, then mine.
    h.send(code(KeyCode::Down));
    h.send(code(KeyCode::Enter));
    h.send(ctrl('u'));
    h.press("2h");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::UpdateTimeEntry(..))).remove(0);
    let Call::UpdateTimeEntry(1, id, input) = &req.call else {
        panic!("{:?}", req.call)
    };
    assert_eq!((id.as_str(), input.minutes), ("e-1", 120));
    assert_eq!(input.date, date!(2026 - 11 - 19), "the day is kept");
    assert_eq!(
        h.app.tasks.details.get(1).expect("read whole").time_entries[0].duration,
        Some(120)
    );
    h.fail(&req, refused());
    assert_eq!(
        h.app.tasks.details.get(1).expect("read whole").time_entries[0].duration,
        Some(60)
    );
}

#[test]
fn an_entry_is_deleted_after_asking() {
    let mut h = with_entries();
    h.press("L");
    h.send(code(KeyCode::Enter));
    h.send(ctrl('d'));
    assert!(h.render().contains("Delete 0:30 logged on 20.11.2026?"));
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTimeEntry(..))).remove(0);
    assert_eq!(req.call, Call::DeleteTimeEntry(1, "e-2".into()));
    assert_eq!(
        h.app
            .tasks
            .details
            .get(1)
            .expect("read whole")
            .time_entries
            .len(),
        1
    );
    h.done(&req);
    assert!(toasts(&h).contains("Time entry on “Отчёт” deleted"));
}

#[test]
fn a_refused_delete_brings_the_entry_back() {
    let mut h = with_entries();
    h.press("L");
    h.send(code(KeyCode::Enter));
    h.send(ctrl('d'));
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteTimeEntry(..))).remove(0);
    h.fail(&req, refused());
    assert_eq!(
        h.app
            .tasks
            .details
            .get(1)
            .expect("read whole")
            .time_entries
            .len(),
        2
    );
}

#[test]
fn the_detail_totals_time_per_person() {
    let mut h = with_entries();
    h.press("p");
    let screen = h.render();
    assert!(screen.contains("Time logged  1:30"), "{screen}");
    assert!(screen.contains("1:00  Анна Смирнова"), "{screen}");
    assert!(screen.contains("0:30  Boris Ivanov"), "{screen}");
}
