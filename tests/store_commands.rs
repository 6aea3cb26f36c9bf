//! `weeek-tui store path`, `sync` and `store clear` as a user runs them: the binary, its own
//! directories in a scratch home, a sandbox on loopback.
#![cfg(feature = "demo")]
// Helpers of a test: a failure to run the binary fails the test, with the reason.
#![allow(clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};

const TOKEN: &str = "store-e2e-secret-token";

fn run(home: &Path, base_url: &str, args: &[&str], stdin: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_STATE_HOME", home.join("state"))
        .env("WEEEK_BASE_URL", base_url)
        .env("WEEEK_TOKEN", TOKEN)
        .env_remove("WEEEK_API_TOKEN")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin.as_bytes())
        .expect("stdin written");
    child.wait_with_output().expect("it ends")
}

fn text(out: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn path_sync_and_clear_act_on_this_accounts_store() {
    let sandbox = Sandbox::start(
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
    )
    .await
    .expect("sandbox");
    let url = sandbox.base_url();
    let home = tempfile::tempdir().expect("home");
    let home = home.path().to_path_buf();
    let blocking = |args: &'static [&'static str], stdin: &'static str| {
        let (home, url) = (home.clone(), url.clone());
        tokio::task::spawn_blocking(move || run(&home, &url, args, stdin))
    };

    let out = blocking(&["store", "path"], "").await.unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stderr}");
    let path = PathBuf::from(stdout.trim());
    assert!(
        path.starts_with(home.join("data/weeek-tui/stores")),
        "{stdout}"
    );
    assert!(
        !stdout.contains(TOKEN) && !stdout.contains("secret"),
        "{stdout}"
    );
    assert!(stderr.contains("no store there yet"), "{stderr}");

    let out = blocking(&["sync"], "").await.unwrap();
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.starts_with("Read "), "{stdout}");
    assert!(
        stdout.contains("\nTasks: ") && stdout.contains(" read."),
        "{stdout}"
    );
    // Progress on stderr, as plain lines: it is no terminal here.
    assert!(
        stderr.contains("Syncing") && !stderr.contains('\r'),
        "{stderr}"
    );
    assert!(path.exists());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
    let bytes = std::fs::read(&path).unwrap();
    let needle = TOKEN.as_bytes();
    assert!(
        !bytes.windows(needle.len()).any(|w| w == needle),
        "the store holds no token"
    );

    let out = blocking(&["sync"], "").await.unwrap();
    let (stdout, _) = text(&out);
    assert!(stdout.contains("Tasks: no change."), "{stdout}");

    let out = blocking(&["store", "clear"], "n\n").await.unwrap();
    let (stdout, stderr) = text(&out);
    assert!(stderr.contains("Remove the local store at"), "{stderr}");
    assert!(stdout.contains("Kept the local store."), "{stdout}");
    assert!(path.exists());

    let out = blocking(&["store", "clear", "--yes"], "").await.unwrap();
    let (stdout, _) = text(&out);
    assert!(out.status.success());
    assert!(stdout.starts_with("Removed the local store ("), "{stdout}");
    assert!(!path.exists());
    sandbox.shutdown().await;
}

#[test]
fn another_token_has_another_store() {
    let home = tempfile::tempdir().expect("home");
    let out = run(
        home.path(),
        "https://api.weeek.net/public/v1",
        &["store", "path"],
        "",
    );
    let first = text(&out).0;
    let other = Command::new(env!("CARGO_BIN_EXE_weeek-tui"))
        .args(["store", "path"])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join("config"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("WEEEK_BASE_URL", "https://api.weeek.net/public/v1")
        .env("WEEEK_TOKEN", "another-token")
        .output()
        .expect("runs");
    let second = String::from_utf8_lossy(&other.stdout).into_owned();
    assert!(!first.trim().is_empty() && !second.trim().is_empty());
    assert_ne!(first, second);
}
