//! The contacts screen's layers over the form and the list: typing in fields, the pickers,
//! the list search and the questions (restore a draft, start a new form).

use super::form::{Field, OrgRef};
use super::layer::Layer;
use super::submit::Phase;
use super::{Ask, ContactsState, Pane, edit};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::checked_form::CheckedForm;
use crate::screen::choices::create as choice_create;
use crate::screen::choices::{self, Choice, FormPicker, PickKind};
use crate::screen::deleting;
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::PickerOutcome;

impl ContactsState {
    pub(super) fn open_picker(&mut self, kind: PickKind, query: String, cx: &mut ScreenCtx) {
        let picker = match kind {
            PickKind::Organizations => {
                self.orgs.ensure_loaded(cx);
                choices::org_picker(
                    &self.orgs,
                    &self.organizations.made_here(cx.offline),
                    &self.form.organizations,
                )
            }
            PickKind::Tags => choices::tag_picker(cx.names, &self.form.tags),
        };
        let mut p = FormPicker {
            kind,
            picker,
            pending_query: query,
        };
        apply_pending_query(&mut p);
        self.layers.push(Layer::Picker(p));
        self.refresh_waiting_picker(cx);
    }

    /// A waiting picker gets its items once they arrive, or closes with the reason.
    pub(super) fn refresh_waiting_picker(&mut self, cx: &mut ScreenCtx) {
        let Some(p) = self.layers.picker_mut() else {
            return;
        };
        if p.picker.is_some() {
            return;
        }
        let (built, error) = match p.kind {
            PickKind::Organizations => (
                choices::org_picker(
                    &self.orgs,
                    &self.organizations.made_here(cx.offline),
                    &self.form.organizations,
                ),
                self.orgs.list.error().cloned(),
            ),
            PickKind::Tags => (
                choices::tag_picker(cx.names, &self.form.tags),
                cx.names.tags.error().cloned(),
            ),
        };
        if built.is_some() {
            p.picker = built;
            apply_pending_query(p);
        } else if let Some(e) = error {
            let what = match p.kind {
                PickKind::Organizations => "Organizations",
                PickKind::Tags => "Tags",
            };
            self.layers.close_picker();
            cx.toast(
                ToastKind::Error,
                format!(
                    "{what}: {}{}",
                    e.short(),
                    cx.keys.then_say("global.refresh", "retries")
                ),
            );
        }
    }

    /// A command of the open picker (`picker`, `text`); while its items load, only leaving
    /// it and deleting from what was typed for it do anything.
    pub(super) fn picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(fp) = self.layers.picker_mut() else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match action {
                Action::Cancel => self.layers.close_picker(),
                Action::Text(TextEdit::DeleteBack) => {
                    fp.pending_query.pop();
                }
                _ => {}
            }
            return;
        };
        // While its create is under way the picker waits for it: a second Enter must not
        // send the name again.
        if self.creating.is_some() && action != Action::Cancel {
            if action == Action::Accept {
                let (kind, name) = (fp.kind, p.query.value().trim().to_string());
                choice_create::create(self, kind, name, cx);
            }
            return;
        }
        if action == Action::Accept && p.current().is_none() && p.creates.is_some() {
            let name = p.query.value().trim().to_string();
            if !name.is_empty() {
                let kind = fp.kind;
                choice_create::create(self, kind, name, cx);
                return;
            }
        }
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => self.layers.close_picker(),
            PickerOutcome::Picked(keys) => {
                let kind = fp.kind;
                let labelled = p.labelled(keys.clone());
                self.layers.close_picker();
                match kind {
                    PickKind::Organizations => {
                        self.form.organizations = labelled
                            .into_iter()
                            .filter_map(|(k, name)| match k {
                                Choice::Org(id) => Some(OrgRef { id, name }),
                                Choice::Tag(_) => None,
                            })
                            .collect();
                        self.form.errors.remove(&Field::Organizations);
                    }
                    PickKind::Tags => {
                        self.form.tags = keys
                            .iter()
                            .filter_map(|k| match k {
                                Choice::Tag(id) => Some(*id),
                                Choice::Org(_) => None,
                            })
                            .collect();
                        self.form.errors.remove(&Field::Tags);
                    }
                }
                self.form.carried = false;
                self.flush_draft(cx);
            }
        }
    }

    /// A command of the focused form field (`contact_field` or `contact_choice`, then
    /// `text`). False for the form's and the screen's own commands.
    pub(super) fn field_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let focus = self.form.focus;
        match action {
            Action::NextField => self.step(1, cx),
            Action::PrevField => self.step(-1, cx),
            Action::Open if !focus.is_text() => {
                self.open_picker(chooser(focus), String::new(), cx);
            }
            Action::Remove if !focus.is_text() => {
                let removed = match focus {
                    Field::Organizations => self.form.organizations.pop().is_some(),
                    _ => self.form.tags.pop().is_some(),
                };
                if removed {
                    self.form.carried = false;
                    self.changed(cx);
                }
            }
            Action::Text(edit) => {
                let Some(field) = self.form.text_mut(focus) else {
                    return true;
                };
                let before = field.value().to_string();
                field.edit(edit);
                self.field_typed(focus, &before, cx);
            }
            _ => return false,
        }
        true
    }

    /// What a field's value changed to: the draft is written, a shown error follows it.
    fn field_typed(&mut self, focus: Field, before: &str, cx: &mut ScreenCtx) {
        if self.form.text(focus).is_some_and(|f| f.value() != before) {
            self.form.touched.insert(focus);
            self.form.revalidate_shown(focus);
            self.failure = None;
            self.changed(cx);
        }
    }

    /// A character typed into the open picker's query (kept for it while its items load).
    pub(super) fn picker_char(&mut self, c: char) -> bool {
        let Some(fp) = self.layers.picker_mut() else {
            return false;
        };
        match &mut fp.picker {
            Some(p) => p.type_char(c),
            None => {
                fp.pending_query.push(c);
                true
            }
        }
    }

    pub(super) fn picker_paste(&mut self, text: &str) -> bool {
        let Some(fp) = self.layers.picker_mut() else {
            return false;
        };
        match &mut fp.picker {
            Some(p) => p.paste(text),
            None => fp.pending_query.push_str(&crate::text::one_line(text)),
        }
        true
    }

    /// A character typed into the list's search box.
    pub(super) fn search_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let changed = self.list.search.insert(c);
        if changed {
            self.list.search_changed(cx);
        }
        changed
    }

    /// A character typed into the focused field (on organizations and tags it opens the
    /// picker with it). While a save is on its way the form is locked, and typing does
    /// nothing.
    pub(super) fn field_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.phase != Phase::Editing || !self.editing {
            return false;
        }
        let focus = self.form.focus;
        if !focus.is_text() {
            let query = if c.is_whitespace() {
                String::new()
            } else {
                c.to_string()
            };
            self.open_picker(chooser(focus), query, cx);
            return true;
        }
        let Some(field) = self.form.text_mut(focus) else {
            return false;
        };
        let before = field.value().to_string();
        field.insert(c);
        self.field_typed(focus, &before, cx);
        true
    }

    /// A command while a question of this screen is open. False lets the app have it (the
    /// draft question leaves screen switches, quit and help reachable).
    pub(super) fn ask_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(Layer::Ask(ask)) = self.layers.top() else {
            return false;
        };
        let ask = ask.clone();
        match (ask, action) {
            (Ask::Restore(d), Action::Restore) => {
                self.layers.pop();
                self.form = d.to_form();
                // An edit's draft carries the contact it edits: only what differs is sent.
                self.edit = d.edit.as_ref().map(|base| {
                    let contact = base.to_contact(&weeek_api::models::Contact::default());
                    edit::Session::new(contact)
                });
                self.phase = Phase::Editing;
                self.pane = Pane::Form;
                self.editing = true;
                cx.toast(ToastKind::Success, "Draft restored");
            }
            (Ask::Restore(_), Action::Discard) => {
                self.layers.pop();
                // The offered draft is still on disk: it goes now.
                self.draft.adopt(String::new());
                self.clear_draft(cx);
                cx.toast(ToastKind::Info, "Draft discarded");
            }
            (Ask::Restore(_), _) => return false,
            (Ask::Discard { keep }, Action::Yes) => {
                self.layers.pop();
                self.new_form(keep, cx);
            }
            (Ask::Discard { .. }, Action::No) => {
                self.layers.pop();
            }
            (Ask::Discard { .. }, _) => {}
            (Ask::Delete { id, name }, Action::Yes) => {
                self.layers.pop();
                if Self::must_queue(&id, cx) {
                    self.queue_delete(id, name, cx);
                } else {
                    deleting::send(self, id, name, cx);
                }
            }
            (Ask::Delete { .. }, Action::No) => {
                self.layers.pop();
            }
            (Ask::Delete { .. }, _) => {}
        }
        true
    }

    /// A command of the list's search box. False for the rest (arrows move the cursor).
    pub(super) fn search_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Accept => self.layers.stop_searching(),
            Action::Clear => {
                self.layers.stop_searching();
                self.list.clear_search(cx);
            }
            Action::Text(edit) => {
                let before = self.list.search.value().to_string();
                self.list.search.edit(edit);
                if self.list.search.value() != before {
                    self.list.search_changed(cx);
                }
            }
            _ => return false,
        }
        true
    }

    /// Pasted text goes into the focused field, which takes the keyboard.
    pub(super) fn field_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.phase != Phase::Editing {
            return false;
        }
        let focus = self.form.focus;
        let Some(field) = self.form.text_mut(focus) else {
            return false;
        };
        field.paste(text);
        self.form.touched.insert(focus);
        self.editing = true;
        self.form.revalidate_shown(focus);
        self.changed(cx);
        true
    }
}

pub(super) fn chooser(f: Field) -> PickKind {
    match f {
        Field::Organizations => PickKind::Organizations,
        _ => PickKind::Tags,
    }
}

pub(super) fn apply_pending_query(p: &mut FormPicker) {
    crate::widgets::picker::apply_pending(&mut p.picker, &mut p.pending_query);
}
