//! What `F` does on the task list: a picker of the saved views (`Enter` applies one), an item
//! to save the current filters and sort under a typed name, one to go back to no view, and
//! `Ctrl-d` to delete a view (asks first). The config file is written by the runtime
//! (`Effect::StoreView`); its answer comes back as `Msg::ViewStored` and is said then.

use std::path::Path;

use super::TasksState;
use super::dialogs::{PickKey, PickPurpose, Popup, PromptPurpose};
use super::filters::Filters;
use super::views::{SavedViews, View};
use crate::screen::toast::ToastKind;
use crate::screen::{Effect, ScreenCtx};
use crate::widgets::picker::{PickItem, Picker};

/// A change to a saved view that waits for a yes.
#[derive(Debug, Clone, PartialEq)]
pub enum ViewChange {
    Delete(String),
    Replace(String, Box<View>),
}

/// Longer names do not fit the picker or the filter line.
const NAME_MAX: usize = 60;

impl TasksState {
    pub(super) fn open_views(&mut self, cx: &mut ScreenCtx) {
        let today = cx.today();
        let current = self
            .views
            .current(&self.filters, self.sort, today)
            .map(|(n, same)| (n.to_string(), same));
        let mut items: Vec<PickItem<PickKey>> = self
            .views
            .views
            .iter()
            .map(|(name, view)| {
                let shows = view.describe(cx.names, today);
                let detail = match &current {
                    Some((n, true)) if n == name => format!("in use · {shows}"),
                    Some((n, false)) if n == name => format!("in use, changed since · {shows}"),
                    _ => shows,
                };
                PickItem::new(PickKey::View(name.clone()), name.clone()).detail(detail)
            })
            .collect();
        items.push(
            PickItem::new(PickKey::SaveView, "Save as a view…")
                .detail(View::from_filters(&self.filters, self.sort).describe(cx.names, today)),
        );
        items.push(
            PickItem::new(PickKey::NoView, "No view")
                .detail("my open tasks, in the service's order"),
        );
        let mut picker = Picker::single("Saved views", items);
        match &current {
            Some((name, _)) => picker.focus(&PickKey::View(name.clone())),
            None if self.views.views.is_empty() => picker.focus(&PickKey::SaveView),
            None => {}
        }
        self.layers.set_popup(Popup::Pick {
            purpose: PickPurpose::Views,
            picker: Some(picker),
        });
    }

    pub(super) fn on_view_pick(&mut self, key: PickKey, cx: &mut ScreenCtx) {
        match key {
            PickKey::View(name) => self.apply_view(name, cx),
            PickKey::SaveView => {
                // Saving again under the name in use updates that view.
                let name = self
                    .views
                    .current(&self.filters, self.sort, cx.today())
                    .map(|(n, _)| n.to_string())
                    .unwrap_or_default();
                self.layers
                    .set_popup(Popup::prompt(PromptPurpose::SaveView, name, cx.today()));
            }
            PickKey::NoView => {
                self.filters = Filters::default();
                self.sort = None;
                self.forget_last_view(cx);
                self.filters_changed(false, cx);
            }
            _ => {}
        }
    }

    /// Shows the tasks of view `name`: its filters and sort replace the current ones.
    fn apply_view(&mut self, name: String, cx: &mut ScreenCtx) {
        let Some(view) = self.views.views.get(&name) else {
            cx.toast(ToastKind::Error, format!("There is no view named “{name}”"));
            return;
        };
        match view.to_filters(cx.today()) {
            Ok((filters, sort)) => {
                // The chips name the project, board and column: their names are loaded.
                if let Some(p) = filters.project {
                    cx.ensure_boards(p);
                }
                if let Some(b) = filters.board {
                    cx.ensure_columns(b);
                }
                self.filters = filters;
                self.sort = sort;
                self.remember_last_view(name, cx);
                self.filters_changed(false, cx);
            }
            Err(e) => cx.toast(
                ToastKind::Error,
                format!("The view “{name}” cannot be applied: {e}"),
            ),
        }
    }

    /// At start, the view used last time, if it is still in the config file.
    pub(super) fn restore_view(&mut self, cx: &mut ScreenCtx) {
        let Some(name) = self.views.take_restore() else {
            return;
        };
        if self.views.views.contains_key(&name) {
            self.apply_view(name.clone(), cx);
            let more = cx.keys.then_say("tasks.views", "for views");
            cx.toast(
                ToastKind::Info,
                format!("View “{name}”, as last time{more}"),
            );
        } else {
            // Deleted from the config file since: the list opens as without a view.
            self.forget_last_view(cx);
        }
    }

    /// Saves the current filters and sort as view `name`; asks first before replacing a view
    /// that shows something else.
    pub(super) fn save_view(&mut self, name: &str, cx: &mut ScreenCtx) -> Result<(), String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("type a name for the view".into());
        }
        if name.chars().count() > NAME_MAX {
            return Err(format!("a name of at most {NAME_MAX} characters"));
        }
        let view = View::from_filters(&self.filters, self.sort);
        match self.views.views.get(name) {
            Some(old) if !old.same_as(&view, cx.today()) => {
                let shows = old.describe(cx.names, cx.today());
                self.offer(Popup::ConfirmView {
                    question: format!("Replace the view “{name}” ({shows})?"),
                    change: ViewChange::Replace(name.to_string(), Box::new(view)),
                });
            }
            _ => self.store_view(name.to_string(), view, cx),
        }
        Ok(())
    }

    /// `Ctrl-d` on the item under the cursor of the views picker.
    pub(super) fn ask_delete_view(&mut self, key: Option<PickKey>, cx: &mut ScreenCtx) {
        match key {
            Some(PickKey::View(name)) => {
                self.layers.set_popup(Popup::ConfirmView {
                    question: format!(
                        "Delete the view “{name}” from {}?",
                        self.views.config_file().display()
                    ),
                    change: ViewChange::Delete(name),
                });
            }
            _ => cx.toast(ToastKind::Info, "Only a saved view can be deleted"),
        }
    }

    pub(super) fn confirm_view(&mut self, change: ViewChange, cx: &mut ScreenCtx) {
        match change {
            ViewChange::Replace(name, view) => self.store_view(name, *view, cx),
            ViewChange::Delete(name) => {
                self.views.views.remove(&name);
                if self.views.last.as_deref() == Some(name.as_str()) {
                    self.forget_last_view(cx);
                }
                cx.effects.push(Effect::StoreView {
                    config: self.views.config_file().to_path_buf(),
                    name,
                    view: None,
                });
            }
        }
    }

    fn store_view(&mut self, name: String, view: View, cx: &mut ScreenCtx) {
        self.views.views.insert(name.clone(), view.clone());
        self.remember_last_view(name.clone(), cx);
        cx.effects.push(Effect::StoreView {
            config: self.views.config_file().to_path_buf(),
            name,
            view: Some(view),
        });
    }

    fn remember_last_view(&mut self, name: String, cx: &mut ScreenCtx) {
        cx.effects.push(Effect::WriteFile {
            path: self.views.state_file().to_path_buf(),
            contents: SavedViews::state_text(&name),
        });
        self.views.last = Some(name);
    }

    fn forget_last_view(&mut self, cx: &mut ScreenCtx) {
        self.views.last = None;
        cx.effects
            .push(Effect::RemoveFile(self.views.state_file().to_path_buf()));
    }
}

/// What to say once the config file was written (or was not): the view `name` saved, or
/// deleted when `deleted`.
pub fn stored_text(
    name: &str,
    deleted: bool,
    result: &Result<(), String>,
    config: &Path,
) -> (ToastKind, String) {
    let file = config.display();
    match (result, deleted) {
        (Ok(()), false) => (
            ToastKind::Success,
            format!("Saved the view “{name}” in {file}"),
        ),
        (Ok(()), true) => (
            ToastKind::Success,
            format!("Deleted the view “{name}” from {file}"),
        ),
        (Err(e), false) => (
            ToastKind::Error,
            format!("The view “{name}” was not saved: {e}. It lasts until you quit."),
        ),
        (Err(e), true) => (
            ToastKind::Error,
            format!(
                "The view “{name}” was not deleted from the config file: {e}. It comes back at the next start."
            ),
        ),
    }
}
