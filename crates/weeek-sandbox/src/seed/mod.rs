//! First-run content: the demo workspace (from `assets/demo/`) or, without
//! the demo, just a workspace and its owner so every route still answers.

mod assets;
mod crm;
mod tasks;
mod workspace;

use rusqlite::Connection;
use time::macros::time;
use time::{Date, Duration, OffsetDateTime};

use crate::clock::Clock;
use crate::errors::SandboxError;
use crate::store::{self, workspace::current_user_id};
use crate::wire::fmt_iso;

/// Seeds an empty database and returns the id of the token's member.
/// A database that already holds a workspace is left untouched.
/// `tasks` sizes the demo's task list (see [`crate::SandboxConfig::tasks`]); `title` names the
/// workspace (see [`crate::SandboxConfig::workspace`]).
pub fn prepare(
    conn: &mut Connection,
    demo: bool,
    tasks: Option<usize>,
    title: Option<&str>,
    clock: Clock,
) -> Result<String, SandboxError> {
    if store::is_empty(conn)? {
        let today = clock.today();
        let tx = conn.transaction()?;
        if demo {
            let ctx = SeedCtx::new(today, clock.seed_moment())?;
            workspace::seed(&tx, &ctx)?;
            store::schema::without_task_indexes(&tx, || tasks::seed(&tx, &ctx, tasks))?;
            crm::seed(&tx, &ctx)?;
        } else {
            minimal(&tx)?;
        }
        if let Some(title) = title {
            tx.execute("UPDATE workspace SET title = ?1", [title])?;
        }
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('seeded_on', ?1)",
            [crate::wire::fmt_ymd(today)],
        )?;
        tx.commit()?;
        // The seed went to the log in one transaction; fold it into the file now rather than
        // have every read look pages up in a log of a hundred megabytes.
        conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")?;
    }
    current_user_id(conn)?.ok_or_else(|| SandboxError::Seed("the workspace has no owner".into()))
}

/// A workspace with one member and the currency list.
fn minimal(conn: &Connection) -> Result<(), SandboxError> {
    let assets = assets::Workspace::load()?;
    let owner = assets
        .members
        .iter()
        .find(|m| m.current)
        .ok_or_else(|| SandboxError::Seed("no current member in workspace.json".into()))?;
    conn.execute(
        "INSERT INTO workspace (id, title, description, is_personal, logo) VALUES (1, 'Sandbox', NULL, 0, NULL)",
        [],
    )?;
    workspace::insert_member(conn, owner, 0)?;
    crm::insert_currencies(conn)?;
    Ok(())
}

/// What every part of the demo seed shares.
pub struct SeedCtx {
    pub today: Date,
    /// What runs up to now (a timer) counts back from here: [`Clock::seed_moment`].
    pub now: OffsetDateTime,
    pub workspace: assets::Workspace,
}

impl SeedCtx {
    fn new(today: Date, now: OffsetDateTime) -> Result<Self, SandboxError> {
        Ok(Self {
            today,
            now,
            workspace: assets::Workspace::load()?,
        })
    }

    /// A day relative to today.
    pub fn day(&self, offset: i64) -> Date {
        self.today + Duration::days(offset)
    }

    /// A timestamp `offset` days from today, `minute` minutes after 06:00 UTC.
    pub fn at(&self, offset: i64, minute: i64) -> String {
        let start = OffsetDateTime::new_utc(self.day(offset), time!(06:00));
        fmt_iso(start + Duration::minutes(minute.rem_euclid(12 * 60)))
    }

    pub fn member_id(&self, key: &str) -> Result<String, SandboxError> {
        self.workspace
            .members
            .iter()
            .find(|m| m.key == key)
            .map(|m| m.id.clone())
            .ok_or_else(|| SandboxError::Seed(format!("unknown member key {key:?}")))
    }

    pub fn member_ids(&self, keys: &[String]) -> Result<Vec<String>, SandboxError> {
        keys.iter().map(|k| self.member_id(k)).collect()
    }

    pub fn current_user(&self) -> Result<String, SandboxError> {
        self.workspace
            .members
            .iter()
            .find(|m| m.current)
            .map(|m| m.id.clone())
            .ok_or_else(|| SandboxError::Seed("no current member".into()))
    }

    /// Tag ids by title (tags are numbered from 1 in file order).
    pub fn tag_ids(&self, titles: &[String]) -> Result<Vec<i64>, SandboxError> {
        titles
            .iter()
            .map(|title| {
                self.workspace
                    .tags
                    .iter()
                    .position(|t| &t.title == title)
                    .map(|i| i as i64 + 1)
                    .ok_or_else(|| SandboxError::Seed(format!("unknown tag {title:?}")))
            })
            .collect()
    }
}

/// A plausible value for a custom field, in the write format of its type.
pub fn sample_value(
    field: &assets::CustomField,
    stream: &mut crate::store::ids::Stream,
    ctx: &SeedCtx,
) -> serde_json::Value {
    use serde_json::{Value, json};
    let option_id = |option: &Value| option.get("id").cloned().unwrap_or(Value::Null);
    match field.kind.as_str() {
        "number" => {
            let precision = field
                .config
                .get("precision")
                .and_then(Value::as_i64)
                .unwrap_or(0);
            let whole = stream.below(200) as f64 + 1.0;
            if precision > 0 {
                json!(whole * 1000.0 + stream.below(100) as f64 / 100.0)
            } else {
                json!(whole as i64 % 21)
            }
        }
        "select" => stream
            .pick(&field.options)
            .map(option_id)
            .unwrap_or(Value::Null),
        "multiselect" => {
            let first = stream.below(field.options.len().max(1));
            let mut ids = vec![];
            for (i, option) in field.options.iter().enumerate() {
                if i == first || stream.chance(25) {
                    ids.push(option_id(option));
                }
            }
            Value::Array(ids)
        }
        "boolean" => json!(stream.chance(50)),
        "datetime" => json!(ctx.at(stream.below(40) as i64 - 10, stream.below(600) as i64)),
        "member" => {
            let members = &ctx.workspace.members;
            json!([members[stream.below(members.len())].id])
        }
        "link" => json!(format!(
            "https://www.figma.com/file/{}/northwind",
            &stream.slug()[..10]
        )),
        _ => {
            const TEXTS: [&str; 6] = [
                "Согласовано с клиентом",
                "Needs follow-up",
                "ООО «Вектор»",
                "Sprint 42",
                "Ждём ответа юристов",
                "Q4 roadmap",
            ];
            json!(TEXTS[stream.below(TEXTS.len())])
        }
    }
}
