//! The form pane: one line per field, its message under it, a status line at the bottom; and
//! the saved contact that replaces the form after a successful save.

use crate::screen::checked_form::CheckedForm;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use weeek_api::NAME_MAX_CHARS;
use weeek_api::models::Contact;

use crate::app::App;
use crate::contacts::form::{COUNTER_FROM, Field, Form};
use crate::contacts::submit::Phase;
use crate::contacts::{ContactsState, Pane};
use crate::screen::{Hits, Target};
use crate::text::{one_line, truncate, width};
use crate::ui::dialogs::render_field;
use crate::ui::form_status::{self, Keys, Stand};
use crate::ui::theme::Theme;

/// Focus mark, then the label column.
const MARK_W: u16 = 2;
const LABEL_W: u16 = 14;

fn label(f: Field) -> &'static str {
    match f {
        Field::FirstName => "First name*",
        Field::LastName => "Last name",
        Field::MiddleName => "Middle name",
        Field::Email(0) => "E-mails",
        Field::Phone(0) => "Phones",
        Field::Email(_) | Field::Phone(_) => "",
        Field::Organizations => "Organizations",
        Field::Tags => "Tags",
    }
}

pub fn label_w(inner: Rect) -> u16 {
    LABEL_W.min(inner.width / 3)
}

/// The input look of the field being typed in.
pub fn input_style(t: &Theme) -> Style {
    if t.color {
        Style::new().bg(Color::Rgb(38, 44, 60))
    } else {
        Style::new().add_modifier(Modifier::UNDERLINED)
    }
}

/// Each field's first row (relative to the fields area) and its height (with its message).
fn field_rows(form: &Form) -> Vec<(Field, u16, u16)> {
    let mut y = 0;
    form.fields()
        .into_iter()
        .map(|f| {
            let h = 1 + u16::from(form.errors.contains_key(&f));
            let row = (f, y, h);
            y += h;
            row
        })
        .collect()
}

/// The first field row shown when the fields area is `height` rows: the focused field is
/// always in view.
fn scroll(form: &Form, height: u16) -> u16 {
    let rows = field_rows(form);
    let Some(&(_, y, h)) = rows.iter().find(|(f, _, _)| *f == form.focus) else {
        return 0;
    };
    (y + h).saturating_sub(height)
}

fn status_lines(s: &ContactsState) -> u16 {
    if s.failure.is_some() || matches!(s.phase, Phase::Checking(_)) {
        2
    } else {
        1
    }
}

/// The fields area inside a form pane drawn at `rect`.
fn fields_area(s: &ContactsState, rect: Rect) -> Rect {
    let inner = Block::default().borders(Borders::ALL).inner(rect);
    let status = status_lines(s).min(inner.height.saturating_sub(1));
    Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(status),
    )
}

pub fn render(app: &App, t: &Theme, frame: &mut Frame, rect: Rect, active: bool, hits: &mut Hits) {
    let s = &app.contacts;
    if let Phase::Saved(c) = &s.phase {
        render_saved(app, t, frame, rect, c, active);
        return;
    }
    let saving = s.phase.is_busy();
    let what = match &s.edit {
        Some(e) => format!("Edit {}", e.name()),
        None => "New contact".to_string(),
    };
    let title = match &s.phase {
        Phase::Saving { .. } | Phase::Updating => {
            format!(" {what} · {} saving… ", crate::ui::spinner_frame(app))
        }
        Phase::Checking(c) if c.lost.is_looking() => format!(
            " New contact · {} looking for it… ",
            crate::ui::spinner_frame(app)
        ),
        Phase::Checking(_) => " New contact · not confirmed ".to_string(),
        _ => format!(" {what} "),
    };
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(if active { t.accent() } else { t.dim() })
        .title(Span::styled(title, if active { t.bold() } else { t.dim() }));
    if s.draft_saved() && !saving {
        block = block.title_bottom(Line::styled(" draft saved ", t.dim()).right_aligned());
    }
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 || inner.width < 4 {
        return;
    }
    let area = fields_area(s, rect);
    let typing = active && s.editing && !saving && s.pane == Pane::Form && s.layers.ask().is_none();
    let off = scroll(&s.form, area.height);
    for (f, y, h) in field_rows(&s.form) {
        if y < off || y - off >= area.height {
            continue;
        }
        let row_y = area.y + y - off;
        // The field and its message line, as far as they show.
        let shown = h.min(area.bottom() - row_y);
        hits.add(
            Rect::new(area.x, row_y, area.width, shown),
            Target::Field(f),
        );
        let row = Rect::new(area.x, row_y, area.width, 1);
        render_field_row(app, t, frame, row, f, typing, active && !saving);
        if let Some(msg) = s.form.errors.get(&f)
            && row_y + 1 < area.y + area.height
        {
            let x = area.x + MARK_W + label_w(area);
            let w = area.width.saturating_sub(MARK_W + label_w(area));
            frame.render_widget(
                Paragraph::new(Span::styled(
                    truncate(&format!("✗ {}", one_line(msg)), usize::from(w)),
                    t.error(),
                )),
                Rect::new(x, row_y + 1, w, 1),
            );
        }
    }
    let status = Rect::new(
        inner.x,
        area.y + area.height,
        inner.width,
        (inner.y + inner.height).saturating_sub(area.y + area.height),
    );
    render_status(app, t, frame, status);
}

/// One field on the line `row`.
fn render_field_row(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    row: Rect,
    f: Field,
    typing: bool,
    active: bool,
) {
    let form = &app.contacts.form;
    let focused = f == form.focus && active;
    let lw = label_w(row);
    let y = row.y;
    let mark = if focused { "› " } else { "  " };
    let label_style = if form.errors.contains_key(&f) {
        t.error()
    } else if focused {
        t.accent()
    } else {
        Style::new()
    };
    frame.render_widget(
        Paragraph::new(Line::from(vec![
            Span::styled(mark, t.accent()),
            Span::styled(
                crate::text::fit(label(f), usize::from(lw.saturating_sub(1))),
                label_style,
            ),
        ])),
        Rect::new(row.x, y, (MARK_W + lw).min(row.width), 1),
    );
    let vx = row.x + MARK_W + lw;
    let vw = row.width.saturating_sub(MARK_W + lw);
    if vw == 0 {
        return;
    }
    let value_area = Rect::new(vx, y, vw, 1);
    if focused {
        let style = if typing {
            input_style(t)
        } else {
            t.cursor_row()
        };
        frame.render_widget(Block::default().style(style), value_area);
    }
    match form.text(f) {
        Some(field) => {
            let count = form.chars(f);
            let counter = (f.is_name() && count >= COUNTER_FROM)
                .then(|| format!(" {count}/{NAME_MAX_CHARS}"));
            let cw = counter.as_deref().map(width).unwrap_or(0) as u16;
            let text_area = Rect::new(vx, y, vw.saturating_sub(cw), 1);
            if let Some(c) = &counter {
                let style = if count > NAME_MAX_CHARS {
                    t.error()
                } else {
                    t.fg(Color::Yellow)
                };
                frame.render_widget(
                    Paragraph::new(Span::styled(c.clone(), style)),
                    Rect::new(vx + text_area.width, y, cw.min(vw), 1),
                );
            }
            if field.value().is_empty() {
                if let Some(p) = placeholder(app, f, focused) {
                    frame.render_widget(
                        Paragraph::new(Span::styled(
                            truncate(&p, usize::from(text_area.width)),
                            t.dim(),
                        )),
                        text_area,
                    );
                }
                if focused && typing {
                    render_field(frame, text_area, field, true);
                }
            } else if focused && typing {
                render_field(frame, text_area, field, true);
            } else {
                frame.render_widget(
                    Paragraph::new(truncate(
                        &one_line(field.value()),
                        usize::from(text_area.width),
                    )),
                    text_area,
                );
            }
        }
        None => {
            let line = match f {
                Field::Organizations => org_line(app, t, usize::from(vw), focused),
                _ => tag_line(app, t, usize::from(vw), focused),
            };
            frame.render_widget(Paragraph::new(line), value_area);
        }
    }
}

fn placeholder(app: &App, f: Field, focused: bool) -> Option<String> {
    let add_row = || crate::ui::then_say(app, "contact_form.add_row", "adds a row");
    match f {
        Field::FirstName => Some("required".into()),
        Field::Email(_) if focused => Some(format!("name@example.com{}", add_row())),
        Field::Phone(_) if focused => Some(format!("+7 900 123-45-67{}", add_row())),
        _ => None,
    }
}

fn org_line(app: &App, t: &Theme, w: usize, focused: bool) -> Line<'static> {
    let orgs = &app.contacts.form.organizations;
    if orgs.is_empty() {
        let text = if focused {
            format!(
                "none{}",
                crate::ui::then_say(app, "contact_choice.open", "chooses")
            )
        } else {
            "none".into()
        };
        return Line::styled(truncate(&text, w), t.dim());
    }
    let names: Vec<String> = orgs
        .iter()
        .map(|o| {
            app.contacts
                .org_name(&o.id)
                .unwrap_or_else(|| o.name.clone())
        })
        .collect();
    Line::raw(truncate(&one_line(&names.join(", ")), w))
}

/// Tag names in their colours, cut to `w` columns.
pub fn tag_spans(app: &App, t: &Theme, ids: &[i64], w: usize) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    let mut used = 0;
    for (i, id) in ids.iter().enumerate() {
        let (name, color) = match app.names.tag(*id) {
            Some(tag) => (tag.title.clone(), tag.color.clone()),
            None => (format!("tag #{id}"), None),
        };
        let text = format!("● {}", one_line(&name));
        let sep = if i == 0 { 0 } else { 1 };
        let tw = width(&text);
        if used + sep + tw > w {
            let room = w.saturating_sub(used + sep);
            if room > 0 {
                if sep == 1 {
                    spans.push(Span::raw(" "));
                }
                spans.push(Span::styled(
                    truncate(&text, room),
                    t.swatch(color.as_deref()),
                ));
            }
            break;
        }
        if sep == 1 {
            spans.push(Span::raw(" "));
        }
        spans.push(Span::styled(text, t.swatch(color.as_deref())));
        used += sep + tw;
    }
    spans
}

fn tag_line(app: &App, t: &Theme, w: usize, focused: bool) -> Line<'static> {
    let tags = &app.contacts.form.tags;
    if tags.is_empty() {
        let text = if focused {
            format!(
                "none{}",
                crate::ui::then_say(app, "contact_choice.open", "chooses")
            )
        } else {
            "none".into()
        };
        return Line::styled(truncate(&text, w), t.dim());
    }
    Line::from(tag_spans(app, t, tags, w))
}

fn render_status(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    if area.height == 0 {
        return;
    }
    let s = &app.contacts;
    let w = usize::from(area.width);
    let stand = if let Some(f) = &s.failure {
        Stand::Failed(&f.message)
    } else if let Phase::Checking(c) = &s.phase {
        Stand::Lost(c.lost.is_looking())
    } else if matches!(s.phase, Phase::Saving { .. } | Phase::Updating) {
        Stand::Saving
    } else if !s.form.errors.is_empty() {
        Stand::Errors(s.form.errors.len())
    } else {
        Stand::Ready
    };
    let keys = Keys {
        save: "contact_form.save",
        look_again: &[
            ("contacts.save", "looks again"),
            ("contacts.new", "starts over"),
        ],
        ready: &[
            ("contact_form.save", "saves"),
            ("contact_field.next", "next field"),
            ("contact_field.prev", "back"),
            ("contacts.organizations", "organizations"),
        ],
    };
    let line = form_status::line(app, t, w, stand, &keys);
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
}

/// A contact's details, one field a line (lists one item a line), labels in a column of
/// `lw`. `every`: also the fields the form does not take (middle name, who created it, when it
/// changed), for the read-only view. As many lines as [`crate::contacts::contact_rows`] says.
pub fn contact_lines(
    app: &App,
    t: &Theme,
    c: &Contact,
    w: usize,
    lw: usize,
    every: bool,
) -> Vec<Line<'static>> {
    let vw = w.saturating_sub(lw);
    let row = |label: &str, value: Vec<Span<'static>>| {
        let mut spans = vec![Span::styled(crate::text::fit(label, lw), t.dim())];
        spans.extend(value);
        Line::from(spans)
    };
    let text = |s: &str| vec![Span::raw(truncate(&one_line(s), vw))];
    let id = |s: &str| vec![Span::styled(truncate(&format!("id {s}"), vw), t.dim())];
    let when = |at: time::OffsetDateTime| {
        let at = at.to_offset(app.utc_offset);
        format!(
            "{:02}.{:02}.{} {:02}:{:02}",
            at.day(),
            at.month() as u8,
            at.year(),
            at.hour(),
            at.minute()
        )
    };
    let mut lines = vec![row(
        "Name",
        vec![Span::styled(
            truncate(&one_line(&c.display_name()), vw),
            t.bold(),
        )],
    )];
    if every {
        let dash = || "–".to_string();
        lines.push(row(
            "First name",
            text(&c.first_name.clone().unwrap_or_else(dash)),
        ));
        lines.push(row(
            "Middle name",
            text(&c.middle_name.clone().unwrap_or_else(dash)),
        ));
        lines.push(row(
            "Last name",
            text(&c.last_name.clone().unwrap_or_else(dash)),
        ));
    }
    lines.push(row("Contact id", text(&crate::outbox::id_text(&c.id))));
    for (i, e) in c.emails.iter().enumerate() {
        lines.push(row(if i == 0 { "E-mails" } else { "" }, text(&e.email)));
        lines.push(row("", id(&e.id)));
    }
    for (i, p) in c.phones.iter().enumerate() {
        lines.push(row(if i == 0 { "Phones" } else { "" }, text(&p.phone)));
        lines.push(row("", id(&p.id)));
    }
    let org_name = |id: &String| super::org_label(app, id);
    if every {
        for (i, o) in c.organizations.iter().enumerate() {
            let label = if i == 0 { "Organizations" } else { "" };
            lines.push(row(label, text(&org_name(o))));
        }
    } else if !c.organizations.is_empty() {
        let names: Vec<String> = c.organizations.iter().map(org_name).collect();
        lines.push(row("Organizations", text(&names.join(", "))));
    }
    if !c.tags.is_empty() {
        lines.push(row("Tags", tag_spans(app, t, &c.tags, vw)));
    }
    if every && let Some(by) = &c.creator_id {
        lines.push(row("Created by", text(&app.names.member_name(by))));
    }
    if let Some(at) = c.created_at {
        lines.push(row("Created", text(&when(at))));
    }
    if every && let Some(at) = c.updated_at {
        lines.push(row("Changed", text(&when(at))));
    }
    lines
}

fn render_saved(app: &App, t: &Theme, frame: &mut Frame, rect: Rect, c: &Contact, active: bool) {
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(if active { t.success() } else { t.dim() })
        .title(Span::styled(
            " ✓ Contact saved ",
            t.success().add_modifier(Modifier::BOLD),
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let w = usize::from(inner.width);
    let lw = usize::from(label_w(inner)) + 1;
    let lines = contact_lines(app, t, c, w, lw, false);
    let hints: Vec<(String, &str)> = [
        ("contacts.new", "new contact"),
        (
            "contacts.new_keep",
            "new contact, same organizations and tags",
        ),
        ("contacts.switch", "the list, where it is now first"),
    ]
    .into_iter()
    .filter_map(|(id, d)| app.keymap.key_of(id).map(|k| (k, d)))
    .collect();
    debug_assert_eq!(lines.len(), crate::contacts::contact_rows(c, false));
    let (details, keys) = crate::layout::contacts::saved_panel(inner);
    // The details scroll (j/k) and the keys stay in view below them.
    let max = lines.len().saturating_sub(usize::from(details.height));
    let scroll = u16::try_from(app.contacts.saved_scroll.min(max)).unwrap_or(u16::MAX);
    frame.render_widget(Paragraph::new(lines).scroll((scroll, 0)), details);
    let mut lines = vec![Line::raw("")];
    let key_w = hints
        .iter()
        .map(|(k, _)| width(k) + 1)
        .max()
        .unwrap_or(0)
        .max(4);
    for (k, d) in hints {
        lines.push(Line::from(vec![
            Span::styled(format!("{k:<key_w$}"), t.accent()),
            Span::raw(truncate(d, w.saturating_sub(key_w))),
        ]));
    }
    frame.render_widget(Paragraph::new(lines), keys);
}
