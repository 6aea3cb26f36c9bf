use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use weeek_api::models::{Board, BoardColumn, Project, TaskRow};
use weeek_api::{Client, ClientConfig, DealQuery, ListQuery, TaskQuery, TaskUpdate, Token};

use super::*;
use crate::store::{NameKind, Store};

fn now() -> OffsetDateTime {
    crate::testing::clock().wall
}

/// Small pages, so that every list is read ahead over several of them.
fn options() -> SyncOptions {
    SyncOptions {
        in_flight: 4,
        page_size: 30,
    }
}

async fn sync(client: &Client, store: &SharedStore) -> SyncReport {
    run(client, store, &options(), &now, &|_| {}).await
}

/// Every id the service lists, kind by kind, read here without the sync.
struct Listed {
    tasks: HashSet<String>,
    deals: HashSet<String>,
    contacts: HashSet<String>,
    organizations: HashSet<String>,
}

async fn listed(client: &Client) -> Listed {
    let mut tasks = HashSet::new();
    for completed in [false, true] {
        let q = TaskQuery {
            completed: Some(completed),
            per_page: Some(100),
            ..Default::default()
        };
        let rows = client.tasks_all(&q, usize::MAX).await.unwrap().value;
        tasks.extend(rows.iter().map(|t| t.id.to_string()));
    }
    let mut deals = HashSet::new();
    for funnel in client.funnels().await.unwrap().value {
        for status in client.funnel_statuses(&funnel.id).await.unwrap().value {
            let mut offset = 0;
            loop {
                let q = DealQuery {
                    limit: Some(100),
                    offset: Some(offset),
                    ..Default::default()
                };
                let page = client.find_deals(&status.id, &q).await.unwrap().value;
                deals.extend(page.deals.iter().map(|d| d.id.clone()));
                if !page.has_more {
                    break;
                }
                offset += 100;
            }
        }
    }
    let contacts = client
        .contacts(&ListQuery::page(100, 0))
        .await
        .unwrap()
        .value;
    let organizations = client
        .organizations(&ListQuery::page(100, 0))
        .await
        .unwrap()
        .value;
    assert!(
        contacts.len() < 100 && organizations.len() < 100,
        "one page each"
    );
    Listed {
        tasks,
        deals,
        contacts: contacts.into_iter().map(|c| c.id).collect(),
        organizations: organizations.into_iter().map(|o| o.id).collect(),
    }
}

fn held(store: &SharedStore, kind: Kind) -> HashSet<String> {
    store
        .lock()
        .updated_index(kind)
        .unwrap()
        .into_keys()
        .collect()
}

#[tokio::test]
async fn a_first_sync_reads_every_item_and_the_workspace_around_them() {
    let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
    let store = SharedStore::new(Store::in_memory());
    let told = Mutex::new(Vec::new());
    let report = run(&client, &store, &options(), &now, &|p| {
        told.lock().unwrap().push(p.clone())
    })
    .await;
    assert!(report.is_complete(), "{:#?}", report.lines());
    let service = listed(&client).await;
    assert!(service.tasks.len() > 2 * 30, "several pages of tasks");
    assert!(!service.deals.is_empty() && !service.contacts.is_empty());
    assert_eq!(held(&store, Kind::TaskRow), service.tasks);
    assert_eq!(held(&store, Kind::Deal), service.deals);
    assert_eq!(held(&store, Kind::Contact), service.contacts);
    assert_eq!(held(&store, Kind::Organization), service.organizations);
    assert_eq!(report.tasks.read, service.tasks.len() as u64);
    assert!(report.tasks.first);
    assert_eq!(
        report.lines()[1],
        format!("Tasks: {} read.", service.tasks.len())
    );
    // Progress grew with each answer and ended at what was read.
    let told = told.into_inner().unwrap();
    assert_eq!(told.len() as u64, report.requests);
    assert!(told.windows(2).all(|w| w[0].read() <= w[1].read()));
    assert_eq!(told.last().unwrap().tasks, report.tasks.read);
    assert_eq!(told[0].expected, None, "a first sync knows no total");

    let me = client.me().await.unwrap();
    let service_projects = client.projects().await.unwrap().value;
    let first = service_projects[0].id;
    let service_boards = client.boards(first).await.unwrap().value;
    let service_columns = client
        .board_columns(service_boards[0].id)
        .await
        .unwrap()
        .value;
    let open = Source::task_query(false, 30, 0);
    let service_page = client.tasks(&open).await.unwrap().value.tasks;
    sandbox.shutdown().await;

    let s = store.lock();
    assert_eq!(s.profile().unwrap().unwrap().value.id, me.id);
    let projects: Vec<Project> = s.list(&ListKey::projects()).unwrap().unwrap().value;
    assert_eq!(projects, service_projects);
    let boards: Vec<Board> = s.list(&ListKey::boards(first)).unwrap().unwrap().value;
    assert_eq!(boards, service_boards);
    let columns: Vec<BoardColumn> = s
        .list(&ListKey::columns(boards[0].id))
        .unwrap()
        .unwrap()
        .value;
    assert_eq!(columns, service_columns);
    for kind in NameKind::ALL {
        assert!(!s.names(kind).unwrap().is_empty(), "{kind:?} names");
    }
    // The sync's own lists are pages like any: the open tasks, oldest first.
    let page = s.page(&PageKey::tasks(&open).unwrap()).unwrap().unwrap();
    assert_eq!(page.rows, service_page);
    assert!(page.has_more);
}

#[tokio::test]
async fn a_later_sync_reports_what_changed_and_forgets_what_is_gone() {
    let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
    let store = SharedStore::new(Store::in_memory());
    assert!(sync(&client, &store).await.is_complete());
    let again = sync(&client, &store).await;
    assert_eq!(again.tasks.line(), "Tasks: no change.");
    assert_eq!(again.tasks.read, held(&store, Kind::TaskRow).len() as u64);

    let open = client
        .tasks(&Source::task_query(false, 3, 0))
        .await
        .unwrap()
        .value
        .tasks;
    // A later instant on the service's clock, so the change has a later `updatedAt`.
    sandbox.advance_clock(Duration::from_secs(60));
    let update = TaskUpdate {
        title: Some("Переименована в другом месте".into()),
        ..Default::default()
    };
    client.update_task(open[0].id, &update).await.unwrap();
    client.delete_task(open[1].id).await.unwrap();
    let made = client
        .create_contact(&weeek_api::NewContact {
            first_name: "Новый".into(),
            last_name: Some("Контакт".into()),
            ..Default::default()
        })
        .await
        .unwrap();

    let report = sync(&client, &store).await;
    assert!(report.is_complete(), "{:#?}", report.lines());
    assert_eq!(
        report.tasks.line(),
        format!(
            "Tasks: 1 changed («Переименована в другом месте»), 1 gone («{}»).",
            open[1].display_title()
        )
    );
    assert_eq!(report.contacts.line(), "Contacts: 1 new («Новый Контакт»).");
    assert_eq!(report.deals.line(), "Deals: no change.");
    sandbox.shutdown().await;
    let s = store.lock();
    let renamed: TaskRow = s.get(&open[0].id.to_string()).unwrap().unwrap().value;
    assert_eq!(
        renamed.title.as_deref(),
        Some("Переименована в другом месте")
    );
    assert_eq!(s.get::<TaskRow>(&open[1].id.to_string()).unwrap(), None);
    let task_names: HashSet<String> = s
        .names(NameKind::Task)
        .unwrap()
        .into_iter()
        .map(|n| n.id)
        .collect();
    assert!(!task_names.contains(&open[1].id.to_string()));
    assert!(
        s.get::<weeek_api::models::Contact>(&made.id)
            .unwrap()
            .is_some()
    );
    assert_eq!(s.count(Kind::TaskRow).unwrap(), report.tasks.read);
}

#[tokio::test]
async fn a_sync_that_could_not_read_everything_forgets_nothing() {
    let (sandbox, client) = crate::testing::sandbox(Default::default()).await;
    let store = SharedStore::new(Store::in_memory());
    store
        .lock()
        .write(|w| {
            w.put(
                &TaskRow {
                    id: 999_999,
                    title: Some("Прочитана раньше".into()),
                    ..Default::default()
                },
                now(),
            )
        })
        .unwrap();
    sandbox.set_faults(weeek_sandbox::Faults {
        failure_rate: 1.0,
        failure_status: 503,
        ..Default::default()
    });
    let report = sync(&client, &store).await;
    assert!(!report.is_complete());
    assert!(!report.tasks.complete);
    assert!(
        report
            .failures
            .iter()
            .any(|f| f.starts_with("open tasks from 0"))
    );
    assert!(report.tasks.line().contains("none was taken as gone"));
    assert!(
        report
            .lines()
            .iter()
            .any(|l| l.contains("of the requests failed"))
    );
    assert!(store.lock().get::<TaskRow>("999999").unwrap().is_some());
    sandbox.shutdown().await;
}

#[tokio::test]
async fn no_more_than_four_requests_are_out_at_once() {
    let (sandbox, client) = crate::testing::sandbox(weeek_sandbox::Faults {
        latency_ms: 40,
        ..Default::default()
    })
    .await;
    let store = SharedStore::new(Store::in_memory());
    let done = std::sync::atomic::AtomicBool::new(false);
    let most = std::sync::atomic::AtomicUsize::new(0);
    let watch = async {
        while !done.load(std::sync::atomic::Ordering::SeqCst) {
            most.fetch_max(
                sandbox.held_by_latency(),
                std::sync::atomic::Ordering::SeqCst,
            );
            tokio::task::yield_now().await;
        }
    };
    let syncing = async {
        let report = sync(&client, &store).await;
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        report
    };
    let (report, ()) = tokio::join!(syncing, watch);
    assert!(report.is_complete());
    let most = most.into_inner();
    assert!(most <= 4, "{most} at once");
    assert!(most >= 2, "requests do go side by side ({most})");
    sandbox.shutdown().await;
}

#[tokio::test]
async fn a_sync_told_to_slow_down_waits_and_loses_nothing() {
    let (sandbox, plain) = crate::testing::sandbox(Default::default()).await;
    let config = SyncOptions::client_config(ClientConfig::new(sandbox.base_url(), Token::new("t")));
    let client = Client::new(config).unwrap();
    // Every twentieth read is refused with 429 and `Retry-After: 1`.
    sandbox.set_faults(weeek_sandbox::Faults {
        failure_rate: 0.05,
        failure_status: 429,
        ..Default::default()
    });
    let store = SharedStore::new(Store::in_memory());
    let report = sync(&client, &store).await;
    sandbox.set_faults(Default::default());
    assert!(report.is_complete(), "{:#?}", report.lines());
    let service = listed(&plain).await;
    assert_eq!(held(&store, Kind::TaskRow), service.tasks);
    assert_eq!(held(&store, Kind::Deal), service.deals);
    sandbox.shutdown().await;
}

#[tokio::test(start_paused = true)]
async fn after_a_429_no_request_starts_before_the_wait_is_over() {
    let gate = Gate::default();
    gate.hold_for(Duration::from_secs(2));
    let started = tokio::time::Instant::now();
    let waiting = tokio::spawn({
        let gate = gate.clone();
        async move {
            gate.wait().await;
            tokio::time::Instant::now()
        }
    });
    // A shorter wait told later does not cut the longer one short.
    gate.hold_for(Duration::from_secs(1));
    let went = waiting.await.unwrap();
    assert_eq!(went - started, Duration::from_secs(2));
    assert!(gate.until().is_none());
}
