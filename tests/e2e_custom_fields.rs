//! Custom fields against the demo sandbox: a number set in the detail pane is what the
//! service has after a reload.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_number_field_set_in_the_detail_is_there_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.wait_for("Custom fields");
    t.keys(&["C"]);
    t.wait_for("› Story points");
    t.keys(&["Enter"]);
    t.wait_for("Story points (empty clears it)");
    t.keys(&["C-u"]);
    t.type_text("13");
    t.keys(&["Enter"]);
    t.wait_for("› Story points: 13");
    t.wait_for("Set “Story points” of “Созвон с «Зерном» по итогам спринта”");
    // Apart: Escape and a letter sent together read as Alt and the letter.
    t.keys(&["Escape"]);
    t.wait_for("Enter closes");
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the value as the service has it, after a reload", |s| {
        !s.contains("reloading") && s.contains("  Story points: 13")
    });
}
