//! The steps of a replay every record of the CRM takes alike (a deal, a contact, an
//! organization): a field set after its item is read and found at the change's base, a record
//! made (looked for first when an earlier send of it may have landed), a record deleted. What
//! differs by kind (how a field is read, sent, how a made record is looked for) is its
//! [`Remote`].

use std::future::Future;

use time::OffsetDateTime;
use weeek_api::ApiError;

use super::{Replay, Served, Went, lost};
use crate::outbox::{Change, Entry, Field, New, State, Step};
use crate::screen::lost_answer::SERVICE_CLOCK_SLACK;
use crate::screen::offline::unreachable;

/// A record as the replay reads, changes, makes and deletes it on the service.
pub(super) trait Remote: Served<Id = String> + Sync {
    type Field: Clone + Send + Sync + 'static;
    type New: Clone + Send + Sync + 'static;

    /// Its id on the service.
    fn id(&self) -> String;
    /// The field a change of this kind sets, if it is one.
    fn field(f: &Field) -> Option<&Self::Field>;
    fn wrap(f: Self::Field) -> Field;
    /// The record a create of this kind makes, if it is one.
    fn new_of(n: &New) -> Option<Self::New>;
    /// The same field's value on `item` now.
    fn current(field: &Self::Field, item: &Self) -> Self::Field;
    fn same(a: &Self::Field, b: &Self::Field) -> bool;
    /// Whether `mine`, made on `base`, may go over the service's `now`.
    fn goes_over(mine: &Self::Field, base: &Self::Field, now: &Self::Field) -> bool;
    fn apply(field: &Self::Field, item: &mut Self);

    fn read(r: &Replay, id: &str) -> impl Future<Output = Result<Self, ApiError>> + Send;
    /// Gives `field` its value on the service, whose copy was just read as `item`; the
    /// service's copy after it when known.
    fn send(
        r: &Replay,
        id: &str,
        field: &Self::Field,
        item: &Self,
    ) -> impl Future<Output = Result<Option<Self>, ApiError>> + Send;
    fn delete(r: &Replay, id: &str) -> impl Future<Output = Result<(), ApiError>> + Send;
    fn create(r: &Replay, new: &Self::New) -> impl Future<Output = Result<Self, ApiError>> + Send;
    /// The record `new` made by an earlier send of it, among those made since `since` (on the
    /// service's clock; `None` when it is unknown).
    fn look(
        r: &Replay,
        new: &Self::New,
        since: Option<OffsetDateTime>,
    ) -> impl Future<Output = Result<Option<Self>, ApiError>> + Send;
}

/// One change of a record.
pub(super) async fn step<R: Remote>(r: &Replay, entry: Entry) -> Went {
    match entry.change.clone() {
        Change::Set(f) => match R::field(&f) {
            Some(field) => set::<R>(r, entry, field.clone()).await,
            None => Went::Later,
        },
        Change::Create(n) => match R::new_of(&n) {
            Some(new) => create::<R>(r, entry, new).await,
            None => Went::Later,
        },
        Change::Delete => delete::<R>(r, entry).await,
        // Nothing is added to a record of the CRM.
        Change::Add(_) => Went::Later,
    }
}

/// What reading a record found.
enum Read<R> {
    Found(R),
    Gone,
    Failed(ApiError),
}

async fn read<R: Remote>(r: &Replay, id: &str) -> Read<R> {
    match R::read(r, id).await {
        Ok(item) => Read::Found(item),
        Err(ApiError::NotFound { .. }) => Read::Gone,
        Err(e) => Read::Failed(e),
    }
}

async fn set<R: Remote>(r: &Replay, entry: Entry, field: R::Field) -> Went {
    let Some(id) = entry.item.id.clone() else {
        return Went::Later;
    };
    r.sending(&entry).await;
    let item = match read::<R>(r, &id).await {
        Read::Found(item) => item,
        Read::Gone => return r.settle_gone::<R>(id).await,
        Read::Failed(e) if unreachable(&e) => return r.not_sent(&entry, e).await,
        Read::Failed(e) if e.is_transient() => return r.later(&entry, &e).await,
        Read::Failed(e) => return r.settle_refused::<R>(entry, &e, None).await,
    };
    let now = R::current(&field, &item);
    if R::same(&now, &field) {
        // Already so on the service (sent before its answer was lost, or done by someone).
        return r.settle_sent(entry, item).await;
    }
    if let Some(base) = entry.base.value.as_ref().and_then(R::field)
        && !R::goes_over(&field, base, &now)
    {
        return r.settle_conflict(entry, R::wrap(now), item).await;
    }
    match R::send(r, &id, &field, &item).await {
        Ok(answered) => {
            let fresh = answered.unwrap_or_else(|| {
                let mut item = item;
                R::apply(&field, &mut item);
                item
            });
            r.settle_sent(entry, fresh).await
        }
        Err(ApiError::NotFound { .. }) => r.settle_gone::<R>(id).await,
        Err(e) if lost(&e) => match read::<R>(r, &id).await {
            Read::Found(item) if R::same(&R::current(&field, &item), &field) => {
                r.settle_sent(entry, item).await
            }
            Read::Found(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Found(_) => r.later(&entry, &e).await,
            Read::Gone => r.settle_gone::<R>(id).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => {
            let read = match read::<R>(r, &id).await {
                Read::Found(item) => Some(item),
                _ => None,
            };
            r.settle_refused(entry, &e, read).await
        }
    }
}

async fn create<R: Remote>(r: &Replay, entry: Entry, new: R::New) -> Went {
    let Some(local) = entry.item.local else {
        return Went::Later;
    };
    // Found sending: an earlier send may have made it (its answer lost, or the app ended).
    if entry.state == State::Sending {
        match R::look(r, &new, since(r, &entry)).await {
            Ok(Some(found)) => return created(r, entry, local, found).await,
            Ok(None) => {}
            Err(e) if unreachable(&e) => return Went::Unreachable(e),
            Err(e) => return r.later(&entry, &e).await,
        }
    }
    r.sending(&entry).await;
    match R::create(r, &new).await {
        Ok(made) => created(r, entry, local, made).await,
        Err(e) if e.may_have_been_applied() => match R::look(r, &new, since(r, &entry)).await {
            Ok(Some(found)) => created(r, entry, local, found).await,
            // Still `sending`: looked for again before it goes again.
            Ok(None) => r.later(&entry, &e).await,
            Err(again) if unreachable(&again) => Went::Unreachable(again),
            Err(again) => r.later(&entry, &again).await,
        },
        Err(e) if unreachable(&e) => r.not_sent(&entry, e).await,
        Err(e) => r.settle_refused::<R>(entry, &e, None).await,
    }
}

/// Since when, on the service's clock, a record the change made would have been made: from
/// its first send (a little before, for the clocks' disagreement). `None` when the service's
/// clock is unknown: the look then goes by what the record holds alone (as a look for a lost
/// create online does; the record found is shown, so a wrong match is seen).
pub(super) fn since(r: &Replay, entry: &Entry) -> Option<OffsetDateTime> {
    let sent = entry.sent_at.unwrap_or(entry.created_at);
    r.client
        .service_clock_offset()
        .map(|ahead| sent + ahead - SERVICE_CLOCK_SLACK)
}

/// Whether a record made at `created` is new enough to be the one looked for.
pub(super) fn made_since(created: Option<OffsetDateTime>, since: Option<OffsetDateTime>) -> bool {
    match (since, created) {
        (Some(since), Some(created)) => created >= since,
        _ => true,
    }
}

/// The new record is on the service: its later changes are of its id now, and the service's
/// copy takes the place of the one kept under its local id.
async fn created<R: Remote>(r: &Replay, entry: Entry, local: i64, made: R) -> Went {
    let seq = entry.seq;
    let id = made.id();
    let at = (r.now)();
    let (real, kept) = (id.clone(), made.clone());
    r.write(move |w| {
        w.unqueue(seq)?;
        w.created(R::KIND, local, &real)?;
        kept.keep(w, at)
    })
    .await;
    let fresh = Some(made.fresh());
    r.report(Step::Created { entry, id, fresh }).await;
    Went::Settled { sent: true }
}

async fn delete<R: Remote>(r: &Replay, entry: Entry) -> Went {
    let Some(id) = entry.item.id.clone() else {
        return Went::Later;
    };
    r.sending(&entry).await;
    match R::delete(r, &id).await {
        Ok(()) | Err(ApiError::NotFound { .. }) => r.settle_deleted::<R>(entry, id).await,
        Err(e) if lost(&e) => match read::<R>(r, &id).await {
            Read::Gone => r.settle_deleted::<R>(entry, id).await,
            Read::Found(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Found(_) => r.later(&entry, &e).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => {
            let read = match read::<R>(r, &id).await {
                Read::Found(item) => Some(item),
                _ => None,
            };
            r.settle_refused(entry, &e, read).await
        }
    }
}
