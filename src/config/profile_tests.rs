//! Profiles in the config file: which one the app starts on, how each one's connection is
//! found, and errors that name the profile.

use std::fs;
use std::path::{Path, PathBuf};

use weeek_api::Token;

use super::*;

const CONFIG: &str = "/home/anna/.config/weeek-tui/config.toml";

fn file(text: &str) -> FileConfig {
    parse(text, Path::new(CONFIG)).unwrap()
}

/// A private directory of the test's own, made afresh.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("weeek-profiles-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

/// A token file readable by its owner alone.
fn token_file(dir: &Path, name: &str, token: &str) -> PathBuf {
    let path = dir.join(name);
    fs::write(&path, token).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
    }
    path
}

const TWO: &str = "token = \"top-token\"\n\
                   timeout_secs = 45\n\
                   \n\
                   [profiles.acme]\n\
                   token = \"acme-token\"\n\
                   base_url = \"https://weeek.acme.example/public/v1\"\n\
                   \n\
                   [profiles.northwind]\n\
                   token = \"northwind-token\"\n\
                   timeout_secs = 90\n";

fn no_env(_: &str) -> Option<String> {
    None
}

#[test]
fn the_profile_is_picked_by_the_flag_over_the_environment_and_the_top_level_without_either() {
    let f = file(TWO);
    let path = Path::new(CONFIG);
    let env = |k: &str| (k == PROFILE_ENV).then(|| "northwind".to_string());
    let pick = |demo, flag: Option<&str>, env: &dyn Fn(&str) -> Option<String>| {
        pick_start(demo, flag, env, &f, path).unwrap()
    };
    assert_eq!(
        pick(false, Some("acme"), &env),
        WorkspaceId::Profile("acme".into()),
        "the flag beats the environment"
    );
    assert_eq!(
        pick(false, None, &env),
        WorkspaceId::Profile("northwind".into())
    );
    assert_eq!(pick(false, None, &no_env), WorkspaceId::TopLevel);
    // `default` is the top level, so an exported profile can be left for one run.
    assert_eq!(pick(false, Some("default"), &env), WorkspaceId::TopLevel);
    assert_eq!(pick(true, None, &env), WorkspaceId::Demo);
    let blank = |k: &str| (k == PROFILE_ENV).then(|| " ".to_string());
    assert_eq!(pick(false, None, &blank), WorkspaceId::TopLevel);
}

#[test]
fn an_unknown_profile_is_named_with_where_it_came_from_and_the_profiles_there_are() {
    let f = file(TWO);
    let path = Path::new(CONFIG);
    let err = pick_start(false, Some("acem"), no_env, &f, path).unwrap_err();
    assert!(err.starts_with("--profile acem: "), "{err}");
    assert!(err.contains("profile \"acem\" is not in"), "{err}");
    assert!(err.contains(CONFIG), "{err}");
    assert!(err.contains("it has acme, northwind"), "{err}");
    let env = |k: &str| (k == PROFILE_ENV).then(|| "old".to_string());
    let err = pick_start(false, None, env, &f, path).unwrap_err();
    assert!(err.starts_with("WEEEK_PROFILE=old: "), "{err}");
    let err = pick_start(false, Some("acme"), no_env, &FileConfig::default(), path).unwrap_err();
    assert!(err.contains("it has none"), "{err}");
    assert!(err.contains("set-token --profile acme"), "{err}");
}

#[test]
fn a_profile_has_its_own_token_and_service_and_the_top_levels_other_settings() {
    let f = file(TWO);
    let path = Path::new(CONFIG);
    let flags = ConnectionFlags::default();
    let acme = WorkspaceId::Profile("acme".into());
    let (conn, settings) = resolve_workspace(&acme, &flags, no_env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("acme-token"));
    assert_eq!(conn.base_url, "https://weeek.acme.example/public/v1");
    assert_eq!(
        conn.source,
        TokenSource::ProfileConfigFile {
            profile: "acme".into(),
            path: path.into()
        }
    );
    assert_eq!(settings.timeout_secs, Some(45), "the top level's");
    let northwind = WorkspaceId::Profile("northwind".into());
    let (conn, settings) = resolve_workspace(&northwind, &flags, no_env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("northwind-token"));
    assert_eq!(conn.base_url, weeek_api::DEFAULT_BASE_URL);
    assert_eq!(settings.timeout_secs, Some(90), "its own");
    let (conn, _) = resolve_workspace(&WorkspaceId::TopLevel, &flags, no_env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("top-token"));
}

/// Flags over the environment over the file, for the top level; a profile's token is its own,
/// never the environment's (another workspace's token with this one's drafts).
#[test]
fn the_environment_and_the_flags_set_the_top_level_never_a_profile() {
    let dir = temp_dir("precedence");
    let flag_token = token_file(&dir, "flag-token", "from-flag");
    let f = file(TWO);
    let path = Path::new(CONFIG);
    let env = |k: &str| match k {
        "WEEEK_TOKEN" => Some("from-env".to_string()),
        "WEEEK_BASE_URL" => Some("http://localhost:8787/public/v1".to_string()),
        _ => None,
    };
    let none = ConnectionFlags::default();
    let top = WorkspaceId::TopLevel;
    let (conn, _) = resolve_workspace(&top, &none, env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("from-env"), "env beats the file");
    assert_eq!(conn.base_url, "http://localhost:8787/public/v1");
    let flags = ConnectionFlags {
        base_url: Some("http://127.0.0.1:9000/public/v1".into()),
        token_file: Some(flag_token.clone()),
    };
    let (conn, _) = resolve_workspace(&top, &flags, env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("from-flag"), "the flag beats env");
    assert_eq!(conn.source, TokenSource::Flag(flag_token));
    assert_eq!(conn.base_url, "http://127.0.0.1:9000/public/v1");

    let acme = WorkspaceId::Profile("acme".into());
    let (conn, _) = resolve_workspace(&acme, &none, env, &f, path).unwrap();
    assert_eq!(conn.token, Token::new("acme-token"));
    assert_eq!(conn.base_url, "https://weeek.acme.example/public/v1");
    for (flags, named) in [
        (
            ConnectionFlags {
                token_file: flags.token_file.clone(),
                ..Default::default()
            },
            "--token-file",
        ),
        (
            ConnectionFlags {
                base_url: flags.base_url.clone(),
                ..Default::default()
            },
            "--base-url",
        ),
    ] {
        let err = resolve_workspace(&acme, &flags, env, &f, path).unwrap_err();
        assert!(err.starts_with("profile \"acme\": "), "{err}");
        assert!(err.contains(named), "{err}");
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn every_check_of_the_top_level_token_holds_for_a_profile_and_says_which() {
    let dir = temp_dir("checks");
    let path = dir.join("config.toml");
    let resolve = |text: &str| {
        let f = parse(text, &path).unwrap();
        let id = WorkspaceId::Profile("acme".into());
        resolve_workspace(&id, &ConnectionFlags::default(), no_env, &f, &path)
    };
    // Plain http only to this machine.
    let err = resolve(
        "[profiles.acme]\ntoken = \"t\"\nbase_url = \"http://weeek.acme.example/public/v1\"\n",
    )
    .unwrap_err();
    assert!(
        err.starts_with("profile \"acme\": refusing plain http://"),
        "{err}"
    );
    // Nor the top level's plain http, which it would otherwise take.
    let err = resolve(
        "base_url = \"http://weeek.acme.example/public/v1\"\n[profiles.acme]\ntoken = \"t\"\n",
    )
    .unwrap_err();
    assert!(err.contains("profile \"acme\""), "{err}");
    // No token of its own: the top level's is not taken.
    let err = resolve("token = \"top\"\n[profiles.acme]\ntimeout_secs = 5\n").unwrap_err();
    assert!(err.starts_with("profile \"acme\" has no token"), "{err}");
    assert!(
        err.contains("weeek-tui config set-token --profile acme"),
        "{err}"
    );
    // A token file readable by others.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let shared = token_file(&dir, "acme-token", "t");
        fs::set_permissions(&shared, fs::Permissions::from_mode(0o644)).unwrap();
        let text = format!(
            "[profiles.acme]\ntoken_file = {:?}\n",
            shared.display().to_string()
        );
        let err = resolve(&text).unwrap_err();
        assert!(err.starts_with("profile \"acme\": "), "{err}");
        assert!(err.contains("chmod 600"), "{err}");
        fs::set_permissions(&shared, fs::Permissions::from_mode(0o600)).unwrap();
        let (conn, _) = resolve(&text).unwrap();
        assert_eq!(conn.token, Token::new("t"));
        assert_eq!(
            conn.source,
            TokenSource::ProfileTokenFile {
                profile: "acme".into(),
                path: shared
            }
        );
        // A config file holding a profile's token is refused when others can read it.
        fs::write(&path, "[profiles.acme]\ntoken = \"secret\"\n").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o644)).unwrap();
        let err = load_file(&path).unwrap_err();
        assert!(err.contains("chmod 600"), "{err}");
    }
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_refused_profile_token_names_the_profile_and_how_to_store_a_new_one() {
    let text = TokenSource::ProfileConfigFile {
        profile: "acme".into(),
        path: CONFIG.into(),
    }
    .refused_text();
    assert!(text.contains("profile \"acme\""), "{text}");
    assert!(text.contains(CONFIG), "{text}");
    assert!(text.contains("set-token --profile acme"), "{text}");
    let text = TokenSource::ProfileTokenFile {
        profile: "acme".into(),
        path: "/home/anna/acme-token".into(),
    }
    .refused_text();
    assert!(text.contains("profile \"acme\""), "{text}");
    assert!(text.contains("/home/anna/acme-token"), "{text}");
}

#[test]
fn a_bad_profile_section_stops_the_start_naming_the_profile() {
    let path = Path::new(CONFIG);
    let err = parse("[profiles.acme]\nmouse = false\n", path).unwrap_err();
    assert!(err.contains("[profiles.acme]"), "{err}");
    assert!(err.contains("mouse"), "{err}");
    let err = parse("[profiles.acme]\ntoken = 42\n", path).unwrap_err();
    assert!(err.contains("[profiles.acme]"), "{err}");
    assert!(!err.contains("42"), "never the value: {err}");
    for bad in ["\"../up\"", "\"a b\"", "\".hidden\"", "default"] {
        let err = parse(&format!("[profiles.{bad}]\ntoken = \"t\"\n"), path).unwrap_err();
        assert!(err.contains(CONFIG), "{err}");
        assert!(err.contains("profile \""), "{bad}: {err}");
    }
    assert!(parse("[profiles.\"клиент-2\"]\ntoken = \"t\"\n", path).is_ok());
}

#[test]
fn a_profiles_token_is_stored_in_its_section_keeping_the_rest_private() {
    let dir = temp_dir("store");
    let path = dir.join("config.toml");
    let written = "# mine\ntoken = \"top\" # the old one\n\n[profiles.acme]\nbase_url = \"https://weeek.acme.example/public/v1\"\n";
    fs::write(&path, written).unwrap();
    store_profile_token(&path, "acme", " acme-secret \n").unwrap();
    store_profile_token(&path, "northwind", "nw-secret").unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# mine\ntoken = \"top\" # the old one\n"),
        "{text}"
    );
    assert!(
        !text.contains("\n[profiles]\n"),
        "no bare [profiles] line:\n{text}"
    );
    let f = load_file(&path).unwrap();
    assert_eq!(f.token.as_deref(), Some("top"));
    let acme = f.profile("acme", &path).unwrap();
    assert_eq!(acme.token.as_deref(), Some("acme-secret"));
    assert_eq!(
        acme.base_url.as_deref(),
        Some("https://weeek.acme.example/public/v1")
    );
    assert_eq!(
        f.profile("northwind", &path).unwrap().token.as_deref(),
        Some("nw-secret")
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "mode {mode:o}");
    }
    let err = store_profile_token(&path, "../x", "t").unwrap_err();
    assert!(err.contains("\"../x\""), "{err}");
    fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_top_level_is_offered_only_when_it_names_a_token() {
    let none = ConnectionFlags::default();
    assert!(!top_level_has_token(
        &none,
        no_env,
        &file("[profiles.acme]\ntoken = \"t\"\n")
    ));
    assert!(top_level_has_token(&none, no_env, &file(TWO)));
    let env = |k: &str| (k == "WEEEK_TOKEN").then(|| "t".to_string());
    assert!(top_level_has_token(&none, env, &FileConfig::default()));
}

/// The example in `docs/configuration.md`'s "Several workspaces" is a config with two
/// profiles, each with a token of its own and a service the checks let through.
#[test]
fn the_documented_profiles_example_is_a_valid_config() {
    let page = include_str!("../../docs/configuration.md");
    let section = page
        .split("\n## Several workspaces\n")
        .nth(1)
        .expect("the section");
    let example = section
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml example");
    let f = file(example);
    assert_eq!(f.profile_names(), ["acme", "northwind"]);
    for name in f.profile_names() {
        let p = f.profile(&name, Path::new(CONFIG)).unwrap();
        assert!(
            p.token.is_some() || p.token_file.is_some(),
            "{name} has a token of its own"
        );
        let settings = f.as_profile(p);
        resolve_base_url(None, &settings).unwrap();
    }
    assert!(keymap(&f, Path::new(CONFIG)).is_ok());
}

#[test]
fn without_a_top_level_token_the_start_names_the_profiles_to_start_on() {
    let f = file("[profiles.acme]\ntoken = \"t\"\n[profiles.nordic]\ntoken = \"u\"\n");
    let err = resolve_workspace(
        &WorkspaceId::TopLevel,
        &ConnectionFlags::default(),
        no_env,
        &f,
        Path::new(CONFIG),
    )
    .unwrap_err();
    assert!(err.starts_with("No WEEEK token found"), "{err}");
    assert!(err.contains("(acme, nordic): --profile NAME"), "{err}");
}

/// The README's configuration section shows profiles as the file takes them.
#[test]
fn the_readmes_profiles_example_is_a_valid_config() {
    let readme = include_str!("../../README.md");
    let section = readme
        .split("\n## Configuration\n")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("the section");
    let example = section
        .split("```toml\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a toml example");
    let f = file(example);
    assert_eq!(f.profile_names(), ["acme", "northwind"]);
    for name in f.profile_names() {
        let p = f.profile(&name, Path::new(CONFIG)).unwrap();
        assert!(p.token.is_some() || p.token_file.is_some(), "{name}");
    }
}
