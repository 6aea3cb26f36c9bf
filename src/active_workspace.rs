//! The workspace in use: its app, and which worker's answers are its. Switching workspaces
//! replaces the app with a fresh one and counts a new generation; an answer from the
//! workspace left (a request that was under way when it was left, a file write it asked for)
//! is dropped here, never handed to the app of another workspace. A change sent there that
//! the service refused is still said: a failure is never hidden by a switch.

use std::collections::HashMap;

use crate::app::{App, Msg};
use crate::screen::{Clock, Effect};

pub struct ActiveWorkspace {
    pub app: App,
    /// Counts the workspaces opened: what a worker or an effect answers carries the generation
    /// of the app that asked.
    generation: u64,
    /// Writes sent and not answered yet, by generation and request id, with the name of the
    /// workspace they were sent to.
    writes: HashMap<(u64, u64), String>,
}

impl ActiveWorkspace {
    pub fn new(app: App) -> Self {
        Self {
            app,
            generation: 0,
            writes: HashMap::new(),
        }
    }

    /// The generation of the app in use.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The first effects of the app in use.
    pub fn start(&mut self, clock: Clock) -> Vec<Effect> {
        let effects = self.app.start(clock);
        self.track(effects)
    }

    /// A message from the terminal: it is for whichever app is on screen.
    pub fn update(&mut self, msg: Msg, clock: Clock) -> Vec<Effect> {
        let effects = self.app.update(msg, clock);
        self.track(effects)
    }

    /// A message the app of `generation` asked for (an API answer, a retry notice, an effect's
    /// outcome): dropped when that workspace was left since, except that a change it sent and
    /// the service refused is said to the app in use.
    pub fn answer(&mut self, generation: u64, msg: Msg, clock: Clock) -> Vec<Effect> {
        let write = match &msg {
            Msg::Api(reply) => self
                .writes
                .remove(&(generation, reply.id))
                .map(|label| (label, reply.output.error().map(|e| e.short()))),
            _ => None,
        };
        if generation != self.generation {
            tracing::debug!(generation, "dropped an answer of a workspace left");
            return match write {
                Some((label, Some(error))) => {
                    let text = format!(
                        "A change sent to {label} before the switch was not saved: {error}"
                    );
                    self.update(Msg::EffectFailed(text), clock)
                }
                _ => Vec::new(),
            };
        }
        self.update(msg, clock)
    }

    /// The app of another workspace takes over and starts (its first view loads).
    pub fn replace(&mut self, app: App, clock: Clock) -> Vec<Effect> {
        self.generation += 1;
        self.app = app;
        self.start(clock)
    }

    /// Notes the writes among `effects`, to be said should the service refuse one after a
    /// switch.
    fn track(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        for effect in &effects {
            if let Effect::Request(r) = effect
                && r.call.is_write()
            {
                let label = match &self.app.switcher.current {
                    Some(id) => id.label().to_string(),
                    None => "the workspace left".to_string(),
                };
                self.writes.insert((self.generation, r.id), label);
            }
        }
        effects
    }
}

#[cfg(test)]
#[path = "active_workspace_tests.rs"]
mod tests;
