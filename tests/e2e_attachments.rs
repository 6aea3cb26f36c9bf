//! Attachments against the demo sandbox: a file attached with `U` (its path completed with
//! Tab) is in the task's detail after a reload, and `S` saves it back into the downloads
//! directory with the same bytes.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_file_attached_with_u_is_there_after_a_reload_and_s_saves_it_back() {
    if !tmux_available() {
        return;
    }
    let home = std::env::temp_dir().join(format!("weeek-e2e-files-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join("Downloads")).expect("downloads");
    let outbox = home.join("исходящие");
    std::fs::create_dir_all(&outbox).expect("outbox");
    let content = "Смета на весенний релиз: 42 часа\n".repeat(100);
    std::fs::write(outbox.join("смета-весна.txt"), &content).expect("file");

    let t = Tmux::start_with_home(
        &["--demo", "--latency-ms", "300"],
        160,
        45,
        Some(home.clone()),
    );
    t.open_alone("Созвон с «Зерном»");
    t.wait_for("Custom fields");
    t.keys(&["U"]);
    t.wait_for("Attach a file to");
    // Tab completes the only name that starts so.
    t.type_text(&format!("{}/смета", outbox.display()));
    t.keys(&["Tab"]);
    t.wait_for("смета-весна.txt");
    t.keys(&["Enter"]);
    t.wait_for("Attached “смета-весна.txt”");
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the attachment in the detail after a reload", |s| {
        !s.contains("reloading") && s.contains("Attachments (1)")
    });
    // The pane scrolls down to the attachment, listed with its size.
    t.keys(&["J", "J", "J"]);
    t.wait_until("the file with its size", |s| {
        s.lines()
            .any(|l| l.contains("смета-весна.txt") && l.contains(" KB"))
    });

    t.keys(&["S"]);
    t.wait_for("Save to");
    t.type_text("смета-весна");
    t.keys(&["Enter"]);
    t.wait_for("Saved “смета-весна.txt”");
    let saved = home.join("Downloads").join("смета-весна.txt");
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), content);
}
