//! A new column (`C`), through the shared creates of named items (`screen::named_creates`): shown
//! once the service answers. One whose answer was lost is looked for among the board's columns
//! before anything is sent again, and the same name asked for again on the board looks once
//! more first. Columns carry no creation
//! time: the columns the board had when it was sent are what tell a twin from it.

use weeek_api::ApiError;
use weeek_api::models::BoardColumn;

use super::super::dialogs::{Feedback, Popup, PromptPurpose};
use super::super::{TaskAnswer, TaskKey, TasksState};
use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{CreateLookup, LostCreate, PageRead};
use crate::screen::named_creates::{CreateEnd, NamedPlace};
use crate::widgets::field::TextField;
use crate::worker::{TypedCall, op};

/// What a new column whose answer was lost is found by: its name, on its board.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnLookup {
    pub board: i64,
    pub name: String,
}

impl CreateLookup for ColumnLookup {
    type Item = BoardColumn;
    type Page = Vec<BoardColumn>;
    type Id = i64;

    fn name(&self) -> String {
        self.name.clone()
    }

    /// The board's columns come whole in one read.
    fn read(&self, _page: u32) -> PageRead<Vec<BoardColumn>> {
        TypedCall::new(op::Columns(self.board))
    }

    fn candidates(&self, page: Vec<BoardColumn>) -> (Vec<BoardColumn>, bool) {
        (page, false)
    }

    fn matches(&self, c: &BoardColumn) -> bool {
        c.name.trim() == self.name.trim()
    }

    fn id(c: &BoardColumn) -> i64 {
        c.id
    }
}

impl NamedPlace for ColumnLookup {
    type Made = BoardColumn;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let create = op::CreateColumn(self.board, self.name.clone());
        cx.request(TaskKey::ColumnCreate(n), create, move |r| {
            TaskAnswer::ColumnCreated(n, r)
        });
    }

    /// Reads the board's columns to look for new column `n`.
    fn look(n: u64, read: PageRead<Vec<BoardColumn>>, cx: &mut ScreenCtx) {
        cx.ask(TaskKey::ColumnFind(n), read, move |r| {
            TaskAnswer::ColumnFound(n, r)
        });
    }

    fn what(&self) -> &'static str {
        "column"
    }

    /// Column names are short: said whole.
    fn quoted(&self) -> String {
        crate::text::quoted_full(&self.name)
    }

    fn not_created_text(&self, lost: &LostCreate<Self>, cx: &ScreenCtx) -> String {
        let again = cx
            .keys
            .then_say("board.new_column", "looks once more and sends it");
        format!("{}{again}", lost.not_created_text(&self.done()))
    }

    fn failed_text(&self, lost: &LostCreate<Self>, _cx: &ScreenCtx) -> String {
        format!(
            "{}; the same name again looks first",
            lost.check_failed_text("created")
        )
    }

    fn unanswered_text(&self, _looked_for: bool) -> String {
        format!(
            "The column {} is being created; it is not confirmed yet.",
            self.quoted()
        )
    }
}

impl TasksState {
    pub(in crate::tasks) fn create_column(&mut self, board: i64, name: String, cx: &mut ScreenCtx) {
        let lookup = ColumnLookup { board, name };
        let held = cx
            .names
            .columns
            .get(&board)
            .and_then(Loadable::value)
            .cloned()
            .unwrap_or_default();
        self.column_creates.create(lookup, &held, cx);
    }

    /// The answer to new column `n`.
    pub(in crate::tasks) fn on_column_created(
        &mut self,
        n: u64,
        result: Result<BoardColumn, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.column_creates.on_created(n, result, cx);
        self.column_create_ended(end, cx);
    }

    /// The board's columns read to look for new column `n`.
    pub(in crate::tasks) fn on_column_found(
        &mut self,
        n: u64,
        result: Result<Vec<BoardColumn>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.column_creates.on_looked(n, result, cx);
        self.column_create_ended(end, cx);
    }

    fn column_create_ended(&mut self, end: Option<CreateEnd<ColumnLookup>>, cx: &mut ScreenCtx) {
        match end {
            Some(CreateEnd::Made(lookup, column) | CreateEnd::Found(lookup, column)) => {
                self.show_new_column(lookup.board, column, cx)
            }
            // What was typed is not lost: the prompt comes back with it and the reason, while
            // its board shows.
            Some(CreateEnd::Refused(lookup, e))
                if self.layers.board().is_some_and(|b| b.board == lookup.board) =>
            {
                self.offer(Popup::Prompt {
                    purpose: PromptPurpose::NewColumn {
                        board: lookup.board,
                    },
                    field: TextField::typed(lookup.name),
                    feedback: Feedback::Err(e.short()),
                })
            }
            None | Some(CreateEnd::Refused(..) | CreateEnd::Dropped(_)) => {}
        }
    }
}
