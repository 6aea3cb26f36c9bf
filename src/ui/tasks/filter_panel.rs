//! The task screen's filter panel drawn: one row per filter, the row being typed into with
//! what the typing reads as.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::app::App;
use crate::keys::commands::Context;
use crate::tasks::panel::{self, FilterPanel};
use crate::text::truncate;
use crate::ui::dialogs::render_field;
use crate::ui::theme::Theme;

pub(super) fn render_panel(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    p: &FilterPanel,
) -> Rect {
    let rows = panel::ROWS.len() as u16;
    let rect = crate::layout::centered(area, 76, rows + 2);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Filters ")
        .title_bottom(format!(
            " {} ",
            crate::text::fit_hints(
                &crate::ui::hint_line(app, &[Context::Filters], false),
                usize::from(rect.width.saturating_sub(4))
            )
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
            let chip = f.chip(*kind, &app.names);
            chip.split_once(": ")
                .map(|(_, v)| v.to_string())
                .unwrap_or(chip)
        } else if *kind == crate::tasks::filters::FilterKind::Due {
            // Its quick keys work from any row: the row says which they are.
            let keys: Vec<String> = [
                ("filters.overdue", "overdue"),
                ("filters.due_today", "today"),
                ("filters.due_week", "this week"),
                ("filters.no_due", "none"),
            ]
            .iter()
            .filter_map(|(id, words)| app.keymap.say(id, words))
            .collect();
            format!("any · {}", keys.join(" · "))
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
    rect
}
