//! `update` tests of the projects screen: the tree, opening and closing, the filter, a board's
//! tasks.

use crossterm::event::{KeyCode, KeyModifiers};
use weeek_api::ApiError;
use weeek_api::models::{Board, Portfolio};

use super::Node;
use crate::screen::Screen;
use crate::screen::ScreenState;
use crate::testing::{Harness, code, key_event};
use crate::worker::{Answer, Call};

pub fn portfolios() -> Vec<Portfolio> {
    vec![Portfolio {
        id: 10,
        name: "Клиенты".into(),
        parent_id: None,
        is_private: false,
    }]
}

/// The projects in the harness: «Мобильное приложение» in «Клиенты», «Website» in none.
fn file_projects(h: &mut Harness) {
    if let Some(ps) = h.app.names.projects.value_mut() {
        for p in ps.iter_mut().filter(|p| p.id == 1) {
            p.portfolio_id = Some(10);
        }
    }
}

/// The app on the projects screen, its portfolios read.
pub fn on_projects() -> Harness {
    let mut h = Harness::new();
    file_projects(&mut h);
    h.send(key_event(KeyCode::Char('4'), KeyModifiers::ALT));
    h.answer_all(
        |c| matches!(c, Call::Portfolios),
        || Answer::Portfolios(Ok(portfolios())),
    );
    h
}

pub fn answer_boards(h: &mut Harness) {
    h.answer_all(
        |c| matches!(c, Call::Boards(1)),
        || {
            Answer::Boards(Ok(vec![Board {
                id: 5,
                name: "Разработка".into(),
                project_id: 1,
                is_private: false,
            }]))
        },
    );
}

fn names(h: &Harness) -> Vec<String> {
    h.app
        .projects
        .rows(&h.app.names)
        .into_iter()
        .map(|r| format!("{}{}", "  ".repeat(r.depth), r.name))
        .collect()
}

#[test]
fn portfolios_open_with_their_projects_and_the_rest_in_a_group_of_their_own() {
    let h = on_projects();
    assert_eq!(h.app.screen, Screen::Projects);
    assert_eq!(
        names(&h),
        [
            "Клиенты",
            "  Мобильное приложение",
            "No portfolio",
            "  Website"
        ]
    );
}

#[test]
fn opening_a_project_reads_its_boards_and_enter_on_a_board_shows_its_tasks() {
    let mut h = on_projects();
    h.press("jl");
    answer_boards(&mut h);
    assert_eq!(
        names(&h)[..3],
        ["Клиенты", "  Мобильное приложение", "    Разработка"]
    );
    // Again on an open branch: down to its first row.
    h.press("l");
    assert_eq!(
        h.app.projects.cursor,
        Some(Node::Board {
            project: 1,
            board: 5
        })
    );
    h.take(|c| matches!(c, Call::Tasks(_)));
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Tasks);
    h.answer_all(
        |c| matches!(c, Call::Columns(5)),
        || Answer::Columns(Ok(crate::testing::columns())),
    );
    let board = h.app.tasks.layers.board().expect("the board opens");
    assert_eq!(board.board, 5);
    assert_eq!(
        board.columns.iter().map(|c| c.key).collect::<Vec<_>>(),
        [10, 11, 12],
        "its columns in the service's order"
    );
    let columns: Vec<Option<i64>> = h
        .take(|c| matches!(c, Call::Tasks(_)))
        .iter()
        .map(|r| match &r.call {
            Call::Tasks(q) => q.board_column_id,
            _ => None,
        })
        .collect();
    assert_eq!(
        columns,
        [Some(10), Some(11), Some(12)],
        "each column's tasks are read"
    );
}

#[test]
fn h_closes_a_branch_and_from_a_row_inside_goes_up_to_it() {
    let mut h = on_projects();
    h.press("j");
    h.press("h");
    assert_eq!(h.app.projects.cursor, Some(Node::Portfolio(10)));
    h.press("h");
    assert_eq!(names(&h), ["Клиенты", "No portfolio", "  Website"]);
    h.send(code(KeyCode::Right));
    assert_eq!(names(&h).len(), 4, "→ opens it again");
}

#[test]
fn the_filter_keeps_matches_and_the_branches_leading_to_them() {
    let mut h = on_projects();
    h.press("/моб");
    assert!(h.app.projects.typing());
    assert_eq!(names(&h), ["Клиенты", "  Мобильное приложение"]);
    assert_eq!(h.app.projects.cursor, Some(Node::Project(1)));
    // Typed on the wrong layout: `vj,` is «моб» on a Russian keyboard.
    h.send(code(KeyCode::Esc));
    h.press("/vj,");
    assert_eq!(names(&h), ["Клиенты", "  Мобильное приложение"]);
    h.send(code(KeyCode::Enter));
    assert!(!h.app.projects.typing(), "Enter keeps the filter");
    assert_eq!(names(&h).len(), 2);
    assert_eq!(h.app.projects.footer_note().as_deref(), Some("filter: vj,"));
    // A project opened under the filter shows its boards.
    h.press("l");
    answer_boards(&mut h);
    assert_eq!(
        names(&h),
        ["Клиенты", "  Мобильное приложение", "    Разработка"]
    );
    h.press("/");
    h.send(code(KeyCode::Esc));
    assert_eq!(names(&h).len(), 5, "Esc clears it");
}

#[test]
fn the_filter_under_an_open_project_keeps_only_the_matching_board_and_goes_to_it() {
    let mut h = on_projects();
    h.press("jl");
    h.answer_all(
        |c| matches!(c, Call::Boards(1)),
        || {
            let board = |id, name: &str| Board {
                id,
                name: name.into(),
                project_id: 1,
                is_private: false,
            };
            Answer::Boards(Ok(vec![board(5, "Разработка"), board(6, "Баги")]))
        },
    );
    h.press("jj");
    assert_eq!(
        h.app.projects.cursor,
        Some(Node::Board {
            project: 1,
            board: 6
        })
    );
    h.press("k");
    h.press("/Баги");
    assert_eq!(names(&h), ["Клиенты", "  Мобильное приложение", "    Баги"]);
    assert_eq!(
        h.app.projects.cursor,
        Some(Node::Board {
            project: 1,
            board: 6
        })
    );
    let rows = h.app.projects.rows(&h.app.names);
    assert_eq!(rows[2].hits, [0, 1, 2, 3], "the matched letters are marked");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Tasks, "Enter opens «Баги»");
}

#[test]
fn esc_clears_a_kept_filter_and_slash_edits_it_again() {
    let mut h = on_projects();
    h.press("/моб");
    h.send(code(KeyCode::Enter));
    h.press("/");
    assert!(h.app.projects.typing());
    h.send(code(KeyCode::Backspace));
    h.press("и");
    assert_eq!(
        h.app.projects.filter_text(),
        "мои",
        "edited at the end of the kept text"
    );
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.projects.footer_note().as_deref(), Some("filter: мои"));
    h.send(code(KeyCode::Esc));
    assert!(h.app.projects.filter.is_none());
    assert_eq!(names(&h).len(), 4, "the whole tree again");
}

#[test]
fn a_portfolio_counts_the_projects_of_its_sub_portfolios_too() {
    let mut h = Harness::new();
    file_projects(&mut h);
    h.send(key_event(KeyCode::Char('4'), KeyModifiers::ALT));
    h.answer_all(
        |c| matches!(c, Call::Portfolios),
        || {
            let mut all = portfolios();
            all.push(Portfolio {
                id: 10,
                name: "Все клиенты".into(),
                parent_id: None,
                is_private: false,
            });
            all[0].parent_id = Some(11);
            all[1].id = 11;
            Answer::Portfolios(Ok(all))
        },
    );
    let rows = h.app.projects.rows(&h.app.names);
    assert_eq!(rows[0].name, "Все клиенты");
    assert_eq!(rows[0].note.as_deref(), Some("1 project"));
}

#[test]
fn letters_typed_in_the_filter_are_not_commands() {
    let mut h = on_projects();
    h.press("/q");
    assert!(!h.quits());
    assert_eq!(
        h.app
            .projects
            .filter
            .as_ref()
            .map(|f| f.value().to_string()),
        Some("q".into())
    );
}

#[test]
fn portfolios_are_read_again_when_shown_again_and_on_refresh() {
    let mut h = on_projects();
    h.send(key_event(KeyCode::Char('1'), KeyModifiers::ALT));
    assert!(h.take(|c| matches!(c, Call::Portfolios)).is_empty());
    h.send(key_event(KeyCode::Char('4'), KeyModifiers::ALT));
    let again = h.take(|c| matches!(c, Call::Portfolios));
    assert_eq!(again.len(), 1, "shown again: read again");
    assert!(
        !again[0].from_store,
        "what is shown stays until the service answers"
    );
    h.press("r");
    assert_eq!(h.take(|c| matches!(c, Call::Portfolios)).len(), 1);
}

#[test]
fn a_failed_read_says_so_and_r_tries_again() {
    let mut h = Harness::new();
    h.send(key_event(KeyCode::Char('4'), KeyModifiers::ALT));
    h.fail_all(
        |c| matches!(c, Call::Portfolios),
        || ApiError::Server {
            status: 500,
            message: Some("boom".into()),
        },
    );
    let screen = h.render();
    assert!(screen.contains("Could not read the projects"), "{screen}");
    h.press("r");
    assert_eq!(h.take(|c| matches!(c, Call::Portfolios)).len(), 1);
}

#[test]
fn esc_on_a_board_opened_here_comes_back_to_the_tree() {
    let mut h = on_projects();
    h.press("jl");
    answer_boards(&mut h);
    h.press("l");
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.screen, Screen::Tasks);
    assert!(h.app.tasks.layers.board().is_some());
    h.send(code(KeyCode::Esc));
    assert_eq!(
        h.app.screen,
        Screen::Projects,
        "back where the board was opened"
    );
    assert!(h.app.tasks.layers.board().is_none(), "the board is closed");
    assert_eq!(
        h.app.projects.cursor,
        Some(Node::Board {
            project: 1,
            board: 5
        }),
        "on the board's row"
    );
}
