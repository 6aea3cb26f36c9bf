//! The command palette: the text typed, the commands and the names it finds under their
//! headings, and a last line that says what the store gave (or why a name did not open).
//! Only the rows on screen are drawn, however many the text found.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::dialogs::render_field;
use super::projects::name_spans;
use crate::app::App;
use crate::goto::{Palette, Row};
use crate::layout::centered;
use crate::store::{NameKind, Named};
use crate::text::{truncate, width};
use crate::ui::theme::Theme;

/// The widest the box gets: room for a long name and where it lives.
const WIDTH: u16 = 100;

/// Draws the palette over `area`; the box it drew.
pub fn render(app: &App, t: &Theme, frame: &mut Frame, area: Rect, p: &Palette) -> Rect {
    // One size whatever the text finds, so the box stays put while typing.
    let rect = centered(
        area,
        area.width.saturating_sub(4).min(WIDTH),
        area.height.saturating_sub(2).max(6),
    );
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Commands and names ");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height < 3 {
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
    let w = usize::from(inner.width);
    let room = usize::from(inner.height - 2);
    let start = p.cursor.saturating_sub(room.saturating_sub(1));
    let query = p.query.value().trim();
    let mut lines: Vec<Line> = Vec::with_capacity(room);
    if p.rows.is_empty() {
        lines.push(Line::styled(format!("  {}", p.no_match_text()), t.dim()));
    }
    for (at, row) in p.rows.iter().enumerate().skip(start).take(room) {
        let line = match *row {
            Row::Heading { kind, shown, total } => heading(kind, shown, total, w, t),
            Row::Command(i) => {
                let label = p.command(i).map(|c| c.label.as_str()).unwrap_or_default();
                Line::raw(format!(
                    "  {}",
                    truncate(&crate::text::one_line(label), w.saturating_sub(2))
                ))
            }
            Row::Name(i) => match p.name(i) {
                Some(named) => name_line(app, named, query, w, t),
                None => Line::raw(""),
            },
        };
        lines.push(if at == p.cursor {
            line.style(t.cursor_row())
        } else {
            line
        });
    }
    frame.render_widget(
        Paragraph::new(lines),
        Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 2),
    );
    let (text, style) = match &p.notice {
        Some(n) if n.error => (n.text.clone(), t.error()),
        Some(n) => (n.text.clone(), t.accent()),
        None => (p.status(), t.dim()),
    };
    frame.render_widget(
        Paragraph::new(Span::styled(truncate(&text, w), style)),
        Rect::new(inner.x, inner.y + inner.height - 1, inner.width, 1),
    );
    rect
}

fn heading(
    kind: Option<NameKind>,
    shown: usize,
    total: usize,
    w: usize,
    t: &Theme,
) -> Line<'static> {
    let title = match kind {
        None => "Commands",
        Some(NameKind::Task) => "Tasks",
        Some(NameKind::Project) => "Projects",
        Some(NameKind::Board) => "Boards",
        Some(NameKind::Deal) => "Deals",
        Some(NameKind::Contact) => "Contacts",
        Some(NameKind::Organization) => "Organizations",
        Some(NameKind::Member) => "Members",
    };
    let count = if shown < total {
        format!(
            " · {shown} of {}, type more to narrow",
            crate::amounts::number(total as f64)
        )
    } else {
        format!(" · {total}")
    };
    let count = truncate(&count, w.saturating_sub(width(title)));
    Line::from(vec![
        Span::styled(title, t.bold()),
        Span::styled(count, t.dim()),
    ])
}

/// A name, the letters the text matched in the accent colour, and where it lives, dim.
fn name_line(app: &App, named: &Named, query: &str, w: usize, t: &Theme) -> Line<'static> {
    let place = match named.kind {
        NameKind::Task => format!("#{}", named.id),
        NameKind::Board => named
            .place
            .as_deref()
            .and_then(|p| p.parse::<i64>().ok())
            .map(|p| app.names.project_name(p))
            .unwrap_or_default(),
        _ => String::new(),
    };
    let name = truncate(&crate::text::one_line(&named.name), w.saturating_sub(2));
    let hits = crate::fuzzy::positions(query, &name);
    let mut spans = vec![Span::raw("  ")];
    spans.extend(name_spans(&name, &hits, Style::new(), t));
    let left = w.saturating_sub(2 + width(&name) + 2);
    if !place.is_empty() && left > 3 {
        spans.push(Span::styled(
            format!("  {}", truncate(&place, left)),
            t.dim(),
        ));
    }
    Line::from(spans)
}
