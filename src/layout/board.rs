//! A task board on the task screen: its columns side by side in the list's place (the detail
//! pane beside or under it as for the list), one column at a time on narrow terminals. The
//! cards and column heads are the deal board's (`layout::funnels`): three lines a card.

use ratatui::layout::Rect;

use super::funnels::{cards_in, column_cards};
use super::tasks::areas;

/// Narrowest useful task column: a title, a priority and a due date.
const COLUMN_MIN_W: u16 = 32;
/// Below this many terminal columns a board shows one column at a time.
const NARROW_W: u16 = 100;

/// Where the board goes: the task list's place, the filter line above it naming the board.
pub fn board_area(body: Rect, detail_open: bool) -> Rect {
    areas(body, detail_open).list
}

/// One column at a time: the terminal is too narrow for columns side by side.
pub fn is_narrow(terminal_width: u16) -> bool {
    terminal_width < NARROW_W
}

/// How many of `columns` fit side by side in `board_width` (at least one) on a terminal
/// `terminal_width` wide.
pub fn visible_columns(terminal_width: u16, board_width: u16, columns: usize) -> usize {
    if is_narrow(terminal_width) {
        return 1;
    }
    usize::from((board_width / COLUMN_MIN_W).max(1)).min(columns.max(1))
}

/// What the board's state needs of the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardView {
    alone: Rect,
    with_detail: Rect,
    /// The body's width: the terminal's.
    width: u16,
}

impl BoardView {
    pub fn new(body: Rect) -> Self {
        Self {
            alone: board_area(body, false),
            with_detail: board_area(body, true),
            width: body.width,
        }
    }

    fn area(&self, detail_open: bool) -> Rect {
        if detail_open {
            self.with_detail
        } else {
            self.alone
        }
    }

    /// Cards that fit in one column, at least 1.
    pub fn cards(&self, detail_open: bool) -> usize {
        cards_in(column_cards(self.area(detail_open)))
    }

    /// How many of `columns` are on screen side by side.
    pub fn columns_on_screen(&self, detail_open: bool, columns: usize) -> usize {
        visible_columns(self.width, self.area(detail_open).width, columns)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::frame;

    fn body(w: u16, h: u16) -> Rect {
        frame(Rect::new(0, 0, w, h)).body
    }

    #[test]
    fn narrow_terminals_show_one_column_and_wide_ones_several() {
        let wide = BoardView::new(body(160, 45));
        assert_eq!(wide.columns_on_screen(false, 5), 5);
        assert_eq!(wide.columns_on_screen(false, 3), 3);
        assert_eq!(
            wide.columns_on_screen(true, 5),
            2,
            "beside the detail the board has 58% of the width"
        );
        assert_eq!(BoardView::new(body(100, 30)).columns_on_screen(false, 5), 3);
        assert_eq!(BoardView::new(body(80, 24)).columns_on_screen(false, 5), 1);
        assert_eq!(BoardView::new(body(40, 12)).columns_on_screen(false, 5), 1);
    }

    #[test]
    fn cards_fill_the_column_under_its_head() {
        // 160x45: a body of 43 lines less the filter line, less the column head: 13 cards.
        assert_eq!(BoardView::new(body(160, 45)).cards(false), (43 - 1 - 3) / 3);
        assert_eq!(BoardView::new(body(40, 12)).cards(false), 2);
    }
}
