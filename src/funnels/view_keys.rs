//! The keys of the funnels screen with no layer over it: the list of funnels, the open
//! funnel's board (the overview beside or over it), and one deal over the board. A search box
//! leaves them what it does not take (arrows move the cursor). Clicks, too.

use weeek_api::models::WinStatus;

use super::FunnelsState;
use super::detail::FunnelDetail;
use super::layer::Layer;
use crate::keys::commands::Action;
use crate::layout::funnels::InfoPlace;
use crate::screen::toast::ToastKind;
use crate::screen::{ScreenCtx, Target};
use crate::widgets::scroll;

impl FunnelsState {
    fn open_current(&mut self, cx: &mut ScreenCtx) {
        if let Some(f) = self.list.current().cloned() {
            // The list's search box stays with the list: the search it applies is kept.
            self.layers.retain(|l| !matches!(l, Layer::ListSearch(_)));
            let moving = !self.moves.is_idle() || !self.verbs.is_idle();
            self.detail = Some(FunnelDetail::open(&f, self.list.cached, moving, cx));
        }
    }

    pub(super) fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let l = &mut self.list;
        let page = cx.viewport.funnels.list_rows;
        if let Some(to) = scroll::target(action, l.cursor, l.visible.len(), page) {
            l.move_to(to, cx);
            return true;
        }
        match action {
            Action::Search => self.layers.push(Layer::ListSearch(l.search_box())),
            Action::Open => self.open_current(cx),
            Action::Refresh => self.reload_list(cx),
            Action::NewFunnel => self.open_new_funnel(),
            Action::Rename => self.open_rename_funnel(),
            Action::Delete => self.ask_delete_funnel(),
            Action::Back if !l.query.is_empty() => {
                l.query.clear();
                l.refilter();
                l.fix_scroll(cx);
            }
            _ => return false,
        }
        true
    }

    pub(super) fn deal_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let editing = self.edited_deal();
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
            Action::Back => d.close_deal(editing.as_deref(), cx),
            Action::Open => self.open_linked_task(cx),
            Action::NextItem => self.step_task(1, cx),
            Action::PrevItem => self.step_task(-1, cx),
            Action::NewTask => self.open_task_prompt(),
            Action::OpenLink => self.open_links(cx),
            Action::Delete => self.ask_detach(cx),
            Action::Refresh => {
                self.lookups.invalidate();
                self.lookups.ensure(cx);
                d.reload(!self.moves.is_idle() || !self.verbs.is_idle(), cx);
            }
            _ => return false,
        }
        true
    }

    pub(super) fn detail_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
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
            Action::Bottom => d.go_to_end(cx),
            Action::PageDown => d.move_cursor(|c, n| c.cursor as isize + n, cx),
            Action::PageUp => d.move_cursor(|c, n| c.cursor as isize - n, cx),
            Action::HalfDown => d.move_cursor(|c, n| c.cursor as isize + (n / 2).max(1), cx),
            Action::HalfUp => d.move_cursor(|c, n| c.cursor as isize - (n / 2).max(1), cx),
            Action::Left | Action::PrevStatus => d.focus_column(d.focus as isize - 1, cx),
            Action::Right | Action::NextStatus => d.focus_column(d.focus as isize + 1, cx),
            Action::NewDeal => self.open_form(false, cx),
            Action::EditDeal => self.open_form(true, cx),
            Action::Search => self.layers.push(Layer::DealSearch(d.search_box())),
            Action::Filter => {
                self.lookups.ensure(cx);
                let picker = d.filter_picker(cx.names, &self.lookups);
                self.layers.push(Layer::BoardPicker(picker));
            }
            Action::Sort => self.layers.push(Layer::BoardPicker(d.sort_picker())),
            Action::MarkWon => self.set_outcome(WinStatus::Won, cx),
            Action::MarkLost => self.set_outcome(WinStatus::Lost, cx),
            Action::Archive => self.set_outcome(WinStatus::Archived, cx),
            Action::Delete => self.ask_delete(),
            Action::NewStatus => self.open_new_status(),
            Action::RenameStatus => self.open_rename_status(),
            Action::DeleteStatus => self.ask_delete_status(),
            Action::MoveStatusLeft => self.move_status(-1, cx),
            Action::MoveStatusRight => self.move_status(1, cx),
            Action::MovePrev => self.move_deal(-1, cx),
            Action::MoveNext => self.move_deal(1, cx),
            Action::Open => {
                let links = d
                    .current_deal()
                    .is_some_and(|x| !x.contacts.is_empty() || !x.organizations.is_empty());
                // The deal goes over the board: the search box closes, its search kept.
                self.layers.retain(|l| !matches!(l, Layer::DealSearch(_)));
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
            Action::Refresh => d.reload(!self.moves.is_idle() || !self.verbs.is_idle(), cx),
            Action::Back if d.stop_going_to_end() => {}
            Action::Back => {
                let id = d.id.clone();
                d.close(cx);
                self.detail = None;
                self.layers.close_board_layers();
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

    /// A click on a funnel row selects it; on a column it focuses the column, and on a card
    /// it puts the cursor there too.
    pub(super) fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        // A form, a question or a prompt holds the mouse too until it closes.
        if self.layers.any(|l| {
            matches!(
                l,
                Layer::Ask(_)
                    | Layer::Form(_)
                    | Layer::FormPicker(_)
                    | Layer::TaskPrompt(_)
                    | Layer::NamePrompt(_)
                    | Layer::Currency(_)
            )
        }) {
            return false;
        }
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
