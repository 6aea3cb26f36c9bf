//! The custom fields of the task in the detail pane (`C`): a cursor on them, and each value
//! edited with an input that fits its type (options in a picker, a member picker, a number, a
//! day in the date grammar, a yes/no toggled at once, text). A value is sent with
//! `PUT /tm/tasks/{id}` `{"customFields": {"<id>": value}}` through the ledger: shown at once,
//! put back when refused, read back when the answer was lost.
//!
//! Custom fields come with the whole task (`details`), not with the list's rows, so the
//! writes show on the kept whole tasks.

use serde_json::{Map, Value};
use weeek_api::models::{CustomFieldValue, Task};
use weeek_api::{ApiError, TaskUpdate};

use super::dialogs::{PickKey, PickPurpose, Popup, PromptPurpose};
use super::{TaskAnswer, TaskKey, TasksState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::custom_input::{Input, value_ids};
use crate::screen::ledger::{Settled, Shown, Writes, read_item, returning};
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::widgets::picker::{PickItem, Picker};
use crate::worker::{TypedCall, op};

pub use crate::screen::custom_input::same_value;

/// The value of field `id` on `task`, `null` when it has none.
fn value_on(task: &Task, id: &str) -> Value {
    task.custom_fields
        .iter()
        .find(|f| f.id == id)
        .map_or(Value::Null, |f| f.value.clone())
}

/// One field's value set on one task.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldEdit {
    pub field: String,
    pub applied: Value,
    pub previous: Value,
}

/// Custom-field values as optimistic writes (see `screen::ledger`).
#[derive(Debug, Clone)]
pub struct FieldWrites;

/// How the settled write is told: what was done, and what was tried.
#[derive(Debug, Clone)]
pub struct FieldNote {
    done: String,
    attempt: String,
    /// What the prompt held (a number, a day, a text): it comes back with it if the service
    /// refuses the value.
    typed: Option<(PromptPurpose, String)>,
}

impl Writes for FieldWrites {
    type Id = i64;
    type Change = FieldEdit;
    type Item = Task;
    type Note = FieldNote;
    /// A field's value as the service has it.
    type Truth = (String, Value);

    crate::ledger_requests!(TaskKey, TaskAnswer, Field);

    fn read_back(id: &i64) -> TypedCall<Result<Task, ApiError>> {
        read_item(op::Task(*id))
    }

    fn judge(_: &Self::Id, edit: &FieldEdit, found: Result<&Task, &ApiError>) -> ReadBack {
        match found {
            Ok(task) if same_value(&edit.applied, &value_on(task, &edit.field)) => {
                ReadBack::Applied
            }
            Ok(_) => ReadBack::NotApplied,
            Err(e) => read_back_failed(e.clone()),
        }
    }

    fn rebase(later: &mut FieldEdit, truth: &(String, Value)) {
        if later.field == truth.0 {
            later.previous = truth.1.clone();
        }
    }
}

/// The whole tasks as the field writes see them.
pub(super) struct Wholes<'a>(pub &'a mut super::details::Details);

impl Wholes<'_> {
    fn set(&mut self, id: i64, field: &str, value: &Value) {
        if let Some(f) = self
            .0
            .get_mut(id)
            .and_then(|t| t.custom_fields.iter_mut().find(|f| f.id == field))
        {
            f.value = value.clone();
        }
    }

    fn get(&self, id: i64, field: &str) -> Option<Value> {
        self.0.get(id).map(|t| value_on(t, field))
    }
}

impl Shown<FieldWrites> for Wholes<'_> {
    fn reapply(&mut self, id: &i64, edit: &FieldEdit, _cx: &ScreenCtx) {
        self.set(*id, &edit.field, &edit.applied);
    }

    fn roll_back(
        &mut self,
        id: &i64,
        edit: &FieldEdit,
        _later: bool,
        _cx: &ScreenCtx,
    ) -> Option<(String, Value)> {
        if self.get(*id, &edit.field).as_ref() == Some(&edit.applied) {
            self.set(*id, &edit.field, &edit.previous);
        }
        Some((edit.field.clone(), edit.previous.clone()))
    }

    fn take(&mut self, _id: &i64, fresh: Task) {
        self.0.put(fresh);
    }

    fn read_back(
        &mut self,
        id: &i64,
        edit: &FieldEdit,
        found: Result<Task, ApiError>,
        verdict: &ReadBack,
        later: bool,
        _cx: &ScreenCtx,
    ) -> Option<(String, Value)> {
        let fresh = found.ok()?;
        let truth = value_on(&fresh, &edit.field);
        if !later {
            self.0.put(fresh);
        } else if !verdict.applied() {
            // Later changes are still on their way: only this field is put right.
            self.set(*id, &edit.field, &truth);
        }
        Some((edit.field.clone(), truth))
    }
}

/// A number as the prompt shows it for editing.
fn number_text(v: &Value) -> String {
    match v {
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => f.to_string(),
            _ => n.to_string(),
        },
        Value::String(s) => s.clone(),
        _ => String::new(),
    }
}

impl TasksState {
    /// The custom fields of the task in the pane, once it is read whole.
    pub fn pane_fields(&self) -> Vec<CustomFieldValue> {
        self.pane_task_id()
            .and_then(|id| self.details.get(id))
            .map(|t| t.custom_fields.clone())
            .unwrap_or_default()
    }

    /// `C`: the detail's custom fields take the keys (the detail opens if closed).
    pub(super) fn focus_fields(&mut self, cx: &mut ScreenCtx) {
        let Some(id) = self.current().map(|t| t.id).filter(|id| *id > 0) else {
            cx.toast(ToastKind::Info, "No task here");
            return;
        };
        if !self.detail {
            self.detail = true;
            self.detail_scroll = 0;
            self.layers.clear_pane_focus();
            self.fix_scroll(cx);
            self.ensure_comments(cx);
        }
        match self.details.get(id) {
            // Read whole first: the fields take the keys once it is in.
            None => {
                let title = self
                    .current()
                    .map(|t| t.display_title().to_string())
                    .unwrap_or_default();
                self.read_whole_saying(id, &title, super::details::AfterRead::CustomFields, cx)
            }
            Some(t) if t.custom_fields.is_empty() => {
                cx.toast(ToastKind::Info, "This task has no custom fields")
            }
            Some(_) => self
                .layers
                .focus_pane(super::layer::Layer::Fields { cursor: 0 }),
        }
    }

    /// A command while the custom fields have the keys.
    pub(super) fn field_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let n = self.pane_fields().len();
        match action {
            Action::Down | Action::Up => {
                if n > 0
                    && let Some(at) = self.layers.field_cursor_mut()
                {
                    let delta = if action == Action::Down { 1 } else { -1 };
                    *at = (*at as isize + delta).clamp(0, n as isize - 1) as usize;
                }
            }
            Action::Open => self.edit_field(cx),
            Action::Back => self.layers.clear_pane_focus(),
            Action::DetailDown => self.detail_scroll = self.detail_scroll.saturating_add(3),
            Action::DetailUp => self.detail_scroll = self.detail_scroll.saturating_sub(3),
            _ => return false,
        }
        true
    }

    /// `Enter` on a field: the input its type takes; a yes/no is toggled at once.
    fn edit_field(&mut self, cx: &mut ScreenCtx) {
        let Some(task) = self.current().map(|t| t.id) else {
            return;
        };
        let fields = self.pane_fields();
        let at = self.layers.field_cursor();
        let Some(field) = at.and_then(|i| fields.get(i)).cloned() else {
            return;
        };
        let title = field.name.clone().unwrap_or_else(|| "Field".into());
        let field_id = field.id.clone();
        let picker = |items: Vec<PickItem<PickKey>>, multi: bool, chosen: Vec<PickKey>| {
            if multi {
                Picker::multi(&title, items, &chosen)
            } else {
                let mut all = vec![PickItem::new(PickKey::Any, "(none)")];
                all.extend(items);
                let mut p = Picker::single(&title, all);
                p.focus(chosen.first().unwrap_or(&PickKey::Any));
                p
            }
        };
        let chosen: Vec<PickKey> = value_ids(&field.value)
            .into_iter()
            .map(PickKey::Member)
            .collect();
        match Input::of_type(field.r#type.as_deref()) {
            // Contacts and approvals are set on the web: shown, not edited here.
            Input::ReadOnly | Input::Contact => cx.toast(
                ToastKind::Info,
                format!("{} is set in the web app", crate::text::quoted(&title, 40)),
            ),
            Input::Flag => {
                let on =
                    matches!(field.value, Value::Bool(true)) || field.value.as_i64() == Some(1);
                self.set_field(task, &field, Value::Bool(!on), cx);
            }
            Input::Option | Input::Options => {
                let items = field
                    .options
                    .iter()
                    .map(|o| {
                        PickItem::new(
                            PickKey::Member(o.id.clone()),
                            o.name.clone().unwrap_or_default(),
                        )
                        .color(o.color.clone())
                    })
                    .collect();
                let multi = Input::of_type(field.r#type.as_deref()) == Input::Options;
                self.layers.set_popup(Popup::Pick {
                    purpose: PickPurpose::Field {
                        task,
                        field: field_id,
                    },
                    picker: Some(picker(items, multi, chosen)),
                });
            }
            Input::Member => {
                let Some(members) = cx.names.members.value() else {
                    cx.toast(ToastKind::Info, "The members are still loading");
                    return;
                };
                let items = members
                    .iter()
                    .map(|m| PickItem::new(PickKey::Member(m.id.clone()), m.display_name()))
                    .collect();
                self.layers.set_popup(Popup::Pick {
                    purpose: PickPurpose::Field {
                        task,
                        field: field_id,
                    },
                    picker: Some(picker(items, false, chosen)),
                });
            }
            Input::Text | Input::Number | Input::Date => {
                let initial = match Input::of_type(field.r#type.as_deref()) {
                    Input::Number => number_text(&field.value),
                    Input::Date => field
                        .value
                        .as_str()
                        .map(|s| crate::moment::value_text(s, cx.clock.offset))
                        .unwrap_or_default(),
                    _ => field.value.as_str().unwrap_or_default().to_string(),
                };
                self.layers.set_popup(Popup::prompt(
                    PromptPurpose::Field {
                        task,
                        field: field_id,
                    },
                    initial,
                    cx.today(),
                ));
            }
        }
    }

    /// What a picker of a field chose.
    pub(super) fn apply_field_pick(
        &mut self,
        task: i64,
        field_id: &str,
        keys: Vec<PickKey>,
        cx: &mut ScreenCtx,
    ) {
        let Some(field) = self.field_of(task, field_id) else {
            return;
        };
        let ids: Vec<Value> = keys
            .into_iter()
            .filter_map(|k| match k {
                PickKey::Member(id) => Some(Value::String(id)),
                _ => None,
            })
            .collect();
        let value = match Input::of_type(field.r#type.as_deref()) {
            Input::Options => Value::Array(ids),
            // The reference gives members as a list of user ids.
            Input::Member if ids.is_empty() => Value::Null,
            Input::Member => Value::Array(ids),
            _ => ids.into_iter().next().unwrap_or(Value::Null),
        };
        self.set_field(task, &field, value, cx);
    }

    /// What the prompt of a field typed: `Err` says why it cannot be sent.
    pub(super) fn apply_field_text(
        &mut self,
        task: i64,
        field_id: &str,
        text: &str,
        cx: &mut ScreenCtx,
    ) -> Result<(), String> {
        let Some(field) = self.field_of(task, field_id) else {
            return Ok(());
        };
        let text = text.trim();
        let input = Input::of_type(field.r#type.as_deref());
        let value = input.typed_value(text, cx.today(), cx.clock.offset)?;
        let typed = (
            PromptPurpose::Field {
                task,
                field: field_id.to_string(),
            },
            text.to_string(),
        );
        self.set_field_typed(task, &field, value, Some(typed), cx);
        Ok(())
    }

    fn field_of(&self, task: i64, field_id: &str) -> Option<CustomFieldValue> {
        self.details
            .get(task)?
            .custom_fields
            .iter()
            .find(|f| f.id == field_id)
            .cloned()
    }

    /// Shows `value` at once and sends it.
    fn set_field(&mut self, task: i64, field: &CustomFieldValue, value: Value, cx: &mut ScreenCtx) {
        self.set_field_typed(task, field, value, None, cx);
    }

    /// [`Self::set_field`] for a value typed in the prompt: `typed` brings it back if refused.
    fn set_field_typed(
        &mut self,
        task: i64,
        field: &CustomFieldValue,
        value: Value,
        typed: Option<(PromptPurpose, String)>,
        cx: &mut ScreenCtx,
    ) {
        if same_value(&value, &field.value) || (value.is_null() && field.value.is_null()) {
            cx.toast(ToastKind::Info, "Nothing to change");
            return;
        }
        if Self::must_queue_task(task, cx) {
            Wholes(&mut self.details).set(task, &field.id, &value);
            let id = field.id.clone();
            let base = crate::outbox::TaskField::Custom {
                id: id.clone(),
                value: field.value.clone(),
            };
            let set = crate::outbox::TaskField::Custom { id, value };
            self.queue_detail(task, set, base, cx);
            return;
        }
        let task_name = self
            .row_of(task)
            .map(|t| crate::text::quoted_full(t.display_title()))
            .unwrap_or_else(|| format!("#{task}"));
        let field_name = crate::text::quoted_full(field.name.as_deref().unwrap_or("field"));
        let note = FieldNote {
            done: format!("Set {field_name} of {task_name}"),
            attempt: format!("set {field_name} of {task_name}"),
            typed,
        };
        let group = self.field_writes.group(note);
        let edit = FieldEdit {
            field: field.id.clone(),
            applied: value.clone(),
            previous: field.value.clone(),
        };
        Wholes(&mut self.details).set(task, &field.id, &value);
        let mut map = Map::new();
        map.insert(field.id.clone(), value);
        let call = returning(op::UpdateTask(
            task,
            TaskUpdate {
                custom_fields: Some(map),
                ..Default::default()
            },
        ));
        self.field_writes
            .add(group, task, task_name, edit, vec![call], cx);
    }

    /// The answer to field write `n`: the task as the service has it, or its read-back.
    pub(super) fn on_field_answer(&mut self, n: u64, settled: Settled<Task>, cx: &mut ScreenCtx) {
        let mut shown = Wholes(&mut self.details);
        let done = self.field_writes.on_settled(n, settled, &mut shown, cx);
        let Some(group) = done else {
            return;
        };
        for outcome in group.items.values() {
            let (kind, text) = outcome.report(&group.note.done, &group.note.attempt);
            cx.toast(kind, text);
            // What was typed is not lost: the prompt comes back with it and the service's
            // reason at the field (a 422 says which rule the value broke).
            if let (Some(e), Some((purpose, text))) = (&outcome.error, &group.note.typed)
                && matches!(outcome.read_back, None | Some(ReadBack::NotApplied))
            {
                let why = match &outcome.lost {
                    Some(lost) => crate::screen::lost_answer::cause_text(lost),
                    None => e.short(),
                };
                self.offer(Popup::Prompt {
                    purpose: purpose.clone(),
                    field: crate::widgets::field::TextField::with_value(text.clone()),
                    feedback: super::dialogs::Feedback::Err(why),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_compare_whatever_shape_the_service_answers_with() {
        assert!(same_value(&json!(5), &json!(5.0)));
        assert!(same_value(
            &json!("o1"),
            &json!({"id": "o1", "name": "Один"})
        ));
        assert!(same_value(
            &json!(["a", "b"]),
            &json!([{"id": "a"}, {"id": "b"}])
        ));
        assert!(same_value(&json!(true), &json!(1)));
        assert!(same_value(
            &json!("2026-12-01"),
            &json!("2026-12-01T00:00:00Z")
        ));
        assert!(same_value(&json!(null), &json!([])));
        assert!(!same_value(&json!(5), &json!(6)));
        assert!(!same_value(&json!("o1"), &json!(null)));
        assert!(!same_value(&json!(["a"]), &json!(["a", "b"])));
    }
}
