//! Lists read row by row: one row the client cannot read (a numeric title, an object where a
//! list of ids belongs) is reported, not allowed to cost the caller every other row.

use std::fmt;

/// What a list operation read: `value` holds the rows that could be read (a `Vec`, or a page
/// such as [`crate::TaskPage`]), `skipped` those that could not, in answer order, and
/// `malformed` the values of read rows that were taken as empty.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Listed<T> {
    pub value: T,
    pub skipped: Vec<SkippedRow>,
    pub malformed: Vec<SkippedRow>,
}

impl<T> Listed<T> {
    /// True when every row of the answer was read.
    pub fn is_complete(&self) -> bool {
        self.skipped.is_empty()
    }

    /// Adds the reports of `page`, read after `rows_before` rows, to these (its positions
    /// counted on from them), and returns its value.
    pub fn absorb<U>(&mut self, page: Listed<U>, rows_before: usize) -> U {
        let shift = |row: SkippedRow| SkippedRow {
            index: rows_before + row.index,
            ..row
        };
        self.skipped.extend(page.skipped.into_iter().map(shift));
        self.malformed.extend(page.malformed.into_iter().map(shift));
        page.value
    }

    pub fn into_parts(self) -> (T, Vec<SkippedRow>) {
        (self.value, self.skipped)
    }

    /// The same report around another value (a page built from the rows, say).
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Listed<U> {
        Listed {
            value: f(self.value),
            skipped: self.skipped,
            malformed: self.malformed,
        }
    }
}

/// A row of a list answer that could not be read; or, in [`Listed::malformed`], one value of a
/// row that was read as empty ("priority: 9 is not a priority (0 to 3)").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkippedRow {
    /// Position in the answer's list, from 0 (across pages for operations that follow pages).
    pub index: usize,
    /// The row's `id`, when it had a string or numeric one.
    pub id: Option<String>,
    /// Why, naming the field: "title: invalid type: integer `42`, expected a string".
    pub reason: String,
}

impl fmt::Display for SkippedRow {
    /// "id 17: title: invalid type: …", or "row 3: …" (counted from 1) for a row without an id.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.id {
            Some(id) => write!(f, "id {id}: {}", self.reason),
            None => write!(f, "row {}: {}", self.index + 1, self.reason),
        }
    }
}
