//! Alt-digits that reach the app in two parts. A terminal sends Alt-3 as Esc followed by `3`;
//! read in one go, they are one key, but over ssh, or through tmux, the two bytes can arrive
//! apart and read as Esc, then a plain `3`, which on the task list sets the priority to Hold.
//! As vim's `ttimeout` and tmux's `escape-time` do, a digit that follows an Esc within a short
//! wait is read as the Alt-digit it was sent as.
//!
//! The same holds for a letter whose Alt form is a key that works everywhere (Alt-w, the
//! workspaces): split, it would be a letter of the screen (`w` marks a deal won).
//!
//! The wait is the moment each key is handled (the clock comes in with the message), so it
//! can be tested without a real terminal.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// How soon after an Esc a digit is taken as part of it: Neovim's default `ttimeoutlen`.
/// Bytes of one key that a connection splits come well within it; a person pressing Esc and
/// then a digit on purpose takes longer (fast key-to-key times are around 100 ms).
pub const WAIT: Duration = Duration::from_millis(50);

/// When the last Esc came, for the key after it.
#[derive(Debug, Default)]
pub struct EscDigit {
    esc_at: Option<Instant>,
}

impl EscDigit {
    /// The key `ev`, pressed at `now`, stands for: an Alt-digit when it is a plain digit that
    /// came within [`WAIT`] of an Esc (so is a letter for which `alt_bound` says its Alt form
    /// is bound), else itself.
    pub fn read(
        &mut self,
        ev: KeyEvent,
        now: Instant,
        alt_bound: impl Fn(char) -> bool,
    ) -> KeyEvent {
        let plain = (ev.modifiers - KeyModifiers::SHIFT).is_empty();
        let esc_at = self.esc_at.take();
        match ev.code {
            KeyCode::Esc if plain => {
                self.esc_at = Some(now);
                ev
            }
            KeyCode::Char(c)
                if (c.is_ascii_digit() || alt_bound(c))
                    && plain
                    && esc_at.is_some_and(|at| now.saturating_duration_since(at) <= WAIT) =>
            {
                KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT)
            }
            _ => ev,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crossterm::event::KeyCode;

    use crate::screen::Screen;
    use crate::testing::{Harness, code, key};
    use crate::worker::Call;

    fn one_task() -> Harness {
        let mut h = Harness::new();
        h.list_tasks(vec![crate::testing::task(7, "Отчёт")]);
        h
    }

    fn priority_writes(h: &mut Harness) -> usize {
        h.take(|c| matches!(c, Call::UpdateTask(7, _))).len()
    }

    #[test]
    fn esc_then_a_digit_at_once_is_the_alt_digit_a_terminal_sent_in_two_parts() {
        let mut h = one_task();
        h.press("?");
        // Esc closes help; Alt-3 then arrives as Esc and 3, at the same instant.
        h.send(code(KeyCode::Esc));
        assert!(h.app.overlay.is_none());
        h.send(code(KeyCode::Esc));
        h.send(key('3'));
        assert_eq!(h.app.screen, Screen::Contacts, "read as Alt-3");
        assert_eq!(priority_writes(&mut h), 0, "no priority was set");
        assert_eq!(h.app.tasks.list.rows[0].priority, None);
    }

    #[test]
    fn a_digit_after_the_wait_is_a_digit() {
        let mut h = one_task();
        h.send(code(KeyCode::Esc));
        h.advance(super::WAIT + Duration::from_millis(1));
        h.press("3");
        assert_eq!(h.app.screen, Screen::Tasks);
        assert_eq!(priority_writes(&mut h), 1, "the priority is set");
        // Within the wait, but with another key between: a digit again.
        h.send(code(KeyCode::Esc));
        h.press("j2");
        assert_eq!(h.app.screen, Screen::Tasks);
    }

    #[test]
    fn the_wait_ends_at_fifty_milliseconds() {
        let mut h = one_task();
        h.send(code(KeyCode::Esc));
        h.advance(Duration::from_millis(50));
        h.press("2");
        assert_eq!(h.app.screen, Screen::Funnels, "50 ms is still within it");
    }
}
