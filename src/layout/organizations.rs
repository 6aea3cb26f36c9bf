//! The organizations tab of the contacts screen: a tab line ("Contacts · Organizations"),
//! then the list pane over the rest of the body; an organization opened from it stands over
//! the list where a contact opened from the contact list would.

use ratatui::layout::Rect;

use super::contacts::{contact_view, list_pane};
use super::inside_border;

pub struct Areas {
    pub tabs: Rect,
    pub list: Rect,
}

pub fn areas(body: Rect) -> Areas {
    let tabs = Rect::new(body.x, body.y, body.width, 1.min(body.height));
    Areas {
        tabs,
        list: Rect::new(body.x, tabs.bottom(), body.width, body.height - tabs.height),
    }
}

/// An organization read in full.
pub fn detail(body: Rect) -> Rect {
    contact_view(body)
}

/// The organization form, as wide as an organization read in full and as tall as its
/// `lines` (with its border), centred in the body.
pub fn form(body: Rect, lines: u16) -> Rect {
    let w = detail(body).width;
    super::centered(body, w, lines.saturating_add(2))
}

/// What the organizations tab's state needs of the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrganizationsView {
    /// Organization rows the list shows, at least 1.
    pub list_rows: usize,
    /// Lines of an organization read in full in view at once, at least 1.
    pub view_rows: usize,
}

impl OrganizationsView {
    pub fn new(body: Rect) -> Self {
        Self {
            list_rows: usize::from(list_pane(areas(body).list).rows.height).max(1),
            view_rows: usize::from(inside_border(detail(body)).height).max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_list_takes_the_body_under_the_tab_line() {
        let a = areas(Rect::new(0, 1, 80, 22));
        assert_eq!(a.tabs, Rect::new(0, 1, 80, 1));
        assert_eq!(a.list, Rect::new(0, 2, 80, 21));
        // Border, search line and header above the rows.
        assert_eq!(
            OrganizationsView::new(Rect::new(0, 1, 80, 22)).list_rows,
            21 - 4
        );
        let none = areas(Rect::new(0, 1, 10, 0));
        assert_eq!((none.tabs.height, none.list.height), (0, 0));
    }
}
