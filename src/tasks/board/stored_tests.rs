//! `update` tests of the task board shown from the local store: each column's cards drawn at
//! once and marked cached, then the service's pages over them in place, the focused column and
//! the card under the cursor kept, and the list's marks underneath untouched.

use crossterm::event::KeyCode;

use super::tests::{cards, column_read, in_column, list_of, page};
use crate::testing::{Harness, code};
use crate::worker::Call;

fn three_minutes_ago(h: &Harness) -> time::OffsetDateTime {
    h.clock.wall - time::Duration::minutes(3)
}

fn current(h: &Harness) -> Option<i64> {
    h.app.tasks.current().map(|t| t.id)
}

fn focus(h: &Harness) -> usize {
    h.app.tasks.layers.board().expect("a board shows").focus
}

/// The list of tasks 1, 2 (column 10) and 3 (column 11), task 1 marked, and `b` on task 3:
/// the store's copy of each column drawn (three minutes old), the cursor moved down to task
/// 4. The column reads wait for the service, by column.
fn board_from_the_store() -> (Harness, [crate::screen::requests::Request; 3]) {
    let mut h = list_of(vec![
        in_column(1, "Первая", 10),
        in_column(2, "Вторая", 10),
        in_column(3, "Третья", 11),
    ]);
    h.resize(160, 45);
    h.press(" ");
    assert!(h.app.tasks.marks.contains(&1));
    h.press("jb");
    let reads = [10, 11, 12].map(|c| column_read(&mut h, c));
    assert!(
        reads.iter().all(|r| r.from_store),
        "each column is read from the store first"
    );
    let read_at = three_minutes_ago(&h);
    let stored = [
        vec![in_column(1, "Первая", 10), in_column(2, "Вторая", 10)],
        vec![in_column(3, "Третья", 11), in_column(4, "Четвёртая", 11)],
        vec![],
    ];
    for (r, tasks) in reads.iter().zip(stored) {
        h.reply_stored(r, page(tasks, false), read_at);
    }
    assert_eq!(focus(&h), 1, "the column of task 3");
    h.press("j");
    assert_eq!(current(&h), Some(4));
    (h, reads)
}

#[test]
fn the_stores_columns_show_at_once_marked_cached_and_the_services_replace_them_in_place() {
    let (mut h, [backlog, doing, done]) = board_from_the_store();
    let screen = h.render();
    assert!(screen.contains("Четвёртая"), "{screen}");
    assert!(screen.contains("cached · read 3 min ago"), "{screen}");
    assert!(!screen.contains("· live"), "{screen}");
    // The service: a task new at the top of the focused column, task 4 renamed, task 2 gone.
    h.reply(
        &doing,
        page(
            vec![
                in_column(5, "Новая", 11),
                in_column(3, "Третья", 11),
                in_column(4, "Четвёртая, переименована", 11),
            ],
            false,
        ),
    );
    assert!(
        h.render().contains("cached"),
        "two columns are still the store's"
    );
    h.reply(&backlog, page(vec![in_column(1, "Первая", 10)], false));
    h.reply(&done, page(Vec::new(), false));
    assert_eq!(cards(&h), [vec![1], vec![5, 3, 4], vec![]]);
    assert_eq!(focus(&h), 1, "the focused column stays");
    assert_eq!(current(&h), Some(4), "the cursor stays on its card");
    let screen = h.render();
    assert!(screen.contains("переименована"), "{screen}");
    assert!(!screen.contains("Вторая"), "{screen}");
    assert!(!screen.contains("cached"), "{screen}");
    assert!(screen.contains("· live"), "{screen}");
    // The list underneath kept its marks.
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.board().is_none());
    assert!(h.app.tasks.marks.contains(&1), "{:?}", h.app.tasks.marks);
}

#[test]
fn the_cursor_follows_its_card_to_the_column_the_service_has_it_in() {
    let (mut h, [backlog, doing, done]) = board_from_the_store();
    // A colleague moved task 4 on to the last column.
    h.reply(&doing, page(vec![in_column(3, "Третья", 11)], false));
    h.reply(&backlog, page(vec![in_column(1, "Первая", 10)], false));
    assert_eq!(focus(&h), 1, "not shown anywhere yet: the focus waits");
    h.reply(&done, page(vec![in_column(4, "Четвёртая", 12)], false));
    assert_eq!(focus(&h), 2, "the focus went with it");
    assert_eq!(current(&h), Some(4));
    // Once the user moves, nothing pulls the cursor any more.
    h.press("h");
    h.press("r");
    let again = column_read(&mut h, 11);
    assert!(!again.from_store, "read again in place");
    h.reply(&again, page(vec![in_column(3, "Третья", 11)], false));
    assert_eq!((focus(&h), current(&h)), (1, Some(3)));
    let others = h.take(|c| matches!(c, Call::Tasks(q) if q.board_column_id.is_some()));
    assert_eq!(others.len(), 2, "the other two columns, read again too");
}
