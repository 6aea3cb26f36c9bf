//! `weeek-tui store path`, `weeek-tui store clear` and `weeek-tui sync`.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use time::OffsetDateTime;
use weeek_api::Client;

use super::progress_line::ProgressLine;
use crate::store::{SharedStore, Store, StoreLocation, remove_store};
use crate::sync::{self, SyncOptions, SyncReport};

/// What `store path` prints: the path on stdout, and on stderr a note when nothing is
/// there yet.
pub fn path(location: &StoreLocation) -> (String, Option<String>) {
    let note = (!location.path.exists())
        .then(|| "(no store there yet: the app or `weeek-tui sync` makes it)".to_string());
    (location.path.display().to_string(), note)
}

/// Removes the store at `location` once `confirm` says yes (unless `yes`); what happened is
/// said on `say`. `confirm` is asked the question and answers with the line typed.
pub fn clear(
    location: &StoreLocation,
    yes: bool,
    confirm: impl FnOnce(&str) -> io::Result<String>,
    say: &mut impl Write,
) -> Result<(), String> {
    let files = location.files();
    if files.is_empty() {
        let _ = writeln!(
            say,
            "Nothing to remove: there is no local store at {}.",
            location.path.display()
        );
        return Ok(());
    }
    let size: u64 = files
        .iter()
        .filter_map(|f| std::fs::metadata(f).ok())
        .map(|m| m.len())
        .sum();
    if !yes {
        let question = format!(
            "Remove the local store at {} ({})? What it holds is read again from the service \
             when needed. [y/N] ",
            location.path.display(),
            megabytes(size)
        );
        let answer = confirm(&question).map_err(|e| format!("no answer: {e}"))?;
        if !matches!(answer.trim().to_lowercase().as_str(), "y" | "yes") {
            let _ = writeln!(say, "Kept the local store.");
            return Ok(());
        }
    }
    let freed = remove_store(location)
        .map_err(|e| format!("cannot remove {}: {e}", location.path.display()))?;
    let _ = writeln!(
        say,
        "Removed the local store ({}): {}",
        megabytes(freed),
        location.path.display()
    );
    Ok(())
}

fn megabytes(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1_000_000.0)
}

/// Asks on stderr and reads the answer from stdin.
pub fn ask_on_terminal(question: &str) -> io::Result<String> {
    let mut err = io::stderr();
    write!(err, "{question}")?;
    err.flush()?;
    let mut answer = String::new();
    io::stdin().read_line(&mut answer)?;
    Ok(answer)
}

/// Syncs the store at `location` through `client`, with progress on stderr; the report is
/// the caller's to print. A store that cannot be kept on disk stops it before any request.
pub async fn sync(client: &Client, location: &StoreLocation) -> Result<SyncReport, String> {
    let opened = Store::open(&location.path);
    if let Some(notice) = &opened.notice {
        eprintln!("{notice}");
    }
    if !opened.store.on_disk() {
        return Err("the local store cannot be kept on disk: nothing was read".into());
    }
    let store = SharedStore::new(opened.store);
    let terminal = io::stderr().is_terminal();
    let bar = std::sync::Mutex::new(ProgressLine::new(terminal, Instant::now()));
    let report = sync::run(
        client,
        &store,
        &SyncOptions::default(),
        &OffsetDateTime::now_utc,
        &|p| {
            if let Ok(mut bar) = bar.lock() {
                bar.show(p, &mut io::stderr());
            }
        },
    )
    .await;
    if let Ok(mut bar) = bar.lock() {
        bar.finish(&mut io::stderr());
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_at(dir: &std::path::Path) -> StoreLocation {
        let location = StoreLocation::for_account(
            dir,
            "https://example.com/public/v1",
            &weeek_api::Token::new("t"),
        )
        .expect("a location");
        let mut store = Store::open(&location.path).store;
        store
            .write(|w| w.put_profile(&Default::default(), OffsetDateTime::UNIX_EPOCH))
            .unwrap();
        location
    }

    #[test]
    fn clear_asks_and_keeps_the_store_unless_told_yes() {
        let dir = tempfile::tempdir().unwrap();
        let location = store_at(dir.path());
        let mut said = Vec::new();
        let mut asked = String::new();
        clear(
            &location,
            false,
            |q| {
                asked = q.to_string();
                Ok("n\n".into())
            },
            &mut said,
        )
        .unwrap();
        assert!(
            asked.contains(&location.path.display().to_string()),
            "{asked}"
        );
        assert!(asked.ends_with("[y/N] "), "{asked}");
        assert!(location.path.exists(), "kept");
        assert_eq!(String::from_utf8_lossy(&said), "Kept the local store.\n");

        let mut said = Vec::new();
        clear(&location, false, |_| Ok("y\n".into()), &mut said).unwrap();
        assert!(location.files().is_empty(), "{:?}", location.files());
        assert!(String::from_utf8_lossy(&said).starts_with("Removed the local store ("));
    }

    #[test]
    fn clear_with_yes_asks_nothing_and_an_absent_store_is_said() {
        let dir = tempfile::tempdir().unwrap();
        let location = store_at(dir.path());
        let mut said = Vec::new();
        clear(&location, true, |_| panic!("asked"), &mut said).unwrap();
        assert!(!location.path.exists());
        let mut said = Vec::new();
        clear(&location, false, |_| panic!("asked"), &mut said).unwrap();
        assert!(String::from_utf8_lossy(&said).starts_with("Nothing to remove"));
        let (shown, note) = path(&location);
        assert_eq!(shown, location.path.display().to_string());
        assert!(note.unwrap().contains("no store there yet"));
    }
}
