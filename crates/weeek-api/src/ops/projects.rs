use reqwest::Method;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::tags::check_hex_colour;
use crate::client::Client;
use crate::error::ApiError;
use crate::models::Project;

/// `POST /tm/projects`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewProject {
    pub name: String,
    pub description: Option<String>,
    /// A link or path to the project's picture.
    pub logo: Option<String>,
    pub is_private: bool,
    pub portfolio_id: Option<i64>,
}

/// The service documents body booleans as `1`/`0`; those read as booleans on every reading
/// of its rules, where `true`/`false` might not.
fn flag(b: bool) -> Value {
    json!(u8::from(b))
}

impl NewProject {
    fn to_json(&self) -> Value {
        // `logo` and `description` were required (nullable) by older docs: always sent.
        let mut body = Map::new();
        body.insert("name".into(), json!(self.name));
        body.insert("isPrivate".into(), flag(self.is_private));
        body.insert("description".into(), json!(self.description));
        body.insert("logo".into(), json!(self.logo));
        if let Some(portfolio) = self.portfolio_id {
            body.insert("portfolioId".into(), json!(portfolio));
        }
        Value::Object(body)
    }
}

/// `PUT /tm/projects/{id}`: the name and privacy are always sent (the service requires them);
/// the rest only when set, `Some(None)` clearing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProjectUpdate {
    pub name: String,
    pub is_private: bool,
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
    pub logo: Option<Option<String>>,
    /// `#rrggbb`.
    pub color: Option<String>,
}

impl ProjectUpdate {
    /// The update that keeps a project as it is, to change from.
    pub fn from_project(project: &Project) -> Self {
        Self {
            name: project.display_name(),
            is_private: project.is_private,
            ..Self::default()
        }
    }

    fn to_json(&self) -> Result<Value, ApiError> {
        let mut body = Map::new();
        body.insert("name".into(), json!(self.name));
        body.insert("isPrivate".into(), flag(self.is_private));
        if let Some(description) = &self.description {
            body.insert("description".into(), json!(description));
        }
        if let Some(logo) = &self.logo {
            body.insert("logo".into(), json!(logo));
        }
        if let Some(color) = &self.color {
            check_hex_colour(color)?;
            body.insert("color".into(), json!(color));
        }
        Ok(Value::Object(body))
    }
}

impl Client {
    /// `POST /tm/projects`: answers the new project.
    pub async fn create_project(&self, project: &NewProject) -> Result<Project, ApiError> {
        self.send(Method::POST, "/tm/projects", Some(&project.to_json()))
            .await?
            .take("project")
    }

    /// `PUT /tm/projects/{id}`. The documented answer is a bare acknowledgement: read the
    /// project back to see it.
    pub async fn update_project(&self, id: i64, update: &ProjectUpdate) -> Result<(), ApiError> {
        let body = update.to_json()?;
        self.send(Method::PUT, &format!("/tm/projects/{id}"), Some(&body))
            .await
            .map(drop)
    }

    /// `DELETE /tm/projects/{id}`, with its boards and tasks.
    pub async fn delete_project(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/tm/projects/{id}"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/projects/{id}/archive`: the project leaves the project list.
    pub async fn archive_project(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::POST, &format!("/tm/projects/{id}/archive"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/projects/{id}/un-archive`.
    pub async fn unarchive_project(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::POST, &format!("/tm/projects/{id}/un-archive"), None)
            .await
            .map(drop)
    }
}
