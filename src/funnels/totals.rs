//! The figures derived from the deals: each status's count and amount, the funnel's, and so
//! the chart and the overview. The service's last reads of the statuses and of the funnel are
//! the base; every change this board made to a deal since (a create, an edit of its amount, a
//! move, a delete, each shown at once or confirmed) is laid over that base here, in one place.
//! Shifting each figure by hand at each change let them drift apart: an edited amount was
//! never shifted, so a later move took the new amount off a status that held the old one.

use std::collections::HashMap;

use weeek_api::models::{Funnel, FunnelStatus};

use super::StatusId;

/// What a deal weighs in the totals: the status that counts it and its amount.
#[derive(Debug, Clone, PartialEq)]
pub struct Weight {
    pub status: StatusId,
    pub amount: Option<f64>,
}

impl Weight {
    pub fn of(deal: &weeek_api::models::Deal, status: &str) -> Self {
        Self {
            status: status.to_string(),
            amount: deal.amount,
        }
    }
}

/// A count and an amount as shown; `None` where the service gave none and nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Figures {
    pub count: Option<i64>,
    pub amount: Option<f64>,
}

/// One deal changed since a read: how that read counts it (`None`: not at all) and how it
/// stands now (`None`: gone from the funnel).
#[derive(Debug, Clone)]
struct Change {
    counted: Option<Weight>,
    now: Option<Weight>,
}

/// The deals changed since the statuses were read, and since the funnel was read: the two are
/// read apart, so each has its own list.
#[derive(Debug, Default)]
pub struct Tally {
    since_statuses: HashMap<String, Change>,
    since_funnel: HashMap<String, Change>,
}

impl Tally {
    /// Deal `id` went from `before` to `after`. Only its first change since a read says how
    /// that read counts it, so recording the same change again (a page read while a write was
    /// on its way, and the change shown over it once more) changes nothing.
    pub fn record(&mut self, id: &str, before: Option<Weight>, after: Option<Weight>) {
        for changes in [&mut self.since_statuses, &mut self.since_funnel] {
            let c = changes.entry(id.to_string()).or_insert(Change {
                counted: before.clone(),
                now: None,
            });
            c.now.clone_from(&after);
            if c.counted == c.now {
                changes.remove(id);
            }
        }
    }

    /// The statuses were read. With no write on its way (`settled`) the read counts every
    /// change made before it; otherwise the changes stay laid over it until the read that
    /// follows the last answer.
    pub fn statuses_read(&mut self, settled: bool) {
        if settled {
            self.since_statuses.clear();
        }
    }

    /// The funnel was read; as `statuses_read`.
    pub fn funnel_read(&mut self, settled: bool) {
        if settled {
            self.since_funnel.clear();
        }
    }

    /// A status's figures: its read ones with the changes since laid over them.
    pub fn status(&self, s: &FunnelStatus) -> Figures {
        let (count, amount) = shift(&self.since_statuses, |w| w.status == s.id);
        over(s.deals_count, s.deals_amount, count, amount)
    }

    /// The funnel's figures; `statuses`: those on this board (a deal moved within the funnel
    /// weighs the same).
    pub fn funnel(&self, f: &Funnel, statuses: &[FunnelStatus]) -> Figures {
        let (count, amount) = shift(&self.since_funnel, |w| {
            statuses.iter().any(|s| s.id == w.status)
        });
        over(f.deals_count, f.deals_amount, count, amount)
    }
}

/// What the changes add to the weights that `counts` picks.
fn shift(changes: &HashMap<String, Change>, counts: impl Fn(&Weight) -> bool) -> (i64, f64) {
    let mut count = 0_i64;
    let mut amount = 0.0_f64;
    for c in changes.values() {
        for (w, sign) in [(&c.counted, -1), (&c.now, 1)] {
            if let Some(w) = w.as_ref().filter(|w| counts(w)) {
                count += sign;
                amount += sign as f64 * w.amount.unwrap_or(0.0);
            }
        }
    }
    (count, amount)
}

fn over(count: Option<i64>, amount: Option<f64>, dc: i64, da: f64) -> Figures {
    Figures {
        count: (count.is_some() || dc != 0).then(|| (count.unwrap_or(0) + dc).max(0)),
        // Sums of cents in floating point: rounded to cents so that a deal added and taken
        // off again leaves no 0,0000001 behind.
        amount: (amount.is_some() || da != 0.0)
            .then(|| ((amount.unwrap_or(0.0) + da) * 100.0).round() / 100.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(status: &str, amount: f64) -> Option<Weight> {
        Some(Weight {
            status: status.into(),
            amount: Some(amount),
        })
    }

    fn status(id: &str, count: i64, amount: f64) -> FunnelStatus {
        FunnelStatus {
            id: id.into(),
            deals_count: Some(count),
            deals_amount: Some(amount),
            ..Default::default()
        }
    }

    #[test]
    fn a_created_edited_and_moved_deal_weighs_its_last_amount_where_it_is() {
        let a = status("A", 68, 127_341_019.25);
        let b = status("B", 10, 1000.0);
        let mut t = Tally::default();
        t.record("D", None, w("A", 1_250_000.5));
        assert_eq!(t.status(&a).amount, Some(128_591_019.75));
        t.record("D", w("A", 1_250_000.5), w("A", 2_000_000.0));
        t.record("D", w("A", 2_000_000.0), w("B", 2_000_000.0));
        assert_eq!(
            t.status(&a),
            Figures {
                count: Some(68),
                amount: Some(127_341_019.25)
            }
        );
        assert_eq!(
            t.status(&b),
            Figures {
                count: Some(11),
                amount: Some(2_001_000.0)
            }
        );
        let f = Funnel {
            deals_count: Some(111),
            deals_amount: Some(258_389_032.5),
            ..Default::default()
        };
        assert_eq!(
            t.funnel(&f, &[a, b]),
            Figures {
                count: Some(112),
                amount: Some(260_389_032.5)
            }
        );
    }

    #[test]
    fn a_settled_read_counts_the_changes_and_an_unsettled_one_keeps_them() {
        let a = status("A", 1, 10.0);
        let mut t = Tally::default();
        t.record("D", None, w("A", 5.0));
        t.statuses_read(false);
        assert_eq!(t.status(&a).count, Some(2));
        t.statuses_read(true);
        assert_eq!(t.status(&a).count, Some(1));
    }

    #[test]
    fn a_change_undone_leaves_nothing() {
        let a = status("A", 1, 10.0);
        let mut t = Tally::default();
        t.record("D", w("A", 10.0), None);
        t.record("D", None, w("A", 10.0));
        assert!(t.since_statuses.is_empty() && t.since_funnel.is_empty());
        assert_eq!(t.status(&a).amount, Some(10.0));
    }
}
