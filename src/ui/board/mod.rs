//! A task board: the board's name on the filter line, its columns side by side (one at a
//! time on narrow terminals), each with its own spinner, error or cards. The geometry is the
//! deal board's (`layout::funnels`), the column count the board's own (`layout::board`).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use weeek_api::models::TaskRow;

use crate::app::App;
use crate::datetime::due_label;
use crate::layout::board::{is_narrow, visible_columns};
use crate::layout::funnels::{card, cards_in, column_cards, column_rects};
use crate::screen::loadable::{Loadable, PageStatus};
use crate::screen::{Hits, Target};
use crate::tasks::board::{BoardView, TaskColumn};
use crate::text::{fit, one_line, truncate, width};
use crate::ui::columns::{self, Place};
use crate::ui::theme::Theme;

/// The line above the board: which board, and where the cursor is.
pub fn render_title(app: &App, t: &Theme, b: &BoardView, frame: &mut Frame, area: Rect) {
    let names = &app.names;
    let mut spans = Vec::new();
    if let Some(board) = names.board(b.board) {
        spans.push(Span::styled(names.project_name(board.project_id), t.dim()));
        spans.push(Span::styled(" › ", t.dim()));
    }
    spans.push(Span::styled(one_line(&names.board_name(b.board)), t.bold()));
    let note = match b.columns.len() {
        0 => String::new(),
        n => format!("column {} of {n}", b.focus + 1),
    };
    let line = super::title_line(spans, Span::styled(note, t.dim()), area.width);
    frame.render_widget(crate::ui::plain::Plain::new(line), area);
}

pub fn render(app: &App, t: &Theme, b: &BoardView, frame: &mut Frame, area: Rect, hits: &mut Hits) {
    if b.columns.is_empty() {
        render_no_columns(app, t, b, frame, area);
        return;
    }
    let terminal = app.viewport.area.width;
    let n = visible_columns(terminal, area.width, b.columns.len());
    let narrow = is_narrow(terminal);
    for (pos, rect) in column_rects(area, n).into_iter().enumerate() {
        let ci = b.first + pos;
        let Some(col) = b.columns.get(ci) else { break };
        let last = pos + 1 == n;
        let inner = super::columns::separate(t, frame, rect, last);
        let view = ColumnView {
            app,
            t,
            col,
            place: Place {
                index: ci,
                total: b.columns.len(),
                focused: ci == b.focus,
                narrow,
                left: if pos == 0 { b.first } else { 0 },
                right: if last {
                    b.columns.len().saturating_sub(b.first + n)
                } else {
                    0
                },
            },
        };
        view.render(frame, inner);
        // The bar on the right belongs to the column: a click there still reaches it.
        hits.add(rect, Target::BoardColumn(ci));
        let body = column_cards(inner);
        let shown = view.shown(body);
        for (slot, index) in shown.enumerate() {
            let at = card(body, slot);
            if at.height > 0 {
                hits.add(
                    at,
                    Target::BoardCard {
                        column: ci,
                        card: index,
                    },
                );
            }
        }
    }
}

fn render_no_columns(app: &App, t: &Theme, b: &BoardView, frame: &mut Frame, area: Rect) {
    let mut lines = vec![Line::raw("")];
    match app.names.columns.get(&b.board) {
        Some(Loadable::Failed(e, _)) => {
            lines.push(Line::styled(
                "Could not load the columns of this board.",
                t.error(),
            ));
            lines.push(Line::raw(e.to_string()));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                super::say_all(app, &[("global.refresh", "retries")]),
                t.accent(),
            ));
        }
        Some(Loadable::Loaded(_)) => {
            lines.push(Line::styled("This board has no columns yet.", t.bold()));
            lines.push(Line::raw(
                "Tasks on a board live in its columns; once it has some, its tasks show here.",
            ));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                super::say_all(
                    app,
                    &[
                        ("board.new_column", "creates a column"),
                        ("global.refresh", "reloads"),
                        ("board.back", "goes back"),
                    ],
                ),
                t.accent(),
            ));
        }
        _ => lines.push(Line::styled(
            format!("{} Loading columns…", super::spinner_frame(app)),
            t.accent(),
        )),
    }
    // The margin is the area's, so a wrapped line keeps the indent of its first.
    let inner = Rect {
        x: area.x.saturating_add(2).min(area.right()),
        width: area.width.saturating_sub(2),
        ..area
    };
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

struct ColumnView<'a> {
    app: &'a App,
    t: &'a Theme,
    col: &'a TaskColumn,
    place: Place,
}

impl ColumnView<'_> {
    fn render(&self, frame: &mut Frame, area: Rect) {
        let w = usize::from(area.width);
        if w == 0 || area.height == 0 {
            return;
        }
        let body = column_cards(area);
        frame.render_widget(
            crate::ui::plain::Plain::new(self.head(w)),
            Rect::new(area.x, area.y, area.width, body.y - area.y),
        );
        if body.height > 0 {
            frame.render_widget(crate::ui::plain::Plain::new(self.body_lines(w, body)), body);
        }
    }

    /// The column's name, where it is among the others, how many cards, and a rule that says
    /// when the column is being read again or could not be.
    fn head(&self, w: usize) -> Vec<Line<'static>> {
        let t = self.t;
        let cards = &self.col.cards;
        let name = one_line(&self.app.names.column_name(self.col.key));
        let cursor = if self.place.focused && !cards.rows.is_empty() {
            format!(" {}/{}", self.col.cursor + 1, cards.rows.len())
        } else {
            String::new()
        };
        let count = match (cards.loaded_once, cards.rows.len(), cards.has_more) {
            (false, _, _) => String::new(),
            (true, 1, false) => "1 task".into(),
            (true, n, false) => format!("{n} tasks"),
            (true, n, true) => format!("{n}+ tasks"),
        };
        // Cards scrolled out of sight above: said, as a column without the cursor shows no
        // position of its own.
        let above = self.col.scroll.min(cards.rows.len().saturating_sub(1));
        let count = if above > 0 {
            format!("{count} · ↑ {above} more")
        } else {
            count
        };
        vec![
            columns::name_line(t, &name, &self.place, &cursor, w),
            Line::styled(truncate(&count, w), t.dim()),
            columns::rule(self.app, t, cards, self.place.focused, w),
        ]
    }

    /// The cards that fit in `body`, by index.
    fn shown(&self, body: Rect) -> std::ops::Range<usize> {
        let cards = self.col.cards.rows.len();
        let start = self.col.scroll.min(cards.saturating_sub(1));
        start..(start + cards_in(body)).min(cards)
    }

    fn body_lines(&self, w: usize, body: Rect) -> Vec<Line<'static>> {
        let t = self.t;
        let col = self.col;
        let cards = &col.cards;
        if cards.rows.is_empty() {
            return match &cards.status {
                PageStatus::Failed { error, .. } => vec![
                    Line::styled(truncate("✗ Could not load the tasks", w), t.error()),
                    Line::raw(truncate(&error.short(), w)),
                    Line::styled(truncate("r to retry", w), t.accent()),
                ],
                _ if !cards.loaded_once => vec![Line::styled(
                    truncate(
                        &format!("{} loading tasks…", super::spinner_frame(self.app)),
                        w,
                    ),
                    t.dim(),
                )],
                _ => vec![Line::styled(truncate("no tasks", w), t.dim())],
            };
        }
        let shown = self.shown(body);
        let start = shown.start;
        let mut lines = Vec::new();
        for (i, task) in cards.rows[shown].iter().enumerate() {
            let cursor = self.place.focused && start + i == col.cursor;
            lines.extend(self.card(task, w, cursor));
        }
        if lines.len() < usize::from(body.height)
            && let Some((text, style)) = columns::trailer(self.app, t, cards, None)
        {
            lines.push(Line::styled(truncate(&text, w), style));
        }
        lines
    }

    /// Three lines: the title (ticked when done); the priority and the due day; the
    /// assignees' initials and, when my timer runs on it, the timer.
    fn card(&self, task: &TaskRow, w: usize, cursor: bool) -> Vec<Line<'static>> {
        let t = self.t;
        let app = self.app;
        let bar = if cursor { "▌" } else { " " };
        let inner = w.saturating_sub(1);
        let done = if task.is_completed { "✓ " } else { "" };
        let title_style = if task.is_completed { t.dim() } else { t.bold() };
        let title = format!("{done}{}", one_line(task.display_title()));
        let (priority, priority_style) = match task.priority {
            Some(p) => (p.label().to_string(), t.priority(p)),
            None => (String::new(), Style::new()),
        };
        let (due, overdue) = task
            .due_day()
            .map(|d| due_label(d, app.today, task.is_completed))
            .unwrap_or_default();
        let due_style = if overdue {
            t.error()
        } else if due == "today" && !task.is_completed {
            t.accent()
        } else {
            t.dim()
        };
        let gap = if priority.is_empty() || due.is_empty() {
            ""
        } else {
            "  "
        };
        let people = task
            .all_assignees()
            .iter()
            .map(|m| initials(&app.names.member_name(m)))
            .collect::<Vec<_>>()
            .join(" ");
        let timing = app
            .timer
            .running
            .as_ref()
            .is_some_and(|r| r.task_id == task.id);
        let timer = if timing { "⏱ timer" } else { "" };
        let people_w = inner.saturating_sub(width(timer) + 1);
        let people = truncate(&people, people_w);
        let spacer = inner.saturating_sub(width(&people) + width(timer));
        let priority = truncate(&priority, inner);
        let due = truncate(&due, inner.saturating_sub(width(&priority) + width(gap)));
        let mut lines = vec![
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::styled(fit(&title, inner), title_style),
            ]),
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::styled(priority, priority_style),
                Span::raw(gap),
                Span::styled(due, due_style),
            ]),
            Line::from(vec![
                Span::styled(bar, t.accent()),
                Span::styled(people, t.dim()),
                Span::raw(" ".repeat(spacer)),
                Span::styled(timer, t.accent()),
            ]),
        ];
        if cursor {
            lines = lines.into_iter().map(|l| l.style(t.cursor_row())).collect();
        }
        lines
    }
}

/// "Анна Смирнова" → "АС": two letters say who on a card without taking its width.
fn initials(name: &str) -> String {
    let letters: String = name
        .split_whitespace()
        .filter_map(|w| w.chars().find(|c| c.is_alphanumeric()))
        .take(2)
        .flat_map(char::to_uppercase)
        .collect();
    if letters.is_empty() {
        name.chars().take(2).collect()
    } else {
        letters
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod initials_tests {
    use super::initials;

    #[test]
    fn initials_take_the_first_letters_of_two_words() {
        assert_eq!(initials("Анна Смирнова"), "АС");
        assert_eq!(initials("boris"), "B");
        assert_eq!(initials("Mary Ann Lee"), "MA");
        assert_eq!(initials("#1a2b3c4d"), "1");
    }
}
