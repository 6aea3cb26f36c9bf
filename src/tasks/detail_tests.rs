//! `update` tests of the detail pane's whole task: the list holds slim rows, the pane reads
//! the task under the cursor whole, keeps the last few, and says when a read failed.

use weeek_api::models::{Task, TaskRow};
use weeek_api::{ApiError, TaskPage};

use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::tasks::TaskKey;
use crate::testing::{Harness, task};
use crate::worker::{Answer, Call};

/// Two tasks loaded as bare rows: the test answers the pane's reads itself.
fn loaded() -> (Harness, Vec<Task>) {
    let mut h = Harness::new();
    h.resize(160, 45);
    let mut wholes = vec![task(1, "Отчёт"), task(2, "Релиз")];
    wholes[0].description = Some("<p>Собрать цифры за квартал</p>".into());
    wholes[1].description = Some("<p>Проверить сборку</p>".into());
    let req = h.take(|c| matches!(c, Call::Tasks(_))).remove(0);
    h.reply(
        &req,
        Answer::TaskPage(Ok(TaskPage {
            tasks: wholes.iter().map(TaskRow::from).collect(),
            has_more: false,
        })),
    );
    h.answer_all(
        |c| matches!(c, Call::Boards(_)),
        || Answer::Boards(Ok(vec![])),
    );
    h.answer_all(
        |c| matches!(c, Call::Columns(_)),
        || Answer::Columns(Ok(crate::testing::columns())),
    );
    (h, wholes)
}

fn detail_reads(h: &mut Harness) -> Vec<Request> {
    h.take(|_| true)
        .into_iter()
        .filter(|r| matches!(r.key.get::<TaskKey>(), Some(TaskKey::Detail(_))))
        .collect()
}

#[test]
fn the_pane_reads_the_whole_task_and_shows_its_description_once_in() {
    let (mut h, wholes) = loaded();
    assert!(
        detail_reads(&mut h).is_empty(),
        "nothing is read with the pane closed"
    );
    h.press("p");
    let reads = detail_reads(&mut h);
    assert_eq!(reads.len(), 1);
    assert_eq!(reads[0].call, Call::Task(1));
    assert!(h.render().contains("reading the description"));
    h.reply(&reads[0], Answer::Task(Ok(Box::new(wholes[0].clone()))));
    let screen = h.render();
    assert!(screen.contains("Собрать цифры за квартал"), "{screen}");
    assert!(!screen.contains("reading the description"));
}

#[test]
fn moving_on_cancels_the_read_and_coming_back_reads_nothing_again() {
    let (mut h, wholes) = loaded();
    h.press("p");
    let first = detail_reads(&mut h).remove(0);
    h.reply(&first, Answer::Task(Ok(Box::new(wholes[0].clone()))));
    h.press("j");
    let second = detail_reads(&mut h);
    assert_eq!(second[0].call, Call::Task(2));
    h.effects.clear();
    h.press("k");
    assert!(
        h.effects
            .iter()
            .any(|e| *e == crate::screen::Effect::Cancel(RequestKey::from(TaskKey::Detail(2)))),
        "the read of the task left is cancelled"
    );
    assert!(detail_reads(&mut h).is_empty(), "the first task is kept");
    assert!(h.render().contains("Собрать цифры за квартал"));
}

#[test]
fn a_failed_read_says_so_in_the_pane_and_r_reads_again() {
    let (mut h, wholes) = loaded();
    h.press("p");
    let read = detail_reads(&mut h).remove(0);
    h.fail(&read, ApiError::Timeout);
    let screen = h.render();
    assert!(screen.contains("Could not read the whole task"), "{screen}");
    assert!(screen.contains("Отчёт"), "the row stays");
    h.press("r");
    let again = detail_reads(&mut h);
    assert_eq!(again.len(), 1);
    h.reply(&again[0], Answer::Task(Ok(Box::new(wholes[0].clone()))));
    assert!(h.render().contains("Собрать цифры за квартал"));
}

#[test]
fn the_services_copy_after_a_write_replaces_the_kept_whole_task() {
    let (mut h, wholes) = loaded();
    h.press("p");
    let read = detail_reads(&mut h).remove(0);
    h.reply(&read, Answer::Task(Ok(Box::new(wholes[0].clone()))));
    h.press("2");
    let write = h.take(|c| matches!(c, Call::UpdateTask(..))).remove(0);
    let mut fresh = wholes[0].clone();
    fresh.priority = Some(weeek_api::models::Priority::High);
    fresh.description = Some("<p>Цифры собраны</p>".into());
    h.reply(&write, Answer::UpdatedTask(Ok(Box::new(fresh))));
    let screen = h.render();
    assert!(screen.contains("Цифры собраны"), "{screen}");
    assert_eq!(
        h.app.tasks.list.rows[0].priority,
        Some(weeek_api::models::Priority::High)
    );
}

/// Custom field values as people read them: a contact by name (not its id), a long value
/// wrapped under itself rather than under the field's name.
#[test]
fn custom_field_values_name_contacts_and_wrap_under_themselves() {
    use weeek_api::models::CustomFieldValue;
    let mut h = Harness::new();
    h.resize(100, 45);
    let mut t = task(1, "Макеты");
    let url = format!("https://www.figma.com/file/{}", "abcdef0123".repeat(9));
    t.custom_fields = vec![
        CustomFieldValue {
            id: "f1".into(),
            name: Some("Контакт клиента".into()),
            r#type: Some("contact".into()),
            value: serde_json::json!("55b82e55-056e-4eec-9e12-a6d5895abcdd"),
            ..Default::default()
        },
        CustomFieldValue {
            id: "f2".into(),
            name: Some("Ссылка на макет".into()),
            r#type: Some("link".into()),
            value: serde_json::json!(url),
            ..Default::default()
        },
    ];
    h.list_tasks(vec![t]);
    h.press("p");
    let screen = h.render();
    assert!(screen.contains("Контакт клиента: #55b82e55"), "{screen}");
    assert!(!screen.contains("55b82e55-056e"), "no raw id: {screen}");
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("Ссылка на макет: https://www.figma.com"))
        .unwrap_or_else(|| panic!("{screen}"));
    let next = lines[at + 1];
    let pane = next.find('│').expect("the pane's border");
    let indent = next[pane + '│'.len_utf8()..]
        .chars()
        .take_while(|c| *c == ' ')
        .count();
    assert!(
        indent >= "  Ссылка на макет: ".chars().count(),
        "the rest of the link under the link: {next:?}"
    );
}
