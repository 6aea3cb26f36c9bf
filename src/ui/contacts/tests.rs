//! Snapshots of the contacts screen at the sizes people use, down to a tiny one.

use crossterm::event::KeyCode;

use crate::contacts::tests::{contact, on_contacts};
use crate::screen::draft_file::FormDraft;
use crate::testing::{Harness, code, ctrl};
use crate::worker::{Answer, Call};

const SIZES: [(u16, u16); 4] = [(160, 45), (100, 30), (80, 24), (44, 12)];

fn snap_all(h: &mut Harness, name: &str) {
    for (w, hh) in SIZES {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("{name}_{w}x{hh}"), h.render());
    }
}

#[test]
fn empty_form() {
    let mut h = on_contacts();
    let screen = h.render();
    assert!(screen.contains("First name*"), "{screen}");
    assert!(
        screen.contains("Алексей Громов"),
        "the list sits beside the form:\n{screen}"
    );
    snap_all(&mut h, "empty_form");
}

#[test]
fn errors_shown() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Tab));
    h.press(&"Щ".repeat(300));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.press("ivan@example");
    h.send(ctrl('s'));
    h.resize(100, 30);
    let screen = h.render();
    assert!(screen.contains("✗ required"), "{screen}");
    assert!(screen.contains("300/255"), "{screen}");
    assert!(screen.contains("✗ not an e-mail address"), "{screen}");
    for line in screen.lines() {
        assert!(
            crate::text::width(line) <= 100,
            "a long name must not push the layout: {line}"
        );
    }
    snap_all(&mut h, "errors_shown");
}

#[test]
fn saving() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(ctrl('s'));
    h.resize(80, 24);
    let screen = h.render();
    assert!(screen.contains("saving…"), "{screen}");
    snap_all(&mut h, "saving");
}

#[test]
fn success_panel() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let mut c = contact("5f2b8c1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b", "Иван", "Петров");
    c.emails.push(weeek_api::models::EmailEntry {
        id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a".into(),
        email: "ivan.petrov@work.example".into(),
    });
    h.reply(&req, Answer::CreatedContact(Ok(Box::new(c))));
    h.resize(100, 30);
    let screen = h.render();
    assert!(screen.contains("Contact saved"), "{screen}");
    assert!(
        screen.contains("5f2b8c1e-3a4d-4e6f-8a9b-0c1d2e3f4a5b"),
        "the generated id is shown:\n{screen}"
    );
    assert!(
        screen.contains("id 9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a"),
        "{screen}"
    );
    snap_all(&mut h, "success_panel");
}

#[test]
fn list_pane_on_a_narrow_terminal() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.resize(80, 24);
    let screen = h.render();
    assert!(screen.contains("Oliver Bennett"), "{screen}");
    assert!(
        !screen.contains("First name"),
        "one pane at a time:\n{screen}"
    );
    insta::assert_snapshot!("list_pane_80x24", screen);
}

#[test]
fn restore_offer() {
    let dir = std::env::temp_dir().join(format!("weeek-contacts-snap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut form = crate::contacts::form::Form::default();
    form.first_name.set("Мария");
    form.last_name.set("Ильина");
    form.phones[0].set("+7 916 000-11-22");
    let d = crate::contacts::draft::Draft::from_form(&form);
    crate::runtime::write_atomic(&crate::contacts::draft::Draft::path(&dir), &d.to_json()).unwrap();
    let mut h = Harness::new();
    h.app.contacts = crate::contacts::ContactsState::load(dir.clone());
    h.send(crate::contacts::tests::alt('3'));
    h.resize(80, 24);
    let screen = h.render();
    assert!(screen.contains("Мария Ильина · 1 phone"), "{screen}");
    insta::assert_snapshot!("restore_offer_80x24", screen);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_success_panel_at_60x15_scrolls_to_every_row_and_keeps_its_keys() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let mut c = contact("5f2b8c1e", "Иван", "Петров");
    for i in 0..3 {
        c.emails.push(weeek_api::models::EmailEntry {
            id: format!("e{i}"),
            email: format!("ivan{i}@work.example"),
        });
    }
    c.created_at = Some(h.clock.wall);
    h.reply(&req, Answer::CreatedContact(Ok(Box::new(c))));
    h.resize(60, 15);
    let top = h.render();
    assert!(top.contains("Contact saved"), "{top}");
    assert!(top.contains("new contact"), "the keys stay in view:\n{top}");
    assert!(!top.contains("Created"), "the last row is below:\n{top}");
    h.press(&"j".repeat(30));
    let bottom = h.render();
    assert!(bottom.contains("Created"), "scrolled to the end:\n{bottom}");
    assert!(bottom.contains("new contact"), "{bottom}");
    insta::assert_snapshot!("success_panel_60x15_end", bottom);
    let end = h.app.contacts.saved_scroll;
    h.press("k");
    assert_eq!(
        h.app.contacts.saved_scroll + 1,
        end,
        "one key back from the end"
    );
}

#[test]
fn enter_on_the_list_opens_every_field_of_the_contact_read_only() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.resize(80, 24);
    h.send(code(KeyCode::Enter));
    let screen = h.render();
    for field in [
        "Алексей Громов",
        "Middle name",
        "c1@example.com",
        "+7 916 100-20-30",
    ] {
        assert!(screen.contains(field), "{field}:\n{screen}");
    }
    assert!(screen.contains("ООО «Альфа-Логистик»"), "{screen}");
    // A missing value reads as elsewhere in the app.
    let middle = screen
        .lines()
        .find(|l| l.contains("Middle name"))
        .unwrap_or_default();
    assert!(middle.contains('–') && !middle.contains('—'), "{screen}");
    insta::assert_snapshot!("contact_view_80x24", screen);
    h.press("x");
    assert!(
        h.app.contacts.layers.viewing().is_some(),
        "read only: keys change nothing"
    );
    h.send(code(KeyCode::Esc));
    assert!(h.app.contacts.layers.viewing().is_none());
    assert!(!h.render().contains("Middle name"));
}

#[test]
fn an_organization_created_in_the_organizations_tab_reads_by_name_in_a_contact() {
    let mut h = on_contacts();
    let id = "c74e4893-5b1a-4c2e-9d3f-0a1b2c3d4e5f";
    // Created on the organizations tab after the picker's list was read: only the tab knows it.
    h.app.contacts.organizations.list.add_created(
        weeek_api::models::Organization {
            id: id.into(),
            name: Some("ООО «Ревизор»".into()),
            ..Default::default()
        },
        10,
    );
    h.app.contacts.list.rows.rows[0].organizations = vec![id.into()];
    h.send(ctrl('l'));
    h.resize(80, 24);
    h.send(code(KeyCode::Enter));
    let screen = h.render();
    assert!(screen.contains("ООО «Ревизор»"), "{screen}");
    assert!(!screen.contains("#c74e4893"), "{screen}");
}

#[test]
fn the_form_names_an_organization_as_renamed_on_the_organizations_tab() {
    let mut h = on_contacts();
    let id = "c74e4893-5b1a-4c2e-9d3f-0a1b2c3d4e5f";
    h.app.contacts.form.organizations = vec![crate::contacts::form::OrgRef {
        id: id.into(),
        name: "ООО «Ревизор»".into(),
    }];
    h.app.contacts.organizations.list.add_created(
        weeek_api::models::Organization {
            id: id.into(),
            name: Some("ООО «Ревизор и партнёры»".into()),
            ..Default::default()
        },
        10,
    );
    let screen = h.render();
    assert!(screen.contains("ООО «Ревизор и партнёры»"), "{screen}");
}

#[test]
fn at_80x24_the_form_and_the_footer_name_the_organizations_tab() {
    let mut h = on_contacts();
    h.resize(80, 24);
    let screen = h.render();
    let line = |needle: &str| {
        screen
            .lines()
            .find(|l| l.contains(needle))
            .unwrap_or_default()
    };
    assert!(
        line("C-s saves").contains("Alt-o organizations"),
        "{screen}"
    );
    assert!(line("typing").contains("Alt-o orgs"), "{screen}");
}

#[test]
fn more_items_read_plus_n_everywhere_and_a_new_contact_has_its_own_mark() {
    let mut h = on_contacts();
    let mut c = contact("c3", "Мария", "Соколова");
    c.organizations.push(crate::contacts::tests::ZERNO.into());
    c.emails.push(weeek_api::models::EmailEntry {
        id: "e2".into(),
        email: "maria.sokolova.long.address@very-long-domain.example".into(),
    });
    h.app.contacts.list.add_created(c, 10);
    h.resize(220, 50);
    let screen = h.render();
    let row = screen
        .lines()
        .find(|l| l.contains("Мария"))
        .unwrap_or_default()
        .to_string();
    assert!(
        row.contains("+1"),
        "more e-mails and organizations say +1: {row}"
    );
    assert_eq!(row.matches("+1").count(), 2, "{row}");
    assert!(
        !row.contains("│+ "),
        "a new contact is not marked with +: {row}"
    );
}

#[test]
fn the_delete_question_names_the_contact_at_every_size() {
    for (w, h_) in [(160, 45), (80, 24), (60, 15)] {
        let mut h = on_contacts();
        h.send(ctrl('l'));
        h.resize(w, h_);
        h.send(code(KeyCode::Enter));
        h.press("D");
        let screen = h.render();
        assert!(screen.contains("Delete the contact"), "{w}x{h_}:\n{screen}");
        assert!(screen.contains("Громов"), "{w}x{h_}:\n{screen}");
        assert!(screen.contains("y/n"), "{w}x{h_}:\n{screen}");
        insta::assert_snapshot!(format!("delete_question_{w}x{h_}"), screen);
    }
}

/// The edit of a saved contact, at the sizes of the edit's own checks (down to 40x12).
fn snap_edit(h: &mut Harness, name: &str) {
    for (w, hh) in [(160, 45), (100, 30), (80, 24), (40, 12)] {
        h.resize(w, hh);
        insta::assert_snapshot!(format!("{name}_{w}x{hh}"), h.render());
    }
}

#[test]
fn e_opens_the_contact_in_the_form_with_every_field() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.press("e");
    h.resize(100, 30);
    let screen = h.render();
    assert!(screen.contains("Edit Алексей Громов"), "{screen}");
    assert!(screen.contains("+7 916 100-20-30"), "{screen}");
    assert!(screen.contains("c1@example.com"), "{screen}");
    snap_edit(&mut h, "edit_form");
}

#[test]
fn a_refused_phone_is_back_with_the_services_message() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.press("e");
    for _ in 0..4 {
        h.send(code(KeyCode::Tab));
    }
    h.send(ctrl('u'));
    h.press("+7 903 555-01-02");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::EditContact(..))).remove(0);
    let mut fields = weeek_api::FieldErrors::new();
    fields.insert("phone".into(), vec!["The phone is in use.".into()]);
    h.fail(
        &req,
        weeek_api::ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    h.resize(100, 30);
    let screen = h.render();
    assert!(screen.contains("The phone is in use."), "{screen}");
    assert!(screen.contains("+7 916 100-20-30"), "{screen}");
    assert!(screen.contains("Saved 0 of 1 changes"), "{screen}");
    snap_edit(&mut h, "edit_refused");
}
