//! Several workspaces in a real terminal: two sandboxes whose workspaces differ, a profile for
//! each; the app starts on one, switches to the other with Alt-w (its tasks, never the first
//! one's), switches back, and opens the demo sandbox from the same list. Then what needs no
//! sandbox: a profile's token stored, an unknown profile refused.
// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[cfg(feature = "demo")]
use support::{Tmux, tmux_available, wait_exit};
#[cfg(feature = "demo")]
use weeek_api::{Client, ClientConfig, NewTask, Token};
#[cfg(feature = "demo")]
use weeek_sandbox::{DbLocation, Faults, Sandbox, SandboxConfig, SandboxHandle};

#[cfg(feature = "demo")]
const ACME_TASK: &str = "Acme: отгрузка паллет";
#[cfg(feature = "demo")]
const NORDIC_TASK: &str = "Nordic: сверка счетов";

/// A sandbox named `workspace`, answering `token`, whose one task (mine) only it holds.
#[cfg(feature = "demo")]
async fn sandbox(workspace: &str, token: &str, task: &str) -> SandboxHandle {
    let handle = Sandbox::start(
        SandboxConfig {
            token: token.into(),
            db: DbLocation::Memory,
            seed: false,
            now: None,
            faults: Faults::default(),
            tasks: None,
            workspace: Some(workspace.into()),
        },
        ([127, 0, 0, 1], 0).into(),
    )
    .await
    .expect("sandbox");
    let client = Client::new(ClientConfig::new(handle.base_url(), Token::new(token))).unwrap();
    let me = client.me().await.expect("me");
    client
        .create_task(&NewTask {
            title: task.into(),
            assignees: vec![me.id],
            ..NewTask::default()
        })
        .await
        .expect("the task");
    handle
}

fn private(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600)).unwrap();
}

/// A private home whose config has a profile per sandbox: Acme's token in a file of its own,
/// Nordic's in the config file.
fn home(name: &str, acme: &str, nordic: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("weeek-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dir = home.join("config").join("weeek-tui");
    std::fs::create_dir_all(&dir).unwrap();
    let token_file = home.join("acme-token");
    std::fs::write(&token_file, "acme-secret\n").unwrap();
    private(&token_file);
    let config = dir.join("config.toml");
    let text = format!(
        "[profiles.acme]\nbase_url = \"{}\"\ntoken_file = {:?}\n\n\
         [profiles.nordic]\nbase_url = \"{}\"\ntoken = \"nordic-secret\"\n",
        acme,
        token_file.display().to_string(),
        nordic
    );
    std::fs::write(&config, text).unwrap();
    private(&config);
    home
}

/// The header: the profile in use and its workspace's name.
#[cfg(feature = "demo")]
fn header(screen: &str) -> &str {
    screen.lines().next().unwrap_or_default()
}

#[cfg(feature = "demo")]
#[test]
fn switching_workspaces_shows_the_others_tasks_and_back_and_the_demo_from_the_same_list() {
    if !tmux_available() {
        return;
    }
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let (acme, nordic) = rt.block_on(async {
        (
            sandbox("Acme Ltd", "acme-secret", ACME_TASK).await,
            sandbox("Nordic Freight", "nordic-secret", NORDIC_TASK).await,
        )
    });
    let home = home("profiles", &acme.base_url(), &nordic.base_url());
    let t = Tmux::start_with_home(&["--profile", "acme"], 120, 40, Some(home));
    t.wait_until("Acme's tasks", |s| {
        header(s).contains("[acme] Acme Ltd") && s.contains(ACME_TASK) && s.contains("1 of 1 task")
    });

    t.keys(&["M-w"]);
    let list = t.wait_for("nordic");
    assert!(
        list.lines()
            .any(|l| l.contains("acme") && l.contains("Acme Ltd") && l.contains("in use")),
        "{list}"
    );
    assert!(list.contains("not opened yet"), "{list}");
    t.keys(&["Down", "Enter"]);
    let on_nordic = t.wait_until("Nordic's tasks", |s| {
        header(s).contains("[nordic] Nordic Freight") && s.contains(NORDIC_TASK)
    });
    assert!(!on_nordic.contains(ACME_TASK), "{on_nordic}");
    assert!(!on_nordic.contains("Acme Ltd"), "{on_nordic}");

    // Back: Acme's name was kept, and its tasks are shown again, never Nordic's.
    t.keys(&["M-w"]);
    t.wait_until("the list, Acme's name kept", |s| {
        s.lines()
            .any(|l| l.contains("acme") && l.contains("Acme Ltd"))
            && s.lines()
                .any(|l| l.contains("nordic") && l.contains("in use"))
    });
    t.keys(&["Up", "Enter"]);
    let on_acme = t.wait_until("Acme's tasks again", |s| {
        header(s).contains("[acme] Acme Ltd") && s.contains(ACME_TASK)
    });
    assert!(!on_acme.contains(NORDIC_TASK), "{on_acme}");

    // The demo sandbox is one more entry: it starts when chosen.
    t.keys(&["M-w"]);
    t.wait_for("demo sandbox");
    t.keys(&["Down", "Down", "Enter"]);
    let on_demo = t.wait_until("the demo's workspace", |s| {
        // The header is short of room for the workspace's name beside the demo's timer.
        header(s).contains("[demo sandbox]") && s.contains("Релиз 2.4 в App Store")
    });
    assert!(!on_demo.contains(ACME_TASK), "{on_demo}");

    t.keys(&["q"]);
    let after = wait_exit(&t);
    assert!(after.contains("EXIT=0"), "{after}");
    rt.block_on(async {
        acme.shutdown().await;
        nordic.shutdown().await;
    });
}

#[test]
fn an_unknown_profile_stops_the_start_naming_it_and_the_profiles_there_are() {
    let unused = "http://127.0.0.1:9/public/v1";
    let home = home("unknown-profile", unused, unused);
    let out = app_command(&home)
        .env("WEEEK_PROFILE", "acmee")
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("WEEEK_PROFILE=acmee"), "{err}");
    assert!(err.contains("it has acme, nordic"), "{err}");
    std::fs::remove_dir_all(&home).ok();
}

/// The binary with `home` as its home, no token or profile from the caller's environment.
fn app_command(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_weeek-tui"));
    cmd.env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env_remove("WEEEK_TOKEN")
        .env_remove("WEEEK_API_TOKEN")
        .env_remove("WEEEK_BASE_URL")
        .env_remove("WEEEK_PROFILE");
    cmd
}

#[test]
fn set_token_for_a_profile_stores_it_in_its_section_privately_and_never_echoes_it() {
    use std::io::Write;
    use std::os::unix::fs::PermissionsExt;
    let home = std::env::temp_dir().join(format!("weeek-e2e-set-profile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let mut child = app_command(&home)
        .args(["config", "set-token", "--profile", "acme"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"acme-tok-123\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{said}");
    assert!(said.contains("profile \"acme\""), "{said}");
    assert!(!said.contains("acme-tok-123"), "never echoed: {said}");
    let path = home.join("config/weeek-tui/config.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("[profiles.acme]"), "{text}");
    assert!(text.contains("token = \"acme-tok-123\""), "{text}");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "mode {mode:o}");
    // A name that cannot be a profile's is refused before the token is asked for.
    let out = app_command(&home)
        .args(["config", "set-token", "--profile", "../x"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("\"../x\""), "{err}");
    assert!(!err.contains("Paste the token"), "{err}");
    std::fs::remove_dir_all(&home).ok();
}
