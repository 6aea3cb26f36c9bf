//! Every operation of the client against the seeded sandbox, over real HTTP.

// Helpers of the tests below may panic as the tests do: that is how a test fails.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::HashSet;

use common::{
    ANNA, DMITRY, FUNNEL_ARCHIVE, FUNNEL_B2B, MARIA, STATUS_NEW_LEAD, STATUS_QUALIFICATION, TODAY,
    Whole, demo_client, sandbox,
};
use time::Duration as Days;
use weeek_api::models::{Priority, TaskRow};
use weeek_api::{Client, ListQuery, NewContact, NewTask, SortBy, SortKey, TaskQuery, TaskUpdate};

/// The most `GET /tm/tasks` gives in one page.
const PAGE: u32 = 100;
/// Far above the seed (about 320 tasks), so a cut here would show as a wrong count.
const NO_CAP: usize = 5_000;

async fn filtered(client: &Client, query: TaskQuery) -> Vec<TaskRow> {
    client
        .tasks_all(
            &TaskQuery {
                per_page: Some(PAGE),
                ..query
            },
            NO_CAP,
        )
        .await
        .expect("tasks")
        .whole()
}

/// Open and completed tasks, not deleted ones: the list without filters.
async fn all_open_and_done(client: &Client) -> Vec<TaskRow> {
    filtered(client, TaskQuery::default()).await
}

#[tokio::test]
async fn workspace_user_members_and_tags() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let me = client.me().await.expect("me");
    assert_eq!(me.id, ANNA);
    assert_eq!(me.display_name(), "Анна Смирнова");

    let ws = client.workspace().await.expect("workspace");
    assert_eq!((ws.id, ws.title.as_str()), (1, "Northwind Studio"));

    let members = client.members().await.expect("members").whole();
    assert_eq!(members.len(), 9);
    assert!(
        members
            .iter()
            .any(|m| m.id == ANNA && m.first_name.as_deref() == Some("Анна"))
    );
    assert!(members.iter().any(|m| m.id == DMITRY));

    let tags = client.tags().await.expect("tags").whole();
    assert_eq!(tags.len(), 11);
    assert!(tags.iter().any(|t| t.title == "bug"));

    let created = client.create_tag("интеграция").await.expect("create tag");
    assert_eq!(created.title, "интеграция");
    assert!(created.id > 0 && tags.iter().all(|t| t.id != created.id));
    assert!(created.color.as_deref().is_some_and(|c| c.starts_with('#')));
    let tags = client.tags().await.expect("tags").whole();
    assert_eq!(tags.len(), 12);
    assert!(tags.contains(&created));
}

#[tokio::test]
async fn projects_boards_and_columns() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let projects = client.projects().await.expect("projects").whole();
    let ids: Vec<i64> = projects.iter().map(|p| p.id).collect();
    assert_eq!(ids, [1, 2, 3, 4]);

    let project = client.project(1).await.expect("project");
    assert_eq!(project.id, 1);
    assert_eq!(project.display_name(), "Мобильное приложение");
    assert!(project.team.iter().any(|m| m == ANNA));

    let boards = client.boards(1).await.expect("boards").whole();
    let names: Vec<(i64, &str)> = boards.iter().map(|b| (b.id, b.name.as_str())).collect();
    assert_eq!(names, [(1, "Разработка"), (2, "Баги")]);
    assert!(boards.iter().all(|b| b.project_id == 1));

    let columns = client.board_columns(1).await.expect("columns").whole();
    let ids: Vec<i64> = columns.iter().map(|c| c.id).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5]);
    assert_eq!(columns[0].name, "Бэклог");
    assert!(columns.iter().all(|c| c.board_id == 1));
}

#[tokio::test]
async fn task_filters_narrow_the_list() {
    let sb = sandbox().await;
    let client = demo_client(&sb);
    let everything = all_open_and_done(&client).await;
    assert!(everything.iter().any(|t| t.is_completed));
    assert!(everything.iter().all(|t| !t.is_deleted));

    let open = filtered(
        &client,
        TaskQuery {
            completed: Some(false),
            ..Default::default()
        },
    )
    .await;
    assert!(!open.is_empty() && open.len() < everything.len());
    assert!(open.iter().all(|t| !t.is_completed));
    let done = filtered(
        &client,
        TaskQuery {
            completed: Some(true),
            ..Default::default()
        },
    )
    .await;
    assert!(!done.is_empty() && done.iter().all(|t| t.is_completed));
    assert_eq!(open.len() + done.len(), everything.len());

    let with_deleted = filtered(
        &client,
        TaskQuery {
            all: true,
            ..Default::default()
        },
    )
    .await;
    assert!(with_deleted.iter().any(|t| t.is_deleted));
    assert!(with_deleted.len() > everything.len());

    let high = filtered(
        &client,
        TaskQuery {
            priority: Some(Priority::High),
            ..Default::default()
        },
    )
    .await;
    assert!(!high.is_empty() && high.len() < everything.len());
    assert!(high.iter().all(|t| t.priority == Some(Priority::High)));

    // Any assignee matches, not only the primary one.
    let annas = filtered(
        &client,
        TaskQuery {
            user_id: Some(ANNA.into()),
            ..Default::default()
        },
    )
    .await;
    assert!(!annas.is_empty() && annas.len() < everything.len());
    assert!(
        annas
            .iter()
            .all(|t| t.all_assignees().iter().any(|a| a == ANNA))
    );
    assert!(annas.iter().any(|t| t.all_assignees()[0] != ANNA));

    let found = filtered(
        &client,
        TaskQuery {
            search: Some("ОТЧЁТ".into()),
            ..Default::default()
        },
    )
    .await;
    let titles: Vec<&str> = found.iter().map(|t| t.display_title()).collect();
    assert!(
        titles.contains(&"Подготовить отчёт для инвесторов"),
        "{titles:?}"
    );
    assert!(
        titles.contains(&"Прочитать отчёт о UX-исследовании"),
        "{titles:?}"
    );
    // A list row has no description: each match is read whole to see where it matched.
    for row in &found {
        let t = client.task(row.id).await.expect("the task");
        let text = format!(
            "{} {}",
            t.display_title(),
            t.description.as_deref().unwrap_or_default()
        );
        assert!(text.to_lowercase().contains("отчёт"), "{text}");
    }

    let in_backlog = filtered(
        &client,
        TaskQuery {
            project_id: Some(1),
            board_column_id: Some(1),
            ..Default::default()
        },
    )
    .await;
    assert!(!in_backlog.is_empty());
    assert!(in_backlog.iter().all(|t| {
        t.all_locations()
            .iter()
            .any(|l| l.project_id == 1 && l.board_column_id == Some(1))
    }));

    let bug = client
        .tags()
        .await
        .expect("tags")
        .whole()
        .into_iter()
        .find(|t| t.title == "bug")
        .expect("a bug tag");
    let bugs = filtered(
        &client,
        TaskQuery {
            tags: vec![bug.id],
            ..Default::default()
        },
    )
    .await;
    assert!(!bugs.is_empty() && bugs.len() < everything.len());
    assert!(bugs.iter().all(|t| t.tags.contains(&bug.id)));
}

#[tokio::test]
async fn tasks_sort_and_filter_by_date_range() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let by_priority = filtered(
        &client,
        TaskQuery {
            sort_by: Some(SortBy {
                key: SortKey::Priority,
                descending: true,
            }),
            ..Default::default()
        },
    )
    .await;
    assert!(by_priority.len() > 10);
    let priorities: Vec<Option<Priority>> = by_priority.iter().map(|t| t.priority).collect();
    assert!(
        priorities.windows(2).all(|w| w[0] >= w[1]),
        "{priorities:?}"
    );
    assert_eq!(priorities[0], Some(Priority::Hold));

    let by_name = filtered(
        &client,
        TaskQuery {
            sort_by: Some(SortBy {
                key: SortKey::Name,
                descending: false,
            }),
            ..Default::default()
        },
    )
    .await;
    let names: Vec<String> = by_name
        .iter()
        .map(|t| {
            // Sorted as the service's collation compares: case and ё/е do not matter.
            t.title
                .clone()
                .unwrap_or_default()
                .to_lowercase()
                .replace('ё', "е")
        })
        .collect();
    assert!(names.windows(2).all(|w| w[0] <= w[1]), "{names:?}");

    let (from, to) = (TODAY, TODAY + Days::days(3));
    let in_range = filtered(
        &client,
        TaskQuery {
            start_date: Some(from),
            end_date: Some(to),
            ..Default::default()
        },
    )
    .await;
    let everything = all_open_and_done(&client).await;
    assert!(!in_range.is_empty() && in_range.len() < everything.len());
    for task in &in_range {
        let due = task.due_day();
        let start = task.start_day().or(due);
        let (Some(start), Some(due)) = (start, due.or(start)) else {
            panic!("task {} has no dates", task.id);
        };
        assert!(
            start.min(due) <= to && start.max(due) >= from,
            "task {} spans {start}..{due}",
            task.id
        );
    }
    // Nothing dated inside the range was left out.
    let expected = everything
        .iter()
        .filter(|t| t.due_day().is_some_and(|d| from <= d && d <= to))
        .count();
    assert!(in_range.len() >= expected && expected > 0);
}

#[tokio::test]
async fn tasks_all_follows_has_more_without_duplicates() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    // The reference: pages of 100 walked by hand, each `hasMore` checked.
    let mut expected = Vec::new();
    let mut last_page_seen = false;
    for page_no in 0..50u32 {
        let page = client
            .tasks(&TaskQuery {
                per_page: Some(PAGE),
                offset: Some(page_no * PAGE),
                ..Default::default()
            })
            .await
            .expect("page")
            .whole();
        let full = page.tasks.len() == PAGE as usize;
        expected.extend(page.tasks.iter().map(|t| t.id));
        if !page.has_more {
            last_page_seen = true;
            break;
        }
        assert!(full, "a short page claimed more");
    }
    assert!(last_page_seen && expected.len() > 2 * 25);

    let query = TaskQuery {
        per_page: Some(25),
        ..Default::default()
    };
    let first = client.tasks(&query).await.expect("first page").whole();
    assert_eq!(first.tasks.len(), 25);
    assert!(first.has_more);

    let collected = client
        .tasks_all(&query, NO_CAP)
        .await
        .expect("all pages")
        .whole();
    let ids: Vec<i64> = collected.iter().map(|t| t.id).collect();
    let unique: HashSet<i64> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "duplicates across pages");
    assert_eq!(ids, expected);

    let capped = client.tasks_all(&query, 30).await.expect("capped").whole();
    assert_eq!(capped.len(), 30);
    assert_eq!(capped[..], collected[..30]);

    // Starting mid-list continues from there.
    let from_50 = client
        .tasks_all(
            &TaskQuery {
                offset: Some(50),
                ..query
            },
            NO_CAP,
        )
        .await
        .expect("from an offset")
        .whole();
    assert_eq!(
        from_50.iter().map(|t| t.id).collect::<Vec<_>>(),
        expected[50..]
    );
}

#[tokio::test]
async fn task_lifecycle() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let known = all_open_and_done(&client).await.remove(0);
    let read = client.task(known.id).await.expect("task");
    assert_eq!((read.id, &read.title), (known.id, &known.title));

    let due = TODAY + Days::days(7);
    let created = client
        .create_task(&NewTask {
            title: "Проверить интеграцию".into(),
            description: Some("Описание".into()),
            project_id: Some(1),
            board_column_id: Some(2),
            assignees: vec![ANNA.into(), DMITRY.into()],
            priority: Some(Priority::Medium),
            due_date: Some(due),
            tags: vec![1],
            ..Default::default()
        })
        .await
        .expect("create");
    let id = created.id;
    assert_eq!(created.tags, [1], "tags taken on create");
    assert!(id > 0);
    assert_eq!(created.title.as_deref(), Some("Проверить интеграцию"));
    assert_eq!(created.all_assignees(), [ANNA, DMITRY]);
    assert_eq!(created.priority, Some(Priority::Medium));
    assert_eq!(created.due_day(), Some(due));
    let place = created.primary_location().expect("placed");
    assert_eq!(
        (place.project_id, place.board_id, place.board_column_id),
        (1, Some(1), Some(2))
    );

    let updated = client
        .update_task(
            id,
            &TaskUpdate {
                title: Some("Проверить интеграцию v2".into()),
                priority: Some(Some(Priority::High)),
                due_date: Some(None),
                board_column_id: Some(3),
                ..Default::default()
            },
        )
        .await
        .expect("update");
    assert_eq!(updated.title.as_deref(), Some("Проверить интеграцию v2"));
    assert_eq!(updated.priority, Some(Priority::High));
    assert_eq!(updated.due_day(), None);
    assert_eq!(
        updated.primary_location().and_then(|l| l.board_column_id),
        Some(3)
    );
    assert_eq!(client.task(id).await.expect("read back"), updated);

    client.complete_task(id).await.expect("complete");
    let done = client.task(id).await.expect("read back");
    assert!(done.is_completed && done.completed_at.is_some());
    client.uncomplete_task(id).await.expect("uncomplete");
    let reopened = client.task(id).await.expect("read back");
    assert!(!reopened.is_completed && reopened.completed_at.is_none());

    client
        .add_assignees(id, &[MARIA.to_string()])
        .await
        .expect("add assignee");
    assert_eq!(
        client.task(id).await.expect("read back").all_assignees(),
        [ANNA, DMITRY, MARIA]
    );
    client
        .remove_assignees(id, &[ANNA.to_string()])
        .await
        .expect("remove assignee");
    let task = client.task(id).await.expect("read back");
    assert_eq!(task.all_assignees(), [DMITRY, MARIA]);

    client
        .add_task_location(id, 2, None)
        .await
        .expect("add location");
    let projects: Vec<i64> = client
        .task(id)
        .await
        .expect("read back")
        .all_locations()
        .iter()
        .map(|l| l.project_id)
        .collect();
    assert_eq!(projects, [1, 2]);
    client
        .remove_task_location(id, 2)
        .await
        .expect("remove location");
    let projects: Vec<i64> = client
        .task(id)
        .await
        .expect("read back")
        .all_locations()
        .iter()
        .map(|l| l.project_id)
        .collect();
    assert_eq!(projects, [1]);

    // Into a column of project 1 that was not its own: the task moves, it is not copied.
    client
        .add_task_location(id, 1, Some(5))
        .await
        .expect("move by location");
    let place = client.task(id).await.expect("read back").all_locations();
    assert_eq!(place.len(), 1);
    assert_eq!(place[0].board_column_id, Some(5));

    client
        .change_board_column(id, 4)
        .await
        .expect("legacy move");
    let place = client
        .task(id)
        .await
        .expect("read back")
        .primary_location()
        .expect("placed");
    assert_eq!((place.project_id, place.board_column_id), (1, Some(4)));

    client.delete_task(id).await.expect("delete");
    let gone = client
        .task(id)
        .await
        .expect("a deleted task still resolves");
    assert!(gone.is_deleted);
    assert!(all_open_and_done(&client).await.iter().all(|t| t.id != id));
}

#[tokio::test]
async fn funnels_and_statuses() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let funnels = client.funnels().await.expect("funnels").whole();
    assert_eq!(funnels.len(), 4);
    let ids: Vec<&str> = funnels.iter().map(|f| f.id.as_str()).collect();
    assert!(ids.contains(&FUNNEL_B2B) && ids.contains(&FUNNEL_ARCHIVE));

    let b2b = client.funnel(FUNNEL_B2B).await.expect("funnel");
    assert_eq!(b2b.name.as_deref(), Some("Продажи B2B"));
    assert_eq!(b2b.currency(), 1);

    let statuses = client
        .funnel_statuses(FUNNEL_B2B)
        .await
        .expect("statuses")
        .whole();
    let names: Vec<&str> = statuses.iter().filter_map(|s| s.name.as_deref()).collect();
    assert_eq!(
        names,
        [
            "Новый лид",
            "Квалификация",
            "Переговоры",
            "Договор",
            "Закрыто"
        ]
    );
    assert_eq!(statuses[0].id, STATUS_NEW_LEAD);
    assert!(
        client
            .funnel_statuses(FUNNEL_ARCHIVE)
            .await
            .expect("statuses of an empty funnel")
            .whole()
            .is_empty()
    );

    let lead = client.funnel_status(STATUS_NEW_LEAD).await.expect("status");
    assert_eq!(lead.name.as_deref(), Some("Новый лид"));
    assert_eq!(lead.deals_count, Some(68));

    let currencies = client.currencies().await.expect("currencies").whole();
    assert_eq!(currencies.len(), 8);
    let rub = currencies.iter().find(|c| c.id == 1).expect("rouble");
    assert_eq!(
        (rub.code.as_deref(), rub.symbol.as_deref()),
        (Some("RUB"), Some("₽"))
    );
}

#[tokio::test]
async fn deals_page_and_move() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let mut seen = Vec::new();
    let mut flags = Vec::new();
    for offset in [0, 30, 60] {
        let page = client
            .deals(STATUS_NEW_LEAD, &ListQuery::page(30, offset))
            .await
            .expect("deals")
            .whole();
        flags.push((page.deals.len(), page.has_more));
        seen.extend(page.deals.into_iter().map(|d| d.id));
    }
    assert_eq!(flags, [(30, true), (30, true), (8, false)]);
    let unique: HashSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), 68);

    let deal = client.deal(&seen[5]).await.expect("deal");
    assert_eq!(deal.id, seen[5]);
    assert_eq!(deal.status_id.as_deref(), Some(STATUS_NEW_LEAD));
    assert_eq!(deal.funnel_id.as_deref(), Some(FUNNEL_B2B));

    let target_before = client
        .funnel_status(STATUS_QUALIFICATION)
        .await
        .expect("status")
        .deals_count
        .expect("a count");
    client
        .move_deal(&deal.id, STATUS_QUALIFICATION, None)
        .await
        .expect("move");
    assert_eq!(
        client
            .deal(&deal.id)
            .await
            .expect("deal")
            .status_id
            .as_deref(),
        Some(STATUS_QUALIFICATION)
    );
    let lead = client.funnel_status(STATUS_NEW_LEAD).await.expect("status");
    assert_eq!(lead.deals_count, Some(67));
    let target = client
        .funnel_status(STATUS_QUALIFICATION)
        .await
        .expect("status");
    assert_eq!(target.deals_count, Some(target_before + 1));
    // Without a previous deal it goes to the top of the column.
    let top = client
        .deals(STATUS_QUALIFICATION, &ListQuery::page(1, 0))
        .await
        .expect("deals")
        .whole();
    assert_eq!(top.deals[0].id, deal.id);

    // After another deal: right below it.
    let second = client
        .deals(STATUS_QUALIFICATION, &ListQuery::page(3, 0))
        .await
        .expect("deals")
        .whole();
    let other = &seen[6];
    client
        .move_deal(other, STATUS_QUALIFICATION, Some(&second.deals[1].id))
        .await
        .expect("move after");
    let page = client
        .deals(STATUS_QUALIFICATION, &ListQuery::page(3, 0))
        .await
        .expect("deals")
        .whole();
    assert_eq!(page.deals[2].id, *other);
}

#[tokio::test]
async fn organizations_search_and_page() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let found = client
        .organizations(&ListQuery {
            search: Some("альфа".into()),
            ..Default::default()
        })
        .await
        .expect("search")
        .whole();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].display_name(), "ООО «Альфа-Логистик»");

    let first = client
        .organizations(&ListQuery::page(10, 0))
        .await
        .expect("page 1")
        .whole();
    let rest = client
        .organizations(&ListQuery::page(10, 10))
        .await
        .expect("page 2")
        .whole();
    assert_eq!((first.len(), rest.len()), (10, 5));
    let ids: HashSet<&str> = first.iter().chain(&rest).map(|o| o.id.as_str()).collect();
    assert_eq!(ids.len(), 15);

    let org = client
        .organization(&found[0].id)
        .await
        .expect("organization");
    assert_eq!(org.id, found[0].id);
    assert_eq!(
        org.emails
            .iter()
            .map(|e| e.email.as_str())
            .collect::<Vec<_>>(),
        ["info@alfa-logistic.ru"]
    );
}

#[tokio::test]
async fn contacts_search_page_and_create() {
    let sb = sandbox().await;
    let client = demo_client(&sb);

    let found = client
        .contacts(&ListQuery {
            search: Some("громов".into()),
            ..Default::default()
        })
        .await
        .expect("search")
        .whole();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].first_name.as_deref(), Some("Алексей"));

    let mut ids = HashSet::new();
    let mut sizes = Vec::new();
    for offset in [0, 10, 20] {
        let page = client
            .contacts(&ListQuery::page(10, offset))
            .await
            .expect("page")
            .whole();
        sizes.push(page.len());
        ids.extend(page.into_iter().map(|c| c.id));
    }
    assert_eq!(sizes, [10, 10, 5]);
    assert_eq!(ids.len(), 25);

    let read = client.contact(&found[0].id).await.expect("contact");
    assert_eq!(read, found[0]);

    let org = client
        .organizations(&ListQuery {
            search: Some("Зерно".into()),
            ..Default::default()
        })
        .await
        .expect("organization")
        .whole()
        .remove(0);
    let created = client
        .create_contact(&NewContact {
            first_name: " Вера ".into(),
            last_name: Some("Полякова".into()),
            middle_name: Some("  ".into()),
            emails: vec!["vera@example.com".into(), "v.polyakova@example.org".into()],
            phones: vec!["+7 900 123-45-67".into()],
            organizations: vec![org.id.clone()],
            tags: vec![],
        })
        .await
        .expect("create contact");
    assert!(!created.id.is_empty() && !ids.contains(&created.id));
    assert_eq!(created.display_name(), "Вера Полякова");
    assert_eq!(created.middle_name, None);
    let emails: Vec<&str> = created.emails.iter().map(|e| e.email.as_str()).collect();
    assert_eq!(emails, ["vera@example.com", "v.polyakova@example.org"]);
    let entry_ids: HashSet<&str> = created
        .emails
        .iter()
        .map(|e| e.id.as_str())
        .chain(created.phones.iter().map(|p| p.id.as_str()))
        .collect();
    assert_eq!(entry_ids.len(), 3, "each e-mail and phone gets its own id");
    assert!(entry_ids.iter().all(|id| !id.is_empty()));
    assert_eq!(created.phones[0].phone, "+7 900 123-45-67");
    assert_eq!(created.organizations, [org.id]);

    assert_eq!(
        client.contact(&created.id).await.expect("read back"),
        created
    );
    let all = client
        .contacts(&ListQuery::page(100, 0))
        .await
        .expect("contacts")
        .whole();
    assert_eq!(all.len(), 26);
}
