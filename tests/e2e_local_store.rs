//! The local store in the real binary: a second run of the demo draws the first run's rows
//! from the store, marked cached, before the service (a second away) has answered anything;
//! then the service's answer replaces them and the header says live.

mod support;

#[cfg(feature = "demo")]
use support::{Tmux, tmux_available, wait_exit};

#[cfg(feature = "demo")]
#[test]
fn a_second_run_shows_the_first_runs_rows_marked_cached_before_any_answer_then_live() {
    if !tmux_available() {
        return;
    }
    let first = Tmux::start(&["--demo"], 160, 45);
    let live = first.wait_until("the task list, live", |s| {
        s.contains("My open tasks") && s.contains("loaded") && s.contains("· live")
    });
    assert!(live.contains("Экран оплаты: поддержка СБП"), "{live}");
    first.keys(&["q"]);
    let after = wait_exit(&first);
    assert!(after.contains("EXIT=0"), "{after}");

    // The same demo data, the service a second away: its first answer takes over a second.
    let second = Tmux::start_with_home(
        &["--demo", "--latency-ms", "1000"],
        160,
        45,
        Some(first.home.clone()),
    );
    let cached = second.wait_until("the first run's rows, marked cached", |s| {
        s.contains("Экран оплаты: поддержка СБП") && s.contains("cached · read")
    });
    assert!(!cached.contains("· live"), "{cached}");
    assert!(cached.contains("Northwind Studio"), "{cached}");
    let fresh = second.wait_until("the service's answer in their place", |s| {
        s.contains("· live") && !s.contains("cached")
    });
    assert!(fresh.contains("Экран оплаты: поддержка СБП"), "{fresh}");
    second.keys(&["q"]);
    let after = wait_exit(&second);
    assert!(after.contains("EXIT=0"), "{after}");
}
