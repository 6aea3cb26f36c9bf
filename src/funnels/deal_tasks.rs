//! The tasks linked to a deal, in the deal popup: `J`/`K` pick one, `Enter` opens it on the
//! task screen, `n` attaches a new task by its title, `D` detaches one (after asking).
//!
//! Both are shown at once. A new task shows as "sending…" until the service answers; it goes
//! through the shared creates of named items (`screen::named_creates`): a refusal takes it away
//! with the service's words, and a lost answer has the deal read to look for it before
//! anything may be sent again (a second send would make a second task).
//! A detach goes through the shared write ledger: a refusal puts the task back, a lost
//! answer has the deal read back and shows what the service has.

use time::OffsetDateTime;
use weeek_api::models::{Deal, Task};
use weeek_api::{ApiError, NewTask};

use super::detail::FunnelDetail;
use super::layer::Layer;
use super::verbs::Ask;
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::screen::ScreenCtx;
use crate::screen::jump::Jump;
use crate::screen::ledger::{Ledger, Settled, Shown, Writes, done, read_item};
use crate::screen::lost_answer::{CreateLookup, PageRead, ReadBack};
use crate::screen::named_creates::{CreateEnd, NamedCreates, NamedPlace};
use crate::screen::named_writes::{self, NamedChange};
use crate::screen::toast::ToastKind;
use crate::worker::op;

/// Finds a new linked task among the deal's tasks: the title sent, new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct LinkedTaskLookup {
    deal: String,
    title: String,
}

impl CreateLookup for LinkedTaskLookup {
    type Item = Task;
    type Page = Deal;
    type Id = i64;

    fn name(&self) -> String {
        self.title.clone()
    }

    /// The deal holds all its tasks: one read, no pages.
    fn read(&self, _page: u32) -> PageRead<Deal> {
        read_item(op::Deal(self.deal.clone()))
    }

    fn candidates(&self, deal: Deal) -> (Vec<Task>, bool) {
        (deal.tasks, false)
    }

    fn matches(&self, task: &Task) -> bool {
        task.id > 0 && task.title.as_deref().map(str::trim) == Some(self.title.trim())
    }

    fn id(task: &Task) -> i64 {
        task.id
    }

    fn created(task: &Task) -> Option<OffsetDateTime> {
        task.created_at
    }
}

impl NamedPlace for LinkedTaskLookup {
    type Made = Box<Task>;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let task = NewTask {
            title: self.title.clone(),
            ..Default::default()
        };
        cx.request(
            FunnelKey::TaskAttach(n),
            op::CreateDealTask(self.deal.clone(), task),
            move |r| FunnelAnswer::TaskAttached(n, r),
        );
    }

    /// Reads the deal to look for new linked task `n`.
    fn look(n: u64, read: PageRead<Deal>, cx: &mut ScreenCtx) {
        cx.ask(FunnelKey::TaskFind(n), read, move |r| {
            FunnelAnswer::TaskFound(n, r)
        });
    }

    fn what(&self) -> &'static str {
        "task"
    }

    fn created_text(&self, _: &Box<Task>) -> String {
        format!("Linked a new task {}", self.quoted())
    }

    fn called(&self) -> &'static str {
        "title"
    }

    fn refresh_reads(&self) -> &'static str {
        "reads the deal again"
    }
}

/// Detaches as optimistic writes of the ledger: each takes a task out of the deal's list of
/// tasks (a delete of it there).
#[derive(Debug, Clone)]
pub struct Detaches;

impl Writes for Detaches {
    /// The deal and the task.
    type Id = (String, i64);
    type Change = NamedChange<Task>;
    type Item = Deal;
    type Note = ();
    type Truth = ();
    crate::ledger_requests!(FunnelKey, FunnelAnswer, TaskDetach);

    fn read_back(id: &(String, i64)) -> PageRead<Deal> {
        read_item(op::Deal(id.0.clone()))
    }

    fn judge(
        id: &(String, i64),
        change: &NamedChange<Task>,
        found: Result<&Deal, &ApiError>,
    ) -> ReadBack {
        change.judge_in(&id.1, found.map(|deal| deal.tasks.as_slice()))
    }
}

impl Shown<Detaches> for FunnelDetail {
    fn reapply(&mut self, id: &(String, i64), change: &NamedChange<Task>, _: &ScreenCtx) {
        self.each_copy(&id.0, |d| change.reapply(&mut d.tasks, &id.1));
    }

    fn roll_back(
        &mut self,
        id: &(String, i64),
        change: &NamedChange<Task>,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        self.each_copy(&id.0, |d| change.roll_back(&mut d.tasks, &id.1, later));
        None
    }

    /// The deal's other tasks stay as shown (new ones may be on their way): only this one
    /// goes, or comes back as the service has it.
    fn read_back(
        &mut self,
        id: &(String, i64),
        change: &NamedChange<Task>,
        found: Result<Deal, ApiError>,
        verdict: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        let NamedChange::Delete { item, index } = change else {
            return None;
        };
        match (verdict, found) {
            (ReadBack::NotApplied, Ok(fresh)) => {
                let task = fresh.tasks.into_iter().find(|t| t.id == id.1);
                let task = task.unwrap_or_else(|| (**item).clone());
                self.each_copy(&id.0, |d| {
                    named_writes::restore(&mut d.tasks, task.clone(), *index)
                });
            }
            (ReadBack::Applied, _) => self.unlink_task(&id.0, id.1),
            _ => {}
        }
        None
    }
}

/// The tasks of deals being linked and unlinked, and the prompt for a new one.
#[derive(Debug, Default)]
pub struct DealTasks {
    /// New tasks on their way: the same title attached to the same deal again after a lost
    /// answer is looked for first.
    creates: NamedCreates<LinkedTaskLookup>,
    pub detaches: Ledger<Detaches>,
}

impl DealTasks {
    /// What quitting now would leave unconfirmed: a new linked task sent and not answered, or
    /// looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        self.creates.unanswered()
    }

    /// New tasks and detaches not answered yet.
    pub fn unsettled(&self) -> usize {
        self.creates.len() + self.detaches.unsettled()
    }

    /// Lays what is on its way over a fresh read of deal `id`: placeholders of new tasks,
    /// detached tasks taken off.
    pub fn reapply(&self, d: &mut FunnelDetail, cx: &ScreenCtx) {
        for (n, lookup) in self.creates.pending() {
            d.relink_task(&lookup.deal, &placeholder(n, lookup), usize::MAX);
        }
        self.detaches.reapply(d, cx);
    }

    /// Whether `id` is a placeholder of a task still being created.
    pub fn is_pending(id: i64) -> bool {
        id < 0
    }
}

/// The id new task `n` shows under until the service answers (below zero: no task of the
/// service has it).
fn temp_id(n: u64) -> i64 {
    -(n as i64)
}

fn placeholder(n: u64, lookup: &LinkedTaskLookup) -> Task {
    Task {
        id: temp_id(n),
        title: Some(lookup.title.clone()),
        ..Default::default()
    }
}

impl FunnelDetail {
    /// Applies `f` to every copy of deal `id` on screen: the open deal and its card.
    fn each_copy(&mut self, id: &str, mut f: impl FnMut(&mut Deal)) {
        if let Some(view) = &mut self.deal
            && view.id == id
            && let Some(deal) = view.deal.value_mut()
        {
            f(deal);
        }
        for c in &mut self.columns {
            for deal in c.deals.rows.iter_mut().filter(|d| d.id == id) {
                f(deal);
            }
        }
        self.fix_task_cursor();
    }

    /// Takes task `task` off deal `deal`.
    pub(super) fn unlink_task(&mut self, deal: &str, task: i64) {
        self.each_copy(deal, |d| d.tasks.retain(|t| t.id != task));
    }

    /// Links `task` to deal `deal` at `index` (the end when past it), unless it is already.
    pub(super) fn relink_task(&mut self, deal: &str, task: &Task, index: usize) {
        self.each_copy(deal, |d| {
            named_writes::restore(&mut d.tasks, task.clone(), index)
        });
    }

    /// Puts `fresh` in place of task `old` on deal `deal` (a placeholder answered).
    fn replace_task(&mut self, deal: &str, old: i64, fresh: &Task) {
        self.each_copy(deal, |d| {
            let at = d.tasks.iter().position(|t| t.id == old);
            d.tasks.retain(|t| t.id != old && t.id != fresh.id);
            let at = at.unwrap_or(d.tasks.len()).min(d.tasks.len());
            d.tasks.insert(at, fresh.clone());
        });
    }

    fn fix_task_cursor(&mut self) {
        if let Some(view) = &mut self.deal {
            let n = view.deal.value().map_or(0, |d| d.tasks.len());
            view.task = view.task.min(n.saturating_sub(1));
        }
    }

    /// The task under the popup's cursor.
    pub fn current_task(&self) -> Option<&Task> {
        let view = self.deal.as_ref()?;
        view.deal.value()?.tasks.get(view.task)
    }
}

impl FunnelsState {
    /// `J` / `K` in the deal popup: the next or previous linked task, kept in sight.
    pub(super) fn step_task(&mut self, by: isize, cx: &mut ScreenCtx) {
        let Some(view) = self.detail.as_mut().and_then(|d| d.deal.as_mut()) else {
            return;
        };
        let Some(deal) = view.deal.value() else {
            return;
        };
        let n = deal.tasks.len();
        if n == 0 {
            cx.toast(ToastKind::Info, "No tasks are linked to this deal");
            return;
        }
        let to = (view.task as isize + by).clamp(0, n as isize - 1) as usize;
        if to == view.task {
            // As on the board: a step past the end says so rather than nothing.
            let edge = if by < 0 { "first" } else { "last" };
            cx.toast(ToastKind::Info, format!("Already the {edge} task"));
            return;
        }
        view.task = to;
        let line = super::detail::task_line(deal, view.deal.error().is_some(), view.task);
        let page = usize::from(cx.viewport.funnels.deal_lines).max(1);
        let scroll = usize::from(view.scroll);
        let top = if line < scroll + 1 {
            // The section's heading stays in sight with its first task.
            line.saturating_sub(1)
        } else if line >= scroll + page {
            line + 1 - page
        } else {
            scroll
        };
        view.scroll = u16::try_from(top).unwrap_or(u16::MAX);
    }

    /// `Enter` in the deal popup: the task under the cursor on the task screen; without
    /// linked tasks, closes the popup as it always has.
    pub(super) fn open_linked_task(&mut self, cx: &mut ScreenCtx) {
        let editing = self.edited_deal();
        let Some(d) = &mut self.detail else {
            return;
        };
        match d.current_task() {
            None => d.close_deal(editing.as_deref(), cx),
            Some(t) if DealTasks::is_pending(t.id) => {
                cx.toast(ToastKind::Info, "That task is still being created.");
            }
            Some(t) => cx.jump(Jump::Task(Box::new(t.clone()))),
        }
    }

    /// Shows the new task at once and sends it; after an outcome left unknown for this title
    /// on this deal, looks for it first.
    pub(super) fn attach(&mut self, deal: String, title: String, cx: &mut ScreenCtx) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let lookup = LinkedTaskLookup { deal, title };
        // The deal's tasks as the popup holds them: what a look must not take for the new one.
        let held = d
            .deal
            .as_ref()
            .filter(|v| v.id == lookup.deal)
            .and_then(|v| v.deal.value())
            .map(|deal| deal.tasks.as_slice())
            .unwrap_or_default();
        let shown = lookup.clone();
        let n = self.tasks.creates.create(lookup, held, cx);
        d.relink_task(&shown.deal, &placeholder(n, &shown), usize::MAX);
        if let Some(view) = &mut d.deal
            && view.id == shown.deal
        {
            view.task = view
                .deal
                .value()
                .map_or(0, |x| x.tasks.len().saturating_sub(1));
        }
    }

    /// The answer to new task `n`.
    pub(super) fn on_task_created(
        &mut self,
        n: u64,
        result: Result<Box<Task>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.tasks.creates.on_created(n, result, cx);
        self.attach_ended(n, end);
    }

    /// The deal read to look for new task `n`.
    pub(super) fn on_task_looked(
        &mut self,
        n: u64,
        result: Result<Deal, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.tasks.creates.on_looked(n, result, cx);
        self.attach_ended(n, end);
    }

    /// The placeholder of new task `n` gives way to the service's task, or goes.
    fn attach_ended(&mut self, n: u64, end: Option<CreateEnd<LinkedTaskLookup>>) {
        let Some(d) = &mut self.detail else {
            return;
        };
        match end {
            Some(CreateEnd::Made(lookup, task)) => d.replace_task(&lookup.deal, temp_id(n), &task),
            Some(CreateEnd::Found(lookup, task)) => d.replace_task(&lookup.deal, temp_id(n), &task),
            Some(CreateEnd::Refused(lookup, _) | CreateEnd::Dropped(lookup)) => {
                d.unlink_task(&lookup.deal, temp_id(n))
            }
            None => {}
        }
    }

    /// `D` in the deal popup: asks before detaching the task under the cursor.
    pub(super) fn ask_detach(&mut self, cx: &mut ScreenCtx) {
        let Some(d) = &self.detail else {
            return;
        };
        let (Some(view), Some(task)) = (&d.deal, d.current_task()) else {
            return;
        };
        if DealTasks::is_pending(task.id) {
            cx.toast(ToastKind::Info, "That task is still being created.");
            return;
        }
        let ask = Ask::Detach {
            deal: view.id.clone(),
            task: task.id,
            name: crate::text::quoted(task.title.as_deref().unwrap_or("(untitled task)"), 40),
        };
        self.layers.push(Layer::Ask(ask));
    }

    /// `y` to "detach this task?": off the deal at once, then sent.
    pub(super) fn detach(&mut self, deal: String, task: i64, name: String, cx: &mut ScreenCtx) {
        let Some(d) = &mut self.detail else {
            return;
        };
        let Some(change) = d
            .deal
            .as_mut()
            .filter(|v| v.id == deal)
            .and_then(|v| v.deal.value_mut())
            .and_then(|x| named_writes::remove(&mut x.tasks, &task))
        else {
            return;
        };
        d.unlink_task(&deal, task);
        let call = done(op::DetachDealTask(deal.clone(), task));
        self.tasks
            .detaches
            .write((deal, task), name, change, call, cx);
    }

    /// The answer to detach `n`, or the deal read back after it lost its answer.
    pub(super) fn on_detach(&mut self, n: u64, settled: Settled<Deal>, cx: &mut ScreenCtx) {
        let mut shown = self.detail.as_mut();
        if let Some(group) = self.tasks.detaches.on_settled(n, settled, &mut shown, cx) {
            group.say(cx, |_, o| {
                (
                    format!("Detached {} from the deal (the task stays)", o.name),
                    format!("detach {}", o.name),
                )
            });
        }
    }
}
