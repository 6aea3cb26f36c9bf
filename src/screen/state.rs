//! What every screen provides to the app. The app routes keys, answers and ticks through
//! this; a screen never sees another screen's state.

use std::time::Instant;

use super::{ScreenCtx, Target};
use crate::keys::commands::{Action, Context};

/// Answers are not part of this: each screen takes its own answer enum (`on_answer`), routed
/// by `App::on_reply`.
pub trait ScreenState {
    /// The contexts of the focused layer, most specific first: its own, then its parents'
    /// (a picker: `Picker`, `Text`). The app adds `Global` unless the first one is modal.
    fn contexts(&self) -> Vec<Context>;

    /// Every context the screen can show, for help: the layers it may open (pickers, prompts,
    /// questions) are listed after the focused one's.
    fn help_contexts(&self) -> &'static [Context];

    /// The screen became visible: load what it needs if not loaded yet.
    fn on_enter(&mut self, _env: &mut ScreenCtx) {}

    /// A command of the focused layer's contexts. False lets the app handle it (quit, help,
    /// screen switch, …).
    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool;

    /// A character typed while a text field has the keyboard (no command took the key).
    /// True when something changed.
    fn on_char(&mut self, _c: char, _env: &mut ScreenCtx) -> bool {
        false
    }

    fn on_paste(&mut self, _text: &str, _env: &mut ScreenCtx) -> bool {
        false
    }

    /// A left click on something this screen drew. True when it changed something.
    fn on_click(&mut self, _target: Target, _env: &mut ScreenCtx) -> bool {
        false
    }

    /// A deadline passed; true when something visible changed.
    fn on_tick(&mut self, _env: &mut ScreenCtx) -> bool {
        false
    }

    fn next_deadline(&self) -> Option<Instant> {
        None
    }

    /// The directory (members, tags, projects, boards, columns, currencies) changed.
    fn on_directory_changed(&mut self, _env: &mut ScreenCtx) {}

    /// The profile loaded for the first time.
    fn on_profile(&mut self, _env: &mut ScreenCtx) {}

    fn on_resize(&mut self, _env: &mut ScreenCtx) {}

    /// Messages came or went and the body has fewer or more lines: what is shown keeps its
    /// cursor in view; nothing is read for it (a failed page is not asked again because its
    /// message took a line).
    fn on_messages_resized(&mut self, env: &mut ScreenCtx) {
        self.on_resize(env);
    }

    /// The app is about to end (a quit or a signal): write what is held only in memory.
    fn on_shutdown(&mut self, _env: &mut ScreenCtx) {}

    /// A question to ask before quitting (unsaved input), if any.
    fn unsaved(&self) -> Option<String> {
        None
    }

    /// A question to ask before another screen is shown, if leaving would lose something. A
    /// screen's state (its input, its saves under way) stays while another is shown, so most
    /// screens have none.
    fn leaving(&self) -> Option<String> {
        None
    }

    /// True while a text field has the keyboard: keys that type go to `on_char` and are never
    /// commands, so `q` types a q.
    fn keyboard_taken(&self) -> bool {
        false
    }

    /// Commands of its contexts that do nothing in its state now (the task list's filters on
    /// a board): the footer leaves them out.
    fn idle(&self, _action: Action) -> bool {
        false
    }

    /// A short note for the footer's left end ("3 marked").
    fn footer_note(&self) -> Option<String> {
        None
    }

    /// The task `t` starts or stops my timer on (id and title): the one under the cursor.
    fn timer_target(&self) -> Option<(i64, String)> {
        None
    }

    /// When what it shows was read from the service, while that is the local store's copy
    /// (the service's answer has not replaced it yet); `None` once it is live.
    fn cached_since(&self) -> Option<time::OffsetDateTime> {
        None
    }

    /// Reads again what it shows, in place: the rows stay until the answers replace them,
    /// the cursor and marks on their items (on `r`, on being shown again, and every
    /// `refresh_secs` while shown).
    fn refresh(&mut self, _env: &mut ScreenCtx) {}
}
