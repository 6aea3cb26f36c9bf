//! Logs go to a file, never to the terminal the app draws on.

use std::fs::{File, OpenOptions};
use std::path::Path;

use tracing_appender::non_blocking::WorkerGuard;
use tracing_subscriber::EnvFilter;

/// Starts file logging under `dir`; the level comes from `WEEEK_LOG` (default `info`).
/// Returns the guard that flushes on drop, or `None` when the directory cannot be used:
/// logging must never stop the app from starting.
pub fn init(dir: &Path) -> Option<WorkerGuard> {
    let file = open(dir).ok()?;
    let (writer, guard) = tracing_appender::non_blocking(file);
    let filter = EnvFilter::try_from_env("WEEEK_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(false)
        .try_init()
        .ok()?;
    Some(guard)
}

/// The log file, appended to: it holds task titles and errors, so it is private (see
/// `private_files`), and so is the directory made for it.
pub fn open(dir: &Path) -> std::io::Result<File> {
    crate::private_files::create_dir_all(dir)?;
    crate::private_files::open(
        &dir.join(FILE_NAME),
        OpenOptions::new().create(true).append(true),
    )
}

pub const FILE_NAME: &str = "weeek-tui.log";
