use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Instant;

use time::{Date, Duration, OffsetDateTime};

/// The sandbox's notion of "today" and "now".
///
/// Pinned, "now" starts at the pinned instant and moves on with the time that really passes
/// (measured on a monotonic clock), so that new records sort after the seeded ones while the
/// day, the time of day and every computed day count (overdue, date filters) are the same
/// whenever and wherever the sandbox runs. A test gives its client the same instant, so both
/// sides read one clock: a create made "now" is never older than the moment it was sent.
///
/// "Now" can be moved forward ([`Clock::advance`]): a test of something that lasts (a running
/// timer) says how long passed instead of waiting for it. Copies share the move.
#[derive(Clone, Debug)]
pub struct Clock {
    pinned: Option<Pinned>,
    ahead_seconds: Arc<AtomicI64>,
}

#[derive(Clone, Copy, Debug)]
struct Pinned {
    at: OffsetDateTime,
    since: Instant,
}

impl Clock {
    /// A clock that starts at `pinned` (and moves on from there), or the real clock.
    pub fn new(pinned: Option<OffsetDateTime>) -> Self {
        Self {
            pinned: pinned.map(|at| Pinned {
                at,
                since: Instant::now(),
            }),
            ahead_seconds: Arc::new(AtomicI64::new(0)),
        }
    }

    pub fn today(&self) -> Date {
        match self.pinned {
            Some(p) => self.now().to_offset(p.at.offset()).date(),
            // `now_local` fails when the UTC offset cannot be determined soundly
            // (multi-threaded process on some platforms); UTC is close enough.
            None => OffsetDateTime::now_local()
                .unwrap_or_else(|_| OffsetDateTime::now_utc())
                .date(),
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        let now = match self.pinned {
            Some(p) => p.at + p.since.elapsed(),
            None => OffsetDateTime::now_utc(),
        };
        now + Duration::seconds(self.ahead_seconds.load(Ordering::Relaxed))
    }

    /// The moment a seed counts back from (a timer started "47 minutes ago"): now on a live
    /// clock; on a pinned clock the pinned day's first moment, so that what the seed started
    /// lies before every "now" of the day and the seeded workspace is the same whenever it is
    /// made.
    pub fn seed_moment(&self) -> OffsetDateTime {
        match self.pinned {
            Some(p) => p.at.date().midnight().assume_offset(p.at.offset()),
            None => self.now(),
        }
    }

    /// Moves "now" forward by `by` for every copy of this clock.
    pub fn advance(&self, by: std::time::Duration) {
        let seconds = i64::try_from(by.as_secs()).unwrap_or(i64::MAX);
        self.ahead_seconds.fetch_add(seconds, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn a_pinned_clock_starts_at_its_instant_whatever_the_hour() {
        let clock = Clock::new(Some(datetime!(2026-11-21 10:00 UTC)));
        let now = clock.now();
        assert!(now >= datetime!(2026-11-21 10:00 UTC));
        assert!(now < datetime!(2026-11-21 10:01 UTC), "{now}");
        assert_eq!(clock.today(), time::macros::date!(2026 - 11 - 21));
        assert_eq!(clock.seed_moment(), datetime!(2026-11-21 0:00 UTC));
        clock.advance(std::time::Duration::from_secs(3600));
        assert!(clock.now() >= datetime!(2026-11-21 11:00 UTC));
    }
}
