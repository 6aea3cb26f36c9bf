use time::macros::datetime;
use weeek_api::models::Priority;

use super::*;

const AT: OffsetDateTime = datetime!(2026-11-21 10:00 UTC);

fn set(seq: i64, task: i64, field: TaskField) -> Entry {
    Entry::new(
        seq,
        ItemRef::task(task),
        format!("task {task}"),
        Change::Set(Field::Task(field)),
        Base::default(),
        AT,
    )
}

fn seqs(entries: &[&Entry]) -> Vec<i64> {
    entries.iter().map(|e| e.seq).collect()
}

#[test]
fn changes_of_one_field_go_one_after_another_and_other_fields_and_items_side_by_side() {
    let entries = vec![
        set(1, 7, TaskField::Completed(true)),
        set(2, 7, TaskField::Completed(false)),
        set(3, 7, TaskField::Priority(Some(Priority::High))),
        set(4, 8, TaskField::Completed(true)),
    ];
    assert_eq!(seqs(&ready(&entries)), [1, 3, 4]);
}

#[test]
fn a_conflict_holds_back_its_field_only_and_a_refusal_holds_back_nothing() {
    let mut entries = vec![
        set(1, 7, TaskField::Title("a".into())),
        set(2, 7, TaskField::Title("b".into())),
        set(3, 7, TaskField::Priority(None)),
    ];
    entries[0].state = State::Conflict;
    assert_eq!(seqs(&ready(&entries)), [3]);
    entries[0].state = State::Refused;
    assert_eq!(seqs(&ready(&entries)), [2, 3]);
}

#[test]
fn changes_of_a_new_item_wait_for_its_create_and_then_go_with_its_id() {
    let new = NewTask {
        title: "Офлайн задача".into(),
        ..Default::default()
    };
    let create = Entry::new(
        1,
        ItemRef::new_task(5),
        "Офлайн задача".into(),
        Change::Create(New::Task(Box::new(new))),
        Base::default(),
        AT,
    );
    let mut done = set(2, 0, TaskField::Completed(true));
    done.item = ItemRef::new_task(5);
    let other = set(3, 9, TaskField::Completed(true));
    let mut entries = vec![create, done, other];
    assert_eq!(seqs(&ready(&entries)), [1, 3], "the create first");
    assert_eq!(
        entries[1].item.task_id(),
        Some(-5),
        "shown under its local id"
    );
    // Answered: the create leaves, its later change has the real id.
    entries.remove(0);
    entries[0].item.id = Some("42".into());
    assert_eq!(seqs(&ready(&entries)), [2, 3]);
    assert_eq!(entries[0].item.task_id(), Some(42));
}

#[test]
fn a_delete_waits_for_every_change_before_it_and_holds_back_every_one_after() {
    let mut delete = set(2, 7, TaskField::Completed(true));
    delete.change = Change::Delete;
    let entries = vec![
        set(1, 7, TaskField::Title("a".into())),
        delete,
        set(3, 7, TaskField::Priority(None)),
    ];
    assert_eq!(seqs(&ready(&entries)), [1]);
}

#[test]
fn a_change_reads_back_as_written() {
    let mut e = set(
        1,
        7,
        TaskField::Due(Some(time::macros::date!(2026 - 11 - 24))),
    );
    e.base = Base {
        updated_at: Some(AT),
        value: Some(Field::Task(TaskField::Due(None))),
    };
    let json = serde_json::to_string(&e).unwrap();
    assert_eq!(serde_json::from_str::<Entry>(&json).unwrap(), e);
    assert_eq!(e.describe(&|p| format!("{p:?}")), "due date → 24.11.2026");
}

#[test]
fn a_link_to_a_record_whose_create_was_dropped_is_left_out_of_what_is_sent() {
    let ids = vec!["abc".to_string(), super::local_key(1_800_000_000_000)];
    assert_eq!(super::links::made_only(&ids), vec!["abc".to_string()]);
}
