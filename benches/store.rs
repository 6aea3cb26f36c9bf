//! The local store with 100,000 tasks in it: its size on disk, the start view drawn from it
//! (open the file, read the profile and the first page of "my open tasks", draw a frame),
//! and every name read for the palette.
//!
//!   cargo bench --bench store
//!
//! The store is written once before the timings, as a sync writes it (pages of 100 under the
//! sync's lists), with the start view's first page read too; its size is printed then.

// A benchmark that cannot make its store has nothing to measure: it stops with the reason.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use time::macros::{date, datetime};
use weeek_api::models::{Priority, TaskLocation, TaskRow, TaskType, User};
use weeek_api::{SortBy, SortKey, TaskQuery};
use weeek_tui::app::App;
use weeek_tui::screen::Hits;
use weeek_tui::screen::loadable::Loadable;
use weeek_tui::store::{NameKind, PageKey, Store};
use weeek_tui::tasks::PAGE_SIZE;
use weeek_tui::tasks::filters::Filters;
use weeek_tui::ui::theme::Theme;

mod support;

use support::WORDS;

const TASKS: i64 = 100_000;
const ME: &str = "3f6b2c1e-8a4d-4c2b-9e71-5d0a8b6c4e21";
const MEMBERS: [&str; 9] = [
    ME,
    "4d5e6f70-8192-4a3b-b4c5-d6e7f8091a84",
    "5e6f7081-92a3-4b4c-85d6-e7f8091a2b95",
    "6f708192-a3b4-4c5d-96e7-f8091a2b3ca6",
    "708192a3-b4c5-4d6e-a7f8-091a2b3c4db7",
    "8192a3b4-c5d6-4e7f-b809-1a2b3c4d5ec8",
    "92a3b4c5-d6e7-4f80-891a-2b3c4d5e6fd9",
    "a3b4c5d6-e7f8-4091-9a2b-3c4d5e6f70ea",
    "b4c5d6e7-f809-41a2-ab3c-4d5e6f7081fb",
];

fn main() {
    let path = store();
    let bytes: u64 = std::fs::read_dir(path.parent().expect("a folder"))
        .expect("the store's folder")
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok())
        .map(|m| m.len())
        .sum();
    println!(
        "store with {} tasks: {:.1} MB on disk ({} bytes a task)",
        TASKS,
        bytes as f64 / 1_000_000.0,
        bytes / TASKS as u64
    );
    divan::main();
    // The scratch folder the store was made in.
    if let Some(dir) = path.parent().and_then(Path::parent) {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// A row like the sandbox's: a title of a few words, one or two assignees, a place on a
/// board, dates, tags, sometimes sub-tasks.
fn row(i: i64) -> TaskRow {
    let n = i as usize;
    let title = format!("{}: {} #{i}", WORDS[n % 12], WORDS[(n / 12) % 12]);
    let assignees: Vec<String> = (0..1 + n % 2)
        .map(|k| MEMBERS[(n + k * 4) % 9].to_string())
        .collect();
    let project = 1 + (i % 4);
    let column = 1 + (i % 12);
    let created = datetime!(2026-01-01 06:00 UTC) + time::Duration::minutes(i * 3);
    TaskRow {
        id: i + 1,
        title: Some(title),
        duration: n.is_multiple_of(3).then_some(60 * (1 + i % 8)),
        r#type: Some(TaskType::Action),
        priority: Priority::from_number(i % 4),
        is_completed: n % 5 == 4,
        author_id: Some(MEMBERS[n % 9].to_string()),
        user_id: assignees.first().cloned(),
        assignees,
        project_id: Some(project),
        board_id: Some(project),
        board_column_id: Some(column),
        locations: vec![TaskLocation {
            project_id: project,
            board_id: Some(project),
            board_column_id: Some(column),
        }],
        start_date: Some(date!(2026 - 11 - 01) + time::Duration::days(i % 20)),
        due_date: Some(date!(2026 - 11 - 10) + time::Duration::days(i % 40)),
        created_at: Some(created),
        updated_at: Some(created + time::Duration::minutes(45)),
        tags: vec![1 + i % 6, 7],
        sub_tasks: if n.is_multiple_of(7) {
            vec![i + 2, i + 3]
        } else {
            vec![]
        },
        legacy_due: Some(date!(2026 - 11 - 10) + time::Duration::days(i % 40)),
        ..Default::default()
    }
}

fn user() -> User {
    User {
        id: ME.into(),
        first_name: Some("Анна".into()),
        last_name: Some("Петрова".into()),
        email: Some("anna@northwind.example".into()),
        ..Default::default()
    }
}

/// The start view's query: my open tasks, as the task screen asks for them.
fn start_query() -> TaskQuery {
    Filters::default().to_query(Some(ME), None, PAGE_SIZE)
}

/// The store, made once in a folder of its own.
fn store() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a folder").keep();
        let path = dir.join("stores/bench.sqlite3");
        fill(&path);
        path
    })
    .clone()
}

fn fill(path: &Path) {
    let mut store = Store::open(path).store;
    let at = datetime!(2026-11-21 10:00 UTC);
    let rows: Vec<TaskRow> = (0..TASKS).map(row).collect();
    let (done, open): (Vec<TaskRow>, Vec<TaskRow>) =
        rows.iter().cloned().partition(|r| r.is_completed);
    for (completed, list) in [(false, open), (true, done)] {
        for (page, chunk) in list.chunks(100).enumerate() {
            let q = TaskQuery {
                completed: Some(completed),
                sort_by: Some(SortBy {
                    key: SortKey::Created,
                    descending: false,
                }),
                per_page: Some(100),
                offset: Some(page as u32 * 100),
                ..Default::default()
            };
            let key = PageKey::tasks(&q).expect("a key");
            let more = (page + 1) * 100 < list.len();
            store
                .write(|w| w.put_page(&key, chunk, more, at))
                .expect("written");
        }
    }
    let mine: Vec<TaskRow> = rows
        .iter()
        .filter(|r| !r.is_completed && r.assignees.iter().any(|a| a == ME))
        .take(PAGE_SIZE as usize)
        .cloned()
        .collect();
    let start = PageKey::tasks(&start_query()).expect("a key");
    store
        .write(|w| {
            w.put_profile(&user(), at)?;
            w.put_page(&start, &mine, true, at)
        })
        .expect("written");
}

/// Open the store, read the profile and the first page of the start view.
fn first_page(path: &Path) -> (User, Vec<TaskRow>) {
    let store = Store::open(path).store;
    let me = store.profile().expect("read").expect("a profile").value;
    let query = Filters::default().to_query(Some(&me.id), None, PAGE_SIZE);
    let page = store
        .page(&PageKey::tasks(&query).expect("a key"))
        .expect("read")
        .expect("a page");
    (me, page.rows)
}

#[divan::bench]
fn open_and_read_the_first_page(bencher: divan::Bencher) {
    let path = store();
    bencher.bench_local(|| first_page(&path));
}

/// Open, read, and draw the task screen with those rows at 160x45.
#[divan::bench]
fn first_frame_from_the_store(bencher: divan::Bencher) {
    let path = store();
    bencher.bench_local(|| {
        let (me, rows) = first_page(&path);
        let mut app = App::new(PathBuf::from("/nonexistent"), "bench".into(), (160, 45));
        app.names.user = Loadable::Loaded(me);
        app.today = date!(2026 - 11 - 21);
        app.tasks.list.rows = rows.into();
        app.tasks.list.loaded_once = true;
        let mut term = Terminal::new(TestBackend::new(160, 45)).expect("a terminal");
        let mut hits = Hits::default();
        term.draw(|f| hits = weeek_tui::ui::render(&app, &Theme::default(), f).hits)
            .expect("draw");
        hits
    });
}

/// Every name of every kind, as the palette reads them when it opens.
#[divan::bench]
fn all_names(bencher: divan::Bencher) {
    let store = Store::open(&store()).store;
    bencher.bench_local(|| store.all_names().expect("read").len());
}

/// The names of one small kind (members) beside 100,000 task names.
#[divan::bench]
fn names_of_one_kind(bencher: divan::Bencher) {
    let store = Store::open(&store()).store;
    bencher.bench_local(|| store.names(NameKind::Member).expect("read").len());
}
