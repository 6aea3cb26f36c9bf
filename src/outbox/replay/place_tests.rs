//! A card's place in its board column, replayed against the sandbox: sent and found where it
//! goes, read back by the column's order after a lost answer, a conflict when someone moved
//! the card to another column meanwhile, refused with the service's words.
#![cfg(feature = "demo")]

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use weeek_api::{Client, ColumnPlace, TaskQuery, TaskUpdate};
use weeek_sandbox::{FailureMode, Faults, SandboxHandle};

use super::Replay;
use crate::outbox::{Base, Change, Entry, Field, ItemRef, Replayed, State, Step, TaskField};
use crate::store::{SharedStore, Store};

struct World {
    sandbox: SandboxHandle,
    client: Client,
    store: SharedStore,
    next: i64,
}

/// A board column of the seed with three cards or more: its project, its id, its cards in
/// order, and another column of the same board.
async fn column(client: &Client) -> (i64, i64, Vec<i64>, i64) {
    let q = TaskQuery {
        per_page: Some(200),
        ..Default::default()
    };
    let tasks = client.tasks(&q).await.expect("tasks").value.tasks;
    let mut seen = Vec::new();
    for t in &tasks {
        for l in t.all_locations() {
            if let (Some(c), Some(b)) = (l.board_column_id, l.board_id)
                && !seen.contains(&(l.project_id, b, c))
            {
                seen.push((l.project_id, b, c));
            }
        }
    }
    for (project, board, col) in &seen {
        let ids = order(client, *project, *col).await;
        let other = seen
            .iter()
            .find(|(p, b, c)| p == project && b == board && c != col)
            .map(|(_, _, c)| *c);
        if let (true, Some(other)) = (ids.len() >= 3, other) {
            return (*project, *col, ids, other);
        }
    }
    panic!("the seed has a board column with three cards");
}

async fn order(client: &Client, project: i64, column: i64) -> Vec<i64> {
    let q = TaskQuery {
        project_id: Some(project),
        board_column_id: Some(column),
        per_page: Some(200),
        ..Default::default()
    };
    let page = client.tasks(&q).await.expect("column").value;
    page.tasks.iter().map(|t| t.id).collect()
}

impl World {
    async fn new() -> Self {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        Self {
            sandbox,
            client,
            store: SharedStore::new(Store::in_memory()),
            next: 0,
        }
    }

    fn place(&mut self, task: i64, project: i64, column: i64, place: ColumnPlace) -> i64 {
        self.next += 1;
        let field = |place| {
            Field::Task(TaskField::Place {
                project,
                column,
                place,
            })
        };
        let base = Base {
            updated_at: None,
            value: Some(field(None)),
        };
        let e = Entry::new(
            self.next,
            ItemRef::task(task),
            "t".into(),
            Change::Set(field(Some(place))),
            base,
            OffsetDateTime::now_utc(),
        );
        self.store.lock().write(|w| w.queue(&e)).expect("queued");
        self.next
    }

    async fn replay(&self) -> Vec<Step> {
        let steps: Arc<Mutex<Vec<Replayed>>> = Arc::default();
        let kept = steps.clone();
        let replay = Replay {
            client: self.client.clone(),
            store: self.store.clone(),
            now: Arc::new(OffsetDateTime::now_utc),
            report: Arc::new(move |r| kept.lock().unwrap().push(r)),
        };
        replay.run().await;
        let taken = std::mem::take(&mut *steps.lock().unwrap());
        taken.into_iter().map(|r| r.step).collect()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_placed_offline_goes_there_once_its_answer_lost_or_not() {
    let mut w = World::new().await;
    let (project, col, ids, _) = column(&w.client).await;
    // The first card below the third.
    w.place(ids[0], project, col, ColumnPlace::After(ids[2]));
    w.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 502,
        failure_methods: vec!["POST".into()],
        failure_mode: FailureMode::ApplyThenCut,
        ..Faults::default()
    });
    let steps = w.replay().await;
    w.sandbox.set_faults(Faults::default());
    assert_eq!(steps.last(), Some(&Step::Done { sent: 1 }), "{steps:#?}");
    let now = order(&w.client, project, col).await;
    let at = |x: i64| now.iter().position(|t| *t == x).expect("there");
    assert_eq!(at(ids[0]), at(ids[2]) + 1, "{now:?}");
    assert!(w.store.lock().outbox().unwrap().is_empty());
    w.sandbox.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_card_moved_to_another_column_meanwhile_is_a_conflict_and_a_refusal_stays() {
    let mut w = World::new().await;
    let (project, col, ids, other) = column(&w.client).await;
    let moved = w.place(ids[0], project, col, ColumnPlace::After(ids[1]));
    let update = TaskUpdate {
        board_column_id: Some(other),
        ..Default::default()
    };
    w.client.update_task(ids[0], &update).await.expect("moved");
    let steps = w.replay().await;
    assert!(
        steps
            .iter()
            .any(|s| matches!(s, Step::Conflict { entry, .. } if entry.seq == moved)),
        "{steps:#?}"
    );
    assert!(!order(&w.client, project, col).await.contains(&ids[0]));
    // Another refused by the service: it stays, with its words.
    w.place(ids[1], project, col, ColumnPlace::After(ids[2]));
    w.sandbox.set_faults(Faults {
        failure_rate: 1.0,
        failure_status: 422,
        failure_methods: vec!["POST".into()],
        ..Faults::default()
    });
    w.replay().await;
    w.sandbox.set_faults(Faults::default());
    let states: Vec<State> = w
        .store
        .lock()
        .outbox()
        .unwrap()
        .iter()
        .map(|e| e.state)
        .collect();
    assert_eq!(states, [State::Conflict, State::Refused]);
    w.sandbox.shutdown().await;
}
