//! A task the list's filters leave out does not show in the list, whatever made it so: a new
//! task created elsewhere than the list shows, or a change (a move, a priority, a due date…)
//! that takes it out of what the list asks for. The message says where it went instead.

use weeek_api::models::TaskRow;

use super::TasksState;
use super::filters::FilterKind;
use super::verbs::Change;
use crate::screen::names::Names;

/// The filters a change of one field can take a task out of. Ticking a task done is left
/// out: a task ticked on the open list stays there, struck through, so `x` or `u` can take it
/// back, until the list is read again.
fn decided_by(change: &Change) -> &'static [FilterKind] {
    match change {
        Change::Completed(_) => &[],
        Change::Priority(_) => &[FilterKind::Priority],
        Change::Column(_) => &[FilterKind::Column, FilterKind::Board, FilterKind::Project],
        Change::Due(_) => &[FilterKind::Due, FilterKind::Dates],
        Change::Title(_) => &[FilterKind::Search],
        Change::Assignees(_) => &[FilterKind::Assignee],
        Change::Tags(_) => &[FilterKind::Tag],
        Change::Description(_)
        | Change::Watchers(_)
        | Change::Custom { .. }
        | Change::Place { .. } => &[],
    }
}

/// Where a task is, in words: "Проект › Бэклог", or "no project".
pub fn place(task: &TaskRow, names: &Names) -> String {
    match task.primary_location() {
        Some(l) if l.project_id > 0 => match l.board_column_id {
            Some(c) => format!(
                "{} › {}",
                names.project_name(l.project_id),
                names.column_name(c)
            ),
            None => names.project_name(l.project_id),
        },
        _ => "no project".into(),
    }
}

impl TasksState {
    /// The filter that leaves `task` out of the list, if one does, as its chip reads.
    pub(super) fn left_out_by(&self, task: &TaskRow, names: &Names) -> Option<String> {
        let me = names.me().map(|u| u.id.as_str());
        let kind = self.filters.misses(task, me, &FilterKind::ALL)?;
        Some(self.filters.chip(kind, names))
    }

    /// After changes held: the rows they took out of what the list asks for leave it.
    /// Returns what to add to the message: where they went and which filter left them out.
    pub(super) fn drop_left_out(
        &mut self,
        changed: &[(i64, Change)],
        names: &Names,
    ) -> Option<String> {
        let me = names.me().map(|u| u.id.as_str());
        let mut gone = Vec::new();
        for (id, change) in changed {
            let Some(idx) = self.list.rows.iter().position(|r| r.id == *id) else {
                continue;
            };
            let row = &self.list.rows[idx];
            if let Some(kind) = self.filters.misses(row, me, decided_by(change)) {
                gone.push((place(row, names), self.filters.chip(kind, names)));
                self.list.rows.remove(idx);
                self.marks.remove(id);
            }
        }
        self.cursor = self.cursor.min(self.list.rows.len().saturating_sub(1));
        match gone.as_slice() {
            [] => None,
            [(place, chip)] => Some(format!(
                "; now in {place}, it left this list (the filter {chip} leaves it out)"
            )),
            [.., (_, chip)] => Some(format!(
                "; {} left this list (the filter {chip} leaves them out)",
                gone.len()
            )),
        }
    }
}
