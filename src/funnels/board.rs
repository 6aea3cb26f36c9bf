//! The deals board: one column per status, each loading and paging on its own, so one slow
//! or failing status never holds up or breaks the others (the cursor and paging bookkeeping
//! is the shared card column's, `screen::card_column`).

use weeek_api::models::Deal;
use weeek_api::{ApiError, DealPage, DealQuery};

use crate::screen::ScreenCtx;
use crate::screen::card_column;
use crate::screen::loadable::Paged;
use crate::worker::op;

use super::query::DealFilter;
use super::{FunnelAnswer, FunnelKey};

/// Deals per request; small enough that a long status pages, large enough for a screenful.
pub const PAGE_SIZE: u32 = 20;
/// The largest page the service gives; a refresh reloads what was already paged in, up to it.
pub const MAX_PAGE: u32 = 100;

#[derive(Debug, Clone, Default)]
pub struct Column {
    pub status_id: String,
    pub deals: Paged<Deal>,
    pub cursor: usize,
    pub scroll: usize,
    /// `G` is loading every remaining page, to go to the last deal once the last one is in.
    pub to_end: bool,
    /// Deals the service sent that the board's filter left out (see `DealFilter::keeps`):
    /// the next page starts after them.
    pub left_out: u32,
    /// Some of the deals are the local store's copy, read from the service then (the oldest
    /// such read), until the service's answer replaces them.
    pub cached: Option<time::OffsetDateTime>,
    /// The column's first read, with the store's copy first, is on its way: the statuses
    /// read along with it leave it to come rather than ask for it again.
    pub opening: bool,
}

impl Column {
    pub fn new(status_id: impl Into<String>) -> Self {
        Self {
            status_id: status_id.into(),
            ..Default::default()
        }
    }

    pub fn is_loading(&self) -> bool {
        self.deals.is_loading()
    }

    pub fn error(&self) -> Option<&ApiError> {
        self.deals.error()
    }

    pub fn current(&self) -> Option<&Deal> {
        self.deals.rows.get(self.cursor)
    }

    /// (Re)loads from the top, keeping the deals on screen until the answer comes. As many
    /// deals as were paged in come back, so a refresh does not fold a long column up.
    pub fn reload(&mut self, filter: &DealFilter, cx: &mut ScreenCtx) {
        let loaded = u32::try_from(self.deals.rows.len())
            .unwrap_or(u32::MAX)
            .saturating_add(self.left_out);
        let limit = loaded.clamp(PAGE_SIZE, MAX_PAGE);
        self.deals.start(false);
        self.opening = false;
        self.request_page(filter.query(limit, 0), false, cx);
    }

    /// The first read of a column with nothing on screen yet: the store's copy shows first.
    pub fn open(&mut self, filter: &DealFilter, cx: &mut ScreenCtx) {
        self.deals.start(false);
        self.opening = true;
        self.request_page(filter.query(PAGE_SIZE, 0), true, cx);
    }

    /// Reads the column: for the first time (see [`Column::open`]), else again in place.
    pub fn read(&mut self, filter: &DealFilter, cx: &mut ScreenCtx) {
        if self.deals.loaded_once {
            self.reload(filter, cx);
        } else {
            self.open(filter, cx);
        }
    }

    /// Fetches the next page once the cursor is within a screenful of the end.
    pub fn maybe_load_more(&mut self, cards: usize, filter: &DealFilter, cx: &mut ScreenCtx) {
        if !self.deals.wants_more(self.cursor, cards) {
            return;
        }
        let offset = u32::try_from(self.deals.rows.len())
            .unwrap_or(u32::MAX)
            .saturating_add(self.left_out);
        self.deals.start(true);
        // A page not on screen yet: the store's copy may show until the service's comes.
        self.request_page(filter.query(PAGE_SIZE, offset), true, cx);
    }

    /// Asks for the page of the column's deals that `query` says; `cached`: the store's copy
    /// answers first.
    pub(super) fn request_page(&self, query: DealQuery, cached: bool, cx: &mut ScreenCtx) {
        let status = self.status_id.clone();
        let key = FunnelKey::Deals(status.clone());
        let call = op::Deals(status.clone(), Box::new(query));
        let answer = move |r| FunnelAnswer::Deals(status.clone(), r);
        if cached {
            cx.request_cached(key, call, answer);
        } else {
            cx.request(key, call, answer);
        }
    }

    /// The store's copy of the page asked for, less the deals `keeps` leaves out: shown while
    /// the column waits for the service's answer, which replaces it in place. Nothing else
    /// is done on its word: the deals left out and `G` wait for the service.
    pub fn on_stored_page(
        &mut self,
        page: DealPage,
        read_at: time::OffsetDateTime,
        keeps: impl Fn(&Deal) -> bool,
    ) {
        let kept: Vec<Deal> = page.deals.into_iter().filter(|d| keeps(d)).collect();
        self.deals
            .show_stored(kept, page.has_more, &mut self.cursor, |d| d.id.clone());
        self.cached = Some(self.cached.map_or(read_at, |c| c.min(read_at)));
    }

    /// Applies a page, less the deals `keeps` leaves out. Returns the error, if any, for the
    /// caller to report.
    pub fn on_page(
        &mut self,
        result: Result<DealPage, ApiError>,
        keeps: impl Fn(&Deal) -> bool,
    ) -> Option<ApiError> {
        self.opening = false;
        if result.is_ok() {
            // The service's page replaces the store's (a first page all of them, a next
            // page its own, the first one being the service's by then).
            self.cached = None;
        }
        let more = matches!(
            self.deals.status,
            crate::screen::loadable::PageStatus::Loading { more: true }
        );
        let page = result.map(|p| {
            let sent = p.deals.len();
            let kept: Vec<Deal> = p.deals.into_iter().filter(|d| keeps(d)).collect();
            let out = u32::try_from(sent - kept.len()).unwrap_or(u32::MAX);
            self.left_out = if more {
                self.left_out.saturating_add(out)
            } else {
                out
            };
            (kept, p.has_more)
        });
        card_column::on_page(
            &mut self.deals,
            &mut self.cursor,
            &mut self.to_end,
            page,
            |d| d.id.clone(),
        )
        .err()
    }

    /// `G`: the last deal of the status, loading the pages after the loaded ones first (the
    /// cursor follows each page, so the way there shows).
    pub fn go_to_end(&mut self, cards: usize, filter: &DealFilter, cx: &mut ScreenCtx) {
        self.move_to(self.deals.rows.len() as isize - 1, cards);
        self.to_end = self.deals.has_more;
        self.maybe_load_more(cards, filter, cx);
    }

    pub fn move_to(&mut self, target: isize, cards: usize) {
        card_column::move_to(
            &self.deals,
            &mut self.cursor,
            &mut self.scroll,
            target,
            cards,
        );
    }

    /// Keeps the cursor card in view, and the line after the last card when there is one.
    pub fn fix_scroll(&mut self, cards: usize) {
        self.scroll = card_column::fix_scroll(&self.deals, self.cursor, self.scroll, cards);
    }
}
