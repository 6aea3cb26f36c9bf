//! `update` tests of the board: opening it on a task, each column loading on its own, moving
//! cards (success, refusal, lost answer), the list's verbs on the card, and back to the list.

use crossterm::event::KeyCode;
use weeek_api::models::{Task, TaskLocation};
use weeek_api::{ApiError, ColumnPlace, TaskPage};

use crate::screen::Screen;
use crate::screen::jump::Jump;
use crate::screen::requests::Request;
use crate::tasks::TaskKey;
use crate::testing::{Harness, code, task};
use crate::worker::{Answer, Call};

/// Task `id` in column `column` of board 5.
pub(super) fn in_column(id: i64, title: &str, column: i64) -> Task {
    Task {
        locations: vec![TaskLocation {
            project_id: 1,
            board_id: Some(5),
            board_column_id: Some(column),
        }],
        ..task(id, title)
    }
}

pub(super) fn page(tasks: Vec<Task>, has_more: bool) -> Answer {
    Answer::TaskPage(Ok(TaskPage {
        tasks: crate::testing::rows(tasks),
        has_more,
    }))
}

/// The list's first page, and the names it asks for (board 5 and its three columns).
pub(super) fn list_of(tasks: Vec<Task>) -> Harness {
    let mut h = Harness::new();
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&list, page(tasks, false));
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(crate::testing::columns())),
    );
    h
}

/// The pending read of column `column`'s tasks.
pub(super) fn column_read(h: &mut Harness, column: i64) -> Request {
    let mut reads = h.take(|c| matches!(c, Call::Tasks(q) if q.board_column_id == Some(column)));
    assert_eq!(reads.len(), 1, "column {column} is read once");
    reads.remove(0)
}

/// The list holds tasks 1 and 2 (column 10) and 3 (column 11); the cursor is on task 3 and
/// `b` opened its board, every column answered.
pub(super) fn on_board() -> Harness {
    let mut h = list_of(vec![
        in_column(1, "Первая", 10),
        in_column(2, "Вторая", 10),
        in_column(3, "Третья", 11),
    ]);
    h.press("jjb");
    let backlog = column_read(&mut h, 10);
    h.reply(
        &backlog,
        page(
            vec![in_column(1, "Первая", 10), in_column(2, "Вторая", 10)],
            false,
        ),
    );
    let doing = column_read(&mut h, 11);
    h.reply(&doing, page(vec![in_column(3, "Третья", 11)], false));
    let done = column_read(&mut h, 12);
    h.reply(&done, page(Vec::new(), false));
    h
}

pub(super) fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The ids of each column's cards.
pub(super) fn cards(h: &Harness) -> Vec<Vec<i64>> {
    let b = h.app.tasks.layers.board().expect("a board shows");
    b.columns
        .iter()
        .map(|c| c.cards.rows.iter().map(|t| t.id).collect())
        .collect()
}

fn refused() -> ApiError {
    ApiError::Validation {
        message: "The selected board column id is invalid.".into(),
        fields: Default::default(),
    }
}

#[test]
fn b_opens_the_board_of_the_task_with_the_cursor_on_its_card() {
    let h = on_board();
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]]);
    let b = h.app.tasks.layers.board().unwrap();
    assert_eq!(b.focus, 1, "the column of task 3");
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(3));
}

#[test]
fn a_card_not_on_the_first_page_is_read_page_after_page() {
    let mut h = list_of(vec![in_column(40, "Далеко", 10)]);
    h.press("b");
    let first = column_read(&mut h, 10);
    let many: Vec<Task> = (1..=30).map(|i| in_column(i, "Задача", 10)).collect();
    h.reply(&first, page(many, true));
    let next = column_read(&mut h, 10);
    match &next.call {
        Call::Tasks(q) => assert_eq!(q.offset, Some(30)),
        _ => unreachable!(),
    }
    h.reply(&next, page(vec![in_column(40, "Далеко", 10)], false));
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(40));
}

#[test]
fn each_column_loads_and_fails_on_its_own() {
    let mut h = list_of(vec![in_column(1, "Первая", 10)]);
    h.press("b");
    let backlog = column_read(&mut h, 10);
    let doing = column_read(&mut h, 11);
    // The service answers, but fails (one out of reach puts the app offline, and the column's
    // failure is then the header's to say: see `offline_tests`).
    let failed = ApiError::Server {
        status: 503,
        message: None,
    };
    h.fail(&doing, failed.clone());
    let b = h.app.tasks.layers.board().unwrap();
    assert!(b.columns[0].cards.is_loading(), "still loading");
    assert_eq!(b.columns[1].cards.error(), Some(&failed));
    h.reply(&backlog, page(vec![in_column(1, "Первая", 10)], false));
    assert_eq!(cards(&h)[0], [1]);
    assert!(toasts(&h).contains("В работе"), "{}", toasts(&h));
}

#[test]
fn l_moves_the_card_to_the_next_column_at_once_and_confirms() {
    let mut h = on_board();
    h.press("hL");
    assert_eq!(
        cards(&h),
        [vec![2], vec![3, 1], vec![]],
        "optimistic, at the bottom"
    );
    assert_eq!(
        h.app.tasks.current().map(|t| t.id),
        Some(1),
        "the cursor goes with the card"
    );
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    match &req.call {
        Call::UpdateTask(_, u) => assert_eq!(u.board_column_id, Some(11)),
        _ => unreachable!(),
    }
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 11)))),
    );
    assert_eq!(cards(&h), [vec![2], vec![3, 1], vec![]]);
    assert_eq!(
        h.app.tasks.list.rows[0].locations[0].board_column_id,
        Some(11),
        "the list's row moved too"
    );
    let t = toasts(&h);
    assert!(t.contains("Moved “Первая” to В работе"), "{t}");
}

#[test]
fn undoing_a_move_puts_the_card_back_where_it_sat_and_tells_the_service() {
    let mut h = on_board();
    h.press("hL");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 11)))),
    );
    assert!(h.take(|c| matches!(c, Call::PlaceTask { .. })).is_empty());
    h.press("u");
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]], "its old place");
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(1));
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    // The service puts it at the bottom of the column; once that is done, its place is sent.
    assert!(h.take(|c| matches!(c, Call::PlaceTask { .. })).is_empty());
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 10)))),
    );
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]]);
    let place = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    match &place.call {
        Call::PlaceTask {
            task,
            column,
            place,
            ..
        } => assert_eq!((*task, *column, *place), (1, 10, ColumnPlace::Before(2))),
        _ => unreachable!(),
    }
    h.reply(&place, Answer::PlacedTask(Ok(())));
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]]);
    // Back home, the card forgets where it was: nothing more is sent.
    h.press("L");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 11)))),
    );
    assert!(h.take(|c| matches!(c, Call::PlaceTask { .. })).is_empty());
}

#[test]
fn a_refused_place_leaves_the_card_at_the_bottom_as_the_service_has_it() {
    let mut h = on_board();
    h.press("hL");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 11)))),
    );
    h.press("u");
    let req = h.take(|c| matches!(c, Call::UpdateTask(1, _))).remove(0);
    h.reply(
        &req,
        Answer::UpdatedTask(Ok(Box::new(in_column(1, "Первая", 10)))),
    );
    let place = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    h.fail(&place, refused());
    assert_eq!(cards(&h), [vec![2, 1], vec![3], vec![]]);
}

#[test]
fn a_refused_move_puts_the_card_back_with_the_services_message() {
    let mut h = on_board();
    h.press("H");
    assert_eq!(cards(&h), [vec![1, 2, 3], vec![], vec![]]);
    let req = h.take(|c| matches!(c, Call::UpdateTask(3, _))).remove(0);
    h.fail(&req, refused());
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]], "rolled back");
    let t = toasts(&h);
    assert!(t.contains("Could not move “Третья”"), "{t}");
    assert!(
        t.contains("The selected board column id is invalid."),
        "{t}"
    );
}

#[test]
fn a_move_whose_answer_was_lost_is_read_back() {
    let mut h = on_board();
    h.press("L");
    let req = h.take(|c| matches!(c, Call::UpdateTask(3, _))).remove(0);
    h.fail(&req, ApiError::Timeout);
    assert_eq!(
        cards(&h),
        [vec![1, 2], vec![], vec![3]],
        "no rollback on a guess"
    );
    let mut reads = h.take(|c| *c == Call::Task(3));
    assert_eq!(reads.len(), 1, "read back once");
    let read = reads.remove(0);
    assert!(matches!(read.key.get::<TaskKey>(), Some(TaskKey::Write(_))));
    // The service did not take it: the card shows where the service has it.
    h.reply(
        &read,
        Answer::Task(Ok(Box::new(in_column(3, "Третья", 11)))),
    );
    assert_eq!(cards(&h), [vec![1, 2], vec![3], vec![]]);
    let t = toasts(&h);
    assert!(t.contains("read back: not done"), "{t}");
}

#[test]
fn moving_past_the_last_column_says_so_and_sends_nothing() {
    let mut h = on_board();
    h.press("lL");
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
    assert!(toasts(&h).contains("No task here"), "{}", toasts(&h));
    h.press("hhhH");
    assert!(toasts(&h).contains("Already in the first column"));
    assert!(h.take(|c| matches!(c, Call::UpdateTask(..))).is_empty());
}

#[test]
fn the_lists_verbs_act_on_the_card_under_the_cursor() {
    let mut h = on_board();
    h.press("hjx");
    let b = h.app.tasks.layers.board().unwrap();
    assert!(b.columns[0].cards.rows[1].is_completed, "optimistic");
    let req = h.take(|c| matches!(c, Call::CompleteTask(2))).remove(0);
    h.fail(&req, refused());
    let b = h.app.tasks.layers.board().unwrap();
    assert!(!b.columns[0].cards.rows[1].is_completed, "rolled back");
    h.press("2");
    let req = h.take(|c| matches!(c, Call::UpdateTask(2, _))).remove(0);
    let fresh = Task {
        priority: Some(weeek_api::models::Priority::High),
        ..in_column(2, "Вторая", 10)
    };
    h.reply(&req, Answer::UpdatedTask(Ok(Box::new(fresh))));
    let b = h.app.tasks.layers.board().unwrap();
    assert_eq!(
        b.columns[0].cards.rows[1].priority,
        Some(weeek_api::models::Priority::High)
    );
    assert_eq!(
        h.app.tasks.list.rows[1].priority,
        Some(weeek_api::models::Priority::High),
        "the list's row too"
    );
}

#[test]
fn esc_goes_back_to_the_list_where_it_was() {
    let mut h = on_board();
    h.press("hj");
    h.send(code(KeyCode::Esc));
    assert!(h.app.tasks.layers.board().is_none());
    assert_eq!(h.app.tasks.cursor, 2, "the list's cursor as it was");
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(3));
}

#[test]
fn r_reads_every_column_again() {
    let mut h = on_board();
    h.press("r");
    for column in [10, 11, 12] {
        column_read(&mut h, column);
    }
}

#[test]
fn j_moves_the_card_down_its_column_below_the_next_one() {
    let mut h = on_board();
    h.press("hJ");
    assert_eq!(cards(&h)[0], [2, 1], "optimistic");
    assert_eq!(
        h.app.tasks.current().map(|t| t.id),
        Some(1),
        "the cursor follows"
    );
    let req = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    assert_eq!(
        req.call,
        Call::PlaceTask {
            task: 1,
            project: 1,
            column: 10,
            place: ColumnPlace::After(2)
        }
    );
    h.done(&req);
    assert_eq!(cards(&h)[0], [2, 1]);
    h.press("K");
    let req = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    match req.call {
        Call::PlaceTask { place, .. } => assert_eq!(place, ColumnPlace::Before(2)),
        _ => unreachable!(),
    }
    assert_eq!(cards(&h)[0], [1, 2]);
}

#[test]
fn a_refused_reorder_puts_the_card_back_with_the_services_message() {
    let mut h = on_board();
    h.press("hJ");
    let req = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    h.fail(&req, refused());
    assert_eq!(cards(&h)[0], [1, 2], "back where it was");
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(1));
    let t = toasts(&h);
    assert!(t.contains("Could not reorder “Первая”"), "{t}");
    assert!(
        t.contains("The selected board column id is invalid."),
        "{t}"
    );
}

#[test]
fn a_reorder_whose_answer_was_lost_reads_the_column_again() {
    let mut h = on_board();
    h.press("hJ");
    let req = h.take(|c| matches!(c, Call::PlaceTask { .. })).remove(0);
    h.fail(&req, ApiError::Timeout);
    assert_eq!(cards(&h)[0], [2, 1], "no rollback on a guess");
    let read = column_read(&mut h, 10);
    // The service did not take it: the column shows its order.
    h.reply(
        &read,
        page(
            vec![in_column(1, "Первая", 10), in_column(2, "Вторая", 10)],
            false,
        ),
    );
    assert_eq!(cards(&h)[0], [1, 2]);
    assert_eq!(
        h.app.tasks.current().map(|t| t.id),
        Some(1),
        "the cursor stays on the card"
    );
    assert!(
        toasts(&h).contains("Not confirmed: reorder “Первая”"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn the_top_and_the_bottom_of_a_column_say_so() {
    let mut h = on_board();
    h.press("hK");
    assert!(toasts(&h).contains("Already at the top of the column"));
    h.press("jJ");
    assert!(toasts(&h).contains("Already at the bottom of the column"));
    assert!(h.take(|c| matches!(c, Call::PlaceTask { .. })).is_empty());
}

#[test]
fn n_creates_the_task_in_the_focused_column() {
    let mut h = on_board();
    h.press("ln");
    h.press("Новая");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    match &req.call {
        Call::CreateTask(new) => {
            assert_eq!((new.project_id, new.board_column_id), (Some(1), Some(12)));
        }
        _ => unreachable!(),
    }
    assert_eq!(cards(&h)[2].len(), 1, "its card shows at once");
    assert_eq!(
        h.app
            .tasks
            .current()
            .and_then(|t| t.title.clone())
            .as_deref(),
        Some("Новая")
    );
    h.reply(
        &req,
        Answer::CreatedTask(Ok(Box::new(in_column(50, "Новая", 12)))),
    );
    assert_eq!(cards(&h)[2], [50], "the service's task in its place");
    assert!(toasts(&h).contains("Created “Новая”"), "{}", toasts(&h));
}

#[test]
fn a_new_task_whose_answer_was_lost_is_looked_for_not_sent_again() {
    let mut h = on_board();
    h.press("n");
    h.press("Новая");
    h.send(code(KeyCode::Enter));
    let req = h.take(|c| matches!(c, Call::CreateTask(_))).remove(0);
    h.fail(&req, ApiError::Timeout);
    assert!(
        h.take(|c| matches!(c, Call::CreateTask(_))).is_empty(),
        "not sent twice"
    );
    let look = h
        .take(|c| matches!(c, Call::Tasks(q) if q.search.as_deref() == Some("Новая")))
        .remove(0);
    let mut found = in_column(51, "Новая", 11);
    found.created_at = Some(h.clock.wall);
    h.reply(&look, page(vec![found], false));
    assert_eq!(
        cards(&h)[1],
        [3, 51],
        "found: its card is the service's task"
    );
}

#[test]
fn a_click_on_a_card_puts_the_cursor_there() {
    let mut h = on_board();
    h.resize(120, 40);
    // Three columns of 40; cards from the sixth line, three lines each: the second card of
    // the first column.
    h.click(5, 8);
    assert_eq!(h.app.tasks.layers.board().unwrap().focus, 0);
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(2));
    h.click(100, 20);
    assert_eq!(
        h.app.tasks.layers.board().unwrap().focus,
        2,
        "a column, below its cards"
    );
}

#[test]
fn a_task_opened_from_a_deal_closes_the_board_and_shows_in_the_list() {
    let mut h = on_board();
    h.take(|_| true);
    // The user went to the funnels screen and opened a deal's linked task from there.
    h.send(crate::testing::key_event(
        KeyCode::Char('2'),
        crossterm::event::KeyModifiers::ALT,
    ));
    assert_eq!(h.app.screen, Screen::Funnels);
    let task = Box::new(in_column(2, "Вторая", 10));
    h.jump(Screen::Funnels, Jump::Task(task));
    assert_eq!(h.app.screen, Screen::Tasks);
    assert!(h.app.tasks.layers.board().is_none(), "the board is closed");
    assert!(h.app.tasks.detail, "the detail pane is open");
    let list = h
        .take(|c| matches!(c, Call::Tasks(_)))
        .pop()
        .expect("the list is read");
    h.reply(&list, page(vec![in_column(2, "Вторая", 10)], false));
    assert_eq!(h.app.tasks.current().map(|t| t.id), Some(2));
    let s = h.render();
    assert!(!s.contains("Третья"), "no card of the board is left: {s}");
}

#[test]
fn opening_the_detail_pane_keeps_the_focused_column_on_screen() {
    let mut h = Harness::new();
    h.resize(160, 45);
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&list, page(vec![in_column(1, "Первая", 10)], false));
    let five: Vec<weeek_api::models::BoardColumn> = (0..5)
        .map(|i| weeek_api::models::BoardColumn {
            id: 10 + i,
            name: format!("Колонка {i}"),
            board_id: 5,
        })
        .collect();
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(five.clone())),
    );
    h.press("b");
    for column in 10..15 {
        let r = column_read(&mut h, column);
        let tasks = vec![in_column(column, &format!("Задача {column}"), column)];
        h.reply(&r, page(tasks, false));
    }
    h.press("lll");
    let shown = |h: &Harness| {
        let b = h.app.tasks.layers.board().expect("the board");
        (b.focus, b.first, b.fit.1)
    };
    assert_eq!(shown(&h).0, 3);
    assert!(
        h.app.viewport.board.columns_on_screen(true, 5) < 4,
        "the pane takes room"
    );
    for open in [true, false] {
        h.send(code(KeyCode::Enter));
        assert_eq!(h.app.tasks.detail_open(), open);
        let (focus, first, _) = shown(&h);
        let on_screen = h.app.viewport.board.columns_on_screen(open, 5);
        assert!(
            first <= focus && focus < first + on_screen,
            "column {focus} is on screen: columns {first}..{} show",
            first + on_screen,
        );
    }
}

/// The layers open on the task screen, bottom to top, by kind.
fn layers(h: &Harness) -> Vec<&'static str> {
    use crate::tasks::layer::Layer;
    h.app
        .tasks
        .layers
        .iter()
        .map(|l| match l {
            Layer::Board(_) => "board",
            Layer::Fields { .. } => "fields",
            Layer::Subtasks(_) => "subtasks",
            Layer::Panel(_) => "panel",
            Layer::Popup(_) => "popup",
            Layer::Form(_) => "form",
            Layer::FormPicker(_) => "form picker",
            Layer::Describe(_) => "describe",
            Layer::Time(_) => "time",
            Layer::Comment(_) => "comment",
            Layer::File(_) => "file",
        })
        .collect()
}

#[test]
fn a_picker_over_the_form_over_the_board_has_the_keys_and_each_esc_closes_one() {
    use crate::keys::commands::Context;
    let mut h = on_board();
    h.press("n");
    // Tab from the title to the project, a choice: Enter opens its picker.
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert_eq!(layers(&h), ["board", "form", "form picker"]);
    assert_eq!(
        h.app.contexts()[0],
        Context::Picker,
        "the picker has the keys"
    );
    h.send(code(KeyCode::Esc));
    assert_eq!(layers(&h), ["board", "form"], "the form stays");
    assert_eq!(h.app.contexts()[0], Context::TaskChoice);
    h.send(code(KeyCode::Esc));
    assert_eq!(layers(&h), ["board"]);
    assert_eq!(h.app.contexts()[0], Context::Board);
}
