//! One funnel: its fields, its statuses and the board of its deals, and the deal popup.

use std::collections::HashMap;

use weeek_api::models::{Deal, Funnel, FunnelStatus};
use weeek_api::{ApiError, DealPage};

use super::board::Column;
use super::moves::DealMoves;
use super::query::DealFilter;
use super::totals::Figures;
use super::verbs::DealVerbs;
use super::{FunnelAnswer, FunnelKey};
use crate::keys::commands::Action;
use crate::layout::funnels::InfoPlace;
use crate::screen::ScreenCtx;
use crate::screen::ledger::Ledger;
use crate::screen::loadable::Loadable;
use crate::worker::op;

/// Reads the statuses of funnel `id` (and so its columns); `cached`: the store's copy
/// answers first.
fn request_statuses(id: &str, cached: bool, cx: &mut ScreenCtx) {
    let call = op::FunnelStatuses(id.to_string());
    if cached {
        cx.request_cached(FunnelKey::Statuses, call, FunnelAnswer::Statuses);
    } else {
        cx.request(FunnelKey::Statuses, call, FunnelAnswer::Statuses);
    }
}

/// Reads deal `id` for the popup.
fn request_deal(id: &str, cx: &mut ScreenCtx) {
    cx.request(
        FunnelKey::Deal,
        op::Deal(id.to_string()),
        FunnelAnswer::Deal,
    );
}

/// Every field of one deal, over the board.
#[derive(Debug, Clone)]
pub struct DealView {
    pub id: String,
    /// Starts with the board's copy, then the full answer of `GET /crm/deals/{id}`.
    pub deal: Loadable<Deal>,
    pub scroll: u16,
    /// The linked task under the cursor.
    pub task: usize,
}

/// The popup's line of linked task `i` (0 first), as `ui::funnels::deal` lays the popup out:
/// the fields (a list field takes a line per item, one when empty), a blank line, the
/// section's heading, then the tasks. `error`: a failed read's two lines lead.
pub fn task_line(deal: &Deal, error: bool, i: usize) -> usize {
    let list = |n: usize| n.max(1);
    let lead = if error { 2 } else { 0 };
    // Title, funnel, status, amount, outcome; creator; tags, created, updated, id.
    let fixed = 5 + 1 + 4;
    lead + fixed
        + list(deal.assignees.len())
        + list(deal.contacts.len())
        + list(deal.organizations.len())
        + 2
        + i
}

#[derive(Debug, Default)]
pub struct FunnelDetail {
    pub id: String,
    pub funnel: Loadable<Funnel>,
    pub statuses: Loadable<Vec<FunnelStatus>>,
    /// One per status, in the statuses' order.
    pub columns: Vec<Column>,
    /// The focused column.
    pub focus: usize,
    /// The first column on screen when not all fit.
    pub first: usize,
    /// `None` until the user toggles the overview; the terminal's size decides until then.
    pub info: Option<InfoPlace>,
    pub info_scroll: u16,
    pub deal: Option<DealView>,
    /// The search, filters and sort the columns are read with.
    pub filter: DealFilter,
    /// A reload was answered while moves were on their way: its totals may predate them, so
    /// the statuses are read again once the last move is answered.
    pub(super) stale_totals: bool,
    /// The changes to deals laid over the read totals.
    pub(super) tally: super::totals::Tally,
    /// The funnel's fields (its totals) are the local store's copy, read from the service
    /// then, until the service's answer replaces them.
    pub funnel_cached: Option<time::OffsetDateTime>,
    /// The same for the statuses (their totals, the chart).
    pub statuses_cached: Option<time::OffsetDateTime>,
    /// The deal a refresh did not read because its popup or its form was open: read again
    /// once they close.
    pub(super) passed_by: Option<String>,
    /// The deal that was under the cursor before a read took it from the focused column
    /// (moved to another status elsewhere): the cursor follows it to the column it shows up
    /// in, unless the user moves first.
    follow: Option<String>,
    /// The cards of deals moved to another status in the outbox, as last laid: the page of
    /// the status they left may be read before the page of the one they go to (which does not
    /// hold them), so each page laid over keeps them where they go.
    pub(super) moved: HashMap<String, Deal>,
}

impl FunnelDetail {
    /// Opens `funnel` (the list's copy is shown until the full answer arrives; `list_cached`:
    /// that copy is the store's, read then). Its statuses and columns show the store's copy
    /// first. `moving`: deal moves are still on their way.
    pub fn open(
        funnel: &Funnel,
        list_cached: Option<time::OffsetDateTime>,
        moving: bool,
        cx: &mut ScreenCtx,
    ) -> Self {
        let mut d = FunnelDetail {
            id: funnel.id.clone(),
            funnel: Loadable::Loaded(funnel.clone()),
            funnel_cached: list_cached,
            ..Default::default()
        };
        d.read(moving, true, cx);
        d
    }

    /// Reads the funnel's fields and statuses (the columns follow the statuses' answer:
    /// statuses may have been added or removed); `first`: on opening, the store's copy first.
    fn read(&mut self, moving: bool, first: bool, cx: &mut ScreenCtx) {
        self.stale_totals |= moving;
        self.funnel.start();
        self.statuses.start();
        let call = op::Funnel(self.id.clone());
        if first {
            cx.request_cached(FunnelKey::Funnel, call, FunnelAnswer::Funnel);
        } else {
            cx.request(FunnelKey::Funnel, call, FunnelAnswer::Funnel);
        }
        request_statuses(&self.id, first, cx);
    }

    /// Reads the funnel again, and the open deal (`r`); `moving`: deal moves are still on
    /// their way.
    pub fn reload(&mut self, moving: bool, cx: &mut ScreenCtx) {
        self.read(moving, false, cx);
        if let Some(view) = &mut self.deal {
            view.deal.start();
            request_deal(&view.id, cx);
            self.passed_by = None;
        }
    }

    /// Reads the board again by itself (a refresh): not the open deal, whose popup is never
    /// changed under the user, nor `editing`, the deal in the form; each is read again once
    /// it closes.
    pub fn refresh(&mut self, moving: bool, editing: Option<&str>, cx: &mut ScreenCtx) {
        self.read(moving, false, cx);
        let shown = self.deal.as_ref().map(|v| v.id.as_str()).or(editing);
        if let Some(id) = shown {
            self.passed_by = Some(id.to_string());
        }
    }

    /// The popup or the form on deal `id` closed: if a refresh passed it by, it is read
    /// again (its card takes the answer), unless `still` shows it.
    pub(super) fn reread_passed_by(&mut self, id: &str, still: bool, cx: &mut ScreenCtx) {
        if still || self.passed_by.as_deref() != Some(id) {
            return;
        }
        self.passed_by = None;
        request_deal(id, cx);
    }

    /// When the oldest of the store's copies on the board was read: the funnel's totals,
    /// the statuses, a column's deals; `None` when all of it is the service's.
    pub fn cached_since(&self) -> Option<time::OffsetDateTime> {
        let columns = self.columns.iter().filter_map(|c| c.cached);
        [self.funnel_cached, self.statuses_cached]
            .into_iter()
            .flatten()
            .chain(columns)
            .min()
    }

    pub fn name(&self) -> String {
        self.funnel
            .value()
            .and_then(|f| f.name.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "(unnamed funnel)".into())
    }

    /// Reads the statuses (and so the columns) again if a reload crossed moves in flight,
    /// once none is on its way (`idle`).
    pub(super) fn settle_after_moves(&mut self, idle: bool, cx: &mut ScreenCtx) {
        if idle && self.stale_totals {
            self.stale_totals = false;
            self.statuses.start();
            request_statuses(&self.id, false, cx);
        }
    }

    pub fn status_list(&self) -> &[FunnelStatus] {
        self.statuses.value().map(Vec::as_slice).unwrap_or_default()
    }

    pub fn status_name(&self, id: &str) -> String {
        self.status_list()
            .iter()
            .find(|s| s.id == id)
            .and_then(|s| s.name.clone())
            .unwrap_or_else(|| format!("status {id}"))
    }

    pub fn column(&self) -> Option<&Column> {
        self.columns.get(self.focus)
    }

    pub fn current_deal(&self) -> Option<&Deal> {
        self.column().and_then(Column::current)
    }

    /// The board's keys that do nothing where the cursor is (the footer leaves them out, as
    /// the task board's does): a status before the first or after the last, a deal where the
    /// column has none.
    pub fn idle(&self, action: Action) -> bool {
        let n = self.columns.len();
        let at_first = self.focus == 0;
        let at_last = self.focus + 1 >= n;
        let no_deal = self.current_deal().is_none();
        match action {
            Action::Left | Action::PrevStatus | Action::MoveStatusLeft => n == 0 || at_first,
            Action::Right | Action::NextStatus | Action::MoveStatusRight => n == 0 || at_last,
            Action::MovePrev => no_deal || at_first,
            Action::MoveNext => no_deal || at_last,
            Action::Open
            | Action::EditDeal
            | Action::MarkWon
            | Action::MarkLost
            | Action::Archive
            | Action::Delete => no_deal,
            Action::NewDeal | Action::RenameStatus | Action::DeleteStatus => n == 0,
            _ => false,
        }
    }

    pub fn column_index(&self, status_id: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.status_id == status_id)
    }

    /// `settled`: no write to a deal is on its way, so the read counts every change.
    /// `stored`: the store's copy, read then, shown only over a copy older than it (the list's
    /// own stored copy, or none: a deal opened by name from elsewhere).
    pub fn on_funnel(
        &mut self,
        result: Result<Funnel, ApiError>,
        settled: bool,
        stored: Option<time::OffsetDateTime>,
    ) {
        if let Some(read_at) = stored {
            let placeholder = self.funnel.value().is_none_or(|f| f.name.is_none());
            let older = self.funnel_cached.is_some_and(|shown| shown < read_at);
            if let (Ok(f), true) = (result, placeholder || older) {
                self.funnel.show_stored(f);
                self.funnel_cached = Some(read_at);
            }
            return;
        }
        if result.is_ok() {
            self.tally.funnel_read(settled);
            self.funnel_cached = None;
        }
        self.funnel.finish(result);
    }

    /// The figures of the status at `index` as shown: its read ones and the changes since.
    pub fn status_figures(&self, index: usize) -> Option<Figures> {
        self.status_list().get(index).map(|s| self.tally.status(s))
    }

    /// The funnel's figures as shown (see `status_figures`).
    pub fn funnel_figures(&self) -> Option<Figures> {
        let f = self.funnel.value()?;
        Some(self.tally.funnel(f, self.status_list()))
    }

    /// The statuses read: the columns become theirs, each read (the first time with the
    /// store's copy first). The store's copy of them shows the board at once; the columns it
    /// asked for are not asked again when the service's answer follows.
    pub fn on_statuses(
        &mut self,
        result: Result<Vec<FunnelStatus>, ApiError>,
        (moves, verbs): (&Ledger<DealMoves>, &Ledger<DealVerbs>),
        cx: &mut ScreenCtx,
    ) {
        let stored = cx.stored();
        match (stored, result) {
            (Some(read_at), Ok(list)) => {
                // The totals of the changes made here lie over the service's next read.
                self.statuses.show_stored(list);
                self.statuses_cached = Some(read_at);
            }
            (Some(_), Err(_)) => return,
            (None, result) => {
                self.statuses.finish(result);
                if self.statuses.error().is_some() {
                    return;
                }
                self.statuses_cached = None;
                // Deal changes still in the outbox are not in the service's totals either.
                let settled = moves.is_idle() && verbs.is_idle() && !super::offline::deals_wait(cx);
                self.tally.statuses_read(settled);
            }
        }
        // A board read for the first time under an open deal starts at the deal's status.
        let focused = self.column().map(|c| c.status_id.clone()).or_else(|| {
            let view = self.deal.as_ref()?;
            view.deal.value()?.status_id.clone()
        });
        let mut old: HashMap<String, Column> = std::mem::take(&mut self.columns)
            .into_iter()
            .map(|c| (c.status_id.clone(), c))
            .collect();
        let ids: Vec<String> = self.status_list().iter().map(|s| s.id.clone()).collect();
        self.columns = ids
            .iter()
            .map(|id| old.remove(id).unwrap_or_else(|| Column::new(id.clone())))
            .collect();
        for c in &mut self.columns {
            if stored.is_none() && c.opening {
                continue;
            }
            c.read(&self.filter, cx);
        }
        // Columns of statuses that are gone no longer want their answers.
        for gone in old.keys() {
            cx.requests.cancel(&FunnelKey::Deals(gone.clone()).into());
        }
        self.focus = focused
            .and_then(|id| self.column_index(&id))
            .unwrap_or(self.focus)
            .min(self.columns.len().saturating_sub(1));
        moves.reapply(self, cx);
        verbs.reapply(self, cx);
        self.reapply_outbox(cx);
        self.fix_columns(cx);
    }

    /// A page of deals for `status_id` (the store's copy, or the service's answer replacing
    /// it in place); a failure stays in its column.
    pub fn on_deals(
        &mut self,
        status_id: &str,
        result: Result<DealPage, ApiError>,
        (moves, verbs): (&Ledger<DealMoves>, &Ledger<DealVerbs>),
        cx: &mut ScreenCtx,
    ) {
        let cards = self.cards(cx);
        let Some(idx) = self.column_index(status_id) else {
            return;
        };
        let under = self.current_deal().map(|d| d.id.clone());
        let filter = &self.filter;
        let col = &mut self.columns[idx];
        let err = match cx.stored() {
            Some(read_at) => {
                if let Ok(page) = result {
                    col.on_stored_page(page, read_at, |d| filter.keeps(d));
                }
                None
            }
            None => col.on_page(result, |d| filter.keeps(d)),
        };
        moves.reapply(self, cx);
        verbs.reapply(self, cx);
        self.reapply_outbox(cx);
        let gone = |id: &String| self.columns[idx].deals.rows.iter().all(|d| d.id != *id);
        if idx == self.focus && under.as_ref().is_some_and(gone) {
            self.follow = under;
        }
        self.follow_card(cx);
        let col = &mut self.columns[idx];
        col.fix_scroll(cards);
        if err.is_none() && cx.stored().is_none() {
            col.maybe_load_more(cards, &self.filter, cx);
        }
    }

    /// Puts the cursor back on the deal a read took from under it, in whichever column
    /// holds it now (see `follow`).
    fn follow_card(&mut self, cx: &ScreenCtx) {
        let Some(id) = &self.follow else {
            return;
        };
        let found = self.columns.iter().enumerate().find_map(|(i, c)| {
            let at = c.deals.rows.iter().position(|d| d.id == *id)?;
            Some((i, at))
        });
        let Some((column, at)) = found else {
            return;
        };
        self.follow = None;
        self.focus = column;
        let cards = self.cards(cx);
        self.columns[column].move_to(at as isize, cards);
        self.fix_columns(cx);
    }

    /// The open deal read whole (the store's copy is never asked for it: the card shows
    /// until the service answers). With no popup open, it is a deal read again after its
    /// popup or form closed: only its card takes it.
    pub fn on_deal(&mut self, result: Result<Deal, ApiError>, cx: &mut ScreenCtx) {
        // Keep the board's copy in step with the fuller answer.
        if let Ok(fresh) = &result {
            for c in &mut self.columns {
                if let Some(d) = c.deals.rows.iter_mut().find(|d| d.id == fresh.id) {
                    let status = d.status_id.clone();
                    *d = fresh.clone();
                    // A move in flight decides the column, not an answer sent before it.
                    d.status_id = status;
                }
            }
        }
        match (&mut self.deal, result) {
            (Some(view), result) => view.deal.finish(result),
            (None, Ok(_)) => {}
            (None, Err(e)) => cx.toast(
                crate::screen::toast::ToastKind::Error,
                format!("A deal read again: {}", e.short()),
            ),
        }
    }

    /// Closes the deal view; its read, if still running, is no longer wanted. A deal a
    /// refresh passed by while it showed is read again (`editing`: the deal in the form, if
    /// the form is still open over the board).
    pub fn close_deal(&mut self, editing: Option<&str>, cx: &mut ScreenCtx) {
        let closed = self.deal.take().map(|v| v.id);
        cx.cancel(FunnelKey::Deal);
        if let Some(id) = closed {
            self.reread_passed_by(&id, editing == Some(id.as_str()), cx);
        }
    }

    /// The funnel is being closed: the reads of its fields, statuses, deals and open deal are
    /// no longer wanted (moves run to their end).
    pub fn close(&self, cx: &mut ScreenCtx) {
        cx.cancel(FunnelKey::Funnel);
        cx.cancel(FunnelKey::Statuses);
        cx.cancel(FunnelKey::Deal);
        for c in &self.columns {
            cx.cancel(FunnelKey::Deals(c.status_id.clone()));
        }
    }

    pub fn open_deal(&mut self, cx: &mut ScreenCtx) -> bool {
        let Some(deal) = self.current_deal().cloned() else {
            return false;
        };
        request_deal(&deal.id, cx);
        self.deal = Some(DealView {
            id: deal.id.clone(),
            deal: Loadable::Loading(Some(deal)),
            scroll: 0,
            task: 0,
        });
        true
    }

    /// Opens the popup of `deal`, read whole elsewhere; the column of its status takes the
    /// focus (now, or once the statuses are read).
    pub fn show_deal(&mut self, deal: Deal, cx: &mut ScreenCtx) {
        cx.cancel(FunnelKey::Deal);
        if let Some(at) = deal.status_id.as_deref().and_then(|s| self.column_index(s)) {
            self.focus = at;
            self.fix_columns(cx);
        }
        self.deal = Some(DealView {
            id: deal.id.clone(),
            deal: Loadable::Loaded(deal),
            scroll: 0,
            task: 0,
        });
    }

    // ----- moving around the board ----------------------------------------------------------

    pub fn cards(&self, cx: &ScreenCtx) -> usize {
        cx.viewport.funnels.cards(self.info)
    }

    /// Keeps the focused column on screen.
    pub fn fix_columns(&mut self, cx: &ScreenCtx) {
        let n = cx
            .viewport
            .funnels
            .columns_on_screen(self.info, self.columns.len());
        if self.focus < self.first {
            self.first = self.focus;
        } else if self.focus >= self.first + n {
            self.first = self.focus + 1 - n;
        }
        self.first = self.first.min(self.columns.len().saturating_sub(n));
        let cards = self.cards(cx);
        for c in &mut self.columns {
            c.fix_scroll(cards);
        }
    }

    /// A click on column `column`, on its deal `deal` if on a card: focuses the column and
    /// puts its cursor on the deal.
    pub fn click(&mut self, column: usize, deal: Option<usize>, cx: &mut ScreenCtx) -> bool {
        if column >= self.columns.len() {
            return false;
        }
        self.follow = None;
        self.focus = column;
        if let Some(deal) = deal.filter(|d| *d < self.columns[column].deals.rows.len()) {
            self.move_cursor(|_, _| deal as isize, cx);
        }
        self.fix_columns(cx);
        true
    }

    pub fn focus_column(&mut self, target: isize, cx: &mut ScreenCtx) {
        if self.columns.is_empty() {
            return;
        }
        let last = self.columns.len() as isize - 1;
        self.follow = None;
        self.focus = target.clamp(0, last) as usize;
        self.fix_columns(cx);
        let cards = self.cards(cx);
        if let Some(c) = self.columns.get_mut(self.focus) {
            c.maybe_load_more(cards, &self.filter, cx);
        }
    }

    pub fn move_cursor(&mut self, target: impl Fn(&Column, isize) -> isize, cx: &mut ScreenCtx) {
        self.follow = None;
        let cards = self.cards(cx);
        let Some(c) = self.columns.get_mut(self.focus) else {
            return;
        };
        let t = target(c, cards as isize);
        c.to_end = false;
        c.move_to(t, cards);
        c.maybe_load_more(cards, &self.filter, cx);
    }

    /// `G` in the focused column: its real end (see `Column::go_to_end`).
    pub fn go_to_end(&mut self, cx: &mut ScreenCtx) {
        self.follow = None;
        let cards = self.cards(cx);
        if let Some(c) = self.columns.get_mut(self.focus) {
            c.go_to_end(cards, &self.filter, cx);
        }
    }

    /// `Esc` while a column loads to its end stops that first. True when one was.
    pub fn stop_going_to_end(&mut self) -> bool {
        let mut any = false;
        for c in &mut self.columns {
            any |= std::mem::take(&mut c.to_end);
        }
        any
    }
}
