//! Command-line flags. There is deliberately no `--token`: tokens typed in argv end up in shell
//! history and in `ps`.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "weeek-tui",
    version,
    about = "Triage WEEEK tasks, browse CRM funnels and enter contacts from the terminal"
)]
pub struct Cli {
    /// Run against a built-in sandbox with a demo workspace: no account needed.
    #[arg(long)]
    pub demo: bool,

    /// API base URL, ending in /public/v1.
    #[arg(long, env = "WEEEK_BASE_URL", value_name = "URL")]
    pub base_url: Option<String>,

    /// Read the token from this file (it must not be readable by group or others).
    #[arg(long, value_name = "PATH")]
    pub token_file: Option<PathBuf>,

    /// Leave the mouse to the terminal (keeps its own text selection working).
    #[arg(long)]
    pub no_mouse: bool,

    #[command(flatten)]
    pub demo_faults: FaultArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the local emulator of the service alone.
    Sandbox(SandboxArgs),
    /// Show or change the configuration.
    #[command(subcommand)]
    Config(ConfigCommand),
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print the path of the configuration file.
    Path,
    /// Read a token from standard input and store it in the configuration file (mode 0600).
    SetToken,
}

#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8787", value_name = "ADDR")]
    pub listen: SocketAddr,
    /// SQLite file; created and seeded with the demo workspace when new. In memory when absent.
    #[arg(long, value_name = "FILE")]
    pub db: Option<PathBuf>,
    /// Bearer token the sandbox accepts.
    #[arg(
        long,
        env = "WEEEK_SANDBOX_TOKEN",
        default_value = "demo-token",
        hide_env_values = true
    )]
    pub token: String,
    /// Start with an empty workspace instead of the demo one.
    #[arg(long)]
    pub empty: bool,
    #[command(flatten)]
    pub faults: FaultArgs,
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
    /// Status of injected failures.
    #[arg(long, value_name = "STATUS", default_value_t = 500)]
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
