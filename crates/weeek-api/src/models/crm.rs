use serde::{Deserialize, Serialize};
use serde_json::Value;
use time::OffsetDateTime;

use super::{CustomField, CustomFieldValue};
use crate::de;

/// A CRM funnel (spec §2.1). Funnel, status and deal ids are 16-character slugs.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Funnel {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub currency_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub deals_count: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub deals_amount: Option<f64>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_private: bool,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_bookmarked: bool,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub team: Vec<String>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub custom_fields: Vec<CustomField>,
}

impl Funnel {
    /// The service's documented default currency when a funnel sends none.
    pub fn currency(&self) -> i64 {
        self.currency_id.unwrap_or(1)
    }
}

/// A status (stage) of a funnel.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct FunnelStatus {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub deals_count: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub deals_amount: Option<f64>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
}

/// A deal's outcome. A value this client does not know is kept as sent (`Other`), so that a
/// screen shows it instead of mistaking the deal for an open one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WinStatus {
    Won,
    Lost,
    Archived,
    Other(String),
}

impl WinStatus {
    pub fn as_str(&self) -> &str {
        match self {
            Self::Won => "won",
            Self::Lost => "lost",
            Self::Archived => "archived",
            Self::Other(raw) => raw,
        }
    }
}

impl Serialize for WinStatus {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Reads back what [`Serialize`] wrote (a stored filter or body); the service's answers are
/// read with `opt_win_status`, which also takes blanks and non-strings.
impl<'de> Deserialize<'de> for WinStatus {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Ok(match s.as_str() {
            "won" => Self::Won,
            "lost" => Self::Lost,
            "archived" => Self::Archived,
            _ => Self::Other(s),
        })
    }
}

fn readable_tasks<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<super::Task>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Array(items) => items
            .into_iter()
            .filter_map(|item| serde_json::from_value(item).ok())
            .collect(),
        _ => Vec::new(),
    })
}

/// `null`, an absent key or an empty string is an open deal; any other value is an outcome.
fn opt_win_status<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<WinStatus>, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Null => None,
        Value::String(s) => match s.trim() {
            "" => None,
            "won" => Some(WinStatus::Won),
            "lost" => Some(WinStatus::Lost),
            "archived" => Some(WinStatus::Archived),
            _ => Some(WinStatus::Other(s)),
        },
        other => Some(WinStatus::Other(other.to_string())),
    })
}

/// A CRM deal.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Deal {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub funnel_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_id: Option<String>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub assignees: Vec<String>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub organizations: Vec<String>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub contacts: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(
        deserialize_with = "de::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub amount: Option<f64>,
    #[serde(
        deserialize_with = "opt_win_status",
        skip_serializing_if = "Option::is_none"
    )]
    pub win_status: Option<WinStatus>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<i64>,
    /// Attached tasks, as full Task objects; an item that is not one is skipped.
    #[serde(
        deserialize_with = "readable_tasks",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tasks: Vec<super::Task>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub custom_fields: Vec<CustomFieldValue>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub attachments: Vec<super::Attachment>,
}

/// `{id, email}` of a contact or an organization.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailEntry {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    pub email: String,
}

/// `{id, phone}` of a contact or an organization.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PhoneEntry {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    pub phone: String,
}

/// `{id, address}` of an organization.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct AddressEntry {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    pub address: String,
}

/// A CRM organization.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Organization {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub responsible_id: Option<String>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub addresses: Vec<AddressEntry>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub emails: Vec<EmailEntry>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub phones: Vec<PhoneEntry>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub contacts: Vec<String>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<i64>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
}

impl Organization {
    pub fn display_name(&self) -> String {
        self.name
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| "(unnamed organization)".to_string())
    }
}

/// A CRM contact; e-mails and phones come back as objects with their own ids.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Contact {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub creator_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    #[serde(
        deserialize_with = "de::string_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub organizations: Vec<String>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub emails: Vec<EmailEntry>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub phones: Vec<PhoneEntry>,
    #[serde(
        deserialize_with = "de::i64_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub tags: Vec<i64>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub created_at: Option<OffsetDateTime>,
    #[serde(
        deserialize_with = "de::opt_datetime",
        serialize_with = "crate::ser::opt_datetime",
        skip_serializing_if = "Option::is_none"
    )]
    pub updated_at: Option<OffsetDateTime>,
}

impl Contact {
    /// The name parts that are present, in the order the form asks for them.
    pub fn display_name(&self) -> String {
        let parts: Vec<&str> = [
            self.first_name.as_deref(),
            self.middle_name.as_deref(),
            self.last_name.as_deref(),
        ]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
        if parts.is_empty() {
            "(no name)".to_string()
        } else {
            parts.join(" ")
        }
    }
}

/// `GET /crm/currencies`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Currency {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub symbol: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn win_status(raw: Value) -> Option<String> {
        let deal: Deal =
            serde_json::from_value(serde_json::json!({"id": "D1", "winStatus": raw})).unwrap();
        deal.win_status.map(|w| w.as_str().to_string())
    }

    #[test]
    fn an_unknown_win_status_keeps_its_raw_value() {
        assert_eq!(win_status("won".into()).as_deref(), Some("won"));
        assert_eq!(win_status("frozen".into()).as_deref(), Some("frozen"));
        assert_eq!(win_status(Value::Null), None);
        assert_eq!(win_status("".into()), None);
        assert_eq!(win_status(3.into()).as_deref(), Some("3"));
    }
}
