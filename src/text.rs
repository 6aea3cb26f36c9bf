//! Measuring and cutting text by display width: Cyrillic is one column a letter, CJK and
//! most emoji two, combining marks zero.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Cuts `s` to at most `max` columns, ending with `…` when anything was cut. Never splits a
/// character, and never leaves half of a wide one.
pub fn truncate(s: &str, max: usize) -> String {
    if width(s) <= max {
        return s.to_string();
    }
    if max == 0 {
        return String::new();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > max - 1 {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// `s` cut or padded with spaces to exactly `cols` columns.
pub fn fit(s: &str, cols: usize) -> String {
    let mut t = truncate(s, cols);
    let w = width(&t);
    t.extend(std::iter::repeat_n(' ', cols.saturating_sub(w)));
    t
}

/// One line: newlines and tabs become spaces, control characters disappear (they would move
/// the terminal's cursor).
pub fn one_line(s: &str) -> String {
    s.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// A title in typographic quotes, on one line and at most `max` columns inside them, for
/// messages ("Completed “Fix login”").
pub fn quoted(title: &str, max: usize) -> String {
    format!("\u{201c}{}\u{201d}", truncate(&one_line(title), max))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_and_emoji_are_measured_by_columns() {
        assert_eq!(width("Задача"), 6);
        assert_eq!(width("🚀x"), 3);
        assert_eq!(truncate("Подготовить отчёт", 10), "Подготови…");
        assert_eq!(width(&truncate("🚀🚀🚀🚀", 5)), 5);
        assert_eq!(truncate("🚀🚀🚀🚀", 4), "🚀…");
        assert_eq!(truncate("short", 10), "short");
        assert_eq!(fit("ab", 4), "ab  ");
    }

    #[test]
    fn long_cyrillic_name_fits_exactly() {
        let name = "Щ".repeat(300);
        let cut = truncate(&name, 40);
        assert_eq!(width(&cut), 40);
        assert!(cut.ends_with('…'));
    }

    #[test]
    fn control_characters_are_removed() {
        assert_eq!(one_line("a\nb\x1b[31mc"), "a b[31mc");
    }
}
