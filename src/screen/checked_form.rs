//! How a form with fields checks them: a field is checked when it is left after typing, a
//! shown message follows the value while it is typed (it goes once fixed, none appears before
//! the field is left), and the focus moves field by field without wrapping. The contact and
//! organization forms give their fields and rules; the checking is this.

use std::collections::{BTreeMap, BTreeSet};

pub trait CheckedForm {
    type Field: Copy + Ord;

    /// Every field in form order.
    fn fields(&self) -> Vec<Self::Field>;
    /// The problem with one field as it stands, if any.
    fn check(&self, f: Self::Field) -> Option<String>;
    fn errors_mut(&mut self) -> &mut BTreeMap<Self::Field, String>;
    /// Fields typed in: only these are checked on leaving (submit checks everything).
    fn touched_set(&self) -> &BTreeSet<Self::Field>;
    fn focus_mut(&mut self) -> &mut Self::Field;

    /// Checks `f`: shows or clears its message.
    fn validate_field(&mut self, f: Self::Field) {
        match self.check(f) {
            Some(m) => self.errors_mut().insert(f, m),
            None => self.errors_mut().remove(&f),
        };
    }

    /// Checks `f` on leaving it, when it was typed in or already shows a message.
    fn leave(&mut self, f: Self::Field) {
        if self.touched_set().contains(&f) || self.errors_mut().contains_key(&f) {
            self.validate_field(f);
        }
    }

    /// While typing, a shown message follows the value (it goes away once fixed), but no new
    /// message appears before the field is left.
    fn revalidate_shown(&mut self, f: Self::Field) {
        if self.errors_mut().contains_key(&f) {
            self.validate_field(f);
        }
    }

    /// The focus goes to the first field with a message, if any.
    fn focus_first_error(&mut self) {
        let first = self
            .fields()
            .into_iter()
            .find(|f| self.errors_mut().contains_key(f));
        if let Some(f) = first {
            *self.focus_mut() = f;
        }
    }

    /// Moves the focus by `delta` fields (no wrapping). Returns the field that was left.
    fn step(&mut self, delta: isize) -> Self::Field {
        let fields = self.fields();
        let left = *self.focus_mut();
        let at = fields.iter().position(|f| *f == left).unwrap_or(0) as isize;
        let to = (at + delta).clamp(0, fields.len() as isize - 1) as usize;
        *self.focus_mut() = fields[to];
        left
    }
}

/// Renumbers the messages and typed marks of rows after a row was inserted or removed:
/// `moved` maps a field to where it is now.
pub fn renumber<F: Ord + Copy>(
    errors: &mut BTreeMap<F, String>,
    touched: &mut BTreeSet<F>,
    moved: impl Fn(F) -> F,
) {
    *errors = std::mem::take(errors)
        .into_iter()
        .map(|(f, m)| (moved(f), m))
        .collect();
    *touched = std::mem::take(touched).into_iter().map(moved).collect();
}
