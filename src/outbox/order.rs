//! What the app asks of the outbox on disk: a change kept, dropped, or decided for mine. Each
//! is one transaction of the store, done before the next frame is drawn.

use super::Entry;
use crate::store::{Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub enum Order {
    /// Keep a new change (its `seq` is new), shown on the store's copy of its item.
    Queue(Box<Entry>),
    /// Change `seq` leaves unsent: dropped by the user, or the service's value taken at a
    /// conflict. The store's copy of its item goes back to the base.
    Unqueue(i64),
    /// Conflict `seq` is decided for mine: it is sent over the service's value.
    KeepMine(i64),
}

impl Order {
    /// Does it; the outbox as it is after.
    pub fn run(&self, store: &mut Store) -> Result<Vec<Entry>, StoreError> {
        store.write(|w| match self {
            Order::Queue(entry) => w.queue(entry),
            Order::Unqueue(seq) => w.drop_change(*seq),
            Order::KeepMine(seq) => w.keep_mine(*seq),
        })?;
        store.outbox()
    }
}
