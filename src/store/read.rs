//! Reading the store back: a record by id, a whole list, or one page of a list, each with the
//! time it was read. Lists are named by keys the worker computes from its requests
//! ([`ListKey`], [`PageKey`]), so the answer to a request can be looked up before it is sent.

use std::collections::HashMap;
use std::marker::PhantomData;

use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;
use weeek_api::models::{
    Board, BoardColumn, Comment, Contact, Currency, Deal, Funnel, FunnelStatus, Member,
    Organization, Portfolio, Project, Tag, TaskRow, User, Workspace,
};
use weeek_api::{ApiError, DealQuery, ListQuery, TaskQuery};

use super::records::{Kind, PROFILE_KEY, Record, WORKSPACE_KEY};
use super::{Store, StoreError, from_millis};

/// A value as the store holds it, with when it was read from the service.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored<T> {
    pub value: T,
    pub read_at: OffsetDateTime,
}

/// One page of a list as the store holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredPage<T> {
    pub rows: Vec<T>,
    /// More rows follow in the list, as the service last said.
    pub has_more: bool,
    /// When the oldest of its rows was read.
    pub read_at: OffsetDateTime,
}

/// A list of records of type `R`, by the query that reads it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListKey<R> {
    pub(super) key: String,
    kind: PhantomData<fn() -> R>,
}

impl<R: Record> ListKey<R> {
    fn new(key: impl Into<String>) -> Self {
        Self {
            key: key.into(),
            kind: PhantomData,
        }
    }

    /// The key as the store writes it.
    pub fn as_str(&self) -> &str {
        &self.key
    }
}

/// The query pairs of a request without its page (`offset`, `perPage`, `limit`), as text:
/// every request for a page of the same list has the same key.
fn without_paging(pairs: Vec<(String, String)>) -> String {
    let kept: Vec<(String, String)> = pairs
        .into_iter()
        .filter(|(k, _)| !matches!(k.as_str(), "offset" | "perPage" | "limit"))
        .collect();
    serde_json::to_string(&kept).unwrap_or_default()
}

impl ListKey<TaskRow> {
    /// The task list `query` reads, whatever its page. A query the service would refuse (a
    /// one-sided date range) has no list.
    pub fn tasks(query: &TaskQuery) -> Result<Self, ApiError> {
        Ok(Self::new(without_paging(query.to_pairs()?)))
    }
}

impl ListKey<Deal> {
    /// The deals of `status` that `query` reads, whatever its page.
    pub fn deals(status: &str, query: &DealQuery) -> Self {
        Self::new(format!("{status} {}", without_paging(query.to_pairs())))
    }
}

impl ListKey<Contact> {
    pub fn contacts(query: &ListQuery) -> Self {
        Self::new(query.search.as_deref().unwrap_or("").trim())
    }
}

impl ListKey<Organization> {
    pub fn organizations(query: &ListQuery) -> Self {
        Self::new(query.search.as_deref().unwrap_or("").trim())
    }
}

impl ListKey<Comment> {
    pub fn comments(task: i64) -> Self {
        Self::new(task.to_string())
    }
}

impl ListKey<Member> {
    pub fn members() -> Self {
        Self::new("")
    }
}

impl ListKey<Tag> {
    pub fn tags() -> Self {
        Self::new("")
    }
}

impl ListKey<Currency> {
    pub fn currencies() -> Self {
        Self::new("")
    }
}

impl ListKey<Portfolio> {
    pub fn portfolios() -> Self {
        Self::new("")
    }
}

impl ListKey<Project> {
    pub fn projects() -> Self {
        Self::new("")
    }
}

impl ListKey<Board> {
    pub fn boards(project: i64) -> Self {
        Self::new(project.to_string())
    }
}

impl ListKey<BoardColumn> {
    pub fn columns(board: i64) -> Self {
        Self::new(board.to_string())
    }
}

impl ListKey<Funnel> {
    pub fn funnels() -> Self {
        Self::new("")
    }
}

impl ListKey<FunnelStatus> {
    pub fn statuses(funnel: &str) -> Self {
        Self::new(funnel)
    }
}

/// One page of a list: the list, where the page starts and how many rows it asks for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey<R> {
    pub list: ListKey<R>,
    pub offset: u32,
    pub limit: u32,
}

/// The service's page size when a task query names none (UNCERTAIN: undocumented; the
/// emulator's default).
const TASKS_DEFAULT_PER_PAGE: u32 = 20;
/// The same for the CRM lists (the reference's example).
const CRM_DEFAULT_LIMIT: u32 = 50;

impl PageKey<TaskRow> {
    /// The page `query` reads.
    pub fn tasks(query: &TaskQuery) -> Result<Self, ApiError> {
        Ok(Self {
            list: ListKey::tasks(query)?,
            offset: query.offset.unwrap_or(0),
            limit: query.per_page.unwrap_or(TASKS_DEFAULT_PER_PAGE),
        })
    }
}

impl PageKey<Deal> {
    pub fn deals(status: &str, query: &DealQuery) -> Self {
        Self {
            list: ListKey::deals(status, query),
            offset: query.offset.unwrap_or(0),
            limit: query.limit.unwrap_or(CRM_DEFAULT_LIMIT),
        }
    }
}

impl PageKey<Contact> {
    pub fn contacts(query: &ListQuery) -> Self {
        Self {
            list: ListKey::contacts(query),
            offset: query.offset.unwrap_or(0),
            limit: query.limit.unwrap_or(CRM_DEFAULT_LIMIT),
        }
    }
}

impl PageKey<Organization> {
    pub fn organizations(query: &ListQuery) -> Self {
        Self {
            list: ListKey::organizations(query),
            offset: query.offset.unwrap_or(0),
            limit: query.limit.unwrap_or(CRM_DEFAULT_LIMIT),
        }
    }
}

impl PageKey<Comment> {
    pub fn comments(task: i64, limit: u32, offset: u32) -> Self {
        Self {
            list: ListKey::comments(task),
            offset,
            limit,
        }
    }
}

impl<R> PageKey<R> {
    /// For lists that send no "more" flag (contacts, organizations): a full page may have
    /// more after it, a shorter one is the last.
    pub fn more_after(&self, rows: usize) -> bool {
        rows as u64 >= u64::from(self.limit.max(1))
    }
}

/// A list as `lists` holds it.
struct ListRow {
    id: i64,
    length: Option<i64>,
    read_at: i64,
}

impl Store {
    /// The record of type `R` with id `key`.
    pub fn get<R: Record>(&self, key: &str) -> Result<Option<Stored<R>>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached("SELECT body, read_at FROM records WHERE kind = ?1 AND id = ?2")?;
        let found = stmt
            .query_row(params![R::KIND.number(), key], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })
            .optional()?;
        Ok(match found {
            Some((body, read_at)) => decode(&body).map(|value| Stored {
                value,
                read_at: from_millis(read_at),
            }),
            None => None,
        })
    }

    pub fn profile(&self) -> Result<Option<Stored<User>>, StoreError> {
        self.get(PROFILE_KEY)
    }

    pub fn workspace(&self) -> Result<Option<Stored<Workspace>>, StoreError> {
        self.get(WORKSPACE_KEY)
    }

    fn list_row(&self, kind: Kind, key: &str) -> Result<Option<ListRow>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached("SELECT id, length, read_at FROM lists WHERE kind = ?1 AND key = ?2")?;
        Ok(stmt
            .query_row(params![kind.number(), key], |r| {
                Ok(ListRow {
                    id: r.get(0)?,
                    length: r.get(1)?,
                    read_at: r.get(2)?,
                })
            })
            .optional()?)
    }

    /// The rows of list `list` from place `offset`, at most `limit`, with the oldest time one
    /// of them was read. Rows that no longer read are left out.
    fn rows<R: Record>(
        &self,
        list: i64,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<R>, Option<i64>), StoreError> {
        let mut stmt = self.conn()?.prepare_cached(
            "SELECT r.body, i.read_at FROM list_items i \
             JOIN records r ON r.kind = ?1 AND r.id = i.item \
             WHERE i.list = ?2 AND i.position >= ?3 ORDER BY i.position LIMIT ?4",
        )?;
        let mut rows = Vec::new();
        let mut oldest: Option<i64> = None;
        let found = stmt.query_map(params![R::KIND.number(), list, offset, limit], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
        })?;
        for row in found {
            let (body, read_at) = row?;
            if let Some(value) = decode(&body) {
                rows.push(value);
                oldest = Some(oldest.map_or(read_at, |o| o.min(read_at)));
            }
        }
        Ok((rows, oldest))
    }

    /// A list read whole (members, a project's boards): `None` until it was read once.
    pub fn list<R: Record>(&self, key: &ListKey<R>) -> Result<Option<Stored<Vec<R>>>, StoreError> {
        let Some(list) = self.list_row(R::KIND, &key.key)? else {
            return Ok(None);
        };
        let (rows, _) = self.rows::<R>(list.id, 0, i64::MAX)?;
        Ok(Some(Stored {
            value: rows,
            read_at: from_millis(list.read_at),
        }))
    }

    /// One page of a list: `None` when the store has none of its rows (and does not know the
    /// list to end before it).
    pub fn page<R: Record>(&self, page: &PageKey<R>) -> Result<Option<StoredPage<R>>, StoreError> {
        let Some(list) = self.list_row(R::KIND, &page.list.key)? else {
            return Ok(None);
        };
        let offset = i64::from(page.offset);
        let (rows, oldest) = self.rows::<R>(list.id, offset, i64::from(page.limit))?;
        let end = offset + rows.len() as i64;
        if rows.is_empty() && list.length.is_none_or(|len| offset < len) {
            return Ok(None);
        }
        Ok(Some(StoredPage {
            has_more: list.length.is_none_or(|len| end < len),
            read_at: from_millis(oldest.unwrap_or(list.read_at)),
            rows,
        }))
    }

    /// How many records of `kind` the store holds.
    pub fn count(&self, kind: Kind) -> Result<u64, StoreError> {
        let n: i64 = self.conn()?.query_row(
            "SELECT count(*) FROM records WHERE kind = ?1",
            params![kind.number()],
            |r| r.get(0),
        )?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// Every record of `kind` by id, with the `updatedAt` the service gave it (ns since 1970):
    /// what a sync compares the service's answers with.
    pub fn updated_index(&self, kind: Kind) -> Result<HashMap<String, Option<i64>>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached("SELECT id, updated_at FROM records WHERE kind = ?1")?;
        let rows = stmt.query_map(params![kind.number()], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

/// A record as written; one written by another version that no longer reads is as if absent
/// (the next answer of the service replaces it).
fn decode<R: Record>(body: &str) -> Option<R> {
    match serde_json::from_str(body) {
        Ok(r) => Some(r),
        Err(e) => {
            tracing::warn!(kind = ?R::KIND, error = %e, "a stored record no longer reads");
            None
        }
    }
}
