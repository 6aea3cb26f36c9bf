//! Moving a deal to the previous or next status: applied to the board at once (the deal, the
//! counts and the amounts), sent, and put back with a message if the service refuses.

use weeek_api::ApiError;
use weeek_api::models::{Deal, FunnelStatus};

use super::FunnelsState;
use super::detail::FunnelDetail;
use crate::app::Env;
use crate::app::toast::ToastKind;
use crate::worker::Call;

#[derive(Debug, Clone)]
pub struct PendingMove {
    pub deal: Deal,
    pub from: String,
    /// Where it sat in its old column, to put it back there.
    pub from_index: usize,
    pub to: String,
    /// Order of the moves: laid over a fresh page in this order.
    pub seq: u64,
}

fn quoted(deal: &Deal) -> String {
    crate::text::quoted(deal.title.as_deref().unwrap_or("(untitled deal)"), 30)
}

/// Shifts a deal's weight from one status's totals to another's.
fn shift_totals(statuses: &mut [FunnelStatus], from: &str, to: &str, amount: Option<f64>) {
    for s in statuses.iter_mut() {
        let sign = if s.id == from {
            -1.0
        } else if s.id == to {
            1.0
        } else {
            continue;
        };
        s.deals_count = Some((s.deals_count.unwrap_or(0) + sign as i64).max(0));
        if let Some(a) = amount {
            s.deals_amount = Some(s.deals_amount.unwrap_or(0.0) + sign * a);
        }
    }
}

impl FunnelDetail {
    /// Puts the deal `id` into column `to` at the top, wherever it is now; shifts the totals.
    fn relocate(&mut self, id: &str, to: usize, at: usize) -> Option<Deal> {
        let (from, pos) = self
            .columns
            .iter()
            .enumerate()
            .find_map(|(ci, c)| c.deals.iter().position(|d| d.id == id).map(|p| (ci, p)))?;
        let mut deal = self.columns[from].deals.remove(pos);
        let from_id = self.columns[from].status_id.clone();
        let to_id = self.columns[to].status_id.clone();
        deal.status_id = Some(to_id.clone());
        let amount = deal.amount;
        let target = &mut self.columns[to];
        let at = at.min(target.deals.len());
        target.deals.insert(at, deal.clone());
        if from != to {
            self.shift_status_totals(&from_id, &to_id, amount);
        }
        let src = &mut self.columns[from];
        if src.cursor >= src.deals.len() {
            src.cursor = src.deals.len().saturating_sub(1);
        }
        Some(deal)
    }

    fn shift_status_totals(&mut self, from: &str, to: &str, amount: Option<f64>) {
        match &mut self.statuses {
            crate::app::loadable::Loadable::Loaded(s)
            | crate::app::loadable::Loadable::Loading(Some(s))
            | crate::app::loadable::Loadable::Failed(_, Some(s)) => {
                shift_totals(s, from, to, amount)
            }
            _ => {}
        }
    }

    /// A page that arrived while moves were in flight was read before them: the moves are
    /// laid over it again, so a deal never jumps back and then forward.
    pub(super) fn apply_pending_moves(&mut self) {
        let mut moves: Vec<PendingMove> = self.moves.values().cloned().collect();
        moves.sort_by_key(|m| m.seq);
        for m in moves {
            let Some(to) = self.column_index(&m.to) else {
                continue;
            };
            let from = self.column_index(&m.from);
            if let Some(f) = from {
                self.columns[f].deals.retain(|d| d.id != m.deal.id);
            }
            if !self.columns[to].deals.iter().any(|d| d.id == m.deal.id) {
                let mut d = m.deal.clone();
                d.status_id = Some(m.to.clone());
                self.columns[to].deals.insert(0, d);
            }
            for c in &mut self.columns {
                c.cursor = c.cursor.min(c.deals.len().saturating_sub(1));
            }
        }
    }
}

impl FunnelsState {
    /// `H` / `L`: the cursor deal to the previous (`-1`) or next (`1`) status.
    pub fn move_deal(&mut self, delta: isize, env: &mut Env) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(deal) = d.current_deal().cloned() else {
            return;
        };
        let from = d.focus;
        let to = from as isize + delta;
        if to < 0 || to >= d.columns.len() as isize {
            let edge = if delta < 0 { "first" } else { "last" };
            env.toast(
                ToastKind::Info,
                format!("{} is already in the {edge} status", quoted(&deal)),
            );
            return;
        }
        let to = to as usize;
        let from_index = d.columns[from].cursor;
        let from_id = d.columns[from].status_id.clone();
        let to_id = d.columns[to].status_id.clone();
        if d.relocate(&deal.id, to, 0).is_none() {
            return;
        }
        // The cursor follows the deal, so `L L L` walks it down the funnel.
        d.focus = to;
        let cards = d.cards(env);
        d.columns[to].move_to(0, cards);
        d.fix_columns(env);
        self.next_write += 1;
        let key = format!("{}move:{}", super::KEY_PREFIX, self.next_write);
        d.moves.insert(
            key.clone(),
            PendingMove {
                deal: deal.clone(),
                from: from_id,
                from_index,
                to: to_id.clone(),
                seq: self.next_write,
            },
        );
        let call = Call::MoveDeal {
            deal: deal.id.clone(),
            status: to_id,
            after: None,
        };
        // The service must see `L L` in the order pressed: a move waits for the one before.
        match d.queued.get_mut(&deal.id) {
            Some(waiting) => waiting.push_back((key, call)),
            None => {
                d.queued
                    .insert(deal.id.clone(), std::collections::VecDeque::new());
                env.request(key, call);
            }
        }
    }

    pub fn on_move_reply(&mut self, key: &str, result: Result<(), ApiError>, env: &mut Env) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(m) = d.moves.remove(key) else {
            return;
        };
        match d.queued.get_mut(&m.deal.id).and_then(|q| q.pop_front()) {
            Some((next_key, call)) => env.request(next_key, call),
            None => {
                d.queued.remove(&m.deal.id);
            }
        }
        // A later move of the same deal now starts from where this one started.
        let later: Vec<String> = d
            .moves
            .iter()
            .filter(|(_, x)| x.deal.id == m.deal.id && x.seq > m.seq)
            .map(|(k, _)| k.clone())
            .collect();
        let to_name = d.status_name(&m.to);
        match result {
            Ok(()) => env.toast(
                ToastKind::Success,
                format!("Moved {} to {to_name}", quoted(&m.deal)),
            ),
            Err(e) if !later.is_empty() => {
                // The deal stays where the later move put it; if that move fails too, it
                // goes back to where this one started.
                for k in later {
                    if let Some(x) = d.moves.get_mut(&k) {
                        x.from.clone_from(&m.from);
                        x.from_index = m.from_index;
                    }
                }
                env.toast(
                    ToastKind::Error,
                    format!("Could not move {}: {}", quoted(&m.deal), e.short()),
                );
            }
            Err(e) => {
                let following = d.current_deal().is_some_and(|x| x.id == m.deal.id);
                if let Some(back) = d.column_index(&m.from) {
                    d.relocate(&m.deal.id, back, m.from_index);
                    // The cursor went with the deal; it comes back with it too.
                    if following {
                        d.focus = back;
                        let at = d.columns[back].deals.iter().position(|x| x.id == m.deal.id);
                        d.columns[back].cursor = at.unwrap_or(0);
                    }
                    let cards = d.cards(env);
                    for c in &mut d.columns {
                        c.fix_scroll(cards);
                    }
                    d.fix_columns(env);
                }
                env.toast(
                    ToastKind::Error,
                    format!("Could not move {}: {}", quoted(&m.deal), e.short()),
                );
            }
        }
        d.settle_after_moves(env);
    }
}
