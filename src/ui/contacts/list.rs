//! The contact list pane: a search line, a header, and rows whose optional columns drop out as
//! the pane narrows. Loading, empty and failed each look different.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use weeek_api::models::Contact;

use super::form::tag_spans;
use crate::app::{App, Hits, Target};
use crate::contacts::list::PageStatus;
use crate::layout;
use crate::text::{first_and_more, fit, one_line, truncate, width};
use crate::ui::dialogs::render_field;
use crate::ui::theme::Theme;

const MARK_W: usize = 2;

struct Columns {
    name: usize,
    emails: usize,
    phones: usize,
    orgs: usize,
    tags: usize,
}

/// Name columns past which a wider pane widens the other columns instead.
const NAME_ENOUGH: usize = 32;

fn columns(w: usize) -> Columns {
    let emails = if w >= 50 { 24 } else { 0 };
    let phones = if w >= 72 { 18 } else { 0 };
    let orgs = if w >= 96 { 24 } else { 0 };
    let tags = if w >= 118 { 16 } else { 0 };
    let gaps = [emails, phones, orgs, tags]
        .iter()
        .filter(|c| **c > 0)
        .count();
    let fixed = MARK_W + emails + phones + orgs + tags + gaps;
    let name = w.saturating_sub(fixed).max(8);
    // Past a comfortable name, width goes to the columns that are cut first: e-mails, then
    // organizations; the name takes what they do not need.
    let surplus = name.saturating_sub(NAME_ENOUGH);
    let more_emails = if emails > 0 { (surplus / 2).min(20) } else { 0 };
    let more_orgs = if orgs > 0 {
        (surplus - more_emails).min(20)
    } else {
        0
    };
    Columns {
        name: name - more_emails - more_orgs,
        emails: emails + more_emails,
        phones,
        orgs: orgs + more_orgs,
        tags,
    }
}

fn header(t: &Theme, c: &Columns) -> Line<'static> {
    let mut s = " ".repeat(MARK_W);
    s.push_str(&fit("Name", c.name));
    for (w, title) in [
        (c.emails, "E-mails"),
        (c.phones, "Phones"),
        (c.orgs, "Organizations"),
        (c.tags, "Tags"),
    ] {
        if w > 0 {
            s.push(' ');
            s.push_str(&fit(title, w));
        }
    }
    Line::styled(s, t.dim())
}

fn row(app: &App, t: &Theme, contact: &Contact, c: &Columns, cursor: bool) -> Line<'static> {
    let s = &app.contacts;
    let mut spans = Vec::new();
    // "+" means "and more" everywhere; a contact saved in this run has a check mark.
    if s.list.is_new(&contact.id) {
        spans.push(Span::styled("✓ ", t.success()));
    } else {
        spans.push(Span::raw("  "));
    }
    spans.push(Span::styled(
        fit(&one_line(&contact.display_name()), c.name),
        t.bold(),
    ));
    if c.emails > 0 {
        let e: Vec<String> = contact.emails.iter().map(|e| e.email.clone()).collect();
        spans.push(Span::raw(format!(
            " {}",
            fit(&first_and_more(&e, c.emails), c.emails)
        )));
    }
    if c.phones > 0 {
        let p: Vec<String> = contact.phones.iter().map(|p| p.phone.clone()).collect();
        spans.push(Span::raw(format!(
            " {}",
            fit(&first_and_more(&p, c.phones), c.phones)
        )));
    }
    if c.orgs > 0 {
        let names: Vec<String> = contact
            .organizations
            .iter()
            .map(|id| {
                s.orgs
                    .name(id)
                    .unwrap_or_else(|| crate::app::names::short_id(id))
            })
            .collect();
        spans.push(Span::styled(
            format!(" {}", fit(&first_and_more(&names, c.orgs), c.orgs)),
            t.dim(),
        ));
    }
    if c.tags > 0 {
        spans.push(Span::raw(" "));
        spans.extend(tag_spans(app, t, &contact.tags, c.tags));
    }
    let mut line = Line::from(spans);
    if cursor {
        line = line.style(t.cursor_row());
    }
    line
}

pub fn render(app: &App, t: &Theme, frame: &mut Frame, rect: Rect, active: bool, hits: &mut Hits) {
    let s = &app.contacts;
    let l = &s.list;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(if active { t.accent() } else { t.dim() })
        .title(Span::styled(
            " Contacts ",
            if active { t.bold() } else { t.dim() },
        ));
    frame.render_widget(block, rect);
    let pane = layout::contacts::list_pane(rect);
    if pane.search.height == 0 || pane.search.width < 4 {
        return;
    }
    render_search_line(app, t, frame, pane.search, active);
    if pane.header.height == 0 {
        return;
    }
    let cols = columns(usize::from(pane.header.width));
    frame.render_widget(Paragraph::new(header(t, &cols)), pane.header);
    let body = pane.rows;
    if body.height == 0 {
        return;
    }
    if l.contacts.rows.is_empty() {
        render_state(app, t, frame, body);
        return;
    }
    let h = usize::from(body.height);
    let start = l.scroll.min(l.contacts.rows.len().saturating_sub(1));
    let end = (start + h).min(l.contacts.rows.len());
    let mut lines: Vec<Line> = l.contacts.rows[start..end]
        .iter()
        .enumerate()
        .map(|(i, c)| row(app, t, c, &cols, active && start + i == l.cursor))
        .collect();
    for (i, y) in (start..end).zip(body.y..) {
        hits.add(Rect::new(body.x, y, body.width, 1), Target::Contact(i));
    }
    if lines.len() < h {
        match &l.contacts.status {
            PageStatus::Loading { more: true } => lines.push(Line::styled(
                format!("  {} loading more…", crate::ui::spinner_frame(app)),
                t.dim(),
            )),
            PageStatus::Failed { error, more: true } => lines.push(Line::styled(
                truncate(
                    &format!(
                        "  could not load more: {}{}",
                        error.short(),
                        crate::ui::then_say(app, "global.refresh", "retries")
                    ),
                    usize::from(body.width),
                ),
                t.error(),
            )),
            _ if l.contacts.has_more => lines.push(Line::styled("  more below…", t.dim())),
            _ => {}
        }
    }
    frame.render_widget(Paragraph::new(lines), body);
}

fn render_search_line(app: &App, t: &Theme, frame: &mut Frame, area: Rect, active: bool) {
    let l = &app.contacts.list;
    let count = match &l.contacts.status {
        PageStatus::Loading { more: false } if l.contacts.loaded_once => {
            format!("{} reloading…", crate::ui::spinner_frame(app))
        }
        PageStatus::Failed { more: false, .. } if l.contacts.loaded_once => {
            format!(
                "reload failed{}",
                crate::ui::then_say(app, "global.refresh", "retries")
            )
        }
        _ if !l.contacts.loaded_once => String::new(),
        _ => {
            // Where the cursor is, while the list has the keys.
            let at = if app.contacts.pane == crate::contacts::Pane::List
                && !l.contacts.rows.is_empty()
            {
                format!("{} of ", l.cursor + 1)
            } else {
                String::new()
            };
            match l.contacts.rows.len() {
                n if l.contacts.has_more => format!("{at}{n} loaded, more below"),
                1 => format!("{at}1 contact"),
                n => format!("{at}{n} contacts"),
            }
        }
    };
    let count_w = (width(&count) as u16 + 1).min(area.width / 2);
    let left = Rect::new(area.x, area.y, area.width - count_w, 1);
    frame.render_widget(
        Paragraph::new(Span::styled(
            truncate(&count, usize::from(count_w)),
            if matches!(l.contacts.status, PageStatus::Failed { .. }) {
                t.error()
            } else {
                t.dim()
            },
        ))
        .right_aligned(),
        Rect::new(area.x + left.width, area.y, count_w, 1),
    );
    frame.render_widget(Paragraph::new(Span::styled("/ ", t.accent())), left);
    let field_area = Rect::new(left.x + 2, left.y, left.width.saturating_sub(3), 1);
    if l.searching && active {
        render_field(frame, field_area, &l.search, true);
    } else if l.search.value().is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(
                truncate(
                    "search names, e-mails, phones",
                    usize::from(field_area.width),
                ),
                t.dim(),
            )),
            field_area,
        );
    } else {
        frame.render_widget(
            Paragraph::new(truncate(
                &one_line(l.search.value()),
                usize::from(field_area.width),
            )),
            field_area,
        );
    }
}

fn render_state(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let l = &app.contacts.list;
    let mut lines = vec![Line::raw("")];
    match &l.contacts.status {
        PageStatus::Failed { error, .. } => {
            lines.push(Line::styled("  Could not load the contacts.", t.error()));
            lines.push(Line::raw(format!("  {}", error.short())));
            lines.push(Line::raw(""));
            lines.push(Line::styled("  r to retry", t.accent()));
        }
        PageStatus::Loading { .. } => lines.push(Line::styled(
            format!("  {} Loading contacts…", crate::ui::spinner_frame(app)),
            t.accent(),
        )),
        _ if !l.contacts.loaded_once => lines.push(Line::styled(
            format!("  {} Loading contacts…", crate::ui::spinner_frame(app)),
            t.accent(),
        )),
        _ if !l.shown_search.is_empty() => {
            lines.push(Line::styled(
                format!("  No contact matches “{}”.", one_line(&l.shown_search)),
                t.bold(),
            ));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!(
                    "  {}",
                    crate::ui::say(app, "contacts.back", "clears the search")
                ),
                t.accent(),
            ));
        }
        _ => {
            lines.push(Line::styled("  No contacts yet.", t.bold()));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!(
                    "  The form adds one{}",
                    crate::ui::then_say(app, "contacts.save", "saves it")
                ),
                t.accent(),
            ));
        }
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}
