//! The frame the binary draws, and a key press through `update` and that frame, at 160x45
//! with 1,000 and 100,000 tasks loaded.
//!
//! The app is loaded as a person loads it: the sandbox (this crate's binary, `sandbox --tasks
//! N`, a process of its own) seeds the workspace, the real client reads it, and the answers go
//! through the app's own `update`: the profile, names, the running timer in the header, then
//! everyone's tasks, open and done, every page (`G`). From there:
//!
//! - `list`: the task list with the cursor where `G` left it (the last row);
//! - `list_detail`: the same with the detail pane open (`p`);
//! - `list_marked`: the same with one task marked (the footer counts the marks);
//! - `board`: `b` on a task of the list, its column read to the end (`G`);
//! - `funnel_board`: the funnels screen with the first funnel open (`Enter`).
//!
//! `frame` draws the whole app (header, title line, list or board, footer) through ratatui's
//! crossterm backend, as the binary does, into a sink: the cells are compared with the last
//! frame and what differs is encoded as escape sequences. `key` sends `j` or `k` (150 one
//! way, then 150 back, so that most presses scroll the list as they do in a long walk down
//! it) through `update`, then draws.
//!
//! Left out, plainly: writing the escapes to a real terminal (a `write` to the pty: its cost
//! is the kernel's and the terminal's), and the terminal size query ratatui makes before
//! each frame (crossterm opens `/dev/tty` for it). The requests a key press makes are not
//! answered (with the detail pane open, the pane shows "loading" while the binary would show
//! the task a moment later). `benches/keypress-cpu.sh` measures the release binary itself,
//! in tmux, all of that included.
//!
//!   cargo bench --bench tasks
//!
//! Loading takes a while (about 20 s for 100,000 tasks): it is done once for each size.

#![allow(clippy::expect_used)]

mod support;

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::PathBuf;

use weeek_tui::app::App;
use weeek_tui::screen::Screen;
use weeek_tui::tasks::board::BoardView;
use weeek_tui::tasks::filters::{Assignee, Completion};
use weeek_tui::ui::theme::Theme;

use support::{HEIGHT, WIDTH, alt, clock, draw, enter, key, settle, terminal};

fn main() {
    divan::main();
}

const SIZES: [usize; 2] = [1_000, 100_000];
/// What the benches draw, loaded once for each size.
struct Loaded {
    app: App,
    /// The board `b` opened; the list shows while it is not in the app.
    board: Option<BoardView>,
}

thread_local! {
    static LOADED: RefCell<HashMap<usize, Loaded>> = RefCell::new(HashMap::new());
}

#[derive(Debug, Clone, Copy)]
enum View {
    List,
    ListDetail,
    ListMarked,
    Board,
    FunnelBoard,
}

/// The app loaded with `tasks` tasks, showing `view`; put back with [`put_back`].
fn app_showing(tasks: usize, view: View) -> (App, Option<BoardView>) {
    let Loaded { mut app, board } =
        LOADED.with(|l| l.borrow_mut().remove(&tasks).unwrap_or_else(|| load(tasks)));
    app.screen = Screen::Tasks;
    app.tasks.detail = false;
    app.tasks.marks.clear();
    let mut board_kept = board;
    match view {
        View::List => {}
        View::ListDetail => app.tasks.detail = true,
        View::ListMarked => {
            if let Some(t) = app.tasks.list.rows.first() {
                app.tasks.marks.insert(t.id);
            }
        }
        View::Board => {
            if let Some(b) = board_kept.take() {
                app.tasks.layers.show_board(b);
            }
        }
        View::FunnelBoard => app.screen = Screen::Funnels,
    }
    // Each bench starts where the walk does: the list and the board at their last row, the
    // funnel's first column at its first deal.
    let start = if matches!(view, View::FunnelBoard) {
        'g'
    } else {
        'G'
    };
    app.update(key(start), clock());
    (app, board_kept)
}

fn put_back(tasks: usize, mut app: App, board: Option<BoardView>) {
    let board = app.tasks.layers.take_board().or(board);
    app.tasks.marks.clear();
    LOADED.with(|l| l.borrow_mut().insert(tasks, Loaded { app, board }));
}

/// Seeds a sandbox with `tasks` tasks and loads the app from it as described above.
fn load(tasks: usize) -> Loaded {
    let sandbox = support::start_sandbox(tasks);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let client = support::client(&sandbox.base_url);
    let mut app = App::new(
        PathBuf::from("/nonexistent"),
        "bench".into(),
        (WIDTH, HEIGHT),
    );
    runtime.block_on(async {
        let start = app.start(clock());
        settle(&mut app, &client, start).await;
        app.tasks.filters.assignee = Assignee::Anyone;
        app.tasks.filters.completion = Completion::All;
        let reload = app.update(key('r'), clock());
        settle(&mut app, &client, reload).await;
        let to_end = app.update(key('G'), clock());
        settle(&mut app, &client, to_end).await;
    });
    assert_eq!(app.tasks.list.rows.len(), tasks, "every task loaded");
    let last = app.tasks.cursor;

    // The board of the last task on one, its column read to the end.
    let on_board = app
        .tasks
        .list
        .rows
        .iter()
        .rposition(|t| t.all_locations().iter().any(|l| l.board_id.is_some()))
        .expect("a task on a board");
    app.tasks.cursor = on_board;
    runtime.block_on(async {
        let open = app.update(key('b'), clock());
        settle(&mut app, &client, open).await;
        let to_end = app.update(key('G'), clock());
        settle(&mut app, &client, to_end).await;
        // From its last card, as the list from its last row.
    });
    let board = app.tasks.layers.take_board();
    assert!(board.is_some(), "b opened a board");
    app.tasks.cursor = last;

    // The funnels screen, the first funnel's board.
    runtime.block_on(async {
        let funnels = app.update(alt('2'), clock());
        settle(&mut app, &client, funnels).await;
        let open = app.update(enter(), clock());
        settle(&mut app, &client, open).await;
    });
    assert_eq!(app.screen, Screen::Funnels);
    assert!(app.funnels.detail.is_some(), "a funnel opened");
    app.screen = Screen::Tasks;
    Loaded { app, board }
}

fn bench_frame(bencher: divan::Bencher, tasks: usize, view: View) {
    let (app, board) = app_showing(tasks, view);
    let theme = Theme::default();
    let mut term = terminal();
    draw(&mut term, &app, &theme);
    bencher.bench_local(|| draw(&mut term, &app, &theme));
    put_back(tasks, app, board);
}

/// Presses per direction on the list and the board: past a screenful, so most presses scroll.
const WALK: usize = 150;
/// On the funnel board: its first column holds 68 deals.
const FUNNEL_WALK: usize = 60;

fn bench_key(bencher: divan::Bencher, tasks: usize, view: View) {
    let (mut app, board) = app_showing(tasks, view);
    let theme = Theme::default();
    let mut term = terminal();
    draw(&mut term, &app, &theme);
    let (down, up) = (key('j'), key('k'));
    // The list and the board start at their last row (up first), the funnel at its first.
    let (walk, first, then) = match view {
        View::FunnelBoard => (FUNNEL_WALK, down, up),
        _ => (WALK, up, down),
    };
    let mut step = 0;
    bencher.bench_local(|| {
        let msg = if step < walk {
            first.clone()
        } else {
            then.clone()
        };
        step = (step + 1) % (2 * walk);
        let effects = app.update(msg, clock());
        (effects, draw(&mut term, &app, &theme))
    });
    put_back(tasks, app, board);
}

#[divan::bench(args = SIZES)]
fn frame_list(bencher: divan::Bencher, tasks: usize) {
    bench_frame(bencher, tasks, View::List);
}

#[divan::bench(args = SIZES)]
fn frame_board(bencher: divan::Bencher, tasks: usize) {
    bench_frame(bencher, tasks, View::Board);
}

#[divan::bench(args = SIZES)]
fn frame_funnel_board(bencher: divan::Bencher, tasks: usize) {
    bench_frame(bencher, tasks, View::FunnelBoard);
}

#[divan::bench(args = SIZES)]
fn key_list(bencher: divan::Bencher, tasks: usize) {
    bench_key(bencher, tasks, View::List);
}

#[divan::bench(args = SIZES)]
fn key_list_detail(bencher: divan::Bencher, tasks: usize) {
    bench_key(bencher, tasks, View::ListDetail);
}

#[divan::bench(args = SIZES)]
fn key_list_marked(bencher: divan::Bencher, tasks: usize) {
    bench_key(bencher, tasks, View::ListMarked);
}

#[divan::bench(args = SIZES)]
fn key_board(bencher: divan::Bencher, tasks: usize) {
    bench_key(bencher, tasks, View::Board);
}

#[divan::bench(args = SIZES)]
fn key_funnel_board(bencher: divan::Bencher, tasks: usize) {
    bench_key(bencher, tasks, View::FunnelBoard);
}
