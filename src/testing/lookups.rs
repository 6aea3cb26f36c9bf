//! A create with a look after a lost answer, for the tests of the mechanisms that run creates:
//! a column of board 5, found by its name, sent as the task screen's column create.

use weeek_api::models::BoardColumn;

use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{CreateLookup, PageRead};
use crate::screen::named_creates::NamedPlace;
use crate::tasks::{TaskAnswer, TaskKey};
use crate::worker::{TypedCall, op};

/// A new column of board 5 by its name.
#[derive(Debug, Clone, PartialEq)]
pub struct NewColumn(pub &'static str);

impl CreateLookup for NewColumn {
    type Item = BoardColumn;
    type Page = Vec<BoardColumn>;
    type Id = i64;

    fn name(&self) -> String {
        self.0.into()
    }

    fn read(&self, _page: u32) -> PageRead<Vec<BoardColumn>> {
        TypedCall::new(op::Columns(5))
    }

    fn candidates(&self, page: Vec<BoardColumn>) -> (Vec<BoardColumn>, bool) {
        (page, false)
    }

    fn matches(&self, c: &BoardColumn) -> bool {
        c.name == self.0
    }

    fn id(c: &BoardColumn) -> i64 {
        c.id
    }
}

impl NamedPlace for NewColumn {
    type Made = BoardColumn;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        let create = op::CreateColumn(5, self.0.into());
        cx.request(TaskKey::ColumnCreate(n), create, move |r| {
            TaskAnswer::ColumnCreated(n, r)
        });
    }

    fn look(n: u64, read: PageRead<Vec<BoardColumn>>, cx: &mut ScreenCtx) {
        cx.ask(TaskKey::ColumnFind(n), read, move |r| {
            TaskAnswer::ColumnFound(n, r)
        });
    }

    fn what(&self) -> &'static str {
        "column"
    }
}

/// Column `id` of board 5.
pub fn board_column(id: i64, name: &str) -> BoardColumn {
    BoardColumn {
        id,
        name: name.into(),
        board_id: 5,
    }
}
