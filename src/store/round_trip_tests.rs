//! Every model written to a store file and read back, with every field set and with none.

use std::fmt::Debug;

use time::macros::datetime;
use weeek_api::models::*;

use super::fixtures as f;
use super::{Record, Store};

fn round_trip<R: Record + PartialEq + Debug + Default>(store: &mut Store, full: R) {
    let at = datetime!(2026-11-21 10:00 UTC);
    for record in [full, R::default()] {
        store.write(|w| w.put(&record, at)).unwrap();
        let back = store.get::<R>(&record.key()).unwrap().expect("stored");
        assert_eq!(back.value, record, "{:?}", R::KIND);
        assert_eq!(back.read_at, at);
    }
}

#[test]
fn every_model_reads_back_as_it_was_written() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("s.sqlite3")).store;
    assert!(store.on_disk());
    round_trip(&mut store, f::user());
    round_trip(&mut store, f::workspace());
    round_trip(&mut store, f::member());
    round_trip(&mut store, f::tag());
    round_trip(&mut store, f::currency());
    round_trip(&mut store, f::portfolio());
    round_trip(&mut store, f::project());
    round_trip(&mut store, f::board());
    round_trip(&mut store, f::column());
    round_trip(&mut store, f::task_row());
    round_trip(&mut store, f::task());
    round_trip(&mut store, f::comment());
    round_trip(&mut store, f::funnel());
    round_trip(&mut store, f::status());
    round_trip(&mut store, f::deal());
    round_trip(&mut store, f::contact());
    round_trip(&mut store, f::organization());
}

#[test]
fn the_store_holds_no_field_a_row_leaves_out() {
    // A row keeps what a list draws: the description and the rest stay with the whole task.
    let body = serde_json::to_string(&f::task_row()).unwrap();
    assert!(
        !body.contains("жирный") && !body.contains("timeEntries"),
        "{body}"
    );
    let whole = serde_json::to_string(&f::task()).unwrap();
    assert!(
        whole.contains("жирный") && whole.contains("timeEntries"),
        "{whole}"
    );
}

#[test]
fn what_the_store_writes_is_what_the_service_sends() {
    // The same names and forms: a store written by this version reads as the wire does.
    let v = serde_json::to_value(f::task()).unwrap();
    assert_eq!(v["isCompleted"], true);
    assert_eq!(v["priority"], 3);
    assert_eq!(v["type"], "webinar");
    assert_eq!(v["dueDate"], "2026-11-30");
    assert_eq!(v["completedAt"], "2026-11-20T18:30:15.123456789+03:00");
    assert_eq!(v["date"], "30.11.2026");
    let row = serde_json::to_value(f::task_row()).unwrap();
    assert_eq!(row["date"], "2026-11-30", "the legacy day, read as a day");
    let empty = serde_json::to_value(Task::default()).unwrap();
    assert_eq!(
        empty,
        serde_json::json!({"id": 0}),
        "empty values are left out"
    );
    let deal = serde_json::to_value(f::deal()).unwrap();
    assert_eq!(deal["winStatus"], "frozen");
}
