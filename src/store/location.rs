//! Where a workspace's store lives: `<data dir>/stores/<name>.sqlite3`, the name a keyed hash
//! (HMAC-SHA256) of the base URL and the token. The key is random, made once per data
//! directory and kept beside the stores (0600): a file name alone cannot confirm a guessed
//! token, and the token itself is never written anywhere by the store.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use ring::rand::{SecureRandom, SystemRandom};
use weeek_api::Token;

use crate::private_files;

/// The folder of the stores, inside the data directory.
const DIR: &str = "stores";
/// The key of the names, in that folder.
const KEY_FILE: &str = "name-key";
const KEY_LEN: usize = 32;
/// The demo's account: its service listens on a new port each run, and its store is its own.
pub const DEMO_ACCOUNT: &str = "demo";

/// The file of one account's store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreLocation {
    pub path: PathBuf,
}

impl StoreLocation {
    /// The store of the account `token` at `base_url` (a trailing `/` does not make another).
    /// Makes the folder (0700) and the key (0600) when they are missing.
    pub fn for_account(data_dir: &Path, base_url: &str, token: &Token) -> Result<Self, String> {
        let dir = data_dir.join(DIR);
        private_files::create_dir_all(&dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let key = name_key(&dir.join(KEY_FILE))?;
        Ok(Self {
            path: dir.join(format!("{}.sqlite3", file_stem(&key, base_url, token))),
        })
    }

    /// The store of the built-in demo, whatever port its service has this run.
    pub fn demo(data_dir: &Path, token: &Token) -> Result<Self, String> {
        Self::for_account(data_dir, DEMO_ACCOUNT, token)
    }

    /// The store's files: the database, its write-ahead log and shared memory, and copies of
    /// it set aside as damaged.
    pub fn files(&self) -> Vec<PathBuf> {
        let Some(dir) = self.path.parent() else {
            return Vec::new();
        };
        let Some(name) = self.path.file_name().and_then(|n| n.to_str()) else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_str().is_some_and(|n| n.starts_with(name)))
            .map(|e| e.path())
            .collect();
        files.sort();
        files
    }
}

/// Removes every file of the store at `location`; returns the bytes freed.
pub fn remove_store(location: &StoreLocation) -> io::Result<u64> {
    let mut freed = 0;
    for file in location.files() {
        freed += std::fs::metadata(&file).map(|m| m.len()).unwrap_or(0);
        match std::fs::remove_file(&file) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(freed)
}

/// The keyed digest of the base URL and the token, cut to 32 hex digits (128 bits).
fn file_stem(key: &[u8], base_url: &str, token: &Token) -> String {
    let mut stem = token.keyed_digest(key, base_url.trim().trim_end_matches('/'));
    stem.truncate(32);
    stem
}

/// The key at `path`, made when missing. A key of the wrong length is replaced: the stores
/// named by it are then left behind, which costs a sync, never a wrong workspace.
fn name_key(path: &Path) -> Result<Vec<u8>, String> {
    let said = |e: io::Error| format!("cannot read or make the key {}: {e}", path.display());
    if let Some(key) = read_key(path).map_err(said)? {
        return Ok(key);
    }
    let mut key = vec![0u8; KEY_LEN];
    SystemRandom::new()
        .fill(&mut key)
        .map_err(|_| "no random numbers for the store's key".to_string())?;
    match private_files::create_new(path) {
        Ok(mut file) => {
            file.write_all(&key).map_err(said)?;
            file.sync_all().map_err(said)?;
            Ok(key)
        }
        // Another run made it meanwhile: its key is the one.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => match read_key(path).map_err(said)? {
            Some(key) => Ok(key),
            None => replace_key(path, &key).map_err(said).map(|()| key),
        },
        Err(e) => Err(said(e)),
    }
}

fn read_key(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut key = Vec::with_capacity(KEY_LEN);
    file.read_to_end(&mut key)?;
    if key.len() == KEY_LEN {
        Ok(Some(key))
    } else {
        tracing::warn!(
            len = key.len(),
            "the store's key is damaged: a new one is made"
        );
        replace_key(path, &{
            let mut fresh = vec![0u8; KEY_LEN];
            SystemRandom::new()
                .fill(&mut fresh)
                .map_err(|_| io::Error::other("no random numbers"))?;
            fresh
        })?;
        read_key(path)
    }
}

fn replace_key(path: &Path, key: &[u8]) -> io::Result<()> {
    let mut file = private_files::open(
        path,
        std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .create(true),
    )?;
    file.write_all(key)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "wk-secret-0123456789abcdef";

    fn token(t: &str) -> Token {
        Token::new(t)
    }

    #[test]
    fn the_name_is_keyed_by_url_and_token_and_never_holds_the_token() {
        let dir = tempfile::tempdir().unwrap();
        let url = "https://api.weeek.net/public/v1";
        let a = StoreLocation::for_account(dir.path(), url, &token(SECRET)).unwrap();
        let name = a.path.file_name().unwrap().to_str().unwrap().to_string();
        assert!(!name.contains(SECRET) && !name.contains("secret"), "{name}");
        assert_eq!(name.len(), 32 + ".sqlite3".len(), "{name}");
        assert!(a.path.starts_with(dir.path().join("stores")));
        // The same account, the same file; a trailing slash is the same URL.
        let again =
            StoreLocation::for_account(dir.path(), &format!("{url}/"), &token(SECRET)).unwrap();
        assert_eq!(a, again);
        // Another token or another service: another file.
        let other_token = StoreLocation::for_account(dir.path(), url, &token("wk-other")).unwrap();
        let other_url = StoreLocation::for_account(
            dir.path(),
            "http://localhost:8787/public/v1",
            &token(SECRET),
        )
        .unwrap();
        assert_ne!(a, other_token);
        assert_ne!(a, other_url);
        // Keyed: the same account in another data directory (another key) has another name,
        // so the name is no plain hash of the token that a guess could be checked against.
        let elsewhere = tempfile::tempdir().unwrap();
        let b = StoreLocation::for_account(elsewhere.path(), url, &token(SECRET)).unwrap();
        assert_ne!(a.path.file_name(), b.path.file_name());
        let key = std::fs::read(dir.path().join("stores/name-key")).unwrap();
        assert_eq!(key.len(), KEY_LEN);
        assert_eq!(
            file_stem(&key, url, &token(SECRET)),
            name.trim_end_matches(".sqlite3")
        );
    }

    #[test]
    fn a_damaged_key_is_replaced_by_a_whole_one() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("stores")).unwrap();
        std::fs::write(dir.path().join("stores/name-key"), b"short").unwrap();
        let a = StoreLocation::for_account(dir.path(), "u", &token(SECRET)).unwrap();
        let b = StoreLocation::for_account(dir.path(), "u", &token(SECRET)).unwrap();
        assert_eq!(a, b);
        assert_eq!(
            std::fs::read(dir.path().join("stores/name-key"))
                .unwrap()
                .len(),
            KEY_LEN
        );
    }

    #[test]
    fn removing_a_store_removes_its_files_and_no_other_store() {
        let dir = tempfile::tempdir().unwrap();
        let mine = StoreLocation::for_account(dir.path(), "u", &token("a")).unwrap();
        let theirs = StoreLocation::for_account(dir.path(), "u", &token("b")).unwrap();
        let wal = PathBuf::from(format!("{}-wal", mine.path.display()));
        for f in [&mine.path, &wal, &theirs.path] {
            std::fs::write(f, b"0123456789").unwrap();
        }
        assert_eq!(mine.files(), vec![mine.path.clone(), wal.clone()]);
        assert_eq!(remove_store(&mine).unwrap(), 20);
        assert!(!mine.path.exists() && !wal.exists());
        assert!(theirs.path.exists());
        assert_eq!(remove_store(&mine).unwrap(), 0, "nothing left to remove");
    }
}
