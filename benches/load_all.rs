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
//! Not timed in CI (CI only builds it): the numbers belong in docs/performance.md.

// A benchmark that cannot start its sandbox or its runtime has nothing to measure: it stops
// there with the reason.
#![allow(clippy::expect_used)]

mod support;

use std::path::PathBuf;
use std::time::Instant;

use weeek_tui::app::App;
use weeek_tui::tasks::filters::{Assignee, Completion};

use support::{clock, key, settle};

fn main() {
    let tasks: usize = std::env::var("TASKS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100_000);
    let seeding = Instant::now();
    let sandbox = support::start_sandbox(tasks);
    eprintln!(
        "sandbox with {tasks} tasks up in {:.1} s",
        seeding.elapsed().as_secs_f64()
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(load_all(&sandbox.base_url));
    drop(sandbox);
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

async fn load_all(base_url: &str) {
    let client = support::client(base_url);
    let mut app = App::new(PathBuf::from("/nonexistent"), "bench".into(), (160, 45));
    let start = app.start(clock());
    settle(&mut app, &client, start).await;
    // Everyone's tasks, open and done, read from the top.
    app.tasks.filters.assignee = Assignee::Anyone;
    app.tasks.filters.completion = Completion::All;
    let reload = app.update(key('r'), clock());
    settle(&mut app, &client, reload).await;
    let before = rss_kib();

    let started = Instant::now();
    let to_end = app.update(key('G'), clock());
    let pages = settle(&mut app, &client, to_end).await;
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
