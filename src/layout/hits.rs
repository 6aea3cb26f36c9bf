//! The areas a frame drew and what each one shows, so a click is resolved against what is on
//! screen rather than against a second copy of the layout.

use ratatui::layout::{Position, Rect};

/// Areas in drawing order. What is drawn later lies on top: a popup covers the rows under it.
#[derive(Debug, Clone, PartialEq)]
pub struct HitMap<T> {
    areas: Vec<(Rect, Option<T>)>,
}

impl<T> Default for HitMap<T> {
    fn default() -> Self {
        Self { areas: Vec::new() }
    }
}

impl<T> HitMap<T> {
    /// `area` shows `what`, over anything added before.
    pub fn add(&mut self, area: Rect, what: T) {
        self.areas.push((area, Some(what)));
    }

    /// `area` shows nothing to click (a popup, say), over anything added before.
    pub fn cover(&mut self, area: Rect) {
        self.areas.push((area, None));
    }

    /// What is on top at a terminal cell.
    pub fn at(&self, column: u16, row: u16) -> Option<&T> {
        let cell = Position::new(column, row);
        self.areas
            .iter()
            .rev()
            .find(|(r, _)| r.contains(cell))
            .and_then(|(_, what)| what.as_ref())
    }

    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_area_drawn_last_is_on_top() {
        let mut hits = HitMap::default();
        hits.add(Rect::new(0, 0, 10, 10), "pane");
        hits.add(Rect::new(0, 2, 10, 1), "row");
        hits.cover(Rect::new(5, 0, 5, 5));
        assert_eq!(hits.at(1, 2), Some(&"row"));
        assert_eq!(hits.at(1, 3), Some(&"pane"));
        assert_eq!(hits.at(6, 2), None, "under the popup");
        assert_eq!(hits.at(6, 7), Some(&"pane"));
        assert_eq!(hits.at(10, 0), None, "right of every area");
    }
}
