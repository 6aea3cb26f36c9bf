//! The answers of logged time, one per kind of request.

use weeek_api::ApiError;
use weeek_api::models::{Task, TimeEntry};

use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;
use crate::tasks::TasksState;

/// The answers of logged time.
#[derive(Debug)]
pub enum TimeAnswer {
    /// A task read again for its time entries.
    Reread(Result<Box<Task>, ApiError>),
    /// New entry `n`.
    Created(u64, Result<Box<TimeEntry>, ApiError>),
    /// Entry write `n` (an update gives the entry back, a delete nothing).
    Written(u64, Result<Option<TimeEntry>, ApiError>),
    /// The task of write `n` whose answer was lost.
    ReadBack(u64, Result<Task, ApiError>),
    /// The task read to look for new entry `n` whose answer was lost.
    Found(u64, Result<Task, ApiError>),
}

impl TasksState {
    pub(in crate::tasks) fn on_time_answer(&mut self, answer: TimeAnswer, cx: &mut ScreenCtx) {
        match answer {
            TimeAnswer::Reread(Ok(task)) => self.take_entries(*task),
            TimeAnswer::Reread(Err(e)) => cx.toast(
                ToastKind::Error,
                format!("Could not read the logged time again: {}", e.short()),
            ),
            TimeAnswer::Created(n, r) => self.on_entry_created(n, r, cx),
            TimeAnswer::Found(n, r) => self.on_entry_found(n, r, cx),
            TimeAnswer::Written(n, r) => self.on_entry_written(n, r, cx),
            TimeAnswer::ReadBack(n, r) => self.on_entry_read_back(n, r, cx),
        }
    }
}
