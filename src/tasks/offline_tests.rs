//! `update` tests of the task list offline: the link lost and probed, each verb kept in the
//! outbox and shown at once, the outbox overlay; against the sandbox, the replay once the
//! service is back (sent, conflict, refused, answers lost on the way).

use std::time::Duration;

use crossterm::event::KeyCode;
use time::macros::date;
use weeek_api::models::{Priority, Task};
use weeek_api::{TaskPage, TaskQuery};

use crate::outbox::{Change, Field, ItemRef, New, Order, State, TaskField};
use crate::screen::Effect;
use crate::screen::offline::LinkKey;
use crate::screen::requests::RequestKey;
use crate::store::Store;
use crate::testing::{Harness, code, ctrl, task, unreachable};
use crate::worker::{Answer, Call};

/// A harness with tasks 1..=n loaded (and the names the rows show).
fn loaded(n: i64) -> Harness {
    let mut h = Harness::new();
    let tasks: Vec<Task> = (1..=n).map(|i| task(i, &format!("Задача {i}"))).collect();
    h.list_tasks(tasks);
    h
}

/// The list is read again (`r`) and the read fails to connect: the app is offline.
fn go_offline(h: &mut Harness) {
    h.press("r");
    h.cut_off();
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn header(h: &Harness) -> String {
    h.render().lines().next().unwrap_or_default().to_string()
}

/// The orders of the outbox the last key gave, forgotten.
fn orders(h: &mut Harness) -> Vec<Order> {
    let (orders, rest): (Vec<Effect>, Vec<Effect>) = std::mem::take(&mut h.effects)
        .into_iter()
        .partition(|e| matches!(e, Effect::Outbox(_)));
    h.effects = rest;
    orders
        .into_iter()
        .filter_map(|e| match e {
            Effect::Outbox(o) => Some(*o),
            _ => None,
        })
        .collect()
}

fn writes(h: &Harness) -> Vec<Call> {
    h.pending
        .iter()
        .filter(|r| r.call.is_write())
        .map(|r| r.call.clone())
        .collect()
}

fn probe(h: &mut Harness) -> Option<crate::screen::requests::Request> {
    let key = RequestKey::from(LinkKey::Probe);
    let i = h.pending.iter().position(|r| r.key == key)?;
    Some(h.pending.remove(i))
}

#[test]
fn a_read_that_fails_to_connect_puts_the_app_offline_and_the_service_is_probed_ever_less_often() {
    let mut h = loaded(2);
    go_offline(&mut h);
    assert!(h.app.offline.is_offline());
    assert!(
        h.app
            .toasts
            .history()
            .any(|(_, t)| t.starts_with("Offline: the service cannot be reached")),
        "the log says what it means"
    );
    assert!(
        header(&h).contains("offline · since 10:00"),
        "{}",
        header(&h)
    );
    // The first probe a second on, then two, then four: deadlines of the loop, no polling.
    let mut waits = Vec::new();
    for _ in 0..4 {
        let due = h.app.next_deadline(h.clock.now).expect("a probe is due");
        waits.push((due - h.clock.now).as_secs());
        h.advance(due - h.clock.now);
        let req = probe(&mut h).expect("probed");
        assert_eq!(req.call, Call::Me);
        h.fail(&req, unreachable());
    }
    assert_eq!(waits, [1, 2, 4, 8]);
    // `r` asks at once.
    h.press("r");
    let req = probe(&mut h).expect("r probes at once");
    h.fail(&req, unreachable());
    h.cut_off();
    // The service answers: back, said, and nothing left to wake for.
    h.press("r");
    let req = probe(&mut h).expect("r probes at once");
    h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
    assert!(!h.app.offline.is_offline());
    assert!(
        toasts(&h).contains("Back online (offline since 10:00)"),
        "{}",
        toasts(&h)
    );
    assert_eq!(h.app.offline.next_deadline(), None);
    assert!(!h.took_replay(), "nothing waits: nothing to send");
}

#[test]
fn starting_offline_shows_the_stores_copy_and_says_offline_once_not_each_failed_read() {
    let mut h = Harness::new();
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    assert!(
        list.from_store,
        "the start's list may be answered by the store"
    );
    let read_at = h.clock.wall - time::Duration::minutes(5);
    h.reply_stored(
        &list,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(1, "Задача 1")]),
            has_more: false,
        })),
        read_at,
    );
    h.fail(&list, unreachable());
    assert!(h.app.offline.is_offline());
    let screen = h.render();
    assert!(
        screen.contains("Задача 1"),
        "the store's copy stays: {screen}"
    );
    assert!(
        header(&h).contains("offline · since 10:00"),
        "{}",
        header(&h)
    );
    assert!(!toasts(&h).contains("Tasks:"), "{}", toasts(&h));
    assert!(
        h.app.toasts.history().any(|(_, t)| t.starts_with("Tasks:")),
        "in the log all the same"
    );
}

#[test]
fn a_failure_the_service_answered_is_not_offline() {
    let mut h = loaded(1);
    h.press("r");
    h.fail_all(
        |c| matches!(c, Call::Tasks(_)),
        || weeek_api::ApiError::Server {
            status: 503,
            message: None,
        },
    );
    assert!(!h.app.offline.is_offline());
}

#[test]
fn offline_each_verb_is_kept_in_order_shown_at_once_and_nothing_is_sent() {
    let mut h = loaded(4);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    // x, a priority, a rename, a due date, a delete, a new task.
    h.press("x");
    h.press("j2");
    h.press("je");
    h.send(ctrl('u'));
    h.press("Новое имя");
    h.send(code(KeyCode::Enter));
    h.press("jd");
    h.send(ctrl('u'));
    h.press("tomorrow");
    h.send(code(KeyCode::Enter));
    h.press("gD");
    h.press("y");
    h.press("n");
    h.press("Офлайн задача");
    h.send(ctrl('s'));
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    let changes: Vec<(Option<i64>, Change)> = kept
        .iter()
        .map(|e| (e.item.task_id(), e.change.clone()))
        .collect();
    let set = |f| Change::Set(Field::Task(f));
    assert_eq!(changes[0], (Some(1), set(TaskField::Completed(true))));
    assert_eq!(
        changes[1],
        (Some(2), set(TaskField::Priority(Some(Priority::High))))
    );
    assert_eq!(
        changes[2],
        (Some(3), set(TaskField::Title("Новое имя".into())))
    );
    assert_eq!(
        changes[3],
        (Some(4), set(TaskField::Due(Some(date!(2026 - 11 - 22)))))
    );
    assert_eq!(changes[4], (Some(1), Change::Delete));
    assert!(matches!(&changes[5].1, Change::Create(New::Task(t)) if t.title == "Офлайн задача"));
    // Each with its base, as the app read it.
    assert_eq!(
        kept[2].base.value,
        Some(Field::Task(TaskField::Title("Задача 3".into())))
    );
    assert_eq!(
        kept[3].base.value,
        Some(Field::Task(TaskField::Due(Some(date!(2026 - 11 - 24)))))
    );
    assert!(kept.iter().all(|e| e.state == State::Waiting));
    // Shown as they will be.
    let rows = &h.app.tasks.list.rows;
    assert_eq!(rows[0].title.as_deref(), Some("Офлайн задача"));
    assert!(
        crate::outbox::is_local_task(rows[0].id),
        "under its local id"
    );
    assert!(rows.iter().all(|r| r.id != 1), "deleted");
    let row = |id| rows.iter().find(|r| r.id == id).unwrap();
    assert_eq!(row(2).priority, Some(Priority::High));
    assert_eq!(row(3).title.as_deref(), Some("Новое имя"));
    assert_eq!(row(4).due_date, Some(date!(2026 - 11 - 22)));
    assert!(
        header(&h).contains("offline · since 10:00 · 6 changes waiting"),
        "{}",
        header(&h)
    );
    assert!(h.render().contains("Новое имя (queued)"), "{}", h.render());
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
}

#[test]
fn a_change_of_a_task_with_changes_still_in_the_outbox_waits_behind_them_online_too() {
    let mut h = loaded(2);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("x");
    h.keep_outbox(&mut store);
    h.press("r");
    let req = probe(&mut h).expect("probed");
    h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
    assert!(h.took_replay(), "back online: the outbox goes");
    // Task 1 still has a change on its way: the next one joins it; task 2 goes as usual.
    h.pending.clear();
    h.press("1");
    h.press("j1");
    assert_eq!(
        writes(&h),
        [Call::UpdateTask(
            2,
            weeek_api::TaskUpdate {
                priority: Some(Some(Priority::Medium)),
                ..Default::default()
            }
        )]
    );
    h.keep_outbox(&mut store);
    assert_eq!(store.outbox().unwrap().len(), 2);
}

#[test]
fn a_new_task_deleted_before_it_was_ever_sent_leaves_nothing_to_send() {
    let mut h = loaded(1);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Лишняя");
    h.send(ctrl('s'));
    h.keep_outbox(&mut store);
    assert_eq!(store.outbox().unwrap().len(), 1);
    // Changed, then deleted.
    h.press("g2");
    h.keep_outbox(&mut store);
    h.press("gD");
    h.press("y");
    assert!(
        !toasts(&h).contains("Deleted “Лишняя” · offline: kept"),
        "nothing waits for it: {}",
        toasts(&h)
    );
    assert_eq!(h.app.offline.waiting(), 0, "its changes gone at once");
    let dropped = orders(&mut h);
    assert_eq!(dropped.len(), 2, "{dropped:?}");
    assert!(dropped.iter().all(|o| matches!(o, Order::Unqueue(_))));
    for o in dropped {
        let entries = o.run(&mut store).unwrap();
        h.send(crate::app::Msg::Outbox(entries));
    }
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(h.app.offline.waiting(), 0);
    assert!(
        h.app
            .tasks
            .list
            .rows
            .iter()
            .all(|r| r.title.as_deref() != Some("Лишняя"))
    );
}

#[test]
fn the_outbox_shows_each_change_and_drops_a_waiting_one_putting_its_task_back() {
    let mut h = loaded(2);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("x");
    h.press("j3");
    h.keep_outbox(&mut store);
    h.press("O");
    let screen = h.render();
    assert!(screen.contains("Outbox · 2 waiting"), "{screen}");
    assert!(screen.contains("“Задача 1”"), "{screen}");
    assert!(screen.contains("done"), "{screen}");
    assert!(screen.contains("waiting"), "{screen}");
    assert!(screen.contains("priority → Hold"), "{screen}");
    h.press("jD");
    h.keep_outbox(&mut store);
    assert_eq!(store.outbox().unwrap().len(), 1);
    assert_eq!(h.app.tasks.list.rows[1].priority, None, "task 2 as before");
    // Its task is read again (offline it fails, and the row stays as before the change).
    let reread = h.take(|c| *c == Call::Task(2));
    assert_eq!(reread.len(), 1);
    assert!(
        toasts(&h).contains("Dropped priority → Hold of “Задача 2”"),
        "{}",
        toasts(&h)
    );
    h.send(crate::testing::code(KeyCode::Esc));
    assert!(h.app.overlay.is_none());
}

#[test]
fn the_outbox_footer_offers_only_what_applies_to_the_change_under_the_cursor() {
    let mut h = loaded(2);
    h.press("O");
    let empty = h.render();
    assert!(empty.contains("Nothing waits"), "{empty}");
    for key in ["drop", "mine", "theirs"] {
        assert!(!empty.contains(key), "nothing to {key}: {empty}");
    }
    h.send(code(KeyCode::Esc));
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("x");
    h.keep_outbox(&mut store);
    h.press("O");
    let waiting = h.render();
    assert!(waiting.contains(" drop"), "{waiting}");
    assert!(
        !waiting.contains("mine"),
        "no conflict to decide: {waiting}"
    );
}

#[test]
fn a_change_a_replay_left_for_later_is_said_and_goes_again_on_r_and_each_refresh() {
    use crate::outbox::{Base, Entry, Replayed, Step};
    let mut h = loaded(2);
    let left = Entry::new(
        1,
        ItemRef::task(1),
        "Задача 1".into(),
        Change::Set(Field::Task(TaskField::Completed(true))),
        Base::default(),
        h.clock.wall,
    );
    // The replay ended with it still waiting (the service failed on it with a 500).
    h.send(crate::app::Msg::Replayed(Box::new(Replayed {
        outbox: vec![left],
        step: Step::Done { sent: 0 },
    })));
    h.took_replay();
    let screen = h.render();
    assert!(screen.contains("1 change waiting"), "{screen}");
    h.press("r");
    assert!(h.took_replay(), "r sends it again");
    h.app.offline.set_replaying(false);
    h.advance(Duration::from_secs(61));
    h.send(crate::app::Msg::Tick);
    assert!(h.took_replay(), "and so does the next refresh");
}

#[test]
fn a_long_title_keeps_its_queued_mark_in_view() {
    let mut h = Harness::new();
    let long = "Провести комплексный аудит процесса оформления заказа в мобильном приложении";
    h.list_tasks(vec![task(1, long)]);
    go_offline(&mut h);
    h.press("x");
    for (w, ht) in [(80, 24), (160, 45)] {
        h.resize(w, ht);
        let screen = h.render();
        assert!(screen.contains("… (queued)"), "{w}x{ht}: {screen}");
    }
}

#[test]
fn the_end_of_a_replay_says_what_went_and_what_is_in_conflict_not_that_it_failed() {
    use crate::outbox::{Base, Entry, Replayed, Step};
    let mut h = loaded(2);
    let mut conflict = Entry::new(
        1,
        ItemRef::task(1),
        "Задача 1".into(),
        Change::Set(Field::Task(TaskField::Title("Моё".into()))),
        Base::default(),
        h.clock.wall,
    );
    conflict.state = State::Conflict;
    conflict.theirs = Some(Field::Task(TaskField::Title("Их".into())));
    let replayed = |step| {
        crate::app::Msg::Replayed(Box::new(Replayed {
            outbox: vec![conflict.clone()],
            step,
        }))
    };
    h.send(replayed(Step::Conflict {
        entry: conflict.clone(),
        fresh: None,
    }));
    h.send(replayed(Step::Done { sent: 1 }));
    let shown = toasts(&h);
    assert!(
        shown.contains("Sent the change made offline · 1 change made offline is in conflict"),
        "{shown}"
    );
    assert!(!shown.contains("failed"), "{shown}");
    let logged: Vec<String> = h.app.toasts.history().map(|(_, t)| t.clone()).collect();
    assert!(
        logged
            .iter()
            .any(|t| t.starts_with("Conflict: the title of")),
        "each conflict in the log: {logged:#?}"
    );
}

#[test]
fn dropping_a_new_task_drops_the_changes_made_to_it_and_nothing_on_its_way_is_dropped() {
    let mut h = loaded(1);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Передумал");
    h.send(ctrl('s'));
    h.press("gx");
    h.keep_outbox(&mut store);
    assert_eq!(store.outbox().unwrap().len(), 2);
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(
        store.outbox().unwrap().is_empty(),
        "the create and its change"
    );
    assert!(
        h.app
            .tasks
            .list
            .rows
            .iter()
            .all(|r| r.title.as_deref() != Some("Передумал"))
    );
    // While the outbox is being sent, a waiting change may be on its way: it stays.
    h.send(code(KeyCode::Esc));
    h.press("gx");
    h.keep_outbox(&mut store);
    h.app.offline.came_back();
    h.app.offline.set_replaying(true);
    h.press("O");
    h.press("D");
    assert!(orders(&mut h).is_empty());
    assert!(toasts(&h).contains("may be on its way"), "{}", toasts(&h));
}

#[test]
fn the_outbox_is_in_the_command_table() {
    let h = Harness::new();
    assert_eq!(
        h.app.keymap.resolve(
            &[crate::keys::commands::Context::Global],
            false,
            &crossterm::event::KeyEvent::new(
                KeyCode::Char('O'),
                crossterm::event::KeyModifiers::SHIFT
            )
        ),
        Some(crate::keys::commands::Action::Outbox)
    );
}

#[test]
fn a_replay_step_puts_the_services_copy_in_place_and_a_new_task_takes_its_id() {
    let mut h = loaded(1);
    go_offline(&mut h);
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Новая");
    h.send(ctrl('s'));
    h.keep_outbox(&mut store);
    let local = h.app.tasks.list.rows[0].id;
    let entry = store.outbox().unwrap().remove(0);
    store
        .write(|w| {
            w.unqueue(entry.seq)?;
            w.created(crate::outbox::ItemKind::Task, -local, "77")
        })
        .unwrap();
    let made = Task {
        title: Some("Новая".into()),
        ..task(77, "Новая")
    };
    h.send(crate::app::Msg::Replayed(Box::new(
        crate::outbox::Replayed {
            outbox: store.outbox().unwrap(),
            step: crate::outbox::Step::Created {
                entry,
                id: "77".into(),
                fresh: Some(crate::outbox::Fresh::Task(Box::new(made))),
            },
        },
    )));
    assert_eq!(h.app.tasks.list.rows[0].id, 77);
    assert_eq!(h.app.offline.waiting(), 0);
    let _ = ItemRef::task(77);
}

#[test]
fn a_list_read_while_changes_wait_shows_them_over_it() {
    let mut h = loaded(2);
    go_offline(&mut h);
    h.press("x");
    h.press("r");
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    // The store's (or the service's) page, read before the change reached it.
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(vec![task(1, "Задача 1"), task(2, "Задача 2")]),
            has_more: false,
        })),
    );
    assert!(h.app.tasks.list.rows[0].is_completed, "still shown done");
    let _ = TaskQuery::default();
    let _ = Duration::ZERO;
}

#[test]
fn a_write_that_cannot_reach_the_service_goes_to_the_outbox_with_those_behind_it() {
    let mut h = loaded(2);
    let mut store = Store::in_memory();
    h.press("x");
    h.press("1");
    let complete = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    assert!(
        h.take(|c| matches!(c, Call::UpdateTask(1, _))).is_empty(),
        "the priority waits behind it"
    );
    // Refused at the door: nothing reached the service.
    h.fail(&complete, unreachable());
    assert!(h.app.offline.is_offline());
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    let changes: Vec<&Change> = kept.iter().map(|e| &e.change).collect();
    assert_eq!(
        changes,
        [
            &Change::Set(Field::Task(TaskField::Completed(true))),
            &Change::Set(Field::Task(TaskField::Priority(Some(Priority::Medium))))
        ],
        "in the order made"
    );
    assert!(
        h.app.tasks.list.rows[0].is_completed,
        "still shown as it will be"
    );
    assert_eq!(writes(&h), [], "the one behind it was not sent");
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
}

#[test]
fn a_lost_answer_whose_read_back_cannot_reach_the_service_goes_to_the_outbox() {
    let mut h = loaded(1);
    let mut store = Store::in_memory();
    h.press("x");
    let complete = h.take(|c| matches!(c, Call::CompleteTask(1))).remove(0);
    h.fail(
        &complete,
        weeek_api::ApiError::Network {
            message: "connection reset".into(),
            sent: true,
        },
    );
    let read = h.take(|c| *c == Call::Task(1)).remove(0);
    h.fail(&read, weeek_api::ApiError::Timeout);
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        kept[0].change,
        Change::Set(Field::Task(TaskField::Completed(true)))
    );
    assert!(h.app.tasks.list.rows[0].is_completed);
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
}

#[test]
fn a_create_that_cannot_reach_the_service_is_kept_and_one_whose_look_cannot_is_looked_for_later() {
    let mut h = loaded(1);
    let mut store = Store::in_memory();
    h.press("n");
    h.press("Первая");
    h.send(ctrl('s'));
    let create = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.fail(&create, unreachable());
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].state, State::Waiting, "never sent");
    assert!(crate::outbox::is_local_task(h.app.tasks.list.rows[0].id));
    assert_eq!(h.app.tasks.list.rows[0].title.as_deref(), Some("Первая"));
    // Back, and another whose answer is lost and whose look cannot reach the service.
    h.press("r");
    let req = probe(&mut h).expect("probed");
    h.reply(&req, Answer::Me(Ok(Box::new(crate::testing::user()))));
    h.took_replay();
    h.pending.clear();
    h.press("n");
    h.press("Вторая");
    h.send(ctrl('s'));
    let create = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.fail(&create, weeek_api::ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.fail(&look, unreachable());
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[1].state, State::Sending, "it may have been made");
    assert!(
        kept[1].sent_at.is_some(),
        "looked for from when it was sent"
    );
    assert_eq!(
        h.app
            .tasks
            .list
            .rows
            .iter()
            .filter(|r| r.title.as_deref() == Some("Вторая"))
            .count(),
        1,
        "one row"
    );
}

/// The same verbs against the sandbox: kept offline, then replayed by the worker's replay once
/// the service answers a probe.
#[cfg(feature = "demo")]
mod against_the_sandbox {
    use weeek_api::{Client, TaskUpdate};
    use weeek_sandbox::{FailureMode, Faults};

    use super::*;
    use crate::store::SharedStore;

    /// The app on the sandbox's open tasks of everyone, then cut off.
    async fn offline_on(client: &Client) -> Harness {
        let mut h = Harness::new();
        h.take(|c| matches!(c, Call::Tasks(_)));
        h.press("A");
        h.serve(client).await;
        assert!(h.app.tasks.list.rows.len() > 3, "the seeded tasks");
        go_offline(&mut h);
        h
    }

    /// The service answers the next probe (`r`): the app is back and asks for the replay.
    async fn back(h: &mut Harness, client: &Client) {
        h.press("r");
        h.serve(client).await;
        assert!(!h.app.offline.is_offline());
    }

    async fn on_service(client: &Client, id: i64) -> Task {
        client.task(id).await.expect("task")
    }

    async fn named(client: &Client, title: &str) -> usize {
        let q = TaskQuery {
            search: Some(title.into()),
            per_page: Some(100),
            ..Default::default()
        };
        let page = client.tasks(&q).await.expect("tasks").value;
        page.tasks
            .iter()
            .filter(|t| t.title.as_deref() == Some(title))
            .count()
    }

    /// Whether the messages since the start (the log `M` shows) hold `text`.
    fn said(h: &Harness, text: &str) -> bool {
        h.app.toasts.history().any(|(_, t)| t.contains(text))
    }

    fn log(h: &Harness) -> Vec<String> {
        h.app.toasts.history().map(|(_, t)| t.clone()).collect()
    }

    /// A digit that sets row `i` to a priority it does not have, and that priority.
    fn other_priority(h: &Harness, i: usize) -> (char, Priority) {
        let now = h.app.tasks.list.rows[i].priority;
        [('0', Priority::Low), ('2', Priority::High)]
            .into_iter()
            .find(|(_, p)| Some(*p) != now)
            .expect("one of two")
    }

    fn kept(h: &mut Harness, store: &SharedStore) {
        h.keep_outbox(&mut store.lock());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn every_verb_made_offline_reaches_the_service_once_it_is_back() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let ids: Vec<i64> = h.app.tasks.list.rows.iter().map(|r| r.id).take(4).collect();
        h.press("x");
        h.press("j");
        let (digit, prio) = other_priority(&h, 1);
        h.press(&digit.to_string());
        h.press("je");
        h.send(ctrl('u'));
        h.press("Переименована офлайн");
        h.send(code(KeyCode::Enter));
        h.press("jd");
        h.send(ctrl('u'));
        h.press("tomorrow");
        h.send(code(KeyCode::Enter));
        h.press("n");
        h.press("Офлайн задача");
        h.send(ctrl('s'));
        // Made offline, then completed offline: sent with its id once made.
        h.press("x");
        kept(&mut h, &store);
        assert_eq!(h.app.offline.waiting(), 6, "{:#?}", log(&h));
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(
            said(&h, "Sent the 6 changes made offline"),
            "{:#?}",
            log(&h)
        );
        assert_eq!(h.app.offline.waiting(), 0);
        assert!(store.lock().outbox().unwrap().is_empty());
        assert!(on_service(&client, ids[0]).await.is_completed);
        assert_eq!(on_service(&client, ids[1]).await.priority, Some(prio));
        assert_eq!(
            on_service(&client, ids[2]).await.title.as_deref(),
            Some("Переименована офлайн")
        );
        assert_eq!(
            on_service(&client, ids[3]).await.due_date,
            Some(date!(2026 - 11 - 22))
        );
        assert_eq!(named(&client, "Офлайн задача").await, 1);
        // The new task's row took its id, as the service has it.
        let row = h
            .app
            .tasks
            .list
            .rows
            .iter()
            .find(|r| r.title.as_deref() == Some("Офлайн задача"))
            .expect("still shown");
        assert!(row.id > 0 && row.is_completed, "{row:?}");
        assert!(on_service(&client, row.id).await.is_completed);
        assert!(!header(&h).contains("offline"), "{}", header(&h));
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rename_made_offline_over_a_rename_on_the_service_waits_for_the_user() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        let was = h.app.tasks.list.rows[0].title.clone().unwrap_or_default();
        h.press("e");
        h.send(ctrl('u'));
        h.press("Моё имя");
        h.send(code(KeyCode::Enter));
        let (digit, prio) = other_priority(&h, 0);
        h.press(&digit.to_string());
        kept(&mut h, &store);
        // A colleague renames it meanwhile.
        let theirs = TaskUpdate {
            title: Some("Их имя".into()),
            ..Default::default()
        };
        client.update_task(id, &theirs).await.expect("renamed");
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        let conflict = format!("Conflict: the title of “{was}” was changed meanwhile to “Их имя”");
        assert!(said(&h, &conflict), "{:#?}", log(&h));
        let service = on_service(&client, id).await;
        assert_eq!(
            service.title.as_deref(),
            Some("Их имя"),
            "the service keeps theirs"
        );
        assert_eq!(service.priority, Some(prio), "the other field went");
        assert_eq!(h.app.tasks.list.rows[0].title.as_deref(), Some("Их имя"));
        assert!(h.render().contains("Их имя (conflict)"), "{}", h.render());
        // The outbox shows mine, theirs and the base.
        h.press("O");
        let screen = h.render();
        assert!(screen.contains("conflict"), "{screen}");
        assert!(screen.contains("mine “Моё имя”"), "{screen}");
        assert!(screen.contains("theirs “Их имя”"), "{screen}");
        assert!(screen.contains(&format!("base “{was}”")), "{screen}");
        assert!(screen.contains("m mine · t theirs"), "{screen}");
        // Nothing of it is sent until the user decides: mine, here.
        h.press("m");
        kept(&mut h, &store);
        h.replay(&client, &store).await;
        assert_eq!(
            on_service(&client, id).await.title.as_deref(),
            Some("Моё имя")
        );
        assert_eq!(h.app.tasks.list.rows[0].title.as_deref(), Some("Моё имя"));
        assert!(store.lock().outbox().unwrap().is_empty());
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn taking_theirs_drops_mine_and_shows_the_services_value() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        h.press("e");
        h.send(ctrl('u'));
        h.press("Моё имя");
        h.send(code(KeyCode::Enter));
        kept(&mut h, &store);
        let theirs = TaskUpdate {
            title: Some("Их имя".into()),
            ..Default::default()
        };
        client.update_task(id, &theirs).await.expect("renamed");
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        h.press("O");
        h.press("t");
        kept(&mut h, &store);
        h.serve(&client).await;
        assert!(store.lock().outbox().unwrap().is_empty());
        assert_eq!(h.app.tasks.list.rows[0].title.as_deref(), Some("Их имя"));
        assert_eq!(
            on_service(&client, id).await.title.as_deref(),
            Some("Их имя")
        );
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_refused_change_stays_refused_with_the_services_words() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        let was = h.app.tasks.list.rows[0].title.clone();
        // Longer than the service takes in an update.
        h.press("e");
        h.send(ctrl('u'));
        h.press(&"д".repeat(300));
        h.send(code(KeyCode::Enter));
        kept(&mut h, &store);
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(
            said(&h, "The service refused a change made offline"),
            "{:#?}",
            log(&h)
        );
        assert_eq!(h.app.tasks.list.rows[0].title, was, "as the service has it");
        assert_eq!(on_service(&client, id).await.title, was);
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Refused));
        h.press("O");
        assert!(h.render().contains("the service:"), "{}", h.render());
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn answers_lost_during_the_replay_are_read_back_and_nothing_is_made_twice() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        h.press("x");
        h.press("n");
        h.press("Ответ потерян");
        h.send(ctrl('s'));
        kept(&mut h, &store);
        back(&mut h, &client).await;
        sandbox.set_faults(Faults {
            failure_rate: 1.0,
            failure_status: 502,
            failure_methods: vec!["POST".into()],
            failure_mode: FailureMode::ApplyThenCut,
            ..Faults::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Faults::default());
        assert!(said(&h, "Sent the 2 changes"), "{:#?}", log(&h));
        assert!(on_service(&client, id).await.is_completed);
        assert_eq!(named(&client, "Ответ потерян").await, 1);
        assert!(store.lock().outbox().unwrap().is_empty());
        sandbox.shutdown().await;
    }
}
