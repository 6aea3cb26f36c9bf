//! Writing JSON straight into an answer's bytes, for the answers that are large or frequent
//! (a page of tasks writes some thirty thousand members): objects member by member, strings
//! copied in runs between the bytes that need an escape, and stored days and times read and
//! written by hand.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::Value;
use time::Date;

use crate::wire::{fmt_dmy, fmt_hm, parse_iso, parse_ymd};

/// The value `write` writes, read back as a [`Value`], for answers built as values.
pub fn to_value(write: impl FnOnce(&mut Vec<u8>)) -> Value {
    let mut out = Vec::new();
    write(&mut out);
    serde_json::from_slice(&out).unwrap_or(Value::Null)
}

/// One JSON object written member by member. Keys are the service's plain ASCII names and
/// are written as they are; a page of tasks writes some seven hundred of them, which
/// serde would each scan for characters to escape.
pub struct Members<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl<'o> Members<'o> {
    #[inline]
    pub fn open(out: &'o mut Vec<u8>) -> Self {
        out.push(b'{');
        Self { out, first: true }
    }

    /// Writes `"key":` and hands back the output for the value.
    #[inline]
    pub fn key(&mut self, key: &str) -> &mut Vec<u8> {
        if !std::mem::take(&mut self.first) {
            self.out.push(b',');
        }
        self.out.push(b'"');
        self.out.extend_from_slice(key.as_bytes());
        self.out.extend_from_slice(b"\":");
        self.out
    }

    #[inline]
    pub fn int(&mut self, key: &str, value: i64) {
        write_int(self.key(key), value);
    }

    #[inline]
    pub fn opt_int(&mut self, key: &str, value: Option<i64>) {
        match value {
            Some(value) => self.int(key, value),
            None => self.key(key).extend_from_slice(b"null"),
        }
    }

    #[inline]
    pub fn bool(&mut self, key: &str, value: bool) {
        let text: &[u8] = if value { b"true" } else { b"false" };
        self.key(key).extend_from_slice(text);
    }

    #[inline]
    pub fn str(&mut self, key: &str, value: &str) {
        write_str(self.key(key), value);
    }

    #[inline]
    pub fn opt_str(&mut self, key: &str, value: Option<&str>) {
        match value {
            Some(value) => self.str(key, value),
            None => self.key(key).extend_from_slice(b"null"),
        }
    }

    pub fn value(&mut self, key: &str, value: &(impl Serialize + ?Sized)) -> rusqlite::Result<()> {
        serde_json::to_writer(self.key(key), value).map_err(encoding)
    }

    /// `"key":[…]` with each item written by `write`.
    pub fn list<T>(&mut self, key: &str, items: &[T], write: impl Fn(&T, &mut Vec<u8>)) {
        let out = self.key(key);
        out.push(b'[');
        for (n, item) in items.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            write(item, out);
        }
        out.push(b']');
    }

    #[inline]
    pub fn close(self) {
        self.out.push(b'}');
    }
}

/// A JSON number.
pub fn write_int(out: &mut Vec<u8>, value: i64) {
    // Writing a number to a Vec cannot fail.
    let _ = serde_json::to_writer(out, &value);
}

/// A JSON string, escaped as serde_json escapes it. Text is copied in runs between the bytes
/// that need an escape: most text has none, and HTML descriptions only a few quotes.
pub fn write_str(out: &mut Vec<u8>, text: &str) {
    let mut rest = text.as_bytes();
    out.reserve(rest.len() + 2);
    out.push(b'"');
    while let Some(at) = first_escape(rest) {
        out.extend_from_slice(&rest[..at]);
        escape(out, rest[at]);
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// Whether JSON needs this byte escaped inside a string.
fn escaped(b: u8) -> bool {
    (b < 0x20) | (b == b'"') | (b == b'\\')
}

/// Where the first byte that needs an escape is. Whole blocks of sixteen are checked first,
/// so that the check compiles to vector compares.
fn first_escape(bytes: &[u8]) -> Option<usize> {
    let mut blocks = bytes.chunks_exact(16);
    let mut start = 0;
    for block in &mut blocks {
        let mut any = 0u8;
        for &b in block {
            any |= u8::from(escaped(b));
        }
        if any != 0 {
            return block.iter().position(|&b| escaped(b)).map(|at| start + at);
        }
        start += 16;
    }
    blocks
        .remainder()
        .iter()
        .position(|&b| escaped(b))
        .map(|at| start + at)
}

/// One escaped byte: the short forms JSON has, `\u00xx` for the other control characters.
fn escape(out: &mut Vec<u8>, b: u8) {
    let short: &[u8] = match b {
        b'"' => br#"\""#,
        b'\\' => br"\\",
        b'\n' => br"\n",
        b'\r' => br"\r",
        b'\t' => br"\t",
        0x08 => br"\b",
        0x0c => br"\f",
        _ => {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            out.extend_from_slice(br"\u00");
            out.push(HEX[usize::from(b >> 4)]);
            out.push(HEX[usize::from(b & 0xf)]);
            return;
        }
    };
    out.extend_from_slice(short);
}

/// A stored `Y-m-d` day. Days are stored in exactly that shape and read by hand; anything
/// else goes through the general parser, so the answer is the same either way.
pub fn stored_day(text: &str) -> Option<Date> {
    ymd(text.as_bytes()).or_else(|| parse_ymd(text))
}

/// `yyyy-mm-dd`, four, two and two digits, a real day.
fn ymd(b: &[u8]) -> Option<Date> {
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])?;
    let month = time::Month::try_from(u8::try_from(digits(&b[5..7])?).ok()?).ok()?;
    let day = u8::try_from(digits(&b[8..10])?).ok()?;
    Date::from_calendar_date(i32::try_from(year).ok()?, month, day).ok()
}

fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, &d| {
        d.is_ascii_digit().then(|| n * 10 + u32::from(d - b'0'))
    })
}

/// `dd.mm.yyyy` as a JSON string, as `wire::fmt_dmy` writes it.
pub fn write_dmy(out: &mut Vec<u8>, day: Date) {
    if (0..=9999).contains(&day.year()) {
        let two = |n: u8| [b'0' + n / 10, b'0' + n % 10];
        let year = day.year().unsigned_abs();
        out.push(b'"');
        out.extend_from_slice(&two(day.day()));
        out.push(b'.');
        out.extend_from_slice(&two(u8::from(day.month())));
        out.push(b'.');
        out.extend_from_slice(&two((year / 100) as u8));
        out.extend_from_slice(&two((year % 100) as u8));
        out.push(b'"');
    } else {
        write_str(out, &fmt_dmy(day));
    }
}

/// The `H:i` of a stored due time in UTC. Times are stored as `yyyy-mm-ddThh:mm:ssZ` and
/// read by hand; anything else goes through the general parser.
pub fn stored_hm(text: &str) -> Option<Cow<'_, str>> {
    let b = text.as_bytes();
    let part = |at: usize| digits(&b[at..at + 2]).and_then(|n| u8::try_from(n).ok());
    let canonical = b.len() == 20
        && b[10] == b'T'
        && b[13] == b':'
        && b[16] == b':'
        && b[19] == b'Z'
        && ymd(&b[..10]).is_some()
        && match (part(11), part(14), part(17)) {
            (Some(h), Some(m), Some(s)) => time::Time::from_hms(h, m, s).is_ok(),
            _ => false,
        };
    if canonical {
        Some(Cow::Borrowed(&text[11..16]))
    } else {
        parse_iso(text).map(fmt_hm).map(Cow::Owned)
    }
}

/// A serde_json failure as the store reports failures.
pub fn encoding(err: serde_json::Error) -> rusqlite::Error {
    rusqlite::Error::ToSqlConversionFailure(Box::new(err))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(value: impl Serialize) -> String {
        serde_json::to_string(&value).unwrap_or_default()
    }

    #[test]
    fn stored_days_and_times_read_as_the_general_parsers_read_them() {
        let mut day = Date::from_calendar_date(2023, time::Month::December, 25).unwrap();
        for _ in 0..800 {
            let text = crate::wire::fmt_ymd(day);
            assert_eq!(stored_day(&text), Some(day), "{text}");
            let mut out = Vec::new();
            write_dmy(&mut out, day);
            assert_eq!(String::from_utf8(out).unwrap(), encoded(fmt_dmy(day)));
            day = day.next_day().unwrap();
        }
        for text in [
            "2026-02-29",
            "2026-13-01",
            "2026-1-05",
            " 2026-01-05",
            "2026-01-05 ",
            "+2026-01-05",
            "2026/01/05",
            "",
            "дата",
        ] {
            assert_eq!(stored_day(text), parse_ymd(text), "{text:?}");
        }
        for text in [
            "2026-11-21T08:05:09Z",
            "2026-11-21T23:59:59Z",
            "2026-11-21T24:00:00Z",
            "2026-11-21T08:60:00Z",
            "2026-02-30T08:00:00Z",
            "2026-11-21T08:05:09+03:00",
            "2026-11-21T08:05:09.250Z",
            "2026-11-21T08:05:09",
            "2026-11-21 08:05:09Z",
            "2026-11-21",
            "",
            "время",
        ] {
            assert_eq!(
                stored_hm(text).map(Cow::into_owned),
                parse_iso(text).map(fmt_hm),
                "{text:?}"
            );
        }
    }

    #[test]
    fn escapes_are_found_wherever_they_are() {
        let base = "абвгд efgh ijkl mnop qrst".repeat(3);
        for at in 0..base.len() {
            for special in [b'"', b'\\', b'\n', 0x01, 0x1f] {
                let mut bytes = base.clone().into_bytes();
                bytes[at] = special;
                assert_eq!(first_escape(&bytes), Some(at), "{at} {special}");
                assert_eq!(first_escape(&bytes[..at]), None);
            }
        }
        assert_eq!(first_escape("\u{7f}".as_bytes()), None);
    }

    #[test]
    fn strings_are_escaped_as_serde_escapes_them() {
        let long = format!("{}\"{}", "а".repeat(9), "b".repeat(40));
        for text in [
            "",
            "plain ascii",
            "Кириллица и ёлка 🚀",
            "<p class=\"x\">a</p>",
            "back\\slash",
            "tab\there\nnewline\u{1}",
            "\u{8}\u{c}\r\u{0}\u{1f} and \"quotes\" in \"runs\"\\",
            "\u{7f} is left as it is",
            long.as_str(),
        ] {
            let mut out = Vec::new();
            write_str(&mut out, text);
            assert_eq!(String::from_utf8(out).unwrap(), encoded(text), "{text:?}");
        }
    }
}
