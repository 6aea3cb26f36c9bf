//! The whole state of the app and its one `update`: messages in, effects out. No IO, no
//! waiting, no clock reads here: time comes in with each message, so tests can fix it.

pub mod all_pages;
pub mod alt_digit;
pub mod auto_refresh;
pub mod card_column;
pub mod checked_form;
pub mod click;
pub mod commands;
pub mod deleting;
pub mod draft_file;
pub mod edit_batch;
pub mod entry_rows;
pub mod form_errors;
pub mod help;
pub mod indexed_rows;
pub mod keymap;
pub mod layers;
pub mod ledger;
pub mod loadable;
pub mod lost_answer;
pub mod names;
mod overlay;
pub mod requests;
pub mod screen;
pub mod searched_list;
pub mod shadows;
pub mod switcher;
pub mod toast;
mod unreadable;

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseEvent, MouseEventKind,
};
use time::Date;
use weeek_api::ApiError;

use crate::contacts::ContactsState;
use crate::funnels::FunnelsState;
use crate::layout::Viewport;
use crate::projects::ProjectsState;
use crate::tasks::TasksState;
use crate::tasks::timer::Timer;
use crate::widgets::picker::{PickItem, Picker};
use crate::worker::{Op, TypedCall};
pub use click::{Hits, Target};
use commands::{Action, Context};
use keymap::{Key, Keymap};
use names::Names;
use requests::{Reply, Report, Request, RequestKey, Requests, Retrying, ScreenAnswer};
use screen::ScreenState;
use toast::{ToastKind, Toasts};

/// What the runtime must do on the app's behalf.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    Request(Request),
    /// The answer under this key is no longer wanted: stop the read if it still runs.
    Cancel(RequestKey),
    /// Replace a file atomically (write a temporary file, then rename).
    WriteFile {
        path: PathBuf,
        contents: String,
    },
    RemoveFile(PathBuf),
    /// Open a web page with the desktop's handler.
    OpenUrl(String),
    /// Put text on the clipboard through the terminal (OSC 52).
    Copy(String),
    /// Save the task list's view `name` in the config file (`None` deletes it), keeping the
    /// rest of the file as it is. Answered with `Msg::ViewStored`.
    StoreView {
        config: PathBuf,
        name: String,
        view: Option<crate::tasks::views::View>,
    },
    /// Edit a task's description as `text` in `command` (the user's editor), the terminal
    /// handed over meanwhile. Answered with `Msg::Edited`.
    EditText {
        task_id: i64,
        command: String,
        text: String,
    },
    /// End the app (the file writes asked before it still land). The one way to quit.
    Quit,
    /// Leave this workspace for another: once the file writes asked before it have landed,
    /// the runtime opens that one with a fresh app, and this app's requests and their answers
    /// are dropped. If it cannot be opened, this app goes on, told why (`Msg::EffectFailed`).
    SwitchWorkspace(crate::config::WorkspaceId),
}

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
        }
    }
}

/// The moment a message is handled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Clock {
    pub now: Instant,
    pub today: Date,
    /// Wall-clock time in UTC, to compare with the service's timestamps.
    pub wall: time::OffsetDateTime,
    /// The local offset from UTC, that a time of day typed is in.
    pub offset: time::UtcOffset,
    /// How far the service's clock is ahead of `wall` (behind when negative), as its answers
    /// told it; `None` until one did. Never more than the true offset.
    pub service_ahead: Option<time::Duration>,
}

/// Where the data on screen comes from, as the header says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataSource {
    /// The service's answers.
    Live,
    /// The local store's copy, read from the service then.
    Cached(time::OffsetDateTime),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    Tasks,
    Funnels,
    Contacts,
    Projects,
}

impl Screen {
    pub const ALL: [Screen; 4] = [
        Screen::Tasks,
        Screen::Funnels,
        Screen::Contacts,
        Screen::Projects,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Self::Tasks => "Tasks",
            Self::Funnels => "Funnels",
            Self::Contacts => "Contacts",
            Self::Projects => "Projects",
        }
    }

    fn index(self) -> usize {
        Self::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    fn step(self, delta: isize) -> Screen {
        let n = Self::ALL.len() as isize;
        Self::ALL[(self.index() as isize + delta).rem_euclid(n) as usize]
    }
}

/// The screen's context while it handles a message: the clock, the workspace's names, what
/// fits on screen, the keys as bound, and ways to ask for requests, effects and toasts.
pub struct ScreenCtx<'a> {
    pub clock: Clock,
    pub names: &'a mut Names,
    pub requests: &'a mut Requests,
    pub effects: &'a mut Vec<Effect>,
    pub toasts: &'a mut Toasts,
    /// What fits on screen: rows per page, cards per column.
    pub viewport: Viewport,
    /// The keys as bound now, for messages that name one ("u to undo").
    pub keys: &'a Keymap,
    /// The answer being handled is the local store's copy, read from the service then; it is
    /// replaced by the service's answer when that comes. `None` for the service's own.
    pub stored: Option<time::OffsetDateTime>,
    /// The answer being handled is a refresh's read failing again: its error messages go to
    /// the message log only (it said so the first time).
    pub quiet: bool,
}

impl ScreenCtx<'_> {
    /// Asks for `op` under `key`; `answer` makes its typed result the screen's own answer
    /// (it may be called more than once: a kept copy may answer before the service).
    pub fn request<O: Op, A: Into<ScreenAnswer>>(
        &mut self,
        key: impl Into<RequestKey>,
        op: O,
        answer: impl Fn(O::Output) -> A + Send + Sync + 'static,
    ) {
        self.ask(key, TypedCall::new(op), answer);
    }

    /// As [`ScreenCtx::request`], for a read of something not on screen yet: the local store
    /// answers first with its copy when it holds one (the handler sees [`ScreenCtx::stored`]),
    /// then the service. Never for a read that checks what the service did.
    pub fn request_cached<O: Op, A: Into<ScreenAnswer>>(
        &mut self,
        key: impl Into<RequestKey>,
        op: O,
        answer: impl Fn(O::Output) -> A + Send + Sync + 'static,
    ) {
        let ask = TypedCall::new(op).map(move |t| answer(t).into());
        let req = self.requests.start_with(key, ask, true);
        self.effects.push(Effect::Request(req));
    }

    /// When the answer being handled was read from the service, if it is the local store's
    /// copy; `None` for the service's own answer.
    pub fn stored(&self) -> Option<time::OffsetDateTime> {
        self.stored
    }

    /// As [`ScreenCtx::request`], for a call prepared elsewhere (a look for a lost create).
    pub fn ask<T: 'static, A: Into<ScreenAnswer>>(
        &mut self,
        key: impl Into<RequestKey>,
        ask: TypedCall<T>,
        answer: impl Fn(T) -> A + Send + Sync + 'static,
    ) {
        let req = self.requests.start(key, ask.map(move |t| answer(t).into()));
        self.effects.push(Effect::Request(req));
    }

    /// Drops the request under `key` if one is in flight: its answer will not be looked at,
    /// and a read still running is stopped. True when there was one.
    pub fn cancel(&mut self, key: impl Into<RequestKey>) -> bool {
        let key = key.into();
        let pending = self.requests.cancel(&key);
        if pending {
            self.effects.push(Effect::Cancel(key));
        }
        pending
    }

    pub fn toast(&mut self, kind: ToastKind, text: impl Into<String>) {
        if self.quiet && kind == ToastKind::Error {
            self.toasts.log(kind, text);
        } else {
            self.toasts.push(self.clock.now, kind, text);
        }
    }

    /// Says what is under way; the next message (how it went) takes its place.
    pub fn progress(&mut self, text: impl Into<String>) {
        self.toasts.progress(self.clock.now, text);
    }

    pub fn today(&self) -> Date {
        self.clock.today
    }
}

/// Actions that only move a cursor or a scroll position.
fn movement(action: Action) -> bool {
    matches!(
        action,
        Action::Down
            | Action::Up
            | Action::Top
            | Action::Bottom
            | Action::PageDown
            | Action::PageUp
            | Action::HalfDown
            | Action::HalfUp
            | Action::DetailDown
            | Action::DetailUp
            | Action::Left
            | Action::Right
            | Action::PrevStatus
            | Action::NextStatus
            | Action::NextField
            | Action::PrevField
    )
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
    Messages {
        scroll: u16,
    },
    Palette(Box<Picker<Action>>),
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
    pub spinner: usize,
    /// Set by whatever changes what is drawn; the runtime draws only then, and clears it.
    pub dirty: bool,
    /// The directory of the workspace in use (`config::Paths::data_dir_for`): everything the
    /// app keeps on disk for it (drafts, the last view, a profile's saved views, the local
    /// store) is there, apart from every other workspace's.
    pub data_dir: PathBuf,
    /// Where the app is connected, for the header (host only, never the token).
    pub endpoint: String,
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
    /// When the screen shown is read again by itself (`refresh_secs`).
    pub refresh: auto_refresh::AutoRefresh,
    /// Reads being tried again, by key: the request's id and what the status line says.
    retrying: HashMap<RequestKey, (u64, String)>,
    started: bool,
    /// An Alt-digit that arrived as Esc, then a digit.
    esc_digit: alt_digit::EscDigit,
}

const SPINNER_EVERY: Duration = Duration::from_millis(120);

/// The context a screen is handed, borrowed from the app's fields one by one (so the screen's
/// own state can be borrowed beside it).
macro_rules! screen_cx {
    ($app:ident, $clock:expr, $effects:expr) => {
        App::cx(
            $clock,
            &mut $app.names,
            &mut $app.requests,
            $effects,
            &mut $app.toasts,
            $app.viewport,
            &$app.keymap,
        )
    };
}

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
            spinner: 0,
            dirty: false,
            data_dir,
            endpoint,
            keymap: Keymap::default(),
            today: Date::MIN,
            wall: time::OffsetDateTime::UNIX_EPOCH,
            utc_offset: time::UtcOffset::UTC,
            token_source: None,
            switcher: switcher::Switcher::default(),
            store_notice: None,
            refresh: auto_refresh::AutoRefresh::default(),
            retrying: HashMap::new(),
            started: false,
            esc_digit: alt_digit::EscDigit::default(),
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
        matches!(self.names.user, loadable::Loadable::Loaded(_)).then_some(DataSource::Live)
    }

    fn cx<'a>(
        clock: Clock,
        names: &'a mut Names,
        requests: &'a mut Requests,
        effects: &'a mut Vec<Effect>,
        toasts: &'a mut Toasts,
        viewport: Viewport,
        keys: &'a Keymap,
    ) -> ScreenCtx<'a> {
        ScreenCtx {
            clock,
            names,
            requests,
            effects,
            toasts,
            viewport,
            keys,
            stored: None,
            quiet: false,
        }
    }

    /// Splits the borrows so a screen can act with a [`ScreenCtx`].
    fn with_screen<R>(
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
    fn each_screen(
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
        }
        effects
    }

    /// The screen shown reads again what it shows, in place; the next refresh is a whole
    /// wait away.
    fn refresh_shown(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
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
        self.dirty |= changed;
        self.fit_messages(clock, &mut effects);
        let title = self.names.workspace.value().map(|w| w.title.as_str());
        self.switcher
            .keep_title(title, &self.data_dir, &mut effects);
        effects
    }

    /// Messages take lines of their own: when the lines they need change, the screens get
    /// the rest of the terminal, as after a resize.
    fn fit_messages(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
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
            self.refresh.next_deadline(),
        ]
        .into_iter()
        .flatten()
        .chain(screens)
        .min()
    }

    fn on_tick(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let mut changed = self.toasts.expire(clock.now);
        if self.refresh.is_due(clock.now) {
            self.refresh_shown(clock, effects);
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

    /// A read is tried again: the status line says so until its answer comes.
    fn on_retrying(&mut self, r: Retrying) -> bool {
        if !self.requests.is_latest(&r.key, r.id) {
            return false;
        }
        let n = &r.notice;
        let text = format!(
            "retrying ({}/{}) in {}: {}",
            n.attempt,
            n.attempts,
            crate::text::seconds(n.delay),
            lost_answer::cause_text(&n.cause)
        );
        self.retrying.insert(r.key, (r.id, text));
        true
    }

    /// What the status line says about reads being tried again: the newest one still wanted.
    pub fn retry_note(&self) -> Option<&str> {
        self.retrying
            .iter()
            .filter(|(key, (id, _))| self.requests.is_latest(key, *id))
            .max_by_key(|(_, (id, _))| *id)
            .map(|(_, (_, text))| text.as_str())
    }

    fn on_reply(&mut self, reply: Reply, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        // Its answer replaces what the status line said about retrying it.
        if self
            .retrying
            .get(&reply.key)
            .is_some_and(|(id, _)| *id <= reply.id)
        {
            self.retrying.remove(&reply.key);
        }
        if !self.requests.is_latest(&reply.key, reply.id) {
            tracing::debug!(key = ?reply.key, id = reply.id, "dropped a stale answer");
            return false;
        }
        if let Some(skipped) = &reply.skipped {
            unreadable::report(&mut self.toasts, skipped, clock.now);
        }
        let me = self.names.me().map(|u| u.id.clone());
        self.timer.observe(&reply, me.as_deref());
        // A refused token is the app's to word: the client cannot know where it came from.
        if let Some(e @ ApiError::Unauthorized { .. }) = reply.output.error() {
            let text = self.error_text(e);
            if !self.toasts.visible().iter().any(|t| t.text == text) {
                self.toasts.push(clock.now, ToastKind::Error, text);
            }
        }
        let skipped = reply.skipped.clone();
        let stored = reply.origin.stored();
        let quiet = reply.origin.is_last()
            && self
                .refresh
                .answered(&reply.key, reply.id, reply.output.error().is_some());
        let Some(answer) = self.requests.accept(reply) else {
            return false;
        };
        macro_rules! cx {
            () => {
                &mut {
                    let mut cx = screen_cx!(self, clock, effects);
                    cx.stored = stored;
                    cx.quiet = quiet;
                    cx
                }
            };
        }
        match answer {
            ScreenAnswer::Names(answer) => {
                let answer = *answer;
                // Known once, from the store's copy or the service: the screens waiting on it
                // go on at the first.
                let became_known =
                    self.names.me().is_none() && matches!(answer, names::NamesAnswer::Me(Ok(_)));
                if let names::NamesAnswer::Me(Err(e)) = &answer
                    && !matches!(e, ApiError::Unauthorized { .. })
                {
                    self.toasts.push(clock.now, ToastKind::Error, e.short());
                }
                self.names.on_answer(answer, stored.is_some());
                if became_known {
                    self.timer.find(cx!());
                }
                self.each_screen(clock, effects, |s, cx| {
                    if became_known {
                        s.on_profile(cx);
                    }
                    s.on_directory_changed(cx);
                });
            }
            ScreenAnswer::Tasks(answer) => self.tasks.on_answer(*answer, cx!()),
            ScreenAnswer::Funnels(answer) => {
                self.funnels.on_answer(*answer, cx!());
                self.show_deal_link(clock, effects);
            }
            ScreenAnswer::Contacts(answer) => self.contacts.on_answer(*answer, cx!()),
            ScreenAnswer::Organizations(answer) => {
                self.contacts.organizations.on_answer(*answer, cx!())
            }
            ScreenAnswer::Projects(answer) => self.projects.on_answer(*answer, cx!()),
            ScreenAnswer::Timer(answer) => {
                let changed = self
                    .timer
                    .on_answer(*answer, skipped.as_ref(), me.as_deref(), cx!());
                for task in changed {
                    self.tasks.reread_task(task, cx!());
                }
            }
        }
        true
    }

    /// A contact or organization picked in a deal's popup, once it is in: the contacts screen
    /// shows it (the deal stays open behind). One read while the user went to another screen
    /// is not forced on them.
    fn show_deal_link(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let Some(opened) = self.funnels.links.open.take() else {
            return false;
        };
        if self.screen != Screen::Funnels {
            return false;
        }
        self.screen = Screen::Contacts;
        self.with_screen(Screen::Contacts, clock, effects, |s, cx| s.on_enter(cx));
        let mut cx = screen_cx!(self, clock, effects);
        self.contacts.show_linked(opened, &mut cx);
        true
    }

    /// A failure in one line for the screen; a refused token names where it came from.
    pub fn error_text(&self, e: &ApiError) -> String {
        match (e, &self.token_source) {
            (ApiError::Unauthorized { .. }, Some(source)) => source.refused_text(),
            (ApiError::Unauthorized { .. }, None) => "The token was refused (401).".into(),
            _ => e.short(),
        }
    }

    /// What has the keyboard now: an overlay of the app, else the screen's focused layer
    /// (with the app-wide commands behind it, unless that layer is modal).
    pub fn focus(&self) -> Focus {
        match &self.overlay {
            Some(Overlay::Help { filter, .. }) if filter.typing => Focus {
                chain: vec![Context::HelpSearch, Context::Text],
                typing: true,
            },
            Some(Overlay::Help { .. }) => Focus {
                chain: vec![Context::Help, Context::Overlay],
                typing: false,
            },
            Some(Overlay::Messages { .. }) => Focus {
                chain: vec![Context::Overlay],
                typing: false,
            },
            Some(Overlay::Palette(_) | Overlay::Workspaces(_)) => Focus {
                chain: vec![Context::Picker, Context::Text],
                typing: true,
            },
            Some(Overlay::Confirm { .. }) => Focus {
                chain: vec![Context::Confirm],
                typing: false,
            },
            None => self.screen_focus(),
        }
    }

    /// The screen's focused layer, as if no overlay of the app were open.
    pub fn screen_focus(&self) -> Focus {
        let state = self.screen_state(self.screen);
        let mut chain = state.contexts();
        if !chain.first().is_some_and(|c| c.modal()) {
            chain.push(Context::Global);
        }
        Focus {
            chain,
            typing: state.keyboard_taken(),
        }
    }

    /// The contexts whose keys apply now, most specific first.
    pub fn contexts(&self) -> Vec<Context> {
        self.focus().chain
    }

    /// Atuin's order: the focused layer's commands first, then its parents', then the
    /// app-wide ones; a key none of them takes is typed, if a text field has the keyboard.
    /// True when it changed what is drawn.
    fn on_key(&mut self, key: KeyEvent, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let keymap = &self.keymap;
        let alt_bound = |c: char| {
            let alt = KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT);
            keymap.resolve(&[Context::Global], false, &alt).is_some()
        };
        let key = self.esc_digit.read(key, clock.now, alt_bound);
        // Nothing is drawn but a size note: a key must not change what cannot be seen.
        if self.viewport.too_small {
            return self.keymap.resolve(&[Context::Global], false, &key) == Some(Action::Quit)
                && self.on_action(Action::Quit, clock, effects);
        }
        let focus = self.focus();
        if let Some(action) = self.keymap.resolve(&focus.chain, focus.typing, &key) {
            return if self.overlay.is_some() {
                self.on_overlay_action(action, clock, effects)
            } else {
                self.on_action(action, clock, effects)
            };
        }
        match Key::typed(&key) {
            Some(c) if focus.typing => self.on_char(c, clock, effects),
            _ => false,
        }
    }

    fn on_char(&mut self, c: char, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if let Some(changed) = self.overlay_char(c) {
            return changed;
        }
        self.with_screen(self.screen, clock, effects, |s, cx| s.on_char(c, cx))
    }

    /// An action of the keymap, the palette or the mouse; true when it changed what is drawn.
    pub fn on_action(&mut self, action: Action, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if action == Action::Refresh {
            // Names may have changed too (a renamed column, a new member).
            screen_cx!(self, clock, effects).refresh_directory();
            self.refresh.restart(clock.now);
        }
        let handled =
            self.with_screen(self.screen, clock, effects, |s, cx| s.on_action(action, cx));
        if action == Action::Refresh {
            // A timer started or stopped elsewhere shows after a refresh.
            self.timer.find(&mut screen_cx!(self, clock, effects));
        }
        if let Some((_, board)) = self.projects.open_board.take() {
            self.show_board(board, clock, effects);
            return true;
        }
        if let Some(back) = self.tasks.leave_to.take() {
            self.switch_to(back, clock, effects);
            return true;
        }
        if self.show_deal_link(clock, effects) {
            return true;
        }
        if let Some(task) = self.funnels.open_task.take() {
            // The deal stays open behind: nothing of the funnels screen is left unsaved.
            self.screen = Screen::Tasks;
            self.with_screen(Screen::Tasks, clock, effects, |s, cx| s.on_enter(cx));
            let mut cx = screen_cx!(self, clock, effects);
            self.tasks.show_task(&task, &mut cx);
            return true;
        }
        if handled {
            // The detail pane scrolls no further than its last line: past it there is nothing
            // to read, and each key pressed there would take one more to come back.
            if self.screen == Screen::Tasks {
                let max = crate::ui::tasks::detail_scroll_max(self);
                self.tasks.detail_scroll = self.tasks.detail_scroll.min(max);
            }
            return true;
        }
        match action {
            Action::Quit => match self.unsaved() {
                Some(question) => {
                    self.overlay = Some(Overlay::Confirm {
                        question: format!("{question} Quit anyway?"),
                        then: AfterConfirm::Quit,
                    })
                }
                None => self.confirmed(AfterConfirm::Quit, clock, effects),
            },
            Action::Help => {
                self.overlay = Some(Overlay::Help {
                    scroll: 0,
                    filter: help::HelpFilter::default(),
                })
            }
            Action::Messages => self.overlay = Some(Overlay::Messages { scroll: 0 }),
            Action::Palette => self.overlay = Some(Overlay::Palette(Box::new(self.palette()))),
            Action::Workspaces => self.open_switcher(),
            Action::Back => return self.toasts.dismiss_all(),
            Action::ToggleTimer => {
                let Some((task, title)) = self.screen_state(self.screen).timer_target() else {
                    return false;
                };
                self.timer
                    .toggle(task, &title, &mut screen_cx!(self, clock, effects));
            }
            Action::ScreenTasks => return self.switch_to(Screen::Tasks, clock, effects),
            Action::ScreenFunnels => return self.switch_to(Screen::Funnels, clock, effects),
            Action::ScreenContacts => return self.switch_to(Screen::Contacts, clock, effects),
            Action::ScreenProjects => return self.switch_to(Screen::Projects, clock, effects),
            Action::NextScreen => return self.switch_to(self.screen.step(1), clock, effects),
            Action::PrevScreen => return self.switch_to(self.screen.step(-1), clock, effects),
            Action::OpenInBrowser | Action::CopyLink | Action::CopyId => {
                self.share_task(action, clock, effects)
            }
            _ => return false,
        }
        true
    }

    /// `Enter` on a board of the projects screen: the task list, filtered to that board.
    /// A board chosen on the projects screen, shown on the task screen.
    fn show_board(&mut self, board: i64, clock: Clock, effects: &mut Vec<Effect>) {
        self.screen = Screen::Tasks;
        self.with_screen(Screen::Tasks, clock, effects, |s, cx| s.on_enter(cx));
        let mut cx = screen_cx!(self, clock, effects);
        self.tasks.show_board(board, None, &mut cx);
        if let Some(b) = self.tasks.layers.board_mut() {
            b.opened_from = Some(Screen::Projects);
        }
    }

    /// `o`, `y`, `Y` on the task under the cursor: the page or the clipboard, and a message
    /// that says which.
    fn share_task(&mut self, action: Action, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(task) = self.tasks.current().map(|t| t.id) else {
            self.toasts
                .push(clock.now, ToastKind::Info, "No task here.");
            return;
        };
        if action == Action::CopyId {
            effects.push(Effect::Copy(task.to_string()));
            let text = format!("Copied the id {task}");
            self.toasts.push(clock.now, ToastKind::Success, text);
            return;
        }
        let Some(ws) = self.names.workspace.value().map(|w| w.id) else {
            let text = "The workspace is still loading: its link is not known yet.";
            self.toasts.push(clock.now, ToastKind::Error, text);
            return;
        };
        let url = crate::share::task_url(ws, task);
        let text = if action == Action::CopyLink {
            let text = format!("Copied the link {url}");
            effects.push(Effect::Copy(url));
            text
        } else {
            let text = format!("Opening {url}");
            effects.push(Effect::OpenUrl(url));
            text
        };
        self.toasts.push(clock.now, ToastKind::Success, text);
    }

    /// True when it changed what is drawn (not when already there).
    fn switch_to(&mut self, target: Screen, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if target == self.screen {
            return false;
        }
        match self.screen_state(self.screen).leaving() {
            Some(question) => {
                self.overlay = Some(Overlay::Confirm {
                    question: format!("{question} Leave anyway?"),
                    then: AfterConfirm::Switch(target),
                })
            }
            None => self.confirmed(AfterConfirm::Switch(target), clock, effects),
        }
        true
    }

    fn confirmed(&mut self, then: AfterConfirm, clock: Clock, effects: &mut Vec<Effect>) {
        match then {
            AfterConfirm::Quit => {
                self.each_screen(clock, effects, |s, cx| s.on_shutdown(cx));
                effects.push(Effect::Quit);
            }
            AfterConfirm::Switch(target) => {
                self.screen = target;
                self.with_screen(target, clock, effects, |s, cx| s.on_enter(cx));
                // What it showed when it was left may have changed since.
                self.refresh_shown(clock, effects);
            }
            AfterConfirm::Workspace(index) => self.leave_for(index, clock, effects),
        }
    }

    /// Every command the screen's focused layer reaches, keys first (long descriptions must
    /// not push them out of sight). Text editing is left out (it needs the field), and so is
    /// moving.
    fn palette(&self) -> Picker<Action> {
        let focus = self.screen_focus();
        let items = self
            .keymap
            .available(&focus.chain, focus.typing)
            .iter()
            .filter(|r| !matches!(r.command.action, Action::Palette | Action::Text(_)))
            // Moving the cursor is for keys, not for a list of things to do.
            .filter(|r| !movement(r.command.action))
            .map(|r| {
                PickItem::new(
                    r.command.action,
                    format!("{:<10} {}", r.label(), r.command.description),
                )
            })
            .collect();
        Picker::single("Command", items)
    }

    fn on_paste(&mut self, text: &str, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if let Some(changed) = self.overlay_paste(text) {
            return changed;
        }
        self.with_screen(self.screen, clock, effects, |s, cx| s.on_paste(text, cx))
    }

    fn on_mouse(&mut self, m: MouseEvent, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if self.overlay.is_some() || self.viewport.too_small {
            return false;
        }
        match m.kind {
            MouseEventKind::ScrollDown => self.on_action(Action::Down, clock, effects),
            MouseEventKind::ScrollUp => self.on_action(Action::Up, clock, effects),
            _ => false,
        }
    }

    /// A click on something drawn; true when it changed what is drawn.
    fn on_click(&mut self, target: Target, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        // An overlay has the keys and the mouse until it closes.
        if self.overlay.is_some() || self.viewport.too_small {
            return false;
        }
        self.with_screen(self.screen, clock, effects, |s, cx| s.on_click(target, cx))
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::ApiError;

    use super::{Effect, Msg, Screen};
    use crate::config::TokenSource;
    use crate::testing::Harness;
    use crate::worker::{Answer, Call, Retrying, Skipped};

    /// Starts an app whose token came from `source` and has the service refuse it.
    fn refused(source: Option<TokenSource>) -> Harness {
        let mut app = Harness::app();
        app.token_source = source;
        let mut h = Harness::starting(app);
        h.fail_all(
            |c| matches!(c, Call::Me),
            || ApiError::Unauthorized {
                message: "Unauthenticated.".into(),
            },
        );
        h
    }

    fn toasts(h: &Harness) -> String {
        h.app
            .toasts
            .visible()
            .iter()
            .map(|t| t.text.clone())
            .collect::<Vec<_>>()
            .join(" | ")
    }

    #[test]
    fn a_refused_token_names_the_file_it_came_from() {
        let mut h = refused(Some(TokenSource::Flag("/home/anna/.weeek-token".into())));
        let t = toasts(&h);
        assert!(t.contains("--token-file /home/anna/.weeek-token"), "{t}");
        assert!(!t.contains("WEEEK_TOKEN"), "{t}");
        h.resize(160, 45);
        let screen = h.render();
        assert!(
            screen.contains("--token-file /home/anna/.weeek-token"),
            "{screen}"
        );
        assert!(!screen.contains("WEEEK_TOKEN"), "{screen}");
    }

    #[test]
    fn a_refused_token_names_the_variable_or_the_config_file() {
        let h = refused(Some(TokenSource::Env("WEEEK_API_TOKEN")));
        assert!(toasts(&h).contains("The token in WEEEK_API_TOKEN was refused"));
        let h = refused(Some(TokenSource::ConfigFile(
            "/home/anna/.config/weeek-tui/config.toml".into(),
        )));
        let t = toasts(&h);
        assert!(
            t.contains("/home/anna/.config/weeek-tui/config.toml"),
            "{t}"
        );
        assert!(!t.contains("WEEEK_TOKEN"), "{t}");
    }

    /// The task list's request (the timer reads tasks too).
    fn list_request(h: &mut Harness) -> crate::app::requests::Request {
        let list = super::RequestKey::Tasks(crate::tasks::TaskKey::List);
        let at = h
            .pending
            .iter()
            .position(|r| r.key == list)
            .expect("a task list request");
        h.pending.remove(at)
    }

    #[test]
    fn rows_that_could_not_be_read_are_counted_and_each_is_in_the_message_log() {
        let mut h = Harness::new();
        h.resize(160, 45);
        let req = list_request(&mut h);
        let bad = |index: usize, id: &str| weeek_api::SkippedRow {
            index,
            id: Some(id.into()),
            reason: "title: invalid type: integer `42`, expected a string".into(),
        };
        h.reply_skipping(
            &req,
            Answer::TaskPage(Ok(weeek_api::TaskPage::default())),
            Some(Skipped {
                list: "Tasks",
                rows: vec![bad(3, "17"), bad(8, "21")],
                ..Default::default()
            }),
        );
        let t = toasts(&h);
        assert!(t.contains("Tasks: 2 rows skipped (malformed)"), "{t}");
        let log: Vec<String> = h.app.toasts.history().map(|(_, m)| m.clone()).collect();
        assert!(
            log.iter().any(|m| m
                == "Tasks: skipped id 21: title: invalid type: integer `42`, expected a string"),
            "{log:?}"
        );
        h.press("M");
        let screen = h.render();
        assert!(
            screen.contains("Tasks: skipped id 17: title: invalid type"),
            "{screen}"
        );
    }

    fn retrying(req: &crate::app::requests::Request) -> Msg {
        Msg::Retrying(Retrying {
            id: req.id,
            key: req.key.clone(),
            notice: weeek_api::RetryNotice {
                attempt: 2,
                attempts: 3,
                delay: std::time::Duration::from_secs(1),
                cause: ApiError::Server {
                    status: 503,
                    message: None,
                },
            },
        })
    }

    #[test]
    fn a_read_being_retried_shows_in_the_status_line_until_its_answer() {
        let mut h = Harness::new();
        h.resize(160, 45);
        let req = list_request(&mut h);
        h.send(retrying(&req));
        let note = "retrying (2/3) in 1s: the service failed with 503";
        assert!(h.render().contains(note), "{}", h.render());
        h.reply(&req, Answer::TaskPage(Ok(weeek_api::TaskPage::default())));
        let screen = h.render();
        assert!(!screen.contains("retrying"), "{screen}");
        assert!(screen.contains("Northwind"), "{screen}");
    }

    #[test]
    fn a_retry_of_a_request_no_longer_wanted_says_nothing() {
        let mut h = Harness::new();
        h.resize(160, 45);
        let old = list_request(&mut h);
        h.press("r");
        h.app.dirty = false;
        h.send(retrying(&old));
        assert!(!h.render().contains("retrying"));
        assert!(!h.app.dirty, "nothing to draw");
    }

    #[test]
    fn only_what_changes_the_frame_asks_for_a_draw() {
        let app = Harness::app();
        assert!(!app.dirty, "nothing to draw before the start");
        let mut h = Harness::starting(app);
        assert!(h.app.dirty, "the first frame is drawn");
        let drawn = |h: &mut Harness| h.app.dirty = false;
        drawn(&mut h);
        let req = h.take(|c| matches!(c, Call::Me)).remove(0);
        h.press("r");
        assert!(h.app.dirty, "a refresh shows the spinner");
        h.press("€");
        assert!(h.app.dirty, "a change stays to be drawn until it is");
        drawn(&mut h);
        h.press("€");
        assert!(!h.app.dirty, "a key that does nothing draws nothing");
        h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
        assert!(h.app.dirty, "an answer changes the screen");
        drawn(&mut h);
        h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
        assert!(!h.app.dirty, "a second copy is stale");
    }

    #[test]
    fn quitting_is_an_effect_once_screens_have_written_what_they_hold() {
        let mut h = Harness::new();
        h.press("q");
        assert!(h.quits());
        assert_eq!(h.effects.last(), Some(&super::Effect::Quit));
    }

    /// A harness with one task (id 42) under the cursor.
    fn one_task() -> Harness {
        let mut h = Harness::new();
        let req = list_request(&mut h);
        let tasks = vec![crate::testing::task(42, "Отчёт")];
        h.reply(
            &req,
            Answer::TaskPage(Ok(weeek_api::TaskPage {
                tasks: crate::testing::rows(tasks),
                has_more: false,
            })),
        );
        h
    }

    #[test]
    fn o_without_a_browser_says_so_in_words_and_names_the_key_that_copies_the_link() {
        let mut h = one_task();
        let url = "https://app.weeek.net/ws/1/task/42";
        h.press("o");
        h.send(Msg::NoBrowser(url.into()));
        let said: Vec<String> = h
            .app
            .toasts
            .visible()
            .iter()
            .map(|t| t.text.clone())
            .collect();
        let last = said.last().expect("a message");
        assert_eq!(
            last,
            &format!("No browser could be started to open {url} · y copies the link")
        );
    }

    #[test]
    fn o_opens_the_tasks_page_and_y_copies_its_link_and_capital_y_its_id() {
        let mut h = one_task();
        let url = "https://app.weeek.net/ws/1/task/42";
        h.press("o");
        assert_eq!(h.effects.last(), Some(&Effect::OpenUrl(url.into())));
        h.press("y");
        assert_eq!(h.effects.last(), Some(&Effect::Copy(url.into())));
        assert!(toasts(&h).contains(&format!("Copied the link {url}")));
        h.press("Y");
        assert_eq!(h.effects.last(), Some(&Effect::Copy("42".into())));
        assert!(toasts(&h).contains("Copied the id 42"), "{}", toasts(&h));
    }

    #[test]
    fn sharing_with_no_task_or_no_workspace_says_why_and_does_nothing() {
        let mut h = Harness::new();
        let req = list_request(&mut h);
        h.reply(&req, Answer::TaskPage(Ok(weeek_api::TaskPage::default())));
        h.press("oyY");
        assert!(h.effects.is_empty(), "{:?}", h.effects);
        assert!(toasts(&h).contains("No task here."));

        let mut h = Harness::starting(Harness::app());
        h.answer_all(
            |c| matches!(c, Call::Me),
            || Answer::Me(Ok(Box::new(crate::testing::user()))),
        );
        let req = list_request(&mut h);
        let tasks = vec![crate::testing::task(42, "Отчёт")];
        h.reply(
            &req,
            Answer::TaskPage(Ok(weeek_api::TaskPage {
                tasks: crate::testing::rows(tasks),
                has_more: false,
            })),
        );
        h.press("y");
        assert!(!h.effects.iter().any(|e| matches!(e, Effect::Copy(_))));
        assert!(
            toasts(&h).contains("workspace is still loading"),
            "{}",
            toasts(&h)
        );
    }

    #[test]
    fn digits_never_switch_screens_alt_digits_and_tab_do_everywhere() {
        use crossterm::event::{KeyCode, KeyModifiers};
        let alt = |c| crate::testing::key_event(KeyCode::Char(c), KeyModifiers::ALT);
        let mut h = Harness::new();
        h.resize(160, 45);
        h.send(alt('2'));
        assert_eq!(h.app.screen, Screen::Funnels);
        h.press("3");
        assert_eq!(h.app.screen, Screen::Funnels, "a digit is not a screen key");
        h.press("1");
        assert_eq!(h.app.screen, Screen::Funnels);
        h.send(crate::testing::code(KeyCode::Tab));
        assert_eq!(h.app.screen, Screen::Contacts);
        h.send(alt('1'));
        assert_eq!(h.app.screen, Screen::Tasks);
        h.send(crate::testing::code(KeyCode::BackTab));
        assert_eq!(
            h.app.screen,
            Screen::Projects,
            "the last tab comes before the first"
        );
        h.send(crate::testing::code(KeyCode::BackTab));
        assert_eq!(h.app.screen, Screen::Contacts);
        for screen in Screen::ALL {
            h.app.screen = screen;
            let header = h.render().lines().next().unwrap_or_default().to_string();
            for tab in [
                "Alt-1 Tasks",
                "Alt-2 Funnels",
                "Alt-3 Contacts",
                "Alt-4 Projects",
            ] {
                assert!(header.contains(tab), "{screen:?}: {header}");
            }
            // Every screen opens where Tab is the next screen (the contacts screen on its
            // list, not in a field whose Tab moves between fields).
            assert!(header.contains("Tab ⇥"), "{screen:?}: {header}");
        }
    }

    #[test]
    fn the_palette_lists_commands_not_movement() {
        let mut h = one_task();
        h.send(crate::testing::ctrl('p'));
        let Some(super::Overlay::Palette(p)) = &h.app.overlay else {
            panic!("the palette is open");
        };
        let labels: Vec<&str> = p.items.iter().map(|i| i.label.as_str()).collect();
        assert!(
            labels.iter().any(|l| l.contains("Filter panel")),
            "{labels:?}"
        );
        assert!(labels.iter().any(|l| l.contains("Copy the task's link")));
        for movement in [
            "Down",
            "Up",
            "Half a page",
            "First row",
            "Last row",
            "Page down",
        ] {
            assert!(
                !labels.iter().any(|l| l
                    .split_once(' ')
                    .is_some_and(|(_, d)| d.trim().starts_with(movement))),
                "{movement}: {labels:?}"
            );
        }
    }

    #[test]
    fn help_and_messages_stop_scrolling_at_their_end() {
        use crossterm::event::KeyCode;
        let mut h = one_task();
        h.resize(80, 24);
        h.press("?");
        for _ in 0..40 {
            h.send(crate::testing::code(KeyCode::PageDown));
        }
        let Some(super::Overlay::Help { scroll, .. }) = h.app.overlay else {
            panic!("help is open");
        };
        let at_end = h.render();
        assert!(
            at_end.contains("Previous screen"),
            "the last line shows: {at_end}"
        );
        h.send(crate::testing::code(KeyCode::Up));
        let Some(super::Overlay::Help { scroll: after, .. }) = h.app.overlay else {
            panic!("help is open");
        };
        assert_eq!(
            after + 1,
            scroll,
            "one key up moves one line up from the end"
        );
        h.send(crate::testing::code(KeyCode::Esc));
        for i in 0..30 {
            h.app.toasts.log(
                super::ToastKind::Info,
                format!("message {i} {}", "word ".repeat(30)),
            );
        }
        h.press("M");
        for _ in 0..200 {
            h.send(crate::testing::code(KeyCode::Down));
        }
        let screen = h.render();
        assert!(
            screen.contains("message 0 "),
            "the oldest is last: {screen}"
        );
        h.send(crate::testing::code(KeyCode::Up));
        assert!(
            h.render().contains("message 0 "),
            "the end is still in view"
        );
    }

    #[test]
    fn messages_take_lines_of_their_own_on_every_screen_at_the_smallest_size() {
        let mut h = one_task();
        for (w, ht) in [(40, 10), (80, 24)] {
            h.resize(w, ht);
            for n in 0..3 {
                h.app.toasts.push(
                    h.clock.now,
                    super::ToastKind::Error,
                    format!("Could not save message {n}: the service refused it"),
                );
            }
            h.send(Msg::Tick);
            assert!(h.app.viewport.messages > 0);
            for key in ['1', '2', '3', '4', '1'] {
                h.send(crate::testing::key_event(
                    crossterm::event::KeyCode::Char(key),
                    crossterm::event::KeyModifiers::ALT,
                ));
                let screen = h.render();
                let lines: Vec<&str> = screen.lines().collect();
                // The line above the key hints is the newest message's, whole of its own.
                let above = lines[lines.len() - 2];
                assert!(
                    ["Could not", "refused it", "failed"]
                        .iter()
                        .any(|w| above.contains(w)),
                    "at {w}x{ht}:\n{screen}"
                );
            }
            h.app.toasts.dismiss_all();
            h.send(Msg::Tick);
            assert_eq!(h.app.viewport.messages, 0, "gone, the lines go back");
        }
    }

    #[test]
    fn a_long_message_at_160_columns_is_never_cut_mid_word() {
        let mut h = one_task();
        h.resize(160, 45);
        let words: Vec<String> = (0..60)
            .map(|i| format!("слово{i}{}конец", "ы".repeat(i % 7)))
            .collect();
        let text = words.join(" ");
        h.app
            .toasts
            .push(h.clock.now, super::ToastKind::Error, text);
        // The next message lays the messages' lines out.
        h.send(Msg::Tick);
        let screen = h.render();
        let shown: Vec<&str> = screen
            .split(|c: char| c.is_whitespace() || c == '…')
            .filter(|w| w.starts_with("слово"))
            .collect();
        assert!(shown.len() > 10, "{screen}");
        for w in shown {
            assert!(words.iter().any(|x| x == w), "{w:?} is cut:\n{screen}");
        }
    }

    #[test]
    fn a_message_shortens_a_long_title_and_the_message_log_shows_it_in_full() {
        let title = format!("{} конец", "Очень длинное название задачи ".repeat(5));
        let mut h = Harness::new();
        let req = list_request(&mut h);
        let tasks = vec![crate::testing::task(42, &title)];
        h.reply(
            &req,
            Answer::TaskPage(Ok(weeek_api::TaskPage {
                tasks: crate::testing::rows(tasks),
                has_more: false,
            })),
        );
        h.resize(160, 45);
        h.press("x");
        let write = h.take(|c| matches!(c, Call::CompleteTask(_))).remove(0);
        h.done(&write);
        let shown = toasts(&h);
        assert!(shown.contains("Completed"), "{shown}");
        let screen = h.render();
        assert!(
            !screen.contains("конец"),
            "the toast shortens the title:\n{screen}"
        );
        h.press("M");
        let log = h.render();
        assert!(log.contains("конец"), "M shows the title in full:\n{log}");
    }

    #[test]
    fn an_effect_that_failed_is_said() {
        let mut h = Harness::new();
        h.send(Msg::EffectFailed(
            "Could not open a browser (no handler)".into(),
        ));
        assert!(toasts(&h).contains("Could not open a browser"));
    }

    #[test]
    fn many_refusals_at_once_say_it_once() {
        let mut h = refused(None);
        h.fail_all(
            |_| true,
            || ApiError::Unauthorized {
                message: "Unauthenticated.".into(),
            },
        );
        let n = h
            .app
            .toasts
            .visible()
            .iter()
            .filter(|t| t.text.contains("(401)"))
            .count();
        assert_eq!(n, 1, "{}", toasts(&h));
    }
}
