use time::{Date, OffsetDateTime, PrimitiveDateTime};

/// The sandbox's notion of "today" and "now".
///
/// With a pinned `today`, "now" keeps the real time of day on that date, so that
/// timestamps of new records sort after the seeded ones of the same day while
/// every computed day count (overdue, date filters) stays reproducible.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pinned: Option<Date>,
}

impl Clock {
    pub fn new(pinned: Option<Date>) -> Self {
        Self { pinned }
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
        match self.pinned {
            Some(day) => PrimitiveDateTime::new(day, real.time()).assume_utc(),
            None => real,
        }
    }
}
