//! The outbox overlay (`O`): each change made offline with its item, what it changes, since
//! when and its state. A waiting change can be dropped (its item is read again); at a
//! conflict, mine is kept (sent over the service's value) or theirs taken (mine dropped).

use super::{App, Overlay};
use crate::keys::commands::Action;
use crate::outbox::{Entry, Order, State};
use crate::screen::toast::ToastKind;
use crate::screen::{Clock, Effect};

impl App {
    /// True when it changed what is drawn.
    pub(super) fn on_outbox_action(
        &mut self,
        action: Action,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let Some(Overlay::Outbox { cursor }) = &mut self.overlay else {
            return false;
        };
        let last = self.offline.entries().len().saturating_sub(1);
        let page = usize::from(self.viewport.area.height.saturating_sub(6)).max(1);
        match action {
            Action::Down => *cursor = (*cursor + 1).min(last),
            Action::Up => *cursor = cursor.saturating_sub(1),
            Action::PageDown => *cursor = (*cursor + page).min(last),
            Action::PageUp => *cursor = cursor.saturating_sub(page),
            Action::Top => *cursor = 0,
            Action::Bottom => *cursor = last,
            Action::Cancel => self.overlay = None,
            Action::Delete => self.outbox_drop(clock, effects),
            Action::KeepMine => self.outbox_decide(true, clock, effects),
            Action::TakeTheirs => self.outbox_decide(false, clock, effects),
            _ => return false,
        }
        true
    }

    /// Nothing to drop in an empty outbox; mine and theirs decide only a conflict.
    pub(super) fn outbox_idle(&self, action: Action) -> bool {
        let under = self.outbox_cursor();
        match action {
            Action::Delete => under.is_none(),
            Action::KeepMine | Action::TakeTheirs => {
                under.is_none_or(|e| e.state != State::Conflict)
            }
            _ => false,
        }
    }

    /// The change under the outbox's cursor.
    pub fn outbox_cursor(&self) -> Option<&Entry> {
        match &self.overlay {
            Some(Overlay::Outbox { cursor }) => self
                .offline
                .entries()
                .get((*cursor).min(self.offline.entries().len().saturating_sub(1))),
            _ => None,
        }
    }

    /// `D`: the change under the cursor leaves the outbox unsent, unless it is being sent.
    fn outbox_drop(&mut self, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(entry) = self.outbox_cursor().cloned() else {
            self.toasts
                .push(clock.now, ToastKind::Info, "The outbox is empty");
            return;
        };
        // While the outbox is being sent, a change that may be on its way cannot be taken
        // back: only one waiting for the user (a conflict) or over (refused) can.
        let settled = matches!(entry.state, State::Conflict | State::Refused);
        if self.offline.replaying() && !settled {
            let text = "That change may be on its way: it can be dropped once the outbox is sent";
            self.toasts.push(clock.now, ToastKind::Info, text);
            return;
        }
        // A new item not made goes with the changes made to it after.
        let with_it: Vec<Entry> = match entry.change {
            crate::outbox::Change::Create(_) => self
                .offline
                .entries()
                .iter()
                .filter(|e| e.seq != entry.seq && e.item.same_item(&entry.item))
                .cloned()
                .collect(),
            _ => Vec::new(),
        };
        for later in with_it.iter().rev() {
            self.offline.forget(later.seq);
            effects.push(Effect::Outbox(Box::new(Order::Unqueue(later.seq))));
        }
        self.unqueue(&entry, clock, effects);
        let text = format!(
            "Dropped {} of {}: its {} is read again",
            self.describe(&entry),
            crate::text::quoted_full(&entry.name),
            entry.item.kind.noun()
        );
        self.toasts.push(clock.now, ToastKind::Success, text);
    }

    /// `m` (`mine`) or `t` on a conflict.
    fn outbox_decide(&mut self, mine: bool, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(entry) = self.outbox_cursor().cloned() else {
            return;
        };
        if entry.state != State::Conflict {
            let text = "Not a conflict: m and t decide one (D drops a change)";
            self.toasts.push(clock.now, ToastKind::Info, text);
            return;
        }
        let name = crate::text::quoted_full(&entry.name);
        if mine {
            self.offline.decided_mine(entry.seq);
            effects.push(Effect::Outbox(Box::new(Order::KeepMine(entry.seq))));
            let when = if self.offline.is_offline() {
                "once the service is back"
            } else {
                "now"
            };
            let text = format!(
                "Keeping mine: {} of {name} is sent {when}",
                self.describe(&entry)
            );
            self.toasts.push(clock.now, ToastKind::Success, text);
        } else {
            self.unqueue(&entry, clock, effects);
            let text = format!(
                "Took theirs for {name}: mine ({}) dropped",
                self.describe(&entry)
            );
            self.toasts.push(clock.now, ToastKind::Success, text);
        }
    }

    /// `entry` leaves the outbox unsent; the screen shows its item as the service has it.
    fn unqueue(&mut self, entry: &Entry, clock: Clock, effects: &mut Vec<Effect>) {
        self.offline.forget(entry.seq);
        effects.push(Effect::Outbox(Box::new(Order::Unqueue(entry.seq))));
        if let crate::outbox::Change::Add(crate::outbox::Added::TimerStart { .. }) = entry.change
            && let Some(id) = entry.item.task_id()
        {
            self.timer.dropped(id);
        }
        let mut cx = screen_cx!(self, clock, effects);
        match entry.item.kind {
            crate::outbox::ItemKind::Task => self.tasks.on_dropped(entry, &mut cx),
            crate::outbox::ItemKind::Deal => self.funnels.on_dropped(entry, &mut cx),
            crate::outbox::ItemKind::Contact | crate::outbox::ItemKind::Organization => {
                self.contacts.on_dropped(entry, &mut cx)
            }
        }
        if let Some(Overlay::Outbox { cursor }) = &mut self.overlay {
            *cursor = (*cursor).min(self.offline.entries().len().saturating_sub(1));
        }
    }
}
