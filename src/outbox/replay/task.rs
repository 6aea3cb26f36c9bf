//! A task's changes as the replay sends them: a field set, a task made, a task deleted.

use time::OffsetDateTime;
use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, ColumnPlace, NewTask, SortBy, SortKey, TaskQuery, TaskUpdate};

use super::{Replay, Served, Went, lost};
use crate::outbox::{Change, Entry, Field, Fresh, ItemKind, New, State, Step, TaskField};
use crate::screen::lost_answer::SERVICE_CLOCK_SLACK;
use crate::screen::offline::unreachable;
use crate::store::{StoreError, Writer};

/// Candidates read when a new task is looked for.
const LOOK_PAGE: u32 = 50;
/// Cards of a column read to tell where one of them is.
const COLUMN_PAGE: u32 = 200;

pub(super) async fn step(r: &Replay, entry: Entry) -> Went {
    match entry.change.clone() {
        Change::Set(Field::Task(field)) => set(r, entry, field).await,
        Change::Create(New::Task(new)) => create(r, entry, *new).await,
        Change::Delete => delete(r, entry).await,
        Change::Add(added) => super::added::step(r, entry, added).await,
        // Another kind's change is never of a task.
        Change::Set(_) | Change::Create(_) => Went::Later,
    }
}

/// The task's number on the service; a change of a task not made yet never gets here.
pub(super) fn id_of(entry: &Entry) -> Option<i64> {
    entry.item.id.as_deref().and_then(|id| id.parse().ok())
}

/// What reading a task found.
pub(super) enum Read {
    Task(Box<Task>),
    Gone,
    Failed(ApiError),
}

pub(super) async fn read(r: &Replay, id: i64) -> Read {
    match r.client.task(id).await {
        Ok(t) if t.is_deleted => Read::Gone,
        Ok(t) => Read::Task(Box::new(t)),
        Err(ApiError::NotFound { .. }) => Read::Gone,
        Err(e) => Read::Failed(e),
    }
}

async fn set(r: &Replay, entry: Entry, field: TaskField) -> Went {
    let Some(id) = id_of(&entry) else {
        return Went::Later;
    };
    r.sending(&entry).await;
    let task = match read(r, id).await {
        Read::Task(t) => t,
        Read::Gone => return gone(r, id).await,
        Read::Failed(e) if unreachable(&e) => return r.not_sent(&entry, e).await,
        Read::Failed(e) if e.is_transient() => return r.later(&entry, &e).await,
        Read::Failed(e) => return refused(r, entry, &e, None).await,
    };
    let now = field.current_of(&task);
    if holds(r, id, &field, &task).await {
        // Already so on the service (sent before its answer was lost, or done by someone).
        return sent(r, entry, *task).await;
    }
    if let Some(Field::Task(base)) = &entry.base.value
        && !field.goes_over(base, &now)
    {
        return conflict(r, entry, now, *task).await;
    }
    match send(r, id, &field, &task).await {
        Ok(answered) => {
            let fresh = answered.unwrap_or_else(|| {
                let mut t = *task;
                field.apply_whole(&mut t);
                t
            });
            sent(r, entry, fresh).await
        }
        Err(ApiError::NotFound { .. }) => gone(r, id).await,
        Err(e) if lost(&e) => match read(r, id).await {
            Read::Task(t) if field.current_of(&t).same(&field) => sent(r, entry, *t).await,
            Read::Task(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Task(_) => r.later(&entry, &e).await,
            Read::Gone => gone(r, id).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => refused(r, entry, &e, Some(id)).await,
    }
}

/// Whether the service's task (just read as `task`) has `field` already. A card's place is
/// told by its column's cards in order: right below or above the one it was put by.
async fn holds(r: &Replay, id: i64, field: &TaskField, task: &Task) -> bool {
    let TaskField::Place {
        project,
        column,
        place: Some(place),
    } = field
    else {
        return field.current_of(task).same(field);
    };
    let query = TaskQuery {
        project_id: Some(*project),
        board_column_id: Some(*column),
        per_page: Some(COLUMN_PAGE),
        ..Default::default()
    };
    let Ok(listed) = r.client.tasks(&query).await else {
        return false;
    };
    let ids: Vec<i64> = listed.value.tasks.iter().map(|t| t.id).collect();
    let at = |x: i64| ids.iter().position(|t| *t == x);
    match (at(id), place) {
        (Some(i), ColumnPlace::After(other)) => at(*other).is_some_and(|o| i == o + 1),
        (Some(i), ColumnPlace::Before(other)) => at(*other).is_some_and(|o| i + 1 == o),
        (None, _) => false,
    }
}

/// The calls that give the field its value; the task's copy when the call answers with it.
async fn send(
    r: &Replay,
    id: i64,
    field: &TaskField,
    task: &Task,
) -> Result<Option<Task>, ApiError> {
    let update = |u: TaskUpdate| async move { r.client.update_task(id, &u).await.map(Some) };
    match field {
        TaskField::Completed(true) => r.client.complete_task(id).await.map(|()| None),
        TaskField::Completed(false) => r.client.uncomplete_task(id).await.map(|()| None),
        TaskField::Priority(p) => {
            update(TaskUpdate {
                priority: Some(*p),
                ..Default::default()
            })
            .await
        }
        TaskField::Column(c) => {
            update(TaskUpdate {
                board_column_id: Some(*c),
                ..Default::default()
            })
            .await
        }
        TaskField::Due(d) => {
            update(TaskUpdate {
                due_date: Some(*d),
                ..Default::default()
            })
            .await
        }
        TaskField::Title(t) => {
            update(TaskUpdate {
                title: Some(t.clone()),
                ..Default::default()
            })
            .await
        }
        TaskField::Tags(t) => {
            update(TaskUpdate {
                tags: Some(t.clone()),
                ..Default::default()
            })
            .await
        }
        TaskField::Assignees(new) => {
            // Against what the service has now (just read), not what it had then.
            let old = TaskRow::from(task).all_assignees();
            let add: Vec<String> = new.iter().filter(|m| !old.contains(m)).cloned().collect();
            let remove: Vec<String> = old.iter().filter(|m| !new.contains(m)).cloned().collect();
            if !add.is_empty() {
                r.client.add_assignees(id, &add).await?;
            }
            if !remove.is_empty() {
                r.client.remove_assignees(id, &remove).await?;
            }
            Ok(None)
        }
        TaskField::Description(d) => {
            update(TaskUpdate {
                description: Some(d.clone().unwrap_or_default()),
                ..Default::default()
            })
            .await
        }
        TaskField::Custom { id: field, value } => {
            let mut map = serde_json::Map::new();
            map.insert(field.clone(), value.clone());
            update(TaskUpdate {
                custom_fields: Some(map),
                ..Default::default()
            })
            .await
        }
        TaskField::Watchers(new) => {
            // Against what the service has now (just read).
            let (add, remove) = crate::outbox::sets::diff(&task.subscribers, new);
            if !add.is_empty() {
                r.client.add_watchers(id, &add).await?;
            }
            if !remove.is_empty() {
                r.client.remove_watchers(id, &remove).await?;
            }
            Ok(None)
        }
        TaskField::Place {
            project,
            column,
            place: Some(place),
        } => r
            .client
            .place_task_in_column(id, *project, *column, *place)
            .await
            .map(|()| None),
        // A base's place, never a change.
        TaskField::Place { place: None, .. } => Ok(None),
    }
}

async fn create(r: &Replay, entry: Entry, new: NewTask) -> Went {
    let Some(local) = entry.item.local else {
        return Went::Later;
    };
    // Found sending: an earlier send may have made it (its answer lost, or the app ended).
    if entry.state == State::Sending {
        match look(r, &entry, &new).await {
            Looked::Found(t) => return created(r, entry, local, *t, &new).await,
            Looked::NotFound => {}
            Looked::Failed(e) if unreachable(&e) => return Went::Unreachable(e),
            Looked::Failed(e) => return r.later(&entry, &e).await,
        }
    }
    r.sending(&entry).await;
    match r.client.create_task(&new).await {
        Ok(t) => created(r, entry, local, t, &new).await,
        Err(e) if e.may_have_been_applied() => match look(r, &entry, &new).await {
            Looked::Found(t) => created(r, entry, local, *t, &new).await,
            // Still `sending`: looked for again before it goes again.
            Looked::NotFound => r.later(&entry, &e).await,
            Looked::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Looked::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) if unreachable(&e) => r.not_sent(&entry, e).await,
        Err(e) => refused(r, entry, &e, None).await,
    }
}

enum Looked {
    Found(Box<Task>),
    NotFound,
    Failed(ApiError),
}

/// Looks for the task `entry` made: the same title in the same place (under the same parent),
/// made since it was first sent, on the service's clock. With the service's clock unknown,
/// the title and the place alone tell (as for a lost create online: the task found is then
/// shown, so a wrong match is seen).
async fn look(r: &Replay, entry: &Entry, new: &NewTask) -> Looked {
    let query = TaskQuery {
        project_id: new.project_id,
        board_column_id: new.board_column_id,
        search: Some(new.title.clone()),
        sort_by: Some(SortBy {
            key: SortKey::Created,
            descending: true,
        }),
        per_page: Some(LOOK_PAGE),
        ..Default::default()
    };
    let page = match r.client.tasks(&query).await {
        Ok(listed) => listed.value,
        Err(e) => return Looked::Failed(e),
    };
    let sent = entry.sent_at.unwrap_or(entry.created_at);
    let since = r
        .client
        .service_clock_offset()
        .map(|ahead| sent + ahead - SERVICE_CLOCK_SLACK);
    let found = page.tasks.into_iter().find(|t| {
        let same_title = t.title.as_deref().map(str::trim) == Some(new.title.trim());
        let same_place = new.project_id.is_none_or(|p| {
            t.all_locations().iter().any(|l| {
                l.project_id == p
                    && new
                        .board_column_id
                        .is_none_or(|c| l.board_column_id == Some(c))
            })
        });
        let same_parent =
            new.parent_id.is_none() || t.parent_id.is_none_or(|p| Some(p) == new.parent_id);
        let new_since = match (since, t.created_at) {
            (Some(since), Some(created)) => created >= since,
            _ => true,
        };
        same_title && same_place && same_parent && new_since
    });
    match found {
        // Found, it is read whole: a row alone would stand in the store for the task (no
        // project, no column). Unread, it is looked for again later.
        Some(row) => match r.client.task(row.id).await {
            Ok(t) => Looked::Found(Box::new(t)),
            Err(e) => Looked::Failed(e),
        },
        None => Looked::NotFound,
    }
}

async fn created(r: &Replay, entry: Entry, local: i64, task: Task, new: &NewTask) -> Went {
    let seq = entry.seq;
    let id = task.id.to_string();
    let at = (r.now)();
    let fresh = task.clone();
    let real = id.clone();
    r.write(move |w| {
        w.unqueue(seq)?;
        w.created(ItemKind::Task, local, &real)?;
        w.put_fresh_task(&fresh, at)
    })
    .await;
    let fresh = Some(Fresh::Task(Box::new(task.clone())));
    r.report(Step::Created { entry, id, fresh }).await;
    // The create body may not take tags (UNCERTAIN in the reference): set with an update, as
    // online.
    if !new.tags.is_empty() && !crate::outbox::task::same_tags(&new.tags, &task.tags) {
        let update = TaskUpdate {
            tags: Some(new.tags.clone()),
            ..Default::default()
        };
        if let Err(e) = r.client.update_task(task.id, &update).await {
            let entry = Entry::new(
                seq,
                crate::outbox::ItemRef::task(task.id),
                new.title.clone(),
                Change::Set(Field::Task(TaskField::Tags(new.tags.clone()))),
                Default::default(),
                at,
            );
            let entry = Entry {
                state: State::Refused,
                message: Some(e.short()),
                ..entry
            };
            r.report(Step::Refused { entry, fresh: None }).await;
        }
    }
    Went::Settled { sent: true }
}

async fn delete(r: &Replay, entry: Entry) -> Went {
    let Some(id) = id_of(&entry) else {
        return Went::Later;
    };
    // Made offline and sent with an answer lost: the create settles first (it is ordered
    // before this), so an id is known here.
    r.sending(&entry).await;
    match r.client.delete_task(id).await {
        Ok(()) | Err(ApiError::NotFound { .. }) => deleted(r, entry, id).await,
        Err(e) if lost(&e) => match read(r, id).await {
            Read::Gone => deleted(r, entry, id).await,
            Read::Task(_) if unreachable(&e) => r.not_sent(&entry, e).await,
            Read::Task(_) => r.later(&entry, &e).await,
            Read::Failed(again) if unreachable(&again) => Went::Unreachable(again),
            Read::Failed(again) => r.later(&entry, &again).await,
        },
        Err(e) => refused(r, entry, &e, Some(id)).await,
    }
}

async fn deleted(r: &Replay, entry: Entry, id: i64) -> Went {
    r.settle_deleted::<Task>(entry, id).await
}

pub(super) async fn sent(r: &Replay, entry: Entry, item: Task) -> Went {
    r.settle_sent(entry, item).await
}

async fn conflict(r: &Replay, entry: Entry, theirs: TaskField, item: Task) -> Went {
    r.settle_conflict(entry, Field::Task(theirs), item).await
}

/// The service refused the change: it stays, refused; the task as the service has it (read
/// again when `id` is given) replaces the store's copy.
pub(super) async fn refused(r: &Replay, entry: Entry, e: &ApiError, id: Option<i64>) -> Went {
    let read = match id {
        Some(id) => match read(r, id).await {
            Read::Task(item) => Some(*item),
            _ => None,
        },
        None => None,
    };
    r.settle_refused(entry, e, read).await
}

pub(super) async fn gone(r: &Replay, id: i64) -> Went {
    r.settle_gone::<Task>(id).await
}

impl Served for Task {
    type Id = i64;
    const KIND: ItemKind = ItemKind::Task;

    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError> {
        w.put_fresh_task(self, at)
    }

    fn forget(w: &Writer<'_>, id: &i64) -> Result<(), StoreError> {
        w.forget_task(*id)
    }

    fn fresh(self) -> Fresh {
        Fresh::Task(Box::new(self))
    }
}
