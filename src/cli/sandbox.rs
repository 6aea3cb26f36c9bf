//! The flags of the built-in sandbox: `weeek-tui sandbox` and the failure injection it shares
//! with `--demo`. Only in builds with the `demo` feature.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8787", value_name = "ADDR")]
    pub listen: SocketAddr,
    /// SQLite file; created and seeded with the demo workspace when new. In memory when absent.
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Bearer token the sandbox accepts; it shows in `ps` and shell history, so prefer
    /// --token-file or WEEEK_SANDBOX_TOKEN [default: demo-token].
    #[arg(long, value_name = "TOKEN", conflicts_with = "token_file")]
    pub token: Option<String>,
    /// Read the bearer token the sandbox accepts from this file (readable only by you).
    #[arg(long, value_name = "PATH")]
    pub token_file: Option<PathBuf>,
    /// Start with an empty workspace instead of the demo one.
    #[arg(long)]
    pub empty: bool,
    /// The workspace's name, instead of the demo's (only a new database is seeded): two
    /// sandboxes told apart, as two profiles' workspaces are.
    #[arg(long, value_name = "NAME")]
    pub workspace: Option<String>,
    /// Seed this many tasks instead of the demo's few hundred (the same ones on every run),
    /// e.g. for load tests. Only a new database is seeded.
    #[arg(long, value_name = "N", conflicts_with = "empty")]
    pub tasks: Option<usize>,
    #[command(flatten)]
    pub faults: FaultArgs,
}

/// The environment variable the sandbox reads its token from.
pub const SANDBOX_TOKEN_ENV: &str = "WEEEK_SANDBOX_TOKEN";

/// The sandbox's token and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct SandboxToken {
    pub value: String,
    pub source: SandboxTokenSource,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SandboxTokenSource {
    Flag,
    File(PathBuf),
    Env,
    /// Nothing given: the demo token, which is no secret.
    Demo,
}

impl SandboxArgs {
    /// `--token` or `--token-file` (one or the other), then `WEEEK_SANDBOX_TOKEN`, then the demo
    /// token. Flags beat the environment, as everywhere else.
    pub fn resolve_token(
        &self,
        env: impl Fn(&str) -> Option<String>,
    ) -> Result<SandboxToken, String> {
        let (value, source) = if let Some(token) = &self.token {
            (token.trim().to_string(), SandboxTokenSource::Flag)
        } else if let Some(path) = &self.token_file {
            (
                read_token_file(path)?,
                SandboxTokenSource::File(path.clone()),
            )
        } else if let Some(token) = env(SANDBOX_TOKEN_ENV).filter(|t| !t.trim().is_empty()) {
            (token.trim().to_string(), SandboxTokenSource::Env)
        } else {
            (
                weeek_sandbox::demo_token().to_string(),
                SandboxTokenSource::Demo,
            )
        };
        if value.is_empty() {
            return Err("--token is empty".into());
        }
        Ok(SandboxToken { value, source })
    }
}

fn read_token_file(path: &Path) -> Result<String, String> {
    crate::config::check_private(path)?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the token file {}: {e}", path.display()))?;
    let token = text.trim();
    if token.is_empty() {
        return Err(format!("the token file {} is empty", path.display()));
    }
    Ok(token.to_string())
}

impl SandboxToken {
    /// The token as it may be shown: at most its first four characters (and never more than
    /// a quarter of it), and its length.
    pub fn masked(&self) -> String {
        let n = self.value.chars().count();
        let shown: String = self.value.chars().take((n / 4).min(4)).collect();
        format!("{shown}… ({n} characters)")
    }

    /// Where the token came from, in words.
    pub fn source_text(&self) -> String {
        match &self.source {
            SandboxTokenSource::Flag => "--token".to_string(),
            SandboxTokenSource::File(path) => path.display().to_string(),
            SandboxTokenSource::Env => SANDBOX_TOKEN_ENV.to_string(),
            SandboxTokenSource::Demo => "the default".to_string(),
        }
    }

    /// The `Authorization` header for a copyable curl line, without the token itself: the
    /// shell fills it in from the variable or the file it came from.
    pub fn curl_header(&self) -> String {
        match &self.source {
            SandboxTokenSource::Env => {
                format!("-H \"Authorization: Bearer ${SANDBOX_TOKEN_ENV}\"")
            }
            SandboxTokenSource::File(path) => format!(
                "-H \"Authorization: Bearer $(cat {})\"",
                shell_quote(&path.display().to_string())
            ),
            SandboxTokenSource::Flag | SandboxTokenSource::Demo => {
                "-H 'Authorization: Bearer <token>'".to_string()
            }
        }
    }

    /// What `weeek-tui sandbox` prints when it is up.
    pub fn banner(&self, base_url: &str, control_url: &str) -> [String; 3] {
        [
            format!(
                "WEEEK sandbox listening on {base_url} · token {} from {}",
                self.masked(),
                self.source_text()
            ),
            format!(
                "Try: curl {} '{base_url}/tm/tasks?perPage=5&completed=0'",
                self.curl_header()
            ),
            format!("Faults: GET/PUT {control_url} (same token) · Ctrl-C stops"),
        ]
    }
}

/// Single quotes for a POSIX shell, with any single quote inside closed, escaped and reopened.
fn shell_quote(s: &str) -> String {
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// Failure injection, for trying how the app copes with a slow or failing service.
#[derive(Debug, Args, Clone, Default)]
pub struct FaultArgs {
    /// Added latency per request, in milliseconds (sandbox and --demo).
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub latency_ms: u64,
    /// Fraction of requests (0.0 to 1.0) answered with --fail-status (sandbox and --demo).
    #[arg(long, value_name = "RATE", default_value_t = 0.0)]
    pub fail_rate: f64,
    /// Status of injected failures (400 to 599).
    #[arg(
        long,
        value_name = "STATUS",
        default_value_t = 500,
        value_parser = clap::value_parser!(u16).range(400..=599)
    )]
    pub fail_status: u16,
    /// Only fail these methods, comma separated (e.g. POST,PUT,DELETE); all when empty.
    #[arg(long, value_name = "METHODS", value_delimiter = ',')]
    pub fail_methods: Vec<String>,
    /// Whether a failing request is done before its answer is lost.
    #[arg(long, value_name = "MODE", value_enum, default_value_t = FailMode::Refuse)]
    pub fail_mode: FailMode,
}

/// What an injected failure does with the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, ValueEnum)]
pub enum FailMode {
    /// Refused before the service sees it: nothing is done.
    #[default]
    Refuse,
    /// Done, then answered with --fail-status instead.
    ApplyThenStatus,
    /// Done, then the connection breaks halfway through the answer.
    ApplyThenCut,
    /// Done, then answered 200 with half of its JSON.
    ApplyThenGarble,
}

impl FaultArgs {
    pub fn to_faults(&self) -> weeek_sandbox::Faults {
        weeek_sandbox::Faults {
            latency_ms: self.latency_ms,
            failure_rate: self.fail_rate.clamp(0.0, 1.0),
            failure_status: self.fail_status,
            failure_methods: self
                .fail_methods
                .iter()
                .map(|m| m.trim().to_ascii_uppercase())
                .filter(|m| !m.is_empty())
                .collect(),
            failure_mode: match self.fail_mode {
                FailMode::Refuse => weeek_sandbox::FailureMode::Refuse,
                FailMode::ApplyThenStatus => weeek_sandbox::FailureMode::ApplyThenStatus,
                FailMode::ApplyThenCut => weeek_sandbox::FailureMode::ApplyThenCut,
                FailMode::ApplyThenGarble => weeek_sandbox::FailureMode::ApplyThenGarble,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("weeek-tui").chain(args.iter().copied()))
    }

    #[test]
    fn an_injected_failure_status_must_be_a_failure() {
        for bad in ["200", "302", "399", "600"] {
            assert!(parse(&["--demo", "--fail-status", bad]).is_err(), "{bad}");
            assert!(parse(&["sandbox", "--fail-status", bad]).is_err(), "{bad}");
        }
        let cli = parse(&["sandbox", "--fail-status", "503"]).expect("a failure status");
        let Some(Command::Sandbox(args)) = cli.command else {
            panic!("the sandbox command");
        };
        assert_eq!(args.faults.to_faults().failure_status, 503);
    }

    const SECRET: &str = "sbx-Zq9xW7-never-print-me";

    fn sandbox_args(args: &[&str]) -> SandboxArgs {
        let mut all = vec!["sandbox"];
        all.extend_from_slice(args);
        match parse(&all).expect("valid flags").command {
            Some(Command::Sandbox(args)) => args,
            other => panic!("not the sandbox command: {other:?}"),
        }
    }

    fn env_with(value: &str) -> impl Fn(&str) -> Option<String> + '_ {
        move |k| (k == SANDBOX_TOKEN_ENV).then(|| value.to_string())
    }

    /// A private file holding `text`, named after the test so tests never share one.
    fn token_file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("weeek-sbx-{name}-{}", std::process::id()));
        std::fs::write(&path, text).expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        }
        path
    }

    #[test]
    fn the_sandbox_token_comes_from_a_flag_then_the_environment_then_the_default() {
        let file = token_file("order", &format!("{SECRET}-file\n"));
        let file_flag = file.display().to_string();

        let t = sandbox_args(&["--token", "from-flag"])
            .resolve_token(env_with("from-env"))
            .expect("token");
        assert_eq!(
            (t.value.as_str(), &t.source),
            ("from-flag", &SandboxTokenSource::Flag)
        );
        let t = sandbox_args(&["--token-file", &file_flag])
            .resolve_token(env_with("from-env"))
            .expect("token");
        assert_eq!(t.value, format!("{SECRET}-file"));
        assert_eq!(t.source, SandboxTokenSource::File(file.clone()));
        let t = sandbox_args(&[])
            .resolve_token(env_with("from-env"))
            .expect("token");
        assert_eq!(
            (t.value.as_str(), &t.source),
            ("from-env", &SandboxTokenSource::Env)
        );
        for env in ["", "  "] {
            let t = sandbox_args(&[])
                .resolve_token(env_with(env))
                .expect("token");
            assert_eq!(t.value, weeek_sandbox::demo_token());
            assert_eq!(t.source, SandboxTokenSource::Demo);
        }
        // One flag or the other, not both.
        assert!(parse(&["sandbox", "--token", "a", "--token-file", &file_flag]).is_err());
        assert!(
            sandbox_args(&["--token", " "])
                .resolve_token(|_| None)
                .is_err()
        );
        std::fs::remove_file(&file).ok();
    }

    #[test]
    fn a_sandbox_token_file_must_be_private_and_not_empty() {
        let missing = std::env::temp_dir().join("weeek-sbx-no-such-file");
        let err = sandbox_args(&["--token-file", &missing.display().to_string()])
            .resolve_token(|_| None)
            .unwrap_err();
        assert!(err.contains("weeek-sbx-no-such-file"), "{err}");

        let empty = token_file("empty", " \n");
        let err = sandbox_args(&["--token-file", &empty.display().to_string()])
            .resolve_token(|_| None)
            .unwrap_err();
        assert!(err.contains("is empty"), "{err}");
        std::fs::remove_file(&empty).ok();

        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let open = token_file("open", SECRET);
            std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o644)).expect("chmod");
            let err = sandbox_args(&["--token-file", &open.display().to_string()])
                .resolve_token(|_| None)
                .unwrap_err();
            assert!(err.contains("chmod 600") && !err.contains(SECRET), "{err}");
            std::fs::remove_file(&open).ok();
        }
    }

    #[test]
    fn the_start_up_lines_never_show_the_token() {
        let base = "http://127.0.0.1:8787/public/v1";
        let control = "http://127.0.0.1:8787/__sandbox/faults";
        let sources = [
            SandboxTokenSource::Flag,
            SandboxTokenSource::Env,
            SandboxTokenSource::File(PathBuf::from("/home/a/it's here")),
            SandboxTokenSource::Demo,
        ];
        for source in sources {
            let token = SandboxToken {
                value: SECRET.into(),
                source: source.clone(),
            };
            let lines = token.banner(base, control).join("\n");
            assert!(!lines.contains(SECRET), "{lines}");
            assert!(lines.contains("sbx-… (25 characters)"), "{lines}");
            assert!(lines.contains(base) && lines.contains(control), "{lines}");
        }
        let via_env = SandboxToken {
            value: SECRET.into(),
            source: SandboxTokenSource::Env,
        };
        assert_eq!(
            via_env.curl_header(),
            "-H \"Authorization: Bearer $WEEEK_SANDBOX_TOKEN\""
        );
        let via_file = SandboxToken {
            value: SECRET.into(),
            source: SandboxTokenSource::File(PathBuf::from("/home/a/it's here")),
        };
        assert_eq!(
            via_file.curl_header(),
            r#"-H "Authorization: Bearer $(cat '/home/a/it'\''s here')""#
        );
        // A short token shows nothing of itself, only its length.
        let short = SandboxToken {
            value: "abc".into(),
            source: SandboxTokenSource::Flag,
        };
        assert_eq!(short.masked(), "… (3 characters)");
        assert_eq!(
            SandboxToken {
                value: weeek_sandbox::demo_token().into(),
                source: SandboxTokenSource::Demo
            }
            .masked(),
            "de… (10 characters)"
        );
    }
}
