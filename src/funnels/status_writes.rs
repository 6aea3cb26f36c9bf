//! A funnel's statuses renamed, deleted and reordered from its board (`R` / `X` / `<` `>`):
//! shown at once and sent through the write ledger. A refusal puts things back with the
//! service's words, a lost answer has the statuses read back, and either way the statuses
//! (and so the columns) are then read again whole, as the service has them.

use weeek_api::ApiError;
use weeek_api::models::FunnelStatus;

use super::detail::FunnelDetail;
use super::structure::{quoted, refusal};
use super::structure_prompts::Naming;
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Settled, Shown, Writes, deleted, done};
use crate::screen::lost_answer::ReadBack;
use crate::screen::named_writes::{self, NamedChange};
use crate::screen::toast::ToastKind;
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct StatusWrites;

#[derive(Debug, Clone)]
pub enum StatusChange {
    /// Renamed or deleted.
    Named(NamedChange<FunnelStatus>),
    /// Moved from `from` to go after status `after` (`None`: first).
    Move { from: usize, after: Option<String> },
}

impl Writes for StatusWrites {
    /// The funnel and the status.
    type Id = (String, String);
    type Change = StatusChange;
    /// The funnel's statuses, as read back.
    type Item = Vec<FunnelStatus>;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(FunnelKey, FunnelAnswer, StatusWrite);

    fn read_back(id: &(String, String)) -> TypedCall<Result<Vec<FunnelStatus>, ApiError>> {
        TypedCall::new(op::FunnelStatuses(id.0.clone()))
    }

    fn judge(
        (_, id): &(String, String),
        change: &StatusChange,
        found: Result<&Vec<FunnelStatus>, &ApiError>,
    ) -> ReadBack {
        let found = found.map(Vec::as_slice);
        match change {
            StatusChange::Named(c) => c.judge_in(id, found),
            // In place when the status before it is the one it was sent to follow.
            StatusChange::Move { after, .. } => named_writes::judge_move(id, after.as_ref(), found),
        }
    }
}

impl FunnelDetail {
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
            StatusChange::Named(NamedChange::Delete { .. }) => {
                self.remove_status(&id.1, cx);
            }
            StatusChange::Named(rename) => {
                if let Some(all) = self.statuses.value_mut() {
                    rename.reapply(all, &id.1);
                }
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
            StatusChange::Named(NamedChange::Delete { item, index }) => {
                self.insert_status((**item).clone(), *index, cx)
            }
            StatusChange::Named(rename) => {
                if let Some(all) = self.statuses.value_mut() {
                    rename.roll_back(all, &id.1, later);
                }
            }
            StatusChange::Move { from, .. } => {
                let before = self.status_before(&id.1, *from);
                self.place_status(&id.1, before.as_deref(), cx);
            }
        }
        None
    }

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

impl FunnelsState {
    pub(super) fn rename_status(
        &mut self,
        funnel: String,
        id: String,
        name: String,
        cx: &mut ScreenCtx,
    ) {
        let Some(all) = self.detail.as_mut().and_then(|d| d.statuses.value_mut()) else {
            return;
        };
        let Some(change) = named_writes::rename(all, &id, &name) else {
            return;
        };
        let label = quoted(change.renamed_from(), "(unnamed status)");
        let call =
            TypedCall::new(op::RenameFunnelStatus(id.clone(), name)).map(|r| r.map(|_| None));
        let change = StatusChange::Named(change);
        self.structure
            .statuses
            .write((funnel, id), label, change, call, cx);
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
        let item = Box::new(status);
        let change = StatusChange::Named(NamedChange::Delete { item, index });
        let call = deleted(op::DeleteFunnelStatus(id.clone()));
        self.structure
            .statuses
            .write((funnel, id), name, change, call, cx);
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
        let change = StatusChange::Move {
            from,
            after: after.clone(),
        };
        let call = done(op::MoveFunnelStatus(id.clone(), after));
        let funnel = d.id.clone();
        self.structure
            .statuses
            .write((funnel, id), label, change, call, cx);
    }

    /// The answer to status write `n`, or the statuses read back after it.
    pub(super) fn on_status_write(
        &mut self,
        n: u64,
        settled: Settled<Vec<FunnelStatus>>,
        cx: &mut ScreenCtx,
    ) {
        let mut board = self.detail.as_mut();
        let done = self
            .structure
            .statuses
            .on_settled(n, settled, &mut board, cx);
        self.after_status_write(done, cx);
    }

    fn after_status_write(&mut self, done: Option<Group<StatusWrites>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        let mut reread = None;
        for ((funnel, id), o) in &group.items {
            let (done, attempt) = match &o.change {
                StatusChange::Named(c) => c.words("status", &o.name),
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
            if let (StatusChange::Named(NamedChange::Rename { from, to }), Some(why)) =
                (&o.change, refusal(o))
            {
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
