//! `update` tests of the detail pane offline: a comment, logged time, the watchers, a
//! description, a custom field and the timer kept in the outbox and shown at once; against
//! the sandbox, replayed once the service is back (sent once, conflict, refused, answers lost
//! on the way).

use std::time::Duration;

use crossterm::event::KeyCode;
use serde_json::{Value, json};
use weeek_api::TaskPage;
use weeek_api::models::{CustomFieldValue, Task};

use crate::outbox::{Added, Change, Field, State, TaskField};
use crate::store::Store;
use crate::testing::{BORIS, Harness, ME, code, ctrl, task};
use crate::worker::{Answer, Call};

fn writes(h: &Harness) -> Vec<Call> {
    h.pending
        .iter()
        .filter(|r| r.call.is_write())
        .map(|r| r.call.clone())
        .collect()
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

fn with_field(t: Task) -> Task {
    Task {
        custom_fields: vec![CustomFieldValue {
            id: "n".into(),
            name: Some("Часы".into()),
            r#type: Some("number".into()),
            value: json!(3),
            ..Default::default()
        }],
        ..t
    }
}

/// Task 1 (with a custom number field) and task 2 listed, the detail pane open on task 1
/// with its whole task and thread read; then the service out of reach.
fn offline_on_detail() -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    h.app.tasks.editor = None;
    let reqs = h.take(|c| matches!(c, Call::Tasks(_)));
    let tasks = vec![with_field(task(1, "Отчёт")), task(2, "Релиз")];
    h.reply(
        &reqs[0],
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(tasks),
            has_more: false,
        })),
    );
    h.press("p");
    h.answer_all(
        |c| matches!(c, Call::Comments(1, _, 0)),
        || {
            Answer::CommentPage(Ok(weeek_api::CommentPage {
                comments: Vec::new(),
                has_more: false,
            }))
        },
    );
    assert!(h.app.tasks.details.get(1).is_some(), "read whole");
    h.press("r");
    h.cut_off();
    assert!(h.app.offline.is_offline());
    h
}

#[test]
fn offline_the_detail_panes_verbs_are_kept_shown_at_once_and_never_sent() {
    let mut h = offline_on_detail();
    let mut store = Store::in_memory();
    // A comment.
    h.press("i");
    h.press("Написано без сети");
    h.send(ctrl('s'));
    // Time logged.
    h.press("T");
    h.press("45m");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.press("Ревью");
    h.send(code(KeyCode::Enter));
    // A watcher added.
    h.press("W");
    h.press("Boris");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    // The description, with the built-in editor.
    h.press("E");
    h.press("Описание офлайн");
    h.send(ctrl('s'));
    // A custom field.
    h.press("C");
    h.send(code(KeyCode::Enter));
    h.send(ctrl('u'));
    h.press("12");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Esc));
    // The timer started, and stopped half an hour later: time logged.
    h.press("t");
    assert_eq!(h.app.timer.running.as_ref().map(|r| r.task_id), Some(1));
    h.advance(Duration::from_secs(30 * 60));
    h.press("t");
    assert!(h.app.timer.running.is_none());
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    let changes: Vec<&Change> = kept.iter().map(|e| &e.change).collect();
    assert_eq!(changes.len(), 6, "{changes:#?}");
    assert!(matches!(
        changes[0],
        Change::Add(Added::Comment { markdown, author, .. })
            if markdown == "Написано без сети" && author.as_deref() == Some(ME)
    ));
    assert!(matches!(
        changes[1],
        Change::Add(Added::Time { input, .. }) if input.minutes == 45
    ));
    assert_eq!(
        changes[2],
        &Change::Set(Field::Task(TaskField::Watchers(vec![BORIS.into()])))
    );
    assert!(matches!(
        changes[3],
        Change::Set(Field::Task(TaskField::Description(Some(d)))) if d.contains("Описание офлайн")
    ));
    assert_eq!(
        changes[4],
        &Change::Set(Field::Task(TaskField::Custom {
            id: "n".into(),
            value: json!(12)
        }))
    );
    assert_eq!(
        kept[4].base.value,
        Some(Field::Task(TaskField::Custom {
            id: "n".into(),
            value: json!(3)
        }))
    );
    assert!(
        matches!(changes[5], Change::Add(Added::Time { input, .. }) if input.minutes == 30),
        "the timer's half hour, logged: {:?}",
        changes[5]
    );
    assert!(kept.iter().all(|e| e.state == State::Waiting));
    // Shown as they will be.
    let t = h.app.tasks.details.get(1).expect("whole");
    assert_eq!(t.subscribers, vec![BORIS.to_string()]);
    assert!(
        t.description
            .as_deref()
            .unwrap()
            .contains("Описание офлайн")
    );
    assert_eq!(t.custom_fields[0].value, json!(12));
    let minutes: Vec<i64> = t.time_entries.iter().filter_map(|e| e.duration).collect();
    assert_eq!(minutes, [45, 30]);
    let thread = h.app.tasks.comments.thread.as_ref().expect("thread");
    assert_eq!(
        thread.rows[0].markdown.as_deref(),
        Some("Написано без сети")
    );
    assert!(
        h.app.tasks.comments.drafts.is_empty(),
        "the outbox holds it"
    );
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
    // O says each.
    h.press("O");
    let screen = h.render();
    assert!(screen.contains("comment “Написано без сети”"), "{screen}");
    assert!(screen.contains("time logged 0:45"), "{screen}");
    assert!(screen.contains("watchers → 1 person"), "{screen}");
}

#[test]
fn a_timer_started_offline_shows_running_and_its_start_dropped_stops_it() {
    let mut h = offline_on_detail();
    let mut store = Store::in_memory();
    h.press("t");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert!(matches!(
        &kept[0].change,
        Change::Add(Added::TimerStart { user, .. }) if user == ME
    ));
    assert!(h.render().contains("Отчёт"), "the header shows it");
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert!(h.app.timer.running.is_none(), "dropped: it does not run");
}

#[test]
fn a_kept_time_entry_cannot_be_edited_and_a_dropped_one_leaves_the_pane() {
    let mut h = offline_on_detail();
    let mut store = Store::in_memory();
    h.press("T");
    h.press("1h");
    h.send(code(KeyCode::Enter));
    h.keep_outbox(&mut store);
    assert_eq!(h.app.tasks.details.get(1).unwrap().time_entries.len(), 1);
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(h.app.tasks.details.get(1).unwrap().time_entries.is_empty());
    let _ = Value::Null;
}

#[cfg(feature = "demo")]
mod against_the_sandbox {
    use std::sync::{Arc, Mutex};

    use weeek_api::{Client, TaskUpdate};
    use weeek_sandbox::{FailureMode, Faults};

    use super::*;
    use crate::outbox::replay::Replay;
    use crate::outbox::{Base, Entry, ItemRef};
    use crate::store::SharedStore;

    /// The app on the sandbox's open tasks, the detail pane open on the first, then cut off.
    async fn offline_on(client: &Client) -> Harness {
        let mut h = Harness::new();
        h.resize(160, 45);
        h.app.tasks.editor = None;
        // Me as the service knows me: what I add is mine there.
        let me = client.me().await.expect("me");
        h.app.names.user = crate::screen::loadable::Loadable::Loaded(me);
        h.take(|c| matches!(c, Call::Tasks(_)));
        h.press("A");
        h.serve(client).await;
        h.press("p");
        h.serve(client).await;
        let id = h.app.tasks.list.rows[0].id;
        assert!(h.app.tasks.details.get(id).is_some(), "read whole");
        h.press("r");
        h.cut_off();
        assert!(h.app.offline.is_offline());
        h
    }

    async fn back(h: &mut Harness, client: &Client) {
        h.press("r");
        h.serve(client).await;
        assert!(!h.app.offline.is_offline());
    }

    fn said(h: &Harness, text: &str) -> bool {
        h.app.toasts.history().any(|(_, t)| t.contains(text))
    }

    fn log(h: &Harness) -> Vec<String> {
        h.app.toasts.history().map(|(_, t)| t.clone()).collect()
    }

    async fn comments(client: &Client, id: i64, text: &str) -> usize {
        let page = client.task_comments(id, 100, 0).await.expect("comments");
        let page = page.value;
        page.comments
            .iter()
            .filter(|c| c.markdown.as_deref().map(str::trim) == Some(text))
            .count()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_comment_time_and_a_description_made_offline_reach_the_service_once() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        let entries_before = client.task(id).await.unwrap().time_entries.len();
        h.press("i");
        h.press("Комментарий из офлайна");
        h.send(ctrl('s'));
        h.press("T");
        h.press("45m");
        h.send(code(KeyCode::Tab));
        h.send(code(KeyCode::Tab));
        h.press("Офлайн");
        h.send(code(KeyCode::Enter));
        h.press("E");
        h.send(ctrl('a'));
        h.press("Описание из офлайна");
        h.send(ctrl('s'));
        h.press("t");
        h.advance(Duration::from_secs(20 * 60));
        h.press("t");
        h.keep_outbox(&mut store.lock());
        // A timer of mine that ran elsewhere was stopped by the start, as the service does.
        let waiting = h.app.offline.waiting();
        assert!(waiting >= 4, "{:#?}", log(&h));
        back(&mut h, &client).await;
        // Every answer is lost on the way: each is looked for, nothing is made twice.
        sandbox.set_faults(Faults {
            failure_rate: 1.0,
            failure_status: 502,
            failure_methods: vec!["POST".into(), "PUT".into()],
            failure_mode: FailureMode::ApplyThenCut,
            ..Faults::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Faults::default());
        assert!(
            said(&h, &format!("Sent the {waiting} changes")),
            "{:#?} {:#?}",
            log(&h),
            store.lock().outbox().unwrap()
        );
        assert!(store.lock().outbox().unwrap().is_empty());
        assert_eq!(comments(&client, id, "Комментарий из офлайна").await, 1);
        let service = client.task(id).await.unwrap();
        assert_eq!(service.time_entries.len(), entries_before + 2, "once each");
        let minutes: Vec<i64> = service
            .time_entries
            .iter()
            .filter_map(|e| e.duration)
            .collect();
        assert!(
            minutes.contains(&45) && minutes.contains(&20),
            "{minutes:?}"
        );
        assert!(
            service
                .description
                .as_deref()
                .is_some_and(|d| d.contains("Описание из офлайна")),
            "{:?}",
            service.description
        );
        // The pane shows the service's copy.
        let shown = h.app.tasks.details.get(id).expect("whole");
        assert!(
            shown
                .time_entries
                .iter()
                .all(|e| !e.id.starts_with("queued-"))
        );
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_description_changed_meanwhile_is_a_conflict_and_a_refused_watcher_stays_refused() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = h.app.tasks.list.rows[0].id;
        h.press("E");
        h.send(ctrl('a'));
        h.press("Моё описание");
        h.send(ctrl('s'));
        h.keep_outbox(&mut store.lock());
        let theirs = TaskUpdate {
            description: Some("<p>Их описание</p>".into()),
            ..Default::default()
        };
        client.update_task(id, &theirs).await.expect("described");
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(said(&h, "Conflict: the description of"), "{:#?}", log(&h));
        let service = client.task(id).await.unwrap();
        assert_eq!(service.description.as_deref(), Some("<p>Их описание</p>"));
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Conflict));
        // A change the service refuses: it stays refused, with its words.
        h.app.offline.went_down(&h.clock);
        h.pending.clear();
        h.press("W");
        assert!(h.render().contains("Watchers"), "{}", h.render());
        // The first member ticked or unticked.
        h.send(code(KeyCode::Tab));
        h.send(code(KeyCode::Enter));
        h.keep_outbox(&mut store.lock());
        assert_eq!(h.app.offline.waiting(), 1, "{:#?}", log(&h));
        back(&mut h, &client).await;
        sandbox.set_faults(Faults {
            failure_rate: 1.0,
            failure_status: 422,
            failure_methods: vec!["POST".into(), "DELETE".into()],
            ..Faults::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Faults::default());
        assert!(
            said(&h, "The service refused a change made offline"),
            "{:#?}",
            log(&h)
        );
        let states: Vec<State> = store
            .lock()
            .outbox()
            .unwrap()
            .iter()
            .map(|e| e.state)
            .collect();
        assert!(states.contains(&State::Refused), "{states:?}");
        sandbox.shutdown().await;
    }

    /// The replay of my timer alone, with its clock given: a start kept offline logs the time
    /// before the service was back and starts the service's timer; a stop kept offline has
    /// the entry the service writes end when it was pressed.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_timer_kept_offline_counts_the_time_it_ran_not_the_time_it_waited() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let me = client.me().await.expect("me").id;
        let page = client
            .tasks(&weeek_api::TaskQuery::default())
            .await
            .unwrap()
            .value;
        let (a, b) = (page.tasks[0].id, page.tasks[1].id);
        let wall = crate::testing::clock().wall;
        let store = SharedStore::new(Store::in_memory());
        let start = Added::TimerStart {
            user: me.clone(),
            at: wall,
            day: wall.date(),
            note: "Timer from 21.11.2026 10:00 (kept offline)".into(),
        };
        let queue = |seq: i64, id: i64, added: Added| {
            let e = Entry::new(
                seq,
                ItemRef::task(id),
                "t".into(),
                Change::Add(added),
                Base::default(),
                wall,
            );
            store.lock().write(|w| w.queue(&e)).expect("queued");
        };
        queue(1, a, start);
        // On b, the service's timer ran from its start; stopped here 25 minutes in.
        client.start_timer(b).await.expect("started");
        let started = client.task(b).await.unwrap().timers[0]
            .started_at
            .expect("since");
        sandbox.advance_clock(Duration::from_secs(2 * 3600));
        let stop = Added::TimerStop {
            user: me.clone(),
            at: started + time::Duration::minutes(25),
            started,
        };
        queue(2, b, stop);
        let steps: Arc<Mutex<Vec<crate::outbox::Replayed>>> = Arc::default();
        let kept = steps.clone();
        let replay = Replay {
            client: client.clone(),
            store: store.clone(),
            now: Arc::new(move || wall + time::Duration::hours(1)),
            report: Arc::new(move |r| kept.lock().unwrap().push(r)),
        };
        replay.run().await;
        let last = steps.lock().unwrap().last().map(|r| r.step.clone());
        assert_eq!(last, Some(crate::outbox::Step::Done { sent: 2 }));
        let on_a = client.task(a).await.unwrap();
        assert!(
            on_a.timers
                .iter()
                .any(|t| t.user_id.as_deref() == Some(&me)),
            "the service's timer runs"
        );
        let logged: Vec<i64> = on_a
            .time_entries
            .iter()
            .filter(|e| {
                e.comment
                    .as_deref()
                    .is_some_and(|c| c.contains("kept offline"))
            })
            .filter_map(|e| e.duration)
            .collect();
        assert_eq!(logged, [60], "the hour before the service was back");
        let on_b = client.task(b).await.unwrap();
        assert!(on_b.timers.is_empty());
        let mine: Vec<i64> = on_b
            .time_entries
            .iter()
            .filter(|e| e.user_id.as_deref() == Some(&me))
            .filter_map(|e| e.duration)
            .collect();
        assert!(mine.contains(&25), "{mine:?}");
        // Replayed again (found sending after a crash, say): nothing is logged twice.
        replay.run().await;
        let again = client.task(a).await.unwrap();
        assert_eq!(again.time_entries.len(), on_a.time_entries.len());
        sandbox.shutdown().await;
    }
}
