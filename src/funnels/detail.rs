//! One funnel: its fields, its statuses and the board of its deals, and the deal popup.

use std::collections::HashMap;

use weeek_api::ApiError;
use weeek_api::models::{Deal, Funnel, FunnelStatus};

use super::board::{Column, deals_key};
use super::moves::PendingMove;
use crate::app::Env;
use crate::app::directory::unexpected;
use crate::app::loadable::Loadable;
use crate::layout::funnels::InfoPlace;
use crate::worker::{Call, Data};

pub const FUNNEL_KEY: &str = "funnels:funnel";
pub const STATUSES_KEY: &str = "funnels:statuses";
pub const DEAL_KEY: &str = "funnels:deal";

/// Every field of one deal, over the board.
#[derive(Debug, Clone)]
pub struct DealView {
    pub id: String,
    /// Starts with the board's copy, then the full answer of `GET /crm/deals/{id}`.
    pub deal: Loadable<Deal>,
    pub scroll: u16,
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
    pub(super) moves: HashMap<String, PendingMove>,
    /// A reload was answered while moves were on their way: its totals may predate them, so
    /// the statuses are read again once the last move is answered.
    pub(super) stale_totals: bool,
    /// Deals with a move on its way, and the moves waiting behind it (sent in order).
    pub(super) queued: HashMap<String, std::collections::VecDeque<(String, crate::worker::Call)>>,
}

impl FunnelDetail {
    /// Opens `funnel` (the list's copy is shown until the full answer arrives).
    pub fn open(funnel: &Funnel, env: &mut Env) -> Self {
        let mut d = FunnelDetail {
            id: funnel.id.clone(),
            funnel: Loadable::Loaded(funnel.clone()),
            ..Default::default()
        };
        d.reload(env);
        d
    }

    pub fn reload(&mut self, env: &mut Env) {
        self.stale_totals |= !self.moves.is_empty();
        self.funnel.start();
        self.statuses.start();
        env.request(FUNNEL_KEY, Call::Funnel(self.id.clone()));
        env.request(STATUSES_KEY, Call::FunnelStatuses(self.id.clone()));
        // Columns reload with the statuses' answer: statuses may have been added or removed.
        if let Some(view) = &mut self.deal {
            view.deal.start();
            env.request(DEAL_KEY, Call::Deal(view.id.clone()));
        }
    }

    pub fn name(&self) -> String {
        self.funnel
            .value()
            .and_then(|f| f.name.clone())
            .filter(|n| !n.trim().is_empty())
            .unwrap_or_else(|| "(unnamed funnel)".into())
    }

    /// Reads the statuses (and so the columns) again if a reload crossed moves in flight.
    pub(super) fn settle_after_moves(&mut self, env: &mut Env) {
        if self.moves.is_empty() && self.stale_totals {
            self.stale_totals = false;
            self.statuses.start();
            env.request(STATUSES_KEY, Call::FunnelStatuses(self.id.clone()));
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

    pub fn column_index(&self, status_id: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.status_id == status_id)
    }

    pub fn on_funnel(&mut self, result: Result<Data, ApiError>) {
        self.funnel.finish(result.and_then(|d| match d {
            Data::Funnel(f) => Ok(*f),
            other => Err(unexpected(&other)),
        }));
    }

    pub fn on_statuses(&mut self, result: Result<Data, ApiError>, env: &mut Env) {
        self.statuses.finish(result.and_then(|d| match d {
            Data::FunnelStatuses(s) => Ok(s),
            other => Err(unexpected(&other)),
        }));
        if self.statuses.error().is_some() {
            return;
        }
        let focused = self.column().map(|c| c.status_id.clone());
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
            c.reload(env);
        }
        // Columns of statuses that are gone no longer want their answers.
        for gone in old.keys() {
            env.requests.cancel(&deals_key(gone));
        }
        self.focus = focused
            .and_then(|id| self.column_index(&id))
            .unwrap_or(self.focus)
            .min(self.columns.len().saturating_sub(1));
        self.apply_pending_moves();
        self.fix_columns(env);
    }

    /// A page of deals for `status_id`; the error, if it failed, for the caller to report.
    pub fn on_deals(
        &mut self,
        status_id: &str,
        result: Result<Data, ApiError>,
        env: &mut Env,
    ) -> Option<ApiError> {
        let cards = self.cards(env);
        let idx = self.column_index(status_id)?;
        let err = self.columns[idx].on_page(result);
        self.apply_pending_moves();
        let col = &mut self.columns[idx];
        col.fix_scroll(cards);
        if err.is_none() {
            col.maybe_load_more(cards, env);
        }
        err
    }

    pub fn on_deal(&mut self, result: Result<Data, ApiError>) {
        let Some(view) = &mut self.deal else {
            return;
        };
        let result = result.and_then(|d| match d {
            Data::Deal(deal) => Ok(*deal),
            other => Err(unexpected(&other)),
        });
        // Keep the board's copy in step with the fuller answer.
        if let Ok(fresh) = &result {
            for c in &mut self.columns {
                if let Some(d) = c.deals.iter_mut().find(|d| d.id == fresh.id) {
                    let status = d.status_id.clone();
                    *d = fresh.clone();
                    // A move in flight decides the column, not an answer sent before it.
                    d.status_id = status;
                }
            }
        }
        view.deal.finish(result);
    }

    pub fn open_deal(&mut self, env: &mut Env) -> bool {
        let Some(deal) = self.current_deal().cloned() else {
            return false;
        };
        env.request(DEAL_KEY, Call::Deal(deal.id.clone()));
        self.deal = Some(DealView {
            id: deal.id.clone(),
            deal: Loadable::Loading(Some(deal)),
            scroll: 0,
        });
        true
    }

    // ----- moving around the board ----------------------------------------------------------

    pub fn cards(&self, env: &Env) -> usize {
        env.viewport.funnels.cards(self.info)
    }

    /// Keeps the focused column on screen.
    pub fn fix_columns(&mut self, env: &Env) {
        let n = env
            .viewport
            .funnels
            .columns_on_screen(self.info, self.columns.len());
        if self.focus < self.first {
            self.first = self.focus;
        } else if self.focus >= self.first + n {
            self.first = self.focus + 1 - n;
        }
        self.first = self.first.min(self.columns.len().saturating_sub(n));
        let cards = self.cards(env);
        for c in &mut self.columns {
            c.fix_scroll(cards);
        }
    }

    /// A click on column `column`, on its deal `deal` if on a card: focuses the column and
    /// puts its cursor on the deal.
    pub fn click(&mut self, column: usize, deal: Option<usize>, env: &mut Env) -> bool {
        if column >= self.columns.len() {
            return false;
        }
        self.focus = column;
        if let Some(deal) = deal.filter(|d| *d < self.columns[column].deals.len()) {
            self.move_cursor(|_, _| deal as isize, env);
        }
        self.fix_columns(env);
        true
    }

    pub fn focus_column(&mut self, target: isize, env: &mut Env) {
        if self.columns.is_empty() {
            return;
        }
        let last = self.columns.len() as isize - 1;
        self.focus = target.clamp(0, last) as usize;
        self.fix_columns(env);
        let cards = self.cards(env);
        if let Some(c) = self.columns.get_mut(self.focus) {
            c.maybe_load_more(cards, env);
        }
    }

    pub fn move_cursor(&mut self, target: impl Fn(&Column, isize) -> isize, env: &mut Env) {
        let cards = self.cards(env);
        let Some(c) = self.columns.get_mut(self.focus) else {
            return;
        };
        let t = target(c, cards as isize);
        c.move_to(t, cards);
        c.maybe_load_more(cards, env);
    }
}
