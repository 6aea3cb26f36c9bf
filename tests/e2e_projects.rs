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

/// `n` makes a project in the portfolio under the cursor, `e` renames it; after `r` the tree,
/// read again from the service, has the new name.
#[test]
fn create_a_project_rename_it_and_see_the_new_name_after_a_refresh() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_for("loaded");
    t.keys(&["M-4"]);
    t.wait_until("the portfolios, open at the top level", |s| {
        s.contains("▾ ◆ Студия")
    });
    t.keys(&["n"]);
    t.wait_for("New project in ");
    t.type_text("Пробный проект");
    t.keys(&["Enter"]);
    t.wait_for("Created the project “Пробный проект”");
    t.keys(&["e"]);
    t.wait_for("Rename the project");
    t.keys(&["C-u"]);
    t.type_text("Проект переименован");
    t.keys(&["Enter"]);
    t.wait_for("Renamed the project “Пробный проект” to “Проект переименован”");
    t.keys(&["r"]);
    // The tree's row (not a message) names the project as the service has it.
    t.wait_until("the renamed project in the tree after a refresh", |s| {
        s.lines()
            .any(|l| l.contains("■ Проект переименован") && !l.contains("Renamed"))
            && !s.lines().any(|l| l.contains("■ Пробный проект"))
            && !s.contains("saving")
    });
}
