//! A board's renames and deletes from the projects tree (`e` / `D` on a board row): shown at
//! once in the shared directory of names and sent through the write ledger. A refusal puts
//! the board back with the service's words; a lost answer has the project's boards read back,
//! and what is still on its way shows again over them.

use weeek_api::ApiError;
use weeek_api::models::Board;

use super::edits::{Directory, quoted, with_directory};
use super::{Node, ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::app::ScreenCtx;
use crate::app::ledger::{Settled, Shown, Writes, deleted, done};
use crate::app::loadable::Loadable;
use crate::app::lost_answer::{ReadBack, read_back_failed};
use crate::app::requests::RequestKey;
use crate::app::write_words;
use crate::worker::{TypedCall, op};

#[derive(Debug, Clone)]
pub struct BoardWrites;

#[derive(Debug, Clone)]
pub enum BoardChange {
    Rename { id: i64, from: String, to: String },
    Delete { board: Board, index: usize },
}

impl Writes for BoardWrites {
    /// The project and the board.
    type Id = (i64, i64);
    type Change = BoardChange;
    /// The project's boards, as read back.
    type Item = Vec<Board>;
    type Note = ();
    type Truth = ();

    type Answer = ProjectsAnswer;

    fn key(n: u64) -> RequestKey {
        ProjectsKey::BoardWrite(n).into()
    }

    fn answer(n: u64, settled: Settled<Vec<Board>>) -> ProjectsAnswer {
        ProjectsAnswer::BoardWrite(n, settled)
    }

    fn read_back(id: &(i64, i64)) -> TypedCall<Result<Vec<Board>, ApiError>> {
        TypedCall::new(op::Boards(id.0))
    }

    fn judge(change: &BoardChange, found: Result<&Vec<Board>, &ApiError>) -> ReadBack {
        let all = match found {
            Ok(all) => all,
            Err(e) => return read_back_failed(e.clone()),
        };
        match change {
            BoardChange::Rename { id, to, .. } => match all.iter().find(|b| b.id == *id) {
                Some(b) if b.name == *to => ReadBack::Applied,
                Some(_) => ReadBack::NotApplied,
                None => ReadBack::Gone,
            },
            BoardChange::Delete { board, .. } if all.iter().any(|b| b.id == board.id) => {
                ReadBack::NotApplied
            }
            BoardChange::Delete { .. } => ReadBack::Applied,
        }
    }

    fn rebase(_: &mut BoardChange, _: &()) {}
}

impl Shown<BoardWrites> for Directory<'_> {
    fn reapply(&mut self, id: &(i64, i64), change: &BoardChange, _: &ScreenCtx) {
        let Some(boards) = self.0.boards_mut(id.0) else {
            return;
        };
        match change {
            BoardChange::Rename { to, .. } => {
                if let Some(b) = boards.iter_mut().find(|b| b.id == id.1) {
                    b.name.clone_from(to);
                }
            }
            BoardChange::Delete { .. } => boards.retain(|b| b.id != id.1),
        }
    }

    fn roll_back(
        &mut self,
        id: &(i64, i64),
        change: &BoardChange,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        let boards = self.0.boards_mut(id.0)?;
        if later {
            return None;
        }
        match change {
            BoardChange::Rename { from, .. } => {
                if let Some(b) = boards.iter_mut().find(|b| b.id == id.1) {
                    b.name.clone_from(from);
                }
            }
            BoardChange::Delete { board, index } => {
                if !boards.iter().any(|b| b.id == board.id) {
                    boards.insert((*index).min(boards.len()), board.clone());
                }
            }
        }
        None
    }

    fn take(&mut self, _: &(i64, i64), _: Vec<Board>) {}

    /// The project's boards as the service has them, with the other changes still on their
    /// way laid over them again by the caller.
    fn read_back(
        &mut self,
        id: &(i64, i64),
        _: &BoardChange,
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
        let Some(index) = boards.iter().position(|b| b.id == id) else {
            return;
        };
        let board = boards.remove(index);
        let g = self.edits.boards.group(());
        let change = BoardChange::Delete { board, index };
        let call = deleted(op::DeleteBoard(id));
        self.edits
            .boards
            .add(g, (project, id), name, change, vec![call], cx);
    }

    pub(super) fn rename_board(&mut self, project: i64, id: i64, name: String, cx: &mut ScreenCtx) {
        let Some(b) = cx
            .names
            .boards_mut(project)
            .and_then(|all| all.iter_mut().find(|b| b.id == id))
        else {
            return;
        };
        let from = std::mem::replace(&mut b.name, name.clone());
        if from == name {
            return;
        }
        let g = self.edits.boards.group(());
        let change = BoardChange::Rename {
            id,
            from: from.clone(),
            to: name.clone(),
        };
        let call = done(op::RenameBoard(id, name));
        self.edits
            .boards
            .add(g, (project, id), quoted(&from), change, vec![call], cx);
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
            group.say(cx, |_, o| match &o.change {
                BoardChange::Rename { to, .. } => write_words::renamed("board", &o.name, to),
                BoardChange::Delete { .. } => write_words::deleted("board", &o.name),
            });
            // A read-back replaced the project's boards: what is still on its way shows again.
            self.edits.reapply(cx);
        }
    }
}
