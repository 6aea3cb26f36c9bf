//! Lines drawn exactly as an unwrapped, left-aligned `Paragraph` draws them, with less work:
//! each grapheme is measured once and written straight to its cell, and ASCII text (most of
//! a frame: keys, labels, padding, dates) is not segmented into graphemes at all. The list,
//! the boards, the header and the footer are drawn on every key press; a `Paragraph`
//! collects every line's graphemes into a vector, then measures them again as it writes.

use ratatui::buffer::{Buffer, CellWidth};
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Text};
use ratatui::widgets::{Paragraph, Widget};
use unicode_segmentation::UnicodeSegmentation;

/// `Paragraph::new(text)` with no wrap, block, scroll or style of its own.
pub struct Plain<'a>(pub Text<'a>);

impl<'a> Plain<'a> {
    pub fn new(text: impl Into<Text<'a>>) -> Self {
        Self(text.into())
    }
}

impl Widget for Plain<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        if self.0.alignment.is_some() {
            // Not drawn this way anywhere: the paragraph itself places the lines.
            Paragraph::new(self.0).render(area, buf);
            return;
        }
        let base = Style::default().patch(self.0.style);
        for (line, y) in self.0.lines.iter().zip(area.top()..area.bottom()) {
            if line.alignment.is_some_and(|a| a != Alignment::Left) {
                // Rare: drawn by the paragraph itself, which places it.
                let row = Rect::new(area.x, y, area.width, 1);
                Paragraph::new(Text::from(line.clone()).style(self.0.style)).render(row, buf);
                continue;
            }
            draw_line(buf, area.x, y, area.width, base, line);
        }
    }
}

/// One line from `(x, y)` in at most `max` columns: the graphemes that fit, in order, each
/// in the style the paragraph would give it (the line's patched by the span's). A grapheme
/// wider than the whole row is skipped, the first that does not fit ends the line, control
/// characters are dropped, and zero-width graphemes take no cell.
fn draw_line(buf: &mut Buffer, x: u16, y: u16, max: u16, base: Style, line: &Line) {
    let line_style = base.patch(line.style);
    let mut used: u16 = 0;
    for span in &line.spans {
        let style = line_style.patch(span.style);
        let content: &str = span.content.as_ref();
        if content.is_ascii() {
            for (i, b) in content.bytes().enumerate() {
                if b.is_ascii_control() {
                    continue;
                }
                if used + 1 > max {
                    return;
                }
                if let Some(cell) = buf.cell_mut((x + used, y)) {
                    cell.set_symbol(&content[i..=i]).set_style(style);
                }
                used += 1;
            }
            continue;
        }
        if content.chars().all(stands_alone) {
            // Every character is a grapheme of its own: no segmentation needed.
            for (i, c) in content.char_indices() {
                if c.is_ascii_control() {
                    continue;
                }
                let g = &content[i..i + c.len_utf8()];
                let w = g.cell_width();
                if w > max {
                    continue;
                }
                if used + w > max {
                    return;
                }
                if w == 0 {
                    continue;
                }
                if let Some(cell) = buf.cell_mut((x + used, y)) {
                    cell.set_symbol(g).set_style(style);
                }
                used += w;
            }
            continue;
        }
        for g in content.graphemes(true) {
            if g.contains(char::is_control) {
                continue;
            }
            let w = g.cell_width();
            if w > max {
                continue;
            }
            if used + w > max {
                return;
            }
            if w == 0 {
                continue;
            }
            if let Some(cell) = buf.cell_mut((x + used, y)) {
                cell.set_symbol(g).set_style(style);
            }
            used += w;
        }
    }
}

/// Whether `c` is a grapheme of its own whatever stands around it, as long as everything
/// around it is too: ASCII, and the blocks the app's text comes from (Latin, Cyrillic,
/// punctuation, currency, arrows, box drawing, shapes, symbols, braille) less their combining
/// marks and format characters. None of these has a grapheme break property other than
/// "Other" (no Extend, SpacingMark, Prepend, ZWJ, Hangul, regional indicator or control), so
/// between two of them there is always a break (rule GB999 of UAX #29).
fn stands_alone(c: char) -> bool {
    matches!(c,
        '\u{20}'..='\u{7E}'
        | '\u{A0}'..='\u{AC}'
        | '\u{AE}'..='\u{24F}'
        | '\u{400}'..='\u{482}'
        | '\u{48A}'..='\u{4FF}'
        | '\u{2010}'..='\u{2027}'
        | '\u{2030}'..='\u{205E}'
        | '\u{20A0}'..='\u{20C0}'
        | '\u{2190}'..='\u{21FF}'
        | '\u{2500}'..='\u{27BF}'
        | '\u{2800}'..='\u{28FF}')
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Modifier};
    use ratatui::text::Span;

    use super::*;

    /// Both ways of drawing `lines` into a `w`x`h` buffer that already holds something.
    fn both(lines: Vec<Line<'static>>, w: u16, h: u16) -> (Buffer, Buffer) {
        let area = Rect::new(2, 1, w, h);
        let mut under = Buffer::empty(Rect::new(0, 0, w + 4, h + 2));
        for y in 0..h + 2 {
            under.set_string(
                0,
                y,
                "~".repeat(usize::from(w) + 4),
                Style::new().fg(Color::Blue),
            );
        }
        let mut paragraph = under.clone();
        Paragraph::new(lines.clone()).render(area, &mut paragraph);
        let mut plain = under;
        Plain::new(lines).render(area, &mut plain);
        (paragraph, plain)
    }

    #[test]
    fn lines_are_drawn_cell_for_cell_as_a_paragraph_draws_them() {
        let cases: Vec<Vec<Line<'static>>> = vec![
            vec![Line::from(
                "plain ascii that runs past the edge of the area",
            )],
            vec![
                Line::from(vec![
                    Span::styled("  ", Style::new().fg(Color::Cyan)),
                    Span::raw("[ ] "),
                    Span::styled("High   ", Style::new().fg(Color::Red)),
                    Span::styled("Задача номер 7: подготовить отчёт 🚀", Style::new()),
                    Span::styled(" #релиз ", Style::new().bg(Color::Green)),
                ])
                .style(
                    Style::new()
                        .bg(Color::DarkGray)
                        .add_modifier(Modifier::BOLD),
                ),
            ],
            vec![
                Line::from("wide 漢字漢字漢字漢字漢字漢字漢字漢字 at the end"),
                Line::from("tab\there, a newline\n, bell\u{7} and cr\r\nlf"),
                Line::from("combining: e\u{301}e\u{301} and a zwj family 👨‍👩‍👧 ok"),
                Line::from("zero width\u{200b}space, soft\u{ad}hyphen, ﾊﾟﾝ"),
                Line::from(""),
                Line::from("right").alignment(Alignment::Right),
                Line::from("centred").alignment(Alignment::Center),
                Line::from("a line past the last row is not drawn"),
            ],
        ];
        for lines in cases {
            for w in [1, 2, 7, 30, 80] {
                let (paragraph, plain) = both(lines.clone(), w, 6);
                assert_eq!(plain, paragraph, "{lines:?} at width {w}");
            }
        }
    }

    #[test]
    fn lines_of_any_mix_of_scripts_marks_emoji_and_controls_match_a_paragraph() {
        const POOL: &[&str] = &[
            "a",
            "Z",
            " ",
            "7",
            "#",
            "Ж",
            "ё",
            "й",
            "–",
            "…",
            "›",
            "·",
            "●",
            "✓",
            "▶",
            "★",
            "₽",
            "│",
            "█",
            "⠋",
            "↓",
            "é",
            "ß",
            "漢",
            "ｶ",
            "ﾞ",
            "🚀",
            "👍🏽",
            "\u{301}",
            "\u{483}",
            "\u{200d}",
            "\u{fe0f}",
            "\u{200b}",
            "\u{ad}",
            "\t",
            "\n",
            "\r",
            "\u{7}",
            "👨‍👩‍👧",
            "\u{1f1f7}\u{1f1fa}",
            "각",
            "\u{1100}\u{1161}",
            "क्ष",
            "◽",
        ];
        // A fixed sequence, so that a failure comes back the same.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        let styles = [
            Style::new(),
            Style::new().fg(Color::Red),
            Style::new().bg(Color::Green).add_modifier(Modifier::BOLD),
        ];
        for _ in 0..400 {
            let lines: Vec<Line<'static>> = (0..1 + next(3))
                .map(|_| {
                    let spans: Vec<Span<'static>> = (0..1 + next(4))
                        .map(|_| {
                            let text: String =
                                (0..next(12)).map(|_| POOL[next(POOL.len())]).collect();
                            Span::styled(text, styles[next(styles.len())])
                        })
                        .collect();
                    Line::from(spans).style(styles[next(styles.len())])
                })
                .collect();
            let w = 1 + next(20) as u16;
            let (paragraph, plain) = both(lines.clone(), w, 3);
            assert_eq!(plain, paragraph, "{lines:?} at width {w}");
        }
    }

    #[test]
    fn a_wide_grapheme_that_does_not_fit_ends_the_line_and_one_wider_than_the_row_is_skipped() {
        let (paragraph, plain) = both(vec![Line::from("ab漢c")], 3, 1);
        assert_eq!(plain, paragraph);
        let (paragraph, plain) = both(vec![Line::from("漢a")], 1, 1);
        assert_eq!(plain, paragraph);
    }
}
