//! The task screen: the filter line, the table, and the detail pane beside it, under it or
//! instead of it, as the terminal allows.

use ratatui::layout::{Constraint, Layout, Rect};

/// How the detail pane sits next to the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DetailPlacement {
    Beside,
    Under,
    FullScreen,
}

fn detail_placement(body: Rect) -> DetailPlacement {
    if body.width >= 120 {
        DetailPlacement::Beside
    } else if body.height >= 24 {
        DetailPlacement::Under
    } else {
        DetailPlacement::FullScreen
    }
}

pub struct TasksAreas {
    /// The line above the list: view, filters, counts.
    pub filter_line: Rect,
    /// The table, header row included; zero-sized when the detail is full screen.
    pub list: Rect,
    pub detail: Option<Rect>,
}

pub fn areas(body: Rect, detail_open: bool) -> TasksAreas {
    let [filter_line, rest] =
        Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(body);
    if !detail_open {
        return TasksAreas {
            filter_line,
            list: rest,
            detail: None,
        };
    }
    match detail_placement(body) {
        DetailPlacement::Beside => {
            let [list, detail] =
                Layout::horizontal([Constraint::Percentage(58), Constraint::Percentage(42)])
                    .areas(rest);
            TasksAreas {
                filter_line,
                list,
                detail: Some(detail),
            }
        }
        DetailPlacement::Under => {
            let [list, detail] =
                Layout::vertical([Constraint::Percentage(45), Constraint::Percentage(55)])
                    .areas(rest);
            TasksAreas {
                filter_line,
                list,
                detail: Some(detail),
            }
        }
        DetailPlacement::FullScreen => TasksAreas {
            filter_line,
            list: Rect::new(rest.x, rest.y, rest.width, 0),
            detail: Some(rest),
        },
    }
}

/// The table's rows: all of `list` but its header line.
pub fn table_rows(list: Rect) -> Rect {
    Rect::new(
        list.x,
        list.y.saturating_add(1).min(list.bottom()),
        list.width,
        list.height.saturating_sub(1),
    )
}

/// What the task list's state needs of the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TasksView {
    rows: usize,
    rows_with_detail: usize,
}

impl TasksView {
    pub fn new(body: Rect) -> Self {
        let rows = |detail_open| {
            let list = areas(body, detail_open).list;
            usize::from(table_rows(list).height).max(1)
        };
        Self {
            rows: rows(false),
            rows_with_detail: rows(true),
        }
    }

    /// Task rows that fit in the list, at least 1.
    pub fn rows(&self, detail_open: bool) -> usize {
        if detail_open {
            self.rows_with_detail
        } else {
            self.rows
        }
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
    fn the_detail_goes_beside_then_under_then_instead_of_the_list() {
        assert_eq!(detail_placement(body(160, 45)), DetailPlacement::Beside);
        assert_eq!(detail_placement(body(100, 30)), DetailPlacement::Under);
        assert_eq!(detail_placement(body(80, 24)), DetailPlacement::FullScreen);
        let full = areas(body(80, 24), true);
        assert_eq!(full.list.height, 0);
        assert_eq!(full.detail.map(|d| d.height), Some(21));
    }

    #[test]
    fn rows_are_the_list_without_its_header() {
        // 45 lines: header, footer and filter line leave 42, less the table header.
        let v = TasksView::new(body(160, 45));
        assert_eq!(v.rows(false), 41);
        assert_eq!(
            v.rows(true),
            41,
            "beside the detail the list keeps its height"
        );
        let v = TasksView::new(body(100, 30));
        assert_eq!(v.rows(false), 26);
        assert_eq!(
            v.rows(true),
            11,
            "under the detail: 45% of 27, less the header"
        );
        let v = TasksView::new(body(80, 24));
        assert_eq!(
            v.rows(true),
            1,
            "never fewer than one row, even with no list shown"
        );
    }
}
