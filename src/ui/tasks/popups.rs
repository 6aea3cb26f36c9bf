//! The task screen's filter panel and popups (pickers, prompts, the delete question).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::count_label;
use crate::app::App;
use crate::app::commands::Context;
use crate::tasks::panel::{self, FilterPanel};
use crate::tasks::popup::{Feedback, PickPurpose, Popup, PromptPurpose};
use crate::text::truncate;
use crate::ui::popup::{
    render_confirm, render_field, render_picker, render_prompt, render_waiting,
};

pub(super) fn render_panel(app: &App, frame: &mut Frame, area: Rect, p: &FilterPanel) {
    let t = &app.theme;
    let rows = panel::ROWS.len() as u16;
    let rect = crate::ui::centered(area, 76, rows + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Filters ")
        .title_bottom(format!(
            " {} ",
            crate::ui::hint_line(app, &[Context::Filters], false)
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let f = &app.tasks.filters;
    for (i, kind) in panel::ROWS.iter().enumerate() {
        let y = inner.y + i as u16;
        if y >= inner.y + inner.height {
            break;
        }
        let row = Rect::new(inner.x, y, inner.width, 1);
        let label = format!(" {:<10}", panel::row_label(*kind));
        let selected = i == p.row;
        let label_style = if selected { t.selected() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(label.clone(), label_style)),
            row,
        );
        let value_area = Rect::new(row.x + 12, row.y, row.width.saturating_sub(12), 1);
        if p.editing.kind == Some(*kind) {
            let hint_w = value_area.width / 2;
            let input = Rect::new(value_area.x, value_area.y, value_area.width - hint_w, 1);
            render_field(frame, input, &p.editing.field, true);
            let (text, style) = match &p.editing.parsed {
                Some(Ok(r)) => (format!("→ {}", r.describe()), t.success()),
                Some(Err(e)) => (format!("✗ {e}"), t.error()),
                None if *kind == crate::tasks::filters::FilterKind::Dates => (
                    "today, +7d, next week, overdue, ..fri, 01.12..15.12".into(),
                    t.dim(),
                ),
                None => ("searches as you type".into(), t.dim()),
            };
            frame.render_widget(
                Paragraph::new(Span::styled(truncate(&text, usize::from(hint_w)), style)),
                Rect::new(input.x + input.width, row.y, hint_w, 1),
            );
            continue;
        }
        let value = if f.is_set(*kind)
            || matches!(
                kind,
                crate::tasks::filters::FilterKind::Assignee
                    | crate::tasks::filters::FilterKind::Completion
            ) {
            let chip = f.chip(*kind, &app.dir);
            chip.split_once(": ")
                .map(|(_, v)| v.to_string())
                .unwrap_or(chip)
        } else {
            "any".to_string()
        };
        let style = if f.is_set(*kind) { t.bold() } else { t.dim() };
        frame.render_widget(
            Paragraph::new(Span::styled(
                truncate(&value, usize::from(value_area.width)),
                style,
            )),
            value_area,
        );
    }
    if let Some(Err(e)) = &p.editing.parsed {
        tracing::trace!(error = %e, "date entry");
    }
}

pub(super) fn render_popup(app: &App, frame: &mut Frame, area: Rect, popup: &Popup) {
    match popup {
        Popup::Pick {
            picker: Some(p), ..
        } => render_picker(app, frame, area, p),
        Popup::Pick {
            purpose,
            picker: None,
        } => {
            let what = match purpose {
                PickPurpose::Move { .. } => "columns",
                PickPurpose::Assign { .. } => "members",
                _ => "choices",
            };
            render_waiting(app, frame, area, what);
        }
        Popup::Prompt {
            purpose,
            field,
            feedback,
        } => {
            let title = match purpose {
                PromptPurpose::Due { targets } => {
                    format!(
                        "Due date for {} (empty clears it)",
                        count_label(targets.len())
                    )
                }
                PromptPurpose::Rename { .. } => "Rename".to_string(),
                PromptPurpose::New { place } => {
                    let (p, c) = place.unwrap_or_else(|| app.tasks.new_task_place());
                    let place = match (p, c) {
                        (Some(p), Some(c)) => {
                            format!("{} › {}", app.dir.project_name(p), app.dir.column_name(c))
                        }
                        (Some(p), None) => app.dir.project_name(p),
                        _ => "no project".to_string(),
                    };
                    format!("New task in {place}")
                }
            };
            let help = crate::ui::hint_line(app, &[Context::Prompt, Context::Text], true);
            let fb = match feedback {
                Feedback::None => None,
                Feedback::Ok(s) => Some((true, s.as_str())),
                Feedback::Err(s) => Some((false, s.as_str())),
            };
            render_prompt(app, frame, area, &title, field, fb, &help);
        }
        Popup::ConfirmDelete { ids } => {
            let what = if ids.len() == 1 {
                app.tasks
                    .rows
                    .iter()
                    .find(|t| t.id == ids[0])
                    .map(|t| crate::text::quoted(t.display_title(), 40))
                    .unwrap_or_else(|| "1 task".into())
            } else {
                format!("{} tasks", ids.len())
            };
            render_confirm(app, frame, area, &format!("Delete {what}?"));
        }
        Popup::LookAgain { question, .. } => render_confirm(app, frame, area, question),
    }
}
