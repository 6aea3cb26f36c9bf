use reqwest::Method;
use serde_json::json;

use super::seg;
use crate::client::Client;
use crate::contact::NewContact;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Contact, Currency, Deal, Funnel, FunnelStatus, Organization};
use crate::query::ListQuery;

/// One page of deals of a status.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DealPage {
    pub deals: Vec<Deal>,
    pub has_more: bool,
}

impl Client {
    /// `GET /crm/funnels`.
    pub async fn funnels(&self) -> Result<Listed<Vec<Funnel>>, ApiError> {
        self.get("/crm/funnels", &[]).await?.take_rows("funnels")
    }

    /// `GET /crm/funnels/{id}`.
    pub async fn funnel(&self, id: &str) -> Result<Funnel, ApiError> {
        self.get(&format!("/crm/funnels/{}", seg(id)), &[])
            .await?
            .take("funnel")
    }

    /// `GET /crm/funnels/{id}/statuses`, in board order.
    pub async fn funnel_statuses(
        &self,
        funnel_id: &str,
    ) -> Result<Listed<Vec<FunnelStatus>>, ApiError> {
        self.get(&format!("/crm/funnels/{}/statuses", seg(funnel_id)), &[])
            .await?
            .take_rows("statuses")
    }

    /// `GET /crm/statuses/{id}`.
    pub async fn funnel_status(&self, id: &str) -> Result<FunnelStatus, ApiError> {
        self.get(&format!("/crm/statuses/{}", seg(id)), &[])
            .await?
            .take("status")
    }

    /// `GET /crm/statuses/{id}/deals`: one page, `hasMoreDeals` says whether more follow.
    pub async fn deals(
        &self,
        status_id: &str,
        query: &ListQuery,
    ) -> Result<Listed<DealPage>, ApiError> {
        let answer = self
            .get(
                &format!("/crm/statuses/{}/deals", seg(status_id)),
                &query.to_pairs(),
            )
            .await?;
        let has_more = answer.flag("hasMoreDeals");
        Ok(answer
            .take_rows("deals")?
            .map(|deals| DealPage { deals, has_more }))
    }

    /// `GET /crm/deals/{id}`.
    pub async fn deal(&self, id: &str) -> Result<Deal, ApiError> {
        self.get(&format!("/crm/deals/{}", seg(id)), &[])
            .await?
            .take("deal")
    }

    /// `POST /crm/deals/{id}/move`: into `status_id`, after `previous_deal_id` or at the top.
    pub async fn move_deal(
        &self,
        id: &str,
        status_id: &str,
        previous_deal_id: Option<&str>,
    ) -> Result<(), ApiError> {
        let body = json!({ "statusId": status_id, "previousDealId": previous_deal_id });
        self.send(
            Method::POST,
            &format!("/crm/deals/{}/move", seg(id)),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `GET /crm/organizations`. No `hasMore` is sent: a page shorter than `limit` is the last.
    pub async fn organizations(
        &self,
        query: &ListQuery,
    ) -> Result<Listed<Vec<Organization>>, ApiError> {
        self.get("/crm/organizations", &query.to_pairs())
            .await?
            .take_rows("organizations")
    }

    /// `GET /crm/organizations/{id}`.
    pub async fn organization(&self, id: &str) -> Result<Organization, ApiError> {
        self.get(&format!("/crm/organizations/{}", seg(id)), &[])
            .await?
            .take("organization")
    }

    /// `GET /crm/contacts`. No `hasMore` is sent: a page shorter than `limit` is the last.
    pub async fn contacts(&self, query: &ListQuery) -> Result<Listed<Vec<Contact>>, ApiError> {
        self.get("/crm/contacts", &query.to_pairs())
            .await?
            .take_rows("contacts")
    }

    /// `GET /crm/contacts/{id}`.
    pub async fn contact(&self, id: &str) -> Result<Contact, ApiError> {
        self.get(&format!("/crm/contacts/{}", seg(id)), &[])
            .await?
            .take("contact")
    }

    /// `POST /crm/contacts`, after local validation; never retried (a retry could duplicate
    /// the contact). Local rule breaks come back as `Validation` with the service's keys.
    pub async fn create_contact(&self, contact: &NewContact) -> Result<Contact, ApiError> {
        let contact = contact.normalized();
        let problems = contact.validate();
        if !problems.is_empty() {
            let mut fields = crate::error::FieldErrors::new();
            for p in problems {
                fields.entry(p.field).or_default().push(p.message);
            }
            return Err(ApiError::Validation {
                message: "The contact is not valid.".into(),
                fields,
            });
        }
        self.send(Method::POST, "/crm/contacts", Some(&contact))
            .await?
            .take("contact")
    }

    /// `GET /crm/currencies`.
    pub async fn currencies(&self) -> Result<Listed<Vec<Currency>>, ApiError> {
        self.get("/crm/currencies", &[])
            .await?
            .take_rows("currencies")
    }
}
