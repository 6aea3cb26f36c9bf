//! `update` tests of comments in the detail pane: the thread read page by page, writing,
//! replying and deleting: success, refusal, lost answers.

use crossterm::event::KeyCode;
use time::macros::datetime;
use weeek_api::models::{Comment, Task};
use weeek_api::{ApiError, CommentPage};

use crate::testing::{BORIS, Harness, ME, code, ctrl, task};
use crate::worker::{Answer, Call};

fn loaded(tasks: Vec<Task>) -> Harness {
    let mut h = Harness::new();
    h.resize(160, 45);
    h.list_tasks(tasks);
    h
}

fn comment(id: i64, author: &str, text: &str, parent: Option<i64>) -> Comment {
    Comment {
        id,
        parent_id: parent,
        author_id: Some(author.into()),
        markdown: Some(text.into()),
        created_at: Some(datetime!(2026-11-21 9:15 UTC)),
        updated_at: None,
    }
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

/// The detail open on task 1 with its thread answered.
fn with_thread(rows: Vec<Comment>) -> Harness {
    let mut h = loaded(vec![task(1, "Отчёт"), task(2, "Релиз")]);
    h.press("p");
    let page = h.take(|c| matches!(c, Call::Comments(1, _, 0))).remove(0);
    h.reply(
        &page,
        Answer::CommentPage(Ok(CommentPage {
            comments: rows,
            has_more: false,
        })),
    );
    h
}

fn write(h: &mut Harness, text: &str) {
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            h.send(code(KeyCode::Enter));
        }
        h.press(line);
    }
}

fn sent(h: &mut Harness) -> crate::screen::requests::Request {
    h.take(|c| matches!(c, Call::CreateComment { .. }))
        .remove(0)
}

#[test]
fn the_thread_is_read_page_by_page_and_shown_newest_last_with_replies_under() {
    let mut h = loaded(vec![task(1, "Отчёт")]);
    h.press("p");
    let first = h.take(|c| matches!(c, Call::Comments(1, 50, 0))).remove(0);
    let page: Vec<Comment> = (1..=50)
        .map(|i| comment(i, BORIS, &format!("старый {i}"), None))
        .collect();
    h.reply(
        &first,
        Answer::CommentPage(Ok(CommentPage {
            comments: page,
            has_more: true,
        })),
    );
    let second = h.take(|c| matches!(c, Call::Comments(1, 50, 50))).remove(0);
    h.reply(
        &second,
        Answer::CommentPage(Ok(CommentPage {
            comments: vec![
                comment(51, ME, "Свежий комментарий", None),
                comment(52, BORIS, "Ответ на него", Some(51)),
            ],
            has_more: false,
        })),
    );
    let thread = h.app.tasks.comments.thread.as_ref().expect("a thread");
    assert_eq!(thread.rows.len(), 52);
    assert_eq!(thread.rows.last().map(|c| c.id), Some(52));
    assert!(h.render().contains("Comments (52)"), "{}", h.render());
    // To the end of the pane: three lines a press.
    h.press("J".repeat(30).as_str());
    let screen = h.render();
    assert!(screen.contains("Анна Смирнова · 45m ago"), "{screen}");
    assert!(screen.contains("  ↳ Boris Ivanov · 45m ago"), "{screen}");
    let newest = screen.find("Ответ на него").expect("the reply");
    let older = screen.find("Свежий комментарий").expect("the comment");
    assert!(older < newest, "newest last");
}

#[test]
fn moving_to_another_task_reads_its_thread() {
    let mut h = with_thread(vec![comment(1, ME, "первый", None)]);
    h.press("j");
    assert_eq!(h.take(|c| matches!(c, Call::Comments(2, _, 0))).len(), 1);
    assert!(
        h.app
            .tasks
            .comments
            .thread
            .as_ref()
            .is_some_and(|t| t.task_id == 2)
    );
}

#[test]
fn a_comment_of_several_lines_is_sent_with_ctrl_s_and_shown_once_the_service_has_it() {
    let mut h = with_thread(vec![]);
    h.press("i");
    write(&mut h, "Первая строка\nвторая");
    h.send(ctrl('s'));
    let req = sent(&mut h);
    assert_eq!(
        req.call,
        Call::CreateComment {
            task: 1,
            markdown: "Первая строка\nвторая".into(),
            reply_to: None
        }
    );
    assert!(h.app.tasks.layers.comment_dialog().is_none());
    h.reply(
        &req,
        Answer::CreatedComment(Ok(Box::new(comment(9, ME, "Первая строка\nвторая", None)))),
    );
    assert!(toasts(&h).contains("Comment added to “Отчёт”"));
    let screen = h.render();
    assert!(screen.contains("Comments (1)"), "{screen}");
    assert!(screen.contains("  вторая"), "{screen}");
    // The draft went with the send: a new comment starts empty.
    h.press("i");
    match h.app.tasks.layers.comment_dialog() {
        Some(crate::tasks::comments::CommentDialog::Compose { text, .. }) => {
            assert!(text.is_blank())
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn closing_the_box_keeps_what_was_written_and_a_refused_send_keeps_it_too() {
    let mut h = with_thread(vec![]);
    h.press("i");
    write(&mut h, "Черновик");
    h.send(code(KeyCode::Esc));
    assert!(
        h.take(|c| matches!(c, Call::CreateComment { .. }))
            .is_empty()
    );
    h.press("i");
    assert!(h.render().contains("Черновик"), "{}", h.render());
    h.send(ctrl('s'));
    let req = sent(&mut h);
    h.fail(
        &req,
        ApiError::Validation {
            message: "The markdown is too long".into(),
            fields: Default::default(),
        },
    );
    assert!(
        toasts(&h).contains("Could not add the comment on “Отчёт”"),
        "{}",
        toasts(&h)
    );
    assert!(
        h.app
            .tasks
            .comments
            .thread
            .as_ref()
            .unwrap()
            .rows
            .is_empty()
    );
    h.press("i");
    assert!(h.render().contains("Черновик"), "the text is not lost");
}

#[test]
fn a_lost_send_is_looked_for_in_the_thread_and_never_sent_twice() {
    let mut h = with_thread(vec![comment(1, BORIS, "вопрос", None)]);
    h.press("i");
    write(&mut h, "Ответ");
    h.send(ctrl('s'));
    let req = sent(&mut h);
    h.fail(&req, ApiError::Timeout);
    assert!(
        h.take(|c| matches!(c, Call::CreateComment { .. }))
            .is_empty()
    );
    assert!(h.app.unsaved().is_some(), "quitting now asks");
    let look = h.take(|c| matches!(c, Call::Comments(1, 100, 0))).remove(0);
    let mut it = comment(2, ME, "Ответ", None);
    it.created_at = Some(datetime!(2026-11-21 10:00:01 UTC));
    h.reply(
        &look,
        Answer::CommentPage(Ok(CommentPage {
            comments: vec![comment(1, BORIS, "вопрос", None), it],
            has_more: false,
        })),
    );
    assert!(
        toasts(&h).contains("“Ответ” was added to “Отчёт” after all"),
        "{}",
        toasts(&h)
    );
    assert_eq!(h.app.tasks.comments.thread.as_ref().unwrap().rows.len(), 2);
    assert!(h.app.unsaved().is_none());
}

/// The scenario of a twin: my comment of the same text, made before, is not the lost one.
#[test]
fn a_twin_comment_from_before_is_not_taken_for_a_lost_send_and_the_text_stays() {
    let mut h = with_thread(vec![comment(2, ME, "Согласовано", None)]);
    h.press("i");
    write(&mut h, "Согласовано");
    h.send(ctrl('s'));
    let req = sent(&mut h);
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let look = h.take(|c| matches!(c, Call::Comments(1, 100, 0))).remove(0);
    h.reply(
        &look,
        Answer::CommentPage(Ok(CommentPage {
            comments: vec![comment(2, ME, "Согласовано", None)],
            has_more: false,
        })),
    );
    assert!(!toasts(&h).contains("after all"), "{}", toasts(&h));
    assert!(
        toasts(&h).contains("was not added to “Отчёт”"),
        "{}",
        toasts(&h)
    );
    // The text is still in the box.
    h.press("i");
    assert!(h.render().contains("Согласовано"), "the text is kept");
    // Sent again: looked for once more first, then sent once.
    h.send(ctrl('s'));
    assert!(
        h.take(|c| matches!(c, Call::CreateComment { .. }))
            .is_empty(),
        "not before the look"
    );
    let look = h.take(|c| matches!(c, Call::Comments(1, 100, 0))).remove(0);
    h.reply(
        &look,
        Answer::CommentPage(Ok(CommentPage {
            comments: vec![comment(2, ME, "Согласовано", None)],
            has_more: false,
        })),
    );
    assert_eq!(
        h.take(|c| matches!(c, Call::CreateComment { .. })).len(),
        1,
        "sent again, once"
    );
}

#[test]
fn a_reply_names_the_comment_it_answers() {
    let mut h = with_thread(vec![comment(5, BORIS, "Какой вариант?", None)]);
    h.press("I");
    h.send(code(KeyCode::Enter));
    assert!(
        h.render().contains("Boris Ivanov · 45m ago"),
        "{}",
        h.render()
    );
    h.press("r");
    assert!(h.render().contains("Reply to Boris Ivanov on “Отчёт”"));
    write(&mut h, "Вариант Б");
    h.send(ctrl('s'));
    let req = sent(&mut h);
    assert_eq!(
        req.call,
        Call::CreateComment {
            task: 1,
            markdown: "Вариант Б".into(),
            reply_to: Some(5)
        }
    );
}

#[test]
fn only_my_own_comments_are_deleted_after_asking_and_a_refusal_brings_it_back() {
    let mut h = with_thread(vec![
        comment(5, BORIS, "чужой", None),
        comment(6, ME, "мой", None),
        comment(7, BORIS, "ответ на мой", Some(6)),
    ]);
    h.press("I");
    // The cursor starts on the newest: Boris's reply, last of the tree.
    h.send(code(KeyCode::Enter));
    h.press("D");
    assert!(toasts(&h).contains("Only your own comments can be deleted"));
    h.send(code(KeyCode::Esc));
    h.send(code(KeyCode::Up));
    h.send(code(KeyCode::Enter));
    h.press("D");
    assert!(
        h.render()
            .contains("Delete the comment “мой” and its reply?"),
        "{}",
        h.render()
    );
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteComment(1, 6))).remove(0);
    let ids: Vec<i64> = h
        .app
        .tasks
        .comments
        .thread
        .as_ref()
        .unwrap()
        .rows
        .iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, vec![5], "its replies go with it");
    h.fail(
        &req,
        ApiError::Forbidden {
            message: "no".into(),
        },
    );
    assert!(toasts(&h).contains("Could not delete the comment"));
    let ids: Vec<i64> = h
        .app
        .tasks
        .comments
        .thread
        .as_ref()
        .unwrap()
        .rows
        .iter()
        .map(|c| c.id)
        .collect();
    assert!(ids.contains(&6), "{ids:?}");
    assert_eq!(
        h.take(|c| matches!(c, Call::Comments(1, _, 0))).len(),
        1,
        "the thread is read again for its replies"
    );
}

#[test]
fn a_deleted_comment_goes_when_the_service_says_so() {
    let mut h = with_thread(vec![comment(6, ME, "мой", None)]);
    h.press("I");
    h.send(code(KeyCode::Enter));
    h.press("D");
    let screen = h.render();
    assert!(
        screen.contains("Delete the comment “мой”?"),
        "no replies, none named: {screen}"
    );
    h.press("y");
    let req = h.take(|c| matches!(c, Call::DeleteComment(1, 6))).remove(0);
    h.done(&req);
    assert!(toasts(&h).contains("Comment on “Отчёт” deleted"));
    assert!(
        h.app
            .tasks
            .comments
            .thread
            .as_ref()
            .unwrap()
            .rows
            .is_empty()
    );
}

fn at(id: i64, author: &str, text: &str, parent: Option<i64>, minute: u8) -> Comment {
    Comment {
        created_at: Some(datetime!(2026-11-21 9:00 UTC) + time::Duration::minutes(minute.into())),
        ..comment(id, author, text, parent)
    }
}

/// `I` lists the thread as a tree: a reply under what it answers even when a later comment
/// came between them.
#[test]
fn the_comments_are_a_tree_and_r_replies_from_the_list() {
    let mut h = with_thread(vec![
        at(1, BORIS, "вопрос", None, 0),
        at(2, ME, "другая тема", None, 5),
        at(3, ME, "ответ на вопрос", Some(1), 10),
    ]);
    h.press("I");
    let thread = h.app.tasks.comments.thread.as_ref().unwrap();
    let order: Vec<(usize, i64)> = thread.tree().iter().map(|(d, c)| (*d, c.id)).collect();
    assert_eq!(order, vec![(0, 1), (1, 3), (0, 2)]);
    let screen = h.render();
    let row = |text: &str| screen.lines().position(|l| l.contains(text)).unwrap();
    assert!(
        row("вопрос") < row("↳ Анна Смирнова: ответ на вопрос"),
        "{screen}"
    );
    assert!(row("ответ на вопрос") < row("другая тема"), "{screen}");
    // The cursor is on the newest, the reply: r answers it, and is not typed anywhere.
    h.send(code(KeyCode::Up));
    h.press("r");
    assert!(
        h.render().contains("Reply to Boris Ivanov on “Отчёт”"),
        "{}",
        h.render()
    );
    write(&mut h, "Спасибо");
    h.send(ctrl('s'));
    assert_eq!(
        sent(&mut h).call,
        Call::CreateComment {
            task: 1,
            markdown: "Спасибо".into(),
            reply_to: Some(1)
        }
    );
}

#[test]
fn a_reply_is_deleted_from_the_list_without_a_word_of_replies_it_has_not() {
    let mut h = with_thread(vec![
        at(1, BORIS, "вопрос", None, 0),
        at(3, ME, "ответ", Some(1), 10),
    ]);
    h.press("I");
    h.press("D");
    let screen = h.render();
    assert!(screen.contains("Delete the comment “ответ”?"), "{screen}");
    assert!(!screen.contains("replies"), "{screen}");
    h.press("n");
    assert!(
        matches!(
            h.app.tasks.layers.comment_dialog(),
            Some(crate::tasks::comments::CommentDialog::List { cursor: 1, .. })
        ),
        "No goes back to the list"
    );
    h.press("D");
    h.press("y");
    assert_eq!(h.take(|c| matches!(c, Call::DeleteComment(1, 3))).len(), 1);
}
