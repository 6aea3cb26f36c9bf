//! Reference data every screen resolves ids against: the user, the workspace, members, tags,
//! projects, boards, columns and currencies. Screens show names, never ids.

use std::collections::HashMap;

use weeek_api::models::{Board, BoardColumn, Currency, Member, Project, Tag, User, Workspace};

use super::Env;
use super::loadable::Loadable;
use super::requests::DirKey;
use crate::worker::{Answer, Call};

#[derive(Debug, Default, Clone)]
pub struct Directory {
    pub user: Loadable<User>,
    pub workspace: Loadable<Workspace>,
    pub members: Loadable<Vec<Member>>,
    pub tags: Loadable<Vec<Tag>>,
    pub projects: Loadable<Vec<Project>>,
    pub boards: HashMap<i64, Loadable<Vec<Board>>>,
    pub columns: HashMap<i64, Loadable<Vec<BoardColumn>>>,
    pub currencies: Loadable<Vec<Currency>>,
}

impl Env<'_> {
    /// Asks for everything the screens need at start.
    pub fn load_directory(&mut self) {
        for (key, call) in [
            (DirKey::Me, Call::Me),
            (DirKey::Workspace, Call::Workspace),
            (DirKey::Members, Call::Members),
            (DirKey::Tags, Call::Tags),
            (DirKey::Projects, Call::Projects),
            (DirKey::Currencies, Call::Currencies),
        ] {
            self.request(key, call);
        }
        let d = &mut *self.dir;
        d.user.start();
        d.workspace.start();
        d.members.start();
        d.tags.start();
        d.projects.start();
        d.currencies.start();
    }

    /// Refreshes the lists that change while people work (members, tags, projects, boards,
    /// columns).
    pub fn refresh_directory(&mut self) {
        self.request(DirKey::Members, Call::Members);
        self.request(DirKey::Tags, Call::Tags);
        self.request(DirKey::Projects, Call::Projects);
        self.dir.members.start();
        self.dir.tags.start();
        self.dir.projects.start();
        let boards: Vec<i64> = self.dir.boards.keys().copied().collect();
        for p in boards {
            self.request_boards(p);
        }
        let columns: Vec<i64> = self.dir.columns.keys().copied().collect();
        for b in columns {
            self.request_columns(b);
        }
    }

    fn request_boards(&mut self, project: i64) {
        self.request(DirKey::Boards(project), Call::Boards(project));
        self.dir.boards.entry(project).or_default().start();
    }

    fn request_columns(&mut self, board: i64) {
        self.request(DirKey::Columns(board), Call::Columns(board));
        self.dir.columns.entry(board).or_default().start();
    }

    /// Loads the boards of `project` once.
    pub fn ensure_boards(&mut self, project: i64) {
        if !self.dir.boards.contains_key(&project) {
            self.request_boards(project);
        }
    }

    /// Loads the columns of `board` once.
    pub fn ensure_columns(&mut self, board: i64) {
        if !self.dir.columns.contains_key(&board) {
            self.request_columns(board);
        }
    }
}

impl Directory {
    /// Applies an answer to one of the directory's requests.
    pub fn on_answer(&mut self, key: DirKey, answer: Answer) {
        use Answer as A;
        match (key, answer) {
            (DirKey::Me, A::Me(r)) => self.user.finish(r.map(|u| *u)),
            (DirKey::Workspace, A::Workspace(r)) => self.workspace.finish(r),
            (DirKey::Members, A::Members(r)) => self.members.finish(r),
            (DirKey::Tags, A::Tags(r)) => self.tags.finish(r),
            (DirKey::Projects, A::Projects(r)) => self.projects.finish(r),
            (DirKey::Currencies, A::Currencies(r)) => self.currencies.finish(r),
            (DirKey::Boards(p), A::Boards(r)) => self.boards.entry(p).or_default().finish(r),
            (DirKey::Columns(b), A::Columns(r)) => self.columns.entry(b).or_default().finish(r),
            // Each key is asked with its one call above: no other pair arrives.
            _ => {}
        }
    }

    pub fn me(&self) -> Option<&User> {
        self.user.value()
    }

    pub fn member(&self, id: &str) -> Option<&Member> {
        self.members.value()?.iter().find(|m| m.id == id)
    }

    /// A member's name; the current user is "me" only where space is short, so full name here.
    pub fn member_name(&self, id: &str) -> String {
        if let Some(m) = self.member(id) {
            return m.display_name();
        }
        if let Some(u) = self.me().filter(|u| u.id == id) {
            return u.display_name();
        }
        short_id(id)
    }

    pub fn tag(&self, id: i64) -> Option<&Tag> {
        self.tags.value()?.iter().find(|t| t.id == id)
    }

    pub fn project(&self, id: i64) -> Option<&Project> {
        self.projects.value()?.iter().find(|p| p.id == id)
    }

    pub fn project_name(&self, id: i64) -> String {
        self.project(id)
            .map(Project::display_name)
            .unwrap_or_else(|| format!("project #{id}"))
    }

    pub fn board(&self, id: i64) -> Option<&Board> {
        self.boards
            .values()
            .filter_map(Loadable::value)
            .flatten()
            .find(|b| b.id == id)
    }

    pub fn board_name(&self, id: i64) -> String {
        self.board(id)
            .map(|b| b.name.clone())
            .unwrap_or_else(|| format!("board #{id}"))
    }

    /// Column ids are unique across boards, so a column can be found without its board.
    pub fn column(&self, id: i64) -> Option<&BoardColumn> {
        self.columns
            .values()
            .filter_map(Loadable::value)
            .flatten()
            .find(|c| c.id == id)
    }

    pub fn column_name(&self, id: i64) -> String {
        self.column(id)
            .map(|c| c.name.clone())
            .unwrap_or_else(|| format!("column #{id}"))
    }

    pub fn currency(&self, id: i64) -> Option<&Currency> {
        self.currencies.value()?.iter().find(|c| c.id == id)
    }
}

/// The first block of a UUID: enough to tell people apart when a name is missing.
pub fn short_id(id: &str) -> String {
    let head: String = id.chars().take(8).collect();
    format!("#{head}")
}
