//! Funnels and their statuses made, renamed and deleted: `n` / `e` / `D` on the list of
//! funnels, `C` on a funnel's board (its statuses' renames, deletes and moves are in
//! `status_writes`).
//!
//! Renames and deletes are shown at once and go through the shared write ledger: a refusal
//! puts things back with the service's words, a lost answer has the funnel read back and shows
//! what the service has. A "not found" answer to a delete counts as done: what was to go is
//! gone. New funnels and statuses go through the shared creates of named items
//! (`screen::named_creates`): they show once the service answers (their ids and first statuses
//! are the service's), and one whose answer was lost is looked for before anything may be sent
//! again.

use time::OffsetDateTime;
use weeek_api::models::{Funnel, FunnelStatus};
use weeek_api::{ApiError, FunnelInput};

use super::layer::Layer;
use super::list::FunnelList;
use super::status_writes::StatusWrites;
use super::structure_prompts::{NamePrompt, Naming};
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Ledger, Settled, Shown, Writes, deleted, read_item, returning};
use crate::screen::lost_answer::{CreateLookup, PageRead, ReadBack};
use crate::screen::named_creates::{CreateEnd, NamedCreates, NamedPlace};
use crate::screen::named_writes::{self, NamedChange, show_read_back};
use crate::widgets::field::TextField;
use crate::worker::{TypedCall, op};

/// Where a new funnel or status goes, and so where it is looked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    /// The funnels, a new one in `currency` (`None`: the service's default).
    Funnels { currency: Option<i64> },
    /// The statuses of a funnel.
    Statuses(String),
}

/// A funnel or a status as a look for a lost create sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Named {
    pub id: String,
    pub name: Option<String>,
    pub created: Option<OffsetDateTime>,
}

impl From<&Funnel> for Named {
    fn from(f: &Funnel) -> Self {
        Named {
            id: f.id.clone(),
            name: f.name.clone(),
            created: f.created_at,
        }
    }
}

impl From<&FunnelStatus> for Named {
    fn from(s: &FunnelStatus) -> Self {
        Named {
            id: s.id.clone(),
            name: s.name.clone(),
            created: s.created_at,
        }
    }
}

/// Finds a new funnel or status: the name sent, new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct NameLookup {
    place: Place,
    name: String,
}

impl CreateLookup for NameLookup {
    type Item = Named;
    type Page = Vec<Named>;
    type Id = String;

    fn name(&self) -> String {
        self.name.clone()
    }

    /// Funnels and statuses come whole in one read: no pages.
    fn read(&self, _page: u32) -> PageRead<Vec<Named>> {
        match &self.place {
            Place::Funnels { .. } => {
                TypedCall::new(op::Funnels).map(move |r| r.map(|all: Vec<Funnel>| named_all(&all)))
            }
            Place::Statuses(funnel) => TypedCall::new(op::FunnelStatuses(funnel.clone()))
                .map(move |r| r.map(|all: Vec<FunnelStatus>| named_all(&all))),
        }
    }

    fn candidates(&self, page: Vec<Named>) -> (Vec<Named>, bool) {
        (page, false)
    }

    fn matches(&self, item: &Named) -> bool {
        item.name.as_deref().map(str::trim) == Some(self.name.trim())
    }

    fn id(item: &Named) -> String {
        item.id.clone()
    }

    fn created(item: &Named) -> Option<OffsetDateTime> {
        item.created
    }
}

/// What a new funnel or status came back as.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    Funnel(Box<Funnel>),
    Status(FunnelStatus),
}

impl NamedPlace for NameLookup {
    type Made = Made;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let name = self.name.clone();
        match &self.place {
            Place::Funnels { currency } => {
                let funnel = op::CreateFunnel(FunnelInput {
                    name: Some(name),
                    currency_id: *currency,
                    ..Default::default()
                });
                cx.request(FunnelKey::Create(n), funnel, move |r| {
                    FunnelAnswer::Created(n, r.map(Made::Funnel))
                });
            }
            Place::Statuses(funnel) => {
                let status = op::CreateFunnelStatus(funnel.clone(), name);
                cx.request(FunnelKey::Create(n), status, move |r| {
                    FunnelAnswer::Created(n, r.map(Made::Status))
                });
            }
        }
    }

    fn look(n: u64, read: PageRead<Vec<Named>>, cx: &mut ScreenCtx) {
        cx.ask(FunnelKey::CreateFind(n), read, move |r| {
            FunnelAnswer::CreateFound(n, r)
        });
    }

    fn what(&self) -> &'static str {
        match self.place {
            Place::Funnels { .. } => "funnel",
            Place::Statuses(_) => "status",
        }
    }
}

// ----- funnels ------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct FunnelWrites;

/// A funnel renamed or deleted.
pub type FunnelChange = NamedChange<Funnel>;

impl Writes for FunnelWrites {
    type Id = String;
    type Change = FunnelChange;
    type Item = Funnel;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(FunnelKey, FunnelAnswer, FunnelWrite);

    fn read_back(id: &String) -> TypedCall<Result<Funnel, ApiError>> {
        read_item(op::Funnel(id.clone()))
    }

    fn judge(_: &String, change: &FunnelChange, found: Result<&Funnel, &ApiError>) -> ReadBack {
        change.judge_item(found)
    }
}

impl FunnelList {
    /// Changes the funnels (when read) with `f`; the rows shown follow.
    fn change<R>(&mut self, f: impl FnOnce(&mut Vec<Funnel>) -> R) -> Option<R> {
        let out = f(self.funnels.value_mut()?);
        self.refilter();
        Some(out)
    }

    fn insert_funnel(&mut self, funnel: Funnel, index: usize) {
        self.change(|all| named_writes::restore(all, funnel, index));
    }
}

impl Shown<FunnelWrites> for FunnelList {
    fn reapply(&mut self, id: &String, change: &FunnelChange, _: &ScreenCtx) {
        self.change(|all| change.reapply(all, id));
    }

    fn roll_back(
        &mut self,
        id: &String,
        change: &FunnelChange,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        self.change(|all| change.roll_back(all, id, later));
        None
    }

    fn take(&mut self, id: &String, fresh: Funnel) {
        let fresh = Ok(fresh);
        self.change(|all| show_read_back(all, id, fresh, &ReadBack::Applied, None));
    }

    fn read_back(
        &mut self,
        id: &String,
        change: &FunnelChange,
        found: Result<Funnel, ApiError>,
        verdict: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        let at = match change {
            NamedChange::Delete { index, .. } => Some(*index),
            NamedChange::Rename { .. } => None,
        };
        self.change(|all| show_read_back(all, id, found, verdict, at));
        None
    }
}

// ----- the state and its keys ---------------------------------------------------------------

#[derive(Debug, Default)]
pub struct Structure {
    pub funnels: Ledger<FunnelWrites>,
    pub statuses: Ledger<StatusWrites>,
    creates: NamedCreates<NameLookup>,
}

impl Structure {
    /// What quitting now would leave unconfirmed: a funnel or status sent and not answered, or
    /// looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        self.creates.unanswered()
    }

    pub fn unsettled(&self) -> usize {
        self.creates.len() + self.funnels.unsettled() + self.statuses.unsettled()
    }
}

pub(super) fn quoted(name: Option<&str>, what: &str) -> String {
    crate::text::quoted(name.unwrap_or(what), 40)
}

impl FunnelsState {
    /// The funnels or statuses of `place` the screen holds, as a look sees them.
    fn existing(&self, place: &Place) -> Vec<Named> {
        match place {
            Place::Funnels { .. } => self.list.all().iter().map(Named::from).collect(),
            Place::Statuses(funnel) => self
                .detail
                .as_ref()
                .filter(|d| d.id == *funnel)
                .map(|d| d.status_list().iter().map(Named::from).collect())
                .unwrap_or_default(),
        }
    }

    pub(super) fn create(&mut self, place: Place, name: String, cx: &mut ScreenCtx) {
        let lookup = NameLookup { place, name };
        let held = self.existing(&lookup.place);
        self.structure.creates.create(lookup, &held, cx);
    }

    pub(super) fn rename_funnel(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        let Some(change) = self
            .list
            .change(|all| named_writes::rename(all, &id, &name))
            .flatten()
        else {
            return;
        };
        let label = quoted(change.renamed_from(), "(unnamed funnel)");
        if let Some(d) = &mut self.detail
            && d.id == id
            && let Some(f) = d.funnel.value_mut()
        {
            f.name = Some(name.clone());
        }
        let input = FunnelInput {
            name: Some(name),
            ..Default::default()
        };
        let call = returning(op::UpdateFunnel(id.clone(), input));
        self.structure.funnels.write(id, label, change, call, cx);
    }

    /// `y` to "delete this funnel?".
    pub(super) fn delete_funnel(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        let Some(change) = self
            .list
            .change(|all| named_writes::remove(all, &id))
            .flatten()
        else {
            return;
        };
        self.list.fix_scroll(cx);
        let call = deleted(op::DeleteFunnel(id.clone()));
        self.structure.funnels.write(id, name, change, call, cx);
    }

    // ----- answers --------------------------------------------------------------------------

    /// The answer to new funnel or status `n`.
    pub(super) fn on_named_created(
        &mut self,
        n: u64,
        result: Result<Made, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.structure.creates.on_created(n, result, cx);
        self.create_ended(end, cx);
    }

    /// The read that looks for new funnel or status `n`.
    pub(super) fn on_create_looked(
        &mut self,
        n: u64,
        result: Result<Vec<Named>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.structure.creates.on_looked(n, result, cx);
        self.create_ended(end, cx);
    }

    fn create_ended(&mut self, end: Option<CreateEnd<NameLookup>>, cx: &mut ScreenCtx) {
        match end {
            None | Some(CreateEnd::Dropped(_)) => {}
            Some(CreateEnd::Made(_, Made::Funnel(f))) => {
                let id = f.id.clone();
                let at = self.list.all().len();
                self.list.insert_funnel(*f, at);
                if let Some(pos) = self.list.position(&id) {
                    self.list.cursor = pos;
                }
                self.list.fix_scroll(cx);
            }
            Some(CreateEnd::Made(lookup, Made::Status(s))) => {
                self.show_new_status(&lookup.place, s, cx)
            }
            // Its whole (a funnel's first statuses, a status's totals) is the service's: read
            // again rather than pieced together from the look.
            Some(CreateEnd::Found(lookup, _)) => match &lookup.place {
                Place::Funnels { .. } => self.reload_list(cx),
                Place::Statuses(funnel) => {
                    let moving = !self.moves.is_idle() || !self.verbs.is_idle();
                    if let Some(d) = self.detail.as_mut().filter(|d| d.id == *funnel) {
                        d.reload(moving, cx);
                    }
                }
            },
            Some(CreateEnd::Refused(lookup, e)) => {
                let naming = match lookup.place {
                    Place::Funnels { .. } => Naming::NewFunnel,
                    Place::Statuses(funnel) => Naming::NewStatus { funnel },
                };
                self.prompt_again(naming, &lookup.name, e.short());
            }
        }
    }

    /// What was typed is not lost: the name prompt comes back with it and the service's words
    /// (a 422 names the rule the name broke), unless a prompt or picker is open by then. A
    /// question open stays over it, answered first.
    pub(super) fn prompt_again(&mut self, naming: Naming, name: &str, why: String) {
        if self
            .layers
            .any(|l| matches!(l, Layer::NamePrompt(_) | Layer::Currency(_)))
        {
            return;
        }
        let prompt = Layer::NamePrompt(NamePrompt {
            naming,
            field: TextField::with_value(name),
            error: Some(why),
        });
        self.layers
            .push_beneath(prompt, |l| matches!(l, Layer::Ask(_)));
    }

    fn show_new_status(&mut self, place: &Place, status: FunnelStatus, cx: &mut ScreenCtx) {
        let Place::Statuses(funnel) = place else {
            return;
        };
        let Some(d) = self.detail.as_mut().filter(|d| d.id == *funnel) else {
            return;
        };
        let id = status.id.clone();
        let at = d.status_list().len();
        d.insert_status(status, at, cx);
        if let Some(i) = d.column_index(&id) {
            d.columns[i].reload(&d.filter, cx);
            d.focus_column(i as isize, cx);
        }
    }

    /// The answer to funnel write `n` (a rename answers the funnel), or its read-back.
    pub(super) fn on_funnel_write(&mut self, n: u64, settled: Settled<Funnel>, cx: &mut ScreenCtx) {
        let done = self
            .structure
            .funnels
            .on_settled(n, settled, &mut self.list, cx);
        self.after_funnel_write(done, cx);
    }

    fn after_funnel_write(&mut self, done: Option<Group<FunnelWrites>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        self.list.fix_scroll(cx);
        for (id, o) in &group.items {
            let (done, attempt) = o.change.words("funnel", &o.name);
            let (kind, text) = o.report(&done, &attempt);
            cx.toast(kind, text);
            if let (Some(to), Some(why)) = (o.change.renamed_to(), refusal(o)) {
                self.prompt_again(Naming::RenameFunnel { id: id.clone() }, to, why);
            }
            // The open funnel's title follows what the service has.
            if let Some(d) = &mut self.detail
                && d.id == *id
                && let (Some(f), Some(fresh)) = (
                    d.funnel.value_mut(),
                    self.list.all().iter().find(|f| f.id == *id),
                )
            {
                f.name.clone_from(&fresh.name);
            }
        }
    }
}

/// Why a rename did not hold, when it did not (refused, or read back and not there).
pub(super) fn refusal<W: Writes>(o: &crate::screen::ledger::Outcome<W>) -> Option<String> {
    let e = o.error.as_ref()?;
    match (&o.lost, &o.read_back) {
        (None, _) => Some(e.short()),
        (Some(lost), Some(ReadBack::NotApplied)) => Some(format!(
            "Not renamed ({})",
            crate::screen::lost_answer::cause_text(lost)
        )),
        _ => None,
    }
}

/// Funnels or statuses by their names.
fn named_all<'a, T: 'a>(all: &'a [T]) -> Vec<Named>
where
    Named: From<&'a T>,
{
    all.iter().map(Named::from).collect()
}
