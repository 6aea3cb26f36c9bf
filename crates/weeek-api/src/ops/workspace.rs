use reqwest::Method;
use serde_json::json;

use crate::client::Client;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Member, Tag, User, Workspace};

impl Client {
    /// `GET /user/me`: the token's user.
    pub async fn me(&self) -> Result<User, ApiError> {
        self.get("/user/me", &[]).await?.take("user")
    }

    /// `GET /ws`: the token's workspace.
    pub async fn workspace(&self) -> Result<Workspace, ApiError> {
        self.get("/ws", &[]).await?.take("workspace")
    }

    /// `GET /ws/members`: every member, in one answer.
    pub async fn members(&self) -> Result<Listed<Vec<Member>>, ApiError> {
        self.get("/ws/members", &[]).await?.take_rows("members")
    }

    /// `GET /ws/tags`.
    pub async fn tags(&self) -> Result<Listed<Vec<Tag>>, ApiError> {
        self.get("/ws/tags", &[]).await?.take_rows("tags")
    }

    /// `POST /ws/tags`; the service picks the colour.
    pub async fn create_tag(&self, title: &str) -> Result<Tag, ApiError> {
        self.send(Method::POST, "/ws/tags", Some(&json!({ "title": title })))
            .await?
            .take("tag")
    }
}
