//! The replay against the sandbox: order, conflicts, refusals, items gone, creates made once
//! whatever was lost on the way or left by a crash.
#![cfg(feature = "demo")]

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use weeek_api::models::{Priority, Task, TaskRow};
use weeek_api::{Client, NewTask, TaskQuery, TaskUpdate};
use weeek_sandbox::{FailureMode, Faults, SandboxHandle};

use super::Replay;
use crate::outbox::{Base, Change, Entry, Field, ItemRef, New, Replayed, State, Step, TaskField};
use crate::store::{SharedStore, Store};

/// The times of the outbox are this machine's, as in the app: the client measures the
/// service's clock against them.
fn now() -> OffsetDateTime {
    OffsetDateTime::now_utc()
}

struct World {
    sandbox: Option<SandboxHandle>,
    client: Client,
    store: SharedStore,
    steps: Arc<Mutex<Vec<Replayed>>>,
    next: i64,
}

impl World {
    async fn new(faults: Faults) -> Self {
        let (sandbox, client) = crate::testing::sandbox(faults).await;
        Self {
            sandbox: Some(sandbox),
            client,
            store: SharedStore::new(Store::in_memory()),
            steps: Arc::default(),
            next: 0,
        }
    }

    /// Open tasks of the seeded workspace, as the app last read them.
    async fn tasks(&self, n: usize) -> Vec<Task> {
        let q = TaskQuery {
            completed: Some(false),
            per_page: Some(n as u32),
            ..Default::default()
        };
        let rows = self.client.tasks(&q).await.expect("tasks").value.tasks;
        let mut out = Vec::new();
        for r in rows {
            out.push(self.client.task(r.id).await.expect("task"));
        }
        out
    }

    fn queue(&mut self, item: ItemRef, name: &str, change: Change, base: Base) -> i64 {
        self.next += 1;
        let e = Entry::new(self.next, item, name.into(), change, base, now());
        self.store.lock().write(|w| w.queue(&e)).expect("queued");
        self.next
    }

    /// Sets `field` of `task` from its value as read.
    fn set(&mut self, task: &Task, field: TaskField) -> i64 {
        let base = field.current(&TaskRow::from(task));
        let name = task.title.clone().unwrap_or_default();
        self.queue(
            ItemRef::task(task.id),
            &name,
            Change::Set(Field::Task(field)),
            Base {
                updated_at: task.updated_at,
                value: Some(Field::Task(base)),
            },
        )
    }

    fn create(&mut self, local: i64, new: NewTask) -> i64 {
        let title = new.title.clone();
        self.queue(
            ItemRef::new_task(local),
            &title,
            Change::Create(New::Task(Box::new(new))),
            Base::default(),
        )
    }

    async fn replay(&self) -> Vec<Step> {
        let steps = self.steps.clone();
        let replay = Replay {
            client: self.client.clone(),
            store: self.store.clone(),
            now: Arc::new(now),
            report: Arc::new(move |r| steps.lock().unwrap().push(r)),
        };
        replay.run().await;
        let taken = std::mem::take(&mut *self.steps.lock().unwrap());
        taken.into_iter().map(|r| r.step).collect()
    }

    async fn stop(&mut self) {
        if let Some(s) = self.sandbox.take() {
            s.shutdown().await;
        }
    }

    fn faults(&self, faults: Faults) {
        if let Some(s) = &self.sandbox {
            s.set_faults(faults);
        }
    }

    fn outbox(&self) -> Vec<Entry> {
        self.store.lock().outbox().expect("outbox")
    }

    async fn service(&self, id: i64) -> Task {
        self.client.task(id).await.expect("task")
    }

    async fn named(&self, title: &str) -> Vec<TaskRow> {
        let q = TaskQuery {
            search: Some(title.into()),
            per_page: Some(100),
            ..Default::default()
        };
        let page = self.client.tasks(&q).await.expect("tasks").value;
        page.tasks
            .into_iter()
            .filter(|t| t.title.as_deref() == Some(title))
            .collect()
    }
}

fn new_task(title: &str, project: Option<i64>) -> NewTask {
    NewTask {
        title: title.into(),
        project_id: project,
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_reach_the_service_in_order_and_leave_the_outbox() {
    let mut w = World::new(Faults::default()).await;
    let tasks = w.tasks(3).await;
    w.set(&tasks[0], TaskField::Completed(true));
    w.set(&tasks[1], TaskField::Priority(Some(Priority::High)));
    // Two changes of one field: the second is made on the first.
    w.set(&tasks[2], TaskField::Title("Первое".into()));
    let mut renamed = tasks[2].clone();
    renamed.title = Some("Первое".into());
    w.set(&renamed, TaskField::Title("Второе".into()));
    let steps = w.replay().await;
    assert_eq!(steps.last(), Some(&Step::Done { sent: 4 }), "{steps:?}");
    assert!(w.outbox().is_empty());
    assert!(w.service(tasks[0].id).await.is_completed);
    assert_eq!(w.service(tasks[1].id).await.priority, Some(Priority::High));
    assert_eq!(
        w.service(tasks[2].id).await.title.as_deref(),
        Some("Второе")
    );
    // The store holds the service's copies.
    let kept = w
        .store
        .lock()
        .get::<TaskRow>(&tasks[0].id.to_string())
        .unwrap();
    assert!(kept.expect("kept").value.is_completed);
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_field_changed_by_someone_is_a_conflict_and_other_fields_still_go() {
    let mut w = World::new(Faults::default()).await;
    let task = w.tasks(1).await.remove(0);
    let mine = w.set(&task, TaskField::Title("Мой заголовок".into()));
    w.set(&task, TaskField::Priority(Some(Priority::Low)));
    // Meanwhile a colleague renamed it.
    let theirs = TaskUpdate {
        title: Some("Их заголовок".into()),
        ..Default::default()
    };
    w.client
        .update_task(task.id, &theirs)
        .await
        .expect("renamed");
    let steps = w.replay().await;
    assert!(
        steps
            .iter()
            .any(|s| matches!(s, Step::Conflict { entry, .. } if entry.seq == mine)),
        "{steps:?}"
    );
    assert_eq!(steps.last(), Some(&Step::Done { sent: 1 }));
    let on_service = w.service(task.id).await;
    assert_eq!(
        on_service.title.as_deref(),
        Some("Их заголовок"),
        "theirs is kept"
    );
    assert_eq!(
        on_service.priority,
        Some(Priority::Low),
        "the other field went"
    );
    let left = w.outbox();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].state, State::Conflict);
    assert_eq!(
        left[0].theirs,
        Some(Field::Task(TaskField::Title("Их заголовок".into())))
    );
    // Nothing of it goes until the user decides; decided for mine, it goes over theirs.
    assert_eq!(w.replay().await, [Step::Done { sent: 0 }]);
    w.store.lock().write(|wr| wr.keep_mine(mine)).unwrap();
    assert_eq!(w.replay().await.last(), Some(&Step::Done { sent: 1 }));
    assert_eq!(
        w.service(task.id).await.title.as_deref(),
        Some("Мой заголовок")
    );
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_the_service_already_has_is_done_without_a_conflict() {
    let mut w = World::new(Faults::default()).await;
    let task = w.tasks(1).await.remove(0);
    w.set(&task, TaskField::Completed(true));
    w.client
        .complete_task(task.id)
        .await
        .expect("done elsewhere");
    let steps = w.replay().await;
    assert!(matches!(steps[0], Step::Sent { .. }), "{steps:?}");
    assert!(w.outbox().is_empty());
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refusal_stays_refused_with_the_services_words_and_the_item_as_it_has_it() {
    let mut w = World::new(Faults::default()).await;
    let task = w.tasks(1).await.remove(0);
    // A column of no board of the task's: the service says no.
    let seq = w.set(&task, TaskField::Column(987_654));
    let steps = w.replay().await;
    let refused = steps
        .iter()
        .find_map(|s| match s {
            Step::Refused { entry, fresh } => Some((entry.clone(), fresh.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("refused: {steps:?}"));
    assert_eq!(refused.0.seq, seq);
    assert!(refused.0.message.is_some());
    assert!(refused.1.is_some(), "the task as the service has it");
    let left = w.outbox();
    assert_eq!((left.len(), left[0].state), (1, State::Refused));
    assert!(left[0].message.is_some());
    assert_eq!(w.replay().await, [Step::Done { sent: 0 }], "not sent again");
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn changes_of_a_task_deleted_meanwhile_are_dropped_never_made_again() {
    let mut w = World::new(Faults::default()).await;
    let task = w.tasks(1).await.remove(0);
    w.set(&task, TaskField::Completed(true));
    w.set(&task, TaskField::Title("Ещё".into()));
    w.client
        .delete_task(task.id)
        .await
        .expect("deleted elsewhere");
    let steps = w.replay().await;
    let gone = steps.iter().find_map(|s| match s {
        Step::Gone { entries } => Some(entries.len()),
        _ => None,
    });
    assert_eq!(gone, Some(2), "{steps:?}");
    assert!(w.outbox().is_empty());
    assert!(w.service(task.id).await.is_deleted, "still deleted");
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_task_is_made_once_and_its_later_changes_go_with_its_id() {
    let mut w = World::new(Faults::default()).await;
    let project = w.tasks(1).await[0].primary_location().map(|l| l.project_id);
    w.create(5, new_task("Офлайн задача", project));
    let mut done = Entry::new(
        0,
        ItemRef::new_task(5),
        "Офлайн задача".into(),
        Change::Set(Field::Task(TaskField::Completed(true))),
        Base {
            updated_at: None,
            value: Some(Field::Task(TaskField::Completed(false))),
        },
        now(),
    );
    w.next += 1;
    done.seq = w.next;
    w.store.lock().write(|wr| wr.queue(&done)).unwrap();
    let steps = w.replay().await;
    assert!(matches!(steps[0], Step::Created { .. }), "{steps:?}");
    assert_eq!(steps.last(), Some(&Step::Done { sent: 2 }), "{steps:?}");
    let made = w.named("Офлайн задача").await;
    assert_eq!(made.len(), 1);
    assert!(w.service(made[0].id).await.is_completed, "sent with its id");
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_left_sending_by_a_crash_is_looked_for_and_not_made_twice() {
    let mut w = World::new(Faults::default()).await;
    let project = w.tasks(1).await[0].primary_location().map(|l| l.project_id);
    let new = new_task("Отправлено до сбоя", project);
    let seq = w.create(7, new.clone());
    w.store.lock().write(|wr| wr.sending(seq, now())).unwrap();
    // The send landed; the app was killed before its answer was read.
    w.client.create_task(&new).await.expect("made");
    let steps = w.replay().await;
    assert!(matches!(steps[0], Step::Created { .. }), "{steps:?}");
    assert_eq!(w.named("Отправлено до сбоя").await.len(), 1);
    // Not made by it: sent now, once.
    let other = new_task("Не дошло до сбоя", project);
    let seq = w.create(8, other);
    w.store.lock().write(|wr| wr.sending(seq, now())).unwrap();
    w.replay().await;
    assert_eq!(w.named("Не дошло до сбоя").await.len(), 1);
    assert!(w.outbox().is_empty());
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_lost_during_the_replay_are_read_back_and_creates_looked_for() {
    let faults = Faults {
        failure_rate: 1.0,
        failure_status: 502,
        failure_methods: vec!["POST".into(), "PUT".into()],
        failure_mode: FailureMode::ApplyThenCut,
        ..Faults::default()
    };
    let mut w = World::new(Faults::default()).await;
    let tasks = w.tasks(2).await;
    let project = tasks[0].primary_location().map(|l| l.project_id);
    w.set(&tasks[0], TaskField::Title("Потерянный ответ".into()));
    w.set(&tasks[1], TaskField::Completed(true));
    w.create(9, new_task("Создана без ответа", project));
    w.faults(faults);
    let steps = w.replay().await;
    assert_eq!(steps.last(), Some(&Step::Done { sent: 3 }), "{steps:?}");
    assert!(w.outbox().is_empty());
    assert_eq!(
        w.service(tasks[0].id).await.title.as_deref(),
        Some("Потерянный ответ")
    );
    assert!(w.service(tasks[1].id).await.is_completed);
    w.faults(Faults::default());
    assert_eq!(w.named("Создана без ответа").await.len(), 1);
    w.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_that_cannot_be_reached_stops_the_replay_and_nothing_is_lost() {
    let mut w = World::new(Faults::default()).await;
    let task = w.tasks(1).await.remove(0);
    w.set(&task, TaskField::Completed(true));
    w.create(3, new_task("Потом", None));
    w.stop().await;
    let steps = w.replay().await;
    assert!(
        matches!(steps.last(), Some(Step::Unreachable(_))),
        "{steps:?}"
    );
    let left = w.outbox();
    assert_eq!(left.len(), 2);
    assert!(
        left.iter().all(|e| e.state == State::Waiting),
        "nothing reached it: both wait as before {left:?}"
    );
}
