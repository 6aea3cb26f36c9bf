//! The outbox overlay (`O`): one line per change made offline (since when, its state, its
//! item, what it changes), and under the cursor what there is to decide: at a conflict mine,
//! theirs and the base; at a refusal the service's words.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::keys::commands::Context;
use crate::layout::centered;
use crate::outbox::{Entry, Field, State};
use crate::text::{fit, one_line};
use crate::ui::theme::Theme;

/// The width of the "since" column: "21.11 12:04".
const SINCE_W: usize = 12;
const STATE_W: usize = 9;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, area: Rect, cursor: usize) -> Rect {
    let rect = centered(area, 110, area.height.saturating_sub(2));
    frame.render_widget(Clear, rect);
    let entries = app.offline.entries();
    let mut title = format!(" Outbox · {} waiting", app.offline.waiting());
    let count = |state: State| entries.iter().filter(|e| e.state == state).count();
    match count(State::Conflict) {
        0 => {}
        n => title.push_str(&format!(" · {n} in conflict")),
    }
    match count(State::Refused) {
        0 => {}
        n => title.push_str(&format!(" · {n} refused")),
    }
    title.push(' ');
    let inner_w = usize::from(rect.width.saturating_sub(4)).max(1);
    let hints = hints_here(app);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(title)
        .title_bottom(format!(" {} ", crate::text::fit_hints(&hints, inner_w)));
    let rows = usize::from(rect.height.saturating_sub(2)).max(1);
    let mut lines: Vec<Line> = Vec::new();
    if entries.is_empty() {
        lines.push(Line::styled("Nothing waits to be sent.", t.dim()));
    }
    let cursor = cursor.min(entries.len().saturating_sub(1));
    for (i, e) in entries.iter().enumerate() {
        let here = i == cursor;
        lines.push(entry_line(app, t, e, here, inner_w));
        if here {
            lines.extend(details(app, t, e, inner_w));
        }
    }
    // The cursor's line (and what is under it) in view.
    let detail_rows = entries
        .get(cursor)
        .map_or(0, |e| details(app, t, e, inner_w).len());
    let scroll = (cursor + 1 + detail_rows).saturating_sub(rows);
    let scroll = u16::try_from(scroll).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), rect);
    rect
}

/// The box offers only what applies to the change under the cursor (as the footer does).
fn hints_here(app: &App) -> String {
    let reach: Vec<_> = app
        .keymap
        .available(&[Context::Outbox, Context::Overlay], false)
        .into_iter()
        .filter(|r| !app.overlay_idle(r.command.action))
        .collect();
    super::joined_hints(&reach)
}

fn entry_line(app: &App, t: &Theme, e: &Entry, here: bool, w: usize) -> Line<'static> {
    let local = e.created_at.to_offset(app.utc_offset);
    let today = app.wall.to_offset(app.utc_offset).date();
    let since = if local.date() == today {
        crate::datetime::clock_time(e.created_at, app.utc_offset)
    } else {
        format!(
            "{:02}.{:02} {}",
            local.day(),
            local.month() as u8,
            crate::datetime::clock_time(e.created_at, app.utc_offset)
        )
    };
    let state_style = match e.state {
        State::Conflict | State::Refused => t.error(),
        State::Sending => t.accent(),
        State::Waiting => t.dim(),
    };
    let lead = if here { "› " } else { "  " };
    let what = app.describe(e);
    let name_w = w
        .saturating_sub(2 + SINCE_W + STATE_W + crate::text::width(&what) + 2)
        .max(8);
    let name = fit(&crate::text::quoted_full(&one_line(&e.name)), name_w);
    let mut line = Line::from(vec![
        Span::styled(lead, t.accent()),
        Span::styled(fit(&since, SINCE_W), t.dim()),
        Span::styled(fit(e.state.label(), STATE_W), state_style),
        Span::raw(name),
        Span::raw("  "),
        Span::raw(what),
    ]);
    if here {
        line = line.style(t.selected());
    }
    line
}

/// What there is to decide about the change under the cursor.
fn details(app: &App, t: &Theme, e: &Entry, w: usize) -> Vec<Line<'static>> {
    let value = |f: &Option<Field>| match f {
        Some(f) => app.value_text(f),
        None => "–".into(),
    };
    let indent = " ".repeat(2 + SINCE_W);
    let mut out = Vec::new();
    match e.state {
        State::Conflict => {
            let mine = value(&e.change.field().cloned());
            out.push(Line::from(vec![
                Span::raw(indent.clone()),
                Span::styled("mine ", t.bold()),
                Span::raw(fit(&mine, w / 3)),
                Span::styled("  theirs ", t.bold()),
                Span::raw(fit(&value(&e.theirs), w / 3)),
            ]));
            out.push(Line::from(vec![
                Span::raw(indent),
                Span::styled("base ", t.dim()),
                Span::styled(value(&e.base.value), t.dim()),
                Span::styled("  (what it was when mine was made)", t.dim()),
            ]));
        }
        State::Refused => {
            let said = e.message.as_deref().unwrap_or("no reason given");
            for part in crate::text::wrap(
                &format!("the service: {said}"),
                w.saturating_sub(indent.len()),
                3,
            ) {
                out.push(Line::from(vec![
                    Span::raw(indent.clone()),
                    Span::styled(part, t.error()),
                ]));
            }
        }
        State::Waiting | State::Sending => {}
    }
    out
}
