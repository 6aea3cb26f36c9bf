//! What every screen provides to the app. The app routes keys, answers and ticks through
//! this; a screen never sees another screen's state.

use std::time::Instant;

use crossterm::event::KeyEvent;

use super::commands::{Action, Context};
use super::{Env, Target};

/// Answers are not part of this: each screen takes its own keys' answers (`on_answer`), routed
/// by `App::on_reply`.
pub trait ScreenState {
    /// Keymap contexts that apply now, most specific first (`Global` is added by the app).
    fn contexts(&self) -> Vec<Context>;

    /// The screen became visible: load what it needs if not loaded yet.
    fn on_enter(&mut self, _env: &mut Env) {}

    /// Keys for popups and text fields, before the keymap. True when the key was used.
    fn capture_key(&mut self, _key: KeyEvent, _env: &mut Env) -> bool {
        false
    }

    /// A keymap action. False lets the app handle it (quit, help, screen switch, …).
    fn on_action(&mut self, action: Action, env: &mut Env) -> bool;

    fn on_paste(&mut self, _text: &str, _env: &mut Env) -> bool {
        false
    }

    /// A left click on something this screen drew. True when it changed something.
    fn on_click(&mut self, _target: Target, _env: &mut Env) -> bool {
        false
    }

    /// A deadline passed; true when something visible changed.
    fn on_tick(&mut self, _env: &mut Env) -> bool {
        false
    }

    fn next_deadline(&self) -> Option<Instant> {
        None
    }

    /// The directory (members, tags, projects, boards, columns, currencies) changed.
    fn on_directory_changed(&mut self, _env: &mut Env) {}

    /// The profile loaded for the first time.
    fn on_profile(&mut self, _env: &mut Env) {}

    fn on_resize(&mut self, _env: &mut Env) {}

    /// The app is about to end (a quit or a signal): write what is held only in memory.
    fn on_shutdown(&mut self, _env: &mut Env) {}

    /// A question to ask before quitting or leaving the screen (unsaved input), if any.
    fn unsaved(&self) -> Option<String> {
        None
    }

    /// True while a text field has the keyboard: letters type, so the footer leaves out the
    /// app-wide letter keys (`q`, `?`) that would only mislead.
    fn keyboard_taken(&self) -> bool {
        false
    }

    /// A short note for the footer's left end ("3 marked").
    fn footer_note(&self) -> Option<String> {
        None
    }
}
