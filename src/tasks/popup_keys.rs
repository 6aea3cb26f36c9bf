//! What the popups' commands do: a pick applied (a move, assignees, the sort, a filter's
//! value, a view), a prompt's text taken (a due day, a title, a name), a question answered;
//! and a picker still waiting for what it lists gets its items, or closes with the reason.

use std::collections::BTreeSet;

use weeek_api::SortBy;

use super::TasksState;
use super::dialogs::{
    Feedback, PickKey, PickPurpose, Popup, PromptPurpose, build_picker, first_descending,
};
use super::filters::{Assignee, FilterKind};
use crate::date_input;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;
use crate::screen::names::Names;
use crate::screen::toast::ToastKind;
use crate::widgets::picker::PickerOutcome;

impl TasksState {
    pub(super) fn open_sort(&mut self) {
        let picker = build_picker(&PickPurpose::Sort, &Names::default(), self);
        self.layers.set_popup(Popup::Pick {
            purpose: PickPurpose::Sort,
            picker,
        });
    }

    /// Opens the picker of a filter's values, loading what it lists when needed.
    pub(super) fn open_filter_picker(&mut self, kind: FilterKind, cx: &mut ScreenCtx) {
        match kind {
            FilterKind::Board => match self.filters.project {
                Some(p) => cx.ensure_boards(p),
                None => {
                    cx.toast(ToastKind::Info, "Choose a project first");
                    return;
                }
            },
            FilterKind::Column => match self.filters.board {
                Some(b) => cx.ensure_columns(b),
                None => {
                    cx.toast(ToastKind::Info, "Choose a board first");
                    return;
                }
            },
            _ => {}
        }
        self.layers
            .set_popup(Popup::pick(PickPurpose::Filter(kind), cx.names, self));
    }

    /// A waiting picker gets its items once the directory has them; a failed load closes it.
    pub(super) fn refresh_waiting_popup(&mut self, cx: &mut ScreenCtx) {
        let Some(Popup::Pick {
            purpose,
            picker: None,
        }) = self.layers.popup_mut()
        else {
            return;
        };
        let failed = match purpose {
            PickPurpose::Move { board, .. } => {
                cx.names.columns.get(board).and_then(Loadable::error)
            }
            PickPurpose::Assign { .. } | PickPurpose::Watchers { .. } => cx.names.members.error(),
            PickPurpose::Filter(FilterKind::Project) => cx.names.projects.error(),
            PickPurpose::Filter(FilterKind::Tag) => cx.names.tags.error(),
            PickPurpose::Filter(FilterKind::Assignee) => cx.names.members.error(),
            PickPurpose::Filter(FilterKind::Board) => self
                .filters
                .project
                .and_then(|p| cx.names.boards.get(&p))
                .and_then(Loadable::error),
            PickPurpose::Filter(FilterKind::Column) => self
                .filters
                .board
                .and_then(|b| cx.names.columns.get(&b))
                .and_then(Loadable::error),
            _ => None,
        }
        .cloned();
        if let Some(e) = failed {
            cx.toast(
                ToastKind::Error,
                format!("Could not load the list: {}", e.short()),
            );
            self.layers.close_popup();
            return;
        }
        let purpose = purpose.clone();
        let built = build_picker(&purpose, cx.names, self);
        if let Some(Popup::Pick { picker, .. }) = self.layers.popup_mut() {
            *picker = built;
        }
    }

    pub(super) fn popup_changed(&mut self, cx: &mut ScreenCtx) {
        let today = cx.today();
        if let Some(p) = self.layers.popup_mut() {
            p.refresh_feedback(today);
        }
    }

    /// A command of the open popup's context (`picker`, `prompt`, `confirm`, or `text`).
    pub(super) fn popup_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        if action == Action::Delete
            && let Some(Popup::Pick {
                purpose: PickPurpose::Views,
                picker: Some(p),
            }) = self.layers.popup()
        {
            let key = p.current().map(|i| i.key.clone());
            self.ask_delete_view(key, cx);
            return;
        }
        let Some(popup) = self.layers.popup_mut() else {
            return;
        };
        match popup {
            Popup::ConfirmView { change, .. } => match action {
                Action::Yes => {
                    let change = change.clone();
                    self.layers.close_popup();
                    self.confirm_view(change, cx);
                }
                Action::No => {
                    self.layers.close_popup();
                    cx.toast(ToastKind::Info, "Kept: no view changed");
                }
                _ => {}
            },
            Popup::ConfirmColumn { column, .. } => match action {
                Action::Yes => {
                    let column = *column;
                    self.layers.close_popup();
                    self.delete_column(column, cx);
                }
                Action::No => {
                    self.layers.close_popup();
                    cx.toast(ToastKind::Info, "Kept: no column deleted");
                }
                _ => {}
            },
            Popup::ConfirmDelete { ids } => match action {
                Action::Yes => {
                    let ids = std::mem::take(ids);
                    self.layers.close_popup();
                    self.delete(ids, cx);
                }
                Action::No => {
                    self.layers.close_popup();
                    cx.toast(ToastKind::Info, "Kept: nothing deleted");
                }
                _ => {}
            },
            Popup::LookAgain { n, .. } => {
                let n = *n;
                if matches!(action, Action::Yes | Action::No) {
                    self.layers.close_popup();
                    self.answer_look_again(n, action == Action::Yes, cx);
                }
            }
            Popup::Pick { picker: None, .. } => {
                if action == Action::Cancel {
                    self.layers.close_popup();
                }
            }
            Popup::Pick {
                purpose,
                picker: Some(picker),
            } => match picker.act(action) {
                PickerOutcome::Pending => {}
                PickerOutcome::Cancelled => self.layers.close_popup(),
                PickerOutcome::Picked(keys) => {
                    let purpose = purpose.clone();
                    self.layers.close_popup();
                    self.on_pick(purpose, keys, cx);
                }
            },
            Popup::Prompt {
                purpose,
                field,
                feedback,
            } => match action {
                Action::Cancel => self.layers.close_popup(),
                Action::Accept => {
                    let value = field.value().trim().to_string();
                    let purpose = purpose.clone();
                    match self.submit_prompt(purpose, value, cx) {
                        Ok(()) => self.layers.close_popup(),
                        Err(why) => {
                            if let Some(Popup::Prompt { feedback, .. }) = self.layers.popup_mut() {
                                *feedback = Feedback::Err(why);
                            }
                        }
                    }
                }
                Action::Text(edit) if field.edit(edit) => {
                    *feedback = Feedback::None;
                    self.popup_changed(cx);
                }
                _ => {}
            },
        }
    }

    /// A character typed into the open picker's query or prompt.
    pub(super) fn popup_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let changed = match self.layers.popup_mut() {
            Some(Popup::Pick {
                picker: Some(p), ..
            }) => p.type_char(c),
            Some(Popup::Prompt {
                field, feedback, ..
            }) => {
                let changed = field.insert(c);
                if changed {
                    *feedback = Feedback::None;
                }
                changed
            }
            _ => false,
        };
        if changed {
            self.popup_changed(cx);
        }
        changed
    }

    fn submit_prompt(
        &mut self,
        purpose: PromptPurpose,
        value: String,
        cx: &mut ScreenCtx,
    ) -> Result<(), String> {
        match purpose {
            PromptPurpose::Due { targets } => {
                let due = if value.is_empty() {
                    None
                } else {
                    let r = date_input::parse(&value, cx.today())?;
                    if !r.is_single() {
                        return Err("a due date is one day, not a range".into());
                    }
                    Some(r.start)
                };
                self.apply_due(targets, due, cx);
            }
            PromptPurpose::Rename { id } => {
                if value.is_empty() {
                    return Err("a title cannot be empty".into());
                }
                self.apply_rename(id, value, cx);
            }
            PromptPurpose::New { place, parent } => {
                if value.is_empty() {
                    let cancel = cx.keys.say("prompt.cancel", "to cancel");
                    return Err(match cancel {
                        Some(cancel) => format!("type a title, or {cancel}"),
                        None => "type a title".into(),
                    });
                }
                self.create(value, place, parent, cx);
            }
            PromptPurpose::SaveView => self.save_view(&value, cx)?,
            PromptPurpose::Field { task, field } => {
                self.apply_field_text(task, &field, &value, cx)?
            }
            PromptPurpose::NewColumn { board } => {
                if value.is_empty() {
                    return Err("type a name".into());
                }
                self.create_column(board, value, cx);
            }
            PromptPurpose::RenameColumn { column } => {
                if value.is_empty() {
                    return Err("a column's name cannot be empty".into());
                }
                self.rename_column(column, value, cx);
            }
        }
        Ok(())
    }

    fn on_pick(&mut self, purpose: PickPurpose, keys: Vec<PickKey>, cx: &mut ScreenCtx) {
        match purpose {
            PickPurpose::Move { board, targets, .. } => {
                if let Some(PickKey::Id(col)) = keys.first() {
                    self.apply_move(board, *col, targets, cx);
                }
            }
            PickPurpose::Assign {
                targets,
                preselected,
            } => {
                let chosen: BTreeSet<String> = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Member(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                let pre: BTreeSet<String> = preselected.into_iter().collect();
                let added = chosen.difference(&pre).cloned().collect();
                let removed = pre.difference(&chosen).cloned().collect();
                self.apply_assign(targets, added, removed, cx);
            }
            PickPurpose::Watchers { task, preselected } => {
                let chosen = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Member(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                self.apply_watchers(task, preselected, chosen, cx);
            }
            PickPurpose::Sort => {
                self.sort = match keys.first() {
                    Some(PickKey::Sort(k)) => Some(match self.sort {
                        Some(s) if s.key == *k => SortBy {
                            key: *k,
                            descending: !s.descending,
                        },
                        _ => SortBy {
                            key: *k,
                            descending: first_descending(*k),
                        },
                    }),
                    _ => None,
                };
                self.filters_changed(false, cx);
            }
            PickPurpose::Views => {
                if let Some(k) = keys.into_iter().next() {
                    self.on_view_pick(k, cx);
                }
            }
            PickPurpose::Field { task, field } => self.apply_field_pick(task, &field, keys, cx),
            PickPurpose::Filter(FilterKind::Tag) => {
                self.filters.tags = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Id(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                self.filters.touched(FilterKind::Tag);
                self.filters_changed(false, cx);
            }
            PickPurpose::Filter(kind) => {
                if let Some(k) = keys.into_iter().next() {
                    self.set_filter(kind, k, cx);
                }
            }
        }
    }

    fn set_filter(&mut self, kind: FilterKind, key: PickKey, cx: &mut ScreenCtx) {
        let f = &mut self.filters;
        match (kind, key) {
            (_, PickKey::Any) => f.clear(kind),
            (FilterKind::Project, PickKey::Id(id)) => {
                if f.project != Some(id) {
                    f.clear(FilterKind::Board);
                }
                f.project = Some(id);
                cx.ensure_boards(id);
            }
            (FilterKind::Board, PickKey::Id(id)) => {
                if f.board != Some(id) {
                    f.clear(FilterKind::Column);
                }
                f.board = Some(id);
                cx.ensure_columns(id);
            }
            (FilterKind::Column, PickKey::Id(id)) => f.column = Some(id),
            (FilterKind::Priority, PickKey::Priority(p)) => f.priority = Some(p),
            (FilterKind::Assignee, PickKey::Me) => f.assignee = Assignee::Me,
            (FilterKind::Assignee, PickKey::Anyone) => f.assignee = Assignee::Anyone,
            (FilterKind::Assignee, PickKey::Member(id)) => {
                let is_me = cx.names.me().is_some_and(|u| u.id == id);
                f.assignee = if is_me {
                    Assignee::Me
                } else {
                    Assignee::Member(id)
                };
            }
            (FilterKind::Type, PickKey::Type(t)) => f.task_type = Some(t),
            (FilterKind::Completion, PickKey::Completion(c)) => f.completion = c,
            _ => return,
        }
        f.touched(kind);
        self.filters_changed(false, cx);
    }
}
