//! `E` against the demo sandbox with the user's editor: the terminal goes to the editor and
//! comes back whole, and what the editor wrote reaches the app.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn e_runs_the_editor_and_comes_back_with_its_text() {
    if !tmux_available() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("weeek-e2e-editor-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory for the editor");
    let editor = dir.join("edit.sh");
    // An editor that puts a line on top of the file (an empty file gets a line first, as
    // sed edits lines).
    std::fs::write(
        &editor,
        "#!/bin/sh\n[ -s \"$1\" ] || echo > \"$1\"\nsed -i -e '1i Правка из редактора' \"$1\"\n",
    )
    .expect("the editor script");
    let command = format!("sh {}", editor.display());
    let t = Tmux::start_with_env(&["--demo"], 160, 45, None, &[("EDITOR", &command)]);
    t.wait_for("loaded");
    t.keys(&["E"]);
    // The demo service keeps a description: the save is said, and the detail pane shows the
    // line the editor put on top.
    t.wait_for("Saved the description");
    t.keys(&["Enter"]);
    t.wait_for("Правка из редактора");
    // The list is drawn whole again, and keys reach the app.
    t.keys(&["j"]);
    t.wait_for("loaded");
    let _ = std::fs::remove_dir_all(&dir);
}
