use serde::{Deserialize, Serialize};

use super::CustomField;
use crate::de;

/// A project. The list sends `title`, newer docs say `name`, the detail sends both:
/// read either and ask [`Project::display_name`].
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Project {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logo_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_private: bool,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub portfolio_id: Option<i64>,
    #[serde(
        deserialize_with = "de::opt_i64",
        skip_serializing_if = "Option::is_none"
    )]
    pub status: Option<i64>,
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

/// `status` of an archived project. UNCERTAIN: the docs allow `1|2` without saying which is
/// which; active projects were seen with `1`.
pub const PROJECT_ARCHIVED: i64 = 2;

impl Project {
    /// Archived projects are left out of the project list but still resolve by id.
    pub fn is_archived(&self) -> bool {
        self.status == Some(PROJECT_ARCHIVED)
    }

    pub fn display_name(&self) -> String {
        self.name
            .as_deref()
            .or(self.title.as_deref())
            .filter(|s| !s.trim().is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| format!("project #{}", self.id))
    }
}

/// `GET /tm/boards?projectId=`.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Board {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    pub name: String,
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub project_id: i64,
    #[serde(
        deserialize_with = "de::flag",
        skip_serializing_if = "crate::ser::is_false"
    )]
    pub is_private: bool,
}

/// `GET /tm/board-columns?boardId=`; the array order is the column order.
#[derive(Debug, Clone, Default, PartialEq, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct BoardColumn {
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub id: i64,
    pub name: String,
    #[serde(deserialize_with = "de::i64_or_zero")]
    pub board_id: i64,
}
