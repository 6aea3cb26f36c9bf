//! Deal verbs on the board: won / lost / archived (and back to open) and delete. Each is shown
//! at once and sent; a refusal puts the deal back as it was, and a write whose answer was lost
//! has the deal read back and shown as the service has it. The bookkeeping is the shared write
//! ledger's (`screen::ledger`), a ledger of its own beside the moves': a verb and a move of one
//! deal change different fields, so neither waits for the other.

use weeek_api::models::{Deal, WinStatus};
use weeek_api::{ApiError, DealUpdate};

use super::detail::FunnelDetail;
use super::layer::Layer;
use super::totals::Weight;
use super::{FunnelAnswer, FunnelKey, FunnelsState, StatusId};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Settled, Shown, Writes, done, read_item, returning};
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::worker::op;

/// Deal verbs as optimistic writes.
#[derive(Debug, Clone)]
pub struct DealVerbs;

/// One verb on one deal.
#[derive(Debug, Clone, PartialEq)]
pub enum Verb {
    /// The outcome set from `from` to `to` (`None`: open).
    Outcome {
        from: Option<WinStatus>,
        to: Option<WinStatus>,
    },
    /// The deal deleted; what it takes to put it back where it was.
    Delete {
        deal: Box<Deal>,
        status: StatusId,
        index: usize,
    },
}

impl Verb {
    /// How a success reads: "{this} “title”".
    fn done_text(&self) -> &'static str {
        match self {
            Self::Outcome { to: None, .. } => "Reopened",
            Self::Outcome {
                to: Some(WinStatus::Won),
                ..
            } => "Marked won:",
            Self::Outcome {
                to: Some(WinStatus::Lost),
                ..
            } => "Marked lost:",
            Self::Outcome { to: Some(_), .. } => "Archived",
            Self::Delete { .. } => "Deleted",
        }
    }

    /// How a failure reads: "Could not {this} “title”".
    fn failure_verb(&self) -> &'static str {
        match self {
            Self::Outcome { to: None, .. } => "reopen",
            Self::Outcome {
                to: Some(WinStatus::Won),
                ..
            } => "mark as won",
            Self::Outcome {
                to: Some(WinStatus::Lost),
                ..
            } => "mark as lost",
            Self::Outcome { to: Some(_), .. } => "archive",
            Self::Delete { .. } => "delete",
        }
    }
}

impl Writes for DealVerbs {
    type Id = String;
    type Change = Verb;
    type Item = Deal;
    type Note = ();
    /// The outcome the service has, for a later verb of the deal to go back to.
    type Truth = Option<WinStatus>;

    crate::ledger_requests!(FunnelKey, FunnelAnswer, Verb);

    fn read_back(id: &String) -> crate::worker::TypedCall<Result<Deal, ApiError>> {
        read_item(op::Deal(id.clone()))
    }

    fn judge(_: &Self::Id, verb: &Verb, found: Result<&Deal, &ApiError>) -> ReadBack {
        match (verb, found) {
            (Verb::Outcome { to, .. }, Ok(fresh)) if fresh.win_status == *to => ReadBack::Applied,
            (Verb::Outcome { .. }, Ok(_)) => ReadBack::NotApplied,
            // A deleted deal is not found: that is the delete done.
            (Verb::Delete { .. }, Err(ApiError::NotFound { .. })) => ReadBack::Applied,
            (Verb::Delete { .. }, Ok(_)) => ReadBack::NotApplied,
            (_, Err(e)) => read_back_failed(e.clone()),
        }
    }

    fn rebase(later: &mut Verb, truth: &Option<WinStatus>) {
        if let Verb::Outcome { from, .. } = later {
            from.clone_from(truth);
        }
    }
}

impl Shown<DealVerbs> for FunnelDetail {
    /// A page read while the verb was on its way predates it: the verb is shown again.
    fn reapply(&mut self, id: &String, verb: &Verb, cx: &ScreenCtx) {
        match verb {
            Verb::Outcome { to, .. } => self.set_outcome(id, to.clone()),
            Verb::Delete { .. } => self.take_off(id, cx),
        }
    }

    fn roll_back(
        &mut self,
        id: &String,
        verb: &Verb,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<Option<WinStatus>> {
        match verb {
            Verb::Outcome { from, .. } => {
                if !later {
                    self.set_outcome(id, from.clone());
                }
                Some(from.clone())
            }
            Verb::Delete {
                deal,
                status,
                index,
            } => {
                self.put_deal_back(deal, status, *index, cx);
                None
            }
        }
    }

    /// The service's copy answered by `PUT /crm/deals/{id}`; the column stays the board's (a
    /// move may be on its way).
    fn take(&mut self, id: &String, fresh: Deal) {
        for c in &mut self.columns {
            if let Some(d) = c.deals.rows.iter_mut().find(|d| d.id == *id) {
                let status = d.status_id.clone();
                *d = fresh.clone();
                d.status_id = status;
            }
        }
    }

    fn read_back(
        &mut self,
        id: &String,
        verb: &Verb,
        found: Result<Deal, ApiError>,
        verdict: &ReadBack,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<Option<WinStatus>> {
        match (verb, verdict, found) {
            (Verb::Outcome { .. }, ReadBack::Gone, _) => {
                self.take_off(id, cx);
                None
            }
            (Verb::Outcome { .. }, ReadBack::NotApplied, Ok(fresh)) => {
                if !later {
                    self.set_outcome(id, fresh.win_status.clone());
                }
                Some(fresh.win_status)
            }
            (
                Verb::Delete {
                    deal,
                    status,
                    index,
                },
                ReadBack::NotApplied,
                Ok(fresh),
            ) => {
                let at = fresh.status_id.clone().unwrap_or_else(|| status.clone());
                let index = if at == *status { *index } else { 0 };
                let mut back = (**deal).clone();
                back.win_status.clone_from(&fresh.win_status);
                back.status_id = Some(at.clone());
                self.put_deal_back(&back, &at, index, cx);
                None
            }
            // Done, or unknown: the board stays as it is.
            _ => None,
        }
    }
}

impl FunnelDetail {
    pub(super) fn set_outcome(&mut self, id: &str, to: Option<WinStatus>) {
        for c in &mut self.columns {
            for d in c.deals.rows.iter_mut().filter(|d| d.id == id) {
                d.win_status.clone_from(&to);
            }
        }
        if let Some(view) = &mut self.deal
            && view.id == id
            && let Some(d) = view.deal.value_mut()
        {
            d.win_status = to;
        }
    }

    /// Puts a deleted deal back in `status` at `index`, with its weight in the totals.
    fn put_deal_back(&mut self, deal: &Deal, status: &str, index: usize, cx: &ScreenCtx) {
        let Some(ci) = self.column_index(status) else {
            // Not on this board (another funnel is open): read afresh when it is.
            return;
        };
        if self.columns[ci].deals.rows.iter().any(|d| d.id == deal.id) {
            return;
        }
        let rows = &mut self.columns[ci].deals.rows;
        let at = index.min(rows.len());
        rows.insert(at, deal.clone());
        self.tally
            .record(&deal.id, None, Some(Weight::of(deal, status)));
        self.fix_columns(cx);
    }

    /// Takes a deleted deal off the board and its weight off the totals.
    fn remove_deal(&mut self, id: &str, cx: &ScreenCtx) -> Option<(Deal, StatusId, usize)> {
        let (ci, index) = self.columns.iter().enumerate().find_map(|(ci, c)| {
            c.deals
                .rows
                .iter()
                .position(|d| d.id == id)
                .map(|p| (ci, p))
        })?;
        let col = &mut self.columns[ci];
        let deal = col.deals.rows.remove(index);
        col.cursor = col.cursor.min(col.deals.rows.len().saturating_sub(1));
        let status = col.status_id.clone();
        self.tally
            .record(id, Some(Weight::of(&deal, &status)), None);
        self.fix_columns(cx);
        Some((deal, status, index))
    }
}

fn quoted(deal: &Deal) -> String {
    crate::text::quoted(deal.title.as_deref().unwrap_or("(untitled deal)"), 30)
}

/// A question the board asks before a verb.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// Delete this deal (its id and its quoted title)?
    Delete { id: String, name: String },
    /// `n` or `e` while a deal draft of elsewhere is on disk: drop it?
    ReplaceDraft { title: String, edit: bool },
    /// Detach this task (its id and quoted title) from this deal?
    Detach {
        deal: String,
        task: i64,
        name: String,
    },
    /// Delete this funnel (with its statuses and deals)?
    DeleteFunnel {
        id: String,
        name: String,
        deals: Option<i64>,
    },
    /// Delete this status of this funnel?
    DeleteStatus {
        funnel: String,
        id: String,
        name: String,
        deals: Option<i64>,
    },
    /// `Esc` on a changed deal form: drop what was typed? `name`: the quoted title of the deal
    /// it edits (`None`: a new deal).
    DropForm { name: Option<String> },
}

impl Ask {
    /// The question as drawn. What happens to the deals is said: a funnel takes its statuses
    /// and deals with it (the reference: "with its statuses and deals"); the reference is
    /// silent about a status's deals, and the service may refuse while it holds some.
    pub fn question(&self) -> String {
        match self {
            Ask::Delete { name, .. } => format!("Delete the deal {name}?"),
            Ask::ReplaceDraft { title, .. } => {
                format!("Drop the deal draft {title} to start another?")
            }
            Ask::Detach { name, .. } => {
                format!("Detach the task {name} from the deal? The task stays.")
            }
            Ask::DeleteFunnel { name, deals, .. } => {
                let deals = match deals {
                    Some(0) => return format!("Delete the funnel {name} and its statuses?"),
                    Some(1) => "its statuses and its 1 deal".to_string(),
                    Some(n) => format!("its statuses and its {n} deals"),
                    None => "its statuses and all its deals".to_string(),
                };
                format!("Delete the funnel {name} with {deals}? Their tasks stay tasks.")
            }
            Ask::DropForm { name: None } => "Discard this new deal?".to_string(),
            Ask::DropForm { name: Some(name) } => format!("Discard the changes to {name}?"),
            Ask::DeleteStatus { name, deals, .. } => match deals {
                Some(0) => format!("Delete the status {name}? It holds no deals."),
                Some(n) => format!(
                    "Delete the status {name}? It holds {n} deal{}: the service may refuse until \
                     they are moved or deleted.",
                    if *n == 1 { "" } else { "s" }
                ),
                None => format!(
                    "Delete the status {name}? The service may refuse while it holds deals."
                ),
            },
        }
    }
}

impl FunnelsState {
    /// `w` / `W` / `Z`: the cursor deal won, lost or archived; on a deal that already is, back
    /// to open.
    pub fn set_outcome(&mut self, outcome: WinStatus, cx: &mut ScreenCtx) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(deal) = d.current_deal().cloned() else {
            return;
        };
        let from = deal.win_status.clone();
        let to = (from.as_ref() != Some(&outcome)).then_some(outcome);
        d.set_outcome(&deal.id, to.clone());
        if Self::must_queue(&deal.id, cx) {
            self.queue_outcome(&deal, from, to, cx);
            return;
        }
        let call = returning(op::UpdateDeal(
            deal.id.clone(),
            DealUpdate {
                win_status: Some(to.clone()),
                ..Default::default()
            },
        ));
        let group = self.verbs.group(());
        self.verbs.add(
            group,
            deal.id.clone(),
            quoted(&deal),
            Verb::Outcome { from, to },
            vec![call],
            cx,
        );
    }

    /// `D`: asks before deleting the cursor deal.
    pub fn ask_delete(&mut self) {
        let Some(deal) = self.detail.as_ref().and_then(FunnelDetail::current_deal) else {
            return;
        };
        let ask = Ask::Delete {
            id: deal.id.clone(),
            name: quoted(deal),
        };
        self.layers.push(Layer::Ask(ask));
    }

    /// The answer to the open question.
    pub fn answer(&mut self, yes: bool, cx: &mut ScreenCtx) {
        let ask = match self.layers.pop_if(|l| matches!(l, Layer::Ask(_))) {
            Some(Layer::Ask(ask)) => Some(ask),
            _ => None,
        };
        let (id, name) = match ask {
            Some(Ask::Delete { id, name }) => (id, name),
            Some(Ask::DropForm { .. }) if yes => return self.close_form(cx),
            Some(Ask::DropForm { .. }) => return,
            Some(Ask::ReplaceDraft { edit, .. }) => return self.replace_draft(yes, edit, cx),
            Some(Ask::Detach { .. }) if !yes => {
                cx.toast(ToastKind::Info, "Kept: the task stays linked");
                return;
            }
            Some(Ask::Detach { deal, task, name }) => return self.detach(deal, task, name, cx),
            Some(Ask::DeleteFunnel { .. } | Ask::DeleteStatus { .. }) if !yes => {
                cx.toast(ToastKind::Info, "Kept: nothing deleted");
                return;
            }
            Some(Ask::DeleteFunnel { id, name, .. }) => return self.delete_funnel(id, name, cx),
            Some(Ask::DeleteStatus {
                funnel, id, name, ..
            }) => return self.delete_status(funnel, id, name, cx),
            None => return,
        };
        if !yes {
            cx.toast(ToastKind::Info, "Kept: nothing deleted");
            return;
        }
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some((deal, status, index)) = d.remove_deal(&id, cx) else {
            return;
        };
        if Self::must_queue(&id, cx) {
            self.queue_delete(&deal, cx);
            return;
        }
        let group = self.verbs.group(());
        let verb = Verb::Delete {
            deal: Box::new(deal),
            status,
            index,
        };
        self.verbs.add(
            group,
            id.clone(),
            name,
            verb,
            vec![done(op::DeleteDeal(id))],
            cx,
        );
    }

    /// The answer to deal verb `n`, or the deal read back after it lost its answer.
    pub fn on_verb(&mut self, n: u64, settled: Settled<Deal>, cx: &mut ScreenCtx) {
        // The service out of reach: the verb, and those of its deal behind it, go to the
        // outbox.
        if super::moves::out_of_reach(&settled, cx) {
            let (kept, _) = self.verbs.hand_over(n, cx);
            // Each says so as it is kept.
            self.keep_verbs(kept, cx);
            self.settle_writes(cx);
            return;
        }
        let mut board = self.detail.as_mut();
        let done = self.verbs.on_settled(n, settled, &mut board, cx);
        self.after_verb(done, cx);
    }

    fn after_verb(&mut self, done: Option<Group<DealVerbs>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        for o in group.items.values() {
            let verb = &o.change;
            let title = &o.name;
            let (kind, text) = o.report(
                &format!("{} {title}", verb.done_text()),
                &format!("{} {title}", verb.failure_verb()),
            );
            cx.toast(kind, text);
        }
        let idle = self.moves.is_idle() && self.verbs.is_idle();
        if let Some(d) = self.detail.as_mut() {
            d.settle_after_moves(idle, cx);
        }
    }
}
