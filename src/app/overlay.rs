//! The keys of the app's own layers over the screens: help (scrolled, and searched with `/`),
//! the message log, the command palette (its own in `palette`), the workspace switcher and the
//! quit question.

use super::{AfterConfirm, App, Clock, Effect, Overlay};
use crate::keys::commands::Action;
use crate::widgets::picker::PickerOutcome;

impl App {
    /// Whether `action` would do nothing in the overlay now: its footers leave it out.
    pub fn overlay_idle(&self, action: Action) -> bool {
        match &self.overlay {
            Some(Overlay::Outbox { .. }) => self.outbox_idle(action),
            _ => false,
        }
    }

    /// True when it changed what is drawn.
    pub(super) fn on_overlay_action(
        &mut self,
        action: Action,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let max = self.scrolls.overlay;
        let page = self.viewport.area.height.saturating_sub(4).max(1);
        match &mut self.overlay {
            Some(Overlay::Help { scroll, filter }) if filter.typing => {
                // What it finds starts at its top.
                let changed = filter.act(action);
                if changed {
                    *scroll = 0;
                }
                return changed;
            }
            Some(Overlay::Help { filter, .. }) if action == Action::Search => filter.start(),
            Some(Overlay::Help { scroll, .. } | Overlay::Messages { scroll }) => {
                // Past the end would only show blank lines, and cost as many keys back.
                *scroll = (*scroll).min(max);
                match action {
                    Action::Down => *scroll = scroll.saturating_add(1),
                    Action::Up => *scroll = scroll.saturating_sub(1),
                    Action::PageDown => *scroll = scroll.saturating_add(page),
                    Action::PageUp => *scroll = scroll.saturating_sub(page),
                    Action::Top => *scroll = 0,
                    Action::Bottom => *scroll = max,
                    Action::Cancel => self.overlay = None,
                    _ => return false,
                }
                if let Some(Overlay::Help { scroll, .. } | Overlay::Messages { scroll }) =
                    &mut self.overlay
                {
                    *scroll = (*scroll).min(max);
                }
            }
            Some(Overlay::Outbox { .. }) => return self.on_outbox_action(action, clock, effects),
            Some(Overlay::Palette(_)) => return self.on_palette_action(action, clock, effects),
            Some(Overlay::Workspaces(p)) => match p.act(action) {
                PickerOutcome::Pending => {}
                PickerOutcome::Cancelled => self.overlay = None,
                PickerOutcome::Picked(picked) => {
                    self.overlay = None;
                    if let Some(&index) = picked.first() {
                        self.pick_workspace(index, clock, effects);
                    }
                }
            },
            Some(Overlay::Confirm { then, .. }) => {
                let then: AfterConfirm = *then;
                match action {
                    Action::Yes => {
                        self.overlay = None;
                        self.confirmed(then, clock, effects);
                    }
                    Action::No => self.overlay = None,
                    _ => return false,
                }
            }
            None => return false,
        }
        true
    }

    /// A character typed into an overlay's text (the palette's query, help's filter); `None`
    /// when no overlay takes it.
    pub(super) fn overlay_char(&mut self, c: char) -> Option<bool> {
        match &mut self.overlay {
            Some(Overlay::Palette(p)) => Some(p.type_char(c)),
            Some(Overlay::Workspaces(p)) => Some(p.type_char(c)),
            Some(Overlay::Help { scroll, filter }) if filter.typing => {
                *scroll = 0;
                Some(filter.type_char(c))
            }
            _ => None,
        }
    }

    /// A paste into an overlay's text; `None` when no overlay takes it.
    pub(super) fn overlay_paste(&mut self, text: &str) -> Option<bool> {
        match &mut self.overlay {
            Some(Overlay::Palette(p)) => p.paste(text),
            Some(Overlay::Workspaces(p)) => p.paste(text),
            Some(Overlay::Help { scroll, filter }) if filter.typing => {
                *scroll = 0;
                filter.paste(text);
            }
            _ => return None,
        }
        Some(true)
    }
}
