//! Drawing the organizations tab of the contacts screen: its tab line, the list pane (search
//! line, header, rows whose optional columns drop out as it narrows) and an organization read
//! in full. Where each goes is `layout::organizations`.

mod form;
#[cfg(test)]
mod tests;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use weeek_api::models::Organization;

use super::contacts::tag_spans;
use crate::app::App;
use crate::contacts::organizations::deals::OrgDeals;
use crate::contacts::organizations::layer::Layer;
use crate::keys::commands::Context;
use crate::layout;
use crate::screen::Hits;
use crate::screen::names::short_id;
use crate::text::{fit, fit_hints, one_line, truncate};
use crate::ui::dialogs::{render_confirm, render_picker, render_waiting};
use crate::ui::searched_list::{
    self, Words, cell, render_rows, render_search_line, render_state, row_line, row_start,
};
use crate::ui::theme::Theme;
use crate::ui::width;

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let a = layout::organizations::areas(body);
    render_tabs(app, t, frame, a.tabs);
    render_list(app, t, frame, a.list);
    let s = &app.contacts.organizations;
    for l in s.layers.iter() {
        let covered = match l {
            // The search line has the box (`render_list`).
            Layer::Search => continue,
            Layer::View { org, scroll } => render_detail(app, t, frame, body, org, *scroll),
            Layer::Form(fs) => form::render(app, t, frame, body, fs),
            Layer::Links(lp) => match &lp.picker {
                Some(p) => render_picker(t, frame, body, p),
                None => render_waiting(
                    app,
                    frame,
                    body,
                    match lp.kind {
                        crate::contacts::organizations::links::LinkKind::Contacts => "contacts",
                        crate::contacts::organizations::links::LinkKind::Tags => "tags",
                    },
                ),
            },
            Layer::AskDelete { name, .. } => {
                let question = format!("Delete the organization “{name}”?");
                render_confirm(app, t, frame, body, &question)
            }
            Layer::AskClose => {
                let question = match s.layers.form().and_then(|f| f.edit.as_ref()) {
                    Some(_) => "Close the form and drop its unsaved changes?",
                    None => "Close the form and drop the new organization?",
                };
                render_confirm(app, t, frame, body, question)
            }
        };
        hits.cover(covered);
    }
}

fn render_tabs(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let spans = vec![
        Span::styled(" Contacts ", t.dim()),
        Span::raw(" "),
        Span::styled(" Organizations ", t.selected()),
        Span::styled(
            format!(
                "  {}",
                crate::ui::say(app, "organizations.contacts", "back to contacts")
            ),
            t.dim(),
        ),
    ];
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

struct Columns {
    name: usize,
    phones: usize,
    emails: usize,
    contacts: usize,
    tags: usize,
}

/// Name columns past which a wider pane widens the other columns instead.
const NAME_ENOUGH: usize = 32;

fn columns(w: usize) -> Columns {
    let phones = if w >= 44 { 20 } else { 0 };
    let emails = if w >= 70 { 24 } else { 0 };
    let contacts = if w >= 90 { 20 } else { 0 };
    let tags = if w >= 118 { 16 } else { 0 };
    let gaps = [phones, emails, contacts, tags]
        .iter()
        .filter(|c| **c > 0)
        .count();
    let name = w
        .saturating_sub(2 + phones + emails + contacts + tags + gaps)
        .max(8);
    // Past a comfortable name, width goes to the columns that are cut first.
    let mut surplus = name.saturating_sub(NAME_ENOUGH);
    let mut widen = |col: usize, most: usize| {
        let more = if col > 0 { surplus.min(most) } else { 0 };
        surplus -= more;
        col + more
    };
    let phones = widen(phones, 6);
    let emails = widen(emails, 16);
    let contacts = widen(contacts, 16);
    Columns {
        name: name - (name.saturating_sub(NAME_ENOUGH) - surplus),
        phones,
        emails,
        contacts,
        tags,
    }
}

fn header(t: &Theme, c: &Columns) -> Line<'static> {
    let columns = [
        (c.phones, "Phones"),
        (c.emails, "E-mails"),
        (c.contacts, "Contacts"),
        (c.tags, "Tags"),
    ];
    searched_list::header(t, c.name, &columns)
}

/// A contact's name where the contact list has it, else its short id.
/// A contact's name from any list the app has read, else its short id.
pub(crate) fn contact_name(app: &App, id: &str) -> String {
    let picked = app.contacts.organizations.contacts.usable();
    app.contacts
        .list
        .find(id)
        .or_else(|| picked.and_then(|all| all.iter().find(|c| c.id == id)))
        .map(|c| c.display_name())
        .unwrap_or_else(|| short_id(id))
}

fn row(app: &App, t: &Theme, o: &Organization, c: &Columns, cursor: bool) -> Line<'static> {
    // As in the contact list, one saved in this run has a check mark.
    let new = app.contacts.organizations.list.is_new(&o.id);
    let item = crate::outbox::record_ref(crate::outbox::ItemKind::Organization, &o.id);
    let name = o.display_name();
    let mut spans = row_start(t, new, &name, app.offline.mark(&item), c.name);
    let phones: Vec<String> = o.phones.iter().map(|p| p.phone.clone()).collect();
    spans.extend(cell(&phones, c.phones).map(Span::raw));
    let emails: Vec<String> = o.emails.iter().map(|e| e.email.clone()).collect();
    spans.extend(cell(&emails, c.emails).map(Span::raw));
    let contacts: Vec<String> = o.contacts.iter().map(|id| contact_name(app, id)).collect();
    spans.extend(cell(&contacts, c.contacts).map(Span::raw));
    if c.tags > 0 {
        spans.push(Span::raw(" "));
        spans.extend(tag_spans(app, t, &o.tags, c.tags));
    }
    row_line(t, spans, cursor)
}

const WORDS: Words = Words {
    one: "organization",
    plural: "organizations",
    placeholder: "search organizations",
    back: "organizations.back",
};

fn render_list(app: &App, t: &Theme, frame: &mut Frame, rect: Rect) {
    let l = &app.contacts.organizations.list;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(Span::styled(" Organizations ", t.bold()));
    frame.render_widget(block, rect);
    let pane = layout::contacts::list_pane(rect);
    if pane.search.height == 0 || pane.search.width < 4 {
        return;
    }
    let typing = matches!(app.contacts.organizations.layers.top(), Some(Layer::Search));
    render_search_line(app, t, frame, pane.search, l, typing, &WORDS, || {
        let at = l.cursor + 1;
        match l.rows.rows.len() {
            0 => String::new(),
            n if l.rows.has_more => format!("{at} of {n} loaded, more below"),
            n => format!("{at} of {n}"),
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
        let empty = vec![Line::styled("  No organizations yet.", t.bold())];
        render_state(app, t, frame, body, l, &WORDS, empty);
        return;
    }
    render_rows(
        app,
        t,
        frame,
        body,
        l,
        |o, cursor| row(app, t, o, &cols, cursor),
        true,
    );
}

/// The lines of an organization read in full, as many as `detail_rows` counts.
fn detail_lines(
    app: &App,
    t: &Theme,
    o: &Organization,
    deals: &OrgDeals,
    w: usize,
) -> Vec<Line<'static>> {
    const LABEL: usize = 10;
    let value_w = w.saturating_sub(LABEL + 1);
    let mut lines = Vec::new();
    let mut push = |label: &str, value: String, style| {
        lines.push(Line::from(vec![
            Span::styled(fit(label, LABEL), t.dim()),
            Span::raw(" "),
            Span::styled(truncate(&one_line(&value), value_w), style),
        ]));
    };
    push("Name", o.display_name(), t.bold());
    push("Id", crate::outbox::id_text(&o.id), t.dim());
    let section = |label: &str, values: Vec<String>, push: &mut dyn FnMut(&str, String)| {
        for (i, v) in values.into_iter().enumerate() {
            push(if i == 0 { label } else { "" }, v);
        }
    };
    let plain = ratatui::style::Style::default();
    let mut add = |label: &str, v: String| push(label, v, plain);
    section(
        "Addresses",
        o.addresses.iter().map(|a| a.address.clone()).collect(),
        &mut add,
    );
    section(
        "E-mails",
        o.emails.iter().map(|e| e.email.clone()).collect(),
        &mut add,
    );
    section(
        "Phones",
        o.phones.iter().map(|p| p.phone.clone()).collect(),
        &mut add,
    );
    section(
        "Contacts",
        o.contacts.iter().map(|id| contact_name(app, id)).collect(),
        &mut add,
    );
    if !o.tags.is_empty() {
        let mut spans = vec![Span::styled(fit("Tags", LABEL), t.dim()), Span::raw(" ")];
        spans.extend(tag_spans(app, t, &o.tags, value_w));
        lines.push(Line::from(spans));
    }
    // Each deal: its title, its amount, where it stands; then what is still being read.
    let mut label = "Deals";
    for d in &deals.rows {
        let tail = format!("  {} · {}", d.amount, d.place);
        // The title gives way to the amount and place, but never below half the room.
        let named = match d.mark {
            Some(mark) => format!("{} ({mark})", d.title),
            None => d.title.clone(),
        };
        let title = truncate(
            &one_line(&named),
            value_w.saturating_sub(width(&tail)).max(value_w / 2),
        );
        let rest = value_w.saturating_sub(width(&title));
        lines.push(Line::from(vec![
            Span::styled(fit(std::mem::take(&mut label), LABEL), t.dim()),
            Span::raw(" "),
            Span::raw(title),
            Span::styled(truncate(&tail, rest), t.dim()),
        ]));
    }
    if let Some(note) = deals.note() {
        lines.push(Line::from(vec![
            Span::styled(fit(label, LABEL), t.dim()),
            Span::raw(" "),
            Span::styled(truncate(&note, value_w), t.dim()),
        ]));
    }
    let mut when = |label: &str, at: Option<time::OffsetDateTime>| {
        if let Some(at) = at {
            lines.push(Line::from(vec![
                Span::styled(fit(label, LABEL), t.dim()),
                Span::raw(" "),
                Span::styled(
                    truncate(
                        &crate::datetime::local(Some(at), app.utc_offset, app.today),
                        value_w,
                    ),
                    t.dim(),
                ),
            ]));
        }
    };
    when("Created", o.created_at);
    when("Changed", o.updated_at);
    lines
}

fn render_detail(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    body: Rect,
    o: &Organization,
    scroll: usize,
) -> Rect {
    let rect = layout::organizations::detail(body);
    frame.render_widget(Clear, rect);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(format!(" {} ", truncate(&one_line(&o.display_name()), 60)))
        .title_bottom(format!(
            " {} ",
            fit_hints(
                &crate::ui::hint_line(app, &[Context::OrgView], false),
                usize::from(rect.width.saturating_sub(4))
            )
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let deals = &app.contacts.organizations.deals;
    let lines = detail_lines(app, t, o, deals, usize::from(inner.width));
    debug_assert_eq!(
        lines.len(),
        crate::contacts::organizations::detail_rows(o, deals)
    );
    let max = lines.len().saturating_sub(usize::from(inner.height));
    let scroll = u16::try_from(scroll.min(max)).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), inner);
    rect
}
