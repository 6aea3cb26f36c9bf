//! Reference data every screen resolves ids against: the user, the workspace, members, tags,
//! projects, boards, columns and currencies. Screens show names, never ids.

use std::collections::HashMap;

use weeek_api::models::{Board, BoardColumn, Currency, Member, Project, Tag, User, Workspace};

use super::Env;
use super::loadable::Loadable;
use crate::worker::{Call, Data};

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

pub const KEY_PREFIX: &str = "dir:";

impl Env<'_> {
    /// Asks for everything the screens need at start.
    pub fn load_directory(&mut self) {
        for (key, call) in [
            ("dir:me", Call::Me),
            ("dir:workspace", Call::Workspace),
            ("dir:members", Call::Members),
            ("dir:tags", Call::Tags),
            ("dir:projects", Call::Projects),
            ("dir:currencies", Call::Currencies),
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
        self.request("dir:members", Call::Members);
        self.request("dir:tags", Call::Tags);
        self.request("dir:projects", Call::Projects);
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
        self.request(format!("dir:boards:{project}"), Call::Boards(project));
        self.dir.boards.entry(project).or_default().start();
    }

    fn request_columns(&mut self, board: i64) {
        self.request(format!("dir:columns:{board}"), Call::Columns(board));
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
    /// Applies an answer to a `dir:` request. Returns false for keys it does not own.
    pub fn on_reply(&mut self, key: &str, result: Result<Data, weeek_api::ApiError>) -> bool {
        let Some(rest) = key.strip_prefix(KEY_PREFIX) else {
            return false;
        };
        macro_rules! finish {
            ($slot:expr, $variant:path) => {
                $slot.finish(result.and_then(|d| match d {
                    $variant(v) => Ok(v),
                    other => Err(unexpected(&other)),
                }))
            };
        }
        match rest {
            "me" => self.user.finish(result.and_then(|d| match d {
                Data::Me(v) => Ok(*v),
                other => Err(unexpected(&other)),
            })),
            "workspace" => finish!(self.workspace, Data::Workspace),
            "members" => finish!(self.members, Data::Members),
            "tags" => finish!(self.tags, Data::Tags),
            "projects" => finish!(self.projects, Data::Projects),
            "currencies" => finish!(self.currencies, Data::Currencies),
            _ => {
                if let Some(id) = rest.strip_prefix("boards:").and_then(|s| s.parse().ok()) {
                    finish!(self.boards.entry(id).or_default(), Data::Boards);
                } else if let Some(id) = rest.strip_prefix("columns:").and_then(|s| s.parse().ok())
                {
                    finish!(self.columns.entry(id).or_default(), Data::Columns);
                } else {
                    return false;
                }
            }
        }
        true
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

/// An answer of another kind than the request asked for: a bug, reported instead of a panic.
pub fn unexpected(_: &Data) -> weeek_api::ApiError {
    weeek_api::ApiError::InvalidRequest("the answer did not match the request".into())
}

/// The first block of a UUID: enough to tell people apart when a name is missing.
pub fn short_id(id: &str) -> String {
    let head: String = id.chars().take(8).collect();
    format!("#{head}")
}
