//! Writing what the service answered, inside one transaction ([`super::Store::write`]).

use rusqlite::{Transaction, params};
use time::OffsetDateTime;
use weeek_api::models::{Task, TaskRow, User, Workspace};

use super::read::{ListKey, PageKey};
use super::records::{Kind, Record};
use super::{StoreError, millis};

/// Takes record `?2` out of list `?1`. The index is named: without statistics SQLite may
/// walk the whole list by its primary key instead, and writing a long list turns quadratic.
pub(super) const LEAVE_LIST: &str =
    "DELETE FROM list_items INDEXED BY list_items_by_item WHERE list = ?1 AND item = ?2";
/// Takes record `?2` out of every list of kind `?1`, the same way.
pub(super) const LEAVE_LISTS: &str = "DELETE FROM list_items INDEXED BY list_items_by_item \
     WHERE item = ?2 AND list IN (SELECT id FROM lists WHERE kind = ?1)";

/// The writes of one transaction.
pub struct Writer<'a> {
    tx: &'a Transaction<'a>,
}

impl<'a> Writer<'a> {
    pub(super) fn new(tx: &'a Transaction<'a>) -> Self {
        Self { tx }
    }

    pub(super) fn tx(&self) -> &Transaction<'a> {
        self.tx
    }

    /// Keeps `record` as read at `at`, over any it replaces, with its name.
    pub fn put<R: Record>(&self, record: &R, at: OffsetDateTime) -> Result<(), StoreError> {
        let body = serde_json::to_string(record)?;
        let key = record.key();
        let updated = record
            .updated_at()
            .and_then(|t| i64::try_from(t.unix_timestamp_nanos()).ok());
        self.tx
            .prepare_cached(
                "INSERT INTO records (kind, id, body, updated_at, read_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5) \
                 ON CONFLICT (kind, id) DO UPDATE SET body = excluded.body, \
                 updated_at = excluded.updated_at, read_at = excluded.read_at",
            )?
            .execute(params![R::KIND.number(), key, body, updated, millis(at)])?;
        self.name::<R>(record, &key)
    }

    fn name<R: Record>(&self, record: &R, key: &str) -> Result<(), StoreError> {
        match record.name() {
            Some((kind, name, place)) => {
                self.tx
                    .prepare_cached("INSERT OR REPLACE INTO names VALUES (?1, ?2, ?3, ?4)")?
                    .execute(params![kind.number(), key, name, place])?;
            }
            None => self.forget_name::<R>(key)?,
        }
        Ok(())
    }

    /// Removes the name of the record `key` of `R`'s kind (a deleted task has none).
    fn forget_name<R: Record>(&self, key: &str) -> Result<(), StoreError> {
        // The kinds of the index the record kinds name; a whole task is named by its row.
        use super::names::NameKind as N;
        let kind = match R::KIND {
            Kind::TaskRow => N::Task,
            Kind::Project => N::Project,
            Kind::Board => N::Board,
            Kind::Deal => N::Deal,
            Kind::Contact => N::Contact,
            Kind::Organization => N::Organization,
            Kind::Member => N::Member,
            _ => return Ok(()),
        };
        self.tx
            .prepare_cached("DELETE FROM names WHERE kind = ?1 AND id = ?2")?
            .execute(params![kind.number(), key])?;
        Ok(())
    }

    pub fn put_profile(&self, user: &User, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put(user, at)
    }

    pub fn put_workspace(&self, ws: &Workspace, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put(ws, at)
    }

    /// A whole task, and its row: the lists that hold it show what its detail showed.
    pub fn put_task(&self, task: &Task, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put(task, at)?;
        self.put(&TaskRow::from(task), at)
    }

    /// The id of list `key` of `R`'s kind, made if new, marked read at `at`.
    fn list_id<R: Record>(
        &self,
        key: &ListKey<R>,
        whole: bool,
        at: OffsetDateTime,
    ) -> Result<i64, StoreError> {
        Ok(self
            .tx
            .prepare_cached(
                "INSERT INTO lists (kind, key, whole, read_at) VALUES (?1, ?2, ?3, ?4) \
                 ON CONFLICT (kind, key) DO UPDATE SET read_at = excluded.read_at \
                 RETURNING id",
            )?
            .query_row(params![R::KIND.number(), key.key, whole, millis(at)], |r| {
                r.get(0)
            })?)
    }

    /// Puts `rows` at places `offset..` of `list`, each record once in the list: a row read
    /// again at another place leaves its old one.
    fn place<R: Record>(
        &self,
        list: i64,
        offset: u32,
        rows: &[R],
        at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let mut leave = self.tx.prepare_cached(LEAVE_LIST)?;
        let mut set = self
            .tx
            .prepare_cached("INSERT OR REPLACE INTO list_items VALUES (?1, ?2, ?3, ?4)")?;
        for (i, row) in rows.iter().enumerate() {
            self.put(row, at)?;
            let key = row.key();
            leave.execute(params![list, key])?;
            set.execute(params![list, i64::from(offset) + i as i64, key, millis(at)])?;
        }
        Ok(())
    }

    /// A page of a list as the service answered it: `rows` from `page.offset`, and whether
    /// more follow. The last page ends the list there.
    pub fn put_page<R: Record>(
        &self,
        page: &PageKey<R>,
        rows: &[R],
        has_more: bool,
        at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let list = self.list_id(&page.list, false, at)?;
        self.place(list, page.offset, rows, at)?;
        let end = i64::from(page.offset) + rows.len() as i64;
        if has_more {
            // The list is longer than once known.
            self.tx
                .prepare_cached("UPDATE lists SET length = NULL WHERE id = ?1 AND length <= ?2")?
                .execute(params![list, end])?;
        } else {
            self.tx
                .prepare_cached("DELETE FROM list_items WHERE list = ?1 AND position >= ?2")?
                .execute(params![list, end])?;
            self.tx
                .prepare_cached("UPDATE lists SET length = ?2 WHERE id = ?1")?
                .execute(params![list, end])?;
        }
        Ok(())
    }

    /// A list read whole (members, a project's boards, a funnel's statuses): it replaces the
    /// list, and a record it no longer holds is gone from the service and from the store.
    pub fn put_list<R: Record>(
        &self,
        key: &ListKey<R>,
        rows: &[R],
        at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let list = self.list_id(key, true, at)?;
        let before: Vec<String> = self
            .tx
            .prepare_cached("SELECT item FROM list_items WHERE list = ?1")?
            .query_map(params![list], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        self.tx
            .prepare_cached("DELETE FROM list_items WHERE list = ?1")?
            .execute(params![list])?;
        self.place(list, 0, rows, at)?;
        self.tx
            .prepare_cached("UPDATE lists SET length = ?2 WHERE id = ?1")?
            .execute(params![list, rows.len() as i64])?;
        let now: std::collections::HashSet<String> = rows.iter().map(Record::key).collect();
        for gone in before.iter().filter(|k| !now.contains(*k)) {
            self.forget::<R>(gone)?;
        }
        Ok(())
    }

    /// Forgets the record `key` of `R`: its body, its name and its places in lists.
    pub fn forget<R: Record>(&self, key: &str) -> Result<(), StoreError> {
        self.tx
            .prepare_cached("DELETE FROM records WHERE kind = ?1 AND id = ?2")?
            .execute(params![R::KIND.number(), key])?;
        self.tx
            .prepare_cached(LEAVE_LISTS)?
            .execute(params![R::KIND.number(), key])?;
        self.forget_name::<R>(key)
    }

    /// Takes the record `key` of `R` out of every list that holds it, keeping the record (a
    /// deal moved to another status: its new place comes with the next read of that status).
    pub fn leave_lists<R: Record>(&self, key: &str) -> Result<(), StoreError> {
        self.tx
            .prepare_cached(LEAVE_LISTS)?
            .execute(params![R::KIND.number(), key])?;
        Ok(())
    }

    /// Task `id` completed (`done`) or opened again, as the service confirmed: its row and
    /// its whole say so, and it leaves the lists of open (or of completed) tasks only, which no
    /// longer hold it. Other lists keep it where it was until they are read again.
    pub fn task_completed(
        &self,
        id: i64,
        done: bool,
        at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        let key = id.to_string();
        let read = |kind: Kind| -> Result<Option<String>, StoreError> {
            use rusqlite::OptionalExtension;
            Ok(self
                .tx
                .prepare_cached("SELECT body FROM records WHERE kind = ?1 AND id = ?2")?
                .query_row(params![kind.number(), key], |r| r.get(0))
                .optional()?)
        };
        if let Some(body) = read(Kind::TaskRow)? {
            let mut row: TaskRow = serde_json::from_str(&body)?;
            row.is_completed = done;
            self.put(&row, at)?;
        }
        if let Some(body) = read(Kind::Task)? {
            let mut task: Task = serde_json::from_str(&body)?;
            task.is_completed = done;
            self.put(&task, at)?;
        }
        // The pair the list's key holds for the side the task left: `["completed","0"]`.
        let left = serde_json::to_string(&("completed", if done { "0" } else { "1" }))?;
        self.tx
            .prepare_cached(
                "DELETE FROM list_items INDEXED BY list_items_by_item WHERE item = ?2 AND list IN \
                 (SELECT id FROM lists WHERE kind = ?1 AND instr(key, ?3) > 0)",
            )?
            .execute(params![Kind::TaskRow.number(), key, left])?;
        Ok(())
    }

    /// Forgets a task: its row, its whole, its comments.
    pub fn forget_task(&self, id: i64) -> Result<(), StoreError> {
        let key = id.to_string();
        self.forget::<TaskRow>(&key)?;
        self.forget::<Task>(&key)?;
        let comments = ListKey::<weeek_api::models::Comment>::comments(id);
        self.tx
            .prepare_cached(
                "DELETE FROM records WHERE kind = ?1 AND id IN (SELECT item FROM list_items \
                 WHERE list = (SELECT id FROM lists WHERE kind = ?1 AND key = ?2))",
            )?
            .execute(params![Kind::Comment.number(), comments.key])?;
        self.tx
            .prepare_cached(
                "DELETE FROM list_items WHERE list = \
                 (SELECT id FROM lists WHERE kind = ?1 AND key = ?2)",
            )?
            .execute(params![Kind::Comment.number(), comments.key])?;
        self.tx
            .prepare_cached("DELETE FROM lists WHERE kind = ?1 AND key = ?2")?
            .execute(params![Kind::Comment.number(), comments.key])?;
        Ok(())
    }
}
