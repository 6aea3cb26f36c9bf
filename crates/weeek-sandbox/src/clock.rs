use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use time::{Date, Duration, OffsetDateTime, PrimitiveDateTime};

/// The sandbox's notion of "today" and "now".
///
/// With a pinned `today`, "now" keeps the real time of day on that date, so that
/// timestamps of new records sort after the seeded ones of the same day while
/// every computed day count (overdue, date filters) stays reproducible.
///
/// "Now" can be moved forward ([`Clock::advance`]): a test of something that lasts (a running
/// timer) says how long passed instead of waiting for it. Copies share the move.
#[derive(Clone, Debug)]
pub struct Clock {
    pinned: Option<Date>,
    ahead_seconds: Arc<AtomicI64>,
}

impl Clock {
    pub fn new(pinned: Option<Date>) -> Self {
        Self {
            pinned,
            ahead_seconds: Arc::new(AtomicI64::new(0)),
        }
    }

    pub fn today(&self) -> Date {
        match self.pinned {
            Some(day) => day,
            // `now_local` fails when the UTC offset cannot be determined soundly
            // (multi-threaded process on some platforms); UTC is close enough.
            None => OffsetDateTime::now_local()
                .unwrap_or_else(|_| OffsetDateTime::now_utc())
                .date(),
        }
    }

    pub fn now(&self) -> OffsetDateTime {
        let real = OffsetDateTime::now_utc();
        let now = match self.pinned {
            Some(day) => PrimitiveDateTime::new(day, real.time()).assume_utc(),
            None => real,
        };
        now + Duration::seconds(self.ahead_seconds.load(Ordering::Relaxed))
    }

    /// The moment a seed counts back from (a timer started "47 minutes ago"): now on a live
    /// clock; on a pinned day that day's first moment, so that what the seed started lies
    /// before every "now" of the day and the seeded workspace is the same whenever it is made.
    pub fn seed_moment(&self) -> OffsetDateTime {
        match self.pinned {
            Some(day) => day.midnight().assume_utc(),
            None => self.now(),
        }
    }

    /// Moves "now" forward by `by` for every copy of this clock.
    pub fn advance(&self, by: std::time::Duration) {
        let seconds = i64::try_from(by.as_secs()).unwrap_or(i64::MAX);
        self.ahead_seconds.fetch_add(seconds, Ordering::Relaxed);
    }
}
