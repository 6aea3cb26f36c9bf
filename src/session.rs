//! The workspace in use: its app, and which worker's answers are its. Switching workspaces
//! replaces the app with a fresh one and counts a new generation; an answer from the
//! workspace left (a request that was under way when it was left, a file write it asked for)
//! is dropped here, never handed to the app of another workspace.

use crate::app::{App, Clock, Effect, Msg};

pub struct Session {
    pub app: App,
    /// Counts the workspaces opened: what a worker or an effect answers carries the generation
    /// of the app that asked.
    generation: u64,
}

impl Session {
    pub fn new(app: App) -> Self {
        Self { app, generation: 0 }
    }

    /// The generation of the app in use.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The first effects of the app in use.
    pub fn start(&mut self, clock: Clock) -> Vec<Effect> {
        self.app.start(clock)
    }

    /// A message from the terminal: it is for whichever app is on screen.
    pub fn update(&mut self, msg: Msg, clock: Clock) -> Vec<Effect> {
        self.app.update(msg, clock)
    }

    /// A message the app of `generation` asked for (an API answer, a retry notice, an effect's
    /// outcome): dropped when that workspace was left since.
    pub fn answer(&mut self, generation: u64, msg: Msg, clock: Clock) -> Vec<Effect> {
        if generation != self.generation {
            tracing::debug!(generation, "dropped an answer of a workspace left");
            return Vec::new();
        }
        self.app.update(msg, clock)
    }

    /// The app of another workspace takes over and starts (its first view loads).
    pub fn replace(&mut self, app: App, clock: Clock) -> Vec<Effect> {
        self.generation += 1;
        self.app = app;
        self.app.start(clock)
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
