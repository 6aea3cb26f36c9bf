//! `W`: the watchers of the task at the cursor, added and removed in a member picker.
//!
//! Watchers are part of the whole task (the detail pane's, see `details`), not of the list's
//! rows. The change shows at once; each call (one adding, one removing) settles on its own:
//! refused, its members go back; answer lost, the task is read back and the service's
//! watchers are shown, with what the read showed.

use std::collections::{BTreeMap, BTreeSet};

use weeek_api::ApiError;
use weeek_api::models::Task;

use super::dialogs::{PickPurpose, Popup};
use super::{TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{self, AfterFailure, ReadBack};
use crate::screen::toast::ToastKind;
use crate::screen::write_words;
use crate::text::quoted_full;
use crate::worker::op;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WatchKey {
    /// One add or remove call, by its number.
    Write(u64),
    /// The read of the task after that call's answer was lost.
    ReadBack(u64),
}

/// The answers of watcher changes.
#[derive(Debug)]
pub enum WatchAnswer {
    /// Add or remove call `n`.
    Written(u64, Result<(), ApiError>),
    /// The task read after call `n`'s answer was lost.
    ReadBack(u64, Result<Box<Task>, ApiError>),
}

/// One call on its way.
#[derive(Debug, Clone)]
struct WatchWrite {
    task_id: i64,
    title: String,
    /// Added (true) or removed.
    adding: bool,
    members: Vec<String>,
}

#[derive(Debug, Default)]
pub struct Watching {
    writes: BTreeMap<u64, WatchWrite>,
    next: u64,
}

impl TasksState {
    /// `W`: the member picker with the task's watchers ticked; they come with the whole task,
    /// so a task not read yet is read first and the picker opens once it is.
    pub(super) fn open_watchers(&mut self, cx: &mut ScreenCtx) {
        let Some(row) = self.current().filter(|t| t.id > 0) else {
            cx.toast(ToastKind::Info, "No task to change the watchers of");
            return;
        };
        let (id, title) = (row.id, row.display_title().to_string());
        let Some(task) = self.details.get(id) else {
            self.read_whole_saying(id, &title, super::details::AfterRead::Watchers, cx);
            return;
        };
        let preselected = task.subscribers.clone();
        self.layers.set_popup(Popup::pick(
            PickPurpose::Watchers {
                task: id,
                preselected,
            },
            cx.names,
            self,
        ));
    }

    /// What the picker settled on: the ticked members become the watchers.
    pub(super) fn apply_watchers(
        &mut self,
        task_id: i64,
        preselected: Vec<String>,
        chosen: BTreeSet<String>,
        cx: &mut ScreenCtx,
    ) {
        let before: BTreeSet<String> = preselected.into_iter().collect();
        let added: Vec<String> = chosen.difference(&before).cloned().collect();
        let removed: Vec<String> = before.difference(&chosen).cloned().collect();
        if added.is_empty() && removed.is_empty() {
            cx.toast(ToastKind::Info, "Nothing to change");
            return;
        }
        if Self::must_queue_task(task_id, cx) {
            let base: Vec<String> = before.into_iter().collect();
            let now: Vec<String> = chosen.into_iter().collect();
            if let Some(t) = self.details.get_mut(task_id) {
                t.subscribers.clone_from(&now);
            }
            let field = crate::outbox::TaskField::Watchers(now);
            let base = crate::outbox::TaskField::Watchers(base);
            self.queue_detail(task_id, field, base, cx);
            return;
        }
        let title = self
            .index_of(task_id)
            .map(|i| self.list.rows[i].display_title().to_string())
            .unwrap_or_else(|| format!("#{task_id}"));
        for (adding, members) in [(true, added), (false, removed)] {
            if members.is_empty() {
                continue;
            }
            if let Some(t) = self.details.get_mut(task_id) {
                shown(t, adding, &members);
            }
            let n = self.watching.next;
            self.watching.next += 1;
            let key = TaskKey::Watch(WatchKey::Write(n));
            let written = move |r| WatchAnswer::Written(n, r);
            if adding {
                cx.request(key, op::AddWatchers(task_id, members.clone()), written);
            } else {
                cx.request(key, op::RemoveWatchers(task_id, members.clone()), written);
            }
            self.watching.writes.insert(
                n,
                WatchWrite {
                    task_id,
                    title: title.clone(),
                    adding,
                    members,
                },
            );
        }
    }

    pub(super) fn on_watch_answer(&mut self, answer: WatchAnswer, cx: &mut ScreenCtx) {
        match answer {
            WatchAnswer::Written(n, r) => self.on_watch_written(n, r, cx),
            WatchAnswer::ReadBack(n, r) => self.on_watch_read_back(n, r.map(|t| *t), cx),
        }
    }

    fn on_watch_written(&mut self, n: u64, result: Result<(), ApiError>, cx: &mut ScreenCtx) {
        let Some(w) = self.watching.writes.get(&n).cloned() else {
            return;
        };
        let name = quoted_full(&w.title);
        let verb = if w.adding { "add" } else { "remove" };
        match result {
            Ok(()) => {
                self.watching.writes.remove(&n);
                let what = if w.adding { "added to" } else { "removed from" };
                cx.toast(
                    ToastKind::Success,
                    format!("{} {what} the watchers of {name}", people(&w, cx)),
                );
            }
            Err(e) => {
                let attempt = format!("{verb} watchers of {name}");
                match write_words::say_failure(&e, &attempt, "reading it back", cx) {
                    AfterFailure::RollBack => {
                        self.watching.writes.remove(&n);
                        if let Some(t) = self.details.get_mut(w.task_id) {
                            shown(t, !w.adding, &w.members);
                        }
                    }
                    AfterFailure::ReadBack => cx.request(
                        TaskKey::Watch(WatchKey::ReadBack(n)),
                        op::Task(w.task_id),
                        move |r| WatchAnswer::ReadBack(n, r),
                    ),
                }
            }
        }
    }

    fn on_watch_read_back(&mut self, n: u64, result: Result<Task, ApiError>, cx: &mut ScreenCtx) {
        let Some(w) = self.watching.writes.remove(&n) else {
            return;
        };
        let verdict = match result {
            Ok(task) => {
                let has = |m: &String| task.subscribers.contains(m);
                let done = if w.adding {
                    w.members.iter().all(has)
                } else {
                    !w.members.iter().any(has)
                };
                // What the service has replaces the guess, whichever it was.
                self.take_whole(task);
                if done {
                    ReadBack::Applied
                } else {
                    ReadBack::NotApplied
                }
            }
            Err(e) => lost_answer::read_back_failed(e),
        };
        let kind = if verdict.applied() {
            ToastKind::Success
        } else {
            ToastKind::Error
        };
        cx.toast(
            kind,
            format!("Watchers of {}: {}", quoted_full(&w.title), verdict.note()),
        );
    }
}

/// `members` shown as added to (or removed from) the watchers of `task`.
fn shown(task: &mut Task, adding: bool, members: &[String]) {
    if adding {
        for m in members {
            if !task.subscribers.contains(m) {
                task.subscribers.push(m.clone());
            }
        }
    } else {
        task.subscribers.retain(|s| !members.contains(s));
    }
}

fn people(w: &WatchWrite, cx: &ScreenCtx) -> String {
    match w.members.as_slice() {
        [one] => cx.names.member_name(one),
        many => format!("{} members", many.len()),
    }
}
