//! What a datetime custom field takes: a day in the date grammar (`src/date_input.rs`) and,
//! if wanted, a time of day after it (`tomorrow 14:00`, `27.11.2026 9:30`, or `14:00` alone
//! for today); and how such a value reads back: `27.11.2026`, or `27.11.2026 14:00` in local
//! time.

use time::{Date, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

use crate::date_input::parse_day;

/// A day and, if one was given, a time of day (local).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment {
    pub day: Date,
    pub time: Option<Time>,
}

/// `14:00`, `9:30`: hours 0–23, minutes 00–59.
fn parse_time(s: &str) -> Option<Result<Time, String>> {
    let (h, m) = s.split_once(':')?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return None;
    }
    let (h, m): (u8, u8) = (h.parse().ok()?, m.parse().ok()?);
    Some(Time::from_hms(h, m, 0).map_err(|_| format!("{s} is not a time of day: 00:00 to 23:59")))
}

/// Reads a day with an optional time after it.
pub fn parse_moment(text: &str, today: Date) -> Result<Moment, String> {
    let text = text.trim();
    let (rest, time) = match text.rsplit_once(' ') {
        Some((rest, last)) => match parse_time(last) {
            Some(t) => (rest.trim(), Some(t?)),
            None => (text, None),
        },
        None => match parse_time(text) {
            Some(t) => ("", Some(t?)),
            None => (text, None),
        },
    };
    let day = if rest.is_empty() && time.is_some() {
        today
    } else {
        parse_day(rest, today).map_err(|e| {
            if e.contains("is not a date") {
                format!("{e}; a time may follow: tomorrow 14:00")
            } else {
                e
            }
        })?
    };
    Ok(Moment { day, time })
}

impl Moment {
    /// As the service takes a datetime value (ISO 8601): the day alone, `yyyy-mm-dd`, or the
    /// day and time with the local offset, so no service can read it in another zone.
    pub fn wire(&self, offset: UtcOffset) -> String {
        let day = weeek_api::dates::to_iso_date(self.day);
        match self.time {
            None => day,
            Some(t) => {
                let (h, m, _) = offset.as_hms();
                let sign = if offset.is_negative() { '-' } else { '+' };
                format!(
                    "{day}T{:02}:{:02}:00{sign}{:02}:{:02}",
                    t.hour(),
                    t.minute(),
                    h.unsigned_abs(),
                    m.unsigned_abs()
                )
            }
        }
    }

    /// `27.11.2026`, or `27.11.2026 14:00`.
    pub fn text(&self) -> String {
        let day = format!(
            "{:02}.{:02}.{}",
            self.day.day(),
            u8::from(self.day.month()),
            self.day.year()
        );
        match self.time {
            None => day,
            Some(t) => format!("{day} {:02}:{:02}", t.hour(), t.minute()),
        }
    }
}

/// A datetime value as the service sends it, read in local time: a day alone
/// (`2026-11-27`) has no time; a timestamp (`2026-11-27T11:00:00Z`, with or without an
/// offset, a space for the `T`) has one, unless it is midnight sharp, which is how a day
/// alone may come back. `None` when it reads as neither.
pub fn read_value(value: &str, offset: UtcOffset) -> Option<Moment> {
    let v = value.trim();
    let day_only = |s: &str| weeek_api::dates::parse_wire_date(s.get(..10)?);
    if v.len() <= 10 {
        return day_only(v).map(|day| Moment { day, time: None });
    }
    let iso = v.replacen(' ', "T", 1);
    let with_zone = OffsetDateTime::parse(&iso, &time::format_description::well_known::Rfc3339)
        .ok()
        .map(|t| t.to_offset(offset));
    let local = with_zone
        .map(|t| PrimitiveDateTime::new(t.date(), t.time()))
        .or_else(|| {
            let f =
                time::macros::format_description!("[year]-[month]-[day]T[hour]:[minute]:[second]");
            PrimitiveDateTime::parse(iso.get(..19)?, f).ok()
        });
    match local {
        Some(t) if t.time() == Time::MIDNIGHT => Some(Moment {
            day: t.date(),
            time: None,
        }),
        Some(t) => Some(Moment {
            day: t.date(),
            time: Some(t.time()),
        }),
        None => day_only(v).map(|day| Moment { day, time: None }),
    }
}

/// A datetime value as the app shows it (see `read_value`); one that does not read is
/// shown as it came.
pub fn value_text(value: &str, offset: UtcOffset) -> String {
    read_value(value, offset).map_or_else(|| value.to_string(), |m| m.text())
}

#[cfg(test)]
mod tests {
    use time::macros::{date, offset, time};

    use super::*;

    const TODAY: Date = date!(2026 - 11 - 23);

    #[test]
    fn a_day_takes_an_optional_time() {
        let m = parse_moment("tomorrow 14:00", TODAY).unwrap();
        assert_eq!((m.day, m.time), (date!(2026 - 11 - 24), Some(time!(14:00))));
        let m = parse_moment("27.11.2026 9:30", TODAY).unwrap();
        assert_eq!((m.day, m.time), (date!(2026 - 11 - 27), Some(time!(9:30))));
        let m = parse_moment("2026-11-27", TODAY).unwrap();
        assert_eq!(m.time, None);
        let m = parse_moment("14:00", TODAY).unwrap();
        assert_eq!((m.day, m.time), (TODAY, Some(time!(14:00))));
        assert!(
            parse_moment("tomorrow 25:00", TODAY)
                .unwrap_err()
                .contains("not a time")
        );
        assert!(parse_moment("garbage 14:00", TODAY).is_err());
    }

    #[test]
    fn it_is_sent_with_the_local_offset_and_read_back_in_local_time() {
        let m = parse_moment("27.11.2026 14:00", TODAY).unwrap();
        assert_eq!(m.wire(offset!(+3)), "2026-11-27T14:00:00+03:00");
        assert_eq!(m.wire(UtcOffset::UTC), "2026-11-27T14:00:00+00:00");
        assert_eq!(
            value_text("2026-11-27T11:00:00Z", offset!(+3)),
            "27.11.2026 14:00"
        );
        assert_eq!(
            value_text("2026-11-27 14:00:00", offset!(+3)),
            "27.11.2026 14:00"
        );
        assert_eq!(value_text("2026-11-27", offset!(+3)), "27.11.2026");
        assert_eq!(
            value_text("2026-11-27T00:00:00+03:00", offset!(+3)),
            "27.11.2026"
        );
        assert_eq!(value_text("soon", offset!(+3)), "soon");
    }
}
