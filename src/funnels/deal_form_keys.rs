//! The deal form as a layer over the board: opening it (`n`, `e`, a draft from an earlier
//! run, asked about when it is another deal's), typing and moving between fields, `Esc`
//! (asking first when something was typed), and the draft on disk that follows every change.

use std::path::Path;

use weeek_api::models::CustomField;

use super::deal_form::{CustomValue, DealField, DealForm, Input, Values};
use super::editor::{DealEditor, Draft, Phase, Target};
use super::layer::Layer;
use super::{FunnelKey, FunnelsState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::form_create;
use crate::screen::toast::ToastKind;

impl FunnelsState {
    pub fn draft_path(&self) -> &Path {
        self.draft.path()
    }

    /// Reads the deal draft left by an earlier run (before the event loop).
    pub fn load_draft(&mut self) {
        match self.draft.load::<Draft>() {
            Ok(None) => {}
            Ok(Some(d)) => {
                self.found_note = Some((
                    ToastKind::Info,
                    format!(
                        "A deal draft was found ({}): it opens again with n (e for an edit) in its funnel",
                        d.title()
                    ),
                ));
                self.found = Some(d);
            }
            Err(why) => {
                self.found_note = Some((
                    ToastKind::Error,
                    format!("The deal draft could not be read ({why})"),
                ));
            }
        }
    }

    /// Says once what was found on disk at start.
    pub(super) fn announce(&mut self, cx: &mut ScreenCtx) {
        if let Some((kind, text)) = self.found_note.take() {
            cx.toast(kind, text);
        }
    }

    /// `n` / `e`: opens the form, the draft of this deal if there is one. Another draft on
    /// disk is asked about first.
    pub fn open_form(&mut self, edit: bool, cx: &mut ScreenCtx) {
        let Some(d) = &self.detail else {
            return;
        };
        let Some(fields) = d.funnel.value().map(|f| f.custom_fields.clone()) else {
            return;
        };
        let target = if edit {
            match d.current_deal() {
                Some(deal) => Target::Edit {
                    deal_id: deal.id.clone(),
                },
                None => return,
            }
        } else {
            match d.column() {
                Some(c) => Target::New {
                    status_id: c.status_id.clone(),
                },
                None => return,
            }
        };
        let draft = self.found.clone();
        let matches = |x: &Draft| {
            x.funnel_id == d.id
                && match (&x.target, &target) {
                    (Target::New { .. }, Target::New { .. }) => true,
                    (a, b) => a == b,
                }
        };
        match draft {
            Some(x) if matches(&x) => {
                self.found = None;
                let mut target = target;
                // A new deal's draft keeps the status it was started in when that status is
                // still on the board.
                if let Target::New { status_id } = &x.target
                    && d.column_index(status_id).is_some()
                {
                    target = x.target.clone();
                }
                self.start_form(target, fields, x.before, &x.values, cx);
                if let Some(e) = self.layers.editor_mut() {
                    e.form.keep_typed();
                }
                cx.toast(ToastKind::Success, "Draft restored");
            }
            Some(x) => {
                self.layers
                    .push(Layer::Ask(super::verbs::Ask::ReplaceDraft {
                        title: x.title(),
                        edit,
                    }));
            }
            None => {
                let before = match &target {
                    Target::Edit { .. } => {
                        let deal = d.current_deal().cloned().unwrap_or_default();
                        Values::of_deal(
                            &deal,
                            &fields,
                            (
                                |id: &str| self.lookups.contact_name(id),
                                |id: &str| self.lookups.org_name(id),
                            ),
                            cx.clock.offset,
                        )
                    }
                    Target::New { .. } => Values::default(),
                };
                self.start_form(target, fields, before.clone(), &before, cx);
            }
        }
    }

    /// The answer to "replace the other draft?": yes drops it and opens the form.
    pub fn replace_draft(&mut self, yes: bool, edit: bool, cx: &mut ScreenCtx) {
        if !yes {
            cx.toast(ToastKind::Info, "Kept the draft");
            return;
        }
        self.found = None;
        self.draft.clear(cx);
        self.open_form(edit, cx);
    }

    fn start_form(
        &mut self,
        target: Target,
        fields: Vec<CustomField>,
        before: Values,
        values: &Values,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = &self.detail else {
            return;
        };
        let name = match &target {
            Target::Edit { .. } => crate::text::quoted(before.title.trim(), 30),
            Target::New { .. } => String::new(),
        };
        self.layers.push(Layer::Form(Box::new(DealEditor {
            funnel_id: d.id.clone(),
            target,
            name,
            before,
            form: DealForm {
                offset: cx.clock.offset,
                ..DealForm::new(fields, values)
            },
            phase: Phase::Editing,
            failure: None,
        })));
        // Contacts and organizations are chosen by name.
        self.lookups.ensure(cx);
        self.flush_draft(cx);
    }

    /// Writes the draft if the form differs from where it started; removes it otherwise.
    pub(super) fn flush_draft(&mut self, cx: &mut ScreenCtx) {
        let Some(e) = self.layers.editor() else {
            return;
        };
        if e.changed() {
            self.draft.save(e.draft().to_json(), cx);
        } else {
            self.draft.clear(cx);
        }
    }

    pub(super) fn close_form(&mut self, cx: &mut ScreenCtx) {
        // A create whose look failed stays unsettled: the same deal sent again looks first.
        form_create::give_up(self);
        let edited = self.edited_deal();
        self.layers.close_form();
        self.draft.clear(cx);
        cx.cancel(FunnelKey::DealFind);
        cx.cancel(FunnelKey::DealRead);
        // A refresh left the deal alone while the form showed it: its card reads it now (the
        // popup, if open on it, waits until it closes).
        if let (Some(id), Some(d)) = (edited, &mut self.detail) {
            let popup = d.deal.as_ref().is_some_and(|v| v.id == id);
            d.reread_passed_by(&id, popup, cx);
        }
    }

    // ----- keys ------------------------------------------------------------------------------

    /// A command while the form is open.
    pub fn form_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let today = cx.clock.today;
        let Some(e) = self.layers.editor_mut() else {
            return false;
        };
        let focus = e.form.focus;
        match action {
            Action::Submit => self.submit(cx),
            Action::Back if e.locked() => return false,
            Action::Back if e.changed() && matches!(e.phase, Phase::Editing) => {
                let name = (!e.is_new()).then(|| e.name.clone());
                self.layers
                    .push(Layer::Ask(super::verbs::Ask::DropForm { name }));
            }
            Action::Back => self.close_form(cx),
            _ if e.locked() || !matches!(e.phase, Phase::Editing) => return false,
            Action::NextField | Action::PrevField => {
                let left = e
                    .form
                    .step(if action == Action::NextField { 1 } else { -1 });
                if left != e.form.focus {
                    e.form.leave(left, today);
                }
            }
            Action::Open if e.form.input(focus) == Some(Input::Flag) => {
                let Some(field) = e.form.fields.get(match focus {
                    DealField::Custom(i) => i,
                    _ => return true,
                }) else {
                    return true;
                };
                let id = field.id.clone();
                let next = match e.form.chosen.get(&id) {
                    Some(CustomValue::Flag(Some(true))) => Some(false),
                    Some(CustomValue::Flag(Some(false))) => None,
                    _ => Some(true),
                };
                e.form.chosen.insert(id, CustomValue::Flag(next));
                self.flush_draft(cx);
            }
            Action::Open if !e.form.is_typed(focus) => self.open_picker(String::new(), cx),
            Action::Remove if !e.form.is_typed(focus) => {
                let removed = match focus {
                    DealField::Assignees => e.form.assignees.pop().is_some(),
                    DealField::Contacts => e.form.contacts.pop().is_some(),
                    DealField::Organizations => e.form.organizations.pop().is_some(),
                    DealField::Tags => e.form.tags.pop().is_some(),
                    DealField::Custom(i) => e
                        .form
                        .fields
                        .get(i)
                        .map(|f| f.id.clone())
                        .and_then(|id| e.form.chosen.remove(&id))
                        .is_some(),
                    _ => false,
                };
                if removed {
                    self.flush_draft(cx);
                }
            }
            Action::Text(edit) => self.edit_text(
                focus,
                |t| {
                    t.edit(edit);
                },
                cx,
            ),
            _ => return false,
        }
        true
    }

    fn edit_text(
        &mut self,
        focus: DealField,
        change: impl FnOnce(&mut crate::widgets::field::TextField),
        cx: &mut ScreenCtx,
    ) {
        let today = cx.clock.today;
        let Some(e) = self.layers.editor_mut() else {
            return;
        };
        let Some(field) = e.form.text_mut(focus) else {
            return;
        };
        let before = field.value().to_string();
        change(field);
        if field.value() != before {
            e.form.touched.insert(focus);
            e.form.revalidate_shown(focus, today);
            e.failure = None;
            self.flush_draft(cx);
        }
    }

    /// A character typed while the form is open: into the picker's query, the focused field,
    /// or (on a choice) the picker it opens; `y` / `n` set a yes/no field.
    pub fn form_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let Some(e) = self.layers.editor_mut() else {
            return false;
        };
        if e.locked() || !matches!(e.phase, Phase::Editing) {
            return false;
        }
        let focus = e.form.focus;
        match e.form.input(focus) {
            Some(Input::Flag) => {
                let value = match c.to_ascii_lowercase() {
                    'y' | 'д' | '1' => Some(true),
                    'n' | 'н' | '0' => Some(false),
                    _ => return false,
                };
                if let DealField::Custom(i) = focus
                    && let Some(f) = e.form.fields.get(i)
                {
                    e.form.chosen.insert(f.id.clone(), CustomValue::Flag(value));
                    self.flush_draft(cx);
                }
                true
            }
            Some(Input::ReadOnly) => false,
            _ if e.form.is_typed(focus) => {
                self.edit_text(
                    focus,
                    |t| {
                        t.insert(c);
                    },
                    cx,
                );
                true
            }
            _ => {
                let query = if c.is_whitespace() {
                    String::new()
                } else {
                    c.to_string()
                };
                self.open_picker(query, cx);
                true
            }
        }
    }

    pub fn form_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        let Some(e) = self.layers.editor_mut() else {
            return false;
        };
        if e.locked() || !matches!(e.phase, Phase::Editing) {
            return false;
        }
        let focus = e.form.focus;
        if !e.form.is_typed(focus) {
            return false;
        }
        self.edit_text(focus, |t| t.paste(text), cx);
        true
    }
}
