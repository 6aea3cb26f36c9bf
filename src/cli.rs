//! Command-line flags. The app deliberately has no `--token`: tokens typed in argv end up in
//! shell history and in `ps`. Only the sandbox keeps one, for scripts.

pub mod progress_line;
#[cfg(feature = "demo")]
mod sandbox;
pub mod store;

use std::path::PathBuf;

use clap::{Parser, Subcommand};
#[cfg(feature = "demo")]
pub use sandbox::{
    FailMode, FaultArgs, SANDBOX_TOKEN_ENV, SandboxArgs, SandboxToken, SandboxTokenSource,
};

/// Said when the demo or the sandbox is asked of a build without them.
#[cfg(not(feature = "demo"))]
pub const NO_SANDBOX: &str = "this build has no built-in sandbox (it was built without the \
                              `demo` feature): --demo and `weeek-tui sandbox` are not available";

#[derive(Debug, Parser)]
#[command(
    name = "weeek-tui",
    version,
    about = "Triage WEEEK tasks, browse CRM funnels and enter contacts from the terminal"
)]
pub struct Cli {
    /// Run against a built-in sandbox with a demo workspace: no account needed.
    // Kept, hidden, in builds without the sandbox, so asking for it gets a clear answer.
    #[arg(long, hide = cfg!(not(feature = "demo")))]
    pub demo: bool,

    /// Start on this profile of the config file (`[profiles.NAME]`): its workspace, token and
    /// drafts. WEEEK_PROFILE picks one too; `default` is the top-level settings. Alt-w
    /// switches to another while the app runs.
    #[arg(long, value_name = "NAME", conflicts_with = "demo")]
    pub profile: Option<String>,

    /// API base URL, ending in /public/v1 (WEEEK_BASE_URL sets it too). For the top-level
    /// settings: a profile's is in its section of the config file.
    // Read from the environment by the config, not here: a profile refuses the flag but takes
    // no notice of the variable, so the two must be told apart.
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,

    /// Read the token from this file (it must not be readable by group or others). For the
    /// top-level settings: a profile's token is in its section of the config file.
    #[arg(long, value_name = "PATH")]
    pub token_file: Option<PathBuf>,

    /// Leave the mouse to the terminal (keeps its own text selection working).
    #[arg(long)]
    pub no_mouse: bool,

    /// With --demo: seed this many tasks instead of the demo's few hundred (the same ones on
    /// every run), to try the app on a large workspace. Only a new demo workspace is seeded:
    /// add --reset to replace the one kept from earlier runs.
    #[cfg(feature = "demo")]
    #[arg(long, value_name = "N", requires = "demo")]
    pub tasks: Option<usize>,

    /// With --demo: start afresh. The demo keeps its workspace and its local store from one
    /// run to the next; this removes both first.
    #[cfg(feature = "demo")]
    #[arg(long, requires = "demo")]
    pub reset: bool,

    #[cfg(feature = "demo")]
    #[command(flatten)]
    pub demo_faults: FaultArgs,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the local emulator of the service alone.
    #[cfg(feature = "demo")]
    Sandbox(SandboxArgs),
    /// Builds without the sandbox take the command only to say it is not there.
    #[cfg(not(feature = "demo"))]
    #[command(hide = true)]
    Sandbox {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
        args: Vec<String>,
    },
    /// Show or change the configuration.
    #[command(subcommand, after_long_help = crate::config::FILE_HELP)]
    Config(ConfigCommand),
    /// Where this account's local store is, or remove it. The store keeps what the app has
    /// read from the service (never the token), so that it starts from what it last saw.
    #[command(subcommand)]
    Store(StoreCommand),
    /// Read every task, deal, contact and organization into the local store, and say what
    /// changed since the last sync.
    Sync,
}

#[derive(Debug, Subcommand)]
pub enum StoreCommand {
    /// Print the path of this account's local store.
    Path,
    /// Remove this account's local store (it asks first).
    Clear {
        /// Remove it without asking.
        #[arg(long)]
        yes: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print the path of the configuration file.
    Path,
    /// Read a token from standard input and store it in the configuration file (mode 0600).
    SetToken {
        /// Store it as this profile's token (`[profiles.NAME]`, made if missing).
        #[arg(long, value_name = "NAME")]
        profile: Option<String>,
    },
    /// Print every key binding in effect (the defaults with the file's [keys] section):
    /// context, key, command id and description.
    Keys,
}
