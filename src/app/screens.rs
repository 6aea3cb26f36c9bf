//! Between screens: switching to one (asking first when leaving would lose something), and
//! the jumps a screen or the palette asks for (`screen::jump`), followed once its handler is
//! done.

use super::{AfterConfirm, App, Overlay};
use crate::screen::jump::Jump;
use crate::screen::{Clock, Effect, Screen};

impl App {
    /// True when it changed what is drawn (not when already there).
    pub(super) fn switch_to(
        &mut self,
        target: Screen,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        if target == self.screen {
            return false;
        }
        match self.screen_state(self.screen).leaving() {
            Some(question) => {
                self.overlay = Some(Overlay::Confirm {
                    question: format!("{question} Leave anyway?"),
                    then: AfterConfirm::Switch(target),
                })
            }
            None => self.confirmed(AfterConfirm::Switch(target), clock, effects),
        }
        true
    }

    /// Follows the jumps the screen `from` asked for while it handled a message, if it is
    /// still the one shown: a jump asked by an answer that came after the user went to another
    /// screen is not forced on them. True when one was followed.
    pub(super) fn follow_jumps(
        &mut self,
        from: Screen,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let jumps = std::mem::take(&mut self.jumps);
        if from != self.screen {
            if !jumps.is_empty() {
                tracing::debug!(?jumps, ?from, "jumps of a screen no longer shown");
            }
            return false;
        }
        let followed = !jumps.is_empty();
        for jump in jumps {
            self.follow(from, jump, clock, effects);
        }
        followed
    }

    /// Takes the user where `jump` says, from the screen `from`.
    pub(crate) fn follow(
        &mut self,
        from: Screen,
        jump: Jump,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) {
        match jump {
            // The deal stays open behind: nothing of the funnels screen is left unsaved.
            Jump::Task(task) => {
                self.show(Screen::Tasks, clock, effects);
                self.tasks
                    .show_task(&task, &mut screen_cx!(self, clock, effects));
            }
            Jump::Board(board) => {
                self.show(Screen::Tasks, clock, effects);
                self.tasks
                    .show_board(board, None, &mut screen_cx!(self, clock, effects));
                if let Some(b) = self.tasks.layers.board_mut() {
                    b.opened_from = Some(from);
                }
            }
            Jump::Back(to) => {
                self.switch_to(to, clock, effects);
            }
            // A contact or organization picked in a deal's popup: the deal stays open behind.
            Jump::Contacts(opened) => {
                self.show(Screen::Contacts, clock, effects);
                self.contacts
                    .show_linked(opened, &mut screen_cx!(self, clock, effects));
            }
            Jump::Deal(deal) => {
                self.show(Screen::Funnels, clock, effects);
                self.funnels
                    .show_deal(*deal, &mut screen_cx!(self, clock, effects));
            }
            Jump::Project(project) => {
                self.show(Screen::Projects, clock, effects);
                self.projects
                    .show_project(&project, &mut screen_cx!(self, clock, effects));
            }
            Jump::Member(member) => {
                self.show(Screen::Tasks, clock, effects);
                self.tasks
                    .show_member(member, &mut screen_cx!(self, clock, effects));
            }
        }
    }

    /// Shows `screen`: what the one left holds stays as it is.
    pub(super) fn show(&mut self, screen: Screen, clock: Clock, effects: &mut Vec<Effect>) {
        self.screen = screen;
        self.with_screen(screen, clock, effects, |s, cx| s.on_enter(cx));
    }

    pub(super) fn confirmed(
        &mut self,
        then: AfterConfirm,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) {
        match then {
            AfterConfirm::Quit => {
                self.each_screen(clock, effects, |s, cx| s.on_shutdown(cx));
                effects.push(Effect::Quit);
            }
            AfterConfirm::Switch(target) => {
                self.show(target, clock, effects);
                // What it showed when it was left may have changed since.
                self.refresh_shown(clock, effects);
            }
            AfterConfirm::Workspace(index) => self.leave_for(index, clock, effects),
        }
    }
}
