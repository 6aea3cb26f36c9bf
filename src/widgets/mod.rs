//! Interactive pieces shared by screens: fuzzy pickers and one-line text fields.

pub mod field;
pub mod picker;
pub mod scroll;
