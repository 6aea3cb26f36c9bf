//! The directory's fixtures (the user, members, tags, projects, a board's columns) and tasks,
//! as the sandbox's seed has them.

use std::collections::HashMap;

use time::macros::date;
use weeek_api::models::{BoardColumn, Member, Project, Tag, Task, TaskLocation, User};

pub const ME: &str = "11111111-1111-4111-8111-111111111111";
pub const BORIS: &str = "22222222-2222-4222-8222-222222222222";

thread_local! {
    /// The whole tasks behind the rows a test's pages hold (each test runs on a thread of its
    /// own): the detail pane's reads of them are answered at once, as a fast service would.
    static WHOLES: std::cell::RefCell<HashMap<i64, weeek_api::models::Task>> =
        std::cell::RefCell::new(HashMap::new());
}

/// Whole tasks as a page of the list holds them; the detail pane's later reads of them are
/// answered with the whole tasks (see [`Harness::send`]). A page built from rows directly
/// leaves those reads to the test.
pub fn rows(tasks: Vec<weeek_api::models::Task>) -> Vec<weeek_api::models::TaskRow> {
    let rows = tasks.iter().map(weeek_api::models::TaskRow::from).collect();
    WHOLES.with(|w| {
        let mut w = w.borrow_mut();
        for t in tasks {
            w.insert(t.id, t);
        }
    });
    rows
}

/// A whole task with what `row` holds, as the service would answer for it.
pub fn whole(row: &weeek_api::models::TaskRow) -> weeek_api::models::Task {
    let mut t = WHOLES
        .with(|w| w.borrow().get(&row.id).cloned())
        .unwrap_or_default();
    t.id = row.id;
    t.parent_id = row.parent_id;
    t.title = row.title.clone();
    t.duration = row.duration;
    t.r#type = row.r#type.clone();
    t.priority = row.priority;
    t.is_completed = row.is_completed;
    t.is_deleted = row.is_deleted;
    t.completed_at = row.completed_at;
    t.author_id = row.author_id.clone();
    t.user_id = row.user_id.clone();
    t.assignees = row.assignees.clone();
    t.project_id = row.project_id;
    t.board_id = row.board_id;
    t.board_column_id = row.board_column_id;
    t.locations = row.locations.clone();
    t.is_private = row.is_private;
    t.start_date = row.start_date;
    t.start_date_time = row.start_date_time;
    t.due_date = row.due_date;
    t.due_date_time = row.due_date_time;
    t.created_at = row.created_at;
    t.updated_at = row.updated_at;
    t.tags = row.tags.clone();
    t.sub_tasks = row.sub_tasks.clone();
    t.timers = row.timers.clone();
    t.date = None;
    t
}

/// The whole task the test gave behind row `id` (see [`rows`]).
pub(super) fn whole_of(id: i64) -> Option<Task> {
    WHOLES.with(|w| w.borrow().get(&id).cloned())
}

pub fn user() -> User {
    User {
        id: ME.into(),
        first_name: Some("Анна".into()),
        last_name: Some("Смирнова".into()),
        email: Some("anna@example.com".into()),
        ..Default::default()
    }
}

pub fn members() -> Vec<Member> {
    vec![
        Member {
            id: ME.into(),
            first_name: Some("Анна".into()),
            last_name: Some("Смирнова".into()),
            ..Default::default()
        },
        Member {
            id: BORIS.into(),
            first_name: Some("Boris".into()),
            last_name: Some("Ivanov".into()),
            position: Some("Backend".into()),
            ..Default::default()
        },
    ]
}

pub fn tags() -> Vec<Tag> {
    vec![
        Tag {
            id: 1,
            title: "bug".into(),
            color: Some("#e5484d".into()),
        },
        Tag {
            id: 2,
            title: "клиент".into(),
            color: Some("#3e63dd".into()),
        },
    ]
}

pub fn projects() -> Vec<Project> {
    vec![
        Project {
            id: 1,
            title: Some("Мобильное приложение".into()),
            ..Default::default()
        },
        Project {
            id: 2,
            name: Some("Website".into()),
            ..Default::default()
        },
    ]
}

pub fn columns() -> Vec<BoardColumn> {
    ["Бэклог", "В работе", "Готово"]
        .iter()
        .enumerate()
        .map(|(i, n)| BoardColumn {
            id: 10 + i as i64,
            name: (*n).into(),
            board_id: 5,
        })
        .collect()
}

/// An open task of mine in project 1, board 5, column 10.
pub fn task(id: i64, title: &str) -> Task {
    Task {
        id,
        title: Some(title.into()),
        assignees: vec![ME.into()],
        user_id: Some(ME.into()),
        locations: vec![TaskLocation {
            project_id: 1,
            board_id: Some(5),
            board_column_id: Some(10),
        }],
        due_date: Some(date!(2026 - 11 - 24)),
        ..Default::default()
    }
}
