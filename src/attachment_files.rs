//! Files on this machine for the task's attachments: a file read to be uploaded, a downloaded
//! one written to the downloads directory. The worker runs both on the blocking pool, off the
//! event loop.

use std::io::Write;
use std::path::{Path, PathBuf};

use weeek_api::{ApiError, AttachmentContent, FileUpload};

/// The service takes files up to this size (100 MB, per its documentation).
pub const MAX_UPLOAD: u64 = 100 * 1024 * 1024;

/// Why saving an attachment failed.
#[derive(Debug, Clone, PartialEq)]
pub enum SaveError {
    /// The download failed.
    Api(ApiError),
    /// The service described the file and gave its address instead of the file itself.
    LinkOnly(Option<String>),
    /// The file could not be written here.
    Disk(String),
}

/// Reads the file at `path` for an upload, under the name it has here. Nothing is sent when
/// it cannot be read, so the error says the request never left.
pub fn read_upload(path: &Path) -> Result<FileUpload, ApiError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "file".into());
    let bytes = std::fs::read(path)
        .map_err(|e| ApiError::InvalidRequest(format!("could not read {}: {e}", path.display())))?;
    if bytes.len() as u64 > MAX_UPLOAD {
        return Err(ApiError::InvalidRequest(format!(
            "{} is larger than the 100 MB the service takes",
            path.display()
        )));
    }
    Ok(FileUpload {
        name,
        content_type: None,
        bytes,
    })
}

/// Writes a downloaded attachment into `dir` under `name`, next to (never over) a file of the
/// same name: "отчёт.pdf", then "отчёт (1).pdf", …
pub fn save(content: AttachmentContent, name: &str, dir: &Path) -> Result<PathBuf, SaveError> {
    let bytes = match content {
        AttachmentContent::File(file) => file.bytes,
        AttachmentContent::Described(a) => return Err(SaveError::LinkOnly(a.url)),
    };
    // The downloads directory is the user's: one that exists keeps its mode; one made here is
    // private, like everything else the app makes.
    crate::private_files::create_dir_all(dir)
        .map_err(|e| SaveError::Disk(format!("{}: {e}", dir.display())))?;
    let name = safe_name(name);
    for n in 0..1000 {
        let path = dir.join(numbered(&name, n));
        // 0600: the attachment came from a private workspace; sharing it further is the
        // user's choice (chmod), not the umask's.
        match crate::private_files::create_new(&path) {
            Ok(mut file) => {
                return match file.write_all(&bytes).and_then(|()| file.sync_all()) {
                    Ok(()) => Ok(path),
                    Err(e) => {
                        // A partial file would pass for the attachment.
                        let _ = std::fs::remove_file(&path);
                        Err(SaveError::Disk(format!("{}: {e}", path.display())))
                    }
                };
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(SaveError::Disk(format!("{}: {e}", path.display()))),
        }
    }
    Err(SaveError::Disk(format!(
        "{}: a thousand files named {name} already",
        dir.display()
    )))
}

/// Where downloads go: the desktop's downloads directory, else `~/Downloads` when there is
/// one, else the home directory.
pub fn downloads_dir() -> PathBuf {
    let user = directories::UserDirs::new();
    if let Some(dir) = user.as_ref().and_then(|u| u.download_dir()) {
        return dir.to_path_buf();
    }
    match user {
        Some(u) if u.home_dir().join("Downloads").is_dir() => u.home_dir().join("Downloads"),
        Some(u) => u.home_dir().to_path_buf(),
        None => PathBuf::from("."),
    }
}

/// A name the service gave, made safe to write: no directories in it, never empty.
fn safe_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .map(|c| {
            if matches!(c, '/' | '\\' | '\0') {
                '_'
            } else {
                c
            }
        })
        .collect();
    match cleaned.trim() {
        "" | "." | ".." => "attachment".into(),
        _ => cleaned,
    }
}

/// `name` with " (n)" before its extension; `n` = 0 is the name itself.
fn numbered(name: &str, n: u32) -> String {
    if n == 0 {
        return name.to_owned();
    }
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => format!("{stem} ({n}).{ext}"),
        _ => format!("{name} ({n})"),
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::AttachmentFile;

    use super::*;

    fn file(bytes: &[u8]) -> AttachmentContent {
        AttachmentContent::File(AttachmentFile {
            bytes: bytes.to_vec(),
            ..Default::default()
        })
    }

    #[test]
    fn a_saved_file_never_replaces_one_that_is_there() {
        let dir = tempfile::tempdir().unwrap();
        let first = save(file(b"one"), "отчёт.pdf", dir.path()).unwrap();
        let second = save(file(b"two"), "отчёт.pdf", dir.path()).unwrap();
        assert_eq!(first, dir.path().join("отчёт.pdf"));
        assert_eq!(second, dir.path().join("отчёт (1).pdf"));
        assert_eq!(std::fs::read(&first).unwrap(), b"one");
        assert_eq!(std::fs::read(&second).unwrap(), b"two");
    }

    #[test]
    fn names_cannot_leave_the_directory_and_links_are_not_files() {
        let dir = tempfile::tempdir().unwrap();
        let saved = save(file(b"x"), "../../etc/passwd", dir.path()).unwrap();
        assert_eq!(saved.parent(), Some(dir.path()));
        assert_eq!(numbered("README", 2), "README (2)");
        assert_eq!(numbered(".env", 1), ".env (1)");
        let link = AttachmentContent::Described(weeek_api::models::Attachment {
            url: Some("https://files.example/x".into()),
            ..Default::default()
        });
        assert_eq!(
            save(link, "x", dir.path()),
            Err(SaveError::LinkOnly(Some("https://files.example/x".into())))
        );
    }

    #[test]
    fn an_unreadable_upload_says_which_file_and_that_nothing_was_sent() {
        let err = read_upload(Path::new("/no/such/file.txt")).unwrap_err();
        assert!(err.short().contains("/no/such/file.txt"), "{}", err.short());
        assert!(!err.may_have_been_applied());
    }
}
