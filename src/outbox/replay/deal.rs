//! A deal's changes as the replay sends them: its status or its outcome set, the deal deleted.

use time::OffsetDateTime;
use weeek_api::models::Deal;
use weeek_api::{ApiError, DealUpdate};

use super::{Replay, Served, Went, lost};
use crate::outbox::{Change, DealField, Entry, Field, Fresh, ItemKind};
use crate::screen::offline::unreachable;
use crate::store::{StoreError, Writer};

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
    r.settle_deleted::<Deal>(entry, id.to_string()).await
}

async fn sent(r: &Replay, entry: Entry, item: Deal) -> Went {
    r.settle_sent(entry, item).await
}

async fn conflict(r: &Replay, entry: Entry, theirs: DealField, item: Deal) -> Went {
    r.settle_conflict(entry, Field::Deal(theirs), item).await
}

/// The service refused the change: it stays, refused; the deal as the service has it (read
/// again when `id` is given) replaces the store's copy.
async fn refused(r: &Replay, entry: Entry, e: &ApiError, id: Option<&str>) -> Went {
    let read = match id {
        Some(id) => match read(r, id).await {
            Read::Deal(item) => Some(*item),
            _ => None,
        },
        None => None,
    };
    r.settle_refused(entry, e, read).await
}

async fn gone(r: &Replay, id: &str) -> Went {
    r.settle_gone::<Deal>(id.to_string()).await
}

impl Served for Deal {
    type Id = String;
    const KIND: ItemKind = ItemKind::Deal;

    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError> {
        w.put_fresh_deal(self, at)
    }

    fn forget(w: &Writer<'_>, id: &String) -> Result<(), StoreError> {
        w.forget::<Deal>(id)
    }

    fn fresh(self) -> Fresh {
        Fresh::Deal(Box::new(self))
    }
}
