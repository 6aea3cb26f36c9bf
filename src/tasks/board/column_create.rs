//! A new column (`C`): shown once the service answers. One whose answer was lost is looked for
//! among the board's columns before anything is sent again (see `screen::lost_answer`), and the
//! same name asked for again on the board looks once more first. Columns carry no creation
//! time: the columns the board had when it was sent are what tell a twin from it.

use weeek_api::ApiError;
use weeek_api::models::BoardColumn;

use super::super::{TaskAnswer, TaskKey, TasksState};
use super::columns::ColumnWrite;
use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt};
use crate::screen::toast::ToastKind;
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

/// A new column on its way.
#[derive(Debug, Clone)]
pub struct NewColumn {
    pub lookup: ColumnLookup,
    sent: SentAt<i64>,
    /// The look after a lost answer, or before a send again (`resending`).
    looking: Option<LostCreate<ColumnLookup>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<LostCreate<ColumnLookup>>,
}

impl NewColumn {
    /// The create has been refused: an earlier send looked for right before it may still
    /// land, so it is unsettled again.
    pub(super) fn refused(self, owner: &mut TasksState) {
        if let Some(earlier) = self.earlier {
            owner.column_unsettled.keep(earlier);
        }
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
            .map(|cols| lookup.known(cols))
            .unwrap_or_default();
        let clock = cx.clock;
        let (sent, looking, look) = match self
            .column_unsettled
            .send(&lookup, || SentAt::new(&clock, held))
        {
            Sending::Now(sent) => (sent, None, None),
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text("created"));
                (lost.sent.clone(), Some(*lost), Some(look))
            }
        };
        let new = NewColumn {
            lookup,
            sent,
            looking,
            earlier: None,
        };
        let create = create_call(&new.lookup);
        if let Some(n) = self.put_column_write(ColumnWrite::Create(Box::new(new))) {
            match look {
                Some(look) => look_for_column(n, look, cx),
                None => send_column_create(n, create, cx),
            }
        }
    }

    /// A create's answer was lost: the board's columns are read to look for it.
    pub(super) fn column_lost(&mut self, mut new: Box<NewColumn>, e: ApiError, cx: &mut ScreenCtx) {
        // From the first send on: the look covers every send of it.
        let (lost, look) = LostCreate::start(new.lookup.clone(), e, new.sent.clone());
        cx.toast(ToastKind::Info, lost.looking_text("created"));
        new.looking = Some(lost);
        if let Some(n) = self.put_column_write(ColumnWrite::Create(new)) {
            look_for_column(n, look, cx);
        }
    }

    /// The board's columns read to look for new column `n`.
    pub(in crate::tasks) fn on_column_found(
        &mut self,
        n: u64,
        result: Result<Vec<BoardColumn>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(b) = self.layers.board_mut() else {
            return;
        };
        let Some(ColumnWrite::Create(mut new)) = b.column_writes.remove(&n) else {
            return;
        };
        let Some(lost) = new.looking.as_mut() else {
            return;
        };
        match lost.on_answer(result) {
            Looked::Resend => {
                new.earlier = new.looking.take();
                let create = create_call(&new.lookup);
                b.column_writes.insert(n, ColumnWrite::Create(new));
                send_column_create(n, create, cx);
            }
            Looked::Next(look) => {
                b.column_writes.insert(n, ColumnWrite::Create(new));
                look_for_column(n, look, cx);
            }
            Looked::Found(column) => {
                let text = lost.found_text("created");
                self.show_new_column(new.lookup.board, column, cx);
                cx.toast(ToastKind::Success, text);
            }
            Looked::NotCreated => {
                let again = cx
                    .keys
                    .then_say("board.new_column", "looks once more and sends it");
                let text = format!("{}{again}", lost.not_created_text("created"));
                let lost = lost.clone();
                self.column_unsettled.keep(lost);
                cx.toast(ToastKind::Error, text);
            }
            Looked::Failed => {
                let text = format!(
                    "{}; the same name again looks first",
                    lost.check_failed_text("created")
                );
                let lost = lost.clone();
                self.column_unsettled.keep(lost);
                cx.toast(ToastKind::Error, text);
            }
        }
    }
}

/// The create of the column `lookup` names.
fn create_call(lookup: &ColumnLookup) -> op::CreateColumn {
    op::CreateColumn(lookup.board, lookup.name.clone())
}

/// Sends column write `n`, a create.
fn send_column_create(n: u64, create: op::CreateColumn, cx: &mut ScreenCtx) {
    cx.request(TaskKey::Column(n), create, move |r| {
        TaskAnswer::Column(n, r.map(Some))
    });
}

/// Reads the board's columns to look for new column `n`.
fn look_for_column(n: u64, look: PageRead<Vec<BoardColumn>>, cx: &mut ScreenCtx) {
    cx.ask(TaskKey::ColumnFind(n), look, move |r| {
        TaskAnswer::ColumnFound(n, r)
    });
}
