//! What the deal board and the task board draw alike for a column of cards: the bar between
//! columns, the name line (where it is among the others, where the cursor is), the rule that
//! says the column is read again or could not be, and the line after the last card.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::app::App;
use crate::screen::loadable::{PageStatus, Paged};
use crate::text::{fit, truncate, width};
use crate::ui::theme::Theme;

/// Where a column sits among the others.
pub struct Place {
    /// Its position, from 0, and how many there are.
    pub index: usize,
    pub total: usize,
    pub focused: bool,
    /// One column at a time: its name says "‹ 2/5 ›".
    pub narrow: bool,
    /// Columns hidden to the left of this one (first on screen) or right (last on screen).
    pub left: usize,
    pub right: usize,
}

/// What a column draws in: all of `rect` but, for every column but the last, the bar drawn on
/// its right, which keeps the cards apart.
pub fn separate(t: &Theme, frame: &mut Frame, rect: Rect, last: bool) -> Rect {
    if last {
        return rect;
    }
    let bar: Vec<Line> = (0..rect.height)
        .map(|_| Line::styled("│", t.dim()))
        .collect();
    frame.render_widget(
        Paragraph::new(bar),
        Rect::new(rect.right().saturating_sub(1), rect.y, 1, rect.height),
    );
    Rect::new(rect.x, rect.y, rect.width.saturating_sub(1), rect.height)
}

/// The name line: the columns hidden to the left, the name (underlined when focused), the
/// position or the columns hidden to the right, and `cursor` ("3/12") at the right end.
pub fn name_line(t: &Theme, name: &str, place: &Place, cursor: &str, w: usize) -> Line<'static> {
    let position = if place.narrow {
        format!(" ‹ {}/{} ›", place.index + 1, place.total)
    } else if place.right > 0 {
        format!("  +{} ›", place.right)
    } else {
        String::new()
    };
    let mut head: Vec<Span> = Vec::new();
    if place.left > 0 && !place.narrow {
        head.push(Span::styled(format!("‹ +{} ", place.left), t.dim()));
    }
    let used: usize = head.iter().map(|s| width(&s.content)).sum();
    let name_style = if place.focused {
        t.accent().add_modifier(Modifier::UNDERLINED)
    } else {
        t.bold()
    };
    let name = truncate(
        name,
        w.saturating_sub(width(&position) + width(cursor) + used),
    );
    let gap = w.saturating_sub(used + width(&name) + width(cursor) + width(&position));
    head.push(Span::styled(name, name_style));
    head.push(Span::styled(position, t.dim()));
    head.push(Span::raw(" ".repeat(gap)));
    head.push(Span::styled(cursor.to_string(), t.accent()));
    Line::from(head)
}

/// The rule under the head: a spinner while the column is read again, the error when that
/// failed, else a plain line (accented on the focused column).
pub fn rule<T>(app: &App, t: &Theme, cards: &Paged<T>, focused: bool, w: usize) -> Line<'static> {
    let style = if focused { t.accent() } else { t.dim() };
    match &cards.status {
        PageStatus::Failed { error, more: false } if cards.loaded_once => Line::styled(
            truncate(&format!("✗ reload failed: {} · r", error.short()), w),
            t.error(),
        ),
        PageStatus::Loading { more: false } if cards.loaded_once => Line::styled(
            fit(&format!("{} reloading ", super::spinner_frame(app)), w)
                .replace(' ', "─")
                .replacen('─', " ", 1),
            style,
        ),
        _ => Line::styled("─".repeat(w), style),
    }
}

/// The line after the last card: the next page coming (or `walking`, the text of `G`'s walk
/// to the end), the next page failed, or more to come.
pub fn trailer<T>(
    app: &App,
    t: &Theme,
    cards: &Paged<T>,
    walking: Option<String>,
) -> Option<(String, Style)> {
    match &cards.status {
        PageStatus::Loading { more: true } => Some((
            walking.unwrap_or_else(|| format!("{} loading more…", super::spinner_frame(app))),
            t.dim(),
        )),
        PageStatus::Failed { error, more: true } => {
            Some((format!("✗ more: {} · r", error.short()), t.error()))
        }
        _ if cards.has_more => Some(("more below…".to_string(), t.dim())),
        _ => None,
    }
}
