//! One funnel: the summary line, the overview (every field of the funnel, its custom fields,
//! a chart of the deals amount per status) and the board under it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders};
use weeek_api::models::{CustomField, Funnel, FunnelStatus};

use super::{board, chip};
use crate::amounts;
use crate::app::App;
use crate::funnels::detail::FunnelDetail;
use crate::funnels::totals::Figures;
use crate::layout::{self, funnels::InfoPlace};
use crate::screen::Hits;
use crate::text::{fit, one_line, truncate, width};
use crate::ui::theme::Theme;

pub fn render(
    app: &App,
    t: &Theme,
    d: &FunnelDetail,
    frame: &mut Frame,
    body: Rect,
    hits: &mut Hits,
) {
    let areas = layout::funnels::detail(body, d.info);
    render_summary(app, t, d, frame, areas.summary);
    match (areas.place, areas.info) {
        (InfoPlace::Strip, Some(r)) => render_strip(app, t, d, frame, r),
        (InfoPlace::Full, Some(r)) => render_full(app, t, d, frame, r),
        _ => {}
    }
    if areas.board.height > 0 {
        board::render(app, t, d, frame, areas.board, hits);
    }
}

fn render_summary(app: &App, t: &Theme, d: &FunnelDetail, frame: &mut Frame, area: Rect) {
    let mut spans = vec![
        Span::styled("Funnels › ", t.dim()),
        Span::styled(one_line(&d.name()), t.accent()),
    ];
    if let Some(f) = d.funnel.value() {
        let mark = amounts::currency_mark(&app.names, f.currency());
        let figures = d.funnel_figures().unwrap_or_default();
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::raw(amounts::deals(figures.count.unwrap_or(0))));
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::styled(
            amounts::money(figures.amount, &mark),
            t.bold(),
        ));
        if f.is_bookmarked {
            spans.push(Span::styled(" ★", t.fg(ratatui::style::Color::Yellow)));
        }
        if f.is_private {
            spans.push(Span::styled(" · private", t.dim()));
        }
    }
    let searching = app.funnels.layers.deal_search().is_some();
    if let Some(shown) = d.summary(searching) {
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::styled(shown, t.accent()));
    }
    let status = if d.funnel.is_loading() || d.statuses.is_loading() {
        format!("{} loading…", crate::ui::spinner_frame(app))
    } else if let Some(e) = d.funnel.error().or(d.statuses.error()) {
        format!(
            "{}{}",
            e.short(),
            crate::ui::then_say(app, "global.refresh", "retries")
        )
    } else {
        String::new()
    };
    let status_style = if d.funnel.error().or(d.statuses.error()).is_some() {
        t.error()
    } else {
        t.dim()
    };
    let line = crate::ui::title_line(spans, Span::styled(status, status_style), area.width);
    frame.render_widget(crate::ui::plain::Plain::new(line), area);
}

const LABEL_W: usize = 12;

fn field<'a>(t: &Theme, label: &str, value: impl Into<Span<'a>>) -> Line<'a> {
    Line::from(vec![
        Span::styled(fit(label, LABEL_W), t.dim()),
        value.into(),
    ])
}

fn names(app: &App, ids: &[String]) -> String {
    if ids.is_empty() {
        return "–".into();
    }
    ids.iter()
        .map(|id| app.names.member_name(id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Every field of the spec's Funnel, in its order.
fn funnel_lines(app: &App, t: &Theme, f: &Funnel, figures: Figures) -> Vec<Line<'static>> {
    let yes_no = |b: bool| if b { "yes" } else { "no" };
    let mark = amounts::currency_mark(&app.names, f.currency());
    let creator = f
        .creator_id
        .as_deref()
        .map(|id| app.names.member_name(id))
        .unwrap_or_else(|| "–".into());
    let logo = match f.logo.as_deref().map(str::trim) {
        Some(l) if !l.is_empty() => Span::styled(l.to_string(), t.fg(ratatui::style::Color::Blue)),
        _ => Span::styled("none", t.dim()),
    };
    vec![
        field(
            t,
            "Name",
            Span::styled(one_line(f.name.as_deref().unwrap_or("–")), t.bold()),
        ),
        field(
            t,
            "Currency",
            amounts::currency_long(&app.names, f.currency()),
        ),
        field(
            t,
            "Deals",
            figures.count.map_or("–".into(), |n| n.to_string()),
        ),
        field(
            t,
            "Amount",
            Span::styled(amounts::money(figures.amount, &mark), t.bold()),
        ),
        field(t, "Private", yes_no(f.is_private)),
        field(
            t,
            "Bookmarked",
            if f.is_bookmarked { "yes ★" } else { "no" },
        ),
        field(t, "Creator", creator),
        field(t, "Team", names(app, &f.team)),
        field(
            t,
            "Created",
            crate::datetime::local(f.created_at, app.utc_offset, app.today),
        ),
        field(
            t,
            "Updated",
            crate::datetime::local(f.updated_at, app.utc_offset, app.today),
        ),
        field(t, "Logo", logo),
    ]
}

/// "currency, 2 decimals, RUB ₽" from a field's config.
fn config_text(app: &App, cf: &CustomField) -> String {
    let Some(c) = &cf.config else {
        return String::new();
    };
    let mut parts = Vec::new();
    if let Some(kind) = c.r#type.as_deref().filter(|k| !k.is_empty()) {
        parts.push(kind.to_string());
    }
    if let Some(p) = c.precision {
        parts.push(if p == 1 {
            "1 decimal".into()
        } else {
            format!("{p} decimals")
        });
    }
    if let Some(cur) = c.currency {
        parts.push(amounts::currency_long(&app.names, cur));
    }
    parts.join(", ")
}

/// A field's name, type and config on one line, its options as chips wrapped under it.
fn custom_field_lines(app: &App, t: &Theme, cf: &CustomField, w: usize) -> Vec<Line<'static>> {
    let name = one_line(cf.name.as_deref().unwrap_or("(unnamed field)"));
    let kind = cf.r#type.clone().unwrap_or_else(|| "?".into());
    let config = config_text(app, cf);
    let mut head = kind;
    if !config.is_empty() {
        head = format!("{head} · {config}");
    }
    let name_w = width(&name).min(w / 2);
    let mut lines = vec![Line::from(vec![
        Span::styled(truncate(&name, name_w), t.bold()),
        Span::raw("  "),
        Span::styled(truncate(&head, w.saturating_sub(name_w + 2)), t.dim()),
    ])];
    let mut row: Vec<Span> = vec![Span::raw("  ")];
    let mut used = 2;
    for o in &cf.options {
        let label = truncate(
            &one_line(o.name.as_deref().unwrap_or("?")),
            w.saturating_sub(6),
        );
        let c = chip(t, &label, o.color.as_deref());
        let cw = width(&c.content) + 1;
        if used + cw > w && used > 2 {
            lines.push(Line::from(std::mem::replace(
                &mut row,
                vec![Span::raw("  ")],
            )));
            used = 2;
        }
        row.push(c);
        row.push(Span::raw(" "));
        used += cw;
    }
    if row.len() > 1 {
        lines.push(Line::from(row));
    }
    lines
}

fn custom_fields_lines(app: &App, t: &Theme, f: &Funnel, w: usize) -> Vec<Line<'static>> {
    if f.custom_fields.is_empty() {
        return vec![Line::styled("no custom fields", t.dim())];
    }
    f.custom_fields
        .iter()
        .flat_map(|cf| custom_field_lines(app, t, cf, w))
        .collect()
}

const BAR_EIGHTHS: [&str; 8] = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"];

/// A bar of `value / max` of `w` columns, in eighths of a cell.
fn bar(value: f64, max: f64, w: usize) -> String {
    if max <= 0.0 || value <= 0.0 || w == 0 {
        return String::new();
    }
    let eighths = ((value / max).min(1.0) * (w * 8) as f64).round() as usize;
    let mut s = "█".repeat(eighths / 8);
    s.push_str(BAR_EIGHTHS[eighths % 8]);
    if s.is_empty() {
        s.push('▏');
    }
    s
}

/// Deals amount per status as bars, the count beside each.
fn chart_lines(app: &App, t: &Theme, d: &FunnelDetail, w: usize) -> Vec<Line<'static>> {
    let statuses: &[FunnelStatus] = d.status_list();
    if statuses.is_empty() {
        let text = match (&d.statuses, d.statuses.error()) {
            (_, Some(_)) => "could not load the statuses",
            (s, None) if s.value().is_none() => "loading statuses…",
            _ => "no statuses",
        };
        return vec![Line::styled(text, t.dim())];
    }
    let mark = d
        .funnel
        .value()
        .map(|f| amounts::currency_mark(&app.names, f.currency()))
        .unwrap_or_default();
    let figures: Vec<Figures> = (0..statuses.len())
        .map(|i| d.status_figures(i).unwrap_or_default())
        .collect();
    let max = figures
        .iter()
        .filter_map(|s| s.amount)
        .fold(0.0_f64, f64::max);
    let amounts: Vec<String> = figures
        .iter()
        .map(|s| amounts::money(s.amount, &mark))
        .collect();
    let counts: Vec<String> = figures
        .iter()
        .map(|s| format!("{}", s.count.unwrap_or(0)))
        .collect();
    let amount_w = amounts.iter().map(|a| width(a)).max().unwrap_or(0);
    let count_w = counts.iter().map(|c| width(c)).max().unwrap_or(0);
    let name_w = statuses
        .iter()
        .map(|s| width(&one_line(s.name.as_deref().unwrap_or("?"))))
        .max()
        .unwrap_or(0)
        .min(w / 3)
        .max(4);
    let bar_w = w.saturating_sub(name_w + amount_w + count_w + 4);
    let palette = [
        ratatui::style::Color::Cyan,
        ratatui::style::Color::Blue,
        ratatui::style::Color::Magenta,
        ratatui::style::Color::Yellow,
        ratatui::style::Color::Green,
    ];
    statuses
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let b = bar(figures[i].amount.unwrap_or(0.0), max, bar_w);
            let pad = bar_w.saturating_sub(width(&b));
            Line::from(vec![
                Span::raw(fit(&one_line(s.name.as_deref().unwrap_or("?")), name_w)),
                Span::raw(" "),
                Span::styled(b, t.fg(palette[i % palette.len()])),
                Span::raw(" ".repeat(pad + 1)),
                Span::styled(super::list::right(&amounts[i], amount_w), t.bold()),
                Span::raw(" "),
                Span::styled(super::list::right(&counts[i], count_w), t.dim()),
            ])
        })
        .collect()
}

fn boxed<'a>(title: String, t: &crate::ui::theme::Theme) -> Block<'a> {
    Block::default()
        .borders(Borders::ALL)
        .border_style(t.dim())
        .title(Span::styled(title, t.accent()))
}

/// Lines cut to `h`, the last one saying how many more the full overview (`i`) shows.
fn clip(
    mut lines: Vec<Line<'static>>,
    h: usize,
    t: &crate::ui::theme::Theme,
) -> Vec<Line<'static>> {
    if lines.len() > h && h > 0 {
        let more = lines.len() - (h - 1);
        lines.truncate(h - 1);
        lines.push(Line::styled(
            format!("… {more} more lines · i shows all"),
            t.dim(),
        ));
    }
    lines
}

fn render_strip(app: &App, t: &Theme, d: &FunnelDetail, frame: &mut Frame, area: Rect) {
    let w = area.width;
    // In u32: a very wide terminal would overflow u16 arithmetic.
    let share = |pct: u32| (u32::from(w) * pct / 100) as u16;
    let fields_w = share(34);
    let chart_w = share(33);
    let custom_w = w - fields_w - chart_w;
    let rects = [
        Rect::new(area.x, area.y, fields_w, area.height),
        Rect::new(area.x + fields_w, area.y, custom_w, area.height),
        Rect::new(area.x + fields_w + custom_w, area.y, chart_w, area.height),
    ];
    let count = d.funnel.value().map_or(0, |f| f.custom_fields.len());
    let blocks = [
        boxed(" Funnel ".into(), t),
        boxed(format!(" Custom fields ({count}) "), t),
        boxed(" Deals amount by status · count ".into(), t),
    ];
    for (i, (r, b)) in rects.into_iter().zip(blocks).enumerate() {
        let inner = b.inner(r);
        frame.render_widget(b, r);
        let iw = usize::from(inner.width);
        let lines = match (i, d.funnel.value()) {
            (0, Some(f)) => funnel_lines(app, t, f, d.funnel_figures().unwrap_or_default()),
            (1, Some(f)) => custom_fields_lines(app, t, f, iw),
            (2, _) => chart_lines(app, t, d, iw),
            _ => vec![Line::styled(
                format!("{} loading…", crate::ui::spinner_frame(app)),
                t.dim(),
            )],
        };
        let lines: Vec<Line> = clip(lines, usize::from(inner.height), t)
            .into_iter()
            .map(|l| super::clip_line(l, iw))
            .collect();
        frame.render_widget(crate::ui::plain::Plain::new(lines), inner);
    }
}

fn render_full(app: &App, t: &Theme, d: &FunnelDetail, frame: &mut Frame, area: Rect) {
    let block = boxed(" Funnel overview ".into(), t).title_bottom(Span::styled(
        format!(
            " {} ",
            crate::ui::say_all(
                app,
                &[
                    ("list.down/list.up", "scroll"),
                    ("funnel.overview", "board"),
                    ("funnel.back", "back"),
                ]
            )
        ),
        t.dim(),
    ));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let w = usize::from(inner.width);
    let heading = |s: &str| Line::styled(s.to_string(), t.accent());
    let mut lines = vec![heading("Funnel")];
    match d.funnel.value() {
        Some(f) => {
            lines.extend(funnel_lines(
                app,
                t,
                f,
                d.funnel_figures().unwrap_or_default(),
            ));
            lines.push(Line::raw(""));
            lines.push(heading(&format!(
                "Custom fields ({})",
                f.custom_fields.len()
            )));
            lines.extend(custom_fields_lines(app, t, f, w));
        }
        None => lines.push(Line::styled("loading…", t.dim())),
    }
    lines.push(Line::raw(""));
    lines.push(heading("Deals amount by status · count"));
    lines.extend(chart_lines(app, t, d, w));
    let max_scroll = lines.len().saturating_sub(usize::from(inner.height));
    let scroll = usize::from(d.info_scroll).min(max_scroll);
    let visible: Vec<Line> = lines
        .into_iter()
        .skip(scroll)
        .take(usize::from(inner.height))
        .map(|l| super::clip_line(l, w))
        .collect();
    frame.render_widget(crate::ui::plain::Plain::new(visible), inner);
}
