//! `update` tests of the list shown from the local store and read again in place: the
//! store's copy first, marked cached, then the service's answer over it; refreshes of the
//! pages on screen (on `r`, when the screen is shown again, every `refresh_secs`), with the
//! cursor, the marks and a description being written left where they were.

use std::time::Duration;

use crossterm::event::KeyCode;
use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, TaskPage};

use super::TaskKey;
use crate::screen::requests::{Request, RequestKey};
use crate::testing::{Harness, code, key_event, rows, task};
use crate::worker::{Answer, Call};

fn page(tasks: Vec<Task>) -> Answer {
    Answer::TaskPage(Ok(TaskPage {
        tasks: rows(tasks),
        has_more: false,
    }))
}

/// Rows only: the detail pane's reads of them are left to the test.
fn row_page(tasks: &[Task], has_more: bool) -> Answer {
    Answer::TaskPage(Ok(TaskPage {
        tasks: tasks.iter().map(TaskRow::from).collect(),
        has_more,
    }))
}

fn pending(h: &mut Harness, key: TaskKey) -> Request {
    let key = RequestKey::from(key);
    let at = h
        .pending
        .iter()
        .position(|r| r.key == key)
        .unwrap_or_else(|| panic!("{key:?} pending"));
    h.pending.remove(at)
}

fn ids(h: &Harness) -> Vec<i64> {
    h.app.tasks.list.rows.iter().map(|t| t.id).collect()
}

fn current(h: &Harness) -> Option<i64> {
    h.app.tasks.current().map(|t| t.id)
}

fn three_minutes_ago(h: &Harness) -> time::OffsetDateTime {
    h.clock.wall - time::Duration::minutes(3)
}

#[test]
fn the_stores_copy_shows_at_once_marked_cached_and_the_fresh_answer_replaces_it_in_place() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let req = pending(&mut h, TaskKey::List);
    assert!(
        req.from_store,
        "the start view is read from the store first"
    );
    let read_at = three_minutes_ago(&h);
    let cached = vec![
        task(1, "Отчёт"),
        task(2, "Счёт"),
        task(3, "Договор"),
        task(4, "Созвон"),
    ];
    h.reply_stored(&req, page(cached), read_at);
    let screen = h.render();
    assert!(screen.contains("Договор"), "{screen}");
    assert!(screen.contains("cached · read 3 min ago"), "{screen}");
    // A narrow terminal keeps saying it, the name giving way.
    h.resize(80, 24);
    let narrow = h.render();
    assert!(narrow.contains("cached · 3 min ago"), "{narrow}");
    h.resize(160, 45);
    // Work on the copy: task 2 marked (the cursor moves on to task 3).
    h.press("j ");
    assert_eq!(current(&h), Some(3));
    // The service: a task new at the top, task 2 renamed, task 4 gone.
    let fresh = vec![
        task(9, "Новая"),
        task(1, "Отчёт"),
        task(2, "Счёт №2"),
        task(3, "Договор"),
    ];
    h.reply(&req, page(fresh));
    assert_eq!(ids(&h), vec![9, 1, 2, 3]);
    assert_eq!(current(&h), Some(3), "the cursor stays on its task");
    assert!(h.app.tasks.marks.contains(&2), "the mark stays on its task");
    let screen = h.render();
    assert!(screen.contains("Счёт №2"), "{screen}");
    assert!(!screen.contains("Созвон"), "{screen}");
    assert!(!screen.contains("cached"), "{screen}");
    assert!(screen.contains("· live"), "{screen}");
}

#[test]
fn a_description_begun_on_the_stores_copy_is_never_overwritten_and_read_again_when_closed() {
    let mut h = Harness::new();
    let req = pending(&mut h, TaskKey::List);
    let old = Task {
        description: Some("<p>Старый текст</p>".into()),
        ..task(1, "Отчёт")
    };
    let read_at = three_minutes_ago(&h);
    h.reply_stored(&req, row_page(std::slice::from_ref(&old), false), read_at);
    h.press("p");
    let detail = pending(&mut h, TaskKey::Detail(1));
    assert!(detail.from_store, "the pane shows the store's copy first");
    h.reply_stored(&detail, Answer::Task(Ok(Box::new(old.clone()))), read_at);
    h.press("E");
    assert!(h.app.tasks.layers.describe().is_some(), "the editor opens");
    h.press(" и ещё");
    // The service's answers: the same list, the task with another description.
    h.reply(&req, row_page(std::slice::from_ref(&old), false));
    let fresh = Task {
        description: Some("<p>Новый текст</p>".into()),
        ..old.clone()
    };
    h.reply(&detail, Answer::Task(Ok(Box::new(fresh.clone()))));
    let d = h.app.tasks.layers.describe().expect("still open");
    assert_eq!(d.text.text(), "Старый текст и ещё", "what was typed stays");
    // A refresh while it is open leaves its task alone.
    h.advance(Duration::from_secs(60));
    assert!(
        h.take(|c| *c == Call::Task(1)).is_empty(),
        "not read under the editor"
    );
    // Closed: its task is read again.
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.describe().is_none());
    let again = pending(&mut h, TaskKey::Detail(1));
    assert!(!again.from_store, "read from the service");
    h.reply(&again, Answer::Task(Ok(Box::new(fresh))));
    let shown = h
        .app
        .tasks
        .details
        .get(1)
        .and_then(|t| t.description.clone());
    assert_eq!(shown.as_deref(), Some("<p>Новый текст</p>"));
}

/// A list of `n` tasks in pages of 50, every page read, the cursor at row `at`.
fn long_list(n: i64, at: usize) -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    let all: Vec<Task> = (1..=n).map(|i| task(i, &format!("Задача {i}"))).collect();
    let mut offset = 0;
    while let Some(i) = h
        .pending
        .iter()
        .position(|r| r.key == RequestKey::from(TaskKey::List))
    {
        let req = h.pending.remove(i);
        let end = (offset + 50).min(all.len());
        h.reply(&req, row_page(&all[offset..end], end < all.len()));
        offset = end;
        if end < all.len() {
            // The next page is asked for as the cursor nears the end.
            h.send(key_event(
                KeyCode::End,
                crossterm::event::KeyModifiers::NONE,
            ));
        }
    }
    assert_eq!(h.app.tasks.list.rows.len(), n as usize);
    h.press("g");
    for _ in 0..at {
        h.press("j");
    }
    h
}

#[test]
fn a_refresh_reads_only_the_pages_on_screen_and_changes_their_rows_in_place() {
    let mut h = long_list(150, 120);
    h.app.tasks.marks.insert(121);
    h.app.tasks.marks.insert(40);
    assert_eq!(current(&h), Some(121));
    let scroll = h.app.tasks.scroll;
    assert!(scroll > 50, "the first page is off screen: {scroll}");
    h.take(|_| true);
    h.press("r");
    h.no_timer();
    let refreshes: Vec<Request> = h.take(|c| matches!(c, Call::Tasks(_)));
    let offsets: Vec<RequestKey> = refreshes.iter().map(|r| r.key.clone()).collect();
    assert_eq!(
        offsets,
        vec![
            RequestKey::from(TaskKey::Refresh(50)),
            RequestKey::from(TaskKey::Refresh(100))
        ],
        "only the pages on screen (rows {scroll}..)"
    );
    assert!(
        refreshes.iter().all(|r| !r.from_store),
        "the service's, at once"
    );
    assert!(h.render().contains("reloading…"), "r says it reads");
    // Rows 51..100: task 60 done elsewhere, a new task first. Rows 101..150: 121 renamed.
    let mut second: Vec<Task> = vec![task(500, "Новая")];
    second.extend(
        (51..=100)
            .filter(|i| *i != 60)
            .map(|i| task(i, &format!("Задача {i}"))),
    );
    let mut third: Vec<Task> = (101..=150)
        .map(|i| task(i, &format!("Задача {i}")))
        .collect();
    third[20].title = Some("Задача 121, переименована".into());
    h.reply(&refreshes[0], row_page(&second, true));
    h.reply(&refreshes[1], row_page(&third, false));
    assert!(!h.render().contains("reloading"), "read");
    assert_eq!(current(&h), Some(121), "the cursor stays on its task");
    assert!(h.app.tasks.marks.contains(&121) && h.app.tasks.marks.contains(&40));
    let list = ids(&h);
    assert!(!list.contains(&60), "done elsewhere");
    assert_eq!(list[50], 500, "new, in its place");
    assert_eq!(
        &list[..50],
        &(1..=50).collect::<Vec<i64>>()[..],
        "page 1 as it was"
    );
    assert_eq!(list.len(), 150);
    let row = h.app.tasks.current().expect("a row");
    assert_eq!(row.title.as_deref(), Some("Задача 121, переименована"));
}

#[test]
fn every_minute_the_screen_shown_reads_again_and_a_failure_is_said_once() {
    let mut h = long_list(3, 0);
    h.take(|_| true);
    // The service answers, but fails (one that cannot be reached puts the app offline, and
    // it probes instead of refreshing: see `offline_tests`).
    let failing = || ApiError::Server {
        status: 503,
        message: None,
    };
    let due = h.clock.now + Duration::from_secs(60);
    assert_eq!(h.app.refresh.next_deadline(), Some(due));
    assert!(
        h.app.next_deadline(h.clock.now).is_some_and(|d| d <= due),
        "the app wakes for it"
    );
    h.advance(Duration::from_secs(59));
    assert!(
        h.take(|c| matches!(c, Call::Tasks(_))).is_empty(),
        "not yet"
    );
    h.advance(Duration::from_secs(1));
    let reads = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(reads.len(), 1, "the one page on screen");
    assert!(
        !h.render().contains("reloading"),
        "quietly: the rows stay as they are"
    );
    let errors = |h: &Harness| {
        h.app
            .toasts
            .visible()
            .iter()
            .filter(|t| t.text.contains("Tasks:"))
            .count()
    };
    h.fail(&reads[0], failing());
    assert_eq!(errors(&h), 1, "said");
    h.send(code(KeyCode::Esc));
    assert_eq!(errors(&h), 0);
    for _ in 0..3 {
        h.advance(Duration::from_secs(60));
        let reads = h.take(|c| matches!(c, Call::Tasks(_)));
        assert_eq!(reads.len(), 1);
        h.fail(&reads[0], failing());
        assert_eq!(errors(&h), 0, "not again every minute");
    }
    let logged = h
        .app
        .toasts
        .history()
        .filter(|(_, m)| m.contains("Tasks:"))
        .count();
    assert_eq!(logged, 4, "each failure is in the message log");
    // It works again, then fails: said again.
    h.advance(Duration::from_secs(60));
    let reads = h.take(|c| matches!(c, Call::Tasks(_)));
    h.reply(&reads[0], row_page(&[task(1, "Задача 1")], false));
    h.advance(Duration::from_secs(60));
    let reads = h.take(|c| matches!(c, Call::Tasks(_)));
    h.fail(&reads[0], failing());
    assert_eq!(errors(&h), 1, "a new failure is said");
}

#[test]
fn refresh_secs_zero_never_reads_by_itself() {
    let mut app = Harness::app();
    app.refresh = crate::app::auto_refresh::AutoRefresh::new(None);
    let mut h = Harness::loaded(app);
    h.list_tasks(vec![task(1, "Отчёт")]);
    h.take(|_| true);
    assert_eq!(
        h.app.next_deadline(h.clock.now),
        None,
        "nothing to wake for"
    );
    h.advance(Duration::from_secs(3600));
    assert!(h.pending.is_empty(), "{:?}", h.pending);
}

#[test]
fn a_screen_shown_again_reads_again_what_it_shows() {
    let mut h = long_list(3, 1);
    h.take(|_| true);
    h.send(key_event(
        KeyCode::Char('2'),
        crossterm::event::KeyModifiers::ALT,
    ));
    h.take(|_| true);
    h.send(key_event(
        KeyCode::Char('1'),
        crossterm::event::KeyModifiers::ALT,
    ));
    let reads = h.take(|c| matches!(c, Call::Tasks(_)));
    assert_eq!(reads.len(), 1, "{reads:?}");
    assert_eq!(reads[0].key, RequestKey::from(TaskKey::Refresh(0)));
    assert_eq!(current(&h), Some(2));
}

#[test]
fn the_header_says_live_only_once_the_service_answered_not_on_the_stores_profile() {
    let mut h = Harness::starting(Harness::app());
    let me = h.take(|c| matches!(c, Call::Me));
    let read_at = h.clock.wall - time::Duration::minutes(3);
    h.reply_stored(
        &me[0],
        Answer::Me(Ok(Box::new(crate::testing::user()))),
        read_at,
    );
    let screen = h.render();
    assert!(!screen.contains("· live"), "the store's profile: {screen}");
    h.reply(&me[0], Answer::Me(Ok(Box::new(crate::testing::user()))));
    let screen = h.render();
    assert!(screen.contains("· live"), "{screen}");
}
