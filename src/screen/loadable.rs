//! Remote data and its state. Loading and failing keep the previous value, so a reload never
//! blanks the screen and loading never looks like empty.

use crate::screen::indexed_rows::IndexedRows;
use weeek_api::ApiError;

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Loadable<T> {
    #[default]
    NotAsked,
    Loading(Option<T>),
    Loaded(T),
    Failed(ApiError, Option<T>),
}

impl<T> Loadable<T> {
    pub fn value(&self) -> Option<&T> {
        match self {
            Self::NotAsked => None,
            Self::Loading(v) | Self::Failed(_, v) => v.as_ref(),
            Self::Loaded(v) => Some(v),
        }
    }

    pub fn value_mut(&mut self) -> Option<&mut T> {
        match self {
            Self::NotAsked => None,
            Self::Loading(v) | Self::Failed(_, v) => v.as_mut(),
            Self::Loaded(v) => Some(v),
        }
    }

    pub fn is_loading(&self) -> bool {
        matches!(self, Self::Loading(_))
    }

    pub fn error(&self) -> Option<&ApiError> {
        match self {
            Self::Failed(e, _) => Some(e),
            _ => None,
        }
    }

    /// Moves to loading, keeping what was there.
    pub fn start(&mut self) {
        let old = std::mem::take(self);
        *self = Self::Loading(old.into_value());
    }

    /// Shows the store's copy while the service's answer is on its way (it stays loading).
    pub fn show_stored(&mut self, value: T) {
        if matches!(self, Self::Loading(_) | Self::NotAsked) {
            *self = Self::Loading(Some(value));
        }
    }

    /// Applies an answer: the new value, or the error beside the old value.
    pub fn finish(&mut self, result: Result<T, ApiError>) {
        let old = std::mem::take(self);
        *self = match result {
            Ok(v) => Self::Loaded(v),
            Err(e) => Self::Failed(e, old.into_value()),
        };
    }

    pub fn into_value(self) -> Option<T> {
        match self {
            Self::NotAsked => None,
            Self::Loading(v) | Self::Failed(_, v) => v,
            Self::Loaded(v) => Some(v),
        }
    }
}

/// Adds the items of `page` that `rows` does not hold yet: the service pages by offset, and an
/// item moved or created meanwhile shifts the offsets, so a page can repeat what is shown.
pub fn append_new<T, K: Eq + std::hash::Hash>(
    rows: &mut Vec<T>,
    page: Vec<T>,
    key: impl Fn(&T) -> K,
) {
    let known: std::collections::HashSet<K> = rows.iter().map(&key).collect();
    rows.extend(page.into_iter().filter(|item| !known.contains(&key(item))));
}

/// Where the item that was at `cursor` in `old` sits in `new` (a reload keeps the cursor on
/// the same item), else `cursor`, clamped to `new`.
pub fn follow_item<T, K: PartialEq>(
    old: &[T],
    new: &[T],
    cursor: usize,
    key: impl Fn(&T) -> K,
) -> usize {
    let kept = old
        .get(cursor)
        .and_then(|item| new.iter().position(|n| key(n) == key(item)));
    kept.unwrap_or(cursor).min(new.len().saturating_sub(1))
}

/// Where a paged list stands. Pages add to what is shown, so unlike [`Loadable`] the rows
/// live beside this status rather than inside it.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum PageStatus {
    #[default]
    Idle,
    /// `more`: a next page, with the loaded rows kept; else a (re)load of the first page.
    Loading {
        more: bool,
    },
    Failed {
        error: ApiError,
        more: bool,
    },
}

impl PageStatus {
    /// Whether the list shows a line after its rows ("loading more…", "could not load more",
    /// "more below…"): the view then keeps room for it below the last row.
    pub fn has_trailer(&self, has_more: bool) -> bool {
        has_more
            || matches!(
                self,
                Self::Loading { more: true } | Self::Failed { more: true, .. }
            )
    }

    /// Whether a next page may be asked for now. After a failed one, only once the cursor is
    /// at the end again: not on every move, and not never.
    pub fn may_load_more(&self, at_end: bool) -> bool {
        match self {
            Self::Loading { .. } => false,
            Self::Failed { more: true, .. } => at_end,
            _ => true,
        }
    }
}

/// A list read page by page (the task list, the contact list, each deal column): the rows so
/// far, and where the paging stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Paged<T> {
    pub rows: IndexedRows<T>,
    pub status: PageStatus,
    /// The service has rows after these.
    pub has_more: bool,
    /// A first page has arrived: empty now means empty, not "not yet".
    pub loaded_once: bool,
    /// A next page is shown as the store holds it, after this many rows: the service's answer
    /// replaces the rows from here.
    stored_from: Option<usize>,
}

impl<T> Default for Paged<T> {
    fn default() -> Self {
        Self {
            rows: IndexedRows::default(),
            status: PageStatus::Idle,
            has_more: false,
            loaded_once: false,
            stored_from: None,
        }
    }
}

/// Which page an answer brought.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrived {
    /// The first: it replaced the rows.
    First,
    /// A next one: its new rows were added.
    Next,
}

impl<T> Paged<T> {
    pub fn is_loading(&self) -> bool {
        matches!(self.status, PageStatus::Loading { .. })
    }

    /// Whether the page awaited is a next one (else the first).
    pub fn loading_more(&self) -> bool {
        matches!(self.status, PageStatus::Loading { more: true })
    }

    pub fn error(&self) -> Option<&ApiError> {
        match &self.status {
            PageStatus::Failed { error, .. } => Some(error),
            _ => None,
        }
    }

    /// A page was asked for: the next one when `more`, else the first (the rows stay on
    /// screen until it comes).
    pub fn start(&mut self, more: bool) {
        self.status = PageStatus::Loading { more };
    }

    /// Whether to ask for the next page with the cursor at `cursor`: the service has more,
    /// nothing is on its way, and the cursor is within `ahead` rows of the end. After a failed
    /// next page, only once the cursor is at the very end (see [`PageStatus::may_load_more`]).
    pub fn wants_more(&self, cursor: usize, ahead: usize) -> bool {
        let at_end = cursor + 1 >= self.rows.len();
        self.has_more
            && self.loaded_once
            && self.status.may_load_more(at_end)
            && cursor + ahead + 1 >= self.rows.len()
    }

    /// Whether a line follows the rows ("loading more…", "more below…"); see
    /// [`PageStatus::has_trailer`].
    pub fn has_trailer(&self) -> bool {
        self.status.has_trailer(self.has_more)
    }

    /// Applies the answer to the page asked for: `rows` and whether the service has more. A
    /// first page replaces the rows, `cursor` following the item it was on; a next page adds
    /// the rows not shown yet. A failure keeps the rows and is kept for the screen to show.
    pub fn finish<K: Eq + std::hash::Hash>(
        &mut self,
        result: Result<(Vec<T>, bool), ApiError>,
        cursor: &mut usize,
        key: impl Fn(&T) -> K,
    ) -> Result<Arrived, ApiError> {
        let more = self.loading_more();
        let stored_from = self.stored_from.take();
        let (rows, has_more) = match result {
            Ok(page) => page,
            Err(error) => {
                self.status = PageStatus::Failed {
                    error: error.clone(),
                    more,
                };
                return Err(error);
            }
        };
        self.has_more = has_more;
        self.status = PageStatus::Idle;
        if more {
            match stored_from {
                // The store's copy of this page gives way to the service's, the cursor
                // staying on its item.
                Some(from) if from <= self.rows.len() => {
                    let shown = self.rows.get(*cursor).map(&key);
                    self.rows.truncate(from);
                    append_new(&mut self.rows, rows, &key);
                    let at = shown.and_then(|k| self.rows.iter().position(|r| key(r) == k));
                    *cursor = at.unwrap_or(*cursor).min(self.rows.len().saturating_sub(1));
                }
                _ => append_new(&mut self.rows, rows, key),
            }
            Ok(Arrived::Next)
        } else {
            *cursor = follow_item(&self.rows, &rows, *cursor, key);
            self.rows = rows.into();
            self.loaded_once = true;
            Ok(Arrived::First)
        }
    }
}

impl<T> Paged<T> {
    /// Shows the store's copy of the page asked for while the service's answer is on its way
    /// (the list stays loading): a first page replaces the rows, `cursor` following its item,
    /// a next page is added, to be replaced by the service's copy (see [`Paged::finish`]).
    pub fn show_stored<K: Eq + std::hash::Hash>(
        &mut self,
        rows: Vec<T>,
        has_more: bool,
        cursor: &mut usize,
        key: impl Fn(&T) -> K,
    ) -> Arrived {
        self.has_more = has_more;
        if self.loading_more() {
            self.stored_from.get_or_insert(self.rows.len());
            append_new(&mut self.rows, rows, key);
            Arrived::Next
        } else {
            *cursor = follow_item(&self.rows, &rows, *cursor, key);
            self.rows = rows.into();
            self.loaded_once = true;
            Arrived::First
        }
    }

    /// Page `offset..offset + limit` read again, in place: its rows are replaced by `rows`,
    /// a row of it found elsewhere in the list leaves its old place, and `cursor` stays on its
    /// item. A page that says nothing follows it ends the list there.
    pub fn replace_page<K: Eq + std::hash::Hash>(
        &mut self,
        offset: usize,
        limit: usize,
        rows: Vec<T>,
        has_more: bool,
        cursor: &mut usize,
        key: impl Fn(&T) -> K,
    ) {
        let old = std::mem::take(&mut self.rows).into_vec();
        let start = offset.min(old.len());
        let end = offset.saturating_add(limit).min(old.len());
        let last = end >= old.len();
        let shown_at = old.get(*cursor).map(&key);
        let fresh: std::collections::HashSet<K> = rows.iter().map(&key).collect();
        let mut out: Vec<T> = Vec::with_capacity(old.len() + rows.len());
        let mut after = Vec::new();
        for (i, item) in old.into_iter().enumerate() {
            if fresh.contains(&key(&item)) {
                continue;
            }
            if i < start {
                out.push(item);
            } else if i >= end && has_more {
                after.push(item);
            }
        }
        out.extend(rows);
        out.extend(after);
        if last || !has_more {
            self.has_more = has_more;
        }
        *cursor = shown_at
            .and_then(|k| out.iter().position(|r| key(r) == k))
            .unwrap_or(*cursor)
            .min(out.len().saturating_sub(1));
        self.rows = out.into();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_add_only_new_items_and_reloads_keep_the_cursor_item() {
        let mut rows = vec![1, 2, 3];
        append_new(&mut rows, vec![3, 4], |x| *x);
        assert_eq!(rows, vec![1, 2, 3, 4]);
        assert_eq!(
            follow_item(&rows, &[9, 3, 1], 2, |x| *x),
            1,
            "item 3 moved up"
        );
        assert_eq!(follow_item(&rows, &[9], 2, |x| *x), 0, "gone: clamped");
    }

    fn rows(p: &Paged<i32>) -> Vec<i32> {
        p.rows.iter().copied().collect()
    }

    #[test]
    fn the_stores_next_page_gives_way_to_the_services_the_cursor_on_its_item() {
        let mut p: Paged<i32> = Paged::default();
        let mut cursor = 0;
        p.start(false);
        p.finish(Ok((vec![1, 2], true)), &mut cursor, |x| *x)
            .unwrap();
        p.start(true);
        assert_eq!(
            p.show_stored(vec![3, 4, 5], true, &mut cursor, |x| *x),
            Arrived::Next
        );
        assert!(p.is_loading(), "still waiting for the service");
        cursor = 3;
        p.finish(Ok((vec![3, 9, 4], false)), &mut cursor, |x| *x)
            .unwrap();
        assert_eq!(rows(&p), vec![1, 2, 3, 9, 4], "the store's 5 is gone");
        assert_eq!(cursor, 4, "still on 4");
        assert!(!p.has_more);
    }

    #[test]
    fn a_page_read_again_replaces_its_rows_in_place_and_a_last_one_ends_the_list() {
        let mut p: Paged<i32> = Paged::default();
        let mut cursor = 0;
        p.start(false);
        p.finish(Ok(((1..=6).collect(), true)), &mut cursor, |x| *x)
            .unwrap();
        cursor = 4;
        // Rows 2..4 read again: 3 is gone, 9 is new, 6 moved up into them.
        p.replace_page(2, 2, vec![9, 4, 6], true, &mut cursor, |x| *x);
        assert_eq!(rows(&p), vec![1, 2, 9, 4, 6, 5]);
        assert_eq!(cursor, 5, "still on 5");
        assert!(p.has_more, "a page in the middle leaves the end as it was");
        // The last page read again says nothing follows: the list ends with it.
        p.replace_page(4, 2, vec![6], false, &mut cursor, |x| *x);
        assert_eq!(rows(&p), vec![1, 2, 9, 4, 6]);
        assert_eq!(cursor, 4, "5 is gone: the cursor stays in the list");
        assert!(!p.has_more);
    }

    #[test]
    fn a_paged_list_replaces_on_a_first_page_adds_on_a_next_and_keeps_rows_on_failure() {
        let mut p: Paged<i32> = Paged::default();
        let mut cursor = 0;
        p.start(false);
        assert!(p.is_loading() && !p.loading_more());
        let got = p.finish(Ok((vec![1, 2, 3], true)), &mut cursor, |x| *x);
        assert_eq!(got, Ok(Arrived::First));
        assert!(p.loaded_once && p.has_more);
        assert!(!p.wants_more(0, 1), "far from the end");
        assert!(p.wants_more(1, 1), "within a row of it");
        p.start(true);
        assert!(!p.wants_more(2, 1), "one page at a time");
        assert_eq!(
            p.finish(Ok((vec![3, 4], false)), &mut cursor, |x| *x),
            Ok(Arrived::Next)
        );
        assert_eq!(
            p.rows,
            vec![1, 2, 3, 4],
            "a repeated row is not added twice"
        );
        assert!(!p.wants_more(3, 1), "nothing more");
        cursor = 2;
        p.start(false);
        let failed = p.finish(Err(ApiError::Timeout), &mut cursor, |x| *x);
        assert_eq!(failed, Err(ApiError::Timeout));
        assert_eq!(p.rows, vec![1, 2, 3, 4], "a failure keeps what was shown");
        assert_eq!(p.error(), Some(&ApiError::Timeout));
        p.start(false);
        p.finish(Ok((vec![9, 3], false)), &mut cursor, |x| *x)
            .unwrap();
        assert_eq!(
            (p.rows.clone().into_vec(), cursor),
            (vec![9, 3], 1),
            "the cursor follows item 3"
        );
    }

    #[test]
    fn reload_and_failure_keep_the_old_value() {
        let mut l = Loadable::Loaded(3);
        l.start();
        assert_eq!(l.value(), Some(&3));
        assert!(l.is_loading());
        l.finish(Err(ApiError::Timeout));
        assert_eq!(l.value(), Some(&3));
        assert_eq!(l.error(), Some(&ApiError::Timeout));
        l.finish(Ok(4));
        assert_eq!(l, Loadable::Loaded(4));
    }
}
