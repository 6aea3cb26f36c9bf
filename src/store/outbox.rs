//! The outbox's table (see `crate::outbox`): a change is kept in the same transaction as the
//! store's copy of the item it changes, so that what the app shows after a restart and what it
//! will send agree, whatever ended the app.

use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;
use weeek_api::models::{Contact, Deal, Organization};

use super::write::Writer;
use super::{Store, StoreError, from_millis, millis};
use crate::outbox::{Base, Entry, Field, ItemKind, ItemRef, State};

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

    /// Every change of item `id` of `kind` leaves the outbox: the item is gone from the
    /// service. The changes, for the message that says so.
    pub fn drop_item(&self, kind: ItemKind, id: &str) -> Result<Vec<Entry>, StoreError> {
        let gone = self.entries_of(kind, id)?;
        self.tx()
            .prepare_cached("DELETE FROM outbox WHERE kind = ?1 AND item = ?2")?
            .execute(params![kind.number(), id])?;
        Ok(gone)
    }

    /// The changes of items the service has that are still to reach it, in order.
    pub(super) fn unsettled(&self) -> Result<Vec<Entry>, StoreError> {
        let mut stmt = self.tx().prepare_cached(&format!(
            "{SELECT_ENTRY} WHERE state IN (?1, ?2) AND item IS NOT NULL ORDER BY seq"
        ))?;
        let rows = stmt.query_map(
            params![State::Waiting.number(), State::Sending.number()],
            Row::read,
        )?;
        let mut out = Vec::new();
        for row in rows {
            out.extend(row?.entry());
        }
        Ok(out)
    }

    pub(super) fn entries_of(&self, kind: ItemKind, id: &str) -> Result<Vec<Entry>, StoreError> {
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
    pub(super) fn entry(&self, seq: i64) -> Result<Option<Entry>, StoreError> {
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
        if kind != ItemKind::Task {
            self.named_by_id(local, id)?;
        }
        let key = crate::outbox::local_key(local);
        match kind {
            ItemKind::Task => self.forget_task(-local),
            ItemKind::Deal => self.forget::<Deal>(&key),
            ItemKind::Contact => self.forget::<Contact>(&key),
            ItemKind::Organization => self.forget::<Organization>(&key),
        }
    }
}

impl Writer<'_> {
    /// Where the outbox and the store's contacts and organizations name record `local` by its
    /// local key, they name it by the service's `id` from now (`outbox::links`). The key is
    /// replaced as a whole JSON string (quotes and all), so no other text can match it.
    fn named_by_id(&self, local: i64, id: &str) -> Result<(), StoreError> {
        let (from, to) = crate::outbox::links::rewrite_pair(local, id);
        self.tx()
            .prepare_cached(
                "UPDATE outbox SET change = replace(change, ?1, ?2), \
                 base = replace(base, ?1, ?2), theirs = replace(theirs, ?1, ?2) \
                 WHERE instr(change, ?1) > 0 OR instr(base, ?1) > 0 OR instr(theirs, ?1) > 0",
            )?
            .execute(params![from, to])?;
        self.tx()
            .prepare_cached(
                "UPDATE records SET body = replace(body, ?1, ?2) \
                 WHERE kind IN (?3, ?4) AND instr(body, ?1) > 0",
            )?
            .execute(params![
                from,
                to,
                super::Kind::Contact.number(),
                super::Kind::Organization.number()
            ])?;
        Ok(())
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
