//! Funnels and their statuses made, renamed, deleted and reordered: `n` / `e` / `D` on the
//! list of funnels, `C` / `R` / `X` / `<` `>` on a funnel's board.
//!
//! Renames, deletes and moves are shown at once and go through the shared write ledger: a
//! refusal puts things back with the service's words, a lost answer has the funnel (or its
//! statuses) read back and shows what the service has. A "not found" answer to a delete
//! counts as done: what was to go is gone. New funnels and statuses show once the service
//! answers (their ids and first statuses are the service's); one whose answer was lost is
//! looked for before anything may be sent again.

use std::collections::BTreeMap;

use time::OffsetDateTime;
use weeek_api::models::{Funnel, FunnelStatus};
use weeek_api::{ApiError, FunnelInput};

use super::detail::FunnelDetail;
use super::layer::Layer;
use super::list::FunnelList;
use super::structure_prompts::{NamePrompt, Naming};
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{
    Group, Ledger, Settled, Shown, Writes, deleted, done, read_item, returning,
};
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, ReadBack, Sending, SentAt, Unsettled,
    read_back_failed,
};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::worker::op;

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
            Place::Funnels { .. } => crate::worker::TypedCall::new(op::Funnels)
                .map(move |r| r.map(|all: Vec<Funnel>| named_all(&all))),
            Place::Statuses(funnel) => {
                crate::worker::TypedCall::new(op::FunnelStatuses(funnel.clone()))
                    .map(move |r| r.map(|all: Vec<FunnelStatus>| named_all(&all)))
            }
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

#[derive(Debug, Clone)]
struct Creating {
    lookup: NameLookup,
    sent: SentAt<String>,
    /// The look after a lost answer, or before a send again (`resending`).
    looking: Option<Box<LostCreate<NameLookup>>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<Box<LostCreate<NameLookup>>>,
}

// ----- funnels ------------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct FunnelWrites;

#[derive(Debug, Clone)]
pub enum FunnelChange {
    Rename { from: Option<String>, to: String },
    Delete { funnel: Box<Funnel>, index: usize },
}

impl Writes for FunnelWrites {
    type Id = String;
    type Change = FunnelChange;
    type Item = Funnel;
    type Note = ();
    type Truth = ();

    type Key = FunnelKey;
    type Answer = FunnelAnswer;

    fn key(n: u64) -> FunnelKey {
        FunnelKey::FunnelWrite(n)
    }

    fn answer(n: u64, settled: Settled<Funnel>) -> FunnelAnswer {
        FunnelAnswer::FunnelWrite(n, settled)
    }

    fn read_back(id: &String) -> crate::worker::TypedCall<Result<Funnel, ApiError>> {
        read_item(op::Funnel(id.clone()))
    }

    fn judge(change: &FunnelChange, found: Result<&Funnel, &ApiError>) -> ReadBack {
        match (change, found) {
            (FunnelChange::Rename { to, .. }, Ok(f)) if f.name.as_deref() == Some(to) => {
                ReadBack::Applied
            }
            (FunnelChange::Delete { .. }, Err(ApiError::NotFound { .. })) => ReadBack::Applied,
            (_, Ok(_)) => ReadBack::NotApplied,
            (_, Err(e)) => read_back_failed(e.clone()),
        }
    }

    fn rebase(_: &mut FunnelChange, _: &()) {}
}

impl FunnelList {
    fn funnel_mut(&mut self, id: &str) -> Option<&mut Funnel> {
        self.funnels.value_mut()?.iter_mut().find(|f| f.id == id)
    }

    fn remove_funnel(&mut self, id: &str) -> Option<(Funnel, usize)> {
        let all = self.funnels.value_mut()?;
        let index = all.iter().position(|f| f.id == id)?;
        let f = all.remove(index);
        self.refilter();
        Some((f, index))
    }

    fn insert_funnel(&mut self, funnel: Funnel, index: usize) {
        if let Some(all) = self.funnels.value_mut()
            && !all.iter().any(|f| f.id == funnel.id)
        {
            all.insert(index.min(all.len()), funnel);
        }
        self.refilter();
    }
}

impl Shown<FunnelWrites> for FunnelList {
    fn reapply(&mut self, id: &String, change: &FunnelChange, _: &ScreenCtx) {
        match change {
            FunnelChange::Rename { to, .. } => {
                if let Some(f) = self.funnel_mut(id) {
                    f.name = Some(to.clone());
                }
            }
            FunnelChange::Delete { .. } => {
                self.remove_funnel(id);
            }
        }
    }

    fn roll_back(
        &mut self,
        id: &String,
        change: &FunnelChange,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        match change {
            FunnelChange::Rename { from, .. } if !later => {
                if let Some(f) = self.funnel_mut(id) {
                    f.name.clone_from(from);
                }
            }
            FunnelChange::Rename { .. } => {}
            FunnelChange::Delete { funnel, index } => {
                self.insert_funnel((**funnel).clone(), *index)
            }
        }
        None
    }

    fn take(&mut self, id: &String, fresh: Funnel) {
        if let Some(f) = self.funnel_mut(id) {
            *f = fresh;
        }
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
        match (change, verdict, found) {
            (_, ReadBack::Gone, _) => {
                self.remove_funnel(id);
            }
            (FunnelChange::Delete { index, .. }, ReadBack::NotApplied, Ok(fresh)) => {
                self.insert_funnel(fresh, *index)
            }
            (FunnelChange::Rename { .. }, _, Ok(fresh)) => self.take(id, fresh),
            _ => {}
        }
        None
    }
}

// ----- statuses -----------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct StatusWrites;

#[derive(Debug, Clone)]
pub enum StatusChange {
    /// Status `id` renamed.
    Rename {
        id: String,
        from: Option<String>,
        to: String,
    },
    Delete {
        status: Box<FunnelStatus>,
        index: usize,
    },
    /// Status `id` moved from `from` to go after status `after` (`None`: first).
    Move {
        id: String,
        from: usize,
        after: Option<String>,
    },
}

impl Writes for StatusWrites {
    /// The funnel and the status.
    type Id = (String, String);
    type Change = StatusChange;
    /// The funnel's statuses, as read back.
    type Item = Vec<FunnelStatus>;
    type Note = ();
    type Truth = ();

    type Key = FunnelKey;
    type Answer = FunnelAnswer;

    fn key(n: u64) -> FunnelKey {
        FunnelKey::StatusWrite(n)
    }

    fn answer(n: u64, settled: Settled<Vec<FunnelStatus>>) -> FunnelAnswer {
        FunnelAnswer::StatusWrite(n, settled)
    }

    fn read_back(
        id: &(String, String),
    ) -> crate::worker::TypedCall<Result<Vec<FunnelStatus>, ApiError>> {
        crate::worker::TypedCall::new(op::FunnelStatuses(id.0.clone()))
    }

    fn judge(change: &StatusChange, found: Result<&Vec<FunnelStatus>, &ApiError>) -> ReadBack {
        let all = match found {
            Ok(all) => all,
            Err(e) => return read_back_failed(e.clone()),
        };
        let at = |id: &str| all.iter().position(|s| s.id == id);
        match change {
            StatusChange::Rename { id, to, .. } => match all.iter().find(|s| s.id == *id) {
                Some(s) if s.name.as_deref() == Some(to) => ReadBack::Applied,
                Some(_) => ReadBack::NotApplied,
                None => ReadBack::Gone,
            },
            StatusChange::Delete { status, .. } if at(&status.id).is_some() => ReadBack::NotApplied,
            StatusChange::Delete { .. } => ReadBack::Applied,
            StatusChange::Move { id, after, .. } => {
                let Some(pos) = at(id) else {
                    return ReadBack::Gone;
                };
                // In place when the status before it is the one it was sent to follow.
                let before = pos.checked_sub(1).map(|p| all[p].id.as_str());
                if before == after.as_deref() {
                    ReadBack::Applied
                } else {
                    ReadBack::NotApplied
                }
            }
        }
    }

    fn rebase(_: &mut StatusChange, _: &()) {}
}

impl FunnelDetail {
    fn status_mut(&mut self, id: &str) -> Option<&mut FunnelStatus> {
        self.statuses.value_mut()?.iter_mut().find(|s| s.id == id)
    }

    /// Takes status `id` and its column off the board.
    pub(super) fn remove_status(
        &mut self,
        id: &str,
        cx: &ScreenCtx,
    ) -> Option<(FunnelStatus, usize)> {
        let all = self.statuses.value_mut()?;
        let index = all.iter().position(|s| s.id == id)?;
        let status = all.remove(index);
        self.columns.retain(|c| c.status_id != id);
        self.focus = self.focus.min(self.columns.len().saturating_sub(1));
        self.fix_columns(cx);
        Some((status, index))
    }

    /// Puts `status` and an empty column for it at `index`.
    pub(super) fn insert_status(&mut self, status: FunnelStatus, index: usize, cx: &ScreenCtx) {
        let Some(all) = self.statuses.value_mut() else {
            return;
        };
        if all.iter().any(|s| s.id == status.id) {
            return;
        }
        let at = index.min(all.len());
        let id = status.id.clone();
        all.insert(at, status);
        let col = at.min(self.columns.len());
        self.columns.insert(col, super::board::Column::new(id));
        self.fix_columns(cx);
    }

    /// Moves status `id` to after `after` (`None`: first), its column with it.
    fn place_status(&mut self, id: &str, after: Option<&str>, cx: &ScreenCtx) {
        let focused = self.column().map(|c| c.status_id.clone());
        let Some(all) = self.statuses.value_mut() else {
            return;
        };
        let Some(from) = all.iter().position(|s| s.id == id) else {
            return;
        };
        let status = all.remove(from);
        let to = match after {
            None => 0,
            Some(a) => all
                .iter()
                .position(|s| s.id == a)
                .map_or(all.len(), |p| p + 1),
        };
        all.insert(to, status);
        let order: Vec<String> = all.iter().map(|s| s.id.clone()).collect();
        self.columns.sort_by_key(|c| {
            order
                .iter()
                .position(|o| *o == c.status_id)
                .unwrap_or(usize::MAX)
        });
        if let Some(f) = focused.and_then(|f| self.column_index(&f)) {
            self.focus = f;
        }
        self.fix_columns(cx);
    }

    /// The status before `index` once status `id` is taken out of the order.
    fn status_before(&self, id: &str, index: usize) -> Option<String> {
        let rest: Vec<&FunnelStatus> = self.status_list().iter().filter(|s| s.id != id).collect();
        index
            .checked_sub(1)
            .and_then(|i| rest.get(i))
            .map(|s| s.id.clone())
    }
}

impl Shown<StatusWrites> for FunnelDetail {
    fn reapply(&mut self, id: &(String, String), change: &StatusChange, cx: &ScreenCtx) {
        if self.id != id.0 {
            return;
        }
        match change {
            StatusChange::Rename { to, .. } => {
                if let Some(s) = self.status_mut(&id.1) {
                    s.name = Some(to.clone());
                }
            }
            StatusChange::Delete { .. } => {
                self.remove_status(&id.1, cx);
            }
            StatusChange::Move { after, .. } => self.place_status(&id.1, after.as_deref(), cx),
        }
    }

    fn roll_back(
        &mut self,
        id: &(String, String),
        change: &StatusChange,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<()> {
        if self.id != id.0 || later {
            return None;
        }
        match change {
            StatusChange::Rename { from, .. } => {
                if let Some(s) = self.status_mut(&id.1) {
                    s.name.clone_from(from);
                }
            }
            StatusChange::Delete { status, index } => {
                self.insert_status((**status).clone(), *index, cx)
            }
            StatusChange::Move { from, .. } => {
                let before = self.status_before(&id.1, *from);
                self.place_status(&id.1, before.as_deref(), cx);
            }
        }
        None
    }

    fn take(&mut self, _: &(String, String), _: Vec<FunnelStatus>) {}

    /// The statuses are read again whole after a read-back (see `after_status_write`): what
    /// the service has shows then.
    fn read_back(
        &mut self,
        id: &(String, String),
        change: &StatusChange,
        _found: Result<Vec<FunnelStatus>, ApiError>,
        verdict: &ReadBack,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<()> {
        if *verdict == ReadBack::NotApplied {
            return Shown::<StatusWrites>::roll_back(self, id, change, later, cx);
        }
        None
    }
}

// ----- the state and its keys ---------------------------------------------------------------

#[derive(Debug, Default)]
pub struct Structure {
    pub funnels: Ledger<FunnelWrites>,
    pub statuses: Ledger<StatusWrites>,
    creating: BTreeMap<u64, Creating>,
    /// Funnels and statuses whose answer was lost and that no look found: the same name sent
    /// again is looked for first.
    unsure: Unsettled<NameLookup>,
    next: u64,
}

impl Structure {
    /// What quitting now would leave unconfirmed: a funnel or status sent and not answered, or
    /// looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        let c = self.creating.values().next()?;
        let what = created_word(&c.lookup.place);
        let name = crate::text::quoted(&c.lookup.name, 40);
        Some(match &c.looking {
            Some(_) => format!("The {what} {name} may have been created; it is not confirmed yet."),
            None => format!("The {what} {name} is being created; its answer would not be seen."),
        })
    }

    pub fn unsettled(&self) -> usize {
        self.creating.len() + self.funnels.unsettled() + self.statuses.unsettled()
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
        self.structure.next += 1;
        let n = self.structure.next;
        let lookup = NameLookup { place, name };
        let held = self.existing(&lookup.place);
        let clock = cx.clock;
        let (sent, looking) = match self
            .structure
            .unsure
            .send(&lookup, || SentAt::new(&clock, lookup.known(&held)))
        {
            Sending::Now(sent) => {
                send_create(n, &lookup.place, &lookup.name, cx);
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                look_for_created(n, look, cx);
                cx.toast(ToastKind::Info, lost.resend_text("created"));
                (lost.sent.clone(), Some(lost))
            }
        };
        self.structure.creating.insert(
            n,
            Creating {
                lookup,
                sent,
                looking,
                earlier: None,
            },
        );
    }

    pub(super) fn rename_funnel(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        let Some(f) = self.list.funnel_mut(&id) else {
            return;
        };
        let from = f.name.replace(name.clone());
        if from.as_deref() == Some(name.as_str()) {
            return;
        }
        let label = quoted(from.as_deref(), "(unnamed funnel)");
        let input = FunnelInput {
            name: Some(name.clone()),
            ..Default::default()
        };
        if let Some(d) = &mut self.detail
            && d.id == id
            && let Some(f) = d.funnel.value_mut()
        {
            f.name = Some(name.clone());
        }
        let g = self.structure.funnels.group(());
        let change = FunnelChange::Rename { from, to: name };
        let call = returning(op::UpdateFunnel(id.clone(), input));
        self.structure
            .funnels
            .add(g, id, label, change, vec![call], cx);
    }

    pub(super) fn rename_status(
        &mut self,
        funnel: String,
        id: String,
        name: String,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(s) = d.status_mut(&id) else {
            return;
        };
        let from = s.name.replace(name.clone());
        if from.as_deref() == Some(name.as_str()) {
            return;
        }
        let label = quoted(from.as_deref(), "(unnamed status)");
        let g = self.structure.statuses.group(());
        let change = StatusChange::Rename {
            id: id.clone(),
            from,
            to: name.clone(),
        };
        let call = crate::worker::TypedCall::new(op::RenameFunnelStatus(id.clone(), name))
            .map(|r| r.map(|_| None));
        self.structure
            .statuses
            .add(g, (funnel, id), label, change, vec![call], cx);
    }

    /// `y` to "delete this funnel?".
    pub(super) fn delete_funnel(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        let Some((funnel, index)) = self.list.remove_funnel(&id) else {
            return;
        };
        self.list.fix_scroll(cx);
        let g = self.structure.funnels.group(());
        let change = FunnelChange::Delete {
            funnel: Box::new(funnel),
            index,
        };
        let call = deleted(op::DeleteFunnel(id.clone()));
        self.structure
            .funnels
            .add(g, id, name, change, vec![call], cx);
    }

    /// `y` to "delete this status?".
    pub(super) fn delete_status(
        &mut self,
        funnel: String,
        id: String,
        name: String,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = self.detail.as_mut().filter(|d| d.id == funnel) else {
            return;
        };
        let Some((status, index)) = d.remove_status(&id, cx) else {
            return;
        };
        cx.cancel(FunnelKey::Deals(id.clone()));
        let g = self.structure.statuses.group(());
        let change = StatusChange::Delete {
            status: Box::new(status),
            index,
        };
        let call = deleted(op::DeleteFunnelStatus(id.clone()));
        self.structure
            .statuses
            .add(g, (funnel, id), name, change, vec![call], cx);
    }

    /// `<` / `>` on the board: the focused status one place left or right.
    pub(super) fn move_status(&mut self, by: isize, cx: &mut ScreenCtx) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(c) = d.column() else {
            return;
        };
        let id = c.status_id.clone();
        let list = d.status_list();
        let Some(from) = list.iter().position(|s| s.id == id) else {
            return;
        };
        let to = from as isize + by;
        if to < 0 || to as usize >= list.len() {
            let edge = if by < 0 { "first" } else { "last" };
            cx.toast(
                ToastKind::Info,
                format!("The status is already the {edge}."),
            );
            return;
        }
        let label = quoted(list[from].name.as_deref(), "(unnamed status)");
        let after = d.status_before(&id, to as usize);
        d.place_status(&id, after.as_deref(), cx);
        let g = self.structure.statuses.group(());
        let change = StatusChange::Move {
            id: id.clone(),
            from,
            after: after.clone(),
        };
        let call = done(op::MoveFunnelStatus(id.clone(), after));
        let funnel = d.id.clone();
        self.structure
            .statuses
            .add(g, (funnel, id), label, change, vec![call], cx);
    }

    // ----- answers --------------------------------------------------------------------------

    /// The answer to new funnel `n`.
    pub(super) fn on_funnel_created(
        &mut self,
        n: u64,
        result: Result<Funnel, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let result = result.map(|f| (Named::from(&f), Some(f), None));
        self.on_structure_created(n, result, cx);
    }

    /// The answer to new status `n`.
    pub(super) fn on_status_created(
        &mut self,
        n: u64,
        result: Result<FunnelStatus, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let result = result.map(|s| (Named::from(&s), None, Some(s)));
        self.on_structure_created(n, result, cx);
    }

    fn on_structure_created(
        &mut self,
        n: u64,
        result: Result<(Named, Option<Funnel>, Option<FunnelStatus>), ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(c) = self.structure.creating.get(&n).cloned() else {
            return;
        };
        let what = created_word(&c.lookup.place);
        let name = crate::text::quoted(&c.lookup.name, 40);
        match CreateAnswer::read(result) {
            CreateAnswer::Created((_, funnel, status)) => {
                self.structure.creating.remove(&n);
                if let Some(f) = funnel {
                    let id = f.id.clone();
                    let at = self.list.all().len();
                    self.list.insert_funnel(f, at);
                    if let Some(pos) = self.list.position(&id) {
                        self.list.cursor = pos;
                    }
                    self.list.fix_scroll(cx);
                }
                if let Some(s) = status {
                    self.show_new_status(&c.lookup.place, s, cx);
                }
                cx.toast(ToastKind::Success, format!("Created the {what} {name}"));
            }
            CreateAnswer::Refused(e) => {
                self.structure.creating.remove(&n);
                if let Some(earlier) = c.earlier {
                    // This send did nothing; the one before may still land.
                    self.structure.unsure.keep(*earlier);
                }
                let text = format!("Could not create the {what} {name}: {}", e.short());
                cx.toast(ToastKind::Error, text);
                let naming = match c.lookup.place {
                    Place::Funnels { .. } => Naming::NewFunnel,
                    Place::Statuses(funnel) => Naming::NewStatus { funnel },
                };
                self.prompt_again(naming, &c.lookup.name, e.short());
            }
            CreateAnswer::Lost(e) => {
                // From the first send on: the look covers every send of it.
                let (lost, look) = LostCreate::start(c.lookup, e, c.sent);
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                look_for_created(n, look, cx);
                if let Some(c) = self.structure.creating.get_mut(&n) {
                    c.looking = Some(Box::new(lost));
                }
            }
        }
    }

    /// What was typed is not lost: the name prompt comes back with it and the service's words
    /// (a 422 names the rule the name broke), unless a prompt or picker is open by then. A
    /// question open stays over it, answered first.
    fn prompt_again(&mut self, naming: Naming, name: &str, why: String) {
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

    /// The read that looks for new funnel or status `n`.
    pub(super) fn on_create_looked(
        &mut self,
        n: u64,
        result: Result<Vec<Named>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(c) = self.structure.creating.get_mut(&n) else {
            return;
        };
        let Some(lost) = &mut c.looking else {
            return;
        };
        let looked = lost.on_answer(result);
        match looked {
            Looked::Resend => {
                c.earlier = c.looking.take();
                let (place, name) = (c.lookup.place.clone(), c.lookup.name.clone());
                send_create(n, &place, &name, cx);
                return;
            }
            Looked::Next(look) => {
                look_for_created(n, look, cx);
                return;
            }
            Looked::Found(_) | Looked::NotCreated | Looked::Failed => {}
        }
        let Some(c) = self.structure.creating.remove(&n) else {
            return;
        };
        let Some(lost) = c.looking else {
            return;
        };
        match looked {
            Looked::Found(_) => {
                cx.toast(ToastKind::Success, lost.found_text("created"));
                // Its whole (a funnel's first statuses, a status's totals) is the service's:
                // read again rather than pieced together from the look.
                match &c.lookup.place {
                    Place::Funnels { .. } => self.reload_list(cx),
                    Place::Statuses(funnel) => {
                        let moving = !self.moves.is_idle() || !self.verbs.is_idle();
                        if let Some(d) = self.detail.as_mut().filter(|d| d.id == *funnel) {
                            d.reload(moving, cx);
                        }
                    }
                }
            }
            Looked::NotCreated => {
                let text = format!(
                    "{}; the same name again looks once more first",
                    lost.not_created_text("created")
                );
                self.structure.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
            Looked::Failed | Looked::Next(_) | Looked::Resend => {
                let refresh = cx.keys.then_say("global.refresh", "reads them again");
                let text = format!(
                    "{}; the same name again looks first{refresh}",
                    lost.check_failed_text("created")
                );
                self.structure.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
        }
    }

    /// The answer to funnel write `n` (a rename answers the funnel).
    pub(super) fn on_funnel_written(
        &mut self,
        n: u64,
        result: Result<Option<Funnel>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let done = self
            .structure
            .funnels
            .on_written(n, result, &mut self.list, cx);
        self.after_funnel_write(done, cx);
    }

    pub(super) fn on_funnel_read_back(
        &mut self,
        n: u64,
        result: Result<Funnel, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let done = self
            .structure
            .funnels
            .on_read_back(n, result, &mut self.list, cx);
        self.after_funnel_write(done, cx);
    }

    fn after_funnel_write(&mut self, done: Option<Group<FunnelWrites>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        self.list.fix_scroll(cx);
        for (id, o) in &group.items {
            let (done, attempt) = match &o.change {
                FunnelChange::Rename { to, .. } => (
                    format!(
                        "Renamed the funnel {} to {}",
                        o.name,
                        crate::text::quoted(to, 40)
                    ),
                    format!("rename the funnel {}", o.name),
                ),
                FunnelChange::Delete { .. } => (
                    format!("Deleted the funnel {}", o.name),
                    format!("delete the funnel {}", o.name),
                ),
            };
            let (kind, text) = o.report(&done, &attempt);
            cx.toast(kind, text);
            if let (FunnelChange::Rename { to, .. }, Some(why)) = (&o.change, refusal(o)) {
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

    /// The answer to status write `n`.
    pub(super) fn on_status_written(
        &mut self,
        n: u64,
        result: Result<Option<Vec<FunnelStatus>>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let mut board = self.detail.as_mut();
        let done = self
            .structure
            .statuses
            .on_written(n, result, &mut board, cx);
        self.after_status_write(done, cx);
    }

    pub(super) fn on_status_read_back(
        &mut self,
        n: u64,
        result: Result<Vec<FunnelStatus>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let mut board = self.detail.as_mut();
        let done = self
            .structure
            .statuses
            .on_read_back(n, result, &mut board, cx);
        self.after_status_write(done, cx);
    }

    fn after_status_write(&mut self, done: Option<Group<StatusWrites>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        let mut reread = None;
        for ((funnel, _), o) in &group.items {
            let (done, attempt) = match &o.change {
                StatusChange::Rename { to, .. } => (
                    format!(
                        "Renamed the status {} to {}",
                        o.name,
                        crate::text::quoted(to, 40)
                    ),
                    format!("rename the status {}", o.name),
                ),
                StatusChange::Delete { .. } => (
                    format!("Deleted the status {}", o.name),
                    format!("delete the status {}", o.name),
                ),
                StatusChange::Move { .. } => (
                    format!("Moved the status {}", o.name),
                    format!("move the status {}", o.name),
                ),
            };
            let (kind, mut text) = o.report(&done, &attempt);
            // Moving a status is known only from the service's 2023 client (the reference
            // marks it UNCERTAIN): it is used, and a service without it answers 404 or 405,
            // which is said as such rather than as a missing status.
            if matches!(o.change, StatusChange::Move { .. })
                && o.lost.is_none()
                && matches!(
                    o.error,
                    Some(ApiError::NotFound { .. } | ApiError::Refused { status: 405, .. })
                )
            {
                text = format!(
                    "Could not move the status {}: this service does not offer reordering \
                     statuses (POST /crm/statuses/{{id}}/move); the order is as it was",
                    o.name
                );
            }
            cx.toast(kind, text);
            if let (StatusChange::Rename { id, from, to }, Some(why)) = (&o.change, refusal(o)) {
                let naming = Naming::RenameStatus {
                    funnel: funnel.clone(),
                    id: id.clone(),
                    was: from.clone().unwrap_or_default(),
                };
                self.prompt_again(naming, to, why);
            }
            if o.error.is_some() || o.read_back.is_some() {
                reread = Some(funnel.clone());
            }
        }
        // After a refusal or a read-back, the statuses (and so the columns) as the service
        // has them.
        let moving = !self.moves.is_idle() || !self.verbs.is_idle();
        if let Some(funnel) = reread
            && let Some(d) = self.detail.as_mut().filter(|d| d.id == funnel)
        {
            d.reload(moving, cx);
        }
    }
}

/// Why a rename did not hold, when it did not (refused, or read back and not there).
fn refusal<W: Writes>(o: &crate::screen::ledger::Outcome<W>) -> Option<String> {
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

fn created_word(place: &Place) -> &'static str {
    match place {
        Place::Funnels { .. } => "funnel",
        Place::Statuses(_) => "status",
    }
}

fn send_create(n: u64, place: &Place, name: &str, cx: &mut ScreenCtx) {
    match place {
        Place::Funnels { currency } => {
            let funnel = op::CreateFunnel(FunnelInput {
                name: Some(name.to_string()),
                currency_id: *currency,
                ..Default::default()
            });
            cx.request(FunnelKey::Create(n), funnel, move |r| {
                FunnelAnswer::FunnelCreated(n, r)
            });
        }
        Place::Statuses(funnel) => {
            let status = op::CreateFunnelStatus(funnel.clone(), name.to_string());
            cx.request(FunnelKey::Create(n), status, move |r| {
                FunnelAnswer::StatusCreated(n, r)
            });
        }
    }
}

/// Reads what new funnel or status `n` is looked for among.
fn look_for_created(n: u64, look: PageRead<Vec<Named>>, cx: &mut ScreenCtx) {
    cx.ask(FunnelKey::CreateFind(n), look, move |r| {
        FunnelAnswer::CreateFound(n, r)
    });
}

/// Funnels or statuses by their names.
fn named_all<'a, T: 'a>(all: &'a [T]) -> Vec<Named>
where
    Named: From<&'a T>,
{
    all.iter().map(Named::from).collect()
}
