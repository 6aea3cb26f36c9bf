//! Timestamps as people read them here: local time, day first, as the service's own web app
//! shows them.

use time::{Date, OffsetDateTime, UtcOffset};

/// "21.11.2026 14:05 (2d ago)" in the given zone; "–" when there is no timestamp.
pub fn local(at: Option<OffsetDateTime>, offset: UtcOffset, today: Date) -> String {
    let Some(at) = at else {
        return "–".into();
    };
    let t = at.to_offset(offset);
    format!(
        "{:02}.{:02}.{} {:02}:{:02} ({})",
        t.day(),
        t.month() as u8,
        t.year(),
        t.hour(),
        t.minute(),
        relative_day(t.date(), today)
    )
}

/// "12:04": the time of day in the given zone, for "since when" in a line that is about
/// today.
pub fn clock_time(at: OffsetDateTime, offset: UtcOffset) -> String {
    let t = at.to_offset(offset);
    format!("{:02}:{:02}", t.hour(), t.minute())
}

/// A due date for a list column: "today", "tomorrow", "in 3d", "2d overdue", or the date when
/// far away; true when it is overdue. A completed task is never overdue: it reads "2d ago".
pub fn due_label(due: Date, today: Date, completed: bool) -> (String, bool) {
    let days = (due - today).whole_days();
    let overdue = days < 0 && !completed;
    let label = match days {
        0 => "today".into(),
        1 => "tomorrow".into(),
        2..=14 => format!("in {days}d"),
        -60..=-1 if overdue => format!("{}d overdue", -days),
        -60..=-1 => format!("{}d ago", -days),
        _ if due.year() == today.year() => format!("{:02}.{:02}", due.day(), due.month() as u8),
        _ => weeek_api::dates::to_filter_date(due),
    };
    (label, overdue)
}

/// A due date next to its full date, always relative ("in 20d", "3d overdue", "3d ago" once
/// completed): the full date is already beside it.
pub fn due_relative(due: Date, today: Date, completed: bool) -> String {
    let days = (due - today).whole_days();
    if days < 0 && !completed {
        format!("{}d overdue", -days)
    } else {
        relative_day(due, today)
    }
}

/// A day relative to today without judging it: a start date is never "overdue". Far days read
/// in months or years ("3mo ago", "in 1y"): a count of hundreds of days says little.
pub fn relative_day(d: Date, today: Date) -> String {
    let n = (d - today).whole_days();
    let span = match n.abs() {
        0..=59 => format!("{}d", n.abs()),
        60..=364 => format!("{}mo", n.abs() / 30),
        far => format!("{}y", far / 365),
    };
    match n {
        0 => "today".into(),
        1 => "tomorrow".into(),
        -1 => "yesterday".into(),
        n if n > 0 => format!("in {span}"),
        _ => format!("{span} ago"),
    }
}

/// How long ago a moment was, for a thread of comments: "just now", "12m ago", "3h ago",
/// then days ("yesterday", "5d ago") and far back the date.
pub fn ago(at: OffsetDateTime, now: OffsetDateTime, offset: UtcOffset) -> String {
    let secs = (now - at).whole_seconds();
    match secs {
        ..60 => "just now".into(),
        60..3600 => format!("{}m ago", secs / 60),
        3600..86_400 => format!("{}h ago", secs / 3600),
        _ => {
            let day = at.to_offset(offset).date();
            let today = now.to_offset(offset).date();
            if (today - day).whole_days() > 59 {
                weeek_api::dates::to_filter_date(day)
            } else {
                relative_day(day, today)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn comments_say_how_long_ago_they_were_written() {
        let now = time::macros::datetime!(2026-11-21 10:00 UTC);
        let utc = UtcOffset::UTC;
        let m = |n: i64| now - time::Duration::minutes(n);
        assert_eq!(ago(m(0), now, utc), "just now");
        assert_eq!(ago(now + time::Duration::minutes(2), now, utc), "just now");
        assert_eq!(ago(m(12), now, utc), "12m ago");
        assert_eq!(ago(m(180), now, utc), "3h ago");
        assert_eq!(ago(m(60 * 30), now, utc), "yesterday");
        assert_eq!(ago(m(60 * 24 * 5), now, utc), "5d ago");
        assert_eq!(ago(m(60 * 24 * 90), now, utc), "23.08.2026");
    }

    const TODAY: Date = date!(2026 - 11 - 21);

    #[test]
    fn due_dates_in_the_list_read_relative_to_today() {
        assert_eq!(due_label(TODAY, TODAY, false), ("today".into(), false));
        assert_eq!(
            due_label(date!(2026 - 11 - 24), TODAY, false),
            ("in 3d".into(), false)
        );
        assert_eq!(
            due_label(date!(2026 - 11 - 19), TODAY, false),
            ("2d overdue".into(), true)
        );
        assert_eq!(due_label(date!(2026 - 12 - 25), TODAY, false).0, "25.12");
        assert_eq!(
            due_label(date!(2027 - 02 - 01), TODAY, false).0,
            "01.02.2027"
        );
    }

    #[test]
    fn a_completed_task_is_never_overdue() {
        assert_eq!(
            due_label(date!(2026 - 11 - 19), TODAY, true),
            ("2d ago".into(), false)
        );
        assert!(!due_label(date!(2026 - 01 - 19), TODAY, true).1);
        assert_eq!(due_relative(date!(2026 - 11 - 19), TODAY, true), "2d ago");
    }

    #[test]
    fn the_detail_says_how_far_even_when_far_away() {
        assert_eq!(due_relative(date!(2026 - 12 - 11), TODAY, false), "in 20d");
        assert_eq!(
            due_relative(date!(2026 - 11 - 18), TODAY, false),
            "3d overdue"
        );
    }

    #[test]
    fn timestamps_are_shown_in_the_local_zone() {
        let at = time::macros::datetime!(2026-11-21 23:30 UTC);
        let msk = UtcOffset::from_hms(3, 0, 0).expect("valid offset");
        let today = date!(2026 - 11 - 24);
        assert_eq!(local(Some(at), msk, today), "22.11.2026 02:30 (2d ago)");
        assert_eq!(local(None, msk, today), "–");
    }
}
