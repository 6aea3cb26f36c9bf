//! Where to connect and with which token: the base URL checked, the token found, and where it
//! came from (for the message when the service refuses it).

use std::fs;
use std::net::IpAddr;
use std::path::{Path, PathBuf};

use weeek_api::{ClientConfig, DEFAULT_BASE_URL, Token, Url};

use super::{FileConfig, check_private, no_token_help};

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
    /// The file named by `token_file` in the profile's section.
    ProfileTokenFile { profile: String, path: PathBuf },
    /// `token` in the profile's section of the config file at `path`.
    ProfileConfigFile { profile: String, path: PathBuf },
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
            Self::ProfileTokenFile { profile, path } => format!(
                "The token of profile {profile:?} from {} (its token_file) was refused (401): check that file.",
                path.display()
            ),
            Self::ProfileConfigFile { profile, path } => format!(
                "The token of profile {profile:?} in {} was refused (401): store a new one with weeek-tui config set-token --profile {profile}.",
                path.display()
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
