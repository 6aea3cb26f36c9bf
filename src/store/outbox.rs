//! The outbox's table (see `crate::outbox`): a change is kept in the same transaction as the
//! store's copy of the item it changes, so that what the app shows after a restart and what it
//! will send agree, whatever ended the app.

use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;
use weeek_api::models::{BoardColumn, Deal, Task, TaskLocation, TaskRow};

use super::records::Record;
use super::write::{LEAVE_LISTS, Writer};
use super::{Store, StoreError, from_millis, millis};
use crate::outbox::{Base, Change, Entry, Field, ItemKind, ItemRef, New, State};

impl Writer<'_> {
    /// Keeps `entry` (its `seq` must be new), and shows it on the store's copy of its item.
    pub fn queue(&self, entry: &Entry) -> Result<(), StoreError> {
        self.tx()
            .prepare_cached(
                "INSERT INTO outbox (seq, kind, item, local, name, change, base, \
                 base_updated_at, created_at, state, message, theirs, sent_at) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )?
            .execute(params![
                entry.seq,
                entry.item.kind.number(),
                entry.item.id,
                entry.item.local,
                entry.name,
                serde_json::to_string(&entry.change)?,
                serde_json::to_string(&entry.base)?,
                entry.base.updated_at.map(nanos),
                millis(entry.created_at),
                entry.state.number(),
                entry.message,
                entry
                    .theirs
                    .as_ref()
                    .map(serde_json::to_string)
                    .transpose()?,
                entry.sent_at.map(millis),
            ])?;
        self.show(entry)
    }

    /// Change `seq` is now in `state`, with the service's words and (at a conflict) the value
    /// it has.
    pub fn set_state(
        &self,
        seq: i64,
        state: State,
        message: Option<&str>,
        theirs: Option<&Field>,
    ) -> Result<(), StoreError> {
        self.tx()
            .prepare_cached(
                "UPDATE outbox SET state = ?2, message = ?3, theirs = ?4 WHERE seq = ?1",
            )?
            .execute(params![
                seq,
                state.number(),
                message,
                theirs.map(serde_json::to_string).transpose()?,
            ])?;
        Ok(())
    }

    /// Change `seq` is about to be sent: from now on its fate is unknown until answered (the
    /// first such moment is kept: a look for a create covers everything made since).
    pub fn sending(&self, seq: i64, at: OffsetDateTime) -> Result<(), StoreError> {
        self.tx()
            .prepare_cached(
                "UPDATE outbox SET state = ?2, sent_at = coalesce(sent_at, ?3) WHERE seq = ?1",
            )?
            .execute(params![seq, State::Sending.number(), millis(at)])?;
        Ok(())
    }

    /// Change `seq` leaves the outbox (the service has it, or it was dropped).
    pub fn unqueue(&self, seq: i64) -> Result<(), StoreError> {
        self.tx()
            .prepare_cached("DELETE FROM outbox WHERE seq = ?1")?
            .execute(params![seq])?;
        Ok(())
    }

    /// Change `seq` leaves the outbox unsent (dropped, or the service's value taken at a
    /// conflict): the store's copy of its item shows the base again where it shows the
    /// change, and a new item that will not be made goes.
    pub fn drop_change(&self, seq: i64) -> Result<(), StoreError> {
        let Some(entry) = self.entry(seq)? else {
            return Ok(());
        };
        self.unqueue(seq)?;
        if let (Change::Set(Field::Deal(mine)), Some(Field::Deal(base)), Some(id)) =
            (&entry.change, &entry.base.value, &entry.item.id)
        {
            return self.amend::<Deal>(id, |deal| {
                if mine.current(deal) == *mine {
                    base.apply(deal);
                }
            });
        }
        let Some(id) = entry.item.task_id() else {
            return Ok(());
        };
        let key = id.to_string();
        match (&entry.change, &entry.base.value) {
            (Change::Set(Field::Task(mine)), Some(Field::Task(base))) => {
                self.amend::<TaskRow>(&key, |row| {
                    if mine.current(row).same(mine) {
                        base.apply(row);
                    }
                })?;
                self.amend::<Task>(&key, |task| {
                    if mine.current(&TaskRow::from(&*task)).same(mine) {
                        base.apply_whole(task);
                    }
                })
            }
            (Change::Create(_), _) => self.forget_task(id),
            (Change::Delete, _) => {
                self.amend::<TaskRow>(&key, |row| row.is_deleted = false)?;
                self.amend::<Task>(&key, |task| task.is_deleted = false)
            }
            _ => Ok(()),
        }
    }

    /// Conflict `seq` is decided for mine: it waits to be sent again, its base now the value
    /// the service has (so that it goes over it, and over nothing newer).
    pub fn keep_mine(&self, seq: i64) -> Result<(), StoreError> {
        let Some(entry) = self.entry(seq)? else {
            return Ok(());
        };
        let base = Base {
            updated_at: None,
            value: entry.theirs.or(entry.base.value),
        };
        self.tx()
            .prepare_cached(
                "UPDATE outbox SET state = ?2, base = ?3, base_updated_at = NULL, theirs = NULL, \
                 message = NULL WHERE seq = ?1",
            )?
            .execute(params![
                seq,
                State::Waiting.number(),
                serde_json::to_string(&base)?
            ])?;
        Ok(())
    }

    /// The service's copy of `task`, with the changes of it still to reach the service shown
    /// over it.
    pub fn put_fresh_task(&self, task: &Task, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put_task(task, at)?;
        for e in self.entries_of(ItemKind::Task, &task.id.to_string())? {
            if e.state.unsettled() && !matches!(e.change, Change::Create(_)) {
                self.show(&e)?;
            }
        }
        Ok(())
    }

    /// The service's copy of `deal`, with the changes of it still to reach the service shown
    /// over it.
    pub fn put_fresh_deal(&self, deal: &Deal, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put(deal, at)?;
        for e in self.entries_of(ItemKind::Deal, &deal.id)? {
            if e.state.unsettled() {
                self.show(&e)?;
            }
        }
        Ok(())
    }

    /// Shows the changes of the outbox still to be sent over the store's copies of their
    /// items (after the service's copies were written over them).
    pub fn reshow_outbox(&self) -> Result<(), StoreError> {
        let mut stmt = self.tx().prepare_cached(&format!(
            "{SELECT_ENTRY} WHERE state IN (?1, ?2) AND item IS NOT NULL ORDER BY seq"
        ))?;
        let rows = stmt.query_map(
            params![State::Waiting.number(), State::Sending.number()],
            Row::read,
        )?;
        let mut waiting = Vec::new();
        for row in rows {
            waiting.extend(row?.entry());
        }
        for e in waiting {
            if !matches!(e.change, Change::Create(_)) {
                self.show(&e)?;
            }
        }
        Ok(())
    }

    /// Every change of item `id` of `kind` leaves the outbox: the item is gone from the
    /// service. The changes, for the message that says so.
    pub fn drop_item(&self, kind: ItemKind, id: &str) -> Result<Vec<Entry>, StoreError> {
        let gone = self.entries_of(kind, id)?;
        self.tx()
            .prepare_cached("DELETE FROM outbox WHERE kind = ?1 AND item = ?2")?
            .execute(params![kind.number(), id])?;
        Ok(gone)
    }

    fn entries_of(&self, kind: ItemKind, id: &str) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self.tx().prepare_cached(&format!(
            "{SELECT_ENTRY} WHERE kind = ?1 AND item = ?2 ORDER BY seq"
        ))?;
        let rows = stmt.query_map(params![kind.number(), id], Row::read)?;
        let mut out = Vec::new();
        for row in rows {
            out.extend(row?.entry());
        }
        Ok(out)
    }

    /// Change `seq` as kept.
    fn entry(&self, seq: i64) -> Result<Option<Entry>, StoreError> {
        let row = self
            .tx()
            .prepare_cached(&format!("{SELECT_ENTRY} WHERE seq = ?1"))?
            .query_row(params![seq], Row::read)
            .optional()?;
        Ok(row.and_then(Row::entry))
    }

    /// The new item `local` of `kind` is on the service as `id`: the changes made to it are
    /// now of that id, and the store's copy under its local id goes (the service's copy takes
    /// its place).
    pub fn created(&self, kind: ItemKind, local: i64, id: &str) -> Result<(), StoreError> {
        self.tx()
            .prepare_cached("UPDATE outbox SET item = ?3 WHERE kind = ?1 AND local = ?2")?
            .execute(params![kind.number(), local, id])?;
        match kind {
            ItemKind::Task => self.forget_task(-local),
            // Deals are not made offline.
            ItemKind::Deal => Ok(()),
        }
    }

    /// Shows `entry` on the store's copy of its item, when the store has one (a new item is
    /// kept under its local id).
    fn show(&self, entry: &Entry) -> Result<(), StoreError> {
        let ItemRef { kind, .. } = &entry.item;
        match (kind, &entry.change) {
            (ItemKind::Deal, Change::Set(Field::Deal(field))) => {
                let Some(id) = &entry.item.id else {
                    return Ok(());
                };
                self.amend::<Deal>(id, |deal| field.apply(deal))
            }
            (ItemKind::Deal, Change::Delete) => {
                let Some(id) = &entry.item.id else {
                    return Ok(());
                };
                self.tx()
                    .prepare_cached(LEAVE_LISTS)?
                    .execute(params![Deal::KIND.number(), id])?;
                Ok(())
            }
            // No other change is made of a deal, nor a deal's change of a task.
            (ItemKind::Deal, _) | (ItemKind::Task, Change::Set(Field::Deal(_))) => Ok(()),
            (ItemKind::Task, Change::Set(Field::Task(field))) => {
                let Some(id) = entry.item.task_id() else {
                    return Ok(());
                };
                let key = id.to_string();
                self.amend::<TaskRow>(&key, |row| field.apply(row))?;
                self.amend::<Task>(&key, |task| field.apply_whole(task))
            }
            (ItemKind::Task, Change::Create(New::Task(new))) => {
                let Some(id) = entry.item.task_id() else {
                    return Ok(());
                };
                let board = match new.board_column_id {
                    Some(c) => self
                        .get::<BoardColumn>(&c.to_string())?
                        .map(|col| col.board_id),
                    None => None,
                };
                let row = TaskRow {
                    id,
                    parent_id: new.parent_id,
                    title: Some(new.title.clone()),
                    assignees: new.assignees.clone(),
                    user_id: new.assignees.first().cloned(),
                    project_id: new.project_id,
                    board_id: board,
                    board_column_id: new.board_column_id,
                    priority: new.priority,
                    due_date: new.due_date,
                    tags: new.tags.clone(),
                    locations: new
                        .project_id
                        .map(|p| TaskLocation {
                            project_id: p,
                            board_id: board,
                            board_column_id: new.board_column_id,
                        })
                        .into_iter()
                        .collect(),
                    created_at: Some(entry.created_at),
                    ..Default::default()
                };
                self.put(&row, entry.created_at)
            }
            (ItemKind::Task, Change::Delete) => {
                let Some(id) = entry.item.task_id() else {
                    return Ok(());
                };
                let key = id.to_string();
                self.amend::<TaskRow>(&key, |row| row.is_deleted = true)?;
                self.amend::<Task>(&key, |task| task.is_deleted = true)?;
                self.tx()
                    .prepare_cached(LEAVE_LISTS)?
                    .execute(params![TaskRow::KIND.number(), key])?;
                Ok(())
            }
        }
    }

    /// The record `key` of `R` as read, for a change made in this transaction.
    fn get<R: Record>(&self, key: &str) -> Result<Option<R>, StoreError> {
        let body: Option<String> = self
            .tx()
            .prepare_cached("SELECT body FROM records WHERE kind = ?1 AND id = ?2")?
            .query_row(params![R::KIND.number(), key], |r| r.get(0))
            .optional()?;
        Ok(body.and_then(|b| serde_json::from_str(&b).ok()))
    }

    /// Changes the store's copy of record `key` of `R` with `f`, keeping when it was read.
    fn amend<R: Record>(&self, key: &str, f: impl FnOnce(&mut R)) -> Result<(), StoreError> {
        let found: Option<(String, i64)> = self
            .tx()
            .prepare_cached("SELECT body, read_at FROM records WHERE kind = ?1 AND id = ?2")?
            .query_row(params![R::KIND.number(), key], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?;
        let Some((body, read_at)) = found else {
            return Ok(());
        };
        // A copy that no longer reads is left for the service's next answer to replace.
        let Ok(mut record) = serde_json::from_str::<R>(&body) else {
            return Ok(());
        };
        f(&mut record);
        self.put(&record, from_millis(read_at))
    }
}

impl Store {
    /// Every change in the outbox, in the order made. One that no longer reads (written by
    /// another version) is left out, and said in the log.
    pub fn outbox(&self) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self
            .conn()?
            .prepare_cached(&format!("{SELECT_ENTRY} ORDER BY seq"))?;
        let rows = stmt.query_map([], Row::read)?;
        let mut out = Vec::new();
        for row in rows {
            let row = row?;
            let seq = row.seq;
            match row.entry() {
                Some(entry) => out.push(entry),
                None => tracing::warn!(seq, "a change in the outbox no longer reads"),
            }
        }
        Ok(out)
    }
}

const SELECT_ENTRY: &str = "SELECT seq, kind, item, local, name, change, base, created_at, \
     state, message, theirs, sent_at FROM outbox";

/// A row of the table as read.
struct Row {
    seq: i64,
    kind: i64,
    item: Option<String>,
    local: Option<i64>,
    name: String,
    change: String,
    base: String,
    created_at: i64,
    state: i64,
    message: Option<String>,
    theirs: Option<String>,
    sent_at: Option<i64>,
}

impl Row {
    fn read(r: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
        Ok(Row {
            seq: r.get(0)?,
            kind: r.get(1)?,
            item: r.get(2)?,
            local: r.get(3)?,
            name: r.get(4)?,
            change: r.get(5)?,
            base: r.get(6)?,
            created_at: r.get(7)?,
            state: r.get(8)?,
            message: r.get(9)?,
            theirs: r.get(10)?,
            sent_at: r.get(11)?,
        })
    }

    fn entry(self) -> Option<Entry> {
        Some(Entry {
            seq: self.seq,
            item: ItemRef {
                kind: ItemKind::from_number(self.kind)?,
                id: self.item,
                local: self.local,
            },
            name: self.name,
            change: serde_json::from_str(&self.change).ok()?,
            base: serde_json::from_str::<Base>(&self.base).ok()?,
            created_at: from_millis(self.created_at),
            state: State::from_number(self.state),
            message: self.message,
            theirs: match self.theirs {
                Some(t) => Some(serde_json::from_str(&t).ok()?),
                None => None,
            },
            sent_at: self.sent_at.map(from_millis),
        })
    }
}

/// The service's `updatedAt` as the store keeps it (ns since 1970).
fn nanos(at: OffsetDateTime) -> i64 {
    i64::try_from(at.unix_timestamp_nanos()).unwrap_or(i64::MAX)
}
