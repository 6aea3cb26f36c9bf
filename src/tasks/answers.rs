//! The task screen's answers: each request says, when it is made, which of these its call's
//! typed result becomes; [`TasksState::on_answer`] takes every one.

use weeek_api::models::{BoardColumn, Task, TaskRow};
use weeek_api::{ApiError, TaskPage, TaskQuery};

use super::TasksState;
use super::comments::CommentAnswer;
use super::files::FileAnswer;
use super::form::tags::FormAnswer;
use super::time_log::TimeAnswer;
use super::watchers::WatchAnswer;
use crate::screen::ScreenCtx;
use crate::screen::ledger::Settled;

#[derive(Debug)]
pub enum TaskAnswer {
    /// A page of the list.
    List(Result<TaskPage, ApiError>),
    /// A page of the list read again in place: the query that read it, and its answer.
    Refreshed(Box<TaskQuery>, Result<TaskPage, ApiError>),
    /// One subtask, for its title in the detail pane.
    Subtask(Result<Box<Task>, ApiError>),
    /// Task `id` whole, for the detail pane.
    Detail(i64, Result<Box<Task>, ApiError>),
    /// Task `id` after its description was saved (or read back after a lost answer).
    Description(i64, Result<Task, ApiError>),
    /// New task `n`.
    Created(u64, Result<Box<Task>, ApiError>),
    /// A page of the look for new task `n` whose answer was lost.
    Found(u64, Result<TaskPage, ApiError>),
    Time(TimeAnswer),
    Comments(CommentAnswer),
    Watch(WatchAnswer),
    Form(FormAnswer),
    /// Custom-field write `n`, or its read-back.
    Field(u64, Settled<Task>),
    Files(FileAnswer),
    /// A page of board column `id`.
    Board(i64, Result<TaskPage, ApiError>),
    /// Card move `n` within its column.
    Order(u64, Result<(), ApiError>),
    /// Column write `n` (a rename, a move, a delete), or the board's columns read back after
    /// it.
    Column(u64, Settled<Vec<BoardColumn>>),
    /// New column `n`.
    ColumnCreated(u64, Result<BoardColumn, ApiError>),
    /// The board's columns, read to look for new column `n` whose answer was lost.
    ColumnFound(u64, Result<Vec<BoardColumn>, ApiError>),
    /// Triage write `n`, or its read-back.
    Write(u64, Settled<Task>),
    /// Task `id` read again after a change of it left the outbox unsent.
    Outboxed(i64, Result<Box<Task>, ApiError>),
}

/// The answers of a part of the screen are the screen's.
macro_rules! part {
    ($($variant:ident($answer:ty)),* $(,)?) => {
        $(
            impl From<$answer> for TaskAnswer {
                fn from(a: $answer) -> Self {
                    Self::$variant(a)
                }
            }
        )*
    };
}

part!(
    Time(TimeAnswer),
    Comments(CommentAnswer),
    Watch(WatchAnswer),
    Form(FormAnswer),
    Files(FileAnswer),
);

impl TasksState {
    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, answer: TaskAnswer, cx: &mut ScreenCtx) {
        use TaskAnswer as A;
        match answer {
            A::List(result) => self.on_list(result, cx),
            A::Refreshed(query, result) => self.on_refreshed(*query, result, cx),
            A::Subtask(Ok(t)) => {
                self.subtask_rows.insert(t.id, Some(TaskRow::from(&*t)));
            }
            // A failed read leaves the id in place of the title.
            A::Subtask(Err(_)) => {}
            A::Detail(id, result) => self.on_detail(id, result.map(|t| *t), cx),
            A::Description(id, result) => self.on_description_answer(id, result, cx),
            A::Created(n, result) => self.on_create_reply(n, result.map(|t| *t), cx),
            A::Found(n, result) => self.on_find_reply(n, result, cx),
            A::Time(answer) => self.on_time_answer(answer, cx),
            A::Comments(answer) => self.on_comment_answer(answer, cx),
            A::Watch(answer) => self.on_watch_answer(answer, cx),
            A::Form(answer) => self.on_form_answer(answer, cx),
            A::Field(n, settled) => self.on_field_answer(n, settled, cx),
            A::Files(answer) => self.on_file_answer(answer, cx),
            A::Board(column, result) => self.on_board_page(column, result, cx),
            A::Order(n, result) => self.on_order_reply(n, result, cx),
            A::Column(n, settled) => self.on_column_write(n, settled, cx),
            A::ColumnCreated(n, result) => self.on_column_created(n, result, cx),
            A::ColumnFound(n, result) => self.on_column_found(n, result, cx),
            A::Write(n, settled) => self.on_write(n, settled, cx),
            A::Outboxed(id, result) => self.on_reread(id, result, cx),
        }
    }
}
