//! Saved views of the task list across runs: saved with `F`, kept (the demo's with its other
//! files, apart from the config file), and in use again at the next start.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, home_with_config, tmux_available, wait_exit};

#[test]
fn a_view_saved_before_quitting_is_back_at_the_next_start() {
    if !tmux_available() {
        return;
    }
    let written = "# my settings\nmouse = false\n";
    let home = home_with_config("views", written);
    let first = Tmux::start_with_home(&["--demo"], 160, 45, Some(home.clone()));
    first.wait_for("loaded, more below");
    first.keys(&["A"]);
    first.wait_for("Everyone's open tasks");
    first.keys(&["s"]);
    first.wait_for("Sort by");
    first.type_text("priority");
    first.keys(&["Enter"]);
    first.wait_for("sort: priority↓");
    first.keys(&["F"]);
    first.wait_for("Saved views");
    // No view yet: the cursor is on "Save as a view…".
    first.keys(&["Enter"]);
    first.wait_for("as a view named");
    first.type_text("Срочное");
    first.keys(&["Enter"]);
    first.wait_for("Saved the view “Срочное”");
    first.wait_for("Срочное · Everyone's open tasks");
    first.keys(&["q"]);
    let exit = wait_exit(&first);
    assert!(exit.contains("EXIT=0"), "{exit}");

    // The demo keeps its views with its other files: the user's settings stay as written.
    let config = std::fs::read_to_string(home.join("config/weeek-tui/config.toml")).unwrap();
    assert_eq!(config, written);
    let views = std::fs::read_to_string(home.join("data/weeek-tui/demo/views.toml")).unwrap();
    assert!(views.contains("[views.\"Срочное\"]"), "{views}");
    assert!(views.contains("sort = \"-priority\""), "{views}");

    // `first` keeps the home until the end of the test.
    let second = Tmux::start_with_home(&["--demo"], 160, 45, Some(home));
    let screen = second.wait_for("View “Срочное”, as last time");
    assert!(
        screen.contains("Срочное · Everyone's open tasks · sort: priority↓"),
        "{screen}"
    );
    second.wait_for("loaded, more below");
    second.keys(&["q"]);
    wait_exit(&second);
}
