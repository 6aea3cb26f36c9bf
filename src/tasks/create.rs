//! `n`: a new task, shown at once as a row of its own and replaced by the service's copy. A
//! create whose answer was lost is looked for before it may be sent again (see
//! `screen::lost_answer`): found, its row becomes the service's task; not found, the prompt comes
//! back with the title and Enter sends it again, after one more look (the first send may
//! land late). The form's draft stays on disk until the service has the task.

use weeek_api::models::{Task, TaskLocation, TaskRow};
use weeek_api::{ApiError, NewTask};

use super::TasksState;
use super::dialogs::{Feedback, Popup, PromptPurpose};
use super::filters::Assignee;
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt, cause_text,
};
use crate::screen::toast::ToastKind;
use crate::worker::op;

pub use super::task_lookup::TaskLookup;
use super::{TaskAnswer, TaskKey};

/// Where a new task goes: a project and a column of it, or neither.
pub type Place = (Option<i64>, Option<i64>);

/// A task sent and not answered yet, or looked for after its answer was lost.
#[derive(Debug, Clone)]
pub struct Creating {
    /// Its row until the service's copy takes its place.
    pub row: TaskRow,
    pub lookup: TaskLookup,
    /// What is sent, kept to send after a look for an earlier send of it.
    pub new: NewTask,
    pub sent: SentAt<i64>,
    /// Whether the list shows it: the list's filters may leave it out.
    pub listed: bool,
    pub lost: Option<LostCreate<TaskLookup>>,
    /// An earlier send of it that was not found right before this one went: unsettled again
    /// if this one is refused (it may still land).
    pub earlier: Option<LostCreate<TaskLookup>>,
    /// The tags asked for: set with an update when the create's answer lacks them.
    pub tags: Vec<i64>,
    /// The form it was sent from: it opens again if the task is not created.
    pub form: Option<Box<super::form::Editor>>,
}

impl TasksState {
    /// A new task by title alone (`N`, a subtask, and the prompt given back after a refusal
    /// of one), placed in the filtered project and column, else beside the cursor task (or
    /// where a retried create was meant to go), with the filtered assignee.
    pub(super) fn create(
        &mut self,
        title: String,
        place: Option<Place>,
        parent: Option<i64>,
        cx: &mut ScreenCtx,
    ) {
        let (project, column) = place.unwrap_or_else(|| self.new_task_place());
        let assignees = match (&self.filters.assignee, cx.names.me()) {
            (Assignee::Me, Some(me)) => vec![me.id.clone()],
            (Assignee::Member(id), _) => vec![id.clone()],
            _ => Vec::new(),
        };
        let new = NewTask {
            title,
            project_id: project,
            board_column_id: column,
            assignees,
            parent_id: parent,
            ..Default::default()
        };
        self.send_new(new, None, cx);
    }

    /// Sends `new` and shows it at once as a row of its own. `form`: the form it came from,
    /// opened again if the service refuses it. With a parent the cursor stays on the parent.
    pub(super) fn send_new(
        &mut self,
        new: NewTask,
        form: Option<Box<super::form::Editor>>,
        cx: &mut ScreenCtx,
    ) {
        if cx.is_offline() {
            self.queue_new(new, form, None, cx);
            return;
        }
        let (project, column, parent) = (new.project_id, new.board_column_id, new.parent_id);
        self.next_create += 1;
        let n = self.next_create;
        let row = new_row(-(n as i64), &new, cx);
        let left_out = self.show_new_row(&row, &new.title, "Creating", cx);
        let lookup = TaskLookup {
            title: new.title.clone(),
            place: (project, column),
            parent,
        };
        let held = lookup.known(self.known_rows());
        let clock = cx.clock;
        let (sent, lost) = match self.unsettled.send(&lookup, || SentAt::new(&clock, held)) {
            Sending::Now(sent) => {
                send_task(n, new.clone(), cx);
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text("created"));
                look_for_task(n, look, cx);
                (lost.sent.clone(), Some(*lost))
            }
        };
        self.creating.insert(
            n,
            Creating {
                row,
                lookup,
                listed: left_out.is_none(),
                tags: new.tags.clone(),
                new,
                sent,
                lost,
                earlier: None,
                form,
            },
        );
    }

    /// Shows the row of a new task at once: on top of the list (the cursor on it, or on its
    /// parent), on its board's column. When the list's filters leave it out, the list stays as
    /// it is and a message says where it goes (`doing`: "Creating"); the filter that does is
    /// returned.
    pub(super) fn show_new_row(
        &mut self,
        row: &TaskRow,
        title: &str,
        doing: &str,
        cx: &mut ScreenCtx,
    ) -> Option<String> {
        let left_out = self.left_out_by(row, cx.names);
        self.show_new_card(row);
        match &left_out {
            Some(chip) => cx.toast(
                ToastKind::Info,
                format!(
                    "{doing} {} in {}: the filter {chip} leaves it out of this list",
                    quoted(title),
                    super::leaving::place(row, cx.names)
                ),
            ),
            None => {
                self.list.rows.insert(0, row.clone());
                match row.parent_id.and_then(|p| self.index_of(p)) {
                    Some(idx) => {
                        self.cursor = idx;
                        self.fix_scroll(cx);
                    }
                    None => {
                        self.cursor = 0;
                        self.scroll = 0;
                    }
                }
            }
        }
        left_out
    }

    /// The tasks the screen holds: what a look for a new one must not take for it.
    fn known_rows(&self) -> impl Iterator<Item = &TaskRow> {
        let cards = self
            .layers
            .board()
            .into_iter()
            .flat_map(|b| b.columns.iter().flat_map(|c| c.cards.rows.iter()));
        self.list
            .rows
            .iter()
            .chain(cards)
            .chain(self.subtask_rows.values().flatten())
            .filter(|t| t.id > 0)
    }

    /// What quitting now would leave unconfirmed: a create of this screen (a task, a comment,
    /// logged time, an attachment, a column, a tag) sent and not answered, or looked for after
    /// a lost answer.
    pub(super) fn unanswered_creates(&self) -> Option<String> {
        if let Some(c) = self.creating.values().next() {
            let name = quoted(&c.lookup.title);
            return Some(match &c.lost {
                Some(_) => {
                    format!("The task {name} may have been created; it is not confirmed yet.")
                }
                None => format!("The task {name} is being created; its answer would not be seen."),
            });
        }
        if self.forms.making_tag.is_some() {
            return Some("A tag is being created; its answer would not be seen.".into());
        }
        self.comments
            .unanswered()
            .or_else(|| self.time.unanswered())
            .or_else(|| self.files.unanswered())
            .or_else(|| self.column_creates.unanswered())
    }

    /// Where `n` puts a new task: the filtered project and column, else the cursor task's.
    pub fn new_task_place(&self) -> Place {
        if self.filters.project.is_some() {
            return (self.filters.project, self.filters.column);
        }
        match self.current().and_then(TaskRow::primary_location) {
            Some(loc) if loc.project_id > 0 => (Some(loc.project_id), loc.board_column_id),
            _ => (None, None),
        }
    }

    /// What a row that is not on the service yet is waiting for, for its title.
    pub fn unconfirmed(&self, id: i64) -> Option<&'static str> {
        let c = self.creating.values().find(|c| c.row.id == id)?;
        Some(if c.lost.is_some() {
            "looking for it…"
        } else {
            "saving…"
        })
    }

    pub(super) fn on_create_reply(
        &mut self,
        n: u64,
        result: Result<Task, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        // Nothing reached the service (the app is offline now): the task goes to the outbox
        // as it would have offline. A lost answer is looked for first, as ever.
        if let Err(e) = &result
            && cx.is_offline()
            && crate::screen::offline::unreachable(e)
            && !e.may_have_been_applied()
            && let Some(c) = self.creating.remove(&n)
        {
            self.drop_row(c.row.id);
            self.queue_new(c.new, c.form, None, cx);
            return;
        }
        match CreateAnswer::read(result) {
            CreateAnswer::Created(whole) => {
                let task = TaskRow::from(&whole);
                self.details.put(whole);
                if let Some(c) = self.creating.remove(&n) {
                    let elsewhere = self.elsewhere(&task, cx);
                    cx.toast(
                        ToastKind::Success,
                        format!("Created {}{elsewhere}", quoted(&c.lookup.title)),
                    );
                    self.made(c, &task, elsewhere.is_empty(), cx);
                }
            }
            CreateAnswer::Refused(e) => {
                if let Some(c) = self.creating.remove(&n) {
                    self.forms.sent_over(c.form.as_deref());
                    if let Some(earlier) = c.earlier {
                        self.unsettled.keep(earlier);
                    }
                    let why = e.short();
                    cx.toast(
                        ToastKind::Error,
                        format!("Could not create {}: {why}", quoted(&c.lookup.title)),
                    );
                    self.drop_row(c.row.id);
                    if let Some(mut form) = c.form {
                        form.refused(&e);
                        self.reopen_form(*form, cx);
                        return;
                    }
                    // What was typed is not lost: the prompt comes back with it and the reason.
                    self.offer(Popup::Prompt {
                        purpose: PromptPurpose::New {
                            place: Some(c.lookup.place),
                            parent: c.lookup.parent,
                        },
                        field: crate::widgets::field::TextField::typed(c.lookup.title),
                        feedback: Feedback::Err(why),
                    });
                }
            }
            CreateAnswer::Lost(e) => {
                let Some(c) = self.creating.get_mut(&n) else {
                    return;
                };
                let (lost, look) = LostCreate::start(c.lookup.clone(), e, c.sent.clone());
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                c.lost = Some(lost);
                look_for_task(n, look, cx);
            }
        }
    }

    pub(super) fn on_find_reply(
        &mut self,
        n: u64,
        result: Result<weeek_api::TaskPage, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        // The look could not reach the service either (the app is offline now): the task goes
        // to the outbox, to be looked for again before it is sent.
        if let Err(e) = &result
            && cx.is_offline()
            && crate::screen::offline::unreachable(e)
            && self.creating.get(&n).is_some_and(|c| c.lost.is_some())
            && let Some(c) = self.creating.remove(&n)
        {
            self.drop_row(c.row.id);
            let sent = c.lost.as_ref().map(|l| l.sent.at);
            self.queue_new(c.new, c.form, sent, cx);
            return;
        }
        let Some(lost) = self.creating.get_mut(&n).and_then(|c| c.lost.as_mut()) else {
            return;
        };
        match lost.on_answer(result) {
            Looked::Next(look) => look_for_task(n, look, cx),
            Looked::Found(task) => {
                if let Some(c) = self.creating.remove(&n)
                    && let Some(lost) = &c.lost
                {
                    let elsewhere = self.elsewhere(&task, cx);
                    cx.toast(
                        ToastKind::Success,
                        format!("{}{elsewhere}", lost.found_text("created")),
                    );
                    self.made(c, &task, elsewhere.is_empty(), cx);
                }
            }
            Looked::Resend => {
                // Not made by the send before: this one goes, from the same first moment, so
                // that a look after it covers both.
                if let Some(c) = self.creating.get_mut(&n) {
                    c.earlier = c.lost.take();
                    send_task(n, c.new.clone(), cx);
                }
            }
            Looked::NotCreated => {
                if let Some(mut c) = self.creating.remove(&n)
                    && let Some(lost) = c.lost.take()
                {
                    let text = lost.not_created_text("created");
                    cx.toast(ToastKind::Error, text.clone());
                    self.drop_row(c.row.id);
                    let cause = cause_text(&lost.cause);
                    self.unsettled.keep(lost);
                    self.forms.sent_over(c.form.as_deref());
                    if let Some(mut form) = c.form {
                        let again = cx
                            .keys
                            .then_say("task_form.save", "looks once more and sends it");
                        form.failure = Some(format!("Not created ({cause}){again}"));
                        self.reopen_form(*form, cx);
                        return;
                    }
                    self.offer(Popup::Prompt {
                        purpose: PromptPurpose::New {
                            place: Some(c.lookup.place),
                            parent: c.lookup.parent,
                        },
                        field: crate::widgets::field::TextField::typed(c.lookup.title),
                        feedback: Feedback::Err(format!(
                            "Not created ({cause}){}",
                            cx.keys
                                .then_say("prompt.accept", "looks once more and sends it")
                        )),
                    });
                }
            }
            Looked::Failed => {
                let question = format!("{}. Look again?", lost.check_failed_text("created"));
                cx.toast(ToastKind::Error, lost.check_failed_text("created"));
                self.offer(Popup::LookAgain { n, question });
            }
        }
    }

    /// The service has the task that create `c` sent: its row, its place under the parent,
    /// its tags, and the form's draft goes.
    /// `listed`: the list's filters keep it.
    fn made(&mut self, c: Creating, task: &TaskRow, listed: bool, cx: &mut ScreenCtx) {
        self.created(&c.lookup.title, task);
        self.attach_subtask(c.lookup.parent, task);
        self.settle_row(c.row.id, task.clone(), listed);
        self.tag_created(&c.tags, task, cx);
        self.forms
            .confirmed(c.form.as_deref(), self.layers.form(), cx);
    }

    /// The answer to "Look again?" after a failed look: `y` looks again; anything else stops
    /// looking, and the row goes (the list shows it after a reload if it was created).
    pub(super) fn answer_look_again(&mut self, n: u64, again: bool, cx: &mut ScreenCtx) {
        if again {
            if let Some(lost) = self.creating.get_mut(&n).and_then(|c| c.lost.as_mut()) {
                let look = lost.look_again();
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                look_for_task(n, look, cx);
            }
            return;
        }
        if let Some(c) = self.creating.remove(&n) {
            self.drop_row(c.row.id);
            self.forms.sent_over(c.form.as_deref());
            // What was typed is not lost: the next `n` opens the form again.
            if let Some(form) = &c.form
                && self.forms.kept.is_none()
            {
                self.forms.kept = Some(form.form.values());
            }
            // Unknown still: the same task sent again looks first.
            if let Some(lost) = c.lost {
                self.unsettled.keep(lost);
            }
            cx.toast(
                ToastKind::Error,
                format!(
                    "{} may have been created: r reloads the list to see; sent again, it is \
                     looked for first",
                    quoted(&c.lookup.title)
                ),
            );
        }
    }

    /// A page loaded while creates are on their way predates them: their rows go back on top.
    pub(super) fn reshow_creating(&mut self) {
        let mut rows: Vec<TaskRow> = self
            .creating
            .values()
            .filter(|c| c.listed && self.index_of(c.row.id).is_none())
            .map(|c| c.row.clone())
            .collect();
        rows.sort_by_key(|r| r.id);
        for row in rows {
            self.list.rows.insert(0, row);
        }
    }

    /// What a created task's message adds when the list's filters leave it out: where it is.
    fn elsewhere(&self, task: &TaskRow, cx: &ScreenCtx) -> String {
        self.left_out_by(task, cx.names)
            .map(|chip| {
                format!(
                    " in {}: not in this list (the filter {chip} leaves it out)",
                    super::leaving::place(task, cx.names)
                )
            })
            .unwrap_or_default()
    }

    /// The row of a create becomes the service's task (unless a page already holds it);
    /// `listed`: the list's filters keep it.
    pub(super) fn settle_row(&mut self, temp_id: i64, task: TaskRow, listed: bool) {
        if let Some(b) = self.layers.board_mut() {
            b.settle(temp_id, &task);
        }
        let already = self.index_of(task.id).is_some();
        match self.index_of(temp_id) {
            Some(idx) if already => self.remove_row(idx),
            Some(idx) if listed => self.list.rows[idx] = task,
            Some(idx) => self.remove_row(idx),
            None if !already && listed => self.list.rows.insert(0, task),
            None => {}
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
    }

    /// Tags the create's answer lacks (the create body may not take them) are set with an
    /// update, through the ledger like any change.
    fn tag_created(&mut self, asked: &[i64], task: &TaskRow, cx: &mut ScreenCtx) {
        if asked.is_empty() || super::verbs::same_tags(asked, &task.tags) {
            return;
        }
        let name = quoted(task.display_title());
        self.apply_changes(
            format!("Tagged {name}"),
            String::new(),
            vec![(task.id, super::verbs::Change::Tags(asked.to_vec()))],
            false,
            cx,
        );
    }

    /// `u` can take a new task back: it deletes it, after asking.
    fn created(&mut self, title: &str, task: &TaskRow) {
        self.writes.push_undo(crate::screen::ledger::UndoEntry {
            group: 0,
            label: format!("Created {}", quoted(title)),
            reverse: crate::screen::ledger::Reverse::Created(task.id),
        });
    }

    fn drop_row(&mut self, temp_id: i64) {
        if let Some(b) = self.layers.board_mut() {
            b.remove(temp_id);
        }
        if let Some(idx) = self.index_of(temp_id) {
            self.remove_row(idx);
        }
    }

    /// Takes out the row at `idx`, the cursor staying on the row it was on (the parent of a
    /// refused subtask sits below the new row: `x` or `D` next must still act on it).
    fn remove_row(&mut self, idx: usize) {
        self.list.rows.remove(idx);
        if idx < self.cursor {
            self.cursor -= 1;
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
    }

    /// Opens `popup` now, or once the dialogs open (and the popups offered before it) have
    /// closed.
    pub(super) fn offer(&mut self, popup: Popup) {
        self.layers.offer(super::layer::Layer::Popup(popup));
    }
}

/// The row a new task shows as until the service's copy takes its place.
pub(super) fn new_row(id: i64, new: &NewTask, cx: &ScreenCtx) -> TaskRow {
    let (project, column) = (new.project_id, new.board_column_id);
    TaskRow {
        id,
        parent_id: new.parent_id,
        title: Some(new.title.clone()),
        assignees: new.assignees.clone(),
        project_id: project,
        board_column_id: column,
        priority: new.priority,
        due_date: new.due_date,
        tags: new.tags.clone(),
        locations: project
            .map(|p| TaskLocation {
                project_id: p,
                board_id: column.and_then(|c| cx.names.column(c)).map(|c| c.board_id),
                board_column_id: column,
            })
            .into_iter()
            .collect(),
        ..Default::default()
    }
}

/// Whole: the toast shortens it, `M` shows it all.
fn quoted(title: &str) -> String {
    crate::text::quoted_full(title)
}

/// Sends new task `n`.
fn send_task(n: u64, new: NewTask, cx: &mut ScreenCtx) {
    cx.request(TaskKey::New(n), op::CreateTask(new), move |r| {
        TaskAnswer::Created(n, r)
    });
}

/// Reads a page of the look for new task `n`.
fn look_for_task(n: u64, look: PageRead<weeek_api::TaskPage>, cx: &mut ScreenCtx) {
    cx.ask(TaskKey::Find(n), look, move |r| TaskAnswer::Found(n, r));
}
