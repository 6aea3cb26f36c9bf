//! The database of a sandbox started without a file of its own (`DbLocation::Memory`).
//!
//! A pool of connections needs a database several connections can open: a named shared-cache
//! memory database would do, but shared cache serializes its connections on one b-tree lock
//! and cannot use WAL, so reads would not run in parallel. A private file in the temporary
//! directory, written without fsync, lives in the page cache just the same and gets real WAL
//! readers; it is removed when the sandbox stops.
//!
//! A sandbox killed outright (`kill -9`, or a signal it does not handle) cannot remove its
//! file. Each sandbox therefore holds a lock on a file next to its database for as long as it
//! runs, and every sandbox that starts removes the databases whose lock nobody holds: the
//! system drops a lock with the process that held it, however that process ended.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// The folder of these databases, inside the temporary directory.
const FOLDER: &str = "weeek-sandbox";

pub struct Scratch {
    db: PathBuf,
    lock_path: PathBuf,
    /// Held until the files are removed.
    _lock: File,
}

impl Scratch {
    /// A new, empty database file, after removing those of sandboxes that are gone.
    pub fn create() -> io::Result<Self> {
        Self::create_in(&std::env::temp_dir().join(FOLDER))
    }

    fn create_in(dir: &Path) -> io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        sweep(dir);
        let name = uuid::Uuid::new_v4().simple().to_string();
        // Locked before it takes its final name, so that a sweep only ever sees held locks.
        let pending = dir.join(format!("{name}.pending"));
        let lock = File::create(&pending)?;
        lock.try_lock().map_err(io::Error::from)?;
        let lock_path = dir.join(format!("{name}.lock"));
        std::fs::rename(&pending, &lock_path)?;
        Ok(Self {
            db: dir.join(format!("{name}.db")),
            lock_path,
            _lock: lock,
        })
    }

    pub fn path(&self) -> &Path {
        &self.db
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        remove_database(&self.db);
        let _ = std::fs::remove_file(&self.lock_path);
    }
}

/// The database file and the log and index SQLite keeps beside it.
fn remove_database(db: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        let _ = std::fs::remove_file(path);
    }
}

/// Removes the databases of sandboxes that ended without removing them. What cannot be read
/// or removed is left for a later sweep.
fn sweep(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|e| e != "lock") {
            continue;
        }
        let Ok(lock) = File::options().read(true).write(true).open(&path) else {
            continue;
        };
        // Held: its sandbox is running. Free: its sandbox is gone.
        if lock.try_lock().is_ok() {
            remove_database(&path.with_extension("db"));
            let _ = std::fs::remove_file(&path);
            tracing::debug!(path = %path.display(), "removed the database of a sandbox that is gone");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }

    fn touch(path: &Path) {
        std::fs::write(path, b"x").unwrap();
    }

    #[test]
    fn the_files_of_a_sandbox_that_is_gone_are_removed_and_running_ones_kept() {
        let dir = std::env::temp_dir().join(format!("weeek-scratch-{}", uuid::Uuid::new_v4()));
        let running = Scratch::create_in(&dir).unwrap();
        touch(running.path());
        // A sandbox killed outright: its database and log stay, its lock is free.
        for name in [
            "gone.db",
            "gone.db-wal",
            "gone.db-shm",
            "gone.lock",
            "notes.txt",
        ] {
            touch(&dir.join(name));
        }

        let next = Scratch::create_in(&dir).unwrap();
        let left = files(&dir);
        assert!(!left.iter().any(|f| f.starts_with("gone")), "{left:?}");
        assert!(left.contains(&"notes.txt".to_owned()), "{left:?}");
        assert!(running.path().exists() && running.lock_path.exists());
        assert!(next.lock_path.exists());

        drop(running);
        drop(next);
        assert_eq!(files(&dir), ["notes.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
