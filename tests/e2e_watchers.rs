//! Watchers against the demo sandbox: one added with `W` is in the task's detail, and still
//! there once the task is read again.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_watcher_added_with_w_is_in_the_detail_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.wait_for("Custom fields");
    t.keys(&["W"]);
    t.wait_for("Watchers");
    t.type_text("Волков");
    t.keys(&["Tab", "Enter"]);
    t.wait_for("added to the watchers of");
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the watcher in the detail after a reload", |s| {
        !s.contains("reloading")
            && s.lines()
                .any(|l| l.contains("Watchers") && l.contains("Дмитрий Волков"))
    });
}
