//! Drawing the funnels screen: the list, or one funnel (summary, overview, board) with the
//! deal popup over it.

mod board;
mod deal;
mod form;
mod info;
mod list;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use crate::app::App;
use crate::funnels::layer::Layer;
use crate::funnels::query::BoardPicker;
use crate::keys::commands::Context;
use crate::screen::Hits;
use crate::text::{truncate, width};
use crate::ui::dialogs::{
    render_confirm, render_field, render_picker, render_prompt, render_waiting,
};
use crate::ui::theme::{Theme, parse_color};
use crate::widgets::field::TextField;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let s = &app.funnels;
    match &s.detail {
        None => list::render(app, t, frame, body, hits),
        Some(d) => {
            info::render(app, t, d, frame, body, hits);
            if let Some(view) = &d.deal {
                hits.cover(deal::render(app, t, d, view, frame, body));
            }
        }
    }
    let prompt_help = || crate::ui::hint_line(app, &[Context::Prompt, Context::Text], true);
    let mut layers = s.layers.iter().peekable();
    while let Some(l) = layers.next() {
        let covered = match l {
            // The list's title line has its box (`list::render`).
            Layer::ListSearch(_) => continue,
            Layer::DealSearch(field) => {
                if let Some(d) = &s.detail {
                    let line = crate::layout::funnels::detail(body, d.info).summary;
                    render_search(t, frame, line, field);
                }
                continue;
            }
            Layer::BoardPicker(BoardPicker::Filter(Some(p))) => render_picker(t, frame, body, p),
            Layer::BoardPicker(BoardPicker::Filter(None)) => {
                render_waiting(app, frame, body, "organizations")
            }
            Layer::BoardPicker(BoardPicker::Sort(p)) => render_picker(t, frame, body, p),
            Layer::Form(e) => {
                let Some(d) = &s.detail else { continue };
                let focused = layers.peek().is_none();
                form::render(app, t, d, e, focused, frame, body)
            }
            Layer::FormPicker(p) => match &p.picker {
                Some(picker) => render_picker(t, frame, body, picker),
                None => render_waiting(app, frame, body, "the list"),
            },
            Layer::Ask(ask) => render_confirm(app, t, frame, body, &ask.question()),
            Layer::TaskPrompt(p) => {
                let feedback = p.error.as_deref().map(|e| (false, e));
                let title = "New task linked to the deal";
                render_prompt(t, frame, body, title, &p.field, feedback, &prompt_help())
            }
            Layer::NamePrompt(p) => {
                let feedback = p.error.as_deref().map(|e| (false, e));
                let title = p.title();
                render_prompt(t, frame, body, &title, &p.field, feedback, &prompt_help())
            }
            Layer::Currency(c) => render_picker(t, frame, body, &c.picker),
            Layer::Links(p) => render_picker(t, frame, body, p),
        };
        hits.cover(covered);
    }
}

/// The deal search box over the summary line: "Search deals: кофе▏".
fn render_search(t: &Theme, frame: &mut Frame, area: Rect, field: &TextField) {
    if area.height == 0 || area.width == 0 {
        return;
    }
    let label = "Search deals: ";
    let lw = (width(label) as u16).min(area.width / 2);
    frame.render_widget(ratatui::widgets::Clear, area);
    frame.render_widget(
        ratatui::widgets::Paragraph::new(Span::styled(label, t.accent())),
        Rect::new(area.x, area.y, lw, 1),
    );
    let rest = Rect::new(area.x + lw, area.y, area.width - lw, 1);
    render_field(frame, rest, field, true);
}

/// An option as a chip in its colour: the colour as background, text that stays readable on
/// it. Without colour, brackets keep chips apart.
pub fn chip(t: &Theme, name: &str, color: Option<&str>) -> Span<'static> {
    let name = crate::text::one_line(name);
    match color.and_then(parse_color) {
        Some(bg) if t.color => {
            Span::styled(format!(" {name} "), Style::new().bg(bg).fg(readable_on(bg)))
        }
        _ => Span::styled(
            format!("[{name}]"),
            Style::new().add_modifier(Modifier::BOLD),
        ),
    }
}

fn readable_on(bg: Color) -> Color {
    match bg {
        Color::Rgb(r, g, b) => {
            let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
            if luma > 150.0 {
                Color::Black
            } else {
                Color::White
            }
        }
        _ => Color::Black,
    }
}

/// A line cut to `w` columns with an ellipsis, keeping each span's style.
pub fn clip_line(line: Line<'static>, w: usize) -> Line<'static> {
    let total: usize = line.spans.iter().map(|s| width(&s.content)).sum();
    if total <= w {
        return line;
    }
    let mut used = 0;
    let mut spans = Vec::new();
    for s in line.spans {
        let room = w.saturating_sub(used);
        if room == 0 {
            break;
        }
        let sw = width(&s.content);
        if sw < room {
            used += sw;
            spans.push(s);
        } else {
            // `truncate` adds the ellipsis only when it cuts; this span ends the line either way.
            let mut cut = truncate(&s.content, room);
            if sw == room {
                cut = truncate(&s.content, room.saturating_sub(1)) + "…";
                if room == 1 {
                    cut = "…".into();
                }
            }
            spans.push(Span::styled(cut, s.style));
            break;
        }
    }
    Line::from(spans).style(line.style)
}
