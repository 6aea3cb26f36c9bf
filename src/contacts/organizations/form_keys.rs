//! Keys of the open organization form: typing in the focused field, moving between fields
//! (the field left is checked), adding and removing rows, saving and closing.

use super::OrganizationsState;
use super::layer::Layer;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::checked_form::CheckedForm;
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;

impl OrganizationsState {
    pub(super) fn form_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(fs) = self.layers.form_mut() else {
            return false;
        };
        if action == Action::Submit {
            self.submit(cx);
            self.flush_draft(cx);
            return true;
        }
        if fs.phase.is_busy() {
            if matches!(
                action,
                Action::Cancel | Action::Text(_) | Action::AddRow | Action::RemoveRow
            ) {
                cx.toast(ToastKind::Info, "Wait for the save on its way");
                return true;
            }
            return false;
        }
        match action {
            Action::NextField | Action::PrevField => {
                let delta = if action == Action::NextField { 1 } else { -1 };
                let left = fs.form.step(delta);
                fs.form.leave(left);
            }
            Action::AddRow => fs.form.add_row(),
            Action::RemoveRow => {
                if !fs.form.remove_row() {
                    return false;
                }
            }
            Action::Cancel => {
                if fs.has_changes() {
                    self.layers.push(Layer::AskClose);
                } else {
                    self.close_form(cx);
                }
                return true;
            }
            Action::Text(edit) => {
                return self.edit_focused(cx, |f| {
                    f.edit(edit);
                });
            }
            _ => return false,
        }
        self.flush_draft(cx);
        true
    }

    pub(super) fn form_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        self.edit_focused(cx, |f| {
            f.insert(c);
        })
    }

    pub(super) fn form_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        self.edit_focused(cx, |f| f.paste(text))
    }

    /// Changes the focused field: a shown message follows the value, the draft is written.
    fn edit_focused(&mut self, cx: &mut ScreenCtx, change: impl FnOnce(&mut TextField)) -> bool {
        let Some(fs) = self.layers.form_mut() else {
            return false;
        };
        if fs.phase.is_busy() {
            return true;
        }
        let focus = fs.form.focus;
        let Some(field) = fs.form.text_mut(focus) else {
            return false;
        };
        let before = field.value().to_string();
        change(field);
        if field.value() != before {
            fs.form.touched.insert(focus);
            fs.form.revalidate_shown(focus);
            fs.failure = None;
            self.flush_draft(cx);
        }
        true
    }
}
