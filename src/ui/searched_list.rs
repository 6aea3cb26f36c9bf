//! Drawing a [`SearchedList`]: its search line with where the cursor is, its rows with the
//! line that follows them ("loading more…", "more below…"), and how it looks while loading,
//! failed or empty. The screens give the rows and the words.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};

use crate::app::App;
use crate::screen::loadable::PageStatus;
use crate::screen::searched_list::{Listed, SearchedList};
use crate::text::{first_and_more, fit, one_line, truncate, width};
use crate::ui::dialogs::render_field;
use crate::ui::theme::Theme;

/// What a list's records are called where its states are drawn.
pub struct Words<'a> {
    /// "contact": "No contact matches …".
    pub one: &'a str,
    /// "contacts": "Loading contacts…".
    pub plural: &'a str,
    /// The search line while it is empty and has not the keyboard.
    pub placeholder: &'a str,
    /// The command that clears the search.
    pub back: &'a str,
}

/// The rows from the list's scroll on, each drawn by `row` (given its index and whether the
/// cursor is on it), then the line that follows them. Returns the indexes drawn.
pub fn render_rows<T: Listed>(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    body: Rect,
    l: &SearchedList<T>,
    mut row: impl FnMut(&T, bool) -> Line<'static>,
    cursor_shown: bool,
) -> std::ops::Range<usize> {
    let h = usize::from(body.height);
    let start = l.scroll.min(l.rows.rows.len().saturating_sub(1));
    let end = (start + h).min(l.rows.rows.len());
    let mut lines: Vec<Line> = l.rows.rows[start..end]
        .iter()
        .enumerate()
        .map(|(i, r)| row(r, cursor_shown && start + i == l.cursor))
        .collect();
    if lines.len() < h {
        match &l.rows.status {
            PageStatus::Loading { more: true } => lines.push(Line::styled(
                format!("  {} loading more…", crate::ui::spinner_frame(app)),
                t.dim(),
            )),
            PageStatus::Failed { error, more: true } => lines.push(Line::styled(
                truncate(
                    &format!(
                        "  could not load more: {}{}",
                        error.short(),
                        crate::ui::then_say(app, "global.refresh", "retries")
                    ),
                    usize::from(body.width),
                ),
                t.error(),
            )),
            _ if l.rows.has_more => lines.push(Line::styled("  more below…", t.dim())),
            _ => {}
        }
    }
    frame.render_widget(Paragraph::new(lines), body);
    start..end
}

/// `/ search…` on the left (a box with the cursor while `typing`) and, on the right, how far
/// the list is loaded; `count` words a loaded list.
#[allow(clippy::too_many_arguments)]
pub fn render_search_line<T: Listed>(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    l: &SearchedList<T>,
    typing: bool,
    words: &Words,
    count: impl FnOnce() -> String,
) {
    let count = match &l.rows.status {
        PageStatus::Loading { more: false } if l.rows.loaded_once => {
            format!("{} reloading…", crate::ui::spinner_frame(app))
        }
        _ if !l.reading_again.is_empty() => format!("{} reloading…", crate::ui::spinner_frame(app)),
        PageStatus::Failed { more: false, .. } if l.rows.loaded_once => format!(
            "reload failed{}",
            crate::ui::then_say(app, "global.refresh", "retries")
        ),
        _ if !l.rows.loaded_once => String::new(),
        _ => count(),
    };
    let count_w = (width(&count) as u16 + 1).min(area.width / 2);
    let left = Rect::new(area.x, area.y, area.width - count_w, 1);
    frame.render_widget(
        Paragraph::new(Span::styled(
            truncate(&count, usize::from(count_w)),
            if matches!(l.rows.status, PageStatus::Failed { .. }) {
                t.error()
            } else {
                t.dim()
            },
        ))
        .right_aligned(),
        Rect::new(area.x + left.width, area.y, count_w, 1),
    );
    frame.render_widget(Paragraph::new(Span::styled("/ ", t.accent())), left);
    let field_area = Rect::new(left.x + 2, left.y, left.width.saturating_sub(3), 1);
    let w = usize::from(field_area.width);
    if typing {
        render_field(frame, field_area, &l.search, true);
    } else if l.search.value().is_empty() {
        frame.render_widget(
            Paragraph::new(Span::styled(truncate(words.placeholder, w), t.dim())),
            field_area,
        );
    } else {
        frame.render_widget(
            Paragraph::new(truncate(&one_line(l.search.value()), w)),
            field_area,
        );
    }
}

/// The rows' place while there are none: loading, failed, nothing matches, or `empty` when
/// the service has none at all.
pub fn render_state<T: Listed>(
    app: &App,
    t: &Theme,
    frame: &mut Frame,
    area: Rect,
    l: &SearchedList<T>,
    words: &Words,
    empty: Vec<Line<'static>>,
) {
    let mut lines = vec![Line::raw("")];
    match &l.rows.status {
        PageStatus::Failed { error, .. } => {
            lines.push(Line::styled(
                format!("  Could not load the {}.", words.plural),
                t.error(),
            ));
            lines.push(Line::raw(format!("  {}", error.short())));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!("  {}", crate::ui::say(app, "global.refresh", "retries")),
                t.accent(),
            ));
        }
        _ if l.rows.is_loading() || !l.rows.loaded_once => lines.push(Line::styled(
            format!(
                "  {} Loading {}…",
                crate::ui::spinner_frame(app),
                words.plural
            ),
            t.accent(),
        )),
        _ if !l.shown_search.is_empty() => {
            lines.push(Line::styled(
                format!(
                    "  No {} matches “{}”.",
                    words.one,
                    one_line(&l.shown_search)
                ),
                t.bold(),
            ));
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!("  {}", crate::ui::say(app, words.back, "clears the search")),
                t.accent(),
            ));
        }
        _ => lines.extend(empty),
    }
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), area);
}

/// The header of a list of records: the name, then each column shown (`(width, title)`, a
/// width of 0 leaves it out), over the two columns of the row's mark.
pub fn header(t: &Theme, name: usize, columns: &[(usize, &str)]) -> Line<'static> {
    let mut s = "  ".to_string();
    s.push_str(&fit("Name", name));
    for (w, title) in columns {
        if *w > 0 {
            s.push(' ');
            s.push_str(&fit(title, *w));
        }
    }
    Line::styled(s, t.dim())
}

/// The start of a record's row: a check mark for one saved in this run, and its name.
pub fn row_start(
    t: &Theme,
    new: bool,
    name: &str,
    outbox: Option<&str>,
    w: usize,
) -> Vec<Span<'static>> {
    let mark = if new {
        Span::styled("✓ ", t.success())
    } else {
        Span::raw("  ")
    };
    let name = match outbox {
        Some(state) => crate::text::fit_with_note(&one_line(name), &format!("({state})"), w),
        None => fit(&one_line(name), w),
    };
    vec![mark, Span::styled(name, t.bold())]
}

/// One column of a record's row: the first of `values` and how many more, `w` wide; nothing
/// when the column is left out.
pub fn cell(values: &[String], w: usize) -> Option<String> {
    (w > 0).then(|| format!(" {}", fit(&first_and_more(values, w), w)))
}

/// A record's row, under the cursor or not.
pub fn row_line(t: &Theme, spans: Vec<Span<'static>>, cursor: bool) -> Line<'static> {
    let line = Line::from(spans);
    if cursor {
        line.style(t.cursor_row())
    } else {
        line
    }
}
