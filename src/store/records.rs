//! What the store keeps, kind by kind: each model of `weeek_api` as a record with its key,
//! the `updatedAt` a sync compares, and the name the name index holds.

use serde::Serialize;
use serde::de::DeserializeOwned;
use time::OffsetDateTime;
use weeek_api::models::{
    Board, BoardColumn, Comment, Contact, Currency, Deal, Funnel, FunnelStatus, Member,
    Organization, Portfolio, Project, Tag, Task, TaskRow, User, Workspace,
};

use super::names::NameKind;

/// The kind of a record. The number is what the file holds: never change or reuse one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    Profile = 1,
    Workspace = 2,
    Member = 3,
    Tag = 4,
    Currency = 5,
    Portfolio = 6,
    Project = 7,
    Board = 8,
    Column = 9,
    /// A task as a list holds it.
    TaskRow = 10,
    /// A task as its detail holds it.
    Task = 11,
    Comment = 12,
    Funnel = 13,
    Status = 14,
    Deal = 15,
    Contact = 16,
    Organization = 17,
}

impl Kind {
    pub fn number(self) -> i64 {
        self as i64
    }
}

/// A model the store keeps.
pub trait Record: Serialize + DeserializeOwned {
    const KIND: Kind;

    /// Its id, as the store keys it.
    fn key(&self) -> String;

    /// When the service last changed it, if it says.
    fn updated_at(&self) -> Option<OffsetDateTime> {
        None
    }

    /// Its entry in the name index: the kind, the name and where it lives (a board's project,
    /// a deal's funnel). `None` for kinds the index does not hold, and for a deleted task.
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        None
    }
}

/// The one profile of a store is kept under this key.
pub const PROFILE_KEY: &str = "me";
/// And its one workspace under this.
pub const WORKSPACE_KEY: &str = "workspace";

impl Record for User {
    const KIND: Kind = Kind::Profile;
    fn key(&self) -> String {
        PROFILE_KEY.into()
    }
}

impl Record for Workspace {
    const KIND: Kind = Kind::Workspace;
    fn key(&self) -> String {
        WORKSPACE_KEY.into()
    }
}

impl Record for Member {
    const KIND: Kind = Kind::Member;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        Some((NameKind::Member, self.display_name(), None))
    }
}

impl Record for Tag {
    const KIND: Kind = Kind::Tag;
    fn key(&self) -> String {
        self.id.to_string()
    }
}

impl Record for Currency {
    const KIND: Kind = Kind::Currency;
    fn key(&self) -> String {
        self.id.to_string()
    }
}

impl Record for Portfolio {
    const KIND: Kind = Kind::Portfolio;
    fn key(&self) -> String {
        self.id.to_string()
    }
}

impl Record for Project {
    const KIND: Kind = Kind::Project;
    fn key(&self) -> String {
        self.id.to_string()
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        Some((NameKind::Project, self.display_name(), None))
    }
}

impl Record for Board {
    const KIND: Kind = Kind::Board;
    fn key(&self) -> String {
        self.id.to_string()
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        Some((
            NameKind::Board,
            self.name.clone(),
            Some(self.project_id.to_string()),
        ))
    }
}

impl Record for BoardColumn {
    const KIND: Kind = Kind::Column;
    fn key(&self) -> String {
        self.id.to_string()
    }
}

impl Record for TaskRow {
    const KIND: Kind = Kind::TaskRow;
    fn key(&self) -> String {
        self.id.to_string()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        (!self.is_deleted).then(|| (NameKind::Task, self.display_title().to_string(), None))
    }
}

/// A whole task; its row (and so its name) is written with it.
impl Record for Task {
    const KIND: Kind = Kind::Task;
    fn key(&self) -> String {
        self.id.to_string()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
}

impl Record for Comment {
    const KIND: Kind = Kind::Comment;
    fn key(&self) -> String {
        self.id.to_string()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
}

impl Record for Funnel {
    const KIND: Kind = Kind::Funnel;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
}

impl Record for FunnelStatus {
    const KIND: Kind = Kind::Status;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
}

impl Record for Deal {
    const KIND: Kind = Kind::Deal;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        let title = self
            .title
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .unwrap_or("(untitled deal)");
        Some((NameKind::Deal, title.to_string(), self.funnel_id.clone()))
    }
}

impl Record for Contact {
    const KIND: Kind = Kind::Contact;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        Some((NameKind::Contact, self.display_name(), None))
    }
}

impl Record for Organization {
    const KIND: Kind = Kind::Organization;
    fn key(&self) -> String {
        self.id.clone()
    }
    fn updated_at(&self) -> Option<OffsetDateTime> {
        self.updated_at
    }
    fn name(&self) -> Option<(NameKind, String, Option<String>)> {
        Some((NameKind::Organization, self.display_name(), None))
    }
}
