//! Funnel, status and funnel custom-field writes. The reads are in `crm.rs`.

use reqwest::Method;
use serde_json::json;

use super::seg;
use crate::client::Client;
use crate::crm_requests::FunnelInput;
use crate::custom_fields::{
    CustomFieldUpdate, NewCustomField, OptionColour, Placement, option_body,
};
use crate::error::ApiError;
use crate::models::{CustomField, CustomFieldOption, Funnel, FunnelStatus};

fn funnel_path(id: &str) -> String {
    format!("/crm/funnels/{}", seg(id))
}

fn field_path(funnel_id: &str, field_id: &str) -> String {
    format!("{}/custom-fields/{}", funnel_path(funnel_id), seg(field_id))
}

fn option_path(funnel_id: &str, field_id: &str, option_id: &str) -> String {
    format!(
        "{}/options/{}",
        field_path(funnel_id, field_id),
        seg(option_id)
    )
}

impl Client {
    /// `POST /crm/funnels`: the new funnel comes with its first statuses.
    pub async fn create_funnel(&self, funnel: &FunnelInput) -> Result<Funnel, ApiError> {
        self.write(Method::POST, "/crm/funnels", funnel, "funnel")
            .await
    }

    /// `PUT /crm/funnels/{id}`: only the fields set change.
    pub async fn update_funnel(&self, id: &str, funnel: &FunnelInput) -> Result<Funnel, ApiError> {
        self.write(Method::PUT, &funnel_path(id), funnel, "funnel")
            .await
    }

    /// `DELETE /crm/funnels/{id}`, with its statuses and deals.
    pub async fn delete_funnel(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &funnel_path(id), None).await
    }

    /// `POST /crm/funnels/{id}/move` `{previousFunnelId}`: after that funnel, or first.
    /// UNCERTAIN: known only from the 2023 official PHP client, in no published spec.
    pub async fn move_funnel(
        &self,
        id: &str,
        previous_funnel_id: Option<&str>,
    ) -> Result<(), ApiError> {
        let body = json!({ "previousFunnelId": previous_funnel_id });
        self.ack(
            Method::POST,
            &format!("{}/move", funnel_path(id)),
            Some(&body),
        )
        .await
    }

    /// `POST /crm/funnels/{id}/bookmark`: toggles `isBookmarked`. UNCERTAIN: known only from
    /// the 2023 official PHP client (`toggleBookmark`).
    pub async fn toggle_funnel_bookmark(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::POST, &format!("{}/bookmark", funnel_path(id)), None)
            .await
    }

    /// `POST /crm/funnels/{id}/statuses` `{name?}`: the status goes last.
    pub async fn create_funnel_status(
        &self,
        funnel_id: &str,
        name: Option<&str>,
    ) -> Result<FunnelStatus, ApiError> {
        let body = match name {
            Some(name) => json!({ "name": name }),
            None => json!({}),
        };
        self.write(
            Method::POST,
            &format!("{}/statuses", funnel_path(funnel_id)),
            &body,
            "status",
        )
        .await
    }

    /// `PUT /crm/statuses/{id}` `{name}`.
    pub async fn rename_funnel_status(
        &self,
        id: &str,
        name: &str,
    ) -> Result<FunnelStatus, ApiError> {
        self.write(
            Method::PUT,
            &format!("/crm/statuses/{}", seg(id)),
            &json!({ "name": name }),
            "status",
        )
        .await
    }

    /// `DELETE /crm/statuses/{id}`. A status that still has deals may be refused (the sandbox
    /// answers 422): move its deals first.
    pub async fn delete_funnel_status(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &format!("/crm/statuses/{}", seg(id)), None)
            .await
    }

    /// `POST /crm/statuses/{id}/move` `{previousStatusId}`: after that status, or first.
    /// UNCERTAIN: known only from the 2023 official PHP client, in no published spec.
    pub async fn move_funnel_status(
        &self,
        id: &str,
        previous_status_id: Option<&str>,
    ) -> Result<(), ApiError> {
        let body = json!({ "previousStatusId": previous_status_id });
        self.ack(
            Method::POST,
            &format!("/crm/statuses/{}/move", seg(id)),
            Some(&body),
        )
        .await
    }

    /// `POST /crm/funnels/{id}/custom-fields`: the body of a task field.
    pub async fn create_funnel_custom_field(
        &self,
        funnel_id: &str,
        field: &NewCustomField,
    ) -> Result<CustomField, ApiError> {
        self.write(
            Method::POST,
            &format!("{}/custom-fields", funnel_path(funnel_id)),
            &field.to_json()?,
            "customField",
        )
        .await
    }

    /// `PUT /crm/funnels/{id}/custom-fields/{field}` `{name?, config?}`.
    pub async fn update_funnel_custom_field(
        &self,
        funnel_id: &str,
        field_id: &str,
        update: &CustomFieldUpdate,
    ) -> Result<CustomField, ApiError> {
        self.write(
            Method::PUT,
            &field_path(funnel_id, field_id),
            &update.to_json()?,
            "customField",
        )
        .await
    }

    /// `POST /crm/funnels/{id}/custom-fields/{field}/move` `{after}` or `{before}`.
    pub async fn move_funnel_custom_field(
        &self,
        funnel_id: &str,
        field_id: &str,
        to: &Placement,
    ) -> Result<(), ApiError> {
        self.ack(
            Method::POST,
            &format!("{}/move", field_path(funnel_id, field_id)),
            Some(&to.to_json()),
        )
        .await
    }

    /// `DELETE /crm/funnels/{id}/custom-fields/{field}`; deals lose their values of it.
    pub async fn delete_funnel_custom_field(
        &self,
        funnel_id: &str,
        field_id: &str,
    ) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &field_path(funnel_id, field_id), None)
            .await
    }

    /// `POST …/custom-fields/{field}/options` `{name, color}`; the answer's colour is hex.
    pub async fn create_funnel_field_option(
        &self,
        funnel_id: &str,
        field_id: &str,
        name: &str,
        colour: OptionColour,
    ) -> Result<CustomFieldOption, ApiError> {
        self.write(
            Method::POST,
            &format!("{}/options", field_path(funnel_id, field_id)),
            &option_body(name, colour)?,
            "option",
        )
        .await
    }

    /// `PUT …/custom-fields/{field}/options/{option}` `{name, color}`.
    pub async fn update_funnel_field_option(
        &self,
        funnel_id: &str,
        field_id: &str,
        option_id: &str,
        name: &str,
        colour: OptionColour,
    ) -> Result<CustomFieldOption, ApiError> {
        self.write(
            Method::PUT,
            &option_path(funnel_id, field_id, option_id),
            &option_body(name, colour)?,
            "option",
        )
        .await
    }

    /// `POST …/options/{option}/move` `{after}` or `{before}`.
    pub async fn move_funnel_field_option(
        &self,
        funnel_id: &str,
        field_id: &str,
        option_id: &str,
        to: &Placement,
    ) -> Result<(), ApiError> {
        self.ack(
            Method::POST,
            &format!("{}/move", option_path(funnel_id, field_id, option_id)),
            Some(&to.to_json()),
        )
        .await
    }

    /// `DELETE …/options/{option}`; deals that had it selected lose it.
    pub async fn delete_funnel_field_option(
        &self,
        funnel_id: &str,
        field_id: &str,
        option_id: &str,
    ) -> Result<(), ApiError> {
        self.ack::<()>(
            Method::DELETE,
            &option_path(funnel_id, field_id, option_id),
            None,
        )
        .await
    }
}
