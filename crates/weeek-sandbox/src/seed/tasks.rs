use rusqlite::Connection;
use serde_json::Map;
use time::{Duration, Time};

use super::SeedCtx;
use super::assets::{AttachmentSpec, Column, CommentSpec, TaskSpec, Tasks, TimeEntrySpec};
use crate::errors::SandboxError;
use crate::store::attachments::{self, NewAttachment, StoredFile};
use crate::store::comments::{self, Comment};
use crate::store::ids::Stream;
use crate::store::tasks::{self as store, Location, Placement, Task, TimeEntry};
use crate::store::workspace as ws;
use crate::wire::{fmt_iso, fmt_ymd};

/// Due-day offsets the generator draws from; `None` = no date.
const DUE_OFFSETS: [Option<i64>; 24] = [
    Some(-14),
    Some(-6),
    Some(-3),
    Some(-2),
    Some(-1),
    Some(0),
    Some(0),
    Some(1),
    Some(1),
    Some(2),
    Some(3),
    Some(4),
    Some(5),
    Some(6),
    Some(7),
    Some(9),
    Some(11),
    Some(13),
    Some(18),
    Some(25),
    None,
    None,
    None,
    None,
];
const DURATIONS: [i64; 7] = [30, 60, 90, 120, 180, 240, 480];
const ENTRY_MINUTES: [i64; 7] = [15, 30, 45, 60, 90, 120, 180];
const DUE_TIMES: [(u8, u8); 5] = [(9, 0), (10, 30), (12, 0), (15, 0), (17, 30)];
const PRIORITIES: [Option<i64>; 5] = [None, Some(0), Some(1), Some(2), Some(3)];

/// Share (percent) of open generated tasks the current user is assigned to.
const CURRENT_USER_SHARE: u64 = 20;

/// The hand-written tasks, then generated ones: the demo's own number of them, or as many
/// as make `total` tasks in all.
pub fn seed(conn: &Connection, ctx: &SeedCtx, total: Option<usize>) -> Result<(), SandboxError> {
    let assets = Tasks::load()?;
    let mut stream = Stream::named("tasks");
    for (n, spec) in assets.tasks.iter().enumerate() {
        insert_spec(conn, ctx, spec, None, n, &mut stream)?;
    }
    let count = match total {
        Some(total) => total.saturating_sub(
            assets
                .tasks
                .iter()
                .chain(&assets.archive)
                .map(TaskSpec::count)
                .sum(),
        ),
        None => assets.generated.count,
    };
    generate(conn, ctx, &assets, count, &mut stream)?;
    // A stream of their own: the tasks above stay exactly as they were without them.
    let mut archive = Stream::named("archive");
    for (n, spec) in assets.archive.iter().enumerate() {
        insert_spec(conn, ctx, spec, None, n, &mut archive)?;
    }
    Ok(())
}

fn location_of_column(conn: &Connection, column: i64) -> Result<Location, SandboxError> {
    let (board, project) = ws::column_place(conn, column)?
        .ok_or_else(|| SandboxError::Seed(format!("unknown column {column}")))?;
    Ok(Location {
        project_id: project,
        board_id: Some(board),
        board_column_id: Some(column),
    })
}

fn insert_spec(
    conn: &Connection,
    ctx: &SeedCtx,
    spec: &TaskSpec,
    parent: Option<i64>,
    n: usize,
    stream: &mut Stream,
) -> Result<i64, SandboxError> {
    let author = match &spec.author {
        Some(key) => ctx.member_id(key)?,
        None => ctx.current_user()?,
    };
    let created = spec.created.unwrap_or(-(20 + (n as i64 % 25)));
    let completed_at = spec.completed.map(|day| ctx.at(day, n as i64 * 37 + 120));
    let due_date_time = match (spec.due, &spec.due_time) {
        (Some(due), Some(hm)) => Some(at_time(ctx, due, hm)?),
        _ => None,
    };
    let assignees = ctx.member_ids(&spec.assignees)?;
    let mut task = Task {
        parent_id: parent,
        title: spec.title.clone(),
        description: spec.description.clone(),
        duration: spec.duration,
        kind: spec.kind.clone().unwrap_or_else(|| "action".to_owned()),
        priority: spec.priority,
        is_completed: spec.completed.is_some(),
        is_deleted: spec.deleted,
        completed_at: completed_at.clone(),
        author_id: author.clone(),
        is_private: spec.private,
        start_date: spec.start.map(|d| fmt_ymd(ctx.day(d))),
        due_date: spec.due.map(|d| fmt_ymd(ctx.day(d))),
        due_date_time,
        created_at: ctx.at(created, n as i64 * 17),
        updated_at: completed_at.unwrap_or_else(|| ctx.at(created, n as i64 * 17 + 45)),
        tags: ctx.tag_ids(&spec.tags)?,
        custom_values: spec.custom_fields.clone(),
        ..Task::default()
    };
    task.subscribers = subscribers(&author, &assignees);
    task.assignees = assignees;
    let id = store::insert(conn, &task)?;

    let mut locations = Vec::new();
    if let Some(column) = spec.column {
        locations.push(location_of_column(conn, column)?);
    } else if let Some(project) = spec.project {
        locations.push(Location {
            project_id: project,
            board_id: None,
            board_column_id: None,
        });
    } else if let Some(parent) = parent {
        locations = store::locations(conn, parent)?;
    }
    for column in &spec.also {
        locations.push(location_of_column(conn, *column)?);
    }
    for location in locations {
        store::place(conn, id, location, Placement::Add)?;
    }
    for entry in &spec.time_entries {
        insert_entry(conn, ctx, id, entry, stream)?;
    }
    for attachment in &spec.attachments {
        insert_attachment(conn, id, &author, &task.created_at, attachment, stream)?;
    }
    for comment in &spec.comments {
        insert_comment(conn, ctx, id, None, comment)?;
    }
    if let Some(timer) = &spec.timer {
        conn.execute(
            "INSERT INTO timers (user_id, task_id, started_at) VALUES (?1, ?2, ?3)",
            rusqlite::params![
                ctx.member_id(&timer.user)?,
                id,
                fmt_iso(ctx.now - Duration::minutes(timer.minutes_ago))
            ],
        )?;
    }
    for (i, child) in spec.subtasks.iter().enumerate() {
        insert_spec(conn, ctx, child, Some(id), n * 7 + i + 1, stream)?;
    }
    Ok(id)
}

fn insert_comment(
    conn: &Connection,
    ctx: &SeedCtx,
    task_id: i64,
    parent_id: Option<i64>,
    spec: &CommentSpec,
) -> Result<(), SandboxError> {
    let at = ctx.at(spec.day, spec.minute);
    let comment = comments::insert(
        conn,
        &Comment {
            id: 0,
            task_id,
            parent_id,
            author_id: ctx.member_id(&spec.author)?,
            markdown: spec.markdown.clone(),
            created_at: at.clone(),
            updated_at: at,
        },
    )?;
    for reply in &spec.replies {
        insert_comment(conn, ctx, task_id, Some(comment.id), reply)?;
    }
    Ok(())
}

fn subscribers(author: &str, assignees: &[String]) -> Vec<String> {
    let mut out = vec![author.to_owned()];
    for id in assignees {
        if !out.contains(id) {
            out.push(id.clone());
        }
    }
    out
}

fn at_time(ctx: &SeedCtx, day: i64, hm: &str) -> Result<String, SandboxError> {
    let parsed = hm
        .split_once(':')
        .and_then(|(h, m)| Some((h.parse::<u8>().ok()?, m.parse::<u8>().ok()?)))
        .and_then(|(h, m)| Time::from_hms(h, m, 0).ok())
        .ok_or_else(|| SandboxError::Seed(format!("bad time {hm:?}")))?;
    Ok(fmt_iso(ctx.day(day).with_time(parsed).assume_utc()))
}

fn insert_entry(
    conn: &Connection,
    ctx: &SeedCtx,
    task_id: i64,
    spec: &TimeEntrySpec,
    stream: &mut Stream,
) -> Result<(), SandboxError> {
    store::save_time_entry(
        conn,
        &TimeEntry {
            id: stream.uuid(),
            task_id,
            user_id: ctx.member_id(&spec.user)?,
            kind: if spec.minutes % 15 == 0 { 2 } else { 1 },
            is_overtime: spec.overtime,
            date: fmt_ymd(ctx.day(spec.day)),
            duration: spec.minutes,
            comment: spec.comment.clone(),
            seconds: None,
        },
    )?;
    Ok(())
}

fn insert_attachment(
    conn: &Connection,
    task_id: i64,
    creator: &str,
    created_at: &str,
    spec: &AttachmentSpec,
    stream: &mut Stream,
) -> Result<(), SandboxError> {
    let id = stream.uuid();
    let url = match spec.service.as_str() {
        "google_drive" => format!("https://drive.google.com/file/d/{}/view", &id[..18]),
        _ => attachments::storage_url(&id, &spec.name),
    };
    let file = spec
        .file
        .as_deref()
        .map(|file| {
            Ok::<_, SandboxError>(StoredFile {
                name: spec.name.clone(),
                content_type: attachments::content_type_for(file).to_owned(),
                bytes: super::assets::attachment_file(file)?.to_vec(),
            })
        })
        .transpose()?;
    attachments::insert_task_attachment(
        conn,
        &NewAttachment {
            id: &id,
            task_id,
            creator_id: creator,
            service: &spec.service,
            name: &spec.name,
            url: &url,
            size: spec.size,
            created_at,
        },
        file.as_ref(),
    )?;
    Ok(())
}

/// The bulk of the demo: tasks combined from the phrase lists, spread over
/// every column, priority, type and due day, deterministically.
fn generate(
    conn: &Connection,
    ctx: &SeedCtx,
    assets: &Tasks,
    count: usize,
    stream: &mut Stream,
) -> Result<(), SandboxError> {
    let gen_ = &assets.generated;
    let columns: Vec<(i64, &Column, &Vec<String>)> = ctx
        .workspace
        .projects
        .iter()
        .filter(|p| !p.archived)
        .flat_map(|p| {
            p.boards
                .iter()
                .flat_map(move |b| b.columns.iter().map(move |c| (p.id, c, &p.team)))
        })
        .collect();
    let current = ctx.current_user()?;
    let member_keys: Vec<String> = ctx
        .workspace
        .members
        .iter()
        .map(|m| m.key.clone())
        .collect();
    let tag_count = ctx.workspace.tags.len();
    let mut previous: Option<i64> = None;

    for i in 0..count {
        let phrases = if i % 3 == 2 { &gen_.en } else { &gen_.ru };
        let mut title = format!(
            "{} {}",
            stream.pick(&phrases.verbs).map_or("", String::as_str),
            stream.pick(&phrases.objects).map_or("", String::as_str)
        );
        if stream.chance(20)
            && let Some(suffix) = stream.pick(&phrases.suffixes)
        {
            title.push(' ');
            title.push_str(suffix);
        }

        let subtask_of = previous.filter(|_| i % 23 == 11);
        let place = if subtask_of.is_some() || stream.chance(7) {
            None
        } else {
            Some(columns[stream.below(columns.len())])
        };
        let completed_day = match place {
            Some((_, column, _)) if column.done => Some(-(stream.below(21) as i64)),
            _ if stream.chance(4) => Some(-(stream.below(10) as i64)),
            _ => None,
        };
        let deleted = i % 29 == 7;
        let mut due = DUE_OFFSETS[stream.below(DUE_OFFSETS.len())];
        if let (Some(d), Some(done)) = (due, completed_day) {
            due = Some(d.min(done + 2));
        }
        let start = match due {
            Some(d) if stream.chance(25) => Some(d - 1 - stream.below(6) as i64),
            None if stream.chance(6) => Some(stream.below(10) as i64),
            _ => None,
        };
        let due_time = match due {
            Some(_) if stream.chance(15) => {
                let (h, m) = DUE_TIMES[stream.below(DUE_TIMES.len())];
                Some(format!("{h:02}:{m:02}"))
            }
            _ => None,
        };

        let team: Vec<String> = match place {
            Some((_, _, team)) => team.clone(),
            None => member_keys.clone(),
        };
        let others: Vec<String> = ctx
            .member_ids(&team)?
            .into_iter()
            .filter(|id| *id != current)
            .collect();
        let mut assignees: Vec<String> = Vec::new();
        let wanted = 1 + usize::from(stream.chance(30)) + usize::from(stream.chance(10));
        for _ in 0..wanted {
            if let Some(id) = stream.pick(&others)
                && !assignees.contains(id)
            {
                assignees.push(id.clone());
            }
        }
        let open = completed_day.is_none() && !deleted;
        if (open && stream.chance(CURRENT_USER_SHARE)) || (!open && stream.chance(10)) {
            if stream.chance(50) {
                assignees.insert(0, current.clone());
            } else {
                assignees.push(current.clone());
            }
        }
        let author = ctx.member_ids(&member_keys)?[stream.below(member_keys.len())].clone();

        let mut tags: Vec<i64> = Vec::new();
        for _ in 0..stream.below(3) {
            let tag = 1 + stream.below(tag_count) as i64;
            if !tags.contains(&tag) {
                tags.push(tag);
            }
        }
        let project_id = place.map(|(p, _, _)| p);
        let mut custom_values = Map::new();
        for field in ctx
            .workspace
            .task_custom_fields
            .iter()
            .filter(|f| f.sampled && f.board.is_none())
            .filter(|f| f.project.is_none() || f.project == project_id)
        {
            if stream.chance(30) {
                custom_values.insert(field.id.clone(), super::sample_value(field, stream, ctx));
            }
        }

        let created = -(stream.below(60) as i64) - 1 + completed_day.map_or(0, |d| d.min(0));
        let n = 1000 + i as i64;
        let completed_at = completed_day.map(|d| ctx.at(d, n * 29));
        let mut task = Task {
            parent_id: subtask_of,
            title: Some(title),
            description: if stream.chance(55) {
                stream.pick(&gen_.descriptions).cloned()
            } else {
                None
            },
            duration: if stream.chance(30) {
                Some(DURATIONS[stream.below(DURATIONS.len())])
            } else {
                None
            },
            kind: match i % 11 {
                4 => "meet",
                8 => "call",
                _ => "action",
            }
            .to_owned(),
            priority: PRIORITIES[i % PRIORITIES.len()],
            is_completed: completed_day.is_some(),
            is_deleted: deleted,
            completed_at: completed_at.clone(),
            author_id: author.clone(),
            start_date: start.map(|d| fmt_ymd(ctx.day(d))),
            due_date: due.map(|d| fmt_ymd(ctx.day(d))),
            due_date_time: match (due, &due_time) {
                (Some(d), Some(hm)) => Some(at_time(ctx, d, hm)?),
                _ => None,
            },
            created_at: ctx.at(created, n * 13),
            updated_at: completed_at.unwrap_or_else(|| ctx.at(created + 1, n * 7)),
            tags,
            custom_values,
            ..Task::default()
        };
        task.subscribers = subscribers(&author, &assignees);
        task.assignees = assignees.clone();
        let id = store::insert(conn, &task)?;

        let locations = match (place, subtask_of) {
            (Some((_, column, _)), _) => vec![location_of_column(conn, column.id)?],
            (None, Some(parent)) => store::locations(conn, parent)?,
            (None, None) => Vec::new(),
        };
        for location in locations {
            store::place(conn, id, location, Placement::Add)?;
        }

        if !assignees.is_empty() && stream.chance(15) {
            for _ in 0..1 + stream.below(3) {
                let user = assignees[stream.below(assignees.len())].clone();
                let minutes = ENTRY_MINUTES[stream.below(ENTRY_MINUTES.len())];
                store::save_time_entry(
                    conn,
                    &TimeEntry {
                        id: stream.uuid(),
                        task_id: id,
                        user_id: user,
                        kind: 1 + (stream.below(2) as i64),
                        is_overtime: stream.chance(10),
                        date: fmt_ymd(ctx.day(-(stream.below(10) as i64))),
                        duration: minutes,
                        comment: stream.pick(&gen_.comments).cloned().unwrap_or_default(),
                        seconds: None,
                    },
                )?;
            }
        }
        if stream.chance(4)
            && let Some(name) = stream.pick(&gen_.attachments)
        {
            // The draw of a size is kept so the rest of the demo stays as it was; the file's
            // own length is what the attachment reports.
            let _size = stream.below(4_000_000);
            let spec = AttachmentSpec {
                name: name.clone(),
                size: None,
                service: "weeek".to_owned(),
                file: Some(name.clone()),
            };
            insert_attachment(conn, id, &author, &task.created_at, &spec, stream)?;
        }
        if subtask_of.is_none() && !deleted {
            previous = Some(id);
        }
    }
    Ok(())
}
