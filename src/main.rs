use std::io::Read;
use std::process::ExitCode;

use clap::Parser;
#[cfg(feature = "demo")]
use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};
#[cfg(feature = "demo")]
use weeek_tui::cli::SandboxArgs;
use weeek_tui::cli::{Cli, Command, ConfigCommand, StoreCommand};
use weeek_tui::config::{self, Paths};
use weeek_tui::workspaces::Workspaces;
use weeek_tui::{logging, runtime::Runtime, terminal::TerminalGuard, ui::theme::Theme};

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
        Some(Command::Config(ConfigCommand::SetToken { ref profile })) => {
            set_token(&paths, profile.as_deref()).map(|()| None)
        }
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

/// Stores a token read from standard input: the top level's, or profile `profile`'s
/// (`default` is the top level's, as with `--profile`).
fn set_token(paths: &Paths, profile: Option<&str>) -> Result<(), String> {
    let profile = profile
        .map(str::trim)
        .filter(|p| *p != config::DEFAULT_PROFILE);
    if let Some(name) = profile {
        // A bad name is said before the token is typed.
        config::check_profile_name(name)?;
    }
    eprintln!("Paste the token and press Enter (Ctrl-D when done):");
    let mut token = String::new();
    std::io::stdin()
        .read_to_string(&mut token)
        .map_err(|e| format!("cannot read the token: {e}"))?;
    if token.trim().is_empty() {
        return Err("no token given".into());
    }
    let path = &paths.config_file;
    match profile {
        Some(name) => {
            config::store_profile_token(path, name, &token)?;
            eprintln!(
                "Stored the token of profile {name:?} in {} (readable only by you).",
                path.display()
            );
            let file = config::load_file(path)?;
            if let Some(other) = file.profile(name, path)?.token_file.as_ref() {
                eprintln!(
                    "Note: the profile also names token_file {}, which is read instead.",
                    other.display()
                );
            }
        }
        None => {
            config::store_token(path, &token)?;
            eprintln!("Stored in {} (readable only by you).", path.display());
        }
    }
    Ok(())
}

fn print_keys(paths: &Paths) -> Result<(), String> {
    let file = config::load_file(&paths.config_file)?;
    let keymap = config::keymap(&file, &paths.config_file)?;
    print!("{}", keymap.listing());
    Ok(())
}

/// The workspaces of the config file and the one the flags and the environment pick (the
/// demo's with `--demo`), as the app would start on it.
fn workspaces(cli: &Cli, paths: &Paths) -> Result<(Workspaces, config::WorkspaceId), String> {
    let file = config::load_file(&paths.config_file)?;
    let env = |k: &str| std::env::var(k).ok();
    let start = config::pick_start(
        cli.demo,
        cli.profile.as_deref(),
        env,
        &file,
        &paths.config_file,
    )?;
    let flags = config::ConnectionFlags {
        base_url: cli.base_url.clone(),
        token_file: cli.token_file.clone(),
    };
    Ok((
        Workspaces::new(paths.clone(), file, flags, Box::new(env)),
        start,
    ))
}

fn store_command(cli: &Cli, paths: &Paths, command: &StoreCommand) -> Result<(), String> {
    let (workspaces, start) = workspaces(cli, paths)?;
    let location = workspaces.store_location(&start)?;
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
    let (mut workspaces, start) = workspaces(cli, paths)?;
    #[cfg(feature = "demo")]
    {
        workspaces.demo = weeek_tui::workspaces::DemoSettings {
            faults: cli.demo_faults.to_faults(),
            tasks: cli.tasks,
            reset: cli.reset,
        };
    }
    // With `--demo`, its sandbox runs as long as `workspaces`: this function.
    let opened = workspaces
        .connect_tuned(&start, weeek_tui::sync::SyncOptions::client_config)
        .await?;
    let location = opened.store?;
    let report = weeek_tui::cli::store::sync(&opened.client, &location).await?;
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
        workspace: args.workspace.clone(),
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

/// Runs the app; `Some(n)` when signal `n` ended it.
async fn run_app(cli: &Cli, paths: &Paths, offset: time::UtcOffset) -> Result<Option<i32>, String> {
    let file = config::load_file(&paths.config_file)?;
    // A bad [keys] section stops the start here, said on a terminal still as it was.
    let keymap = config::keymap(&file, &paths.config_file)?;
    let env = |k: &str| std::env::var(k).ok();
    let start = config::pick_start(
        cli.demo,
        cli.profile.as_deref(),
        env,
        &file,
        &paths.config_file,
    )?;
    let mouse = !cli.no_mouse && file.mouse.unwrap_or(true);
    let flags = config::ConnectionFlags {
        base_url: cli.base_url.clone(),
        token_file: cli.token_file.clone(),
    };
    let mut workspaces = Workspaces::new(paths.clone(), file, flags, Box::new(env));
    workspaces.keymap = keymap;
    workspaces.offset = offset;
    workspaces.editor = weeek_tui::tasks::description::editor_from_env();
    #[cfg(feature = "demo")]
    {
        workspaces.demo = weeek_tui::workspaces::DemoSettings {
            faults: cli.demo_faults.to_faults(),
            tasks: cli.tasks,
            reset: cli.reset,
        };
    }
    // So does a saved view that cannot be read (its dates read as of today), and a token
    // that cannot be found or a base URL that is refused: before any client exists.
    let today = time::OffsetDateTime::now_utc().to_offset(offset).date();
    let views = workspaces.views(&start, today)?;
    let opened = workspaces.connect(&start).await?;
    // The store is opened before the terminal is taken: the first frame is drawn from it.
    let (store, notice) = opened.open_store();
    let (guard, mut terminal) =
        TerminalGuard::enter(mouse).map_err(|e| format!("terminal: {e}"))?;
    let size = terminal
        .size()
        .map(|s| (s.width, s.height))
        .unwrap_or((80, 24));
    let mut app = workspaces.app(&start, &opened, views, size);
    app.store_notice = notice;
    let result = Runtime::new(offset, Theme::from_env())
        .run(app, opened.client, store, &mut terminal, &mut workspaces)
        .await;
    drop(guard);
    result.map_err(|e| format!("terminal: {e}"))
}
