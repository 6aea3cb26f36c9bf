//! What the app asks of the task screen (`ScreenState`): its keys go through the focused
//! layer's route (`layer.rs`), and what the footer, the timer and quitting need to know.

use std::collections::BTreeSet;
use std::time::Instant;

use super::{TasksState, board};
use crate::keys::commands::{Action, Context};
use crate::screen::ScreenState;
use crate::screen::{ScreenCtx, Target};

impl ScreenState for TasksState {
    fn contexts(&self) -> Vec<Context> {
        self.route().contexts
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Board,
            Context::Tasks,
            Context::List,
            Context::Filters,
            Context::FilterEntry,
            Context::Picker,
            Context::MultiPicker,
            Context::Views,
            Context::Prompt,
            Context::Confirm,
            Context::TimeLog,
            Context::CommentEdit,
            Context::CommentList,
            Context::CommentView,
            Context::TaskForm,
            Context::TaskTitle,
            Context::TaskField,
            Context::TaskChoice,
            Context::TaskNotes,
            Context::Subtasks,
            Context::CustomFields,
            Context::Text,
        ]
    }

    fn keyboard_taken(&self) -> bool {
        self.route().keyboard
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = (self.route().char)(self, c, cx);
        self.settle_layers(cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = (self.route().action)(self, action, cx);
        self.settle_layers(cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        let done = (self.route().paste)(self, text, cx);
        self.settle_layers(cx);
        done
    }

    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        let pane = self.detail_open();
        let done = TasksState::on_click(self, target, cx);
        self.refit_for_pane(pane, cx);
        done
    }

    fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        TasksState::on_tick(self, cx)
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        self.forms.announce(cx);
        self.restore_view(cx);
    }

    fn next_deadline(&self) -> Option<Instant> {
        TasksState::next_deadline(self)
    }

    fn on_directory_changed(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_directory_changed(self, cx)
    }

    fn on_profile(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_profile(self, cx)
    }

    fn on_resize(&mut self, cx: &mut ScreenCtx) {
        TasksState::on_resize(self, cx)
    }

    fn on_messages_resized(&mut self, cx: &mut ScreenCtx) {
        self.board_fit(cx);
        self.fix_scroll(cx);
    }

    fn unsaved(&self) -> Option<String> {
        self.unanswered_creates()
    }

    /// The count marked, always in view; and the boards they are on when more than one (a
    /// move takes one board at a time).
    fn footer_note(&self) -> Option<String> {
        if self.marks.is_empty() {
            return None;
        }
        // Found through the marks, not by reading every loaded row (a frame draws this).
        let boards: BTreeSet<i64> = self
            .marks
            .iter()
            .filter_map(|id| self.list.rows.by_id(*id))
            .filter_map(|t| t.primary_location().and_then(|l| l.board_id))
            .collect();
        let n = self.marks.len();
        Some(match boards.len() {
            0 | 1 => format!("{n} marked"),
            b => format!("{n} marked on {b} boards"),
        })
    }

    fn idle(&self, action: Action) -> bool {
        self.layers
            .board()
            .is_some_and(|b| board::list_only(action) || b.idle(action))
    }

    fn refresh(&mut self, cx: &mut ScreenCtx) {
        TasksState::refresh(self, cx)
    }

    fn cached_since(&self) -> Option<time::OffsetDateTime> {
        match self.layers.board() {
            Some(b) => b.cached_since(),
            None => self.cached,
        }
    }

    fn timer_target(&self) -> Option<(i64, String)> {
        // A row still being created has no id on the service yet.
        self.current()
            .filter(|t| t.id > 0)
            .map(|t| (t.id, t.display_title().to_string()))
    }
}
