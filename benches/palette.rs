//! A key typed into the command palette with 100,000 task names in memory (and a few hundred
//! of every other kind, as a synced workspace holds): the key through `update`, where every
//! name is matched, and the frame drawn at 160x45 through ratatui's crossterm backend into a
//! sink, as the binary draws it.
//!
//!   cargo bench --bench palette
//!
//! The names are made ready once, as the worker does when the palette opens (`index` times
//! it); each sample starts from a copy of the palette as the key finds it, made before the
//! timing:
//!
//! - `first_letter`: `о` on an empty text, which matches most of the names;
//! - `first_latin_letter`: `o`, which matches few names as typed, so that every Cyrillic name
//!   is also matched by its Latin spelling;
//! - `next_letter`: `к` after `постав`, searched among what `постав` found;
//! - `erase`: Backspace after `поставк`, back to what `постав` found;
//! - `pasted_word`: `сверка` pasted on an empty text, every name matched by the whole word.

// A benchmark that cannot set up has nothing to measure: it stops with the reason.
#![allow(clippy::expect_used)]

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use weeek_tui::app::{App, Msg, Overlay};
use weeek_tui::goto::NameIndex;
use weeek_tui::screen::requests::Reply;
use weeek_tui::screen::{Clock, Effect};
use weeek_tui::store::{NameKind, Named};
use weeek_tui::ui::theme::Theme;
use weeek_tui::worker::{Call, LocalError, Origin, Output};

mod support;

use support::{HEIGHT, WIDTH, WORDS, draw, terminal};

fn main() {
    divan::main();
}

const TASKS: usize = 100_000;
const PEOPLE: [&str; 8] = [
    "Анна Петрова",
    "Boris Ivanov",
    "Мария Соколова",
    "Дмитрий Орлов",
    "Елена Кузнецова",
    "Pavel Smirnov",
    "Ольга Морозова",
    "Игорь Волков",
];

fn named(kind: NameKind, id: usize, name: String) -> Named {
    Named {
        kind,
        id: id.to_string(),
        name,
        place: None,
    }
}

/// A synced workspace's names: 100,000 tasks titled as the sandbox titles them, and some
/// hundreds of projects, boards, deals, contacts, organizations and members.
fn names() -> Vec<Named> {
    let tasks = (0..TASKS).map(|i| {
        let title = format!("{}: {} #{i}", WORDS[i % 12], WORDS[(i / 12) % 12]);
        named(NameKind::Task, i + 1, title)
    });
    let some = |kind: NameKind, n: usize, name: fn(usize) -> String| {
        (0..n).map(move |i| named(kind, i + 1, name(i)))
    };
    tasks
        .chain(some(NameKind::Project, 40, |i| {
            format!("{} {}", WORDS[i % 12], 2020 + i)
        }))
        .chain(some(NameKind::Board, 160, |i| {
            format!("Доска {}", WORDS[i % 12])
        }))
        .chain(some(NameKind::Deal, 600, |i| {
            format!("Поставка {}: {}", i, WORDS[(i * 7) % 12])
        }))
        .chain(some(NameKind::Contact, 800, |i| {
            format!("{} {i}", PEOPLE[i % 8])
        }))
        .chain(some(NameKind::Organization, 300, |i| {
            format!("ООО «{}» {i}", WORDS[i % 12])
        }))
        .chain(some(NameKind::Member, 30, |i| PEOPLE[i % 8].to_string()))
        .collect()
}

fn clock() -> Clock {
    static START: OnceLock<Instant> = OnceLock::new();
    let wall = time::macros::datetime!(2026-11-21 10:00 UTC);
    Clock {
        now: *START.get_or_init(Instant::now),
        today: wall.date(),
        wall,
        offset: time::UtcOffset::UTC,
        service_ahead: None,
    }
}

fn key(code: KeyCode, mods: KeyModifiers) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(code, mods)))
}

fn typed(c: char) -> Msg {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

/// The names made ready, once: what the worker hands the palette.
fn index() -> &'static NameIndex {
    static INDEX: OnceLock<NameIndex> = OnceLock::new();
    INDEX.get_or_init(|| NameIndex::new(names()))
}

/// The app with the palette open over the task screen and the names read, `text` typed.
fn app_with_palette(text: &str) -> App {
    let mut app = App::new(
        PathBuf::from("/nonexistent"),
        "bench".into(),
        (WIDTH, HEIGHT),
    );
    app.store_file = Ok(PathBuf::from("/nonexistent/store.sqlite3"));
    app.start(clock());
    let effects = app.update(key(KeyCode::Char('p'), KeyModifiers::CONTROL), clock());
    let read = effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Request(r) if matches!(r.call, Call::ReadNames { .. }) => Some(r),
            _ => None,
        })
        .expect("the palette asks for the names");
    let reply = Reply {
        id: read.id,
        key: read.key,
        origin: Origin::Service,
        output: Output::new(Ok::<_, LocalError>(index().clone())),
        skipped: None,
    };
    app.update(Msg::Api(Box::new(reply)), clock());
    for c in text.chars() {
        app.update(typed(c), clock());
    }
    assert!(matches!(app.overlay, Some(Overlay::Palette(_))));
    app
}

/// `msg` sent to the palette as it stands with `text` typed, and the frame drawn; each
/// sample starts from a copy of that palette, made before the timing.
fn bench_key(bencher: divan::Bencher, text: &str, msg: Msg) {
    let mut app = app_with_palette(text);
    let theme = Theme::default();
    let mut term = terminal();
    draw(&mut term, &app, &theme);
    let start = app.overlay.clone();
    bencher
        .with_inputs(|| start.clone())
        .bench_local_values(|palette| {
            // The palette the last sample left is handed back, to be dropped untimed.
            let left = std::mem::replace(&mut app.overlay, palette);
            let effects = app.update(msg.clone(), clock());
            (left, effects, draw(&mut term, &app, &theme))
        });
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn first_letter(bencher: divan::Bencher) {
    bench_key(bencher, "", typed('о'));
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn first_latin_letter(bencher: divan::Bencher) {
    bench_key(bencher, "", typed('o'));
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn next_letter(bencher: divan::Bencher) {
    bench_key(bencher, "постав", typed('к'));
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn erase(bencher: divan::Bencher) {
    bench_key(
        bencher,
        "поставк",
        key(KeyCode::Backspace, KeyModifiers::NONE),
    );
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn pasted_word(bencher: divan::Bencher) {
    bench_key(bencher, "", Msg::Term(Event::Paste("сверка".into())));
}

/// The names made ready, as the worker does once when the palette opens (not a key: the
/// palette says it is reading meanwhile, and its commands work).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn index_made_ready(bencher: divan::Bencher) {
    bencher
        .with_inputs(names)
        .bench_local_values(NameIndex::new);
}
