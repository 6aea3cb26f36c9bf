//! The outbox on disk: order, local ids, the store's copy changed with it, and what a crash in
//! the middle of a replay leaves.

use time::OffsetDateTime;
use time::macros::datetime;
use weeek_api::models::{Priority, Task, TaskRow};
use weeek_api::{NewTask, TaskQuery};

use super::{PageKey, Store};
use crate::outbox::{self, Base, Change, Entry, Field, ItemKind, ItemRef, New, State, TaskField};

const T0: OffsetDateTime = datetime!(2026-11-21 10:00 UTC);
const T1: OffsetDateTime = datetime!(2026-11-21 10:04 UTC);

fn task(id: i64, title: &str) -> Task {
    Task {
        id,
        title: Some(title.into()),
        updated_at: Some(T0),
        ..Default::default()
    }
}

fn set(seq: i64, id: i64, field: TaskField, base: TaskField) -> Entry {
    Entry::new(
        seq,
        ItemRef::task(id),
        format!("task {id}"),
        Change::Set(Field::Task(field)),
        Base {
            updated_at: Some(T0),
            value: Some(Field::Task(base)),
        },
        T1,
    )
}

fn create(seq: i64, local: i64, title: &str) -> Entry {
    Entry::new(
        seq,
        ItemRef::new_task(local),
        title.into(),
        Change::Create(New::Task(Box::new(NewTask {
            title: title.into(),
            project_id: Some(1),
            ..Default::default()
        }))),
        Base::default(),
        T1,
    )
}

fn seqs(entries: &[Entry]) -> Vec<i64> {
    entries.iter().map(|e| e.seq).collect()
}

#[test]
fn changes_are_kept_in_the_order_made_with_what_they_were_made_on() {
    let mut store = Store::in_memory();
    let entries = [
        set(
            3,
            7,
            TaskField::Priority(Some(Priority::High)),
            TaskField::Priority(None),
        ),
        set(
            1,
            7,
            TaskField::Completed(true),
            TaskField::Completed(false),
        ),
        set(
            2,
            8,
            TaskField::Title("Новое".into()),
            TaskField::Title("Старое".into()),
        ),
    ];
    for e in &entries {
        store.write(|w| w.queue(e)).unwrap();
    }
    let kept = store.outbox().unwrap();
    assert_eq!(seqs(&kept), [1, 2, 3]);
    assert_eq!(
        kept[0], entries[1],
        "everything it was made with reads back"
    );
    assert_eq!(
        kept[2].base.value,
        Some(Field::Task(TaskField::Priority(None)))
    );
    assert_eq!(kept[2].base.updated_at, Some(T0));
    assert_eq!(outbox::waiting(&kept), 3);
}

#[test]
fn a_change_shows_on_the_stores_copy_in_the_same_transaction_or_not_at_all() {
    let mut store = Store::in_memory();
    let page = PageKey::tasks(&TaskQuery::default()).unwrap();
    store
        .write(|w| {
            w.put_task(&task(7, "Отчёт"), T0)?;
            let rows = [
                TaskRow::from(&task(7, "Отчёт")),
                TaskRow::from(&task(8, "Счёт")),
            ];
            w.put_page(&page, &rows, false, T0)
        })
        .unwrap();
    let done = set(
        1,
        7,
        TaskField::Completed(true),
        TaskField::Completed(false),
    );
    store.write(|w| w.queue(&done)).unwrap();
    let row = store.get::<TaskRow>("7").unwrap().unwrap();
    assert!(row.value.is_completed, "the list's copy shows it done");
    assert_eq!(
        row.read_at, T0,
        "still as read then: the service has not said so yet"
    );
    assert!(store.get::<Task>("7").unwrap().unwrap().value.is_completed);
    // The same change again (the same seq) is refused: neither it nor its copy changes.
    let mut again = set(
        1,
        7,
        TaskField::Title("Другое".into()),
        TaskField::Title("Отчёт".into()),
    );
    again.name = "again".into();
    assert!(store.write(|w| w.queue(&again)).is_err());
    let row = store.get::<TaskRow>("7").unwrap().unwrap().value;
    assert_eq!(row.title.as_deref(), Some("Отчёт"), "rolled back with it");
    assert_eq!(store.outbox().unwrap().len(), 1);
    // A delete takes the task out of the lists that hold it.
    let mut delete = set(2, 7, TaskField::Completed(true), TaskField::Completed(true));
    delete.change = Change::Delete;
    store.write(|w| w.queue(&delete)).unwrap();
    let left = store.page(&page).unwrap().unwrap().rows;
    assert_eq!(left.iter().map(|r| r.id).collect::<Vec<_>>(), [8]);
    assert!(store.get::<TaskRow>("7").unwrap().unwrap().value.is_deleted);
}

#[test]
fn a_new_task_is_kept_under_its_local_id_until_the_service_names_it() {
    let mut store = Store::in_memory();
    store
        .write(|w| w.queue(&create(1, 5, "Офлайн задача")))
        .unwrap();
    let mut done = set(
        2,
        0,
        TaskField::Completed(true),
        TaskField::Completed(false),
    );
    done.item = ItemRef::new_task(5);
    store.write(|w| w.queue(&done)).unwrap();
    let local = store.get::<TaskRow>("-5").unwrap().unwrap().value;
    assert_eq!(local.title.as_deref(), Some("Офлайн задача"));
    assert!(
        local.is_completed,
        "a change of the new task shows on it too"
    );
    let kept = store.outbox().unwrap();
    assert_eq!(
        seqs(
            &outbox::ready(&kept)
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        ),
        [1]
    );
    // The service made it as 42: the create leaves, the change after it is now of 42.
    store
        .write(|w| {
            w.unqueue(1)?;
            w.created(ItemKind::Task, 5, "42")
        })
        .unwrap();
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].item.id.as_deref(), Some("42"));
    assert_eq!(kept[0].item.task_id(), Some(42));
    assert_eq!(
        seqs(
            &outbox::ready(&kept)
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        ),
        [2]
    );
    assert_eq!(
        store.get::<TaskRow>("-5").unwrap(),
        None,
        "the local copy is gone"
    );
}

#[test]
fn a_change_left_sending_by_a_crash_is_found_sending_again_with_when_it_first_went() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.sqlite3");
    {
        let mut store = Store::open(&path).store;
        store
            .write(|w| w.queue(&create(1, 5, "Офлайн задача")))
            .unwrap();
        store
            .write(|w| {
                w.queue(&set(
                    2,
                    7,
                    TaskField::Completed(true),
                    TaskField::Completed(false),
                ))
            })
            .unwrap();
        store.write(|w| w.sending(1, T1)).unwrap();
        // A second try keeps the first moment: a look covers everything made since then.
        store
            .write(|w| w.sending(1, datetime!(2026-11-21 10:09 UTC)))
            .unwrap();
        // The process ends here, its answer never read.
    }
    let store = Store::open(&path).store;
    let kept = store.outbox().unwrap();
    assert_eq!(kept[0].state, State::Sending);
    assert_eq!(kept[0].sent_at, Some(T1));
    assert_eq!(kept[1].state, State::Waiting);
    assert_eq!(
        seqs(
            &outbox::ready(&kept)
                .into_iter()
                .cloned()
                .collect::<Vec<_>>()
        ),
        [1, 2],
        "both are taken up again"
    );
}

#[test]
fn a_conflict_and_a_refusal_keep_the_services_words_and_value() {
    let mut store = Store::in_memory();
    store
        .write(|w| {
            w.queue(&set(
                1,
                7,
                TaskField::Title("Мой".into()),
                TaskField::Title("Был".into()),
            ))
        })
        .unwrap();
    let theirs = Field::Task(TaskField::Title("Их".into()));
    store
        .write(|w| w.set_state(1, State::Conflict, None, Some(&theirs)))
        .unwrap();
    let kept = &store.outbox().unwrap()[0];
    assert_eq!(
        (kept.state, kept.theirs.as_ref()),
        (State::Conflict, Some(&theirs))
    );
    store
        .write(|w| w.set_state(1, State::Refused, Some("Rejected: title too long"), None))
        .unwrap();
    let kept = &store.outbox().unwrap()[0];
    assert_eq!(kept.state, State::Refused);
    assert_eq!(kept.message.as_deref(), Some("Rejected: title too long"));
    assert_eq!(outbox::waiting(&store.outbox().unwrap()), 0);
}

#[test]
fn a_contact_made_and_an_organization_changed_offline_show_in_the_store_until_dropped() {
    use weeek_api::NewContact;
    use weeek_api::models::{Contact, Organization};

    use crate::outbox::{ContactField, OrgField};
    let mut store = Store::in_memory();
    let org = Organization {
        id: "o1".into(),
        name: Some("Старое".into()),
        tags: vec![1],
        ..Default::default()
    };
    store.write(|w| w.put(&org, T0)).unwrap();
    let new = Entry::new(
        1,
        ItemRef::new_item(ItemKind::Contact, 5),
        "Иван".into(),
        Change::Create(New::Contact(Box::new(NewContact {
            first_name: "Иван".into(),
            emails: vec!["ivan@example.com".into()],
            ..Default::default()
        }))),
        Base::default(),
        T1,
    );
    let org_item = ItemRef {
        kind: ItemKind::Organization,
        id: Some("o1".into()),
        local: None,
    };
    let renamed = Entry::new(
        2,
        org_item.clone(),
        "Старое".into(),
        Change::Set(Field::Organization(OrgField::Name("Новое".into()))),
        Base {
            updated_at: None,
            value: Some(Field::Organization(OrgField::Name("Старое".into()))),
        },
        T1,
    );
    let tagged = Entry::new(
        3,
        org_item,
        "Старое".into(),
        Change::Set(Field::Organization(OrgField::Tags(vec![1, 2]))),
        Base {
            updated_at: None,
            value: Some(Field::Organization(OrgField::Tags(vec![1]))),
        },
        T1,
    );
    for e in [&new, &renamed, &tagged] {
        store.write(|w| w.queue(e)).unwrap();
    }
    // Shown in the same transaction: the new contact under its local key, the fields set.
    let key = outbox::local_key(5);
    let made = store.get::<Contact>(&key).unwrap().expect("kept").value;
    assert_eq!(made.first_name.as_deref(), Some("Иван"));
    assert_eq!(made.emails[0].email, "ivan@example.com");
    let o = store
        .get::<Organization>("o1")
        .unwrap()
        .expect("kept")
        .value;
    assert_eq!(
        (o.name.as_deref(), o.tags.clone()),
        (Some("Новое"), vec![1, 2])
    );
    // The service's copy read meanwhile gets the changes still waiting laid over it.
    store
        .write(|w| w.put_fresh(ItemKind::Organization, &org, T1))
        .unwrap();
    let o = store
        .get::<Organization>("o1")
        .unwrap()
        .expect("kept")
        .value;
    assert_eq!(o.name.as_deref(), Some("Новое"));
    // Dropped: the field as it was; the new contact goes.
    store
        .write(|w| {
            w.drop_change(2)?;
            w.drop_change(1)
        })
        .unwrap();
    let o = store
        .get::<Organization>("o1")
        .unwrap()
        .expect("kept")
        .value;
    assert_eq!((o.name.as_deref(), o.tags), (Some("Старое"), vec![1, 2]));
    assert!(store.get::<Contact>(&key).unwrap().is_none());
    // Made on the service: its later changes go with its id.
    let later = Entry::new(
        4,
        ItemRef::new_item(ItemKind::Contact, 6),
        "Зоя".into(),
        Change::Set(Field::Contact(ContactField::LastName(Some(
            "Новикова".into(),
        )))),
        Base::default(),
        T1,
    );
    store.write(|w| w.queue(&later)).unwrap();
    store
        .write(|w| w.created(ItemKind::Contact, 6, "c9"))
        .unwrap();
    let left = store.outbox().unwrap();
    let kept = left.iter().find(|e| e.seq == 4).expect("kept");
    assert_eq!(kept.item.id.as_deref(), Some("c9"));
}

#[test]
fn at_a_conflict_the_store_keeps_theirs_and_taking_theirs_leaves_it() {
    use weeek_api::models::Organization;

    use crate::outbox::OrgField;
    let mut store = Store::in_memory();
    let named = |name: &str| Organization {
        id: "o1".into(),
        name: Some(name.into()),
        ..Default::default()
    };
    store.write(|w| w.put(&named("Было"), T0)).unwrap();
    let renamed = Entry::new(
        1,
        ItemRef {
            kind: ItemKind::Organization,
            id: Some("o1".into()),
            local: None,
        },
        "Было".into(),
        Change::Set(Field::Organization(OrgField::Name("Моё".into()))),
        Base {
            updated_at: None,
            value: Some(Field::Organization(OrgField::Name("Было".into()))),
        },
        T1,
    );
    store.write(|w| w.queue(&renamed)).unwrap();
    let name = |store: &Store| {
        let kept = store.get::<Organization>("o1").unwrap().expect("kept");
        kept.value.name.unwrap_or_default()
    };
    assert_eq!(name(&store), "Моё", "shown while it waits");
    // The replay finds a colleague's name: a conflict, and the service's copy kept.
    let theirs = Field::Organization(OrgField::Name("Их".into()));
    store
        .write(|w| {
            w.set_state(1, State::Conflict, None, Some(&theirs))?;
            w.put_fresh(ItemKind::Organization, &named("Их"), T1)
        })
        .unwrap();
    assert_eq!(
        name(&store),
        "Их",
        "until the user decides, as the screens show it"
    );
    store.write(|w| w.drop_change(1)).unwrap();
    assert_eq!(name(&store), "Их", "theirs taken");
}
