//! A deal's changes as the replay sends them: its status or its outcome set, the deal deleted.

use time::OffsetDateTime;
use weeek_api::models::Deal;
use weeek_api::{ApiError, DealUpdate};

use super::record::Remote;
use super::{Replay, Served};
use crate::outbox::{DealField, Field, Fresh, ItemKind, New};
use crate::store::{StoreError, Writer};

impl Remote for Deal {
    type Field = DealField;
    type New = std::convert::Infallible;

    fn id(&self) -> String {
        self.id.clone()
    }

    fn field(f: &Field) -> Option<&DealField> {
        match f {
            Field::Deal(f) => Some(f),
            _ => None,
        }
    }

    fn wrap(f: DealField) -> Field {
        Field::Deal(f)
    }

    fn new_of(_: &New) -> Option<&Self::New> {
        None
    }

    fn current(field: &DealField, deal: &Deal) -> DealField {
        field.current(deal)
    }

    fn same(a: &DealField, b: &DealField) -> bool {
        a == b
    }

    fn goes_over(_: &DealField, base: &DealField, now: &DealField) -> bool {
        now == base
    }

    fn apply(field: &DealField, deal: &mut Deal) {
        field.apply(deal);
    }

    async fn read(r: &Replay, id: &str) -> Result<Deal, ApiError> {
        r.client.deal(id).await
    }

    async fn send(
        r: &Replay,
        id: &str,
        field: &DealField,
        _: &Deal,
    ) -> Result<Option<Deal>, ApiError> {
        match field {
            DealField::Status(status) => r.client.move_deal(id, status, None).await.map(|()| None),
            DealField::Outcome(to) => {
                let update = DealUpdate {
                    win_status: Some(to.clone()),
                    ..Default::default()
                };
                r.client.update_deal(id, &update).await.map(Some)
            }
        }
    }

    async fn delete(r: &Replay, id: &str) -> Result<(), ApiError> {
        r.client.delete_deal(id).await
    }

    async fn create(_: &Replay, new: &Self::New) -> Result<Deal, ApiError> {
        match *new {}
    }

    async fn look(
        _: &Replay,
        new: &Self::New,
        _: Option<OffsetDateTime>,
    ) -> Result<Option<Deal>, ApiError> {
        match *new {}
    }
}

impl Served for Deal {
    type Id = String;
    const KIND: ItemKind = ItemKind::Deal;

    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError> {
        w.put_fresh(ItemKind::Deal, self, at)
    }

    fn forget(w: &Writer<'_>, id: &String) -> Result<(), StoreError> {
        w.forget::<Deal>(id)
    }

    fn fresh(self) -> Fresh {
        Fresh::Deal(Box::new(self))
    }
}
