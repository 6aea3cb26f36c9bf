//! The projects screen: a filter line over the tree, inside one border.

use ratatui::layout::Rect;

use super::inside_border;

pub struct Areas {
    /// The name filter's line.
    pub filter: Rect,
    /// The tree's rows.
    pub rows: Rect,
}

/// Inside the screen's border: the filter's line on top (kept even without a filter, so the
/// tree does not jump when one is typed), then the rows.
pub fn areas(body: Rect) -> Areas {
    let inner = inside_border(body);
    let filter = Rect::new(inner.x, inner.y, inner.width, 1.min(inner.height));
    let rows = Rect::new(
        inner.x,
        inner.y + filter.height,
        inner.width,
        inner.height - filter.height,
    );
    Areas { filter, rows }
}

/// What the projects state needs of the geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProjectsView {
    /// Tree rows on one page.
    pub rows: usize,
}

impl ProjectsView {
    pub fn new(body: Rect) -> Self {
        Self {
            rows: usize::from(areas(body).rows.height),
        }
    }
}
