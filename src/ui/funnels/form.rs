//! The deal form over the board: one line per field, its message under it, the focused field
//! with the cursor; scrolled to keep the focus in view on short terminals.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};

use crate::amounts;
use crate::app::App;
use crate::funnels::deal_form::{CustomValue, DealField, Input, Named};
use crate::funnels::detail::FunnelDetail;
use crate::funnels::editor::{DealEditor, Phase, Target};
use crate::layout::centered;
use crate::text::{one_line, truncate, width};
use crate::ui::dialogs::render_field;
use crate::ui::theme::Theme;

const LABEL_W: usize = 16;

fn joined(names: &[Named]) -> String {
    names
        .iter()
        .map(|n| one_line(&n.name))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The label of a place: "Amount, ₽" carries the funnel's currency.
fn label(app: &App, d: &FunnelDetail, e: &DealEditor, f: DealField) -> String {
    match f {
        DealField::Title => "Title".into(),
        DealField::Amount => {
            let currency = d.funnel.value().map(|f| f.currency()).unwrap_or(1);
            format!("Amount, {}", amounts::currency_mark(&app.names, currency))
        }
        DealField::Assignees => "Assignees".into(),
        DealField::Contacts => "Contacts".into(),
        DealField::Organizations => "Organizations".into(),
        DealField::Tags => "Tags".into(),
        DealField::Custom(i) => e
            .form
            .fields
            .get(i)
            .and_then(|f| f.name.clone())
            .map(|n| one_line(&n))
            .unwrap_or_else(|| "(unnamed field)".into()),
    }
}

/// What a place holds, as a line of text.
fn value(app: &App, e: &DealEditor, f: DealField) -> String {
    let form = &e.form;
    if let Some(t) = form.text(f) {
        return one_line(t.value());
    }
    match f {
        DealField::Assignees => form
            .assignees
            .iter()
            .map(|id| app.names.member_name(id))
            .collect::<Vec<_>>()
            .join(", "),
        DealField::Contacts => joined(&form.contacts),
        DealField::Organizations => joined(&form.organizations),
        DealField::Tags => form
            .tags
            .iter()
            .map(|id| {
                app.names
                    .tag(*id)
                    .map_or_else(|| format!("tag {id}"), |t| one_line(&t.title))
            })
            .collect::<Vec<_>>()
            .join(", "),
        DealField::Custom(i) => {
            let Some(field) = form.fields.get(i) else {
                return String::new();
            };
            match (Input::of(field.kind()), form.chosen.get(&field.id)) {
                (_, Some(CustomValue::Flag(Some(true)))) => "yes".into(),
                (_, Some(CustomValue::Flag(Some(false)))) => "no".into(),
                (Input::Member, Some(CustomValue::One(Some(n)))) => app.names.member_name(&n.id),
                (_, Some(CustomValue::One(Some(n)))) => one_line(&n.name),
                (_, Some(CustomValue::Many(v))) => joined(v),
                (_, Some(CustomValue::Typed(t))) => one_line(t),
                _ => String::new(),
            }
        }
        _ => String::new(),
    }
}

/// What an empty place says when focused.
fn hint(e: &DealEditor, f: DealField) -> &'static str {
    match e.form.input(f) {
        Some(Input::Flag) => "Enter or y / n",
        Some(Input::ReadOnly) => "set by the approvers",
        Some(Input::Date) => "a day, a time if wanted: tomorrow 14:00, 01.12.2026",
        Some(_) => "",
        None => "Enter or type to choose",
    }
}

/// The form; `focused`: no picker or question of it is over it (its field shows the cursor).
pub fn render(
    app: &App,
    t: &Theme,
    d: &FunnelDetail,
    e: &DealEditor,
    focused: bool,
    frame: &mut Frame,
    body: Rect,
) -> Rect {
    let places = e.form.places();
    let labels: Vec<String> = places.iter().map(|f| label(app, d, e, *f)).collect();
    // The label column fits the longest label (with the focus mark and a space), up to a
    // third of the form; a longer label wraps under itself.
    let base_w = usize::from(body.width.min(76).saturating_sub(2)).max(1);
    let longest = labels.iter().map(|l| width(l)).max().unwrap_or(0);
    let label_w = (longest + 2).clamp(LABEL_W.min(base_w / 3), (base_w / 3).max(3));
    // As wide as its messages need, whole, up to the terminal's width; past it they wrap.
    let box_w = crate::ui::dialogs::fit_width(
        76,
        label_w + 2,
        e.form
            .errors
            .values()
            .map(String::as_str)
            .chain(e.failure.as_deref()),
        body.width,
    );
    let w = usize::from(box_w.saturating_sub(2)).max(1);
    // Lines: the failure first, then each place and its message.
    let mut lines: Vec<(Option<DealField>, Line<'static>)> = Vec::new();
    if let Some(f) = &e.failure {
        for l in crate::ui::dialogs::hint_lines(f, 0, w) {
            lines.push((None, Line::styled(l, t.error())));
        }
    }
    for (f, full) in places.into_iter().zip(&labels) {
        let focused = f == e.form.focus;
        let mark = if focused { "▌" } else { " " };
        let mut names = crate::text::wrap(full, label_w.saturating_sub(2), usize::MAX).into_iter();
        let name = names.next().unwrap_or_default();
        let pad = label_w.saturating_sub(width(&name) + 1);
        let label_style = if focused {
            t.accent().add_modifier(Modifier::BOLD)
        } else {
            t.dim()
        };
        let v = value(app, e, f);
        let shown = if v.is_empty() && focused {
            Span::styled(hint(e, f).to_string(), t.dim())
        } else if v.is_empty() {
            Span::styled("–".to_string(), t.dim())
        } else {
            Span::raw(v)
        };
        let line = Line::from(vec![
            Span::styled(mark.to_string(), t.accent()),
            Span::styled(name, label_style),
            Span::raw(" ".repeat(pad)),
            shown,
        ]);
        lines.push((Some(f), super::clip_line(line, w)));
        for rest in names {
            lines.push((None, Line::styled(format!(" {rest}"), label_style)));
        }
        if let Some(m) = e.form.errors.get(&f) {
            for l in crate::ui::dialogs::hint_lines(&format!("✗ {}", one_line(m)), label_w, w) {
                lines.push((None, Line::styled(l, t.error())));
            }
        }
    }
    let rect = centered(body, box_w, lines.len() as u16 + 2);
    frame.render_widget(Clear, rect);
    let title = match &e.target {
        Target::New { status_id } => format!(" New deal in {} ", d.status_name(status_id)),
        Target::Edit { .. } => format!(" Edit {} ", e.name),
    };
    let status = match &e.phase {
        Phase::Saving(_) | Phase::Patching(_) => " saving… ".to_string(),
        Phase::Reading { .. } => " reading it back… ".to_string(),
        Phase::Checking(c) if c.lost.is_looking() => " looking for it… ".to_string(),
        Phase::Checking(_) => format!(" {} ", crate::ui::say(app, "deal_form.save", "looks again")),
        Phase::Editing => String::new(),
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(Span::styled(
            truncate(&title, usize::from(rect.width.saturating_sub(4))),
            t.bold(),
        ))
        .title_bottom(Span::styled(status, t.dim()));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    if inner.height == 0 || inner.width == 0 {
        return rect;
    }
    let h = usize::from(inner.height);
    let at = lines
        .iter()
        .position(|(f, _)| *f == Some(e.form.focus))
        .unwrap_or(0);
    // Keep the focused line and its message in view.
    let scroll = (at + 2).saturating_sub(h);
    for (row, (f, line)) in lines.iter().skip(scroll).take(h).enumerate() {
        let area = Rect::new(inner.x, inner.y + row as u16, inner.width, 1);
        let typing = *f == Some(e.form.focus)
            && e.form.is_typed(e.form.focus)
            && focused
            && matches!(e.phase, Phase::Editing);
        if typing && let Some(field) = e.form.text(e.form.focus) {
            let lw = (label_w as u16).min(area.width);
            frame.render_widget(
                Paragraph::new(line.clone()),
                Rect::new(area.x, area.y, lw, 1),
            );
            let rest = Rect::new(area.x + lw, area.y, area.width - lw, 1);
            render_field(frame, rest, field, true);
        } else {
            frame.render_widget(Paragraph::new(line.clone()), area);
        }
    }
    rect
}
