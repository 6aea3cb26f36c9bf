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
    /// When it goes by itself; a failure does not, it waits for a key (see `Toasts::on_key`).
    pub expires: Instant,
    /// When it was shown.
    pub shown: Instant,
    /// Says what is under way ("Uploading …"): the next message, which tells how it went,
    /// takes its place.
    pub progress: bool,
}

impl Toast {
    fn stays(&self) -> bool {
        self.kind == ToastKind::Error
    }
}

#[derive(Debug, Default, Clone)]
pub struct Toasts {
    items: Vec<Toast>,
    /// Every message since start, oldest first, for reading what a toast cut short.
    history: std::collections::VecDeque<(ToastKind, String)>,
    /// Results (successes and failures) told since the failures on screen began to gather,
    /// or since the last key: what a sum of several failures counts them against.
    results: usize,
    failed: usize,
    /// The failure on screen sums up several.
    summed: bool,
}

/// A key pressed sooner than this after a failure appeared came before it could be read:
/// the failure stays.
const READ_TIME: Duration = Duration::from_secs(1);

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
    /// Shows a message. A failure stays until a key is pressed after it was read; a second
    /// failure meanwhile sums them up ("2 of 4 failed"), each kept in the log (`M`). Nothing
    /// pushes a failure off the screen: the oldest other message makes room.
    pub fn push(&mut self, now: Instant, kind: ToastKind, text: impl Into<String>) {
        let text = text.into();
        self.log(kind, text.clone());
        if kind != ToastKind::Info {
            self.results += 1;
        }
        // What was under way has an outcome now; the same words again are one message.
        self.items
            .retain(|t| !(t.progress || (t.kind == kind && t.text == text)));
        let mut toast = Toast {
            text,
            kind,
            expires: now + lifetime(kind),
            shown: now,
            progress: false,
        };
        if kind == ToastKind::Error {
            self.failed += 1;
            if self.items.iter().any(Toast::stays) {
                self.items.retain(|t| !t.stays());
                self.summed = true;
            }
        } else if kind == ToastKind::Success && self.summed {
            // The sum counts what came after it too.
            let text = self.sum_text();
            if let Some(sum) = self.items.iter_mut().find(|t| t.stays()) {
                sum.text = text;
            }
        }
        if kind == ToastKind::Error && self.summed {
            toast.text = self.sum_text();
        }
        self.items.push(toast);
        while self.items.len() > MAX_SHOWN {
            let oldest = self.items.iter().position(|t| !t.stays()).unwrap_or(0);
            self.items.remove(oldest);
        }
    }

    /// Says what is under way ("Uploading …"); the next message takes its place.
    pub fn progress(&mut self, now: Instant, text: impl Into<String>) {
        self.push(now, ToastKind::Info, text);
        if let Some(last) = self.items.last_mut() {
            last.progress = true;
        }
    }

    /// What was under way is done, with nothing to say but what it opened: its message goes.
    pub fn end_progress(&mut self) {
        self.items.retain(|t| !t.progress);
    }

    fn sum_text(&self) -> String {
        format!("{} of {} failed · M shows each", self.failed, self.results)
    }

    /// A key was pressed: the failures read by now go, and counting starts again. True when
    /// something went away.
    pub fn on_key(&mut self, now: Instant) -> bool {
        let before = self.items.len();
        self.items
            .retain(|t| !t.stays() || now.saturating_duration_since(t.shown) < READ_TIME);
        if !self.items.iter().any(Toast::stays) {
            self.results = 0;
            self.failed = 0;
            self.summed = false;
        }
        before != self.items.len()
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
        self.items.retain(|t| t.stays() || t.expires > now);
        before != self.items.len()
    }

    pub fn next_expiry(&self) -> Option<Instant> {
        self.items
            .iter()
            .filter(|t| !t.stays())
            .map(|t| t.expires)
            .min()
    }

    pub fn visible(&self) -> &[Toast] {
        &self.items
    }

    /// The lines the messages take at `cols` columns, oldest first, at most `max`: each
    /// wraps onto a second line rather than losing its end (what a write came to is said
    /// last); the newest are kept when not all fit. `M` shows every message in full.
    pub fn lines(&self, cols: usize, max: u16) -> Vec<(ToastKind, String)> {
        let mut out: Vec<(ToastKind, String)> = Vec::new();
        for toast in self.items.iter().rev() {
            let text = crate::text::shorten_quotes(&toast.text, crate::text::QUOTE_SHOWN);
            let lines = crate::text::wrap(&text, cols.max(1), 2);
            if out.len() + lines.len() > usize::from(max) {
                break;
            }
            for l in lines.into_iter().rev() {
                out.push((toast.kind, l));
            }
        }
        out.reverse();
        out
    }

    /// Past messages, newest first.
    pub fn history(&self) -> impl Iterator<Item = &(ToastKind, String)> {
        self.history.iter().rev()
    }

    pub fn dismiss_all(&mut self) -> bool {
        let had = !self.items.is_empty();
        self.items.clear();
        self.results = 0;
        self.failed = 0;
        self.summed = false;
        had
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(toasts: &Toasts) -> Vec<&str> {
        toasts.visible().iter().map(|t| t.text.as_str()).collect()
    }

    #[test]
    fn what_is_under_way_gives_its_place_to_how_it_went() {
        let now = Instant::now();
        let mut toasts = Toasts::default();
        toasts.push(now, ToastKind::Success, "Moved “A”");
        toasts.progress(now, "Uploading “b.pdf”");
        assert_eq!(shown(&toasts), ["Moved “A”", "Uploading “b.pdf”"]);
        toasts.push(now, ToastKind::Success, "Attached “b.pdf”");
        assert_eq!(shown(&toasts), ["Moved “A”", "Attached “b.pdf”"]);
        // The log keeps both.
        assert_eq!(toasts.history().count(), 3);
    }

    #[test]
    fn the_same_words_again_are_one_message() {
        let now = Instant::now();
        let mut toasts = Toasts::default();
        for _ in 0..4 {
            toasts.push(now, ToastKind::Info, "That is for the task list");
        }
        assert_eq!(shown(&toasts), ["That is for the task list"]);
    }

    #[test]
    fn successes_make_room_by_going_themselves_never_by_pushing_a_failure_off() {
        let now = Instant::now();
        let mut toasts = Toasts::default();
        toasts.push(now, ToastKind::Error, "Could not move “A”");
        for i in 0..6 {
            toasts.push(now, ToastKind::Success, format!("Moved “{i}”"));
        }
        let shown: Vec<&str> = toasts.visible().iter().map(|t| t.text.as_str()).collect();
        assert_eq!(shown.len(), MAX_SHOWN);
        assert_eq!(shown[0], "Could not move “A”", "{shown:?}");
        assert!(toasts.expire(now + Duration::from_secs(600)));
        assert_eq!(
            toasts.visible().len(),
            1,
            "only the failure outlives its time"
        );
        assert!(
            !toasts.on_key(now + Duration::from_millis(100)),
            "not read yet"
        );
        assert!(
            toasts.on_key(now + Duration::from_secs(2)),
            "read, then a key"
        );
        assert!(toasts.visible().is_empty());
    }
}
