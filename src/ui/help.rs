//! Help (`?`): every key the screen's layers reach, generated from the command table, in
//! sections by layer, narrowed by the filter `/` types (see `app::help`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::help::HelpFilter;
use crate::app::{App, Overlay};
use crate::keys::commands::Context;
use crate::keys::keymap::Reach;
use crate::layout::centered;
use crate::ui::theme::Theme;
use crate::ui::{hint_line, overlay_scroll_max};

/// Help's filter, when one narrows it.
fn filter(app: &App) -> Option<&HelpFilter> {
    match &app.overlay {
        Some(Overlay::Help { filter, .. }) if filter.typing || !filter.text().is_empty() => {
            Some(filter)
        }
        _ => None,
    }
}

/// Rows the filter's line takes at the top of the box, over the keys.
pub(super) fn filter_rows(app: &App) -> u16 {
    u16::from(filter(app).is_some())
}

/// Where help is drawn, and its lines at that width.
pub(super) fn help_box(app: &App, t: &Theme, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let rect = centered(area, 76, area.height.saturating_sub(2));
    let inner_w = usize::from(rect.width.saturating_sub(2));
    (rect, help_lines(app, t, inner_w))
}

/// A key and its description, the description wrapped under itself (a hanging indent), so
/// keys stay in one column however narrow the box; keys too long for the column get a line of
/// their own.
fn key_lines(keys: &str, text: &str, width: usize, theme: &Theme) -> Vec<Line<'static>> {
    const KEY_W: usize = 16;
    let indent = KEY_W + 3;
    let room = width.saturating_sub(indent).max(10);
    let mut rows = crate::text::wrap(text, room, usize::MAX);
    if rows.is_empty() {
        rows.push(String::new());
    }
    let mut out = Vec::new();
    let own_line = crate::text::width(keys) > KEY_W;
    if own_line {
        out.push(Line::styled(format!("  {keys}"), theme.bold()));
    }
    out.extend(rows.into_iter().enumerate().map(|(i, row)| {
        let head = if i == 0 && !own_line {
            Span::styled(format!("  {keys:<KEY_W$} "), theme.bold())
        } else {
            Span::raw(" ".repeat(indent))
        };
        Line::from(vec![head, Span::raw(row)])
    }));
    out
}

/// The sections of help for the screen: the contexts of its focused layer (with only the keys
/// that reach each command there), then the other layers it can open, then the app-wide keys.
pub fn help_sections(app: &App) -> Vec<(Context, Vec<Reach>)> {
    let focus = app.screen_focus();
    let mut chain = focus.chain.clone();
    chain.retain(|c| *c != Context::Global);
    let extra = app
        .screen_state(app.screen)
        .help_contexts()
        .iter()
        .chain(&[
            Context::Picker,
            Context::Text,
            Context::Confirm,
            Context::Overlay,
        ])
        .copied();
    for c in extra {
        if !chain.contains(&c) {
            chain.push(c);
        }
    }
    chain.push(Context::Global);
    // Shadowing is the focused layer's: a later section lists its keys as they are.
    let reach_in_focus = app.keymap.available(&focus.chain, false);
    let filter = filter(app);
    chain
        .into_iter()
        .map(|ctx| {
            let rows: Vec<Reach> = if focus.chain.contains(&ctx) {
                reach_in_focus
                    .iter()
                    .filter(|r| r.command.context == ctx)
                    .cloned()
                    .collect()
            } else {
                app.keymap.available(&[ctx], false)
            };
            let rows = rows
                .into_iter()
                .filter(|r| filter.is_none_or(|f| f.keeps(r.command, &r.keys)))
                .collect();
            (ctx, rows)
        })
        .filter(|(_, rows): &(Context, Vec<Reach>)| !rows.is_empty())
        .collect()
}

/// Help as lines `width` columns wide.
pub fn help_lines(app: &App, t: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = Vec::new();
    let sections = help_sections(app);
    if sections.is_empty()
        && let Some(f) = filter(app)
    {
        let text = format!(
            "No key matches {}: a key (d, C-d), an id (tasks.due) or words (due date){}",
            crate::text::quoted(f.text(), 30),
            crate::ui::then_say(app, "help_search.clear", "clears it"),
        );
        for part in crate::text::wrap(&text, width.saturating_sub(2).max(10), usize::MAX) {
            lines.push(Line::styled(format!("  {part}"), t.dim()));
        }
        return lines;
    }
    for (ctx, rows) in sections {
        if !lines.is_empty() {
            lines.push(Line::raw(""));
        }
        lines.push(Line::styled(ctx.title(), t.accent()));
        for r in rows {
            let keys = if r.keys.is_empty() {
                "(no key)".to_string()
            } else {
                r.label()
            };
            lines.extend(key_lines(&keys, r.command.description, width, t));
        }
    }
    lines
}

pub(super) fn render_help(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    scroll: u16,
) -> Rect {
    let (rect, lines) = help_box(app, t, area);
    let scroll = scroll.min(overlay_scroll_max(app));
    frame.render_widget(Clear, rect);
    let chain = app.focus().chain;
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" Keys: {} ", app.screen.title()))
        .title_bottom(format!(
            " {} ",
            crate::text::fit_hints(
                &hint_line(app, &chain, false),
                usize::from(rect.width.saturating_sub(4))
            )
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let mut keys_area = inner;
    if let Some(f) = filter(app)
        && inner.height > 1
    {
        let line = Rect::new(inner.x, inner.y, inner.width, 1);
        frame.render_widget(Paragraph::new(Span::styled("/ ", t.accent())), line);
        let field = Rect::new(line.x + 2, line.y, line.width.saturating_sub(2), 1);
        crate::ui::dialogs::render_field(frame, field, &f.query, f.typing);
        keys_area = Rect::new(inner.x, inner.y + 1, inner.width, inner.height - 1);
    }
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), keys_area);
    rect
}
