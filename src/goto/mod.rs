//! Going to anything by name: the palette finds tasks, projects, boards, deals, contacts,
//! organizations and members by the names the local store holds, beside the commands, and
//! `Enter` opens the thing where it lives.
//!
//! - `index`: the names made ready to be matched on every key, and what a text finds;
//! - `palette`: the palette's state, what it shows and what its keys do;
//! - `open`: what `Enter` on a name reads, and where it goes.

pub mod index;
pub mod open;
pub mod palette;

pub use index::NameIndex;
pub use open::{GotoAnswer, GotoKey, Opening};
pub use palette::{Palette, PaletteOutcome, Row, StoreNames};
