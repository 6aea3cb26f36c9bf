//! Custom fields as the service answers them, the same in the task manager (global, project
//! and board fields) and the CRM (funnel fields).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::de;

/// One choice of a select-like custom field. `color` is free text: the docs ask for names
/// (`blue`, `light_green`) but real answers carry hex (`#6C78F4`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomFieldOption {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
}

/// Extra settings of number and boolean custom fields, as answered. Writes use the typed
/// [`crate::FieldConfig`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomFieldConfig {
    /// `number`, `currency`, `percent`; `radio`/`checbox` for booleans.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
    /// Digits after the point (0–6).
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub precision: Option<i64>,
    /// A currency id, for `currency` fields.
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub currency: Option<i64>,
}

/// A custom field definition (funnels, projects, boards, global).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomField {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
    /// Absent, `{}` or an object: only a JSON object is read.
    #[serde(
        deserialize_with = "config_object",
        skip_serializing_if = "Option::is_none"
    )]
    pub config: Option<CustomFieldConfig>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub options: Vec<CustomFieldOption>,
}

/// A custom field with a record's value, as read on a task or a deal. Tasks send the whole
/// field (`config`, `options`) beside the value; deals may send only `id`, `name`, `type` and
/// `value`, the rest being on the funnel's field.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomFieldValue {
    #[serde(deserialize_with = "de::string_id")]
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub r#type: Option<String>,
    #[serde(
        deserialize_with = "config_object",
        skip_serializing_if = "Option::is_none"
    )]
    pub config: Option<CustomFieldConfig>,
    #[serde(
        deserialize_with = "de::null_default",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub options: Vec<CustomFieldOption>,
    #[serde(deserialize_with = "de::any", skip_serializing_if = "Value::is_null")]
    pub value: Value,
}

fn config_object<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<CustomFieldConfig>, D::Error> {
    Ok(match Value::deserialize(d)? {
        v @ Value::Object(_) => serde_json::from_value(v).ok(),
        _ => None,
    })
}
