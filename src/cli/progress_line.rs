//! The progress of `weeek-tui sync` on stderr: one line redrawn in place on a terminal, plain
//! lines now and then otherwise (a log, a pipe), so that a script's output stays readable.

use std::io::Write;
use std::time::{Duration, Instant};

use crate::amounts::number;
use crate::sync::Progress;

/// Redraws on a terminal at most this often.
const TERMINAL_EVERY: Duration = Duration::from_millis(100);
/// Writes a plain line at most this often.
const PLAIN_EVERY: Duration = Duration::from_secs(5);
const BAR: usize = 20;

#[derive(Debug)]
pub struct ProgressLine {
    terminal: bool,
    started: Instant,
    last: Option<Instant>,
    /// A bar is on the terminal's last line.
    drawn: bool,
}

impl ProgressLine {
    pub fn new(terminal: bool, started: Instant) -> Self {
        Self {
            terminal,
            started,
            last: None,
            drawn: false,
        }
    }

    /// Shows `p` if the last showing is old enough.
    pub fn show(&mut self, p: &Progress, out: &mut impl Write) {
        let now = Instant::now();
        let every = if self.terminal {
            TERMINAL_EVERY
        } else {
            PLAIN_EVERY
        };
        if self.last.is_some_and(|last| now - last < every) {
            return;
        }
        self.last = Some(now);
        let text = line(p, now - self.started, self.terminal);
        let _ = if self.terminal {
            let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w));
            let cut: String = text.chars().take(width.saturating_sub(1)).collect();
            self.drawn = true;
            write!(out, "\r\x1b[2K{cut}")
        } else {
            writeln!(out, "{text}")
        };
        let _ = out.flush();
    }

    /// Clears the bar, so what follows starts on a clean line.
    pub fn finish(&mut self, out: &mut impl Write) {
        if self.drawn {
            let _ = write!(out, "\r\x1b[2K");
            let _ = out.flush();
            self.drawn = false;
        }
    }
}

/// "Syncing [████░░░░] 45 300 of ~100 000 · tasks 45 300 · deals 12 · … · 12 s".
pub fn line(p: &Progress, elapsed: Duration, terminal: bool) -> String {
    let read = p.read();
    let head = match p.expected.filter(|e| *e > 0) {
        Some(expected) => {
            let share = (read as f64 / expected as f64).min(1.0);
            let bar = if terminal {
                let full = (share * BAR as f64).round() as usize;
                format!("[{}{}] ", "█".repeat(full), "░".repeat(BAR - full))
            } else {
                format!("{:>3.0}% ", share * 100.0)
            };
            format!(
                "{bar}{} of ~{}",
                number(read as f64),
                number(expected as f64)
            )
        }
        None => format!("{} read", number(read as f64)),
    };
    let mut parts = vec![
        format!("Syncing {head}"),
        format!("tasks {}", number(p.tasks as f64)),
        format!("deals {}", number(p.deals as f64)),
        format!("contacts {}", number(p.contacts as f64)),
        format!("organizations {}", number(p.organizations as f64)),
        format!("{} s", elapsed.as_secs()),
    ];
    if p.failed > 0 {
        parts.push(format!("{} failed", number(p.failed as f64)));
    }
    if p.slowed_down {
        parts.push("the service asked to slow down: waiting".into());
    }
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_shows_a_bar_against_the_last_sync_and_counts_without_one() {
        let p = Progress {
            tasks: 45_300,
            deals: 12,
            contacts: 3,
            organizations: 2,
            expected: Some(100_000),
            failed: 1,
            slowed_down: true,
            ..Default::default()
        };
        assert_eq!(
            line(&p, Duration::from_secs(12), true),
            "Syncing [█████████░░░░░░░░░░░] 45 317 of ~100 000 · tasks 45 300 · deals 12 · \
             contacts 3 · organizations 2 · 12 s · 1 failed · the service asked to slow down: \
             waiting"
        );
        let first = Progress {
            tasks: 700,
            ..Default::default()
        };
        assert_eq!(
            line(&first, Duration::from_secs(3), false),
            "Syncing 700 read · tasks 700 · deals 0 · contacts 0 · organizations 0 · 3 s"
        );
        let plain = line(&p, Duration::from_secs(12), false);
        assert!(plain.starts_with("Syncing  45% 45 317 of"), "{plain}");
    }

    #[test]
    fn plain_output_is_whole_lines_and_a_terminal_gets_one_line_redrawn() {
        let p = Progress::default();
        let mut plain = Vec::new();
        let mut shown = ProgressLine::new(false, Instant::now());
        shown.show(&p, &mut plain);
        shown.show(&p, &mut plain);
        shown.finish(&mut plain);
        let text = String::from_utf8(plain).unwrap();
        assert_eq!(text.lines().count(), 1, "at most one line each few seconds");
        assert!(text.ends_with('\n') && !text.contains('\r'), "{text:?}");
        let mut term = Vec::new();
        let mut bar = ProgressLine::new(true, Instant::now());
        bar.show(&p, &mut term);
        bar.finish(&mut term);
        let text = String::from_utf8(term).unwrap();
        assert!(
            text.starts_with("\r\x1b[2KSyncing") && !text.contains('\n'),
            "{text:?}"
        );
        assert!(text.ends_with("\r\x1b[2K"), "cleared at the end: {text:?}");
    }
}
