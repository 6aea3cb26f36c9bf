//! What a click can land on. Drawing records each such area with its target; the runtime
//! turns a click into `Msg::Click(target)` by looking it up in the last frame drawn.

use crate::layout::HitMap;
use crate::layout::contacts::{Field, Pane};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A task row, by its index among the loaded rows.
    Task(usize),
    /// A row of the funnel list, by its position among the funnels shown.
    Funnel(usize),
    /// A status column of the open funnel, by its index: a click focuses it.
    Column(usize),
    /// A deal card: its column and its index among that column's deals.
    Card { column: usize, deal: usize },
    /// The contact form or the contact list, anywhere inside its border.
    ContactsPane(Pane),
    /// A contact row, by its index in the list.
    Contact(usize),
    /// A field of the contact form, its message line included.
    Field(Field),
    /// A column of a task board, by its index: a click focuses it.
    BoardColumn(usize),
    /// A task card: its board column and its index among that column's cards.
    BoardCard { column: usize, card: usize },
}

/// The targets of one frame.
pub type Hits = HitMap<Target>;
