//! The demo data files, embedded at build time.

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::errors::SandboxError;

const WORKSPACE: &str = include_str!("../../../../assets/demo/workspace.json");
const TASKS: &str = include_str!("../../../../assets/demo/tasks.json");
const CRM: &str = include_str!("../../../../assets/demo/crm.json");

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, SandboxError> {
    serde_json::from_str(text).map_err(|err| SandboxError::Seed(format!("{name}: {err}")))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Workspace {
    pub workspace: WorkspaceInfo,
    pub members: Vec<Member>,
    pub tags: Vec<Tag>,
    pub task_custom_fields: Vec<CustomField>,
    #[serde(default)]
    pub portfolios: Vec<PortfolioSpec>,
    pub projects: Vec<Project>,
}

impl Workspace {
    pub fn load() -> Result<Self, SandboxError> {
        parse("workspace.json", WORKSPACE)
    }
}

#[derive(Debug, Deserialize)]
pub struct WorkspaceInfo {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    pub logo: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    /// How the other files refer to this member.
    pub key: String,
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    #[serde(default)]
    pub middle_name: Option<String>,
    pub position: String,
    pub time_zone: String,
    pub language: String,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default)]
    pub about: Option<String>,
    #[serde(default)]
    pub birth_date: Option<String>,
    #[serde(default)]
    pub country: Option<String>,
    #[serde(default)]
    pub phone_number: Option<String>,
    /// The member the demo token belongs to.
    #[serde(default)]
    pub current: bool,
}

#[derive(Debug, Deserialize)]
pub struct Tag {
    pub title: String,
    pub color: String,
}

#[derive(Debug, Deserialize)]
pub struct CustomField {
    pub id: String,
    /// The owning project; none for a workspace-wide field.
    #[serde(default)]
    pub project: Option<i64>,
    /// The owning board, for a board's field (then `project` is unset).
    #[serde(default)]
    pub board: Option<i64>,
    /// Whether generated tasks draw values for it; the others have values on hand-written
    /// tasks only.
    #[serde(default = "yes")]
    pub sampled: bool,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
    #[serde(default = "empty_object")]
    pub config: Value,
    #[serde(default)]
    pub options: Vec<Value>,
}

impl CustomField {
    /// The options as stored: colours in hex, whether the demo file names them or not.
    pub fn stored_options(&self) -> Vec<Value> {
        self.options
            .iter()
            .cloned()
            .map(crate::option_colours::answer_option)
            .collect()
    }
}

fn yes() -> bool {
    true
}

fn empty_object() -> Value {
    Value::Object(Map::new())
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Project {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub description: Option<String>,
    pub color: String,
    #[serde(default)]
    pub logo_link: Option<String>,
    #[serde(default)]
    pub is_private: bool,
    pub team: Vec<String>,
    /// The portfolio it is filed in.
    #[serde(default)]
    pub portfolio: Option<i64>,
    /// Archived projects get no generated tasks.
    #[serde(default)]
    pub archived: bool,
    pub boards: Vec<Board>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioSpec {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub parent: Option<i64>,
    #[serde(default)]
    pub is_private: bool,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub id: i64,
    pub name: String,
    #[serde(default)]
    pub is_private: bool,
    pub columns: Vec<Column>,
}

#[derive(Debug, Deserialize)]
pub struct Column {
    pub id: i64,
    pub name: String,
    /// Tasks placed here by the generator are completed.
    #[serde(default)]
    pub done: bool,
}

#[derive(Debug, Deserialize)]
pub struct Tasks {
    pub tasks: Vec<TaskSpec>,
    pub generated: Generated,
    /// Tasks of archived projects, seeded after the generated ones.
    #[serde(default)]
    pub archive: Vec<TaskSpec>,
}

impl Tasks {
    pub fn load() -> Result<Self, SandboxError> {
        parse("tasks.json", TASKS)
    }
}

/// A hand-written task. Day fields are offsets from today.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TaskSpec {
    pub title: Option<String>,
    pub description: Option<String>,
    /// A column implies its board and project.
    pub column: Option<i64>,
    /// A project without a board (when no column is given).
    pub project: Option<i64>,
    /// Columns of further projects the task also lives in.
    pub also: Vec<i64>,
    pub author: Option<String>,
    pub assignees: Vec<String>,
    pub priority: Option<i64>,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub due: Option<i64>,
    /// `HH:MM` (UTC) on the due day.
    pub due_time: Option<String>,
    pub start: Option<i64>,
    pub duration: Option<i64>,
    /// Day the task was completed.
    pub completed: Option<i64>,
    pub deleted: bool,
    pub private: bool,
    pub tags: Vec<String>,
    /// Day the task was created; defaults to a few weeks back.
    pub created: Option<i64>,
    pub time_entries: Vec<TimeEntrySpec>,
    pub custom_fields: Map<String, Value>,
    /// Threads of comments.
    pub comments: Vec<CommentSpec>,
    /// A timer running on the task since then.
    pub timer: Option<TimerSpec>,
    pub attachments: Vec<AttachmentSpec>,
    pub subtasks: Vec<TaskSpec>,
}

impl TaskSpec {
    /// This task and its subtasks, all levels down.
    pub fn count(&self) -> usize {
        1 + self.subtasks.iter().map(Self::count).sum::<usize>()
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimeEntrySpec {
    pub user: String,
    pub day: i64,
    pub minutes: i64,
    #[serde(default)]
    pub overtime: bool,
    #[serde(default)]
    pub comment: String,
}

/// A comment and its replies; `day`/`minute` as in [`super::SeedCtx::at`].
#[derive(Debug, Deserialize)]
pub struct CommentSpec {
    pub author: String,
    pub day: i64,
    pub minute: i64,
    pub markdown: String,
    #[serde(default)]
    pub replies: Vec<CommentSpec>,
}

/// A timer counted back from the moment the workspace is seeded: a demo opened in the
/// afternoon shows a timer started three quarters of an hour ago, not one left running overnight.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimerSpec {
    pub user: String,
    pub minutes_ago: i64,
}

#[derive(Debug, Deserialize)]
pub struct AttachmentSpec {
    pub name: String,
    /// Bytes, for an attachment without a file behind it.
    #[serde(default)]
    pub size: Option<i64>,
    #[serde(default = "weeek_service")]
    pub service: String,
    /// A file of `assets/demo/attachments/` holding the content (then `size` is its length).
    #[serde(default)]
    pub file: Option<String>,
}

/// The files under `assets/demo/attachments/`, by name.
const ATTACHMENT_FILES: [(&str, &[u8]); 10] = [
    (
        "crash-log.txt",
        include_bytes!("../../../../assets/demo/attachments/crash-log.txt"),
    ),
    (
        "mockup.svg",
        include_bytes!("../../../../assets/demo/attachments/mockup.svg"),
    ),
    (
        "notes.md",
        include_bytes!("../../../../assets/demo/attachments/notes.md"),
    ),
    (
        "payment-mockup.png",
        include_bytes!("../../../../assets/demo/attachments/payment-mockup.png"),
    ),
    (
        "regression-2.4.csv",
        include_bytes!("../../../../assets/demo/attachments/regression-2.4.csv"),
    ),
    (
        "report.pdf",
        include_bytes!("../../../../assets/demo/attachments/report.pdf"),
    ),
    (
        "sbp-flow.pdf",
        include_bytes!("../../../../assets/demo/attachments/sbp-flow.pdf"),
    ),
    (
        "screenshot.png",
        include_bytes!("../../../../assets/demo/attachments/screenshot.png"),
    ),
    (
        "server.log",
        include_bytes!("../../../../assets/demo/attachments/server.log"),
    ),
    (
        "spec.md",
        include_bytes!("../../../../assets/demo/attachments/spec.md"),
    ),
];

/// The content of a demo attachment file.
pub fn attachment_file(name: &str) -> Result<&'static [u8], SandboxError> {
    ATTACHMENT_FILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, bytes)| *bytes)
        .ok_or_else(|| SandboxError::Seed(format!("no attachment file {name:?}")))
}

fn weeek_service() -> String {
    "weeek".to_owned()
}

/// Fragments the generator combines into the bulk of the demo tasks.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Generated {
    pub count: usize,
    pub ru: Phrases,
    pub en: Phrases,
    pub descriptions: Vec<String>,
    pub comments: Vec<String>,
    pub attachments: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct Phrases {
    pub verbs: Vec<String>,
    pub objects: Vec<String>,
    pub suffixes: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Crm {
    pub currencies: Vec<Currency>,
    pub organizations: Vec<OrganizationSpec>,
    pub contacts: Vec<ContactSpec>,
    pub funnels: Vec<FunnelSpec>,
    pub generated_deals: GeneratedDeals,
}

impl Crm {
    pub fn load() -> Result<Self, SandboxError> {
        parse("crm.json", CRM)
    }
}

#[derive(Debug, Deserialize)]
pub struct Currency {
    pub id: i64,
    pub name: String,
    pub code: String,
    pub symbol: String,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationSpec {
    pub key: String,
    pub name: String,
    #[serde(default)]
    pub emails: Vec<String>,
    #[serde(default)]
    pub phones: Vec<String>,
    #[serde(default)]
    pub addresses: Vec<String>,
    #[serde(default)]
    pub responsible: Option<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    pub created: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ContactSpec {
    pub key: String,
    pub first_name: String,
    #[serde(default)]
    pub last_name: Option<String>,
    #[serde(default)]
    pub middle_name: Option<String>,
    #[serde(default)]
    pub emails: Vec<String>,
    #[serde(default)]
    pub phones: Vec<String>,
    #[serde(default)]
    pub organizations: Vec<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    pub created: i64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FunnelSpec {
    pub id: String,
    pub name: String,
    pub currency_id: i64,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default)]
    pub is_private: bool,
    #[serde(default)]
    pub is_bookmarked: bool,
    pub creator: String,
    pub team: Vec<String>,
    pub created: i64,
    #[serde(default)]
    pub custom_fields: Vec<CustomField>,
    #[serde(default)]
    pub statuses: Vec<StatusSpec>,
    #[serde(default)]
    pub deals: Vec<DealSpec>,
}

#[derive(Debug, Deserialize)]
pub struct StatusSpec {
    pub id: String,
    pub name: String,
    /// How many generated deals to add below the hand-written ones.
    #[serde(default)]
    pub generate: usize,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DealSpec {
    pub status: String,
    pub title: String,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub amount: Option<f64>,
    #[serde(default)]
    pub win_status: Option<String>,
    #[serde(default)]
    pub assignees: Vec<String>,
    #[serde(default)]
    pub contacts: Vec<String>,
    #[serde(default)]
    pub organizations: Vec<String>,
    #[serde(default)]
    pub tags: Vec<String>,
    #[serde(default)]
    pub custom_fields: Map<String, Value>,
    /// Titles of seeded tasks (top-level ones) attached to the deal, in order.
    #[serde(default)]
    pub tasks: Vec<String>,
    pub created: i64,
}

#[derive(Debug, Deserialize)]
pub struct GeneratedDeals {
    pub titles: Vec<String>,
    pub products: Vec<String>,
    pub texts: Vec<String>,
}
