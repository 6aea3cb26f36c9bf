//! Where settings come from: flags over environment over the config file over defaults.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use directories::ProjectDirs;
use serde::{Deserialize, Serialize};
use weeek_api::{ClientConfig, DEFAULT_BASE_URL, Token, Url};

use crate::app::keymap::Keymap;
use crate::tasks::views::{self, View};

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

Example:

  base_url = \"https://api.weeek.net/public/v1\"
  token_file = \"/home/anna/.config/weeek-tui/token\"
  mouse = true
  timeout_secs = 30

  [keys]
  \"tasks.complete\" = \"c\"
  \"tasks.due\" = [\"x\", \"alt-d\"]
  \"tasks.delete\" = []

  [views.\"Urgent, everyone\"]
  assignee = \"anyone\"
  priority = \"high\"
  sort = \"-priority\"
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
    /// Sent as the `XDEBUG_SESSION` cookie, for debugging a server-side installation.
    pub xdebug_session: Option<String>,
    /// Key overrides by command id: `"tasks.complete" = "c"` or `= ["c", "ctrl-d"]`. Kept as
    /// written (a table), so storing a token leaves the section as the user wrote it.
    pub keys: Option<toml::Table>,
    /// Saved views of the task list by name: `[views."Urgent, everyone"]` with the filters
    /// and sort (`tasks::views::View`). Written by `F` through [`store_view`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub views: Option<BTreeMap<String, View>>,
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
    /// Where drafts and the like are kept: the demo keeps its own apart, so a demo contact
    /// never turns up against the real service.
    pub fn data_dir_for(&self, demo: bool) -> PathBuf {
        if demo {
            self.data_dir.join("demo")
        } else {
            self.data_dir.clone()
        }
    }

    /// Where saved views are kept: in the config file, the demo's with its other files, so
    /// views made in the demo (with the demo's ids) never reach the user's settings.
    pub fn views_file(&self, demo: bool) -> PathBuf {
        if demo {
            self.data_dir_for(true).join("views.toml")
        } else {
            self.config_file.clone()
        }
    }
}

/// Reads the config file; a missing file is an empty config.
pub fn load_file(path: &Path) -> Result<FileConfig, String> {
    match fs::read_to_string(path) {
        Ok(text) => {
            let config = parse(&text, path)?;
            if config.token.is_some() {
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
    toml::from_str(text).map_err(|e| {
        let start = e.span().map(|s| s.start.min(text.len()));
        let line = start.map(|at| text[..at].matches('\n').count() + 1);
        let at = line.map(|l| format!(" on line {l}")).unwrap_or_default();
        let key = start.and_then(|at| key_before(text, at));
        format!(
            "{} is not valid{at}: {}",
            path.display(),
            without_values(e.message(), key)
        )
    })
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

/// The saved views, each checked (as of `today`, for their dates): a view that cannot be read
/// stops the start naming the file and the view.
pub fn views(
    file: &FileConfig,
    path: &Path,
    today: time::Date,
) -> Result<BTreeMap<String, View>, String> {
    let views = file.views.clone().unwrap_or_default();
    views::check_all(&views, today).map_err(|e| format!("{}: [views] {e}", path.display()))?;
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

/// Where the token was found, for messages (never the token itself).
#[derive(Debug, Clone, PartialEq)]
pub enum TokenSource {
    /// `--token-file PATH`.
    Flag(PathBuf),
    /// `WEEEK_TOKEN` or `WEEEK_API_TOKEN`.
    Env(&'static str),
    /// The file named by `token_file` in the config file.
    ConfigTokenFile(PathBuf),
    /// `token` in the config file.
    ConfigFile(PathBuf),
}

impl TokenSource {
    /// What to say when the service refuses the token (401): where it came from, and what to
    /// do about it.
    pub fn refused_text(&self) -> String {
        match self {
            Self::Flag(p) => format!(
                "The token from --token-file {} was refused (401): check that file.",
                p.display()
            ),
            Self::Env(name) => format!("The token in {name} was refused (401): check {name}."),
            Self::ConfigTokenFile(p) => format!(
                "The token from {} (token_file in the config file) was refused (401): check that file.",
                p.display()
            ),
            Self::ConfigFile(p) => format!(
                "The token in {} was refused (401): store a new one with weeek-tui config set-token.",
                p.display()
            ),
        }
    }
}

/// Looks up the token: `--token-file`, then `WEEEK_TOKEN`, `WEEEK_API_TOKEN`, then the config
/// file's `token_file` and `token`.
pub fn resolve_token(
    flag_file: Option<&Path>,
    env: impl Fn(&str) -> Option<String>,
    file: &FileConfig,
    config_path: &Path,
) -> Result<Option<(Token, TokenSource)>, String> {
    if let Some(path) = flag_file {
        return read_token_file(path).map(|t| Some((t, TokenSource::Flag(path.into()))));
    }
    for name in ["WEEEK_TOKEN", "WEEEK_API_TOKEN"] {
        if let Some(v) = env(name).filter(|v| !v.trim().is_empty()) {
            return Ok(Some((Token::new(v), TokenSource::Env(name))));
        }
    }
    if let Some(path) = &file.token_file {
        return read_token_file(path)
            .map(|t| Some((t, TokenSource::ConfigTokenFile(path.clone()))));
    }
    if let Some(t) = file.token.as_deref().filter(|t| !t.trim().is_empty()) {
        return Ok(Some((
            Token::new(t),
            TokenSource::ConfigFile(config_path.into()),
        )));
    }
    Ok(None)
}

fn read_token_file(path: &Path) -> Result<Token, String> {
    check_private(path)?;
    let text = fs::read_to_string(path)
        .map_err(|e| format!("cannot read the token file {}: {e}", path.display()))?;
    let token = Token::new(text);
    if token.is_empty() {
        return Err(format!("the token file {} is empty", path.display()));
    }
    Ok(token)
}

/// Checks a base URL: `https://`, or `http://` to a loopback host only (a token sent in clear
/// over a network can be read by anyone on the way). The host is the one the client's own URL
/// parser finds: reading it any other way lets `\\`, `?` or `#` hide the real host behind a
/// loopback-looking `@localhost`.
pub fn check_base_url(url: &str) -> Result<String, String> {
    let text = url.trim().trim_end_matches('/');
    let needs_https = || format!("base URL {text:?} needs https://");
    let parsed = Url::parse(text).map_err(|_| needs_https())?;
    if !parsed.username().is_empty() || parsed.password().is_some() {
        // Not echoed: the password is the secret part.
        return Err(
            "the base URL carries a user name or password (user:pass@): \
             take them out, the token is the only credential"
                .into(),
        );
    }
    let Some(host) = parsed.host_str() else {
        return Err(needs_https());
    };
    match parsed.scheme() {
        "https" => {}
        "http" if is_loopback(host) => {}
        "http" => {
            return Err(format!(
                "refusing plain http:// to {host}: the token would travel unencrypted. Use https://"
            ));
        }
        _ => return Err(needs_https()),
    }
    if parsed.query().is_some() || parsed.fragment().is_some() {
        return Err(format!(
            "base URL {text:?} has a ?query or #fragment: paths are added after it"
        ));
    }
    // The parser's own spelling, so the client reads exactly what was checked.
    Ok(parsed.as_str().trim_end_matches('/').to_string())
}

/// `localhost` and its subdomains (RFC 6761 keeps them on this host; the client resolves them
/// to loopback itself, never through DNS), 127.0.0.0/8 and ::1, as the URL parser spells them
/// (lower case, IPv4 in dotted decimal, IPv6 in brackets).
fn is_loopback(host: &str) -> bool {
    let ip = host.trim_start_matches('[').trim_end_matches(']');
    match ip.parse::<IpAddr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => host == "localhost" || host.ends_with(".localhost"),
    }
}

pub fn resolve_base_url(flag_or_env: Option<&str>, file: &FileConfig) -> Result<String, String> {
    check_base_url(
        flag_or_env
            .or(file.base_url.as_deref())
            .unwrap_or(DEFAULT_BASE_URL),
    )
}

/// Where to connect and with which token, as found at start-up.
#[derive(Debug, Clone)]
pub struct Connection {
    pub base_url: String,
    pub token: Token,
    pub source: TokenSource,
}

/// The start-up path: the base URL checked and the token found, before any client exists, so
/// a refused URL never sees a connection (and never the token).
pub fn resolve_connection(
    base_url: Option<&str>,
    token_file: Option<&Path>,
    env: impl Fn(&str) -> Option<String>,
    file: &FileConfig,
    config_path: &Path,
) -> Result<Connection, String> {
    let base_url = resolve_base_url(base_url, file)?;
    let Some((token, source)) = resolve_token(token_file, env, file, config_path)? else {
        return Err(no_token_help(config_path));
    };
    Ok(Connection {
        base_url,
        token,
        source,
    })
}

/// The client's settings: the checked URL, the token and the file's tuning.
pub fn client_config(base_url: String, token: Token, file: &FileConfig) -> ClientConfig {
    let mut config = ClientConfig::new(base_url, token);
    if let Some(secs) = file.timeout_secs {
        config.timeout = std::time::Duration::from_secs(secs.clamp(1, 300));
        // A longer timeout than the read deadline would otherwise be cut short on every read.
        config.read_deadline = config.read_deadline.max(config.timeout);
    }
    config.xdebug_session = file.xdebug_session.clone();
    config
}

/// Stores the token in the config file, creating it with mode 0600 and keeping everything
/// else in it as written, comments included.
pub fn store_token(path: &Path, token: &str) -> Result<(), String> {
    edit_file(path, |doc| {
        doc["token"] = toml_edit::value(token.trim());
        Ok(())
    })
}

/// Saves the view `name` in the config file's `[views]` table (`None` deletes it), keeping
/// everything else in the file as written: other views, settings, comments and their order.
pub fn store_view(path: &Path, name: &str, view: Option<&View>) -> Result<(), String> {
    edit_file(path, |doc| {
        let root = doc.as_table_mut();
        if !root.contains_key("views") {
            let mut table = toml_edit::Table::new();
            // No bare `[views]` line: each view is its own `[views."name"]` section.
            table.set_implicit(true);
            root.insert("views", toml_edit::Item::Table(table));
        }
        let Some(views) = root
            .get_mut("views")
            .and_then(toml_edit::Item::as_table_mut)
        else {
            return Err(
                "`views` is not a table: it must hold one [views.\"name\"] section per view".into(),
            );
        };
        match view {
            Some(view) => {
                // The view's own fields as TOML, read back as an editable table.
                let text = toml::to_string(view).map_err(|e| e.to_string())?;
                let table = text
                    .parse::<toml_edit::DocumentMut>()
                    .map_err(|e| e.to_string())?
                    .as_table()
                    .clone();
                views.insert(name, toml_edit::Item::Table(table));
            }
            None => {
                views.remove(name);
            }
        }
        Ok(())
    })
}

/// Reads the config file (a missing one is empty), changes it with `edit` and writes it back
/// in one piece, private to its owner. The file is first read as settings: one that is not
/// valid is left alone, with the same message as at start (which never quotes a value).
fn edit_file(
    path: &Path,
    edit: impl FnOnce(&mut toml_edit::DocumentMut) -> Result<(), String>,
) -> Result<(), String> {
    let text = match fs::read_to_string(path) {
        Ok(text) => {
            parse(&text, path)?;
            text
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    // Valid settings are valid TOML: this parse succeeds. Its message is not shown, in case it
    // quotes the token.
    let mut doc = text
        .parse::<toml_edit::DocumentMut>()
        .map_err(|_| format!("{} is not valid TOML", path.display()))?;
    edit(&mut doc)?;
    write_private(path, &doc.to_string())
}

/// Replaces the file through a temporary and a rename, mode 0600 from the first byte: the file
/// may hold the token.
fn write_private(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        crate::private_files::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let tmp = path.with_extension("toml.tmp");
    // A stale temporary (a crash, an older version) would pass its mode on: it goes first, and
    // the new one is created afresh, private from its first byte, or not at all.
    match fs::remove_file(&tmp) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(format!("cannot remove the stale {}: {e}", tmp.display()));
        }
        _ => {}
    }
    {
        let mut f = crate::private_files::create_new(&tmp)
            .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        f.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
        f.sync_all().map_err(|e| e.to_string())?;
    }
    fs::rename(&tmp, path).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    check_private(path)
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
mod tests {
    use super::*;

    #[test]
    fn plain_http_only_to_loopback() {
        assert!(check_base_url("http://127.0.0.1:8080/public/v1").is_ok());
        assert!(check_base_url("http://localhost/public/v1").is_ok());
        assert!(check_base_url("http://[::1]:9000/public/v1").is_ok());
        assert!(check_base_url("http://api.weeek.net/public/v1").is_err());
        assert!(check_base_url("http://127.0.0.1.evil.com/public/v1").is_err());
        assert_eq!(
            check_base_url("https://api.weeek.net/public/v1/").unwrap(),
            "https://api.weeek.net/public/v1"
        );
        assert!(check_base_url("ftp://x").is_err());
    }

    /// Strings that a text split reads as loopback but the client's URL parser sends
    /// elsewhere, and lookalikes of loopback names.
    #[test]
    fn plain_http_is_refused_unless_the_parsed_host_is_loopback() {
        for url in [
            "http://10.99.99.1:18799\\@127.0.0.1/public/v1",
            "http://evil.example#@localhost/public/v1",
            "http://evil.example?@127.0.0.1/public/v1",
            "http://localhost.evil.example",
            "http://127.0.0.1.nip.io",
        ] {
            let err = check_base_url(url).expect_err(url);
            assert!(err.contains("refusing plain http://"), "{url}: {err}");
            assert!(err.contains("Use https://"), "{url}: {err}");
        }
        for url in [
            "http://[::1]:8080",
            "http://127.0.0.2",
            "HTTP://LOCALHOST",
            "http://api.localhost:8080/public/v1",
        ] {
            assert!(check_base_url(url).is_ok(), "{url}");
        }
        let err = check_base_url("http://user:pw@127.0.0.1").unwrap_err();
        assert!(err.contains("user name or password"), "{err}");
        assert!(!err.contains("pw"), "the password is not repeated: {err}");
        assert!(check_base_url("https://user@api.weeek.net/public/v1").is_err());
    }

    /// The start-up path (`resolve_connection`, the client, its first request) against a
    /// listener that a trick URL reaches: the guard must refuse before any connection.
    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_refused_base_url_never_connects() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let dir = std::env::temp_dir().join(format!("weeek-guard-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let config_path = dir.join("config.toml");
        let file = FileConfig {
            token: Some("SECRET".into()),
            timeout_secs: Some(1),
            ..Default::default()
        };
        // 0.0.0.0 is not loopback by name, yet a connection to it lands on this host.
        for trick in [
            format!("http://0.0.0.0:{port}#@localhost/public/v1"),
            format!("http://0.0.0.0:{port}?@127.0.0.1/public/v1"),
            format!("http://0.0.0.0:{port}\\@127.0.0.1/public/v1"),
        ] {
            let started = resolve_connection(Some(&trick), None, |_| None, &file, &config_path);
            if let Ok(conn) = &started {
                // What the app does next: build the client and ask who the token belongs to.
                let client = weeek_api::Client::new(client_config(
                    conn.base_url.clone(),
                    conn.token.clone(),
                    &file,
                ))
                .unwrap();
                let _ = client.me().await;
            }
            assert!(started.is_err(), "{trick} was accepted");
        }
        listener.set_nonblocking(true).unwrap();
        assert!(
            matches!(listener.accept(), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
            "something connected to the listener"
        );
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn env_beats_file_and_flag_beats_env() {
        let dir = std::env::temp_dir().join(format!("weeek-cfg-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let config_path = dir.join("config.toml");
        let flag_file = dir.join("flag-token");
        fs::write(&flag_file, "from-flag\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&flag_file, fs::Permissions::from_mode(0o600)).unwrap();
        }
        let file = FileConfig {
            token: Some("from-file".into()),
            ..Default::default()
        };
        let env = |k: &str| (k == "WEEEK_API_TOKEN").then(|| "from-env".to_string());
        let (token, src) = resolve_token(Some(&flag_file), env, &file, &config_path)
            .unwrap()
            .unwrap();
        assert_eq!(
            src,
            TokenSource::Flag(flag_file.clone()),
            "the flag beats all"
        );
        assert_eq!(token, Token::new("from-flag"));
        let (token, src) = resolve_token(None, env, &file, &config_path)
            .unwrap()
            .unwrap();
        assert_eq!(
            src,
            TokenSource::Env("WEEEK_API_TOKEN"),
            "env beats the file"
        );
        assert_eq!(token, Token::new("from-env"));
        let (token, src) = resolve_token(None, |_| None, &file, &config_path)
            .unwrap()
            .unwrap();
        assert_eq!(src, TokenSource::ConfigFile(config_path.clone()));
        assert_eq!(token, Token::new("from-file"));
        assert!(
            resolve_token(None, |_| None, &FileConfig::default(), &config_path)
                .unwrap()
                .is_none()
        );
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_refused_token_is_traced_to_where_it_came_from() {
        let flag = TokenSource::Flag("/home/anna/.weeek-token".into()).refused_text();
        assert!(
            flag.contains("--token-file /home/anna/.weeek-token"),
            "{flag}"
        );
        let env = TokenSource::Env("WEEEK_API_TOKEN").refused_text();
        assert!(
            env.contains("WEEEK_API_TOKEN") && !env.contains("WEEEK_TOKEN "),
            "{env}"
        );
        let file = TokenSource::ConfigFile("/cfg/config.toml".into()).refused_text();
        assert!(
            file.contains("/cfg/config.toml") && file.contains("set-token"),
            "{file}"
        );
        for text in [flag, file] {
            assert!(!text.contains("WEEEK_TOKEN"), "{text}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn readable_token_file_is_refused_with_the_fix() {
        use std::os::unix::fs::PermissionsExt;
        let path = std::env::temp_dir().join(format!("weeek-token-{}", std::process::id()));
        fs::write(&path, "abc\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let err = resolve_token(Some(&path), |_| None, &FileConfig::default(), &path).unwrap_err();
        assert!(err.contains("chmod 600"));
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        let (token, _) = resolve_token(Some(&path), |_| None, &FileConfig::default(), &path)
            .unwrap()
            .unwrap();
        assert!(!token.is_empty());
        fs::remove_file(&path).ok();
    }

    #[test]
    fn a_broken_config_file_never_echoes_its_token() {
        let dir = std::env::temp_dir().join(format!("weeek-broken-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "mouse = false\ntoken = \"SECRET-TOKEN-123\n").unwrap();
        let err = load_file(&path).unwrap_err();
        assert!(!err.contains("SECRET-TOKEN-123"), "{err}");
        assert!(err.contains("line 2"), "{err}");
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_token_of_the_wrong_type_is_named_without_its_value() {
        let dir = std::env::temp_dir().join(format!("weeek-type-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "mouse = false\ntoken = 1234567\n").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        }
        let err = load_file(&path).unwrap_err();
        assert!(!err.contains("1234567"), "{err}");
        assert!(err.contains("`token`"), "{err}");
        assert!(err.contains("wrong type"), "{err}");
        assert!(err.contains("expected a string"), "{err}");
        assert!(err.contains("line 2"), "{err}");
        fs::write(&path, "mouse = \"yes please\"\n").unwrap();
        let err = load_file(&path).unwrap_err();
        assert!(!err.contains("yes please"), "{err}");
        assert!(err.contains("`mouse`"), "{err}");
        fs::remove_dir_all(&dir).ok();
    }

    /// A stale temporary left readable by others (an old version, a crash) must not pass its
    /// mode on to the file that holds the token.
    #[cfg(unix)]
    #[test]
    fn a_stale_temporary_never_makes_the_stored_token_readable() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("weeek-stale-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        let tmp = dir.join("config.toml.tmp");
        fs::write(&tmp, "leftover").unwrap();
        fs::set_permissions(&tmp, fs::Permissions::from_mode(0o644)).unwrap();
        store_token(&path, "t0ken").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "mode {mode:o}");
        assert_eq!(load_file(&path).unwrap().token.as_deref(), Some("t0ken"));
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn storing_over_a_broken_config_never_echoes_its_token() {
        let dir = std::env::temp_dir().join(format!("weeek-store-broken-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "token = \"OLD-SECRET\n").unwrap();
        let err = store_token(&path, "new").unwrap_err();
        assert!(!err.contains("OLD-SECRET"), "{err}");
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn stored_token_file_is_private() {
        let dir = std::env::temp_dir().join(format!("weeek-store-{}", std::process::id()));
        let path = dir.join("config.toml");
        store_token(&path, " t0ken \n").unwrap();
        let loaded = load_file(&path).unwrap();
        assert_eq!(loaded.token.as_deref(), Some("t0ken"));
        fs::remove_dir_all(&dir).ok();
    }

    fn keymap_from(text: &str) -> Result<Keymap, String> {
        let path = Path::new("/home/anna/.config/weeek-tui/config.toml");
        keymap(&parse(text, path)?, path)
    }

    #[test]
    fn keys_are_read_quoted_dotted_alone_or_in_a_list() {
        use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

        use crate::app::commands::{Action, Context};

        let map =
            keymap_from("[keys]\n\"tasks.complete\" = [\"c\", \"ctrl-d\"]\ntasks.due = \"x\"\n")
                .unwrap();
        let tasks = [Context::Tasks];
        let press = |code, mods| KeyEvent::new(code, mods);
        let c = press(KeyCode::Char('c'), KeyModifiers::NONE);
        let ctrl_d = press(KeyCode::Char('d'), KeyModifiers::CONTROL);
        let x = press(KeyCode::Char('x'), KeyModifiers::NONE);
        assert_eq!(map.resolve(&tasks, false, &c), Some(Action::Complete));
        assert_eq!(map.resolve(&tasks, false, &ctrl_d), Some(Action::Complete));
        assert_eq!(map.resolve(&tasks, false, &x), Some(Action::DueDate));
        assert_eq!(keymap_from("").unwrap(), Keymap::default());
    }

    #[test]
    fn bad_keys_stop_the_start_naming_the_file_and_the_commands() {
        let err = keymap_from("[keys]\n\"tasks.complete\" = \"d\"\n").unwrap_err();
        assert!(
            err.contains("/home/anna/.config/weeek-tui/config.toml"),
            "{err}"
        );
        assert!(err.contains("`tasks.complete` and `tasks.due`"), "{err}");
        let err = keymap_from("[keys]\n\"tasks.complete\" = 3\n").unwrap_err();
        assert!(err.contains("`tasks.complete` must be a key"), "{err}");
        let err = keymap_from("[keys]\nnope = \"c\"\n").unwrap_err();
        assert!(
            err.contains("`nope`") && err.contains("no command"),
            "{err}"
        );
    }

    #[test]
    fn storing_a_token_keeps_the_keys_section() {
        let dir = std::env::temp_dir().join(format!("weeek-store-keys-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "[keys]\n\"tasks.complete\" = \"c\"\n").unwrap();
        store_token(&path, "t0ken").unwrap();
        let loaded = load_file(&path).unwrap();
        let map = keymap(&loaded, &path).unwrap();
        assert_eq!(map.key_of("tasks.complete").as_deref(), Some("c"));
        fs::remove_dir_all(&dir).ok();
    }

    /// `config --help` names every key the file may hold, and its example is a valid file.
    #[test]
    fn the_config_help_lists_every_key_of_the_file_with_a_valid_example() {
        use clap::CommandFactory;
        let mut cli = crate::cli::Cli::command();
        let help = cli
            .find_subcommand_mut("config")
            .expect("the config command")
            .render_long_help()
            .to_string();
        let every = FileConfig {
            base_url: Some(String::new()),
            token: Some(String::new()),
            token_file: Some(PathBuf::new()),
            mouse: Some(true),
            timeout_secs: Some(1),
            xdebug_session: Some(String::new()),
            keys: Some(toml::Table::new()),
            views: Some(BTreeMap::new()),
        };
        let toml::Value::Table(keys) = toml::Value::try_from(&every).unwrap() else {
            panic!("a table");
        };
        for key in keys.keys() {
            let named = match key.as_str() {
                "keys" => "[keys]".to_string(),
                "views" => "[views.\"name\"]".to_string(),
                _ => format!("  {key} "),
            };
            assert!(
                help.contains(&named),
                "{key} is not in config --help:\n{help}"
            );
        }
        let example = FILE_HELP.split("Example:\n").nth(1).expect("an example");
        let example: String = example
            .lines()
            .map(|l| l.strip_prefix("  ").unwrap_or(l))
            .collect::<Vec<_>>()
            .join("\n");
        let file = parse(&example, Path::new("config.toml")).unwrap();
        assert_eq!(file.timeout_secs, Some(30));
        let map = keymap(&file, Path::new("config.toml")).unwrap();
        assert_eq!(map.key_of("tasks.complete").as_deref(), Some("c"));
        assert!(map.shadows().is_empty(), "{:?}", map.shadow_notes());
        assert!(
            file.views
                .is_some_and(|v| v.contains_key("Urgent, everyone"))
        );
    }

    /// A view saved and deleted by the app leaves the rest of the file as the user wrote it:
    /// comments, other settings and views, their order; the file stays private.
    #[test]
    fn the_demo_keeps_its_views_with_its_other_files_never_in_the_config_file() {
        let paths = Paths {
            config_file: PathBuf::from("/home/u/.config/weeek-tui/config.toml"),
            data_dir: PathBuf::from("/home/u/.local/share/weeek-tui"),
            log_dir: PathBuf::from("/home/u/.local/state/weeek-tui/logs"),
        };
        assert_eq!(paths.views_file(false), paths.config_file);
        let demo = paths.views_file(true);
        assert_ne!(demo, paths.config_file);
        assert!(
            demo.starts_with(paths.data_dir_for(true)),
            "{}",
            demo.display()
        );
        assert_eq!(paths.data_dir_for(false), paths.data_dir);
    }

    #[test]
    fn views_round_trip_through_the_config_file_keeping_the_rest_of_it() {
        let dir = std::env::temp_dir().join(format!("weeek-views-cfg-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        let written = "# my settings\n\
                       mouse = false # the wheel scrolls the terminal\n\
                       \n\
                       [keys]\n\
                       # c is easier to reach\n\
                       \"tasks.complete\" = \"c\"\n\
                       \n\
                       [views.High]\n\
                       priority = \"high\" # urgent ones\n";
        fs::write(&path, written).unwrap();
        let view = View {
            assignee: Some("anyone".into()),
            dates: Some("this week".into()),
            tags: vec![1, 2],
            search: Some("отчёт \"Q3\"".into()),
            sort: Some("-priority".into()),
            ..View::default()
        };
        store_view(&path, "Неделя, все", Some(&view)).unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with(written),
            "the file as written comes first:\n{text}"
        );
        assert!(text.contains("[views.\"Неделя, все\"]"), "{text}");
        assert!(
            !text.contains("\n[views]\n"),
            "no bare [views] line:\n{text}"
        );
        let loaded = load_file(&path).unwrap();
        assert_eq!(loaded.mouse, Some(false));
        assert_eq!(
            keymap(&loaded, &path)
                .unwrap()
                .key_of("tasks.complete")
                .as_deref(),
            Some("c")
        );
        let today = time::macros::date!(2026 - 11 - 21);
        let saved = views(&loaded, &path, today).unwrap();
        assert_eq!(saved.get("Неделя, все"), Some(&view));
        assert_eq!(
            saved.get("High").and_then(|v| v.priority.as_deref()),
            Some("high")
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "mode {mode:o}");
        }
        store_view(&path, "Неделя, все", None).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), written);
        // A view that cannot be read stops the start, naming the file and the view.
        fs::write(&path, "[views.Soon]\ndates = \"someday\"\n").unwrap();
        let err = views(&load_file(&path).unwrap(), &path, today).unwrap_err();
        assert!(
            err.contains("config.toml: [views] view \"Soon\": `dates`"),
            "{err}"
        );
        fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn storing_a_token_keeps_comments() {
        let dir = std::env::temp_dir().join(format!("weeek-token-cmt-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        fs::write(&path, "# work account\ntimeout_secs = 30 # slow VPN\n").unwrap();
        store_token(&path, "t0ken\n").unwrap();
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("# work account\ntimeout_secs = 30 # slow VPN\n"),
            "{text}"
        );
        assert_eq!(load_file(&path).unwrap().token.as_deref(), Some("t0ken"));
        fs::remove_dir_all(&dir).ok();
    }

    /// The example in `docs/configuration.md`'s "Saved views" is a config that starts.
    #[test]
    fn the_documented_views_example_is_a_valid_config() {
        let page = include_str!("../docs/configuration.md");
        let section = page
            .split("\n## Saved views\n")
            .nth(1)
            .expect("the section");
        let example = section
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("a toml example");
        let path = Path::new("/home/anna/.config/weeek-tui/config.toml");
        let today = time::macros::date!(2026 - 11 - 21);
        let saved = views(&parse(example, path).unwrap(), path, today).unwrap();
        assert_eq!(
            saved.keys().collect::<Vec<_>>(),
            ["This week's calls", "Urgent, everyone"]
        );
    }

    /// The example in `docs/configuration.md`'s "Keys in the config file" is a config that
    /// starts.
    #[test]
    fn the_documented_keys_example_is_a_valid_config() {
        let page = include_str!("../docs/configuration.md");
        let section = page
            .split("\n## Keys in the config file\n")
            .nth(1)
            .expect("the section");
        let example = section
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("a toml example");
        let map = keymap_from(example).unwrap();
        assert_eq!(map.key_of("tasks.complete").as_deref(), Some("c"));
        assert_eq!(map.key_of("tasks.delete"), None);
        assert_eq!(map.key_of("list.down").as_deref(), Some("j"));
        // An example teaches what it shows: none of its keys hides a default.
        assert!(map.shadows().is_empty(), "{:?}", map.shadow_notes());
    }
}
