//! How comments look: the thread in the detail pane (replies under what they answer, how long
//! ago), the box a comment is written in, and a comment opened to reply or delete, at four
//! sizes.

use insta::assert_snapshot;
use time::macros::datetime;
use weeek_api::CommentPage;
use weeek_api::models::Comment;

use crate::testing::{BORIS, Harness, ME, code, task};
use crate::worker::{Answer, Call};
use crossterm::event::KeyCode;

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (30, 8)];

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

fn comment(
    id: i64,
    author: &str,
    text: &str,
    parent: Option<i64>,
    at: time::OffsetDateTime,
) -> Comment {
    Comment {
        id,
        parent_id: parent,
        author_id: Some(author.into()),
        markdown: Some(text.into()),
        created_at: Some(at),
        updated_at: None,
    }
}

fn with_thread() -> Harness {
    let mut h = Harness::new();
    h.list_tasks(vec![task(1, "Интеграция СБП в мобильное приложение")]);
    h.send(code(KeyCode::Enter));
    let page = h.take(|c| matches!(c, Call::Comments(..))).remove(0);
    h.reply(
        &page,
        Answer::CommentPage(Ok(CommentPage {
            comments: vec![
                comment(
                    1,
                    ME,
                    "Банк прислал новую версию SDK — **2.1**. Берём её, в 2.0 нет возврата из приложения банка.",
                    None,
                    datetime!(2026-11-18 10:30 UTC),
                ),
                comment(
                    2,
                    BORIS,
                    "Ок, переключил. Возврат работает,\nно на Android 9 теряется `deeplink` после поворота экрана.",
                    Some(1),
                    datetime!(2026-11-21 7:15 UTC),
                ),
                comment(3, ME, "Посмотрю сегодня 👀", Some(2), datetime!(2026-11-21 9:52 UTC)),
            ],
            has_more: false,
        })),
    );
    h
}

#[test]
fn the_thread_in_the_detail() {
    let mut h = with_thread();
    each_size("comments_detail", &mut h);
}

#[test]
fn writing_a_comment() {
    let mut h = with_thread();
    h.press("i");
    h.press("Проверил на Pixel 3");
    h.send(code(KeyCode::Enter));
    h.press("— воспроизводится.");
    each_size("comments_compose", &mut h);
}

#[test]
fn the_comments_as_a_tree_to_reply_or_delete() {
    let mut h = with_thread();
    h.press("I");
    let screen = h.render();
    assert!(screen.contains("Comments (3)"), "{screen}");
    assert!(
        screen.contains("    ↳ Анна Смирнова: Посмотрю сегодня"),
        "{screen}"
    );
    each_size("comments_list", &mut h);
}

#[test]
fn a_comment_opened_to_reply_or_delete() {
    let mut h = with_thread();
    h.press("I");
    // From the newest (the last reply) up to the one it answers.
    h.send(code(KeyCode::Up));
    h.send(code(KeyCode::Enter));
    each_size("comments_view", &mut h);
}
