use weeek_api::Token;

use super::*;

/// The task screen's check of saved views, as the app runs it.
fn checked(today: time::Date) -> impl Fn(&BTreeMap<String, View>) -> Result<(), String> {
    move |views| crate::tasks::views::check_all(views, today)
}

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

    use crate::keys::commands::{Action, Context};

    let map = keymap_from("[keys]\n\"tasks.complete\" = [\"c\", \"ctrl-d\"]\ntasks.due = \"x\"\n")
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
        refresh_secs: Some(60),
        xdebug_session: Some(String::new()),
        keys: Some(toml::Table::new()),
        views: Some(BTreeMap::new()),
        profiles: Some(BTreeMap::new()),
    };
    let toml::Value::Table(keys) = toml::Value::try_from(&every).unwrap() else {
        panic!("a table");
    };
    for key in keys.keys() {
        let named = match key.as_str() {
            "keys" => "[keys]".to_string(),
            "views" => "[views.\"name\"]".to_string(),
            "profiles" => "[profiles.NAME]".to_string(),
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
    assert_eq!(file.refresh_secs, Some(120));
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
fn the_demo_and_each_profile_keep_their_views_and_drafts_apart_never_in_the_config_file() {
    let paths = Paths {
        config_file: PathBuf::from("/home/u/.config/weeek-tui/config.toml"),
        data_dir: PathBuf::from("/home/u/.local/share/weeek-tui"),
        log_dir: PathBuf::from("/home/u/.local/state/weeek-tui/logs"),
    };
    let top = WorkspaceId::TopLevel;
    assert_eq!(paths.views_file(&top), paths.config_file);
    assert_eq!(paths.data_dir_for(&top), paths.data_dir);
    let others = [
        WorkspaceId::Demo,
        WorkspaceId::Profile("acme".into()),
        WorkspaceId::Profile("northwind".into()),
    ];
    let mut dirs = vec![paths.data_dir_for(&top)];
    for id in &others {
        let views = paths.views_file(id);
        assert_ne!(views, paths.config_file, "{id:?}");
        assert!(views.starts_with(paths.data_dir_for(id)), "{id:?}");
        dirs.push(paths.data_dir_for(id));
    }
    // No two workspaces share a directory.
    for (i, a) in dirs.iter().enumerate() {
        for (j, b) in dirs.iter().enumerate() {
            if i != j {
                assert_ne!(a, b);
            }
        }
    }
    assert_eq!(
        paths.data_dir_for(&WorkspaceId::Profile("acme".into())),
        PathBuf::from("/home/u/.local/share/weeek-tui/profiles/acme")
    );
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
    let saved = views(&loaded, &path, checked(today)).unwrap();
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
    let err = views(&load_file(&path).unwrap(), &path, checked(today)).unwrap_err();
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
    let page = include_str!("../../docs/configuration.md");
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
    let saved = views(&parse(example, path).unwrap(), path, checked(today)).unwrap();
    assert_eq!(
        saved.keys().collect::<Vec<_>>(),
        ["This week's calls", "Urgent, everyone"]
    );
}

/// The example in `docs/configuration.md`'s "Keys in the config file" is a config that
/// starts.
#[test]
fn the_documented_keys_example_is_a_valid_config() {
    let page = include_str!("../../docs/configuration.md");
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

#[test]
fn refresh_secs_sets_the_wait_zero_turns_it_off_and_too_often_is_refused() {
    use std::time::Duration;
    let path = Path::new("/home/anna/.config/weeek-tui/config.toml");
    let every = |text: &str| parse(text, path).map(|f| refresh_every(&f));
    assert_eq!(every(""), Ok(Some(Duration::from_secs(60))), "the default");
    assert_eq!(
        every("refresh_secs = 300\n"),
        Ok(Some(Duration::from_secs(300)))
    );
    assert_eq!(every("refresh_secs = 0\n"), Ok(None), "off");
    let err = every("refresh_secs = 3\n").unwrap_err();
    assert!(
        err.contains("config.toml") && err.contains("refresh_secs = 3") && err.contains("10"),
        "{err}"
    );
    let err = every("refresh_secs = \"often\"\n").unwrap_err();
    assert!(err.contains("line 1"), "{err}");
}
