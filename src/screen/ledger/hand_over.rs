//! A write that could not reach the service leaves the ledger for the outbox (`crate::outbox`),
//! with the writes of its item waiting behind it, in the order made.

use std::collections::VecDeque;

use super::{Group, Ledger, Settled, Writes};
use crate::screen::ScreenCtx;

/// Whether the answer of a write says the service cannot be reached, so that the write goes
/// to the outbox: nothing reached it, or a lost answer's read-back cannot either.
pub fn out_of_reach<T>(settled: &Settled<T>, cx: &ScreenCtx) -> bool {
    use crate::screen::offline::unreachable;
    let out = match settled {
        Settled::Written(Err(e)) => unreachable(e) && !e.may_have_been_applied(),
        Settled::ReadBack(Err(e)) => unreachable(e),
        _ => false,
    };
    out && cx.is_offline()
}

/// A change handed to the outbox: its item, the item's name, the change.
pub type Kept<W> = (<W as Writes>::Id, String, <W as Writes>::Change);

impl<W: Writes> Ledger<W> {
    /// Write (or read-back) `n` could not reach the service: its change, and the writes of
    /// its item waiting behind it, leave the ledger for the outbox, in the order made (their
    /// items' changes, each once). Returns them, and the actions that are settled by it.
    pub fn hand_over(&mut self, n: u64, cx: &mut ScreenCtx) -> (Vec<Kept<W>>, Vec<Group<W>>) {
        let Some(p) = self.pending.get(&n).cloned() else {
            return (Vec::new(), Vec::new());
        };
        let mut taken = vec![n];
        if let Some(waiting) = self.queued.get_mut(&p.item) {
            let pending = &self.pending;
            let (writes, rest): (VecDeque<_>, VecDeque<_>) = std::mem::take(waiting)
                .into_iter()
                .partition(|(k, _)| pending.get(k).is_some_and(|q| !q.read_back));
            *waiting = rest;
            taken.extend(writes.into_iter().map(|(k, _)| k));
        }
        let mut changes: Vec<Kept<W>> = Vec::new();
        let mut groups = Vec::new();
        for k in taken {
            let Some(q) = self.pending.remove(&k) else {
                continue;
            };
            if let Some(o) = self.outcome_mut(&q) {
                o.remaining = o.remaining.saturating_sub(1);
                // Its fate is the replay's to learn now.
                o.lost = None;
                if !o.kept {
                    o.kept = true;
                    changes.push((q.item.clone(), o.name.clone(), o.change.clone()));
                }
            }
            groups.push(q.group);
        }
        // A read-back of an earlier change of the item still goes.
        self.send_next(&p.item, cx);
        groups.dedup();
        let settled = groups
            .into_iter()
            .filter_map(|g| self.finish_if_settled(g))
            .collect();
        (changes, settled)
    }
}
