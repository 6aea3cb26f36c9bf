//! The API worker: a tokio task that owns the client, runs requests concurrently and answers
//! with messages. A request with the same key as a running one supersedes it (the older one is
//! cancelled); the app also drops any answer that is not the latest for its key.

use std::collections::HashMap;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use weeek_api::models::{
    Board, BoardColumn, Contact, Currency, Deal, Funnel, FunnelStatus, Member, Organization,
    Project, Tag, Task, User, Workspace,
};
use weeek_api::{
    ApiError, Client, DealPage, ListQuery, Listed, NewContact, NewTask, TaskPage, TaskQuery,
    TaskUpdate,
};

/// One operation of the service, as data.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    Me,
    Workspace,
    Members,
    Tags,
    Projects,
    Boards(i64),
    Columns(i64),
    Tasks(TaskQuery),
    Task(i64),
    CreateTask(NewTask),
    UpdateTask(i64, TaskUpdate),
    DeleteTask(i64),
    CompleteTask(i64),
    UncompleteTask(i64),
    AddAssignees(i64, Vec<String>),
    RemoveAssignees(i64, Vec<String>),
    Currencies,
    Funnels,
    Funnel(String),
    FunnelStatuses(String),
    Deals(String, ListQuery),
    Deal(String),
    MoveDeal {
        deal: String,
        status: String,
        after: Option<String>,
    },
    Organizations(ListQuery),
    Contacts(ListQuery),
    CreateContact(NewContact),
}

impl Call {
    /// Writes must never be superseded or repeated; only reads share keys.
    pub fn is_write(&self) -> bool {
        matches!(
            self,
            Call::CreateTask(_)
                | Call::UpdateTask(..)
                | Call::DeleteTask(_)
                | Call::CompleteTask(_)
                | Call::UncompleteTask(_)
                | Call::AddAssignees(..)
                | Call::RemoveAssignees(..)
                | Call::MoveDeal { .. }
                | Call::CreateContact(_)
        )
    }
}

/// What a call answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Data {
    Me(Box<User>),
    Workspace(Workspace),
    Members(Vec<Member>),
    Tags(Vec<Tag>),
    Projects(Vec<Project>),
    Boards(Vec<Board>),
    Columns(Vec<BoardColumn>),
    Tasks(TaskPage),
    Task(Box<Task>),
    Currencies(Vec<Currency>),
    Funnels(Vec<Funnel>),
    Funnel(Box<Funnel>),
    FunnelStatuses(Vec<FunnelStatus>),
    Deals(DealPage),
    Deal(Box<Deal>),
    Organizations(Vec<Organization>),
    Contacts(Vec<Contact>),
    Contact(Box<Contact>),
    /// Acknowledged, no payload.
    Done,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub id: u64,
    pub key: String,
    pub call: Call,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub id: u64,
    pub key: String,
    pub result: Result<Data, ApiError>,
}

pub async fn execute(client: &Client, call: Call) -> Result<Data, ApiError> {
    use Call as C;
    Ok(match call {
        C::Me => Data::Me(Box::new(client.me().await?)),
        C::Workspace => Data::Workspace(client.workspace().await?),
        C::Members => Data::Members(readable("members", client.members().await?)),
        C::Tags => Data::Tags(readable("tags", client.tags().await?)),
        C::Projects => Data::Projects(readable("projects", client.projects().await?)),
        C::Boards(p) => Data::Boards(readable("boards", client.boards(p).await?)),
        C::Columns(b) => Data::Columns(readable("columns", client.board_columns(b).await?)),
        C::Tasks(q) => Data::Tasks(readable("tasks", client.tasks(&q).await?)),
        C::Task(id) => Data::Task(Box::new(client.task(id).await?)),
        C::CreateTask(t) => Data::Task(Box::new(client.create_task(&t).await?)),
        C::UpdateTask(id, u) => Data::Task(Box::new(client.update_task(id, &u).await?)),
        C::DeleteTask(id) => {
            client.delete_task(id).await?;
            Data::Done
        }
        C::CompleteTask(id) => {
            client.complete_task(id).await?;
            Data::Done
        }
        C::UncompleteTask(id) => {
            client.uncomplete_task(id).await?;
            Data::Done
        }
        C::AddAssignees(id, m) => {
            client.add_assignees(id, &m).await?;
            Data::Done
        }
        C::RemoveAssignees(id, m) => {
            client.remove_assignees(id, &m).await?;
            Data::Done
        }
        C::Currencies => Data::Currencies(readable("currencies", client.currencies().await?)),
        C::Funnels => Data::Funnels(readable("funnels", client.funnels().await?)),
        C::Funnel(id) => Data::Funnel(Box::new(client.funnel(&id).await?)),
        C::FunnelStatuses(id) => {
            Data::FunnelStatuses(readable("statuses", client.funnel_statuses(&id).await?))
        }
        C::Deals(status, q) => Data::Deals(readable("deals", client.deals(&status, &q).await?)),
        C::Deal(id) => Data::Deal(Box::new(client.deal(&id).await?)),
        C::MoveDeal {
            deal,
            status,
            after,
        } => {
            client.move_deal(&deal, &status, after.as_deref()).await?;
            Data::Done
        }
        C::Organizations(q) => {
            Data::Organizations(readable("organizations", client.organizations(&q).await?))
        }
        C::Contacts(q) => Data::Contacts(readable("contacts", client.contacts(&q).await?)),
        C::CreateContact(c) => Data::Contact(Box::new(client.create_contact(&c).await?)),
    })
}

/// The rows of a list that could be read. The others are logged, one line each with its
/// reason, so a list with one odd row still shows every other row.
fn readable<T>(list: &str, listed: Listed<T>) -> T {
    for row in &listed.skipped {
        tracing::warn!(list, %row, "a row could not be read");
    }
    listed.value
}

/// Starts the worker; it ends when the request sender is dropped.
pub fn spawn(
    client: Client,
) -> (
    mpsc::UnboundedSender<Request>,
    mpsc::UnboundedReceiver<Reply>,
) {
    let (req_tx, mut req_rx) = mpsc::unbounded_channel::<Request>();
    let (reply_tx, reply_rx) = mpsc::unbounded_channel::<Reply>();
    tokio::spawn(async move {
        let mut running: HashMap<String, JoinHandle<()>> = HashMap::new();
        while let Some(Request { id, key, call }) = req_rx.recv().await {
            running.retain(|_, h| !h.is_finished());
            if !call.is_write()
                && let Some(older) = running.remove(&key)
            {
                older.abort();
            }
            let client = client.clone();
            let reply_tx = reply_tx.clone();
            let task_key = key.clone();
            let handle = tokio::spawn(async move {
                let result = execute(&client, call).await;
                if let Err(e) = &result {
                    tracing::warn!(key = %task_key, error = %e, "request failed");
                }
                let _ = reply_tx.send(Reply {
                    id,
                    key: task_key,
                    result,
                });
            });
            running.insert(key, handle);
        }
        for (_, h) in running {
            h.abort();
        }
    });
    (req_tx, reply_rx)
}
