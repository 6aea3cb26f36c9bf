//! The service's date formats: `dd.mm.yyyy` in list filters and legacy fields, `Y-m-d` in
//! current task fields and bodies.

use time::{Date, format_description::BorrowedFormatItem, macros::format_description};

const FILTER: &[BorrowedFormatItem<'static>] = format_description!("[day].[month].[year]");
const ISO: &[BorrowedFormatItem<'static>] = format_description!("[year]-[month]-[day]");

/// `dd.mm.yyyy`, as `GET /tm/tasks` expects `startDate`, `endDate` and `day`.
pub fn to_filter_date(d: Date) -> String {
    d.format(FILTER).unwrap_or_default()
}

/// `Y-m-d`, as task bodies carry `startDate` and `dueDate`.
pub fn to_iso_date(d: Date) -> String {
    d.format(ISO).unwrap_or_default()
}

/// Reads `Y-m-d`, `dd.mm.yyyy`, or the date part of an ISO date-time.
pub fn parse_wire_date(s: &str) -> Option<Date> {
    let s = s.trim();
    let head = s.get(..10).unwrap_or(s);
    Date::parse(head, ISO)
        .ok()
        .or_else(|| Date::parse(head, FILTER).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::date;

    #[test]
    fn formats_round_trip() {
        let d = date!(2026 - 03 - 07);
        assert_eq!(to_filter_date(d), "07.03.2026");
        assert_eq!(to_iso_date(d), "2026-03-07");
        assert_eq!(parse_wire_date("07.03.2026"), Some(d));
        assert_eq!(parse_wire_date("2026-03-07T10:00:00Z"), Some(d));
        assert_eq!(parse_wire_date("7 March"), None);
    }
}
