//! Loads every task of a sandbox of 100,000 into the app, as `G` does on "everyone's tasks,
//! open and done": the real client, the real worker calls, the app's own `update`. Prints the
//! time the load took, the pages it read, and the app's resident memory before and after.
//!
//! The sandbox runs as a process of its own (this crate's binary, `sandbox --tasks N`), so
//! that its memory is not counted with the app's.
//!
//!   cargo bench --bench load_all            # 100,000 tasks
//!   TASKS=20000 cargo bench --bench load_all
//!
//! Not timed in CI (CI only builds it): the numbers belong in the README's performance section.

// A benchmark that cannot start its sandbox or its runtime has nothing to measure: it stops
// there with the reason.
#![allow(clippy::expect_used)]

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use weeek_tui::app::requests::{Reply, Request};
use weeek_tui::app::{App, Clock, Effect, Msg};
use weeek_tui::tasks::filters::{Assignee, Completion};
use weeek_tui::worker;

/// Kills the sandbox however the bench ends.
struct Sandbox(Child);

impl Drop for Sandbox {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn main() {
    let tasks: usize = std::env::var("TASKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let seeding = Instant::now();
    let (sandbox, base_url) = start_sandbox(tasks);
    eprintln!(
        "sandbox with {tasks} tasks up in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(load_all(&base_url));
    drop(sandbox);
}

fn start_sandbox(tasks: usize) -> (Sandbox, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .args(["sandbox", "--listen", "127.0.0.1:0", "--tasks"])
        .arg(tasks.to_string())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the sandbox starts");
    let stdout = child.stdout.take().expect("its stdout");
    let sandbox = Sandbox(child);
    // "WEEEK sandbox listening on http://127.0.0.1:PORT/public/v1 · …"
    let mut lines = BufReader::new(stdout).lines().map_while(Result::ok);
    let url = lines
        .find_map(|line| {
            let at = line.find("http://")?;
            line[at..].split_whitespace().next().map(str::to_owned)
        })
        .expect("the sandbox says where it listens");
    // What it prints later is read too: a closed pipe would end it at its next line.
    std::thread::spawn(move || lines.for_each(drop));
    (sandbox, url)
}

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse().ok())
        })
        .unwrap_or(0)
}

fn clock() -> Clock {
    Clock {
        now: Instant::now(),
        today: time::OffsetDateTime::now_utc().date(),
        wall: time::OffsetDateTime::now_utc(),
        offset: time::UtcOffset::UTC,
        service_ahead: None,
    }
}

fn key(c: char) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

/// Runs the app's requests one after another, as the worker does, until none is left;
/// returns how many list pages were read.
async fn settle(
    app: &mut App,
    client: &weeek_api::Client,
    effects: Vec<Effect>,
    next_id: &mut u64,
) -> usize {
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
        *next_id = (*next_id).max(req.id);
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

async fn load_all(base_url: &str) {
    let config = weeek_api::ClientConfig::new(base_url, weeek_api::Token::new("demo-token"));
    let client = weeek_api::Client::new(config).expect("a client");
    let mut app = App::new(PathBuf::from("/nonexistent"), "bench".into(), (160, 45));
    let mut next_id = 0;
    let start = app.start(clock());
    settle(&mut app, &client, start, &mut next_id).await;
    // Everyone's tasks, open and done, read from the top.
    app.tasks.filters.assignee = Assignee::Anyone;
    app.tasks.filters.completion = Completion::All;
    let reload = app.update(key('r'), clock());
    settle(&mut app, &client, reload, &mut next_id).await;
    let before = rss_kib();

    let started = Instant::now();
    let to_end = app.update(key('G'), clock());
    let pages = settle(&mut app, &client, to_end, &mut next_id).await;
    let took = started.elapsed();
    let after = rss_kib();

    let rows = app.tasks.list.rows.len();
    println!("tasks loaded        {rows}");
    println!("list pages read     {pages}");
    println!("load time           {:.1} s", took.as_secs_f64());
    println!("resident before     {:.1} MiB", before as f64 / 1024.0);
    println!("resident after      {:.1} MiB", after as f64 / 1024.0);
    println!(
        "per task            {:.0} bytes",
        (after.saturating_sub(before) * 1024) as f64 / rows.max(1) as f64
    );
}
