//! The deals of the organization read in full. The service lists deals one status at a time
//! (`GET /crm/statuses/{id}/deals`, which filters by `organizations[]`), so the funnels are
//! read, then each funnel's statuses, then each status is asked for this organization's
//! deals, all side by side; the section fills in as the answers come.

use weeek_api::models::{Funnel, FunnelStatus};
use weeek_api::{ApiError, DealPage, DealQuery};

use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::amounts;
use crate::screen::ScreenCtx;
use crate::worker::op;

/// Deals read per status: an organization rarely has more in one status; more are counted.
const PER_STATUS: u32 = 50;

#[derive(Debug, Default)]
pub struct OrgDeals {
    /// The organization whose deals these are.
    org: Option<String>,
    /// Numbers each organization's reads, so that answers for one viewed before are dropped.
    generation: u32,
    funnels: Vec<Funnel>,
    /// Each status asked, with its funnel's place in `funnels`.
    statuses: Vec<(usize, FunnelStatus)>,
    /// Reads still out.
    pending: usize,
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
}

impl OrgDeals {
    /// What the section says besides its rows: reading, nothing, a failure, more not read.
    pub fn note(&self) -> Option<String> {
        if let Some(why) = &self.failed {
            return Some(format!("could not be read: {why}"));
        }
        if self.pending > 0 {
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
}

impl OrganizationsState {
    /// Starts reading the deals of the organization in view, unless they are read or being
    /// read; nothing when none is in view.
    pub fn ensure_deals(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.layers.viewing().map(|o| o.id.clone()) else {
            return;
        };
        if self.deals.org.as_deref() == Some(&id) {
            return;
        }
        let generation = self.deals.generation.wrapping_add(1);
        self.deals = OrgDeals {
            org: Some(id),
            generation,
            pending: 1,
            ..OrgDeals::default()
        };
        cx.request(OrgKey::DealFunnels(generation), op::Funnels, move |r| {
            OrgAnswer::DealFunnels(generation, r)
        });
    }

    /// Reads them again (after `r`).
    pub(super) fn reread_deals(&mut self, cx: &mut ScreenCtx) {
        self.deals.org = None;
        self.ensure_deals(cx);
    }

    pub(super) fn on_deal_funnels(
        &mut self,
        generation: u32,
        result: Result<Vec<Funnel>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        if generation != d.generation {
            return;
        }
        d.pending -= 1;
        match result {
            Ok(funnels) => {
                for (i, f) in funnels.iter().enumerate() {
                    d.pending += 1;
                    let funnel = i as u32;
                    cx.request(
                        OrgKey::DealStatuses(generation, funnel),
                        op::FunnelStatuses(f.id.clone()),
                        move |r| OrgAnswer::DealStatuses(generation, funnel, r),
                    );
                }
                d.funnels = funnels;
            }
            Err(e) => d.failed = Some(e.short()),
        }
    }

    pub(super) fn on_deal_statuses(
        &mut self,
        generation: u32,
        funnel: u32,
        result: Result<Vec<FunnelStatus>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        if generation != d.generation {
            return;
        }
        d.pending -= 1;
        let (Some(org), Ok(statuses)) = (d.org.clone(), result.as_ref()) else {
            if let Err(e) = result {
                d.failed.get_or_insert(e.short());
            }
            return;
        };
        for status in statuses {
            let n = d.statuses.len() as u32;
            d.statuses.push((funnel as usize, status.clone()));
            d.pending += 1;
            let query = DealQuery {
                organizations: vec![org.clone()],
                limit: Some(PER_STATUS),
                ..DealQuery::default()
            };
            cx.request(
                OrgKey::StatusDeals(generation, n),
                op::Deals(status.id.clone(), Box::new(query)),
                move |r| OrgAnswer::StatusDeals(generation, n, r),
            );
        }
    }

    pub(super) fn on_status_deals(
        &mut self,
        generation: u32,
        status: u32,
        result: Result<DealPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let d = &mut self.deals;
        if generation != d.generation {
            return;
        }
        d.pending -= 1;
        let page = match result {
            Ok(page) => page,
            Err(e) => {
                d.failed.get_or_insert(e.short());
                return;
            }
        };
        let Some((funnel, st)) = d.statuses.get(status as usize) else {
            return;
        };
        let funnel = d.funnels.get(*funnel);
        let mark = funnel
            .and_then(|f| f.currency_id)
            .map(|c| amounts::currency_mark(cx.names, c))
            .unwrap_or_default();
        let place = format!(
            "{} › {}",
            funnel.and_then(|f| f.name.as_deref()).unwrap_or("–"),
            st.name.as_deref().unwrap_or("–")
        );
        d.more |= page.has_more;
        d.rows.extend(page.deals.iter().map(|deal| DealRow {
            title: deal.title.clone().unwrap_or_else(|| "(untitled)".into()),
            amount: amounts::money(deal.amount, &mark),
            place: place.clone(),
        }));
        // The same order whichever status answered first.
        d.rows
            .sort_by(|a, b| a.place.cmp(&b.place).then_with(|| a.title.cmp(&b.title)));
    }
}
