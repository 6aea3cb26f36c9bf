//! Offline and back: every answer says whether the service could be reached; offline, the
//! service is probed with growing waits (and at once on `r`); back, the outbox is replayed,
//! and each step of the replay reaches the screen whose item it changed.

use weeek_api::ApiError;

use super::App;
use crate::outbox::{Replayed, Step};
use crate::screen::offline::{LinkAnswer, LinkKey, unreachable};
use crate::screen::requests::Reply;
use crate::screen::toast::ToastKind;
use crate::screen::{Clock, Effect};
use crate::worker::{Kind, Origin, op};

/// The failure a write gets that is not sent while the service cannot be reached.
fn needs_the_service() -> ApiError {
    ApiError::Network {
        message: "offline: this needs the service".into(),
        sent: false,
    }
}

/// What an answer said of the link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Link {
    Same,
    /// It failed to connect: offline from now.
    Down,
    /// The service answered: back, once the answer is handled.
    Back,
}

/// Writes answered at once in one message, at most: each answer may ask for more.
const HELD_PER_MESSAGE: usize = 64;

impl App {
    /// What `reply` says of the link: a call that failed to connect puts the app offline at
    /// once (its screen then keeps what cannot be sent); an answer of the service brings it
    /// back, which is done once the answer was handled ([`App::back_online`]): the reads
    /// coming back asks for must not take that answer's place.
    pub(super) fn note_link(&mut self, reply: &Reply, clock: Clock) -> Link {
        // Work on this machine's files says nothing of the service.
        let asked_service = self
            .requests
            .call(&reply.key)
            .is_some_and(|c| c.kind() != Kind::Local);
        if !asked_service || !reply.origin.is_last() {
            return Link::Same;
        }
        match reply.output.error() {
            Some(e) if unreachable(e) => {
                if self.went_offline(clock) {
                    Link::Down
                } else {
                    Link::Same
                }
            }
            _ if self.offline.is_offline() => Link::Back,
            _ => Link::Same,
        }
    }

    /// The service answered while the app was offline: it is back.
    pub(super) fn back_online(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        self.came_online(clock, effects)
    }

    fn went_offline(&mut self, clock: Clock) -> bool {
        if !self.offline.went_down(&clock) {
            return false;
        }
        let again = self.keymap.then_say("global.refresh", "tries now");
        let text = format!(
            "Offline: the service cannot be reached. Changes are kept in the outbox and sent \
             when it is back{again}"
        );
        // The header says it, in red, for as long as it lasts (a passing failure that the
        // next answer undoes is no news); the log says what it means.
        self.toasts.log(ToastKind::Info, text);
        true
    }

    fn came_online(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let Some(down) = self.offline.came_back() else {
            return false;
        };
        let since = crate::datetime::clock_time(down.since, self.utc_offset);
        let waiting = self.offline.waiting();
        let sending = match waiting {
            0 => String::new(),
            1 => " · sending the change made meanwhile".into(),
            n => format!(" · sending the {n} changes made meanwhile"),
        };
        let text = format!("Back online (offline since {since}){sending}");
        // News when it lasted (a probe went) or left changes to send.
        if waiting > 0 || down.probed() {
            self.toasts.push(clock.now, ToastKind::Success, text);
        } else {
            self.toasts.log(ToastKind::Success, text);
        }
        if waiting > 0 {
            // The screen is read again once the outbox is sent.
            self.replay(effects);
        } else if down.probed() {
            // What the screen shows was read before the outage: read again, in place.
            self.refresh_shown(clock, effects);
        }
        true
    }

    /// What change `e` does, in words, columns and statuses by name.
    pub fn describe(&self, e: &crate::outbox::Entry) -> String {
        e.describe(&|p| self.place_name(p))
    }

    /// A field's value in words, columns and statuses by name.
    pub fn value_text(&self, f: &crate::outbox::Field) -> String {
        crate::outbox::describe_field(f, &|p| self.place_name(p))
    }

    fn place_name(&self, place: crate::outbox::Place<'_>) -> String {
        match place {
            crate::outbox::Place::Column(c) => self.names.column_name(c),
            crate::outbox::Place::Status(s) => match &self.funnels.detail {
                Some(d) => d.status_name(s),
                None => format!("status {s}"),
            },
        }
    }

    /// What the header says of the link, when there is anything to say: "offline · since
    /// 12:04 · 3 changes waiting", "sending 3 changes", "1 conflict · O decides". Shorter
    /// ways to say it follow, for a narrow terminal ("offline · 3 waiting", "offline").
    pub fn link_notes(&self) -> Vec<String> {
        let waiting = self.offline.waiting();
        let changes = |n: usize| match n {
            1 => "1 change".to_string(),
            n => format!("{n} changes"),
        };
        let conflicts = match self.offline.conflicts() {
            0 => String::new(),
            1 => " · 1 conflict".into(),
            n => format!(" · {n} conflicts"),
        };
        if let Some(down) = self.offline.down() {
            let since = crate::datetime::clock_time(down.since, self.utc_offset);
            if waiting == 0 {
                return vec![format!("offline · since {since}"), "offline".into()];
            }
            return vec![
                format!(
                    "offline · since {since} · {} waiting{conflicts}",
                    changes(waiting)
                ),
                format!("offline · since {since} · {waiting} waiting{conflicts}"),
                format!("offline · {waiting} waiting"),
                "offline".into(),
            ];
        }
        if self.offline.replaying() && waiting > 0 {
            return vec![
                format!("sending {}{conflicts}", changes(waiting)),
                format!("sending {waiting}"),
            ];
        }
        if waiting > 0 {
            // Left for later by a replay (the service failed on them): said, never silent.
            return vec![
                format!("{} waiting{conflicts}", changes(waiting)),
                format!("{waiting} waiting"),
            ];
        }
        if !conflicts.is_empty() {
            let short = conflicts.trim_start_matches(" · ").to_string();
            let decide = self.keymap.then_say("global.outbox", "decides");
            return vec![format!("{short}{decide}"), short];
        }
        Vec::new()
    }

    /// Offline, a write that does not wait in the outbox (an upload, a comment, a funnel made,
    /// a deal moved …) is not sent: it needs the service, and its screen hears so at once, as
    /// after any failure of a write that never left (what was typed comes back, a change shown
    /// is put back). True when something changed.
    pub(super) fn hold_writes(&mut self, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        let mut changed = false;
        for _ in 0..HELD_PER_MESSAGE {
            if !self.offline.is_offline() {
                break;
            }
            let Some(i) = effects
                .iter()
                .position(|e| matches!(e, Effect::Request(r) if r.call.kind() == Kind::Write))
            else {
                break;
            };
            let Effect::Request(req) = effects.remove(i) else {
                continue;
            };
            let output = req.call.unsent(needs_the_service());
            let reply = Reply {
                id: req.id,
                key: req.key,
                origin: Origin::Service,
                output,
                skipped: None,
            };
            let mut more = Vec::new();
            changed |= self.on_reply(reply, clock, &mut more);
            effects.extend(more);
        }
        changed
    }

    /// The end of a replay: what it sent, and what waits still (for the user, at a conflict).
    /// A conflict is not a failure: said once here, and it stays until read.
    fn said_replayed(&mut self, sent: usize, clock: Clock) {
        let conflicts = self.offline.conflicts();
        let sent_text = match sent {
            0 => None,
            1 => Some("Sent the change made offline".to_string()),
            n => Some(format!("Sent the {n} changes made offline")),
        };
        let decide = self.keymap.then_say("global.outbox", "decides");
        let conflict_text = match conflicts {
            0 => None,
            1 => Some(format!("1 change made offline is in conflict{decide}")),
            n => Some(format!("{n} changes made offline are in conflict{decide}")),
        };
        let left = self.offline.waiting();
        let (kind, text) = match (sent_text, conflict_text) {
            (None, None) => return,
            (Some(s), None) if left > 0 => {
                (ToastKind::Success, format!("{s} · {left} still waiting"))
            }
            (Some(s), None) => (ToastKind::Success, s),
            (None, Some(c)) => (ToastKind::Error, c),
            (Some(s), Some(c)) => (ToastKind::Error, format!("{s} · {c}")),
        };
        self.toasts.push(clock.now, kind, text);
    }

    /// Sends what the outbox holds, unless a replay runs or nothing waits.
    pub(super) fn replay(&mut self, effects: &mut Vec<Effect>) {
        if self.offline.waiting() > 0 && !self.offline.replaying() && !self.offline.is_offline() {
            self.offline.set_replaying(true);
            effects.push(Effect::Replay);
        }
    }

    /// Probes the service when a probe is due, or `at_once` (`r`). True when one went.
    pub(super) fn probe(&mut self, at_once: bool, clock: Clock, effects: &mut Vec<Effect>) -> bool {
        if !self.offline.probe(clock.now, at_once) {
            return false;
        }
        screen_cx!(self, clock, effects).request(LinkKey::Probe, op::Me, LinkAnswer::Probe);
        true
    }

    /// The probe's answer: the service is back (said by [`App::note_link`]), or the next
    /// probe waits longer.
    pub(super) fn on_probe(&mut self, answer: LinkAnswer, clock: Clock) {
        match answer {
            LinkAnswer::Probe(Err(e)) if unreachable(&e) => self.offline.probe_failed(clock.now),
            LinkAnswer::Probe(_) => {}
        }
    }

    /// The outbox as the store now holds it.
    pub(super) fn on_outbox(
        &mut self,
        entries: Vec<crate::outbox::Entry>,
        _clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        self.offline.loaded(entries);
        let cx = screen_cx!(self, _clock, effects);
        self.contacts.organizations.outbox_changed(&cx);
        // A change decided for mine at a conflict goes now, if the service is there.
        self.replay(effects);
        true
    }

    /// A step of the replay: the outbox as it is now, and what the screens show of it.
    pub(super) fn on_replayed(
        &mut self,
        replayed: Replayed,
        clock: Clock,
        effects: &mut Vec<Effect>,
    ) -> bool {
        let Replayed { outbox, step } = replayed;
        if let Step::Created { entry, id, .. } = &step
            && let Some(local) = entry.item.local
        {
            self.offline.made(local, id);
        }
        // What a replay took up was on disk: the outbox it read is the whole truth of it.
        match &step {
            Step::Sent { entry, .. }
            | Step::Created { entry, .. }
            | Step::Conflict { entry, .. }
            | Step::Refused { entry, .. } => self.offline.written(entry.seq),
            Step::Gone { entries } => entries.iter().for_each(|e| self.offline.written(e.seq)),
            Step::Unreachable(_) | Step::Done { .. } => {}
        }
        self.offline.loaded(outbox);
        // A replay asked again while one ran goes on after its end.
        if !matches!(step, Step::Done { .. } | Step::Unreachable(_)) && !self.offline.is_offline() {
            self.offline.set_replaying(true);
        }
        match &step {
            Step::Unreachable(_) => {
                self.offline.set_replaying(false);
                self.went_offline(clock);
            }
            Step::Done { sent } => {
                self.offline.set_replaying(false);
                self.said_replayed(*sent, clock);
                if *sent > 0 {
                    // The screen is read again: what the changes made it (a task done leaves
                    // the open ones, a deal its column) shows, in place.
                    self.refresh_shown(clock, effects);
                }
            }
            Step::Conflict { entry, .. } => {
                let theirs = entry
                    .theirs
                    .as_ref()
                    .map(|t| self.value_text(t))
                    .unwrap_or_default();
                let decide = self.keymap.then_say("global.outbox", "decides");
                let text = format!(
                    "Conflict: the {} of {} was changed meanwhile to {theirs}; nothing of it \
                     is sent until you decide{decide}",
                    entry.change.field().map_or("item", |f| f.name()),
                    crate::text::quoted_full(&entry.name),
                );
                // Each in the log; the end of the replay says how many wait for the user.
                self.toasts.log(ToastKind::Error, text);
            }
            Step::Refused { entry, .. } => {
                let text = format!(
                    "The service refused a change made offline ({} of {}): {}",
                    self.describe(entry),
                    crate::text::quoted_full(&entry.name),
                    entry.message.as_deref().unwrap_or("no reason given"),
                );
                self.toasts.push(clock.now, ToastKind::Error, text);
            }
            Step::Gone { entries } => {
                if let Some(first) = entries.first() {
                    let n = entries.len();
                    let changes = if n == 1 {
                        "its change made offline was dropped".to_string()
                    } else {
                        format!("its {n} changes made offline were dropped")
                    };
                    let text = format!(
                        "{} was deleted on the service meanwhile: {changes}",
                        crate::text::quoted_full(&first.name)
                    );
                    self.toasts.push(clock.now, ToastKind::Error, text);
                }
            }
            Step::Sent { .. } | Step::Created { .. } => {}
        }
        let mut cx = screen_cx!(self, clock, effects);
        self.tasks.on_replayed(&step, &mut cx);
        let mut cx = screen_cx!(self, clock, effects);
        self.funnels.on_replayed(&step, &mut cx);
        let mut cx = screen_cx!(self, clock, effects);
        self.contacts.on_replayed(&step, &mut cx);
        true
    }
}
