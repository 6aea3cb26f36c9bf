//! What a lost task create is looked for by, after its answer was lost (see
//! `screen::lost_answer`).

use time::OffsetDateTime;
use weeek_api::models::TaskRow;
use weeek_api::{SortBy, SortKey, TaskQuery};

use super::create::Place;
use crate::screen::lost_answer::{CreateLookup, PageRead};
use crate::worker::{TypedCall, op};

/// Candidates per page when looking for a lost create.
const FIND_PAGE: u32 = 50;

/// What a lost task create is found by: the same title in the same place (and under the same
/// parent), new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskLookup {
    pub title: String,
    pub place: Place,
    /// The task it is a subtask of (`N`).
    pub parent: Option<i64>,
}

impl CreateLookup for TaskLookup {
    type Item = TaskRow;
    type Page = weeek_api::TaskPage;
    type Id = i64;

    fn name(&self) -> String {
        self.title.clone()
    }

    fn read(&self, page: u32) -> PageRead<weeek_api::TaskPage> {
        let (project, column) = self.place;
        TypedCall::new(op::Tasks(TaskQuery {
            project_id: project,
            board_column_id: column,
            search: Some(self.title.clone()),
            // Newest first: the one looked for is on the first page unless the place is full
            // of namesakes made in the same minutes.
            sort_by: Some(SortBy {
                key: SortKey::Created,
                descending: true,
            }),
            per_page: Some(FIND_PAGE),
            offset: Some(page * FIND_PAGE),
            ..Default::default()
        }))
    }

    fn candidates(&self, page: weeek_api::TaskPage) -> (Vec<TaskRow>, bool) {
        (page.tasks, page.has_more)
    }

    fn matches(&self, task: &TaskRow) -> bool {
        let (project, column) = self.place;
        let same_title = task.title.as_deref().map(str::trim) == Some(self.title.trim());
        let same_place = match project {
            Some(p) => task
                .all_locations()
                .iter()
                .any(|l| l.project_id == p && column.is_none_or(|c| l.board_column_id == Some(c))),
            None => true,
        };
        // A task that does not report its parent is not ruled out by it.
        let same_parent =
            self.parent.is_none() || task.parent_id.is_none_or(|p| Some(p) == self.parent);
        same_title && same_place && same_parent
    }

    fn id(task: &TaskRow) -> i64 {
        task.id
    }

    fn created(task: &TaskRow) -> Option<OffsetDateTime> {
        task.created_at
    }
}
