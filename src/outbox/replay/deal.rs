//! A deal's changes as the replay sends them: its status, its outcome or a field of the deal
//! form set, the deal made or deleted.

use time::OffsetDateTime;
use weeek_api::models::Deal;
use weeek_api::{ApiError, DealInput, DealQuery, DealUpdate};

use super::record::{Remote, made_since};
use super::{Replay, Served};
use crate::outbox::sets::SetField;
use crate::outbox::{DealField, Field, Fresh, ItemKind, New};
use crate::store::{StoreError, Writer};

/// Candidates read when a new deal is looked for.
const LOOK_PAGE: u32 = 100;

impl Remote for Deal {
    type Field = DealField;
    type New = (String, DealInput);

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

    fn new_of(n: &New) -> Option<Self::New> {
        match n {
            New::Deal { status, input } => Some((status.clone(), (**input).clone())),
            _ => None,
        }
    }

    fn current(field: &DealField, deal: &Deal) -> DealField {
        field.current(deal)
    }

    fn same(a: &DealField, b: &DealField) -> bool {
        a.same(b)
    }

    fn goes_over(mine: &DealField, base: &DealField, now: &DealField) -> bool {
        mine.goes_over(base, now)
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
            // The form's fields, as its save sends them.
            other => r.client.update_deal_fields(id, &other.input()).await,
        }
    }

    async fn delete(r: &Replay, id: &str) -> Result<(), ApiError> {
        r.client.delete_deal(id).await
    }

    async fn create(r: &Replay, (status, input): &Self::New) -> Result<Deal, ApiError> {
        r.client.create_deal(status, input).await
    }

    /// The same title and amount in its status, as the deal form looks for a lost create.
    async fn look(
        r: &Replay,
        (status, input): &Self::New,
        since: Option<OffsetDateTime>,
    ) -> Result<Option<Deal>, ApiError> {
        let title = input.title.clone().unwrap_or_default();
        let query = DealQuery {
            search: Some(title.clone()),
            limit: Some(LOOK_PAGE),
            ..Default::default()
        };
        let page = r.client.find_deals(status, &query).await?.value;
        let norm = |s: &str| s.trim().to_lowercase();
        Ok(page.deals.into_iter().find(|d| {
            d.title.as_deref().map(norm) == Some(norm(&title))
                && d.amount == input.amount.flatten()
                && made_since(d.created_at, since)
        }))
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
