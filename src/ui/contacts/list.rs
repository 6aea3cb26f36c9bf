//! The contact list pane: a search line, a header, and rows whose optional columns drop out as
//! the pane narrows. Loading, empty and failed each look different.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use weeek_api::models::Contact;

use super::form::tag_spans;
use crate::app::App;
use crate::layout;
use crate::screen::{Hits, Target};
use crate::ui::searched_list::{
    self, Words, cell, render_rows, render_search_line, render_state, row_line, row_start,
};
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
    let columns = [
        (c.emails, "E-mails"),
        (c.phones, "Phones"),
        (c.orgs, "Organizations"),
        (c.tags, "Tags"),
    ];
    searched_list::header(t, c.name, &columns)
}

fn row(app: &App, t: &Theme, contact: &Contact, c: &Columns, cursor: bool) -> Line<'static> {
    let s = &app.contacts;
    // "+" means "and more" everywhere.
    let new = s.list.is_new(&contact.id);
    let item = crate::outbox::record_ref(crate::outbox::ItemKind::Contact, &contact.id);
    let name = contact.display_name();
    let mut spans = row_start(t, new, &name, app.offline.mark(&item), c.name);
    let emails: Vec<String> = contact.emails.iter().map(|e| e.email.clone()).collect();
    spans.extend(cell(&emails, c.emails).map(Span::raw));
    let phones: Vec<String> = contact.phones.iter().map(|p| p.phone.clone()).collect();
    spans.extend(cell(&phones, c.phones).map(Span::raw));
    let orgs: Vec<String> = contact
        .organizations
        .iter()
        .map(|id| super::org_label(app, id))
        .collect();
    spans.extend(cell(&orgs, c.orgs).map(|o| Span::styled(o, t.dim())));
    if c.tags > 0 {
        spans.push(Span::raw(" "));
        spans.extend(tag_spans(app, t, &contact.tags, c.tags));
    }
    row_line(t, spans, cursor)
}

const WORDS: Words = Words {
    one: "contact",
    plural: "contacts",
    placeholder: "search names, e-mails, phones",
    back: "contacts.back",
};

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
    let typing = active && s.layers.searching();
    render_search_line(app, t, frame, pane.search, l, typing, &WORDS, || {
        // Where the cursor is, while the list has the keys.
        let at = if s.pane == crate::contacts::Pane::List && !l.rows.rows.is_empty() {
            format!("{} of ", l.cursor + 1)
        } else {
            String::new()
        };
        match l.rows.rows.len() {
            n if l.rows.has_more => format!("{at}{n} loaded, more below"),
            1 => format!("{at}1 contact"),
            n => format!("{at}{n} contacts"),
        }
    });
    if pane.header.height == 0 {
        return;
    }
    let cols = columns(usize::from(pane.header.width));
    frame.render_widget(Paragraph::new(header(t, &cols)), pane.header);
    let body = pane.rows;
    if body.height == 0 {
        return;
    }
    if l.rows.rows.is_empty() {
        let empty = vec![
            Line::styled("  No contacts yet.", t.bold()),
            Line::raw(""),
            Line::styled(
                format!(
                    "  The form adds one{}",
                    crate::ui::then_say(app, "contacts.save", "saves it")
                ),
                t.accent(),
            ),
        ];
        render_state(app, t, frame, body, l, &WORDS, empty);
        return;
    }
    let drawn = render_rows(
        app,
        t,
        frame,
        body,
        l,
        |c, cursor| row(app, t, c, &cols, cursor),
        active,
    );
    for (i, y) in drawn.zip(body.y..) {
        hits.add(Rect::new(body.x, y, body.width, 1), Target::Contact(i));
    }
}
