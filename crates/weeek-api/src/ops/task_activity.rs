//! What hangs on a task besides its own fields: its parent, watchers, the member's timer, time
//! entries, uploaded files and comments.

use reqwest::Method;
use serde_json::{Map, Value, json};

use crate::client::Client;
use crate::crm_requests::FileUpload;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Attachment, Comment, TimeEntry};
use crate::requests::{SubTaskPlace, TimeEntryInput};

/// One page of `GET /tm/tasks/{id}/comments`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CommentPage {
    pub comments: Vec<Comment>,
    pub has_more: bool,
}

fn task_path(id: i64, rest: &str) -> String {
    format!("/tm/tasks/{id}/{rest}")
}

impl Client {
    /// `POST /tm/tasks/{id}/parent`: makes the task a sub-task of `parent`, placed as `place`
    /// says, or (`None`) a top-level task.
    pub async fn set_task_parent(
        &self,
        id: i64,
        parent: Option<i64>,
        place: SubTaskPlace,
    ) -> Result<(), ApiError> {
        let mut body = Map::new();
        body.insert("parentId".into(), json!(parent));
        if parent.is_some() {
            match place {
                SubTaskPlace::Last => {}
                SubTaskPlace::After(task) => {
                    body.insert("after".into(), json!(task));
                }
                SubTaskPlace::Before(task) => {
                    body.insert("before".into(), json!(task));
                }
            }
        }
        self.ack(
            Method::POST,
            &task_path(id, "parent"),
            Some(&Value::Object(body)),
        )
        .await
    }

    /// `POST /tm/tasks/{id}/watchers` `{watchers}`.
    pub async fn add_watchers(&self, id: i64, members: &[String]) -> Result<(), ApiError> {
        self.change_watchers(Method::POST, id, members).await
    }

    /// `DELETE /tm/tasks/{id}/watchers` with the same JSON body.
    pub async fn remove_watchers(&self, id: i64, members: &[String]) -> Result<(), ApiError> {
        self.change_watchers(Method::DELETE, id, members).await
    }

    async fn change_watchers(
        &self,
        method: Method,
        id: i64,
        members: &[String],
    ) -> Result<(), ApiError> {
        if members.is_empty() {
            return Err(ApiError::InvalidRequest(
                "a watcher change names at least one member".into(),
            ));
        }
        let body = json!({ "watchers": members });
        self.ack(method, &task_path(id, "watchers"), Some(&body))
            .await
    }

    /// `POST /tm/tasks/{id}/start-timer`: starts the timer of the token's member on the task
    /// (a member has one running at most; the service stops the other).
    pub async fn start_timer(&self, id: i64) -> Result<(), ApiError> {
        self.ack::<()>(Method::POST, &task_path(id, "start-timer"), None)
            .await
    }

    /// `POST /tm/tasks/{id}/stop-timer`: the time that passed becomes a time entry.
    pub async fn stop_timer(&self, id: i64) -> Result<(), ApiError> {
        self.ack::<()>(Method::POST, &task_path(id, "stop-timer"), None)
            .await
    }

    /// `POST /tm/tasks/{id}/time-entries`: answers the entry.
    pub async fn create_time_entry(
        &self,
        task_id: i64,
        entry: &TimeEntryInput,
    ) -> Result<TimeEntry, ApiError> {
        let body = entry.to_json()?;
        self.write(
            Method::POST,
            &task_path(task_id, "time-entries"),
            &body,
            "data",
        )
        .await
    }

    /// `PUT /tm/tasks/{id}/time-entries/{entry}`: the whole entry is sent again.
    pub async fn update_time_entry(
        &self,
        task_id: i64,
        entry_id: &str,
        entry: &TimeEntryInput,
    ) -> Result<TimeEntry, ApiError> {
        let body = entry.to_json()?;
        let path = task_path(task_id, &format!("time-entries/{}", super::seg(entry_id)));
        self.write(Method::PUT, &path, &body, "data").await
    }

    /// `DELETE /tm/tasks/{id}/time-entries/{entry}`.
    pub async fn delete_time_entry(&self, task_id: i64, entry_id: &str) -> Result<(), ApiError> {
        let path = task_path(task_id, &format!("time-entries/{}", super::seg(entry_id)));
        self.ack::<()>(Method::DELETE, &path, None).await
    }

    /// `POST /tm/tasks/{id}/attachments`, multipart `files[]` (100 MB each at most).
    pub async fn upload_task_attachments(
        &self,
        id: i64,
        files: &[FileUpload],
    ) -> Result<Vec<Attachment>, ApiError> {
        self.upload_files(&task_path(id, "attachments"), files)
            .await
    }

    /// `GET /tm/tasks/{id}/comments?limit=&offset=`: a page, oldest first. The answer has no
    /// `success` key.
    pub async fn task_comments(
        &self,
        id: i64,
        limit: u32,
        offset: u32,
    ) -> Result<Listed<CommentPage>, ApiError> {
        let query = [
            ("limit".to_string(), limit.to_string()),
            ("offset".to_string(), offset.to_string()),
        ];
        let answer = self.get(&task_path(id, "comments"), &query).await?;
        let has_more = answer.flag("hasMore");
        Ok(answer
            .take_rows("comments")?
            .map(|comments| CommentPage { comments, has_more }))
    }

    /// `POST /tm/tasks/{id}/comments` `{markdown, parentId?}`: answers the comment.
    pub async fn create_task_comment(
        &self,
        id: i64,
        markdown: &str,
        reply_to: Option<i64>,
    ) -> Result<Comment, ApiError> {
        if markdown.trim().is_empty() {
            return Err(ApiError::InvalidRequest("a comment needs some text".into()));
        }
        let mut body = json!({ "markdown": markdown });
        if let Some(parent) = reply_to {
            body["parentId"] = json!(parent);
        }
        self.write(Method::POST, &task_path(id, "comments"), &body, "comment")
            .await
    }

    /// `DELETE /tm/tasks/{id}/comments/{comment}`: with the replies under it.
    pub async fn delete_task_comment(&self, id: i64, comment_id: i64) -> Result<(), ApiError> {
        self.ack::<()>(
            Method::DELETE,
            &task_path(id, &format!("comments/{comment_id}")),
            None,
        )
        .await
    }
}
