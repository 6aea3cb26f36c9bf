//! Optimistic writes, one mechanism for every kind: a change is shown at once and sent; the
//! writes to one item go out one after another, in the order made; a page read meanwhile gets
//! the changes still on their way laid over it again; a refusal puts the item back; a lost
//! answer has the item read back (see `lost_answer`), and the screen shows what the service
//! has. Task triage (`tasks::verbs`), deal moves (`funnels::moves`) and the renames and
//! deletes of named items (`named_writes`) are among its users.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt::Debug;
use std::hash::Hash;

use weeek_api::ApiError;

use super::ScreenCtx;
use super::lost_answer::{AfterFailure, ReadBack, after_failure, cause_text};
use super::requests::KeySet;
use super::toast::ToastKind;
use crate::worker::TypedCall;

mod hand_over;

pub use hand_over::{Kept, out_of_reach};

/// What a kind of write is made of.
pub trait Writes {
    /// Which item a write changes (a task's number, a deal's id).
    type Id: Clone + Eq + Hash + Ord + Debug;
    /// One change of one item, with what it takes to put it back.
    type Change: Clone + Debug;
    /// The service's copy of an item.
    type Item: 'static;
    /// What the screen keeps about one action (its wording, what to offer after a refusal).
    type Note: Clone + Debug;
    /// What the service has after a write that did not hold: what a later write of the same
    /// item goes back to if it fails too.
    type Truth;

    /// The keys of its requests (the screen's).
    type Key: KeySet;
    /// What the screen is told of write or read-back number `n`.
    type Answer: Into<<Self::Key as KeySet>::Answer> + 'static;

    /// The request key of write number `n`.
    fn key(n: u64) -> Self::Key;
    /// The screen's answer of write or read-back `n`: how it settled.
    fn answer(n: u64, settled: Settled<Self::Item>) -> Self::Answer;
    /// The read of an item whose write lost its answer.
    fn read_back(id: &Self::Id) -> TypedCall<Result<Self::Item, ApiError>>;
    /// Whether item `id` read back carries `change` (`found`: the read's result).
    fn judge(
        id: &Self::Id,
        change: &Self::Change,
        found: Result<&Self::Item, &ApiError>,
    ) -> ReadBack;
    /// `later`, still on its way, now starts from `truth` (nothing, where no write depends
    /// on another).
    fn rebase(_later: &mut Self::Change, _truth: &Self::Truth) {}
}

/// The requests of a kind of write, inside its `impl Writes`: numbered by the screen's key
/// variant `$variant`, answered through its answer variant of the same name with how the write
/// settled.
#[macro_export]
macro_rules! ledger_requests {
    ($key:ident, $answer:ident, $variant:ident) => {
        type Key = $key;
        type Answer = $answer;

        fn key(n: u64) -> $key {
            $key::$variant(n)
        }

        fn answer(n: u64, settled: $crate::screen::ledger::Settled<Self::Item>) -> $answer {
            $answer::$variant(n, settled)
        }
    };
}

pub use super::write_calls::{WriteCall, deleted, done, read_item, returning};

/// How a request of the ledger settled: a write (with the service's copy when its call
/// returns one), or the read of an item whose write lost its answer.
#[derive(Debug)]
pub enum Settled<Item> {
    Written(Result<Option<Item>, ApiError>),
    ReadBack(Result<Item, ApiError>),
}

/// The items on screen that writes change.
pub trait Shown<W: Writes> {
    /// Shows `change` again over a page read before it was answered.
    fn reapply(&mut self, id: &W::Id, change: &W::Change, cx: &ScreenCtx);
    /// The service refused `change`: shows the item as it was, unless `later` writes of it are
    /// still on their way. Returns what the service has, for those later writes.
    fn roll_back(
        &mut self,
        id: &W::Id,
        change: &W::Change,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<W::Truth>;
    /// The service's copy returned by a write, with nothing else on its way for the item
    /// (kept nowhere, where the screen shows what the change made).
    fn take(&mut self, _id: &W::Id, _fresh: W::Item) {}
    /// Shows what reading the item back found (`verdict` says what it means for `change`).
    /// Returns what the service has, for `later` writes of the item.
    fn read_back(
        &mut self,
        id: &W::Id,
        change: &W::Change,
        found: Result<W::Item, ApiError>,
        verdict: &ReadBack,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<W::Truth>;
}

/// Nothing on screen (the funnel was closed): writes still settle and are reported.
impl<W: Writes, S: Shown<W>> Shown<W> for Option<&mut S> {
    fn reapply(&mut self, id: &W::Id, change: &W::Change, cx: &ScreenCtx) {
        if let Some(s) = self {
            s.reapply(id, change, cx);
        }
    }

    fn roll_back(
        &mut self,
        id: &W::Id,
        change: &W::Change,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<W::Truth> {
        self.as_mut()?.roll_back(id, change, later, cx)
    }

    fn take(&mut self, id: &W::Id, fresh: W::Item) {
        if let Some(s) = self {
            s.take(id, fresh);
        }
    }

    fn read_back(
        &mut self,
        id: &W::Id,
        change: &W::Change,
        found: Result<W::Item, ApiError>,
        verdict: &ReadBack,
        later: bool,
        cx: &ScreenCtx,
    ) -> Option<W::Truth> {
        self.as_mut()?
            .read_back(id, change, found, verdict, later, cx)
    }
}

/// How one item's change went.
#[derive(Debug, Clone)]
pub struct Outcome<W: Writes> {
    /// The item as messages name it.
    pub name: String,
    pub change: W::Change,
    /// Requests still to be answered, the read-back included.
    remaining: usize,
    /// Why it did not hold.
    pub error: Option<ApiError>,
    /// The failure that left its fate unknown; the item was then read back.
    pub lost: Option<ApiError>,
    /// What reading it back showed.
    pub read_back: Option<ReadBack>,
    /// Handed to the outbox: the service could not be reached, and it goes when it can.
    pub kept: bool,
}

impl<W: Writes> Outcome<W> {
    fn settled(&self) -> bool {
        self.remaining == 0
    }

    /// How a settled change is reported: `done` is the sentence of a success ("Moved “x” to
    /// Done"), `attempt` what was tried ("move “x” to Done"). A lost answer says what reading
    /// the item back showed.
    pub fn report(&self, done: &str, attempt: &str) -> (ToastKind, String) {
        match (&self.error, &self.lost, &self.read_back) {
            (None, _, None) => (ToastKind::Success, done.to_string()),
            (None, _, Some(verdict)) => {
                (ToastKind::Success, format!("{done} ({})", verdict.note()))
            }
            (Some(e), None, _) => (
                ToastKind::Error,
                format!("Could not {attempt}: {}", e.short()),
            ),
            (Some(_), Some(cause), verdict) => {
                let lead = match verdict {
                    Some(ReadBack::Unknown(_)) => "Not confirmed:",
                    _ => "Could not",
                };
                let note = verdict.as_ref().map(ReadBack::note).unwrap_or_default();
                (
                    ToastKind::Error,
                    format!("{lead} {attempt}: {}; {note}", cause_text(cause)),
                )
            }
        }
    }
}

/// One action on one or more items ("complete these 3 tasks", "move this deal").
#[derive(Debug, Clone)]
pub struct Group<W: Writes> {
    pub id: u64,
    pub note: W::Note,
    pub items: BTreeMap<W::Id, Outcome<W>>,
}

/// What `u` does about one action.
#[derive(Debug, Clone)]
pub enum Reverse<W: Writes> {
    /// Sets back what the action replaced: per item, its name and the change that does it.
    /// By id, not by row: it holds after a reload that took the item off the screen.
    Changes(Vec<(W::Id, String, W::Change)>),
    /// The action made a new item: undoing it deletes it (after asking).
    Created(W::Id),
    /// The service has no way back (a delete): `u` says so and steps past it.
    Final,
}

/// One action `u` can walk back through.
#[derive(Debug, Clone)]
pub struct UndoEntry<W: Writes> {
    /// The action it reverts (0 for one that is no write of the ledger, such as a create).
    pub group: u64,
    pub label: String,
    pub reverse: Reverse<W>,
}

/// Requests waiting for the one on its way for the same item, by number.
type Queue<Item> = VecDeque<(u64, TypedCall<Settled<Item>>)>;

/// How many actions `u` can walk back through.
const UNDO_DEPTH: usize = 50;

#[derive(Debug, Clone)]
struct Pending<Id> {
    group: u64,
    item: Id,
    read_back: bool,
}

#[derive(Debug, Clone)]
pub struct Ledger<W: Writes> {
    next: u64,
    groups: BTreeMap<u64, Group<W>>,
    /// Requests on their way or waiting, by number.
    pending: HashMap<u64, Pending<W::Id>>,
    /// Items with a request on its way, and the requests waiting behind it.
    queued: HashMap<W::Id, Queue<W::Item>>,
    /// Reversible actions, newest last.
    undo: Vec<UndoEntry<W>>,
}

impl<W: Writes> Default for Ledger<W> {
    fn default() -> Self {
        Self {
            next: 0,
            groups: BTreeMap::new(),
            pending: HashMap::new(),
            queued: HashMap::new(),
            undo: Vec::new(),
        }
    }
}

impl<W: Writes> Ledger<W> {
    /// Starts an action; its changes are added with [`Ledger::add`].
    pub fn group(&mut self, note: W::Note) -> u64 {
        self.next += 1;
        self.groups.insert(
            self.next,
            Group {
                id: self.next,
                note,
                items: BTreeMap::new(),
            },
        );
        self.next
    }

    pub fn note_mut(&mut self, group: u64) -> Option<&mut W::Note> {
        self.groups.get_mut(&group).map(|g| &mut g.note)
    }

    /// Drops an action that changed nothing; true when it had changes (and stays).
    pub fn keep_if_any(&mut self, group: u64) -> bool {
        let any = self.groups.get(&group).is_some_and(|g| !g.items.is_empty());
        if !any {
            self.groups.remove(&group);
        }
        any
    }

    /// Records `change` of item `id`, already shown, and sends its `calls`: now, or after the
    /// requests of the item already on their way (the service must see two quick changes of
    /// one item in the order they were made).
    pub fn add(
        &mut self,
        group: u64,
        id: W::Id,
        name: String,
        change: W::Change,
        calls: Vec<WriteCall<W::Item>>,
        cx: &mut ScreenCtx,
    ) {
        let Some(g) = self.groups.get_mut(&group) else {
            return;
        };
        g.items.insert(
            id.clone(),
            Outcome {
                name,
                change,
                remaining: calls.len(),
                error: None,
                lost: None,
                read_back: None,
                kept: false,
            },
        );
        for call in calls {
            self.next += 1;
            let n = self.next;
            self.pending.insert(
                n,
                Pending {
                    group,
                    item: id.clone(),
                    read_back: false,
                },
            );
            let call = call.map(Settled::Written);
            match self.queued.get_mut(&id) {
                Some(waiting) => waiting.push_back((n, call)),
                None => {
                    self.queued.insert(id.clone(), VecDeque::new());
                    send::<W>(n, call, cx);
                }
            }
        }
    }

    /// Items whose changes are not settled yet.
    pub fn unsettled(&self) -> usize {
        self.groups
            .values()
            .flat_map(|g| g.items.values())
            .filter(|o| !o.settled())
            .count()
    }

    /// Nothing is on its way.
    pub fn is_idle(&self) -> bool {
        self.pending.is_empty()
    }

    /// Lays the changes still on their way over a page read before they were answered, in
    /// the order they were made.
    pub fn reapply(&self, shown: &mut impl Shown<W>, cx: &ScreenCtx) {
        for g in self.groups.values() {
            for (id, o) in &g.items {
                if !o.settled() && o.error.is_none() {
                    shown.reapply(id, &o.change, cx);
                }
            }
        }
    }

    /// The answer to write `n`: the service's copy of the item when the call returns one.
    /// Returns the action once every change of it is settled.
    pub fn on_written(
        &mut self,
        n: u64,
        result: Result<Option<W::Item>, ApiError>,
        shown: &mut impl Shown<W>,
        cx: &mut ScreenCtx,
    ) -> Option<Group<W>> {
        let p = self.pending.get(&n).filter(|p| !p.read_back)?.clone();
        self.pending.remove(&n);
        let later = self.has_queued(&p.item);
        let outcome = self.outcome_mut(&p)?;
        outcome.remaining = outcome.remaining.saturating_sub(1);
        let mut roll_back = false;
        let mut read = false;
        match result {
            // The service's copy is the truth, unless more changes of the item are still on
            // their way or its fate is being read back.
            Ok(fresh) => {
                if let Some(fresh) = fresh
                    && outcome.error.is_none()
                    && outcome.lost.is_none()
                    && !later
                {
                    shown.take(&p.item, fresh);
                }
            }
            Err(e) => match after_failure(&e) {
                // One read-back settles the whole change, whatever its other calls answer.
                AfterFailure::ReadBack if outcome.lost.is_none() => {
                    outcome.lost = Some(e);
                    outcome.remaining += 1;
                    read = true;
                }
                AfterFailure::ReadBack => {}
                AfterFailure::RollBack if outcome.error.is_none() => {
                    roll_back = outcome.lost.is_none();
                    outcome.error = Some(e);
                }
                AfterFailure::RollBack => {}
            },
        }
        if roll_back {
            let change = outcome.change.clone();
            let truth = shown.roll_back(&p.item, &change, later, cx);
            self.rebase_later(&p.item, truth);
        }
        if read {
            self.queue_read_back(p.group, &p.item);
        }
        self.send_next(&p.item, cx);
        self.finish_if_settled(p.group)
    }

    /// The answer to read-back `n` of an item whose write lost its answer.
    pub fn on_read_back(
        &mut self,
        n: u64,
        found: Result<W::Item, ApiError>,
        shown: &mut impl Shown<W>,
        cx: &mut ScreenCtx,
    ) -> Option<Group<W>> {
        let p = self.pending.get(&n).filter(|p| p.read_back)?.clone();
        self.pending.remove(&n);
        let later = self.has_queued(&p.item);
        if let Some(outcome) = self.outcome_mut(&p) {
            let change = outcome.change.clone();
            let verdict = W::judge(&p.item, &change, found.as_ref());
            let truth = shown.read_back(&p.item, &change, found, &verdict, later, cx);
            outcome.remaining = outcome.remaining.saturating_sub(1);
            if verdict.applied() {
                outcome.error = None;
            } else if outcome.error.is_none() {
                outcome.error = outcome.lost.clone();
            }
            outcome.read_back = Some(verdict);
            self.rebase_later(&p.item, truth);
        }
        self.send_next(&p.item, cx);
        self.finish_if_settled(p.group)
    }

    /// The answer to request `n`, a write or a read-back.
    pub fn on_settled(
        &mut self,
        n: u64,
        settled: Settled<W::Item>,
        shown: &mut impl Shown<W>,
        cx: &mut ScreenCtx,
    ) -> Option<Group<W>> {
        match settled {
            Settled::Written(result) => self.on_written(n, result, shown, cx),
            Settled::ReadBack(found) => self.on_read_back(n, found, shown, cx),
        }
    }

    fn outcome_mut(&mut self, p: &Pending<W::Id>) -> Option<&mut Outcome<W>> {
        self.groups.get_mut(&p.group)?.items.get_mut(&p.item)
    }

    fn has_queued(&self, id: &W::Id) -> bool {
        self.queued.get(id).is_some_and(|q| !q.is_empty())
    }

    /// The later changes of `id` start from what the service has now.
    fn rebase_later(&mut self, id: &W::Id, truth: Option<W::Truth>) {
        let Some(truth) = truth else {
            return;
        };
        let waiting: Vec<u64> = self
            .queued
            .get(id)
            .map(|q| q.iter().map(|(n, _)| *n).collect())
            .unwrap_or_default();
        for n in waiting {
            let Some(p) = self.pending.get(&n).cloned() else {
                continue;
            };
            if let Some(o) = self.outcome_mut(&p) {
                W::rebase(&mut o.change, &truth);
            }
        }
    }

    /// Reads the item back once the change's own calls are done, before any later write to
    /// it: what it shows is then this change's doing, not a later one's.
    fn queue_read_back(&mut self, group: u64, id: &W::Id) {
        self.next += 1;
        let n = self.next;
        self.pending.insert(
            n,
            Pending {
                group,
                item: id.clone(),
                read_back: true,
            },
        );
        let pending = &self.pending;
        let waiting = self.queued.entry(id.clone()).or_default();
        let after = waiting
            .iter()
            .rposition(|(k, _)| pending.get(k).is_some_and(|p| p.group == group))
            .map_or(0, |i| i + 1);
        let read = W::read_back(id).map(Settled::ReadBack);
        waiting.insert(after, (n, read));
    }

    fn send_next(&mut self, id: &W::Id, cx: &mut ScreenCtx) {
        match self.queued.get_mut(id).and_then(VecDeque::pop_front) {
            Some((n, call)) => send::<W>(n, call, cx),
            None => {
                self.queued.remove(id);
            }
        }
    }

    fn finish_if_settled(&mut self, group: u64) -> Option<Group<W>> {
        let settled = self
            .groups
            .get(&group)
            .is_some_and(|g| g.items.values().all(Outcome::settled));
        if settled {
            self.groups.remove(&group)
        } else {
            None
        }
    }

    // ----- undo ------------------------------------------------------------------------------

    /// Keeps `entry` for `u`, forgetting the oldest past the depth.
    pub fn push_undo(&mut self, entry: UndoEntry<W>) {
        if self.undo.len() == UNDO_DEPTH {
            self.undo.remove(0);
        }
        self.undo.push(entry);
    }

    pub fn pop_undo(&mut self) -> Option<UndoEntry<W>> {
        self.undo.pop()
    }

    /// Whether `u` can still revert action `group`.
    pub fn undoable(&self, group: u64) -> bool {
        self.undo.iter().any(|u| u.group == group)
    }

    /// Action `group` changed nothing after all: there is nothing for `u` to revert.
    pub fn forget_undo(&mut self, group: u64) {
        self.undo.retain(|u| u.group != group);
    }

    /// Item `id` is gone (deleted): `u` no longer sets back anything of it, and an action
    /// that changed only it leaves the stack, so `u` never says it undid a change of an item
    /// that stays deleted.
    pub fn forget_item(&mut self, id: &W::Id) {
        for u in &mut self.undo {
            if let Reverse::Changes(items) = &mut u.reverse {
                items.retain(|(i, _, _)| i != id);
            }
        }
        self.undo.retain(|u| match &u.reverse {
            Reverse::Changes(items) => !items.is_empty(),
            Reverse::Created(i) => i != id,
            Reverse::Final => true,
        });
    }

    pub fn undo_is_empty(&self) -> bool {
        self.undo.is_empty()
    }
}

/// Sends request `n` of the ledger of `W`.
fn send<W: Writes>(n: u64, call: TypedCall<Settled<W::Item>>, cx: &mut ScreenCtx) {
    cx.ask(W::key(n), call, move |settled| W::answer(n, settled));
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::screen::ScreenCtx;
    use crate::testing::World;
    use crate::worker::{Call, op};

    /// The requests of these tests' writes.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Write(u64);

    impl KeySet for Write {
        type Answer = ();
    }

    /// Numbered counters set to values: the smallest kind of write.
    #[derive(Debug, Clone)]
    struct Counters;

    #[derive(Debug, Clone, PartialEq)]
    struct Set {
        to: i32,
        from: i32,
    }

    impl Writes for Counters {
        type Id = i64;
        type Change = Set;
        type Item = i32;
        type Note = &'static str;
        type Truth = i32;
        type Key = Write;
        type Answer = ();

        fn key(n: u64) -> Write {
            Write(n)
        }
        fn answer(_: u64, _: Settled<i32>) {
            unreachable!("these tests hand the ledger its answers themselves")
        }
        fn read_back(id: &i64) -> TypedCall<Result<i32, ApiError>> {
            TypedCall::new(op::Task(*id)).map(|r| r.map(|t| t.id as i32))
        }
        fn judge(_: &i64, set: &Set, found: Result<&i32, &ApiError>) -> ReadBack {
            match found {
                Ok(v) if *v == set.to => ReadBack::Applied,
                Ok(_) => ReadBack::NotApplied,
                Err(e) => crate::screen::lost_answer::read_back_failed(e.clone()),
            }
        }
        fn rebase(later: &mut Set, truth: &i32) {
            later.from = *truth;
        }
    }

    type Board = BTreeMap<i64, i32>;

    impl Shown<Counters> for Board {
        fn reapply(&mut self, id: &i64, set: &Set, _env: &ScreenCtx) {
            self.insert(*id, set.to);
        }
        fn roll_back(&mut self, id: &i64, set: &Set, later: bool, _env: &ScreenCtx) -> Option<i32> {
            if !later {
                self.insert(*id, set.from);
            }
            Some(set.from)
        }
        fn take(&mut self, id: &i64, fresh: i32) {
            self.insert(*id, fresh);
        }
        fn read_back(
            &mut self,
            id: &i64,
            _set: &Set,
            found: Result<i32, ApiError>,
            _verdict: &ReadBack,
            later: bool,
            _env: &ScreenCtx,
        ) -> Option<i32> {
            let v = found.ok()?;
            if !later {
                self.insert(*id, v);
            }
            Some(v)
        }
    }

    /// The numbers of the ledger's requests sent since last asked, and their calls.
    fn writes_sent(world: &mut World) -> Vec<(u64, Call)> {
        world
            .sent()
            .into_iter()
            .filter_map(|(key, call)| key.get::<Write>().map(|Write(n)| (*n, call)))
            .collect()
    }

    /// Sets counter `id` from `from` to `to` on `board` and records it.
    fn set(
        ledger: &mut Ledger<Counters>,
        board: &mut Board,
        world: &mut World,
        id: i64,
        to: i32,
    ) -> u64 {
        let from = board.get(&id).copied().unwrap_or_default();
        board.insert(id, to);
        let g = ledger.group("set");
        ledger.add(
            g,
            id,
            format!("counter {id}"),
            Set { to, from },
            vec![done(op::CompleteTask(id))],
            &mut world.cx(),
        );
        g
    }

    fn refused() -> ApiError {
        ApiError::Forbidden {
            message: "no".into(),
        }
    }

    #[test]
    fn writes_to_one_item_go_one_after_another_and_a_refusal_takes_later_ones_back_to_the_truth() {
        let (mut ledger, mut board, mut world) = (Ledger::default(), Board::new(), World::new());
        board.insert(1, 10);
        set(&mut ledger, &mut board, &mut world, 1, 11);
        set(&mut ledger, &mut board, &mut world, 1, 12);
        set(&mut ledger, &mut board, &mut world, 2, 20);
        let sent = writes_sent(&mut world);
        assert_eq!(sent.len(), 2, "the second write of item 1 waits: {sent:?}");
        let first = sent[0].0;
        assert_eq!(ledger.unsettled(), 3);
        let done = ledger.on_written(first, Err(refused()), &mut board, &mut world.cx());
        let done = done.expect("the first action is settled");
        assert!(done.items[&1].error.is_some());
        assert_eq!(board[&1], 12, "the later write still shows");
        let second = writes_sent(&mut world);
        assert_eq!(second.len(), 1, "now the second goes");
        ledger.on_written(second[0].0, Err(refused()), &mut board, &mut world.cx());
        assert_eq!(
            board[&1], 10,
            "back to what the service has, not to the refused 11"
        );
    }

    #[test]
    fn a_lost_answer_is_read_back_before_the_next_write_and_a_fresh_page_gets_pending_changes() {
        let (mut ledger, mut board, mut world) = (Ledger::default(), Board::new(), World::new());
        board.insert(1, 10);
        set(&mut ledger, &mut board, &mut world, 1, 11);
        set(&mut ledger, &mut board, &mut world, 1, 12);
        let first = writes_sent(&mut world)[0].0;
        let settled = ledger.on_written(first, Err(ApiError::Timeout), &mut board, &mut world.cx());
        assert!(settled.is_none(), "not settled before the read");
        let read = writes_sent(&mut world);
        assert_eq!(read.len(), 1);
        assert_eq!(
            read[0].1,
            Call::Task(1),
            "the read goes before the second write"
        );
        // A page read meanwhile shows the old value: the writes on their way go over it again.
        board.insert(1, 10);
        ledger.reapply(&mut board, &world.cx());
        assert_eq!(board[&1], 12);
        let done = ledger
            .on_read_back(read[0].0, Ok(11), &mut board, &mut world.cx())
            .expect("settled by the read");
        let o = &done.items[&1];
        assert_eq!(o.read_back, Some(ReadBack::Applied));
        assert!(o.error.is_none(), "the answer was lost, not the change");
        assert_eq!(writes_sent(&mut world).len(), 1, "then the second write");
        assert_eq!(ledger.unsettled(), 1);
        assert!(!ledger.is_idle());
    }

    #[test]
    fn undo_keeps_the_newest_fifty_actions() {
        let mut ledger: Ledger<Counters> = Ledger::default();
        for g in 1..=60 {
            ledger.push_undo(UndoEntry {
                group: g,
                label: format!("set {g}"),
                reverse: Reverse::Changes(Vec::new()),
            });
        }
        assert!(!ledger.undoable(10) && ledger.undoable(11));
        assert_eq!(ledger.pop_undo().map(|u| u.group), Some(60));
        ledger.forget_undo(59);
        assert_eq!(ledger.pop_undo().map(|u| u.group), Some(58));
    }
}
