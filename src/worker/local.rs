//! Work on this machine's files that a screen waits for: completing a typed path, looking at
//! the file it names, finding the downloads directory. It runs on the worker's blocking pool,
//! never in `update`: a hung network mount stalls the answer, not the screen.

use std::path::PathBuf;

use crate::path_complete;
pub use crate::path_complete::Completion;

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
}
