//! What every screen stands on: the context it handles a message in (`ScreenCtx`: the clock,
//! the workspace's names, requests, effects, toasts), what it tells the app (`ScreenState`),
//! and the parts screens are built from: remote data and paged lists, optimistic writes and
//! what follows a lost answer, layers, forms and drafts. Nothing here knows a screen: the app
//! (`crate::app`) sits above the screens and composes them.

pub mod all_pages;
pub mod card_column;
pub mod checked_form;
pub mod choices;
pub mod click;
pub mod custom_input;
pub mod deleting;
pub mod draft_file;
pub mod edit_batch;
pub mod entry_rows;
pub mod form_create;
pub mod form_errors;
pub mod indexed_rows;
pub mod jump;
pub mod layers;
pub mod ledger;
pub mod loadable;
pub mod lost_answer;
pub mod named_creates;
pub mod named_writes;
pub mod names;
pub mod offline;
pub mod record_edit;
pub mod requests;
pub mod searched_list;
mod state;
pub mod toast;
mod write_calls;
pub mod write_words;

use std::path::PathBuf;
use std::time::Instant;

use time::Date;

use crate::keys::keymap::Keymap;
use crate::layout::Viewport;
use crate::worker::{Op, TypedCall};
pub use click::{Hits, Target};
use jump::Jump;
use names::Names;
use offline::Offline;
use requests::{KeySet, Request, RequestKey, Requests};
pub use state::ScreenState;
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
        view: Option<crate::config::View>,
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
    /// A change of the outbox on disk (kept, dropped, decided), done before the next frame is
    /// drawn. Answered with `Msg::Outbox`.
    Outbox(Box<crate::outbox::Order>),
    /// Send what the outbox holds, in order (the worker's replay). Reported with
    /// `Msg::Replayed`.
    Replay,
    /// Read the whole workspace into the local store in the background (sync `n`),
    /// answered with `Msg::SyncProgress` and, once over, `Msg::Synced`.
    Sync(u64),
    /// Stop the sync running, if any: what it read so far stays in the store.
    StopSync,
    /// Leave this workspace for another: once the file writes asked before it have landed,
    /// the runtime opens that one with a fresh app, and this app's requests and their answers
    /// are dropped. If it cannot be opened, this app goes on, told why (`Msg::EffectFailed`).
    SwitchWorkspace(crate::config::WorkspaceId),
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

    pub fn step(self, delta: isize) -> Screen {
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
    /// Where the screen sends the user, for the app to follow (see `jump`).
    pub jumps: &'a mut Vec<Jump>,
    /// Whether the service can be reached, and the outbox.
    pub offline: &'a mut Offline,
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
    pub fn request<K: KeySet, O: Op, A: Into<K::Answer>>(
        &mut self,
        key: K,
        op: O,
        answer: impl Fn(O::Output) -> A + Send + Sync + 'static,
    ) {
        self.ask(key, TypedCall::new(op), answer);
    }

    /// As [`ScreenCtx::request`], for a read of something not on screen yet: the local store
    /// answers first with its copy when it holds one (the handler sees [`ScreenCtx::stored`]),
    /// then the service. Never for a read that checks what the service did.
    pub fn request_cached<K: KeySet, O: Op, A: Into<K::Answer>>(
        &mut self,
        key: K,
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
    pub fn ask<K: KeySet, T: 'static, A: Into<K::Answer>>(
        &mut self,
        key: K,
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

    /// Sends the user to another screen once this message is handled.
    pub fn jump(&mut self, to: Jump) {
        self.jumps.push(to);
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

    /// The service cannot be reached now.
    pub fn is_offline(&self) -> bool {
        self.offline.is_offline()
    }

    /// Said after a verb whose change went to the outbox: why, and how many changes wait.
    pub fn kept_note(&self) -> String {
        let waiting = self.offline.waiting();
        let count = if waiting == 1 {
            "1 change waits".to_string()
        } else {
            format!("{waiting} changes wait")
        };
        let why = if self.is_offline() {
            "offline"
        } else {
            "after the changes before it"
        };
        format!(" · {why}: kept in the outbox ({count})")
    }

    /// Keeps `change` of `item` in the outbox, on disk before the next frame; the screen
    /// shows it as it will be.
    pub fn queue(
        &mut self,
        item: crate::outbox::ItemRef,
        name: String,
        change: crate::outbox::Change,
        base: crate::outbox::Base,
    ) -> crate::outbox::Entry {
        self.queue_sent(item, name, change, base, None)
    }

    /// As [`ScreenCtx::queue`], for a change already sent at `sent` (its answer lost as the
    /// service went out of reach): before it goes again its item is read, a create looked for.
    pub fn queue_sent(
        &mut self,
        item: crate::outbox::ItemRef,
        name: String,
        change: crate::outbox::Change,
        base: crate::outbox::Base,
        sent: Option<time::OffsetDateTime>,
    ) -> crate::outbox::Entry {
        let entry = self
            .offline
            .queue(&self.clock, item, name, change, base, sent);
        let order = crate::outbox::Order::Queue(Box::new(entry.clone()));
        self.effects.push(Effect::Outbox(Box::new(order)));
        entry
    }

    /// A delete of `item` made where its change must wait: a record made here whose create
    /// never left goes with its changes and nothing is sent (false); else its delete waits its
    /// turn in the outbox (true).
    pub fn queue_delete(
        &mut self,
        item: crate::outbox::ItemRef,
        name: String,
        updated_at: Option<time::OffsetDateTime>,
    ) -> bool {
        use crate::outbox::{Base, Change, Order, State};
        let never_sent = self.offline.entries().iter().any(|e| {
            e.item.same_item(&item)
                && matches!(e.change, Change::Create(_))
                && e.state == State::Waiting
        });
        if never_sent {
            let unsent: Vec<i64> = self
                .offline
                .entries()
                .iter()
                .filter(|e| e.item.same_item(&item))
                .map(|e| e.seq)
                .collect();
            for seq in unsent {
                self.offline.forget(seq);
                let order = Box::new(Order::Unqueue(seq));
                self.effects.push(Effect::Outbox(order));
            }
            return false;
        }
        let base = Base {
            updated_at,
            value: None,
        };
        self.queue(item, name, Change::Delete, base);
        true
    }
}
