//! The form's keys: opening it (`n`), moving between fields, typing, choosing, closing, and
//! `Ctrl-s` (or `Enter` on a title typed alone) to send it.

use super::model::{Field, Values};
use super::pickers::{self, FormPicker};
use super::{Editor, TaskForms};
use crate::app::ScreenCtx;
use crate::app::commands::{Action, Context};
use crate::app::toast::ToastKind;
use crate::tasks::TasksState;
use crate::tasks::filters::Assignee;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::PickerOutcome;

impl TaskForms {
    /// The layers of the open form, most specific first.
    pub fn contexts(&self) -> Option<Vec<Context>> {
        let e = self.open.as_ref()?;
        if let Some(p) = &e.picker {
            return Some(match &p.picker {
                Some(p) if !p.multi => vec![Context::Picker, Context::Text],
                _ => vec![Context::MultiPicker, Context::Picker, Context::Text],
            });
        }
        Some(match e.form.focus {
            Field::Title => vec![
                Context::TaskTitle,
                Context::TaskField,
                Context::Text,
                Context::TaskForm,
            ],
            Field::Due => vec![Context::TaskField, Context::Text, Context::TaskForm],
            Field::Description => vec![Context::TaskNotes, Context::Text, Context::TaskForm],
            _ => vec![Context::TaskChoice, Context::TaskForm],
        })
    }
}

impl TasksState {
    /// `n`: the form, with the draft kept from the last one if there is one, else starting
    /// where the list is (the filtered project, board and column, or the cursor task's) and
    /// with the filtered assignee.
    pub(in crate::tasks) fn open_form(&mut self, cx: &mut ScreenCtx) {
        let start = self.form_start(cx);
        let values = match self.forms.kept.take() {
            Some(kept) => {
                cx.toast(ToastKind::Success, "Draft restored");
                kept
            }
            None => start.clone(),
        };
        if let Some(p) = values.project {
            cx.ensure_boards(p);
        }
        if let Some(b) = values.board {
            cx.ensure_columns(b);
        }
        self.forms.open = Some(Editor::new(&values, start));
        self.forms.flush(cx);
    }

    /// What a form holds before anything is typed: the board's focused column on a board,
    /// else the filtered project, board and column, else the cursor task's; the filtered
    /// assignee.
    fn form_start(&self, cx: &ScreenCtx) -> Values {
        let on_board = self.board_place().map(|(project, column)| {
            let board = self.board.as_ref().map(|b| b.board);
            (project, board, column)
        });
        let (project, board, column) = if let Some(place) = on_board {
            // On a board: its focused column.
            place
        } else if self.filters.project.is_some() {
            (
                self.filters.project,
                self.filters.board,
                self.filters.column,
            )
        } else {
            match self.current().and_then(|t| t.primary_location()) {
                Some(l) if l.project_id > 0 => (Some(l.project_id), l.board_id, l.board_column_id),
                _ => (None, None, None),
            }
        };
        let board = board.or_else(|| column.and_then(|c| cx.names.column(c)).map(|c| c.board_id));
        let assignees = match (&self.filters.assignee, cx.names.me()) {
            (Assignee::Me, Some(me)) => vec![me.id.clone()],
            (Assignee::Member(id), _) => vec![id.clone()],
            _ => Vec::new(),
        };
        Values {
            project,
            board,
            column,
            assignees,
            ..Values::default()
        }
    }

    /// A form the service gave back (refused, or not found after a lost answer) opens again,
    /// at once or once the open one closes.
    pub(in crate::tasks) fn reopen_form(&mut self, e: Editor, cx: &mut ScreenCtx) {
        self.forms.waiting.push(e);
        self.show_waiting_form(cx);
    }

    /// With nothing else open, the oldest form given back comes up.
    pub(in crate::tasks) fn show_waiting_form(&mut self, cx: &mut ScreenCtx) {
        let busy = self.forms.open.is_some()
            || self.popup.is_some()
            || self.describe.is_some()
            || self.time.dialog.is_some()
            || self.comments.dialog.is_some()
            || self.files.dialog.is_some();
        if busy || self.forms.waiting.is_empty() {
            return;
        }
        self.forms.open = Some(self.forms.waiting.remove(0));
        self.forms.flush(cx);
    }

    fn close_form(&mut self, cx: &mut ScreenCtx) {
        self.forms.open = None;
        self.show_waiting_form(cx);
    }

    /// A command while the form is open.
    pub(in crate::tasks) fn form_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let today = cx.today();
        let Some(e) = &mut self.forms.open else {
            return;
        };
        if e.picker.is_some() {
            self.form_picker_action(action, cx);
            return;
        }
        let focus = e.form.focus;
        match action {
            Action::Submit => self.submit_form(cx),
            Action::Accept if e.title_only() => self.submit_form(cx),
            Action::Accept | Action::NextField | Action::PrevField => {
                let delta = if action == Action::PrevField { -1 } else { 1 };
                let left = e.form.step(delta);
                if left != e.form.focus {
                    e.form.leave(left, today);
                }
            }
            Action::Back => {
                // The draft stays on disk: nothing is lost, so nothing is asked.
                let values = e.form.values();
                if values != e.start {
                    self.forms.kept = Some(values);
                    let again = cx.keys.then_say("tasks.new", "opens it again");
                    cx.toast(ToastKind::Info, format!("Draft kept{again}"));
                }
                self.close_form(cx);
            }
            Action::Discard => {
                let start = e.start.clone();
                *e = Editor::new(&start, start.clone());
                self.forms.flush(cx);
                cx.toast(ToastKind::Info, "Form cleared, draft discarded");
            }
            Action::Open if focus.is_choice() => self.open_form_picker(String::new(), cx),
            Action::Remove if focus.is_choice() => {
                // The draft is written only when it differs.
                pickers::remove_last(focus, &mut e.form);
                self.forms.flush(cx);
            }
            Action::NewLine if focus == Field::Description => {
                e.form.description.new_line();
                self.forms.flush(cx);
            }
            Action::Up | Action::Down if focus == Field::Description => {
                let delta = if action == Action::Up { -1 } else { 1 };
                if !e.form.description.move_line(delta) {
                    // Past the first or last line: to the field beside.
                    e.form.step(delta);
                }
            }
            Action::Text(edit) if focus == Field::Description => {
                e.form.description.edit(edit);
                self.forms.flush(cx);
            }
            Action::Text(edit) => {
                self.edit_form_text(focus, |t| t.edit(edit), cx);
            }
            _ => {}
        }
    }

    /// A character typed into the form: into the focused text, or, on a choice, the start of
    /// the picker's query.
    pub(in crate::tasks) fn form_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let Some(e) = &mut self.forms.open else {
            return false;
        };
        if let Some(fp) = &mut e.picker {
            match &mut fp.picker {
                Some(p) => {
                    p.type_char(c);
                }
                None => fp.pending.push(c),
            }
            return true;
        }
        let focus = e.form.focus;
        match focus {
            Field::Description => {
                if e.form.description.insert(c) {
                    self.forms.flush(cx);
                }
            }
            f if f.is_typed() => {
                self.edit_form_text(f, |t| t.insert(c), cx);
            }
            _ => {
                let query = if c.is_whitespace() {
                    String::new()
                } else {
                    c.to_string()
                };
                self.open_form_picker(query, cx);
            }
        }
        true
    }

    pub(in crate::tasks) fn form_paste(&mut self, text: &str, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.forms.open else {
            return;
        };
        if let Some(fp) = &mut e.picker {
            match &mut fp.picker {
                Some(p) => p.paste(text),
                None => fp.pending.push_str(&crate::text::one_line(text)),
            }
            return;
        }
        match e.form.focus {
            Field::Description => {
                e.form.description.paste(text);
                self.forms.flush(cx);
            }
            f if f.is_typed() => self.edit_form_text(
                f,
                |t| {
                    t.paste(text);
                    true
                },
                cx,
            ),
            _ => {}
        }
    }

    /// Edits a one-line field: a message shown follows the value; the draft follows too.
    fn edit_form_text(
        &mut self,
        f: Field,
        edit: impl FnOnce(&mut crate::widgets::field::TextField) -> bool,
        cx: &mut ScreenCtx,
    ) {
        let today = cx.today();
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let Some(t) = e.form.text_mut(f) else {
            return;
        };
        let before = t.value().to_string();
        edit(t);
        if t.value() != before {
            e.form.touched.insert(f);
            e.form.revalidate_shown(f, today);
            self.forms.flush(cx);
        }
    }

    fn open_form_picker(&mut self, query: String, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let field = e.form.focus;
        let needs = match field {
            Field::Board if e.form.project.is_none() => Some("a project"),
            Field::Column if e.form.board.is_none() => Some("a board"),
            _ => None,
        };
        if let Some(what) = needs {
            cx.toast(ToastKind::Info, format!("Choose {what} first"));
            return;
        }
        match field {
            Field::Board => e.form.project.into_iter().for_each(|p| cx.ensure_boards(p)),
            Field::Column => e.form.board.into_iter().for_each(|b| cx.ensure_columns(b)),
            _ => {}
        }
        let mut fp = FormPicker {
            field,
            picker: pickers::picker_for(field, &e.form, cx.names),
            pending: query,
        };
        crate::widgets::picker::apply_pending(&mut fp.picker, &mut fp.pending);
        e.picker = Some(fp);
    }

    /// Names arrived (boards, columns, tags): a waiting picker gets its items.
    pub(in crate::tasks) fn refresh_form_picker(&mut self, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let Some(fp) = &mut e.picker else {
            return;
        };
        if fp.picker.is_none() {
            fp.picker = pickers::picker_for(fp.field, &e.form, cx.names);
            crate::widgets::picker::apply_pending(&mut fp.picker, &mut fp.pending);
        }
    }

    fn form_picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let Some(fp) = &mut e.picker else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match action {
                Action::Cancel => e.picker = None,
                Action::Text(TextEdit::DeleteBack) => {
                    fp.pending.pop();
                }
                _ => {}
            }
            return;
        };
        if fp.field == Field::Tags && action == Action::Accept {
            let name = p.query.value().trim().to_string();
            let unmatched = p.current().is_none() && !name.is_empty();
            if self.forms.making_tag.is_some() || unmatched {
                self.create_tag(name, cx);
                return;
            }
        }
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let Some(fp) = &mut e.picker else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            return;
        };
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => e.picker = None,
            PickerOutcome::Picked(keys) => {
                let field = fp.field;
                e.picker = None;
                pickers::apply(field, &keys, &mut e.form, cx.names);
                self.forms.flush(cx);
                self.follow_pick(field, cx);
            }
        }
    }

    /// Pickers follow each other: a project chosen opens its boards, a board its columns.
    fn follow_pick(&mut self, field: Field, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.forms.open else {
            return;
        };
        let next = match field {
            Field::Project if e.form.project.is_some() && e.form.board.is_none() => Field::Board,
            Field::Board if e.form.board.is_some() && e.form.column.is_none() => Field::Column,
            _ => return,
        };
        e.form.focus = next;
        self.open_form_picker(String::new(), cx);
    }

    /// `Ctrl-s` (or `Enter` on a title typed alone): checks every field, then sends the task
    /// and closes the form; the draft stays on disk until the service has the task (the form
    /// comes back if the service refuses it).
    fn submit_form(&mut self, cx: &mut ScreenCtx) {
        let today = cx.today();
        let Some(e) = &mut self.forms.open else {
            return;
        };
        e.failure = None;
        if !e.form.validate_all(today) {
            return;
        }
        // A board without a column goes to the board's first column, when it is known.
        if e.form.board.is_some() && e.form.column.is_none() {
            let first = e
                .form
                .board
                .and_then(|b| cx.names.columns.get(&b))
                .and_then(|l| l.value())
                .and_then(|cols| cols.first())
                .map(|c| c.id);
            match first {
                Some(c) => e.form.column = Some(c),
                None => {
                    e.form
                        .errors
                        .insert(Field::Column, "choose a column of the board".into());
                    e.form.focus = Field::Column;
                    return;
                }
            }
        }
        let new = e.form.to_new_task(today);
        let Some(e) = self.forms.open.take() else {
            return;
        };
        self.forms.sending(&e, cx);
        self.send_new(new, Some(Box::new(e)), cx);
        self.close_form(cx);
    }
}
