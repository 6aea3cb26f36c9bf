use reqwest::Method;
use serde_json::json;

use crate::client::Client;
use crate::error::ApiError;
use crate::models::Tag;

/// `#rrggbb`, the only colour form a tag update takes.
fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].chars().all(|c| c.is_ascii_hexdigit())
}

pub(crate) fn check_hex_colour(colour: &str) -> Result<(), ApiError> {
    if is_hex_colour(colour) {
        Ok(())
    } else {
        Err(ApiError::InvalidRequest(format!(
            "{colour:?} is not a colour in the form #rrggbb"
        )))
    }
}

impl Client {
    /// `GET /ws/tags/{id}`.
    pub async fn tag(&self, id: i64) -> Result<Tag, ApiError> {
        self.get(&format!("/ws/tags/{id}"), &[]).await?.take("tag")
    }

    /// `PUT /ws/tags/{id}`: both the title and the colour (`#rrggbb`) are required.
    pub async fn update_tag(&self, id: i64, title: &str, color: &str) -> Result<(), ApiError> {
        check_hex_colour(color)?;
        let body = json!({ "title": title, "color": color });
        self.send(Method::PUT, &format!("/ws/tags/{id}"), Some(&body))
            .await
            .map(drop)
    }

    /// `DELETE /ws/tags/{id}`.
    pub async fn delete_tag(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/ws/tags/{id}"), None)
            .await
            .map(drop)
    }
}
