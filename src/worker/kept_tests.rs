//! What the service answered a read comes back from the store as the very answer, and the
//! changes the service confirmed leave the store as the service now has it.

use time::OffsetDateTime;
use time::macros::datetime;
use weeek_api::models::TaskRow;
use weeek_api::{ApiError, DealPage, ListQuery, TaskPage, TaskQuery};

use super::calls::{Answer, Call};
use super::kept::{keep, recall};
use crate::store::Store;
use crate::store::fixtures as f;

const READ: OffsetDateTime = datetime!(2026-11-21 09:57 UTC);

fn kept(store: &mut Store, call: &Call, answer: Answer) {
    let output = answer.into_output();
    store.write(|w| keep(w, call, &output, READ)).expect("kept");
}

/// Every read the store keeps, with the service's answer to it.
fn reads() -> Vec<(Call, Answer)> {
    let mine = TaskQuery {
        user_id: Some(f::user().id),
        completed: Some(false),
        per_page: Some(50),
        offset: Some(0),
        ..Default::default()
    };
    let task = f::task();
    vec![
        (Call::Me, Answer::Me(Ok(Box::new(f::user())))),
        (Call::Workspace, Answer::Workspace(Ok(f::workspace()))),
        (Call::Members, Answer::Members(Ok(vec![f::member()]))),
        (Call::Tags, Answer::Tags(Ok(vec![f::tag()]))),
        (
            Call::Currencies,
            Answer::Currencies(Ok(vec![f::currency()])),
        ),
        (
            Call::Portfolios,
            Answer::Portfolios(Ok(vec![f::portfolio()])),
        ),
        (Call::Projects, Answer::Projects(Ok(vec![f::project()]))),
        (
            Call::Project(f::project().id),
            Answer::Project(Ok(Box::new(f::project()))),
        ),
        (
            Call::Tasks(mine),
            Answer::TaskPage(Ok(TaskPage {
                tasks: vec![TaskRow::from(&task)],
                has_more: true,
            })),
        ),
        (Call::Task(task.id), Answer::Task(Ok(Box::new(task)))),
        (Call::Boards(10), Answer::Boards(Ok(vec![f::board()]))),
        (Call::Columns(20), Answer::Columns(Ok(vec![f::column()]))),
        (Call::Funnels, Answer::Funnels(Ok(vec![f::funnel()]))),
        (
            Call::FunnelStatuses(f::funnel().id),
            Answer::FunnelStatuses(Ok(vec![f::status()])),
        ),
        (
            Call::Funnel(f::funnel().id),
            Answer::Funnel(Ok(Box::new(f::funnel()))),
        ),
        (
            Call::Deals("st-1".into(), Box::default()),
            Answer::DealPage(Ok(DealPage {
                deals: vec![f::deal()],
                has_more: false,
            })),
        ),
        (
            Call::Deal(f::deal().id),
            Answer::Deal(Ok(Box::new(f::deal()))),
        ),
        (
            Call::Contacts(ListQuery::default()),
            Answer::Contacts(Ok(vec![f::contact()])),
        ),
        (
            Call::Contact(f::contact().id),
            Answer::Contact(Ok(Box::new(f::contact()))),
        ),
        (
            Call::Organizations(ListQuery::default()),
            Answer::Organizations(Ok(vec![f::organization()])),
        ),
        (
            Call::Organization(f::organization().id),
            Answer::Organization(Ok(Box::new(f::organization()))),
        ),
    ]
}

#[test]
fn every_read_kept_comes_back_as_the_services_answer_with_when_it_was_read() {
    for (call, answer) in reads() {
        let mut store = Store::in_memory();
        assert!(
            recall(&store, &call).expect("read").is_none(),
            "{call:?}: nothing before"
        );
        let expected = answer.clone().into_output();
        kept(&mut store, &call, answer);
        let (output, read_at) = recall(&store, &call)
            .expect("read")
            .unwrap_or_else(|| panic!("{call:?} kept"));
        assert_eq!(output, expected, "{call:?}");
        assert_eq!(read_at, READ, "{call:?}");
    }
}

#[test]
fn a_failure_keeps_nothing_and_leaves_what_was_kept() {
    let mut store = Store::in_memory();
    kept(&mut store, &Call::Me, Answer::Me(Ok(Box::new(f::user()))));
    kept(&mut store, &Call::Me, Answer::Me(Err(ApiError::Timeout)));
    let (output, _) = recall(&store, &Call::Me).expect("read").expect("kept");
    assert_eq!(output, Answer::Me(Ok(Box::new(f::user()))).into_output());
    let tags = Call::Tags;
    kept(&mut store, &tags, Answer::Tags(Err(ApiError::Timeout)));
    assert!(recall(&store, &tags).expect("read").is_none());
}

#[test]
fn a_task_completed_deleted_or_gone_leaves_the_lists_it_no_longer_belongs_to() {
    let mut store = Store::in_memory();
    let task = f::task();
    let open = TaskQuery {
        completed: Some(false),
        per_page: Some(50),
        ..Default::default()
    };
    let list = Call::Tasks(open);
    let page = |tasks: Vec<TaskRow>| {
        Answer::TaskPage(Ok(TaskPage {
            tasks,
            has_more: false,
        }))
    };
    let mut row = TaskRow::from(&task);
    row.is_completed = false;
    let mut other = row.clone();
    other.id = task.id + 1;
    kept(&mut store, &list, page(vec![row, other]));
    kept(
        &mut store,
        &Call::CompleteTask(task.id),
        Answer::CompletedTask(Ok(())),
    );
    let (output, _) = recall(&store, &list).expect("read").expect("kept");
    let ids: Vec<i64> = output
        .peek::<Result<TaskPage, ApiError>>()
        .and_then(|p| p.as_ref().ok())
        .map(|p| p.tasks.iter().map(|t| t.id).collect())
        .unwrap_or_default();
    assert_eq!(
        ids,
        vec![task.id + 1],
        "the completed one is no longer open"
    );

    let whole = Call::Task(task.id);
    kept(&mut store, &whole, Answer::Task(Ok(Box::new(task.clone()))));
    let gone = ApiError::NotFound {
        message: "Task not found".into(),
    };
    kept(&mut store, &whole, Answer::Task(Err(gone)));
    assert!(recall(&store, &whole).expect("read").is_none(), "gone");

    kept(&mut store, &whole, Answer::Task(Ok(Box::new(task.clone()))));
    kept(
        &mut store,
        &Call::DeleteTask(task.id),
        Answer::DeletedTask(Ok(())),
    );
    assert!(recall(&store, &whole).expect("read").is_none(), "deleted");
}

#[test]
fn writes_and_looks_at_files_here_are_never_answered_from_the_store() {
    let store = Store::in_memory();
    for call in [
        Call::CompleteTask(1),
        Call::DeleteDeal("d".into()),
        Call::DownloadsDir,
    ] {
        assert!(recall(&store, &call).expect("read").is_none(), "{call:?}");
    }
}

#[test]
fn a_contact_renamed_offline_keeps_its_new_name_when_the_contacts_are_read_again() {
    use crate::outbox::{Base, Change, ContactField, Entry, Field, ItemKind, ItemRef};
    let mut store = Store::in_memory();
    let contact = f::contact();
    let query = ListQuery::page(20, 0);
    kept(
        &mut store,
        &Call::Contacts(query.clone()),
        Answer::Contacts(Ok(vec![contact.clone()])),
    );
    let renamed = Entry::new(
        1,
        ItemRef {
            kind: ItemKind::Contact,
            id: Some(contact.id.clone()),
            local: None,
        },
        "x".into(),
        Change::Set(Field::Contact(ContactField::FirstName("Офлайн".into()))),
        Base::default(),
        READ,
    );
    store.write(|w| w.queue(&renamed)).expect("queued");
    // The service has not had it yet: its page read again says the old name.
    kept(
        &mut store,
        &Call::Contacts(query),
        Answer::Contacts(Ok(vec![contact.clone()])),
    );
    let kept = store
        .get::<weeek_api::models::Contact>(&contact.id)
        .expect("read")
        .expect("kept");
    assert_eq!(kept.value.first_name.as_deref(), Some("Офлайн"));
}
