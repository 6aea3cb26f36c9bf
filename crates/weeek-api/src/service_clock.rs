//! How far the service's clock is from ours, learnt from the `Date` header of its answers.
//!
//! The service stamps what it creates (`createdAt`) with its own clock. A caller that must
//! tell whether an object was created after a request it sent (a create whose answer was
//! lost, looked for among look-alikes) compares those stamps with the moment it sent, and that
//! moment must be read on the service's clock: a machine whose clock is a few minutes off
//! would otherwise take an older namesake for the new object, or miss the new one.

use std::sync::{Arc, Mutex};

use time::{Duration, OffsetDateTime};

/// The offset measured last, shared by every clone of a client.
#[derive(Debug, Clone, Default)]
pub(crate) struct ServiceClock {
    offset: Arc<Mutex<Option<Duration>>>,
}

impl ServiceClock {
    /// The service's clock minus ours, as of the last answer that carried a readable `Date`;
    /// `None` before any did.
    pub fn offset(&self) -> Option<Duration> {
        *self
            .offset
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// An answer with `date` in its `Date` header arrived at `received` (our clock).
    ///
    /// `Date` is the moment the answer was made, cut to the second, and the answer arrived
    /// after it was made; so `date - received` is never more than the true offset, and less by
    /// at most a second plus the time the answer took to arrive. The lower bound is kept, not
    /// a midpoint: a moment of sending read on the service's clock then comes out early,
    /// never late, and an object the request created is never taken for an older one. The
    /// last answer wins over a tighter older one, so a clock set anew (by NTP, by hand) is
    /// followed at the next answer.
    pub fn observe(&self, date: Option<&str>, received: OffsetDateTime) {
        let Some(date) = date.and_then(|d| httpdate::parse_http_date(d.trim()).ok()) else {
            return;
        };
        let offset = OffsetDateTime::from(date) - received;
        *self
            .offset
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(offset);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    #[test]
    fn the_offset_is_the_date_of_the_last_answer_less_its_arrival() {
        let clock = ServiceClock::default();
        assert_eq!(clock.offset(), None);
        clock.observe(
            Some("Sat, 21 Nov 2026 10:05:00 GMT"),
            datetime!(2026-11-21 10:00:00.5 UTC),
        );
        assert_eq!(
            clock.offset(),
            Some(Duration::minutes(5) - Duration::milliseconds(500))
        );
        // Shared by clones, and a later answer replaces it.
        let copy = clock.clone();
        copy.observe(
            Some("Sat, 21 Nov 2026 09:59:58 GMT"),
            datetime!(2026-11-21 10:00 UTC),
        );
        assert_eq!(clock.offset(), Some(Duration::seconds(-2)));
    }

    #[test]
    fn a_missing_or_unreadable_date_changes_nothing() {
        let clock = ServiceClock::default();
        clock.observe(Some("yesterday"), datetime!(2026-11-21 10:00 UTC));
        clock.observe(None, datetime!(2026-11-21 10:00 UTC));
        assert_eq!(clock.offset(), None);
    }
}
