//! Deal writes and the filtered deal list. `deals`, `deal` and `move_deal` are in `crm.rs`.

use reqwest::Method;
use serde_json::{Value, json};

use super::crm::DealPage;
use super::seg;
use crate::client::Client;
use crate::crm_query::DealQuery;
use crate::crm_requests::{DealInput, DealUpdate, FileUpload};
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Attachment, Deal, Task};
use crate::requests::NewTask;

fn deal_path(id: &str) -> String {
    format!("/crm/deals/{}", seg(id))
}

/// The single references a deal holds, each attached and detached on its own route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DealLink {
    Assignee,
    Contact,
    Organization,
}

impl DealLink {
    fn route(self) -> &'static str {
        match self {
            Self::Assignee => "assignees",
            Self::Contact => "contacts",
            Self::Organization => "organizations",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Self::Assignee => "assigneeId",
            Self::Contact => "contactId",
            Self::Organization => "organizationId",
        }
    }
}

impl Client {
    /// `GET /crm/statuses/{id}/deals` with every filter of the reference; `hasMoreDeals` says
    /// whether another page follows.
    pub async fn find_deals(
        &self,
        status_id: &str,
        query: &DealQuery,
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

    /// `POST /crm/statuses/{id}/deals`: answers the new deal.
    pub async fn create_deal(&self, status_id: &str, deal: &DealInput) -> Result<Deal, ApiError> {
        self.write(
            Method::POST,
            &format!("/crm/statuses/{}/deals", seg(status_id)),
            deal,
            "deal",
        )
        .await
    }

    /// `PUT /crm/deals/{id}` `{title?, amount?, winStatus?, customFields?}`: answers the deal.
    pub async fn update_deal(&self, id: &str, update: &DealUpdate) -> Result<Deal, ApiError> {
        self.write(Method::PUT, &deal_path(id), update, "deal")
            .await
    }

    /// `PATCH /crm/deals/{id}` with the create body's fields. The docs answer an ack, the 2023
    /// official PHP client read `{success, deal}`: the deal when the answer carries one.
    pub async fn update_deal_fields(
        &self,
        id: &str,
        fields: &DealInput,
    ) -> Result<Option<Deal>, ApiError> {
        let answer = self
            .send(Method::PATCH, &deal_path(id), Some(fields))
            .await?;
        match answer.json.get("deal") {
            None | Some(Value::Null) => Ok(None),
            Some(_) => answer.take("deal").map(Some),
        }
    }

    /// `DELETE /crm/deals/{id}`.
    pub async fn delete_deal(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &deal_path(id), None).await
    }

    /// `PUT /crm/deals/{id}/funnel` `{funnelId}`.
    pub async fn change_deal_funnel(&self, id: &str, funnel_id: &str) -> Result<(), ApiError> {
        let body = json!({ "funnelId": funnel_id });
        self.ack(
            Method::PUT,
            &format!("{}/funnel", deal_path(id)),
            Some(&body),
        )
        .await
    }

    /// `PUT /crm/deals/{id}/status` `{statusId}` (of any funnel).
    pub async fn change_deal_status(&self, id: &str, status_id: &str) -> Result<(), ApiError> {
        let body = json!({ "statusId": status_id });
        self.ack(
            Method::PUT,
            &format!("{}/status", deal_path(id)),
            Some(&body),
        )
        .await
    }

    async fn deal_link(
        &self,
        id: &str,
        link: DealLink,
        value: &str,
        attach: bool,
    ) -> Result<(), ApiError> {
        let method = if attach { Method::POST } else { Method::DELETE };
        let mut body = serde_json::Map::new();
        body.insert(link.key().into(), Value::String(value.to_owned()));
        self.ack(
            method,
            &format!("{}/{}", deal_path(id), link.route()),
            Some(&Value::Object(body)),
        )
        .await
    }

    /// `POST /crm/deals/{id}/assignees` `{assigneeId}`.
    pub async fn attach_deal_assignee(&self, id: &str, member_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Assignee, member_id, true)
            .await
    }

    /// `DELETE /crm/deals/{id}/assignees` `{assigneeId}`.
    pub async fn detach_deal_assignee(&self, id: &str, member_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Assignee, member_id, false)
            .await
    }

    /// `POST /crm/deals/{id}/contacts` `{contactId}`.
    pub async fn attach_deal_contact(&self, id: &str, contact_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Contact, contact_id, true)
            .await
    }

    /// `DELETE /crm/deals/{id}/contacts` `{contactId}`.
    pub async fn detach_deal_contact(&self, id: &str, contact_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Contact, contact_id, false)
            .await
    }

    /// `POST /crm/deals/{id}/organizations` `{organizationId}`.
    pub async fn attach_deal_organization(&self, id: &str, org_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Organization, org_id, true)
            .await
    }

    /// `DELETE /crm/deals/{id}/organizations` `{organizationId}`.
    pub async fn detach_deal_organization(&self, id: &str, org_id: &str) -> Result<(), ApiError> {
        self.deal_link(id, DealLink::Organization, org_id, false)
            .await
    }

    /// `POST /crm/deals/{id}/tags` `{tag}` (`tag`, not `tagId`, on deals).
    pub async fn attach_deal_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tag": tag_id });
        self.ack(
            Method::POST,
            &format!("{}/tags", deal_path(id)),
            Some(&body),
        )
        .await
    }

    /// `DELETE /crm/deals/{id}/tags` `{tag}`.
    pub async fn detach_deal_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tag": tag_id });
        self.ack(
            Method::DELETE,
            &format!("{}/tags", deal_path(id)),
            Some(&body),
        )
        .await
    }

    /// `POST /crm/deals/{id}/tasks`: a new task (the task create body), attached last.
    /// UNCERTAIN: the docs leave the body undocumented; the 2023 official PHP client sends the
    /// task create fields.
    pub async fn create_deal_task(&self, id: &str, task: &NewTask) -> Result<Task, ApiError> {
        self.write(
            Method::POST,
            &format!("{}/tasks", deal_path(id)),
            &task.to_json(),
            "task",
        )
        .await
    }

    /// `POST /crm/deals/{id}/tasks/{taskId}/move` `{previousTaskId}`: after that task, or first.
    pub async fn move_deal_task(
        &self,
        id: &str,
        task_id: i64,
        previous_task_id: Option<i64>,
    ) -> Result<(), ApiError> {
        let body = json!({ "previousTaskId": previous_task_id });
        self.ack(
            Method::POST,
            &format!("{}/tasks/{task_id}/move", deal_path(id)),
            Some(&body),
        )
        .await
    }

    /// `DELETE /crm/deals/{id}/tasks/{taskId}`: takes the task off the deal.
    pub async fn detach_deal_task(&self, id: &str, task_id: i64) -> Result<(), ApiError> {
        self.ack::<()>(
            Method::DELETE,
            &format!("{}/tasks/{task_id}", deal_path(id)),
            None,
        )
        .await
    }

    /// `POST /crm/deals/{id}/attachments`, multipart `files[]` (100 MB each at most). The docs
    /// answer `data` as one Attachment, some clients read a list: both are read.
    pub async fn upload_deal_attachments(
        &self,
        id: &str,
        files: &[FileUpload],
    ) -> Result<Vec<Attachment>, ApiError> {
        self.upload_files(&format!("{}/attachments", deal_path(id)), files)
            .await
    }
}
