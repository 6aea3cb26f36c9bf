//! Interactive pieces shared by screens: fuzzy pickers, one-line text fields and a multi-line
//! one.

pub mod field;
pub mod name_entry;
pub mod picker;
pub mod scroll;
pub mod text_area;
