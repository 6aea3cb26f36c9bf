//! A board's renames and deletes from the projects tree (`e` / `D` on a board row): shown at
//! once in the shared directory of names and sent through the write ledger. A refusal puts
//! the board back with the service's words; a lost answer has the project's boards read back,
//! and what is still on its way shows again over them.

use weeek_api::ApiError;
use weeek_api::models::Board;

use super::edits::quoted;
use super::{Node, ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Settled, Shown, Writes, deleted, done};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::ReadBack;
use crate::screen::named_writes::{self, NamedChange};
use crate::screen::names::{Directory, with_directory};
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct BoardWrites;

impl Writes for BoardWrites {
    /// The project and the board.
    type Id = (i64, i64);
    type Change = NamedChange<Board>;
    /// The project's boards, as read back.
    type Item = Vec<Board>;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(ProjectsKey, ProjectsAnswer, BoardWrite);

    fn read_back(id: &(i64, i64)) -> TypedCall<Result<Vec<Board>, ApiError>> {
        TypedCall::new(op::Boards(id.0))
    }

    fn judge(
        id: &(i64, i64),
        change: &NamedChange<Board>,
        found: Result<&Vec<Board>, &ApiError>,
    ) -> ReadBack {
        change.judge_in(&id.1, found.map(Vec::as_slice))
    }
}

impl Shown<BoardWrites> for Directory<'_> {
    fn reapply(&mut self, id: &(i64, i64), change: &NamedChange<Board>, _: &ScreenCtx) {
        if let Some(boards) = self.0.boards_mut(id.0) {
            change.reapply(boards, &id.1);
        }
    }

    fn roll_back(
        &mut self,
        id: &(i64, i64),
        change: &NamedChange<Board>,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        change.roll_back(self.0.boards_mut(id.0)?, &id.1, later);
        None
    }

    /// The project's boards as the service has them, with the other changes still on their
    /// way laid over them again by the caller.
    fn read_back(
        &mut self,
        id: &(i64, i64),
        _: &NamedChange<Board>,
        found: Result<Vec<Board>, ApiError>,
        _: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        if let Ok(fresh) = found {
            self.0.boards.insert(id.0, Loadable::Loaded(fresh));
        }
        None
    }
}

impl ProjectsState {
    /// `y` to "delete this board?".
    pub(super) fn delete_board(&mut self, project: i64, id: i64, name: String, cx: &mut ScreenCtx) {
        self.step_off(Node::Board { project, board: id }, cx);
        let Some(boards) = cx.names.boards_mut(project) else {
            return;
        };
        let Some(change) = named_writes::remove(boards, &id) else {
            return;
        };
        let call = deleted(op::DeleteBoard(id));
        self.edits
            .boards
            .write((project, id), name, change, call, cx);
    }

    pub(super) fn rename_board(&mut self, project: i64, id: i64, name: String, cx: &mut ScreenCtx) {
        let Some(change) = cx
            .names
            .boards_mut(project)
            .and_then(|all| named_writes::rename(all, &id, &name))
        else {
            return;
        };
        let label = quoted(change.renamed_from().unwrap_or_default());
        let call = done(op::RenameBoard(id, name));
        self.edits
            .boards
            .write((project, id), label, change, call, cx);
    }

    /// The answer to board write `n`, or the project's boards read back after it.
    pub(super) fn on_board_write(
        &mut self,
        n: u64,
        settled: Settled<Vec<Board>>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.boards;
        let done = with_directory(cx, |dir, cx| ledger.on_settled(n, settled, dir, cx));
        if let Some(group) = done {
            group.say(cx, |_, o| o.change.words("board", &o.name));
            // A read-back replaced the project's boards: what is still on its way shows again.
            self.edits.reapply(cx);
        }
    }
}
