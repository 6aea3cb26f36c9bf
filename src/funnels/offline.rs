//! The deal board while the service cannot be reached: a move to another status, an outcome
//! (won, lost, archived, open again) and a delete keep their changes in the outbox and show at
//! once; pages read meanwhile get them laid over again; the replay's steps put the service's
//! copy of the deal in its place. A deal with changes still in the outbox has its later ones
//! join them, online too.

use weeek_api::models::{Deal, WinStatus};
use weeek_api::{ApiError, DealInput};

use super::detail::FunnelDetail;
use super::editor::NewDeal;
use super::moves::Move;
use super::verbs::Verb;
use super::{FunnelAnswer, FunnelKey, FunnelsState, StatusId};
use crate::outbox::sets::SetField;
use crate::outbox::{
    Base, Change, DealField, Entry, Field, Fresh, ItemKind, ItemRef, New, Step, local_key,
};
use crate::screen::ScreenCtx;
use crate::screen::ledger::Kept;
use crate::screen::toast::ToastKind;
use crate::worker::op;

fn title(deal: &Deal) -> String {
    crate::text::quoted_full(deal.title.as_deref().unwrap_or("(untitled deal)"))
}

/// The name a change of `deal` is kept under.
fn name(deal: &Deal) -> String {
    deal.title
        .clone()
        .unwrap_or_else(|| "(untitled deal)".to_string())
}

impl FunnelsState {
    /// Whether a change of deal `id` goes to the outbox: offline, or earlier changes of it are
    /// there still.
    pub(super) fn must_queue(id: &str, cx: &ScreenCtx) -> bool {
        cx.offline.must_queue(&ItemRef::deal(id))
    }

    /// `H` / `L` kept: the deal (shown in `to` already) moves there when the service is back.
    pub(super) fn queue_move(&self, deal: &Deal, from: &str, to: &str, cx: &mut ScreenCtx) {
        cx.queue(
            ItemRef::deal(&deal.id),
            name(deal),
            Change::Set(Field::Deal(DealField::Status(to.to_string()))),
            Base {
                updated_at: deal.updated_at,
                value: Some(Field::Deal(DealField::Status(from.to_string()))),
            },
        );
        let to_name = self
            .detail
            .as_ref()
            .map_or_else(|| format!("status {to}"), |d| d.status_name(to));
        let note = cx.kept_note();
        cx.toast(
            ToastKind::Success,
            format!("Moved {} to {to_name}{note}", title(deal)),
        );
    }

    /// `w` / `W` / `Z` kept: the outcome (shown already) is set when the service is back.
    pub(super) fn queue_outcome(
        &self,
        deal: &Deal,
        from: Option<WinStatus>,
        to: Option<WinStatus>,
        cx: &mut ScreenCtx,
    ) {
        let said = match &to {
            None => "Reopened".to_string(),
            Some(o) => format!("Marked {}:", o.as_str()),
        };
        cx.queue(
            ItemRef::deal(&deal.id),
            name(deal),
            Change::Set(Field::Deal(DealField::Outcome(to))),
            Base {
                updated_at: deal.updated_at,
                value: Some(Field::Deal(DealField::Outcome(from))),
            },
        );
        let note = cx.kept_note();
        cx.toast(ToastKind::Success, format!("{said} {}{note}", title(deal)));
    }

    /// `D` kept: the deal (off the board already) is deleted when the service is back (one
    /// made here and never sent just goes).
    pub(super) fn queue_delete(&self, deal: &Deal, cx: &mut ScreenCtx) {
        let kept = cx.queue_delete(ItemRef::deal(&deal.id), name(deal), deal.updated_at);
        let note = if kept { cx.kept_note() } else { String::new() };
        cx.toast(ToastKind::Success, format!("Deleted {}{note}", title(deal)));
    }

    /// Moves handed over by the ledger (the service out of reach) go to the outbox.
    pub(super) fn keep_moves(&self, kept: Vec<Kept<super::moves::DealMoves>>, cx: &mut ScreenCtx) {
        for (_, _, m) in kept {
            let Move { deal, from, to, .. } = m;
            self.queue_move(&deal, &from, &to, cx);
        }
    }

    /// Verbs handed over by the ledger (the service out of reach) go to the outbox.
    pub(super) fn keep_verbs(&self, kept: Vec<Kept<super::verbs::DealVerbs>>, cx: &mut ScreenCtx) {
        for (id, _, verb) in kept {
            match verb {
                Verb::Outcome { from, to } => {
                    let deal = self.deal_on_board(&id).unwrap_or_else(|| Deal {
                        id: id.clone(),
                        ..Default::default()
                    });
                    self.queue_outcome(&deal, from, to, cx);
                }
                Verb::Delete { deal, .. } => self.queue_delete(&deal, cx),
            }
        }
    }

    fn deal_on_board(&self, id: &str) -> Option<Deal> {
        self.detail
            .as_ref()?
            .columns
            .iter()
            .find_map(|c| c.deals.rows.iter().find(|d| d.id == id).cloned())
    }

    /// The deal form's new deal offline: it gets a local key, shows at the top of its status
    /// and is kept in the outbox; the form closes (its draft goes: the outbox holds it).
    pub(super) fn queue_new_deal(
        &mut self,
        deal: NewDeal,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) {
        let local = cx.offline.new_local(&cx.clock);
        let shown = crate::outbox::deal::shown(
            local_key(local),
            &deal.status_id,
            &deal.input,
            cx.clock.wall,
        );
        cx.queue_sent(
            ItemRef::new_item(ItemKind::Deal, local),
            name(&shown),
            Change::Create(New::Deal {
                status: deal.status_id,
                input: Box::new(deal.input),
            }),
            Base::default(),
            sent,
        );
        if let Some(d) = &mut self.detail {
            d.add_created(shown.clone(), cx);
        }
        self.close_form(cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(
            ToastKind::Success,
            format!("Created {}{note}", title(&shown)),
        );
    }

    /// The deal form's edit of deal `id` when its changes must wait: each field it changes is
    /// kept with the value the board has, and the card shows them.
    pub(super) fn queue_deal_edit(&mut self, id: &str, input: &DealInput, cx: &mut ScreenCtx) {
        let viewed = self
            .detail
            .as_ref()
            .and_then(|d| d.deal.as_ref())
            .filter(|v| v.id == id)
            .and_then(|v| v.deal.value().cloned());
        let deal = self.deal_on_board(id).or(viewed).unwrap_or_else(|| Deal {
            id: id.to_string(),
            ..Default::default()
        });
        let mut after = deal.clone();
        for f in DealField::of_input(input) {
            let base = f.current(&deal);
            f.apply(&mut after);
            cx.queue(
                ItemRef::deal(id),
                name(&deal),
                Change::Set(Field::Deal(f)),
                Base {
                    updated_at: deal.updated_at,
                    value: Some(Field::Deal(base)),
                },
            );
        }
        if let Some(d) = &mut self.detail {
            d.take_fresh(after.clone());
            if let Some(view) = d.deal.as_mut().filter(|v| v.id == id)
                && let Some(shown) = view.deal.value_mut()
            {
                *shown = after.clone();
            }
        }
        self.close_form(cx);
        let note = cx.kept_note();
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, format!("Saved {}{note}", title(&after)));
    }

    /// A step of the replay of a deal: the service's copy takes its place on the board (with
    /// the changes still waiting for it laid over), a deal gone goes.
    pub fn on_replayed(&mut self, step: &Step, cx: &mut ScreenCtx) {
        let Some(d) = &mut self.detail else {
            return;
        };
        match step {
            Step::Sent { entry, fresh }
            | Step::Conflict { entry, fresh }
            | Step::Refused { entry, fresh }
                if entry.item.kind == ItemKind::Deal =>
            {
                // Deleted, there is no copy: it stays off the board.
                if let Some(Fresh::Deal(deal)) = fresh {
                    d.show_fresh((**deal).clone(), cx);
                }
            }
            Step::Created { entry, id, fresh } if entry.item.kind == ItemKind::Deal => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let key = local_key(local);
                let made = match fresh {
                    Some(Fresh::Deal(deal)) => (**deal).clone(),
                    _ => match d.card(&key) {
                        Some(deal) => Deal {
                            id: id.clone(),
                            ..deal.clone()
                        },
                        None => return,
                    },
                };
                d.rekey(&key, &made.id);
                d.show_fresh(made, cx);
            }
            Step::Gone { entries } => {
                for e in entries.iter().filter(|e| e.item.kind == ItemKind::Deal) {
                    d.take_off(&e.item.key(), cx);
                }
            }
            _ => {}
        }
    }

    /// A change of a deal left the outbox unsent (dropped, or theirs taken at a conflict): the
    /// board shows the value before it again, and the deal is read again.
    pub fn on_dropped(&mut self, entry: &Entry, cx: &mut ScreenCtx) {
        if entry.item.kind != ItemKind::Deal {
            return;
        }
        if let (Change::Create(_), Some(d)) = (&entry.change, &mut self.detail) {
            d.take_off(&entry.item.key(), cx);
            return;
        }
        let Some(id) = entry.item.id.clone() else {
            return;
        };
        // As the store does: where the card shows the dropped value, it shows the base again
        // (with the changes still waiting laid over), in its status's column.
        if let (Some(d), Change::Set(Field::Deal(mine)), Some(Field::Deal(base))) =
            (&mut self.detail, &entry.change, &entry.base.value)
            && let Some(card) = d.card(&id).cloned()
            && mine.current(&card).same(mine)
        {
            let mut back = card;
            base.apply(&mut back);
            d.moved.remove(&id);
            d.show_fresh(back, cx);
        }
        cx.request(
            FunnelKey::Outbox(id.clone()),
            op::Deal(id.clone()),
            move |r| FunnelAnswer::Outboxed(id.clone(), r),
        );
    }

    /// Deal `id` as the service has it, read again after a change of it was dropped.
    pub(super) fn on_reread(
        &mut self,
        id: &str,
        result: Result<Box<Deal>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = &mut self.detail else {
            return;
        };
        match result {
            Ok(deal) => d.show_fresh(*deal, cx),
            Err(ApiError::NotFound { .. }) => d.take_off(id, cx),
            // Offline still: the board shows the value before the change.
            Err(_) => {}
        }
    }
}

/// Whether changes of deals wait in the outbox: the service's totals do not count them yet.
pub(super) fn deals_wait(cx: &ScreenCtx) -> bool {
    cx.offline
        .entries()
        .iter()
        .any(|e| e.item.kind == ItemKind::Deal && e.state.pending())
}

impl FunnelDetail {
    /// Lays the changes of the outbox still to reach the service over deals just read: moved
    /// where they will be, their outcomes set, deleted ones off the board.
    pub(super) fn reapply_outbox(&mut self, cx: &ScreenCtx) {
        let pending: Vec<Entry> = cx
            .offline
            .entries()
            .iter()
            .filter(|e| e.item.kind == ItemKind::Deal)
            .filter(|e| e.state.pending())
            .cloned()
            .collect();
        for e in pending {
            self.lay(&e, cx);
        }
    }

    /// The card of deal `id`, wherever it is on the board.
    fn card(&self, id: &str) -> Option<&Deal> {
        self.columns
            .iter()
            .find_map(|c| c.deals.rows.iter().find(|d| d.id == id))
    }

    /// The card of the deal made here under `key` takes the service's id (a page read since
    /// may hold it already: then it is there once).
    fn rekey(&mut self, key: &str, id: &str) {
        let twice = self.card(id).is_some();
        for c in &mut self.columns {
            if twice {
                c.deals.rows.retain(|d| d.id != key);
            } else if let Some(d) = c.deals.rows.iter_mut().find(|d| d.id == key) {
                d.id = id.to_string();
            }
            c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
        }
    }

    fn lay(&mut self, e: &Entry, cx: &ScreenCtx) {
        let key = e.item.key();
        let id = key.as_str();
        let at = e.created_at;
        match &e.change {
            Change::Create(New::Deal { status, input }) if self.card(id).is_none() => {
                let Some(ci) = self.column_index(status) else {
                    return;
                };
                let deal = crate::outbox::deal::shown(id.to_string(), status, input, at);
                let weight = super::totals::Weight::of(&deal, status);
                self.tally.record(id, None, Some(weight));
                self.columns[ci].deals.rows.insert(0, deal);
                self.fix_columns(cx);
            }
            Change::Set(Field::Deal(DealField::Status(to))) => {
                // As a move on its way is laid over a page read before it (`moves`): out of
                // every other column, into its own once.
                let copy = self
                    .columns
                    .iter()
                    .find_map(|c| c.deals.rows.iter().find(|d| d.id == id).cloned())
                    .or_else(|| self.moved.get(id).cloned());
                let Some(mut deal) = copy else {
                    return;
                };
                let target = self.column_index(to);
                for (ci, c) in self.columns.iter_mut().enumerate() {
                    if Some(ci) != target {
                        c.deals.rows.retain(|d| d.id != id);
                    }
                    c.cursor = c.cursor.min(c.deals.rows.len().saturating_sub(1));
                }
                // In the totals too, from the status it was made on (as a move online).
                if let Some(Field::Deal(DealField::Status(from))) = &e.base.value {
                    let weight = |status: &str| super::totals::Weight::of(&deal, status);
                    self.tally.record(id, Some(weight(from)), Some(weight(to)));
                }
                if let Some(ci) = target
                    && !self.columns[ci].deals.rows.iter().any(|d| d.id == id)
                {
                    deal.status_id = Some(to.clone());
                    self.columns[ci].deals.rows.insert(0, deal.clone());
                }
                self.moved.insert(id.to_string(), deal);
                self.fix_columns(cx);
            }
            Change::Set(Field::Deal(DealField::Outcome(o))) => self.set_outcome(id, o.clone()),
            Change::Set(Field::Deal(f)) => {
                for c in &mut self.columns {
                    for d in c.deals.rows.iter_mut().filter(|d| d.id == id) {
                        f.apply(d);
                    }
                }
            }
            Change::Delete
                if self
                    .columns
                    .iter()
                    .any(|c| c.deals.rows.iter().any(|d| d.id == id)) =>
            {
                self.take_off(id, cx);
            }
            _ => {}
        }
    }

    /// The service's copy of `deal`, with the changes of it still waiting laid over, in its
    /// status's column.
    fn show_fresh(&mut self, mut deal: Deal, cx: &ScreenCtx) {
        let item = ItemRef::deal(&deal.id);
        for e in cx.offline.entries() {
            if e.state.pending()
                && e.item.same_item(&item)
                && let Change::Set(Field::Deal(f)) = &e.change
            {
                f.apply(&mut deal);
            }
        }
        let id = deal.id.clone();
        let Some((ci, at)) = self.columns.iter().enumerate().find_map(|(ci, c)| {
            c.deals
                .rows
                .iter()
                .position(|d| d.id == id)
                .map(|p| (ci, p))
        }) else {
            return;
        };
        self.columns[ci].deals.rows[at] = deal.clone();
        let status: Option<StatusId> = deal.status_id.clone();
        match status.and_then(|s| self.column_index(&s)) {
            Some(to) if to != ci => {
                self.relocate(&id, to, 0);
            }
            Some(_) => {}
            None => self.take_off(&id, cx),
        }
        if let Some(view) = &mut self.deal
            && view.id == id
            && let Some(d) = view.deal.value_mut()
        {
            *d = deal;
        }
        self.fix_columns(cx);
    }
}
