//! How time on tasks looks: the running timer in the header (on every screen), the detail
//! pane's logged time with each person's total, and the dialog of `T`, at four sizes.

use std::time::Duration;

use insta::assert_snapshot;
use time::macros::{date, datetime};
use weeek_api::models::{RunningTimer, Task, TimeEntry};

use crate::testing::{BORIS, Harness, ME, code, task};
use crossterm::event::KeyCode;

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (30, 8)];

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

fn timed_task() -> Task {
    let mut t = task(1, "Релиз 2.4 в App Store 🚀 — финальная проверка сборки");
    t.timers = vec![RunningTimer {
        user_id: Some(ME.into()),
        started_at: Some(datetime!(2026-11-21 8:47:13 UTC)),
    }];
    let entry = |id: &str, user: &str, day, minutes, comment: Option<&str>| TimeEntry {
        id: id.into(),
        user_id: Some(user.into()),
        date: Some(day),
        duration: Some(minutes),
        comment: comment.map(str::to_string),
        ..Default::default()
    };
    t.time_entries = vec![
        entry(
            "e1",
            ME,
            date!(2026 - 11 - 19),
            90,
            Some("Скриншоты для стора"),
        ),
        entry("e2", BORIS, date!(2026 - 11 - 20), 45, None),
        entry(
            "e3",
            ME,
            date!(2026 - 11 - 20),
            30,
            Some("Release notes RU/EN"),
        ),
    ];
    t
}

fn loaded(tasks: Vec<Task>) -> Harness {
    let mut h = Harness::new();
    h.list_tasks(tasks);
    h
}

#[test]
fn the_running_timer_in_the_header_and_the_detail() {
    let mut h = loaded(vec![timed_task(), task(2, "Созвон с «Зерном»")]);
    h.send(code(KeyCode::Enter));
    each_size("time_detail", &mut h);
}

#[test]
fn the_running_timer_on_another_screen() {
    let mut h = loaded(vec![timed_task()]);
    h.advance(Duration::from_secs(3600));
    h.send(crate::testing::key_event(
        KeyCode::Char('3'),
        crossterm::event::KeyModifiers::ALT,
    ));
    h.resize(100, 30);
    assert_snapshot!("time_header_contacts_100x30", h.render());
}

#[test]
fn the_log_time_dialog() {
    let mut h = loaded(vec![timed_task()]);
    h.press("T");
    h.press("1.5h");
    h.send(code(KeyCode::Tab));
    each_size("time_log_dialog", &mut h);
}

#[test]
fn a_reading_too_long_to_sit_beside_its_field_is_shown_whole() {
    let mut h = loaded(vec![task(1, "Отчёт")]);
    for (w, ht) in [(160, 45), (80, 24)] {
        h.resize(w, ht);
        h.press("T");
        h.press("25:00");
        let screen = h.render();
        let said = crate::duration::parse("25:00").unwrap_err();
        let joined: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            joined.contains(&said),
            "at {w}x{ht} the reading is whole: {said}\n{screen}"
        );
        h.send(code(KeyCode::Esc));
        h.send(code(KeyCode::Esc));
    }
}
