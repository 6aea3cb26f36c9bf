//! The binary against its built-in sandbox, in a real terminal.

mod support;

use support::{Tmux, tmux_available, wait_exit};

#[cfg(feature = "demo")]
#[test]
fn demo_starts_shows_the_workspace_and_quits_restoring_the_terminal() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_until("the workspace and the task list", |s| {
        s.contains("Northwind Studio") && s.contains("My open tasks")
    });
    t.wait_until("tasks to load", |s| {
        s.contains("loaded, more below") || s.contains(" tasks")
    });
    t.keys(&["q"]);
    let after = wait_exit(&t);
    assert!(after.contains("EXIT=0"), "{after}");
    // Raw mode is off again: canonical input and echo are back.
    assert!(after.contains(" icanon"), "{after}");
    assert!(after.contains(" echo"), "{after}");
    assert!(
        !after.contains("-icanon") && !after.contains("-echo "),
        "{after}"
    );
}

#[test]
fn without_a_token_it_says_where_to_get_one_and_mentions_the_demo() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[], 100, 30);
    let after = wait_exit(&t);
    assert!(after.contains("No WEEEK token found"), "{after}");
    // A build without the sandbox does not offer it.
    assert_eq!(after.contains("--demo"), cfg!(feature = "demo"), "{after}");
    assert!(after.contains("EXIT=2"), "{after}");
}
