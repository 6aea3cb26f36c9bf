use reqwest::Method;
use serde_json::json;

use crate::client::Client;
use crate::error::ApiError;
use crate::listed::Listed;
use crate::models::{Board, BoardColumn, Project, Task, TaskRow};
use crate::query::{TaskPage, TaskQuery};
use crate::requests::{ColumnPlace, NewTask, TaskUpdate};

impl Client {
    /// `GET /tm/projects`.
    pub async fn projects(&self) -> Result<Listed<Vec<Project>>, ApiError> {
        self.get("/tm/projects", &[]).await?.take_rows("projects")
    }

    /// `GET /tm/projects/{id}`.
    pub async fn project(&self, id: i64) -> Result<Project, ApiError> {
        self.get(&format!("/tm/projects/{id}"), &[])
            .await?
            .take("project")
    }

    /// `GET /tm/boards?projectId=` (the parent is required by the live service).
    pub async fn boards(&self, project_id: i64) -> Result<Listed<Vec<Board>>, ApiError> {
        self.get(
            "/tm/boards",
            &[("projectId".into(), project_id.to_string())],
        )
        .await?
        .take_rows("boards")
    }

    /// `GET /tm/board-columns?boardId=`, in column order.
    pub async fn board_columns(&self, board_id: i64) -> Result<Listed<Vec<BoardColumn>>, ApiError> {
        self.get(
            "/tm/board-columns",
            &[("boardId".into(), board_id.to_string())],
        )
        .await?
        .take_rows("boardColumns")
    }

    /// `GET /tm/tasks`: one page. Refuses a one-sided date range before sending.
    pub async fn tasks(&self, query: &TaskQuery) -> Result<Listed<TaskPage>, ApiError> {
        let pairs = query.to_pairs()?;
        let answer = self.get("/tm/tasks", &pairs).await?;
        let has_more = answer.flag("hasMore");
        Ok(answer
            .take_rows("tasks")?
            .map(|tasks| TaskPage { tasks, has_more }))
    }

    /// Follows `hasMore` from `query`'s offset, `offset += perPage`, until the service says
    /// there is no more, a page comes back empty, or `max_tasks` are collected. Skipped rows
    /// are counted from the first row of the first page.
    pub async fn tasks_all(
        &self,
        query: &TaskQuery,
        max_tasks: usize,
    ) -> Result<Listed<Vec<TaskRow>>, ApiError> {
        let mut q = query.clone();
        let per_page = q.per_page.unwrap_or(50);
        q.per_page = Some(per_page);
        let mut out = Listed::<Vec<TaskRow>>::default();
        let mut rows_before = 0;
        loop {
            let listed = self.tasks(&q).await?;
            let got = listed.value.tasks.len() + listed.skipped.len();
            let page = out.absorb(listed, rows_before);
            out.value.extend(page.tasks);
            rows_before += got;
            if !page.has_more || got == 0 || out.value.len() >= max_tasks {
                out.value.truncate(max_tasks);
                return Ok(out);
            }
            q = q.next_page(per_page);
        }
    }

    /// `GET /tm/tasks/{id}`; a deleted task still resolves, with `is_deleted`.
    pub async fn task(&self, id: i64) -> Result<Task, ApiError> {
        self.get(&format!("/tm/tasks/{id}"), &[])
            .await?
            .take("task")
    }

    /// `POST /tm/tasks`: answers the full new task.
    pub async fn create_task(&self, task: &NewTask) -> Result<Task, ApiError> {
        self.send(Method::POST, "/tm/tasks", Some(&task.to_json()))
            .await?
            .take("task")
    }

    /// `PUT /tm/tasks/{id}`: answers the full updated task.
    pub async fn update_task(&self, id: i64, update: &TaskUpdate) -> Result<Task, ApiError> {
        self.send(
            Method::PUT,
            &format!("/tm/tasks/{id}"),
            Some(&update.to_json()),
        )
        .await?
        .take("task")
    }

    /// `DELETE /tm/tasks/{id}` (a soft delete on the service).
    pub async fn delete_task(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::DELETE, &format!("/tm/tasks/{id}"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/tasks/{id}/complete`. The answer has no task: read it back if needed.
    pub async fn complete_task(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::POST, &format!("/tm/tasks/{id}/complete"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/tasks/{id}/un-complete` (hyphenated; `/uncomplete` does not exist).
    pub async fn uncomplete_task(&self, id: i64) -> Result<(), ApiError> {
        self.send::<()>(Method::POST, &format!("/tm/tasks/{id}/un-complete"), None)
            .await
            .map(drop)
    }

    /// `POST /tm/tasks/{id}/assignees`; the first becomes the primary assignee.
    pub async fn add_assignees(&self, id: i64, members: &[String]) -> Result<(), ApiError> {
        let body = json!({ "assignees": members });
        self.send(
            Method::POST,
            &format!("/tm/tasks/{id}/assignees"),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `DELETE /tm/tasks/{id}/assignees` with a JSON body.
    pub async fn remove_assignees(&self, id: i64, members: &[String]) -> Result<(), ApiError> {
        let body = json!({ "assignees": members });
        self.send(
            Method::DELETE,
            &format!("/tm/tasks/{id}/assignees"),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `POST /tm/tasks/{id}/locations` (204): puts the task in a project, in `board_column_id`
    /// when given; for a project the task is already in, this moves it to that column.
    pub async fn add_task_location(
        &self,
        id: i64,
        project_id: i64,
        board_column_id: Option<i64>,
    ) -> Result<(), ApiError> {
        let body = json!({ "projectId": project_id, "boardColumnId": board_column_id });
        self.send(
            Method::POST,
            &format!("/tm/tasks/{id}/locations"),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `POST /tm/tasks/{id}/locations` (204) with `after` or `before`: the task in
    /// `board_column_id` of `project_id`, right below or right above another task of that
    /// column (the order a board shows).
    pub async fn place_task_in_column(
        &self,
        id: i64,
        project_id: i64,
        board_column_id: i64,
        place: ColumnPlace,
    ) -> Result<(), ApiError> {
        let mut body = json!({ "projectId": project_id, "boardColumnId": board_column_id });
        let (key, other) = match place {
            ColumnPlace::After(other) => ("after", other),
            ColumnPlace::Before(other) => ("before", other),
        };
        body[key] = json!(other);
        self.send(
            Method::POST,
            &format!("/tm/tasks/{id}/locations"),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `DELETE /tm/tasks/{id}/locations` (204): takes the task out of a project.
    pub async fn remove_task_location(&self, id: i64, project_id: i64) -> Result<(), ApiError> {
        let body = json!({ "projectId": project_id });
        self.send(
            Method::DELETE,
            &format!("/tm/tasks/{id}/locations"),
            Some(&body),
        )
        .await
        .map(drop)
    }

    /// `POST /tm/tasks/{id}/board-column`: the older way to change a task's column, kept for
    /// workspaces where locations are not enabled.
    pub async fn change_board_column(&self, id: i64, board_column_id: i64) -> Result<(), ApiError> {
        let body = json!({ "boardColumnId": board_column_id });
        self.send(
            Method::POST,
            &format!("/tm/tasks/{id}/board-column"),
            Some(&body),
        )
        .await
        .map(drop)
    }
}
