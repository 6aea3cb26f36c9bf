//! Helpers for `update` and snapshot tests: a fixed clock, key messages, a directory of
//! fixtures (`fixtures`), the worker's answers (`answers`), a harness that records requests
//! and answers them (`harness`), and a screen's context alone (`world`).

use std::sync::OnceLock;
use std::time::Instant;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use time::macros::{date, datetime};

use crate::app::Msg;
use crate::screen::Clock;

mod answers;
mod fixtures;
mod harness;
mod lookups;
mod world;

pub use answers::{answered, done, failure};
pub use fixtures::*;
#[cfg(feature = "demo")]
pub use harness::sandbox;
pub use harness::{Harness, unreachable};
pub use lookups::{NewColumn, board_column};
pub use world::World;

fn base() -> Instant {
    static BASE: OnceLock<Instant> = OnceLock::new();
    *BASE.get_or_init(Instant::now)
}

/// Saturday 21 November 2026, at a fixed instant (10:00 UTC on the wall clock). The service's
/// clock reads the same: the test sandbox starts at this very instant (see [`sandbox`]).
pub fn clock() -> Clock {
    Clock {
        now: base(),
        today: date!(2026 - 11 - 21),
        wall: datetime!(2026-11-21 10:00 UTC),
        offset: time::UtcOffset::UTC,
        service_ahead: Some(time::Duration::ZERO),
    }
}

pub fn key_event(code: KeyCode, mods: KeyModifiers) -> Msg {
    Msg::Term(Event::Key(KeyEvent::new(code, mods)))
}

pub fn key(c: char) -> Msg {
    key_event(KeyCode::Char(c), KeyModifiers::NONE)
}

pub fn code(c: KeyCode) -> Msg {
    key_event(c, KeyModifiers::NONE)
}

pub fn ctrl(c: char) -> Msg {
    key_event(KeyCode::Char(c), KeyModifiers::CONTROL)
}
