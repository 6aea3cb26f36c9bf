//! Snapshots of the organizations tab at the sizes people use, down to a tiny one.

use crossterm::event::KeyCode;
use weeek_api::models::Organization;

use crate::contacts::organizations::tests::full_org;
use crate::contacts::tests::{alt, on_contacts};
use crate::testing::{Harness, code};
use crate::worker::{Answer, Call};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (40, 12)];

fn snap_all(h: &mut Harness, name: &str) {
    for (w, hh) in SIZES {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("{name}_{w}x{hh}"), h.render());
    }
}

fn rows() -> Vec<Organization> {
    let mut rows = vec![full_org()];
    rows.push(Organization {
        id: "0b3c5a1e-7f0e-4d1a-9c55-5d0a1f0000bb".into(),
        name: Some("Сеть кофеен «Зерно»".into()),
        ..Default::default()
    });
    rows.push(Organization {
        id: "0b3c5a1e-7f0e-4d1a-9c55-5d0a1f0000cc".into(),
        name: Some("Northwind Traders".into()),
        emails: full_org().emails,
        ..Default::default()
    });
    rows
}

fn on_tab() -> Harness {
    let mut h = on_contacts();
    h.send(alt('o'));
    h.answer_all(
        |c| matches!(c, Call::Organizations(_)),
        || Answer::Organizations(Ok(rows())),
    );
    h
}

#[test]
fn organization_list() {
    let mut h = on_tab();
    let screen = h.render();
    assert!(screen.contains("Сеть кофеен «Зерно»"), "{screen}");
    assert!(screen.contains("Organizations"), "{screen}");
    snap_all(&mut h, "organization_list");
}

#[test]
fn organization_detail() {
    let mut h = on_tab();
    h.send(code(KeyCode::Enter));
    let screen = h.render();
    assert!(screen.contains("Москва, Складочная ул., 1с2"), "{screen}");
    snap_all(&mut h, "organization_detail");
}

#[test]
fn organization_delete_question() {
    let mut h = on_tab();
    h.send(crate::testing::key('D'));
    let screen = h.render();
    assert!(
        screen.contains("Delete the organization “ООО «Альфа-Логистик»”?"),
        "{screen}"
    );
    snap_all(&mut h, "organization_delete_question");
}

#[test]
fn organization_form_new() {
    let mut h = on_tab();
    h.send(crate::testing::key('n'));
    for c in "ООО «Тест»".chars() {
        h.send(crate::testing::key(c));
    }
    h.send(crate::testing::ctrl('n'));
    for c in "+7 900 111-22-33".chars() {
        h.send(crate::testing::key(c));
    }
    h.send(crate::testing::ctrl('n'));
    for c in "call me".chars() {
        h.send(crate::testing::key(c));
    }
    h.send(code(KeyCode::Tab));
    let screen = h.render();
    assert!(screen.contains("New organization"), "{screen}");
    assert!(
        screen.contains("digits, with + ( ) - and spaces"),
        "{screen}"
    );
    snap_all(&mut h, "organization_form_new");
}

#[test]
fn a_new_organizations_first_phone_sits_on_the_phones_line_as_in_an_edit() {
    let mut h = on_tab();
    h.resize(100, 30);
    h.send(crate::testing::key('n'));
    for c in "ООО «Тест»".chars() {
        h.send(crate::testing::key(c));
    }
    for _ in 0..3 {
        h.send(code(KeyCode::Tab));
    }
    // The hint on the blank first phone invites Ctrl-n before anything is typed.
    h.send(crate::testing::ctrl('n'));
    for c in "+7 900 111-22-33".chars() {
        h.send(crate::testing::key(c));
    }
    h.send(crate::testing::ctrl('n'));
    let screen = h.render();
    let line = |needle: &str| {
        screen
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle}:\n{screen}"))
            .to_string()
    };
    assert!(line("│  Phones").contains("+7 900 111-22-33"), "{screen}");
    assert!(
        line("› ").contains("Phone 2"),
        "the new row is named:\n{screen}"
    );
    assert!(line("C-s saves").contains("C-x removes a row"), "{screen}");
    assert!(line("C-n add row").contains("C-x remove row"), "{screen}");
}

#[test]
fn at_80x24_the_footer_keeps_what_the_tab_is_for() {
    let mut h = on_tab();
    h.resize(80, 24);
    let screen = h.render();
    let footer = screen
        .lines()
        .find(|l| l.contains("Alt-o contacts"))
        .unwrap_or_default();
    for hint in ["n new", "e edit", "c contacts"] {
        assert!(footer.contains(hint), "{hint}:\n{screen}");
    }
}

#[test]
fn organization_form_edit() {
    let mut h = on_tab();
    h.send(crate::testing::key('e'));
    let screen = h.render();
    assert!(screen.contains("Edit “ООО «Альфа-Логистик»”"), "{screen}");
    assert!(screen.contains("+7 916 555-01-02"), "{screen}");
    snap_all(&mut h, "organization_form_edit");
}

#[test]
fn organization_contacts_picker() {
    let mut h = on_tab();
    h.send(crate::testing::key('c'));
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || {
            Answer::Contacts(Ok(vec![
                crate::contacts::tests::contact("c1", "Алексей", "Громов"),
                crate::contacts::tests::contact("c2", "Oliver", "Bennett"),
                crate::contacts::tests::contact("c3", "Игорь", "Зайцев"),
            ]))
        },
    );
    let screen = h.render();
    assert!(screen.contains("[x] Алексей Громов"), "{screen}");
    assert!(screen.contains("[ ] Игорь Зайцев"), "{screen}");
    snap_all(&mut h, "organization_contacts_picker");
}
