//! Every operation the worker runs, one line each (see `table.rs` for what a line makes):
//! its fields, its one answer type, its name in tests, and how it runs.

use std::path::PathBuf;

use weeek_api::models::{
    Attachment, Board, BoardColumn, Comment, Contact, Currency, Deal, Funnel, FunnelStatus, Member,
    Organization, Portfolio, Project, Tag, Task, TimeEntry, User, Workspace,
};
use weeek_api::{
    ApiError, ColumnPlace, CommentPage, DealInput, DealPage, DealQuery, DealUpdate, FunnelInput,
    ListQuery, NewContact, NewProject, NewTask, OrganizationInput, PortfolioQuery, ProjectUpdate,
    TaskPage, TaskQuery, TaskUpdate, TimeEntryInput,
};

use super::edits::{
    ContactEdit, Edited, OrgEdit, OrgEdited, OrgLink, edit_contact, edit_organization,
    link_organization,
};
use super::execute::{Skipped, blocking, readable};
use super::local::{self, Completion, LocalError, LocalFile};
use super::output::Output;
use super::table::calls;
use crate::attachment_files::{self, SaveError};
use crate::goto::NameIndex;

/// The most portfolios the projects screen reads: more than any workspace holds, a bound on
/// a service that keeps saying there is more.
const PORTFOLIOS_MAX: usize = 2_000;

/// An operation as a type: what it is as data, and the one type its answer has.
pub trait Op: Into<Call> {
    type Output: super::output::Answerable;
}

/// What an operation does, which tells how the worker treats it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Reads the service: a newer request under its key supersedes it, a cancel stops it, a
    /// failure may be tried again.
    Read,
    /// Changes the service: never superseded, stopped or repeated (its fate would be
    /// unknown).
    Write,
    /// Works on this machine's files (a download saved there counts): superseded and stopped
    /// as a read is, and never kept or repeated for later, since the files change under it.
    Local,
}

impl Call {
    /// Writes must never be superseded or repeated; only reads share keys.
    pub fn is_write(&self) -> bool {
        self.kind() == Kind::Write
    }
}

calls! {
    client, skipped;

    Read Me -> Result<Box<User>, ApiError>, Me => client.me().await.map(Box::new);
    Read Workspace -> Result<Workspace, ApiError>, Workspace =>
        client.workspace().await;
    Read Members -> Result<Vec<Member>, ApiError>, Members =>
        client.members().await.map(|l| readable("Members", l, skipped));
    Read Tags -> Result<Vec<Tag>, ApiError>, Tags =>
        client.tags().await.map(|l| readable("Tags", l, skipped));
    Read Projects -> Result<Vec<Project>, ApiError>, Projects =>
        client.projects().await.map(|l| readable("Projects", l, skipped));
    /// Every portfolio, page after page.
    Read Portfolios -> Result<Vec<Portfolio>, ApiError>, Portfolios => client
        .portfolios_all(&PortfolioQuery::default(), PORTFOLIOS_MAX)
        .await
        .map(|l| readable("Portfolios", l, skipped));
    /// The boards of a project.
    Read Boards(project: i64) -> Result<Vec<Board>, ApiError>, Boards =>
        client.boards(project).await.map(|l| readable("Boards", l, skipped));
    /// The columns of a board.
    Read Columns(board: i64) -> Result<Vec<BoardColumn>, ApiError>, Columns =>
        client.board_columns(board).await.map(|l| readable("Columns", l, skipped));
    Read Tasks(query: TaskQuery) -> Result<TaskPage, ApiError>, TaskPage =>
        client.tasks(&query).await.map(|l| readable("Tasks", l, skipped));
    Read Task(id: i64) -> Result<Box<Task>, ApiError>, Task =>
        client.task(id).await.map(Box::new);
    Write CreateTask(new: NewTask) -> Result<Box<Task>, ApiError>, CreatedTask =>
        client.create_task(&new).await.map(Box::new);
    Write UpdateTask(id: i64, update: TaskUpdate) -> Result<Box<Task>, ApiError>, UpdatedTask =>
        client.update_task(id, &update).await.map(Box::new);
    Write DeleteTask(id: i64) -> Result<(), ApiError>, DeletedTask =>
        client.delete_task(id).await;
    Write CompleteTask(id: i64) -> Result<(), ApiError>, CompletedTask =>
        client.complete_task(id).await;
    /// A new column, last on the board: board, name.
    Write CreateColumn(board: i64, name: String) -> Result<BoardColumn, ApiError>, CreatedColumn =>
        client.create_board_column(board, &name).await;
    Write RenameColumn(id: i64, name: String) -> Result<(), ApiError>, RenamedColumn =>
        client.update_board_column(id, &name).await;
    /// A column right after the one given (the column to its left), or first.
    Write MoveColumn(id: i64, after: Option<i64>) -> Result<(), ApiError>, MovedColumn =>
        client.move_board_column(id, after).await;
    Write DeleteColumn(id: i64) -> Result<(), ApiError>, DeletedColumn =>
        client.delete_board_column(id).await;
    /// A task right below or above another of its board column.
    Write PlaceTask { task: i64, project: i64, column: i64, place: ColumnPlace }
        -> Result<(), ApiError>, PlacedTask =>
        client.place_task_in_column(task, project, column, place).await;
    Write UncompleteTask(id: i64) -> Result<(), ApiError>, ReopenedTask =>
        client.uncomplete_task(id).await;
    Write AddAssignees(id: i64, members: Vec<String>) -> Result<(), ApiError>, AddedAssignees =>
        client.add_assignees(id, &members).await;
    Write RemoveAssignees(id: i64, members: Vec<String>) -> Result<(), ApiError>, RemovedAssignees =>
        client.remove_assignees(id, &members).await;
    Write AddWatchers(id: i64, members: Vec<String>) -> Result<(), ApiError>, AddedWatchers =>
        client.add_watchers(id, &members).await;
    Write RemoveWatchers(id: i64, members: Vec<String>) -> Result<(), ApiError>, RemovedWatchers =>
        client.remove_watchers(id, &members).await;
    /// My timer, on a task.
    Write StartTimer(task: i64) -> Result<(), ApiError>, StartedTimer =>
        client.start_timer(task).await;
    Write StopTimer(task: i64) -> Result<(), ApiError>, StoppedTimer =>
        client.stop_timer(task).await;
    Write CreateTimeEntry(task: i64, input: TimeEntryInput)
        -> Result<Box<TimeEntry>, ApiError>, CreatedTimeEntry =>
        client.create_time_entry(task, &input).await.map(Box::new);
    /// Task, entry, the whole entry again.
    Write UpdateTimeEntry(task: i64, entry: String, input: TimeEntryInput)
        -> Result<Box<TimeEntry>, ApiError>, UpdatedTimeEntry =>
        client.update_time_entry(task, &entry, &input).await.map(Box::new);
    Write DeleteTimeEntry(task: i64, entry: String) -> Result<(), ApiError>, DeletedTimeEntry =>
        client.delete_time_entry(task, &entry).await;
    /// A page of a task's comments: task, limit, offset.
    Read Comments(task: i64, limit: u32, offset: u32) -> Result<CommentPage, ApiError>, CommentPage =>
        client.task_comments(task, limit, offset).await.map(|l| readable("Comments", l, skipped));
    Write CreateComment { task: i64, markdown: String, reply_to: Option<i64> }
        -> Result<Box<Comment>, ApiError>, CreatedComment =>
        client.create_task_comment(task, &markdown, reply_to).await.map(Box::new);
    /// Task, comment.
    Write DeleteComment(task: i64, comment: i64) -> Result<(), ApiError>, DeletedComment =>
        client.delete_task_comment(task, comment).await;
    Read Currencies -> Result<Vec<Currency>, ApiError>, Currencies =>
        client.currencies().await.map(|l| readable("Currencies", l, skipped));
    Read Funnels -> Result<Vec<Funnel>, ApiError>, Funnels =>
        client.funnels().await.map(|l| readable("Funnels", l, skipped));
    Read Funnel(id: String) -> Result<Box<Funnel>, ApiError>, Funnel =>
        client.funnel(&id).await.map(Box::new);
    Read FunnelStatuses(funnel: String) -> Result<Vec<FunnelStatus>, ApiError>, FunnelStatuses =>
        client.funnel_statuses(&funnel).await.map(|l| readable("Statuses", l, skipped));
    /// A page of a status's deals, with the board's search, filters and sort.
    Read Deals(status: String, query: Box<DealQuery>) -> Result<DealPage, ApiError>, DealPage =>
        client.find_deals(&status, &query).await.map(|l| readable("Deals", l, skipped));
    Read Deal(id: String) -> Result<Box<Deal>, ApiError>, Deal =>
        client.deal(&id).await.map(Box::new);
    Write MoveDeal { deal: String, status: String, after: Option<String> }
        -> Result<(), ApiError>, MovedDeal =>
        client.move_deal(&deal, &status, after.as_deref()).await;
    /// `PUT /crm/deals/{id}`: the fields it carries.
    Write UpdateDeal(id: String, update: DealUpdate) -> Result<Box<Deal>, ApiError>, UpdatedDeal =>
        client.update_deal(&id, &update).await.map(Box::new);
    /// `POST /crm/statuses/{id}/deals`.
    Write CreateDeal(status: String, input: Box<DealInput>) -> Result<Box<Deal>, ApiError>, CreatedDeal =>
        client.create_deal(&status, &input).await.map(Box::new);
    /// `PATCH /crm/deals/{id}`: the fields it carries. The deal when the answer holds one.
    Write PatchDeal(id: String, input: Box<DealInput>)
        -> Result<Option<Box<Deal>>, ApiError>, PatchedDeal =>
        client.update_deal_fields(&id, &input).await.map(|d| d.map(Box::new));
    Write DeleteDeal(id: String) -> Result<(), ApiError>, DeletedDeal =>
        client.delete_deal(&id).await;
    /// `POST /crm/deals/{id}/tasks`: a new task, linked to the deal.
    Write CreateDealTask(deal: String, new: NewTask) -> Result<Box<Task>, ApiError>, CreatedDealTask =>
        client.create_deal_task(&deal, &new).await.map(Box::new);
    /// `DELETE /crm/deals/{id}/tasks/{task}`: the link goes, the task stays.
    Write DetachDealTask(deal: String, task: i64) -> Result<(), ApiError>, DetachedDealTask =>
        client.detach_deal_task(&deal, task).await;
    Write CreateFunnel(input: FunnelInput) -> Result<Box<Funnel>, ApiError>, CreatedFunnel =>
        client.create_funnel(&input).await.map(Box::new);
    /// `PUT /crm/funnels/{id}`: the fields it carries.
    Write UpdateFunnel(id: String, input: FunnelInput) -> Result<Box<Funnel>, ApiError>, UpdatedFunnel =>
        client.update_funnel(&id, &input).await.map(Box::new);
    Write DeleteFunnel(id: String) -> Result<(), ApiError>, DeletedFunnel =>
        client.delete_funnel(&id).await;
    /// A new status of a funnel, with its name.
    Write CreateFunnelStatus(funnel: String, name: String)
        -> Result<FunnelStatus, ApiError>, CreatedFunnelStatus =>
        client.create_funnel_status(&funnel, Some(&name)).await;
    /// A status and its new name.
    Write RenameFunnelStatus(id: String, name: String)
        -> Result<FunnelStatus, ApiError>, RenamedFunnelStatus =>
        client.rename_funnel_status(&id, &name).await;
    Write DeleteFunnelStatus(id: String) -> Result<(), ApiError>, DeletedFunnelStatus =>
        client.delete_funnel_status(&id).await;
    /// A status and the one it goes after (`None`: first).
    Write MoveFunnelStatus(id: String, after: Option<String>) -> Result<(), ApiError>, MovedFunnelStatus =>
        client.move_funnel_status(&id, after.as_deref()).await;
    /// `GET /tm/projects/{id}`: one project (an archived one too), read back.
    Read Project(id: i64) -> Result<Box<Project>, ApiError>, Project =>
        client.project(id).await.map(Box::new);
    Write CreateProject(new: NewProject) -> Result<Box<Project>, ApiError>, CreatedProject =>
        client.create_project(&new).await.map(Box::new);
    Write UpdateProject(id: i64, update: ProjectUpdate) -> Result<(), ApiError>, UpdatedProject =>
        client.update_project(id, &update).await;
    Write DeleteProject(id: i64) -> Result<(), ApiError>, DeletedProject =>
        client.delete_project(id).await;
    /// Archive (`true`) or un-archive a project.
    Write ArchiveProject(id: i64, archive: bool) -> Result<(), ApiError>, ArchivedProject =>
        if archive {
            client.archive_project(id).await
        } else {
            client.unarchive_project(id).await
        };
    /// A new board of a project, with its name.
    Write CreateBoard(project: i64, name: String) -> Result<Board, ApiError>, CreatedBoard =>
        client.create_board(project, &name).await;
    Write RenameBoard(id: i64, name: String) -> Result<(), ApiError>, RenamedBoard =>
        client.update_board(id, &name).await;
    Write RenamePortfolio(id: i64, name: String) -> Result<(), ApiError>, RenamedPortfolio =>
        client.update_portfolio(id, &name).await.map(|_| ());
    Write DeleteBoard(id: i64) -> Result<(), ApiError>, DeletedBoard =>
        client.delete_board(id).await;
    Read Organizations(query: ListQuery) -> Result<Vec<Organization>, ApiError>, Organizations =>
        client.organizations(&query).await.map(|l| readable("Organizations", l, skipped));
    Read Contacts(query: ListQuery) -> Result<Vec<Contact>, ApiError>, Contacts =>
        client.contacts(&query).await.map(|l| readable("Contacts", l, skipped));
    Write CreateContact(new: NewContact) -> Result<Box<Contact>, ApiError>, CreatedContact =>
        client.create_contact(&new).await.map(Box::new);
    /// `GET /crm/contacts/{id}`: reads one back after a lost answer.
    Read Contact(id: String) -> Result<Box<Contact>, ApiError>, Contact =>
        client.contact(&id).await.map(Box::new);
    Write DeleteContact(id: String) -> Result<(), ApiError>, DeletedContact =>
        client.delete_contact(&id).await;
    /// One change of a saved contact, through the endpoint that holds that part of it.
    Write EditContact(id: String, edit: ContactEdit) -> Result<Edited, ApiError>, EditedContact =>
        edit_contact(client, &id, edit).await;
    /// `POST /ws/tags` with the title.
    Write CreateTag(title: String) -> Result<Tag, ApiError>, CreatedTag =>
        client.create_tag(&title).await;
    Write CreateOrganization(input: OrganizationInput)
        -> Result<Box<Organization>, ApiError>, CreatedOrganization =>
        client.create_organization(&input).await.map(Box::new);
    /// `GET /crm/organizations/{id}`: reads one back after a lost answer.
    Read Organization(id: String) -> Result<Box<Organization>, ApiError>, Organization =>
        client.organization(&id).await.map(Box::new);
    Write DeleteOrganization(id: String) -> Result<(), ApiError>, DeletedOrganization =>
        client.delete_organization(&id).await;
    /// One change of a saved organization, through the endpoint that holds that part of it.
    Write EditOrganization(id: String, edit: OrgEdit) -> Result<OrgEdited, ApiError>, EditedOrganization =>
        edit_organization(client, &id, edit).await;
    /// A contact or a tag attached to or detached from an organization.
    Write LinkOrganization(id: String, link: OrgLink) -> Result<(), ApiError>, LinkedOrganization =>
        link_organization(client, &id, link).await;
    /// Reads the file at `path` here and attaches it to task `task`.
    Write UploadTaskFile { task: i64, path: PathBuf }
        -> Result<Vec<Attachment>, ApiError>, UploadedFiles =>
        match blocking(move || attachment_files::read_upload(&path)).await {
            Ok(file) => client.upload_task_attachments(task, &[file]).await,
            Err(e) => Err(e),
        };
    /// Downloads attachment `id` and writes it into `dir` under `name` (never over a file).
    Local SaveAttachment { id: String, name: String, dir: PathBuf }
        -> Result<PathBuf, SaveError>, SavedAttachment =>
        match client.attachment_content(&id).await {
            Ok(content) => blocking(move || attachment_files::save(content, &name, &dir)).await,
            Err(e) => Err(SaveError::Api(e)),
        };
    /// The path typed so far, completed against the directory it names (Tab).
    Local CompletePath { typed: String } -> Result<Completion, LocalError>, CompletedPath =>
        blocking(move || Ok(local::complete(&typed))).await;
    /// The file a typed path names: where it is, and whether it is a directory and how large.
    Local LookAtFile { typed: String } -> Result<LocalFile, LocalError>, LookedAtFile =>
        blocking(move || local::look_at(&typed)).await;
    /// Where downloads go on this machine.
    Local DownloadsDir -> Result<PathBuf, LocalError>, DownloadsDir =>
        blocking(|| Ok(attachment_files::downloads_dir())).await;
    /// Every name the local store at `store` holds, for the palette to find things by.
    Local ReadNames { store: PathBuf } -> Result<NameIndex, LocalError>, ReadNames =>
        blocking(move || local::read_names(&store)).await;
}

#[cfg(test)]
mod tests {
    use serde_json::{Map, json};
    use time::macros::date;
    use weeek_api::models::{Priority, TaskType, WinStatus};
    use weeek_api::{
        ColumnPlace, ContactUpdate, CustomFieldFilter, DealInput, DealQuery, DealSortKey,
        DealUpdate, FunnelInput, LastUpdated, ListQuery, NewContact, NewProject, NewTask,
        OrganizationInput, ProjectUpdate, Sort, SortBy, SortKey, TaskQuery, TaskUpdate,
        TimeEntryInput,
    };

    use super::*;
    use crate::worker::{ContactEdit, OrgEdit, OrgLink, OrgRowKind, RowCall};

    /// A call of each kind of input, with the values that are easy to lose on the way: a
    /// field cleared (`Some(None)`), a flag sent as a number, a value the client does not know.
    fn calls() -> Vec<Call> {
        let fields: Map<String, serde_json::Value> =
            [("f1".to_string(), json!(null)), ("f2".into(), json!("x"))]
                .into_iter()
                .collect();
        vec![
            Call::Me,
            Call::Tasks(TaskQuery {
                user_id: Some("u".into()),
                completed: Some(false),
                task_type: Some(TaskType::Other("meeting".into())),
                priority: Some(Priority::High),
                tags: vec![1, 2],
                sort_by: Some(SortBy {
                    key: SortKey::Created,
                    descending: true,
                }),
                start_date: Some(date!(2026 - 11 - 1)),
                end_date: Some(date!(2026 - 11 - 30)),
                ..Default::default()
            }),
            Call::CreateTask(NewTask {
                title: "Отчёт".into(),
                due_date: Some(date!(2026 - 11 - 24)),
                priority: Some(Priority::Low),
                ..Default::default()
            }),
            Call::UpdateTask(
                7,
                TaskUpdate {
                    priority: Some(None),
                    due_date: Some(Some(date!(2026 - 11 - 25))),
                    duration: Some(None),
                    custom_fields: Some(fields.clone()),
                    ..Default::default()
                },
            ),
            Call::PlaceTask {
                task: 1,
                project: 2,
                column: 3,
                place: ColumnPlace::Before(4),
            },
            Call::UpdateTimeEntry(
                1,
                "e1".into(),
                TimeEntryInput {
                    user_id: "u".into(),
                    is_overtime: true,
                    date: date!(2026 - 11 - 21),
                    minutes: 45,
                    comment: None,
                },
            ),
            Call::CreateComment {
                task: 1,
                markdown: "**да**".into(),
                reply_to: Some(3),
            },
            Call::Deals(
                "s1".into(),
                Box::new(DealQuery {
                    win_statuses: vec![WinStatus::Won, WinStatus::Other("paused".into())],
                    last_updated: vec![LastUpdated::LastWeek],
                    custom_fields: vec![CustomFieldFilter {
                        id: "f".into(),
                        value: None,
                    }],
                    sort: Some(Sort {
                        key: DealSortKey::Amount,
                        descending: true,
                    }),
                    limit: Some(10),
                    ..Default::default()
                }),
            ),
            Call::UpdateDeal(
                "d".into(),
                DealUpdate {
                    amount: Some(None),
                    win_status: Some(Some(WinStatus::Lost)),
                    ..Default::default()
                },
            ),
            Call::PatchDeal(
                "d".into(),
                Box::new(DealInput {
                    description: Some(None),
                    contacts: Some(vec![]),
                    custom_fields: Some(fields),
                    ..Default::default()
                }),
            ),
            Call::CreateFunnel(FunnelInput {
                name: Some("Продажи".into()),
                currency_id: Some(2),
                is_private: Some(true),
            }),
            Call::CreateProject(NewProject {
                name: "Сайт".into(),
                portfolio_id: Some(3),
                ..Default::default()
            }),
            Call::UpdateProject(
                3,
                ProjectUpdate {
                    name: "Сайт".into(),
                    logo: Some(None),
                    ..Default::default()
                },
            ),
            Call::ArchiveProject(3, false),
            Call::Organizations(ListQuery::page(100, 200)),
            Call::CreateContact(NewContact {
                first_name: "Анна".into(),
                emails: vec!["anna@example.com".into()],
                ..Default::default()
            }),
            Call::EditContact(
                "c".into(),
                ContactEdit::Update(Box::new(ContactUpdate {
                    first_name: "Анна".into(),
                    last_name: Some(None),
                    tags: Some(vec![]),
                    ..Default::default()
                })),
            ),
            Call::EditOrganization(
                "o".into(),
                OrgEdit::Row(
                    OrgRowKind::Email,
                    RowCall::Update {
                        entry: "e".into(),
                        value: "a@b.c".into(),
                    },
                ),
            ),
            Call::CreateOrganization(OrganizationInput {
                name: Some("ООО".into()),
                ..Default::default()
            }),
            Call::LinkOrganization("o".into(), OrgLink::DetachTag(4)),
            Call::UploadTaskFile {
                task: 1,
                path: "/tmp/смета.txt".into(),
            },
            Call::CompletePath {
                typed: "~/Загр".into(),
            },
            Call::DownloadsDir,
            Call::ReadNames {
                store: "/tmp/хранилище.sqlite3".into(),
            },
        ]
    }

    #[test]
    fn every_call_reads_back_from_its_stored_form_as_it_was() {
        for call in calls() {
            let stored = serde_json::to_string(&call).unwrap();
            let back: Call =
                serde_json::from_str(&stored).unwrap_or_else(|e| panic!("{stored}: {e}"));
            assert_eq!(back, call, "{stored}");
        }
    }

    #[test]
    fn each_call_is_a_read_a_write_or_work_here() {
        assert_eq!(Call::Me.kind(), Kind::Read);
        assert!(Call::ArchiveProject(1, true).is_write());
        assert!(!Call::Tasks(TaskQuery::default()).is_write());
        assert_eq!(Call::DownloadsDir.kind(), Kind::Local);
        let names = Call::ReadNames {
            store: "/tmp/s.sqlite3".into(),
        };
        assert_eq!(names.kind(), Kind::Local);
        // A download is a read of the service, but what it does is here: never kept.
        let save = Call::SaveAttachment {
            id: "a".into(),
            name: "x".into(),
            dir: "/tmp".into(),
        };
        assert_eq!(save.kind(), Kind::Local);
    }
}
