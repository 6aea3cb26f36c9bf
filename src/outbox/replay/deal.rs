//! A deal's changes as the replay sends them: its status or its outcome set, the deal deleted.

use weeek_api::models::Deal;
use weeek_api::{ApiError, DealUpdate};

use super::{Replay, Went, lost};
use crate::outbox::{Change, DealField, Entry, Field, Fresh, ItemKind, State, Step};
use crate::screen::offline::unreachable;

pub(super) async fn step(r: &Replay, entry: Entry) -> Went {
    match entry.change.clone() {
        Change::Set(Field::Deal(field)) => set(r, entry, field).await,
        Change::Delete => delete(r, entry).await,
        // Nothing else is kept of a deal.
        Change::Set(Field::Task(_)) | Change::Create(_) => Went::Later,
    }
}

/// What reading a deal found.
enum Read {
    Deal(Box<Deal>),
    Gone,
    Failed(ApiError),
}

async fn read(r: &Replay, id: &str) -> Read {
    match r.client.deal(id).await {
        Ok(d) => Read::Deal(Box::new(d)),
        Err(ApiError::NotFound { .. }) => Read::Gone,
        Err(e) => Read::Failed(e),
    }
}

async fn set(r: &Replay, entry: Entry, field: DealField) -> Went {
    let Some(id) = entry.item.id.clone() else {
        return Went::Later;
    };
    r.sending(&entry).await;
    let deal = match read(r, &id).await {
        Read::Deal(d) => d,
        Read::Gone => return gone(r, &id).await,
        Read::Failed(e) if unreachable(&e) => return r.not_sent(&entry, e).await,
        Read::Failed(e) if e.is_transient() => return r.later(&entry, &e).await,
        Read::Failed(e) => return refused(r, entry, &e, None).await,
    };
    let now = field.current(&deal);
    if now == field {
        return sent(r, entry, *deal).await;
    }
    if let Some(Field::Deal(base)) = &entry.base.value
        && now != *base
    {
        return conflict(r, entry, now, *deal).await;
    }
    let answer = match &field {
        DealField::Status(status) => r.client.move_deal(&id, status, None).await.map(|()| None),
        DealField::Outcome(to) => {
            let update = DealUpdate {
                win_status: Some(to.clone()),
                ..Default::default()
            };
            r.client.update_deal(&id, &update).await.map(Some)
        }
    };
    match answer {
        Ok(answered) => {
            let fresh = answered.unwrap_or_else(|| {
                let mut d = *deal;
                field.apply(&mut d);
                d
            });
            sent(r, entry, fresh).await
        }
        Err(ApiError::NotFound { .. }) => gone(r, &id).await,
        Err(e) if lost(&e) => match read(r, &id).await {
            Read::Deal(d) if field.current(&d) == field => sent(r, entry, *d).await,
            Read::Deal(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Deal(_) => r.later(&entry, &e).await,
            Read::Gone => gone(r, &id).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => refused(r, entry, &e, Some(&id)).await,
    }
}

async fn delete(r: &Replay, entry: Entry) -> Went {
    let Some(id) = entry.item.id.clone() else {
        return Went::Later;
    };
    r.sending(&entry).await;
    match r.client.delete_deal(&id).await {
        Ok(()) | Err(ApiError::NotFound { .. }) => deleted(r, entry, &id).await,
        Err(e) if lost(&e) => match read(r, &id).await {
            Read::Gone => deleted(r, entry, &id).await,
            Read::Deal(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Deal(_) => r.later(&entry, &e).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => refused(r, entry, &e, Some(&id)).await,
    }
}

async fn deleted(r: &Replay, entry: Entry, id: &str) -> Went {
    let (seq, key) = (entry.seq, id.to_string());
    r.write(move |w| {
        w.unqueue(seq)?;
        w.forget::<Deal>(&key)
    })
    .await;
    r.report(Step::Sent { entry, fresh: None }).await;
    Went::Settled { sent: true }
}

async fn sent(r: &Replay, entry: Entry, deal: Deal) -> Went {
    let (seq, at) = (entry.seq, (r.now)());
    let fresh = deal.clone();
    r.write(move |w| {
        w.unqueue(seq)?;
        w.put_fresh_deal(&fresh, at)
    })
    .await;
    let fresh = Some(Fresh::Deal(Box::new(deal)));
    r.report(Step::Sent { entry, fresh }).await;
    Went::Settled { sent: true }
}

async fn conflict(r: &Replay, entry: Entry, theirs: DealField, deal: Deal) -> Went {
    let (seq, at) = (entry.seq, (r.now)());
    let theirs = Field::Deal(theirs);
    let kept = theirs.clone();
    let fresh = deal.clone();
    r.write(move |w| {
        w.set_state(seq, State::Conflict, None, Some(&kept))?;
        w.put_fresh_deal(&fresh, at)
    })
    .await;
    let entry = Entry {
        state: State::Conflict,
        theirs: Some(theirs),
        ..entry
    };
    let fresh = Some(Fresh::Deal(Box::new(deal)));
    r.report(Step::Conflict { entry, fresh }).await;
    Went::Settled { sent: false }
}

/// The service refused the change: it stays, refused; the deal as the service has it (read
/// again when `id` is given) replaces the store's copy.
async fn refused(r: &Replay, entry: Entry, e: &ApiError, id: Option<&str>) -> Went {
    let entry = r.refused(entry, e).await;
    let fresh = match id {
        Some(id) => match read(r, id).await {
            Read::Deal(d) => {
                let (at, kept) = ((r.now)(), (*d).clone());
                r.write(move |w| w.put_fresh_deal(&kept, at)).await;
                Some(Fresh::Deal(d))
            }
            _ => None,
        },
        None => None,
    };
    r.report(Step::Refused { entry, fresh }).await;
    Went::Settled { sent: false }
}

/// Deal `id` is gone from the service: every change of it leaves the outbox, and the store
/// forgets it.
async fn gone(r: &Replay, id: &str) -> Went {
    let key = id.to_string();
    let dropped = r
        .store
        .run(move |s| {
            s.write(|w| {
                let gone = w.drop_item(ItemKind::Deal, &key)?;
                w.forget::<Deal>(&key)?;
                Ok(gone)
            })
        })
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "the outbox could not be written");
            Vec::new()
        });
    r.report(Step::Gone { entries: dropped }).await;
    Went::Settled { sent: false }
}
