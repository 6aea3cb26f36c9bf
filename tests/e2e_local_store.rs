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

/// A funnel's board opened in a second run: its statuses and cards are the first run's, drawn
/// from the store and marked cached before the service (a second away) has answered any of the
/// board's reads; then the service's answers take their place and the header says live.
#[cfg(feature = "demo")]
#[test]
fn a_funnel_board_opened_in_a_second_run_shows_its_cards_cached_before_any_answer() {
    if !tmux_available() {
        return;
    }
    let first = Tmux::start(&["--demo"], 160, 45);
    first.wait_until("the task list, live", |s| s.contains("· live"));
    first.keys(&["M-2"]);
    first.wait_until("the funnels", |s| {
        s.contains("Продажи B2B") && s.contains("· live")
    });
    first.keys(&["Enter"]);
    let board = first.wait_until("the board's cards, live", |s| {
        s.contains("Funnels › Продажи B2B")
            && s.contains("Новый лид")
            && !s.contains("reloading")
            && !s.contains("loading")
            && s.contains("· live")
    });
    // The first card of the first status, to find again.
    let card = board
        .lines()
        .find_map(|l| l.strip_prefix('▌'))
        .and_then(|l| l.split('│').next())
        .map(|t| t.trim_end_matches('…').trim().to_string())
        .unwrap_or_else(|| panic!("a card under the cursor: {board}"));
    first.keys(&["q"]);
    let after = wait_exit(&first);
    assert!(after.contains("EXIT=0"), "{after}");

    let second = Tmux::start_with_home(
        &["--demo", "--latency-ms", "1000"],
        160,
        45,
        Some(first.home.clone()),
    );
    second.wait_until("the first run's rows", |s| s.contains("cached · read"));
    second.keys(&["M-2"]);
    second.wait_until("the funnels, from the store", |s| {
        s.contains("Продажи B2B") && s.contains("CRM funnels")
    });
    second.keys(&["Enter"]);
    // The board's header says its own reads (the funnel, its statuses) are still on their way
    // while the cards are drawn: the store answered, the service not yet.
    let board_loading = |s: &str| {
        s.lines()
            .any(|l| l.starts_with("Funnels › Продажи B2B") && l.contains("loading…"))
    };
    let cached = second.wait_until("the board's cards, marked cached, before any answer", |s| {
        board_loading(s) && s.contains(&card) && s.contains("cached · read")
    });
    assert!(!cached.contains("· live"), "{cached}");
    assert!(
        cached.contains("reloading"),
        "each column waits for the service: {cached}"
    );
    let fresh = second.wait_until("the service's answers in their place", |s| {
        s.contains("· live") && !s.contains("cached") && !s.contains("reloading")
    });
    assert!(fresh.contains(&card), "{fresh}");
    second.keys(&["q"]);
    let after = wait_exit(&second);
    assert!(after.contains("EXIT=0"), "{after}");
}
