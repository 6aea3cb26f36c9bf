//! Dialogs drawn for every screen: pickers, one-line prompts, yes/no questions, a box for
//! items still loading, and the text field inside them. Each returns the box it drew, which
//! covers what is under it for clicks.

use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::layout::centered;
use crate::text::{truncate, width};
use crate::ui::theme::Theme;
use crate::widgets::field::TextField;
use crate::widgets::picker::Picker;

/// Draws `field` on one line of `area`, scrolled so the cursor is visible, and puts the
/// terminal cursor there; a selected value is drawn reversed.
pub fn render_field(frame: &mut Frame, area: Rect, field: &TextField, focused: bool) {
    let w = usize::from(area.width.max(1));
    let scroll = field.input.visual_scroll(w.saturating_sub(1));
    let visible: String = {
        let mut cols = 0;
        let mut out = String::new();
        let mut skipped = 0;
        for c in field.value().chars() {
            let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
            if skipped < scroll {
                skipped += cw;
                continue;
            }
            if cols + cw > w {
                break;
            }
            cols += cw;
            out.push(c);
        }
        out
    };
    // A selected value (one the app put there) shows reversed: the next letter replaces it.
    let style = if focused && field.selected() {
        Style::new().add_modifier(Modifier::REVERSED)
    } else {
        Style::new()
    };
    frame.render_widget(Paragraph::new(Span::styled(visible, style)), area);
    if focused {
        let x = field.input.visual_cursor().saturating_sub(scroll) as u16;
        frame.set_cursor_position(Position::new(
            area.x + x.min(area.width.saturating_sub(1)),
            area.y,
        ));
    }
}

pub fn render_picker<K: Clone + PartialEq>(
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    p: &Picker<K>,
) -> Rect {
    // Sized by all items, not the matches, so the box stays put while typing.
    let h = (p.items.len() as u16 + 3).clamp(6, area.height.saturating_sub(2).max(6));
    let rect = centered(area, 64, h);
    frame.render_widget(Clear, rect);
    let count = if p.filtered.len() == p.items.len() {
        format!(" {} ", p.items.len())
    } else {
        format!(" {}/{} ", p.filtered.len(), p.items.len())
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", p.title))
        .title_bottom(count);
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height < 2 {
        return rect;
    }
    frame.render_widget(
        Paragraph::new(Span::styled("> ", t.accent())),
        Rect::new(inner.x, inner.y, 2, 1),
    );
    render_field(
        frame,
        Rect::new(inner.x + 2, inner.y, inner.width.saturating_sub(2), 1),
        &p.query,
        true,
    );
    let rows = usize::from(inner.height - 1);
    let start = p.cursor.saturating_sub(rows.saturating_sub(1));
    let w = usize::from(inner.width);
    let mut lines = Vec::new();
    if let Some(notice) = &p.notice {
        lines.push(Line::styled(format!("  {notice}"), t.error()));
    } else if p.filtered.is_empty() {
        let style = if p.creates.is_some() {
            t.accent()
        } else {
            t.dim()
        };
        lines.push(Line::styled(format!("  {}", p.no_match_text()), style));
    }
    for (pos, &i) in p.filtered.iter().enumerate().skip(start).take(rows) {
        let item = &p.items[i];
        let mut spans = Vec::new();
        if p.multi {
            spans.push(Span::raw(if p.is_chosen(i) { "[x] " } else { "[ ] " }));
        }
        if item.color.is_some() {
            spans.push(Span::styled("● ", t.swatch(item.color.as_deref())));
        }
        let used: usize = spans.iter().map(|s| width(&s.content)).sum();
        let label_room = w.saturating_sub(used + 1);
        let label = truncate(&crate::text::one_line(&item.label), label_room);
        let detail_room = label_room.saturating_sub(width(&label) + 2);
        spans.push(Span::raw(label));
        if !item.detail.is_empty() && detail_room > 3 {
            spans.push(Span::styled(
                format!("  {}", truncate(&item.detail, detail_room)),
                t.dim(),
            ));
        }
        let mut line = Line::from(spans);
        if pos == p.cursor {
            line = line.style(t.cursor_row());
        }
        lines.push(line);
    }
    frame.render_widget(
        Paragraph::new(lines),
        Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 1),
    );
    rect
}

/// The width of a dialog that shows each of `hints` whole on one line after `indent`
/// columns: at least `base`, at most the terminal's `area` (past it, hints wrap).
pub fn fit_width<'a>(
    base: u16,
    indent: usize,
    hints: impl IntoIterator<Item = &'a str>,
    area: u16,
) -> u16 {
    let widest = hints
        .into_iter()
        .map(|h| width(&crate::text::one_line(h)))
        .max()
        .unwrap_or(0);
    // The borders take two columns.
    let want = u16::try_from(indent + widest + 2).unwrap_or(u16::MAX);
    base.max(want).min(area)
}

/// A hint (a validation message, what the input reads as) as the lines it takes at `cols`
/// columns after `indent` spaces: broken between words, never cut.
pub fn hint_lines(text: &str, indent: usize, cols: usize) -> Vec<String> {
    let room = cols.saturating_sub(indent).max(1);
    // One that fits keeps its spacing (a list of names is set apart by two spaces).
    if width(text) <= room && !text.contains('\n') {
        return vec![format!("{}{text}", " ".repeat(indent))];
    }
    crate::text::wrap(text, room, usize::MAX)
        .into_iter()
        .map(|l| format!("{}{l}", " ".repeat(indent)))
        .collect()
}

/// A one-line question with an input and its feedback under it; the box grows to show the
/// feedback whole, as wide as the terminal, then wraps it.
pub fn render_prompt(
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    title: &str,
    field: &TextField,
    feedback: Option<(bool, &str)>,
    help: &str,
) -> Rect {
    let said = feedback.map(|(ok, text)| {
        let mark = if ok { "→ " } else { "✗ " };
        (ok, format!("{mark}{text}"))
    });
    let w = fit_width(70, 0, said.as_ref().map(|(_, s)| s.as_str()), area.width);
    let lines = said
        .as_ref()
        .map(|(_, s)| hint_lines(s, 0, usize::from(w.saturating_sub(2))))
        .unwrap_or_default();
    // The field, its feedback (one line at least, so the box does not jump), the borders.
    let h = 1 + lines.len().max(1) as u16 + 2;
    let rect = centered(area, w, h.max(5));
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {} ", truncate(title, 60)))
        .title_bottom(crate::ui::bottom_hints(help, rect.width));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 {
        return rect;
    }
    render_field(
        frame,
        Rect::new(inner.x, inner.y, inner.width, 1),
        field,
        true,
    );
    if let Some((ok, _)) = said
        && inner.height > 1
    {
        let style = if ok { t.success() } else { t.error() };
        let shown: Vec<Line> = lines.into_iter().map(|l| Line::styled(l, style)).collect();
        frame.render_widget(
            Paragraph::new(shown),
            Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 1),
        );
    }
    rect
}

pub fn render_confirm(app: &App, t: &Theme, frame: &mut Frame, area: Rect, question: &str) -> Rect {
    let answers = [
        app.keymap.key_of("confirm.yes"),
        app.keymap.key_of("confirm.no"),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("/");
    let answers = format!(" {answers}");
    // Room for the question, its answers (" y/n") and the borders, within the screen; a
    // question wider than the screen wraps rather than losing what it asks.
    let text_w = width(question) + width(&answers);
    let w = (text_w as u16 + 4).clamp(30.min(area.width), area.width.max(1));
    let inner_w = usize::from(w.saturating_sub(2)).max(1);
    let text_rows = text_w.div_ceil(inner_w) as u16;
    let rect = centered(area, w, text_rows + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.error());
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::raw(question.to_string()),
            Span::styled(answers, t.bold()),
        ]))
        .wrap(ratatui::widgets::Wrap { trim: true }),
        inner,
    );
    rect
}

/// "Loading …" in a small box, for a picker whose items are on their way.
pub fn render_waiting(app: &App, frame: &mut Frame, area: Rect, what: &str) -> Rect {
    let rect = centered(area, 40, 3);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title_bottom(format!(" {} ", super::say(app, "picker.cancel", "cancels")));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    frame.render_widget(
        Paragraph::new(format!("{} loading {what}…", super::spinner_frame(app))),
        inner,
    );
    rect
}

/// A multi-line field in `area`: lines are not wrapped, so the cursor's place on screen is its
/// place in the text; the view follows the cursor both ways. A blank field shows `placeholder`.
pub fn render_text_area(
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    text: &crate::widgets::text_area::TextArea,
    placeholder: &str,
    focused: bool,
) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let rows = usize::from(area.height);
    let cols = usize::from(area.width);
    let top = if focused {
        text.row.saturating_sub(rows - 1)
    } else {
        0
    };
    let cursor_line = &text.lines()[text.row.min(text.lines().len() - 1)];
    let before: String = cursor_line.chars().take(text.col).collect();
    let left = if focused {
        crate::text::width(&before).saturating_sub(cols - 1)
    } else {
        0
    };
    let lines: Vec<Line> = text
        .lines()
        .iter()
        .skip(top)
        .take(rows)
        .map(|l| {
            let mut skipped = 0;
            let shown: String = l
                .chars()
                .skip_while(|c| {
                    let go = skipped < left;
                    skipped += unicode_width::UnicodeWidthChar::width(*c).unwrap_or(0);
                    go
                })
                .collect();
            Line::raw(shown)
        })
        .collect();
    if text.is_blank() && text.lines().len() == 1 {
        frame.render_widget(
            Paragraph::new(Span::styled(
                crate::text::truncate(placeholder, cols),
                t.dim(),
            )),
            area,
        );
    } else {
        frame.render_widget(Paragraph::new(lines), area);
    }
    if focused {
        let x = (crate::text::width(&before) - left) as u16;
        frame.set_cursor_position(Position::new(
            area.x + x.min(area.width - 1),
            area.y + (text.row - top) as u16,
        ));
    }
}
