//! Remote data and its state. Loading and failing keep the previous value, so a reload never
//! blanks the screen and loading never looks like empty.

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
