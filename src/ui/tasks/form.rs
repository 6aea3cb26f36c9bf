//! The new-task form over the list: one line per field with its message under it, the
//! description as a few lines of its own, the focused field with the cursor; scrolled to keep
//! the focus in view on short terminals.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::layout::centered;
use crate::tasks::form::Editor;
use crate::tasks::form::model::Field;
use crate::text::{one_line, truncate, width};
use crate::ui::dialogs::{render_field, render_text_area};
use crate::ui::theme::Theme;

const LABEL_W: usize = 13;
/// Lines the description shows.
const NOTES_LINES: usize = 4;

/// What a field holds, as a line of text.
fn value(app: &App, e: &Editor, f: Field) -> String {
    let form = &e.form;
    if let Some(t) = form.text(f) {
        return one_line(t.value());
    }
    let names = &app.names;
    match f {
        Field::Project => form.project.map(|p| names.project_name(p)),
        Field::Board => form.board.map(|b| names.board_name(b)),
        Field::Column => form.column.map(|c| names.column_name(c)),
        Field::Priority => form.priority.map(|p| p.label().to_string()),
        Field::Assignees => Some(
            form.assignees
                .iter()
                .map(|id| names.member_name(id))
                .collect::<Vec<_>>()
                .join(", "),
        ),
        Field::Tags => Some(
            form.tags
                .iter()
                .map(|id| {
                    names
                        .tag(*id)
                        .map_or_else(|| format!("tag {id}"), |t| one_line(&t.title))
                })
                .collect::<Vec<_>>()
                .join(", "),
        ),
        _ => None,
    }
    .map(|s| one_line(&s))
    .unwrap_or_default()
}

/// What an empty field says when focused.
fn hint(app: &App, e: &Editor, f: Field) -> String {
    match f {
        Field::Title => "what is to be done".into(),
        Field::Due => "a day: tomorrow, fri, 01.12.2026, 2026-12-01".into(),
        Field::Board if e.form.project.is_none() => "choose a project first".into(),
        Field::Column if e.form.board.is_none() => "choose a board first".into(),
        Field::Column => "the board's first column unless chosen".into(),
        _ => {
            let choose = crate::ui::say(app, "task_choice.open", "or type to choose");
            if choose.is_empty() {
                "type to choose".into()
            } else {
                choose
            }
        }
    }
}

/// What the due day typed reads as, beside it: "Tue 24 Nov" (or nothing).
fn due_note(app: &App, e: &Editor) -> Option<String> {
    let day = e.form.due_day(app.today)?;
    Some(crate::date_input::DayRange::day(day).describe())
}

/// The form; `editing`: no picker of it is over it (its focused field shows the cursor).
pub(super) fn render(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    body: Rect,
    e: &Editor,
    editing: bool,
) -> Rect {
    // As wide as its messages need, whole, up to the terminal's width; past it they wrap.
    let label_w = LABEL_W.min(usize::from(body.width.min(80).saturating_sub(2)) / 3);
    let box_w = crate::ui::dialogs::fit_width(
        80,
        label_w + 2,
        e.form
            .errors
            .values()
            .map(String::as_str)
            .chain(e.failure.as_deref()),
        body.width,
    );
    let w = usize::from(box_w.saturating_sub(2)).max(1);
    let notes_lines = if body.height >= 24 { NOTES_LINES } else { 2 };
    // Each line with the field it shows; the description's text lines are drawn apart.
    let mut lines: Vec<(Option<Field>, Line<'static>)> = Vec::new();
    let mut notes_from = 0;
    if let Some(f) = &e.failure {
        for l in crate::ui::dialogs::hint_lines(f, 0, w) {
            lines.push((None, Line::styled(l, t.error())));
        }
    }
    for f in Field::ALL {
        let focused = f == e.form.focus;
        let mark = if focused { "▌" } else { " " };
        let name = truncate(f.label(), label_w.saturating_sub(2));
        let pad = label_w.saturating_sub(width(&name) + 1);
        let label_style = if focused {
            t.accent().add_modifier(Modifier::BOLD)
        } else {
            t.dim()
        };
        let mut spans = vec![
            Span::styled(mark.to_string(), t.accent()),
            Span::styled(name, label_style),
            Span::raw(" ".repeat(pad)),
        ];
        if f == Field::Description {
            lines.push((Some(f), Line::from(spans)));
            notes_from = lines.len();
            for _ in 0..notes_lines {
                lines.push((Some(f), Line::raw("")));
            }
        } else {
            let v = value(app, e, f);
            if v.is_empty() && focused {
                spans.push(Span::styled(hint(app, e, f), t.dim()));
            } else if v.is_empty() {
                spans.push(Span::styled("–".to_string(), t.dim()));
            } else {
                spans.push(Span::raw(v));
            }
            if f == Field::Due
                && !e.form.errors.contains_key(&f)
                && let Some(note) = due_note(app, e)
            {
                spans.push(Span::styled(format!("  {note}"), t.dim()));
            }
            lines.push((Some(f), crate::ui::funnels::clip_line(Line::from(spans), w)));
        }
        if let Some(m) = e.form.errors.get(&f) {
            for l in crate::ui::dialogs::hint_lines(&format!("✗ {}", one_line(m)), label_w, w) {
                lines.push((None, Line::styled(l, t.error())));
            }
        }
    }
    let rect = centered(body, box_w, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(Span::styled(" New task ", t.bold()));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 || inner.width == 0 {
        return rect;
    }
    let h = usize::from(inner.height);
    let focus = e.form.focus;
    let first = lines
        .iter()
        .position(|(f, _)| *f == Some(focus))
        .unwrap_or(0);
    let last = lines
        .iter()
        .rposition(|(f, _)| *f == Some(focus))
        .unwrap_or(0);
    // Keep the focused field (and its message) in view.
    let scroll = (last + 2).saturating_sub(h).min(first);
    let lw = (label_w as u16).min(inner.width);
    for (row, (f, line)) in lines.iter().skip(scroll).take(h).enumerate() {
        let area = Rect::new(inner.x, inner.y + row as u16, inner.width, 1);
        frame.render_widget(Paragraph::new(line.clone()), area);
        if editing
            && *f == Some(focus)
            && focus.is_typed()
            && let Some(field) = e.form.text(focus)
        {
            let rest = Rect::new(area.x + lw, area.y, area.width - lw, 1);
            // The due day keeps what it reads as in view beside it.
            let field_w = match focus {
                Field::Due => (width(field.value()) as u16 + 2).max(20).min(rest.width),
                _ => rest.width,
            };
            let shown = Rect::new(rest.x, rest.y, field_w, 1);
            frame.render_widget(Clear, rest);
            render_field(frame, shown, field, true);
            if focus == Field::Due
                && !e.form.errors.contains_key(&focus)
                && let Some(note) = due_note(app, e)
                && rest.width > field_w
            {
                let after = Rect::new(rest.x + field_w, rest.y, rest.width - field_w, 1);
                frame.render_widget(Paragraph::new(Span::styled(note, t.dim())), after);
            }
        }
    }
    // The description's lines, as far as they are in view.
    let top = notes_from.max(scroll);
    let end = (notes_from + notes_lines).min(scroll + h);
    if end > top {
        let area = Rect::new(
            inner.x + lw,
            inner.y + (top - scroll) as u16,
            inner.width.saturating_sub(lw),
            (end - top) as u16,
        );
        render_text_area(
            t,
            frame,
            area,
            &e.form.description,
            "notes; Enter starts a new line",
            editing && focus == Field::Description,
        );
    }
    rect
}
