//! The name index: every task, project, board, deal, contact, organization and member the
//! store holds, by name, for going to anything from the palette. Kept beside the records and
//! written with them, so that reading every name never reads a record.

use rusqlite::params;

use super::{Store, StoreError};

/// What a name names. The number is what the file holds: never change or reuse one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum NameKind {
    Task = 1,
    Project = 2,
    Board = 3,
    Deal = 4,
    Contact = 5,
    Organization = 6,
    Member = 7,
}

impl NameKind {
    pub const ALL: [NameKind; 7] = [
        Self::Task,
        Self::Project,
        Self::Board,
        Self::Deal,
        Self::Contact,
        Self::Organization,
        Self::Member,
    ];

    pub fn number(self) -> i64 {
        self as i64
    }

    pub fn from_number(n: i64) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.number() == n)
    }
}

/// One entry of the index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub kind: NameKind,
    /// The id, as text (a task's number, a deal's slug, a member's UUID).
    pub id: String,
    pub name: String,
    /// Where it lives, to open it there: a board's project, a deal's funnel.
    pub place: Option<String>,
}

impl Store {
    /// Every name of `kind`.
    pub fn names(&self, kind: NameKind) -> Result<Vec<Named>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached("SELECT id, name, place FROM names WHERE kind = ?1")?;
        let rows = stmt.query_map(params![kind.number()], |r| {
            Ok(Named {
                kind,
                id: r.get(0)?,
                name: r.get(1)?,
                place: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Every name of every kind, kind by kind.
    pub fn all_names(&self) -> Result<Vec<Named>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached("SELECT kind, id, name, place FROM names")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (kind, id, name, place) = row?;
            // A kind written by a newer version is left to it.
            if let Some(kind) = NameKind::from_number(kind) {
                out.push(Named {
                    kind,
                    id,
                    name,
                    place,
                });
            }
        }
        Ok(out)
    }
}
