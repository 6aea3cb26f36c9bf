//! Update tests of the organization form: create and edit, each accepted, refused (with the
//! fields put back) and with its answer lost (looked for or read back before anything is said).

use crossterm::event::KeyCode;
use weeek_api::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};
use weeek_api::{ApiError, FieldErrors};

use super::OrgKey;
use super::form::{Kind, OrgField};
use super::save::Phase;
use super::tests::full_org;
use crate::contacts::tests::{alt, on_contacts};
use crate::keys::commands::Context;
use crate::screen::Effect;
use crate::screen::ScreenState;
use crate::screen::draft_file::FormDraft;
use crate::screen::entry_rows::RowCall;
use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::testing::{Harness, code, ctrl, key};
use crate::worker::{Answer, Call, OrgEdit, OrgEdited};

const NAME: &str = "ООО «Тест-Сервис»";

/// The tab shown with `rows` listed.
fn on_tab(rows: Vec<Organization>) -> Harness {
    let mut h = on_contacts();
    h.send(alt('o'));
    let reqs = h.take(|c| matches!(c, Call::Organizations(_)));
    for r in &reqs {
        h.reply(r, Answer::Organizations(Ok(rows.clone())));
    }
    h
}

fn type_text(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.send(key(c));
    }
}

/// `n`, a name and two phones typed, nothing sent yet.
fn new_with_two_phones(h: &mut Harness) {
    h.send(key('n'));
    assert_eq!(
        h.app.contacts.contexts(),
        vec![Context::OrgForm, Context::Text]
    );
    type_text(h, NAME);
    h.send(ctrl('n'));
    type_text(h, "+7 900 111-22-33");
    h.send(ctrl('n'));
    type_text(h, "+7 900 444-55-66");
}

fn creates(h: &mut Harness) -> Vec<Request> {
    h.take(|c| matches!(c, Call::CreateOrganization(_)))
}

fn saved(id: &str) -> Organization {
    Organization {
        id: id.into(),
        name: Some(NAME.into()),
        phones: vec![
            PhoneEntry {
                id: "p1".into(),
                phone: "+7 900 111-22-33".into(),
            },
            PhoneEntry {
                id: "p2".into(),
                phone: "+7 900 444-55-66".into(),
            },
        ],
        created_at: Some(crate::testing::clock().wall),
        ..Default::default()
    }
}

fn draft_written(h: &Harness) -> Option<String> {
    h.effects.iter().rev().find_map(|e| match e {
        Effect::WriteFile { path, contents } if path.ends_with("organization-draft.json") => {
            Some(contents.clone())
        }
        _ => None,
    })
}

fn draft_removed(h: &Harness) -> bool {
    h.effects
        .iter()
        .any(|e| matches!(e, Effect::RemoveFile(p) if p.ends_with("organization-draft.json")))
}

#[test]
fn a_new_organization_is_sent_once_and_leads_the_list() {
    let mut h = on_tab(vec![full_org()]);
    new_with_two_phones(&mut h);
    let draft = draft_written(&h).expect("the typing is kept on disk");
    assert!(draft.contains("+7 900 444-55-66"), "{draft}");
    h.send(ctrl('s'));
    let reqs = creates(&mut h);
    assert_eq!(reqs.len(), 1);
    let Call::CreateOrganization(input) = &reqs[0].call else {
        unreachable!("taken by its call");
    };
    assert_eq!(input.name.as_deref(), Some(NAME));
    assert_eq!(
        input.phones,
        Some(vec!["+7 900 111-22-33".into(), "+7 900 444-55-66".into()])
    );
    assert_eq!(input.addresses, None, "blank rows send nothing");
    // Locked until the answer: a second save and typing do nothing.
    h.send(ctrl('s'));
    h.send(key('x'));
    assert!(creates(&mut h).is_empty());
    assert_eq!(
        h.app
            .contacts
            .organizations
            .layers
            .form()
            .unwrap()
            .form
            .phones
            .fields[1]
            .value(),
        "+7 900 444-55-66"
    );
    h.reply(
        &reqs[0],
        Answer::CreatedOrganization(Ok(Box::new(saved("new")))),
    );
    let s = &h.app.contacts.organizations;
    assert!(s.layers.form().is_none(), "the form closes");
    assert_eq!(s.list.rows.rows[0].id, "new");
    assert_eq!(s.list.cursor, 0);
    assert!(draft_removed(&h));
    assert!(h.render().contains("Saved “ООО «Тест-Сервис»”"));
}

#[test]
fn fields_are_checked_as_typed_and_before_anything_is_sent() {
    let mut h = on_tab(vec![]);
    h.send(key('n'));
    h.send(ctrl('n'));
    type_text(&mut h, "call me");
    h.send(code(KeyCode::Tab));
    let form = &h.app.contacts.organizations.layers.form().unwrap().form;
    assert!(
        form.errors.contains_key(&OrgField::Row(Kind::Phone, 0)),
        "checked on leaving"
    );
    h.send(ctrl('s'));
    assert!(creates(&mut h).is_empty());
    let form = &h.app.contacts.organizations.layers.form().unwrap().form;
    assert_eq!(form.errors[&OrgField::Name], "required");
    assert_eq!(form.focus, OrgField::Name, "the first field to fix");
    type_text(&mut h, "A");
    let form = &h.app.contacts.organizations.layers.form().unwrap().form;
    assert!(
        !form.errors.contains_key(&OrgField::Name),
        "the message follows the value"
    );
}

#[test]
fn a_refused_create_puts_the_services_messages_at_their_rows() {
    let mut h = on_tab(vec![]);
    new_with_two_phones(&mut h);
    h.send(ctrl('s'));
    let reqs = creates(&mut h);
    let mut fields = FieldErrors::new();
    fields.insert("phones.1".into(), vec!["The phone is invalid.".into()]);
    h.fail(
        &reqs[0],
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    let fs = h.app.contacts.organizations.layers.form().unwrap();
    assert_eq!(fs.phase, Phase::Editing);
    assert_eq!(
        fs.form.errors[&OrgField::Row(Kind::Phone, 1)],
        "The phone is invalid."
    );
    assert_eq!(fs.form.focus, OrgField::Row(Kind::Phone, 1));
    assert!(h.app.contacts.organizations.list.rows.rows.is_empty());
}

#[test]
fn a_lost_create_is_looked_for_and_never_sent_twice() {
    let mut h = on_tab(vec![]);
    new_with_two_phones(&mut h);
    h.send(ctrl('s'));
    let reqs = creates(&mut h);
    h.fail(&reqs[0], ApiError::Timeout);
    let finds = h.take(|c| matches!(c, Call::Organizations(_)));
    assert_eq!(finds.len(), 1);
    assert_eq!(finds[0].key, RequestKey::from(OrgKey::Find));
    let Call::Organizations(q) = &finds[0].call else {
        unreachable!("taken by its call");
    };
    assert_eq!(q.search.as_deref(), Some(NAME));
    // Saving again while it is looked for sends nothing.
    h.send(ctrl('s'));
    assert!(creates(&mut h).is_empty());
    h.reply(&finds[0], Answer::Organizations(Ok(vec![saved("found")])));
    let s = &h.app.contacts.organizations;
    assert!(s.layers.form().is_none());
    assert_eq!(s.list.rows.rows[0].id, "found");
    assert!(creates(&mut h).is_empty(), "found: not sent again");
}

#[test]
fn a_lost_create_not_found_is_looked_for_again_before_it_is_sent_again() {
    let mut h = on_tab(vec![]);
    new_with_two_phones(&mut h);
    h.send(ctrl('s'));
    let reqs = creates(&mut h);
    h.fail(&reqs[0], ApiError::Timeout);
    let finds = h.take(|c| matches!(c, Call::Organizations(_)));
    h.reply(&finds[0], Answer::Organizations(Ok(vec![full_org()])));
    let fs = h.app.contacts.organizations.layers.form().unwrap();
    assert_eq!(fs.phase, Phase::Editing);
    assert!(fs.failure.is_some(), "said over the form");
    // Ctrl-s looks once more first (the first send may land late), then sends it, once.
    h.send(ctrl('s'));
    assert!(creates(&mut h).is_empty(), "not before the look");
    let again = h.take(|c| matches!(c, Call::Organizations(_))).remove(0);
    h.reply(&again, Answer::Organizations(Ok(vec![full_org()])));
    assert_eq!(creates(&mut h).len(), 1);
}

fn edits(h: &mut Harness) -> Vec<(Request, OrgEdit)> {
    h.take(|c| matches!(c, Call::EditOrganization(..)))
        .into_iter()
        .map(|r| match &r.call {
            Call::EditOrganization(_, e) => {
                let e = e.clone();
                (r, e)
            }
            _ => unreachable!("taken by its call"),
        })
        .collect()
}

/// `e` on [`full_org`]: name, then phone p1 changed, p2's row removed, an e-mail added.
fn edit_full_org(h: &mut Harness) {
    h.send(key('e'));
    let fs = h.app.contacts.organizations.layers.form().unwrap();
    assert_eq!(fs.form.name.value(), "ООО «Альфа-Логистик»");
    // The values are offered selected: End keeps them to edit.
    h.send(code(KeyCode::End));
    type_text(h, " Плюс");
    // Name, address, e-mail, then the phones.
    for _ in 0..3 {
        h.send(code(KeyCode::Tab));
    }
    h.send(code(KeyCode::End));
    h.send(code(KeyCode::Backspace));
    type_text(h, "1");
    h.send(code(KeyCode::Tab));
    h.send(ctrl('x'));
    h.send(code(KeyCode::BackTab));
    h.send(ctrl('n'));
    type_text(h, "sales@alfa-logistic.example");
}

#[test]
fn an_edit_sends_only_what_changed_each_through_its_endpoint() {
    let mut h = on_tab(vec![full_org()]);
    edit_full_org(&mut h);
    h.send(ctrl('s'));
    let sent = edits(&mut h);
    let calls: Vec<&OrgEdit> = sent.iter().map(|(_, e)| e).collect();
    assert_eq!(
        calls,
        vec![
            &OrgEdit::Rename("ООО «Альфа-Логистик» Плюс".into()),
            &OrgEdit::Row(
                Kind::Email,
                RowCall::Add("sales@alfa-logistic.example".into())
            ),
            &OrgEdit::Row(
                Kind::Phone,
                RowCall::Update {
                    entry: "p1".into(),
                    value: "+7 495 100-20-31".into()
                }
            ),
            &OrgEdit::Row(Kind::Phone, RowCall::Delete("p2".into())),
        ],
        "the address is unchanged and not sent"
    );
    for (r, e) in &sent {
        let answer = match e {
            OrgEdit::Row(_, RowCall::Add(v)) => {
                OrgEdited::Entry(crate::screen::entry_rows::Entry {
                    id: "e2".into(),
                    value: v.clone(),
                })
            }
            _ => OrgEdited::Done,
        };
        h.reply(r, Answer::EditedOrganization(Ok(answer)));
    }
    let s = &h.app.contacts.organizations;
    assert!(s.layers.form().is_none(), "saved, the form closes");
    let row = &s.list.rows.rows[0];
    assert_eq!(row.name.as_deref(), Some("ООО «Альфа-Логистик» Плюс"));
    assert_eq!(
        row.phones,
        vec![PhoneEntry {
            id: "p1".into(),
            phone: "+7 495 100-20-31".into()
        }]
    );
    assert_eq!(row.emails.len(), 2);
    assert_eq!(row.emails[1].id, "e2");
    assert_eq!(
        row.addresses,
        vec![AddressEntry {
            id: "a1".into(),
            address: "Москва, Складочная ул., 1с2".into()
        }]
    );
    assert_eq!(
        row.contacts,
        full_org().contacts,
        "what the form does not hold is kept"
    );
}

#[test]
fn a_refused_change_goes_back_while_the_accepted_ones_stand() {
    let mut h = on_tab(vec![full_org()]);
    edit_full_org(&mut h);
    h.send(ctrl('s'));
    let sent = edits(&mut h);
    for (r, e) in &sent {
        match e {
            OrgEdit::Row(Kind::Phone, RowCall::Delete(_)) => h.fail(
                r,
                ApiError::Validation {
                    message: "The phone cannot be deleted.".into(),
                    fields: FieldErrors::new(),
                },
            ),
            OrgEdit::Row(_, RowCall::Add(v)) => h.reply(
                r,
                Answer::EditedOrganization(Ok(OrgEdited::Entry(
                    crate::screen::entry_rows::Entry {
                        id: "e2".into(),
                        value: v.clone(),
                    },
                ))),
            ),
            _ => h.reply(r, Answer::EditedOrganization(Ok(OrgEdited::Done))),
        }
    }
    let fs = h.app.contacts.organizations.layers.form().unwrap();
    assert_eq!(fs.phase, Phase::Editing, "back to the form");
    assert_eq!(fs.form.phones.fields.len(), 2, "the removed row is back");
    assert_eq!(fs.form.phones.fields[1].value(), "+7 916 555-01-02");
    assert!(fs.form.errors[&OrgField::Row(Kind::Phone, 1)].contains("cannot be deleted"));
    assert_eq!(fs.form.focus, OrgField::Row(Kind::Phone, 1));
    let base = &fs.edit.as_ref().unwrap().base;
    assert_eq!(base.name, "ООО «Альфа-Логистик» Плюс", "the rename stands");
    // Saving again sends nothing already accepted.
    h.send(ctrl('s'));
    let again = edits(&mut h);
    assert!(
        again.is_empty(),
        "the form matches the service now: {again:?}"
    );
    assert!(h.app.contacts.organizations.layers.form().is_none());
}

#[test]
fn a_lost_answer_of_an_edit_is_read_back_before_anything_is_said() {
    let mut h = on_tab(vec![full_org()]);
    h.send(key('e'));
    type_text(&mut h, "!");
    h.send(ctrl('s'));
    let sent = edits(&mut h);
    assert_eq!(sent.len(), 1);
    h.fail(&sent[0].0, ApiError::Timeout);
    let reads = h.take(|c| matches!(c, Call::Organization(_)));
    assert_eq!(reads.len(), 1);
    assert_eq!(reads[0].key, RequestKey::from(OrgKey::EditRead));
    let mut there = full_org();
    there.name = Some("ООО «Альфа-Логистик»!".into());
    h.reply(&reads[0], Answer::Organization(Ok(Box::new(there))));
    let s = &h.app.contacts.organizations;
    assert!(s.layers.form().is_none(), "the service has it: saved");
    assert_eq!(
        s.list.rows.rows[0].name.as_deref(),
        Some("ООО «Альфа-Логистик»!")
    );
    assert!(h.render().contains("An answer was lost"));
}

#[test]
fn a_failed_read_back_keeps_the_form_and_ctrl_s_reads_again() {
    let mut h = on_tab(vec![full_org()]);
    h.send(key('e'));
    h.send(code(KeyCode::Tab));
    h.send(ctrl('n'));
    type_text(&mut h, "Тверь, Советская 5");
    h.send(ctrl('s'));
    let sent = edits(&mut h);
    h.fail(&sent[0].0, ApiError::Timeout);
    let reads = h.take(|c| matches!(c, Call::Organization(_)));
    h.fail(&reads[0], ApiError::Timeout);
    let fs = h.app.contacts.organizations.layers.form().unwrap();
    assert!(fs.failure.is_some());
    h.send(ctrl('s'));
    assert!(
        edits(&mut h).is_empty(),
        "an add may have landed: not sent again"
    );
    assert_eq!(h.take(|c| matches!(c, Call::Organization(_))).len(), 1);
}

#[test]
fn esc_asks_before_dropping_changes_and_closes_an_unchanged_form() {
    let mut h = on_tab(vec![full_org()]);
    h.send(key('e'));
    h.send(code(KeyCode::Esc));
    assert!(
        h.app.contacts.organizations.layers.form().is_none(),
        "nothing changed"
    );
    h.send(key('n'));
    type_text(&mut h, "X");
    h.send(code(KeyCode::Esc));
    assert!(matches!(
        h.app.contacts.organizations.layers.top(),
        Some(crate::contacts::organizations::layer::Layer::AskClose)
    ));
    h.send(key('n'));
    assert!(h.app.contacts.organizations.layers.form().is_some(), "kept");
    h.send(code(KeyCode::Esc));
    h.send(key('y'));
    assert!(h.app.contacts.organizations.layers.form().is_none());
    assert!(draft_removed(&h));
}

#[test]
fn a_draft_on_disk_is_restored_into_the_form_at_start() {
    let dir = std::env::temp_dir().join(format!("weeek-org-draft-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut form = super::form::OrgForm::default();
    form.name.set(NAME);
    form.phones.fields[0].set("+7 900 111-22-33");
    let d = super::draft::Draft {
        version: 1,
        values: form.values(),
        edit: Some(super::save::Base::of(&Organization {
            id: "o1".into(),
            name: Some("Old".into()),
            emails: vec![EmailEntry {
                id: "e1".into(),
                email: "a@b.example".into(),
            }],
            ..Default::default()
        })),
    };
    std::fs::write(super::draft::Draft::path(&dir), d.to_json()).unwrap();
    let s = super::OrganizationsState::load(&dir);
    let fs = s.layers.form().expect("restored");
    assert_eq!(fs.form.name.value(), NAME);
    assert_eq!(fs.form.phones.fields[0].value(), "+7 900 111-22-33");
    let base = &fs.edit.as_ref().expect("still an edit").base;
    assert_eq!(base.id, "o1");
    assert_eq!(base.emails.len(), 1, "what is compared with survives");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_edit_restored_from_a_draft_keeps_the_listed_contacts_and_tags() {
    let mut h = on_tab(vec![full_org()]);
    h.send(key('e'));
    // As restored at start: the draft holds only what the form compares with.
    let session = h
        .app
        .contacts
        .organizations
        .layers
        .form_mut()
        .unwrap()
        .edit
        .as_mut()
        .unwrap();
    session.org = session.base.to_organization(&Organization::default());
    h.send(code(KeyCode::End));
    type_text(&mut h, "!");
    h.send(ctrl('s'));
    let sent = edits(&mut h);
    h.reply(&sent[0].0, Answer::EditedOrganization(Ok(OrgEdited::Done)));
    let row = &h.app.contacts.organizations.list.rows.rows[0];
    assert_eq!(row.name.as_deref(), Some("ООО «Альфа-Логистик»!"));
    assert_eq!(row.contacts, full_org().contacts);
    assert_eq!(row.tags, full_org().tags);
}

#[test]
fn ctrl_c_asks_before_quitting_while_the_new_organization_form_holds_text() {
    let mut h = on_tab(vec![]);
    h.send(key('n'));
    h.send(ctrl('c'));
    assert!(h.quits(), "an empty form asks nothing");

    let mut h = on_tab(vec![]);
    h.send(key('n'));
    type_text(&mut h, "ООО «Вектор»");
    h.send(ctrl('c'));
    assert!(!h.quits(), "typed text is not dropped unasked");
    let Some(crate::app::Overlay::Confirm { question, .. }) = &h.app.overlay else {
        panic!("a question: {:?}", h.app.overlay);
    };
    assert!(question.contains("organization form"), "{question}");
    h.send(key('y'));
    assert!(h.quits());
}

/// An organization of the same name in the list when the form was sent is not the one a
/// refused create made, however recent it says it is: the form stays, with its draft.
#[test]
fn a_twin_organization_from_before_is_not_taken_for_a_refused_create() {
    let twin = saved("twin");
    let mut h = on_tab(vec![twin.clone()]);
    new_with_two_phones(&mut h);
    h.send(ctrl('s'));
    let reqs = creates(&mut h);
    h.effects.clear();
    h.fail(
        &reqs[0],
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    let finds = h.take(|c| matches!(c, Call::Organizations(_)));
    h.reply(&finds[0], Answer::Organizations(Ok(vec![twin.clone()])));
    let fs = h
        .app
        .contacts
        .organizations
        .layers
        .form()
        .expect("the form stays");
    assert_eq!(fs.phase, Phase::Editing);
    assert!(
        fs.failure
            .as_deref()
            .is_some_and(|f| f.contains("was not saved")),
        "{:?}",
        fs.failure
    );
    assert!(!draft_removed(&h), "the draft stays");
    // Sent again once the look before it finds nothing new.
    h.send(ctrl('s'));
    assert!(creates(&mut h).is_empty(), "not before the look");
    let again = h.take(|c| matches!(c, Call::Organizations(_))).remove(0);
    h.reply(&again, Answer::Organizations(Ok(vec![twin])));
    assert_eq!(creates(&mut h).len(), 1);
}
