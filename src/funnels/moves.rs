//! Moving a deal to the previous or next status: applied to the board at once (the deal, the
//! counts and the amounts), sent, and put back with a message if the service refuses. A move
//! whose answer was lost is read back (`GET /crm/deals/{id}`) and the deal shown where the
//! service has it (see `app::lost_answer`).

use weeek_api::ApiError;
use weeek_api::models::{Deal, FunnelStatus};

use super::detail::FunnelDetail;
use super::{FunnelKey, FunnelsState};
use crate::app::Env;
use crate::app::lost_answer::{
    AfterFailure, ReadBack, after_failure, cause_text, read_back_failed,
};
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
    /// Its answer was lost this way; the deal is being read back.
    pub lost: Option<ApiError>,
}

/// How a move ended.
enum Settled {
    Done,
    Refused(ApiError),
    /// Its answer was lost; reading the deal back showed `verdict`, and `status` is where the
    /// service has it (when the read told).
    ReadBack {
        cause: ApiError,
        verdict: ReadBack,
        status: Option<String>,
    },
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
        let (from, pos) = self.columns.iter().enumerate().find_map(|(ci, c)| {
            c.deals
                .rows
                .iter()
                .position(|d| d.id == id)
                .map(|p| (ci, p))
        })?;
        let mut deal = self.columns[from].deals.rows.remove(pos);
        let from_id = self.columns[from].status_id.clone();
        let to_id = self.columns[to].status_id.clone();
        deal.status_id = Some(to_id.clone());
        let amount = deal.amount;
        let target = &mut self.columns[to];
        let at = at.min(target.deals.rows.len());
        target.deals.rows.insert(at, deal.clone());
        if from != to {
            self.shift_status_totals(&from_id, &to_id, amount);
        }
        let src = &mut self.columns[from];
        if src.cursor >= src.deals.rows.len() {
            src.cursor = src.deals.rows.len().saturating_sub(1);
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
                self.columns[f].deals.rows.retain(|d| d.id != m.deal.id);
            }
            if !self.columns[to]
                .deals
                .rows
                .iter()
                .any(|d| d.id == m.deal.id)
            {
                let mut d = m.deal.clone();
                d.status_id = Some(m.to.clone());
                self.columns[to].deals.rows.insert(0, d);
            }
            for c in &mut self.columns {
                c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
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
        let key = self.next_write;
        d.moves.insert(
            key,
            PendingMove {
                deal: deal.clone(),
                from: from_id,
                from_index,
                to: to_id.clone(),
                seq: self.next_write,
                lost: None,
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
                env.request(FunnelKey::Move(key), call);
            }
        }
    }

    /// The answer to move `n`.
    pub fn on_move_reply(&mut self, n: u64, result: Result<(), ApiError>, env: &mut Env) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(mut m) = d.moves.remove(&n) else {
            return;
        };
        let settled = match result {
            Ok(()) => Settled::Done,
            Err(e) => match after_failure(&e) {
                AfterFailure::RollBack => Settled::Refused(e),
                AfterFailure::ReadBack => {
                    // Read before the deal's next move goes, so it shows this move's doing.
                    let call = Call::Deal(m.deal.id.clone());
                    m.lost = Some(e);
                    d.moves.insert(n, m);
                    env.request(FunnelKey::Move(n), call);
                    return;
                }
            },
        };
        self.settle_move(m, settled, env);
    }

    /// The read-back of a deal whose move `n` lost its answer.
    pub fn on_move_read_back(&mut self, n: u64, result: Result<Deal, ApiError>, env: &mut Env) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(mut m) = d.moves.remove(&n) else {
            return;
        };
        let Some(cause) = m.lost.take() else {
            return;
        };
        let settled = match result {
            Ok(fresh) => {
                let verdict = if fresh.status_id.as_deref() == Some(m.to.as_str()) {
                    ReadBack::Applied
                } else {
                    ReadBack::NotApplied
                };
                Settled::ReadBack {
                    cause,
                    verdict,
                    status: fresh.status_id,
                }
            }
            Err(e) => Settled::ReadBack {
                cause,
                verdict: read_back_failed(e),
                status: None,
            },
        };
        self.settle_move(m, settled, env);
    }

    fn settle_move(&mut self, m: PendingMove, settled: Settled, env: &mut Env) {
        let Some(d) = &mut self.detail else {
            return;
        };
        match d.queued.get_mut(&m.deal.id).and_then(|q| q.pop_front()) {
            Some((next, call)) => env.request(FunnelKey::Move(next), call),
            None => {
                d.queued.remove(&m.deal.id);
            }
        }
        // A later move of the same deal now starts from where the service has it.
        let later: Vec<u64> = d
            .moves
            .iter()
            .filter(|(_, x)| x.deal.id == m.deal.id && x.seq > m.seq)
            .map(|(k, _)| *k)
            .collect();
        let to_name = d.status_name(&m.to);
        let title = quoted(&m.deal);
        // Where the deal is on the service when this move did not go through; `None` when
        // that is unknown (the screen then stays as it is).
        let (text, kind, truth) = match settled {
            Settled::Done => (
                format!("Moved {title} to {to_name}"),
                ToastKind::Success,
                None,
            ),
            Settled::ReadBack { verdict, .. } if verdict.applied() => (
                format!("Moved {title} to {to_name} ({})", verdict.note()),
                ToastKind::Success,
                None,
            ),
            Settled::Refused(e) => (
                format!("Could not move {title}: {}", e.short()),
                ToastKind::Error,
                Some(Where::Status(m.from.clone(), m.from_index)),
            ),
            Settled::ReadBack {
                cause,
                verdict,
                status,
            } => {
                let lead = match verdict {
                    ReadBack::Unknown(_) => "Not confirmed: move",
                    _ => "Could not move",
                };
                let truth = match (&verdict, status) {
                    (ReadBack::Gone, _) => Some(Where::Gone),
                    (ReadBack::NotApplied, Some(s)) => {
                        let at = if s == m.from { m.from_index } else { 0 };
                        Some(Where::Status(s, at))
                    }
                    _ => None,
                };
                (
                    format!(
                        "{lead} {title} to {to_name}: {}; {}",
                        cause_text(&cause),
                        verdict.note()
                    ),
                    ToastKind::Error,
                    truth,
                )
            }
        };
        match truth {
            // The deal stays where the later move put it; if that move fails too, it goes
            // back to where the service has it now.
            Some(Where::Status(status, at)) if !later.is_empty() => {
                for k in later {
                    if let Some(x) = d.moves.get_mut(&k) {
                        x.from.clone_from(&status);
                        x.from_index = at;
                    }
                }
            }
            Some(Where::Status(status, at)) => d.put_back(&m.deal.id, &status, at, env),
            Some(Where::Gone) => d.take_off(&m.deal.id, env),
            None => {}
        }
        env.toast(kind, text);
        d.settle_after_moves(env);
    }
}

/// Where a deal is on the service, after a move that did not go through.
enum Where {
    /// In this status, at about this place.
    Status(String, usize),
    /// Nowhere: it was deleted.
    Gone,
}

impl FunnelDetail {
    /// Puts a deal back in `status` at `at`; the cursor comes with it if it followed the deal.
    /// A status that is not on this board (another funnel) takes the deal off the board.
    fn put_back(&mut self, id: &str, status: &str, at: usize, env: &Env) {
        let Some(back) = self.column_index(status) else {
            self.take_off(id, env);
            return;
        };
        let following = self.current_deal().is_some_and(|x| x.id == id);
        self.relocate(id, back, at);
        if following {
            self.focus = back;
            let pos = self.columns[back]
                .deals
                .rows
                .iter()
                .position(|x| x.id == id);
            self.columns[back].cursor = pos.unwrap_or(0);
        }
        let cards = self.cards(env);
        for c in &mut self.columns {
            c.fix_scroll(cards);
        }
        self.fix_columns(env);
    }

    /// Takes a deal off the board; the statuses' totals are read again once moves settle.
    fn take_off(&mut self, id: &str, env: &Env) {
        for c in &mut self.columns {
            c.deals.rows.retain(|x| x.id != id);
            c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
        }
        self.stale_totals = true;
        self.fix_columns(env);
    }
}
