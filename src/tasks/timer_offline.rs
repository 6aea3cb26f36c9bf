//! `t` while the service cannot be reached (or the task has changes waiting in the outbox):
//! the timer shows running or stopped at once, and the outbox keeps when it started or
//! stopped. Sent, a start has the service's timer run from then and the time before logged
//! (`outbox::replay::added`); a stop has the entry the service writes end when `t` was
//! pressed. A start kept and stopped before it was ever sent becomes time logged instead.

use time::OffsetDateTime;
use weeek_api::TimeEntryInput;

use super::timer::{Running, Timer};
use crate::outbox::{Added, Base, Change, State};
use crate::screen::toast::ToastKind;
use crate::screen::{Effect, ScreenCtx};
use crate::text::quoted;

/// Whether a start or stop on task `task_id` (with `running` running) goes to the outbox:
/// offline, or the task (or the one whose timer it stops) has changes waiting there.
pub(super) fn kept_offline(task_id: i64, running: Option<&Running>, cx: &ScreenCtx) -> bool {
    let held = |id: i64| cx.offline.holds(&crate::outbox::task_ref(id));
    cx.is_offline() || held(task_id) || running.is_some_and(|r| held(r.task_id))
}

impl Timer {
    /// `t` while its change must wait: the timer shows running (or stopped) at once, and the
    /// outbox keeps when.
    pub(super) fn toggle_kept(&mut self, task_id: i64, title: &str, cx: &mut ScreenCtx) {
        let Some(me) = cx.names.me().map(|u| u.id.clone()) else {
            cx.toast(ToastKind::Info, "Your profile is still loading: a moment");
            return;
        };
        let now = cx.clock.wall;
        // What runs stops first, as the service does when another starts.
        if let Some(run) = self.running.take() {
            let logged = stop_kept(&run, &me, now, cx);
            if run.task_id == task_id {
                let note = cx.kept_note();
                cx.toast(
                    ToastKind::Success,
                    format!("Timer stopped on {}{logged}{note}", quoted(&run.title, 40)),
                );
                return;
            }
        }
        let local = now.to_offset(cx.clock.offset);
        let note = format!(
            "Timer from {} {} (kept offline)",
            weeek_api::dates::to_filter_date(local.date()),
            crate::datetime::clock_time(now, cx.clock.offset)
        );
        let start = Added::TimerStart {
            user: me,
            at: now,
            day: local.date(),
            note,
        };
        cx.queue(
            crate::outbox::task_ref(task_id),
            title.to_string(),
            Change::Add(start),
            Base::default(),
        );
        self.running = Some(Running {
            task_id,
            title: title.to_string(),
            started_at: now,
        });
        let note = cx.kept_note();
        cx.toast(
            ToastKind::Success,
            format!("Timer started on {}{note}", quoted(title, 40)),
        );
    }

    /// A start of the timer kept in the outbox left it unsent: the timer no longer runs there.
    pub fn dropped(&mut self, task_id: i64) {
        if self.running.as_ref().is_some_and(|r| r.task_id == task_id) {
            self.running = None;
        }
    }
}

/// Stops `run` at `now` where its change must wait; what is said of the time it logs.
fn stop_kept(run: &Running, me: &str, now: OffsetDateTime, cx: &mut ScreenCtx) -> String {
    let item = crate::outbox::task_ref(run.task_id);
    let unsent = cx.offline.entries().iter().find_map(|e| match &e.change {
        Change::Add(Added::TimerStart { day, note, .. })
            if e.item.same_item(&item) && e.state == State::Waiting =>
        {
            Some((e.seq, *day, note.clone()))
        }
        _ => None,
    });
    let Some((seq, day, note)) = unsent else {
        let stop = Added::TimerStop {
            user: me.to_string(),
            at: now,
            started: run.started_at,
        };
        cx.queue(item, run.title.clone(), Change::Add(stop), Base::default());
        return String::new();
    };
    // Never sent: the service never ran it, so the time is logged instead.
    cx.offline.forget(seq);
    let order = Box::new(crate::outbox::Order::Unqueue(seq));
    cx.effects.push(Effect::Outbox(order));
    let Some(minutes) = crate::outbox::added::minutes_between(run.started_at, now) else {
        return " (under a minute: nothing logged)".into();
    };
    let input = TimeEntryInput {
        user_id: me.to_string(),
        is_overtime: false,
        date: day,
        minutes,
        comment: Some(note),
    };
    let logged = crate::duration::format_i64(Some(i64::from(minutes)));
    let added = Added::Time {
        input,
        known: Vec::new(),
    };
    cx.queue(item, run.title.clone(), Change::Add(added), Base::default());
    format!(" ({logged} logged)")
}
