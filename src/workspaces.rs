//! Opening a workspace: its connection (the config file's top level, one of its profiles, or
//! the demo sandbox) and a fresh app with what the workspace's own directory keeps. The start
//! and every switch go through here, so a workspace opened later is set up as the first one.

use std::collections::BTreeMap;

use weeek_api::{Client, ClientConfig};

use crate::app::App;
use crate::app::switcher::{self, Switcher, WorkspaceEntry};
use crate::config::{self, ConnectionFlags, FileConfig, Paths, TokenSource, WorkspaceId};
use crate::keys::keymap::Keymap;
use crate::store::{SharedStore, Store, StoreLocation};
use crate::tasks::views::View;

/// Reads one environment variable (a closure in tests).
pub type Env = Box<dyn Fn(&str) -> Option<String> + Send>;

/// How the demo sandbox is started, from `--demo`'s flags.
#[cfg(feature = "demo")]
#[derive(Debug, Clone, Default)]
pub struct DemoSettings {
    pub faults: weeek_sandbox::Faults,
    /// Tasks seeded into a new demo workspace (a kept one is opened as it is).
    pub tasks: Option<usize>,
    /// Start afresh: the kept demo workspace and its store are removed first.
    pub reset: bool,
}

/// The file the demo's workspace is kept in, beside its store, so that what the store shows
/// and what the demo's service holds agree from one run to the next.
pub const DEMO_DATABASE: &str = "sandbox.sqlite3";

/// A workspace's connection, ready for an app: the client and what the app says of it.
pub struct Opened {
    pub client: Client,
    /// Where it is, for the log and the header (never the token).
    pub endpoint: String,
    /// Where its token came from; `None` for the demo.
    pub source: Option<TokenSource>,
    /// Its local store, in the workspace's own directory and named by its URL and token.
    pub store: Result<StoreLocation, String>,
}

impl Opened {
    /// Opens its local store. Never fails: a store that cannot be had is one in memory, and
    /// the second value says why (as does a damaged store moved aside), to be said once.
    pub fn open_store(&self) -> (SharedStore, Option<String>) {
        let opened = match &self.store {
            Ok(location) => Store::open(&location.path),
            Err(why) => Store::in_memory_because(why.clone()),
        };
        (SharedStore::new(opened.store), opened.notice)
    }
}

/// What every workspace's app shares, and the demo sandbox once it runs.
pub struct Workspaces {
    paths: Paths,
    /// The config file as read at the last opening: a profile added or a token stored while
    /// the app runs is found at the next switch.
    file: FileConfig,
    flags: ConnectionFlags,
    env: Env,
    /// The keys, read at start: one keymap for every workspace.
    pub keymap: Keymap,
    pub offset: time::UtcOffset,
    pub editor: Option<String>,
    #[cfg(feature = "demo")]
    pub demo: DemoSettings,
    /// Started when the demo is first opened; it runs until the app ends, so switching back
    /// finds the demo as it was left.
    #[cfg(feature = "demo")]
    sandbox: Option<weeek_sandbox::SandboxHandle>,
}

impl Workspaces {
    pub fn new(paths: Paths, file: FileConfig, flags: ConnectionFlags, env: Env) -> Self {
        Self {
            paths,
            file,
            flags,
            env,
            keymap: Keymap::default(),
            offset: time::UtcOffset::UTC,
            editor: None,
            #[cfg(feature = "demo")]
            demo: DemoSettings::default(),
            #[cfg(feature = "demo")]
            sandbox: None,
        }
    }

    /// What the switcher offers, each with the name its workspace had when last open: the top
    /// level (when it has a token, or is in use), every profile, and the demo in builds with
    /// the sandbox.
    pub fn entries(&self, current: &WorkspaceId) -> Vec<WorkspaceEntry> {
        let mut ids = Vec::new();
        let env = |k: &str| (self.env)(k);
        if *current == WorkspaceId::TopLevel
            || config::top_level_has_token(&self.flags, env, &self.file)
        {
            ids.push(WorkspaceId::TopLevel);
        }
        ids.extend(
            self.file
                .profile_names()
                .into_iter()
                .map(WorkspaceId::Profile),
        );
        if cfg!(feature = "demo") {
            ids.push(WorkspaceId::Demo);
        }
        ids.into_iter()
            .map(|id| WorkspaceEntry {
                title: switcher::read_title(&self.paths.data_dir_for(&id)),
                id,
            })
            .collect()
    }

    /// Connects to workspace `id`: its base URL checked and its token found (every check of
    /// the config says what is wrong, naming the profile), or the demo sandbox started.
    pub async fn connect(&mut self, id: &WorkspaceId) -> Result<Opened, String> {
        self.connect_tuned(id, |c| c).await
    }

    /// [`Self::connect`], with the client's settings changed by `tune` (a sync retries more).
    pub async fn connect_tuned(
        &mut self,
        id: &WorkspaceId,
        tune: fn(ClientConfig) -> ClientConfig,
    ) -> Result<Opened, String> {
        if *id == WorkspaceId::Demo {
            return self.connect_demo(tune).await;
        }
        let env = |k: &str| (self.env)(k);
        let (conn, settings) =
            config::resolve_workspace(id, &self.flags, env, &self.file, &self.paths.config_file)?;
        tracing::info!(workspace = id.label(), source = ?conn.source, "token found");
        let store =
            StoreLocation::for_account(&self.paths.data_dir_for(id), &conn.base_url, &conn.token);
        let client = Client::new(tune(config::client_config(
            conn.base_url.clone(),
            conn.token,
            &settings,
        )))
        .map_err(|e| e.to_string())?;
        Ok(Opened {
            client,
            endpoint: conn.base_url,
            source: Some(conn.source),
            store,
        })
    }

    /// Where the local store of workspace `id` is, its connection resolved as [`Self::connect`]
    /// does but nothing started.
    pub fn store_location(&self, id: &WorkspaceId) -> Result<StoreLocation, String> {
        let dir = self.paths.data_dir_for(id);
        if *id == WorkspaceId::Demo {
            return demo_store(&dir);
        }
        let env = |k: &str| (self.env)(k);
        let (conn, _) =
            config::resolve_workspace(id, &self.flags, env, &self.file, &self.paths.config_file)?;
        StoreLocation::for_account(&dir, &conn.base_url, &conn.token)
    }

    #[cfg(feature = "demo")]
    async fn connect_demo(
        &mut self,
        tune: fn(ClientConfig) -> ClientConfig,
    ) -> Result<Opened, String> {
        use weeek_sandbox::{DbLocation, Sandbox, SandboxConfig};
        let token = weeek_api::Token::new(weeek_sandbox::demo_token());
        let dir = self.paths.data_dir_for(&WorkspaceId::Demo);
        let url = match &self.sandbox {
            Some(running) => running.base_url(),
            None => {
                let db = dir.join(DEMO_DATABASE);
                if std::mem::take(&mut self.demo.reset) {
                    reset_demo(&dir, &db)?;
                }
                crate::private_files::create_dir_all(&dir)
                    .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
                // Made here, 0600, before SQLite opens it: its log and shared memory take its
                // mode. An empty file is a new workspace, which the sandbox seeds.
                crate::private_files::open(
                    &db,
                    std::fs::OpenOptions::new()
                        .read(true)
                        .write(true)
                        .create(true)
                        .truncate(false),
                )
                .map_err(|e| format!("cannot open {}: {e}", db.display()))?;
                let config = SandboxConfig {
                    token: weeek_sandbox::demo_token().to_string(),
                    db: DbLocation::File(db),
                    seed: true,
                    now: None,
                    faults: self.demo.faults.clone(),
                    tasks: self.demo.tasks,
                    workspace: None,
                };
                let handle = Sandbox::start(config, ([127, 0, 0, 1], 0).into())
                    .await
                    .map_err(|e| format!("could not start the demo sandbox: {e}"))?;
                let url = handle.base_url();
                self.sandbox = Some(handle);
                url
            }
        };
        let store = demo_store(&dir);
        let client = Client::new(tune(config::client_config(
            url,
            token,
            &FileConfig::default(),
        )))
        .map_err(|e| e.to_string())?;
        Ok(Opened {
            client,
            endpoint: "demo sandbox".into(),
            source: None,
            store,
        })
    }

    #[cfg(not(feature = "demo"))]
    async fn connect_demo(
        &mut self,
        _tune: fn(ClientConfig) -> ClientConfig,
    ) -> Result<Opened, String> {
        Err(crate::cli::NO_SANDBOX.to_string())
    }

    /// The saved views of workspace `id`, each checked as of `today`: one that cannot be read
    /// is an error naming the file and the view.
    pub fn views(
        &self,
        id: &WorkspaceId,
        today: time::Date,
    ) -> Result<BTreeMap<String, View>, String> {
        let views_file = self.paths.views_file(id);
        let check = |views: &BTreeMap<String, View>| crate::tasks::views::check_all(views, today);
        if views_file == self.paths.config_file {
            config::views(&self.file, &views_file, check)
        } else {
            config::views(&config::load_file(&views_file)?, &views_file, check)
        }
    }

    /// A fresh app for workspace `id`, with what its own directory keeps: drafts, the last
    /// view used, and (for the demo and profiles) its saved views. Its local store lives there
    /// too (`App::data_dir`).
    pub fn app(
        &self,
        id: &WorkspaceId,
        opened: &Opened,
        views: BTreeMap<String, View>,
        size: (u16, u16),
    ) -> App {
        let data_dir = self.paths.data_dir_for(id);
        let mut app = App::new(data_dir.clone(), opened.endpoint.clone(), size);
        app.funnels.load_draft();
        app.tasks.forms.load_draft();
        let views_file = self.paths.views_file(id);
        app.tasks.views = crate::tasks::views::SavedViews::load(views, views_file, &data_dir);
        app.contacts = crate::contacts::ContactsState::load(data_dir);
        app.keymap = self.keymap.clone();
        app.utc_offset = self.offset;
        app.tasks.editor = self.editor.clone();
        app.token_source = opened.source.clone();
        app.store_file = opened
            .store
            .as_ref()
            .map(|l| l.path.clone())
            .map_err(Clone::clone);
        app.switcher = Switcher::new(self.entries(id), id.clone());
        app.refresh = crate::app::auto_refresh::AutoRefresh::new(config::refresh_every(&self.file));
        app
    }

    /// Everything of opening workspace `id` after the start: the config file read again,
    /// the connection, the views, its store, a fresh app.
    async fn open_fresh(
        &mut self,
        id: &WorkspaceId,
        size: (u16, u16),
    ) -> Result<(App, Client, SharedStore), String> {
        self.file = config::load_file(&self.paths.config_file)?;
        let opened = self.connect(id).await?;
        let today = time::OffsetDateTime::now_utc()
            .to_offset(self.offset)
            .date();
        let views = self.views(id, today)?;
        let (store, notice) = opened.open_store();
        let mut app = self.app(id, &opened, views, size);
        app.store_notice = notice;
        Ok((app, opened.client, store))
    }
}

impl crate::runtime::Opener for Workspaces {
    async fn open(
        &mut self,
        id: &WorkspaceId,
        size: (u16, u16),
    ) -> Result<(App, Client, SharedStore), String> {
        self.open_fresh(id, size).await
    }
}

#[cfg(feature = "demo")]
impl Workspaces {
    /// Stops the demo sandbox if it runs, letting what it was writing land.
    pub async fn stop_demo(&mut self) {
        if let Some(sandbox) = self.sandbox.take() {
            sandbox.shutdown().await;
        }
    }
}

/// Removes the kept demo workspace (its database, with its log and shared memory) and the
/// demo's local store, for `--demo --reset`.
#[cfg(feature = "demo")]
fn reset_demo(dir: &std::path::Path, db: &std::path::Path) -> Result<(), String> {
    for suffix in ["", "-wal", "-shm"] {
        let file = std::path::PathBuf::from(format!("{}{suffix}", db.display()));
        match std::fs::remove_file(&file) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(format!("cannot remove {}: {e}", file.display()));
            }
            _ => {}
        }
    }
    let store = demo_store(dir)?;
    crate::store::remove_store(&store)
        .map(|_| ())
        .map_err(|e| format!("cannot remove {}: {e}", store.path.display()))
}

/// The demo's store: named by the demo's fixed account, whatever port its sandbox has.
#[cfg(feature = "demo")]
fn demo_store(dir: &std::path::Path) -> Result<StoreLocation, String> {
    StoreLocation::demo(dir, &weeek_api::Token::new(weeek_sandbox::demo_token()))
}

#[cfg(not(feature = "demo"))]
fn demo_store(_dir: &std::path::Path) -> Result<StoreLocation, String> {
    Err(crate::cli::NO_SANDBOX.to_string())
}

#[cfg(test)]
#[cfg(feature = "demo")]
#[path = "workspaces_tests.rs"]
mod tests;
