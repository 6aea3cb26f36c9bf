//! The dialogs of logged time: the form of `T` (duration, day, comment, each read back as
//! typed), the picker of `L`, and the question before deleting an entry.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::app::commands::Context;
use crate::duration;
use crate::layout::centered;
use crate::tasks::time_log::{LogField, LogForm, TimeDialog};
use crate::text::{quoted, truncate};
use crate::ui::dialogs::{render_confirm, render_field, render_picker};
use crate::ui::theme::Theme;

/// Draws the dialog and returns its box.
pub(super) fn render_time_dialog(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    dialog: &TimeDialog,
) -> Rect {
    match dialog {
        TimeDialog::Form(f) => render_form(app, t, frame, area, f),
        TimeDialog::Entries { picker, .. } => render_picker(t, frame, area, picker),
        TimeDialog::ConfirmDelete { entry, .. } => {
            let question = format!(
                "Delete {} logged on {}?",
                duration::format_i64(entry.duration),
                entry
                    .date
                    .map(weeek_api::dates::to_filter_date)
                    .unwrap_or_default()
            );
            render_confirm(app, t, frame, area, &question)
        }
    }
}

fn render_form(app: &App, t: &Theme, frame: &mut Frame, area: Rect, f: &LogForm) -> Rect {
    let rect = centered(area, 84, 8);
    frame.render_widget(Clear, rect);
    let verb = if f.editing.is_some() {
        "Edit time on"
    } else {
        "Log time on"
    };
    // Deleting is for an entry being edited; a new one has nothing to delete yet.
    let help = crate::ui::hints(&app.keymap.available(&[Context::TimeLog], true))
        .into_iter()
        .filter(|(_, h)| f.editing.is_some() || *h != "delete")
        .map(|(k, h)| format!("{k} {h}"))
        .collect::<Vec<_>>()
        .join(" · ");
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(format!(" {verb} {} ", quoted(&f.title, 40)))
        .title_bottom(crate::ui::bottom_hints(&help, rect.width));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let (minutes, day) = f.reading(app.today);
    let rows = [
        (
            LogField::Duration,
            "Duration",
            minutes.map(|m| format!("{} h:mm", duration::format(m))),
        ),
        (
            LogField::Date,
            "Day",
            day.map(|d| crate::date_input::DayRange::day(d).describe()),
        ),
        (LogField::Comment, "Comment", Ok(String::new())),
    ];
    let label_w = 10u16;
    for (i, (field, label, reading)) in rows.iter().enumerate() {
        let y = inner.y + i as u16 * 2;
        if y >= inner.y + inner.height {
            break;
        }
        let focused = f.focus == *field;
        let label_style = if focused { t.bold() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(format!("{label:<9}"), label_style)),
            Rect::new(inner.x, y, label_w.min(inner.width), 1),
        );
        let field_w = if *field == LogField::Comment {
            inner.width.saturating_sub(label_w)
        } else {
            inner.width.saturating_sub(label_w + 10).clamp(8, 28)
        };
        render_field(
            frame,
            Rect::new(
                inner.x + label_w,
                y,
                field_w.min(inner.width.saturating_sub(label_w)),
                1,
            ),
            f.field(*field),
            focused,
        );
        // What the typed text reads as, beside it (an empty comment says nothing).
        let note_x = inner.x + label_w + field_w + 1;
        let note_w = (inner.x + inner.width).saturating_sub(note_x);
        // The service's words about the field, after it refused it, come first.
        let note = match (f.refused.get(field), reading) {
            (Some(e), _) => Some(Span::styled(format!("✗ {e}"), t.error())),
            (None, reading) => match reading {
                Ok(s) if s.is_empty() => None,
                Ok(s) => Some(Span::styled(format!("→ {s}"), t.success())),
                Err(_) if f.field(*field).value().trim().is_empty() => None,
                Err(e) => Some(Span::styled(format!("✗ {e}"), t.error())),
            },
        };
        if let Some(n) = note
            && note_w > 2
        {
            let text = truncate(&n.content, usize::from(note_w));
            frame.render_widget(
                Paragraph::new(Line::from(Span::styled(text, n.style))),
                Rect::new(note_x, y, note_w, 1),
            );
        }
    }
    // The line under the comment: why the form was not taken, else the service's words about
    // the comment (it has no room beside it).
    let comment = f.refused.get(&LogField::Comment);
    if let Some(e) = f.error.as_ref().or(comment) {
        let y = inner.y + inner.height.saturating_sub(1);
        frame.render_widget(
            Paragraph::new(Span::styled(
                truncate(&format!("✗ {e}"), usize::from(inner.width)),
                t.error(),
            )),
            Rect::new(inner.x, y, inner.width, 1),
        );
    }
    rect
}
