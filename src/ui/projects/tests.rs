//! Snapshots of the projects screen at the sizes people use, down to a tiny one.

use crossterm::event::KeyCode;

use crate::projects::tests::{answer_boards, on_projects};
use crate::testing::{Harness, code};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

fn snap_all(h: &mut Harness, name: &str) {
    for (w, hh) in SIZES {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("{name}_{w}x{hh}"), h.render());
    }
}

#[test]
fn tree() {
    let mut h = on_projects();
    // Into the project with boards, opened.
    h.press("jl");
    answer_boards(&mut h);
    let screen = h.render();
    assert!(screen.contains("Клиенты"), "{screen}");
    assert!(screen.contains("Разработка"), "{screen}");
    snap_all(&mut h, "projects_tree");
}

#[test]
fn filtered() {
    let mut h = on_projects();
    h.press("/web");
    h.send(code(KeyCode::Enter));
    let screen = h.render();
    assert!(screen.contains("Website"), "{screen}");
    assert!(!screen.contains("Мобильное"), "{screen}");
    snap_all(&mut h, "projects_filtered");
}

#[test]
fn loading() {
    let mut h = Harness::new();
    h.send(crate::testing::key_event(
        KeyCode::Char('4'),
        crossterm::event::KeyModifiers::ALT,
    ));
    let screen = h.render();
    assert!(screen.contains("Loading projects…"), "{screen}");
    snap_all(&mut h, "projects_loading");
}

#[test]
fn new_project_prompt() {
    let mut h = on_projects();
    h.press("n");
    let screen = h.render();
    assert!(screen.contains("New project in Клиенты"), "{screen}");
    snap_all(&mut h, "projects_new_project");
}

#[test]
fn delete_question_and_an_archived_project() {
    let mut h = on_projects();
    h.press("ja");
    h.press("D");
    let screen = h.render();
    assert!(screen.contains("archived"), "{screen}");
    assert!(
        screen.contains("Delete the project “Мобильное приложение”"),
        "{screen}"
    );
    snap_all(&mut h, "projects_delete_question");
}
