use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
use weeek_api::{Client, Token};
#[cfg(feature = "demo")]
use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};
#[cfg(feature = "demo")]
use weeek_tui::cli::SandboxArgs;
use weeek_tui::cli::{Cli, Command, ConfigCommand, StoreCommand};
use weeek_tui::config::{self, Paths};
use weeek_tui::store::StoreLocation;
use weeek_tui::{app::App, logging, runtime::Runtime, terminal::TerminalGuard, ui::theme::Theme};

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Read before any thread starts: the local offset cannot be read safely afterwards.
    let offset = time::UtcOffset::current_local_offset().unwrap_or(time::UtcOffset::UTC);
    let paths = match Paths::discover() {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let _log = logging::init(&paths.log_dir);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => return fail(&format!("cannot start: {e}")),
    };
    let result = match cli.command {
        Some(Command::Config(ConfigCommand::Path)) => {
            println!("{}", paths.config_file.display());
            Ok(None)
        }
        Some(Command::Config(ConfigCommand::SetToken)) => set_token(&paths).map(|()| None),
        Some(Command::Config(ConfigCommand::Keys)) => print_keys(&paths).map(|()| None),
        Some(Command::Store(ref command)) => store_command(&cli, &paths, command).map(|()| None),
        Some(Command::Sync) => runtime.block_on(run_sync(&cli, &paths)).map(|()| None),
        #[cfg(feature = "demo")]
        Some(Command::Sandbox(ref args)) => runtime.block_on(run_sandbox(args)).map(|()| None),
        #[cfg(not(feature = "demo"))]
        Some(Command::Sandbox { .. }) => Err(weeek_tui::cli::NO_SANDBOX.to_string()),
        None => runtime.block_on(run_app(&cli, &paths, offset)),
    };
    match result {
        Ok(None) => ExitCode::SUCCESS,
        // Ended by a signal: the shell's convention, 128 + its number (130 for SIGINT).
        Ok(Some(signal)) => ExitCode::from(u8::try_from(128 + signal).unwrap_or(1)),
        Err(e) => fail(&e),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("weeek-tui: {message}");
    ExitCode::from(2)
}

fn set_token(paths: &Paths) -> Result<(), String> {
    eprintln!("Paste the token and press Enter (Ctrl-D when done):");
    let mut token = String::new();
    std::io::stdin()
        .read_to_string(&mut token)
        .map_err(|e| format!("cannot read the token: {e}"))?;
    if token.trim().is_empty() {
        return Err("no token given".into());
    }
    config::store_token(&paths.config_file, &token)?;
    eprintln!(
        "Stored in {} (readable only by you).",
        paths.config_file.display()
    );
    Ok(())
}

fn print_keys(paths: &Paths) -> Result<(), String> {
    let file = config::load_file(&paths.config_file)?;
    let keymap = config::keymap(&file, &paths.config_file)?;
    print!("{}", keymap.listing());
    Ok(())
}

/// The account the flags, the environment and the config file name: its base URL and token,
/// and where its store is (the demo's own, with `--demo`).
fn account(cli: &Cli, paths: &Paths) -> Result<(String, Token, StoreLocation), String> {
    if cli.demo {
        let token = demo_token()?;
        let location = StoreLocation::demo(&paths.data_dir_for(true), &token)?;
        return Ok(("demo sandbox".into(), token, location));
    }
    let file = config::load_file(&paths.config_file)?;
    let conn = config::resolve_connection(
        cli.base_url.as_deref(),
        cli.token_file.as_deref(),
        |k| std::env::var(k).ok(),
        &file,
        &paths.config_file,
    )?;
    let location = StoreLocation::for_account(&paths.data_dir, &conn.base_url, &conn.token)?;
    Ok((conn.base_url, conn.token, location))
}

#[cfg(feature = "demo")]
fn demo_token() -> Result<Token, String> {
    Ok(Token::new(weeek_sandbox::demo_token()))
}

#[cfg(not(feature = "demo"))]
fn demo_token() -> Result<Token, String> {
    Err(weeek_tui::cli::NO_SANDBOX.to_string())
}

fn store_command(cli: &Cli, paths: &Paths, command: &StoreCommand) -> Result<(), String> {
    let (_, _, location) = account(cli, paths)?;
    match command {
        StoreCommand::Path => {
            let (path, note) = weeek_tui::cli::store::path(&location);
            println!("{path}");
            if let Some(note) = note {
                eprintln!("{note}");
            }
            Ok(())
        }
        StoreCommand::Clear { yes } => weeek_tui::cli::store::clear(
            &location,
            *yes,
            weeek_tui::cli::store::ask_on_terminal,
            &mut std::io::stdout(),
        ),
    }
}

async fn run_sync(cli: &Cli, paths: &Paths) -> Result<(), String> {
    let (base_url, token, location) = account(cli, paths)?;
    let file = config::load_file(&paths.config_file)?;
    // The demo's sandbox lives as long as this function.
    let mut _sandbox = None;
    let (base_url, token) = if cli.demo {
        let (handle, url, token) = start_demo(cli).await?;
        _sandbox = Some(handle);
        (url, token)
    } else {
        (base_url, token)
    };
    let config =
        weeek_tui::sync::SyncOptions::client_config(config::client_config(base_url, token, &file));
    let client = Client::new(config).map_err(|e| e.to_string())?;
    let report = weeek_tui::cli::store::sync(&client, &location).await?;
    for line in report.lines() {
        println!("{line}");
    }
    if report.is_complete() {
        Ok(())
    } else {
        Err("the sync did not read or keep everything (see above); run it again later".into())
    }
}

#[cfg(feature = "demo")]
async fn run_sandbox(args: &SandboxArgs) -> Result<(), String> {
    let token = args.resolve_token(|k| std::env::var(k).ok())?;
    let config = SandboxConfig {
        token: token.value.clone(),
        db: match &args.db {
            Some(p) => DbLocation::File(p.clone()),
            None => DbLocation::Memory,
        },
        seed: !args.empty,
        now: None,
        faults: args.faults.to_faults(),
        tasks: args.tasks,
    };
    let handle = Sandbox::start(config, args.listen)
        .await
        .map_err(|e| format!("sandbox: {e}"))?;
    let control = format!("http://{}/__sandbox/faults", handle.addr());
    for line in token.banner(&handle.base_url(), &control) {
        println!("{line}");
    }
    let _ = tokio::signal::ctrl_c().await;
    handle.shutdown().await;
    Ok(())
}

/// The sandbox of `--demo`, kept alive while the app runs against it.
#[cfg(feature = "demo")]
type DemoSandbox = weeek_sandbox::SandboxHandle;
#[cfg(not(feature = "demo"))]
type DemoSandbox = std::convert::Infallible;

/// Starts the demo's sandbox: it, its base URL and its token.
#[cfg(feature = "demo")]
async fn start_demo(cli: &Cli) -> Result<(DemoSandbox, String, Token), String> {
    let config = SandboxConfig {
        token: weeek_sandbox::demo_token().to_string(),
        db: DbLocation::Memory,
        seed: true,
        now: None,
        faults: cli.demo_faults.to_faults(),
        tasks: cli.tasks,
    };
    let handle = Sandbox::start(config, ([127, 0, 0, 1], 0).into())
        .await
        .map_err(|e| format!("could not start the demo sandbox: {e}"))?;
    let url = handle.base_url();
    Ok((handle, url, Token::new(weeek_sandbox::demo_token())))
}

#[cfg(not(feature = "demo"))]
async fn start_demo(_: &Cli) -> Result<(DemoSandbox, String, Token), String> {
    Err(weeek_tui::cli::NO_SANDBOX.to_string())
}

/// Runs the app; `Some(n)` when signal `n` ended it.
async fn run_app(cli: &Cli, paths: &Paths, offset: time::UtcOffset) -> Result<Option<i32>, String> {
    let file = config::load_file(&paths.config_file)?;
    // A bad [keys] section stops the start here, said on a terminal still as it was.
    let keymap = config::keymap(&file, &paths.config_file)?;
    // So does a saved view that cannot be read (its dates read as of today).
    let today = time::OffsetDateTime::now_utc().to_offset(offset).date();
    let views_file = paths.views_file(cli.demo);
    let views = if views_file == paths.config_file {
        config::views(&file, &views_file, today)?
    } else {
        config::views(&config::load_file(&views_file)?, &views_file, today)?
    };
    // The demo's sandbox lives as long as this function.
    let mut _sandbox = None;
    let (base_url, token, source) = if cli.demo {
        let (handle, url, token) = start_demo(cli).await?;
        _sandbox = Some(handle);
        (url, token, None)
    } else {
        let conn = config::resolve_connection(
            cli.base_url.as_deref(),
            cli.token_file.as_deref(),
            |k| std::env::var(k).ok(),
            &file,
            &paths.config_file,
        )?;
        tracing::info!(source = ?conn.source, "token found");
        (conn.base_url, conn.token, Some(conn.source))
    };
    let client = Client::new(config::client_config(base_url.clone(), token, &file))
        .map_err(|e| e.to_string())?;
    let endpoint = if cli.demo {
        "demo sandbox".to_string()
    } else {
        base_url.clone()
    };
    let mouse = !cli.no_mouse && file.mouse.unwrap_or(true);
    let (guard, mut terminal) =
        TerminalGuard::enter(mouse).map_err(|e| format!("terminal: {e}"))?;
    let size = terminal
        .size()
        .map(|s| (s.width, s.height))
        .unwrap_or((80, 24));
    let data_dir = paths.data_dir_for(cli.demo);
    let mut app = App::new(data_dir.clone(), endpoint, size);
    app.funnels.load_draft();
    app.tasks.forms.load_draft();
    app.tasks.views = weeek_tui::tasks::views::SavedViews::load(views, views_file, &data_dir);
    app.contacts = weeek_tui::contacts::ContactsState::load(data_dir);
    app.keymap = keymap;
    app.utc_offset = offset;
    app.tasks.editor = weeek_tui::tasks::description::editor_from_env();
    app.token_source = source;
    let result = Runtime::new(offset, Theme::from_env())
        .run(app, client, &mut terminal)
        .await;
    drop(guard);
    result.map_err(|e| format!("terminal: {e}"))
}
