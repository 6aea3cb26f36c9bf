//! Contact writes and the filtered list. `contacts`, `contact` and `create_contact` are in
//! `crm.rs`.

use reqwest::Method;
use serde_json::json;

use super::seg;
use crate::client::Client;
use crate::crm_query::ContactQuery;
use crate::crm_requests::ContactUpdate;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Contact, EmailEntry, PhoneEntry};

fn contact_path(id: &str) -> String {
    format!("/crm/contacts/{}", seg(id))
}

impl Client {
    /// `GET /crm/contacts` with every filter of the reference. No `hasMore` is sent: a page
    /// shorter than `limit` is the last.
    pub async fn find_contacts(
        &self,
        query: &ContactQuery,
    ) -> Result<Listed<Vec<Contact>>, ApiError> {
        self.get("/crm/contacts", &query.to_pairs())
            .await?
            .take_rows("contacts")
    }

    /// `PUT /crm/contacts/{id}`: `firstName` is required; fields left `None` keep their values.
    pub async fn update_contact(
        &self,
        id: &str,
        update: &ContactUpdate,
    ) -> Result<Contact, ApiError> {
        self.write(Method::PUT, &contact_path(id), update, "contact")
            .await
    }

    /// `DELETE /crm/contacts/{id}`; its organizations and deals lose the link.
    pub async fn delete_contact(&self, id: &str) -> Result<(), ApiError> {
        self.ack::<()>(Method::DELETE, &contact_path(id), None)
            .await
    }

    /// `POST /crm/contacts/{id}/emails` `{email}`.
    pub async fn add_contact_email(&self, id: &str, email: &str) -> Result<EmailEntry, ApiError> {
        let body = json!({ "email": email });
        self.write(
            Method::POST,
            &format!("{}/emails", contact_path(id)),
            &body,
            "email",
        )
        .await
    }

    /// `PUT /crm/contacts/{id}/emails/{emailId}` `{email}`.
    pub async fn update_contact_email(
        &self,
        id: &str,
        email_id: &str,
        email: &str,
    ) -> Result<EmailEntry, ApiError> {
        let body = json!({ "email": email });
        let path = format!("{}/emails/{}", contact_path(id), seg(email_id));
        self.write(Method::PUT, &path, &body, "email").await
    }

    /// `DELETE /crm/contacts/{id}/emails/{emailId}`.
    pub async fn delete_contact_email(&self, id: &str, email_id: &str) -> Result<(), ApiError> {
        let path = format!("{}/emails/{}", contact_path(id), seg(email_id));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /crm/contacts/{id}/phones` `{phone}`.
    pub async fn add_contact_phone(&self, id: &str, phone: &str) -> Result<PhoneEntry, ApiError> {
        let body = json!({ "phone": phone });
        self.write(
            Method::POST,
            &format!("{}/phones", contact_path(id)),
            &body,
            "phone",
        )
        .await
    }

    /// `PUT /crm/contacts/{id}/phones/{phoneId}` `{phone}`.
    pub async fn update_contact_phone(
        &self,
        id: &str,
        phone_id: &str,
        phone: &str,
    ) -> Result<PhoneEntry, ApiError> {
        let body = json!({ "phone": phone });
        let path = format!("{}/phones/{}", contact_path(id), seg(phone_id));
        self.write(Method::PUT, &path, &body, "phone").await
    }

    /// `DELETE /crm/contacts/{id}/phones/{phoneId}`.
    pub async fn delete_contact_phone(&self, id: &str, phone_id: &str) -> Result<(), ApiError> {
        let path = format!("{}/phones/{}", contact_path(id), seg(phone_id));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /crm/contacts/{id}/tags` `{tagId}`.
    pub async fn attach_contact_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tagId": tag_id });
        self.ack(
            Method::POST,
            &format!("{}/tags", contact_path(id)),
            Some(&body),
        )
        .await
    }

    /// `DELETE /crm/contacts/{id}/tags` `{tagId}`.
    pub async fn detach_contact_tag(&self, id: &str, tag_id: i64) -> Result<(), ApiError> {
        let body = json!({ "tagId": tag_id });
        self.ack(
            Method::DELETE,
            &format!("{}/tags", contact_path(id)),
            Some(&body),
        )
        .await
    }
}
