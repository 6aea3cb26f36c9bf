//! The moment a create left, and what tells its object apart from look-alikes that existed
//! before it.
//!
//! After a lost answer the look finds objects by what they hold (a title, a place). A twin
//! made earlier holds the same, and taking it for the new object says "created after all"
//! of a create the service never made: the form is dropped and nothing is made. Only an
//! object that did not exist before the send may count, and two things tell that it did:
//! - its id was among the objects like it that the app held when it sent;
//! - the service says it was created before the send, read on the service's clock (the
//!   offset measured from the `Date` of its answers, see `Clock::service_ahead`).
//!
//! The first alone misses twins the app never saw (another page, another person's); the
//! second alone needs the service's clock. With no offset measured yet the second is left out
//! rather than guessed: this machine's clock may be minutes or hours off the service's, and a
//! guess that errs the wrong way rules out the object the create made, so that sending it
//! again makes a duplicate. Then only the ids known before tell, and a twin the app never saw
//! may count; its copy is what is shown, so a wrong match is seen at once.

use time::{Duration, OffsetDateTime};

use crate::screen::Clock;

/// How much earlier than the send (on the service's clock) a new object's `createdAt` may
/// read: stamps cut to the second, taken on another of the service's machines than its
/// `Date`. The measured offset errs early already (see `Clock::service_ahead`).
pub const SERVICE_CLOCK_SLACK: Duration = Duration::seconds(2);

#[derive(Debug, Clone, PartialEq)]
pub struct SentAt<Id> {
    /// Our wall clock as it left.
    pub at: OffsetDateTime,
    /// The same moment on the service's clock, when its answers have told where that stands.
    pub service_at: Option<OffsetDateTime>,
    /// Objects like it that the app held before sending, sorted.
    known: Vec<Id>,
}

impl<Id: Ord> SentAt<Id> {
    /// Now, as `clock` tells it; `known`: the ids of objects like it the app holds.
    pub fn new(clock: &Clock, known: impl IntoIterator<Item = Id>) -> Self {
        let mut known: Vec<Id> = known.into_iter().collect();
        known.sort();
        known.dedup();
        Self {
            at: clock.wall,
            service_at: clock.service_ahead.map(|ahead| clock.wall + ahead),
            known,
        }
    }

    /// Whether the object `id`, created at `created` (the service's clock, when it says),
    /// existed before the send, and so is not what the create made. A missing `createdAt`
    /// does not tell: the ids known before still do.
    pub fn existed_before(&self, id: &Id, created: Option<OffsetDateTime>) -> bool {
        if self.known.binary_search(id).is_ok() {
            return true;
        }
        match (self.service_at, created) {
            (Some(sent), Some(created)) => created < sent - SERVICE_CLOCK_SLACK,
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;

    fn clock(ahead: Option<Duration>) -> Clock {
        Clock {
            service_ahead: ahead,
            ..crate::testing::clock()
        }
    }

    #[test]
    fn an_object_made_before_the_send_on_the_services_clock_existed_before() {
        // The service's clock runs five minutes ahead of ours.
        let sent = SentAt::new(&clock(Some(Duration::minutes(5))), [7]);
        let service_sent = datetime!(2026-11-21 10:05 UTC);
        assert_eq!(sent.service_at, Some(service_sent));
        let minute_before = service_sent - Duration::minutes(1);
        assert!(
            sent.existed_before(&1, Some(minute_before)),
            "a twin of a minute ago"
        );
        assert!(!sent.existed_before(&1, Some(service_sent + Duration::seconds(1))));
        assert!(
            !sent.existed_before(&1, Some(service_sent - Duration::seconds(1))),
            "stamps cut to the second still count"
        );
        assert!(
            sent.existed_before(&1, Some(datetime!(2026-11-21 10:01 UTC))),
            "after the send on our clock, but before it on the service's"
        );
        assert!(
            sent.existed_before(&7, Some(service_sent + Duration::minutes(1))),
            "known"
        );
        assert!(!sent.existed_before(&1, None), "no stamp, not known");
    }

    #[test]
    fn with_the_services_clock_unknown_only_the_ids_known_before_tell() {
        let sent = SentAt::new(&clock(None), [3, 1, 3]);
        assert_eq!(sent.service_at, None);
        assert!(sent.existed_before(&1, None));
        assert!(sent.existed_before(&3, None));
        // A day-old stamp does not rule it out: our clock may be that far off.
        assert!(!sent.existed_before(&2, Some(datetime!(2026-11-20 10:00 UTC))));
    }
}
