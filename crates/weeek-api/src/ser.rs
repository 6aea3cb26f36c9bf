//! Writing resources back in a form their tolerant readers (`de`) take again, so a resource
//! written to a local store and read back is the one that was read from the service: dates as
//! `Y-m-d`, date-times as RFC 3339 with their offset and every fraction of a second, and
//! empty values left out (each reader defaults a missing key to the same empty value).

use serde::Serializer;
use serde::ser::Error;
use time::{Date, OffsetDateTime, format_description::well_known::Rfc3339};

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn opt_date<S: Serializer>(day: &Option<Date>, s: S) -> Result<S::Ok, S::Error> {
    match day {
        Some(d) => s.serialize_str(&crate::dates::to_iso_date(*d)),
        None => s.serialize_none(),
    }
}

pub(crate) fn opt_datetime<S: Serializer>(
    at: &Option<OffsetDateTime>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match at {
        Some(t) => s.serialize_str(&t.format(&Rfc3339).map_err(S::Error::custom)?),
        None => s.serialize_none(),
    }
}
