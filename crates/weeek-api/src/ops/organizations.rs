//! Organization writes and the filtered list. `organizations` and `organization` are in
//! `crm.rs`.

use reqwest::Method;
use serde_json::json;

use super::seg;
use crate::client::Client;
use crate::crm_query::OrganizationQuery;
use crate::crm_requests::OrganizationInput;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};

fn org_path(id: &str) -> String {
    format!("/crm/organizations/{}", seg(id))
}

impl Client {
    /// `GET /crm/organizations` with every filter of the reference. No `hasMore` is sent: a
    /// page shorter than `limit` is the last.
    pub async fn find_organizations(
        &self,
        query: &OrganizationQuery,
    ) -> Result<Listed<Vec<Organization>>, ApiError> {
        self.get("/crm/organizations", &query.to_pairs())
            .await?
            .take_rows("organizations")
    }

    /// `POST /crm/organizations`.
    pub async fn create_organization(
        &self,
        org: &OrganizationInput,
    ) -> Result<Organization, ApiError> {
        self.write(Method::POST, "/crm/organizations", org, "organization")
            .await
    }

    /// `PUT /crm/organizations/{id}`: lists not sent are kept, lists sent replace.
    pub async fn update_organization(
        &self,
        id: &str,
        org: &OrganizationInput,
    ) -> Result<Organization, ApiError> {
        self.write(Method::PUT, &org_path(id), org, "organization")
            .await
    }

    /// `DELETE /crm/organizations/{id}`; its contacts and deals lose the link.
    pub async fn delete_organization(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &org_path(id), None).await
    }

    /// `POST /crm/organizations/{id}/addresses` `{address}`.
    pub async fn add_organization_address(
        &self,
        id: &str,
        address: &str,
    ) -> Result<AddressEntry, ApiError> {
        let body = json!({ "address": address });
        self.write(
            Method::POST,
            &format!("{}/addresses", org_path(id)),
            &body,
            "address",
        )
        .await
    }

    /// `PUT /crm/organizations/{id}/addresses/{addressId}` `{address}`.
    pub async fn update_organization_address(
        &self,
        id: &str,
        address_id: &str,
        address: &str,
    ) -> Result<AddressEntry, ApiError> {
        let body = json!({ "address": address });
        let path = format!("{}/addresses/{}", org_path(id), seg(address_id));
        self.write(Method::PUT, &path, &body, "address").await
    }

    /// `DELETE /crm/organizations/{id}/addresses/{addressId}`.
    pub async fn delete_organization_address(
        &self,
        id: &str,
        address_id: &str,
    ) -> Result<(), ApiError> {
        let path = format!("{}/addresses/{}", org_path(id), seg(address_id));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /crm/organizations/{id}/emails` `{email}`.
    pub async fn add_organization_email(
        &self,
        id: &str,
        email: &str,
    ) -> Result<EmailEntry, ApiError> {
        let body = json!({ "email": email });
        self.write(
            Method::POST,
            &format!("{}/emails", org_path(id)),
            &body,
            "email",
        )
        .await
    }

    /// `PUT /crm/organizations/{id}/emails/{emailId}` `{email}`.
    pub async fn update_organization_email(
        &self,
        id: &str,
        email_id: &str,
        email: &str,
    ) -> Result<EmailEntry, ApiError> {
        let body = json!({ "email": email });
        let path = format!("{}/emails/{}", org_path(id), seg(email_id));
        self.write(Method::PUT, &path, &body, "email").await
    }

    /// `DELETE /crm/organizations/{id}/emails/{emailId}`.
    pub async fn delete_organization_email(
        &self,
        id: &str,
        email_id: &str,
    ) -> Result<(), ApiError> {
        let path = format!("{}/emails/{}", org_path(id), seg(email_id));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /crm/organizations/{id}/phones` `{phone}`.
    pub async fn add_organization_phone(
        &self,
        id: &str,
        phone: &str,
    ) -> Result<PhoneEntry, ApiError> {
        let body = json!({ "phone": phone });
        self.write(
            Method::POST,
            &format!("{}/phones", org_path(id)),
            &body,
            "phone",
        )
        .await
    }

    /// `PUT /crm/organizations/{id}/phones/{phoneId}` `{phone}`.
    pub async fn update_organization_phone(
        &self,
        id: &str,
        phone_id: &str,
        phone: &str,
    ) -> Result<PhoneEntry, ApiError> {
        let body = json!({ "phone": phone });
        let path = format!("{}/phones/{}", org_path(id), seg(phone_id));
        self.write(Method::PUT, &path, &body, "phone").await
    }

    /// `DELETE /crm/organizations/{id}/phones/{phoneId}`.
    pub async fn delete_organization_phone(
        &self,
        id: &str,
        phone_id: &str,
    ) -> Result<(), ApiError> {
        let path = format!("{}/phones/{}", org_path(id), seg(phone_id));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /crm/organizations/{id}/contacts` `{contactId}`: shows on both sides.
    pub async fn attach_organization_contact(
        &self,
        id: &str,
        contact_id: &str,
    ) -> Result<(), ApiError> {
        let body = json!({ "contactId": contact_id });
        self.ack(
            Method::POST,
            &format!("{}/contacts", org_path(id)),
            Some(&body),
        )
        .await
    }

    /// `DELETE /crm/organizations/{id}/contacts` `{contactId}`.
    pub async fn detach_organization_contact(
        &self,
        id: &str,
        contact_id: &str,
    ) -> Result<(), ApiError> {
        let body = json!({ "contactId": contact_id });
        self.ack(
            Method::DELETE,
            &format!("{}/contacts", org_path(id)),
            Some(&body),
        )
        .await
    }

    /// `POST /crm/organizations/{id}/tags` `{tagId}`.
    pub async fn attach_organization_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tagId": tag_id });
        self.ack(Method::POST, &format!("{}/tags", org_path(id)), Some(&body))
            .await
    }

    /// `DELETE /crm/organizations/{id}/tags` `{tagId}`.
    pub async fn detach_organization_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tagId": tag_id });
        self.ack(
            Method::DELETE,
            &format!("{}/tags", org_path(id)),
            Some(&body),
        )
        .await
    }
}
