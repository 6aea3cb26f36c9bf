//! The projects screen: portfolios, projects and boards as an indented tree, with the name
//! filter on its first line. Loading, empty and failed each look different.

#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use crate::app::App;
use crate::keys::commands::Context;
use crate::layout::projects::areas;
use crate::projects::layer::Layer;
use crate::projects::{Node, Row};
use crate::text::{truncate, width};
use crate::ui::dialogs::{render_confirm, render_prompt};
use crate::ui::theme::Theme;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect) {
    render_tree(app, t, frame, body);
    let state = &app.projects;
    for l in state.layers.iter() {
        match l {
            // The filter line has the box (`render_filter`).
            Layer::Search => {}
            Layer::Prompt(p) => {
                let help = crate::ui::hint_line(app, &[Context::Prompt, Context::Text], true);
                let feedback = p.error.as_deref().map(|e| (false, e));
                let portfolios = state
                    .portfolios
                    .value()
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                let title = p.title(&app.names, portfolios);
                render_prompt(t, frame, body, &title, &p.field, feedback, &help);
            }
            Layer::Ask(ask) => {
                render_confirm(app, t, frame, body, &ask.question());
            }
        }
    }
}

fn render_tree(app: &App, t: &Theme, frame: &mut Frame, body: Rect) {
    let state = &app.projects;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.dim())
        .title(Span::styled(" Projects ", t.bold()));
    frame.render_widget(block, body);
    let a = areas(body);
    render_filter(app, t, frame, a.filter);

    let rows = state.rows(&app.names);
    let cols = usize::from(a.rows.width);
    if rows.is_empty() {
        let text = empty_text(app);
        frame.render_widget(
            Paragraph::new(Span::styled(truncate(&text, cols), t.dim())),
            a.rows,
        );
        return;
    }
    let cursor = state
        .cursor
        .and_then(|c| rows.iter().position(|r| r.node == c))
        .unwrap_or(0);
    let page = usize::from(a.rows.height);
    // The scroll kept by the state, moved only as far as needed to show the cursor (a resize
    // may have left it out of sight).
    let mut top = state.scroll.min(rows.len().saturating_sub(1));
    if cursor < top {
        top = cursor;
    } else if page > 0 && cursor >= top + page {
        top = cursor + 1 - page;
    }
    let lines: Vec<Line> = rows
        .iter()
        .enumerate()
        .skip(top)
        .take(page)
        .map(|(i, r)| row_line(r, i == cursor, cols, t))
        .collect();
    frame.render_widget(Paragraph::new(lines), a.rows);
}

fn render_filter(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let state = &app.projects;
    let cols = usize::from(area.width);
    let line = match &state.filter {
        Some(f) if state.typing() || !f.value().is_empty() => {
            let shown = truncate(f.value(), cols.saturating_sub(3));
            let mut spans = vec![Span::styled("/ ", t.accent())];
            if state.typing() {
                // The bar stands where the next letter goes.
                let at = f.input.cursor().min(shown.chars().count());
                let before: String = shown.chars().take(at).collect();
                let after: String = shown.chars().skip(at).collect();
                spans.push(Span::raw(before));
                spans.push(Span::styled("▏", t.accent()));
                spans.push(Span::raw(after));
            } else {
                spans.push(Span::raw(shown));
            }
            Line::from(spans)
        }
        _ => Line::from(Span::styled(truncate("/ filter by name", cols), t.dim())),
    };
    frame.render_widget(Paragraph::new(line), area);
}

fn empty_text(app: &App) -> String {
    let state = &app.projects;
    if let Some(e) = state.portfolios.error().or(app.names.projects.error()) {
        return format!(
            "Could not read the projects: {} · r to try again",
            e.short()
        );
    }
    if state.portfolios.is_loading() || app.names.projects.is_loading() {
        return "Loading projects…".into();
    }
    if !state.filter_text().is_empty() {
        return format!("Nothing matches “{}”.", state.filter_text());
    }
    format!(
        "No projects yet.{}",
        crate::ui::then_say(app, "projects.new_project", "creates one")
    )
}

fn row_line(r: &Row, at_cursor: bool, cols: usize, t: &Theme) -> Line<'static> {
    let indent = "  ".repeat(r.depth);
    let marker = match (r.branch, r.open) {
        (true, true) => "▾ ",
        (true, false) => "▸ ",
        (false, _) => "  ",
    };
    let kind = match r.node {
        Node::Portfolio(_) => "◆ ",
        Node::Unfiled => "◇ ",
        Node::Project(_) => "■ ",
        Node::Board { .. } => "▤ ",
    };
    let lead = format!("{indent}{marker}{kind}");
    let note = r
        .note
        .as_deref()
        .map(|n| format!("  {n}"))
        .unwrap_or_default();
    let room = cols.saturating_sub(width(&lead));
    let name = truncate(&r.name, room);
    let note = truncate(&note, room.saturating_sub(width(&name)));
    let mut name_style = match r.node {
        Node::Portfolio(_) | Node::Unfiled => t.bold(),
        _ => Style::new(),
    };
    if !r.matched {
        name_style = t.dim();
    }
    let mut spans = vec![Span::styled(lead, t.dim())];
    spans.extend(name_spans(&name, &r.hits, name_style, t));
    spans.push(Span::styled(note, t.dim()));
    if at_cursor {
        let used: usize = spans.iter().map(|s| width(&s.content)).sum();
        spans.push(Span::raw(" ".repeat(cols.saturating_sub(used))));
        for s in &mut spans {
            s.style = s.style.patch(t.cursor_row()).add_modifier(Modifier::BOLD);
        }
    }
    Line::from(spans)
}

/// The name cut in runs, the letters the filter matched in the accent colour, underlined.
pub fn name_spans(name: &str, hits: &[usize], style: Style, t: &Theme) -> Vec<Span<'static>> {
    let hit_style = style.patch(t.accent()).add_modifier(Modifier::UNDERLINED);
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut run = String::new();
    let mut run_hit = false;
    for (i, c) in name.chars().enumerate() {
        let hit = hits.binary_search(&i).is_ok();
        if hit != run_hit && !run.is_empty() {
            let s = if run_hit { hit_style } else { style };
            spans.push(Span::styled(std::mem::take(&mut run), s));
        }
        run_hit = hit;
        run.push(c);
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, if run_hit { hit_style } else { style }));
    }
    spans
}
