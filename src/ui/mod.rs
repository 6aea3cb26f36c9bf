//! Drawing: a pure function of the app's state. Nothing here changes state or does IO.

pub mod board;
pub mod columns;
pub mod contacts;
pub mod dialogs;
pub mod form_status;
pub mod funnels;
pub mod header;
pub mod help;
pub mod organizations;
pub mod outbox;
pub mod palette;
pub mod plain;
pub mod projects;
pub mod searched_list;
pub mod tasks;
pub mod theme;

#[cfg(test)]
mod comment_snapshots;
#[cfg(test)]
mod custom_field_snapshots;
#[cfg(test)]
mod description_snapshots;
#[cfg(test)]
mod file_snapshots;
#[cfg(test)]
mod help_snapshots;
#[cfg(test)]
mod outbox_snapshots;
#[cfg(all(test, feature = "demo"))]
mod screenshots;
#[cfg(test)]
mod subtask_snapshots;
#[cfg(test)]
mod svg;
#[cfg(test)]
mod task_form_snapshots;
#[cfg(test)]
mod tasks_snapshots;
#[cfg(test)]
mod time_snapshots;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::{App, Overlay};
use crate::keys::commands::{self, Context};
use crate::keys::keymap::{self, Key, Reach};
use crate::layout::{self, ScrollLimits, centered};
use crate::screen::toast::ToastKind;
use crate::screen::{Hits, Screen};
use crate::text::{truncate, width};
use crate::ui::theme::Theme;

const SPINNER: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

pub fn spinner_frame(app: &App) -> &'static str {
    SPINNER[app.spinner % SPINNER.len()]
}

/// Draws the app in the colours of `t` and returns what each clickable area of the frame
/// shows.
/// What a frame drew that the app reads back: where things are, for clicks, and how far its
/// wrapped text can scroll.
#[derive(Debug, Default)]
pub struct Drawn {
    pub hits: Hits,
    pub scrolls: ScrollLimits,
}

pub fn render(app: &App, t: &Theme, frame: &mut Frame) -> Drawn {
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
        return Drawn::default();
    }
    let parts = layout::frame_with(area, app.viewport.messages);
    header::render_header(app, t, frame, parts.header);
    match app.screen {
        Screen::Tasks => tasks::render(app, t, frame, parts.body, &mut hits),
        Screen::Funnels => funnels::render(app, t, frame, parts.body, &mut hits),
        Screen::Contacts if app.contacts.organizations.shown => {
            organizations::render(app, t, frame, parts.body, &mut hits)
        }
        Screen::Contacts => contacts::render(app, t, frame, parts.body, &mut hits),
        Screen::Projects => projects::render(app, t, frame, parts.body),
    }
    render_footer(app, t, frame, parts.footer);
    render_toasts(app, t, frame, parts.messages, &mut hits);
    let overlay = match &app.overlay {
        Some(Overlay::Help { scroll, .. }) => Some(help::render_help(app, t, frame, area, *scroll)),
        Some(Overlay::Messages { scroll }) => Some(render_messages(app, t, frame, area, *scroll)),
        Some(Overlay::Outbox { cursor }) => Some(outbox::render(app, t, frame, area, *cursor)),
        Some(Overlay::Palette(p)) => Some(palette::render(app, t, frame, area, p)),
        Some(Overlay::Workspaces(p)) => Some(dialogs::render_picker(t, frame, area, p)),
        Some(Overlay::Confirm { question, .. }) => {
            Some(dialogs::render_confirm(app, t, frame, area, question))
        }
        None => None,
    };
    if let Some(r) = overlay {
        hits.cover(r);
    }
    Drawn {
        hits,
        scrolls: scroll_limits(app),
    }
}

/// How far the frame's wrapped text can scroll, as `render` measures it.
pub fn scroll_limits(app: &App) -> ScrollLimits {
    ScrollLimits {
        detail: match app.screen {
            Screen::Tasks => tasks::detail_scroll_max(app),
            _ => 0,
        },
        overlay: overlay_scroll_max(app),
    }
}

/// Short hints (`keys` `hint`) of the commands that have one, in table order; neighbours with
/// the same hint share it (`0-3 prio`).
pub fn hints(reach: &[Reach]) -> Vec<(String, &'static str)> {
    hint_groups(reach)
        .into_iter()
        .map(|g| (g.keys, g.hint))
        .collect()
}

/// One hint of the footer and the commands behind it.
struct HintGroup {
    keys: String,
    hint: &'static str,
    /// One of its commands is among those the footer keeps when room is short.
    first: bool,
}

fn hint_groups(reach: &[Reach]) -> Vec<HintGroup> {
    // The keys of each command of a run that shares a hint.
    let mut out: Vec<(Vec<Vec<Key>>, &'static str, bool)> = Vec::new();
    for r in reach {
        let Some(hint) = r.command.hint else {
            continue;
        };
        if r.keys.is_empty() {
            continue;
        }
        let first = commands::FOOTER_FIRST.contains(&r.command.id);
        match out.last_mut() {
            Some((keys, h, f)) if *h == hint => {
                keys.push(r.keys.clone());
                *f |= first;
            }
            _ => out.push((vec![r.keys.clone()], hint, first)),
        }
    }
    out.into_iter()
        .map(|(mut keys, hint, first)| {
            // One command: all its keys (`Enter/p`); several: the first of each (`h/l`,
            // `0-3`), the others are in the help.
            let keys: Vec<Key> = if keys.len() == 1 {
                keys.remove(0)
            } else {
                keys.iter().filter_map(|k| k.first().copied()).collect()
            };
            HintGroup {
                keys: key_run(&keys),
                hint,
                first,
            }
        })
        .collect()
}

/// The hints that fit in `room` columns, in table order: those the footer keeps first, then
/// the others while they fit.
fn footer_hints(reach: &[Reach], room: usize) -> Vec<(String, &'static str)> {
    let groups = hint_groups(reach);
    let w = |g: &HintGroup| width(&g.keys) + width(g.hint) + 3;
    let mut take = vec![false; groups.len()];
    let mut used = 0;
    for pass_first in [true, false] {
        for (i, g) in groups.iter().enumerate() {
            if g.first != pass_first || take[i] {
                continue;
            }
            if used + w(g) > room {
                continue;
            }
            used += w(g);
            take[i] = true;
        }
    }
    groups
        .into_iter()
        .zip(take)
        .filter(|(_, t)| *t)
        .map(|(g, _)| (g.keys, g.hint))
        .collect()
}

/// `0-3` for a run of digits or letters in order, else `a/b`.
fn key_run(keys: &[Key]) -> String {
    let chars: Vec<char> = keys.iter().filter_map(Key::plain_char).collect();
    let in_order = chars.len() == keys.len()
        && chars.len() > 2
        && chars
            .windows(2)
            .all(|w| u32::from(w[1]) == u32::from(w[0]) + 1);
    match (in_order, chars.first(), chars.last()) {
        (true, Some(a), Some(b)) => format!("{a}-{b}"),
        _ => keymap::labels(keys),
    }
}

/// The hints of a layer as one line (`Enter ok · Esc cancel`), for the border of its box.
pub fn hint_line(app: &App, chain: &[Context], typing: bool) -> String {
    joined_hints(&app.keymap.available(chain, typing))
}

/// `reach` as one line of hints (`Enter ok · Esc cancel`).
pub fn joined_hints(reach: &[Reach]) -> String {
    hints(reach)
        .into_iter()
        .map(|(k, h)| format!("{k} {h}"))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// "`key` `words`" for command `id` (its first key), for text that names a key; empty when
/// the command has no key.
pub fn say(app: &App, id: &str, words: &str) -> String {
    app.keymap.say(id, words).unwrap_or_default()
}

/// `say` for each command that has a key, joined with " · " (`r reloads · Esc back`).
pub fn say_all(app: &App, parts: &[(&str, &str)]) -> String {
    parts
        .iter()
        .filter_map(|(id, words)| app.keymap.say(id, words))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// Key hints for the bottom border of a box `box_width` wide: as many whole hints as fit,
/// never one cut mid-word.
pub fn bottom_hints(hints: &str, box_width: u16) -> String {
    // Between the corners: a space, the hints, and a space when there is room for it.
    let room = usize::from(box_width.saturating_sub(3));
    let fitted = crate::text::fit_hints(hints, room);
    if width(&fitted) < room {
        format!(" {fitted} ")
    } else {
        format!(" {fitted}")
    }
}

/// " · `key` `words`" to end a line with, or nothing when the command has no key.
pub fn then_say(app: &App, id: &str, words: &str) -> String {
    app.keymap.then_say(id, words)
}

fn render_footer(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    // Whatever has the keyboard says what its keys do: an overlay, a popup, a field, a list.
    let focus = app.focus();
    let reachable = app.keymap.available(&focus.chain, focus.typing);
    let mut spans: Vec<Span> = Vec::new();
    let mut used = 0usize;
    let max = usize::from(area.width);
    let note = match app.overlay {
        None => app.screen_state(app.screen).footer_note(),
        Some(_) => None,
    };
    if let Some(note) = note {
        let m = format!(" {note} ");
        used += width(&m);
        spans.push(Span::styled(m, t.selected()));
    }
    // "? help" always shows at the right end: every other key is one press away from it.
    let help = reachable
        .iter()
        .find(|r| r.command.action == commands::Action::Help)
        .map(Reach::label)
        .filter(|k| !k.is_empty());
    let help_w = help.as_ref().map_or(0, |k| width(k) + 7);
    let max = max.saturating_sub(help_w);
    let screen = app.screen_state(app.screen);
    let others: Vec<Reach> = reachable
        .iter()
        .filter(|r| r.command.action != commands::Action::Help)
        .filter(|r| match app.overlay {
            Some(_) => !app.overlay_idle(r.command.action),
            None => !screen.idle(r.command.action),
        })
        .cloned()
        .collect();
    for (keys, hint) in footer_hints(&others, max.saturating_sub(used)) {
        used += width(&keys) + width(hint) + 3;
        spans.push(Span::styled(format!(" {keys}"), t.accent()));
        spans.push(Span::styled(format!(" {hint} "), t.dim()));
    }
    if let Some(keys) = help {
        spans.push(Span::raw(" ".repeat(max.saturating_sub(used))));
        spans.push(Span::styled(format!(" {keys}"), t.accent()));
        spans.push(Span::styled(" help ", t.dim()));
    }
    frame.render_widget(plain::Plain::new(Line::from(spans)), area);
}

fn render_toasts(app: &App, t: &Theme, frame: &mut Frame, band: Rect, hits: &mut Hits) {
    if band.height == 0 {
        return;
    }
    let cols = usize::from(band.width.saturating_sub(2));
    let lines = app.toasts.lines(cols, band.height);
    // The newest at the bottom, just above the key hints.
    let top = band.bottom().saturating_sub(lines.len() as u16);
    for (i, (kind, text)) in lines.iter().enumerate() {
        let style = match (kind, t.color) {
            (_, false) => Style::new().add_modifier(Modifier::REVERSED),
            (ToastKind::Error, _) => Style::new()
                .bg(Color::Red)
                .fg(Color::White)
                .add_modifier(Modifier::BOLD),
            (ToastKind::Success, _) => Style::new().bg(Color::Green).fg(Color::Black),
            (ToastKind::Info, _) => Style::new().bg(Color::DarkGray).fg(Color::White),
        };
        let w = (width(text) as u16 + 2).min(band.width);
        let rect = Rect::new(band.x, top + i as u16, w, 1);
        frame.render_widget(
            Paragraph::new(Line::styled(
                format!(" {} ", crate::text::fit(text, cols)),
                style,
            )),
            rect,
        );
    }
    hits.cover(band);
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

/// Where the message log is drawn, and its lines at that width (each message wrapped under
/// its mark, so nothing is cut).
fn message_lines(app: &App, t: &Theme, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let rect = centered(area, 100, area.height.saturating_sub(2));
    let text_w = usize::from(rect.width.saturating_sub(4)).max(1);
    let mut lines: Vec<Line> = Vec::new();
    for (kind, text) in app.toasts.history() {
        let (mark, style) = match kind {
            ToastKind::Error => ("✗ ", t.error()),
            ToastKind::Success => ("✓ ", t.success()),
            ToastKind::Info => ("· ", t.dim()),
        };
        for (i, part) in crate::text::wrap(text, text_w, usize::MAX)
            .into_iter()
            .enumerate()
        {
            let lead = if i == 0 { mark } else { "  " };
            lines.push(Line::from(vec![Span::styled(lead, style), Span::raw(part)]));
        }
    }
    if lines.is_empty() {
        lines.push(Line::styled("No messages yet.", t.dim()));
    }
    (rect, lines)
}

/// How far help or the message log can scroll: until its last line is at the bottom.
pub fn overlay_scroll_max(app: &App) -> u16 {
    let area = Rect::new(0, 0, app.viewport.area.width, app.viewport.area.height);
    let (rect, lines, over) = match &app.overlay {
        Some(Overlay::Help { .. }) => {
            let (rect, lines) = help::help_box(app, &Theme::default(), area);
            (rect, lines, help::filter_rows(app))
        }
        Some(Overlay::Messages { .. }) => {
            let (rect, lines) = message_lines(app, &Theme::default(), area);
            (rect, lines, 0)
        }
        _ => return 0,
    };
    let rows = rect.height.saturating_sub(2 + over);
    u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .saturating_sub(rows)
}

fn render_messages(app: &App, t: &Theme, frame: &mut Frame, area: Rect, scroll: u16) -> Rect {
    let (rect, lines) = message_lines(app, t, area);
    let scroll = scroll.min(overlay_scroll_max(app));
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Messages, newest first ")
        .title_bottom(format!(
            " {} ",
            crate::text::fit_hints(
                &hint_line(app, &[Context::Overlay], false),
                usize::from(rect.width.saturating_sub(4))
            )
        ));
    frame.render_widget(Paragraph::new(lines).block(block).scroll((scroll, 0)), rect);
    rect
}
