//! Drives the real binary in a private tmux server: keys in, screen text out. Every wait
//! polls the screen until its condition holds or a deadline passes; nothing sleeps blindly.

// Helpers of the tests: a panic here is a failed test, as in the tests themselves.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// How long any wait may take before the test fails: generous, as CI machines are slow.
pub const DEADLINE: Duration = Duration::from_secs(30);

pub struct Tmux {
    socket: String,
    pub session: String,
    /// A private HOME: config, drafts and logs of this test only.
    pub home: PathBuf,
}

/// False (with a note) when tmux is missing on a developer's machine, so the other tests
/// still run; under CI a missing tmux is a failure, never a silent skip.
pub fn tmux_available() -> bool {
    let found = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("CI").is_none(),
            "tmux is required for the end-to-end tests under CI"
        );
        // Straight to the process's stderr: the test harness captures `eprintln!` of a test
        // that passes, and a skip nobody sees reads as a pass.
        let _ = writeln!(
            std::io::stderr(),
            "tmux not found: end-to-end test skipped (install tmux to run it)"
        );
    }
    found
}

impl Tmux {
    /// Starts `weeek-tui ARGS` in a `width`x`height` pane. The pane stays after the app exits
    /// and then shows `EXIT=<code>` followed by the terminal's `stty -a`.
    pub fn start(args: &[&str], width: u16, height: u16) -> Tmux {
        Self::start_with_home(args, width, height, None)
    }

    pub fn start_with_home(args: &[&str], width: u16, height: u16, home: Option<PathBuf>) -> Tmux {
        Self::start_with_env(args, width, height, home, &[])
    }

    /// As `start_with_home`, with variables set for the app (`EDITOR`, …).
    pub fn start_with_env(
        args: &[&str],
        width: u16,
        height: u16,
        home: Option<PathBuf>,
        env: &[(&str, &str)],
    ) -> Tmux {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let id = format!("weeek-e2e-{}-{n}", std::process::id());
        let home = home.unwrap_or_else(|| {
            let h = std::env::temp_dir().join(&id);
            let _ = std::fs::remove_dir_all(&h);
            std::fs::create_dir_all(&h).expect("temp home");
            h
        });
        let bin = env!("CARGO_BIN_EXE_weeek-tui");
        let quoted: Vec<String> = args.iter().map(|a| shell_quote(a)).collect();
        let script = format!(
            "export HOME={home} XDG_CONFIG_HOME={home}/config XDG_DATA_HOME={home}/data XDG_STATE_HOME={home}/state TERM=xterm-256color; \
             unset WEEEK_TOKEN WEEEK_API_TOKEN WEEEK_BASE_URL WEEEK_PROFILE NO_COLOR VISUAL EDITOR; {env} \
             {bin} {args}; echo EXIT=$?; stty -a; echo STTY-END; sleep 600",
            env = env
                .iter()
                .map(|(k, v)| format!("export {k}={};", shell_quote(v)))
                .collect::<String>(),
            home = shell_quote(&home.display().to_string()),
            bin = shell_quote(bin),
            args = quoted.join(" "),
        );
        let t = Tmux {
            socket: id.clone(),
            session: id,
            home,
        };
        let out = t.tmux(&[
            "new-session",
            "-d",
            "-s",
            &t.session,
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "bash",
            "--norc",
            "--noprofile",
            "-c",
            &script,
        ]);
        assert!(
            out.status.success(),
            "tmux failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        t
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("-f")
            .arg("/dev/null")
            .args(args)
            .output()
            .expect("tmux is installed")
    }

    /// The pane's text now.
    pub fn screen(&self) -> String {
        let out = self.tmux(&["capture-pane", "-p", "-t", &self.session]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The pane with colour escapes, for checks on styling.
    pub fn screen_with_colors(&self) -> String {
        let out = self.tmux(&["capture-pane", "-p", "-e", "-t", &self.session]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Waits until `cond` holds for the screen; panics with the last screen otherwise.
    pub fn wait_until(&self, what: &str, cond: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if cond(&s) {
                return s;
            }
            if start.elapsed() > DEADLINE {
                panic!("timed out waiting for {what}; screen was:\n{s}");
            }
            std::thread::park_timeout(Duration::from_millis(50));
        }
    }

    pub fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    pub fn wait_gone(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?} to disappear"), |s| !s.contains(text))
    }

    /// Searches the task list for `title`, waits until that task is alone in it and opens
    /// its detail.
    pub fn open_alone(&self, title: &str) {
        self.wait_for("loaded");
        self.keys(&["/"]);
        self.type_text(title);
        self.keys(&["Enter"]);
        self.wait_until(&format!("{title:?} alone in the list"), |s| {
            s.contains("1 of 1 task") && s.contains(title)
        });
        self.keys(&["p"]);
        self.wait_for("Task #");
    }

    /// Key names as tmux knows them: `Enter`, `Escape`, `C-s`, `j`, …
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.session];
        args.extend_from_slice(keys);
        let out = self.tmux(&args);
        assert!(out.status.success());
    }

    /// Literal text, UTF-8 included.
    pub fn type_text(&self, text: &str) {
        let out = self.tmux(&["send-keys", "-t", &self.session, "-l", "--", text]);
        assert!(out.status.success());
    }

    /// A left click on a cell (0-based, as the app counts), sent as a terminal with mouse
    /// reporting on sends it (SGR encoding, which the app asks for).
    pub fn click(&self, column: u16, row: u16) {
        let sequence = format!("\x1b[<0;{};{}M", column + 1, row + 1);
        let bytes: Vec<String> = sequence.bytes().map(|b| format!("{b:02x}")).collect();
        let mut args = vec!["send-keys", "-t", &self.session, "-H"];
        args.extend(bytes.iter().map(String::as_str));
        let out = self.tmux(&args);
        assert!(out.status.success());
    }

    /// A tmux format of the pane (`alternate_on`, `mouse_any_flag`, …).
    pub fn pane_format(&self, format: &str) -> String {
        let out = self.tmux(&["display-message", "-p", "-t", &self.session, format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Sends `signal` (`-INT`, `-9`, …) to the app.
    pub fn kill(&self, signal: &str) {
        let pid = self.app_pid().expect("the app's pid");
        let killed = Command::new("kill")
            .args([signal, &pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success(), "kill {signal} {pid}");
    }

    /// Closes the terminal under the app, as closing a terminal window does: the tmux server
    /// and its panes go away.
    pub fn close_terminal(&self) {
        let _ = self.tmux(&["kill-server"]);
    }

    /// The app's process id (the child of the pane's shell).
    pub fn app_pid(&self) -> Option<u32> {
        let out = self.tmux(&["display-message", "-p", "-t", &self.session, "#{pane_pid}"]);
        let shell: u32 = String::from_utf8_lossy(&out.stdout).trim().parse().ok()?;
        let children =
            std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).ok()?;
        children.split_whitespace().next()?.parse().ok()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Whether process `pid` is still running (a zombie waiting to be reaped has ended).
pub fn process_running(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
        stat.rsplit(')')
            .next()
            .and_then(|rest| rest.split_whitespace().next())
            != Some("Z")
    })
}

/// The exit line and `stty -a` output, once the app has exited and `stty` has printed all of it
/// (its first line alone can be on screen before the rest).
pub fn wait_exit(t: &Tmux) -> String {
    t.wait_until("the app to exit", |s| {
        s.contains("EXIT=") && s.contains("STTY-END")
    })
}

/// A private HOME holding `config` as its config file, where the app looks for it.
pub fn home_with_config(name: &str, config: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("weeek-e2e-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let dir = home.join("config").join("weeek-tui");
    std::fs::create_dir_all(&dir).expect("config dir");
    std::fs::write(dir.join("config.toml"), config).expect("config file");
    home
}
