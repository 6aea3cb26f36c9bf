//! Projects and boards made, renamed, archived and deleted from the tree: success, refusal and
//! lost answers of each verb.

use crossterm::event::{Event, KeyCode};
use weeek_api::ApiError;
use weeek_api::models::{Board, PROJECT_ARCHIVED, Project};

use super::Node;
use super::tests::{answer_boards, on_projects};
use crate::app::Msg;
use crate::keys::commands::Context;
use crate::screen::ScreenState;
use crate::screen::requests::Request;
use crate::testing::{Harness, code, ctrl};
use crate::worker::{Answer, Call};

fn project_names(h: &Harness) -> Vec<String> {
    h.app
        .names
        .projects
        .value()
        .map(|all| all.iter().map(Project::display_name).collect())
        .unwrap_or_default()
}

fn board_names(h: &Harness) -> Vec<String> {
    h.app
        .names
        .boards
        .get(&1)
        .and_then(|l| l.value())
        .map(|all| all.iter().map(|b| b.name.clone()).collect())
        .unwrap_or_default()
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn name(h: &mut Harness, name: &str) {
    assert_eq!(h.app.contexts()[0], Context::Prompt);
    h.send(ctrl('u'));
    h.send(Msg::Term(Event::Paste(name.into())));
    h.send(code(KeyCode::Enter));
}

fn one(h: &mut Harness, pred: impl Fn(&Call) -> bool) -> Request {
    let mut reqs = h.take(pred);
    assert_eq!(reqs.len(), 1, "one request: {reqs:?}");
    reqs.remove(0)
}

fn refused() -> ApiError {
    ApiError::Forbidden {
        message: "Forbidden.".into(),
    }
}

/// The tree with «Мобильное приложение» open and its board «Разработка» read.
fn with_boards() -> Harness {
    let mut h = on_projects();
    h.press("jl");
    answer_boards(&mut h);
    h
}

#[test]
fn a_new_project_goes_in_the_portfolio_under_the_cursor_and_takes_the_cursor() {
    let mut h = on_projects();
    h.press("n");
    assert!(h.render().contains("New project in Клиенты"));
    name(&mut h, "Лендинг");
    let r = one(
        &mut h,
        |c| matches!(c, Call::CreateProject(p) if p.name == "Лендинг" && p.portfolio_id == Some(10)),
    );
    h.reply(
        &r,
        Answer::CreatedProject(Ok(Box::new(Project {
            id: 9,
            title: Some("Лендинг".into()),
            portfolio_id: Some(10),
            ..Default::default()
        }))),
    );
    assert_eq!(h.app.projects.cursor, Some(Node::Project(9)));
    assert!(h.render().contains("Лендинг"));
    assert!(toasts(&h).contains("Created the project “Лендинг”"));
    assert_eq!(h.take(|c| matches!(c, Call::Boards(9))).len(), 1);
}

#[test]
fn a_refused_project_says_why_and_an_empty_name_is_not_sent() {
    let mut h = on_projects();
    h.press("n");
    h.send(code(KeyCode::Enter));
    let p = h.app.projects.prompt().expect("still open");
    assert_eq!(p.error.as_deref(), Some("A name is needed."));
    name(&mut h, "Лендинг");
    let r = one(&mut h, |c| matches!(c, Call::CreateProject(_)));
    h.fail(&r, refused());
    assert_eq!(project_names(&h).len(), 2);
    assert!(toasts(&h).contains("Could not create the project “Лендинг”: Not allowed"));
}

#[test]
fn a_new_project_whose_answer_was_lost_is_looked_for_before_it_is_sent_again() {
    let mut h = on_projects();
    h.press("n");
    name(&mut h, "Лендинг");
    let r = one(&mut h, |c| matches!(c, Call::CreateProject(_)));
    h.fail(&r, ApiError::Timeout);
    let look = one(&mut h, |c| matches!(c, Call::Projects));
    h.fail(
        &look,
        ApiError::Server {
            status: 502,
            message: None,
        },
    );
    assert!(
        toasts(&h).contains("looking for it failed"),
        "{}",
        toasts(&h)
    );
    // The same name again looks first, and sends only when it is not there.
    h.press("n");
    name(&mut h, "Лендинг");
    assert!(h.take(|c| matches!(c, Call::CreateProject(_))).is_empty());
    let look = one(&mut h, |c| matches!(c, Call::Projects));
    h.reply(&look, Answer::Projects(Ok(crate::testing::projects())));
    assert_eq!(h.take(|c| matches!(c, Call::CreateProject(_))).len(), 1);
}

#[test]
fn a_lost_project_found_by_the_look_is_not_sent_again() {
    let mut h = on_projects();
    h.press("n");
    name(&mut h, "Лендинг");
    let r = one(&mut h, |c| matches!(c, Call::CreateProject(_)));
    h.fail(&r, ApiError::Timeout);
    let look = one(&mut h, |c| matches!(c, Call::Projects));
    let mut after = crate::testing::projects();
    after.push(Project {
        id: 9,
        title: Some("Лендинг".into()),
        ..Default::default()
    });
    h.reply(&look, Answer::Projects(Ok(after)));
    assert!(toasts(&h).contains("was created after all"));
    assert!(h.take(|c| matches!(c, Call::CreateProject(_))).is_empty());
}

#[test]
fn a_new_board_goes_in_the_project_under_the_cursor() {
    let mut h = with_boards();
    h.press("N");
    name(&mut h, "Дизайн");
    let r = one(
        &mut h,
        |c| matches!(c, Call::CreateBoard(1, n) if n == "Дизайн"),
    );
    h.reply(
        &r,
        Answer::CreatedBoard(Ok(Board {
            id: 6,
            name: "Дизайн".into(),
            project_id: 1,
            is_private: false,
        })),
    );
    assert_eq!(board_names(&h), ["Разработка", "Дизайн"]);
    assert_eq!(
        h.app.projects.cursor,
        Some(Node::Board {
            project: 1,
            board: 6
        })
    );
}

#[test]
fn renaming_a_project_shows_at_once_and_a_refusal_puts_it_back() {
    let mut h = on_projects();
    h.press("j");
    h.press("e");
    name(&mut h, "Приложение 2.0");
    assert_eq!(project_names(&h)[0], "Приложение 2.0");
    let r = one(
        &mut h,
        |c| matches!(c, Call::UpdateProject(1, u) if u.name == "Приложение 2.0"),
    );
    h.fail(&r, refused());
    assert_eq!(project_names(&h)[0], "Мобильное приложение");
    assert!(toasts(&h).contains("Could not rename the project “Мобильное приложение”"));
}

#[test]
fn a_lost_rename_is_read_back() {
    let mut h = on_projects();
    h.press("je");
    name(&mut h, "Приложение 2.0");
    let r = one(&mut h, |c| matches!(c, Call::UpdateProject(..)));
    h.fail(&r, ApiError::Timeout);
    assert_eq!(
        project_names(&h)[0],
        "Приложение 2.0",
        "no rollback on a guess"
    );
    let read = one(&mut h, |c| matches!(c, Call::Project(1)));
    h.reply(
        &read,
        Answer::Project(Ok(Box::new(Project {
            id: 1,
            name: Some("Приложение 2.0".into()),
            portfolio_id: Some(10),
            ..Default::default()
        }))),
    );
    assert_eq!(project_names(&h)[0], "Приложение 2.0");
    let t = toasts(&h);
    assert!(t.contains("Renamed the project"), "{t}");
    assert!(t.contains("read back: done"), "{t}");
}

#[test]
fn archiving_marks_the_project_and_again_brings_it_back() {
    let mut h = on_projects();
    h.press("ja");
    let archived = |h: &Harness| h.app.names.project(1).is_some_and(Project::is_archived);
    assert!(archived(&h));
    assert!(h.render().contains("archived"));
    let r = one(&mut h, |c| matches!(c, Call::ArchiveProject(1, true)));
    h.done(&r);
    assert!(toasts(&h).contains("the service lists no archived projects"));
    h.press("a");
    assert!(!archived(&h));
    let r = one(&mut h, |c| matches!(c, Call::ArchiveProject(1, false)));
    h.fail(&r, refused());
    assert!(archived(&h), "the refusal puts it back");
    assert_eq!(
        h.app.names.project(1).and_then(|p| p.status),
        Some(PROJECT_ARCHIVED)
    );
}

#[test]
fn deleting_a_board_asks_then_takes_it_off_and_not_found_counts_as_done() {
    let mut h = with_boards();
    h.press("j");
    h.press("D");
    assert!(h.render().contains("Delete the board “Разработка”"));
    h.press("n");
    assert_eq!(board_names(&h), ["Разработка"]);
    h.press("Dy");
    assert_eq!(board_names(&h), Vec::<String>::new());
    assert_eq!(h.app.projects.cursor, Some(Node::Project(1)));
    let r = one(&mut h, |c| matches!(c, Call::DeleteBoard(5)));
    h.fail(
        &r,
        ApiError::NotFound {
            message: "not found".into(),
        },
    );
    assert!(toasts(&h).contains("Deleted the board “Разработка”"));
}

#[test]
fn a_refused_board_delete_puts_it_back_and_a_lost_one_is_read_back() {
    let mut h = with_boards();
    h.press("jDy");
    let r = one(&mut h, |c| matches!(c, Call::DeleteBoard(5)));
    h.fail(&r, refused());
    assert_eq!(board_names(&h), ["Разработка"]);

    // The cursor stepped up off the board as it went: back down to it.
    h.press("jDy");
    let r = one(&mut h, |c| matches!(c, Call::DeleteBoard(5)));
    h.fail(&r, ApiError::Timeout);
    let read = one(&mut h, |c| matches!(c, Call::Boards(1)));
    h.reply(&read, Answer::Boards(Ok(vec![])));
    assert_eq!(board_names(&h), Vec::<String>::new());
    assert!(toasts(&h).contains("read back: done"), "{}", toasts(&h));
}

#[test]
fn deleting_a_project_asks_and_a_refusal_puts_it_back() {
    let mut h = on_projects();
    h.press("jD");
    let q = h.app.projects.ask().expect("asks").question();
    assert_eq!(
        q,
        "Delete the project “Мобильное приложение” with its boards and tasks?"
    );
    h.press("y");
    assert_eq!(project_names(&h), ["Website"]);
    let r = one(&mut h, |c| matches!(c, Call::DeleteProject(1)));
    h.fail(&r, refused());
    assert_eq!(project_names(&h), ["Мобильное приложение", "Website"]);
}

#[test]
fn a_reread_directory_keeps_a_rename_on_its_way() {
    let mut h = on_projects();
    h.press("je");
    name(&mut h, "Приложение 2.0");
    h.press("r");
    h.answer_all(
        |c| matches!(c, Call::Projects),
        || Answer::Projects(Ok(crate::testing::projects())),
    );
    assert_eq!(project_names(&h)[0], "Приложение 2.0");
    assert_eq!(h.app.projects.footer_note().as_deref(), Some("saving 1…"));
}

#[test]
fn e_on_a_portfolio_renames_it_at_once_and_puts_it_back_if_refused() {
    let mut h = on_projects();
    h.press("e");
    assert_eq!(
        h.app.projects.prompt().map(|p| p.field.value().to_string()),
        Some("Клиенты".into())
    );
    h.send(ctrl('u'));
    h.press("Партнёры");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.projects.rows(&h.app.names)[0].name, "Партнёры");
    let sent = h.take(|c| matches!(c, Call::RenamePortfolio(..)));
    assert_eq!(sent.len(), 1);
    assert!(matches!(&sent[0].call, Call::RenamePortfolio(10, n) if n == "Партнёры"));
    h.fail(&sent[0], refused());
    assert_eq!(h.app.projects.rows(&h.app.names)[0].name, "Клиенты");
    assert!(
        toasts(&h).contains("rename the portfolio"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_portfolio_rename_that_holds_is_reported() {
    let mut h = on_projects();
    h.press("e");
    h.send(ctrl('u'));
    h.press("Партнёры");
    h.send(code(KeyCode::Enter));
    h.answer_all(
        |c| matches!(c, Call::RenamePortfolio(..)),
        || Answer::RenamedPortfolio(Ok(())),
    );
    assert_eq!(h.app.projects.rows(&h.app.names)[0].name, "Партнёры");
    assert!(
        toasts(&h).contains("Renamed the portfolio"),
        "{}",
        toasts(&h)
    );
}

/// A look that found nothing does not settle a project: the first send may land after it (a
/// slow commit), so the same name again looks once more, and finds it.
#[test]
fn a_project_not_found_is_looked_for_again_before_the_same_name_goes_again() {
    let mut h = on_projects();
    h.press("n");
    name(&mut h, "Лендинг");
    let r = one(&mut h, |c| matches!(c, Call::CreateProject(_)));
    h.fail(&r, ApiError::Timeout);
    let look = one(&mut h, |c| matches!(c, Call::Projects));
    h.reply(&look, Answer::Projects(Ok(crate::testing::projects())));
    assert!(toasts(&h).contains("was not created"), "{}", toasts(&h));
    h.press("n");
    name(&mut h, "Лендинг");
    assert!(h.take(|c| matches!(c, Call::CreateProject(_))).is_empty());
    let look = one(&mut h, |c| matches!(c, Call::Projects));
    let mut landed = crate::testing::projects();
    landed.push(Project {
        id: 9,
        title: Some("Лендинг".into()),
        ..Default::default()
    });
    h.reply(&look, Answer::Projects(Ok(landed)));
    assert!(
        toasts(&h).contains("was created after all"),
        "{}",
        toasts(&h)
    );
    assert!(h.take(|c| matches!(c, Call::CreateProject(_))).is_empty());
}
