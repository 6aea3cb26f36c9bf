//! The CRM funnels screen: the list of funnels, then one funnel in detail with the board of
//! its deals by status. Keys are routed here; loading, paging and moves live in the modules.

pub mod board;
pub mod detail;
pub mod format;
pub mod list;
pub mod lookups;
pub mod moves;
#[cfg(test)]
mod tests;

use crate::app::commands::{Action, Context};
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::app::{ScreenCtx, Target};
use crate::layout::Viewport;
use crate::layout::funnels::InfoPlace;
use crate::widgets::scroll;
use crate::worker::{Answer, Call};
use detail::FunnelDetail;
use list::FunnelList;
use lookups::Lookups;
use moves::DealMoves;

use crate::app::ledger::Ledger;

/// A deal status's id.
pub type StatusId = String;

/// The requests of the funnels screen. Those of the open funnel (its fields, statuses, deals
/// and the open deal) concern whichever funnel is open.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum FunnelKey {
    /// The list of funnels.
    List,
    /// The open funnel's fields.
    Funnel,
    /// The open funnel's statuses.
    Statuses,
    /// A page of the deals in a status.
    Deals(StatusId),
    /// The deal open over the board.
    Deal,
    /// A move of a deal (or the read-back of one whose answer was lost), by its number.
    Move(u64),
    /// Organization names for the deal view.
    Orgs,
    /// Contact names for the deal view.
    Contacts,
}

#[derive(Debug, Default)]
pub struct FunnelsState {
    pub list: FunnelList,
    /// The open funnel; `None` shows the list.
    pub detail: Option<FunnelDetail>,
    pub lookups: Lookups,
    /// Deal moves on their way, whichever funnel is open.
    pub moves: Ledger<DealMoves>,
}

impl FunnelsState {
    pub fn reload_list(&mut self, cx: &mut ScreenCtx) {
        self.list.funnels.start();
        cx.request(FunnelKey::List, Call::Funnels);
    }

    fn open_current(&mut self, cx: &mut ScreenCtx) {
        if let Some(f) = self.list.current().cloned() {
            let moving = !self.moves.is_idle();
            self.detail = Some(FunnelDetail::open(&f, moving, cx));
        }
    }

    /// Where the overview is drawn now.
    pub fn info_place(&self, viewport: &Viewport) -> InfoPlace {
        match &self.detail {
            Some(d) => viewport.funnels.info_place(d.info),
            None => InfoPlace::Hidden,
        }
    }

    fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let l = &mut self.list;
        let page = cx.viewport.funnels.list_rows;
        if let Some(to) = scroll::target(action, l.cursor, l.visible.len(), page) {
            l.move_to(to, cx);
            return true;
        }
        match action {
            Action::Search => l.open_search(),
            Action::Open => self.open_current(cx),
            Action::Refresh => self.reload_list(cx),
            Action::Back if !l.query.is_empty() => {
                l.query.clear();
                l.refilter();
                l.fix_scroll(cx);
            }
            _ => return false,
        }
        true
    }

    fn deal_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(d) = &mut self.detail else {
            return false;
        };
        let Some(view) = &mut d.deal else {
            return false;
        };
        let page = cx.viewport.funnels.deal_lines;
        match action {
            Action::Down => view.scroll = view.scroll.saturating_add(1),
            Action::Up => view.scroll = view.scroll.saturating_sub(1),
            Action::PageDown | Action::HalfDown => view.scroll = view.scroll.saturating_add(page),
            Action::PageUp | Action::HalfUp => view.scroll = view.scroll.saturating_sub(page),
            Action::Top => view.scroll = 0,
            Action::Back | Action::Open => d.close_deal(cx),
            Action::Refresh => {
                self.lookups.invalidate();
                self.lookups.ensure(cx);
                d.reload(!self.moves.is_idle(), cx);
            }
            _ => return false,
        }
        true
    }

    fn detail_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let full_info = self.info_place(&cx.viewport) == InfoPlace::Full;
        let Some(d) = &mut self.detail else {
            return false;
        };
        if full_info {
            let page = cx.viewport.funnels.overview_lines;
            match action {
                Action::Down => d.info_scroll = d.info_scroll.saturating_add(1),
                Action::Up => d.info_scroll = d.info_scroll.saturating_sub(1),
                Action::PageDown | Action::HalfDown => {
                    d.info_scroll = d.info_scroll.saturating_add(page)
                }
                Action::PageUp | Action::HalfUp => {
                    d.info_scroll = d.info_scroll.saturating_sub(page)
                }
                Action::Top => d.info_scroll = 0,
                Action::Back => {
                    d.info = Some(InfoPlace::Hidden);
                    d.fix_columns(cx);
                }
                _ => {}
            }
            if matches!(
                action,
                Action::Down
                    | Action::Up
                    | Action::PageDown
                    | Action::HalfDown
                    | Action::PageUp
                    | Action::HalfUp
                    | Action::Top
                    | Action::Back
            ) {
                return true;
            }
            // The board is out of sight: its keys must not change what cannot be seen.
            if matches!(
                action,
                Action::Bottom
                    | Action::Left
                    | Action::Right
                    | Action::PrevStatus
                    | Action::NextStatus
                    | Action::MovePrev
                    | Action::MoveNext
                    | Action::Open
            ) {
                let show = cx.keys.then_say("funnel.overview", "shows it");
                let text = format!("The board is hidden behind the overview{show}");
                if !cx.toasts.visible().iter().any(|t| t.text == text) {
                    cx.toast(ToastKind::Info, text);
                }
                return true;
            }
        }
        match action {
            Action::Down => d.move_cursor(|c, _| c.cursor as isize + 1, cx),
            Action::Up => d.move_cursor(|c, _| c.cursor as isize - 1, cx),
            Action::Top => d.move_cursor(|_, _| 0, cx),
            Action::Bottom => d.move_cursor(|c, _| c.deals.rows.len() as isize - 1, cx),
            Action::PageDown => d.move_cursor(|c, n| c.cursor as isize + n, cx),
            Action::PageUp => d.move_cursor(|c, n| c.cursor as isize - n, cx),
            Action::HalfDown => d.move_cursor(|c, n| c.cursor as isize + (n / 2).max(1), cx),
            Action::HalfUp => d.move_cursor(|c, n| c.cursor as isize - (n / 2).max(1), cx),
            Action::Left | Action::PrevStatus => d.focus_column(d.focus as isize - 1, cx),
            Action::Right | Action::NextStatus => d.focus_column(d.focus as isize + 1, cx),
            Action::MovePrev => self.move_deal(-1, cx),
            Action::MoveNext => self.move_deal(1, cx),
            Action::Open => {
                let links = d
                    .current_deal()
                    .is_some_and(|x| !x.contacts.is_empty() || !x.organizations.is_empty());
                if d.open_deal(cx) && links {
                    self.lookups.ensure(cx);
                }
            }
            Action::ToggleDetail => {
                let view = &cx.viewport.funnels;
                d.info = Some(view.next_info_place(view.info_place(d.info)));
                d.info_scroll = 0;
                d.fix_columns(cx);
            }
            Action::Refresh => d.reload(!self.moves.is_idle(), cx),
            Action::Back => {
                let id = d.id.clone();
                d.close(cx);
                self.detail = None;
                // Counts and amounts may have changed while the funnel was open.
                self.reload_list(cx);
                if let Some(pos) = self.list.position(&id) {
                    self.list.cursor = pos;
                    self.list.fix_scroll(cx);
                }
            }
            _ => return false,
        }
        true
    }

    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, key: FunnelKey, answer: Answer, cx: &mut ScreenCtx) {
        use Answer as A;
        match (key, answer) {
            (FunnelKey::List, A::Funnels(result)) => {
                self.list.on_loaded(result);
                self.list.fix_scroll(cx);
            }
            (FunnelKey::Orgs, A::Organizations(result)) => self.lookups.on_orgs(result, cx),
            (FunnelKey::Contacts, A::Contacts(result)) => self.lookups.on_contacts(result, cx),
            (FunnelKey::Move(n), A::MovedDeal(result)) => self.on_move_reply(n, result, cx),
            (FunnelKey::Move(n), A::Deal(result)) => {
                self.on_move_read_back(n, result.map(|d| *d), cx)
            }
            (key, answer) => {
                let Some(d) = &mut self.detail else {
                    return;
                };
                match (key, answer) {
                    (FunnelKey::Funnel, A::Funnel(result)) => d.on_funnel(result.map(|f| *f)),
                    (FunnelKey::Statuses, A::FunnelStatuses(result)) => {
                        d.on_statuses(result, &self.moves, cx)
                    }
                    (FunnelKey::Deal, A::Deal(result)) => d.on_deal(result.map(|d| *d)),
                    (FunnelKey::Deals(status), A::DealPage(result)) => {
                        d.on_deals(&status, result, &self.moves, cx)
                    }
                    // Each key is asked with one kind of call (see where it is asked): no
                    // other pair arrives.
                    _ => {}
                }
            }
        }
    }

    /// A click on a funnel row selects it; on a column it focuses the column, and on a card
    /// it puts the cursor there too.
    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        match (&mut self.detail, target) {
            (None, Target::Funnel(idx)) if idx < self.list.visible.len() => {
                self.list.move_to(idx as isize, cx);
                true
            }
            (Some(d), Target::Column(column)) if d.deal.is_none() => d.click(column, None, cx),
            (Some(d), Target::Card { column, deal }) if d.deal.is_none() => {
                d.click(column, Some(deal), cx)
            }
            _ => false,
        }
    }
}

impl ScreenState for FunnelsState {
    fn contexts(&self) -> Vec<Context> {
        match &self.detail {
            Some(d) if d.deal.is_some() => vec![Context::Deal, Context::List],
            Some(_) => vec![Context::Funnel, Context::List],
            None if self.list.search.is_some() => vec![
                Context::FunnelSearch,
                Context::Text,
                Context::Funnels,
                Context::List,
            ],
            None => vec![Context::Funnels, Context::List],
        }
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Funnels,
            Context::FunnelSearch,
            Context::Funnel,
            Context::Deal,
            Context::List,
            Context::Text,
        ]
    }

    fn keyboard_taken(&self) -> bool {
        self.detail.is_none() && self.list.search.is_some()
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        if matches!(self.list.funnels, crate::app::loadable::Loadable::NotAsked) {
            self.reload_list(cx);
        }
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.detail.is_some() {
            return false;
        }
        let changed = self.list.search_char(c);
        self.list.fix_scroll(cx);
        changed
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match &self.detail {
            Some(d) if d.deal.is_some() => self.deal_action(action, cx),
            Some(_) => self.detail_action(action, cx),
            None if self.list.search_action(action) => {
                self.list.fix_scroll(cx);
                true
            }
            None => self.list_action(action, cx),
        }
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.detail.is_some() {
            return false;
        }
        let used = self.list.paste(text);
        if used {
            self.list.fix_scroll(cx);
        }
        used
    }

    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        FunnelsState::on_click(self, target, cx)
    }

    fn on_resize(&mut self, cx: &mut ScreenCtx) {
        self.list.fix_scroll(cx);
        if let Some(d) = &mut self.detail {
            d.fix_columns(cx);
        }
    }

    fn footer_note(&self) -> Option<String> {
        let moving = self.moves.unsettled();
        (moving > 0).then(|| format!("moving {moving}…"))
    }
}
