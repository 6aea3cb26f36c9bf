//! The tasks linked to a deal, in the deal popup: `J`/`K` pick one, `Enter` opens it on the
//! task screen, `n` attaches a new task by its title, `D` detaches one (after asking).
//!
//! Both are shown at once. A new task shows as "sending…" until the service answers; a
//! refusal takes it away with the service's words, and a lost answer has the deal read to
//! look for it before anything may be sent again (a second send would make a second task).
//! A detach goes through the shared write ledger: a refusal puts the task back, a lost
//! answer has the deal read back and shows what the service has.

use std::collections::BTreeMap;

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
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, ReadBack, Sending, SentAt, Unsettled,
    read_back_failed,
};
use crate::screen::toast::ToastKind;
use crate::worker::op;

/// A new linked task on its way.
#[derive(Debug, Clone)]
struct Attaching {
    lookup: LinkedTaskLookup,
    /// The placeholder's id on screen (below zero: no task of the service has it).
    temp: i64,
    sent: SentAt<i64>,
    /// The look after a lost answer, or before a send again (`resending`).
    looking: Option<Box<LostCreate<LinkedTaskLookup>>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<Box<LostCreate<LinkedTaskLookup>>>,
}

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

/// Detaches as optimistic writes of the ledger.
#[derive(Debug, Clone)]
pub struct Detaches;

/// One detach: the task taken off the deal, and where it stood.
#[derive(Debug, Clone)]
pub struct Detach {
    pub task: Box<Task>,
    pub index: usize,
}

impl Writes for Detaches {
    /// The deal and the task.
    type Id = (String, i64);
    type Change = Detach;
    type Item = Deal;
    type Note = ();
    type Truth = ();
    type Key = FunnelKey;
    type Answer = FunnelAnswer;

    fn key(n: u64) -> FunnelKey {
        FunnelKey::TaskDetach(n)
    }

    fn answer(n: u64, settled: Settled<Deal>) -> FunnelAnswer {
        FunnelAnswer::TaskDetach(n, settled)
    }

    fn read_back(id: &(String, i64)) -> PageRead<Deal> {
        read_item(op::Deal(id.0.clone()))
    }

    fn judge(change: &Detach, found: Result<&Deal, &ApiError>) -> ReadBack {
        match found {
            Ok(deal) if !links(deal, change.task.id) => ReadBack::Applied,
            Ok(_) => ReadBack::NotApplied,
            Err(e) => read_back_failed(e.clone()),
        }
    }

    fn rebase(_: &mut Detach, _: &()) {}
}

impl Shown<Detaches> for FunnelDetail {
    fn reapply(&mut self, id: &(String, i64), _: &Detach, _: &ScreenCtx) {
        self.unlink_task(&id.0, id.1);
    }

    fn roll_back(
        &mut self,
        id: &(String, i64),
        change: &Detach,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        self.relink_task(&id.0, &change.task, change.index);
        None
    }

    fn take(&mut self, _: &(String, i64), _: Deal) {}

    fn read_back(
        &mut self,
        id: &(String, i64),
        change: &Detach,
        found: Result<Deal, ApiError>,
        verdict: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        match (verdict, found) {
            (ReadBack::NotApplied, Ok(fresh)) => {
                let task = fresh
                    .tasks
                    .iter()
                    .find(|t| t.id == id.1)
                    .cloned()
                    .unwrap_or_else(|| (*change.task).clone());
                self.relink_task(&id.0, &task, change.index);
            }
            (ReadBack::Applied, _) => self.unlink_task(&id.0, id.1),
            _ => {}
        }
        None
    }
}

/// Whether `deal` still links task `task`.
fn links(deal: &Deal, task: i64) -> bool {
    deal.tasks.iter().any(|t| t.id == task)
}

/// The tasks of deals being linked and unlinked, and the prompt for a new one.
#[derive(Debug, Default)]
pub struct DealTasks {
    attaching: BTreeMap<u64, Attaching>,
    next: u64,
    /// New tasks whose answer was lost and that no look found: the same title attached to the
    /// same deal again is looked for first.
    unsure: Unsettled<LinkedTaskLookup>,
    pub detaches: Ledger<Detaches>,
}

impl DealTasks {
    /// What quitting now would leave unconfirmed: a new linked task sent and not answered, or
    /// looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        let a = self.attaching.values().next()?;
        let name = crate::text::quoted(&a.lookup.title, 40);
        Some(match &a.looking {
            Some(_) => format!("The task {name} may have been created; it is not confirmed yet."),
            None => format!("The task {name} is being created; its answer would not be seen."),
        })
    }

    /// New tasks and detaches not answered yet.
    pub fn unsettled(&self) -> usize {
        self.attaching.len() + self.detaches.unsettled()
    }

    /// Lays what is on its way over a fresh read of deal `id`: placeholders of new tasks,
    /// detached tasks taken off.
    pub fn reapply(&self, d: &mut FunnelDetail, cx: &ScreenCtx) {
        for a in self.attaching.values() {
            d.relink_task(&a.lookup.deal, &placeholder(a), usize::MAX);
        }
        self.detaches.reapply(d, cx);
    }

    /// Whether `id` is a placeholder of a task still being created.
    pub fn is_pending(id: i64) -> bool {
        id < 0
    }
}

fn placeholder(a: &Attaching) -> Task {
    Task {
        id: a.temp,
        title: Some(a.lookup.title.clone()),
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
            if !links(d, task.id) {
                let at = index.min(d.tasks.len());
                d.tasks.insert(at, task.clone());
            }
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
        let Some(d) = &mut self.detail else {
            return;
        };
        match d.current_task() {
            None => d.close_deal(cx),
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
        let t = &mut self.tasks;
        t.next += 1;
        let n = t.next;
        let temp = -(n as i64);
        let lookup = LinkedTaskLookup { deal, title };
        // The deal's tasks as the popup holds them: what a look must not take for the new one.
        let held: Vec<i64> = d
            .deal
            .as_ref()
            .filter(|v| v.id == lookup.deal)
            .and_then(|v| v.deal.value())
            .map(|deal| lookup.known(&deal.tasks))
            .unwrap_or_default();
        let (sent, looking) = match t.unsure.send(&lookup, || SentAt::new(&cx.clock, held)) {
            Sending::Now(sent) => {
                send(n, &lookup.deal, &lookup.title, cx);
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                look_for_task(n, look, cx);
                cx.toast(ToastKind::Info, lost.resend_text("created"));
                (lost.sent.clone(), Some(lost))
            }
        };
        let a = Attaching {
            lookup,
            temp,
            sent,
            looking,
            earlier: None,
        };
        let deal = a.lookup.deal.clone();
        d.relink_task(&deal, &placeholder(&a), usize::MAX);
        if let Some(view) = &mut d.deal
            && view.id == deal
        {
            view.task = view
                .deal
                .value()
                .map_or(0, |x| x.tasks.len().saturating_sub(1));
        }
        t.attaching.insert(n, a);
    }

    /// The answer to new task `n`.
    pub(super) fn on_task_created(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(a) = self.tasks.attaching.get(&n).cloned() else {
            return;
        };
        let name = crate::text::quoted(&a.lookup.title, 40);
        match CreateAnswer::read(result) {
            CreateAnswer::Created(task) => {
                self.tasks.attaching.remove(&n);
                if let Some(d) = &mut self.detail {
                    d.replace_task(&a.lookup.deal, a.temp, &task);
                }
                cx.toast(ToastKind::Success, format!("Linked a new task {name}"));
            }
            CreateAnswer::Refused(e) => {
                self.tasks.attaching.remove(&n);
                if let Some(earlier) = a.earlier {
                    // This send did nothing; the one before may still land.
                    self.tasks.unsure.keep(*earlier);
                }
                if let Some(d) = &mut self.detail {
                    d.unlink_task(&a.lookup.deal, a.temp);
                }
                let text = format!("Could not create the task {name}: {}", e.short());
                cx.toast(ToastKind::Error, text);
            }
            CreateAnswer::Lost(e) => {
                // From the first send on, with the tasks the deal had then.
                let (lost, look) = LostCreate::start(a.lookup, e, a.sent);
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                look_for_task(n, look, cx);
                if let Some(a) = self.tasks.attaching.get_mut(&n) {
                    a.looking = Some(Box::new(lost));
                }
            }
        }
    }

    /// The deal read to look for new task `n`.
    pub(super) fn on_task_looked(
        &mut self,
        n: u64,
        result: Result<Deal, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(a) = self.tasks.attaching.get_mut(&n) else {
            return;
        };
        let Some(lost) = &mut a.looking else {
            return;
        };
        let looked = lost.on_answer(result);
        if let Looked::Resend = looked {
            a.earlier = a.looking.take();
            let (deal, title) = (a.lookup.deal.clone(), a.lookup.title.clone());
            send(n, &deal, &title, cx);
            return;
        }
        let Some(a) = self.tasks.attaching.remove(&n) else {
            return;
        };
        let Some(lost) = a.looking else {
            return;
        };
        let d = self.detail.as_mut();
        match looked {
            Looked::Found(task) => {
                if let Some(d) = d {
                    d.replace_task(&a.lookup.deal, a.temp, &task);
                }
                cx.toast(ToastKind::Success, lost.found_text("created"));
            }
            Looked::NotCreated => {
                if let Some(d) = d {
                    d.unlink_task(&a.lookup.deal, a.temp);
                }
                let text = format!(
                    "{}; the same title again looks once more first",
                    lost.not_created_text("created")
                );
                self.tasks.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
            Looked::Failed | Looked::Next(_) | Looked::Resend => {
                // The deal holds all its tasks, so there is no next page: either way what the
                // service did is unknown, and the same title again looks first.
                if let Some(d) = d {
                    d.unlink_task(&a.lookup.deal, a.temp);
                }
                let refresh = cx.keys.then_say("global.refresh", "reads the deal again");
                let text = format!(
                    "{}; the same title again looks first{refresh}",
                    lost.check_failed_text("created"),
                );
                self.tasks.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
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
        let Some((index, linked)) = d
            .deal
            .as_ref()
            .filter(|v| v.id == deal)
            .and_then(|v| v.deal.value())
            .and_then(|x| x.tasks.iter().enumerate().find(|(_, t)| t.id == task))
            .map(|(i, t)| (i, t.clone()))
        else {
            return;
        };
        d.unlink_task(&deal, task);
        let group = self.tasks.detaches.group(());
        let change = Detach {
            task: Box::new(linked),
            index,
        };
        let call = done(op::DetachDealTask(deal.clone(), task));
        self.tasks
            .detaches
            .add(group, (deal, task), name, change, vec![call], cx);
    }

    /// The answer to detach `n`.
    pub(super) fn on_detached(
        &mut self,
        n: u64,
        result: Result<Option<Deal>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let mut shown = self.detail.as_mut();
        let done = self.tasks.detaches.on_written(n, result, &mut shown, cx);
        report_detach(done, cx);
    }

    /// The deal read back after detach `n` lost its answer.
    pub(super) fn on_detach_read_back(
        &mut self,
        n: u64,
        result: Result<Deal, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let mut shown = self.detail.as_mut();
        let done = self.tasks.detaches.on_read_back(n, result, &mut shown, cx);
        report_detach(done, cx);
    }
}

fn send(n: u64, deal: &str, title: &str, cx: &mut ScreenCtx) {
    let task = NewTask {
        title: title.to_string(),
        ..Default::default()
    };
    cx.request(
        FunnelKey::TaskAttach(n),
        op::CreateDealTask(deal.to_string(), task),
        move |r| FunnelAnswer::TaskAttached(n, r),
    );
}

/// Reads the deal to look for new linked task `n`.
fn look_for_task(n: u64, look: PageRead<Deal>, cx: &mut ScreenCtx) {
    cx.ask(FunnelKey::TaskFind(n), look, move |r| {
        FunnelAnswer::TaskFound(n, r)
    });
}

fn report_detach(done: Option<crate::screen::ledger::Group<Detaches>>, cx: &mut ScreenCtx) {
    let Some(group) = done else {
        return;
    };
    for o in group.items.values() {
        let (kind, text) = o.report(
            &format!("Detached {} from the deal (the task stays)", o.name),
            &format!("detach {}", o.name),
        );
        cx.toast(kind, text);
    }
}
