//! The rows of a paged list with an index of where each id sits, so that finding a row by its
//! id does not read the whole list: with 100,000 tasks loaded, the detail pane, the subtask
//! checks and the marks' footer each did so on every key press.
//!
//! The index is made the first time it is asked for and dropped by any change to the rows:
//! every way to change them goes through `DerefMut` (or the few methods below that keep it
//! right), so a stale index cannot be read. Rows are read far more often than changed.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::ops::{Deref, DerefMut};

use weeek_api::models::TaskRow;

/// What a row is found by.
pub trait RowId {
    fn row_id(&self) -> i64;
}

impl RowId for TaskRow {
    fn row_id(&self) -> i64 {
        self.id
    }
}

#[derive(Clone)]
pub struct IndexedRows<T> {
    items: Vec<T>,
    /// Where each id first appears in `items`.
    at: OnceCell<HashMap<i64, usize>>,
}

impl<T> IndexedRows<T> {
    pub fn new(items: Vec<T>) -> Self {
        Self {
            items,
            at: OnceCell::new(),
        }
    }

    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<T: RowId> IndexedRows<T> {
    fn index(&self) -> &HashMap<i64, usize> {
        self.at.get_or_init(|| {
            let mut at = HashMap::with_capacity(self.items.len());
            for (i, row) in self.items.iter().enumerate() {
                at.entry(row.row_id()).or_insert(i);
            }
            at
        })
    }

    /// Where the first row with `id` sits, as `iter().position` would say.
    pub fn position_of(&self, id: i64) -> Option<usize> {
        self.index().get(&id).copied()
    }

    pub fn by_id(&self, id: i64) -> Option<&T> {
        self.position_of(id).and_then(|i| self.items.get(i))
    }

    /// Changes row `i` in place; the index stays unless its id changed.
    pub fn edit(&mut self, i: usize, f: impl FnOnce(&mut T)) {
        let Some(row) = self.items.get_mut(i) else {
            return;
        };
        let id = row.row_id();
        f(row);
        if row.row_id() != id {
            self.at = OnceCell::new();
        }
    }
}

impl<T> Default for IndexedRows<T> {
    fn default() -> Self {
        Self::new(Vec::new())
    }
}

impl<T> Deref for IndexedRows<T> {
    type Target = Vec<T>;

    fn deref(&self) -> &Vec<T> {
        &self.items
    }
}

impl<T> DerefMut for IndexedRows<T> {
    /// Any change may move or replace rows: the index is made again when next asked for.
    fn deref_mut(&mut self) -> &mut Vec<T> {
        self.at = OnceCell::new();
        &mut self.items
    }
}

impl<T: std::fmt::Debug> std::fmt::Debug for IndexedRows<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.items.fmt(f)
    }
}

impl<T: PartialEq> PartialEq for IndexedRows<T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for IndexedRows<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        &self.items == other
    }
}

impl<T> From<Vec<T>> for IndexedRows<T> {
    fn from(items: Vec<T>) -> Self {
        Self::new(items)
    }
}

impl<T> FromIterator<T> for IndexedRows<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        Self::new(iter.into_iter().collect())
    }
}

impl<T> IntoIterator for IndexedRows<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a IndexedRows<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut IndexedRows<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.deref_mut().iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, title: &str) -> TaskRow {
        TaskRow {
            id,
            title: Some(title.into()),
            ..Default::default()
        }
    }

    fn ids(rows: &IndexedRows<TaskRow>) -> Vec<Option<usize>> {
        (0..6).map(|id| rows.position_of(id)).collect()
    }

    #[test]
    fn a_row_is_found_where_it_is_after_every_kind_of_change() {
        let mut rows: IndexedRows<TaskRow> = vec![row(1, "a"), row(2, "b"), row(3, "c")].into();
        assert_eq!(ids(&rows), [None, Some(0), Some(1), Some(2), None, None]);
        rows.insert(0, row(4, "d"));
        assert_eq!(ids(&rows), [None, Some(1), Some(2), Some(3), Some(0), None]);
        rows.retain(|t| t.id != 2);
        assert_eq!(ids(&rows), [None, Some(1), None, Some(2), Some(0), None]);
        rows[0].id = 5;
        assert_eq!(ids(&rows), [None, Some(1), None, Some(2), None, Some(0)]);
        for t in &mut rows {
            t.id += 10;
        }
        assert_eq!(rows.position_of(11), Some(1));
        assert_eq!(rows.position_of(1), None);
        rows.clear();
        assert_eq!(rows.position_of(11), None);
    }

    #[test]
    fn an_edit_keeps_the_index_and_one_that_changes_the_id_drops_it() {
        let mut rows: IndexedRows<TaskRow> = vec![row(1, "a"), row(2, "b")].into();
        assert_eq!(rows.position_of(2), Some(1));
        rows.edit(1, |t| t.title = Some("B".into()));
        assert_eq!(rows.by_id(2).and_then(|t| t.title.as_deref()), Some("B"));
        rows.edit(0, |t| t.id = 7);
        assert_eq!((rows.position_of(1), rows.position_of(7)), (None, Some(0)));
    }

    #[test]
    fn the_first_of_two_rows_with_one_id_is_found_as_position_finds_it() {
        let rows: IndexedRows<TaskRow> = vec![row(1, "a"), row(2, "b"), row(1, "c")].into();
        assert_eq!(rows.position_of(1), Some(0));
    }
}
