//! Every field of one deal, in a popup over the board.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use serde_json::Value;
use weeek_api::models::{CustomField, CustomFieldValue, Deal};

use super::chip;
use crate::amounts;
use crate::app::App;
use crate::funnels::deal_tasks::DealTasks;
use crate::funnels::detail::{DealView, FunnelDetail};
use crate::text::{fit, one_line, truncate, width};
use crate::ui::theme::Theme;

const LABEL_W: usize = 15;

/// Draws the popup and returns its box (nothing when the deal is not known yet).
pub fn render(
    app: &App,
    t: &Theme,
    d: &FunnelDetail,
    view: &DealView,
    frame: &mut Frame,
    area: Rect,
) -> Rect {
    let rect = crate::layout::funnels::deal_popup(area);
    let Some(deal) = view.deal.value() else {
        return Rect::default();
    };
    frame.render_widget(Clear, rect);
    let busy = if view.deal.is_loading() {
        format!(" {} ", crate::ui::spinner_frame(app))
    } else {
        String::new()
    };
    let title = one_line(deal.title.as_deref().unwrap_or("(untitled deal)"));
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(t.accent())
        .title(Span::styled(
            format!(
                " Deal: {} {busy}",
                truncate(&title, usize::from(rect.width).saturating_sub(14))
            ),
            t.accent(),
        ))
        .title_bottom(Span::styled(
            format!(
                " {} ",
                crate::ui::say_all(
                    app,
                    &[
                        ("list.down/list.up", "scroll"),
                        ("deal.next_task/deal.prev_task", "task"),
                        ("deal.open_task", "open"),
                        ("deal.new_task", "new"),
                        ("deal.detach_task", "detach"),
                        ("deal.close", "close"),
                    ]
                )
            ),
            t.dim(),
        ));
    let inner = block.inner(rect);
    frame.render_widget(block, rect);
    let w = usize::from(inner.width);
    let mut lines = Vec::new();
    if let Some(e) = view.deal.error() {
        lines.push(Line::styled(
            truncate(
                &format!(
                    "Could not load the full deal ({}){}",
                    e.short(),
                    crate::ui::then_say(app, "global.refresh", "retries")
                ),
                w,
            ),
            t.error(),
        ));
        lines.push(Line::raw(""));
    }
    lines.extend(deal_lines(app, t, d, deal, view.task, w));
    let max = lines.len().saturating_sub(usize::from(inner.height));
    let scroll = usize::from(view.scroll).min(max);
    let visible: Vec<Line> = lines
        .into_iter()
        .skip(scroll)
        .take(usize::from(inner.height))
        .map(|l| super::clip_line(l, w))
        .collect();
    frame.render_widget(Paragraph::new(visible), inner);
    rect
}

fn row(t: &Theme, label: &str, spans: Vec<Span<'static>>) -> Line<'static> {
    let mut all = vec![Span::styled(fit(label, LABEL_W), t.dim())];
    all.extend(spans);
    Line::from(all)
}

fn text_row(t: &Theme, label: &str, value: impl Into<String>, w: usize) -> Line<'static> {
    let v: String = value.into();
    row(
        t,
        label,
        vec![Span::raw(truncate(
            &one_line(&v),
            w.saturating_sub(LABEL_W),
        ))],
    )
}

/// One line per item under a label; "–" when there are none.
fn list_rows(t: &Theme, label: &str, items: Vec<String>, w: usize) -> Vec<Line<'static>> {
    if items.is_empty() {
        return vec![text_row(t, label, "–", w)];
    }
    items
        .into_iter()
        .enumerate()
        .map(|(i, it)| text_row(t, if i == 0 { label } else { "" }, it, w))
        .collect()
}

fn deal_lines(
    app: &App,
    t: &Theme,
    d: &FunnelDetail,
    deal: &Deal,
    selected: usize,
    w: usize,
) -> Vec<Line<'static>> {
    let names = &app.names;
    let funnel = d.funnel.value();
    let mark = funnel
        .map(|f| amounts::currency_mark(names, f.currency()))
        .unwrap_or_default();
    let status = deal
        .status_id
        .as_deref()
        .map(|s| d.status_name(s))
        .unwrap_or_else(|| "–".into());
    let (outcome, outcome_style) = super::board::outcome(t, deal.win_status.as_ref());
    let lookups = &app.funnels.lookups;
    let mut lines = vec![
        row(
            t,
            "Title",
            vec![Span::styled(
                truncate(
                    &one_line(deal.title.as_deref().unwrap_or("–")),
                    w.saturating_sub(LABEL_W),
                ),
                t.bold(),
            )],
        ),
        text_row(t, "Funnel", d.name(), w),
        text_row(t, "Status", status, w),
        row(
            t,
            "Amount",
            vec![Span::styled(amounts::money(deal.amount, &mark), t.bold())],
        ),
        row(
            t,
            "Outcome",
            vec![Span::styled(
                truncate(&one_line(outcome), w.saturating_sub(LABEL_W)),
                outcome_style,
            )],
        ),
    ];
    lines.extend(list_rows(
        t,
        "Assignees",
        deal.assignees
            .iter()
            .map(|id| names.member_name(id))
            .collect(),
        w,
    ));
    lines.push(text_row(
        t,
        "Creator",
        deal.creator_id
            .as_deref()
            .map_or("–".into(), |id| names.member_name(id)),
        w,
    ));
    let pending = |loading: bool| if loading { " …" } else { "" };
    lines.extend(list_rows(
        t,
        "Contacts",
        deal.contacts
            .iter()
            .map(|id| {
                format!(
                    "{}{}",
                    lookups.contact_name(id),
                    pending(lookups.contacts.loading)
                )
            })
            .collect(),
        w,
    ));
    lines.extend(list_rows(
        t,
        "Organizations",
        deal.organizations
            .iter()
            .map(|id| format!("{}{}", lookups.org_name(id), pending(lookups.orgs.loading)))
            .collect(),
        w,
    ));
    let mut tags: Vec<Span<'static>> = Vec::new();
    for id in &deal.tags {
        match names.tag(*id) {
            Some(tag) => tags.push(chip(t, &tag.title, tag.color.as_deref())),
            None => tags.push(Span::raw(format!("tag #{id}"))),
        }
        tags.push(Span::raw(" "));
    }
    if tags.is_empty() {
        tags.push(Span::raw("–"));
    }
    lines.push(row(t, "Tags", tags));
    lines.push(text_row(
        t,
        "Created",
        crate::datetime::local(deal.created_at, app.utc_offset, app.today),
        w,
    ));
    lines.push(text_row(
        t,
        "Updated",
        crate::datetime::local(deal.updated_at, app.utc_offset, app.today),
        w,
    ));
    lines.push(text_row(t, "Id", deal.id.clone(), w));

    // Linked tasks come first after the fields: they are what the popup's keys act on, and
    // `funnels::detail::task_line` counts the lines above them.
    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("Tasks ({})", deal.tasks.len()),
        t.accent(),
    ));
    if deal.tasks.is_empty() {
        let add = crate::ui::then_say(app, "deal.new_task", "links a new one");
        lines.push(Line::styled(truncate(&format!("none{add}"), w), t.dim()));
    }
    for (i, task) in deal.tasks.iter().enumerate() {
        let title = task
            .title
            .clone()
            .unwrap_or_else(|| format!("task {}", task.id));
        let done = task.is_completed;
        let sending = if DealTasks::is_pending(task.id) {
            "  sending…"
        } else {
            ""
        };
        let text = format!(
            "{} {}{sending}",
            if done { "[x]" } else { "[ ]" },
            one_line(&title)
        );
        let line = Line::raw(fit(&text, w));
        lines.push(if i == selected {
            line.style(t.selected())
        } else {
            line
        });
    }

    lines.push(Line::raw(""));
    lines.push(Line::styled("Description", t.accent()));
    match deal
        .description
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(html) => {
            for l in crate::html::to_text(html, w).lines() {
                lines.push(Line::raw(truncate(l, w)));
            }
        }
        None => lines.push(Line::styled("none", t.dim())),
    }

    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("Custom fields ({})", deal.custom_fields.len()),
        t.accent(),
    ));
    if deal.custom_fields.is_empty() {
        lines.push(Line::styled("none", t.dim()));
    }
    let defs = funnel
        .map(|f| f.custom_fields.as_slice())
        .unwrap_or_default();
    let name_of = |v: &CustomFieldValue| {
        v.name
            .clone()
            .or_else(|| {
                defs.iter()
                    .find(|c| c.id == v.id)
                    .and_then(|c| c.name.clone())
            })
            .unwrap_or_else(|| "(unnamed field)".into())
    };
    let name_w = deal
        .custom_fields
        .iter()
        .map(|v| width(&one_line(&name_of(v))) + 2)
        .max()
        .unwrap_or(0)
        .clamp(LABEL_W, (w / 2).max(LABEL_W));
    for v in &deal.custom_fields {
        let def = defs.iter().find(|c| c.id == v.id);
        let mut spans = vec![Span::styled(fit(&one_line(&name_of(v)), name_w), t.dim())];
        spans.extend(value_spans(app, t, v, def));
        lines.push(Line::from(spans));
    }

    lines.push(Line::raw(""));
    lines.push(Line::styled(
        format!("Attachments ({})", deal.attachments.len()),
        t.accent(),
    ));
    if deal.attachments.is_empty() {
        lines.push(Line::styled("none", t.dim()));
    }
    for a in &deal.attachments {
        let name = a.name.clone().unwrap_or_else(|| "(file)".into());
        let url = a.url.clone().unwrap_or_default();
        let text = if url.is_empty() {
            name
        } else {
            format!("{name}  {url}")
        };
        lines.push(Line::raw(truncate(&one_line(&text), w)));
    }
    lines
}

/// A custom-field value: options by name as chips, numbers grouped (with the currency for
/// currency fields), booleans as yes/no, anything else as compact JSON.
fn value_spans(
    app: &App,
    t: &Theme,
    v: &CustomFieldValue,
    def: Option<&CustomField>,
) -> Vec<Span<'static>> {
    let option = |id: &str| {
        def.and_then(|c| c.options.iter().find(|o| o.id == id))
            .map(|o| chip(t, o.name.as_deref().unwrap_or("?"), o.color.as_deref()))
    };
    let number = |n: f64| {
        let config = def.and_then(|c| c.config.as_ref());
        match config.and_then(|c| c.currency) {
            Some(cur) if config.and_then(|c| c.r#type.as_deref()) == Some("currency") => {
                amounts::money(Some(n), &amounts::currency_mark(&app.names, cur))
            }
            _ if config.and_then(|c| c.r#type.as_deref()) == Some("percent") => {
                format!("{} %", amounts::number(n))
            }
            _ => amounts::number(n),
        }
    };
    let one = |x: &Value| -> Span<'static> {
        match x {
            Value::Null => Span::styled("–", t.dim()),
            Value::Bool(b) => Span::raw(if *b { "yes" } else { "no" }),
            Value::Number(n) => Span::raw(n.as_f64().map(number).unwrap_or_else(|| n.to_string())),
            Value::String(s) if def.and_then(|c| c.r#type.as_deref()) == Some("datetime") => {
                Span::raw(crate::moment::value_text(s, app.utc_offset))
            }
            Value::String(s) => option(s).unwrap_or_else(|| Span::raw(one_line(s))),
            Value::Object(o) => {
                let id = o.get("id").and_then(Value::as_str);
                match (id.and_then(option), o.get("name").and_then(Value::as_str)) {
                    (Some(c), _) => c,
                    (None, Some(name)) => chip(t, name, o.get("color").and_then(Value::as_str)),
                    (None, None) => Span::raw(one_line(&x.to_string())),
                }
            }
            Value::Array(_) => Span::raw(one_line(&x.to_string())),
        }
    };
    match &v.value {
        Value::Array(items) if items.is_empty() => vec![Span::styled("–", t.dim())],
        Value::Array(items) => items
            .iter()
            .flat_map(|x| [one(x), Span::raw(" ")])
            .collect(),
        Value::String(s) if s.trim().is_empty() => vec![Span::styled("–", t.dim())],
        other => {
            let s = one(other);
            if width(&s.content) == 0 {
                vec![Span::styled("–", t.dim())]
            } else {
                vec![s]
            }
        }
    }
}
