//! The app: every screen, and its one `update`: messages in, effects out. It sits above the
//! screens and routes between them: keys to the focused layer (`input`), answers to the screen
//! that asked (`answers`), the user from one screen to another (`screens`), and its own layers
//! over them (`overlay`: help, messages, the palette, the workspace switcher). No IO, no
//! waiting, no clock reads here: time comes in with each message, so tests can fix it.

/// The context a screen is handed, borrowed from the app's fields one by one (so the screen's
/// own state can be borrowed beside it).
macro_rules! screen_cx {
    ($app:ident, $clock:expr, $effects:expr) => {
        crate::screen::ScreenCtx {
            clock: $clock,
            names: &mut $app.names,
            requests: &mut $app.requests,
            effects: $effects,
            toasts: &mut $app.toasts,
            viewport: $app.viewport,
            keys: &$app.keymap,
            jumps: &mut $app.jumps,
            offline: &mut $app.offline,
            stored: None,
            quiet: false,
        }
    };
}

mod answers;
pub mod auto_refresh;
mod connection;
pub mod help;
mod input;
mod outbox_view;
mod overlay;
mod palette;
mod screens;
pub mod switcher;
pub mod sync;
mod unreadable;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{Event, KeyEventKind};
use time::Date;
use weeek_api::ApiError;

use crate::contacts::ContactsState;
use crate::funnels::FunnelsState;
use crate::keys::alt_digit;
use crate::keys::commands::Context;
use crate::keys::keymap::Keymap;
use crate::layout::{ScrollLimits, Viewport};
use crate::projects::ProjectsState;
use crate::screen::jump::Jump;
use crate::screen::names::Names;
use crate::screen::requests::{Reply, Report, RequestKey, Requests, Retrying};
use crate::screen::toast::{ToastKind, Toasts};
use crate::screen::{Clock, Effect, Screen, ScreenCtx, ScreenState, Target};
use crate::tasks::TasksState;
use crate::tasks::timer::Timer;
use crate::widgets::picker::Picker;

#[derive(Debug, Clone, PartialEq)]
pub enum Msg {
    Term(Event),
    Api(Box<Reply>),
    /// A read failed and is about to be tried again.
    Retrying(Retrying),
    /// A left click on something the last frame drew.
    Click(Target),
    /// A deadline passed (spinner frame, toast expiry, debounce).
    Tick,
    /// An effect could not be carried out: what to say.
    EffectFailed(String),
    /// No browser could be started to open this page.
    NoBrowser(String),
    /// The editor of `Effect::EditText` ended: the text it left, or why there is none.
    Edited {
        task_id: i64,
        original: String,
        result: Result<String, String>,
    },
    /// The outbox as the store holds it now (after a change was kept, dropped or decided).
    Outbox(Vec<crate::outbox::Entry>),
    /// A step of the outbox's replay.
    Replayed(Box<crate::outbox::Replayed>),
    /// How far sync `n` (`Effect::Sync`) is.
    SyncProgress(u64, crate::sync::Progress),
    /// Sync `n` is over, with what it read, changed and could not read.
    Synced(u64, Box<crate::sync::SyncReport>),
    /// The config file was written for `Effect::StoreView` (or could not be).
    ViewStored {
        name: String,
        deleted: bool,
        result: Result<(), String>,
    },
}

impl From<Report> for Msg {
    fn from(report: Report) -> Self {
        match report {
            Report::Answered(reply) => Msg::Api(Box::new(reply)),
            Report::Retrying(r) => Msg::Retrying(r),
            Report::SyncProgress { id, progress } => Msg::SyncProgress(id, progress),
            Report::Synced { id, report } => Msg::Synced(id, report),
            Report::Replayed(step) => Msg::Replayed(step),
        }
    }
}

/// Where the data on screen comes from, as the header says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataSource {
    /// The service's answers.
    Live,
    /// The local store's copy, read from the service then.
    Cached(time::OffsetDateTime),
}

/// What a confirmed question goes on to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterConfirm {
    Quit,
    Switch(Screen),
    /// The switcher's workspace at this index.
    Workspace(usize),
}

/// What has the keyboard: the contexts whose commands apply, most specific first, and whether
/// keys that type go into a text field (they are then never commands).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Focus {
    pub chain: Vec<Context>,
    pub typing: bool,
}

/// Layers that belong to no screen.
#[derive(Debug, Clone)]
pub enum Overlay {
    Help {
        scroll: u16,
        /// What `/` narrowed it to.
        filter: help::HelpFilter,
    },
    /// Every toast since the app started, in full.
    Messages { scroll: u16 },
    /// The outbox, the cursor on the change at that index.
    Outbox { cursor: usize },
    /// The command palette, which also finds things by name (`goto`).
    Palette(Box<crate::goto::Palette>),
    /// The workspace switcher: indices into `App::switcher`'s entries.
    Workspaces(Box<Picker<usize>>),
    Confirm {
        question: String,
        then: AfterConfirm,
    },
}

pub struct App {
    pub screen: Screen,
    pub names: Names,
    pub requests: Requests,
    pub toasts: Toasts,
    pub tasks: TasksState,
    pub funnels: FunnelsState,
    pub contacts: ContactsState,
    pub projects: ProjectsState,
    /// My running timer, in the header of every screen.
    pub timer: Timer,
    pub overlay: Option<Overlay>,
    /// What fits in the terminal, recomputed on every resize.
    pub viewport: Viewport,
    /// How far wrapped text could scroll in the last frame drawn (set by whoever draws it).
    pub scrolls: ScrollLimits,
    pub spinner: usize,
    /// Set by whatever changes what is drawn; the runtime draws only then, and clears it.
    pub dirty: bool,
    /// The directory of the workspace in use (`config::Paths::data_dir_for`): everything the
    /// app keeps on disk for it (drafts, the last view, a profile's saved views, the local
    /// store) is there, apart from every other workspace's.
    pub data_dir: PathBuf,
    /// Where the app is connected, for the header (host only, never the token).
    pub endpoint: String,
    /// The local store's file, whose names the palette finds things by; why there is none.
    pub store_file: Result<PathBuf, String>,
    /// Every command's keys: the table's, with the config file's overrides.
    pub keymap: Keymap,
    /// The day of the last message, for relative dates on screen.
    pub today: Date,
    /// The wall-clock time of the last message, for the running timer's clock.
    pub wall: time::OffsetDateTime,
    /// Local time zone for showing timestamps, read once at start.
    pub utc_offset: time::UtcOffset,
    /// Where the token came from, so a refused token (401) says where to look; `None` in the
    /// demo.
    pub token_source: Option<crate::config::TokenSource>,
    /// The workspaces the app can switch to, and the one it is on.
    pub switcher: switcher::Switcher,
    /// What is wrong with the local store (damaged and moved aside, written by a newer
    /// version, not to be had): said once, at start.
    pub store_notice: Option<String>,
    /// Whether the service can be reached, and the outbox.
    pub offline: crate::screen::offline::Offline,
    /// When the screen shown is read again by itself (`refresh_secs`).
    pub refresh: auto_refresh::AutoRefresh,
    /// The whole workspace being read into the store, from the palette.
    pub sync: sync::Syncing,
    /// Reads being tried again, by key: the request's id and what the status line says.
    retrying: HashMap<RequestKey, (u64, String)>,
    started: bool,
    /// An Alt-digit that arrived as Esc, then a digit.
    esc_digit: alt_digit::EscDigit,
    /// Where the screen handling the message sends the user (see `screens`).
    jumps: Vec<Jump>,
}

const SPINNER_EVERY: Duration = Duration::from_millis(120);

impl App {
    pub fn new(data_dir: PathBuf, endpoint: String, size: (u16, u16)) -> Self {
        Self {
            screen: Screen::Tasks,
            names: Names::default(),
            requests: Requests::default(),
            toasts: Toasts::default(),
            tasks: TasksState::new(&data_dir),
            funnels: FunnelsState::new(&data_dir),
            contacts: ContactsState::new(data_dir.clone()),
            projects: ProjectsState::default(),
            timer: Timer::default(),
            overlay: None,
            viewport: Viewport::new(size.0, size.1),
            scrolls: ScrollLimits::default(),
            spinner: 0,
            dirty: false,
            data_dir,
            endpoint,
            store_file: Err("this workspace keeps no local store".into()),
            keymap: Keymap::default(),
            today: Date::MIN,
            wall: time::OffsetDateTime::UNIX_EPOCH,
            utc_offset: time::UtcOffset::UTC,
            token_source: None,
            switcher: switcher::Switcher::default(),
            store_notice: None,
            offline: crate::screen::offline::Offline::default(),
            refresh: auto_refresh::AutoRefresh::default(),
            sync: sync::Syncing::default(),
            retrying: HashMap::new(),
            started: false,
            esc_digit: alt_digit::EscDigit::default(),
            jumps: Vec::new(),
        }
    }

    /// What quitting now would lose or leave unconfirmed (a form's input, a create not
    /// answered), as the question asked before quitting; `None`: nothing.
    pub fn unsaved(&self) -> Option<String> {
        Screen::ALL
            .iter()
            .find_map(|s| self.screen_state(*s).unsaved())
    }

    /// Where the data of the screen shown comes from; `None` before anything came.
    pub fn data_source(&self) -> Option<DataSource> {
        if let Some(read_at) = self.screen_state(self.screen).cached_since() {
            return Some(DataSource::Cached(read_at));
        }
        // The store's copy of the profile shows as it is read, before the service answered.
        matches!(
            self.names.user,
            crate::screen::loadable::Loadable::Loaded(_)
        )
        .then_some(DataSource::Live)
    }

    /// Splits the borrows so a screen can act with a [`ScreenCtx`].
    pub(super) fn with_screen<R>(
        &mut self,
        screen: Screen,
        clock: Clock,
        effects: &mut Vec<Effect>,
        f: impl FnOnce(&mut dyn ScreenState, &mut ScreenCtx) -> R,
    ) -> R {
        let mut cx = screen_cx!(self, clock, effects);
        let state: &mut dyn ScreenState = match screen {
            Screen::Tasks => &mut self.tasks,
            Screen::Funnels => &mut self.funnels,
            Screen::Contacts => &mut self.contacts,
            Screen::Projects => &mut self.projects,
        };
        f(state, &mut cx)
    }

    pub fn screen_state(&self, screen: Screen) -> &dyn ScreenState {
        match screen {
            Screen::Tasks => &self.tasks,
            Screen::Funnels => &self.funnels,
            Screen::Contacts => &self.contacts,
            Screen::Projects => &self.projects,
        }
    }

    /// Runs `f` on every screen (answers to shared data concern them all).
    pub(super) fn each_screen(
        &mut self,
        clock: Clock,
        effects: &mut Vec<Effect>,
        f: impl Fn(&mut dyn ScreenState, &mut ScreenCtx),
    ) {
        for s in Screen::ALL {
            self.with_screen(s, clock, effects, &f);
        }
    }

    /// The first effects: load the directory and the start screen. The first frame is drawn.
    pub fn start(&mut self, clock: Clock) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.today = clock.today;
        self.wall = clock.wall;
        self.dirty = true;
        if !self.started {
            self.started = true;
            // Keys of the config file that hide a default are said once, at start.
            if let Some((said, each)) = self.keymap.shadow_notes() {
                for note in each {
                    self.toasts.log(ToastKind::Info, note);
                }
                self.toasts.push(clock.now, ToastKind::Info, said);
            }
            if let Some(notice) = self.store_notice.take() {
                self.toasts.push(clock.now, ToastKind::Error, notice);
            }
            let mut cx = screen_cx!(self, clock, &mut effects);
            cx.load_directory();
            let screen = self.screen;
            self.with_screen(screen, clock, &mut effects, |s, cx| s.on_enter(cx));
            self.refresh.restart(clock.now);
            // Changes left in the outbox by an earlier run go first.
            self.replay(&mut effects);
        }
        effects
    }

    /// The screen shown reads again what it shows, in place; the next refresh is a whole
    /// wait away.
    pub(super) fn refresh_shown(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let from = effects.len();
        let screen = self.screen;
        self.with_screen(screen, clock, effects, |s, cx| s.refresh(cx));
        self.refresh.sent(effects, from);
        self.refresh.restart(clock.now);
    }

    pub fn update(&mut self, msg: Msg, clock: Clock) -> Vec<Effect> {
        let mut effects = Vec::new();
        // Relative dates ("tomorrow") read differently from midnight on.
        let mut changed = self.today != clock.today;
        self.today = clock.today;
        self.wall = clock.wall;
        changed |= match msg {
            Msg::Term(Event::Key(key)) if key.kind != KeyEventKind::Release => {
                let read = self.toasts.on_key(clock.now);
                self.on_key(key, clock, &mut effects) | read
            }
            Msg::Term(Event::Resize(w, h)) => {
                self.viewport = Viewport::new(w, h);
                self.each_screen(clock, &mut effects, |s, cx| s.on_resize(cx));
                true
            }
            Msg::Term(Event::Paste(text)) => self.on_paste(&text, clock, &mut effects),
            Msg::Term(Event::Mouse(m)) => self.on_mouse(m, clock, &mut effects),
            Msg::Term(_) => false,
            Msg::Click(target) => self.on_click(target, clock, &mut effects),
            Msg::Api(reply) => self.on_reply(*reply, clock, &mut effects),
            Msg::Retrying(r) => self.on_retrying(r),
            Msg::Tick => self.on_tick(clock, &mut effects),
            Msg::SyncProgress(id, progress) => self.on_sync_progress(id, progress),
            Msg::Synced(id, report) => self.on_synced(id, *report, clock),
            Msg::EffectFailed(text) => {
                self.toasts.push(clock.now, ToastKind::Error, text);
                true
            }
            Msg::NoBrowser(url) => {
                // The opener's own words ("gio" "open" … exit status) tell a user nothing:
                // what failed, and what works instead.
                let copy = self.keymap.then_say("tasks.copy_link", "copies the link");
                let text = format!("No browser could be started to open {url}{copy}");
                self.toasts.push(clock.now, ToastKind::Error, text);
                true
            }
            Msg::Edited {
                task_id,
                original,
                result,
            } => {
                let mut cx = screen_cx!(self, clock, &mut effects);
                self.tasks.on_edited(task_id, original, result, &mut cx);
                true
            }
            Msg::Outbox(entries) => self.on_outbox(entries, clock, &mut effects),
            Msg::Replayed(step) => self.on_replayed(*step, clock, &mut effects),
            Msg::ViewStored {
                name,
                deleted,
                result,
            } => {
                let config = self.tasks.views.config_file();
                let (kind, text) =
                    crate::tasks::view_picker::stored_text(&name, deleted, &result, config);
                self.toasts.push(clock.now, kind, text);
                true
            }
        };
        changed |= self.hold_writes(clock, &mut effects);
        self.dirty |= changed;
        self.drop_unwanted_palette_reads(clock, &mut effects);
        if !self.jumps.is_empty() {
            // Jumps are followed after keys, clicks, pastes and answers; none other asks.
            tracing::debug!(jumps = ?self.jumps, "jumps nothing followed");
            self.jumps.clear();
        }
        self.fit_messages(clock, &mut effects);
        let title = self.names.workspace.value().map(|w| w.title.as_str());
        self.switcher
            .keep_title(title, &self.data_dir, &mut effects);
        effects
    }

    /// Messages take lines of their own: when the lines they need change, the screens get
    /// the rest of the terminal, as after a resize.
    pub(super) fn fit_messages(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let (w, h) = self.viewport.size();
        let lines = self.toasts.lines(
            usize::from(w.saturating_sub(2)),
            crate::layout::message_room(h),
        );
        let band = lines.len() as u16;
        if band != self.viewport.messages {
            self.viewport = Viewport::with_messages(w, h, band);
            self.each_screen(clock, effects, |s, cx| s.on_messages_resized(cx));
            self.dirty = true;
        }
    }

    /// Ending without a key (a signal): lets screens write what they still hold. The caller
    /// ends the app.
    pub fn shutdown(&mut self, clock: Clock) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.each_screen(clock, &mut effects, |s, cx| s.on_shutdown(cx));
        effects
    }

    /// The earliest moment something must happen without input. `None` when idle: the app
    /// then sleeps until a key or an answer arrives.
    pub fn next_deadline(&self, now: Instant) -> Option<Instant> {
        let spinner = (self.requests.in_flight() > 0).then(|| now + SPINNER_EVERY);
        let screens = Screen::ALL
            .iter()
            .filter_map(|s| self.screen_state(*s).next_deadline());
        // The header's clock ticks only while it is drawn.
        let timer = if self.viewport.too_small {
            None
        } else {
            self.timer.next_tick(now, self.wall)
        };
        [
            spinner,
            self.toasts.next_expiry(),
            timer,
            // Offline the refresh waits for the service to be back.
            self.refresh
                .next_deadline()
                .filter(|_| !self.offline.is_offline()),
            self.offline.next_deadline(),
        ]
        .into_iter()
        .flatten()
        .chain(screens)
        .min()
    }

    pub(super) fn on_tick(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let mut changed = self.toasts.expire(clock.now);
        changed |= self.probe(false, clock, effects);
        // Offline the probes tell when the service is back: the screen is read again then.
        if self.refresh.is_due(clock.now) && !self.offline.is_offline() {
            self.refresh_shown(clock, effects);
            // Changes a replay left for later go again with each refresh.
            self.replay(effects);
            changed = true;
        }
        changed |= self.timer.running.is_some() && !self.viewport.too_small;
        if self.requests.in_flight() > 0 {
            self.spinner = self.spinner.wrapping_add(1);
            changed = true;
        }
        for s in Screen::ALL {
            changed |= self.with_screen(s, clock, effects, |s, cx| s.on_tick(cx));
        }
        changed
    }

    /// A failure in one line for the screen; a refused token names where it came from.
    pub fn error_text(&self, e: &ApiError) -> String {
        match (e, &self.token_source) {
            (ApiError::Unauthorized { .. }, Some(source)) => source.refused_text(),
            (ApiError::Unauthorized { .. }, None) => "The token was refused (401).".into(),
            _ => e.short(),
        }
    }
}

#[cfg(test)]
mod palette_tests;
#[cfg(test)]
mod tests;
