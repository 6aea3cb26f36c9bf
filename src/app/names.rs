//! Reference data every screen resolves ids against: the user, the workspace, members, tags,
//! projects, boards, columns and currencies. Screens show names, never ids.

use std::collections::HashMap;

use weeek_api::models::{Board, BoardColumn, Currency, Member, Project, Tag, User, Workspace};

use super::ScreenCtx;
use super::loadable::Loadable;
use super::requests::NamesKey;
use crate::worker::{Answer, Call};

#[derive(Debug, Default, Clone)]
pub struct Names {
    pub user: Loadable<User>,
    pub workspace: Loadable<Workspace>,
    pub members: Loadable<Vec<Member>>,
    pub tags: Loadable<Vec<Tag>>,
    pub projects: Loadable<Vec<Project>>,
    pub boards: HashMap<i64, Loadable<Vec<Board>>>,
    pub columns: HashMap<i64, Loadable<Vec<BoardColumn>>>,
    pub currencies: Loadable<Vec<Currency>>,
    /// Tags and organizations made from a picker whose answer was lost and that no look found:
    /// whichever screen sends the name again looks first.
    pub unsettled_choices:
        crate::app::lost_answer::Unsettled<crate::contacts::create_choice::ChoiceLookup>,
}

impl ScreenCtx<'_> {
    /// Asks for everything the screens need at start.
    pub fn load_directory(&mut self) {
        for (key, call) in [
            (NamesKey::Me, Call::Me),
            (NamesKey::Workspace, Call::Workspace),
            (NamesKey::Members, Call::Members),
            (NamesKey::Tags, Call::Tags),
            (NamesKey::Projects, Call::Projects),
            (NamesKey::Currencies, Call::Currencies),
        ] {
            self.request(key, call);
        }
        let d = &mut *self.names;
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
        self.request(NamesKey::Members, Call::Members);
        self.request(NamesKey::Tags, Call::Tags);
        self.request(NamesKey::Projects, Call::Projects);
        self.names.members.start();
        self.names.tags.start();
        self.names.projects.start();
        let boards: Vec<i64> = self.names.boards.keys().copied().collect();
        for p in boards {
            self.request_boards(p);
        }
        let columns: Vec<i64> = self.names.columns.keys().copied().collect();
        for b in columns {
            self.request_columns(b);
        }
    }

    fn request_boards(&mut self, project: i64) {
        self.request(NamesKey::Boards(project), Call::Boards(project));
        self.names.boards.entry(project).or_default().start();
    }

    /// Reads the columns of `board` (again).
    pub fn request_columns(&mut self, board: i64) {
        self.request(NamesKey::Columns(board), Call::Columns(board));
        self.names.columns.entry(board).or_default().start();
    }

    /// Loads the boards of `project` once.
    pub fn ensure_boards(&mut self, project: i64) {
        if !self.names.boards.contains_key(&project) {
            self.request_boards(project);
        }
    }

    /// Loads the columns of `board` once.
    pub fn ensure_columns(&mut self, board: i64) {
        if !self.names.columns.contains_key(&board) {
            self.request_columns(board);
        }
    }
}

impl Names {
    /// Applies an answer to one of the directory's requests.
    pub fn on_answer(&mut self, key: NamesKey, answer: Answer) {
        use Answer as A;
        match (key, answer) {
            (NamesKey::Me, A::Me(r)) => self.user.finish(r.map(|u| *u)),
            (NamesKey::Workspace, A::Workspace(r)) => self.workspace.finish(r),
            (NamesKey::Members, A::Members(r)) => self.members.finish(r),
            (NamesKey::Tags, A::Tags(r)) => self.tags.finish(r),
            (NamesKey::Projects, A::Projects(r)) => self.projects.finish(r),
            (NamesKey::Currencies, A::Currencies(r)) => self.currencies.finish(r),
            (NamesKey::Boards(p), A::Boards(r)) => self.boards.entry(p).or_default().finish(r),
            (NamesKey::Columns(b), A::Columns(r)) => self.columns.entry(b).or_default().finish(r),
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
