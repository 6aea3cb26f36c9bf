//! Where things go on the screen, from the terminal's size alone. A new screen adds its
//! geometry as a submodule here: area functions that its drawing code calls, and a view of the
//! numbers its state needs (rows per page, cards per column) set in [`Viewport::new`]. State
//! reads those numbers from its `ScreenCtx`; drawing calls the same functions, so the two never
//! disagree. Only ratatui's layout types are used here.

pub mod board;
pub mod contacts;
pub mod funnels;
pub mod hits;
pub mod organizations;
pub mod projects;
pub mod tasks;

use ratatui::layout::{Constraint, Layout, Rect};

pub use hits::HitMap;

/// Below this the app draws one "terminal too small" line.
pub const MIN_WIDTH: u16 = 40;
pub const MIN_HEIGHT: u16 = 10;

pub fn too_small(area: Rect) -> bool {
    area.width < MIN_WIDTH || area.height < MIN_HEIGHT
}

/// How far the panes whose text wraps can scroll, as the last frame measured them: until their
/// last line is at the bottom. Drawing measures them (`ui::render` returns them with what it
/// drew) and the app keeps scroll positions within, so a key past the end does nothing that
/// would take one more key to come back from.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ScrollLimits {
    /// The task screen's detail pane, of the task under the cursor.
    pub detail: u16,
    /// Help or the message log, whichever is open.
    pub overlay: u16,
}

/// The bands every screen shares.
pub struct Frame {
    /// Title, screen tabs and who is signed in.
    pub header: Rect,
    /// What the current screen draws.
    pub body: Rect,
    /// The messages shown now, on lines of their own (none without messages).
    pub messages: Rect,
    /// Key hints.
    pub footer: Rect,
}

/// The bands with no message shown.
pub fn frame(area: Rect) -> Frame {
    frame_with(area, 0)
}

/// The bands with `messages` lines of messages above the footer: they take their lines from
/// the body, never drawn over what a screen shows.
pub fn frame_with(area: Rect, messages: u16) -> Frame {
    let [header, body, messages, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(1),
        Constraint::Length(messages),
        Constraint::Length(1),
    ])
    .areas(area);
    Frame {
        header,
        body,
        messages,
        footer,
    }
}

/// The most lines messages take: a quarter of the terminal, at most four.
pub fn message_room(height: u16) -> u16 {
    (height / 4).clamp(1, 4)
}

/// A centred rectangle of at most `w`×`h` inside `area`.
pub fn centered(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The inside of a box drawn with a border all round (what a bordered `Block` leaves).
pub fn inside_border(r: Rect) -> Rect {
    let x = r.x.saturating_add(1).min(r.right());
    let y = r.y.saturating_add(1).min(r.bottom());
    Rect::new(x, y, r.width.saturating_sub(2), r.height.saturating_sub(2))
}

/// What every screen's state needs to know of the terminal, computed once per resize.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Viewport {
    /// The whole terminal.
    pub area: Rect,
    /// Nothing but a size note is drawn: keys and clicks have nothing to act on.
    pub too_small: bool,
    pub tasks: tasks::TasksView,
    pub funnels: funnels::FunnelsView,
    pub contacts: contacts::ContactsView,
    pub organizations: organizations::OrganizationsView,
    pub projects: projects::ProjectsView,
    pub board: board::BoardView,
    /// Lines the messages take above the footer.
    pub messages: u16,
}

impl Viewport {
    pub fn new(width: u16, height: u16) -> Self {
        Self::with_messages(width, height, 0)
    }

    /// With `messages` lines of messages shown: the screens get the rest.
    pub fn with_messages(width: u16, height: u16, messages: u16) -> Self {
        let area = Rect::new(0, 0, width, height);
        let body = frame_with(area, messages).body;
        Self {
            messages,
            area,
            too_small: too_small(area),
            tasks: tasks::TasksView::new(body),
            funnels: funnels::FunnelsView::new(body),
            contacts: contacts::ContactsView::new(body),
            organizations: organizations::OrganizationsView::new(body),
            projects: projects::ProjectsView::new(body),
            board: board::BoardView::new(body),
        }
    }

    /// Columns and rows of the terminal.
    pub fn size(&self) -> (u16, u16) {
        (self.area.width, self.area.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_inside_of_a_border_matches_a_bordered_block() {
        use ratatui::widgets::{Block, Borders};
        let block = Block::default().borders(Borders::ALL);
        for r in [
            Rect::new(3, 4, 20, 10),
            Rect::new(0, 0, 2, 2),
            Rect::new(5, 5, 1, 1),
            Rect::new(5, 5, 0, 0),
            Rect::new(1, 2, 1, 9),
        ] {
            assert_eq!(inside_border(r), block.inner(r), "{r:?}");
        }
    }

    #[test]
    fn a_terminal_under_the_minimum_is_too_small() {
        assert!(Viewport::new(39, 24).too_small);
        assert!(Viewport::new(80, 9).too_small);
        assert!(!Viewport::new(40, 10).too_small);
        assert_eq!(Viewport::new(100, 30).size(), (100, 30));
    }
}
