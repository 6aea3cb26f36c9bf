//! The new-task form against the demo sandbox: a task filled in with a priority and a due day
//! is in the list after a reload; what is typed survives a `kill -9`.
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

#[test]
fn a_task_made_in_the_form_is_in_the_list_after_a_reload() {
    if !tmux_available() {
        return;
    }
    // Every answer takes 300 ms, so that the reload below is seen under way.
    let t = Tmux::start(&["--demo", "--latency-ms", "300"], 160, 45);
    t.wait_for("loaded");
    t.keys(&["n"]);
    t.wait_for("New task");
    t.type_text("Сверить оплаты за ноябрь");
    // Title › Project › Board › Column › Priority.
    t.keys(&["Tab", "Tab", "Tab", "Tab"]);
    t.type_text("high");
    t.wait_for("Priority ─");
    t.keys(&["Enter"]);
    t.wait_until("the priority chosen", |s| {
        s.lines()
            .any(|l| l.contains("Priority") && l.contains("High"))
    });
    t.keys(&["Tab"]);
    t.type_text("tomorrow");
    t.keys(&["C-s"]);
    t.wait_for("Created “Сверить оплаты за ноябрь”");
    t.keys(&["/"]);
    t.type_text("Сверить оплаты");
    t.keys(&["Enter"]);
    t.wait_until("the new task alone in the list", |s| {
        s.contains("1 of 1 task") && s.contains("Сверить оплаты за ноябрь")
    });
    t.keys(&["r"]);
    t.wait_for("reloading");
    t.wait_until("the task as the service has it, after a reload", |s| {
        !s.contains("reloading")
            && s.contains("1 of 1 task")
            && s.lines().any(|l| {
                l.contains("Сверить оплаты за ноябрь")
                    && l.contains("High")
                    && l.contains("tomorrow")
            })
    });
}

#[test]
fn what_is_typed_in_the_form_survives_kill_9_and_n_opens_it_again() {
    if !tmux_available() {
        return;
    }
    let first = Tmux::start(&["--demo"], 120, 40);
    first.wait_for("loaded");
    first.keys(&["n"]);
    first.wait_for("New task");
    first.type_text("Не потерять");
    first.wait_until("the title typed", |s| {
        s.lines()
            .any(|l| l.contains("Title") && l.contains("Не потерять"))
    });
    first.kill("-9");
    first.wait_for("EXIT=137");
    let draft = first
        .home
        .join("data")
        .join("weeek-tui")
        .join("demo")
        .join("task-draft.json");
    let text = std::fs::read_to_string(&draft).expect("the draft is on disk");
    assert!(text.contains("Не потерять"), "{text}");

    let second = Tmux::start_with_home(&["--demo"], 120, 40, Some(first.home.clone()));
    second.wait_for("A task draft was found (“Не потерять”)");
    second.keys(&["n"]);
    second.wait_until("the draft in the form", |s| {
        s.contains("Draft restored")
            && s.lines()
                .any(|l| l.contains("Title") && l.contains("Не потерять"))
    });
}
