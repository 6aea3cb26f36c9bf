//! Keys, characters, pastes and clicks: what has the keyboard (an overlay of the app, else the
//! screen's focused layer), the command a key reaches there, and what the app does itself
//! with what no screen takes: quit, help, the palette, switching screens, the timer, sharing
//! a task.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind};

use super::{AfterConfirm, App, Focus, Overlay, help};
use crate::keys::commands::{Action, Context};
use crate::keys::keymap::Key;
use crate::screen::toast::ToastKind;
use crate::screen::{Clock, Effect, Screen, Target};
use crate::widgets::picker::PickItem;

/// Actions that only move a cursor or a scroll position.
fn movement(action: Action) -> bool {
    matches!(
        action,
        Action::Down
            | Action::Up
            | Action::Top
            | Action::Bottom
            | Action::PageDown
            | Action::PageUp
            | Action::HalfDown
            | Action::HalfUp
            | Action::DetailDown
            | Action::DetailUp
            | Action::Left
            | Action::Right
            | Action::PrevStatus
            | Action::NextStatus
            | Action::NextField
            | Action::PrevField
    )
}

impl App {
    /// What has the keyboard now: an overlay of the app, else the screen's focused layer
    /// (with the app-wide commands behind it, unless that layer is modal).
    pub fn focus(&self) -> Focus {
        match &self.overlay {
            Some(Overlay::Help { filter, .. }) if filter.typing => Focus {
                chain: vec![Context::HelpSearch, Context::Text],
                typing: true,
            },
            Some(Overlay::Help { .. }) => Focus {
                chain: vec![Context::Help, Context::Overlay],
                typing: false,
            },
            Some(Overlay::Messages { .. }) => Focus {
                chain: vec![Context::Overlay],
                typing: false,
            },
            Some(Overlay::Outbox { .. }) => Focus {
                chain: vec![Context::Outbox, Context::Overlay],
                typing: false,
            },
            Some(Overlay::Palette(_) | Overlay::Workspaces(_)) => Focus {
                chain: vec![Context::Picker, Context::Text],
                typing: true,
            },
            Some(Overlay::Confirm { .. }) => Focus {
                chain: vec![Context::Confirm],
                typing: false,
            },
            None => self.screen_focus(),
        }
    }

    /// The screen's focused layer, as if no overlay of the app were open.
    pub fn screen_focus(&self) -> Focus {
        let state = self.screen_state(self.screen);
        let mut chain = state.contexts();
        if !chain.first().is_some_and(|c| c.modal()) {
            chain.push(Context::Global);
        }
        Focus {
            chain,
            typing: state.keyboard_taken(),
        }
    }

    /// The contexts whose keys apply now, most specific first.
    pub fn contexts(&self) -> Vec<Context> {
        self.focus().chain
    }

    /// Atuin's order: the focused layer's commands first, then its parents', then the
    /// app-wide ones; a key none of them takes is typed, if a text field has the keyboard.
    /// True when it changed what is drawn.
    pub(super) fn on_key(
        &mut self,
        key: KeyEvent,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let keymap = &self.keymap;
        let alt_bound = |c: char| {
            let alt = KeyEvent::new(KeyCode::Char(c), KeyModifiers::ALT);
            keymap.resolve(&[Context::Global], false, &alt).is_some()
        };
        let key = self.esc_digit.read(key, clock.now, alt_bound);
        // Nothing is drawn but a size note: a key must not change what cannot be seen.
        if self.viewport.too_small {
            return self.keymap.resolve(&[Context::Global], false, &key) == Some(Action::Quit)
                && self.on_action(Action::Quit, clock, effects);
        }
        let focus = self.focus();
        if let Some(action) = self.keymap.resolve(&focus.chain, focus.typing, &key) {
            return if self.overlay.is_some() {
                self.on_overlay_action(action, clock, effects)
            } else {
                self.on_action(action, clock, effects)
            };
        }
        match Key::typed(&key) {
            Some(c) if focus.typing => self.on_char(c, clock, effects),
            _ => false,
        }
    }

    fn on_char(&mut self, c: char, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if let Some(changed) = self.overlay_char(c) {
            return changed;
        }
        let shown = self.screen;
        let changed = self.with_screen(shown, clock, effects, |s, cx| s.on_char(c, cx));
        self.follow_jumps(shown, clock, effects) | changed
    }

    /// An action of the keymap, the palette or the mouse; true when it changed what is drawn.
    pub fn on_action(&mut self, action: Action, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if action == Action::Refresh {
            // Offline, the service is asked at once whether it is back.
            self.probe(true, clock, effects);
            // Names may have changed too (a renamed column, a new member).
            screen_cx!(self, clock, effects).refresh_directory();
            self.refresh.restart(clock.now);
            // Changes a replay left for later (the service failed on them) go again.
            self.replay(effects);
        }
        let shown = self.screen;
        let handled = self.with_screen(shown, clock, effects, |s, cx| s.on_action(action, cx));
        if action == Action::Refresh {
            // A timer started or stopped elsewhere shows after a refresh.
            self.timer.find(&mut screen_cx!(self, clock, effects));
        }
        if self.follow_jumps(shown, clock, effects) {
            return true;
        }
        if handled {
            // The detail pane scrolls no further than its last line: past it there is nothing
            // to read, and each key pressed there would take one more to come back.
            if self.screen == Screen::Tasks {
                self.tasks.detail_scroll = self.tasks.detail_scroll.min(self.scrolls.detail);
            }
            return true;
        }
        match action {
            Action::Quit => match self.unsaved() {
                Some(question) => {
                    self.overlay = Some(Overlay::Confirm {
                        question: format!("{question} Quit anyway?"),
                        then: AfterConfirm::Quit,
                    })
                }
                None => self.confirmed(AfterConfirm::Quit, clock, effects),
            },
            Action::Help => {
                self.overlay = Some(Overlay::Help {
                    scroll: 0,
                    filter: help::HelpFilter::default(),
                })
            }
            Action::Messages => self.overlay = Some(Overlay::Messages { scroll: 0 }),
            Action::Outbox => self.overlay = Some(Overlay::Outbox { cursor: 0 }),
            Action::Palette => self.open_palette(clock, effects),
            Action::Workspaces => self.open_switcher(),
            // Messages go first; with none left, Esc stops a sync under way.
            Action::Back if self.toasts.dismiss_all() => return true,
            Action::Back if self.sync.running.is_some() => self.stop_sync(clock, effects),
            Action::Back => return false,
            Action::SyncWorkspace => self.toggle_sync(clock, effects),
            Action::ToggleTimer => {
                let Some((task, title)) = self.screen_state(self.screen).timer_target() else {
                    return false;
                };
                self.timer
                    .toggle(task, &title, &mut screen_cx!(self, clock, effects));
                // Time a kept start became shows on the task at once.
                self.tasks
                    .lay_kept_details(&screen_cx!(self, clock, effects));
            }
            Action::ScreenTasks => return self.switch_to(Screen::Tasks, clock, effects),
            Action::ScreenFunnels => return self.switch_to(Screen::Funnels, clock, effects),
            Action::ScreenContacts => return self.switch_to(Screen::Contacts, clock, effects),
            Action::ScreenProjects => return self.switch_to(Screen::Projects, clock, effects),
            Action::NextScreen => return self.switch_to(self.screen.step(1), clock, effects),
            Action::PrevScreen => return self.switch_to(self.screen.step(-1), clock, effects),
            Action::OpenInBrowser | Action::CopyLink | Action::CopyId => {
                self.share_task(action, clock, effects)
            }
            _ => return false,
        }
        true
    }

    /// `o`, `y`, `Y` on the task under the cursor: the page or the clipboard, and a message
    /// that says which.
    fn share_task(&mut self, action: Action, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(task) = self.tasks.current().map(|t| t.id) else {
            self.toasts
                .push(clock.now, ToastKind::Info, "No task here.");
            return;
        };
        if action == Action::CopyId {
            effects.push(Effect::Copy(task.to_string()));
            let text = format!("Copied the id {task}");
            self.toasts.push(clock.now, ToastKind::Success, text);
            return;
        }
        let Some(ws) = self.names.workspace.value().map(|w| w.id) else {
            let text = "The workspace is still loading: its link is not known yet.";
            self.toasts.push(clock.now, ToastKind::Error, text);
            return;
        };
        let url = crate::share::task_url(ws, task);
        let text = if action == Action::CopyLink {
            let text = format!("Copied the link {url}");
            effects.push(Effect::Copy(url));
            text
        } else {
            let text = format!("Opening {url}");
            effects.push(Effect::OpenUrl(url));
            text
        };
        self.toasts.push(clock.now, ToastKind::Success, text);
    }

    /// Every command the screen's focused layer reaches, keys first (long descriptions must
    /// not push them out of sight). Text editing is left out (it needs the field), and so is
    /// moving.
    pub(super) fn palette_commands(&self) -> Vec<PickItem<Action>> {
        let focus = self.screen_focus();
        self.keymap
            .available(&focus.chain, focus.typing)
            .iter()
            .filter(|r| !matches!(r.command.action, Action::Palette | Action::Text(_)))
            // Moving the cursor is for keys, not for a list of things to do.
            .filter(|r| !movement(r.command.action))
            .map(|r| {
                PickItem::new(
                    r.command.action,
                    format!("{:<10} {}", r.label(), r.command.description),
                )
            })
            .collect()
    }

    pub(super) fn on_paste(&mut self, text: &str, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if let Some(changed) = self.overlay_paste(text) {
            return changed;
        }
        let shown = self.screen;
        let changed = self.with_screen(shown, clock, effects, |s, cx| s.on_paste(text, cx));
        self.follow_jumps(shown, clock, effects) | changed
    }

    pub(super) fn on_mouse(
        &mut self,
        m: MouseEvent,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        if self.overlay.is_some() || self.viewport.too_small {
            return false;
        }
        match m.kind {
            MouseEventKind::ScrollDown => self.on_action(Action::Down, clock, effects),
            MouseEventKind::ScrollUp => self.on_action(Action::Up, clock, effects),
            _ => false,
        }
    }

    /// A click on something drawn; true when it changed what is drawn.
    pub(super) fn on_click(
        &mut self,
        target: Target,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        // An overlay has the keys and the mouse until it closes.
        if self.overlay.is_some() || self.viewport.too_small {
            return false;
        }
        let shown = self.screen;
        let changed = self.with_screen(shown, clock, effects, |s, cx| s.on_click(target, cx));
        self.follow_jumps(shown, clock, effects) | changed
    }
}
