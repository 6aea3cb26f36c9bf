//! The requests of a sync, one [`Job`] each, and what they answered.

use weeek_api::models::{
    Board, BoardColumn, Contact, Currency, Funnel, FunnelStatus, Member, Organization, Portfolio,
    Project, Tag, User, Workspace,
};
use weeek_api::{
    ApiError, Client, DealPage, DealQuery, ListQuery, Listed, SkippedRow, SortBy, SortKey,
    TaskPage, TaskQuery,
};

/// What a paged list of a sync reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Source {
    /// Open (`false`) or completed tasks, oldest first: a task made during the sync goes last
    /// and moves no other across a page boundary.
    Tasks {
        completed: bool,
    },
    Deals {
        status: String,
    },
    Contacts,
    Organizations,
}

impl Source {
    pub(super) fn task_query(completed: bool, per_page: u32, offset: u32) -> TaskQuery {
        TaskQuery {
            completed: Some(completed),
            sort_by: Some(SortBy {
                key: SortKey::Created,
                descending: false,
            }),
            per_page: Some(per_page),
            offset: Some(offset),
            ..TaskQuery::default()
        }
    }

    pub(super) fn deal_query(per_page: u32, offset: u32) -> DealQuery {
        DealQuery {
            limit: Some(per_page),
            offset: Some(offset),
            ..DealQuery::default()
        }
    }

    /// Words for a failure: "tasks (open) from 300".
    pub(super) fn describe(&self, offset: u32) -> String {
        let what = match self {
            Source::Tasks { completed: false } => "open tasks".to_string(),
            Source::Tasks { completed: true } => "completed tasks".to_string(),
            Source::Deals { status } => format!("deals of status {status}"),
            Source::Contacts => "contacts".to_string(),
            Source::Organizations => "organizations".to_string(),
        };
        format!("{what} from {offset}")
    }
}

/// One request of a sync.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Job {
    Profile,
    Workspace,
    Members,
    Tags,
    Currencies,
    Portfolios,
    Projects,
    Funnels,
    Boards(i64),
    Columns(i64),
    Statuses(String),
    /// A page of paged list `list` (an index into the plan) from `offset`, `per_page` long.
    Page {
        list: usize,
        offset: u32,
        per_page: u32,
    },
}

impl Job {
    pub(super) fn describe(&self) -> String {
        match self {
            Job::Profile => "the profile".into(),
            Job::Workspace => "the workspace".into(),
            Job::Members => "the members".into(),
            Job::Tags => "the tags".into(),
            Job::Currencies => "the currencies".into(),
            Job::Portfolios => "the portfolios".into(),
            Job::Projects => "the projects".into(),
            Job::Funnels => "the funnels".into(),
            Job::Boards(p) => format!("the boards of project {p}"),
            Job::Columns(b) => format!("the columns of board {b}"),
            Job::Statuses(f) => format!("the statuses of funnel {f}"),
            Job::Page { offset, .. } => format!("a page from {offset}"),
        }
    }
}

/// What a job answered.
#[derive(Debug)]
pub(super) enum Fetched {
    Profile(Box<User>),
    Workspace(Workspace),
    Members(Vec<Member>),
    Tags(Vec<Tag>),
    Currencies(Vec<Currency>),
    Portfolios(Vec<Portfolio>),
    Projects(Vec<Project>),
    Funnels(Vec<Funnel>),
    Boards(i64, Vec<Board>),
    Columns(i64, Vec<BoardColumn>),
    Statuses(String, Vec<FunnelStatus>),
    Tasks(TaskPage),
    Deals(DealPage),
    Contacts(Vec<Contact>),
    Organizations(Vec<Organization>),
}

/// The most portfolios read, as the projects screen reads them.
const PORTFOLIOS_MAX: usize = 2_000;

/// Runs `job`; `source` is the list of a page job.
pub(super) async fn fetch(
    client: &Client,
    job: &Job,
    source: Option<&Source>,
) -> Result<(Fetched, Vec<SkippedRow>), ApiError> {
    fn rows<T>(listed: Listed<T>, f: impl FnOnce(T) -> Fetched) -> (Fetched, Vec<SkippedRow>) {
        (f(listed.value), listed.skipped)
    }
    Ok(match job {
        Job::Profile => (Fetched::Profile(Box::new(client.me().await?)), Vec::new()),
        Job::Workspace => (Fetched::Workspace(client.workspace().await?), Vec::new()),
        Job::Members => rows(client.members().await?, Fetched::Members),
        Job::Tags => rows(client.tags().await?, Fetched::Tags),
        Job::Currencies => rows(client.currencies().await?, Fetched::Currencies),
        Job::Portfolios => rows(
            client
                .portfolios_all(&weeek_api::PortfolioQuery::default(), PORTFOLIOS_MAX)
                .await?,
            Fetched::Portfolios,
        ),
        Job::Projects => rows(client.projects().await?, Fetched::Projects),
        Job::Funnels => rows(client.funnels().await?, Fetched::Funnels),
        Job::Boards(p) => rows(client.boards(*p).await?, |b| Fetched::Boards(*p, b)),
        Job::Columns(b) => rows(client.board_columns(*b).await?, |c| Fetched::Columns(*b, c)),
        Job::Statuses(f) => rows(client.funnel_statuses(f).await?, |s| {
            Fetched::Statuses(f.clone(), s)
        }),
        Job::Page {
            offset, per_page, ..
        } => match source {
            Some(Source::Tasks { completed }) => {
                let q = Source::task_query(*completed, *per_page, *offset);
                rows(client.tasks(&q).await?, Fetched::Tasks)
            }
            Some(Source::Deals { status }) => {
                let q = Source::deal_query(*per_page, *offset);
                rows(client.find_deals(status, &q).await?, Fetched::Deals)
            }
            Some(Source::Contacts) => rows(
                client
                    .contacts(&ListQuery::page(*per_page, *offset))
                    .await?,
                Fetched::Contacts,
            ),
            Some(Source::Organizations) => rows(
                client
                    .organizations(&ListQuery::page(*per_page, *offset))
                    .await?,
                Fetched::Organizations,
            ),
            None => {
                return Err(ApiError::InvalidRequest(
                    "a page of no list (a fault of the sync)".into(),
                ));
            }
        },
    })
}
