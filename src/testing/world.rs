//! A screen's context alone, for tests of the floor's mechanisms.

use super::clock;
use crate::screen::Effect;
use crate::worker::Call;

/// What a screen's context points at, without an app around it: for tests of the floor's
/// mechanisms, which take a [`crate::screen::ScreenCtx`] and nothing else.
pub struct World {
    pub names: crate::screen::names::Names,
    pub requests: crate::screen::requests::Requests,
    pub effects: Vec<Effect>,
    pub toasts: crate::screen::toast::Toasts,
    pub keys: crate::keys::keymap::Keymap,
    pub jumps: Vec<crate::screen::jump::Jump>,
    pub offline: crate::screen::offline::Offline,
}

impl World {
    pub fn new() -> Self {
        Self {
            names: Default::default(),
            requests: Default::default(),
            effects: Vec::new(),
            toasts: Default::default(),
            keys: Default::default(),
            jumps: Vec::new(),
            offline: Default::default(),
        }
    }

    pub fn cx(&mut self) -> crate::screen::ScreenCtx<'_> {
        crate::screen::ScreenCtx {
            clock: clock(),
            names: &mut self.names,
            requests: &mut self.requests,
            effects: &mut self.effects,
            toasts: &mut self.toasts,
            viewport: crate::layout::Viewport::new(120, 40),
            keys: &self.keys,
            jumps: &mut self.jumps,
            offline: &mut self.offline,
            stored: None,
            quiet: false,
        }
    }

    /// The requests sent since last asked: their keys and calls.
    pub fn sent(&mut self) -> Vec<(crate::screen::requests::RequestKey, Call)> {
        std::mem::take(&mut self.effects)
            .into_iter()
            .filter_map(|e| match e {
                Effect::Request(r) => Some((r.key, r.call)),
                _ => None,
            })
            .collect()
    }

    /// The newest message said.
    pub fn last_toast(&self) -> String {
        self.toasts
            .history()
            .next()
            .map(|(_, t)| t.clone())
            .unwrap_or_default()
    }
}

impl Default for World {
    fn default() -> Self {
        Self::new()
    }
}
