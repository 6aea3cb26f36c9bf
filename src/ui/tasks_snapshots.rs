//! How the task screen looks: loaded, loading, empty, error, with the detail pane, with long
//! Cyrillic and emoji titles, at four sizes.

use insta::assert_snapshot;
use time::macros::date;
use weeek_api::models::{Attachment, Priority, Task, TaskType, TimeEntry};
use weeek_api::{ApiError, TaskPage};

use crate::testing::{BORIS, Harness, code, task};
use crate::worker::{Answer, Call};
use crossterm::event::KeyCode;

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (30, 8)];

fn rows() -> Vec<Task> {
    let mut a = task(1, "Подготовить отчёт для инвесторов за третий квартал");
    a.priority = Some(Priority::High);
    a.tags = vec![1, 2];
    a.due_date = Some(date!(2026 - 11 - 19));
    let mut b = task(2, "Релиз 2.4 в App Store 🚀");
    b.priority = Some(Priority::Medium);
    b.due_date = Some(date!(2026 - 11 - 21));
    b.assignees.push(BORIS.into());
    let mut c = task(3, &"Очень длинное название задачи ".repeat(10));
    c.priority = Some(Priority::Hold);
    c.due_date = None;
    let mut d = task(4, "Call the design agency");
    d.is_completed = true;
    d.priority = Some(Priority::Low);
    d.r#type = Some(TaskType::Call);
    d.due_date = Some(date!(2026 - 12 - 25));
    vec![a, b, c, d]
}

fn loaded(page: Vec<Task>, has_more: bool) -> Harness {
    let mut h = Harness::new();
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: crate::testing::rows(page),
            has_more,
        })),
    );
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
    h
}

fn each_size(name: &str, h: &mut Harness) {
    for (w, ht) in SIZES {
        h.resize(w, ht);
        assert_snapshot!(format!("{name}_{w}x{ht}"), h.render());
    }
}

#[test]
fn loaded_list() {
    let mut h = loaded(rows(), true);
    each_size("tasks_loaded", &mut h);
}

#[test]
fn loading_before_the_first_page() {
    let mut h = Harness::new();
    each_size("tasks_loading", &mut h);
}

#[test]
fn empty_with_filters_on() {
    let mut h = loaded(rows(), false);
    h.press("f");
    h.press("jjj");
    h.send(code(KeyCode::Enter));
    h.press("hold");
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Esc));
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(&req, Answer::TaskPage(Ok(TaskPage::default())));
    each_size("tasks_empty", &mut h);
}

#[test]
fn error_on_first_load() {
    let mut h = Harness::new();
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: Some("Service Unavailable".into()),
        },
    );
    h.app.toasts.dismiss_all();
    each_size("tasks_error", &mut h);
}

#[test]
fn detail_pane() {
    let mut page = rows();
    page[0].description = Some(
        "<p>Собрать цифры по <b>выручке</b> и оттоку.</p><ul><li>MRR</li><li>Churn</li></ul>"
            .into(),
    );
    page[0].time_entries = vec![TimeEntry {
        id: "e1".into(),
        user_id: Some(crate::testing::ME.into()),
        date: Some(date!(2026 - 11 - 20)),
        duration: Some(90),
        ..Default::default()
    }];
    page[0].attachments = vec![Attachment {
        id: "a1".into(),
        name: Some("report.pdf".into()),
        size: Some(248_000),
        ..Default::default()
    }];
    page[0].sub_tasks = vec![2];
    page[0].duration = Some(120);
    let mut h = loaded(page, false);
    h.send(code(KeyCode::Enter));
    each_size("tasks_detail", &mut h);
}

#[test]
fn filter_panel_says_its_quick_due_keys() {
    let mut h = loaded(rows(), false);
    h.press("f");
    each_size("tasks_filter_panel", &mut h);
}

/// The footer's last line at the size of the harness.
fn footer(h: &Harness) -> String {
    h.render().lines().last().unwrap_or_default().to_string()
}

#[test]
fn the_footer_at_80_columns_keeps_filter_search_sort_and_detail() {
    let mut h = loaded(rows(), false);
    for (w, ht) in [(80, 24), (100, 30), (160, 45)] {
        h.resize(w, ht);
        let f = footer(&h);
        for hint in ["f filter", "/ search", "s sort", "Enter/p detail", "? help"] {
            assert!(f.contains(hint), "{w}x{ht}: {hint} missing in {f:?}");
        }
    }
    h.resize(80, 24);
    assert_snapshot!("tasks_footer_80x24", footer(&h));
}

#[test]
fn the_detail_pane_stops_scrolling_at_its_last_line() {
    let mut page = rows();
    let para: String = (1..=40).map(|i| format!("<p>Абзац {i}</p>")).collect();
    page[0].description = Some(format!("{para}<p>Последняя строка</p>"));
    let mut h = loaded(page, false);
    h.resize(80, 24);
    h.send(code(KeyCode::Enter));
    h.press(&"J".repeat(60));
    let max = h.app.tasks.detail_scroll;
    assert!(h.render().contains("Последняя строка"), "{}", h.render());
    h.press("K");
    assert_eq!(
        h.app.tasks.detail_scroll,
        max.saturating_sub(3),
        "one key back up"
    );
    assert!(h.render().contains("Абзац 39"), "{}", h.render());
}

#[test]
fn wide_terminals_give_the_cut_columns_room_before_the_title() {
    let mut page = rows();
    page[0].locations.push(weeek_api::models::TaskLocation {
        project_id: 2,
        board_id: None,
        board_column_id: None,
    });
    page[0].assignees = vec![crate::testing::ME.into(), BORIS.into()];
    let mut h = loaded(page, false);
    h.resize(220, 50);
    let screen = h.render();
    let row = screen
        .lines()
        .find(|l| l.contains("Подготовить"))
        .unwrap_or_default();
    assert!(row.contains("Мобильное приложение › Бэклог +1"), "{row}");
    assert!(row.contains("Анна Смирнова +1"), "{row}");
    for (w, ht) in [(60, 15), (80, 24), (160, 45), (220, 50)] {
        h.resize(w, ht);
        assert_snapshot!(format!("tasks_columns_{w}x{ht}"), h.render());
    }
}

#[test]
fn a_prompt_grows_to_show_its_message_whole() {
    let mut h = crate::testing::Harness::new();
    h.list_tasks(vec![crate::testing::task(1, "Отчёт")]);
    for (w, ht) in [(160, 45), (80, 24)] {
        h.resize(w, ht);
        h.press("d");
        h.send(crate::testing::ctrl('u'));
        h.press("garbage");
        let screen = h.render();
        let joined: String = screen
            .split(|c: char| c.is_whitespace() || c == '│')
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        let said = crate::date_input::parse("garbage", h.app.today).unwrap_err();
        assert!(joined.contains(&said), "at {w}x{ht}: {said}\n{screen}");
        h.send(crate::testing::code(crossterm::event::KeyCode::Esc));
    }
}
