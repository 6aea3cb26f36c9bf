//! What the app writes is its user's alone: task titles and errors in the log, names, e-mails
//! and phones in the drafts, the token in the config. Its files are created 0600 and the
//! directories it creates 0700, whatever the umask: the mode is set again once the file or
//! directory exists, since a umask only takes bits away from what is asked (under 0277 the
//! owner could not write the log it opens next time) and `chmod` does not look at it.
//!
//! A directory that already exists is left as it is: it may be the user's own (`~/.config`,
//! `~/Downloads`), shared on purpose.

use std::fs::{File, OpenOptions};
use std::io;
use std::path::Path;

/// Files: the owner reads and writes.
#[cfg(unix)]
const FILE_MODE: u32 = 0o600;
/// Directories: the owner lists, enters and writes.
#[cfg(unix)]
const DIR_MODE: u32 = 0o700;

/// Creates `path` and its missing parents, each 0700; those already there keep their mode.
pub fn create_dir_all(path: &Path) -> io::Result<()> {
    if path.as_os_str().is_empty() || path.is_dir() {
        return Ok(());
    }
    if let Some(parent) = path.parent() {
        create_dir_all(parent)?;
    }
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(DIR_MODE);
    }
    match builder.create(path) {
        Ok(()) => set_mode(path),
        // Made meanwhile by another writer: it is there, which is what was wanted.
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists && path.is_dir() => Ok(()),
        Err(e) => Err(e),
    }
}

#[cfg(unix)]
fn set_mode(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(DIR_MODE))
}

#[cfg(not(unix))]
fn set_mode(_dir: &Path) -> io::Result<()> {
    Ok(())
}

/// Opens `path` as `options` say, 0600 from its first byte; a file that was there already
/// (a log of an older version, say) is made 0600 too.
pub fn open(path: &Path, options: &mut OpenOptions) -> io::Result<File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(FILE_MODE);
    }
    let file = options.open(path)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(FILE_MODE))?;
    }
    Ok(file)
}

/// A new file at `path`, 0600; an existing one is an error (`AlreadyExists`), never opened.
pub fn create_new(path: &Path) -> io::Result<File> {
    open(path, OpenOptions::new().write(true).create_new(true))
}

#[cfg(test)]
#[cfg(unix)]
pub(crate) mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    /// The permission bits of `path`.
    pub fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// Runs the ignored test `name` of this binary in a child process under umask 000 (the
    /// umask is the whole process's: setting it here would reach the files of every test
    /// running beside this one), with `WEEEK_PRIVATE_ROOT` naming a fresh directory to write
    /// under. Returns that directory once the child passed.
    pub fn under_umask_000(name: &str) -> PathBuf {
        under_umask_000_in(name, tempfile::tempdir().unwrap().keep())
    }

    /// [`under_umask_000`] in `root`, with `TMPDIR` at `root/tmp`.
    pub fn under_umask_000_in(name: &str, root: PathBuf) -> PathBuf {
        let exe = std::env::current_exe().unwrap();
        let out = Command::new("sh")
            .arg("-c")
            .arg(r#"umask 000 && exec "$0" "$@""#)
            .arg(&exe)
            .args([name, "--exact", "--ignored", "--test-threads=1"])
            .env("WEEEK_PRIVATE_ROOT", &root)
            .env("TMPDIR", root.join("tmp"))
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && said.contains("1 passed"),
            "{said}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        root
    }

    /// In the child of [`under_umask_000`]: its directory, and a check that the umask is 000.
    pub fn child_root() -> Option<PathBuf> {
        let root = PathBuf::from(std::env::var_os("WEEEK_PRIVATE_ROOT")?);
        let probe = root.join("umask-probe");
        std::fs::write(&probe, "").unwrap();
        assert_eq!(mode(&probe), 0o666, "the child runs under umask 000");
        std::fs::remove_file(&probe).unwrap();
        Some(root)
    }

    #[test]
    #[ignore = "run by under_umask_000 in a child process"]
    fn child_creates_directories_and_files() {
        let Some(root) = child_root() else { return };
        let deep = root.join("a/b/c");
        super::create_dir_all(&deep).unwrap();
        std::fs::create_dir(root.join("theirs")).unwrap();
        super::create_dir_all(&root.join("theirs")).unwrap();
        super::create_new(&deep.join("new.txt")).unwrap();
        std::fs::write(root.join("old.log"), "").unwrap();
        super::open(
            &root.join("old.log"),
            std::fs::OpenOptions::new().append(true).create(true),
        )
        .unwrap();
        let again = super::create_new(&deep.join("new.txt")).unwrap_err();
        assert_eq!(again.kind(), std::io::ErrorKind::AlreadyExists);
    }

    /// Each writer of the app, in the child: the log, a draft and the saved view's state (both
    /// written by `write_atomic`), the config with the token and a view, a downloaded
    /// attachment, the text handed to the editor. Every directory on the way is missing.
    #[test]
    #[ignore = "run by under_umask_000 in a child process"]
    fn child_runs_every_writer_of_the_app() {
        let Some(root) = child_root() else { return };
        crate::logging::open(&root.join("state/weeek-tui/logs")).unwrap();
        let data = root.join("data/weeek-tui");
        crate::runtime::write_atomic(&data.join("contact-draft.json"), "{}").unwrap();
        crate::runtime::write_atomic(&data.join("views-state.json"), "{}").unwrap();
        let config = root.join("config/weeek-tui/config.toml");
        crate::config::store_token(&config, "tok").unwrap();
        crate::config::store_view(&config, "Моя неделя", Some(&Default::default())).unwrap();
        let file = weeek_api::AttachmentContent::File(weeek_api::AttachmentFile {
            bytes: b"%PDF".to_vec(),
            ..Default::default()
        });
        crate::attachment_files::save(file, "отчёт.pdf", &root.join("Downloads")).unwrap();
        // `std::env::temp_dir` is `TMPDIR`, set to `root/tmp` by the parent.
        crate::terminal::write_temp("task-7", "Описание").unwrap();
    }

    #[test]
    fn every_file_the_app_writes_is_0600_in_directories_it_makes_0700() {
        let root = tempfile::tempdir().unwrap().keep();
        std::fs::create_dir(root.join("tmp")).unwrap();
        std::fs::set_permissions(root.join("tmp"), std::fs::Permissions::from_mode(0o1777))
            .unwrap();
        let root = under_umask_000_in(
            "private_files::tests::child_runs_every_writer_of_the_app",
            root,
        );
        let files = [
            "state/weeek-tui/logs/weeek-tui.log",
            "data/weeek-tui/contact-draft.json",
            "data/weeek-tui/views-state.json",
            "config/weeek-tui/config.toml",
            "Downloads/отчёт.pdf",
        ];
        for f in files {
            assert_eq!(mode(&root.join(f)), 0o600, "{f}");
        }
        let edited: Vec<PathBuf> = std::fs::read_dir(root.join("tmp"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        assert_eq!(edited.len(), 1, "{edited:?}");
        assert_eq!(mode(&edited[0]), 0o600, "{edited:?}");
        let dirs = [
            "state",
            "state/weeek-tui",
            "state/weeek-tui/logs",
            "data",
            "data/weeek-tui",
            "config",
            "config/weeek-tui",
            "Downloads",
        ];
        for d in dirs {
            assert_eq!(mode(&root.join(d)), 0o700, "{d}");
        }
        // Nothing else was left behind (no temporary of an atomic write).
        let data: Vec<_> = std::fs::read_dir(root.join("data/weeek-tui"))
            .unwrap()
            .collect();
        assert_eq!(data.len(), 2);
        std::fs::remove_dir_all(&root).ok();
    }

    #[test]
    fn directories_are_0700_and_files_0600_whatever_the_umask() {
        let root = under_umask_000("private_files::tests::child_creates_directories_and_files");
        for dir in ["a", "a/b", "a/b/c"] {
            assert_eq!(mode(&root.join(dir)), 0o700, "{dir}");
        }
        assert_eq!(mode(&root.join("a/b/c/new.txt")), 0o600);
        assert_eq!(
            mode(&root.join("old.log")),
            0o600,
            "an old file is made private"
        );
        assert_eq!(
            mode(&root.join("theirs")),
            0o777,
            "an existing directory is left"
        );
        std::fs::remove_dir_all(&root).ok();
    }
}
