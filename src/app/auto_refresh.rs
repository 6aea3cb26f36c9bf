//! Views that refresh themselves: the screen shown reads again what it shows when it is shown
//! again, and every `refresh_secs` while it is shown (`r` reads it at once and starts the
//! wait again). The wait is a deadline of the loop, not polling: an idle app sleeps until
//! then. A refresh that fails says so once: while the same read keeps failing, the later
//! refreshes' messages go to the message log only, until it succeeds again.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::screen::Effect;
use crate::screen::requests::RequestKey;

#[derive(Debug, Clone)]
pub struct AutoRefresh {
    /// `None`: off (`refresh_secs = 0`).
    every: Option<Duration>,
    due: Option<Instant>,
    /// The reads a refresh sent and not answered yet: their request ids, by key.
    sent: HashMap<RequestKey, u64>,
    /// Reads of a refresh whose last answer was a failure, already said.
    failing: HashSet<RequestKey>,
}

impl Default for AutoRefresh {
    fn default() -> Self {
        Self::new(Some(crate::config::REFRESH_DEFAULT))
    }
}

impl AutoRefresh {
    /// Every `every`; `None` never.
    pub fn new(every: Option<Duration>) -> Self {
        Self {
            every,
            due: None,
            sent: HashMap::new(),
            failing: HashSet::new(),
        }
    }

    pub fn every(&self) -> Option<Duration> {
        self.every
    }

    /// The screen was just read (or shown): the next refresh is a whole wait away.
    pub fn restart(&mut self, now: Instant) {
        self.due = self.every.map(|every| now + every);
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.due
    }

    pub fn is_due(&self, now: Instant) -> bool {
        self.due.is_some_and(|due| due <= now)
    }

    /// Notes the reads among `effects` from index `from` on as a refresh's.
    pub fn sent(&mut self, effects: &[Effect], from: usize) {
        for effect in effects.iter().skip(from) {
            if let Effect::Request(r) = effect
                && !r.call.is_write()
            {
                self.sent.insert(r.key.clone(), r.id);
            }
        }
    }

    /// Whether request `id` under `key` is one of a refresh's reads.
    pub fn is_refresh(&self, key: &RequestKey, id: u64) -> bool {
        self.sent.get(key) == Some(&id)
    }

    /// The service's answer to request `id` under `key` came, a failure or not: whether its
    /// messages are to be kept quiet (a refresh's read that failed last time too, and said so).
    pub fn answered(&mut self, key: &RequestKey, id: u64, failed: bool) -> bool {
        // Any read of it that went well (a refresh's or the user's) ends the quiet: the next
        // failure is news again.
        if !failed {
            self.failing.remove(key);
        }
        if self.sent.get(key) != Some(&id) {
            return false;
        }
        self.sent.remove(key);
        if failed {
            !self.failing.insert(key.clone())
        } else {
            self.failing.remove(key);
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_has_no_deadline_and_on_one_a_wait_away() {
        let now = Instant::now();
        let mut off = AutoRefresh::new(None);
        off.restart(now);
        assert_eq!(off.next_deadline(), None);
        let mut on = AutoRefresh::new(Some(Duration::from_secs(60)));
        assert_eq!(on.next_deadline(), None, "not before the start");
        on.restart(now);
        assert_eq!(on.next_deadline(), Some(now + Duration::from_secs(60)));
        assert!(!on.is_due(now + Duration::from_secs(59)));
        assert!(on.is_due(now + Duration::from_secs(60)));
    }

    #[test]
    fn a_read_that_went_well_in_between_makes_the_next_failing_refresh_news_again() {
        let key = RequestKey::from(crate::tasks::TaskKey::List);
        let mut r = AutoRefresh::default();
        // As `sent` notes a refresh's read.
        let sent = |r: &mut AutoRefresh, id| {
            r.sent.insert(key.clone(), id);
        };
        sent(&mut r, 1);
        assert!(!r.answered(&key, 1, true), "the first failure is said");
        sent(&mut r, 2);
        assert!(r.answered(&key, 2, true), "the same failure again: quiet");
        // The user reads it again (not a refresh): it works.
        assert!(!r.answered(&key, 3, false));
        sent(&mut r, 4);
        assert!(!r.answered(&key, 4, true), "failing again is news");
    }
}
