//! The binary against its built-in sandbox, in a real terminal.

mod support;

use support::{Tmux, home_with_config, tmux_available, wait_exit};

#[cfg(feature = "demo")]
#[test]
fn demo_starts_shows_the_workspace_and_quits_restoring_the_terminal() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo"], 120, 40);
    t.wait_until("the workspace and the task list", |s| {
        s.contains("Northwind Studio") && s.contains("My open tasks")
    });
    t.wait_until("tasks to load", |s| {
        s.contains("loaded, more below") || s.contains(" tasks")
    });
    t.keys(&["q"]);
    let after = wait_exit(&t);
    assert!(after.contains("EXIT=0"), "{after}");
    // Raw mode is off again: canonical input and echo are back.
    assert!(after.contains(" icanon"), "{after}");
    assert!(after.contains(" echo"), "{after}");
    assert!(
        !after.contains("-icanon") && !after.contains("-echo "),
        "{after}"
    );
}

/// A terminal window closed under the app (a dropped SSH session) ends it: nothing is left
/// running with no one to read it, even with a request under way.
#[cfg(feature = "demo")]
#[test]
fn the_app_ends_when_its_terminal_is_closed() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&["--demo", "--latency-ms", "2000"], 120, 40);
    t.wait_for("loaded");
    let pid = t.app_pid().expect("the app's pid");
    // A refresh is under way when the terminal goes: the header's spinner says so.
    t.keys(&["r"]);
    t.wait_until("a read under way", |s| {
        s.lines()
            .next()
            .is_some_and(|header| header.chars().any(|c| ('⠀'..='⣿').contains(&c)))
    });
    t.close_terminal();
    let start = std::time::Instant::now();
    while support::process_running(pid) {
        assert!(
            start.elapsed() < support::DEADLINE,
            "the app (pid {pid}) still runs after its terminal was closed"
        );
        std::thread::park_timeout(std::time::Duration::from_millis(50));
    }
}

#[test]
fn without_a_token_it_says_where_to_get_one_and_mentions_the_demo() {
    if !tmux_available() {
        return;
    }
    let t = Tmux::start(&[], 100, 30);
    let after = wait_exit(&t);
    assert!(after.contains("No WEEEK token found"), "{after}");
    // A build without the sandbox does not offer it.
    assert_eq!(after.contains("--demo"), cfg!(feature = "demo"), "{after}");
    assert!(after.contains("EXIT=2"), "{after}");
}

#[test]
fn a_key_conflict_in_the_config_stops_the_start_before_the_terminal_is_touched() {
    if !tmux_available() {
        return;
    }
    let home = home_with_config(
        "keys-conflict",
        "[keys]\n\"tasks.complete\" = [\"c\", \"d\"]\n",
    );
    let t = Tmux::start_with_home(&["--demo"], 120, 40, Some(home));
    let after = wait_exit(&t);
    assert!(after.contains("EXIT=2"), "{after}");
    // The pane wraps long lines, and a wrap at a space loses the space: the message is read
    // whole, without its spaces (the home's path, hence the wrap, changes with the test's pid).
    let said: String = after.split_whitespace().collect();
    assert!(
        said.contains("`tasks.complete`and`tasks.due`bothused"),
        "{after}"
    );
    assert!(said.contains("keys-conflict"), "the file's path: {after}");
    assert!(said.contains("weeek-tui/config.toml"), "{after}");
    // The app never took the terminal: no alternate screen, and the line discipline is as
    // the shell left it.
    assert_eq!(t.pane_format("#{alternate_on}"), "0");
    assert!(
        after.contains(" icanon") && !after.contains("-icanon"),
        "{after}"
    );
}

#[test]
fn config_keys_prints_the_map_with_the_overrides() {
    let home = home_with_config(
        "keys-print",
        "[keys]\ntasks.complete = [\"c\", \"ctrl-d\"]\n\"tasks.due\" = \"x\"\n",
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .args(["config", "keys"])
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .output()
        .expect("the binary runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let line = |key: &str, id: &str| {
        text.lines().any(|l| {
            let cells: Vec<&str> = l.split_whitespace().collect();
            cells.len() > 3 && cells[0] == "tasks" && cells[1] == key && cells[2] == id
        })
    };
    assert!(line("c", "tasks.complete"), "{text}");
    assert!(line("ctrl-d", "tasks.complete"), "{text}");
    assert!(line("x", "tasks.due"), "{text}");
    assert!(
        !line("x", "tasks.complete") && !line("d", "tasks.due"),
        "{text}"
    );
    assert!(text.contains("Complete or reopen"), "{text}");
    // ctrl-d on the task list now completes: half a page down there is marked as hidden.
    let half = text
        .lines()
        .find(|l| l.contains("list.half_down"))
        .unwrap_or_default();
    assert!(half.contains("[hidden by `tasks.complete`]"), "{text}");
    std::fs::remove_dir_all(&home).ok();
}

/// `config set-token` under umask 000 in a fresh home: the config and the log, and every
/// directory made for them, are the user's alone.
#[cfg(unix)]
#[test]
fn set_token_under_umask_000_makes_private_files_and_directories() {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    let home = std::env::temp_dir().join(format!("weeek-e2e-umask-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).expect("home");
    let mut child = std::process::Command::new("sh")
        .arg("-c")
        .arg(r#"umask 000 && exec "$0" config set-token"#)
        .arg(env!("CARGO_BIN_EXE_weeek-tui"))
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(b"tok-umask-000\n")
        .expect("the token is given");
    let out = child.wait_with_output().expect("it ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mode = |p: &str| {
        let meta = std::fs::metadata(home.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
        format!("{:o}", meta.permissions().mode() & 0o777)
    };
    for file in [
        "config/weeek-tui/config.toml",
        "state/weeek-tui/logs/weeek-tui.log",
    ] {
        assert_eq!(mode(file), "600", "{file}");
    }
    for dir in [
        "config",
        "config/weeek-tui",
        "state",
        "state/weeek-tui",
        "state/weeek-tui/logs",
    ] {
        assert_eq!(mode(dir), "700", "{dir}");
    }
    std::fs::remove_dir_all(&home).ok();
}
