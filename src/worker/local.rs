//! Work on this machine's files that a screen waits for: completing a typed path, looking at
//! the file it names, finding the downloads directory, reading every name the local store
//! holds. It runs on the worker's blocking pool, never in `update`: a hung network mount
//! stalls the answer, not the screen.

use std::path::{Path, PathBuf};

use crate::goto::NameIndex;
use crate::path_complete;
pub use crate::path_complete::Completion;
use crate::store::Store;

/// Why a file could not be looked at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocalError {
    NotFound,
    PermissionDenied,
    /// Anything else, in the system's words.
    Other(String),
}

impl From<std::io::Error> for LocalError {
    fn from(e: std::io::Error) -> Self {
        match e.kind() {
            std::io::ErrorKind::NotFound => Self::NotFound,
            std::io::ErrorKind::PermissionDenied => Self::PermissionDenied,
            _ => Self::Other(e.to_string()),
        }
    }
}

/// A file a typed path names, as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalFile {
    /// The path typed, with `~` made the home directory.
    pub path: PathBuf,
    pub is_dir: bool,
    /// Its size in bytes.
    pub len: u64,
}

/// Completes `typed` against the directory it names, as a shell's Tab does.
pub fn complete(typed: &str) -> Completion {
    path_complete::complete(typed, home().as_deref())
}

/// Looks at the file `typed` names (following links).
pub fn look_at(typed: &str) -> Result<LocalFile, LocalError> {
    let path = path_complete::expand(typed, home().as_deref());
    let meta = std::fs::metadata(&path)?;
    Ok(LocalFile {
        path,
        is_dir: meta.is_dir(),
        len: meta.len(),
    })
}

/// Every name the store at `path` holds, made ready to be matched (which takes a while for a
/// hundred thousand: done here, not between two frames). `NotFound`: there is no store yet.
pub fn read_names(path: &Path) -> Result<NameIndex, LocalError> {
    let store = Store::open_to_read(path)
        .map_err(|e| LocalError::Other(e.to_string()))?
        .ok_or(LocalError::NotFound)?;
    let names = store
        .all_names()
        .map_err(|e| LocalError::Other(e.to_string()))?;
    Ok(NameIndex::new(names))
}

fn home() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_looked_at_and_a_missing_one_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("смета.txt");
        std::fs::write(&file, b"12345").unwrap();
        let typed = file.display().to_string();
        assert_eq!(
            look_at(&typed),
            Ok(LocalFile {
                path: file,
                is_dir: false,
                len: 5
            })
        );
        assert!(look_at(&dir.path().display().to_string()).is_ok_and(|f| f.is_dir));
        let missing = dir.path().join("нет.txt");
        assert_eq!(
            look_at(&missing.display().to_string()),
            Err(LocalError::NotFound)
        );
    }

    #[test]
    fn the_names_of_a_store_are_read_and_a_missing_store_says_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("stores/s.sqlite3");
        assert_eq!(read_names(&path), Err(LocalError::NotFound));
        let mut store = Store::open(&path).store;
        let row = weeek_api::models::TaskRow {
            id: 7,
            title: Some("Сверка счетов".into()),
            ..Default::default()
        };
        store
            .write(|w| w.put(&row, time::OffsetDateTime::UNIX_EPOCH))
            .unwrap();
        let index = read_names(&path).unwrap();
        assert_eq!(index.len(), 1);
        assert_eq!(index.get(0).map(|n| n.name.as_str()), Some("Сверка счетов"));
        std::fs::write(dir.path().join("not-a-store"), b"plain text, no database").unwrap();
        let unreadable = read_names(&dir.path().join("not-a-store"));
        assert!(
            matches!(unreadable, Err(LocalError::Other(_))),
            "{unreadable:?}"
        );
    }
}
