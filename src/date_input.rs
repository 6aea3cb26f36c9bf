//! The date grammar people type in filters and due dates:
//! `dd.mm.yyyy`, `dd.mm`, `yyyy-mm-dd`, `today`, `tomorrow`, `yesterday`, `+7d`, `-2w`, `+1m`,
//! `+1y`, `this week`, `next week`, `last week`, `this month`, `next month`, weekday names
//! (`fri`, `next fri`), `overdue` (every day before today), and `A..B` ranges of any two of
//! these, open at either end (`..fri`, `today..`). Russian `сегодня`, `завтра`, `вчера`,
//! `просрочено` work too.

use time::{Date, Duration, Month, Weekday, macros::format_description};

/// An inclusive range of days; a single day has `start == end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub start: Date,
    pub end: Date,
}

/// The service filters dates as a pair (`startDate` is "required with" `endDate`), so a range
/// open at one end is closed with a day far enough away to mean "ever".
pub const EARLIEST: Date = time::macros::date!(2000 - 01 - 01);
pub const LATEST: Date = time::macros::date!(2099 - 12 - 31);

impl DayRange {
    pub fn day(d: Date) -> Self {
        Self { start: d, end: d }
    }

    fn until(end: Date) -> Self {
        Self {
            start: EARLIEST,
            end,
        }
    }

    pub fn is_single(&self) -> bool {
        self.start == self.end
    }

    /// `05.03.2026` or `05.03.2026 – 12.03.2026`, with the weekday for single days.
    pub fn describe(&self) -> String {
        let f = format_description!("[day].[month].[year]");
        let one = |d: Date| d.format(f).unwrap_or_default();
        if self.is_single() {
            format!(
                "{} {}",
                short_weekday(self.start.weekday()),
                one(self.start)
            )
        } else if self.start <= EARLIEST {
            format!("until {}", one(self.end))
        } else if self.end >= LATEST {
            format!("from {}", one(self.start))
        } else {
            format!("{} – {}", one(self.start), one(self.end))
        }
    }
}

fn short_weekday(w: Weekday) -> &'static str {
    match w {
        Weekday::Monday => "Mon",
        Weekday::Tuesday => "Tue",
        Weekday::Wednesday => "Wed",
        Weekday::Thursday => "Thu",
        Weekday::Friday => "Fri",
        Weekday::Saturday => "Sat",
        Weekday::Sunday => "Sun",
    }
}

/// One day typed as `yyyy-mm-dd`, `dd.mm.yyyy` or a word (`today`, `tomorrow`, …): what a
/// form's date field takes.
pub fn parse_day(text: &str, today: Date) -> Result<Date, String> {
    let range = parse(text, today)?;
    if !range.is_single() {
        return Err("one day, not a range".into());
    }
    Ok(range.start)
}

/// Parses `input` relative to `today`.
pub fn parse(input: &str, today: Date) -> Result<DayRange, String> {
    let s = input.trim().to_lowercase();
    if s.is_empty() {
        return Err("empty".into());
    }
    if let Some((a, b)) = s.split_once("..") {
        let (a, b) = (a.trim(), b.trim());
        if a.is_empty() && b.is_empty() {
            return Err("a range needs a start, an end or both: ..fri, today.., 1.12..5.12".into());
        }
        let a = if a.is_empty() {
            DayRange::day(EARLIEST)
        } else {
            parse_term(a, today)?
        };
        let b = if b.is_empty() {
            DayRange::day(LATEST)
        } else {
            parse_term(b, today)?
        };
        if b.end < a.start {
            return Err("the range ends before it starts".into());
        }
        return Ok(DayRange {
            start: a.start,
            end: b.end,
        });
    }
    parse_term(&s, today)
}

fn week_of(d: Date) -> DayRange {
    let start = d - Duration::days(i64::from(d.weekday().number_days_from_monday()));
    DayRange {
        start,
        end: start + Duration::days(6),
    }
}

fn month_of(year: i32, month: Month) -> Option<DayRange> {
    let start = Date::from_calendar_date(year, month, 1).ok()?;
    let end = Date::from_calendar_date(year, month, month.length(year)).ok()?;
    Some(DayRange { start, end })
}

fn add_months(d: Date, n: i64) -> Option<Date> {
    let total = i64::from(d.year()) * 12 + i64::from(d.month() as u8 - 1) + n;
    let year = i32::try_from(total.div_euclid(12)).ok()?;
    let month = Month::try_from(u8::try_from(total.rem_euclid(12) + 1).ok()?).ok()?;
    let day = d.day().min(month.length(year));
    Date::from_calendar_date(year, month, day).ok()
}

fn weekday_named(s: &str) -> Option<Weekday> {
    Some(match s {
        "mon" | "monday" | "пн" => Weekday::Monday,
        "tue" | "tuesday" | "вт" => Weekday::Tuesday,
        "wed" | "wednesday" | "ср" => Weekday::Wednesday,
        "thu" | "thursday" | "чт" => Weekday::Thursday,
        "fri" | "friday" | "пт" => Weekday::Friday,
        "sat" | "saturday" | "сб" => Weekday::Saturday,
        "sun" | "sunday" | "вс" => Weekday::Sunday,
        _ => return None,
    })
}

fn parse_term(s: &str, today: Date) -> Result<DayRange, String> {
    let day = |d: Date| Ok(DayRange::day(d));
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    match s.as_str() {
        "today" | "сегодня" | "now" => return day(today),
        "tomorrow" | "завтра" => return day(today + Duration::days(1)),
        "yesterday" | "вчера" => return day(today - Duration::days(1)),
        "overdue" | "просрочено" | "просроченные" => {
            return Ok(DayRange::until(today - Duration::days(1)));
        }
        "this week" | "week" => return Ok(week_of(today)),
        "next week" => return Ok(week_of(today + Duration::days(7))),
        "last week" => return Ok(week_of(today - Duration::days(7))),
        "this month" | "month" => {
            return month_of(today.year(), today.month()).ok_or_else(|| "no such month".into());
        }
        "next month" => {
            let d = add_months(today, 1).ok_or("out of range")?;
            return month_of(d.year(), d.month()).ok_or_else(|| "no such month".into());
        }
        _ => {}
    }
    if let Some(w) = s.strip_prefix("next ").and_then(weekday_named) {
        // "next fri": that day of next week.
        let monday = week_of(today + Duration::days(7)).start;
        return day(monday + Duration::days(i64::from(w.number_days_from_monday())));
    }
    if let Some(w) = weekday_named(&s) {
        // The next such day, today included: "fri" on a Friday means today.
        let ahead = (7 + i64::from(w.number_days_from_monday())
            - i64::from(today.weekday().number_days_from_monday()))
            % 7;
        return day(today + Duration::days(ahead));
    }
    if let Some(rel) = parse_relative(&s, today) {
        return rel.map(DayRange::day);
    }
    parse_absolute(&s, today).map(DayRange::day)
}

/// `+7d`, `-2w`, `+1m`, `-1y`, `3d` (ahead).
fn parse_relative(s: &str, today: Date) -> Option<Result<Date, String>> {
    let (sign, rest) = match s.as_bytes().first()? {
        b'+' => (1, &s[1..]),
        b'-' => (-1, &s[1..]),
        b'0'..=b'9' => (1, s),
        _ => return None,
    };
    let unit = rest.chars().last()?;
    if !matches!(unit, 'd' | 'w' | 'm' | 'y' | 'д' | 'н' | 'м' | 'г') {
        return None;
    }
    let digits = &rest[..rest.len() - unit.len_utf8()];
    let n: i64 = match digits.parse() {
        Ok(n) if n <= 3650 => n,
        Ok(_) => return Some(Err("too far away".into())),
        Err(_) => return Some(Err(format!("{digits:?} is not a number"))),
    };
    let n = sign * n;
    Some(match unit {
        'd' | 'д' => today
            .checked_add(Duration::days(n))
            .ok_or_else(|| "out of range".into()),
        'w' | 'н' => today
            .checked_add(Duration::weeks(n))
            .ok_or_else(|| "out of range".into()),
        'y' | 'г' => add_months(today, n * 12).ok_or_else(|| "out of range".into()),
        _ => add_months(today, n).ok_or_else(|| "out of range".into()),
    })
}

fn parse_absolute(s: &str, today: Date) -> Result<Date, String> {
    let iso = format_description!("[year]-[month]-[day]");
    let dotted = format_description!("[day].[month].[year]");
    if let Ok(d) = Date::parse(s, iso) {
        return Ok(d);
    }
    if let Ok(d) = Date::parse(s, dotted) {
        return Ok(d);
    }
    // Lenient dd.mm.yyyy / d.m.yyyy / dd.mm (this year) / dd/mm/yyyy.
    let parts: Vec<&str> = s.split(['.', '/']).collect();
    if (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    {
        let day: u8 = parts[0].parse().map_err(|_| "bad day")?;
        let month: u8 = parts[1].parse().map_err(|_| "bad month")?;
        let year: i32 = match parts.get(2) {
            Some(y) if y.len() == 2 => 2000 + y.parse::<i32>().map_err(|_| "bad year")?,
            Some(y) => y.parse().map_err(|_| "bad year")?,
            None => today.year(),
        };
        let month = Month::try_from(month).map_err(|_| format!("there is no month {month}"))?;
        return Date::from_calendar_date(year, month, day)
            .map_err(|_| format!("{month} {year} has no day {day}"));
    }
    Err(format!(
        "{s:?} is not a date: try 25.12.2026, 2026-12-25, today, +3d, next week, overdue or A..B"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    // A Saturday.
    const TODAY: Date = date!(2026 - 11 - 21);

    fn p(s: &str) -> DayRange {
        parse(s, TODAY).unwrap()
    }

    #[test]
    fn absolute_forms() {
        assert_eq!(p("05.12.2026"), DayRange::day(date!(2026 - 12 - 05)));
        assert_eq!(p("2026-12-05"), DayRange::day(date!(2026 - 12 - 05)));
        assert_eq!(p("5.12"), DayRange::day(date!(2026 - 12 - 05)));
        assert!(
            parse("31.02.2026", TODAY)
                .unwrap_err()
                .contains("no day 31")
        );
    }

    #[test]
    fn relative_forms() {
        assert_eq!(p("today"), DayRange::day(TODAY));
        assert_eq!(p("Завтра"), DayRange::day(date!(2026 - 11 - 22)));
        assert_eq!(p("+7d"), DayRange::day(date!(2026 - 11 - 28)));
        assert_eq!(p("-2w"), DayRange::day(date!(2026 - 11 - 07)));
        assert_eq!(p("+1m"), DayRange::day(date!(2026 - 12 - 21)));
        assert_eq!(p("mon"), DayRange::day(date!(2026 - 11 - 23)));
        assert_eq!(p("sat"), DayRange::day(TODAY));
        assert_eq!(p("next fri"), DayRange::day(date!(2026 - 11 - 27)));
    }

    #[test]
    fn weeks_and_ranges() {
        assert_eq!(
            p("this week"),
            DayRange {
                start: date!(2026 - 11 - 16),
                end: date!(2026 - 11 - 22)
            }
        );
        assert_eq!(
            p("next week"),
            DayRange {
                start: date!(2026 - 11 - 23),
                end: date!(2026 - 11 - 29)
            }
        );
        assert_eq!(
            p("today..+3d"),
            DayRange {
                start: TODAY,
                end: date!(2026 - 11 - 24)
            }
        );
        assert!(parse("01.12.2026..next week", TODAY).is_err());
    }

    #[test]
    fn years_overdue_and_open_ranges() {
        assert_eq!(p("-1y"), DayRange::day(date!(2025 - 11 - 21)));
        assert_eq!(p("+2г"), DayRange::day(date!(2028 - 11 - 21)));
        let overdue = p("overdue");
        assert_eq!(overdue.end, date!(2026 - 11 - 20));
        assert!(overdue.start <= EARLIEST);
        assert_eq!(overdue.describe(), "until 20.11.2026");
        let until_friday = p("..fri");
        assert_eq!(until_friday.end, date!(2026 - 11 - 27));
        assert_eq!(until_friday.describe(), "until 27.11.2026");
        let from_today = p("today..");
        assert_eq!(from_today.start, TODAY);
        assert_eq!(from_today.describe(), "from 21.11.2026");
        assert!(parse("..", TODAY).unwrap_err().contains("needs a start"));
    }

    #[test]
    fn errors_say_why() {
        assert!(parse("soon", TODAY).unwrap_err().contains("not a date"));
        assert!(parse("+xd", TODAY).unwrap_err().contains("not a number"));
        assert!(
            parse("tomorrow..yesterday", TODAY)
                .unwrap_err()
                .contains("ends before")
        );
    }
}
