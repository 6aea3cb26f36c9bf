//! The outbox: changes made while the service cannot be reached, kept on disk (in the store,
//! in the same transaction as the store's copy of the item they change) until the service has
//! them.
//!
//! Each change records its base: the item's `updatedAt` and the value of the field it changes
//! as the app last read them. When the service is back the changes are replayed in the order
//! they were made (`replay`): a change to an existing item is sent only if the service still
//! holds the base (or already the new value); if someone changed the field since, it is a
//! conflict, and nothing of that field is sent until the user decides. A new item gets a local
//! id; the changes made to it after are sent with its real id once the service gave one.

pub mod added;
pub mod contact;
pub mod deal;
pub mod links;
mod order;
pub mod organization;
pub mod replay;
pub mod sets;
pub mod task;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use weeek_api::models::{Contact, Deal, Organization, Task};
use weeek_api::{ApiError, DealInput, NewContact, NewTask, OrganizationInput};

use sets::SetField;

pub use added::Added;
pub use contact::ContactField;
pub use deal::DealField;
pub use order::Order;
pub use organization::OrgField;
pub use task::TaskField;

/// The kind of item a change is of. The number is what the store holds: never change or
/// reuse one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ItemKind {
    Task = 1,
    Deal = 2,
    Contact = 3,
    Organization = 4,
}

impl ItemKind {
    pub fn number(self) -> i64 {
        self as i64
    }

    pub fn from_number(n: i64) -> Option<ItemKind> {
        match n {
            1 => Some(ItemKind::Task),
            2 => Some(ItemKind::Deal),
            3 => Some(ItemKind::Contact),
            4 => Some(ItemKind::Organization),
            _ => None,
        }
    }

    /// "task", as a sentence names one.
    pub fn noun(self) -> &'static str {
        match self {
            ItemKind::Task => "task",
            ItemKind::Deal => "deal",
            ItemKind::Contact => "contact",
            ItemKind::Organization => "organization",
        }
    }
}

/// The smallest local id. Local ids grow from the wall clock in milliseconds (about 1.8e12
/// now), so a new task shown under its local id made negative never meets the small
/// negative numbers of the rows of creates on their way online.
pub const LOCAL_IDS_FROM: i64 = 1_000_000_000_000;

/// Whether the task the screens show as `id` was made here and is known by its local id.
pub fn is_local_task(id: i64) -> bool {
    id <= -LOCAL_IDS_FROM
}

/// The item of the task the screens show as `id`.
pub fn task_ref(id: i64) -> ItemRef {
    if is_local_task(id) {
        ItemRef::new_task(-id)
    } else {
        ItemRef::task(id)
    }
}

/// The key a record made here is shown under (a contact, an organization) until the service
/// gives it its id: no id of the service looks like it.
pub fn local_key(local: i64) -> String {
    format!("local-{local}")
}

/// A record's id as its view says it: the service's, or that it has none yet.
pub fn id_text(key: &str) -> String {
    match local_of(key) {
        Some(_) => "none yet: made offline, in the outbox".into(),
        None => key.to_string(),
    }
}

/// The local id in a key made by [`local_key`].
pub fn local_of(key: &str) -> Option<i64> {
    key.strip_prefix("local-")?.parse().ok()
}

/// The item of the record of `kind` the screens show as `key`: made here (its local key) or
/// the service's.
pub fn record_ref(kind: ItemKind, key: &str) -> ItemRef {
    match local_of(key) {
        Some(local) => ItemRef {
            kind,
            id: None,
            local: Some(local),
        },
        None => ItemRef {
            kind,
            id: Some(key.to_string()),
            local: None,
        },
    }
}

/// The item a change is of: one the service has (`id`), or a new one known only by its local
/// id until its create is answered (then both).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ItemRef {
    pub kind: ItemKind,
    /// The service's id.
    pub id: Option<String>,
    /// The local id of an item made here.
    pub local: Option<i64>,
}

impl ItemRef {
    /// A task the service has.
    pub fn task(id: i64) -> Self {
        Self {
            kind: ItemKind::Task,
            id: Some(id.to_string()),
            local: None,
        }
    }

    /// The deal the board shows as `id`: one the service has, or one made here (its local
    /// key).
    pub fn deal(id: &str) -> Self {
        record_ref(ItemKind::Deal, id)
    }

    /// A record made here, by its local id.
    pub fn new_item(kind: ItemKind, local: i64) -> Self {
        Self {
            kind,
            id: None,
            local: Some(local),
        }
    }

    /// The key a record (not a task) is shown under: the service's id, or its local key.
    pub fn key(&self) -> String {
        match (&self.id, self.local) {
            (Some(id), _) => id.clone(),
            (None, Some(local)) => local_key(local),
            (None, None) => String::new(),
        }
    }

    /// A task made here, by its local id.
    pub fn new_task(local: i64) -> Self {
        Self {
            kind: ItemKind::Task,
            id: None,
            local: Some(local),
        }
    }

    /// The task's number the screens show it under: the service's id, or (until it has one)
    /// the local id made negative, which no task of the service has.
    pub fn task_id(&self) -> Option<i64> {
        match (&self.id, self.local) {
            (Some(id), _) => id.parse().ok(),
            (None, Some(local)) => Some(-local),
            (None, None) => None,
        }
    }

    /// Whether `other` is the same item (by either id).
    pub fn same_item(&self, other: &ItemRef) -> bool {
        self.kind == other.kind
            && ((self.id.is_some() && self.id == other.id)
                || (self.local.is_some() && self.local == other.local))
    }
}

/// One field of an item set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Field {
    Task(TaskField),
    Deal(DealField),
    Contact(ContactField),
    Organization(OrgField),
}

impl Field {
    /// Whether `other` is a value of the same field.
    pub fn same_field(&self, other: &Field) -> bool {
        match (self, other) {
            (Field::Task(a), Field::Task(b)) => a.same_field(b),
            (Field::Deal(a), Field::Deal(b)) => a.same_kind(b),
            (Field::Contact(a), Field::Contact(b)) => a.same_kind(b),
            (Field::Organization(a), Field::Organization(b)) => a.same_kind(b),
            _ => false,
        }
    }

    /// Whether `other` holds the same value of the same field.
    pub fn same(&self, other: &Field) -> bool {
        match (self, other) {
            (Field::Task(a), Field::Task(b)) => a.same(b),
            (Field::Deal(a), Field::Deal(b)) => a.same(b),
            (Field::Contact(a), Field::Contact(b)) => a.same(b),
            (Field::Organization(a), Field::Organization(b)) => a.same(b),
            _ => false,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Field::Task(f) => f.name(),
            Field::Deal(f) => f.name(),
            Field::Contact(f) => f.name(),
            Field::Organization(f) => f.name(),
        }
    }
}

/// A new item as it will be sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum New {
    Task(Box<NewTask>),
    /// A deal in a status.
    Deal {
        status: String,
        input: Box<DealInput>,
    },
    Contact(Box<NewContact>),
    Organization(Box<OrganizationInput>),
}

impl New {
    /// What it is called.
    pub fn name(&self) -> String {
        match self {
            New::Task(t) => t.title.clone(),
            New::Contact(c) => [Some(c.first_name.as_str()), c.last_name.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" "),
            New::Organization(o) => o.name.clone().unwrap_or_default(),
            New::Deal { input, .. } => input.title.clone().unwrap_or_default(),
        }
    }
}

/// What a change does to its item.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Change {
    /// A field set to a value.
    Set(Field),
    /// The item made.
    Create(New),
    /// The item deleted.
    Delete,
    /// Something added to the item (a comment, logged time, my timer started or stopped).
    Add(Added),
}

impl Change {
    /// The field it sets, if it sets one.
    pub fn field(&self) -> Option<&Field> {
        match self {
            Change::Set(f) => Some(f),
            _ => None,
        }
    }

    /// Whether a later change of the same item must wait for this one (whatever it changes):
    /// a create must be answered first, a delete ends the item.
    fn orders_the_item(&self) -> bool {
        matches!(self, Change::Create(_) | Change::Delete)
    }
}

/// The item as the change was made on it: its `updatedAt` and the value of the field the
/// change sets, as the app last read them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Base {
    pub updated_at: Option<OffsetDateTime>,
    pub value: Option<Field>,
}

/// Where a change is on its way to the service.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum State {
    /// Kept until the service can be reached.
    Waiting,
    /// Being sent (or it was, when the app ended): before it goes again, the item is read, and
    /// a create is looked for.
    Sending,
    /// Someone changed the field since the base: it waits for the user to keep theirs or
    /// mine.
    Conflict,
    /// The service said no; its words are in the message.
    Refused,
}

impl State {
    /// The number the store keeps.
    pub fn number(self) -> i64 {
        match self {
            State::Waiting => 0,
            State::Sending => 1,
            State::Conflict => 2,
            State::Refused => 3,
        }
    }

    pub fn from_number(n: i64) -> State {
        match n {
            1 => State::Sending,
            2 => State::Conflict,
            3 => State::Refused,
            _ => State::Waiting,
        }
    }

    /// As the outbox's list says it.
    pub fn label(self) -> &'static str {
        match self {
            State::Waiting => "waiting",
            State::Sending => "sending",
            State::Conflict => "conflict",
            State::Refused => "refused",
        }
    }

    /// On its way to the service: shown over the item. One in conflict is not (the item shows
    /// the service's value until the user decides), nor one refused.
    pub fn pending(self) -> bool {
        matches!(self, State::Waiting | State::Sending)
    }

    /// Still to reach the service (a refused change is over until the user acts).
    pub fn unsettled(self) -> bool {
        !matches!(self, State::Refused)
    }
}

/// One change in the outbox.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// Its place in the order changes were made.
    pub seq: i64,
    pub item: ItemRef,
    /// The item's name when the change was made, for the outbox's list.
    pub name: String,
    pub change: Change,
    pub base: Base,
    pub created_at: OffsetDateTime,
    pub state: State,
    /// The service's words: why it refused, or why the change was dropped.
    pub message: Option<String>,
    /// At a conflict: the value the service has now (someone else's).
    pub theirs: Option<Field>,
    /// When it was first sent (on this machine's clock): a create is looked for among what was
    /// made since before it goes again.
    pub sent_at: Option<OffsetDateTime>,
}

impl Entry {
    /// A change about to be kept: waiting, never sent.
    pub fn new(
        seq: i64,
        item: ItemRef,
        name: String,
        change: Change,
        base: Base,
        at: OffsetDateTime,
    ) -> Self {
        Self {
            seq,
            item,
            name,
            change,
            base,
            created_at: at,
            state: State::Waiting,
            message: None,
            theirs: None,
            sent_at: None,
        }
    }

    /// Whether this change must go before `later` (a change of the same item made after it).
    fn goes_before(&self, later: &Entry) -> bool {
        if !self.item.same_item(&later.item) || !self.state.unsettled() {
            return false;
        }
        if self.change.orders_the_item() || later.change.orders_the_item() {
            return true;
        }
        match (self.change.field(), later.change.field()) {
            (Some(a), Some(b)) => a.same_field(b),
            _ => true,
        }
    }

    /// What the list of changes says it does: "done", "title → “Отчёт”", "won", "status →
    /// Переговоры", "new task", "delete deal"; `names` names a column or a status by its id.
    pub fn describe(&self, names: &dyn Fn(Place<'_>) -> String) -> String {
        match &self.change {
            Change::Set(Field::Task(TaskField::Completed(true))) => "done".into(),
            Change::Set(Field::Task(TaskField::Completed(false))) => "reopened".into(),
            Change::Set(Field::Deal(DealField::Outcome(None))) => "reopened".into(),
            Change::Set(Field::Deal(DealField::Outcome(Some(o)))) => o.as_str().to_string(),
            Change::Set(f) => format!("{} → {}", f.name(), describe_field(f, names)),
            Change::Create(New::Task(_)) => "new task".into(),
            Change::Create(New::Contact(_)) => "new contact".into(),
            Change::Create(New::Organization(_)) => "new organization".into(),
            Change::Create(New::Deal { .. }) => "new deal".into(),
            Change::Delete => format!("delete {}", self.item.kind.noun()),
            Change::Add(a) => a.describe(),
        }
    }
}

/// A column of a task's board, or a status of a deal's funnel, to be named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place<'a> {
    Column(i64),
    Status(&'a str),
}

/// A field's value in a few words; `names` names a column or a status by its id.
pub fn describe_field(f: &Field, names: &dyn Fn(Place<'_>) -> String) -> String {
    match f {
        Field::Task(TaskField::Completed(true)) => "done".into(),
        Field::Task(TaskField::Completed(false)) => "open".into(),
        Field::Task(TaskField::Priority(p)) => p.map_or("none", |p| p.label()).into(),
        Field::Task(TaskField::Column(c)) => names(Place::Column(*c)),
        Field::Task(TaskField::Due(d)) => d.map_or("none".into(), weeek_api::dates::to_filter_date),
        Field::Task(TaskField::Title(t)) => crate::text::quoted_full(t),
        Field::Task(TaskField::Assignees(a)) if a.len() == 1 => "1 person".into(),
        Field::Task(TaskField::Assignees(a)) => format!("{} people", a.len()),
        Field::Task(TaskField::Tags(t)) if t.len() == 1 => "1 tag".into(),
        Field::Task(TaskField::Tags(t)) => format!("{} tags", t.len()),
        Field::Task(TaskField::Description(None)) => "none".into(),
        Field::Task(TaskField::Description(Some(d))) => {
            let text = crate::html::to_text(d, 1000);
            crate::text::quoted(text.trim(), 30)
        }
        Field::Task(TaskField::Watchers(w)) if w.len() == 1 => "1 person".into(),
        Field::Task(TaskField::Watchers(w)) => format!("{} people", w.len()),
        Field::Task(TaskField::Place {
            place: Some(weeek_api::ColumnPlace::After(_)),
            ..
        }) => "down a card".into(),
        Field::Task(TaskField::Place {
            place: Some(weeek_api::ColumnPlace::Before(_)),
            ..
        }) => "up a card".into(),
        Field::Task(TaskField::Place { column, .. }) => names(Place::Column(*column)),
        Field::Task(TaskField::Custom { value, .. }) if value.is_null() => "none".into(),
        Field::Task(TaskField::Custom { value, .. }) => match value {
            serde_json::Value::String(s) => crate::text::quoted_full(s),
            other => other.to_string(),
        },
        Field::Deal(DealField::Status(s)) => names(Place::Status(s)),
        Field::Deal(DealField::Outcome(None)) => "open".into(),
        Field::Deal(DealField::Outcome(Some(o))) => o.as_str().into(),
        Field::Deal(f) => f.describe(),
        Field::Contact(f) => f.describe(),
        Field::Organization(f) => f.describe(),
    }
}

/// The changes that may be sent now, in order: those no earlier change of the same item
/// (of the same field, unless one of them makes or deletes the item) still holds back, whose
/// item the service knows (a change of a new item waits for its create's answer), and that
/// are not waiting for the user (a conflict) or over (refused), nor for another record made
/// here that they name ([`links`]).
pub fn ready(entries: &[Entry]) -> Vec<&Entry> {
    let mut sorted: Vec<&Entry> = entries.iter().collect();
    sorted.sort_by_key(|e| e.seq);
    sorted
        .iter()
        .enumerate()
        .filter(|(_, e)| e.state.pending())
        .filter(|(_, e)| e.item.id.is_some() || matches!(e.change, Change::Create(_)))
        .filter(|(_, e)| !links::waits_for_another(e, &sorted))
        .filter(|(i, e)| !sorted[..*i].iter().any(|before| before.goes_before(e)))
        .map(|(_, e)| *e)
        .collect()
}

/// How many changes wait to be sent (or are being sent); those in conflict wait for the user
/// instead, and refused ones are over.
pub fn waiting(entries: &[Entry]) -> usize {
    entries.iter().filter(|e| e.state.pending()).count()
}

/// The service's copy of an item, as a replay read or wrote it.
#[derive(Debug, Clone, PartialEq)]
pub enum Fresh {
    Task(Box<Task>),
    Deal(Box<Deal>),
    Contact(Box<Contact>),
    Organization(Box<Organization>),
}

/// One step of a replay, with the outbox as the store holds it after it.
#[derive(Debug, Clone, PartialEq)]
pub struct Replayed {
    pub outbox: Vec<Entry>,
    pub step: Step,
}

/// What became of a change (or of the replay) in one step.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    /// The change reached the service (or the service already had it); its copy of the item
    /// when it gave one.
    Sent { entry: Entry, fresh: Option<Fresh> },
    /// The new item is on the service under `id` (made now, or found made by an earlier
    /// send whose answer was lost).
    Created {
        entry: Entry,
        id: String,
        fresh: Option<Fresh>,
    },
    /// Someone changed the field since the change was made: nothing of it is sent until the
    /// user decides (`entry.theirs` is the service's value).
    Conflict { entry: Entry, fresh: Option<Fresh> },
    /// The service said no (`entry.message`); the item as the service has it.
    Refused { entry: Entry, fresh: Option<Fresh> },
    /// The item is gone from the service: its changes are dropped, never made again.
    Gone { entries: Vec<Entry> },
    /// The service could not be reached: the replay stopped, the rest waits.
    Unreachable(ApiError),
    /// Nothing more can be sent now; `sent` changes reached the service in this replay.
    Done { sent: usize },
}

#[cfg(test)]
mod tests;
