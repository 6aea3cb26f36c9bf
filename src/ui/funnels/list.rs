//! The list of funnels: a search line, a table, and its loading / empty / error looks.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use weeek_api::models::Funnel;

use crate::amounts;
use crate::app::App;
use crate::layout::funnels::{list, table_rows};
use crate::screen::{Hits, Target};
use crate::text::{fit, one_line, truncate, width};
use crate::ui::dialogs::render_field;
use crate::ui::theme::Theme;

struct Cols {
    name: usize,
    deals: usize,
    amount: usize,
    marks: usize,
}

/// The amounts are never cut (a cut number misleads); names give way first.
fn cols(w: usize, amount_w: usize) -> Cols {
    let deals = 7;
    let marks = if w >= 60 { 13 } else { 3 };
    let amount = amount_w.max(6).min(w / 2);
    Cols {
        name: w.saturating_sub(deals + amount + marks + 5).max(6),
        deals,
        amount,
        marks,
    }
}

pub fn render(app: &App, t: &Theme, frame: &mut Frame, body: Rect, hits: &mut Hits) {
    let areas = list(body);
    render_title(app, t, frame, areas.title);
    render_table(app, t, frame, areas.table, hits);
}

fn render_title(app: &App, t: &Theme, frame: &mut Frame, area: Rect) {
    let l = &app.funnels.list;
    if let Some(field) = app.funnels.layers.list_search() {
        let label = "Search funnels: ";
        frame.render_widget(
            Paragraph::new(Span::styled(label, t.accent())),
            Rect::new(area.x, area.y, (width(label) as u16).min(area.width), 1),
        );
        let x = area.x + width(label) as u16;
        if x < area.right() {
            render_field(
                frame,
                Rect::new(x, area.y, area.right() - x, 1),
                field,
                true,
            );
        }
        return;
    }
    let total = l.all().len();
    let mut spans = vec![Span::styled("CRM funnels", t.accent())];
    if !l.query.is_empty() {
        spans.push(Span::styled(" · ", t.dim()));
        spans.push(Span::raw(format!(
            "search \u{201c}{}\u{201d}",
            one_line(&l.query)
        )));
        spans.push(Span::styled(
            crate::ui::then_say(app, "funnels.clear_search", "clears"),
            t.dim(),
        ));
    }
    let count = if l.funnels.is_loading() && l.funnels.value().is_some() {
        format!("{} reloading…", crate::ui::spinner_frame(app))
    } else if l.funnels.error().is_some() && l.funnels.value().is_some() {
        format!(
            "reload failed{}",
            crate::ui::then_say(app, "global.refresh", "retries")
        )
    } else if l.funnels.value().is_none() {
        String::new()
    } else if l.query.is_empty() {
        format!("{total} funnels")
    } else {
        format!("{} of {total} funnels", l.visible.len())
    };
    let count_style = if l.funnels.error().is_some() {
        t.error()
    } else {
        t.dim()
    };
    let line = crate::ui::title_line(spans, Span::styled(count, count_style), area.width);
    frame.render_widget(Paragraph::new(line), area);
}

fn header(t: &Theme, c: &Cols) -> Line<'static> {
    let s = format!(
        " {}{:>dw$}   {:>aw$} {}",
        fit("Name", c.name),
        "Deals",
        "Amount",
        fit(if c.marks > 3 { "Marks" } else { "" }, c.marks),
        dw = c.deals,
        aw = c.amount,
    );
    Line::styled(s, t.dim().add_modifier(Modifier::UNDERLINED))
}

fn row(app: &App, t: &Theme, f: &Funnel, c: &Cols, cursor: bool) -> Line<'static> {
    let name = one_line(f.name.as_deref().unwrap_or("(unnamed funnel)"));
    let mark = amounts::currency_mark(&app.names, f.currency());
    let amount = amounts::money(f.deals_amount, &mark);
    let deals = f
        .deals_count
        .map(|n| n.to_string())
        .unwrap_or_else(|| "–".into());
    let mut spans = vec![
        Span::raw(" "),
        Span::styled(fit(&name, c.name), t.bold()),
        Span::raw(format!("{:>w$}", deals, w = c.deals)),
        // Apart enough that a count and an amount never read as one number.
        Span::raw("   "),
        Span::raw(right(&amount, c.amount)),
        Span::raw(" "),
    ];
    let star = if f.is_bookmarked { "★" } else { " " };
    spans.push(Span::styled(star, t.fg(ratatui::style::Color::Yellow)));
    if c.marks > 3 && f.is_private {
        spans.push(Span::styled(" private", t.dim()));
    } else if f.is_private {
        spans.push(Span::styled("P", t.dim()));
    }
    let line = Line::from(spans);
    if cursor {
        line.style(t.cursor_row())
    } else {
        line
    }
}

/// Right-aligned in `w` columns, cut from the left end when too long.
pub fn right(s: &str, w: usize) -> String {
    let s = truncate(s, w);
    format!("{}{s}", " ".repeat(w.saturating_sub(width(&s))))
}

fn render_table(app: &App, t: &Theme, frame: &mut Frame, area: Rect, hits: &mut Hits) {
    let l = &app.funnels.list;
    if area.height == 0 {
        return;
    }
    let amount_w = l
        .all()
        .iter()
        .map(|f| {
            width(&amounts::money(
                f.deals_amount,
                &amounts::currency_mark(&app.names, f.currency()),
            ))
        })
        .max()
        .unwrap_or(0);
    let mut c = cols(usize::from(area.width), amount_w.max(width("Amount")));
    // Numbers sit next to the names they belong to, not at the far edge of a wide terminal.
    let longest = l
        .all()
        .iter()
        .map(|f| width(&one_line(f.name.as_deref().unwrap_or("(unnamed funnel)"))))
        .max()
        .unwrap_or(0);
    c.name = c.name.min(longest.max(24) + 2);
    frame.render_widget(
        Paragraph::new(header(t, &c)),
        Rect::new(area.x, area.y, area.width, 1),
    );
    let rows = table_rows(area);
    if l.visible.is_empty() {
        let mut lines = vec![Line::raw("")];
        match (&l.funnels, l.funnels.error()) {
            (_, Some(e)) => {
                lines.push(Line::styled("  Could not load the funnels.", t.error()));
                lines.push(Line::raw(format!("  {e}")));
                lines.push(Line::raw(""));
                lines.push(Line::styled("  r to retry", t.accent()));
            }
            (f, None) if f.value().is_none() => lines.push(Line::styled(
                format!("  {} Loading funnels…", crate::ui::spinner_frame(app)),
                t.accent(),
            )),
            _ if !l.query.is_empty() => {
                lines.push(Line::styled(
                    format!(
                        "  No funnel matches \u{201c}{}\u{201d}.",
                        one_line(&l.query)
                    ),
                    t.bold(),
                ));
                lines.push(Line::styled(
                    format!(
                        "  {}",
                        crate::ui::say_all(
                            app,
                            &[
                                ("funnels.clear_search", "clears the search"),
                                ("funnels.search", "edits it")
                            ]
                        )
                    ),
                    t.accent(),
                ));
            }
            _ => {
                lines.push(Line::styled("  No funnels in this workspace.", t.bold()));
                lines.push(Line::raw(""));
                let keys = crate::ui::say_all(
                    app,
                    &[
                        ("funnels.new", "creates one"),
                        ("global.refresh", "reloads"),
                    ],
                );
                lines.push(Line::styled(format!("  {keys}"), t.accent()));
            }
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), rows);
        return;
    }
    let all = l.all();
    let h = usize::from(rows.height);
    let start = l.scroll.min(l.visible.len().saturating_sub(1));
    let end = (start + h).min(l.visible.len());
    let lines: Vec<Line> = l.visible[start..end]
        .iter()
        .enumerate()
        .map(|(i, &idx)| row(app, t, &all[idx], &c, start + i == l.cursor))
        .collect();
    for (i, y) in (start..end).zip(rows.y..) {
        hits.add(Rect::new(rows.x, y, rows.width, 1), Target::Funnel(i));
    }
    frame.render_widget(Paragraph::new(lines), rows);
}
