//! The board: the status columns on screen, each with its own spinner, error or deals.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use weeek_api::models::{Deal, WinStatus};

use crate::amounts;
use crate::app::App;
use crate::funnels::board::Column;
use crate::funnels::detail::FunnelDetail;
use crate::layout::funnels::{
    card, cards_in, column_cards, column_rects, is_narrow, visible_columns,
};
use crate::screen::loadable::PageStatus;
use crate::screen::{Hits, Target};
use crate::text::{fit, one_line, truncate, width};
use crate::ui::columns::{self, Place};
use crate::ui::theme::Theme;

pub fn render(
    app: &App,
    t: &Theme,
    d: &FunnelDetail,
    frame: &mut Frame,
    area: Rect,
    hits: &mut Hits,
) {
    if d.columns.is_empty() {
        let mut lines = vec![Line::raw("")];
        match (d.statuses.value(), d.statuses.error()) {
            (_, Some(e)) => {
                lines.push(Line::styled(
                    "  Could not load the statuses of this funnel.",
                    t.error(),
                ));
                lines.push(Line::raw(format!("  {e}")));
                lines.push(Line::raw(""));
                lines.push(Line::styled("  r to retry", t.accent()));
            }
            (None, None) => lines.push(Line::styled(
                format!("  {} Loading statuses…", crate::ui::spinner_frame(app)),
                t.accent(),
            )),
            (Some(_), None) => {
                lines.push(Line::styled("  This funnel has no statuses yet.", t.bold()));
                let how = match app
                    .keymap
                    .say("funnel.new_status", "adds the first one here")
                {
                    Some(add) => format!("Deals live in statuses: {add}."),
                    None => {
                        "Deals live in statuses; once one is added, its deals show here.".into()
                    }
                };
                // Wrapped by hand so the lines after the first keep the indent.
                let cols = usize::from(area.width).saturating_sub(2).max(1);
                for l in crate::text::wrap(&how, cols, 4) {
                    lines.push(Line::raw(format!("  {l}")));
                }
                lines.push(Line::raw(""));
                lines.push(Line::styled(
                    format!(
                        "  {}",
                        crate::ui::say_all(
                            app,
                            &[
                                ("global.refresh", "reloads"),
                                ("funnel.back", "back to the funnels")
                            ]
                        )
                    ),
                    t.accent(),
                ));
            }
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
        return;
    }
    let n = visible_columns(area.width, d.columns.len());
    let narrow = is_narrow(area.width);
    let mark = d
        .funnel
        .value()
        .map(|f| amounts::currency_mark(&app.names, f.currency()))
        .unwrap_or_default();
    for (pos, rect) in column_rects(area, n).into_iter().enumerate() {
        let ci = d.first + pos;
        let Some(col) = d.columns.get(ci) else { break };
        let last = pos + 1 == n;
        let inner = crate::ui::columns::separate(t, frame, rect, last);
        // Columns off screen to either side are counted at the edges, so none looks missing.
        let view = ColumnView {
            app,
            t,
            d,
            col,
            index: ci,
            mark: &mark,
            place: Place {
                index: ci,
                total: d.columns.len(),
                focused: ci == d.focus,
                narrow,
                left: if pos == 0 { d.first } else { 0 },
                right: if last {
                    d.columns.len().saturating_sub(d.first + n)
                } else {
                    0
                },
            },
        };
        view.render(frame, inner);
        // The gap on the right belongs to the column: a click there still reaches it.
        hits.add(rect, Target::Column(ci));
        let cards = column_cards(rect);
        for (slot, deal) in view.cards_shown(cards).enumerate() {
            let card = card(cards, slot);
            if card.height > 0 {
                hits.add(card, Target::Card { column: ci, deal });
            }
        }
    }
}

struct ColumnView<'a> {
    app: &'a App,
    t: &'a Theme,
    d: &'a FunnelDetail,
    col: &'a Column,
    index: usize,
    mark: &'a str,
    place: Place,
}

impl ColumnView<'_> {
    fn render(&self, frame: &mut Frame, area: Rect) {
        let t = self.t;
        let w = usize::from(area.width);
        if w == 0 || area.height == 0 {
            return;
        }
        let status = self.d.status_list().get(self.index);
        let name = one_line(
            status
                .and_then(|s| s.name.as_deref())
                .unwrap_or("(unnamed status)"),
        );
        let figures = self.d.status_figures(self.index).unwrap_or_default();
        let count = figures.count.unwrap_or(self.col.deals.rows.len() as i64);
        // Where the cursor is in a long column, as lists say "12 of 68"; on the name line,
        // so the totals below keep their full width.
        let place = if self.place.focused && !self.col.deals.rows.is_empty() {
            format!(
                " {}/{}",
                self.col.cursor + 1,
                count.max(self.col.deals.rows.len() as i64)
            )
        } else {
            String::new()
        };
        let amount = amounts::money(figures.amount, self.mark);
        let totals = format!("{} · {amount}", amounts::deals(count));
        let header = vec![
            columns::name_line(t, &name, &self.place, &place, w),
            Line::styled(truncate(&totals, w), t.dim()),
            columns::rule(self.app, t, &self.col.deals, self.place.focused, w),
        ];
        let body = column_cards(area);
        frame.render_widget(
            crate::ui::plain::Plain::new(header),
            Rect::new(area.x, area.y, area.width, body.y - area.y),
        );
        if body.height == 0 {
            return;
        }
        frame.render_widget(
            crate::ui::plain::Plain::new(self.body_lines(t, w, body)),
            body,
        );
    }

    /// The deals whose cards fit in `body`, by index.
    fn cards_shown(&self, body: Rect) -> std::ops::Range<usize> {
        let deals = self.col.deals.rows.len();
        let start = self.col.scroll.min(deals.saturating_sub(1));
        start..(start + cards_in(body)).min(deals)
    }

    fn body_lines(&self, t: &Theme, w: usize, body: Rect) -> Vec<Line<'static>> {
        let h = body.height;
        let col = self.col;
        if col.deals.rows.is_empty() {
            return match &col.deals.status {
                PageStatus::Failed { error, .. } => vec![
                    Line::styled(truncate("✗ Could not load the deals", w), t.error()),
                    Line::raw(truncate(&error.short(), w)),
                    Line::styled(truncate("r to retry", w), t.accent()),
                ],
                _ if !col.deals.loaded_once => vec![Line::styled(
                    truncate(
                        &format!("{} loading deals…", crate::ui::spinner_frame(self.app)),
                        w,
                    ),
                    t.dim(),
                )],
                // The status's totals above count every deal; say why none is shown.
                _ if self.d.filter.narrows() => {
                    vec![Line::styled(truncate("no matching deals", w), t.dim())]
                }
                _ => vec![Line::styled(truncate("no deals", w), t.dim())],
            };
        }
        let shown = self.cards_shown(body);
        let start = shown.start;
        let mut lines = Vec::new();
        for (i, deal) in col.deals.rows[shown].iter().enumerate() {
            let cursor = self.place.focused && start + i == col.cursor;
            lines.extend(self.card(t, deal, w, cursor));
        }
        if lines.len() < usize::from(h) {
            // `G` says how far its walk to the end has come.
            let walking = col.to_end.then(|| {
                format!(
                    "{} loading {} of …{}",
                    crate::ui::spinner_frame(self.app),
                    crate::amounts::number(col.deals.rows.len() as f64),
                    crate::ui::then_say(self.app, "funnel.back", "stops")
                )
            });
            if let Some((text, style)) = columns::trailer(self.app, t, &col.deals, walking) {
                lines.push(Line::styled(truncate(&text, w), style));
            }
        }
        lines
    }

    fn card(&self, t: &Theme, deal: &Deal, w: usize, cursor: bool) -> Vec<Line<'static>> {
        let names = &self.app.names;
        let title = one_line(deal.title.as_deref().unwrap_or("(untitled deal)"));
        // Changes of it still in the outbox: said after its outcome, where a card has room
        // (a long title is cut).
        let mark = self
            .app
            .offline
            .mark(&crate::outbox::ItemRef::deal(&deal.id));
        let amount = amounts::money(deal.amount, self.mark);
        let (outcome, outcome_style) = outcome(t, deal.win_status.as_ref());
        let outcome = match mark {
            Some(mark) => format!("{outcome} · {mark}"),
            None => outcome.to_string(),
        };
        let people: Vec<String> = deal
            .assignees
            .iter()
            .map(|a| names.member_name(a))
            .collect();
        let links = links(deal.contacts.len(), deal.organizations.len(), w);
        let bar = if cursor { "▌" } else { " " };
        let inner = w.saturating_sub(1);
        let amount_w = width(&amount).min(inner);
        let outcome_room = inner.saturating_sub(amount_w + 2);
        let people_room = inner.saturating_sub(width(&links) + usize::from(!links.is_empty()) * 2);
        let people = if people.is_empty() {
            truncate("no assignee", people_room)
        } else {
            crate::text::first_and_more(&people, people_room)
        };
        let gap = inner.saturating_sub(width(&people) + width(&links));
        let mut lines = vec![
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::styled(fit(&title, inner), t.bold()),
            ]),
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::raw(truncate(&amount, inner)),
                Span::raw("  "),
                Span::styled(
                    fit(&truncate(&one_line(&outcome), outcome_room), outcome_room),
                    outcome_style,
                ),
            ]),
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::styled(people, t.dim()),
                Span::raw(" ".repeat(gap)),
                Span::styled(links, t.dim()),
            ]),
        ];
        if cursor {
            lines = lines.into_iter().map(|l| l.style(t.cursor_row())).collect();
        }
        lines
    }
}

/// How a deal's outcome reads on a card and in the deal popup. An outcome this client does not
/// know is shown as the service sent it, never as "open".
pub fn outcome<'a>(t: &Theme, w: Option<&'a WinStatus>) -> (&'a str, Style) {
    match w {
        Some(WinStatus::Won) => ("✓ won", t.fg(Color::Green).add_modifier(Modifier::BOLD)),
        Some(WinStatus::Lost) => ("✗ lost", t.fg(Color::Red)),
        Some(WinStatus::Archived) => ("archived", t.dim()),
        Some(WinStatus::Other(raw)) => (raw.as_str(), t.bold()),
        None => ("open", t.dim()),
    }
}

/// "2 contacts · 1 org", shorter ("2c 1o") when the column is narrow; a kind with none is left
/// out ("1 org", "1o"), and a deal linked to nothing shows nothing.
fn links(contacts: usize, orgs: usize, w: usize) -> String {
    let narrow = w < 44;
    let part = |n: usize, short: &str, one: &str, many: &str| match n {
        0 => None,
        _ if narrow => Some(format!("{n}{short}")),
        1 => Some(format!("1 {one}")),
        _ => Some(format!("{n} {many}")),
    };
    let parts: Vec<String> = [
        part(contacts, "c", "contact", "contacts"),
        part(orgs, "o", "org", "orgs"),
    ]
    .into_iter()
    .flatten()
    .collect();
    parts.join(if narrow { " " } else { " · " })
}

#[cfg(test)]
mod tests {
    use super::links;

    #[test]
    fn a_card_names_only_the_kinds_of_links_it_has() {
        assert_eq!(links(0, 0, 30), "");
        assert_eq!(links(0, 1, 30), "1o");
        assert_eq!(links(2, 0, 30), "2c");
        assert_eq!(links(2, 1, 30), "2c 1o");
        assert_eq!(links(0, 1, 60), "1 org");
        assert_eq!(links(1, 2, 60), "1 contact · 2 orgs");
    }
}
