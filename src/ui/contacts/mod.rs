//! Drawing the contacts screen: the form (or the saved contact) and the contact list, side by
//! side when there is room, one `C-l` apart when not; then the screen's popups. Where each
//! goes is `layout::contacts`.

pub mod form;
pub(crate) use form::tag_spans;
mod list;
#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use super::dialogs::{render_confirm, render_picker, render_waiting};
use crate::app::App;
use crate::contacts::layer::Layer;
use crate::contacts::{Ask, Pane};
use crate::layout;
use crate::screen::choices::PickKind;
use crate::screen::{Hits, Target};
use crate::text::truncate;
use crate::ui::theme::Theme;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let s = &app.contacts;
    let a = layout::contacts::areas(body);
    // Side by side both panes show; else only the one with the keys.
    let shown = |pane| a.tabs.is_none() || s.pane == pane;
    if let Some(tabs) = a.tabs {
        render_tabs(app, t, frame, tabs);
    }
    if shown(Pane::Form) {
        hits.add(a.form, Target::ContactsPane(Pane::Form));
        form::render(app, t, frame, a.form, s.pane == Pane::Form, hits);
    }
    if shown(Pane::List) {
        hits.add(a.list, Target::ContactsPane(Pane::List));
        list::render(app, t, frame, a.list, s.pane == Pane::List, hits);
    }
    for l in s.layers.iter() {
        let covered = match l {
            // The list's search line has the box (`list::render`).
            Layer::Search => continue,
            Layer::Picker(fp) => match &fp.picker {
                Some(p) => render_picker(t, frame, body, p),
                None => {
                    let what = match fp.kind {
                        PickKind::Organizations => "organizations",
                        PickKind::Tags => "tags",
                    };
                    render_waiting(app, frame, body, what)
                }
            },
            Layer::View { contact, scroll } => render_view(app, t, frame, body, contact, *scroll),
            Layer::Ask(Ask::Restore(d)) => render_restore(app, t, frame, body, &d.summary()),
            Layer::Ask(Ask::Discard { .. }) => render_confirm(
                app,
                t,
                frame,
                body,
                "Clear the form? What was typed is lost.",
            ),
            Layer::Ask(Ask::Delete { name, .. }) => render_confirm(
                app,
                t,
                frame,
                body,
                &format!("Delete the contact “{name}”?"),
            ),
        };
        hits.cover(covered);
    }
}

/// Every field of a contact of the list, read only; it scrolls when it does not fit.
/// Organization `id` as the contacts screen names it: as read, or as made here (its create
/// still in the outbox), else by the start of its id.
pub fn org_label(app: &App, id: &str) -> String {
    app.contacts
        .org_name(id)
        .or_else(|| crate::outbox::links::made_name(app.offline.entries(), id))
        .unwrap_or_else(|| crate::screen::names::short_id(id))
}

fn render_view(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    body: Rect,
    c: &weeek_api::models::Contact,
    scroll: usize,
) -> Rect {
    let rect = layout::contacts::contact_view(body);
    frame.render_widget(ratatui::widgets::Clear, rect);
    let block = ratatui::widgets::Block::default()
        .borders(ratatui::widgets::Borders::ALL)
        .border_style(t.accent())
        .title(format!(
            " {} ",
            crate::text::truncate(&c.display_name(), 60)
        ))
        .title_bottom(format!(
            " {} ",
            crate::text::fit_hints(
                &crate::ui::hint_line(app, &[crate::keys::commands::Context::ContactView], false),
                usize::from(rect.width.saturating_sub(4))
            )
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let lw = usize::from(form::label_w(inner)) + 1;
    let lines = form::contact_lines(app, t, c, usize::from(inner.width), lw, true);
    debug_assert_eq!(lines.len(), crate::contacts::contact_rows(c, true));
    let max = lines.len().saturating_sub(usize::from(inner.height));
    let scroll = u16::try_from(scroll.min(max)).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), inner);
    rect
}

fn render_tabs(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let s = &app.contacts;
    let tab = |label: &'static str, on: bool| {
        if on {
            Span::styled(label, t.selected())
        } else {
            Span::styled(label, t.dim())
        }
    };
    let list_label = match s.list.rows.rows.len() {
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

fn render_restore(app: &App, t: &Theme, frame: &mut Frame, area: Rect, summary: &str) -> Rect {
    let rect = layout::centered(area, 72, 6);
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
            crate::text::fit_hints(
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
    rect
}
