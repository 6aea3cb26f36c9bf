//! The outbox's changes shown on the store's copies of their items: a change kept is shown in
//! the same transaction, a change dropped puts its field back, and the service's copy of an
//! item written over the store's gets the changes still on their way laid over it again.

use rusqlite::{OptionalExtension, params};
use time::OffsetDateTime;
use weeek_api::models::{BoardColumn, Contact, Deal, Organization, Task, TaskLocation, TaskRow};

use super::records::Record;
use super::write::{LEAVE_LISTS, Writer};
use super::{StoreError, from_millis};
use crate::outbox::sets::SetField;
use crate::outbox::{Change, Entry, Field, ItemKind, New};

impl Writer<'_> {
    /// Change `seq` leaves the outbox unsent (dropped, or the service's value taken at a
    /// conflict): the store's copy of its item shows the base again where it shows the
    /// change, and a new item that will not be made goes.
    pub fn drop_change(&self, seq: i64) -> Result<(), StoreError> {
        let Some(entry) = self.entry(seq)? else {
            return Ok(());
        };
        self.unqueue(seq)?;
        let key = entry.item.key();
        match (&entry.change, &entry.base.value, entry.item.kind) {
            (Change::Set(Field::Deal(mine)), Some(Field::Deal(base)), _) => {
                return self.amend::<Deal>(&key, |deal| {
                    if mine.current(deal).same(mine) {
                        base.apply(deal);
                    }
                });
            }
            (Change::Set(Field::Contact(mine)), Some(Field::Contact(base)), _) => {
                return self.amend::<Contact>(&key, |c| {
                    if mine.current(c).same(mine) {
                        base.apply(c);
                    }
                });
            }
            (Change::Set(Field::Organization(mine)), Some(Field::Organization(base)), _) => {
                return self.amend::<Organization>(&key, |o| {
                    if mine.current(o).same(mine) {
                        base.apply(o);
                    }
                });
            }
            (Change::Create(_), _, ItemKind::Deal) => return self.forget::<Deal>(&key),
            (Change::Create(_), _, ItemKind::Contact) => return self.forget::<Contact>(&key),
            (Change::Create(_), _, ItemKind::Organization) => {
                return self.forget::<Organization>(&key);
            }
            // A record's delete left its lists: the next read of them brings it back.
            (_, _, ItemKind::Deal | ItemKind::Contact | ItemKind::Organization) => return Ok(()),
            _ => {}
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
                    if mine.current_of(task).same(mine) {
                        base.apply_whole(task);
                    }
                })
            }
            (Change::Add(added), _) => {
                self.amend::<TaskRow>(&key, |row| {
                    if let crate::outbox::Added::TimerStart { user, .. } = added {
                        row.timers
                            .retain(|t| t.user_id.as_deref() != Some(user.as_str()));
                    }
                })?;
                self.amend::<Task>(&key, |task| added.unapply(seq, task))
            }
            (Change::Create(_), _) => self.forget_task(id),
            (Change::Delete, _) => {
                self.amend::<TaskRow>(&key, |row| row.is_deleted = false)?;
                self.amend::<Task>(&key, |task| task.is_deleted = false)
            }
            _ => Ok(()),
        }
    }

    /// The service's copy of `task`, with the changes of it still to reach the service shown
    /// over it.
    pub fn put_fresh_task(&self, task: &Task, at: OffsetDateTime) -> Result<(), StoreError> {
        self.put_task(task, at)?;
        self.reshow_item(ItemKind::Task, &task.id.to_string())
    }

    /// The service's copy of `record` (a deal, a contact, an organization), with the changes
    /// of it still to reach the service shown over it.
    pub fn put_fresh<R: Record>(
        &self,
        kind: ItemKind,
        record: &R,
        at: OffsetDateTime,
    ) -> Result<(), StoreError> {
        self.put(record, at)?;
        self.reshow_item(kind, &record.key())
    }

    fn reshow_item(&self, kind: ItemKind, id: &str) -> Result<(), StoreError> {
        for e in self.entries_of(kind, id)? {
            if e.state.pending() && !matches!(e.change, Change::Create(_)) {
                self.show(&e)?;
            }
        }
        Ok(())
    }

    /// Shows the changes of the outbox still to be sent over the store's copies of their
    /// items (after the service's copies were written over them).
    pub fn reshow_outbox(&self) -> Result<(), StoreError> {
        for e in self.unsettled()? {
            if !matches!(e.change, Change::Create(_)) {
                self.show(&e)?;
            }
        }
        Ok(())
    }

    /// Shows `entry` on the store's copy of its item, when the store has one (a new item is
    /// kept under its local id).
    pub(super) fn show(&self, entry: &Entry) -> Result<(), StoreError> {
        let key = entry.item.key();
        match (entry.item.kind, &entry.change) {
            (ItemKind::Deal, Change::Set(Field::Deal(field))) => {
                self.amend::<Deal>(&key, |deal| field.apply(deal))
            }
            (ItemKind::Deal, Change::Create(New::Deal { status, input })) => {
                let deal = crate::outbox::deal::shown(key, status, input, entry.created_at);
                self.put(&deal, entry.created_at)
            }
            (ItemKind::Contact, Change::Set(Field::Contact(field))) => {
                self.amend::<Contact>(&key, |c| field.apply(c))
            }
            (ItemKind::Contact, Change::Create(New::Contact(new))) => {
                let c = crate::outbox::contact::shown(key, new, entry.created_at);
                self.put(&c, entry.created_at)
            }
            (ItemKind::Organization, Change::Set(Field::Organization(field))) => {
                self.amend::<Organization>(&key, |o| field.apply(o))
            }
            (ItemKind::Organization, Change::Create(New::Organization(new))) => {
                let o = crate::outbox::organization::shown(key, new, entry.created_at);
                self.put(&o, entry.created_at)
            }
            (ItemKind::Deal, Change::Delete) => self.leave_lists::<Deal>(&key),
            (ItemKind::Contact, Change::Delete) => self.leave_lists::<Contact>(&key),
            (ItemKind::Organization, Change::Delete) => self.leave_lists::<Organization>(&key),
            (ItemKind::Task, Change::Set(Field::Task(field))) => {
                let Some(id) = entry.item.task_id() else {
                    return Ok(());
                };
                let key = id.to_string();
                self.amend::<TaskRow>(&key, |row| field.apply(row))?;
                self.amend::<Task>(&key, |task| field.apply_whole(task))
            }
            (ItemKind::Task, Change::Add(added)) => {
                let Some(id) = entry.item.task_id() else {
                    return Ok(());
                };
                let key = id.to_string();
                self.amend::<TaskRow>(&key, |row| added.apply_row(&mut row.timers))?;
                self.amend::<Task>(&key, |task| added.apply(entry.seq, task))
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
            // A change is only ever of its own kind of item.
            _ => Ok(()),
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
