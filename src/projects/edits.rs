//! Projects and boards made, renamed, archived and deleted from the tree: `n` a project in the
//! portfolio under the cursor, `N` a board in the project under the cursor, `e` renames, `a`
//! archives or un-archives a project, `D` deletes (after asking).
//!
//! The tree is drawn from the shared directory of names, so a change shows there (and on the
//! task screen's names) at once. Renames, archives and deletes go through the write ledger: a
//! refusal puts things back with the service's words, a lost answer has the project (or the
//! project's boards) read back, and a delete answered "not found" counts as done. New
//! projects and boards show once the service answers; one whose answer was lost is looked for
//! before anything may be sent again, and once more right before the same name is sent again.
//!
//! The service lists no archived projects (`GET /tm/projects` leaves them out and takes no
//! parameter to ask for them), so there is no toggle to show them: a project archived here
//! stays in the tree, marked, until the directory is read again, and `a` brings it back.

use std::collections::BTreeMap;

use weeek_api::models::{Board, PROJECT_ARCHIVED, Project};
use weeek_api::{ApiError, NewProject, ProjectUpdate};

use super::naming::Ask;
use super::portfolio_edits::PortfolioWrites;
use super::{Node, ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Ledger, Settled, Shown, Writes, deleted, done, read_item};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, ReadBack, Sending, SentAt, Unsettled,
    read_back_failed,
};
use crate::screen::names::Names;
use crate::screen::toast::ToastKind;
use crate::worker::{TypedCall, op};

// ----- creates ------------------------------------------------------------------------------

#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Projects { portfolio: Option<i64> },
    Boards { project: i64 },
}

/// Finds a new project or board: the name sent, not there before it was sent. Neither carries
/// a creation time, so the ids known before are what tell it apart.
#[derive(Debug, Clone, PartialEq)]
pub struct NameLookup {
    place: Place,
    name: String,
}

impl CreateLookup for NameLookup {
    /// The id and the name.
    type Item = (i64, String);
    type Page = Vec<(i64, String)>;
    type Id = i64;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn read(&self, _page: u32) -> PageRead<Vec<(i64, String)>> {
        match self.place {
            Place::Projects { .. } => TypedCall::new(op::Projects)
                .map(|r| r.map(|all| all.iter().map(|p| (p.id, p.display_name())).collect())),
            Place::Boards { project } => TypedCall::new(op::Boards(project))
                .map(|r| r.map(|all| all.iter().map(|b| (b.id, b.name.clone())).collect())),
        }
    }

    fn candidates(&self, page: Self::Page) -> (Vec<Self::Item>, bool) {
        (page, false)
    }

    fn matches(&self, item: &(i64, String)) -> bool {
        item.1.trim() == self.name.trim()
    }

    fn id(item: &(i64, String)) -> i64 {
        item.0
    }
}

#[derive(Debug, Clone)]
struct Creating {
    lookup: NameLookup,
    sent: SentAt<i64>,
    /// The look after a lost answer, or before a send again (`resending`).
    looking: Option<Box<LostCreate<NameLookup>>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<Box<LostCreate<NameLookup>>>,
}

// ----- projects -----------------------------------------------------------------------------

/// The directory of names, as the tree shows it.
pub struct Directory<'a>(pub &'a mut Names);

#[derive(Debug, Clone)]
pub struct ProjectWrites;

#[derive(Debug, Clone)]
pub enum ProjectChange {
    Rename {
        from: String,
        to: String,
    },
    /// Archived (`true`) or un-archived.
    Archive {
        to: bool,
    },
    Delete {
        project: Box<Project>,
        index: usize,
    },
}

impl Writes for ProjectWrites {
    type Id = i64;
    type Change = ProjectChange;
    type Item = Project;
    type Note = ();
    type Truth = ();

    type Key = ProjectsKey;
    type Answer = ProjectsAnswer;

    fn key(n: u64) -> ProjectsKey {
        ProjectsKey::ProjectWrite(n)
    }

    fn answer(n: u64, settled: Settled<Project>) -> ProjectsAnswer {
        ProjectsAnswer::ProjectWrite(n, settled)
    }

    fn read_back(id: &i64) -> TypedCall<Result<Project, ApiError>> {
        read_item(op::Project(*id))
    }

    fn judge(change: &ProjectChange, found: Result<&Project, &ApiError>) -> ReadBack {
        match (change, found) {
            (ProjectChange::Rename { to, .. }, Ok(p)) if p.display_name() == *to => {
                ReadBack::Applied
            }
            (ProjectChange::Archive { to }, Ok(p)) if p.is_archived() == *to => ReadBack::Applied,
            (ProjectChange::Delete { .. }, Err(ApiError::NotFound { .. })) => ReadBack::Applied,
            (_, Ok(_)) => ReadBack::NotApplied,
            (_, Err(e)) => read_back_failed(e.clone()),
        }
    }

    fn rebase(_: &mut ProjectChange, _: &()) {}
}

fn set_name(p: &mut Project, name: &str) {
    // Lists carry `title`, one project `name`: both, so either reading shows it.
    p.title = Some(name.to_string());
    p.name = Some(name.to_string());
}

impl Names {
    fn project_mut(&mut self, id: i64) -> Option<&mut Project> {
        self.projects.value_mut()?.iter_mut().find(|p| p.id == id)
    }

    fn remove_project(&mut self, id: i64) -> Option<(Project, usize)> {
        let all = self.projects.value_mut()?;
        let index = all.iter().position(|p| p.id == id)?;
        Some((all.remove(index), index))
    }

    fn insert_project(&mut self, project: Project, index: usize) {
        if let Some(all) = self.projects.value_mut()
            && !all.iter().any(|p| p.id == project.id)
        {
            all.insert(index.min(all.len()), project);
        }
    }

    fn boards_mut(&mut self, project: i64) -> Option<&mut Vec<Board>> {
        self.boards.get_mut(&project)?.value_mut()
    }
}

impl Shown<ProjectWrites> for Directory<'_> {
    fn reapply(&mut self, id: &i64, change: &ProjectChange, _: &ScreenCtx) {
        match change {
            ProjectChange::Rename { to, .. } => {
                if let Some(p) = self.0.project_mut(*id) {
                    set_name(p, to);
                }
            }
            ProjectChange::Archive { to } => {
                if let Some(p) = self.0.project_mut(*id) {
                    p.status = Some(if *to { PROJECT_ARCHIVED } else { 1 });
                }
            }
            ProjectChange::Delete { .. } => {
                self.0.remove_project(*id);
            }
        }
    }

    fn roll_back(
        &mut self,
        id: &i64,
        change: &ProjectChange,
        later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        if later {
            return None;
        }
        match change {
            ProjectChange::Rename { from, .. } => {
                if let Some(p) = self.0.project_mut(*id) {
                    set_name(p, from);
                }
            }
            ProjectChange::Archive { to } => {
                if let Some(p) = self.0.project_mut(*id) {
                    p.status = Some(if *to { 1 } else { PROJECT_ARCHIVED });
                }
            }
            ProjectChange::Delete { project, index } => {
                self.0.insert_project((**project).clone(), *index)
            }
        }
        None
    }

    fn take(&mut self, _: &i64, _: Project) {}

    fn read_back(
        &mut self,
        id: &i64,
        change: &ProjectChange,
        found: Result<Project, ApiError>,
        verdict: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        match (change, verdict, found) {
            (_, ReadBack::Gone, _) => {
                self.0.remove_project(*id);
            }
            (ProjectChange::Delete { index, .. }, ReadBack::NotApplied, Ok(fresh)) => {
                self.0.insert_project(fresh, *index)
            }
            (_, _, Ok(fresh)) => {
                if let Some(p) = self.0.project_mut(*id) {
                    *p = fresh;
                }
            }
            _ => {}
        }
        None
    }
}

// ----- boards -------------------------------------------------------------------------------

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

    type Key = ProjectsKey;
    type Answer = ProjectsAnswer;

    fn key(n: u64) -> ProjectsKey {
        ProjectsKey::BoardWrite(n)
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

// ----- the state and its keys ---------------------------------------------------------------

#[derive(Debug, Default)]
pub struct Edits {
    pub projects: Ledger<ProjectWrites>,
    pub boards: Ledger<BoardWrites>,
    pub portfolios: Ledger<PortfolioWrites>,
    creating: BTreeMap<u64, Creating>,
    /// Projects and boards whose answer was lost and that no look found: the same name sent
    /// again is looked for first.
    unsure: Unsettled<NameLookup>,
    next: u64,
}

impl Edits {
    /// What quitting now would leave unconfirmed: a project or board sent and not answered,
    /// or looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        let c = self.creating.values().next()?;
        let (what, name) = (what(&c.lookup.place), quoted(&c.lookup.name));
        Some(match &c.looking {
            Some(_) => format!("The {what} {name} may have been created; it is not confirmed yet."),
            None => format!("The {what} {name} is being created; its answer would not be seen."),
        })
    }

    pub fn unsettled(&self) -> usize {
        self.creating.len()
            + self.projects.unsettled()
            + self.boards.unsettled()
            + self.portfolios.unsettled()
    }

    /// Lays the changes on their way over a fresh read of the directory.
    pub fn reapply(&self, cx: &mut ScreenCtx) {
        with_directory(cx, |dir, cx| {
            self.projects.reapply(dir, cx);
            self.boards.reapply(dir, cx);
        });
    }
}

/// Runs `f` with the directory as the ledger's screen beside the rest of the context: the
/// ledger asks for both at once, and the changes it shows touch nothing else of the context.
fn with_directory<R>(
    cx: &mut ScreenCtx,
    f: impl FnOnce(&mut Directory<'_>, &mut ScreenCtx) -> R,
) -> R {
    let mut names = std::mem::take(cx.names);
    let out = f(&mut Directory(&mut names), cx);
    *cx.names = names;
    out
}

pub(super) fn quoted(name: &str) -> String {
    crate::text::quoted(name, 40)
}

impl ProjectsState {
    /// `y` to the question before a delete: the project or board goes.
    pub(super) fn delete(&mut self, ask: Ask, cx: &mut ScreenCtx) {
        match ask {
            Ask::DeleteProject { id, name } => {
                self.step_off(Node::Project(id), cx);
                let Some((project, index)) = cx.names.remove_project(id) else {
                    return;
                };
                let g = self.edits.projects.group(());
                let change = ProjectChange::Delete {
                    project: Box::new(project),
                    index,
                };
                let call = deleted(op::DeleteProject(id));
                self.edits.projects.add(g, id, name, change, vec![call], cx);
            }
            Ask::DeleteBoard { project, id, name } => {
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
        }
    }

    /// The cursor leaves a row about to go: to the row above it.
    fn step_off(&mut self, node: Node, cx: &ScreenCtx) {
        let rows = self.rows(cx.names);
        if let Some(at) = rows.iter().position(|r| r.node == node) {
            self.cursor = rows.get(at.saturating_sub(1)).map(|r| r.node);
        }
    }

    pub(super) fn rename_project(&mut self, id: i64, name: String, cx: &mut ScreenCtx) {
        let Some(p) = cx.names.project_mut(id) else {
            return;
        };
        let from = p.display_name();
        if from == name {
            return;
        }
        let mut update = ProjectUpdate::from_project(p);
        update.name.clone_from(&name);
        set_name(p, &name);
        let g = self.edits.projects.group(());
        let change = ProjectChange::Rename {
            from: from.clone(),
            to: name,
        };
        let call = done(op::UpdateProject(id, update));
        self.edits
            .projects
            .add(g, id, quoted(&from), change, vec![call], cx);
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

    pub(super) fn archive(&mut self, id: i64, cx: &mut ScreenCtx) {
        let Some(p) = cx.names.project_mut(id) else {
            return;
        };
        let to = !p.is_archived();
        p.status = Some(if to { PROJECT_ARCHIVED } else { 1 });
        let name = quoted(&p.display_name());
        let g = self.edits.projects.group(());
        let call = done(op::ArchiveProject(id, to));
        self.edits
            .projects
            .add(g, id, name, ProjectChange::Archive { to }, vec![call], cx);
    }

    /// The projects or boards of `place` the directory holds, as a look sees them.
    fn existing(&self, place: &Place, names: &Names) -> Vec<(i64, String)> {
        match place {
            Place::Projects { .. } => names
                .projects
                .value()
                .map(|all| all.iter().map(|p| (p.id, p.display_name())).collect())
                .unwrap_or_default(),
            Place::Boards { project } => names
                .boards
                .get(project)
                .and_then(Loadable::value)
                .map(|all| all.iter().map(|b| (b.id, b.name.clone())).collect())
                .unwrap_or_default(),
        }
    }

    pub(super) fn create(&mut self, place: Place, name: String, cx: &mut ScreenCtx) {
        self.edits.next += 1;
        let n = self.edits.next;
        let lookup = NameLookup { place, name };
        let held = self.existing(&lookup.place, cx.names);
        let clock = cx.clock;
        let (sent, looking) = match self
            .edits
            .unsure
            .send(&lookup, || SentAt::new(&clock, lookup.known(&held)))
        {
            Sending::Now(sent) => {
                send_create(n, &lookup.place, &lookup.name, cx);
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                look_for_created(n, look, cx);
                cx.toast(ToastKind::Info, lost.resend_text("created"));
                (lost.sent.clone(), Some(lost))
            }
        };
        self.edits.creating.insert(
            n,
            Creating {
                lookup,
                sent,
                looking,
                earlier: None,
            },
        );
    }

    // ----- answers --------------------------------------------------------------------------

    pub(super) fn on_project_created(
        &mut self,
        n: u64,
        result: Result<Project, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        self.on_created(n, result.map(Made::Project), cx);
    }

    pub(super) fn on_board_created(
        &mut self,
        n: u64,
        result: Result<Board, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        self.on_created(n, result.map(Made::Board), cx);
    }

    fn on_created(&mut self, n: u64, result: Result<Made, ApiError>, cx: &mut ScreenCtx) {
        let Some(c) = self.edits.creating.get(&n).cloned() else {
            return;
        };
        let what = what(&c.lookup.place);
        let name = quoted(&c.lookup.name);
        match CreateAnswer::read(result) {
            CreateAnswer::Created(made) => {
                self.edits.creating.remove(&n);
                self.show_made(made, cx);
                cx.toast(ToastKind::Success, format!("Created the {what} {name}"));
            }
            CreateAnswer::Refused(e) => {
                self.edits.creating.remove(&n);
                if let Some(earlier) = c.earlier {
                    // This send did nothing; the one before may still land.
                    self.edits.unsure.keep(*earlier);
                }
                let text = format!("Could not create the {what} {name}: {}", e.short());
                cx.toast(ToastKind::Error, text);
            }
            CreateAnswer::Lost(e) => {
                // From the first send on: the look covers every send of it.
                let (lost, look) = LostCreate::start(c.lookup, e, c.sent);
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                look_for_created(n, look, cx);
                if let Some(c) = self.edits.creating.get_mut(&n) {
                    c.looking = Some(Box::new(lost));
                }
            }
        }
    }

    /// A new project or board in the tree, under the cursor, its branch open.
    fn show_made(&mut self, made: Made, cx: &mut ScreenCtx) {
        match made {
            Made::Project(p) => {
                let node = Node::Project(p.id);
                if let Some(home) = p.portfolio_id {
                    self.expanded.insert(Node::Portfolio(home));
                } else {
                    self.expanded.insert(Node::Unfiled);
                }
                let id = p.id;
                let at = cx.names.projects.value().map_or(0, Vec::len);
                cx.names.insert_project(p, at);
                self.expanded.insert(node);
                cx.ensure_boards(id);
                self.cursor = Some(node);
            }
            Made::Board(b) => {
                let node = Node::Board {
                    project: b.project_id,
                    board: b.id,
                };
                self.expanded.insert(Node::Project(b.project_id));
                if let Some(all) = cx.names.boards_mut(b.project_id) {
                    if !all.iter().any(|x| x.id == b.id) {
                        all.push(b);
                    }
                } else {
                    cx.names
                        .boards
                        .insert(b.project_id, Loadable::Loaded(vec![b]));
                }
                self.cursor = Some(node);
            }
        }
        self.keep_cursor_in_sight(cx);
    }

    fn keep_cursor_in_sight(&mut self, cx: &ScreenCtx) {
        let rows = self.rows(cx.names);
        if let Some(at) = self
            .cursor
            .and_then(|c| rows.iter().position(|r| r.node == c))
        {
            let page = cx.viewport.projects.rows.max(1);
            if at < self.scroll {
                self.scroll = at;
            } else if at >= self.scroll + page {
                self.scroll = at + 1 - page;
            }
        }
    }

    pub(super) fn on_create_looked(
        &mut self,
        n: u64,
        result: Result<Vec<(i64, String)>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(c) = self.edits.creating.get_mut(&n) else {
            return;
        };
        let Some(lost) = &mut c.looking else {
            return;
        };
        let looked = lost.on_answer(result);
        match looked {
            Looked::Resend => {
                c.earlier = c.looking.take();
                let (place, name) = (c.lookup.place.clone(), c.lookup.name.clone());
                send_create(n, &place, &name, cx);
                return;
            }
            Looked::Next(look) => {
                look_for_created(n, look, cx);
                return;
            }
            Looked::Found(_) | Looked::NotCreated | Looked::Failed => {}
        }
        let Some(c) = self.edits.creating.remove(&n) else {
            return;
        };
        let Some(lost) = c.looking else {
            return;
        };
        match looked {
            Looked::Found(_) => {
                cx.toast(ToastKind::Success, lost.found_text("created"));
                // The directory is read again: the new one shows as the service has it.
                match c.lookup.place {
                    Place::Projects { .. } => cx.refresh_directory(),
                    Place::Boards { project } => {
                        cx.names.boards.remove(&project);
                        cx.ensure_boards(project);
                    }
                }
            }
            Looked::NotCreated => {
                let text = format!(
                    "{}; the same name again looks once more first",
                    lost.not_created_text("created")
                );
                self.edits.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
            Looked::Failed | Looked::Next(_) | Looked::Resend => {
                let refresh = cx.keys.then_say("global.refresh", "reads them again");
                let text = format!(
                    "{}; the same name again looks first{refresh}",
                    lost.check_failed_text("created")
                );
                self.edits.unsure.keep(*lost);
                cx.toast(ToastKind::Error, text);
            }
        }
    }

    pub(super) fn on_project_written(
        &mut self,
        n: u64,
        result: Result<Option<Project>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.projects;
        let done = with_directory(cx, |dir, cx| ledger.on_written(n, result, dir, cx));
        report_projects(done, cx);
    }

    pub(super) fn on_project_read_back(
        &mut self,
        n: u64,
        result: Result<Project, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.projects;
        let done = with_directory(cx, |dir, cx| ledger.on_read_back(n, result, dir, cx));
        report_projects(done, cx);
    }

    pub(super) fn on_board_written(
        &mut self,
        n: u64,
        result: Result<Option<Vec<Board>>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.boards;
        let done = with_directory(cx, |dir, cx| ledger.on_written(n, result, dir, cx));
        self.after_board_write(done, cx);
    }

    pub(super) fn on_board_read_back(
        &mut self,
        n: u64,
        result: Result<Vec<Board>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.boards;
        let done = with_directory(cx, |dir, cx| ledger.on_read_back(n, result, dir, cx));
        self.after_board_write(done, cx);
    }

    fn after_board_write(&mut self, done: Option<Group<BoardWrites>>, cx: &mut ScreenCtx) {
        let Some(group) = done else {
            return;
        };
        for o in group.items.values() {
            let (done, attempt) = match &o.change {
                BoardChange::Rename { to, .. } => (
                    format!("Renamed the board {} to {}", o.name, quoted(to)),
                    format!("rename the board {}", o.name),
                ),
                BoardChange::Delete { .. } => (
                    format!("Deleted the board {}", o.name),
                    format!("delete the board {}", o.name),
                ),
            };
            let (kind, text) = o.report(&done, &attempt);
            cx.toast(kind, text);
        }
        // A read-back replaced the project's boards: what is still on its way shows again.
        self.edits.reapply(cx);
    }
}

/// What a create made.
enum Made {
    Project(Project),
    Board(Board),
}

fn what(place: &Place) -> &'static str {
    match place {
        Place::Projects { .. } => "project",
        Place::Boards { .. } => "board",
    }
}

fn send_create(n: u64, place: &Place, name: &str, cx: &mut ScreenCtx) {
    match place {
        Place::Projects { portfolio } => {
            let project = op::CreateProject(NewProject {
                name: name.to_string(),
                portfolio_id: *portfolio,
                ..Default::default()
            });
            cx.request(ProjectsKey::Create(n), project, move |r| {
                ProjectsAnswer::ProjectCreated(n, r)
            });
        }
        Place::Boards { project } => {
            let board = op::CreateBoard(*project, name.to_string());
            cx.request(ProjectsKey::Create(n), board, move |r| {
                ProjectsAnswer::BoardCreated(n, r)
            });
        }
    }
}

/// Reads what new project or board `n` is looked for among.
fn look_for_created(n: u64, look: PageRead<Vec<(i64, String)>>, cx: &mut ScreenCtx) {
    cx.ask(ProjectsKey::CreateFind(n), look, move |r| {
        ProjectsAnswer::CreateFound(n, r)
    });
}

fn report_projects(done: Option<Group<ProjectWrites>>, cx: &mut ScreenCtx) {
    let Some(group) = done else {
        return;
    };
    for o in group.items.values() {
        let (done, attempt) = match &o.change {
            ProjectChange::Rename { to, .. } => (
                format!("Renamed the project {} to {}", o.name, quoted(to)),
                format!("rename the project {}", o.name),
            ),
            ProjectChange::Archive { to: true } => (
                format!(
                    "Archived the project {}: the service lists no archived projects, so it \
                     leaves the tree at the next refresh",
                    o.name
                ),
                format!("archive the project {}", o.name),
            ),
            ProjectChange::Archive { to: false } => (
                format!("Brought the project {} back from the archive", o.name),
                format!("un-archive the project {}", o.name),
            ),
            ProjectChange::Delete { .. } => (
                format!("Deleted the project {}", o.name),
                format!("delete the project {}", o.name),
            ),
        };
        let (kind, text) = o.report(&done, &attempt);
        cx.toast(kind, text);
    }
}
