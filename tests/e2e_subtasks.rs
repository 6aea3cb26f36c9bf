//! Subtasks against the demo sandbox: one added with `N` is in its parent's detail, and still
//! there once the list is read again.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_subtask_added_with_n_is_in_the_parents_detail_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way: the sandbox
    // itself answers it in a few milliseconds.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.keys(&["N"]);
    t.wait_for("New subtask of Созвон с «Зерном»");
    t.type_text("Разослать повестку");
    t.keys(&["Enter"]);
    t.wait_for("Created “Разослать повестку”");
    t.wait_for("Subtasks (1)");
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the subtask in the detail after a reload", |s| {
        !s.contains("reloading")
            && s.contains("1 of 1 task")
            && s.contains("Subtasks (1)")
            && s.contains("[ ] Разослать повестку")
    });
}

#[test]
fn a_subtask_ticked_in_the_detail_is_still_ticked_after_a_reload() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.keys(&["N"]);
    t.wait_for("New subtask of Созвон с «Зерном»");
    t.type_text("Забронировать переговорку");
    t.keys(&["Enter"]);
    t.wait_for("Created “Забронировать переговорку”");
    t.keys(&["l"]);
    t.wait_for("› [ ] Забронировать переговорку");
    t.keys(&["x"]);
    t.wait_for("› [x] Забронировать переговорку");
    t.wait_for("Completed “Забронировать переговорку”");
    // Apart: Escape and a letter sent together read as Alt and the letter.
    t.keys(&["Escape"]);
    t.wait_for("Enter closes");
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until(
        "the subtask ticked as the service has it, after a reload",
        |s| {
            !s.contains("reloading")
                && s.contains("1 of 1 task")
                && s.contains("[x] Забронировать переговорку")
        },
    );
}
