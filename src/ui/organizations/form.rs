//! The organization form over the list: one line a field (the name, then each address, e-mail
//! and phone row), its message under it, and a status line at the bottom.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use crate::app::App;
use crate::contacts::organizations::form::{Kind, OrgField, OrgForm};
use crate::contacts::organizations::save::{FormState, Phase};
use crate::layout;
use crate::screen::checked_form::CheckedForm;
use crate::text::{fit, one_line, truncate};
use crate::ui::contacts::form::input_style;
use crate::ui::dialogs::render_field;
use crate::ui::form_status::{self, Keys, Stand};
use crate::ui::theme::Theme;

const MARK_W: u16 = 2;
const LABEL_W: u16 = 11;

/// A field's label; a further row of a kind has one only while focused (`Phone 2`), so the
/// column reads as one list per kind.
fn label(f: OrgField, focused: bool) -> String {
    match f {
        OrgField::Name => "Name*".into(),
        OrgField::Row(Kind::Address, 0) => "Addresses".into(),
        OrgField::Row(Kind::Email, 0) => "E-mails".into(),
        OrgField::Row(Kind::Phone, 0) => "Phones".into(),
        OrgField::Row(k, i) if focused => format!("{} {}", k.label(), i + 1),
        OrgField::Row(..) => String::new(),
    }
}

/// Each field's lines: itself, then its message when it has one.
fn lines(app: &App, t: &Theme, form: &OrgForm, w: u16) -> (Vec<(OrgField, Line<'static>)>, usize) {
    let lw = LABEL_W.min(w / 3);
    let vw = usize::from(w.saturating_sub(MARK_W + lw));
    let mut out = Vec::new();
    let mut focus_line = 0;
    for f in form.fields() {
        let focused = f == form.focus;
        if focused {
            focus_line = out.len();
        }
        let label_style = if form.errors.contains_key(&f) {
            t.error()
        } else if focused {
            t.accent()
        } else {
            ratatui::style::Style::new()
        };
        let value = form.text(f).map(|v| v.value()).unwrap_or_default();
        let shown = if value.is_empty() && !focused {
            Span::styled(fit(&placeholder(app, f), vw), t.dim())
        } else {
            Span::raw(fit(&one_line(value), vw))
        };
        out.push((
            f,
            Line::from(vec![
                Span::styled(if focused { "› " } else { "  " }, t.accent()),
                Span::styled(fit(&label(f, focused), usize::from(lw)), label_style),
                shown,
            ]),
        ));
        if let Some(m) = form.errors.get(&f) {
            out.push((
                f,
                Line::styled(
                    format!(
                        "{}{}",
                        " ".repeat(usize::from(MARK_W + lw)),
                        truncate(&one_line(m), vw)
                    ),
                    t.error(),
                ),
            ));
        }
    }
    (out, focus_line)
}

fn placeholder(app: &App, f: OrgField) -> String {
    match f {
        OrgField::Name => "required".into(),
        OrgField::Row(_, 0) => format!(
            "optional{}",
            crate::ui::then_say(app, "org_form.add_row", "adds a row")
        ),
        OrgField::Row(..) => String::new(),
    }
}

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, fs: &FormState) -> Rect {
    let width = layout::organizations::detail(body).width.saturating_sub(2);
    let (all, focus_line) = lines(app, t, &fs.form, width);
    let status_h: u16 = if fs.failure.is_some() || matches!(fs.phase, Phase::Checking(_)) {
        2
    } else {
        1
    };
    let rect = layout::organizations::form(body, all.len() as u16 + status_h);
    frame.render_widget(Clear, rect);
    let title = match &fs.edit {
        Some(s) => format!(
            " Edit “{}” ",
            truncate(&one_line(&s.base.name), usize::from(rect.width / 2))
        ),
        None => " New organization ".to_string(),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(Span::styled(title, t.bold()));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 || inner.width < 4 {
        return rect;
    }
    let status_h = status_h.min(inner.height.saturating_sub(1));
    let fields = Rect::new(inner.x, inner.y, inner.width, inner.height - status_h);
    let h = usize::from(fields.height);
    // The focused field and its message stay in view.
    let focus_end = all
        .iter()
        .rposition(|(f, _)| *f == fs.form.focus)
        .unwrap_or(focus_line);
    let top = (focus_end + 1).saturating_sub(h);
    let typing = !fs.phase.is_busy();
    for (i, (f, line)) in all.into_iter().enumerate().skip(top).take(h) {
        let y = fields.y + (i - top) as u16;
        let row = Rect::new(fields.x, y, fields.width, 1);
        frame.render_widget(Paragraph::new(line), row);
        if i == focus_line && f == fs.form.focus {
            let lw = LABEL_W.min(inner.width / 3);
            let area = Rect::new(
                row.x + MARK_W + lw,
                y,
                row.width.saturating_sub(MARK_W + lw),
                1,
            );
            frame.render_widget(Clear, area);
            frame.render_widget(Block::default().style(input_style(t)), area);
            if let Some(field) = fs.form.text(f).filter(|_| typing) {
                render_field(frame, area, field, true);
            }
        }
    }
    let status = Rect::new(inner.x, fields.bottom(), inner.width, status_h);
    render_status(app, t, frame, status, fs);
    rect
}

fn render_status(app: &App, t: &Theme, frame: &mut Frame, area: Rect, fs: &FormState) {
    if area.height == 0 {
        return;
    }
    let stand = if let Some(f) = &fs.failure {
        Stand::Failed(f)
    } else if let Phase::Checking(c) = &fs.phase {
        Stand::Lost(c.lost.is_looking())
    } else if fs.phase.is_busy() {
        Stand::Saving
    } else if !fs.form.errors.is_empty() {
        Stand::Errors(fs.form.errors.len())
    } else {
        Stand::Ready
    };
    let keys = Keys {
        save: "org_form.save",
        look_again: &[("org_form.save", "looks again")],
        ready: &[
            ("org_form.save", "saves"),
            ("org_form.next", "next"),
            ("org_form.add_row", "adds a row"),
            ("org_form.remove_row", "removes a row"),
            ("org_form.close", "closes"),
        ],
    };
    let line = form_status::line(app, t, usize::from(area.width), stand, &keys);
    frame.render_widget(Paragraph::new(line).wrap(Wrap { trim: true }), area);
}
