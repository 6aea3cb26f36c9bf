//! Durations as people type them when they log time: `1h30m`, `90m`, `1.5h`, `:45`, `1:30`,
//! `45` (minutes), and the same with Russian units (`1ч30м`, `2 часа`). Shown back as `1:30`.

/// The longest entry the service takes, in minutes (a day).
pub const MAX_MINUTES: u32 = weeek_api::TIME_ENTRY_MAX_MINUTES as u32;

/// Minutes of `input`, or why it cannot be read.
pub fn parse(input: &str) -> Result<u32, String> {
    let s: String = input
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    if s.is_empty() {
        return Err("a duration is needed: 1h30m, 90m, 1.5h or :45".into());
    }
    let minutes = if let Some((h, m)) = s.split_once(':') {
        clock_form(h, m)
            .ok_or_else(|| format!("“{}”: hours:minutes reads like 1:30 or :45", input.trim()))?
    } else if s.chars().all(|c| c.is_ascii_digit()) {
        s.parse::<u32>()
            .map_err(|_| format!("“{}” is too long", input.trim()))?
    } else {
        with_units(&s).ok_or_else(|| {
            format!(
                "“{}” is not a duration: try 1h30m, 90m, 1.5h or :45",
                input.trim()
            )
        })?
    };
    if minutes == 0 {
        return Err("a duration of zero logs nothing".into());
    }
    if minutes > MAX_MINUTES {
        return Err(format!(
            "{} is more than a day: the service takes up to {}",
            format(minutes),
            format(MAX_MINUTES)
        ));
    }
    Ok(minutes)
}

/// `H:MM` or `:MM`; minutes below 60.
fn clock_form(h: &str, m: &str) -> Option<u32> {
    let hours = if h.is_empty() { 0 } else { digits(h)? };
    if m.is_empty() || m.len() > 2 {
        return None;
    }
    let minutes = digits(m)?;
    if minutes >= 60 {
        return None;
    }
    hours.checked_mul(60)?.checked_add(minutes)
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

#[derive(Clone, Copy, PartialEq)]
enum Unit {
    Hours,
    Minutes,
}

/// A unit word, as a prefix of `s`: the longest spelling first, so `мин` is not read as `м`.
fn unit(s: &str) -> Option<(Unit, usize)> {
    const WORDS: &[(&str, Unit)] = &[
        ("hours", Unit::Hours),
        ("hour", Unit::Hours),
        ("hrs", Unit::Hours),
        ("hr", Unit::Hours),
        ("h", Unit::Hours),
        ("часов", Unit::Hours),
        ("часа", Unit::Hours),
        ("час", Unit::Hours),
        ("ч", Unit::Hours),
        ("minutes", Unit::Minutes),
        ("minute", Unit::Minutes),
        ("mins", Unit::Minutes),
        ("min", Unit::Minutes),
        ("m", Unit::Minutes),
        ("минуты", Unit::Minutes),
        ("минута", Unit::Minutes),
        ("минут", Unit::Minutes),
        ("мин", Unit::Minutes),
        ("м", Unit::Minutes),
    ];
    WORDS
        .iter()
        .find(|(w, _)| s.starts_with(w))
        .map(|(w, u)| (*u, w.len()))
}

/// Numbers each followed by a unit, hours before minutes: `1h30m`, `1.5h`, `90m`.
fn with_units(s: &str) -> Option<u32> {
    let mut rest = s;
    let mut total = 0.0_f64;
    let mut last: Option<Unit> = None;
    while !rest.is_empty() {
        let end = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
            .unwrap_or(rest.len());
        if end == 0 {
            return None;
        }
        let number: f64 = rest[..end].replace(',', ".").parse().ok()?;
        rest = &rest[end..];
        let (u, len) = unit(rest)?;
        rest = &rest[len..];
        // Each unit once, hours first: "30m1h" is a typo more likely than a duration.
        if last.is_some_and(|l| l == u || l == Unit::Minutes) {
            return None;
        }
        last = Some(u);
        total += match u {
            Unit::Hours => number * 60.0,
            Unit::Minutes => number,
        };
    }
    if !total.is_finite() || total > f64::from(u32::MAX) {
        return None;
    }
    // Fractions of a minute round to the nearest one (1.33h is 1:20).
    Some(total.round() as u32)
}

/// `1:30`, `0:45`, `12:00`.
pub fn format(minutes: u32) -> String {
    format!("{}:{:02}", minutes / 60, minutes % 60)
}

/// As [`format`], for the service's signed minutes (a negative or missing value shows as 0).
pub fn format_i64(minutes: Option<i64>) -> String {
    format(u32::try_from(minutes.unwrap_or(0)).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_of_the_house_grammar_reads() {
        for (input, minutes) in [
            ("1h30m", 90),
            ("90m", 90),
            ("1.5h", 90),
            ("1,5h", 90),
            (":45", 45),
            ("1:30", 90),
            ("45", 45),
            ("2h", 120),
            ("1h 30m", 90),
            (" 1 h 5 min ", 65),
            ("1ч30м", 90),
            ("1 ч 30 мин", 90),
            ("2 часа", 120),
            ("15 минут", 15),
            ("1H30M", 90),
            ("0.25h", 15),
            ("1.33h", 80),
            ("24h", 1440),
        ] {
            assert_eq!(parse(input), Ok(minutes), "{input}");
        }
    }

    #[test]
    fn what_is_not_a_duration_says_so_with_the_grammar() {
        for input in [
            "", "h", "1x", "1h1h", "30m1h", "1:75", "1:", "::5", "1.5", "abc", "1h30", "-1h",
        ] {
            let e = parse(input).expect_err(input);
            assert!(!e.is_empty(), "{input}");
        }
        assert!(parse("1x").unwrap_err().contains("1h30m"));
    }

    #[test]
    fn zero_and_more_than_a_day_are_refused() {
        assert!(parse("0m").unwrap_err().contains("zero"));
        assert!(parse(":00").unwrap_err().contains("zero"));
        assert!(parse("25h").unwrap_err().contains("more than a day"));
        assert!(parse("99999999999999999999").is_err());
    }

    #[test]
    fn durations_show_as_hours_and_minutes() {
        assert_eq!(format(90), "1:30");
        assert_eq!(format(5), "0:05");
        assert_eq!(format(1440), "24:00");
        assert_eq!(format_i64(Some(-3)), "0:00");
        assert_eq!(format_i64(None), "0:00");
    }
}
