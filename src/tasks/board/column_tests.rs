//! `update` tests of a board's columns: create, rename, move and delete, each with success,
//! refusal and a lost answer.

use crossterm::event::KeyCode;
use weeek_api::ApiError;
use weeek_api::models::BoardColumn;

use super::tests::{on_board, toasts};
use crate::screen::requests::Request;
use crate::testing::{Harness, code};
use crate::worker::{Answer, Call};

fn refused() -> ApiError {
    ApiError::Validation {
        message: "The name may not be greater than 255 characters.".into(),
        fields: Default::default(),
    }
}

fn names(h: &Harness) -> Vec<String> {
    h.app.names.columns[&5]
        .value()
        .unwrap()
        .iter()
        .map(|c| c.name.clone())
        .collect()
}

fn board_order(h: &Harness) -> Vec<i64> {
    let b = h.app.tasks.layers.board().unwrap();
    b.columns.iter().map(|c| c.key).collect()
}

fn one(h: &mut Harness, pred: impl Fn(&Call) -> bool) -> Request {
    let mut reqs = h.take(pred);
    assert_eq!(reqs.len(), 1, "one request");
    reqs.remove(0)
}

#[test]
fn c_creates_a_column_last_and_focuses_it() {
    let mut h = on_board();
    h.press("C");
    h.press("Архив");
    h.send(code(KeyCode::Enter));
    let req = one(
        &mut h,
        |c| matches!(c, Call::CreateColumn(5, n) if n == "Архив"),
    );
    let created = BoardColumn {
        id: 13,
        name: "Архив".into(),
        board_id: 5,
    };
    h.reply(&req, Answer::CreatedColumn(Ok(created)));
    assert_eq!(board_order(&h), [10, 11, 12, 13]);
    assert_eq!(h.app.tasks.layers.board().unwrap().focus, 3);
    // The new column's tasks are read, as every column's are.
    one(
        &mut h,
        |c| matches!(c, Call::Tasks(q) if q.board_column_id == Some(13)),
    );
    assert!(toasts(&h).contains("Created the column “Архив”"));
}

#[test]
fn a_refused_column_create_offers_the_name_again() {
    let mut h = on_board();
    h.press("C");
    h.press("Архив");
    h.send(code(KeyCode::Enter));
    let req = one(&mut h, |c| matches!(c, Call::CreateColumn(..)));
    h.fail(&req, refused());
    assert_eq!(board_order(&h), [10, 11, 12]);
    assert!(toasts(&h).contains("Could not create the column “Архив”"));
    assert!(matches!(
        h.app.tasks.layers.popup(),
        Some(crate::tasks::dialogs::Popup::Prompt { field, .. }) if field.value() == "Архив"
    ));
}

#[test]
fn a_column_create_whose_answer_was_lost_is_looked_for_and_not_sent_again() {
    let mut h = on_board();
    h.press("C");
    h.press("Архив");
    h.send(code(KeyCode::Enter));
    let req = one(&mut h, |c| matches!(c, Call::CreateColumn(..)));
    h.fail(&req, ApiError::Timeout);
    assert!(h.take(|c| matches!(c, Call::CreateColumn(..))).is_empty());
    assert!(h.app.unsaved().is_some(), "quitting now asks");
    let read = one(&mut h, |c| matches!(c, Call::Columns(5)));
    let mut cols = crate::testing::columns();
    cols.push(BoardColumn {
        id: 13,
        name: "Архив".into(),
        board_id: 5,
    });
    h.reply(&read, Answer::Columns(Ok(cols)));
    assert_eq!(board_order(&h), [10, 11, 12, 13], "it was made: it shows");
    assert!(
        toasts(&h).contains("“Архив” was created after all"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_lost_column_not_found_is_looked_for_again_before_the_same_name_goes_again() {
    let mut h = on_board();
    // "В работе" exists already: a twin of the new one, known before it is sent.
    h.press("C");
    h.press("В работе");
    h.send(code(KeyCode::Enter));
    let req = one(&mut h, |c| matches!(c, Call::CreateColumn(..)));
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let read = one(&mut h, |c| matches!(c, Call::Columns(5)));
    h.reply(&read, Answer::Columns(Ok(crate::testing::columns())));
    assert!(
        toasts(&h).contains("“В работе” was not created"),
        "the column of that name that was there before is not it: {}",
        toasts(&h)
    );
    assert_eq!(board_order(&h), [10, 11, 12]);
    // The same name again: looked for first, and sent once only when still not there.
    h.press("C");
    h.press("В работе");
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::CreateColumn(..))).is_empty());
    let read = one(&mut h, |c| matches!(c, Call::Columns(5)));
    h.reply(&read, Answer::Columns(Ok(crate::testing::columns())));
    let req = one(
        &mut h,
        |c| matches!(c, Call::CreateColumn(5, n) if n == "В работе"),
    );
    let made = BoardColumn {
        id: 14,
        name: "В работе".into(),
        board_id: 5,
    };
    h.reply(&req, Answer::CreatedColumn(Ok(made)));
    assert_eq!(board_order(&h), [10, 11, 12, 14]);
}

#[test]
fn r_renames_the_column_at_once_and_puts_it_back_when_refused() {
    let mut h = on_board();
    h.press("R");
    for _ in 0.."В работе".chars().count() {
        h.send(code(KeyCode::Backspace));
    }
    h.press("Делаем");
    h.send(code(KeyCode::Enter));
    assert_eq!(names(&h)[1], "Делаем", "optimistic");
    let req = one(
        &mut h,
        |c| matches!(c, Call::RenameColumn(11, n) if n == "Делаем"),
    );
    h.fail(&req, refused());
    assert_eq!(names(&h)[1], "В работе", "rolled back");
    assert!(toasts(&h).contains("Could not rename the column to “Делаем”"));
}

#[test]
fn a_rename_whose_answer_was_lost_reads_the_columns_back() {
    let mut h = on_board();
    h.press("R");
    h.send(code(KeyCode::End));
    h.press("!");
    h.send(code(KeyCode::Enter));
    let req = one(&mut h, |c| matches!(c, Call::RenameColumn(11, _)));
    h.fail(&req, ApiError::Timeout);
    assert_eq!(names(&h)[1], "В работе!", "no rollback on a guess");
    let read = one(&mut h, |c| matches!(c, Call::Columns(5)));
    h.reply(&read, Answer::Columns(Ok(crate::testing::columns())));
    assert_eq!(names(&h)[1], "В работе", "what the service has");
}

#[test]
fn a_column_moves_right_after_its_new_left_neighbour() {
    let mut h = on_board();
    h.press("h>");
    assert_eq!(board_order(&h), [11, 10, 12], "optimistic");
    assert_eq!(
        h.app.tasks.layers.board().unwrap().focus,
        1,
        "focus follows it"
    );
    let req = one(&mut h, |c| matches!(c, Call::MoveColumn(..)));
    assert_eq!(req.call, Call::MoveColumn(10, Some(11)));
    h.done(&req);
    assert_eq!(board_order(&h), [11, 10, 12]);
    h.press("<");
    let req = one(&mut h, |c| matches!(c, Call::MoveColumn(..)));
    assert_eq!(
        req.call,
        Call::MoveColumn(10, None),
        "first: no column on its left"
    );
    h.fail(&req, refused());
    assert_eq!(board_order(&h), [11, 10, 12], "put back");
    assert!(toasts(&h).contains("Could not move the column “Бэклог”"));
}

#[test]
fn x_asks_where_the_tasks_go_then_deletes_the_column() {
    let mut h = on_board();
    h.press("X");
    let question = match h.app.tasks.layers.popup() {
        Some(crate::tasks::dialogs::Popup::ConfirmColumn { question, .. }) => question.clone(),
        other => panic!("a question: {other:?}"),
    };
    assert!(
        question.contains("Delete the column “В работе”"),
        "{question}"
    );
    assert!(
        question.contains("first remaining column, “Бэклог”"),
        "{question}"
    );
    h.press("n");
    assert!(h.take(|c| matches!(c, Call::DeleteColumn(_))).is_empty());
    h.press("Xy");
    let req = one(&mut h, |c| matches!(c, Call::DeleteColumn(11)));
    h.done(&req);
    assert_eq!(board_order(&h), [10, 12]);
    // Its tasks went elsewhere: every column is read again.
    one(
        &mut h,
        |c| matches!(c, Call::Tasks(q) if q.board_column_id == Some(10)),
    );
    assert!(toasts(&h).contains("Deleted the column “В работе”"));
    // The list underneath showed a task of it: read again, it shows where that task went.
    let list = one(
        &mut h,
        |c| matches!(c, Call::Tasks(q) if q.board_column_id.is_none()),
    );
    h.reply(
        &list,
        Answer::TaskPage(Ok(weeek_api::TaskPage {
            tasks: crate::testing::rows(vec![super::tests::in_column(3, "Третья", 10)]),
            has_more: false,
        })),
    );
    assert_eq!(
        h.app.tasks.list.rows[0].locations[0].board_column_id,
        Some(10)
    );
}

#[test]
fn a_refused_or_lost_delete_keeps_the_column_until_the_service_says() {
    let mut h = on_board();
    h.press("Xy");
    let req = one(&mut h, |c| matches!(c, Call::DeleteColumn(11)));
    h.fail(&req, refused());
    assert_eq!(board_order(&h), [10, 11, 12]);
    assert!(toasts(&h).contains("Could not delete the column “В работе”"));
    h.press("Xy");
    let req = one(&mut h, |c| matches!(c, Call::DeleteColumn(11)));
    h.fail(&req, ApiError::Timeout);
    let read = one(&mut h, |c| matches!(c, Call::Columns(5)));
    let mut cols = crate::testing::columns();
    cols.remove(1);
    h.reply(&read, Answer::Columns(Ok(cols)));
    assert_eq!(board_order(&h), [10, 12], "it was deleted: it goes");
}
