//! How a task board looks: cards with priorities, due days, initials and the timer; a column
//! that failed beside one still loading; one column at a time on narrow terminals.

use insta::assert_snapshot;
use time::macros::date;
use weeek_api::models::{Priority, Task, TaskLocation};
use weeek_api::{ApiError, TaskPage};

use crate::testing::{BORIS, Harness, task};
use crate::worker::{Answer, Call};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

fn in_column(id: i64, title: &str, column: i64) -> Task {
    Task {
        locations: vec![TaskLocation {
            project_id: 1,
            board_id: Some(5),
            board_column_id: Some(column),
        }],
        ..task(id, title)
    }
}

fn page(tasks: Vec<Task>) -> Answer {
    Answer::TaskPage(Ok(TaskPage {
        tasks: crate::testing::rows(tasks),
        has_more: false,
    }))
}

fn backlog() -> Vec<Task> {
    let mut a = in_column(1, "Подготовить отчёт для инвесторов за третий квартал", 10);
    a.priority = Some(Priority::High);
    a.due_date = Some(date!(2026 - 11 - 19));
    let mut b = in_column(2, "Релиз 2.4 в App Store 🚀", 10);
    b.priority = Some(Priority::Medium);
    b.assignees.push(BORIS.into());
    let mut c = in_column(3, &"Очень длинное название задачи ".repeat(10), 10);
    c.due_date = None;
    let mut d = in_column(4, "Call the design agency", 10);
    d.is_completed = true;
    d.priority = Some(Priority::Low);
    vec![a, b, c, d]
}

/// The board of task 1: Бэклог loaded, В работе failed, Готово still loading.
fn board() -> Harness {
    board_with(backlog())
}

/// The board of the first of `backlog` (column 10), the cursor on its second card: Бэклог
/// holds `backlog`, В работе failed, Готово still loading.
fn board_with(backlog: Vec<Task>) -> Harness {
    let mut h = Harness::new();
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&list, page(backlog.clone()));
    h.answer_all(
        |c| matches!(c, Call::Boards(_)),
        || {
            Answer::Boards(Ok(vec![weeek_api::models::Board {
                id: 5,
                name: "Разработка".into(),
                project_id: 1,
                is_private: false,
            }]))
        },
    );
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(crate::testing::columns())),
    );
    h.press("b");
    let reads = h.take(|c| matches!(c, Call::Tasks(_)));
    for r in reads {
        match &r.call {
            Call::Tasks(q) if q.board_column_id == Some(10) => h.reply(&r, page(backlog.clone())),
            Call::Tasks(q) if q.board_column_id == Some(11) => h.fail(&r, ApiError::Timeout),
            _ => h.pending.push(r),
        }
    }
    h.press("j");
    h
}

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

#[test]
fn a_board_with_a_failed_and_a_loading_column() {
    let mut h = board();
    each_size("board_columns", &mut h);
}

#[test]
fn a_board_with_the_detail_pane() {
    let mut h = board();
    h.press("p");
    each_size("board_detail", &mut h);
}

#[test]
fn deleting_a_column_asks_first() {
    let mut h = board();
    h.press("X");
    each_size("board_delete_column", &mut h);
}

#[test]
fn a_board_without_columns_says_how_to_make_one_and_opens_no_detail_pane() {
    let mut h = Harness::new();
    let list = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&list, page(backlog()));
    h.answer_all(
        |c| matches!(c, Call::Boards(_)),
        || {
            Answer::Boards(Ok(vec![weeek_api::models::Board {
                id: 5,
                name: "Разработка".into(),
                project_id: 1,
                is_private: false,
            }]))
        },
    );
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(Vec::new())),
    );
    // The detail pane open on the list stays shut beside a board with no card.
    h.press("pb");
    assert!(h.app.tasks.detail);
    let s = h.render();
    assert!(s.contains("C creates a column"), "{s}");
    assert!(!s.contains("No task selected"), "{s}");
    each_size("board_no_columns", &mut h);
}

#[test]
fn a_column_scrolled_down_says_how_many_cards_are_above() {
    let many: Vec<Task> = (1..=20)
        .map(|i| in_column(i, &format!("Задача {i}"), 10))
        .collect();
    let mut h = board_with(many);
    h.resize(100, 30);
    let s = h.render();
    assert!(!s.contains("more"), "nothing above yet: {s}");
    h.press("Gl");
    assert_eq!(h.app.tasks.layers.board().map(|b| b.focus), Some(1));
    let s = h.render();
    assert!(s.contains("20 tasks · ↑ "), "{s}");
    assert_snapshot!("board_scrolled_100x30", s);
}

#[test]
fn the_footer_lists_the_board_keys_that_do_something_where_the_cursor_is() {
    let mut h = board();
    h.resize(160, 45);
    let footer = |h: &Harness| h.render().lines().last().unwrap_or_default().to_string();
    // The first column, on the second of four cards.
    let f = footer(&h);
    for hint in [
        "l/→ column",
        "L move",
        "J/K order",
        "C/R/X columns",
        "Esc back",
    ] {
        assert!(f.contains(hint), "{hint}: {f}");
    }
    assert!(!f.contains("h/"), "no column before the first: {f}");
    h.press("k");
    assert!(footer(&h).contains("J order"), "{}", footer(&h));
    // The last column, still loading: no card to move.
    h.press("ll");
    let f = footer(&h);
    assert!(f.contains("h/← column"), "{f}");
    assert!(
        !f.contains("L move") && !f.contains("H move") && !f.contains("order"),
        "{f}"
    );
}
