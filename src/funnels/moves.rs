//! Moving a deal to the previous or next status: applied to the board at once (the deal, the
//! counts and the amounts), sent, and put back with a message if the service refuses. A move
//! whose answer was lost is read back (`GET /crm/deals/{id}`) and the deal shown where the
//! service has it. The bookkeeping is the shared write ledger's (`screen::ledger`).

use weeek_api::ApiError;
use weeek_api::models::Deal;

use super::detail::FunnelDetail;
use super::totals::Weight;
use super::{FunnelAnswer, FunnelKey, FunnelsState, StatusId};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Settled, Shown, Writes, done, read_item};
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::worker::{TypedCall, op};

/// Deal moves as optimistic writes.
#[derive(Debug, Clone)]
pub struct DealMoves;

/// One move of a deal.
#[derive(Debug, Clone)]
pub struct Move {
    /// The deal as it was moved, to lay it over a page read before the answer.
    pub deal: Deal,
    pub from: StatusId,
    /// Where it sat in its old column, to put it back there.
    pub from_index: usize,
    pub to: StatusId,
}

impl Writes for DealMoves {
    type Id = String;
    type Change = Move;
    type Item = Deal;
    type Note = ();
    /// The status the deal is in, and about where in its column.
    type Truth = (StatusId, usize);

    crate::ledger_requests!(FunnelKey, FunnelAnswer, Move);

    fn read_back(id: &String) -> TypedCall<Result<Deal, ApiError>> {
        read_item(op::Deal(id.clone()))
    }

    fn judge(_: &Self::Id, m: &Move, found: Result<&Deal, &ApiError>) -> ReadBack {
        match found {
            Ok(fresh) if fresh.status_id.as_deref() == Some(m.to.as_str()) => ReadBack::Applied,
            Ok(_) => ReadBack::NotApplied,
            Err(e) => read_back_failed(e.clone()),
        }
    }

    fn rebase(later: &mut Move, (status, at): &(StatusId, usize)) {
        later.from.clone_from(status);
        later.from_index = *at;
    }
}

impl Shown<DealMoves> for FunnelDetail {
    /// A page read while the move was on its way predates it: the deal goes where it was
    /// moved, so it never jumps back and then forward.
    fn reapply(&mut self, id: &String, m: &Move, _env: &ScreenCtx) {
        let Some(to) = self.column_index(&m.to) else {
            return;
        };
        if let Some(f) = self.column_index(&m.from) {
            self.columns[f].deals.rows.retain(|d| d.id != *id);
        }
        if !self.columns[to].deals.rows.iter().any(|d| d.id == *id) {
            let mut d = m.deal.clone();
            d.status_id = Some(m.to.clone());
            self.columns[to].deals.rows.insert(0, d);
        }
        for c in &mut self.columns {
            c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
        }
    }

    /// The deal goes back where it was, unless a later move took it on: that one then starts
    /// from there.
    fn roll_back(
        &mut self,
        id: &String,
        m: &Move,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<(StatusId, usize)> {
        if !later {
            self.put_back(id, &m.from, m.from_index, cx);
        }
        Some((m.from.clone(), m.from_index))
    }

    fn read_back(
        &mut self,
        id: &String,
        m: &Move,
        found: Result<Deal, ApiError>,
        verdict: &ReadBack,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<(StatusId, usize)> {
        match (verdict, found) {
            (ReadBack::Gone, _) => {
                self.take_off(id, cx);
                None
            }
            (ReadBack::NotApplied, Ok(fresh)) => {
                let status = fresh.status_id?;
                let at = if status == m.from { m.from_index } else { 0 };
                if !later {
                    self.put_back(id, &status, at, cx);
                }
                Some((status, at))
            }
            // Where it is is unknown: the screen stays as it is.
            _ => None,
        }
    }
}

pub(super) use crate::screen::ledger::out_of_reach;

/// Whole: the toast shortens it, `M` shows it all.
fn quoted(deal: &Deal) -> String {
    crate::text::quoted_full(deal.title.as_deref().unwrap_or("(untitled deal)"))
}

impl FunnelDetail {
    /// Puts the deal `id` into column `to` at the top, wherever it is now; shifts the totals.
    pub(super) fn relocate(&mut self, id: &str, to: usize, at: usize) -> Option<Deal> {
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
        let target = &mut self.columns[to];
        let at = at.min(target.deals.rows.len());
        target.deals.rows.insert(at, deal.clone());
        if from != to {
            self.tally.record(
                id,
                Some(Weight::of(&deal, &from_id)),
                Some(Weight::of(&deal, &to_id)),
            );
        }
        let src = &mut self.columns[from];
        if src.cursor >= src.deals.rows.len() {
            src.cursor = src.deals.rows.len().saturating_sub(1);
        }
        Some(deal)
    }
}

impl FunnelsState {
    /// `H` / `L`: the cursor deal to the previous (`-1`) or next (`1`) status.
    pub fn move_deal(&mut self, delta: isize, cx: &mut ScreenCtx) {
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
            cx.toast(
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
        let cards = d.cards(cx);
        d.columns[to].move_to(0, cards);
        d.fix_columns(cx);
        if Self::must_queue(&deal.id, cx) {
            self.queue_move(&deal, &from_id, &to_id, cx);
            return;
        }
        let call = done(op::MoveDeal {
            deal: deal.id.clone(),
            status: to_id.clone(),
            after: None,
        });
        let group = self.moves.group(());
        let name = quoted(&deal);
        let id = deal.id.clone();
        let m = Move {
            deal,
            from: from_id,
            from_index,
            to: to_id,
        };
        // The service must see `L L` in the order pressed: the ledger sends a move after the
        // one before.
        self.moves.add(group, id, name, m, vec![call], cx);
    }

    /// The answer to deal move `n`, or the deal read back after it lost its answer.
    pub fn on_move(&mut self, n: u64, settled: Settled<Deal>, cx: &mut ScreenCtx) {
        // The service out of reach (nothing reached it, or a lost answer cannot be read
        // back): the move, and those of its deal behind it, go to the outbox.
        if out_of_reach(&settled, cx) {
            let (kept, _) = self.moves.hand_over(n, cx);
            // Each says so as it is kept.
            self.keep_moves(kept, cx);
            self.settle_writes(cx);
            return;
        }
        let mut board = self.detail.as_mut();
        let done = self.moves.on_settled(n, settled, &mut board, cx);
        self.after_move(done, cx);
    }

    /// Says how a settled move went; once none is on its way, totals read meanwhile are
    /// read again.
    fn after_move(&mut self, done: Option<Group<DealMoves>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        // Totals read while any write was on its way are read again once none is.
        let idle = self.moves.is_idle() && self.verbs.is_idle();
        let d = self.detail.as_mut();
        for o in group.items.values() {
            let m = &o.change;
            let title = &o.name;
            let to_name = match &d {
                Some(d) => d.status_name(&m.to),
                None => format!("status {}", m.to),
            };
            let (kind, text) = o.report(
                &format!("Moved {title} to {to_name}"),
                &format!("move {title} to {to_name}"),
            );
            cx.toast(kind, text);
        }
        if let Some(d) = d {
            d.settle_after_moves(idle, cx);
        }
    }
}

impl FunnelsState {
    /// Once no write of a deal is on its way, totals read meanwhile are read again.
    pub(super) fn settle_writes(&mut self, cx: &mut ScreenCtx) {
        let idle = self.moves.is_idle() && self.verbs.is_idle();
        if let Some(d) = self.detail.as_mut() {
            d.settle_after_moves(idle, cx);
        }
    }
}

impl FunnelDetail {
    /// Puts a deal back in `status` at `at`; the cursor comes with it if it followed the deal.
    /// A status that is not on this board (another funnel) takes the deal off the board.
    fn put_back(&mut self, id: &str, status: &str, at: usize, cx: &ScreenCtx) {
        let Some(back) = self.column_index(status) else {
            self.take_off(id, cx);
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
        let cards = self.cards(cx);
        for c in &mut self.columns {
            c.fix_scroll(cards);
        }
        self.fix_columns(cx);
    }

    /// Takes a deal off the board, and its weight off the totals; the statuses' totals are
    /// read again once moves settle.
    pub(super) fn take_off(&mut self, id: &str, cx: &ScreenCtx) {
        let mut gone = Vec::new();
        for c in &mut self.columns {
            if let Some(at) = c.deals.rows.iter().position(|x| x.id == id) {
                gone.push(Weight::of(&c.deals.rows.remove(at), &c.status_id));
            }
            c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
        }
        for w in gone {
            self.tally.record(id, Some(w), None);
        }
        self.stale_totals = true;
        self.fix_columns(cx);
    }
}
