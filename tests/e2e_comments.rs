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

/// `I` then `r` replies to the comment under the cursor (the newest), as `docs/guide.md` says;
/// the reply shows under it.
#[test]
fn i_then_r_replies_to_the_newest_comment_and_the_reply_sits_under_it() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 160, 45);
    t.open_alone("Созвон с «Зерном»");
    t.wait_for("Comments (0)");
    t.keys(&["i"]);
    t.type_text("Кто ведёт созвон?");
    t.keys(&["C-s"]);
    t.wait_for("Comments (1)");
    t.keys(&["I"]);
    t.wait_for("Enter open · r reply");
    t.keys(&["r"]);
    t.wait_for("Reply to Анна Смирнова on “Созвон с «Зерном»");
    t.type_text("Я");
    t.keys(&["C-s"]);
    let s = t.wait_until("the reply under the comment", |s| {
        s.contains("Comments (2)") && s.contains("↳ Анна Смирнова")
    });
    let question = s.find("Кто ведёт созвон?").expect("the comment");
    let reply = s.find("↳ Анна Смирнова").expect("the reply");
    assert!(question < reply, "{s}");
}
