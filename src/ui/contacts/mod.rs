//! Drawing the contacts screen: the form (or the saved contact) and the contact list, side by
//! side when there is room, one `C-l` apart when not; then the screen's popups. The layout
//! functions here are also used by `update` (page sizes, clicks), so both always agree.

mod form;
mod list;
#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::dialogs::{render_confirm, render_picker, render_waiting};
use crate::app::App;
use crate::contacts::pickers::PickKind;
use crate::contacts::{Ask, Pane};
use crate::text::truncate;

pub use form::field_at;

/// From this body width the form and the list sit side by side.
pub const SIDE_BY_SIDE_MIN: u16 = 110;

pub struct Areas {
    /// "Form │ List" switch line, on narrow terminals.
    pub tabs: Option<Rect>,
    pub form: Option<Rect>,
    pub list: Option<Rect>,
}

pub fn areas(body: Rect, pane: Pane) -> Areas {
    if body.width >= SIDE_BY_SIDE_MIN {
        let form_w = ((u32::from(body.width) * 9 / 20) as u16).clamp(56, 76);
        let form = Rect::new(body.x, body.y, form_w, body.height);
        let list = Rect::new(body.x + form_w, body.y, body.width - form_w, body.height);
        return Areas {
            tabs: None,
            form: Some(form),
            list: Some(list),
        };
    }
    let tabs = Rect::new(body.x, body.y, body.width, 1.min(body.height));
    let rest = Rect::new(
        body.x,
        body.y + tabs.height,
        body.width,
        body.height - tabs.height,
    );
    Areas {
        tabs: Some(tabs),
        form: (pane == Pane::Form).then_some(rest),
        list: (pane == Pane::List).then_some(rest),
    }
}

pub fn inside(r: Rect, col: u16, row: u16) -> bool {
    col >= r.x && col < r.x + r.width && row >= r.y && row < r.y + r.height
}

/// The screen row of the first contact in a list pane drawn at `list`.
pub fn first_list_row(list: Rect) -> u16 {
    // Border, search line, header.
    list.y + 3
}

/// Contact rows the list shows at terminal size `size` (at least 1).
pub fn list_rows(size: (u16, u16)) -> usize {
    let area = Rect::new(0, 0, size.0, size.1);
    let body = super::layout::frame(area).body;
    let list = areas(body, Pane::List).list.unwrap_or(body);
    usize::from(list.height.saturating_sub(4)).max(1)
}

pub fn render(app: &App, frame: &mut Frame, body: Rect) {
    let s = &app.contacts;
    let a = areas(body, s.pane);
    if let Some(tabs) = a.tabs {
        render_tabs(app, frame, tabs);
    }
    if let Some(r) = a.form {
        form::render(app, frame, r, s.pane == Pane::Form);
    }
    if let Some(r) = a.list {
        list::render(app, frame, r, s.pane == Pane::List);
    }
    if let Some(fp) = &s.picker {
        match &fp.picker {
            Some(p) => render_picker(app, frame, body, p),
            None => {
                let what = match fp.kind {
                    PickKind::Organizations => "organizations",
                    PickKind::Tags => "tags",
                };
                render_waiting(app, frame, body, what);
            }
        }
    }
    match &s.ask {
        Some(Ask::Restore(d)) => render_restore(app, frame, body, &d.summary()),
        Some(Ask::Discard { .. }) => {
            render_confirm(app, frame, body, "Clear the form? What was typed is lost.")
        }
        None => {}
    }
}

fn render_tabs(app: &App, frame: &mut Frame, area: Rect) {
    let t = &app.theme;
    let s = &app.contacts;
    let tab = |label: &'static str, on: bool| {
        if on {
            Span::styled(label, t.selected())
        } else {
            Span::styled(label, t.dim())
        }
    };
    let list_label = match s.list.rows.len() {
        0 => " List ".to_string(),
        n => format!(" List ({n}) "),
    };
    let spans = vec![
        tab(" Form ", s.pane == Pane::Form),
        Span::raw(" "),
        Span::styled(
            list_label,
            if s.pane == Pane::List {
                t.selected()
            } else {
                t.dim()
            },
        ),
        Span::styled(
            format!("  {}", crate::ui::say(app, "contacts.switch", "switches")),
            t.dim(),
        ),
    ];
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn render_restore(app: &App, frame: &mut Frame, area: Rect, summary: &str) {
    let t = &app.theme;
    let rect = super::centered(area, 72, 6);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(" A contact draft was found ");
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let w = usize::from(inner.width);
    let lines = vec![
        Line::styled(truncate(summary, w), t.bold()),
        Line::styled(truncate("Typed before the app last closed.", w), t.dim()),
        Line::raw(""),
        Line::styled(
            truncate(
                &crate::ui::say_all(
                    app,
                    &[
                        ("draft.restore", "restores it"),
                        ("draft.discard", "discards it"),
                    ],
                ),
                w,
            ),
            t.accent(),
        ),
    ];
    frame.render_widget(Paragraph::new(lines), inner);
}
