//! The task screen: the filter line, the list (only visible rows are built), its loading /
//! empty / error looks, the detail pane, and the screen's popups.

mod comments;
mod description;
mod detail;

pub use detail::detail_scroll_max;
mod dialogs;
mod files;
mod filter_panel;
mod form;
mod list;
mod time_log;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Span;

use crate::app::App;
use crate::layout;
use crate::screen::Hits;
use crate::tasks::PageStatus;
use crate::tasks::layer::Layer;
use crate::ui::dialogs::{render_picker, render_waiting};
use crate::ui::theme::Theme;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let s = &app.tasks;
    let areas = layout::tasks::areas(body, s.detail_open());
    match s.layers.board() {
        Some(b) => {
            super::board::render_title(app, t, b, frame, areas.filter_line);
            if areas.list.height > 0 {
                super::board::render(app, t, b, frame, areas.list, hits);
            }
        }
        None => {
            render_filter_line(app, t, frame, areas.filter_line);
            if areas.list.height > 0 {
                list::render_list(app, t, frame, areas.list, hits);
            }
        }
    }
    if let Some(d) = areas.detail {
        detail::render_detail(app, t, frame, d);
    }
    let mut layers = s.layers.iter().peekable();
    while let Some(l) = layers.next() {
        let covered = match l {
            // Drawn in the list's place above; the pane's focus is drawn by the pane.
            Layer::Board(_) | Layer::Fields { .. } | Layer::Subtasks(_) => continue,
            Layer::Panel(p) => filter_panel::render_panel(app, t, frame, body, p),
            Layer::Popup(p) => dialogs::render_popup(app, t, frame, body, p),
            Layer::Form(e) => {
                let editing = layers.peek().is_none();
                form::render(app, t, frame, body, e, editing)
            }
            Layer::FormPicker(p) => match &p.picker {
                Some(picker) => render_picker(t, frame, body, picker),
                None => render_waiting(app, frame, body, "the list"),
            },
            Layer::Describe(d) => description::render_describe(app, t, frame, body, d),
            Layer::Time(d) => time_log::render_time_dialog(app, t, frame, body, d),
            Layer::Comment(d) => comments::render_comment_dialog(app, t, frame, body, d),
            Layer::File(d) => files::render_file_dialog(app, t, frame, body, d),
        };
        hits.cover(covered);
    }
}

fn render_filter_line(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let s = &app.tasks;
    let mut spans = Vec::new();
    if let Some((name, same)) = s.views.current(&s.filters, s.sort, app.today) {
        let changed = if same { "" } else { " (changed)" };
        spans.push(Span::styled(format!("{name}{changed}"), t.bold()));
        spans.push(Span::styled(" · ", t.dim()));
    }
    spans.push(Span::styled(s.filters.headline(&app.names), t.accent()));
    for (_, chip) in s.filters.chips(&app.names) {
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::raw(chip));
    }
    if let Some(sort) = s.sort {
        spans.push(Span::styled(" · ", t.dim()));
        let arrow = if sort.descending { "↓" } else { "↑" };
        spans.push(Span::raw(format!("sort: {}{arrow}", sort.key.as_str())));
    }
    let count = match &s.list.status {
        PageStatus::Loading { more: false } if s.list.loaded_once => {
            format!("{} reloading…", super::spinner_frame(app))
        }
        _ if !s.reading_again.is_empty() => format!("{} reloading…", super::spinner_frame(app)),
        PageStatus::Failed { more: false, .. } if s.list.loaded_once => {
            format!(
                "reload failed{}",
                super::then_say(app, "global.refresh", "retries")
            )
        }
        _ if !s.list.loaded_once => String::new(),
        _ if s.list.rows.is_empty() => count_label(0),
        _ if s.list.has_more => format!(
            "{} of {} loaded, more below",
            s.cursor + 1,
            s.list.rows.len()
        ),
        _ => format!("{} of {}", s.cursor + 1, count_label(s.list.rows.len())),
    };
    let count_style = if matches!(s.list.status, PageStatus::Failed { .. }) {
        t.error()
    } else {
        t.dim()
    };
    let line = super::title_line(spans, Span::styled(count, count_style), area.width);
    frame.render_widget(crate::ui::plain::Plain::new(line), area);
}

pub(super) fn count_label(n: usize) -> String {
    if n == 1 {
        "1 task".into()
    } else {
        format!("{n} tasks")
    }
}
