//! Sending the outbox once the service is back: the changes of one item in the order they
//! were made, independent items side by side (at most [`IN_FLIGHT`] at once). Every rule of
//! the online writes holds here too:
//!
//! - before a change to an existing item is sent, the item is read: the field still at the
//!   base (or already at the new value) lets it go; changed by someone since, it is a
//!   conflict, and nothing of that field is sent until the user decides;
//! - an answer lost on the way is read back, and the service's copy tells whether it landed;
//! - a create is looked for before it is sent again (also after a crash in the middle of a
//!   replay: a change found `sending` may have landed);
//! - a refusal leaves the change refused, with the service's words, and the item as the
//!   service has it;
//! - an item the service no longer has (404, or deleted) has its changes dropped, never made
//!   again.
//!
//! Each step is written to the store (the outbox, and the service's copy of the item) before
//! it is reported, with the outbox as it then is.

mod added;
mod contact;
mod deal;
mod organization;
mod record;
mod task;

use std::collections::HashSet;
use std::sync::Arc;

use time::OffsetDateTime;
use tokio::task::JoinSet;
use weeek_api::{ApiError, Client};

use super::{Entry, Field, Fresh, ItemKind, Replayed, State, Step, ready};
use crate::screen::offline::unreachable;
use crate::store::{SharedStore, StoreError, Writer};

/// Items whose changes are sent at once, at most.
pub const IN_FLIGHT: usize = 4;

/// What a replay needs: the service, the store, the clock, and where its steps go.
#[derive(Clone)]
pub struct Replay {
    pub client: Client,
    pub store: SharedStore,
    pub now: Arc<dyn Fn() -> OffsetDateTime + Send + Sync>,
    pub report: Arc<dyn Fn(Replayed) + Send + Sync>,
}

/// An item as the service has it, which the replay keeps in the store over the copy held:
/// a task or a deal. What follows a change's answer is the same for both.
trait Served: Clone + Send + 'static {
    type Id: ToString + Send + 'static;
    const KIND: ItemKind;
    /// Puts this copy in the store, read at `at`.
    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError>;
    /// The store forgets item `id`.
    fn forget(w: &Writer<'_>, id: &Self::Id) -> Result<(), StoreError>;
    fn fresh(self) -> Fresh;
}

/// How one change went, for the replay.
#[derive(Debug)]
enum Went {
    /// Settled (sent, refused, in conflict, gone); `sent`: the service has it now.
    Settled { sent: bool },
    /// The service could not be reached: the replay stops, the change waits.
    Unreachable(ApiError),
    /// Neither sent nor settled (a read that failed with the service's error, a lost answer
    /// that was not applied): the item waits for the next replay.
    Later,
}

/// The item a change is of, as one line of work: a new item and its later changes are one.
type Lane = (ItemKind, Option<i64>, Option<String>);

fn lane(e: &Entry) -> Lane {
    match e.item.local {
        Some(local) => (e.item.kind, Some(local), None),
        None => (e.item.kind, None, e.item.id.clone()),
    }
}

impl Replay {
    /// Sends what can be sent, until nothing more can or the service cannot be reached; the
    /// last step reported says which.
    pub async fn run(&self) {
        let mut running: JoinSet<(Lane, Went)> = JoinSet::new();
        let mut busy: HashSet<Lane> = HashSet::new();
        // Items left for a later replay: not tried again in this one.
        let mut later: HashSet<Lane> = HashSet::new();
        // Changes taken up in this replay: one the store could not mark settled is still in
        // the outbox, and must not go round again.
        let mut tried: HashSet<i64> = HashSet::new();
        let mut stopped: Option<ApiError> = None;
        let mut sent = 0;
        loop {
            if stopped.is_none() {
                let entries = match self.store.run(|s| s.outbox()).await {
                    Ok(entries) => entries,
                    Err(e) => {
                        tracing::warn!(error = %e, "the outbox could not be read");
                        Vec::new()
                    }
                };
                for e in ready(&entries) {
                    if busy.len() >= IN_FLIGHT {
                        break;
                    }
                    let l = lane(e);
                    if busy.contains(&l) || later.contains(&l) || tried.contains(&e.seq) {
                        continue;
                    }
                    tried.insert(e.seq);
                    busy.insert(l.clone());
                    let this = self.clone();
                    let entry = e.clone();
                    running.spawn(async move { (l, this.step(entry).await) });
                }
            }
            let Some(joined) = running.join_next().await else {
                break;
            };
            let (l, went) = match joined {
                Ok(done) => done,
                Err(e) => {
                    tracing::warn!(error = %e, "a step of the replay failed");
                    continue;
                }
            };
            busy.remove(&l);
            match went {
                Went::Settled { sent: true } => sent += 1,
                Went::Settled { sent: false } => {}
                Went::Later => {
                    later.insert(l);
                }
                Went::Unreachable(e) => {
                    stopped.get_or_insert(e);
                }
            }
        }
        let step = match stopped {
            Some(e) => Step::Unreachable(e),
            None => Step::Done { sent },
        };
        self.report(step).await;
    }

    /// Sends one change.
    async fn step(&self, entry: Entry) -> Went {
        match entry.item.kind {
            ItemKind::Task => task::step(self, entry).await,
            ItemKind::Deal => record::step::<weeek_api::models::Deal>(self, entry).await,
            ItemKind::Contact => record::step::<weeek_api::models::Contact>(self, entry).await,
            ItemKind::Organization => {
                record::step::<weeek_api::models::Organization>(self, entry).await
            }
        }
    }

    /// Writes `f` in one transaction of the store; a failure is said in the log (the outbox
    /// then still holds the change, which goes again).
    async fn write(&self, f: impl FnOnce(&Writer<'_>) -> Result<(), StoreError> + Send + 'static) {
        let written = self.store.run(move |s| s.write(f)).await;
        if let Err(e) = written {
            tracing::warn!(error = %e, "the outbox could not be written");
        }
    }

    /// Reports `step` with the outbox as the store holds it now.
    async fn report(&self, step: Step) {
        let outbox = self.store.run(|s| s.outbox()).await.unwrap_or_else(|e| {
            tracing::warn!(error = %e, "the outbox could not be read");
            Vec::new()
        });
        (self.report)(Replayed { outbox, step });
    }

    /// The change is about to go: from now on, its fate is unknown until answered.
    async fn sending(&self, entry: &Entry) {
        let (seq, at) = (entry.seq, (self.now)());
        self.write(move |w| w.sending(seq, at)).await;
    }

    /// A failure that shows nothing reached the service: the change is as it was before it
    /// went (one found `sending` stays so: an earlier send of it may have landed).
    async fn not_sent(&self, entry: &Entry, e: ApiError) -> Went {
        if entry.state == State::Waiting {
            let seq = entry.seq;
            self.write(move |w| w.set_state(seq, State::Waiting, None, None))
                .await;
        }
        Went::Unreachable(e)
    }

    /// The service said no: the change stays, refused, with its words.
    async fn refused(&self, entry: Entry, e: &ApiError) -> Entry {
        let (seq, message) = (entry.seq, e.short());
        let said = message.clone();
        self.write(move |w| w.set_state(seq, State::Refused, Some(&said), None))
            .await;
        Entry {
            state: State::Refused,
            message: Some(message),
            ..entry
        }
    }

    /// A read or a send that failed with the service's own error, not a refusal of the
    /// change (a 5xx, a 429): the item waits for the next replay.
    async fn later(&self, entry: &Entry, e: &ApiError) -> Went {
        tracing::warn!(seq = entry.seq, error = %e, "a change of the outbox waits for later");
        Went::Later
    }

    /// The change went through: it leaves the outbox, and `item` as the service answered
    /// replaces the store's copy.
    async fn settle_sent<I: Served>(&self, entry: Entry, item: I) -> Went {
        let (seq, at) = (entry.seq, (self.now)());
        let kept = item.clone();
        self.write(move |w| {
            w.unqueue(seq)?;
            kept.keep(w, at)
        })
        .await;
        let fresh = Some(item.fresh());
        self.report(Step::Sent { entry, fresh }).await;
        Went::Settled { sent: true }
    }

    /// Someone changed the field since the change's base: it waits for the user, with
    /// `theirs`, and `item` as the service has it replaces the store's copy.
    async fn settle_conflict<I: Served>(&self, entry: Entry, theirs: Field, item: I) -> Went {
        let (seq, at) = (entry.seq, (self.now)());
        let (kept_field, kept) = (theirs.clone(), item.clone());
        self.write(move |w| {
            w.set_state(seq, State::Conflict, None, Some(&kept_field))?;
            kept.keep(w, at)
        })
        .await;
        let entry = Entry {
            state: State::Conflict,
            theirs: Some(theirs),
            ..entry
        };
        let fresh = Some(item.fresh());
        self.report(Step::Conflict { entry, fresh }).await;
        Went::Settled { sent: false }
    }

    /// A delete went through (or found the item already gone): it leaves the outbox, and
    /// the store forgets the item.
    async fn settle_deleted<I: Served>(&self, entry: Entry, id: I::Id) -> Went {
        let seq = entry.seq;
        self.write(move |w| {
            w.unqueue(seq)?;
            I::forget(w, &id)
        })
        .await;
        self.report(Step::Sent { entry, fresh: None }).await;
        Went::Settled { sent: true }
    }

    /// The service refused the change: it stays, refused; `read`, the item as the service
    /// has it when it could be read again, replaces the store's copy.
    async fn settle_refused<I: Served>(&self, entry: Entry, e: &ApiError, read: Option<I>) -> Went {
        let entry = self.refused(entry, e).await;
        let fresh = match read {
            Some(item) => {
                let (at, kept) = ((self.now)(), item.clone());
                self.write(move |w| kept.keep(w, at)).await;
                Some(item.fresh())
            }
            None => None,
        };
        self.report(Step::Refused { entry, fresh }).await;
        Went::Settled { sent: false }
    }

    /// Item `id` is gone from the service: every change of it leaves the outbox, and the
    /// store forgets it.
    async fn settle_gone<I: Served>(&self, id: I::Id) -> Went {
        let key = id.to_string();
        let dropped = self
            .store
            .run(move |s| {
                s.write(|w| {
                    let gone = w.drop_item(I::KIND, &key)?;
                    I::forget(w, &id)?;
                    Ok(gone)
                })
            })
            .await
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "the outbox could not be written");
                Vec::new()
            });
        self.report(Step::Gone { entries: dropped }).await;
        Went::Settled { sent: false }
    }
}

/// Whether a failure of a send leaves its fate unknown (read back before anything else).
fn lost(e: &ApiError) -> bool {
    e.may_have_been_applied() || unreachable(e)
}

#[cfg(test)]
mod crm_tests;
#[cfg(test)]
mod place_tests;
#[cfg(test)]
mod tests;
