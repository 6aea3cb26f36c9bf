//! The API worker: a tokio task that owns the client, runs requests concurrently and answers
//! with messages. Each [`Call`] has exactly one [`Answer`] variant, built here. A request with
//! the same key as a running one supersedes it (the older one is cancelled); the app also
//! drops any answer that is not the latest for its key.

use std::collections::HashMap;

use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use weeek_api::models::Comment;
use weeek_api::models::{
    Board, BoardColumn, Contact, Currency, Deal, EmailEntry, Funnel, FunnelStatus, Member,
    Organization, PhoneEntry, Portfolio, Project, Tag, Task, TimeEntry, User, Workspace,
};
use weeek_api::{
    ApiError, Client, CommentPage, ContactUpdate, DealInput, DealPage, DealQuery, DealUpdate,
    FunnelInput, ListQuery, Listed, NewContact, NewProject, NewTask, OrganizationInput,
    PortfolioQuery, ProjectUpdate, RetryNotice, SkippedRow, TaskPage, TaskQuery, TaskUpdate,
    TimeEntryInput,
};

use crate::app::entry_rows::{Entry, RowCall};
use crate::app::requests::RequestKey;
use crate::organizations::form::Kind as OrgRowKind;

/// The most portfolios the projects screen reads: more than any workspace holds, a bound on
/// a service that keeps saying there is more.
const PORTFOLIOS_MAX: usize = 2_000;

/// One operation of the service, as data.
#[derive(Debug, Clone, PartialEq)]
pub enum Call {
    Me,
    Workspace,
    Members,
    Tags,
    Projects,
    /// Every portfolio, page after page.
    Portfolios,
    Boards(i64),
    Columns(i64),
    Tasks(TaskQuery),
    Task(i64),
    CreateTask(NewTask),
    UpdateTask(i64, TaskUpdate),
    DeleteTask(i64),
    CompleteTask(i64),
    /// A new column, last on the board: board, name.
    CreateColumn(i64, String),
    RenameColumn(i64, String),
    /// A column right after the one given (the column to its left), or first.
    MoveColumn(i64, Option<i64>),
    DeleteColumn(i64),
    /// A task right below or above another of its board column.
    PlaceTask {
        task: i64,
        project: i64,
        column: i64,
        place: weeek_api::ColumnPlace,
    },
    UncompleteTask(i64),
    AddAssignees(i64, Vec<String>),
    RemoveAssignees(i64, Vec<String>),
    AddWatchers(i64, Vec<String>),
    RemoveWatchers(i64, Vec<String>),
    /// My timer, on a task.
    StartTimer(i64),
    StopTimer(i64),
    CreateTimeEntry(i64, TimeEntryInput),
    /// Task, entry, the whole entry again.
    UpdateTimeEntry(i64, String, TimeEntryInput),
    DeleteTimeEntry(i64, String),
    /// A page of a task's comments: task, limit, offset.
    Comments(i64, u32, u32),
    CreateComment {
        task: i64,
        markdown: String,
        reply_to: Option<i64>,
    },
    /// Task, comment.
    DeleteComment(i64, i64),
    Currencies,
    Funnels,
    Funnel(String),
    FunnelStatuses(String),
    /// A page of a status's deals, with the board's search, filters and sort.
    Deals(String, Box<DealQuery>),
    Deal(String),
    MoveDeal {
        deal: String,
        status: String,
        after: Option<String>,
    },
    /// `PUT /crm/deals/{id}`: the fields it carries.
    UpdateDeal(String, DealUpdate),
    /// `POST /crm/statuses/{id}/deals`.
    CreateDeal(String, Box<DealInput>),
    /// `PATCH /crm/deals/{id}`: the fields it carries.
    PatchDeal(String, Box<DealInput>),
    DeleteDeal(String),
    /// `POST /crm/deals/{id}/tasks`: a new task, linked to the deal.
    CreateDealTask(String, NewTask),
    /// `DELETE /crm/deals/{id}/tasks/{task}`: the link goes, the task stays.
    DetachDealTask(String, i64),
    CreateFunnel(FunnelInput),
    /// `PUT /crm/funnels/{id}`: the fields it carries.
    UpdateFunnel(String, FunnelInput),
    DeleteFunnel(String),
    /// A new status of a funnel, with its name.
    CreateFunnelStatus(String, String),
    /// A status and its new name.
    RenameFunnelStatus(String, String),
    DeleteFunnelStatus(String),
    /// A status and the one it goes after (`None`: first).
    MoveFunnelStatus(String, Option<String>),
    /// `GET /tm/projects/{id}`: one project (an archived one too), read back.
    Project(i64),
    CreateProject(NewProject),
    UpdateProject(i64, ProjectUpdate),
    DeleteProject(i64),
    /// Archive (`true`) or un-archive a project.
    ArchiveProject(i64, bool),
    /// A new board of a project, with its name.
    CreateBoard(i64, String),
    RenameBoard(i64, String),
    RenamePortfolio(i64, String),
    DeleteBoard(i64),
    Organizations(ListQuery),
    Contacts(ListQuery),
    CreateContact(NewContact),
    /// `GET /crm/contacts/{id}`: reads one back after a lost answer.
    Contact(String),
    DeleteContact(String),
    /// One change of a saved contact, through the endpoint that holds that part of it.
    EditContact(String, ContactEdit),
    /// `POST /ws/tags` with the title.
    CreateTag(String),
    CreateOrganization(OrganizationInput),
    /// `GET /crm/organizations/{id}`: reads one back after a lost answer.
    Organization(String),
    DeleteOrganization(String),
    /// One change of a saved organization, through the endpoint that holds that part of it.
    EditOrganization(String, OrgEdit),
    /// A contact or a tag attached to or detached from an organization.
    LinkOrganization(String, OrgLink),
    /// Reads the file at `path` here and attaches it to task `task`.
    UploadTaskFile {
        task: i64,
        path: std::path::PathBuf,
    },
    /// Downloads attachment `id` and writes it into `dir` under `name` (never over a file).
    SaveAttachment {
        id: String,
        name: String,
        dir: std::path::PathBuf,
    },
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
                | Call::PlaceTask { .. }
                | Call::CreateColumn(..)
                | Call::RenameColumn(..)
                | Call::MoveColumn(..)
                | Call::DeleteColumn(_)
                | Call::UncompleteTask(_)
                | Call::AddAssignees(..)
                | Call::RemoveAssignees(..)
                | Call::AddWatchers(..)
                | Call::RemoveWatchers(..)
                | Call::StartTimer(_)
                | Call::StopTimer(_)
                | Call::CreateTimeEntry(..)
                | Call::UpdateTimeEntry(..)
                | Call::DeleteTimeEntry(..)
                | Call::CreateComment { .. }
                | Call::DeleteComment(..)
                | Call::MoveDeal { .. }
                | Call::UpdateDeal(..)
                | Call::CreateDeal(..)
                | Call::PatchDeal(..)
                | Call::DeleteDeal(_)
                | Call::CreateDealTask(..)
                | Call::DetachDealTask(..)
                | Call::CreateFunnel(_)
                | Call::UpdateFunnel(..)
                | Call::DeleteFunnel(_)
                | Call::CreateFunnelStatus(..)
                | Call::RenameFunnelStatus(..)
                | Call::DeleteFunnelStatus(_)
                | Call::MoveFunnelStatus(..)
                | Call::CreateProject(_)
                | Call::UpdateProject(..)
                | Call::DeleteProject(_)
                | Call::ArchiveProject(..)
                | Call::CreateBoard(..)
                | Call::RenameBoard(..)
                | Call::RenamePortfolio(..)
                | Call::DeleteBoard(_)
                | Call::CreateContact(_)
                | Call::DeleteContact(_)
                | Call::EditContact(..)
                | Call::CreateTag(_)
                | Call::CreateOrganization(_)
                | Call::DeleteOrganization(_)
                | Call::EditOrganization(..)
                | Call::LinkOrganization(..)
                | Call::UploadTaskFile { .. }
        )
    }
}

/// What a call answered: one variant per [`Call`], holding that call's own result, so a
/// screen reads the type it asked for. Only [`execute`] builds them (and tests).
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Me(Result<Box<User>, ApiError>),
    Workspace(Result<Workspace, ApiError>),
    Members(Result<Vec<Member>, ApiError>),
    Tags(Result<Vec<Tag>, ApiError>),
    Projects(Result<Vec<Project>, ApiError>),
    Portfolios(Result<Vec<Portfolio>, ApiError>),
    Boards(Result<Vec<Board>, ApiError>),
    Columns(Result<Vec<BoardColumn>, ApiError>),
    TaskPage(Result<TaskPage, ApiError>),
    Task(Result<Box<Task>, ApiError>),
    CreatedTask(Result<Box<Task>, ApiError>),
    UpdatedTask(Result<Box<Task>, ApiError>),
    DeletedTask(Result<(), ApiError>),
    CompletedTask(Result<(), ApiError>),
    PlacedTask(Result<(), ApiError>),
    CreatedColumn(Result<BoardColumn, ApiError>),
    RenamedColumn(Result<(), ApiError>),
    MovedColumn(Result<(), ApiError>),
    DeletedColumn(Result<(), ApiError>),
    ReopenedTask(Result<(), ApiError>),
    AddedAssignees(Result<(), ApiError>),
    RemovedAssignees(Result<(), ApiError>),
    AddedWatchers(Result<(), ApiError>),
    RemovedWatchers(Result<(), ApiError>),
    StartedTimer(Result<(), ApiError>),
    StoppedTimer(Result<(), ApiError>),
    CreatedTimeEntry(Result<Box<TimeEntry>, ApiError>),
    UpdatedTimeEntry(Result<Box<TimeEntry>, ApiError>),
    DeletedTimeEntry(Result<(), ApiError>),
    CommentPage(Result<CommentPage, ApiError>),
    CreatedComment(Result<Box<Comment>, ApiError>),
    DeletedComment(Result<(), ApiError>),
    Currencies(Result<Vec<Currency>, ApiError>),
    Funnels(Result<Vec<Funnel>, ApiError>),
    Funnel(Result<Box<Funnel>, ApiError>),
    FunnelStatuses(Result<Vec<FunnelStatus>, ApiError>),
    DealPage(Result<DealPage, ApiError>),
    Deal(Result<Box<Deal>, ApiError>),
    MovedDeal(Result<(), ApiError>),
    UpdatedDeal(Result<Box<Deal>, ApiError>),
    CreatedDeal(Result<Box<Deal>, ApiError>),
    /// The deal when the answer carries one.
    PatchedDeal(Result<Option<Box<Deal>>, ApiError>),
    DeletedDeal(Result<(), ApiError>),
    CreatedDealTask(Result<Box<Task>, ApiError>),
    DetachedDealTask(Result<(), ApiError>),
    CreatedFunnel(Result<Box<Funnel>, ApiError>),
    UpdatedFunnel(Result<Box<Funnel>, ApiError>),
    DeletedFunnel(Result<(), ApiError>),
    CreatedFunnelStatus(Result<FunnelStatus, ApiError>),
    RenamedFunnelStatus(Result<FunnelStatus, ApiError>),
    DeletedFunnelStatus(Result<(), ApiError>),
    MovedFunnelStatus(Result<(), ApiError>),
    Project(Result<Box<Project>, ApiError>),
    CreatedProject(Result<Box<Project>, ApiError>),
    UpdatedProject(Result<(), ApiError>),
    DeletedProject(Result<(), ApiError>),
    ArchivedProject(Result<(), ApiError>),
    CreatedBoard(Result<Board, ApiError>),
    RenamedBoard(Result<(), ApiError>),
    RenamedPortfolio(Result<(), ApiError>),
    DeletedBoard(Result<(), ApiError>),
    Organizations(Result<Vec<Organization>, ApiError>),
    Contacts(Result<Vec<Contact>, ApiError>),
    CreatedContact(Result<Box<Contact>, ApiError>),
    Contact(Result<Box<Contact>, ApiError>),
    DeletedContact(Result<(), ApiError>),
    EditedContact(Result<Edited, ApiError>),
    CreatedTag(Result<Tag, ApiError>),
    CreatedOrganization(Result<Box<Organization>, ApiError>),
    Organization(Result<Box<Organization>, ApiError>),
    DeletedOrganization(Result<(), ApiError>),
    EditedOrganization(Result<OrgEdited, ApiError>),
    LinkedOrganization(Result<(), ApiError>),
    UploadedFiles(Result<Vec<weeek_api::models::Attachment>, ApiError>),
    /// Where the file was written.
    SavedAttachment(Result<std::path::PathBuf, crate::attachment_files::SaveError>),
}

impl Answer {
    /// The failure, whatever the call: for the log and for the app's own messages (a refused
    /// token).
    pub fn error(&self) -> Option<&ApiError> {
        use Answer as A;
        match self {
            A::Me(r) => r.as_ref().err(),
            A::Workspace(r) => r.as_ref().err(),
            A::Members(r) => r.as_ref().err(),
            A::Tags(r) => r.as_ref().err(),
            A::Projects(r) => r.as_ref().err(),
            A::Portfolios(r) => r.as_ref().err(),
            A::Boards(r) => r.as_ref().err(),
            A::Columns(r) => r.as_ref().err(),
            A::CreatedColumn(r) => r.as_ref().err(),
            A::TaskPage(r) => r.as_ref().err(),
            A::Task(r) | A::CreatedTask(r) | A::UpdatedTask(r) | A::CreatedDealTask(r) => {
                r.as_ref().err()
            }
            A::DeletedTask(r)
            | A::CompletedTask(r)
            | A::PlacedTask(r)
            | A::RenamedColumn(r)
            | A::MovedColumn(r)
            | A::DeletedColumn(r)
            | A::ReopenedTask(r)
            | A::AddedAssignees(r)
            | A::RemovedAssignees(r)
            | A::AddedWatchers(r)
            | A::RemovedWatchers(r)
            | A::StartedTimer(r)
            | A::StoppedTimer(r)
            | A::DeletedTimeEntry(r)
            | A::DeletedComment(r)
            | A::MovedDeal(r)
            | A::DeletedDeal(r)
            | A::DetachedDealTask(r)
            | A::DeletedFunnel(r)
            | A::DeletedFunnelStatus(r)
            | A::MovedFunnelStatus(r)
            | A::UpdatedProject(r)
            | A::DeletedProject(r)
            | A::ArchivedProject(r)
            | A::RenamedBoard(r)
            | A::RenamedPortfolio(r)
            | A::DeletedBoard(r) => r.as_ref().err(),
            A::Project(r) | A::CreatedProject(r) => r.as_ref().err(),
            A::CreatedBoard(r) => r.as_ref().err(),
            A::CreatedFunnel(r) | A::UpdatedFunnel(r) => r.as_ref().err(),
            A::CreatedFunnelStatus(r) | A::RenamedFunnelStatus(r) => r.as_ref().err(),
            A::CreatedTimeEntry(r) | A::UpdatedTimeEntry(r) => r.as_ref().err(),
            A::CommentPage(r) => r.as_ref().err(),
            A::CreatedComment(r) => r.as_ref().err(),
            A::Currencies(r) => r.as_ref().err(),
            A::Funnels(r) => r.as_ref().err(),
            A::Funnel(r) => r.as_ref().err(),
            A::FunnelStatuses(r) => r.as_ref().err(),
            A::DealPage(r) => r.as_ref().err(),
            A::Deal(r) | A::UpdatedDeal(r) | A::CreatedDeal(r) => r.as_ref().err(),
            A::PatchedDeal(r) => r.as_ref().err(),
            A::Organizations(r) => r.as_ref().err(),
            A::Contacts(r) => r.as_ref().err(),
            A::CreatedContact(r) | A::Contact(r) => r.as_ref().err(),
            A::DeletedContact(r) | A::DeletedOrganization(r) => r.as_ref().err(),
            A::Organization(r) => r.as_ref().err(),
            A::EditedContact(r) => r.as_ref().err(),
            A::CreatedTag(r) => r.as_ref().err(),
            A::CreatedOrganization(r) => r.as_ref().err(),
            A::EditedOrganization(r) => r.as_ref().err(),
            A::LinkedOrganization(r) => r.as_ref().err(),
            A::UploadedFiles(r) => r.as_ref().err(),
            A::SavedAttachment(r) => match r {
                Err(crate::attachment_files::SaveError::Api(e)) => Some(e),
                _ => None,
            },
        }
    }
}

/// One change of a saved contact: names and organizations go in `PUT /crm/contacts/{id}`,
/// each e-mail, phone and tag through its own endpoint.
#[derive(Debug, Clone, PartialEq)]
pub enum ContactEdit {
    Update(Box<ContactUpdate>),
    AddEmail(String),
    UpdateEmail { entry: String, email: String },
    DeleteEmail(String),
    AddPhone(String),
    UpdatePhone { entry: String, phone: String },
    DeletePhone(String),
    AttachTag(i64),
    DetachTag(i64),
}

/// What a [`ContactEdit`] answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Edited {
    Contact(Box<Contact>),
    Email(EmailEntry),
    Phone(PhoneEntry),
    Done,
}

async fn edit_contact(client: &Client, id: &str, edit: ContactEdit) -> Result<Edited, ApiError> {
    use ContactEdit as E;
    Ok(match edit {
        E::Update(u) => Edited::Contact(Box::new(client.update_contact(id, &u).await?)),
        E::AddEmail(email) => Edited::Email(client.add_contact_email(id, &email).await?),
        E::UpdateEmail { entry, email } => {
            Edited::Email(client.update_contact_email(id, &entry, &email).await?)
        }
        E::DeleteEmail(entry) => {
            client.delete_contact_email(id, &entry).await?;
            Edited::Done
        }
        E::AddPhone(phone) => Edited::Phone(client.add_contact_phone(id, &phone).await?),
        E::UpdatePhone { entry, phone } => {
            Edited::Phone(client.update_contact_phone(id, &entry, &phone).await?)
        }
        E::DeletePhone(entry) => {
            client.delete_contact_phone(id, &entry).await?;
            Edited::Done
        }
        E::AttachTag(tag) => {
            client.attach_contact_tag(id, tag).await?;
            Edited::Done
        }
        E::DetachTag(tag) => {
            client.detach_contact_tag(id, tag).await?;
            Edited::Done
        }
    })
}

/// One change of a saved organization: its name goes in `PUT /crm/organizations/{id}`, each
/// address, e-mail and phone through its own endpoint.
#[derive(Debug, Clone, PartialEq)]
pub enum OrgEdit {
    Rename(String),
    Row(OrgRowKind, RowCall),
}

/// A link of an organization: `POST`/`DELETE /crm/organizations/{id}/contacts` or `…/tags`.
#[derive(Debug, Clone, PartialEq)]
pub enum OrgLink {
    AttachContact(String),
    DetachContact(String),
    AttachTag(i64),
    DetachTag(i64),
}

async fn link_organization(client: &Client, id: &str, link: OrgLink) -> Result<(), ApiError> {
    match link {
        OrgLink::AttachContact(c) => client.attach_organization_contact(id, &c).await,
        OrgLink::DetachContact(c) => client.detach_organization_contact(id, &c).await,
        OrgLink::AttachTag(t) => client.attach_organization_tag(id, t).await,
        OrgLink::DetachTag(t) => client.detach_organization_tag(id, t).await,
    }
}

/// What an [`OrgEdit`] answered.
#[derive(Debug, Clone, PartialEq)]
pub enum OrgEdited {
    Organization(Box<Organization>),
    Entry(Entry),
    Done,
}

async fn edit_organization(
    client: &Client,
    id: &str,
    edit: OrgEdit,
) -> Result<OrgEdited, ApiError> {
    use OrgRowKind as K;
    let entry = |id: String, value: String| OrgEdited::Entry(Entry { id, value });
    Ok(match edit {
        OrgEdit::Rename(name) => {
            let body = OrganizationInput {
                name: Some(name),
                ..OrganizationInput::default()
            };
            OrgEdited::Organization(Box::new(client.update_organization(id, &body).await?))
        }
        OrgEdit::Row(kind, RowCall::Add(v)) => match kind {
            K::Address => {
                let a = client.add_organization_address(id, &v).await?;
                entry(a.id, a.address)
            }
            K::Email => {
                let e = client.add_organization_email(id, &v).await?;
                entry(e.id, e.email)
            }
            K::Phone => {
                let p = client.add_organization_phone(id, &v).await?;
                entry(p.id, p.phone)
            }
        },
        OrgEdit::Row(kind, RowCall::Update { entry: e, value: v }) => match kind {
            K::Address => {
                let a = client.update_organization_address(id, &e, &v).await?;
                entry(a.id, a.address)
            }
            K::Email => {
                let m = client.update_organization_email(id, &e, &v).await?;
                entry(m.id, m.email)
            }
            K::Phone => {
                let p = client.update_organization_phone(id, &e, &v).await?;
                entry(p.id, p.phone)
            }
        },
        OrgEdit::Row(kind, RowCall::Delete(e)) => {
            match kind {
                K::Address => client.delete_organization_address(id, &e).await?,
                K::Email => client.delete_organization_email(id, &e).await?,
                K::Phone => client.delete_organization_phone(id, &e).await?,
            }
            OrgEdited::Done
        }
    })
}

/// Rows of a list answer that could not be read, values of read rows taken as empty, and
/// which list they were in.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Skipped {
    /// "Tasks", "Deals", …
    pub list: &'static str,
    pub rows: Vec<SkippedRow>,
    /// Each names its row and field: "id 17: priority: 9 is not a priority (0 to 3)".
    pub malformed: Vec<SkippedRow>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    pub id: u64,
    pub key: RequestKey,
    pub call: Call,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Reply {
    pub id: u64,
    pub key: RequestKey,
    pub answer: Answer,
    /// Rows of a list answer that could not be read (the others are in `answer`), and values
    /// that were read as empty.
    pub skipped: Option<Skipped>,
}

/// Runs `call`; the answer and, for a list, the rows that could not be read.
pub async fn execute(client: &Client, call: Call) -> (Answer, Option<Skipped>) {
    use Answer as A;
    use Call as C;
    let mut skipped = None;
    let answer = match call {
        C::Me => A::Me(client.me().await.map(Box::new)),
        C::Workspace => A::Workspace(client.workspace().await),
        C::Members => A::Members(
            client
                .members()
                .await
                .map(|l| readable("Members", l, &mut skipped)),
        ),
        C::Tags => A::Tags(
            client
                .tags()
                .await
                .map(|l| readable("Tags", l, &mut skipped)),
        ),
        C::Projects => A::Projects(
            client
                .projects()
                .await
                .map(|l| readable("Projects", l, &mut skipped)),
        ),
        C::Portfolios => A::Portfolios(
            client
                .portfolios_all(&PortfolioQuery::default(), PORTFOLIOS_MAX)
                .await
                .map(|l| readable("Portfolios", l, &mut skipped)),
        ),
        C::Boards(p) => A::Boards(
            client
                .boards(p)
                .await
                .map(|l| readable("Boards", l, &mut skipped)),
        ),
        C::Columns(b) => A::Columns(
            client
                .board_columns(b)
                .await
                .map(|l| readable("Columns", l, &mut skipped)),
        ),
        C::Tasks(q) => A::TaskPage(
            client
                .tasks(&q)
                .await
                .map(|l| readable("Tasks", l, &mut skipped)),
        ),
        C::Task(id) => A::Task(client.task(id).await.map(Box::new)),
        C::CreateTask(t) => A::CreatedTask(client.create_task(&t).await.map(Box::new)),
        C::UpdateTask(id, u) => A::UpdatedTask(client.update_task(id, &u).await.map(Box::new)),
        C::DeleteTask(id) => A::DeletedTask(client.delete_task(id).await),
        C::CompleteTask(id) => A::CompletedTask(client.complete_task(id).await),
        C::CreateColumn(board, name) => {
            A::CreatedColumn(client.create_board_column(board, &name).await)
        }
        C::RenameColumn(id, name) => A::RenamedColumn(client.update_board_column(id, &name).await),
        C::MoveColumn(id, upper) => A::MovedColumn(client.move_board_column(id, upper).await),
        C::DeleteColumn(id) => A::DeletedColumn(client.delete_board_column(id).await),
        C::PlaceTask {
            task,
            project,
            column,
            place,
        } => A::PlacedTask(
            client
                .place_task_in_column(task, project, column, place)
                .await,
        ),
        C::UncompleteTask(id) => A::ReopenedTask(client.uncomplete_task(id).await),
        C::AddAssignees(id, m) => A::AddedAssignees(client.add_assignees(id, &m).await),
        C::RemoveAssignees(id, m) => A::RemovedAssignees(client.remove_assignees(id, &m).await),
        C::AddWatchers(id, m) => A::AddedWatchers(client.add_watchers(id, &m).await),
        C::RemoveWatchers(id, m) => A::RemovedWatchers(client.remove_watchers(id, &m).await),
        C::StartTimer(id) => A::StartedTimer(client.start_timer(id).await),
        C::StopTimer(id) => A::StoppedTimer(client.stop_timer(id).await),
        C::CreateTimeEntry(id, e) => {
            A::CreatedTimeEntry(client.create_time_entry(id, &e).await.map(Box::new))
        }
        C::UpdateTimeEntry(id, entry, e) => {
            A::UpdatedTimeEntry(client.update_time_entry(id, &entry, &e).await.map(Box::new))
        }
        C::DeleteTimeEntry(id, entry) => {
            A::DeletedTimeEntry(client.delete_time_entry(id, &entry).await)
        }
        C::Comments(id, limit, offset) => A::CommentPage(
            client
                .task_comments(id, limit, offset)
                .await
                .map(|l| readable("Comments", l, &mut skipped)),
        ),
        C::CreateComment {
            task,
            markdown,
            reply_to,
        } => A::CreatedComment(
            client
                .create_task_comment(task, &markdown, reply_to)
                .await
                .map(Box::new),
        ),
        C::DeleteComment(id, comment) => {
            A::DeletedComment(client.delete_task_comment(id, comment).await)
        }
        C::Currencies => A::Currencies(
            client
                .currencies()
                .await
                .map(|l| readable("Currencies", l, &mut skipped)),
        ),
        C::Funnels => A::Funnels(
            client
                .funnels()
                .await
                .map(|l| readable("Funnels", l, &mut skipped)),
        ),
        C::Funnel(id) => A::Funnel(client.funnel(&id).await.map(Box::new)),
        C::FunnelStatuses(id) => A::FunnelStatuses(
            client
                .funnel_statuses(&id)
                .await
                .map(|l| readable("Statuses", l, &mut skipped)),
        ),
        C::Deals(status, q) => A::DealPage(
            client
                .find_deals(&status, &q)
                .await
                .map(|l| readable("Deals", l, &mut skipped)),
        ),
        C::Deal(id) => A::Deal(client.deal(&id).await.map(Box::new)),
        C::MoveDeal {
            deal,
            status,
            after,
        } => A::MovedDeal(client.move_deal(&deal, &status, after.as_deref()).await),
        C::UpdateDeal(id, u) => A::UpdatedDeal(client.update_deal(&id, &u).await.map(Box::new)),
        C::DeleteDeal(id) => A::DeletedDeal(client.delete_deal(&id).await),
        C::CreateDeal(status, d) => {
            A::CreatedDeal(client.create_deal(&status, &d).await.map(Box::new))
        }
        C::PatchDeal(id, d) => A::PatchedDeal(
            client
                .update_deal_fields(&id, &d)
                .await
                .map(|d| d.map(Box::new)),
        ),
        C::CreateDealTask(deal, t) => {
            A::CreatedDealTask(client.create_deal_task(&deal, &t).await.map(Box::new))
        }
        C::DetachDealTask(deal, task) => {
            A::DetachedDealTask(client.detach_deal_task(&deal, task).await)
        }
        C::CreateFunnel(f) => A::CreatedFunnel(client.create_funnel(&f).await.map(Box::new)),
        C::UpdateFunnel(id, f) => {
            A::UpdatedFunnel(client.update_funnel(&id, &f).await.map(Box::new))
        }
        C::DeleteFunnel(id) => A::DeletedFunnel(client.delete_funnel(&id).await),
        C::CreateFunnelStatus(funnel, name) => {
            A::CreatedFunnelStatus(client.create_funnel_status(&funnel, Some(&name)).await)
        }
        C::RenameFunnelStatus(id, name) => {
            A::RenamedFunnelStatus(client.rename_funnel_status(&id, &name).await)
        }
        C::DeleteFunnelStatus(id) => A::DeletedFunnelStatus(client.delete_funnel_status(&id).await),
        C::MoveFunnelStatus(id, after) => {
            A::MovedFunnelStatus(client.move_funnel_status(&id, after.as_deref()).await)
        }
        C::Project(id) => A::Project(client.project(id).await.map(Box::new)),
        C::CreateProject(p) => A::CreatedProject(client.create_project(&p).await.map(Box::new)),
        C::UpdateProject(id, u) => A::UpdatedProject(client.update_project(id, &u).await),
        C::DeleteProject(id) => A::DeletedProject(client.delete_project(id).await),
        C::ArchiveProject(id, true) => A::ArchivedProject(client.archive_project(id).await),
        C::ArchiveProject(id, false) => A::ArchivedProject(client.unarchive_project(id).await),
        C::CreateBoard(project, name) => A::CreatedBoard(client.create_board(project, &name).await),
        C::RenameBoard(id, name) => A::RenamedBoard(client.update_board(id, &name).await),
        C::RenamePortfolio(id, name) => {
            A::RenamedPortfolio(client.update_portfolio(id, &name).await.map(|_| ()))
        }
        C::DeleteBoard(id) => A::DeletedBoard(client.delete_board(id).await),
        C::Organizations(q) => A::Organizations(
            client
                .organizations(&q)
                .await
                .map(|l| readable("Organizations", l, &mut skipped)),
        ),
        C::Contacts(q) => A::Contacts(
            client
                .contacts(&q)
                .await
                .map(|l| readable("Contacts", l, &mut skipped)),
        ),
        C::CreateContact(c) => A::CreatedContact(client.create_contact(&c).await.map(Box::new)),
        C::Contact(id) => A::Contact(client.contact(&id).await.map(Box::new)),
        C::DeleteContact(id) => A::DeletedContact(client.delete_contact(&id).await),
        C::Organization(id) => A::Organization(client.organization(&id).await.map(Box::new)),
        C::DeleteOrganization(id) => A::DeletedOrganization(client.delete_organization(&id).await),
        C::EditContact(id, edit) => A::EditedContact(edit_contact(client, &id, edit).await),
        C::CreateTag(title) => A::CreatedTag(client.create_tag(&title).await),
        C::CreateOrganization(o) => {
            A::CreatedOrganization(client.create_organization(&o).await.map(Box::new))
        }
        C::EditOrganization(id, edit) => {
            A::EditedOrganization(edit_organization(client, &id, edit).await)
        }
        C::LinkOrganization(id, link) => {
            A::LinkedOrganization(link_organization(client, &id, link).await)
        }
        C::UploadTaskFile { task, path } => A::UploadedFiles(
            match blocking(move || crate::attachment_files::read_upload(&path)).await {
                Ok(file) => client.upload_task_attachments(task, &[file]).await,
                Err(e) => Err(e),
            },
        ),
        C::SaveAttachment { id, name, dir } => {
            A::SavedAttachment(match client.attachment_content(&id).await {
                Ok(content) => {
                    blocking(move || crate::attachment_files::save(content, &name, &dir)).await
                }
                Err(e) => Err(crate::attachment_files::SaveError::Api(e)),
            })
        }
    };
    (answer, skipped)
}

/// Runs file work on the blocking pool; a panic there is reported, not spread.
async fn blocking<T, E>(work: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, E>
where
    T: Send + 'static,
    E: Send + 'static + From<FileWorkFailed>,
{
    tokio::task::spawn_blocking(work)
        .await
        .unwrap_or_else(|e| Err(FileWorkFailed(e.to_string()).into()))
}

/// File work that ended without a result (it panicked).
pub struct FileWorkFailed(String);

impl From<FileWorkFailed> for ApiError {
    fn from(e: FileWorkFailed) -> Self {
        ApiError::InvalidRequest(format!("reading the file failed: {}", e.0))
    }
}

impl From<FileWorkFailed> for crate::attachment_files::SaveError {
    fn from(e: FileWorkFailed) -> Self {
        Self::Disk(e.0)
    }
}

/// The rows of a list that could be read; the others go to `skipped`, with their reasons, for
/// the app to report: a list with one odd row still shows every other row. So do the values
/// read as empty: shown as "none", they are said, not hidden.
fn readable<T>(list: &'static str, listed: Listed<T>, skipped: &mut Option<Skipped>) -> T {
    for row in &listed.skipped {
        tracing::warn!(list, %row, "a row could not be read");
    }
    for value in &listed.malformed {
        tracing::warn!(list, %value, "a value was read as empty");
    }
    if !listed.skipped.is_empty() || !listed.malformed.is_empty() {
        *skipped = Some(Skipped {
            list,
            rows: listed.skipped,
            malformed: listed.malformed,
        });
    }
    listed.value
}

/// What the app tells the worker.
#[derive(Debug, Clone, PartialEq)]
pub enum Order {
    /// Boxed: a request is large (a task update carries text) and orders queue up.
    Run(Box<Request>),
    /// The answer under this key is no longer wanted: a read still running is aborted (a
    /// write runs to its end: stopping it half-way would leave its fate unknown).
    Cancel(RequestKey),
}

/// What the worker tells the app.
#[derive(Debug, Clone, PartialEq)]
pub enum Report {
    Answered(Reply),
    /// A read failed and is about to be tried again.
    Retrying(Retrying),
}

/// A read of request `id` is tried again after `notice.delay`.
#[derive(Debug, Clone, PartialEq)]
pub struct Retrying {
    pub id: u64,
    pub key: RequestKey,
    pub notice: RetryNotice,
}

struct Running {
    handle: JoinHandle<()>,
    write: bool,
}

/// Starts the worker; it ends when the order sender is dropped.
pub fn spawn(
    client: Client,
) -> (
    mpsc::UnboundedSender<Order>,
    mpsc::UnboundedReceiver<Report>,
) {
    let (order_tx, mut order_rx) = mpsc::unbounded_channel::<Order>();
    let (report_tx, report_rx) = mpsc::unbounded_channel::<Report>();
    tokio::spawn(async move {
        let mut running: HashMap<RequestKey, Running> = HashMap::new();
        while let Some(order) = order_rx.recv().await {
            running.retain(|_, r| !r.handle.is_finished());
            let Request { id, key, call } = match order {
                Order::Run(request) => *request,
                Order::Cancel(key) => {
                    if running.get(&key).is_some_and(|r| !r.write)
                        && let Some(r) = running.remove(&key)
                    {
                        tracing::debug!(?key, "cancelled");
                        r.handle.abort();
                    }
                    continue;
                }
            };
            let write = call.is_write();
            if !write && let Some(older) = running.remove(&key) {
                older.handle.abort();
            }
            // A read that is retried says so at once: the screen tells why it waits.
            let client = if write {
                client.clone()
            } else {
                let tx = report_tx.clone();
                let key = key.clone();
                client.with_retry_observer(move |notice| {
                    let _ = tx.send(Report::Retrying(Retrying {
                        id,
                        key: key.clone(),
                        notice: notice.clone(),
                    }));
                })
            };
            let report_tx = report_tx.clone();
            let task_key = key.clone();
            let handle = tokio::spawn(async move {
                let (answer, skipped) = execute(&client, call).await;
                if let Some(e) = answer.error() {
                    tracing::warn!(key = ?task_key, error = %e, "request failed");
                }
                let _ = report_tx.send(Report::Answered(Reply {
                    id,
                    key: task_key,
                    answer,
                    skipped,
                }));
            });
            running.insert(key, Running { handle, write });
        }
        for (_, r) in running {
            r.handle.abort();
        }
    });
    (order_tx, report_rx)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::{TcpListener, TcpStream};
    use weeek_api::{ClientConfig, Token};

    use super::*;
    use crate::app::requests::NamesKey;
    use crate::tasks::TaskKey;

    /// Long enough for anything on loopback; reached only when the worker is broken.
    const DEADLINE: Duration = Duration::from_secs(10);

    async fn accept(listener: &TcpListener) -> TcpStream {
        let (mut conn, _) = tokio::time::timeout(DEADLINE, listener.accept())
            .await
            .expect("the worker connects")
            .expect("accept");
        // The whole request head has arrived once its blank line has.
        let mut head = Vec::new();
        let mut byte = [0u8; 1];
        while !head.ends_with(b"\r\n\r\n") {
            let n = tokio::time::timeout(DEADLINE, conn.read(&mut byte))
                .await
                .expect("the request arrives")
                .expect("read");
            assert_eq!(n, 1, "the connection closed before the request ended");
            head.push(byte[0]);
        }
        conn
    }

    async fn report(reports: &mut mpsc::UnboundedReceiver<Report>) -> Report {
        tokio::time::timeout(DEADLINE, reports.recv())
            .await
            .expect("a report")
            .expect("the worker runs")
    }

    async fn answered(reports: &mut mpsc::UnboundedReceiver<Report>) -> Reply {
        match report(reports).await {
            Report::Answered(reply) => reply,
            other => panic!("not an answer: {other:?}"),
        }
    }

    fn http(status: &str, body: &str) -> String {
        format!(
            "HTTP/1.1 {status}\r\nconnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_read_that_is_retried_says_so_before_its_answer() {
        weeek_api::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}/public/v1", listener.local_addr().expect("addr"));
        let mut config = ClientConfig::new(base, Token::new("t"));
        config.retry.base_delay = Duration::from_millis(10);
        let client = Client::new(config).expect("client");
        let (orders, mut reports) = spawn(client);
        let me = Request {
            id: 7,
            key: NamesKey::Me.into(),
            call: Call::Me,
        };
        orders.send(Order::Run(Box::new(me))).expect("worker");
        let mut first = accept(&listener).await;
        let failed = http("503 Service Unavailable", r#"{"success":false}"#);
        first.write_all(failed.as_bytes()).await.expect("write");
        match report(&mut reports).await {
            Report::Retrying(r) => {
                assert_eq!((r.id, r.key), (7, NamesKey::Me.into()));
                assert_eq!((r.notice.attempt, r.notice.attempts), (2, 3));
                assert!(
                    matches!(r.notice.cause, ApiError::Server { status: 503, .. }),
                    "{:?}",
                    r.notice.cause
                );
            }
            other => panic!("not a retry: {other:?}"),
        }
        let mut second = accept(&listener).await;
        let gone = http(
            "404 Not Found",
            r#"{"success":false,"message":"Not found"}"#,
        );
        second.write_all(gone.as_bytes()).await.expect("write");
        let reply = answered(&mut reports).await;
        assert_eq!(reply.id, 7);
        assert!(
            matches!(reply.answer, Answer::Me(Err(ApiError::NotFound { .. }))),
            "{reply:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_cancelled_read_is_stopped_and_sends_no_answer() {
        weeek_api::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}/public/v1", listener.local_addr().expect("addr"));
        let client = Client::new(ClientConfig::new(base, Token::new("t"))).expect("client");
        let (orders, mut replies) = spawn(client);

        let list: RequestKey = TaskKey::List.into();
        let read = Request {
            id: 1,
            key: list.clone(),
            call: Call::Tasks(TaskQuery::default()),
        };
        orders.send(Order::Run(Box::new(read))).expect("worker");
        let mut first = accept(&listener).await;
        orders.send(Order::Cancel(list)).expect("worker");
        // Stopped, the read drops its connection: the server sees it close unanswered.
        let mut rest = [0u8; 64];
        let closed = tokio::time::timeout(DEADLINE, first.read(&mut rest))
            .await
            .expect("the cancelled read lets go of its connection");
        assert!(matches!(closed, Ok(0) | Err(_)), "{closed:?}");

        // Another request is answered as usual, and its answer is the only one.
        let me = Request {
            id: 2,
            key: NamesKey::Me.into(),
            call: Call::Me,
        };
        orders.send(Order::Run(Box::new(me))).expect("worker");
        let mut second = accept(&listener).await;
        let gone = http(
            "404 Not Found",
            r#"{"success":false,"message":"Not found"}"#,
        );
        second.write_all(gone.as_bytes()).await.expect("write");
        let reply = answered(&mut replies).await;
        assert_eq!(reply.id, 2, "{reply:?}");
        assert!(matches!(reply.answer, Answer::Me(Err(_))), "{reply:?}");
        drop(orders);
        let after = tokio::time::timeout(DEADLINE, replies.recv())
            .await
            .expect("the worker ends");
        assert!(
            after.is_none(),
            "nothing came for the cancelled read: {after:?}"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 1)]
    async fn a_write_is_never_stopped_by_a_cancel() {
        weeek_api::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}/public/v1", listener.local_addr().expect("addr"));
        let client = Client::new(ClientConfig::new(base, Token::new("t"))).expect("client");
        let (orders, mut replies) = spawn(client);
        let key: RequestKey = TaskKey::Write(1).into();
        let write = Request {
            id: 1,
            key: key.clone(),
            call: Call::CompleteTask(7),
        };
        orders.send(Order::Run(Box::new(write))).expect("worker");
        let mut conn = accept(&listener).await;
        orders.send(Order::Cancel(key)).expect("worker");
        let ok = http("200 OK", r#"{"success":true}"#);
        conn.write_all(ok.as_bytes()).await.expect("write");
        let reply = answered(&mut replies).await;
        assert_eq!(reply.answer, Answer::CompletedTask(Ok(())));
    }
}
