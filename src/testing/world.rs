//! A screen's context alone, for tests of the floor's mechanisms.

use super::clock;
use crate::app::Effect;
use crate::worker::Call;

/// What a screen's context points at, without an app around it: for tests of the floor's
/// mechanisms, which take a [`crate::app::ScreenCtx`] and nothing else.
pub struct World {
    pub names: crate::app::names::Names,
    pub requests: crate::app::requests::Requests,
    pub effects: Vec<Effect>,
    pub toasts: crate::app::toast::Toasts,
    pub keys: crate::app::keymap::Keymap,
}

impl World {
    pub fn new() -> Self {
        Self {
            names: Default::default(),
            requests: Default::default(),
            effects: Vec::new(),
            toasts: Default::default(),
            keys: Default::default(),
        }
    }

    pub fn cx(&mut self) -> crate::app::ScreenCtx<'_> {
        crate::app::ScreenCtx {
            clock: clock(),
            names: &mut self.names,
            requests: &mut self.requests,
            effects: &mut self.effects,
            toasts: &mut self.toasts,
            viewport: crate::layout::Viewport::new(120, 40),
            keys: &self.keys,
        }
    }

    /// The requests sent since last asked: their keys and calls.
    pub fn sent(&mut self) -> Vec<(crate::app::requests::RequestKey, Call)> {
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
