use serde::{Deserialize, Serialize};

use crate::de;

/// `GET /ws`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Workspace {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_personal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
}

/// A workspace member (`GET /ws/members`). Ids are UUIDs.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Member {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
}

impl Member {
    /// "First Last", falling back to the e-mail, then the id: members without names exist.
    pub fn display_name(&self) -> String {
        person_name(
            self.first_name.as_deref(),
            self.last_name.as_deref(),
            self.email.as_deref(),
            &self.id,
        )
    }
}

/// The authenticated user (`GET /user/me`). The service sends no `name` field.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct User {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub middle_name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_zone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
}

impl User {
    pub fn display_name(&self) -> String {
        person_name(
            self.first_name.as_deref(),
            self.last_name.as_deref(),
            self.email.as_deref(),
            &self.id,
        )
    }
}

pub(crate) fn person_name(
    first: Option<&str>,
    last: Option<&str>,
    email: Option<&str>,
    id: &str,
) -> String {
    let parts: Vec<&str> = [first, last]
        .into_iter()
        .flatten()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if !parts.is_empty() {
        parts.join(" ")
    } else if let Some(email) = email.filter(|e| !e.trim().is_empty()) {
        email.to_string()
    } else {
        id.to_string()
    }
}

/// A workspace tag (`GET /ws/tags`); `color` is `#rrggbb`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Tag {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}
