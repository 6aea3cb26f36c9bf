//! Bodies of CRM writes (custom fields are written with the task manager's types, in
//! `custom_fields.rs`). Optional fields left `None` are not sent; where the service
//! distinguishes "not sent" from "cleared", the field is `Option<Option<T>>` and `Some(None)`
//! sends `null`.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::models::WinStatus;

/// `POST /crm/funnels` and `PUT /crm/funnels/{id}`: `{name?, currencyId?, isPrivate?}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FunnelInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A currency id (`GET /crm/currencies`); the service defaults to 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency_id: Option<i64>,
    /// Sent as `1`/`0`, the form the docs ask for.
    #[serde(
        skip_serializing_if = "Option::is_none",
        serialize_with = "one_or_zero",
        deserialize_with = "crate::stored::opt_one_or_zero"
    )]
    pub is_private: Option<bool>,
}

fn one_or_zero<S: serde::Serializer>(value: &Option<bool>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(b) => s.serialize_u8(u8::from(*b)),
        None => s.serialize_none(),
    }
}

/// `POST /crm/statuses/{id}/deals` (`DealCreateRequest`) and `PATCH /crm/deals/{id}`: every
/// field optional; lists sent replace the deal's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DealInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub description: Option<Option<String>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub amount: Option<Option<f64>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub win_status: Option<Option<WinStatus>>,
    /// Member UUIDs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub assignees: Option<Vec<String>>,
    /// Organization UUIDs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organizations: Option<Vec<String>>,
    /// Contact UUIDs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub contacts: Option<Vec<String>>,
    /// Tag ids.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<i64>>,
    /// `{fieldId: value}`; `null` clears a value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<Map<String, Value>>,
}

/// `PUT /crm/deals/{id}`: `{title?, amount?, winStatus?, customFields?}`, the fields the
/// reference lists for it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct DealUpdate {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub amount: Option<Option<f64>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub win_status: Option<Option<WinStatus>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub custom_fields: Option<Map<String, Value>>,
}

/// `POST /crm/organizations` and `PUT /crm/organizations/{id}`. On update a list not sent is
/// kept; a list sent replaces the old one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct OrganizationInput {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub addresses: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emails: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phones: Option<Vec<String>>,
    /// Member UUIDs; the organization shows the first as `responsibleId`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub responsibles: Option<Vec<String>>,
}

/// `PUT /crm/contacts/{id}`: the create body with `firstName` required. A field left `None`
/// is not sent and keeps its value; `Some(None)` clears a name, `Some(vec![])` a list.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ContactUpdate {
    pub first_name: String,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub last_name: Option<Option<String>>,
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::stored::double_option"
    )]
    pub middle_name: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub emails: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phones: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organizations: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<Vec<i64>>,
}

/// A file to upload: its name, bytes and (when known) content type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FileUpload {
    pub name: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn unset_fields_stay_off_the_wire_and_cleared_ones_are_null() {
        let deal = DealInput {
            title: Some("Пилот".into()),
            amount: Some(None),
            win_status: Some(Some(WinStatus::Won)),
            ..Default::default()
        };
        assert_eq!(
            serde_json::to_value(&deal).unwrap(),
            json!({"title": "Пилот", "amount": null, "winStatus": "won"})
        );
        let funnel = FunnelInput {
            is_private: Some(true),
            ..Default::default()
        };
        assert_eq!(
            serde_json::to_value(&funnel).unwrap(),
            json!({"isPrivate": 1})
        );
    }
}
