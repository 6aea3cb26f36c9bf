//! The task list while the service cannot be reached: the triage verbs, `n` and `D` keep
//! their changes in the outbox and show them at once as they will be; pages read meanwhile
//! get them laid over again; the replay's steps put the service's copy in their place.

use weeek_api::NewTask;
use weeek_api::models::{Task, TaskRow};

use super::TasksState;
use super::dialogs::{Feedback, Popup, PromptPurpose};
use super::verbs::Change;
use crate::outbox::{
    self, Base, Change as Queued, Entry, Field, Fresh, ItemKind, ItemRef, New, Step,
};
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;

/// Whole: the toast shortens it, `M` shows it all.
fn quoted(title: &str) -> String {
    crate::text::quoted_full(title)
}

impl TasksState {
    /// Keeps `change` of task `id` (shown already) in the outbox, with what the field held
    /// before it (`previous`) and the task's `updatedAt` as the app read them.
    pub(super) fn queue_set(
        &mut self,
        id: i64,
        name: String,
        change: Change,
        previous: Change,
        cx: &mut ScreenCtx,
    ) {
        let updated_at = self.task(id).and_then(|t| t.updated_at);
        cx.queue(
            outbox::task_ref(id),
            name,
            Queued::Set(Field::Task(change)),
            Base {
                updated_at,
                value: Some(Field::Task(previous)),
            },
        );
    }

    /// `n` (the prompt or the form) offline: the task gets a local id, shows at once and is
    /// kept in the outbox; the form's draft goes, as the outbox holds what it sends. `sent`:
    /// it was sent then and its answer lost as the service went out of reach (it is looked
    /// for before it goes again).
    pub(super) fn queue_new(
        &mut self,
        new: NewTask,
        form: Option<Box<super::form::Editor>>,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) {
        if new.parent_id.is_some_and(outbox::is_local_task) {
            // Its parent has no id the service knows: what was typed comes back.
            let why = "its parent is not on the service yet: it can be added once it is";
            cx.toast(ToastKind::Error, format!("Not kept: {why}"));
            self.forms.sent_over(form.as_deref());
            match form {
                Some(form) => self.reopen_form(*form, cx),
                None => self.offer(Popup::Prompt {
                    purpose: PromptPurpose::New {
                        place: Some((new.project_id, new.board_column_id)),
                        parent: new.parent_id,
                    },
                    field: crate::widgets::field::TextField::typed(new.title),
                    feedback: Feedback::Err(why.into()),
                }),
            }
            return;
        }
        let local = cx.offline.new_local(&cx.clock);
        let row = super::create::new_row(-local, &new, cx);
        let title = new.title.clone();
        self.show_new_row(&row, &title, "Kept", cx);
        cx.queue_sent(
            ItemRef::new_task(local),
            title.clone(),
            Queued::Create(New::Task(Box::new(new))),
            Base::default(),
            sent,
        );
        self.forms
            .confirmed(form.as_deref(), self.layers.form(), cx);
        let note = cx.kept_note();
        cx.toast(
            ToastKind::Success,
            format!("Created {}{note}", quoted(&title)),
        );
    }

    /// Lays the changes of the outbox still to reach the service over rows just read: new
    /// tasks on top, fields as they will be, deleted tasks out.
    pub(super) fn reapply_outbox(&mut self, cx: &ScreenCtx) {
        let pending: Vec<&Entry> = cx
            .offline
            .entries()
            .iter()
            .filter(|e| e.item.kind == ItemKind::Task)
            .filter(|e| e.state.pending())
            .collect();
        for e in pending {
            let Some(id) = e.item.task_id() else {
                continue;
            };
            match &e.change {
                Queued::Create(New::Task(new)) if self.index_of(id).is_none() => {
                    let row = super::create::new_row(id, new, cx);
                    if self.left_out_by(&row, cx.names).is_none() {
                        self.list.rows.insert(0, row);
                    }
                }
                Queued::Set(Field::Task(outbox::TaskField::Place {
                    column,
                    place: Some(place),
                    ..
                })) => {
                    if let Some(b) = self.layers.board_mut() {
                        b.place_card(id, *column, *place);
                    }
                }
                Queued::Set(Field::Task(f)) => {
                    if let Some(idx) = self.index_of(id) {
                        f.apply(&mut self.list.rows[idx]);
                    }
                    if let Some(b) = self.layers.board_mut() {
                        b.with_card(id, |card| f.apply(card));
                    }
                }
                Queued::Delete => {
                    if let Some(idx) = self.index_of(id) {
                        self.list.rows.remove(idx);
                    }
                    if let Some(b) = self.layers.board_mut() {
                        b.remove(id);
                    }
                }
                _ => {}
            }
        }
        if let Some(b) = self.layers.board_mut() {
            b.rehome();
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
    }

    /// A step of the replay: the service's copy of the task takes its row's place (with the
    /// changes still waiting for it laid over), a new task takes its id, a task gone goes.
    pub fn on_replayed(&mut self, step: &Step, cx: &mut ScreenCtx) {
        let of_tasks = match step {
            Step::Sent { entry, .. }
            | Step::Created { entry, .. }
            | Step::Conflict { entry, .. }
            | Step::Refused { entry, .. } => entry.item.kind == ItemKind::Task,
            Step::Gone { entries } => entries.iter().all(|e| e.item.kind == ItemKind::Task),
            Step::Unreachable(_) | Step::Done { .. } => false,
        };
        if !of_tasks {
            return;
        }
        match step {
            Step::Sent { entry, fresh }
            | Step::Conflict { entry, fresh }
            | Step::Refused { entry, fresh } => {
                if let Some(Fresh::Task(task)) = fresh {
                    self.show_fresh(task, cx);
                }
                // The thread shows the comment as the service has it.
                let commented = matches!(entry.change, Queued::Add(outbox::Added::Comment { .. }));
                let shown = self.comments.thread.as_ref().map(|t| t.task_id);
                if commented && shown.is_some() && shown == entry.item.task_id() {
                    self.refresh_comments(cx);
                }
            }
            Step::Created { entry, fresh, id } => {
                let Some(local) = entry.item.local else {
                    return;
                };
                let temp = -local;
                let mut row = match fresh {
                    Some(Fresh::Task(t)) => TaskRow::from(&**t),
                    _ => match self.task(temp).cloned() {
                        Some(mut r) => {
                            r.id = id.parse().unwrap_or(r.id);
                            r
                        }
                        None => return,
                    },
                };
                self.lay_waiting(&mut row, cx);
                // As an online create settles (a page read since may hold it already).
                let listed = self.index_of(temp).is_some();
                self.settle_row(temp, row.clone(), listed);
                if self.marks.remove(&temp) {
                    self.marks.insert(row.id);
                }
                if let Some(Fresh::Task(t)) = fresh {
                    self.details.put((**t).clone());
                }
            }
            Step::Gone { entries } => {
                for id in entries.iter().filter_map(|e| e.item.task_id()) {
                    if let Some(idx) = self.index_of(id) {
                        self.list.rows.remove(idx);
                    }
                    if let Some(b) = self.layers.board_mut() {
                        b.remove(id);
                    }
                    self.marks.remove(&id);
                }
                self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
            }
            Step::Unreachable(_) | Step::Done { .. } => {}
        }
    }

    /// A change left the outbox unsent (dropped, or theirs taken at a conflict): its task shows
    /// the value before it again, and is read again (a delete brings the list back).
    pub fn on_dropped(&mut self, entry: &Entry, cx: &mut ScreenCtx) {
        let Some(id) = entry.item.task_id() else {
            return;
        };
        match (&entry.change, &entry.base.value) {
            // The column's order as the service has it.
            (Queued::Set(Field::Task(outbox::TaskField::Place { column, .. })), _) => {
                self.load_board_column(*column, false, cx);
                return;
            }
            (Queued::Set(Field::Task(mine)), Some(Field::Task(base))) => {
                let back = |row: &mut TaskRow| {
                    if mine.current(row).same(mine) {
                        base.apply(row);
                    }
                };
                if let Some(idx) = self.index_of(id) {
                    back(&mut self.list.rows[idx]);
                }
                if let Some(b) = self.layers.board_mut() {
                    b.with_card(id, back);
                    b.rehome();
                }
                if let Some(t) = self.details.get_mut(id)
                    && mine.current_of(t).same(mine)
                {
                    base.apply_whole(t);
                }
            }
            (Queued::Add(added), _) => {
                if let Some(t) = self.details.get_mut(id) {
                    added.unapply(entry.seq, t);
                }
                if let Some(t) = self.comments.thread.as_mut() {
                    t.rows.retain(|c| c.id != -entry.seq);
                }
            }
            (Queued::Create(_), _) => {
                if let Some(idx) = self.index_of(id) {
                    self.list.rows.remove(idx);
                    self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
                }
                if let Some(b) = self.layers.board_mut() {
                    b.remove(id);
                }
                return;
            }
            (Queued::Delete, _) => {
                self.reload(cx);
                return;
            }
            _ => {}
        }
        if !outbox::is_local_task(id) {
            cx.request(
                super::TaskKey::Outbox(id),
                crate::worker::op::Task(id),
                move |r| super::TaskAnswer::Outboxed(id, r),
            );
        }
    }

    /// Task `id` as the service has it, read again after a change of it was dropped.
    pub(super) fn on_reread(
        &mut self,
        id: i64,
        result: Result<Box<Task>, weeek_api::ApiError>,
        cx: &mut ScreenCtx,
    ) {
        match result {
            Ok(task) if !task.is_deleted => self.show_fresh(&task, cx),
            Ok(_) | Err(weeek_api::ApiError::NotFound { .. }) => {
                if let Some(idx) = self.index_of(id) {
                    self.list.rows.remove(idx);
                    self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
                }
            }
            // Offline still: the row shows the value before the change, as the store does.
            Err(_) => {}
        }
    }

    /// The service's copy of `task`, with the changes of it still waiting laid over.
    fn show_fresh(&mut self, task: &Task, cx: &ScreenCtx) {
        let mut row = TaskRow::from(task);
        self.lay_waiting(&mut row, cx);
        let mut whole = task.clone();
        for e in waiting_of(cx, row.id) {
            match &e.change {
                Queued::Set(Field::Task(f)) => f.apply_whole(&mut whole),
                Queued::Add(added) => added.apply(e.seq, &mut whole),
                _ => {}
            }
        }
        if let Some(idx) = self.index_of(row.id) {
            self.list.rows[idx] = row.clone();
        }
        if let Some(b) = self.layers.board_mut() {
            b.with_card(row.id, |card| *card = row.clone());
            b.rehome();
        }
        self.details.put(whole);
    }

    fn lay_waiting(&self, row: &mut TaskRow, cx: &ScreenCtx) {
        for e in waiting_of(cx, row.id) {
            if let Queued::Set(Field::Task(f)) = &e.change {
                f.apply(row);
            }
        }
    }
}

/// The changes of task `id` still to reach the service.
fn waiting_of<'a>(cx: &'a ScreenCtx, id: i64) -> impl Iterator<Item = &'a Entry> {
    let item = outbox::task_ref(id);
    cx.offline
        .entries()
        .iter()
        .filter(move |e| e.state.pending() && e.item.same_item(&item))
}
