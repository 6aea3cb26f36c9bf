//! My running timer: which task it runs on and since when, for the header of every screen;
//! `t` starts or stops it. The service runs one timer per member: starting another stops the
//! first (and writes its time down), so the app shows one at most.
//!
//! The service has no "my timer" read. UNCERTAIN: tasks carry the timers running on them
//! (`timers`, as the sandbox sends them), so the timer is found by reading my open tasks at
//! start and on `r`, and every task the app reads later is looked at too. A timer started
//! elsewhere on a task I am not assigned to shows once that task is read.

use std::time::{Duration, Instant};

use time::OffsetDateTime;
use weeek_api::models::{RunningTimer, Task};
use weeek_api::{ApiError, TaskPage, TaskQuery};

use crate::screen::lost_answer::{self, AfterFailure};
use crate::screen::requests::Reply;
use crate::screen::toast::ToastKind;
use crate::screen::write_words;
use crate::screen::{Effect, ScreenCtx};
use crate::text::quoted;
use crate::worker::{Skipped, TypedCall, op};

/// The timer's requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimerKey {
    /// A page of my open tasks, looking for the one my timer runs on.
    Find,
    /// A start or a stop (one at a time).
    Write,
    /// The task of a start or stop whose answer was lost, read to see what the service did.
    ReadBack,
}

impl crate::screen::requests::KeySet for TimerKey {
    type Answer = TimerAnswer;
}

/// The timer's answers.
#[derive(Debug)]
pub enum TimerAnswer {
    /// A page of my open tasks.
    Found(Result<TaskPage, ApiError>),
    /// My start or stop.
    Written(Result<(), ApiError>),
    /// The task of a start or stop whose answer was lost.
    ReadBack(Result<Box<Task>, ApiError>),
}

/// Tasks per page of the look for my timer.
const FIND_PAGE: u32 = 100;
/// Pages looked through at most: past that many open tasks the timer shows once its task is
/// read.
const FIND_PAGES: u32 = 20;

#[derive(Debug, Clone, PartialEq)]
pub struct Running {
    pub task_id: i64,
    pub title: String,
    pub started_at: OffsetDateTime,
}

/// A start or stop sent and not answered yet.
#[derive(Debug, Clone, PartialEq)]
struct Pending {
    task_id: i64,
    title: String,
    stopping: bool,
    /// What ran before, to put back if the service refuses.
    before: Option<Running>,
}

#[derive(Debug, Default)]
pub struct Timer {
    /// What the header shows.
    pub running: Option<Running>,
    pending: Option<Pending>,
    /// The request id of the last start or stop: a read sent before it may predate it.
    last_write: u64,
    /// The page of my open tasks being read (0 first), while looking.
    finding: Option<u32>,
}

/// Tasks the task screen must read again: their timers or time entries changed.
pub type Changed = Vec<i64>;

impl Timer {
    pub fn is_busy(&self) -> bool {
        self.pending.is_some()
    }

    /// Reads my open tasks to find my timer (at start, and on `r`).
    pub fn find(&mut self, cx: &mut ScreenCtx) {
        if self.pending.is_some() {
            return;
        }
        self.finding = Some(0);
        self.ask_page(0, cx);
    }

    fn ask_page(&mut self, page: u32, cx: &mut ScreenCtx) {
        let Some(me) = cx.names.me().map(|u| u.id.clone()) else {
            self.finding = None;
            return;
        };
        let query = TaskQuery {
            user_id: Some(me),
            completed: Some(false),
            per_page: Some(FIND_PAGE),
            offset: (page > 0).then_some(page * FIND_PAGE),
            ..Default::default()
        };
        cx.request(TimerKey::Find, op::Tasks(query), TimerAnswer::Found);
    }

    /// Starts my timer on the task, or stops it if it runs there.
    pub fn toggle(&mut self, task_id: i64, title: &str, cx: &mut ScreenCtx) {
        if let Some(p) = &self.pending {
            let doing = if p.stopping { "stopped" } else { "started" };
            cx.toast(
                ToastKind::Info,
                format!("The timer is still being {doing}: a moment"),
            );
            return;
        }
        if super::timer_offline::kept_offline(task_id, self.running.as_ref(), cx) {
            self.toggle_kept(task_id, title, cx);
            return;
        }
        let before = self.running.clone();
        let stopping = before.as_ref().is_some_and(|r| r.task_id == task_id);
        let call = if stopping {
            self.running = None;
            TypedCall::new(op::StopTimer(task_id))
        } else {
            self.running = Some(Running {
                task_id,
                title: title.to_string(),
                started_at: cx.clock.wall,
            });
            TypedCall::new(op::StartTimer(task_id))
        };
        // A look under way would show what was there before this.
        cx.cancel(TimerKey::Find);
        self.finding = None;
        self.pending = Some(Pending {
            task_id,
            title: title.to_string(),
            stopping,
            before,
        });
        let req = cx
            .requests
            .start(TimerKey::Write, call.map(TimerAnswer::Written));
        self.last_write = req.id;
        cx.effects.push(Effect::Request(req));
    }

    /// Looks at tasks the app read for my timer; `reply_id` orders the read against my own
    /// starts and stops.
    pub fn observe(&mut self, reply: &Reply, me: Option<&str>) -> bool {
        let Some(me) = me else { return false };
        if self.pending.is_some() || reply.id < self.last_write {
            return false;
        }
        let before = self.running.clone();
        let output = &reply.output;
        if let Some(Ok(page)) = output.peek::<Result<TaskPage, ApiError>>() {
            for t in &page.tasks {
                self.see(t.id, t.display_title(), &t.timers, me);
            }
        } else if let Some(Ok(t)) = output.peek::<Result<Box<Task>, ApiError>>() {
            self.see(t.id, t.display_title(), &t.timers, me);
        }
        before != self.running
    }

    /// What a task read says of my timer: `timers` are those running on task `id`.
    fn see(&mut self, id: i64, title: &str, timers: &[RunningTimer], me: &str) {
        let mine = timers.iter().find(|t| t.user_id.as_deref() == Some(me));
        match mine {
            Some(t) => {
                self.running = Some(Running {
                    task_id: id,
                    title: title.to_string(),
                    started_at: t
                        .started_at
                        .or_else(|| self.running.as_ref().map(|r| r.started_at))
                        .unwrap_or(OffsetDateTime::UNIX_EPOCH),
                });
            }
            None if self.running.as_ref().is_some_and(|r| r.task_id == id) => {
                // Stopped elsewhere.
                self.running = None;
            }
            None => {}
        }
    }

    /// `skipped`: what of a look's page could not be read.
    pub fn on_answer(
        &mut self,
        answer: TimerAnswer,
        skipped: Option<&Skipped>,
        me: Option<&str>,
        cx: &mut ScreenCtx,
    ) -> Changed {
        match answer {
            TimerAnswer::Found(result) => {
                self.on_find(result, skipped, me, cx);
                Vec::new()
            }
            TimerAnswer::Written(r) => self.on_written(r, cx),
            TimerAnswer::ReadBack(r) => self.on_read_back(r.map(|t| *t), me, cx),
        }
    }

    fn on_find(
        &mut self,
        result: Result<weeek_api::TaskPage, ApiError>,
        skipped: Option<&Skipped>,
        me: Option<&str>,
        cx: &mut ScreenCtx,
    ) {
        let Some(page) = self.finding else { return };
        let (Ok(found), Some(me)) = (result.as_ref(), me) else {
            self.finding = None;
            if let Err(e) = result {
                cx.toast(
                    ToastKind::Error,
                    format!("Could not read my timer: {}", e.short()),
                );
            }
            return;
        };
        if page == 0 {
            // A fresh look: what was shown is replaced by what the service has; unless the row
            // of its task could not be read, which says nothing of the timer (a row without
            // an id may be that one too).
            let unread = |id: i64| {
                skipped.is_some_and(|s| {
                    s.rows
                        .iter()
                        .any(|r| r.id.as_ref().is_none_or(|r| *r == id.to_string()))
                })
            };
            self.running = self.running.take().filter(|r| unread(r.task_id));
        }
        for t in &found.tasks {
            self.see(t.id, t.display_title(), &t.timers, me);
        }
        if self.running.is_none() && found.has_more && page + 1 < FIND_PAGES {
            self.finding = Some(page + 1);
            self.ask_page(page + 1, cx);
        } else {
            self.finding = None;
        }
    }

    fn on_written(&mut self, result: Result<(), ApiError>, cx: &mut ScreenCtx) -> Changed {
        let Some(p) = self.pending.take() else {
            return Vec::new();
        };
        let name = quoted(&p.title, 40);
        match result {
            Ok(()) if p.stopping => {
                let took = p
                    .before
                    .as_ref()
                    .map(|r| elapsed(r.started_at, cx.clock.wall))
                    .unwrap_or_default();
                cx.toast(
                    ToastKind::Success,
                    format!("Timer stopped on {name} after {}", clock_text(took)),
                );
                vec![p.task_id]
            }
            Ok(()) => match p.before.filter(|b| b.task_id != p.task_id) {
                Some(other) => {
                    cx.toast(
                        ToastKind::Success,
                        format!(
                            "Timer started on {name}; the one on {} stopped after {}",
                            quoted(&other.title, 30),
                            clock_text(elapsed(other.started_at, cx.clock.wall))
                        ),
                    );
                    vec![p.task_id, other.task_id]
                }
                None => {
                    cx.toast(ToastKind::Success, format!("Timer started on {name}"));
                    vec![p.task_id]
                }
            },
            Err(e) => {
                let verb = if p.stopping { "stop" } else { "start" };
                let attempt = format!("{verb} the timer on {name}");
                match write_words::say_failure(&e, &attempt, "reading it back", cx) {
                    AfterFailure::RollBack => self.running = p.before,
                    AfterFailure::ReadBack => {
                        // Pressing `t` again could undo what the service did: read instead.
                        self.pending = Some(p.clone());
                        let read = TypedCall::new(op::Task(p.task_id)).map(TimerAnswer::ReadBack);
                        let req = cx.requests.start(TimerKey::ReadBack, read);
                        self.last_write = req.id;
                        cx.effects.push(Effect::Request(req));
                    }
                }
                Vec::new()
            }
        }
    }

    fn on_read_back(
        &mut self,
        result: Result<Task, ApiError>,
        me: Option<&str>,
        cx: &mut ScreenCtx,
    ) -> Changed {
        let Some(p) = self.pending.take() else {
            return Vec::new();
        };
        let name = quoted(&p.title, 40);
        let verb = if p.stopping { "stop" } else { "start" };
        match (result, me) {
            (Ok(task), Some(me)) => {
                let runs = task.timers.iter().any(|t| t.user_id.as_deref() == Some(me));
                if runs {
                    self.see(task.id, task.display_title(), &task.timers, me);
                } else if self.running.as_ref().is_some_and(|r| r.task_id == task.id) {
                    self.running = None;
                } else if !p.stopping {
                    // The start did not land: what ran before still runs.
                    self.running = p.before.clone();
                }
                let done = runs != p.stopping;
                let state = if runs { "runs" } else { "does not run" };
                let kind = if done {
                    ToastKind::Success
                } else {
                    ToastKind::Error
                };
                let outcome = if done { "done" } else { "not done" };
                // A start stops the timer that ran on another task, as a confirmed one says.
                let stopped = p
                    .before
                    .filter(|b| done && !p.stopping && b.task_id != p.task_id);
                let also = match &stopped {
                    Some(other) => format!(
                        "; the one on {} stopped after {}",
                        quoted(&other.title, 30),
                        clock_text(elapsed(other.started_at, cx.clock.wall))
                    ),
                    None => String::new(),
                };
                cx.toast(
                    kind,
                    format!("Timer {verb} on {name}: read back, {outcome} (it {state}){also}"),
                );
                // The stopped one wrote an entry: its task is read again too.
                let mut changed = vec![task.id];
                changed.extend(stopped.map(|o| o.task_id));
                changed
            }
            (Ok(_), None) => Vec::new(),
            (Err(e), _) => {
                cx.toast(
                    ToastKind::Error,
                    format!(
                        "Timer {verb} on {name}: {}",
                        lost_answer::read_back_failed(e).note()
                    ),
                );
                Vec::new()
            }
        }
    }

    /// When the header's clock shows its next second; `None` when nothing runs.
    pub fn next_tick(&self, now: Instant, wall: OffsetDateTime) -> Option<Instant> {
        let r = self.running.as_ref()?;
        let ran = (wall - r.started_at).max(time::Duration::ZERO);
        let into = Duration::from_nanos(u64::from(ran.subsec_nanoseconds().unsigned_abs()));
        Some(now + (Duration::from_secs(1) - into))
    }
}

/// Time from `since` to `now`, never negative.
pub fn elapsed(since: OffsetDateTime, now: OffsetDateTime) -> Duration {
    let d = now - since;
    if d.is_negative() {
        Duration::ZERO
    } else {
        d.unsigned_abs()
    }
}

/// `0:42:07`, `26:03:11`: hours grow past a day, as a running timer's do.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}
