//! Where settings come from: flags over environment over the config file over defaults.

mod connection;
mod profiles;
mod view;
mod write;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use directories::ProjectDirs;
use serde::{Deserialize, Serialize};

use crate::keys::keymap::Keymap;
pub use connection::{
    Connection, TokenSource, check_base_url, client_config, resolve_base_url, resolve_connection,
    resolve_token,
};
pub use profiles::{
    ConnectionFlags, DEFAULT_PROFILE, PROFILE_ENV, ProfileConfig, WorkspaceId, check_profile_name,
    pick_start, resolve_workspace, top_level_has_token,
};
pub use view::View;
pub use write::{store_profile_token, store_token, store_view};

/// What `weeek-tui config --help` says of the file: every key it may hold, with an example
/// that is itself a valid file (a test reads it).
pub const FILE_HELP: &str = "\
The config file (`weeek-tui config path` prints where it is) is TOML; every key is optional:

  base_url        API base URL, ending in /public/v1 (default https://api.weeek.net/public/v1;
                  plain http:// only to localhost). --base-url and WEEEK_BASE_URL win over it.
  token           The API token. Prefer `weeek-tui config set-token`, which writes it with
                  mode 0600. --token-file, WEEEK_TOKEN and WEEEK_API_TOKEN win over it.
  token_file      A file holding the token (readable by you alone), instead of `token`.
  mouse           false leaves the mouse to the terminal (as --no-mouse does). Default true.
  timeout_secs    Seconds one attempt of a request may take. Default 20.
  refresh_secs    Seconds between the screen shown reading again what it shows, by itself (the
                  pages on screen only). 0 turns it off; at least 10 otherwise. Default 60.
  xdebug_session  Sent as the XDEBUG_SESSION cookie, to debug a server-side installation.
  [keys]          Other keys for commands, by command id: one key, a list, or [] for none.
                  `weeek-tui config keys` lists every id with its keys and description.
                  Keys: c, D, ?, space, enter, esc, tab, shift-tab, backspace, delete, up,
                  down, left, right, home, end, pageup, pagedown, f1..f24, with ctrl-, alt-
                  or shift- in front.
  [views.\"name\"]  A saved view of the task list (F saves and applies them): assignee (me,
                  anyone or a member's id), status (open, done, all), priority (low, medium,
                  high, hold), type, dates (as typed in the filter panel), project, board,
                  column, tags (ids), search, sort (a key, - in front for descending).
  [profiles.NAME] Another workspace, with a token of its own (token or token_file; `weeek-tui
                  config set-token --profile NAME` stores it), and base_url, timeout_secs,
                  xdebug_session where they differ from the top level's. --profile NAME or
                  WEEEK_PROFILE=NAME starts on it (the flags and variables of the token and
                  the base URL are the top level's); Alt-w switches while the app runs.

Example:

  base_url = \"https://api.weeek.net/public/v1\"
  token_file = \"/home/anna/.config/weeek-tui/token\"
  mouse = true
  timeout_secs = 30
  refresh_secs = 120

  [keys]
  \"tasks.complete\" = \"c\"
  \"tasks.due\" = [\"x\", \"alt-d\"]
  \"tasks.delete\" = []

  [views.\"Urgent, everyone\"]
  assignee = \"anyone\"
  priority = \"high\"
  sort = \"-priority\"

  [profiles.acme]
  token_file = \"/home/anna/.config/weeek-tui/acme-token\"
  timeout_secs = 60
";

/// The TOML file at [`Paths::config_file`].
#[derive(Debug, Default, Clone, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct FileConfig {
    pub base_url: Option<String>,
    pub token: Option<String>,
    pub token_file: Option<PathBuf>,
    /// Mouse capture (wheel scroll, click to select). On unless set to false.
    pub mouse: Option<bool>,
    pub timeout_secs: Option<u64>,
    /// Seconds between refreshes of the screen shown; 0 turns them off (see [`refresh_every`]).
    pub refresh_secs: Option<u64>,
    /// Sent as the `XDEBUG_SESSION` cookie, for debugging a server-side installation.
    pub xdebug_session: Option<String>,
    /// Key overrides by command id: `"tasks.complete" = "c"` or `= ["c", "ctrl-d"]`. Kept as
    /// written (a table), so storing a token leaves the section as the user wrote it.
    pub keys: Option<toml::Table>,
    /// Saved views of the task list by name: `[views."Urgent, everyone"]` with the filters
    /// and sort (`View`). Written by `F` through [`store_view`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub views: Option<BTreeMap<String, View>>,
    /// Other workspaces by name: `[profiles.work]` with a token (or token file) of its own,
    /// and the settings it sets otherwise than the top level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profiles: Option<BTreeMap<String, ProfileConfig>>,
}

/// Platform directories of the app.
#[derive(Debug, Clone)]
pub struct Paths {
    pub config_file: PathBuf,
    pub data_dir: PathBuf,
    pub log_dir: PathBuf,
}

impl Paths {
    pub fn discover() -> Result<Self, String> {
        let dirs = ProjectDirs::from("", "", "weeek-tui")
            .ok_or("no home directory: set HOME so settings and drafts have a place")?;
        let data_dir = dirs.data_local_dir().to_path_buf();
        let log_dir = dirs
            .state_dir()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| data_dir.clone())
            .join("logs");
        Ok(Self {
            config_file: dirs.config_dir().join("config.toml"),
            data_dir,
            log_dir,
        })
    }
}

impl Paths {
    /// Where a workspace keeps what is its own (drafts, the last view, saved views of a
    /// profile, the local store): the top level in the data directory itself, the demo and
    /// each profile apart, so nothing of one workspace turns up in another (a demo contact
    /// never reaches the real service, a draft of one client's workspace never another's).
    pub fn data_dir_for(&self, workspace: &WorkspaceId) -> PathBuf {
        match workspace {
            WorkspaceId::TopLevel => self.data_dir.clone(),
            WorkspaceId::Demo => self.data_dir.join("demo"),
            WorkspaceId::Profile(name) => self.data_dir.join("profiles").join(name),
        }
    }

    /// Where saved views are kept: the top level's in the config file; the demo's and each
    /// profile's with their other files, so views made in one workspace (with its ids) never
    /// reach another.
    pub fn views_file(&self, workspace: &WorkspaceId) -> PathBuf {
        match workspace {
            WorkspaceId::TopLevel => self.config_file.clone(),
            _ => self.data_dir_for(workspace).join("views.toml"),
        }
    }
}

/// How often the screen shown is read again when the file does not say.
pub const REFRESH_DEFAULT: std::time::Duration = std::time::Duration::from_secs(60);

/// The shortest wait between refreshes the file may ask for: a refresh reads a page or two,
/// and a few every second would hold the service's rate limit for nothing.
pub const REFRESH_MIN_SECS: u64 = 10;

/// How often the screen shown reads again what it shows, as the file says: `None` (never)
/// for `refresh_secs = 0`, the default when it says nothing.
pub fn refresh_every(file: &FileConfig) -> Option<std::time::Duration> {
    match file.refresh_secs {
        None => Some(REFRESH_DEFAULT),
        Some(0) => None,
        Some(secs) => Some(std::time::Duration::from_secs(secs)),
    }
}

/// Reads the config file; a missing file is an empty config.
pub fn load_file(path: &Path) -> Result<FileConfig, String> {
    match fs::read_to_string(path) {
        Ok(text) => {
            let config = parse(&text, path)?;
            let profile_token = config
                .profiles
                .iter()
                .flat_map(|p| p.values())
                .any(|p| p.token.is_some());
            if config.token.is_some() || profile_token {
                check_private(path)?;
            }
            Ok(config)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(FileConfig::default()),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// The config file's text as settings. The parser's own message quotes the offending line or
/// value, which may be the token: say where and what, never the text.
fn parse(text: &str, path: &Path) -> Result<FileConfig, String> {
    let config: FileConfig = toml::from_str(text).map_err(|e| {
        let start = e.span().map(|s| s.start.min(text.len()));
        let line = start.map(|at| text[..at].matches('\n').count() + 1);
        let at = line.map(|l| format!(" on line {l}")).unwrap_or_default();
        let key = start.and_then(|at| key_before(text, at));
        let section = start
            .and_then(|at| section_before(text, at))
            .map(|s| format!(" (in {s})"))
            .unwrap_or_default();
        format!(
            "{} is not valid{at}{section}: {}",
            path.display(),
            without_values(e.message(), key)
        )
    })?;
    for name in config.profile_names() {
        check_profile_name(&name).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if let Some(secs) = config
        .refresh_secs
        .filter(|s| (1..REFRESH_MIN_SECS).contains(s))
    {
        return Err(format!(
            "{}: refresh_secs = {secs} is too often: {REFRESH_MIN_SECS} seconds or more, or 0 \
             to turn refreshing off",
            path.display()
        ));
    }
    Ok(config)
}

/// The `[section]` header above `at`, when it is a profile's: a message then names the
/// profile whose setting is wrong.
fn section_before(text: &str, at: usize) -> Option<&str> {
    text[..at]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .filter(|l| l.starts_with("[profiles."))
        .map(|l| l.find(']').map_or(l, |end| &l[..=end]))
}

/// The key of the `key = value` line that `at` falls on, if it is one.
fn key_before(text: &str, at: usize) -> Option<&str> {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..];
    let (key, _) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    (!key.is_empty() && !key.contains(char::is_whitespace)).then_some(key)
}

/// A parser message without the value it quotes: "invalid type: integer `1234567`, expected a
/// string" becomes "`token` has the wrong type: expected a string".
fn without_values(message: &str, key: Option<&str>) -> String {
    let name = key.map_or_else(|| "a value".to_string(), |k| format!("`{k}`"));
    let expected = message
        .split_once(", expected ")
        .map(|(_, e)| format!(": expected {e}"))
        .unwrap_or_default();
    if message.starts_with("invalid type:") {
        format!("{name} has the wrong type{expected}")
    } else if message.starts_with("invalid value:") || message.starts_with("invalid length") {
        format!("{name} has a value that is not allowed{expected}")
    } else {
        message.to_string()
    }
}

/// Refuses a secret file that group or others can read, and says how to fix it.
pub fn check_private(path: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta =
            fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(format!(
                "{} holds a token but is readable by others (mode {mode:o}).\n\
                 Fix it with: chmod 600 {}",
                path.display(),
                path.display()
            ));
        }
    }
    Ok(())
}

/// The keymap: the command table's keys with the file's `[keys]` over them. Every problem (an
/// unknown command, a key that cannot be read, two commands on one key in one context) is an
/// error naming the file, found before the terminal is touched.
pub fn keymap(file: &FileConfig, path: &Path) -> Result<Keymap, String> {
    let mut overrides = Vec::new();
    if let Some(table) = &file.keys {
        key_overrides(table, "", path, &mut overrides)?;
    }
    Keymap::with_overrides(&overrides, path)
}

/// The saved views, each checked by `check` (the task screen's: as of a day, for their
/// dates): a view that cannot be read stops the start naming the file and the view.
pub fn views(
    file: &FileConfig,
    path: &Path,
    check: impl Fn(&BTreeMap<String, View>) -> Result<(), String>,
) -> Result<BTreeMap<String, View>, String> {
    let views = file.views.clone().unwrap_or_default();
    check(&views).map_err(|e| format!("{}: [views] {e}", path.display()))?;
    Ok(views)
}

/// `[keys]` as (command id, keys). An id may be quoted (`"tasks.complete" = "c"`) or written
/// as a dotted key (`tasks.complete = "c"`), which TOML reads as a table in a table.
fn key_overrides(
    table: &toml::Table,
    prefix: &str,
    path: &Path,
    out: &mut Vec<(String, Vec<String>)>,
) -> Result<(), String> {
    for (name, value) in table {
        let id = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}.{name}")
        };
        let not_keys = || {
            format!(
                "{}: [keys] `{id}` must be a key (\"c\") or a list of keys ([\"c\", \"ctrl-d\"])",
                path.display()
            )
        };
        match value {
            toml::Value::String(key) => out.push((id, vec![key.clone()])),
            toml::Value::Array(keys) => {
                let keys = keys
                    .iter()
                    .map(|k| k.as_str().map(str::to_string))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(not_keys)?;
                out.push((id, keys));
            }
            toml::Value::Table(inner) => key_overrides(inner, &id, path, out)?,
            _ => return Err(not_keys()),
        }
    }
    Ok(())
}

/// What to say when there is no token at all (and, in builds that have it, the demo).
pub fn no_token_help(config_path: &Path) -> String {
    let demo = if cfg!(feature = "demo") {
        "\n\nTo try the app without an account: weeek-tui --demo"
    } else {
        ""
    };
    format!(
        "No WEEEK token found.\n\n\
         Create one in WEEEK: Settings → Workspace → API, then either\n  \
         export WEEEK_TOKEN=<token>\n\
         or store it (kept readable only by you) in {}:\n  \
         weeek-tui config set-token{demo}",
        config_path.display()
    )
}

#[cfg(test)]
mod profile_tests;
#[cfg(test)]
mod tests;
