//! Measuring and cutting text by display width: Cyrillic is one column a letter, CJK and
//! most emoji two, combining marks zero.

use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

pub fn width(s: &str) -> usize {
    // Most of what a frame measures is printable ASCII: a column a byte.
    if s.bytes().all(|b| (0x20..0x7f).contains(&b)) {
        return s.len();
    }
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

/// `s` and then `note`, exactly `cols` columns: `s` is cut first, so that the note (a row's
/// "(queued)") is seen however long `s` is, unless the note alone does not fit.
pub fn fit_with_note(s: &str, note: &str, cols: usize) -> String {
    let room = cols.saturating_sub(width(note) + 1);
    if room == 0 {
        return fit(s, cols);
    }
    fit(&format!("{} {note}", truncate(s, room)), cols)
}

/// One line: newlines and tabs become spaces, control characters disappear (they would move
/// the terminal's cursor).
pub fn one_line(s: &str) -> String {
    if !s.chars().any(char::is_control) {
        return s.to_string();
    }
    s.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\t' => Some(' '),
            c if c.is_control() => None,
            c => Some(c),
        })
        .collect()
}

/// `s` on at most `max_lines` lines of at most `cols` columns, broken between words (a word
/// longer than a line is cut through); what does not fit ends the last line with `…`.
pub fn wrap(s: &str, cols: usize, max_lines: usize) -> Vec<String> {
    let cols = cols.max(1);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in one_line(s).split(' ').filter(|w| !w.is_empty()) {
        let gap = usize::from(!line.is_empty());
        if width(&line) + gap + width(word) <= cols {
            if gap == 1 {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        let mut rest = word;
        while width(rest) > cols {
            let mut used = 0;
            let end = rest
                .char_indices()
                .find(|(_, c)| {
                    used += c.width().unwrap_or(0);
                    used > cols
                })
                // A character wider than the line still goes, alone.
                .map_or(rest.len(), |(i, c)| if i == 0 { c.len_utf8() } else { i });
            lines.push(rest[..end].to_string());
            rest = &rest[end..];
        }
        line.push_str(rest);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    if lines.len() > max_lines.max(1) {
        let keep = max_lines.max(1);
        let last = format!("{} {}", lines[keep - 1], lines[keep..].join(" "));
        lines.truncate(keep - 1);
        lines.push(truncate_words(&last, cols));
    }
    lines
}

/// `s` in at most `cols` columns, cut after a whole word and ended with `…` when it does not
/// fit; a first word longer than the line is cut through.
pub fn truncate_words(s: &str, cols: usize) -> String {
    if width(s) <= cols {
        return s.to_string();
    }
    let room = cols.saturating_sub(1);
    let mut out = String::new();
    for word in s.split(' ').filter(|w| !w.is_empty()) {
        let gap = usize::from(!out.is_empty());
        if width(&out) + gap + width(word) > room {
            break;
        }
        if gap == 1 {
            out.push(' ');
        }
        out.push_str(word);
    }
    if out.is_empty() {
        return truncate(s, cols);
    }
    out.push('…');
    out
}

/// Hints joined with " · ", as many whole ones as fit in `cols`.
pub fn fit_hints(s: &str, cols: usize) -> String {
    let mut out = String::new();
    for part in s.split(" · ") {
        let next = if out.is_empty() {
            part.to_string()
        } else {
            format!("{out} · {part}")
        };
        if width(&next) > cols {
            break;
        }
        out = next;
    }
    out
}

/// "first +2" in at most `cols` columns: the first item, cut if it must be, and how many more
/// there are, which is never cut. The one sign for "and more" everywhere.
pub fn first_and_more(items: &[String], cols: usize) -> String {
    match items {
        [] => String::new(),
        [one] => truncate(&one_line(one), cols),
        [first, rest @ ..] => {
            let more = format!(" +{}", rest.len());
            let room = cols.saturating_sub(width(&more));
            format!("{}{more}", truncate(&one_line(first), room))
        }
    }
}

/// Quoted names in a message longer than this are shortened where the message is a toast;
/// the message log (`M`) shows them whole.
pub const QUOTE_SHOWN: usize = 40;

/// A file size as people read it: "812 B", "14 KB", "2.5 MB".
pub fn size_label(bytes: i64) -> String {
    let b = bytes as f64;
    if b >= 1024.0 * 1024.0 {
        format!("{:.1} MB", b / 1024.0 / 1024.0)
    } else if b >= 1024.0 {
        format!("{:.0} KB", b / 1024.0)
    } else {
        format!("{bytes} B")
    }
}

/// A title in typographic quotes, whole and on one line, for messages: the toast shortens
/// it ([`shorten_quotes`]), the message log shows all of it.
pub fn quoted_full(title: &str) -> String {
    format!("\u{201c}{}\u{201d}", one_line(title))
}

/// `s` with every “quoted” part longer than `max` columns cut to `max`.
pub fn shorten_quotes(s: &str, max: usize) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(open) = rest.find('\u{201c}') {
        let (before, after) = rest.split_at(open + '\u{201c}'.len_utf8());
        out.push_str(before);
        match after.find('\u{201d}') {
            Some(close) => {
                out.push_str(&truncate(&after[..close], max));
                rest = &after[close..];
            }
            None => {
                rest = after;
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A title in typographic quotes, on one line and at most `max` columns inside them, for
/// messages ("Completed “Fix login”").
pub fn quoted(title: &str, max: usize) -> String {
    format!("\u{201c}{}\u{201d}", truncate(&one_line(title), max))
}

/// A short wait for a sentence: "0.4s" under a second, else whole seconds ("2s").
pub fn seconds(d: std::time::Duration) -> String {
    if d < std::time::Duration::from_secs(1) {
        format!("{:.1}s", d.as_secs_f64())
    } else {
        format!("{}s", d.as_secs_f64().round())
    }
}

/// How long ago something happened, in words: "just now", "3 min ago", "2 h ago",
/// "5 days ago". A time ahead of the clock (another machine's) is "just now".
pub fn ago(d: time::Duration) -> String {
    let s = d.whole_seconds();
    match s {
        ..60 => "just now".into(),
        60..3_600 => format!("{} min ago", s / 60),
        3_600..86_400 => format!("{} h ago", s / 3_600),
        86_400..172_800 => "1 day ago".into(),
        _ => format!("{} days ago", s / 86_400),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_after_a_long_name_is_kept_and_the_name_cut() {
        let long = "Провести комплексный аудит процесса оформления заказа";
        let row = fit_with_note(long, "(queued)", 30);
        assert_eq!(width(&row), 30);
        assert!(row.ends_with("… (queued)"), "{row}");
        assert_eq!(
            fit_with_note("Короткое", "(queued)", 20),
            "Короткое (queued)   "
        );
        assert_eq!(
            fit_with_note("Имя", "(conflict)", 6),
            "Имя   ",
            "no room for the note"
        );
    }

    #[test]
    fn ago_says_the_largest_whole_unit() {
        let s = time::Duration::seconds;
        assert_eq!(ago(s(-5)), "just now");
        assert_eq!(ago(s(59)), "just now");
        assert_eq!(ago(s(3 * 60 + 59)), "3 min ago");
        assert_eq!(ago(s(2 * 3_600 + 10)), "2 h ago");
        assert_eq!(ago(s(86_400)), "1 day ago");
        assert_eq!(ago(s(5 * 86_400)), "5 days ago");
    }

    #[test]
    fn width_and_one_line_say_what_the_unicode_tables_say_for_ascii_and_the_rest() {
        for s in [
            "",
            "plain ascii ~!",
            "tab\there",
            "bell\u{7}",
            "Задача 🚀",
            "e\u{301}",
            "漢字",
        ] {
            assert_eq!(width(s), UnicodeWidthStr::width(s), "{s:?}");
        }
        assert_eq!(one_line("a\tb\nc\u{7}d"), "a b cd");
        assert_eq!(one_line("Задача №1"), "Задача №1");
    }

    #[test]
    fn long_quoted_names_are_shortened_and_the_rest_is_kept() {
        let s = format!("Completed {} · u to undo", quoted_full(&"Щ".repeat(50)));
        let short = shorten_quotes(&s, 10);
        assert_eq!(short, format!("Completed “{}…” · u to undo", "Щ".repeat(9)));
        assert_eq!(shorten_quotes("no quotes", 3), "no quotes");
        assert_eq!(shorten_quotes("“open", 3), "“open");
    }

    #[test]
    fn long_text_is_cut_after_a_whole_word() {
        let s = "Could not move “Подготовить отчёт” to Готово: the service failed with 503";
        let cut = truncate_words(s, 30);
        assert_eq!(cut, "Could not move “Подготовить…");
        let lines = wrap(s, 20, 2);
        assert!(lines[1].ends_with('…'), "{lines:?}");
        let words: Vec<&str> = s.split(' ').collect();
        for w in lines.join(" ").trim_end_matches('…').split(' ') {
            assert!(words.contains(&w), "{w:?} is cut mid-word: {lines:?}");
        }
        assert_eq!(
            fit_hints("Enter ok · Esc cancel · Tab next", 22),
            "Enter ok · Esc cancel"
        );
    }

    #[test]
    fn more_items_are_counted_and_the_count_is_never_cut() {
        let items = vec![
            "maria.sokolova@example.com".to_string(),
            "b".into(),
            "c".into(),
        ];
        assert_eq!(first_and_more(&items, 40), "maria.sokolova@example.com +2");
        let cut = first_and_more(&items, 12);
        assert!(cut.ends_with(" +2") && width(&cut) <= 12, "{cut}");
        assert_eq!(
            first_and_more(&items[..1], 40),
            "maria.sokolova@example.com"
        );
    }

    #[test]
    fn waits_read_in_tenths_under_a_second_and_whole_seconds_above() {
        use std::time::Duration;
        assert_eq!(seconds(Duration::from_millis(400)), "0.4s");
        assert_eq!(seconds(Duration::from_millis(1000)), "1s");
        assert_eq!(seconds(Duration::from_millis(1600)), "2s");
    }

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
    fn wrapping_breaks_between_words_and_cuts_what_does_not_fit() {
        assert_eq!(
            wrap("Moved “Сделка” to Переговоры", 16, 2),
            ["Moved “Сделка”", "to Переговоры"]
        );
        assert_eq!(wrap("short", 16, 2), ["short"]);
        let lines = wrap("one two three four five six", 9, 2);
        assert_eq!(lines, ["one two", "three…"], "cut after a whole word");
        assert_eq!(wrap("abcdef", 5, 2), ["abcde", "f"]);
        assert_eq!(wrap("🚀🚀", 1, 3), ["🚀", "🚀"]);
        assert_eq!(
            wrap("Щ".repeat(12).as_str(), 5, 3),
            ["ЩЩЩЩЩ", "ЩЩЩЩЩ", "ЩЩ"]
        );
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
