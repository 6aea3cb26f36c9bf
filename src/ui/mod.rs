//! Drawing: a pure function of the app's state. Nothing here changes state or does IO.

pub mod contacts;
pub mod funnels;
pub mod popup;
pub mod tasks;
pub mod theme;

#[cfg(test)]
mod tasks_snapshots;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::commands::{self, Context};
use crate::app::toast::ToastKind;
use crate::app::{App, Hits, Overlay, Screen};
use crate::layout::{self, centered};
use crate::text::{truncate, width};
use crate::ui::theme::Theme;

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

pub fn spinner_frame(app: &App) -> &'static str {
    SPINNER[app.spinner % SPINNER.len()]
}

/// Draws the app in the colours of `t` and returns what each clickable area of the frame
/// shows.
pub fn render(app: &App, t: &Theme, frame: &mut Frame) -> Hits {
    let mut hits = Hits::default();
    let area = frame.area();
    if layout::too_small(area) {
        let msg = format!(
            "Too small: {}x{} (min {}x{})",
            area.width,
            area.height,
            layout::MIN_WIDTH,
            layout::MIN_HEIGHT
        );
        let y = area.y + area.height / 2;
        frame.render_widget(
            Paragraph::new(truncate(&msg, usize::from(area.width))).alignment(Alignment::Center),
            Rect::new(area.x, y, area.width, 1.min(area.height)),
        );
        return hits;
    }
    let parts = layout::frame(area);
    render_header(app, t, frame, parts.header);
    match app.screen {
        Screen::Tasks => tasks::render(app, t, frame, parts.body, &mut hits),
        Screen::Funnels => funnels::render(app, t, frame, parts.body, &mut hits),
        Screen::Contacts => contacts::render(app, t, frame, parts.body, &mut hits),
    }
    render_footer(app, t, frame, parts.footer);
    render_toasts(app, t, frame, parts.body, &mut hits);
    let overlay = match &app.overlay {
        Some(Overlay::Help { scroll }) => Some(render_help(app, t, frame, area, *scroll)),
        Some(Overlay::Messages { scroll }) => Some(render_messages(app, t, frame, area, *scroll)),
        Some(Overlay::Palette(p)) => Some(popup::render_picker(t, frame, area, p)),
        Some(Overlay::Confirm { question, .. }) => {
            Some(popup::render_confirm(t, frame, area, question))
        }
        None => None,
    };
    if let Some(r) = overlay {
        hits.cover(r);
    }
    hits
}

fn render_header(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let mut spans = vec![Span::styled(" weeek ", t.accent())];
    // Each tab names the key that reaches it from here: on the task list the digits set
    // priorities, so there it says Alt-2, not 2.
    let reachable = commands::available(&app.contexts());
    for s in Screen::ALL {
        let action = match s {
            Screen::Tasks => commands::Action::ScreenTasks,
            Screen::Funnels => commands::Action::ScreenFunnels,
            Screen::Contacts => commands::Action::ScreenContacts,
        };
        let key = reachable
            .iter()
            .find(|c| c.action == action)
            .map(|c| commands::key_labels(c, &reachable))
            .and_then(|k| k.split('/').next().map(str::to_string))
            .unwrap_or_default();
        let label = format!(" {key} {} ", s.title());
        let style = if s == app.screen {
            t.selected().add_modifier(Modifier::BOLD)
        } else {
            t.dim()
        };
        spans.push(Span::styled(label, style));
    }
    let who = match (app.dir.workspace.value(), app.dir.me()) {
        (Some(ws), Some(me)) => format!("{} · {}", ws.title, me.display_name()),
        (Some(ws), None) => ws.title.clone(),
        (None, Some(me)) => me.display_name(),
        (None, None) => match app.dir.user.error() {
            Some(e) => app.error_text(e),
            None => "connecting…".to_string(),
        },
    };
    let busy = if app.requests.in_flight() > 0 {
        format!(" {} ", spinner_frame(app))
    } else {
        "   ".to_string()
    };
    // A read being tried again says so here until its answer comes.
    let retrying = app.retry_note();
    let who = retrying.map_or(who, str::to_string);
    let left_w: usize = spans.iter().map(|s| width(&s.content)).sum();
    let room = usize::from(area.width).saturating_sub(left_w + width(&busy) + 1);
    let who = truncate(&format!(" {who}"), room);
    let pad = room.saturating_sub(width(&who));
    spans.push(Span::raw(" ".repeat(pad)));
    let who_style = if retrying.is_some() {
        t.fg(Color::Yellow)
    } else if app.dir.user.error().is_some() {
        t.error()
    } else {
        t.bold()
    };
    spans.push(Span::styled(who, who_style));
    spans.push(Span::styled(busy, t.accent()));
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn render_footer(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    // An overlay has the keys: say what they do there, not what they do underneath.
    let overlay_keys: Option<&[(&str, &str)]> = match &app.overlay {
        Some(Overlay::Confirm { .. }) => Some(&[("y", "yes"), ("any other key", "no")]),
        Some(Overlay::Help { .. } | Overlay::Messages { .. }) => {
            Some(&[("j/k", "scroll"), ("any other key", "close")])
        }
        Some(Overlay::Palette(_)) => Some(&[
            ("type", "filter"),
            ("↑/↓", "choose"),
            ("Enter", "run"),
            ("Esc", "close"),
        ]),
        None => None,
    };
    if let Some(keys) = overlay_keys {
        let spans: Vec<Span> = keys
            .iter()
            .flat_map(|(k, d)| {
                [
                    Span::styled(format!(" {k}"), t.accent()),
                    Span::styled(format!(" {d} "), t.dim()),
                ]
            })
            .collect();
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
        return;
    }
    let contexts = app.contexts();
    let reachable = commands::available(&contexts);
    let mut spans: Vec<Span> = Vec::new();
    let mut used = 0usize;
    let max = usize::from(area.width);
    if let Some(note) = app.screen_state(app.screen).footer_note() {
        let m = format!(" {note} ");
        used += width(&m);
        spans.push(Span::styled(m, t.selected()));
    }
    let typing = app.screen_state(app.screen).keyboard_taken();
    // "? help" always shows at the right end: every other key is one press away from it.
    let help = (!typing)
        .then(|| {
            reachable
                .iter()
                .find(|c| c.action == commands::Action::Help)
        })
        .flatten()
        .map(|c| commands::key_labels(c, &reachable))
        .filter(|k| !k.is_empty());
    let help_w = help.as_ref().map_or(0, |k| width(k) + 7);
    let max = max.saturating_sub(help_w);
    for c in reachable.iter().filter(|c| {
        c.hint.is_some()
            && c.action != commands::Action::Help
            && !(typing && c.context == Context::Global)
    }) {
        let keys = commands::key_labels(c, &reachable);
        if keys.is_empty() {
            continue;
        }
        let keys = if matches!(c.action, commands::Action::Priority(_)) {
            "0-3".to_string()
        } else {
            keys
        };
        let hint = c.hint.unwrap_or_default();
        let w = width(&keys) + width(hint) + 3;
        if used + w > max {
            break;
        }
        used += w;
        spans.push(Span::styled(format!(" {keys}"), t.accent()));
        spans.push(Span::styled(format!(" {hint} "), t.dim()));
    }
    if let Some(keys) = help {
        spans.push(Span::raw(" ".repeat(max.saturating_sub(used))));
        spans.push(Span::styled(format!(" {keys}"), t.accent()));
        spans.push(Span::styled(" help ", t.dim()));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn render_toasts(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let toasts = app.toasts.visible();
    let max_w = usize::from(body.width.saturating_sub(4)).min(90);
    // Newest at the bottom; a long message takes a second line rather than losing its end
    // (what a write came to is said last). M shows every message in full.
    let mut bottom = body.y + body.height;
    for toast in toasts.iter().rev() {
        let lines = crate::text::wrap(&toast.text, max_w, 2);
        let h = lines.len() as u16;
        if bottom < body.y + 1 + h {
            break;
        }
        bottom -= h;
        let w = lines.iter().map(|l| width(l)).max().unwrap_or(0) as u16 + 2;
        let x = body.x + body.width.saturating_sub(w + 1);
        let style = match (toast.kind, t.color) {
            (_, false) => Style::new().add_modifier(Modifier::REVERSED),
            (ToastKind::Error, _) => Style::new()
                .bg(Color::Red)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            (ToastKind::Success, _) => Style::new().bg(Color::Green).fg(Color::Black),
            (ToastKind::Info, _) => Style::new().bg(Color::DarkGray).fg(Color::White),
        };
        let rect = Rect::new(x, bottom, w.min(body.width), h);
        let text: Vec<Line> = lines
            .iter()
            .map(|l| {
                Line::styled(
                    format!(" {} ", crate::text::fit(l, usize::from(w) - 2)),
                    style,
                )
            })
            .collect();
        frame.render_widget(Clear, rect);
        frame.render_widget(Paragraph::new(text), rect);
        hits.cover(rect);
    }
}

/// A title line: `spans` cut to what fits, then `note` at the right end (a count, a status).
pub fn title_line(
    spans: Vec<Span<'static>>,
    note: Span<'static>,
    width_cols: u16,
) -> Line<'static> {
    let room = usize::from(width_cols).saturating_sub(width(&note.content) + 1);
    let mut used = 0;
    let mut kept = Vec::new();
    for sp in spans {
        if used >= room {
            break;
        }
        let cut = truncate(&sp.content, room - used);
        used += width(&cut);
        kept.push(Span::styled(cut, sp.style));
    }
    kept.push(Span::raw(" ".repeat(room - used + 1)));
    kept.push(note);
    Line::from(kept)
}

fn render_messages(app: &App, t: &Theme, frame: &mut Frame, area: Rect, scroll: u16) -> Rect {
    let mut lines: Vec<Line> = app
        .toasts
        .history()
        .map(|(kind, text)| {
            let (mark, style) = match kind {
                ToastKind::Error => ("✗ ", t.error()),
                ToastKind::Success => ("✓ ", t.success()),
                ToastKind::Info => ("· ", t.dim()),
            };
            Line::from(vec![
                Span::styled(mark, style),
                Span::raw(crate::text::one_line(text)),
            ])
        })
        .collect();
    if lines.is_empty() {
        lines.push(Line::styled("No messages yet.", t.dim()));
    }
    let rect = centered(area, 100, area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Messages, newest first ")
        .title_bottom(" j/k scroll · any other key closes ");
    frame.render_widget(
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0)),
        rect,
    );
    rect
}

/// A key and its description, the description wrapped under itself (a hanging indent), so
/// keys stay in one column however narrow the box.
fn key_lines(keys: &str, text: &str, width: usize, theme: &theme::Theme) -> Vec<Line<'static>> {
    const KEY_W: usize = 16;
    let indent = KEY_W + 3;
    let room = width.saturating_sub(indent).max(10);
    let mut rows = crate::text::wrap(text, room, usize::MAX);
    if rows.is_empty() {
        rows.push(String::new());
    }
    rows.into_iter()
        .enumerate()
        .map(|(i, row)| {
            let head = if i == 0 {
                Span::styled(format!("  {keys:<KEY_W$} "), theme.bold())
            } else {
                Span::raw(" ".repeat(indent))
            };
            Line::from(vec![head, Span::raw(row)])
        })
        .collect()
}

fn render_help(app: &App, t: &Theme, frame: &mut Frame, area: Rect, scroll: u16) -> Rect {
    let rect = centered(area, 76, area.height.saturating_sub(2));
    let inner_w = usize::from(rect.width.saturating_sub(2));
    let contexts = app.contexts();
    let reachable = commands::available(&contexts);
    let mut lines: Vec<Line> = Vec::new();
    let mut last: Option<Context> = None;
    for c in &reachable {
        if last != Some(c.context) {
            if last.is_some() {
                lines.push(Line::raw(""));
            }
            lines.push(Line::styled(c.context.title(), t.accent()));
            last = Some(c.context);
        }
        let keys = commands::key_labels(c, &reachable);
        lines.extend(key_lines(&keys, c.description, inner_w, t));
    }
    let extra: &[(&str, &str)] = match app.screen {
        Screen::Tasks => &[
            ("type", "narrow a picker's list (fuzzy)"),
            ("Tab", "toggle an item in multi-select pickers"),
            ("Enter", "choose / apply"),
            ("Esc", "cancel"),
            ("C-a C-e C-w C-u", "readline editing in text fields"),
        ],
        Screen::Contacts => &[
            ("Tab Enter", "next field; the field left is checked"),
            ("S-Tab", "previous field"),
            ("Esc", "leave the field (keys then act as commands)"),
            ("C-a C-e C-w C-u", "readline editing in text fields"),
            ("Tab", "toggle an organization or tag in its picker"),
        ],
        Screen::Funnels => &[],
    };
    if !extra.is_empty() {
        lines.push(Line::raw(""));
        lines.push(Line::styled("Pickers and fields", t.accent()));
        for (k, d) in extra {
            lines.extend(key_lines(k, d, inner_w, t));
        }
    }
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" Keys: {} ", app.screen.title()))
        .title_bottom(" j/k scroll · any other key closes ");
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), rect);
    rect
}
