//! The deal popup's linked tasks: attach a new one, detach one, open one on the task screen;
//! success, refusal and lost answers of each.

use super::*;
use crate::testing::task;
use weeek_api::models::Task;

const DEAL: &str = "D1";

fn linked(id: i64, title: &str) -> Task {
    Task {
        created_at: Some(datetime!(2026-11-01 10:00 UTC)),
        ..task(id, title)
    }
}

fn with_tasks(tasks: Vec<Task>) -> Deal {
    Deal {
        tasks,
        ..new_deals().remove(0)
    }
}

/// The B2B board with deal D1 open, its full read linking `tasks`.
fn deal_open(tasks: Vec<Task>) -> Harness {
    let mut h = opened();
    h.send(code(KeyCode::Enter));
    let deal = with_tasks(tasks);
    let n = h.answer_all(
        |c| matches!(c, Call::Deal(id) if id == DEAL),
        || Answer::Deal(Ok(Box::new(deal.clone()))),
    );
    assert_eq!(n, 1);
    answer_lookups(&mut h, vec![]);
    h
}

/// The ids of the tasks the open deal shows (below zero: still being created).
fn shown(h: &Harness) -> Vec<i64> {
    let view = detail(h).deal.as_ref().expect("the deal is open");
    let deal = view.deal.value().expect("the deal is known");
    deal.tasks.iter().map(|t| t.id).collect()
}

/// The ids of the tasks the board's card of D1 holds.
fn card(h: &Harness) -> Vec<i64> {
    detail(h).columns[0].deals.rows[0]
        .tasks
        .iter()
        .map(|t| t.id)
        .collect()
}

fn attach(h: &mut Harness, title: &str) {
    h.press("n");
    assert_eq!(h.app.contexts()[0], Context::Prompt);
    h.send(Msg::Term(crossterm::event::Event::Paste(title.into())));
    h.send(code(KeyCode::Enter));
}

fn creates(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::CreateDealTask(..)))
}

#[test]
fn a_new_task_shows_at_once_and_takes_the_services_copy() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП")]);
    attach(&mut h, "Позвонить клиенту");
    let sent = creates(&mut h);
    assert_eq!(sent.len(), 1);
    match &sent[0].call {
        Call::CreateDealTask(deal, t) => {
            assert_eq!(deal, DEAL);
            assert_eq!(t.title, "Позвонить клиенту");
        }
        other => panic!("{other:?}"),
    }
    let ids = shown(&h);
    assert_eq!(ids.len(), 2);
    assert!(ids[1] < 0, "the new task shows before the answer: {ids:?}");
    assert!(h.render().contains("Позвонить клиенту  sending…"));
    assert_eq!(h.app.funnels.footer_note().as_deref(), Some("saving 1…"));
    h.reply(
        &sent[0],
        Answer::CreatedDealTask(Ok(Box::new(linked(42, "Позвонить клиенту")))),
    );
    assert_eq!(shown(&h), [7, 42]);
    assert_eq!(card(&h), [7, 42], "the card follows the popup");
    assert!(toasts(&h).contains("Linked a new task “Позвонить клиенту”"));
    assert_eq!(h.app.funnels.footer_note(), None);
}

#[test]
fn an_empty_title_is_not_sent_and_esc_sends_nothing() {
    let mut h = deal_open(vec![]);
    h.press("n");
    h.send(code(KeyCode::Enter));
    let p = h
        .app
        .funnels
        .layers
        .task_prompt()
        .expect("the prompt stays");
    assert_eq!(p.error.as_deref(), Some("A task needs a title."));
    h.press("x");
    h.send(code(KeyCode::Esc));
    assert!(h.app.funnels.layers.task_prompt().is_none());
    assert!(creates(&mut h).is_empty());
    assert!(shown(&h).is_empty());
}

#[test]
fn a_refused_new_task_goes_away_with_the_services_words() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП")]);
    attach(&mut h, "Позвонить клиенту");
    let sent = creates(&mut h);
    h.fail(&sent[0], refused());
    assert_eq!(shown(&h), [7]);
    assert_eq!(card(&h), [7]);
    let t = toasts(&h);
    assert!(
        t.contains("Could not create the task “Позвонить клиенту”: Not allowed"),
        "{t}"
    );
}

#[test]
fn a_lost_answer_is_looked_for_and_found_is_not_sent_again() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП")]);
    attach(&mut h, "Позвонить клиенту");
    let sent = creates(&mut h);
    h.fail(&sent[0], ApiError::Timeout);
    assert_eq!(shown(&h).len(), 2, "still shown while it is looked for");
    let look = deal_read_back(&mut h, DEAL);
    let made = Task {
        created_at: Some(h.clock.wall),
        ..linked(42, "Позвонить клиенту")
    };
    h.reply(
        &look,
        Answer::Deal(Ok(Box::new(with_tasks(vec![
            linked(7, "Подготовить КП"),
            made,
        ])))),
    );
    assert_eq!(shown(&h), [7, 42]);
    assert!(toasts(&h).contains("was created after all"));
    assert!(creates(&mut h).is_empty(), "nothing is sent twice");
}

#[test]
fn a_lost_answer_not_found_takes_the_task_away() {
    let mut h = deal_open(vec![linked(7, "Позвонить клиенту")]);
    attach(&mut h, "Позвонить клиенту");
    let sent = creates(&mut h);
    h.fail(&sent[0], ApiError::Timeout);
    let look = deal_read_back(&mut h, DEAL);
    // Task 7 has the title but was linked before: it is not the new one.
    h.reply(
        &look,
        Answer::Deal(Ok(Box::new(with_tasks(vec![linked(
            7,
            "Позвонить клиенту",
        )])))),
    );
    assert_eq!(shown(&h), [7]);
    assert!(toasts(&h).contains("was not created"));
    // The same title again looks once more before it is sent: this time the first send has
    // landed (task 9, linked since), and nothing more is sent.
    attach(&mut h, "Позвонить клиенту");
    assert!(creates(&mut h).is_empty(), "not sent before a look");
    let look = deal_read_back(&mut h, DEAL);
    h.reply(
        &look,
        Answer::Deal(Ok(Box::new(with_tasks(vec![
            linked(7, "Позвонить клиенту"),
            Task {
                created_at: Some(h.clock.wall + time::Duration::seconds(3)),
                ..task(9, "Позвонить клиенту")
            },
        ])))),
    );
    assert!(
        toasts(&h).contains("was created after all"),
        "{}",
        toasts(&h)
    );
    assert!(creates(&mut h).is_empty());
    assert_eq!(shown(&h), [7, 9]);
}

#[test]
fn after_a_failed_look_the_same_title_is_looked_for_before_it_is_sent() {
    let mut h = deal_open(vec![]);
    attach(&mut h, "Позвонить клиенту");
    let sent = creates(&mut h);
    h.fail(&sent[0], ApiError::Timeout);
    let look = deal_read_back(&mut h, DEAL);
    h.fail(&look, server_error());
    assert!(shown(&h).is_empty());
    assert!(
        toasts(&h).contains("looking for it failed"),
        "{}",
        toasts(&h)
    );
    attach(&mut h, "Позвонить клиенту");
    assert!(creates(&mut h).is_empty(), "not sent before a look");
    let look = deal_read_back(&mut h, DEAL);
    h.reply(&look, Answer::Deal(Ok(Box::new(with_tasks(vec![])))));
    assert_eq!(creates(&mut h).len(), 1, "not there: now it is sent");
}

#[test]
fn a_refresh_keeps_a_new_task_on_its_way() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП")]);
    attach(&mut h, "Позвонить клиенту");
    h.press("r");
    let read = deal_read_back(&mut h, DEAL);
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(with_tasks(vec![linked(7, "Подготовить КП")])))),
    );
    assert_eq!(shown(&h).len(), 2, "{:?}", shown(&h));
}

#[test]
fn detach_asks_then_takes_the_task_off_at_once() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП"), linked(8, "Позвонить")]);
    h.press("JD");
    assert_eq!(h.app.contexts()[0], Context::Confirm);
    assert!(
        h.render()
            .contains("Detach the task “Позвонить” from the deal?")
    );
    h.press("n");
    assert_eq!(shown(&h), [7, 8]);
    assert!(h.take(|c| matches!(c, Call::DetachDealTask(..))).is_empty());
    h.press("Dy");
    assert_eq!(shown(&h), [7]);
    assert_eq!(card(&h), [7]);
    let sent = h.take(|c| matches!(c, Call::DetachDealTask(d, 8) if d == DEAL));
    assert_eq!(sent.len(), 1);
    h.done(&sent[0]);
    assert!(toasts(&h).contains("Detached “Позвонить” from the deal"));
}

#[test]
fn a_refused_detach_puts_the_task_back_where_it_was() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП"), linked(8, "Позвонить")]);
    h.press("Dy");
    assert_eq!(shown(&h), [8]);
    let sent = h.take(|c| matches!(c, Call::DetachDealTask(..)));
    h.fail(&sent[0], refused());
    assert_eq!(shown(&h), [7, 8]);
    let t = toasts(&h);
    assert!(
        t.contains("Could not detach “Подготовить КП”: Not allowed"),
        "{t}"
    );
}

#[test]
fn a_lost_detach_is_read_back_and_shows_what_the_service_has() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП"), linked(8, "Позвонить")]);
    h.press("Dy");
    let sent = h.take(|c| matches!(c, Call::DetachDealTask(..)));
    h.fail(&sent[0], ApiError::Timeout);
    assert_eq!(shown(&h), [8], "no rollback on a guess");
    let read = deal_read_back(&mut h, DEAL);
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(with_tasks(vec![
            linked(7, "Подготовить КП"),
            linked(8, "Позвонить"),
        ])))),
    );
    assert_eq!(shown(&h), [7, 8]);
    assert!(toasts(&h).contains("read back: not done"), "{}", toasts(&h));

    h.press("Dy");
    let sent = h.take(|c| matches!(c, Call::DetachDealTask(..)));
    h.fail(&sent[0], ApiError::Timeout);
    let read = deal_read_back(&mut h, DEAL);
    h.reply(
        &read,
        Answer::Deal(Ok(Box::new(with_tasks(vec![linked(8, "Позвонить")])))),
    );
    assert_eq!(shown(&h), [8]);
    assert!(toasts(&h).contains("read back: done"), "{}", toasts(&h));
}

#[test]
fn j_and_k_past_the_ends_of_the_linked_tasks_say_so() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП"), linked(8, "Позвонить")]);
    h.press("K");
    assert!(
        toasts(&h).contains("Already the first task"),
        "{}",
        toasts(&h)
    );
    h.press("JJ");
    assert!(
        toasts(&h).contains("Already the last task"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn enter_opens_the_linked_task_on_the_task_screen_in_its_detail() {
    let mut h = deal_open(vec![linked(7, "Подготовить КП"), linked(8, "Позвонить")]);
    h.take(|_| true);
    h.press("J");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Tasks);
    let f = &h.app.tasks.filters;
    assert_eq!(f.search, "Позвонить");
    assert_eq!(f.assignee, crate::tasks::filters::Assignee::Anyone);
    assert_eq!(f.project, Some(1));
    assert!(h.app.tasks.detail, "the detail pane is open");
    let mut lists = h.take(|c| matches!(c, Call::Tasks(_)));
    let list = lists.pop().expect("the list is read");
    h.reply(
        &list,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: vec![
                task(5, "Позвонить позже").into(),
                task(8, "Позвонить").into(),
            ],
            has_more: false,
        })),
    );
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(8));
    // The deal is still open behind, as it was left.
    h.send(alt('2'));
    assert_eq!(h.app.contexts()[0], Context::Deal);
}

#[test]
fn enter_on_a_deal_without_tasks_closes_it() {
    let mut h = deal_open(vec![]);
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Funnels);
    assert_eq!(h.app.contexts()[0], Context::Funnel);
}

#[test]
fn j_and_k_keep_the_chosen_task_in_sight() {
    let tasks: Vec<Task> = (1..=30)
        .map(|i| linked(i, &format!("Задача {i}")))
        .collect();
    let mut h = deal_open(tasks);
    h.resize(80, 24);
    h.press(&"J".repeat(25));
    let s = h.render();
    assert!(s.contains("[ ] Задача 26"), "{s}");
    h.press(&"K".repeat(25));
    let s = h.render();
    assert!(s.contains("Tasks (30)"), "{s}");
    assert!(s.contains("[ ] Задача 1 "), "{s}");
}

#[test]
fn snapshot_deal_with_linked_tasks() {
    let mut h = deal_open(vec![
        Task {
            is_completed: true,
            ..linked(7, "Подготовить КП")
        },
        linked(8, "Позвонить"),
    ]);
    h.press("J");
    attach(&mut h, "Назначить встречу");
    for (w, hh) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("funnels_deal_tasks_{w}x{hh}"), h.render());
    }
    h.press("K");
    h.press("K");
    h.press("D");
    h.resize(100, 30);
    insta::assert_snapshot!("funnels_deal_task_detach_100x30", h.render());
}

#[test]
fn snapshot_new_task_prompt() {
    let mut h = deal_open(vec![]);
    h.press("n");
    h.send(Msg::Term(crossterm::event::Event::Paste("Созвон".into())));
    h.resize(100, 30);
    insta::assert_snapshot!("funnels_deal_task_prompt_100x30", h.render());
}
