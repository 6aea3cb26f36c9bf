//! The dialogs of logged time: the form of `T` (duration, day, comment, each read back as
//! typed), the picker of `L`, and the question before deleting an entry.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::duration;
use crate::keys::commands::Context;
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
    // What each typed text reads as (an empty comment says nothing); the service's words
    // about a field it refused come first.
    let notes: Vec<Option<(bool, String)>> = rows
        .iter()
        .map(
            |(field, _, reading)| match (f.refused.get(field), reading) {
                (Some(e), _) => Some((false, format!("✗ {e}"))),
                (None, Ok(s)) if s.is_empty() => None,
                (None, Ok(s)) => Some((true, format!("→ {s}"))),
                (None, Err(_)) if f.field(*field).value().trim().is_empty() => None,
                (None, Err(e)) => Some((false, format!("✗ {e}"))),
            },
        )
        .collect();
    let label_w = 10u16;
    let short_field = 28u16;
    // Wide enough for each reading whole beside its field, up to the terminal's width; past
    // it a reading wraps under its field.
    let error = f.error.as_ref().map(|e| format!("✗ {e}"));
    let w = crate::ui::dialogs::fit_width(
        84,
        usize::from(label_w + short_field + 1),
        notes
            .iter()
            .flatten()
            .map(|(_, n)| n.as_str())
            .chain(error.as_deref()),
        area.width,
    );
    let inner_w = w.saturating_sub(2);
    let field_w = |field: LogField| {
        if field == LogField::Comment {
            inner_w.saturating_sub(label_w)
        } else {
            inner_w.saturating_sub(label_w + 10).clamp(8, short_field)
        }
    };
    // Per field: whether its reading goes beside it, else the lines it takes under it.
    let placed: Vec<(bool, Vec<String>)> = rows
        .iter()
        .zip(&notes)
        .map(|((field, _, _), note)| match note {
            None => (true, Vec::new()),
            Some((_, n)) => {
                let beside = inner_w.saturating_sub(label_w + field_w(*field) + 1);
                if crate::text::width(n) <= usize::from(beside) {
                    (true, vec![n.clone()])
                } else {
                    let indent = usize::from(label_w);
                    (
                        false,
                        crate::ui::dialogs::hint_lines(n, indent, usize::from(inner_w)),
                    )
                }
            }
        })
        .collect();
    let error_lines = error
        .as_deref()
        .map(|e| crate::ui::dialogs::hint_lines(e, 0, usize::from(inner_w)))
        .unwrap_or_default();
    let body: u16 = placed
        .iter()
        .map(|(beside, l)| 1 + if *beside { 0 } else { l.len() as u16 })
        .sum::<u16>()
        + (rows.len() as u16 - 1);
    let rect = centered(area, w, body + (error_lines.len() as u16).max(1) + 2);
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
    let bottom = inner.y + inner.height;
    let mut y = inner.y;
    for (((field, label, _), note), (beside, lines)) in rows.iter().zip(&notes).zip(&placed) {
        if y >= bottom {
            break;
        }
        let focused = f.focus == *field;
        let label_style = if focused { t.bold() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(format!("{label:<9}"), label_style)),
            Rect::new(inner.x, y, label_w.min(inner.width), 1),
        );
        let fw = field_w(*field).min(inner.width.saturating_sub(label_w));
        render_field(
            frame,
            Rect::new(inner.x + label_w, y, fw, 1),
            f.field(*field),
            focused,
        );
        let style = match note {
            Some((true, _)) => t.success(),
            _ => t.error(),
        };
        if *beside {
            let note_x = inner.x + label_w + fw + 1;
            let note_w = (inner.x + inner.width).saturating_sub(note_x);
            if let Some(n) = lines.first()
                && note_w > 2
            {
                frame.render_widget(
                    Paragraph::new(Span::styled(truncate(n, usize::from(note_w)), style)),
                    Rect::new(note_x, y, note_w, 1),
                );
            }
            y += 2;
            continue;
        }
        for l in lines {
            y += 1;
            if y >= bottom {
                break;
            }
            frame.render_widget(
                Paragraph::new(Span::styled(l.clone(), style)),
                Rect::new(inner.x, y, inner.width, 1),
            );
        }
        y += 2;
    }
    let from = bottom.saturating_sub(error_lines.len() as u16);
    for (i, l) in error_lines.iter().enumerate() {
        frame.render_widget(
            Paragraph::new(Span::styled(l.clone(), t.error())),
            Rect::new(inner.x, from + i as u16, inner.width, 1),
        );
    }
    rect
}
