use serde::{Deserialize, Serialize};

use crate::de;

/// A portfolio: a folder of projects, possibly inside another (`parent_id`).
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Portfolio {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    pub name: String,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub parent_id: Option<i64>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_private: bool,
}
