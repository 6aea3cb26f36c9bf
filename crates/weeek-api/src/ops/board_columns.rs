use reqwest::Method;
use serde_json::json;

use crate::client::Client;
use crate::error::ApiError;
use crate::models::BoardColumn;

impl Client {
    /// `POST /tm/board-columns`: a new column, last on the board.
    pub async fn create_board_column(
        &self,
        board_id: i64,
        name: &str,
    ) -> Result<BoardColumn, ApiError> {
        let body = json!({ "name": name, "boardId": board_id });
        self.send(Method::POST, "/tm/board-columns", Some(&body))
            .await?
            .take("boardColumn")
    }

    /// `PUT /tm/board-columns/{id}`: renames it.
    pub async fn update_board_column(&self, id: i64, name: &str) -> Result<(), ApiError> {
        let body = json!({ "name": name });
        self.send(Method::PUT, &format!("/tm/board-columns/{id}"), Some(&body))
            .await
            .map(drop)
    }

    /// `DELETE /tm/board-columns/{id}`.
    pub async fn delete_board_column(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/tm/board-columns/{id}"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/board-columns/{id}/move`: right after `upper_board_column_id` (the column to
    /// its left), or first when `None`.
    pub async fn move_board_column(
        &self,
        id: i64,
        upper_board_column_id: Option<i64>,
    ) -> Result<(), ApiError> {
        let body = json!({ "upperBoardColumnId": upper_board_column_id });
        self.send(
            Method::POST,
            &format!("/tm/board-columns/{id}/move"),
            Some(&body),
        )
        .await
        .map(drop)
    }
}
