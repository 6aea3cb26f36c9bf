//! The form and the list with no layer over them: which pane has the keys, moving between
//! fields, starting a new contact, `Esc` backing out one step at a time, and clicks.

use super::form::{Field, Form};
use super::layer::Layer;
use super::submit::Phase;
use super::{Ask, ContactsState, Pane, contact_rows};
use crate::keys::commands::Action;
use crate::screen::checked_form::CheckedForm;
use crate::screen::toast::ToastKind;
use crate::screen::{ScreenCtx, Target};

impl ContactsState {
    /// Starts a new contact, keeping organizations and tags when `keep`.
    pub(super) fn new_form(&mut self, keep: bool, cx: &mut ScreenCtx) {
        self.give_up_look();
        self.form = if keep {
            self.form.keeping_companies()
        } else {
            Form::default()
        };
        self.edit = None;
        self.phase = Phase::Editing;
        self.failure = None;
        self.pane = Pane::Form;
        self.editing = true;
        self.flush_draft(cx);
    }

    /// `n` / `N`: straight away after a save or on an empty form, else after asking.
    fn ask_new(&mut self, keep: bool, cx: &mut ScreenCtx) {
        match &self.phase {
            Phase::Saving { .. } | Phase::Updating => {}
            // Looking for a contact whose answer was lost: wait for the verdict; once a look
            // has failed, starting over is the way to give up on it.
            Phase::Checking(c) if c.lost.is_looking() => {}
            Phase::Checking(_) => self.layers.push(Layer::Ask(Ask::Discard { keep })),
            Phase::Saved(_) => self.new_form(keep, cx),
            Phase::Editing if !self.form.has_input() => {
                if keep {
                    self.new_form(true, cx);
                } else {
                    self.pane = Pane::Form;
                    self.editing = true;
                    self.form.focus = Field::FirstName;
                }
            }
            Phase::Editing => self.layers.push(Layer::Ask(Ask::Discard { keep })),
        }
    }

    /// Moves the focus, checking the field that was left.
    pub(super) fn step(&mut self, delta: isize, cx: &mut ScreenCtx) {
        let left = self.form.step(delta);
        if left != self.form.focus {
            self.form.leave(left);
            self.flush_draft(cx);
        }
    }

    fn focus_to(&mut self, f: Field, cx: &mut ScreenCtx) {
        let left = self.form.focus;
        self.form.focus = f;
        if left != f {
            self.form.leave(left);
            self.flush_draft(cx);
        }
    }

    /// A save or a look for a lost answer is on its way: the form takes no input (typing
    /// right after a save must not turn into commands either).
    pub(super) fn locked(&self) -> bool {
        self.pane == Pane::Form
            && match &self.phase {
                Phase::Saving { .. } | Phase::Updating => true,
                Phase::Checking(c) => c.lost.is_looking(),
                _ => false,
            }
    }

    fn switch_pane(&mut self, cx: &mut ScreenCtx) {
        self.pane = match self.pane {
            Pane::Form => Pane::List,
            Pane::List => Pane::Form,
        };
        match self.pane {
            Pane::List => {
                if self.editing {
                    let f = self.form.focus;
                    self.form.leave(f);
                    self.flush_draft(cx);
                }
                self.editing = false;
                self.list.ensure_loaded(cx);
                let rows = self.list_rows(cx);
                self.list.fix_scroll(rows);
            }
            Pane::Form => {
                self.layers.stop_searching();
                self.editing = self.phase == Phase::Editing;
            }
        }
    }

    fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let rows = self.list_rows(cx);
        self.list.move_by(action, cx, rows)
    }

    fn form_nav_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let fields = self.form.fields();
        match action {
            Action::Down => self.step(1, cx),
            Action::Up => self.step(-1, cx),
            Action::Top => self.focus_to(fields[0], cx),
            Action::Bottom => self.focus_to(fields[fields.len() - 1], cx),
            Action::PageDown | Action::HalfDown => self.step(4, cx),
            Action::PageUp | Action::HalfUp => self.step(-4, cx),
            _ => return false,
        }
        true
    }

    /// The form's and the list's own commands.
    pub(super) fn form_list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.pane == Pane::Form
            && self.phase == Phase::Editing
            && self.editing
            && self.field_action(action, cx)
        {
            return true;
        }
        if let (Pane::Form, Phase::Saved(c)) = (self.pane, &self.phase) {
            let page = cx.viewport.contacts.saved_rows;
            let max = contact_rows(c, false).saturating_sub(page);
            if let Some(to) =
                crate::widgets::scroll::target(action, self.saved_scroll, max + 1, page)
            {
                self.saved_scroll = crate::widgets::scroll::clamp(to, max + 1);
                return true;
            }
        }
        match action {
            Action::Submit => {
                if self.pane == Pane::List && self.phase == Phase::Editing {
                    self.switch_pane(cx);
                }
                self.submit(cx);
            }
            Action::AddRow if self.phase == Phase::Editing => {
                self.pane = Pane::Form;
                let left = self.form.focus;
                self.form.add_row();
                self.form.leave(left);
                self.editing = true;
                self.flush_draft(cx);
            }
            Action::RemoveRow if self.phase == Phase::Editing => {
                if self.form.remove_row() {
                    self.changed(cx);
                } else {
                    cx.toast(
                        ToastKind::Info,
                        "Move to an e-mail or phone row to remove it",
                    );
                }
            }
            Action::AddRow | Action::RemoveRow => {}
            Action::SwitchPane => self.switch_pane(cx),
            Action::NewBlank => self.ask_new(false, cx),
            Action::NewKeep => self.ask_new(true, cx),
            Action::EditContact => self.start_edit(cx),
            Action::Open if self.pane == Pane::List => {
                if let Some(c) = self.list.current() {
                    let contact = Box::new(c.clone());
                    self.layers.push(Layer::View { contact, scroll: 0 });
                }
            }
            Action::Open if self.pane == Pane::Form && self.phase == Phase::Editing => {
                self.editing = true;
            }
            Action::Search => {
                if self.pane == Pane::Form {
                    self.switch_pane(cx);
                }
                self.layers.push(Layer::Search);
            }
            Action::Refresh => {
                let rows = self.list_rows(cx);
                self.list.refresh(true, cx, rows);
                self.orgs.reload(cx);
            }
            Action::Back => return self.back(cx),
            a if self.pane == Pane::List => return self.list_action(a, cx),
            a if self.phase == Phase::Editing => return self.form_nav_action(a, cx),
            _ => return false,
        }
        true
    }

    /// Esc: leave the field, then drop the error message, then clear the list search, then
    /// go back from the list to the form.
    fn back(&mut self, cx: &mut ScreenCtx) -> bool {
        if self.pane == Pane::Form && self.editing {
            self.editing = false;
            let f = self.form.focus;
            self.form.leave(f);
            self.flush_draft(cx);
            return true;
        }
        if self.failure.take().is_some() {
            return true;
        }
        if self.pane == Pane::List {
            if !self.list.clear_search(cx) {
                self.switch_pane(cx);
            }
            return true;
        }
        false
    }

    /// A click on a pane gives it the keys; on a contact it also selects the contact, and on
    /// a field it puts the focus there.
    pub fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        // Only the panes take clicks: a popup over them has the keys and the mouse.
        if self.layers.any(|l| !matches!(l, Layer::Search)) {
            return false;
        }
        let pane = match target {
            Target::ContactsPane(pane) => pane,
            Target::Contact(_) => Pane::List,
            Target::Field(_) => Pane::Form,
            _ => return false,
        };
        if self.pane != pane {
            self.switch_pane(cx);
        }
        match target {
            Target::Contact(idx) if idx < self.list.rows.rows.len() => {
                let rows = self.list_rows(cx);
                self.list.move_to(idx as isize, cx, rows);
            }
            Target::Field(field) if self.phase == Phase::Editing => {
                self.focus_to(field, cx);
                self.editing = true;
            }
            _ => {}
        }
        true
    }
}
