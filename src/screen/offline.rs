//! Whether the service can be reached, and the outbox as the app knows it.
//!
//! A read or a write that fails to connect (refused, reset, DNS, no answer in time; not an
//! answer of the service, however bad) puts the app offline: the header says since when and
//! how many changes wait, the verbs that can wait keep their changes in the outbox, and the
//! service is probed with growing waits (1 s, doubling, at most 60 s; at once on `r`) until it
//! answers. The waits are deadlines of the app's loop, not a polling timer: an idle app offline
//! wakes only to probe.
//!
//! The outbox itself is on disk (`crate::outbox`, `crate::store`); the app holds a copy, read
//! from the store at start and after each change of it, with what it queued since.

use std::time::{Duration, Instant};

use time::OffsetDateTime;
use weeek_api::ApiError;
use weeek_api::models::User;

use super::Clock;
use super::requests::KeySet;
use crate::outbox::{self, Base, Change, Entry, ItemRef, State};

/// The requests of the probe: the cheapest read there is, the profile.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LinkKey {
    Probe,
}

#[derive(Debug)]
pub enum LinkAnswer {
    Probe(Result<Box<User>, ApiError>),
}

impl KeySet for LinkKey {
    type Answer = LinkAnswer;
}

/// The first wait before the service is probed again.
pub const FIRST_WAIT: Duration = Duration::from_secs(1);
/// The longest wait between two probes.
pub const LONGEST_WAIT: Duration = Duration::from_secs(60);

/// Whether a failure says the service could not be reached, rather than that it answered.
pub fn unreachable(e: &ApiError) -> bool {
    matches!(e, ApiError::Network { .. } | ApiError::Timeout)
}

/// The service cannot be reached.
#[derive(Debug, Clone, PartialEq)]
pub struct Down {
    /// Since when (the wall clock).
    pub since: OffsetDateTime,
    /// The wait before the next probe, once the one out fails.
    wait: Duration,
    /// When the next probe goes; `None` while one is out.
    next_probe: Option<Instant>,
    /// A probe has gone: it lasted past the first wait.
    probed: bool,
}

impl Down {
    /// A probe is out.
    pub fn probing(&self) -> bool {
        self.next_probe.is_none()
    }

    /// Whether the service was probed (it lasted past the first wait, or `r` asked).
    pub fn probed(&self) -> bool {
        self.probed
    }
}

#[derive(Debug, Clone, Default)]
pub struct Offline {
    /// `Some` while the service cannot be reached.
    down: Option<Down>,
    /// The outbox: as the store last said, with what was queued since.
    entries: Vec<Entry>,
    /// The outbox has been read from the store (changes queued before are not lost to a
    /// numbering that starts again).
    loaded: bool,
    next_seq: i64,
    last_local: i64,
    /// Changes queued here that no outbox read from the store has shown yet: a read made
    /// before they were written does not take them away.
    unconfirmed: std::collections::BTreeSet<i64>,
    /// A replay of the outbox runs.
    replaying: bool,
    /// The service's ids of the records made here that it has made since the start, by their
    /// local ids: a screen may still hold one under its local key (an open form, a view).
    made: std::collections::HashMap<i64, String>,
}

impl Offline {
    pub fn is_offline(&self) -> bool {
        self.down.is_some()
    }

    pub fn down(&self) -> Option<&Down> {
        self.down.as_ref()
    }

    /// A call failed to reach the service: offline from now (the first probe a wait away).
    /// True when that is news.
    pub fn went_down(&mut self, clock: &Clock) -> bool {
        if self.down.is_some() {
            return false;
        }
        self.down = Some(Down {
            since: clock.wall,
            wait: FIRST_WAIT,
            next_probe: Some(clock.now + FIRST_WAIT),
            probed: false,
        });
        // A replay under way goes on until the worker says it stopped (its last step): a
        // change it may be sending cannot be dropped meanwhile.
        true
    }

    /// The service answered: online again. The time it was down, when it was.
    pub fn came_back(&mut self) -> Option<Down> {
        self.down.take()
    }

    /// When the next probe is due.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.down.as_ref().and_then(|d| d.next_probe)
    }

    /// Whether a probe should go now: its wait is over (or `at_once`, for `r`) and none is
    /// out. The probe is then out.
    pub fn probe(&mut self, now: Instant, at_once: bool) -> bool {
        let Some(d) = &mut self.down else {
            return false;
        };
        match d.next_probe {
            Some(at) if at_once || at <= now => {
                d.next_probe = None;
                d.probed = true;
                true
            }
            _ => false,
        }
    }

    /// The probe out found no service: the next waits twice as long, up to a minute.
    pub fn probe_failed(&mut self, now: Instant) {
        if let Some(d) = &mut self.down {
            d.wait = (d.wait * 2).min(LONGEST_WAIT);
            d.next_probe = Some(now + d.wait);
        }
    }

    // ----- the outbox ----------------------------------------------------------------------

    /// Every change, in the order made.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// How many changes are still to reach the service.
    pub fn waiting(&self) -> usize {
        outbox::waiting(&self.entries)
    }

    /// How many wait for the user to decide.
    pub fn conflicts(&self) -> usize {
        self.entries
            .iter()
            .filter(|e| e.state == State::Conflict)
            .count()
    }

    /// The outbox as the store holds it now.
    pub fn loaded(&mut self, entries: Vec<Entry>) {
        let top = entries.iter().map(|e| e.seq).max().unwrap_or(0);
        self.next_seq = self.next_seq.max(top);
        let local = entries
            .iter()
            .filter_map(|e| e.item.local)
            .max()
            .unwrap_or(0);
        self.last_local = self.last_local.max(local);
        for e in &entries {
            self.unconfirmed.remove(&e.seq);
        }
        let unconfirmed = &self.unconfirmed;
        let mut kept: Vec<Entry> = std::mem::take(&mut self.entries)
            .into_iter()
            .filter(|e| unconfirmed.contains(&e.seq))
            .collect();
        kept.extend(entries);
        kept.sort_by_key(|e| e.seq);
        self.entries = kept;
        self.loaded = true;
    }

    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// Whether a change of `item` must go through the outbox: the app is offline, or earlier
    /// changes of the item are still in it (they go first).
    pub fn must_queue(&self, item: &ItemRef) -> bool {
        self.is_offline() || self.holds(item)
    }

    /// Whether changes of `item` are still to reach the service.
    pub fn holds(&self, item: &ItemRef) -> bool {
        self.entries
            .iter()
            .any(|e| e.state.unsettled() && e.item.same_item(item))
    }

    /// What a row of `item` says after its title while the outbox holds changes of it:
    /// "conflict" or "refused" when one of them is, else "queued".
    pub fn mark(&self, item: &ItemRef) -> Option<&'static str> {
        // Drawn for each row on screen: one pass, nothing allocated.
        let mut mark = None;
        for e in self.entries.iter().filter(|e| e.item.same_item(item)) {
            match e.state {
                State::Conflict => return Some("conflict"),
                State::Refused => mark = Some("refused"),
                State::Waiting | State::Sending => {
                    mark = mark.or(Some("queued"));
                }
            }
        }
        mark
    }

    /// A new local id for an item made here: never one used before, here or in an earlier
    /// run (they grow with the wall clock).
    pub fn new_local(&mut self, clock: &Clock) -> i64 {
        let ms = i64::try_from(clock.wall.unix_timestamp_nanos() / 1_000_000).unwrap_or(0);
        self.last_local = ms.max(self.last_local + 1).max(outbox::LOCAL_IDS_FROM);
        self.last_local
    }

    /// The record made here as `local` is on the service as `id`.
    pub fn made(&mut self, local: i64, id: &str) {
        self.made.insert(local, id.to_string());
    }

    /// The service's id of the record a screen holds as `key`: its own, or the one the
    /// service gave a record made here since (a form opened before it was made still holds
    /// the local key).
    pub fn resolve(&self, key: &str) -> String {
        outbox::local_of(key)
            .and_then(|local| self.made.get(&local))
            .cloned()
            .unwrap_or_else(|| key.to_string())
    }

    /// Keeps `change` of `item` in the app's copy of the outbox; the caller has the store
    /// keep it (`Effect::Queue`). An item made here that the service has made since is kept
    /// under the service's id, or it would wait for a create that is over.
    pub fn queue(
        &mut self,
        clock: &Clock,
        mut item: ItemRef,
        name: String,
        change: Change,
        base: Base,
        sent: Option<OffsetDateTime>,
    ) -> Entry {
        if item.id.is_none()
            && let Some(id) = item.local.and_then(|l| self.made.get(&l))
        {
            item.id = Some(id.clone());
        }
        self.next_seq += 1;
        let mut entry = Entry::new(self.next_seq, item, name, change, base, clock.wall);
        if let Some(at) = sent {
            entry.state = State::Sending;
            entry.sent_at = Some(at);
        }
        self.unconfirmed.insert(entry.seq);
        self.entries.push(entry.clone());
        entry
    }

    /// Change `seq` is known to have been written (a replay took it up).
    pub fn written(&mut self, seq: i64) {
        self.unconfirmed.remove(&seq);
    }

    /// Change `seq` leaves the app's copy (dropped; the store is told by the caller).
    pub fn forget(&mut self, seq: i64) {
        self.entries.retain(|e| e.seq != seq);
        self.unconfirmed.remove(&seq);
    }

    /// Conflict `seq` is decided for mine: it waits to be sent over the service's value.
    pub fn decided_mine(&mut self, seq: i64) {
        if let Some(e) = self.entries.iter_mut().find(|e| e.seq == seq) {
            e.base.value = e.theirs.take().or(e.base.value.take());
            e.base.updated_at = None;
            e.state = State::Waiting;
        }
    }

    /// Whether a replay runs.
    pub fn replaying(&self) -> bool {
        self.replaying
    }

    /// A replay starts (true) or has ended.
    pub fn set_replaying(&mut self, on: bool) {
        self.replaying = on;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outbox::{Field, TaskField};

    #[test]
    fn a_change_to_a_record_made_since_is_kept_under_the_services_id() {
        let clock = crate::testing::clock();
        let mut o = Offline::default();
        let key = outbox::local_key(outbox::LOCAL_IDS_FROM + 5);
        assert_eq!(o.resolve(&key), key, "not made yet");
        o.made(outbox::LOCAL_IDS_FROM + 5, "org-1");
        assert_eq!(o.resolve(&key), "org-1");
        assert_eq!(o.resolve("org-2"), "org-2");
        let item = outbox::record_ref(outbox::ItemKind::Organization, &key);
        let name = Field::Organization(crate::outbox::OrgField::Name("Новое".into()));
        let e = o.queue(
            &clock,
            item,
            "x".into(),
            Change::Set(name),
            Base::default(),
            None,
        );
        assert_eq!(
            e.item.id.as_deref(),
            Some("org-1"),
            "sent, not waiting forever"
        );
        assert_eq!(outbox::ready(o.entries()).len(), 1);
    }

    #[test]
    fn probes_wait_one_second_then_twice_as_long_each_time_up_to_a_minute() {
        let clock = crate::testing::clock();
        let mut o = Offline::default();
        assert!(o.went_down(&clock));
        assert!(!o.went_down(&clock), "once");
        let mut at = clock.now;
        let mut waits = Vec::new();
        for _ in 0..9 {
            let due = o.next_deadline().expect("a probe is due");
            waits.push((due - at).as_secs());
            assert!(
                !o.probe(due - Duration::from_millis(1), false),
                "not before"
            );
            assert!(o.probe(due, false));
            assert_eq!(o.next_deadline(), None, "no deadline while it is out");
            at = due;
            o.probe_failed(at);
        }
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
        assert!(o.probe(at, true), "r probes at once");
        assert!(!o.probe(at, true), "but not twice at once");
        assert!(o.came_back().is_some());
        assert_eq!(o.next_deadline(), None, "online: no deadline at all");
    }

    #[test]
    fn a_change_of_an_item_with_changes_in_the_outbox_goes_there_too() {
        let clock = crate::testing::clock();
        let mut o = Offline::default();
        o.loaded(Vec::new());
        assert!(!o.must_queue(&ItemRef::task(7)));
        o.went_down(&clock);
        let e = o.queue(
            &clock,
            ItemRef::task(7),
            "a".into(),
            Change::Set(Field::Task(TaskField::Completed(true))),
            Base::default(),
            None,
        );
        assert_eq!(e.seq, 1);
        o.came_back();
        assert!(o.must_queue(&ItemRef::task(7)), "after the one waiting");
        assert!(!o.must_queue(&ItemRef::task(8)));
        assert_eq!(o.waiting(), 1);
        // An outbox read before it was written does not take it away; one read after does.
        o.loaded(Vec::new());
        assert_eq!(o.waiting(), 1);
        o.loaded(vec![e.clone()]);
        o.loaded(Vec::new());
        assert_eq!(o.waiting(), 0);
        o.loaded(vec![e]);
        let first = o.new_local(&clock);
        assert!(o.new_local(&clock) > first, "never the same twice");
    }
}
