use reqwest::Method;
use serde_json::json;

use crate::client::Client;
use crate::de::value_as_i64;
use crate::error::ApiError;
use crate::models::Board;

impl Client {
    /// `POST /tm/boards`: a new board, last in the project, without columns.
    ///
    /// The answer is not documented: `{board}` is read when sent, else a bare `{id}`, else
    /// the project's boards are read back and the newest one with this name is taken.
    pub async fn create_board(&self, project_id: i64, name: &str) -> Result<Board, ApiError> {
        let body = json!({ "name": name, "projectId": project_id });
        let answer = self.send(Method::POST, "/tm/boards", Some(&body)).await?;
        if answer.json.get("board").is_some_and(|b| b.is_object()) {
            return answer.take("board");
        }
        if let Some(id) = answer.json.get("id").and_then(value_as_i64) {
            return Ok(Board {
                id,
                name: name.to_string(),
                project_id,
                is_private: false,
            });
        }
        self.boards(project_id)
            .await?
            .value
            .into_iter()
            .filter(|b| b.name == name)
            .max_by_key(|b| b.id)
            .ok_or_else(|| ApiError::UnexpectedResponse {
                status: answer.status,
                content_type: answer.content_type.clone(),
                body_start: answer.raw.chars().take(200).collect(),
                reason: "the new board is neither in the answer nor in the project".into(),
            })
    }

    /// `PUT /tm/boards/{id}`: renames it.
    pub async fn update_board(&self, id: i64, name: &str) -> Result<(), ApiError> {
        let body = json!({ "name": name });
        self.send(Method::PUT, &format!("/tm/boards/{id}"), Some(&body))
            .await
            .map(drop)
    }

    /// `DELETE /tm/boards/{id}`, with its columns.
    pub async fn delete_board(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/tm/boards/{id}"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/boards/{id}/move`: right below `upper_board_id`, or first when `None`.
    pub async fn move_board(&self, id: i64, upper_board_id: Option<i64>) -> Result<(), ApiError> {
        let body = json!({ "upperBoardId": upper_board_id });
        self.send(Method::POST, &format!("/tm/boards/{id}/move"), Some(&body))
            .await
            .map(drop)
    }
}
