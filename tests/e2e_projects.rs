//! The projects screen against the demo sandbox: the tree, a project opened to its boards, and
//! a board opened on the task screen.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_board_found_by_name_in_the_tree_opens() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 160, 45);
    t.wait_for("loaded");
    t.keys(&["M-4"]);
    t.wait_until("the portfolios, open at the top level", |s| {
        s.contains("▾ ◆ Студия") && s.contains("Мобильная разработка")
    });
    t.keys(&["/"]);
    t.type_text("Мобильное");
    t.keys(&["Enter"]);
    t.wait_for("filter: Мобильное");
    t.keys(&["l"]);
    t.wait_until("the project's boards, read when it opens", |s| {
        s.contains("▾ ■ Мобильное приложение  2 boards") && s.contains("▤")
    });
    t.keys(&["l"]);
    t.keys(&["Enter"]);
    t.wait_until("the board, its columns side by side", |s| {
        s.contains("Мобильное приложение › ")
            && s.lines().any(|l| l.contains(" tasks ") && l.contains('│'))
    });
}
