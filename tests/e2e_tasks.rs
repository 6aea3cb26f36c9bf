//! The task screen against the demo sandbox, as a person would use it.
// Every scenario runs against the built-in sandbox (`--demo`).
#![cfg(feature = "demo")]

mod support;

use support::{Tmux, tmux_available};

/// Lines of the list that are task rows.
fn task_rows(screen: &str) -> Vec<&str> {
    screen
        .lines()
        .filter(|l| {
            l.starts_with("  [ ]")
                || l.starts_with("  [x]")
                || l.starts_with("● [")
                || l.contains(" [ ] ")
                || l.contains(" [x] ")
        })
        .filter(|l| !l.contains("Prio"))
        .collect()
}

fn first_title(screen: &str) -> String {
    let row = task_rows(screen)[0];
    // "  [ ] High   Title …": the title starts after the 13-column prefix.
    row.chars()
        .skip(13)
        .take(30)
        .collect::<String>()
        .trim()
        .to_string()
}

#[test]
fn filter_by_project_priority_and_dates_shows_only_matching_tasks() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 160, 45);
    t.wait_for("loaded, more below");
    t.keys(&["A"]);
    t.wait_for("Everyone's open tasks");
    t.keys(&["f"]);
    t.wait_for("Filters");
    // Project row: pick "Website Redesign".
    t.keys(&["Enter"]);
    t.wait_for("any project");
    t.type_text("Website");
    t.keys(&["Enter"]);
    t.wait_for("project: Website Redesign");
    // Priority row.
    t.keys(&["j", "j", "j", "Enter"]);
    t.wait_for("any priority");
    t.type_text("High");
    t.keys(&["Enter"]);
    t.wait_for("priority: High");
    // Dates row: typed in place, parsed live.
    t.keys(&["j", "Enter"]);
    t.type_text("-14d..+30d");
    t.wait_for("→ ");
    t.keys(&["Enter"]);
    t.wait_for("start–due overlaps: ");
    t.keys(&["Escape"]);
    let screen = t.wait_until("the filtered list", |s| {
        !s.contains("Filters ")
            && !s.contains("reloading")
            && (s.contains(" tasks") || s.contains("No tasks match"))
    });
    let rows = task_rows(&screen);
    assert!(
        !rows.is_empty(),
        "the demo has high-priority website tasks due soon:\n{screen}"
    );
    for row in &rows {
        assert!(row.contains("High"), "{row}");
        assert!(row.contains("Website"), "{row}");
        assert!(
            row.contains("today")
                || row.contains("tomorrow")
                || row.contains("in ")
                || row.contains("overdue")
                || row.contains('.'),
            "every row has a due date in range: {row}"
        );
    }
    // Esc takes the newest filter (dates) off first.
    t.keys(&["Escape"]);
    t.wait_until("the dates filter gone, the priority kept", |s| {
        !s.contains("start–due overlaps: ") && s.contains("priority: High")
    });
}

#[test]
fn a_completed_task_is_still_completed_after_refresh() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 160, 45);
    t.wait_for("loaded, more below");
    // Show open and done tasks, so the completed task stays in view after a reload.
    t.keys(&["f"]);
    t.wait_for("Filters");
    t.keys(&["k", "k", "Enter"]);
    t.wait_for("all, deleted too");
    t.type_text("all");
    t.keys(&["Enter"]);
    t.wait_for("tasks (all, deleted too)");
    t.keys(&["Escape"]);
    let screen = t.wait_until("the list", |s| {
        !s.contains("reloading") && !s.contains("Filters ") && !task_rows(s).is_empty()
    });
    let open_row = task_rows(&screen)
        .into_iter()
        .position(|r| r.contains("[ ]"))
        .expect("an open task");
    for _ in 0..open_row {
        t.keys(&["j"]);
    }
    let screen = t.screen();
    let title = task_rows(&screen)[open_row]
        .chars()
        .skip(13)
        .take(30)
        .collect::<String>()
        .trim()
        .to_string();
    t.keys(&["x"]);
    t.wait_for("Completed");
    t.keys(&["r"]);
    t.wait_gone("Completed \u{201c}");
    t.wait_until(
        &format!("{title} listed as completed after the reload"),
        |s| {
            !s.contains("reloading")
                && task_rows(s)
                    .iter()
                    .any(|r| r.contains(&title) && r.contains("[x]"))
        },
    );
}

/// The service fails every write before doing it (500): the task is read back, shows as the
/// service has it (not completed) and the message says so.
#[test]
fn a_failed_change_is_read_back_and_the_row_shows_the_service() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &[
            "--demo",
            "--fail-rate",
            "1",
            "--fail-status",
            "500",
            "--fail-methods",
            "POST,PUT,DELETE",
        ],
        160,
        45,
    );
    let screen = t.wait_for("loaded, more below");
    let title = first_title(&screen);
    t.keys(&["x"]);
    // "Could not" leads the message: the read-back found it not done (the rest may wrap). The
    // row shows what the service has: not completed.
    t.wait_until("the failure said and the row as the service has it", |s| {
        s.contains("Could not complete")
            && s.contains("500")
            && task_rows(s)
                .iter()
                .any(|r| r.contains(&title) && r.contains("[ ]"))
    });
}

/// Every other POST fails before the service does anything: the second new task is not
/// created, the app looks for it, finds nothing and opens its form again; Enter on its title
/// creates it once.
#[test]
fn a_create_that_failed_is_looked_for_and_sent_again_only_on_enter() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(
        &["--demo", "--fail-rate", "0.5", "--fail-methods", "POST"],
        120,
        40,
    );
    t.wait_for("loaded, more below");
    t.keys(&["n"]);
    t.wait_for("New task");
    t.type_text("Первая проверка");
    t.keys(&["Enter"]);
    t.wait_for("Created “Первая проверка”");
    t.keys(&["n"]);
    t.wait_for("New task");
    t.type_text("Вторая проверка");
    t.keys(&["Enter"]);
    t.wait_until("the create offered again", |s| {
        s.contains("C-s looks once more and sends it")
            && s.contains("“Вторая проверка” was not created")
    });
    t.keys(&["Enter"]);
    t.wait_for("Created “Вторая проверка”");
    // The service has it once: a search for it lists one row.
    t.keys(&["/"]);
    t.type_text("Вторая проверка");
    t.keys(&["Enter"]);
    t.wait_until("one task found", |s| {
        s.contains("text: “Вторая проверка”")
            && s.contains("1 of 1 task")
            && task_rows(s)
                .iter()
                .filter(|r| r.contains("Вторая проверка"))
                .count()
                == 1
    });
}

#[test]
fn a_click_on_a_row_puts_the_cursor_there_beside_the_detail_too() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_for("1 of 50 loaded, more below");
    // The header, the filter line and the table's header sit above the first row.
    t.click(10, 3 + 4);
    t.wait_for("5 of 50 loaded, more below");
    t.keys(&["Enter"]);
    t.wait_for("Enter closes · J/K scroll");
    // At 120 columns the detail pane sits right of the list, which keeps its rows. The start
    // of the third title: after the 13-column prefix, short of any "…" cut.
    let screen = t.screen();
    let third: String = task_rows(&screen)[2].chars().skip(13).take(12).collect();
    t.click(10, 3 + 2);
    let screen = t.wait_for("3 of 50 loaded, more below");
    assert!(
        screen.lines().any(|l| l.contains(&format!("│{third}"))),
        "the detail shows the third task:\n{screen}"
    );
}

/// "N of M tasks" from the list's title line, once every page is in.
fn position(screen: &str) -> Option<(usize, usize)> {
    let line = screen.lines().find(|l| l.trim_end().ends_with(" tasks"))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let n = words.len();
    if n < 4 || words[n - 3] != "of" {
        return None;
    }
    Some((words[n - 4].parse().ok()?, words[n - 2].parse().ok()?))
}

#[test]
fn end_reaches_the_last_task_and_undo_holds_after_a_refresh() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 30);
    t.wait_for("loaded, more below");
    t.keys(&["A"]);
    t.wait_for("Everyone's open tasks");
    t.wait_for("loaded, more below");
    // One press: every page loads and the cursor ends on the last task.
    t.keys(&["G"]);
    let screen = t.wait_until("the last of all tasks", |s| {
        position(s).is_some_and(|(at, of)| at == of && of > 50)
    });
    let (_, total) = position(&screen).unwrap();
    // Complete it, reload (it leaves "open tasks"), and undo: it comes back.
    t.keys(&["x"]);
    t.wait_for("Completed “");
    t.keys(&["r", "G"]);
    t.wait_until("the list without it", |s| {
        position(s).is_some_and(|(at, of)| at == of && of == total - 1)
    });
    // From the top, the list read anew (mine, then everyone's again): only the first page is
    // in; the task is further down. (`r` would read the pages on screen again in place.)
    t.keys(&["g"]);
    t.wait_for(&format!("1 of {} tasks", total - 1));
    t.keys(&["A"]);
    t.wait_for("My open tasks");
    t.keys(&["A"]);
    t.wait_for("Everyone's open tasks");
    t.wait_for("1 of 50 loaded, more below");
    // Undone from the top of the list: the task is looked for and the cursor goes to it.
    t.keys(&["u"]);
    let screen = t.wait_until("the task back, under the cursor", |s| {
        s.contains("Undid: completed") && position(s) == Some((total, total))
    });
    assert!(!screen.contains("Nothing to change"), "{screen}");
}
