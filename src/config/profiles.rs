//! Several workspaces: `[profiles.NAME]` sections of the config file, each with a token (and a
//! service) of its own, and which of them the app starts on.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::FileConfig;
use super::connection::{self, Connection, TokenSource};

/// The environment variable that picks a profile when `--profile` does not.
pub const PROFILE_ENV: &str = "WEEEK_PROFILE";

/// The name that stands for the top-level settings in `--profile` and `WEEEK_PROFILE` (so that
/// a profile exported in the shell can be left for one run); no profile may take it.
pub const DEFAULT_PROFILE: &str = "default";

/// A workspace the app can run on: the settings it is reached with.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum WorkspaceId {
    /// The top level of the config file, with the flags and the environment over it.
    TopLevel,
    /// `[profiles.NAME]`.
    Profile(String),
    /// The built-in sandbox of `--demo`.
    Demo,
}

impl WorkspaceId {
    /// The name it goes by in the switcher, the header and messages.
    pub fn label(&self) -> &str {
        match self {
            Self::TopLevel => DEFAULT_PROFILE,
            Self::Profile(name) => name,
            Self::Demo => "demo sandbox",
        }
    }
}

/// What `[profiles.NAME]` may hold: how its workspace is reached and how requests to it are
/// tuned. A setting left out is the top level's, except the token, which is never shared: a
/// profile without one of its own is an error, not another workspace's token.
#[derive(Debug, Default, Clone, PartialEq, Deserialize, Serialize)]
#[serde(default, deny_unknown_fields)]
pub struct ProfileConfig {
    pub base_url: Option<String>,
    pub token: Option<String>,
    pub token_file: Option<PathBuf>,
    pub timeout_secs: Option<u64>,
    pub xdebug_session: Option<String>,
}

/// A profile's name becomes a directory of its own (its drafts, views, local data): letters,
/// digits, `-`, `_` and `.` (not first), and not the name of the top-level settings.
pub fn check_profile_name(name: &str) -> Result<(), String> {
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, '-' | '_' | '.');
    if name.is_empty() || name.starts_with('.') || !name.chars().all(allowed) {
        return Err(format!(
            "profile {name:?}: a profile's name may hold letters, digits, -, _ and . (not first)"
        ));
    }
    if name == DEFAULT_PROFILE {
        return Err(format!(
            "profile {name:?}: the name stands for the top-level settings; give the profile another"
        ));
    }
    Ok(())
}

impl FileConfig {
    /// The profile `name`, or an error naming it, the file and the profiles there are.
    pub fn profile(&self, name: &str, path: &Path) -> Result<&ProfileConfig, String> {
        self.profiles
            .as_ref()
            .and_then(|p| p.get(name))
            .ok_or_else(|| {
                let names = self.profile_names();
                let known = if names.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("it has {}", names.join(", "))
                };
                format!(
                    "profile {name:?} is not in {} ({known}). Add a [profiles.{name}] section, \
                     or store its token with: weeek-tui config set-token --profile {name}",
                    path.display()
                )
            })
    }

    pub fn profile_names(&self) -> Vec<String> {
        self.profiles
            .as_ref()
            .map(|p| p.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The settings of profile `p` as if they were the whole file: its own, and the top
    /// level's where it has none, the token excepted.
    pub(super) fn as_profile(&self, p: &ProfileConfig) -> FileConfig {
        FileConfig {
            base_url: p.base_url.clone().or_else(|| self.base_url.clone()),
            token: p.token.clone(),
            token_file: p.token_file.clone(),
            timeout_secs: p.timeout_secs.or(self.timeout_secs),
            xdebug_session: p
                .xdebug_session
                .clone()
                .or_else(|| self.xdebug_session.clone()),
            ..FileConfig::default()
        }
    }
}

/// `--demo`, else `--profile`, else `WEEEK_PROFILE`, else the top-level settings: the
/// workspace the app starts on. A name the file does not hold is an error that says where the
/// name came from.
pub fn pick_start(
    demo: bool,
    flag: Option<&str>,
    env: impl Fn(&str) -> Option<String>,
    file: &FileConfig,
    path: &Path,
) -> Result<WorkspaceId, String> {
    if demo {
        return Ok(WorkspaceId::Demo);
    }
    let (name, from) = match (flag, env(PROFILE_ENV)) {
        (Some(name), _) => (name.trim().to_string(), format!("--profile {name}")),
        (None, Some(name)) if !name.trim().is_empty() => {
            (name.trim().to_string(), format!("{PROFILE_ENV}={name}"))
        }
        _ => return Ok(WorkspaceId::TopLevel),
    };
    if name == DEFAULT_PROFILE {
        return Ok(WorkspaceId::TopLevel);
    }
    file.profile(&name, path)
        .map_err(|e| format!("{from}: {e}"))?;
    Ok(WorkspaceId::Profile(name))
}

/// What the command line says of the connection. It applies to the top-level settings only:
/// a profile's service and token are its own.
#[derive(Debug, Default, Clone)]
pub struct ConnectionFlags {
    pub base_url: Option<String>,
    pub token_file: Option<PathBuf>,
}

/// Where workspace `id` is and its token, with the settings its client takes (timeout,
/// cookie): the top level with `--base-url`, `--token-file` and the environment over it, or a
/// profile's own settings. Every check of the top-level token holds for a profile's (the
/// config file's mode, the token file's, plain http only to loopback), and its errors name
/// the profile.
pub fn resolve_workspace(
    id: &WorkspaceId,
    flags: &ConnectionFlags,
    env: impl Fn(&str) -> Option<String>,
    file: &FileConfig,
    config_path: &Path,
) -> Result<(Connection, FileConfig), String> {
    match id {
        WorkspaceId::TopLevel => {
            let profiles = file.profile_names();
            if !profiles.is_empty() && !top_level_has_token(flags, &env, file) {
                // The profiles' tokens are there: say how to start on one.
                return Err(format!(
                    "{}

Or start on a profile of {} ({}): --profile NAME, or \
                     WEEEK_PROFILE=NAME",
                    super::no_token_help(config_path),
                    config_path.display(),
                    profiles.join(", ")
                ));
            }
            let base_url = flags.base_url.clone().or_else(|| env("WEEEK_BASE_URL"));
            let conn = connection::resolve_connection(
                base_url.as_deref(),
                flags.token_file.as_deref(),
                env,
                file,
                config_path,
            )?;
            Ok((conn, file.clone()))
        }
        WorkspaceId::Profile(name) => {
            let flag = match (&flags.token_file, &flags.base_url) {
                (Some(_), _) => Some("--token-file"),
                (None, Some(_)) => Some("--base-url"),
                (None, None) => None,
            };
            if let Some(flag) = flag {
                return Err(format!(
                    "profile {name:?}: {flag} applies to the top-level settings only; a \
                     profile's service and token are set in its [profiles.{name}] section"
                ));
            }
            let settings = file.as_profile(file.profile(name, config_path)?);
            let named = |e: String| format!("profile {name:?}: {e}");
            let base_url = connection::resolve_base_url(None, &settings).map_err(named)?;
            // The environment's token is the top level's: never another workspace's.
            let found =
                connection::resolve_token(None, |_| None, &settings, config_path).map_err(named)?;
            let Some((token, source)) = found else {
                return Err(format!(
                    "profile {name:?} has no token: store one (kept readable only by you) \
                     with\n  weeek-tui config set-token --profile {name}\nor name a file \
                     holding it with token_file in its [profiles.{name}] section of {}",
                    config_path.display()
                ));
            };
            let source = match source {
                TokenSource::ConfigTokenFile(path) => TokenSource::ProfileTokenFile {
                    profile: name.clone(),
                    path,
                },
                _ => TokenSource::ProfileConfigFile {
                    profile: name.clone(),
                    path: config_path.to_path_buf(),
                },
            };
            let conn = Connection {
                base_url,
                token,
                source,
            };
            Ok((conn, settings))
        }
        WorkspaceId::Demo => Err("the demo sandbox has no settings of its own".into()),
    }
}

/// Whether the top-level settings name a token (the file, `--token-file` or the
/// environment): only then are they a workspace the switcher offers.
pub fn top_level_has_token(
    flags: &ConnectionFlags,
    env: impl Fn(&str) -> Option<String>,
    file: &FileConfig,
) -> bool {
    flags.token_file.is_some()
        || file.token_file.is_some()
        || file.token.as_deref().is_some_and(|t| !t.trim().is_empty())
        || ["WEEEK_TOKEN", "WEEEK_API_TOKEN"]
            .iter()
            .any(|k| env(k).is_some_and(|v| !v.trim().is_empty()))
}
