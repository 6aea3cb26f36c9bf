//! Going to a deal by name in a real terminal: a sandbox on loopback, `weeek-tui sync` reads
//! its workspace into the local store, the app starts on the task screen, `Ctrl-p`, part of a
//! deal's name, `Enter`: the deal's popup shows over its funnel's board, at its status.
#![cfg(feature = "demo")]
// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::process::Command;

use support::{Tmux, tmux_available, wait_exit};
use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};

const TOKEN: &str = "goto-e2e-token";
/// A deal of the seed, in the status "Переговоры" of the funnel "Продажи B2B".
const DEAL: &str = "Личный кабинет для онлайн-школы";

#[test]
fn a_deal_found_by_name_from_the_task_screen_opens_over_its_funnels_board() {
    if !tmux_available() {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let sandbox = rt
        .block_on(Sandbox::start(
            SandboxConfig {
                token: TOKEN.into(),
                db: DbLocation::Memory,
                seed: true,
                now: None,
                faults: Default::default(),
                tasks: None,
                workspace: None,
            },
            ([127, 0, 0, 1], 0).into(),
        ))
        .expect("sandbox");
    let url = sandbox.base_url();
    let home = std::env::temp_dir().join(format!("weeek-e2e-goto-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();

    let sync = Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .arg("sync")
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("WEEEK_BASE_URL", &url)
        .env("WEEEK_TOKEN", TOKEN)
        .env_remove("WEEEK_API_TOKEN")
        .env_remove("WEEEK_PROFILE")
        .output()
        .expect("the binary runs");
    assert!(
        sync.status.success(),
        "{}{}",
        String::from_utf8_lossy(&sync.stdout),
        String::from_utf8_lossy(&sync.stderr)
    );

    let env = [("WEEEK_BASE_URL", url.as_str()), ("WEEEK_TOKEN", TOKEN)];
    let t = Tmux::start_with_env(&[], 160, 45, Some(home), &env);
    t.wait_until("the task screen with my open tasks", |s| {
        s.contains("My open tasks") && s.contains("loaded")
    });
    t.keys(&["C-p"]);
    t.wait_for("names from the local store");
    t.type_text("кабинет для онлайн");
    t.wait_until("the deal under its heading, first", |s| {
        s.contains("Deals · 1") && s.contains(DEAL)
    });
    t.keys(&["Enter"]);
    let shown = t.wait_until("the deal's popup over its funnel's board", |s| {
        s.contains(&format!("Deal: {DEAL}"))
            && s.contains("Продажи B2B")
            && s.contains("Переговоры")
    });
    assert!(
        !shown.contains("Commands and names"),
        "the palette closed: {shown}"
    );

    t.keys(&["Escape"]);
    t.wait_gone(&format!("Deal: {DEAL}"));
    t.keys(&["q"]);
    let after = wait_exit(&t);
    assert!(after.contains("EXIT=0"), "{after}");
    rt.block_on(sandbox.shutdown());
}
