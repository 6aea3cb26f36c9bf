//! The detail pane's verbs while their changes must wait (offline, or the task has changes in
//! the outbox): a description, the watchers and a custom field are set on the whole task the
//! pane shows and kept with the value they were made on; a comment and logged time are added
//! to it and kept to be sent once (looked for before they go again).

use weeek_api::TimeEntryInput;
use weeek_api::models::Comment;

use super::TasksState;
use crate::outbox::{self, Added, Base, Change, Field, TaskField};
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;
use crate::text::quoted;

impl TasksState {
    /// Whether a change of task `id` goes to the outbox.
    pub(super) fn must_queue_task(id: i64, cx: &ScreenCtx) -> bool {
        cx.offline.must_queue(&outbox::task_ref(id))
    }

    fn task_name(&self, id: i64) -> String {
        self.row_of(id)
            .map(|t| t.display_title().to_string())
            .or_else(|| self.details.get(id).and_then(|t| t.title.clone()))
            .unwrap_or_else(|| format!("#{id}"))
    }

    /// Keeps `field` of task `id` (shown already on the whole task), made on `base`.
    pub(super) fn queue_detail(
        &mut self,
        id: i64,
        field: TaskField,
        base: TaskField,
        cx: &mut ScreenCtx,
    ) {
        let updated_at = self.details.get(id).and_then(|t| t.updated_at);
        let name = self.task_name(id);
        let what = field.name();
        cx.queue(
            outbox::task_ref(id),
            name.clone(),
            Change::Set(Field::Task(field)),
            Base {
                updated_at,
                value: Some(Field::Task(base)),
            },
        );
        let note = cx.kept_note();
        cx.toast(
            ToastKind::Success,
            format!("Set the {what} of {}{note}", quoted(&name, 40)),
        );
    }

    /// A comment kept: the thread shows it at once, and its draft goes (the outbox holds it).
    pub(super) fn queue_comment(
        &mut self,
        task_id: i64,
        markdown: String,
        reply_to: Option<i64>,
        cx: &mut ScreenCtx,
    ) {
        let author = cx.names.me().map(|u| u.id.clone());
        let name = self.task_name(task_id);
        let added = Added::Comment {
            markdown: markdown.clone(),
            reply_to,
            author: author.clone(),
        };
        let entry = cx.queue(
            outbox::task_ref(task_id),
            name.clone(),
            Change::Add(added),
            Base::default(),
        );
        self.comments.drafts.remove(&(task_id, reply_to));
        if let Some(t) = self
            .comments
            .thread
            .as_mut()
            .filter(|t| t.task_id == task_id)
        {
            // Under a number no comment of the service has, until the thread is read again.
            t.rows.push(Comment {
                id: -entry.seq,
                parent_id: reply_to,
                author_id: author,
                markdown: Some(markdown),
                created_at: Some(cx.clock.wall),
                ..Default::default()
            });
        }
        let note = cx.kept_note();
        cx.toast(
            ToastKind::Success,
            format!("Comment added to {}{note}", quoted(&name, 40)),
        );
    }

    /// Logged time kept: the detail pane shows the entry at once.
    pub(super) fn queue_time(&mut self, task_id: i64, input: TimeEntryInput, cx: &mut ScreenCtx) {
        let known: Vec<String> = self
            .details
            .get(task_id)
            .map(|t| t.time_entries.iter().map(|e| e.id.clone()).collect())
            .unwrap_or_default();
        let minutes = input.minutes;
        let added = Added::Time { input, known };
        let name = self.task_name(task_id);
        let entry = cx.queue(
            outbox::task_ref(task_id),
            name.clone(),
            Change::Add(added.clone()),
            Base::default(),
        );
        if let Some(t) = self.details.get_mut(task_id) {
            added.apply(entry.seq, t);
        }
        let note = cx.kept_note();
        let logged = crate::duration::format_i64(Some(i64::from(minutes)));
        cx.toast(
            ToastKind::Success,
            format!("Logged {logged} on {}{note}", quoted(&name, 40)),
        );
    }

    /// What the outbox adds to tasks (logged time, my timer), laid over the whole tasks the
    /// pane keeps; laid twice, it is there once.
    pub fn lay_kept_details(&mut self, cx: &ScreenCtx) {
        for e in cx.offline.entries() {
            let waiting = matches!(e.state, outbox::State::Waiting | outbox::State::Sending);
            if let (true, Change::Add(added), Some(id)) = (waiting, &e.change, e.item.task_id())
                && let Some(t) = self.details.get_mut(id)
            {
                added.apply(e.seq, t);
            }
        }
    }
}
