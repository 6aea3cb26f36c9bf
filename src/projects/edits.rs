//! Projects and boards made, renamed, archived and deleted from the tree: `n` a project in the
//! portfolio under the cursor, `N` a board in the project under the cursor, `e` renames, `a`
//! archives or un-archives a project, `D` deletes (after asking). A board's renames and deletes
//! are in `board_writes`, a portfolio's renames in `portfolio_edits`.
//!
//! The tree is drawn from the shared directory of names, so a change shows there (and on the
//! task screen's names) at once. Renames, archives and deletes go through the write ledger: a
//! refusal puts things back with the service's words, a lost answer has the project (or the
//! project's boards) read back, and a delete answered "not found" counts as done. New
//! projects and boards go through the shared creates of named items (`screen::named_creates`):
//! they show once the service answers, and one whose answer was lost is looked for before
//! anything may be sent again, and once more right before the same name is sent again.
//!
//! The service lists no archived projects (`GET /tm/projects` leaves them out and takes no
//! parameter to ask for them), so there is no toggle to show them: a project archived here
//! stays in the tree, marked, until the directory is read again, and `a` brings it back.

use weeek_api::models::{Board, PROJECT_ARCHIVED, Project};
use weeek_api::{ApiError, NewProject, ProjectUpdate};

use super::board_writes::BoardWrites;
use super::naming::Ask;
use super::portfolio_edits::PortfolioWrites;
use super::{Node, ProjectsAnswer, ProjectsKey, ProjectsState};
use crate::screen::ScreenCtx;
use crate::screen::ledger::{Group, Ledger, Settled, Shown, Writes, deleted, done, read_item};
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{CreateLookup, PageRead, ReadBack, read_back_failed};
use crate::screen::named_creates::{CreateEnd, NamedCreates, NamedPlace};
use crate::screen::named_writes::{self, NamedChange, show_read_back};
use crate::screen::names::{Directory, Names, with_directory};
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

/// What a new project or board came back as.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    Project(Box<Project>),
    Board(Board),
}

impl NamedPlace for NameLookup {
    type Made = Made;

    fn send(&self, n: u64, cx: &mut ScreenCtx) {
        match self.place {
            Place::Projects { portfolio } => {
                let project = op::CreateProject(NewProject {
                    name: self.name.clone(),
                    portfolio_id: portfolio,
                    ..Default::default()
                });
                cx.request(ProjectsKey::Create(n), project, move |r| {
                    ProjectsAnswer::Created(n, r.map(Made::Project))
                });
            }
            Place::Boards { project } => {
                let board = op::CreateBoard(project, self.name.clone());
                cx.request(ProjectsKey::Create(n), board, move |r| {
                    ProjectsAnswer::Created(n, r.map(Made::Board))
                });
            }
        }
    }

    fn look(n: u64, read: PageRead<Vec<(i64, String)>>, cx: &mut ScreenCtx) {
        cx.ask(ProjectsKey::CreateFind(n), read, move |r| {
            ProjectsAnswer::CreateFound(n, r)
        });
    }

    fn what(&self) -> &'static str {
        match self.place {
            Place::Projects { .. } => "project",
            Place::Boards { .. } => "board",
        }
    }
}

// ----- projects -----------------------------------------------------------------------------

#[derive(Debug, Clone)]
pub struct ProjectWrites;

#[derive(Debug, Clone)]
pub enum ProjectChange {
    /// Renamed or deleted.
    Named(NamedChange<Project>),
    /// Archived (`true`) or un-archived.
    Archive { to: bool },
}

impl Writes for ProjectWrites {
    type Id = i64;
    type Change = ProjectChange;
    type Item = Project;
    type Note = ();
    type Truth = ();

    crate::ledger_requests!(ProjectsKey, ProjectsAnswer, ProjectWrite);

    fn read_back(id: &i64) -> TypedCall<Result<Project, ApiError>> {
        read_item(op::Project(*id))
    }

    fn judge(_: &i64, change: &ProjectChange, found: Result<&Project, &ApiError>) -> ReadBack {
        match (change, found) {
            (ProjectChange::Named(c), found) => c.judge_item(found),
            (ProjectChange::Archive { to }, Ok(p)) if p.is_archived() == *to => ReadBack::Applied,
            (ProjectChange::Archive { .. }, Ok(_)) => ReadBack::NotApplied,
            (ProjectChange::Archive { .. }, Err(e)) => read_back_failed(e.clone()),
        }
    }
}

fn set_archived(p: &mut Project, archived: bool) {
    p.status = Some(if archived { PROJECT_ARCHIVED } else { 1 });
}

impl Names {
    fn project_mut(&mut self, id: i64) -> Option<&mut Project> {
        self.projects.value_mut()?.iter_mut().find(|p| p.id == id)
    }

    pub(super) fn boards_mut(&mut self, project: i64) -> Option<&mut Vec<Board>> {
        self.boards.get_mut(&project)?.value_mut()
    }
}

impl Shown<ProjectWrites> for Directory<'_> {
    fn reapply(&mut self, id: &i64, change: &ProjectChange, _: &ScreenCtx) {
        match change {
            ProjectChange::Named(c) => {
                if let Some(all) = self.0.projects.value_mut() {
                    c.reapply(all, id);
                }
            }
            ProjectChange::Archive { to } => {
                if let Some(p) = self.0.project_mut(*id) {
                    set_archived(p, *to);
                }
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
        match change {
            ProjectChange::Named(c) => c.roll_back(self.0.projects.value_mut()?, id, later),
            ProjectChange::Archive { to } if !later => set_archived(self.0.project_mut(*id)?, !to),
            ProjectChange::Archive { .. } => {}
        }
        None
    }

    fn read_back(
        &mut self,
        id: &i64,
        change: &ProjectChange,
        found: Result<Project, ApiError>,
        verdict: &ReadBack,
        _later: bool,
        _: &ScreenCtx,
    ) -> Option<()> {
        let at = match change {
            ProjectChange::Named(NamedChange::Delete { index, .. }) => Some(*index),
            _ => None,
        };
        show_read_back(self.0.projects.value_mut()?, id, found, verdict, at);
        None
    }
}

// ----- the state and its keys ---------------------------------------------------------------

#[derive(Debug, Default)]
pub struct Edits {
    pub projects: Ledger<ProjectWrites>,
    pub boards: Ledger<BoardWrites>,
    pub portfolios: Ledger<PortfolioWrites>,
    creates: NamedCreates<NameLookup>,
}

impl Edits {
    /// What quitting now would leave unconfirmed: a project or board sent and not answered,
    /// or looked for after a lost answer.
    pub fn unanswered_creates(&self) -> Option<String> {
        self.creates.unanswered()
    }

    pub fn unsettled(&self) -> usize {
        self.creates.len()
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

pub(super) fn quoted(name: &str) -> String {
    crate::text::quoted(name, 40)
}

impl ProjectsState {
    /// `y` to the question before a delete: the project or board goes.
    pub(super) fn delete(&mut self, ask: Ask, cx: &mut ScreenCtx) {
        match ask {
            Ask::DeleteProject { id, name } => {
                self.step_off(Node::Project(id), cx);
                let Some(change) = cx
                    .names
                    .projects
                    .value_mut()
                    .and_then(|all| named_writes::remove(all, &id))
                else {
                    return;
                };
                let call = deleted(op::DeleteProject(id));
                let change = ProjectChange::Named(change);
                self.edits.projects.write(id, name, change, call, cx);
            }
            Ask::DeleteBoard { project, id, name } => self.delete_board(project, id, name, cx),
        }
    }

    /// The cursor leaves a row about to go: to the row above it.
    pub(super) fn step_off(&mut self, node: Node, cx: &ScreenCtx) {
        let rows = self.rows(cx.names);
        if let Some(at) = rows.iter().position(|r| r.node == node) {
            self.cursor = rows.get(at.saturating_sub(1)).map(|r| r.node);
        }
    }

    pub(super) fn rename_project(&mut self, id: i64, name: String, cx: &mut ScreenCtx) {
        let Some(mut update) = cx
            .names
            .project_mut(id)
            .map(|p| ProjectUpdate::from_project(p))
        else {
            return;
        };
        let Some(change) = cx
            .names
            .projects
            .value_mut()
            .and_then(|all| named_writes::rename(all, &id, &name))
        else {
            return;
        };
        let label = quoted(change.renamed_from().unwrap_or_default());
        update.name = name;
        let call = done(op::UpdateProject(id, update));
        let change = ProjectChange::Named(change);
        self.edits.projects.write(id, label, change, call, cx);
    }

    pub(super) fn archive(&mut self, id: i64, cx: &mut ScreenCtx) {
        let Some(p) = cx.names.project_mut(id) else {
            return;
        };
        let to = !p.is_archived();
        set_archived(p, to);
        let name = quoted(&p.display_name());
        let call = done(op::ArchiveProject(id, to));
        self.edits
            .projects
            .write(id, name, ProjectChange::Archive { to }, call, cx);
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
        let lookup = NameLookup { place, name };
        let held = self.existing(&lookup.place, cx.names);
        self.edits.creates.create(lookup, &held, cx);
    }

    // ----- answers --------------------------------------------------------------------------

    /// The answer to new project or board `n`.
    pub(super) fn on_created(
        &mut self,
        n: u64,
        result: Result<Made, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.edits.creates.on_created(n, result, cx);
        self.create_ended(end, cx);
    }

    /// The read that looks for new project or board `n`.
    pub(super) fn on_create_looked(
        &mut self,
        n: u64,
        result: Result<Vec<(i64, String)>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let end = self.edits.creates.on_looked(n, result, cx);
        self.create_ended(end, cx);
    }

    fn create_ended(&mut self, end: Option<CreateEnd<NameLookup>>, cx: &mut ScreenCtx) {
        match end {
            Some(CreateEnd::Made(_, made)) => self.show_made(made, cx),
            // The directory is read again: the new one shows as the service has it.
            Some(CreateEnd::Found(lookup, _)) => match lookup.place {
                Place::Projects { .. } => cx.refresh_directory(),
                Place::Boards { project } => {
                    cx.names.boards.remove(&project);
                    cx.ensure_boards(project);
                }
            },
            None | Some(CreateEnd::Refused(..) | CreateEnd::Dropped(_)) => {}
        }
    }

    /// A new project or board in the tree, under the cursor, its branch open.
    fn show_made(&mut self, made: Made, cx: &mut ScreenCtx) {
        match made {
            Made::Project(p) => {
                let p = *p;
                let node = Node::Project(p.id);
                if let Some(home) = p.portfolio_id {
                    self.expanded.insert(Node::Portfolio(home));
                } else {
                    self.expanded.insert(Node::Unfiled);
                }
                let id = p.id;
                if let Some(all) = cx.names.projects.value_mut() {
                    named_writes::restore(all, p, usize::MAX);
                }
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

    /// The answer to project write `n`, or its read-back.
    pub(super) fn on_project_write(
        &mut self,
        n: u64,
        settled: Settled<Project>,
        cx: &mut ScreenCtx,
    ) {
        let ledger = &mut self.edits.projects;
        let done = with_directory(cx, |dir, cx| ledger.on_settled(n, settled, dir, cx));
        report_projects(done, cx);
    }
}

fn report_projects(done: Option<Group<ProjectWrites>>, cx: &mut ScreenCtx) {
    let Some(group) = done else {
        return;
    };
    for o in group.items.values() {
        let (done, attempt) = match &o.change {
            ProjectChange::Named(c) => c.words("project", &o.name),
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
        };
        let (kind, text) = o.report(&done, &attempt);
        cx.toast(kind, text);
    }
}
