//! `u`: the newest reversible change set back, then the one before.

use super::super::TasksState;
use super::super::dialogs::Popup;
use super::{Edit, Plan, lower_first};
use crate::screen::ScreenCtx;
use crate::screen::ledger::Reverse;
use crate::screen::toast::ToastKind;

impl TasksState {
    /// `u`: reverts the newest reversible change; again, the one before (an undo itself is
    /// not undone). The cursor goes to the task it changes.
    pub(in crate::tasks) fn undo(&mut self, cx: &mut ScreenCtx) {
        let Some(entry) = self.writes.pop_undo() else {
            cx.toast(ToastKind::Info, "Nothing to undo");
            return;
        };
        match &entry.reverse {
            Reverse::Final => cx.toast(
                ToastKind::Info,
                format!("{}: a delete cannot be undone", entry.label),
            ),
            Reverse::Created(id) => {
                let id = *id;
                self.focus_on(id, cx);
                self.layers
                    .set_popup(Popup::ConfirmDelete { ids: vec![id] });
            }
            Reverse::Changes(items) => {
                // Each entry sets back what its action replaced.
                let plans: Vec<Plan> = items
                    .iter()
                    .filter_map(|(id, name, edit)| match edit {
                        Edit::Set { applied, previous } => Some(Plan {
                            id: *id,
                            name: name.clone(),
                            change: applied.clone(),
                            assumed: Some(previous.clone()),
                        }),
                        Edit::Delete { .. } => None,
                    })
                    .collect();
                let first = plans.first().map(|p| p.id);
                let bulk = self.send_changes(
                    format!("Undid: {}", lower_first(&entry.label)),
                    String::new(),
                    plans,
                    false,
                    cx,
                );
                let off_screen = first.filter(|id| self.index_of(*id).is_none());
                if let Some(id) = first.filter(|_| bulk.is_some()) {
                    self.focus_on(id, cx);
                }
                if let Some(b) = bulk.and_then(|b| self.writes.note_mut(b)) {
                    b.undo_of = Some(entry);
                    b.focus = off_screen;
                }
            }
        }
    }

    /// Puts the cursor on task `id` when it is loaded (else the reload after the undo does).
    fn focus_on(&mut self, id: i64, cx: &mut ScreenCtx) {
        if let Some(idx) = self.index_of(id) {
            self.focus = None;
            self.move_to(idx as isize, cx);
        }
    }
}
