//! Update tests of editing a saved contact: each change through its own endpoint, a refusal
//! put back at its field, a lost answer read back before anything is said.

use crossterm::event::KeyCode;
use weeek_api::models::{Contact, PhoneEntry};
use weeek_api::{ApiError, FieldErrors};

use super::form::Field;
use super::submit::Phase;
use super::tests::{contact, on_contacts};
use super::{Ask, ContactsState, Pane};
use crate::screen::Effect;
use crate::screen::requests::Request;
use crate::testing::{Harness, code, ctrl};
use crate::worker::{Answer, Call, ContactEdit, Edited};

const PHONE: &str = "+7 916 100-20-30";
const NEW_PHONE: &str = "+7 903 555-01-02";

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn edits(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::EditContact(..)))
}

fn edit_of(r: &Request) -> &ContactEdit {
    match &r.call {
        Call::EditContact(id, e) => {
            assert_eq!(id, "c1");
            e
        }
        other => panic!("not an edit: {other:?}"),
    }
}

/// `e` on the first contact of the list: the form holds it.
fn edit_first(h: &mut Harness) {
    h.send(ctrl('l'));
    h.press("e");
    let s = &h.app.contacts;
    assert_eq!(s.pane, Pane::Form);
    assert!(s.editing);
    assert_eq!(s.edit.as_ref().map(|e| e.base.id.as_str()), Some("c1"));
}

/// Tab to the phone row, clear it and type `phone`.
fn type_phone(h: &mut Harness, phone: &str) {
    for _ in 0..8 {
        if h.app.contacts.form.focus == Field::Phone(0) {
            break;
        }
        h.send(code(KeyCode::Tab));
    }
    assert_eq!(h.app.contacts.form.focus, Field::Phone(0));
    h.send(ctrl('u'));
    h.press(phone);
}

#[test]
fn e_fills_the_form_with_every_field_of_the_contact() {
    let mut h = on_contacts();
    edit_first(&mut h);
    let f = &h.app.contacts.form;
    assert_eq!(f.first_name.value(), "Алексей");
    assert_eq!(f.last_name.value(), "Громов");
    assert_eq!(f.emails[0].value(), "c1@example.com");
    assert_eq!(f.email_id(0), Some("c1-e0"));
    assert_eq!(f.phones[0].value(), PHONE);
    assert_eq!(f.phone_id(0), Some("c1-p0"));
    assert_eq!(f.organizations[0].name, "ООО «Альфа-Логистик»");
    assert_eq!(f.tags, vec![2]);
    // Saving with nothing changed sends nothing.
    h.send(ctrl('s'));
    assert!(edits(&mut h).is_empty());
    assert!(matches!(h.app.contacts.phase, Phase::Saved(_)));
    assert!(toasts(&h).contains("No changes"), "{}", toasts(&h));
}

#[test]
fn e_in_the_open_contact_edits_it() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.press("j");
    h.send(code(KeyCode::Enter));
    assert!(h.app.contacts.layers.viewing().is_some());
    h.press("e");
    assert!(h.app.contacts.layers.viewing().is_none());
    assert_eq!(h.app.contacts.form.first_name.value(), "Oliver");
}

#[test]
fn e_does_not_throw_away_a_new_contact_being_typed() {
    let mut h = on_contacts();
    h.press("Мария");
    h.send(ctrl('l'));
    h.press("e");
    assert!(h.app.contacts.edit.is_none());
    assert_eq!(h.app.contacts.form.first_name.value(), "Мария");
}

#[test]
fn only_what_changed_is_sent_each_through_its_endpoint() {
    let mut h = on_contacts();
    edit_first(&mut h);
    type_phone(&mut h, NEW_PHONE);
    // The tag picker's result: one tag added, one removed.
    h.app.contacts.form.tags = vec![7];
    h.send(ctrl('s'));
    assert_eq!(h.app.contacts.phase, Phase::Updating);
    let reqs = edits(&mut h);
    let sent: Vec<&ContactEdit> = reqs.iter().map(edit_of).collect();
    assert_eq!(
        sent,
        vec![
            &ContactEdit::UpdatePhone {
                entry: "c1-p0".into(),
                phone: NEW_PHONE.into()
            },
            &ContactEdit::AttachTag(7),
            &ContactEdit::DetachTag(2),
        ],
        "no names, no e-mails: they did not change"
    );
    // Locked until every answer is in; a second Ctrl-s sends nothing.
    h.send(ctrl('s'));
    assert!(edits(&mut h).is_empty());
    h.reply(
        &reqs[0],
        Answer::EditedContact(Ok(Edited::Phone(PhoneEntry {
            id: "c1-p0".into(),
            phone: NEW_PHONE.into(),
        }))),
    );
    h.done(&reqs[1]);
    assert_eq!(
        h.app.contacts.phase,
        Phase::Updating,
        "one answer still out"
    );
    assert!(!toasts(&h).contains("Saved"));
    h.done(&reqs[2]);
    let Phase::Saved(c) = &h.app.contacts.phase else {
        panic!("{:?}", h.app.contacts.phase);
    };
    assert_eq!(c.phones[0].phone, NEW_PHONE);
    assert_eq!(c.tags, vec![7]);
    assert!(h.app.contacts.edit.is_none());
    let row = &h.app.contacts.list.rows.rows[0];
    assert_eq!(
        (row.phones[0].phone.as_str(), &row.tags),
        (NEW_PHONE, &vec![7])
    );
    assert!(
        toasts(&h).contains("Saved changes to Алексей Громов"),
        "{}",
        toasts(&h)
    );
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(h.app.contacts.draft_path())),
        "the edit's draft goes once saved"
    );
}

#[test]
fn a_new_row_is_added_and_an_emptied_one_deleted() {
    let mut h = on_contacts();
    edit_first(&mut h);
    for _ in 0..3 {
        h.send(code(KeyCode::Tab));
    }
    h.send(ctrl('u'));
    h.app.contacts.form.add_row();
    h.press("new@example.com");
    h.send(ctrl('s'));
    let reqs = edits(&mut h);
    let sent: Vec<&ContactEdit> = reqs.iter().map(edit_of).collect();
    assert_eq!(
        sent,
        vec![
            &ContactEdit::DeleteEmail("c1-e0".into()),
            &ContactEdit::AddEmail("new@example.com".into()),
        ]
    );
    h.done(&reqs[0]);
    h.reply(
        &reqs[1],
        Answer::EditedContact(Ok(Edited::Email(weeek_api::models::EmailEntry {
            id: "c1-e9".into(),
            email: "new@example.com".into(),
        }))),
    );
    let Phase::Saved(c) = &h.app.contacts.phase else {
        panic!("{:?}", h.app.contacts.phase);
    };
    assert_eq!(c.emails.len(), 1);
    assert_eq!(c.emails[0].id, "c1-e9");
}

#[test]
fn a_refused_change_goes_back_with_the_services_message_and_the_others_stand() {
    let mut h = on_contacts();
    edit_first(&mut h);
    h.send(code(KeyCode::Tab));
    h.send(ctrl('u'));
    h.press("Громова");
    type_phone(&mut h, NEW_PHONE);
    h.send(ctrl('s'));
    let reqs = edits(&mut h);
    assert_eq!(reqs.len(), 2);
    assert!(matches!(edit_of(&reqs[0]), ContactEdit::Update(u)
        if u.last_name == Some(Some("Громова".into())) && u.middle_name.is_none()));
    let mut fields = FieldErrors::new();
    fields.insert("phone".into(), vec!["The phone is in use.".into()]);
    h.fail(
        &reqs[1],
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    let mut saved = contact("c1", "Алексей", "Громова");
    saved.phones[0].phone = PHONE.into();
    h.reply(
        &reqs[0],
        Answer::EditedContact(Ok(Edited::Contact(Box::new(saved)))),
    );
    let s = &h.app.contacts;
    assert_eq!(s.phase, Phase::Editing);
    assert_eq!(
        s.form.phones[0].value(),
        PHONE,
        "rolled back to the service's"
    );
    assert!(
        s.form.errors[&Field::Phone(0)].contains("The phone is in use."),
        "{:?}",
        s.form.errors
    );
    assert_eq!(s.form.focus, Field::Phone(0));
    assert_eq!(
        s.form.last_name.value(),
        "Громова",
        "the accepted change stands"
    );
    assert!(
        toasts(&h).contains("Saved 1 of 2 changes"),
        "{}",
        toasts(&h)
    );
    // The next save sends only what still differs from the service.
    type_phone_again(&mut h, "+7 903 555-99-99");
    h.send(ctrl('s'));
    let reqs = edits(&mut h);
    assert_eq!(reqs.len(), 1, "the saved last name is not sent again");
    assert!(matches!(edit_of(&reqs[0]), ContactEdit::UpdatePhone { .. }));
}

fn type_phone_again(h: &mut Harness, phone: &str) {
    assert_eq!(h.app.contacts.form.focus, Field::Phone(0));
    h.send(ctrl('u'));
    h.press(phone);
}

#[test]
fn a_lost_answer_is_read_back_before_anything_is_said() {
    let mut h = on_contacts();
    edit_first(&mut h);
    type_phone(&mut h, NEW_PHONE);
    h.app.contacts.form.tags = vec![2, 7];
    h.send(ctrl('s'));
    let reqs = edits(&mut h);
    assert_eq!(reqs.len(), 2);
    h.fail(&reqs[0], ApiError::Timeout);
    h.done(&reqs[1]);
    assert!(!toasts(&h).contains("Saved"), "{}", toasts(&h));
    assert_eq!(h.app.contacts.phase, Phase::Updating);
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    assert_eq!(read.call, Call::Contact("c1".into()));
    // The service had taken the phone after all.
    let mut there: Contact = contact("c1", "Алексей", "Громов");
    there.phones[0].phone = NEW_PHONE.into();
    there.tags = vec![2, 7];
    h.reply(&read, Answer::Contact(Ok(Box::new(there))));
    let Phase::Saved(c) = &h.app.contacts.phase else {
        panic!("{:?}", h.app.contacts.phase);
    };
    assert_eq!(c.phones[0].phone, NEW_PHONE);
    let t = toasts(&h);
    assert!(t.contains("read back"), "{t}");
}

#[test]
fn a_lost_answer_not_applied_shows_the_services_value() {
    let mut h = on_contacts();
    edit_first(&mut h);
    type_phone(&mut h, NEW_PHONE);
    h.send(ctrl('s'));
    let req = edits(&mut h).remove(0);
    h.fail(&req, ApiError::Timeout);
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.reply(
        &read,
        Answer::Contact(Ok(Box::new(contact("c1", "Алексей", "Громов")))),
    );
    let Phase::Saved(c) = &h.app.contacts.phase else {
        panic!("{:?}", h.app.contacts.phase);
    };
    assert_eq!(
        c.phones[0].phone, PHONE,
        "what the service has, not what was sent"
    );
}

#[test]
fn a_failed_read_back_keeps_the_form_and_ctrl_s_reads_again_instead_of_sending() {
    let mut h = on_contacts();
    edit_first(&mut h);
    type_phone(&mut h, NEW_PHONE);
    h.send(ctrl('s'));
    let req = edits(&mut h).remove(0);
    h.fail(&req, ApiError::Timeout);
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.fail(&read, ApiError::Timeout);
    assert_eq!(h.app.contacts.phase, Phase::Editing);
    assert!(toasts(&h).contains("may be saved"), "{}", toasts(&h));
    h.send(ctrl('s'));
    assert!(edits(&mut h).is_empty(), "nothing is sent twice");
    assert_eq!(h.take(|c| matches!(c, Call::Contact(_))).len(), 1);
}

#[test]
fn the_edit_is_kept_as_a_draft_and_restored_as_an_edit() {
    let mut h = on_contacts();
    edit_first(&mut h);
    type_phone(&mut h, NEW_PHONE);
    let json = h
        .effects
        .iter()
        .rev()
        .find_map(|e| match e {
            Effect::WriteFile { contents, .. } => Some(contents.clone()),
            _ => None,
        })
        .expect("a draft was written");
    assert!(json.contains(NEW_PHONE), "{json}");
    assert!(json.contains("\"edit\""), "{json}");
    let draft: super::draft::Draft = serde_json::from_str(&json).unwrap();
    // A later start offers it; restored, it is still an edit of the same contact.
    let mut s = ContactsState::new(std::env::temp_dir());
    s.layers
        .push(crate::contacts::layer::Layer::Ask(Ask::Restore(draft)));
    let mut h2 = on_contacts();
    h2.app.contacts = s;
    h2.send(crate::testing::key_event(
        KeyCode::Char('3'),
        crossterm::event::KeyModifiers::ALT,
    ));
    h2.press("y");
    let c = &h2.app.contacts;
    assert!(c.layers.ask().is_none(), "{:?}", c.layers.ask());
    assert_eq!(c.edit.as_ref().map(|e| e.base.id.as_str()), Some("c1"));
    assert_eq!(c.form.phones[0].value(), NEW_PHONE);
    h2.send(ctrl('s'));
    let reqs = edits(&mut h2);
    assert_eq!(reqs.len(), 1, "only the phone differs");
    assert!(
        matches!(edit_of(&reqs[0]), ContactEdit::UpdatePhone { entry, .. } if entry == "c1-p0")
    );
}

/// Every change of an edit, sent by the worker to the sandbox over loopback: what the form
/// changed is what the service then has, and what it did not change is kept.
#[cfg(feature = "demo")]
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn an_edit_through_the_sandbox_changes_exactly_what_the_form_changed() {
    use weeek_sandbox::{DbLocation, Faults, Sandbox, SandboxConfig};
    let sandbox = Sandbox::start(
        SandboxConfig {
            token: "t".into(),
            db: DbLocation::Memory,
            seed: true,
            now: Some(crate::testing::clock().wall),
            faults: Faults::default(),
            tasks: None,
            workspace: None,
        },
        ([127, 0, 0, 1], 0).into(),
    )
    .await
    .expect("sandbox");
    let client = weeek_api::Client::new(weeek_api::ClientConfig::new(
        sandbox.base_url(),
        weeek_api::Token::new("t"),
    ))
    .unwrap();
    let old_tag = client.create_tag("Старый").await.unwrap();
    let new_tag = client.create_tag("Партнёр").await.unwrap();
    let created = client
        .create_contact(&weeek_api::NewContact {
            first_name: "Вера".into(),
            last_name: Some("Лебедь".into()),
            emails: vec!["vera@example.com".into(), "v.l@example.com".into()],
            phones: vec!["+7 900 000-00-01".into()],
            tags: vec![old_tag.id],
            ..Default::default()
        })
        .await
        .unwrap();

    let mut h = on_contacts();
    h.app.contacts.list.rows.rows.insert(0, created.clone());
    h.send(ctrl('l'));
    h.press("e");
    assert_eq!(h.app.contacts.form.first_name.value(), "Вера");
    h.send(code(KeyCode::Tab));
    h.send(ctrl('u'));
    h.press("Лебедева");
    // The second e-mail goes, the phone changes, a tag is swapped for another.
    h.app.contacts.form.focus = Field::Email(1);
    h.app.contacts.form.remove_row();
    type_phone(&mut h, NEW_PHONE);
    h.app.contacts.form.tags = vec![new_tag.id];
    h.send(ctrl('s'));
    let reqs = edits(&mut h);
    assert_eq!(reqs.len(), 5, "{reqs:?}");
    for req in &reqs {
        let (answer, _) = crate::worker::execute(&client, req.call.clone()).await;
        assert!(answer.error().is_none(), "{answer:?}");
        h.reply_output(req, answer);
    }
    assert!(
        matches!(h.app.contacts.phase, Phase::Saved(_)),
        "{:?}",
        h.app.contacts.phase
    );
    let there = client.contact(&created.id).await.unwrap();
    assert_eq!(there.first_name.as_deref(), Some("Вера"));
    assert_eq!(there.last_name.as_deref(), Some("Лебедева"));
    let emails: Vec<&str> = there.emails.iter().map(|e| e.email.as_str()).collect();
    assert_eq!(emails, ["vera@example.com"]);
    assert_eq!(
        there.emails[0].id, created.emails[0].id,
        "the kept e-mail is the same entry"
    );
    let phones: Vec<&str> = there.phones.iter().map(|p| p.phone.as_str()).collect();
    assert_eq!(phones, [NEW_PHONE]);
    assert_eq!(there.tags, vec![new_tag.id]);
}
