//! Time on tasks against the demo sandbox: the timer in the header, started and stopped by
//! key, and time logged by hand, each seen in the task's detail.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

/// The demo's call with «Зерно» (assigned to me, open) alone in the list, the detail open.
fn on_the_call(t: &Tmux) {
    t.open_alone("Созвон с «Зерном»");
}

fn header(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

#[test]
fn a_timer_started_and_stopped_by_key_shows_in_the_header_and_leaves_a_time_entry() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way: the sandbox
    // itself answers it in a few milliseconds.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    // The demo has my timer running on the release for the last 47 minutes: read at start.
    t.wait_until("my running timer in the header", |s| {
        header(s).contains("▶ ") && header(s).contains("Релиз 2.4")
    });
    on_the_call(&t);
    t.keys(&["t"]);
    let s = t.wait_for("Timer started on “Созвон с «Зерном»");
    // The message wraps: its parts are looked for one by one.
    assert!(
        s.contains("the one on “Релиз 2.4 в App Store") && s.contains("stopped after"),
        "starting one stops the other and says so:\n{s}"
    );
    t.wait_until("the call's timer in the header", |s| {
        header(s).contains("▶ 0:00:") && header(s).contains("Созвон с «Зерном»")
    });
    t.wait_for("Анна Смирнова: timer running");
    t.keys(&["t"]);
    t.wait_for("Timer stopped on “Созвон с «Зерном»");
    let s = t.wait_until("the entry the timer wrote", |s| {
        s.contains("Time logged  0:01") && s.contains("0:01  Анна Смирнова")
    });
    assert!(!header(&s).contains('▶'), "nothing runs now:\n{s}");
    // It is the service's, not only the screen's.
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the entry after a reload", |s| {
        !s.contains("reloading") && s.contains("0:01  Анна Смирнова")
    });
}

#[test]
fn time_logged_with_t_shows_in_the_detail_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way: the sandbox
    // itself answers it in a few milliseconds.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    on_the_call(&t);
    t.keys(&["T"]);
    t.wait_for("Log time on “Созвон с «Зерном»");
    t.type_text("1h30m");
    t.wait_for("→ 1:30 h:mm");
    t.keys(&["Tab", "Tab"]);
    t.type_text("Повестка и демо");
    t.keys(&["Enter"]);
    t.wait_for("Logged 1:30 on “Созвон с «Зерном»");
    t.keys(&["r"]);
    t.wait_for("reloading");
    let s = t.wait_until("the logged time after a reload", |s| {
        !s.contains("reloading") && s.contains("1:30  Анна Смирнова  — Повестка и демо")
    });
    assert!(s.contains("Time logged  1:30"), "{s}");
}
