//! The contacts screen: the form and the contact list side by side when there is room, one at
//! a time under a switch line when not; its panes and the form's places, which a click names.

use ratatui::layout::Rect;

use super::inside_border;

/// The pane that has the keys: the form, or the contact list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pane {
    #[default]
    Form,
    List,
}

/// A place in the form. E-mail and phone rows are numbered as on screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    FirstName,
    LastName,
    MiddleName,
    Email(usize),
    Phone(usize),
    Organizations,
    Tags,
}

impl Field {
    pub fn is_text(self) -> bool {
        !matches!(self, Field::Organizations | Field::Tags)
    }

    pub fn is_name(self) -> bool {
        matches!(self, Field::FirstName | Field::LastName | Field::MiddleName)
    }
}

/// From this body width the form and the list sit side by side.
const SIDE_BY_SIDE_MIN: u16 = 110;

pub struct Areas {
    /// "Form │ List" switch line, on narrow terminals: the two panes then share one place
    /// and only the one with the keys is drawn.
    pub tabs: Option<Rect>,
    pub form: Rect,
    pub list: Rect,
}

pub fn areas(body: Rect) -> Areas {
    if body.width >= SIDE_BY_SIDE_MIN {
        let form_w = ((u32::from(body.width) * 9 / 20) as u16).clamp(56, 76);
        return Areas {
            tabs: None,
            form: Rect::new(body.x, body.y, form_w, body.height),
            list: Rect::new(body.x + form_w, body.y, body.width - form_w, body.height),
        };
    }
    let tabs = Rect::new(body.x, body.y, body.width, 1.min(body.height));
    let rest = Rect::new(
        body.x,
        body.y + tabs.height,
        body.width,
        body.height - tabs.height,
    );
    Areas {
        tabs: Some(tabs),
        form: rest,
        list: rest,
    }
}

/// Inside the list pane's border: a search line, a header line, the contact rows.
pub struct ListPane {
    pub search: Rect,
    pub header: Rect,
    pub rows: Rect,
}

pub fn list_pane(pane: Rect) -> ListPane {
    let inner = inside_border(pane);
    let line = |y: u16| {
        let y = y.min(inner.bottom());
        Rect::new(inner.x, y, inner.width, 1.min(inner.bottom() - y))
    };
    let search = line(inner.y);
    let header = line(search.bottom());
    let rows = Rect::new(
        inner.x,
        header.bottom(),
        inner.width,
        inner.bottom() - header.bottom(),
    );
    ListPane {
        search,
        header,
        rows,
    }
}

/// Lines under a saved contact's details: a blank one and up to three keys.
pub const SAVED_KEYS: u16 = 4;

/// Inside the saved contact's border: its details (they scroll), then its keys (they stay).
pub fn saved_panel(inner: Rect) -> (Rect, Rect) {
    let keys = SAVED_KEYS.min(inner.height.saturating_sub(1));
    let details = Rect::new(inner.x, inner.y, inner.width, inner.height - keys);
    let keys = Rect::new(inner.x, details.bottom(), inner.width, keys);
    (details, keys)
}

/// The read-only view of a contact: over the panes, as tall as the body; on a narrow
/// terminal as wide as it too, so no slivers of the panes show beside it.
pub fn contact_view(body: Rect) -> Rect {
    let w = if body.width < 96 { body.width } else { 76 };
    super::centered(body, w, body.height)
}

/// What the contacts screen's state needs of the terminal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContactsView {
    /// Contact rows the list shows, at least 1.
    pub list_rows: usize,
    /// Detail lines of a saved contact in view at once, at least 1.
    pub saved_rows: usize,
    /// Lines of the read-only view of a contact in view at once, at least 1.
    pub view_rows: usize,
}

impl ContactsView {
    pub fn new(body: Rect) -> Self {
        let form = super::inside_border(areas(body).form);
        Self {
            list_rows: usize::from(list_pane(areas(body).list).rows.height).max(1),
            saved_rows: usize::from(saved_panel(form).0.height).max(1),
            view_rows: usize::from(super::inside_border(contact_view(body)).height).max(1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panes_sit_side_by_side_only_on_wide_terminals() {
        let wide = areas(Rect::new(0, 1, 120, 38));
        assert!(wide.tabs.is_none());
        assert_eq!(wide.form.width, 56);
        assert_eq!((wide.list.x, wide.list.width), (56, 64));
        let narrow = areas(Rect::new(0, 1, 80, 22));
        assert_eq!(narrow.tabs, Some(Rect::new(0, 1, 80, 1)));
        assert_eq!(narrow.form, narrow.list, "one place, one pane at a time");
        assert_eq!(narrow.list, Rect::new(0, 2, 80, 21));
    }

    #[test]
    fn the_list_pane_keeps_its_rows_under_the_search_and_header_lines() {
        let p = list_pane(Rect::new(56, 1, 64, 38));
        assert_eq!(p.search, Rect::new(57, 2, 62, 1));
        assert_eq!(p.header, Rect::new(57, 3, 62, 1));
        assert_eq!(p.rows, Rect::new(57, 4, 62, 34));
        let tiny = list_pane(Rect::new(0, 0, 10, 3));
        assert_eq!(tiny.header.height, 0);
        assert_eq!(tiny.rows.height, 0);
        assert_eq!(ContactsView::new(Rect::new(0, 1, 80, 22)).list_rows, 21 - 4);
    }
}
