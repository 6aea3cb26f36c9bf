//! The board against the demo sandbox: `b` on a task opens its board, `L` moves its card to
//! the next column, and after `r` (every column read again from the service) it is there.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

const TITLE: &str = "Экран оплаты: поддержка СБП";

/// The name of the column whose cards include `title`: the columns are side by side, split
/// by `│`, their names on the board's first line.
fn column_of(screen: &str, title: &str) -> Option<String> {
    let lines: Vec<&str> = screen.lines().collect();
    let head = lines.iter().position(|l| l.contains('│'))?;
    let names: Vec<String> = lines[head]
        .split('│')
        .map(|n| n.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    lines[head..].iter().find_map(|l| {
        l.split('│')
            .position(|cell| cell.contains(title))
            .and_then(|i| names.get(i).cloned())
    })
}

#[test]
fn l_moves_a_card_to_the_next_column_and_a_refresh_finds_it_there() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 160, 45);
    t.open_alone(TITLE);
    // The detail closes: the board then has the whole width.
    t.keys(&["p"]);
    t.wait_gone("Task #");
    t.keys(&["b"]);
    let screen = t.wait_until("the board, the cursor on the task's card", |s| {
        s.contains("Мобильное приложение › Разработка") && s.contains(&format!("▌{TITLE}"))
    });
    let before = column_of(&screen, TITLE).expect("the card is on the board");
    let head = screen
        .lines()
        .find(|l| l.contains('│'))
        .expect("the column names")
        .to_string();
    let names: Vec<String> = head
        .split('│')
        .map(|n| n.split_whitespace().next().unwrap_or("").to_string())
        .collect();
    let at = names.iter().position(|n| *n == before).unwrap();
    let next = names.get(at + 1).expect("a column after it").clone();
    t.keys(&["L"]);
    t.wait_for(&format!("Moved “{TITLE}” to {next}"));
    t.keys(&["r"]);
    t.wait_until("the card in the next column after a refresh", |s| {
        !s.contains("reloading") && column_of(s, TITLE).as_deref() == Some(next.as_str())
    });
}
