//! The deals of the organization read in full. The service lists deals one status at a time
//! (`GET /crm/statuses/{id}/deals`, which filters by `organizations[]`), so the funnels are
//! read, then each funnel's statuses, then each status is asked for this organization's
//! deals, all side by side; the section fills in as the answers come.
//!
//! The first reading of an organization shows the store's copy of each step at once, marked
//! cached, the service's answers replacing it status by status; nothing is asked twice when
//! both answer. Read again (`r`, a refresh), the deals shown stay until the service's answers
//! replace them, and those of statuses or funnels the service no longer lists go.

use std::collections::{BTreeMap, HashSet};

use weeek_api::models::{Deal, Funnel, FunnelStatus};
use weeek_api::{ApiError, DealPage, DealQuery};

use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::amounts;
use crate::outbox::{Change, DealField, Field, ItemKind, ItemRef, New};
use crate::screen::ScreenCtx;
use crate::worker::op;

/// Deals read per status: an organization rarely has more in one status; more are counted.
const PER_STATUS: u32 = 50;

/// One read of the section, as its service's answer is awaited.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Read {
    Funnels,
    /// The statuses of a funnel, by its number.
    Statuses(u32),
    /// The deals in a status, by its number.
    Deals(u32),
}

/// The deals of one status, as last read.
#[derive(Debug, Clone)]
struct StatusDeals {
    deals: Vec<Deal>,
    more: bool,
    /// The store's copy, read from the service then, until the service's answer replaces it.
    cached: Option<time::OffsetDateTime>,
}

#[derive(Debug, Default)]
pub struct OrgDeals {
    /// The organization whose deals these are.
    org: Option<String>,
    /// Numbers each reading of them (the first, then each `r` or refresh), so that answers
    /// for an earlier one, or for an organization viewed before, are dropped.
    generation: u32,
    /// This reading is the organization's first: the store's copy of each step shows first.
    first: bool,
    /// The funnels and the statuses by the numbers their reads go by (`OrgKey`): a number,
    /// once given, names the same one for as long as the organization is in view.
    funnel_ids: Vec<String>,
    status_ids: Vec<String>,
    funnels: BTreeMap<u32, Funnel>,
    /// Each status, with the number of its funnel.
    statuses: BTreeMap<u32, (u32, FunnelStatus)>,
    /// The deals shown, by status number.
    found: BTreeMap<u32, StatusDeals>,
    /// The reads this reading sent; those whose service's answer is still awaited.
    asked: HashSet<Read>,
    waiting: HashSet<Read>,
    pub rows: Vec<DealRow>,
    /// Statuses that hold more than were read.
    more: bool,
    pub failed: Option<String>,
}

/// One deal as the organization's detail lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct DealRow {
    pub title: String,
    pub amount: String,
    /// "Funnel › Status".
    pub place: String,
    /// "queued", "conflict" or "refused" while the outbox holds changes of it.
    pub mark: Option<&'static str>,
}

impl OrgDeals {
    /// What the section says besides its rows: reading, nothing, a failure, more not read.
    pub fn note(&self) -> Option<String> {
        if let Some(why) = &self.failed {
            return Some(format!("could not be read: {why}"));
        }
        if !self.waiting.is_empty() {
            return Some(format!("reading… {} so far", self.rows.len()));
        }
        if self.rows.is_empty() {
            return Some("none".into());
        }
        self.more
            .then(|| "more in some statuses: see them on the funnels screen".into())
    }

    /// Lines the section takes in the detail.
    pub fn lines(&self) -> usize {
        self.rows.len() + usize::from(self.note().is_some())
    }

    /// When the oldest of the store's copies shown was read; `None` when all is the service's.
    pub fn cached_since(&self) -> Option<time::OffsetDateTime> {
        self.found.values().filter_map(|s| s.cached).min()
    }

    /// The number that names `id` in `ids`, given now if it has none yet.
    fn number(ids: &mut Vec<String>, id: &str) -> u32 {
        let at = ids.iter().position(|i| i == id).unwrap_or_else(|| {
            ids.push(id.to_string());
            ids.len() - 1
        });
        u32::try_from(at).unwrap_or(u32::MAX)
    }

    /// Whether read `read` is to be sent: not yet in this reading. It is then awaited.
    fn ask(&mut self, read: Read) -> bool {
        if !self.asked.insert(read) {
            return false;
        }
        self.waiting.insert(read);
        true
    }

    /// The deals of status `n` are no longer shown, nor awaited (the service no longer lists
    /// it, or its funnel).
    fn drop_status(&mut self, n: u32, cx: &mut ScreenCtx) {
        self.found.remove(&n);
        self.statuses.remove(&n);
        if self.waiting.remove(&Read::Deals(n)) {
            cx.cancel(OrgKey::StatusDeals(self.generation, n));
        }
    }

    /// The rows, from the deals of every status with the changes of the outbox still to
    /// reach the service laid over them (moved, changed, deleted, made here): the same order
    /// whichever status answered first.
    pub(super) fn rebuild(&mut self, cx: &ScreenCtx) {
        let mut deals: Vec<(u32, Deal)> = self
            .found
            .iter()
            .flat_map(|(n, s)| s.deals.iter().map(|d| (*n, d.clone())))
            .collect();
        self.lay_outbox(&mut deals, cx);
        self.rows = deals
            .iter()
            .filter_map(|(n, deal)| {
                let (funnel, status) = self.statuses.get(n)?;
                let mut r = row(deal, self.funnels.get(funnel), status, cx);
                r.mark = cx.offline.mark(&ItemRef::deal(&deal.id));
                Some(r)
            })
            .collect();
        self.rows
            .sort_by(|a, b| a.place.cmp(&b.place).then_with(|| a.title.cmp(&b.title)));
        self.more = self.found.values().any(|s| s.more);
    }

    /// The number of status `id`, when it is one of the statuses read.
    fn status_number(&self, id: &str) -> Option<u32> {
        let at = self.status_ids.iter().position(|s| s == id)?;
        let n = u32::try_from(at).ok()?;
        self.statuses.contains_key(&n).then_some(n)
    }

    fn lay_outbox(&self, deals: &mut Vec<(u32, Deal)>, cx: &ScreenCtx) {
        let Some(org) = &self.org else {
            return;
        };
        let pending = cx
            .offline
            .entries()
            .iter()
            .filter(|e| e.item.kind == ItemKind::Deal && e.state.pending());
        for e in pending {
            let key = e.item.key();
            match &e.change {
                Change::Create(New::Deal { status, input }) => {
                    let ours = input
                        .organizations
                        .as_ref()
                        .is_some_and(|o| o.contains(org));
                    if let (true, Some(n)) = (ours, self.status_number(status))
                        && deals.iter().all(|(_, d)| d.id != key)
                    {
                        let deal = crate::outbox::deal::shown(key, status, input, e.created_at);
                        deals.push((n, deal));
                    }
                }
                Change::Set(Field::Deal(DealField::Status(to))) => {
                    let n = self.status_number(to);
                    deals.retain(|(_, d)| d.id != key || n.is_some());
                    for (at, d) in deals.iter_mut().filter(|(_, d)| d.id == key) {
                        if let Some(n) = n {
                            *at = n;
                        }
                        d.status_id = Some(to.clone());
                    }
                }
                Change::Set(Field::Deal(DealField::Organizations(list))) if !list.contains(org) => {
                    deals.retain(|(_, d)| d.id != key);
                }
                Change::Set(Field::Deal(f)) => {
                    for (_, d) in deals.iter_mut().filter(|(_, d)| d.id == key) {
                        f.apply(d);
                    }
                }
                Change::Delete => deals.retain(|(_, d)| d.id != key),
                _ => {}
            }
        }
    }
}

/// A deal as the section lists it, in `funnel` and `status`.
fn row(deal: &Deal, funnel: Option<&Funnel>, status: &FunnelStatus, cx: &ScreenCtx) -> DealRow {
    let mark = funnel
        .and_then(|f| f.currency_id)
        .map(|c| amounts::currency_mark(cx.names, c))
        .unwrap_or_default();
    DealRow {
        title: deal.title.clone().unwrap_or_else(|| "(untitled)".into()),
        amount: amounts::money(deal.amount, &mark),
        place: format!(
            "{} › {}",
            funnel.and_then(|f| f.name.as_deref()).unwrap_or("–"),
            status.name.as_deref().unwrap_or("–")
        ),
        mark: None,
    }
}

/// Sends a read of the section: `cached`, the store's copy answers first.
fn send<O: crate::worker::Op>(
    cached: bool,
    key: OrgKey,
    call: O,
    answer: impl Fn(O::Output) -> OrgAnswer + Send + Sync + 'static,
    cx: &mut ScreenCtx,
) {
    if cached {
        cx.request_cached(key, call, answer);
    } else {
        cx.request(key, call, answer);
    }
}

impl OrgDeals {
    fn read_funnels(&mut self, cx: &mut ScreenCtx) {
        if self.ask(Read::Funnels) {
            let g = self.generation;
            let answer = move |r| OrgAnswer::DealFunnels(g, r);
            send(self.first, OrgKey::DealFunnels(g), op::Funnels, answer, cx);
        }
    }

    fn read_statuses(&mut self, n: u32, cx: &mut ScreenCtx) {
        let Some(id) = self.funnel_ids.get(n as usize).cloned() else {
            return;
        };
        if self.ask(Read::Statuses(n)) {
            let g = self.generation;
            let answer = move |r| OrgAnswer::DealStatuses(g, n, r);
            let call = op::FunnelStatuses(id);
            send(self.first, OrgKey::DealStatuses(g, n), call, answer, cx);
        }
    }

    fn read_deals(&mut self, n: u32, cx: &mut ScreenCtx) {
        let (Some(org), Some(id)) = (self.org.clone(), self.status_ids.get(n as usize).cloned())
        else {
            return;
        };
        if self.ask(Read::Deals(n)) {
            let g = self.generation;
            let query = DealQuery {
                organizations: vec![org],
                limit: Some(PER_STATUS),
                ..DealQuery::default()
            };
            let answer = move |r| OrgAnswer::StatusDeals(g, n, r);
            let call = op::Deals(id, Box::new(query));
            send(self.first, OrgKey::StatusDeals(g, n), call, answer, cx);
        }
    }

    /// The key read `read` of this reading goes by.
    fn key(&self, read: Read) -> OrgKey {
        let g = self.generation;
        match read {
            Read::Funnels => OrgKey::DealFunnels(g),
            Read::Statuses(n) => OrgKey::DealStatuses(g, n),
            Read::Deals(n) => OrgKey::StatusDeals(g, n),
        }
    }

    /// The service's answer to `read` came (`stored`: no, the store's copy): it is no longer
    /// awaited; a failure is said in the section (what was shown stays).
    fn answered<T>(&mut self, read: Read, stored: bool, result: Result<T, ApiError>) -> Option<T> {
        if !stored {
            self.waiting.remove(&read);
        }
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                if !stored {
                    self.failed.get_or_insert(e.short());
                }
                None
            }
        }
    }
}

impl OrganizationsState {
    /// Starts reading the deals of the organization in view, unless they are read or being
    /// read; nothing when none is in view.
    pub fn ensure_deals(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.layers.viewing().map(|o| o.id.clone()) else {
            return;
        };
        if self.deals.org.as_deref() == Some(&id) {
            // What the outbox changed since shows.
            self.deals.rebuild(cx);
            return;
        }
        for read in std::mem::take(&mut self.deals.waiting) {
            cx.cancel(self.deals.key(read));
        }
        let made_here = crate::outbox::local_of(&id).is_some();
        self.deals = OrgDeals {
            org: Some(id),
            generation: self.deals.generation.wrapping_add(1),
            first: true,
            ..OrgDeals::default()
        };
        if made_here {
            // The service has no deals of an organization it has not made yet: only those
            // the outbox names it in.
            self.deals.rebuild(cx);
            return;
        }
        self.deals.read_funnels(cx);
    }

    /// Reads them again (`r`, a refresh), in place: the deals shown stay until the service's
    /// answers replace them.
    pub(super) fn reread_deals(&mut self, cx: &mut ScreenCtx) {
        let viewing = self.layers.viewing().map(|o| o.id.clone());
        let made_here = viewing
            .as_deref()
            .and_then(crate::outbox::local_of)
            .is_some();
        if viewing.is_none() || viewing != self.deals.org || made_here {
            self.ensure_deals(cx);
            return;
        }
        let d = &mut self.deals;
        for read in std::mem::take(&mut d.waiting) {
            cx.cancel(d.key(read));
        }
        d.generation = d.generation.wrapping_add(1);
        d.first = false;
        d.asked.clear();
        d.failed = None;
        d.read_funnels(cx);
    }

    pub(super) fn on_deal_funnels(
        &mut self,
        generation: u32,
        result: Result<Vec<Funnel>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        let stored = cx.stored().is_some();
        if generation != d.generation {
            return;
        }
        let Some(funnels) = d.answered(Read::Funnels, stored, result) else {
            return;
        };
        let listed: Vec<u32> = funnels
            .iter()
            .map(|f| OrgDeals::number(&mut d.funnel_ids, &f.id))
            .collect();
        if !stored {
            // A funnel the service no longer lists goes, with its statuses' deals.
            let gone: Vec<u32> = d
                .funnels
                .keys()
                .copied()
                .filter(|n| !listed.contains(n))
                .collect();
            for n in gone {
                d.funnels.remove(&n);
                if d.waiting.remove(&Read::Statuses(n)) {
                    cx.cancel(OrgKey::DealStatuses(d.generation, n));
                }
                let statuses: Vec<u32> = d
                    .statuses
                    .iter()
                    .filter(|(_, (f, _))| *f == n)
                    .map(|(s, _)| *s)
                    .collect();
                for s in statuses {
                    d.drop_status(s, cx);
                }
            }
        }
        for (n, f) in listed.into_iter().zip(funnels) {
            d.funnels.insert(n, f);
            d.read_statuses(n, cx);
        }
        d.rebuild(cx);
    }

    pub(super) fn on_deal_statuses(
        &mut self,
        generation: u32,
        funnel: u32,
        result: Result<Vec<FunnelStatus>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        let stored = cx.stored().is_some();
        if generation != d.generation {
            return;
        }
        let Some(statuses) = d.answered(Read::Statuses(funnel), stored, result) else {
            return;
        };
        let listed: Vec<u32> = statuses
            .iter()
            .map(|s| OrgDeals::number(&mut d.status_ids, &s.id))
            .collect();
        if !stored {
            // A status the service no longer lists in the funnel goes, with its deals.
            let gone: Vec<u32> = d
                .statuses
                .iter()
                .filter(|(n, (f, _))| *f == funnel && !listed.contains(n))
                .map(|(n, _)| *n)
                .collect();
            for n in gone {
                d.drop_status(n, cx);
            }
        }
        for (n, s) in listed.into_iter().zip(statuses) {
            d.statuses.insert(n, (funnel, s));
            d.read_deals(n, cx);
        }
        d.rebuild(cx);
    }

    pub(super) fn on_status_deals(
        &mut self,
        generation: u32,
        status: u32,
        result: Result<DealPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        let stored = cx.stored();
        if generation != d.generation {
            return;
        }
        let Some(page) = d.answered(Read::Deals(status), stored.is_some(), result) else {
            return;
        };
        if !d.statuses.contains_key(&status) {
            return;
        }
        let found = StatusDeals {
            deals: page.deals,
            more: page.has_more,
            cached: stored,
        };
        d.found.insert(status, found);
        d.rebuild(cx);
    }
}

impl OrgDeals {
    /// The service's copy of a deal, as a replay sent a change of it: in the status it is in
    /// now, or gone from the section when it is no longer this organization's.
    pub(super) fn take_fresh(&mut self, deal: &Deal) {
        let Some(org) = &self.org else {
            return;
        };
        for s in self.found.values_mut() {
            s.deals.retain(|d| d.id != deal.id);
        }
        let at = deal
            .status_id
            .as_deref()
            .and_then(|s| self.status_number(s));
        if let (true, Some(n)) = (deal.organizations.contains(org), at)
            && let Some(s) = self.found.get_mut(&n)
        {
            s.deals.push(deal.clone());
        }
    }

    /// Deal `id` is gone from the service.
    pub(super) fn forget(&mut self, id: &str) {
        for s in self.found.values_mut() {
            s.deals.retain(|d| d.id != id);
        }
    }
}

impl OrganizationsState {
    /// The outbox changed (a change kept, sent, dropped): the deals of the organization in
    /// view show it.
    pub fn outbox_changed(&mut self, cx: &ScreenCtx) {
        if self.deals.org.is_some() {
            self.deals.rebuild(cx);
        }
        // Contacts put in an organization (or taken out) show in it, in the list and in view.
        self.list
            .lay_outbox(cx, cx.viewport.organizations.list_rows);
        if let Some(o) = self.layers.viewing_mut() {
            for e in cx.offline.entries().iter().filter(|e| e.state.pending()) {
                crate::outbox::links::show_contact_in(o, e);
            }
        }
    }
}
