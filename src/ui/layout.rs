//! Where things go on the screen. Shared by rendering and by `update` (which needs the list
//! height for paging and scrolling), so both always agree.

use ratatui::layout::{Constraint, Layout, Rect};

/// Below this the app draws one "terminal too small" line.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 10;

pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

pub struct Frame {
    pub header: Rect,
    pub body: Rect,
    pub footer: Rect,
}

pub fn frame(area: Rect) -> Frame {
    let [header, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(1),
    ])
    .areas(area);
    Frame {
        header,
        body,
        footer,
    }
}

/// How the detail pane sits next to the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DetailPlacement {
    Beside,
    Under,
    FullScreen,
}

pub fn detail_placement(body: Rect) -> DetailPlacement {
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

pub fn tasks(body: Rect, detail_open: bool) -> TasksAreas {
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

/// Task rows that fit in the list (its header row excluded), at least 1.
pub fn task_rows(size: (u16, u16), detail_open: bool) -> usize {
    let area = Rect::new(0, 0, size.0, size.1);
    let list = tasks(frame(area).body, detail_open).list;
    usize::from(list.height.saturating_sub(1)).max(1)
}
