//! `J` / `K` on the board while the service cannot be reached: the card shows where it goes,
//! the outbox keeps the card it went by, and a column read meanwhile shows it there still.

use weeek_api::ColumnPlace;

use super::tests::{cards, column_read, in_column, on_board, page, toasts};
use crate::outbox::{Change, Field, TaskField};
use crate::store::Store;
use crate::worker::Call;

#[test]
fn offline_a_reorder_is_kept_shown_at_once_and_never_sent() {
    let mut h = on_board();
    h.press("r");
    h.cut_off();
    assert!(h.app.offline.is_offline());
    let mut store = Store::in_memory();
    h.press("hJ");
    assert!(
        h.take(|c| matches!(c, Call::PlaceTask { .. })).is_empty(),
        "nothing goes to the service"
    );
    assert_eq!(cards(&h)[0], [2, 1], "shown at once");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].item.task_id(), Some(1));
    assert_eq!(
        kept[0].change,
        Change::Set(Field::Task(TaskField::Place {
            project: 1,
            column: 10,
            place: Some(ColumnPlace::After(2)),
        }))
    );
    assert_eq!(
        kept[0].base.value,
        Some(Field::Task(TaskField::Place {
            project: 1,
            column: 10,
            place: None,
        })),
        "made on its column"
    );
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
    // The column read again (the store's copy, say) shows it where it goes.
    h.press("r");
    let read = column_read(&mut h, 10);
    h.reply(
        &read,
        page(
            vec![in_column(1, "Первая", 10), in_column(2, "Вторая", 10)],
            false,
        ),
    );
    assert_eq!(cards(&h)[0], [2, 1]);
    // O says it.
    h.press("O");
    assert!(h.render().contains("place → down a card"), "{}", h.render());
}
