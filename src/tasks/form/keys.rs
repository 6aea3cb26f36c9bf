//! The form's keys: opening it (`n`), moving between fields, typing, choosing, closing, and
//! `Ctrl-s` (or `Enter` on a title typed alone) to send it.

use super::Editor;
use super::model::{Field, Values};
use super::pickers::{self, FormPicker};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;
use crate::tasks::TasksState;
use crate::tasks::filters::Assignee;
use crate::tasks::layer::Layer;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::PickerOutcome;

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
        self.layers
            .offer(Layer::Form(Box::new(Editor::new(&values, start))));
        self.forms.flush(self.layers.form(), cx);
    }

    /// What a form holds before anything is typed: the board's focused column on a board,
    /// else the filtered project, board and column, else the cursor task's; the filtered
    /// assignee.
    fn form_start(&self, cx: &ScreenCtx) -> Values {
        let on_board = self.board_place().map(|(project, column)| {
            let board = self.layers.board().map(|b| b.board);
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
    /// at once or once the dialogs open (a form among them) have closed.
    pub(in crate::tasks) fn reopen_form(&mut self, e: Editor, cx: &mut ScreenCtx) {
        self.layers.offer(Layer::Form(Box::new(e)));
        self.settle_layers(cx);
    }

    fn close_form(&mut self) {
        self.layers.take_form();
    }

    /// A command while the form is open.
    pub(in crate::tasks) fn form_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let today = cx.today();
        let Some(e) = self.layers.form_mut() else {
            return;
        };
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
                self.close_form();
            }
            Action::Discard => {
                let start = e.start.clone();
                *e = Editor::new(&start, start.clone());
                self.forms.flush(Some(e), cx);
                cx.toast(ToastKind::Info, "Form cleared, draft discarded");
            }
            Action::Open if focus.is_choice() => self.open_form_picker(String::new(), cx),
            Action::Remove if focus.is_choice() => {
                // The draft is written only when it differs.
                pickers::remove_last(focus, &mut e.form);
                self.forms.flush(Some(e), cx);
            }
            Action::NewLine if focus == Field::Description => {
                e.form.description.new_line();
                self.forms.flush(Some(e), cx);
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
                self.forms.flush(Some(e), cx);
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
        let Some(e) = self.layers.form_mut() else {
            return false;
        };
        let focus = e.form.focus;
        match focus {
            Field::Description => {
                if e.form.description.insert(c) {
                    self.forms.flush(Some(e), cx);
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
        let Some(e) = self.layers.form_mut() else {
            return;
        };
        match e.form.focus {
            Field::Description => {
                e.form.description.paste(text);
                self.forms.flush(Some(e), cx);
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
        let Some(e) = self.layers.form_mut() else {
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
            self.forms.flush(Some(e), cx);
        }
    }

    fn open_form_picker(&mut self, query: String, cx: &mut ScreenCtx) {
        let Some(e) = self.layers.form_mut() else {
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
        // Over the form: a layer of its own, the form beneath it.
        self.layers.push(Layer::FormPicker(fp));
    }

    /// Names arrived (boards, columns, tags): a waiting picker gets its items.
    pub(in crate::tasks) fn refresh_form_picker(&mut self, cx: &mut ScreenCtx) {
        let Some(field) = self
            .layers
            .form_picker()
            .filter(|fp| fp.picker.is_none())
            .map(|fp| fp.field)
        else {
            return;
        };
        let Some(built) = self
            .layers
            .form()
            .map(|e| pickers::picker_for(field, &e.form, cx.names))
        else {
            return;
        };
        if let Some(fp) = self.layers.form_picker_mut() {
            fp.picker = built;
            crate::widgets::picker::apply_pending(&mut fp.picker, &mut fp.pending);
        }
    }

    /// A command of the picker over the form.
    pub(in crate::tasks) fn form_picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(fp) = self.layers.form_picker_mut() else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match action {
                Action::Cancel => self.layers.close_form_picker(),
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
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => self.layers.close_form_picker(),
            PickerOutcome::Picked(keys) => {
                let field = fp.field;
                self.layers.close_form_picker();
                let Some(e) = self.layers.form_mut() else {
                    return;
                };
                pickers::apply(field, &keys, &mut e.form, cx.names);
                self.forms.flush(Some(e), cx);
                self.follow_pick(field, cx);
            }
        }
    }

    /// A character typed into the query of the picker over the form (kept for it while its
    /// items load).
    pub(in crate::tasks) fn form_picker_char(&mut self, c: char) -> bool {
        let Some(fp) = self.layers.form_picker_mut() else {
            return false;
        };
        match &mut fp.picker {
            Some(p) => {
                p.type_char(c);
            }
            None => fp.pending.push(c),
        }
        true
    }

    pub(in crate::tasks) fn form_picker_paste(&mut self, text: &str) -> bool {
        let Some(fp) = self.layers.form_picker_mut() else {
            return false;
        };
        match &mut fp.picker {
            Some(p) => p.paste(text),
            None => fp.pending.push_str(&crate::text::one_line(text)),
        }
        true
    }

    /// Pickers follow each other: a project chosen opens its boards, a board its columns.
    fn follow_pick(&mut self, field: Field, cx: &mut ScreenCtx) {
        let Some(e) = self.layers.form_mut() else {
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
        let Some(e) = self.layers.form_mut() else {
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
        let Some(e) = self.layers.take_form() else {
            return;
        };
        self.forms.sending(&e, cx);
        self.send_new(new, Some(Box::new(e)), cx);
    }
}
