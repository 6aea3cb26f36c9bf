//! Short messages about results and errors, each with its own expiry.

use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToastKind {
    Info,
    Success,
    Error,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Toast {
    pub text: String,
    pub kind: ToastKind,
    pub expires: Instant,
}

#[derive(Debug, Default, Clone)]
pub struct Toasts {
    items: Vec<Toast>,
    /// Every message since start, oldest first, for reading what a toast cut short.
    history: std::collections::VecDeque<(ToastKind, String)>,
}

const HISTORY: usize = 200;

/// Errors stay longer: they are read, not glanced at.
fn lifetime(kind: ToastKind) -> Duration {
    match kind {
        ToastKind::Error => Duration::from_secs(8),
        _ => Duration::from_secs(4),
    }
}

const MAX_SHOWN: usize = 4;

impl Toasts {
    pub fn push(&mut self, now: Instant, kind: ToastKind, text: impl Into<String>) {
        let text = text.into();
        self.log(kind, text.clone());
        self.items.push(Toast {
            text,
            kind,
            expires: now + lifetime(kind),
        });
        if self.items.len() > MAX_SHOWN {
            self.items.remove(0);
        }
    }

    /// Keeps a message for the log (`M`) without showing it as a toast: the details behind a
    /// toast that only counts them.
    pub fn log(&mut self, kind: ToastKind, text: impl Into<String>) {
        self.history.push_back((kind, text.into()));
        if self.history.len() > HISTORY {
            self.history.pop_front();
        }
    }

    /// Drops expired toasts; true when something went away (the screen needs a redraw).
    pub fn expire(&mut self, now: Instant) -> bool {
        let before = self.items.len();
        self.items.retain(|t| t.expires > now);
        before != self.items.len()
    }

    pub fn next_expiry(&self) -> Option<Instant> {
        self.items.iter().map(|t| t.expires).min()
    }

    pub fn visible(&self) -> &[Toast] {
        &self.items
    }

    /// Past messages, newest first.
    pub fn history(&self) -> impl Iterator<Item = &(ToastKind, String)> {
        self.history.iter().rev()
    }

    pub fn dismiss_all(&mut self) -> bool {
        let had = !self.items.is_empty();
        self.items.clear();
        had
    }
}
