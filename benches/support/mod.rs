//! What the benches share: the sandbox as a process of its own (this crate's binary,
//! `sandbox --tasks N`), and the app's requests run one after another through the real
//! client, their answers fed back through `update`, as the worker and the event loop do.

// A benchmark that cannot start its sandbox or its runtime has nothing to measure: it stops
// there with the reason.
#![allow(clippy::expect_used, dead_code)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use weeek_tui::app::{App, Msg};
use weeek_tui::screen::requests::{Reply, Request};
use weeek_tui::screen::{Clock, Effect, Hits};
use weeek_tui::ui::theme::Theme;
use weeek_tui::worker;

/// Kills the sandbox however the bench ends.
pub struct Sandbox {
    child: Child,
    pub base_url: String,
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the sandbox seeded with `tasks` tasks on a free port, once it listens.
pub fn start_sandbox(tasks: usize) -> Sandbox {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .args(["sandbox", "--listen", "127.0.0.1:0", "--tasks"])
        .arg(tasks.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the sandbox starts");
    let stdout = child.stdout.take().expect("its stdout");
    // Killed on drop from here on, even when it never says where it listens.
    let mut sandbox = Sandbox {
        child,
        base_url: String::new(),
    };
    // "WEEEK sandbox listening on http://127.0.0.1:PORT/public/v1 · …"
    let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
    sandbox.base_url = lines
        .find_map(|line| {
            let at = line.find("http://")?;
            line[at..].split_whitespace().next().map(str::to_owned)
        })
        .expect("the sandbox says where it listens");
    // What it prints later is read too: a closed pipe would end it at its next line.
    std::thread::spawn(move || lines.for_each(drop));
    sandbox
}

pub fn client(base_url: &str) -> weeek_api::Client {
    let config = weeek_api::ClientConfig::new(base_url, weeek_api::Token::new("demo-token"));
    weeek_api::Client::new(config).expect("a client")
}

/// The moment now, as the runtime gives it to `update`.
pub fn clock() -> Clock {
    let wall = time::OffsetDateTime::now_utc();
    Clock {
        now: Instant::now(),
        today: wall.date(),
        wall,
        offset: time::UtcOffset::UTC,
        service_ahead: None,
    }
}

pub fn key(c: char) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

pub fn alt(c: char) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::ALT,
    )))
}

pub fn enter() -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Enter,
        KeyModifiers::NONE,
    )))
}

/// Runs the app's requests one after another, as the worker does, until none is left;
/// returns how many task list pages were read.
pub async fn settle(app: &mut App, client: &weeek_api::Client, effects: Vec<Effect>) -> usize {
    let mut queue: VecDeque<Request> = VecDeque::new();
    let take = |effects: Vec<Effect>, queue: &mut VecDeque<Request>| {
        for e in effects {
            if let Effect::Request(r) = e {
                queue.push_back(r);
            }
        }
    };
    take(effects, &mut queue);
    let mut pages = 0;
    while let Some(req) = queue.pop_front() {
        if matches!(req.call, worker::Call::Tasks(_)) {
            pages += 1;
        }
        let (output, skipped) = worker::execute(client, req.call.clone()).await;
        let reply = Reply {
            id: req.id,
            key: req.key,
            origin: worker::Origin::Service,
            output,
            skipped,
        };
        take(app.update(Msg::Api(Box::new(reply)), clock()), &mut queue);
    }
    pages
}

/// The terminal the benches draw on: 160x45, as the README's figures are taken.
pub const WIDTH: u16 = 160;
pub const HEIGHT: u16 = 45;

/// Words task and deal names are made of: Cyrillic and Latin, as a workspace mixes them.
pub const WORDS: [&str; 12] = [
    "Экран оплаты",
    "поддержка СБП",
    "отчёт за квартал",
    "созвон с клиентом",
    "обновить макеты",
    "Release notes",
    "проверить API",
    "интеграция с 1С",
    "миграция базы",
    "договор поставки",
    "onboarding flow",
    "исправить ошибку",
];

pub type Term = Terminal<CrosstermBackend<std::io::Sink>>;

/// A terminal of [`WIDTH`]x[`HEIGHT`] that encodes each frame as the binary's does; the
/// bytes go nowhere.
pub fn terminal() -> Term {
    Terminal::with_options(
        CrosstermBackend::new(std::io::sink()),
        TerminalOptions {
            viewport: Viewport::Fixed(Rect::new(0, 0, WIDTH, HEIGHT)),
        },
    )
    .expect("a terminal")
}

/// The whole frame drawn, as the event loop draws it.
pub fn draw(term: &mut Term, app: &App, theme: &Theme) -> Hits {
    let mut hits = Hits::default();
    term.draw(|f| hits = weeek_tui::ui::render(app, theme, f).hits)
        .expect("draw");
    hits
}
