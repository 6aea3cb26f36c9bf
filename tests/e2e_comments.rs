//! Comments in the task's detail against the demo sandbox: the thread, and a comment written
//! in the app that the service keeps.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_comment_written_with_i_is_in_the_thread_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way: the sandbox
    // itself answers it in a few milliseconds.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.wait_for("Comments (0)");
    t.keys(&["i"]);
    t.wait_for("Comment on “Созвон с «Зерном»");
    t.type_text("Повестка готова");
    t.keys(&["Enter"]);
    t.type_text("— демо СБП первым пунктом");
    t.keys(&["C-s"]);
    t.wait_for("Comment added to “Созвон с «Зерном»");
    t.wait_for("Comments (1)");
    t.keys(&["r"]);
    t.wait_for("reloading");
    let s = t.wait_until("the comment after a reload", |s| {
        !s.contains("reloading")
            && s.contains("Comments (1)")
            && s.contains("Анна Смирнова · just now")
            && s.contains("  Повестка готова")
            && s.contains("  — демо СБП первым пунктом")
    });
    let at = s.find("Повестка готова").expect("the first line");
    let next = s
        .find("— демо СБП первым пунктом")
        .expect("the second line");
    assert!(at < next, "its lines in order:\n{s}");
}
