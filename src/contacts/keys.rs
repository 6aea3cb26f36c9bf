//! Keys of the contacts screen before the keymap sees them: typing in fields, the pickers,
//! the questions (restore a draft, start a new form), and what passes through to commands.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::form::{Field, OrgRef};
use super::pickers::{self, Choice, FormPicker, PickKind};
use super::submit::Phase;
use super::{Ask, ContactsState, Pane};
use crate::app::Env;
use crate::app::commands::{self, Action, Context};
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::widgets::picker::PickerOutcome;

impl ContactsState {
    pub(super) fn open_picker(&mut self, kind: PickKind, query: String, env: &mut Env) {
        let picker = match kind {
            PickKind::Organizations => {
                self.orgs.ensure_loaded(env);
                pickers::org_picker(&self.orgs, &self.form.organizations)
            }
            PickKind::Tags => pickers::tag_picker(env.dir, &self.form.tags),
        };
        let mut p = FormPicker {
            kind,
            picker,
            pending_query: query,
        };
        apply_pending_query(&mut p);
        self.picker = Some(p);
        self.refresh_waiting_picker(env);
    }

    /// A waiting picker gets its items once they arrive, or closes with the reason.
    pub(super) fn refresh_waiting_picker(&mut self, env: &mut Env) {
        let Some(p) = &mut self.picker else {
            return;
        };
        if p.picker.is_some() {
            return;
        }
        let (built, error) = match p.kind {
            PickKind::Organizations => (
                pickers::org_picker(&self.orgs, &self.form.organizations),
                self.orgs.list.error().cloned(),
            ),
            PickKind::Tags => (
                pickers::tag_picker(env.dir, &self.form.tags),
                env.dir.tags.error().cloned(),
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
            self.picker = None;
            env.toast(
                ToastKind::Error,
                format!("{what}: {} · r retries", e.short()),
            );
        }
    }

    pub(super) fn picker_key(&mut self, key: KeyEvent, env: &mut Env) {
        let Some(fp) = &mut self.picker else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match key.code {
                KeyCode::Esc => self.picker = None,
                KeyCode::Char(c) if !has_ctrl_or_alt(&key) => fp.pending_query.push(c),
                KeyCode::Backspace => {
                    fp.pending_query.pop();
                }
                _ => {}
            }
            return;
        };
        match p.key(key) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => self.picker = None,
            PickerOutcome::Picked(keys) => {
                let kind = fp.kind;
                let labels: Vec<(Choice, String)> = p
                    .items
                    .iter()
                    .map(|it| (it.key.clone(), it.label.clone()))
                    .collect();
                self.picker = None;
                match kind {
                    PickKind::Organizations => {
                        self.form.organizations = keys
                            .iter()
                            .filter_map(|k| match k {
                                Choice::Org(id) => Some(OrgRef {
                                    id: id.clone(),
                                    name: labels
                                        .iter()
                                        .find(|(c, _)| c == k)
                                        .map(|(_, l)| l.clone())
                                        .unwrap_or_default(),
                                }),
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
                self.flush_draft(env);
            }
        }
    }

    /// Keys while a field of the form has the keyboard.
    pub(super) fn field_key(&mut self, key: KeyEvent, env: &mut Env) -> bool {
        let focus = self.form.focus;
        let plain = !has_ctrl_or_alt(&key);
        match key.code {
            KeyCode::Tab | KeyCode::Down => self.step(1, env),
            KeyCode::BackTab | KeyCode::Up => self.step(-1, env),
            KeyCode::Enter if focus.is_text() => self.step(1, env),
            KeyCode::Enter | KeyCode::Char(' ') if !focus.is_text() => {
                let kind = chooser(focus);
                self.open_picker(kind, String::new(), env);
            }
            KeyCode::Backspace | KeyCode::Delete if !focus.is_text() => {
                let removed = match focus {
                    Field::Organizations => self.form.organizations.pop().is_some(),
                    _ => self.form.tags.pop().is_some(),
                };
                if removed {
                    self.form.carried = false;
                    self.changed(env);
                }
            }
            KeyCode::Char(c) if plain && !focus.is_text() => {
                self.open_picker(chooser(focus), c.to_string(), env);
            }
            _ if !focus.is_text() => return !self.passes_through(&key),
            _ => {
                if self.passes_through(&key) {
                    return false;
                }
                let Some(field) = self.form.text_mut(focus) else {
                    return false;
                };
                let before = field.value().to_string();
                field.key(key);
                if field.value() != before {
                    self.form.touched.insert(focus);
                    self.form.revalidate_shown(focus);
                    self.failure = None;
                    self.changed(env);
                }
            }
        }
        true
    }

    /// Keys a text field leaves to the keymap: bound Ctrl/Alt chords (save, quit, palette,
    /// Alt-digits) and Esc. Every other key types or edits (readline keys included).
    pub(super) fn passes_through(&self, key: &KeyEvent) -> bool {
        if key.code == KeyCode::Esc {
            return true;
        }
        if !has_ctrl_or_alt(key) {
            return false;
        }
        // Readline keys belong to the field being typed in, even where a list binds them
        // (Ctrl-u is half a page up in lists, and deletes the line in a field).
        let readline = matches!(
            key.code,
            KeyCode::Char('a' | 'b' | 'e' | 'f' | 'h' | 'k' | 'u' | 'w' | 'y')
        ) && key.modifiers == crossterm::event::KeyModifiers::CONTROL;
        if readline {
            return false;
        }
        let mut ctx = self.contexts();
        ctx.push(Context::Global);
        commands::resolve(&ctx, key).is_some()
    }

    pub(super) fn answer(&mut self, key: KeyEvent, env: &mut Env) -> bool {
        let Some(ask) = self.ask.clone() else {
            return false;
        };
        let plain = !has_ctrl_or_alt(&key);
        let yes = plain && matches!(key.code, KeyCode::Char('y' | 'Y'));
        let no = plain && matches!(key.code, KeyCode::Char('n' | 'N'));
        match ask {
            Ask::Restore(d) => {
                if yes || key.code == KeyCode::Enter {
                    self.ask = None;
                    self.form = d.to_form();
                    self.phase = Phase::Editing;
                    self.pane = Pane::Form;
                    self.editing = true;
                    env.toast(ToastKind::Success, "Draft restored");
                } else if no {
                    self.ask = None;
                    self.draft_written = Some(String::new());
                    self.clear_draft(env);
                    self.editing = true;
                    env.toast(ToastKind::Info, "Draft discarded");
                } else {
                    // The screen switches, quit and help stay reachable; nothing else acts
                    // behind the question.
                    return !commands::resolve(&[Context::Global], &key)
                        .is_some_and(|a| a != Action::Refresh && a != Action::Back);
                }
            }
            Ask::Discard { keep } => {
                self.ask = None;
                if yes {
                    self.new_form(keep, env);
                }
            }
        }
        true
    }

    pub(super) fn on_key(&mut self, key: KeyEvent, env: &mut Env) -> bool {
        if self.ask.is_some() {
            return self.answer(key, env);
        }
        if self.picker.is_some() {
            self.picker_key(key, env);
            return true;
        }
        if self.pane == Pane::List {
            if self.list.searching {
                if key.code == KeyCode::Esc || self.passes_through(&key) {
                    return false;
                }
                let rows = self.list_rows(env);
                self.list.search_key(key, env, rows);
                return true;
            }
            return false;
        }
        match &self.phase {
            // A failed look: the keymap has the keys (Ctrl-s looks again, n starts over).
            Phase::Checking(lost) if !lost.is_looking() => false,
            Phase::Saving { .. } | Phase::Checking(_) => {
                // Locked until the answer: typing changes nothing, and says why.
                if self.passes_through(&key) {
                    return false;
                }
                true
            }
            Phase::Saved(_) => false,
            Phase::Editing if self.editing => self.field_key(key, env),
            Phase::Editing => false,
        }
    }

    pub(super) fn on_paste_text(&mut self, text: &str, env: &mut Env) -> bool {
        if self.ask.is_some() {
            return false;
        }
        if let Some(fp) = &mut self.picker {
            match &mut fp.picker {
                Some(p) => p.paste(text),
                None => fp.pending_query.push_str(&crate::text::one_line(text)),
            }
            return true;
        }
        if self.pane == Pane::List {
            if !self.list.searching {
                self.list.searching = true;
            }
            self.list.search_paste(text, env);
            return true;
        }
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
        self.changed(env);
        true
    }
}

pub(super) fn chooser(f: Field) -> PickKind {
    match f {
        Field::Organizations => PickKind::Organizations,
        _ => PickKind::Tags,
    }
}

pub(super) fn has_ctrl_or_alt(key: &KeyEvent) -> bool {
    key.modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
}

pub(super) fn apply_pending_query(p: &mut FormPicker) {
    if let Some(picker) = &mut p.picker
        && !p.pending_query.is_empty()
    {
        picker.paste(&std::mem::take(&mut p.pending_query));
    }
}
