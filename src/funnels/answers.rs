//! The funnels screen's answers: each request says, when it is made, which of these its
//! call's typed result becomes; [`FunnelsState::on_answer`] takes every one.

use weeek_api::models::{Contact, Deal, Funnel, FunnelStatus, Organization, Task};
use weeek_api::{ApiError, DealPage};

use super::deal_links::Opened;
use super::structure::{Made, Named};
use super::{FunnelsState, StatusId};
use crate::screen::ScreenCtx;
use crate::screen::form_create;
use crate::screen::ledger::Settled;

#[derive(Debug)]
pub enum FunnelAnswer {
    /// The list of funnels.
    List(Result<Vec<Funnel>, ApiError>),
    /// The open funnel's fields.
    Funnel(Result<Box<Funnel>, ApiError>),
    /// The open funnel's statuses.
    Statuses(Result<Vec<FunnelStatus>, ApiError>),
    /// A page of the deals in a status.
    Deals(StatusId, Result<DealPage, ApiError>),
    /// The deal open over the board.
    Deal(Result<Box<Deal>, ApiError>),
    /// Deal move `n`, or its read-back.
    Move(u64, Settled<Deal>),
    /// Verb `n` on a deal (won, lost, archived, delete), or its read-back.
    Verb(u64, Settled<Deal>),
    /// A page of organization names for the deal view.
    Orgs(Result<Vec<Organization>, ApiError>),
    /// A page of contact names for the deal view.
    Contacts(Result<Vec<Contact>, ApiError>),
    /// The deal the form created.
    DealCreated(Result<Box<Deal>, ApiError>),
    /// The deal the form edited, when the answer carries it.
    DealPatched(Result<Option<Box<Deal>>, ApiError>),
    /// A page of the look for a created deal whose answer was lost.
    DealFound(Result<DealPage, ApiError>),
    /// An edited deal, read (its answer was lost or carried no deal).
    DealRead(Result<Box<Deal>, ApiError>),
    /// A contact or an organization (what it is, for messages) read to be opened.
    LinkRead(&'static str, Result<Opened, ApiError>),
    /// New task `n` linked to the open deal.
    TaskAttached(u64, Result<Box<Task>, ApiError>),
    /// The deal read to look for new linked task `n` whose answer was lost.
    TaskFound(u64, Result<Deal, ApiError>),
    /// Detach `n` of a linked task, or its read-back.
    TaskDetach(u64, Settled<Deal>),
    /// New funnel or status `n`.
    Created(u64, Result<Made, ApiError>),
    /// The funnels or statuses read to look for new one `n` whose answer was lost.
    CreateFound(u64, Result<Vec<Named>, ApiError>),
    /// Rename or delete `n` of a funnel, or its read-back.
    FunnelWrite(u64, Settled<Funnel>),
    /// Rename, delete or move `n` of a status, or the statuses read back.
    StatusWrite(u64, Settled<Vec<FunnelStatus>>),
    /// Deal `id` read again after a change of it left the outbox unsent.
    Outboxed(String, Result<Box<Deal>, ApiError>),
}

impl FunnelsState {
    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, answer: FunnelAnswer, cx: &mut ScreenCtx) {
        use FunnelAnswer as A;
        match answer {
            A::LinkRead(what, result) => self.on_link_read(what, result, cx),
            A::List(result) => {
                match cx.stored() {
                    Some(read_at) => {
                        if let Ok(funnels) = result {
                            self.list.show_stored(funnels, read_at);
                        }
                    }
                    None => self.list.on_loaded(result),
                }
                // Renames and deletes on their way stay shown over the fresh list.
                self.structure.funnels.reapply(&mut self.list, cx);
                self.list.fix_scroll(cx);
            }
            A::Created(n, result) => self.on_named_created(n, result, cx),
            A::CreateFound(n, named) => self.on_create_looked(n, named, cx),
            A::FunnelWrite(n, settled) => self.on_funnel_write(n, settled, cx),
            A::StatusWrite(n, settled) => self.on_status_write(n, settled, cx),
            A::Orgs(result) => {
                self.lookups.on_orgs(result, cx);
                self.refresh_form_picker(cx.names);
                if !self.lookups.orgs.loading {
                    self.orgs_arrived(cx);
                }
            }
            A::Contacts(result) => {
                self.lookups.on_contacts(result, cx);
                self.refresh_form_picker(cx.names);
            }
            A::DealCreated(result) => form_create::on_answer(self, result.map(|d| *d), cx),
            A::DealPatched(result) => self.on_patched(result.map(|d| d.map(|d| *d)), cx),
            A::DealFound(result) => form_create::on_looked(self, result, cx),
            A::DealRead(result) => self.on_read(result.map(|d| *d), cx),
            A::Move(n, settled) => self.on_move(n, settled, cx),
            A::Verb(n, settled) => self.on_verb(n, settled, cx),
            A::TaskAttached(n, result) => self.on_task_created(n, result, cx),
            A::TaskFound(n, result) => self.on_task_looked(n, result, cx),
            A::TaskDetach(n, settled) => self.on_detach(n, settled, cx),
            A::Outboxed(id, result) => self.on_reread(&id, result, cx),
            // What the open funnel shows; a funnel closed meanwhile wants none of it.
            A::Funnel(result) => {
                if let Some(d) = &mut self.detail {
                    let settled = self.moves.is_idle()
                        && self.verbs.is_idle()
                        && !super::offline::deals_wait(cx);
                    d.on_funnel(result.map(|f| *f), settled, cx.stored())
                }
            }
            A::Statuses(result) => {
                if let Some(d) = &mut self.detail {
                    d.on_statuses(result, (&self.moves, &self.verbs), cx);
                    // Renames, deletes and moves on their way stay shown over the read.
                    self.structure.statuses.reapply(d, cx);
                }
            }
            A::Deal(result) => {
                if let Some(d) = &mut self.detail {
                    d.on_deal(result.map(|d| *d), cx);
                    // New tasks and detaches on their way stay shown over the fresh read.
                    self.tasks.reapply(d, cx);
                }
            }
            A::Deals(status, result) => {
                if let Some(d) = &mut self.detail {
                    d.on_deals(&status, result, (&self.moves, &self.verbs), cx)
                }
            }
        }
    }
}
