//! How long one frame of the task screen takes with 100 and 100,000 tasks loaded, and one
//! key press through `update` and a frame. Rendering builds only the visible rows, so the two
//! sizes should cost about the same.

use std::path::PathBuf;
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use time::macros::date;
use weeek_api::models::{Priority, TaskLocation, TaskRow, User};
use weeek_tui::app::loadable::Loadable;
use weeek_tui::app::{App, Clock, Hits, Msg};
use weeek_tui::ui::theme::Theme;

fn main() {
    divan::main();
}

const ME: &str = "11111111-1111-4111-8111-111111111111";

fn app_with(n: usize) -> App {
    let mut app = App::new(PathBuf::from("/nonexistent"), "bench".into(), (160, 45));
    app.names.user = Loadable::Loaded(User {
        id: ME.into(),
        first_name: Some("Анна".into()),
        ..Default::default()
    });
    app.today = date!(2026 - 11 - 21);
    app.tasks.list.rows = (0..n as i64)
        .map(|i| TaskRow {
            id: i + 1,
            title: Some(format!("Задача номер {i}: подготовить отчёт 🚀")),
            priority: Priority::from_number(i % 4),
            assignees: vec![ME.into()],
            locations: vec![TaskLocation {
                project_id: 1,
                board_id: Some(1),
                board_column_id: Some(1 + i % 3),
            }],
            due_date: Some(date!(2026 - 11 - 21) + time::Duration::days(i % 30 - 10)),
            tags: vec![1, 2],
            ..Default::default()
        })
        .collect();
    app.tasks.list.loaded_once = true;
    app
}

fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(160, 45)).expect("test terminal")
}

#[divan::bench(args = [100, 100_000])]
fn frame(bencher: divan::Bencher, n: usize) {
    let mut app = app_with(n);
    app.tasks.cursor = n / 2;
    app.tasks.scroll = n / 2;
    let mut term = terminal();
    bencher.bench_local(|| {
        let mut hits = Hits::default();
        term.draw(|f| hits = weeek_tui::ui::render(&app, &Theme::default(), f))
            .expect("draw");
        hits
    });
}

#[divan::bench(args = [100, 100_000])]
fn key_press_and_frame(bencher: divan::Bencher, n: usize) {
    let mut app = app_with(n);
    let mut term = terminal();
    let clock = Clock {
        now: Instant::now(),
        today: date!(2026 - 11 - 21),
        wall: time::OffsetDateTime::now_utc(),
        offset: time::UtcOffset::UTC,
        service_ahead: None,
    };
    let down = Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Char('j'),
        KeyModifiers::NONE,
    )));
    let up = Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Char('k'),
        KeyModifiers::NONE,
    )));
    let mut flip = false;
    bencher.bench_local(|| {
        flip = !flip;
        let msg = if flip { down.clone() } else { up.clone() };
        let effects = app.update(msg, clock);
        let mut hits = Hits::default();
        term.draw(|f| hits = weeek_tui::ui::render(&app, &Theme::default(), f))
            .expect("draw");
        (effects, hits)
    });
}
