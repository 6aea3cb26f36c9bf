//! Update tests of the contacts screen: keys in, state and effects out, with a fixed clock.

use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyModifiers};
use weeek_api::models::{Contact, EmailEntry, Organization, PhoneEntry};
use weeek_api::{ApiError, FieldErrors};

use super::form::{Field, OrgRef};
use super::submit::Phase;
use super::{Ask, ContactsState, Pane};
use crate::app::Overlay;
use crate::screen::ScreenState;
use crate::screen::draft_file::FormDraft;
use crate::screen::names::NamesKey;
use crate::screen::{Effect, Screen};
use crate::testing::{Harness, code, ctrl, key_event};
use crate::worker::{Answer, Call};

pub const ALFA: &str = "0b3c5a1e-7f0e-4d1a-9c55-5d0a1f000001";
pub const ZERNO: &str = "0b3c5a1e-7f0e-4d1a-9c55-5d0a1f000002";

pub fn orgs() -> Vec<Organization> {
    vec![
        Organization {
            id: ALFA.into(),
            name: Some("ООО «Альфа-Логистик»".into()),
            ..Default::default()
        },
        Organization {
            id: ZERNO.into(),
            name: Some("Сеть кофеен «Зерно»".into()),
            ..Default::default()
        },
    ]
}

pub fn contact(id: &str, first: &str, last: &str) -> Contact {
    Contact {
        id: id.into(),
        first_name: Some(first.into()),
        last_name: Some(last.into()),
        emails: vec![EmailEntry {
            id: format!("{id}-e0"),
            email: format!("{}@example.com", id.to_lowercase()),
        }],
        phones: vec![PhoneEntry {
            id: format!("{id}-p0"),
            phone: "+7 916 100-20-30".into(),
        }],
        organizations: vec![ALFA.into()],
        tags: vec![2],
        ..Default::default()
    }
}

pub fn alt(c: char) -> crate::app::Msg {
    key_event(KeyCode::Char(c), KeyModifiers::ALT)
}

/// The app on the contacts screen, list and organizations loaded.
/// The contacts screen as it opens: on the list, its contacts and organizations read.
pub fn arrived_on_contacts() -> Harness {
    let mut h = Harness::new();
    h.send(alt('3'));
    assert_eq!(h.app.screen, Screen::Contacts);
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || {
            Answer::Contacts(Ok(vec![
                contact("c1", "Алексей", "Громов"),
                contact("c2", "Oliver", "Bennett"),
            ]))
        },
    );
    h.answer_all(
        |c| matches!(c, Call::Organizations(_)),
        || Answer::Organizations(Ok(orgs())),
    );
    h
}

/// The contacts screen with the form's first field taking what is typed (`i`).
pub fn on_contacts() -> Harness {
    let mut h = arrived_on_contacts();
    h.press("i");
    assert!(h.app.contacts.editing, "i goes into the form");
    h
}

fn creates(h: &Harness) -> usize {
    h.pending
        .iter()
        .filter(|r| matches!(r.call, Call::CreateContact(_)))
        .count()
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("weeek-contacts-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn the_screen_opens_on_the_list_where_the_apps_keys_act() {
    let mut h = arrived_on_contacts();
    assert_eq!(h.app.contacts.pane, Pane::List);
    assert!(!h.app.contacts.editing);
    h.press("?");
    assert!(
        matches!(h.app.overlay, Some(Overlay::Help { .. })),
        "? is help"
    );
    h.send(code(KeyCode::Esc));
    h.press("/");
    assert!(h.app.contacts.layers.searching(), "/ searches the list");
    h.press("Ол");
    h.send(code(KeyCode::Esc));
    assert_eq!(
        h.app.contacts.form.first_name.value(),
        "",
        "nothing was typed"
    );
    h.send(code(KeyCode::Tab));
    assert_eq!(h.app.screen, Screen::Projects, "Tab is the next screen");
    h.send(alt('3'));
    h.press("q");
    assert!(h.quits(), "q quits: the form holds nothing");
}

#[test]
fn n_i_and_enter_go_into_the_form_and_the_footer_says_how_to_leave() {
    let mut h = arrived_on_contacts();
    h.resize(44, 12);
    h.press("n");
    assert_eq!(h.app.contacts.pane, Pane::Form);
    assert!(h.app.contacts.editing, "n: a new contact, typing");
    h.press("Анна");
    assert_eq!(h.app.contacts.form.first_name.value(), "Анна");
    let footer = h.render().lines().last().unwrap_or_default().to_string();
    assert!(footer.contains("Esc leave"), "{footer}");
    // Back on the screen after another one: the field was left, the keys are the app's.
    h.send(alt('1'));
    h.send(alt('3'));
    assert!(!h.app.contacts.editing);
    h.press("?");
    assert!(matches!(h.app.overlay, Some(Overlay::Help { .. })));
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contacts.form.first_name.value(), "Анна");
    // Enter (or i) on a field types there again.
    h.send(code(KeyCode::Enter));
    assert!(h.app.contacts.editing);
    h.press("!");
    assert_eq!(h.app.contacts.form.first_name.value(), "Анна!");
    // From the list, i goes back into the form where it was.
    h.send(code(KeyCode::Esc));
    h.send(ctrl('l'));
    assert_eq!(h.app.contacts.pane, Pane::List);
    h.press("i");
    assert_eq!(h.app.contacts.pane, Pane::Form);
    assert!(h.app.contacts.editing);
}

#[test]
fn the_first_name_has_the_keyboard_so_letters_and_digits_type() {
    let mut h = on_contacts();
    h.press("q1 Анна");
    assert_eq!(h.app.contacts.form.first_name.value(), "q1 Анна");
    assert!(!h.quits());
    assert_eq!(h.app.screen, Screen::Contacts);
    // Esc leaves the field; then q is the keymap's again (and asks: there is input).
    h.send(code(KeyCode::Esc));
    assert!(!h.app.contacts.editing);
    h.press("q");
    assert!(matches!(h.app.overlay, Some(Overlay::Confirm { .. })));
    assert!(!h.quits());
}

#[test]
fn leaving_the_screen_with_input_asks_nothing_and_the_input_is_there_on_return() {
    let mut h = on_contacts();
    h.press("Мария");
    h.send(alt('1'));
    assert!(
        h.app.overlay.is_none(),
        "nothing is lost: {:?}",
        h.app.overlay
    );
    assert_eq!(h.app.screen, Screen::Tasks);
    h.send(alt('3'));
    assert_eq!(h.app.contacts.form.first_name.value(), "Мария");
    // A save under way goes on while another screen is shown: leaving asks nothing either.
    h.send(ctrl('s'));
    assert!(matches!(h.app.contacts.phase, Phase::Saving { .. }));
    h.send(alt('2'));
    assert!(h.app.overlay.is_none());
    assert_eq!(h.app.screen, Screen::Funnels);
    let create = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let created = contact("new1", "Мария", "");
    h.reply(&create, Answer::CreatedContact(Ok(Box::new(created))));
    assert!(!matches!(h.app.contacts.phase, Phase::Saving { .. }));
}

#[test]
fn tab_enter_and_shift_tab_move_between_fields_and_check_the_one_left() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Tab));
    assert!(
        h.app.contacts.form.errors.is_empty(),
        "tabbing past says nothing"
    );
    h.send(code(KeyCode::BackTab));
    h.press("A");
    h.send(code(KeyCode::Backspace));
    h.send(code(KeyCode::Tab));
    assert_eq!(h.app.contacts.form.focus, Field::LastName);
    assert_eq!(
        h.app
            .contacts
            .form
            .errors
            .get(&Field::FirstName)
            .map(String::as_str),
        Some("required"),
        "leaving a blank first name says so"
    );
    h.send(code(KeyCode::BackTab));
    h.press("Анна");
    assert!(
        h.app.contacts.form.errors.is_empty(),
        "the message goes once the value is fixed"
    );
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.contacts.form.focus, Field::Email(0));
    h.press("bad");
    h.send(ctrl('n'));
    assert_eq!(h.app.contacts.form.focus, Field::Email(1));
    assert!(h.app.contacts.form.errors.contains_key(&Field::Email(0)));
}

#[test]
fn submit_with_a_blank_first_name_sends_nothing_and_focuses_it() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Tab));
    h.press("Громов");
    h.send(ctrl('s'));
    assert_eq!(creates(&h), 0);
    assert_eq!(h.app.contacts.form.focus, Field::FirstName);
    assert!(h.app.contacts.editing);
    assert_eq!(h.app.contacts.phase, Phase::Editing);
}

#[test]
fn a_second_ctrl_s_while_saving_sends_nothing_and_typing_changes_nothing() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(ctrl('s'));
    h.send(ctrl('s'));
    assert_eq!(
        creates(&h),
        1,
        "one request, however often Ctrl-s is pressed"
    );
    assert!(matches!(h.app.contacts.phase, Phase::Saving { .. }));
    // Letters typed on after Ctrl-s are neither text nor commands (q, n, 2 mean nothing here).
    h.press("xyzqn2");
    assert_eq!(
        h.app.contacts.form.first_name.value(),
        "Иван",
        "the form is locked"
    );
    assert!(!h.quits() && h.app.overlay.is_none());
    assert_eq!(h.app.screen, crate::screen::Screen::Contacts);
    assert_eq!(h.app.contacts.layers.ask(), None);
    assert_eq!(h.app.contacts.footer_note().as_deref(), Some("saving…"));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let Call::CreateContact(body) = &req.call else {
        unreachable!()
    };
    assert_eq!(body.first_name, "Иван");
    h.reply(
        &req,
        Answer::CreatedContact(Ok(Box::new(contact("new1", "Иван", "")))),
    );
    assert!(matches!(h.app.contacts.phase, Phase::Saved(_)));
    h.send(ctrl('s'));
    assert_eq!(creates(&h), 0, "a saved contact is not sent again");
}

#[test]
fn success_shows_the_contact_puts_it_first_in_the_list_and_clears_the_draft() {
    let mut h = on_contacts();
    h.press("Иван");
    let draft = h.app.contacts.draft_path();
    assert!(
        h.effects
            .iter()
            .any(|e| matches!(e, Effect::WriteFile { path, .. } if *path == draft))
    );
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.reply(
        &req,
        Answer::CreatedContact(Ok(Box::new(contact("new1", "Иван", "Петров")))),
    );
    let Phase::Saved(saved) = &h.app.contacts.phase else {
        panic!("not saved");
    };
    assert_eq!(saved.emails[0].id, "new1-e0");
    assert_eq!(h.app.contacts.list.rows.rows[0].id, "new1");
    assert!(h.app.contacts.list.is_new("new1"));
    assert_eq!(h.effects.last(), Some(&Effect::RemoveFile(draft)));
    assert_eq!(h.app.contacts.unsaved(), None);
    // A later reload keeps it first although the service lists it last.
    h.send(crate::testing::key('r'));
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || {
            Answer::Contacts(Ok(vec![
                contact("c1", "Алексей", "Громов"),
                contact("new1", "Иван", "Петров"),
            ]))
        },
    );
    let ids: Vec<&str> = h
        .app
        .contacts
        .list
        .rows
        .rows
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(ids, vec!["new1", "c1"]);
}

#[test]
fn n_starts_a_blank_form_and_shift_n_keeps_organizations_and_tags() {
    let mut h = on_contacts();
    h.app.contacts.form.organizations = vec![OrgRef {
        id: ALFA.into(),
        name: "ООО «Альфа-Логистик»".into(),
    }];
    h.app.contacts.form.tags = vec![2];
    h.press("Иван");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let Call::CreateContact(body) = &req.call else {
        unreachable!()
    };
    assert_eq!(body.organizations, vec![ALFA.to_string()]);
    assert_eq!(body.tags, vec![2]);
    h.reply(
        &req,
        Answer::CreatedContact(Ok(Box::new(contact("new1", "Иван", "")))),
    );
    h.press("N");
    let f = &h.app.contacts.form;
    assert_eq!(f.first_name.value(), "");
    assert_eq!(f.organizations.len(), 1);
    assert_eq!(f.tags, vec![2]);
    assert!(h.app.contacts.editing);
    assert_eq!(
        h.app.contacts.unsaved(),
        None,
        "carried companies alone are no input"
    );
    h.press("Пётр");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.reply(
        &req,
        Answer::CreatedContact(Ok(Box::new(contact("new2", "Пётр", "")))),
    );
    h.press("n");
    assert!(h.app.contacts.form.organizations.is_empty());
    assert!(h.app.contacts.form.tags.is_empty());
    assert_eq!(h.app.contacts.phase, Phase::Editing);
}

#[test]
fn a_refused_save_keeps_every_value_and_is_retried_only_on_a_key() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(code(KeyCode::Tab));
    h.press("Петров");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.fail(&req, ApiError::RateLimited { retry_after: None });
    let s = &h.app.contacts;
    assert_eq!(s.phase, Phase::Editing);
    assert_eq!(s.form.first_name.value(), "Иван");
    assert_eq!(s.form.last_name.value(), "Петров");
    assert!(s.failure.as_ref().unwrap().message.contains("429"));
    assert_eq!(creates(&h), 0, "never re-sent by itself");
    assert!(
        h.take(|c| matches!(c, Call::Contacts(_))).is_empty(),
        "a refusal is certain: nothing to look for"
    );
    h.send(ctrl('s'));
    assert_eq!(creates(&h), 1, "Ctrl-s retries");
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.fail(
        &req,
        ApiError::Forbidden {
            message: "Forbidden.".into(),
        },
    );
    assert!(
        h.app
            .contacts
            .failure
            .as_ref()
            .unwrap()
            .message
            .contains("403")
    );
}

/// Types a contact with an e-mail, saves it and loses the answer; returns the look.
fn lose_a_save(h: &mut Harness, cause: ApiError) -> crate::screen::requests::Request {
    h.press("Иван");
    h.send(code(KeyCode::Tab));
    h.press("Петров");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.press("ivan@example.com");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.fail(&req, cause);
    let mut looks = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(looks.len(), 1, "one look for the lost save");
    looks.remove(0)
}

fn saved_ivan(id: &str, created: time::OffsetDateTime) -> Contact {
    Contact {
        emails: vec![EmailEntry {
            id: format!("{id}-e"),
            email: "Ivan@Example.com".into(),
        }],
        created_at: Some(created),
        ..contact(id, "Иван", "Петров")
    }
}

#[test]
fn a_save_whose_answer_was_lost_is_looked_for_and_shown_when_found() {
    let mut h = on_contacts();
    let look = lose_a_save(&mut h, ApiError::Timeout);
    match &look.call {
        Call::Contacts(q) => assert_eq!(q.search.as_deref(), Some("ivan@example.com")),
        _ => unreachable!(),
    }
    assert!(matches!(h.app.contacts.phase, Phase::Checking(_)));
    let screen = h.render();
    assert!(screen.contains("may have been saved"), "{screen}");
    // Typing changes nothing while it is looked for.
    h.press("x");
    assert_eq!(h.app.contacts.form.first_name.value(), "Иван");
    let old = saved_ivan("old", h.clock.wall - time::Duration::days(30));
    let it = saved_ivan("new", h.clock.wall + time::Duration::seconds(1));
    h.reply(&look, Answer::Contacts(Ok(vec![old, it])));
    match &h.app.contacts.phase {
        Phase::Saved(c) => assert_eq!(c.id, "new", "the recent one, not the namesake"),
        other => panic!("expected the found contact, got {other:?}"),
    }
    assert_eq!(h.app.contacts.list.rows.rows[0].id, "new");
    assert_eq!(creates(&h), 0, "never sent twice");
    assert!(
        h.effects
            .iter()
            .any(|e| *e == Effect::RemoveFile(h.app.contacts.draft_path())),
        "the draft goes once it is saved"
    );
}

#[test]
fn a_lost_save_not_found_is_looked_for_again_right_before_ctrl_s_sends_it_again() {
    let mut h = on_contacts();
    let look = lose_a_save(
        &mut h,
        ApiError::Server {
            status: 502,
            message: None,
        },
    );
    h.reply(
        &look,
        Answer::Contacts(Ok(vec![contact("c1", "Иван", "Громов")])),
    );
    let s = &h.app.contacts;
    assert_eq!(s.phase, Phase::Editing);
    let message = &s.failure.as_ref().unwrap().message;
    assert!(message.contains("was not saved"), "{message}");
    assert!(message.contains("502"), "{message}");
    assert_eq!(creates(&h), 0);
    // A slow commit may land after the look: Ctrl-s looks once more before it sends.
    h.send(ctrl('s'));
    assert_eq!(creates(&h), 0, "not sent before the look");
    let again = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    h.reply(&again, Answer::Contacts(Ok(vec![])));
    assert_eq!(creates(&h), 1, "not there still: sent again, once");
    // That send's answer is lost too: the look covers both sends, and the first one, landed
    // late (a second after it was sent), is what it finds.
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.fail(&req, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    let late = saved_ivan("late", h.clock.wall + time::Duration::seconds(1));
    h.reply(&look, Answer::Contacts(Ok(vec![late])));
    match &h.app.contacts.phase {
        Phase::Saved(c) => assert_eq!(c.id, "late"),
        other => panic!("expected the found contact, got {other:?}"),
    }
    assert_eq!(creates(&h), 0, "never a third send");
}

#[test]
fn a_slow_commit_found_by_the_look_before_the_send_again_is_not_sent_twice() {
    let mut h = on_contacts();
    let look = lose_a_save(&mut h, ApiError::Timeout);
    h.reply(&look, Answer::Contacts(Ok(vec![])));
    assert_eq!(h.app.contacts.phase, Phase::Editing);
    // The first send lands after that look; Ctrl-s looks before anything goes.
    h.send(ctrl('s'));
    let again = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    let landed = saved_ivan("landed", h.clock.wall + time::Duration::seconds(9));
    h.reply(&again, Answer::Contacts(Ok(vec![landed])));
    assert_eq!(creates(&h), 0, "never sent twice");
    match &h.app.contacts.phase {
        Phase::Saved(c) => assert_eq!(c.id, "landed"),
        other => panic!("expected the found contact, got {other:?}"),
    }
    assert!(
        h.app
            .toasts
            .visible()
            .iter()
            .any(|t| t.text.contains("was saved after all")),
        "{:?}",
        h.app.toasts.visible()
    );
}

#[test]
fn a_failed_look_keeps_the_form_locked_and_ctrl_s_looks_again() {
    let mut h = on_contacts();
    // The looks fail with the service's error (a timeout would put the app offline, and the
    // contact would wait in the outbox, looked for before it goes again).
    let failed = || ApiError::Server {
        status: 500,
        message: Some("Internal".into()),
    };
    let look = lose_a_save(&mut h, ApiError::Timeout);
    h.fail(&look, failed());
    let screen = h.render();
    assert!(screen.contains("looking for it failed"), "{screen}");
    assert!(screen.contains("looks again"), "{screen}");
    h.send(ctrl('s'));
    assert_eq!(
        creates(&h),
        0,
        "Ctrl-s never sends an unconfirmed contact again"
    );
    let again = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(again.len(), 1, "it looks again");
    h.fail(&again[0], failed());
    // Giving up is starting over, after a question.
    h.press("n");
    assert!(matches!(
        h.app.contacts.layers.ask(),
        Some(Ask::Discard { .. })
    ));
}

/// Against the sandbox: an undecodable 200 to a save (the contact was made) is looked for and
/// found; the service holds one contact, however often the user presses Ctrl-s afterwards.
#[cfg(feature = "demo")]
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_lost_save_leaves_exactly_one_contact_on_the_service() {
    use weeek_sandbox::{FailureMode, Faults};
    let (sandbox, client) = crate::testing::sandbox(Faults {
        failure_rate: 1.0,
        failure_methods: vec!["POST".into()],
        failure_mode: FailureMode::ApplyThenGarble,
        ..Faults::default()
    })
    .await;
    let mut h = on_contacts();
    h.press("Зоя");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.press("zoya@example.com");
    h.send(ctrl('s'));
    h.serve(&client).await;
    assert!(
        matches!(h.app.contacts.phase, Phase::Saved(_)),
        "{:?}",
        h.app.contacts.phase
    );
    h.send(ctrl('s'));
    h.serve(&client).await;
    let q = weeek_api::ListQuery {
        search: Some("zoya@example.com".into()),
        ..Default::default()
    };
    assert_eq!(client.contacts(&q).await.unwrap().value.len(), 1);
    sandbox.shutdown().await;
}

#[test]
fn field_errors_from_the_service_land_at_their_rows() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.press("a@example.com");
    h.send(ctrl('n'));
    h.send(ctrl('n'));
    h.press("b@example.com");
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let mut fields = FieldErrors::new();
    fields.insert(
        "emails.1".into(),
        vec!["The emails.1 field must be a valid email address.".into()],
    );
    fields.insert(
        "tags.0".into(),
        vec!["The selected tags.0 is invalid.".into()],
    );
    h.fail(
        &req,
        ApiError::Validation {
            message: "The given data was invalid.".into(),
            fields,
        },
    );
    let f = &h.app.contacts.form;
    assert!(
        f.errors[&Field::Email(2)].contains("valid email"),
        "{:?}",
        f.errors
    );
    assert!(f.errors.contains_key(&Field::Tags));
    assert_eq!(f.focus, Field::Email(2));
    assert_eq!(f.emails[2].value(), "b@example.com");
    assert_eq!(h.app.contacts.phase, Phase::Editing);
    assert!(
        h.app.contacts.failure.is_none(),
        "every message found its field"
    );
}

/// The sandbox's own 422, through the same client and worker code the app runs.
#[cfg(feature = "demo")]
#[tokio::test(flavor = "multi_thread", worker_threads = 1)]
async fn a_422_from_the_sandbox_is_mapped_to_the_fields() {
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

    let mut h = on_contacts();
    h.press("Иван");
    h.app.contacts.form.organizations = vec![OrgRef {
        id: "7d4f7a52-0000-4000-8000-000000000000".into(),
        name: "Deleted meanwhile".into(),
    }];
    h.send(ctrl('s'));
    let req = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    let (answer, _) = crate::worker::execute(&client, req.call.clone()).await;
    assert!(
        matches!(answer.peek::<Result<Box<weeek_api::models::Contact>, ApiError>>(), Some(Err(ApiError::Validation { fields, .. })) if fields.contains_key("organizations.0")),
        "{answer:?}"
    );
    h.reply_output(&req, answer);
    let s = &h.app.contacts;
    assert!(
        s.form.errors.contains_key(&Field::Organizations),
        "{:?}",
        s.form.errors
    );
    assert_eq!(s.form.focus, Field::Organizations);
    assert_eq!(s.form.first_name.value(), "Иван");
    assert_eq!(s.phase, Phase::Editing);
    sandbox.shutdown().await;
}

#[test]
fn typing_writes_the_draft_before_the_key_is_drawn() {
    let mut h = on_contacts();
    h.press("Ив");
    let writes: Vec<&String> = h
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::WriteFile { contents, .. } => Some(contents),
            _ => None,
        })
        .collect();
    assert_eq!(writes.len(), 2, "one write per change, with no pause");
    assert!(writes[1].contains("\"firstName\": \"Ив\""), "{}", writes[1]);
    // Moving the cursor changes nothing on disk.
    h.send(code(KeyCode::Left));
    let n = h
        .effects
        .iter()
        .filter(|e| matches!(e, Effect::WriteFile { .. }))
        .count();
    assert_eq!(n, 2);
    // Emptying the form removes the file.
    h.send(ctrl('u'));
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(h.app.contacts.draft_path()))
    );
}

fn write_draft(dir: &std::path::Path) {
    let mut form = super::form::Form::default();
    form.first_name.set("Мария");
    form.emails[0].set("maria@example.com");
    let d = super::draft::Draft::from_form(&form);
    crate::runtime::write_atomic(&super::draft::Draft::path(dir), &d.to_json()).unwrap();
}

#[test]
fn a_draft_from_before_is_offered_on_start_and_restored() {
    let dir = temp_dir("restore");
    write_draft(&dir);
    let mut h = Harness::new();
    h.app.contacts = ContactsState::load(dir.clone());
    assert!(matches!(h.app.contacts.layers.ask(), Some(Ask::Restore(_))));
    h.send(alt('3'));
    let toasts: Vec<String> = h
        .app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert!(
        toasts.iter().any(|t| t.contains("contact draft was found")),
        "{toasts:?}"
    );
    // Nothing types behind the question, and the file is not touched.
    h.press("x");
    h.send(ctrl('n'));
    assert_eq!(h.app.contacts.form.first_name.value(), "");
    assert_eq!(h.app.contacts.form.emails.len(), 1);
    assert!(
        !h.effects
            .iter()
            .any(|e| matches!(e, Effect::WriteFile { .. } | Effect::RemoveFile(_))),
        "{:?}",
        h.effects
    );
    h.press("y");
    let f = &h.app.contacts.form;
    assert_eq!(f.first_name.value(), "Мария");
    assert_eq!(f.emails[0].value(), "maria@example.com");
    assert!(h.app.contacts.editing);
    assert!(h.app.contacts.unsaved().is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_start_toast_names_the_draft_before_the_screen_is_visited() {
    let dir = temp_dir("toast");
    write_draft(&dir);
    let mut app = crate::app::App::new(dir.clone(), "test".into(), (120, 40));
    app.contacts = ContactsState::load(dir.clone());
    let effects = app.start(crate::testing::clock());
    let first = effects
        .iter()
        .find_map(|e| match e {
            Effect::Request(r) if r.key == NamesKey::Tags.into() => Some(r.clone()),
            _ => None,
        })
        .unwrap();
    app.update(
        crate::app::Msg::Api(Box::new(crate::testing::answered(
            &first,
            Answer::Tags(Ok(crate::testing::tags())),
            None,
        ))),
        crate::testing::clock(),
    );
    assert_eq!(app.screen, Screen::Tasks);
    let toasts: Vec<String> = app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect();
    assert!(
        toasts
            .iter()
            .any(|t| t.contains("Мария") && t.contains("Alt-3")),
        "{toasts:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn discarding_the_offered_draft_removes_its_file() {
    let dir = temp_dir("discard");
    write_draft(&dir);
    let mut h = Harness::new();
    h.app.contacts = ContactsState::load(dir.clone());
    h.send(alt('3'));
    h.press("n");
    assert!(h.app.contacts.layers.ask().is_none());
    assert_eq!(h.app.contacts.form.first_name.value(), "");
    assert_eq!(
        h.effects.last(),
        Some(&Effect::RemoveFile(super::draft::Draft::path(&dir)))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn n_on_a_form_with_input_asks_before_clearing() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(code(KeyCode::Esc));
    h.press("n");
    assert_eq!(
        h.app.contacts.layers.ask(),
        Some(&Ask::Discard { keep: false })
    );
    h.press("x");
    assert_eq!(
        h.app.contacts.layers.ask(),
        Some(&Ask::Discard { keep: false }),
        "a key that answers nothing leaves the question open"
    );
    h.press("n");
    assert_eq!(h.app.contacts.layers.ask(), None);
    assert_eq!(h.app.contacts.form.first_name.value(), "Иван", "n keeps it");
    h.press("n");
    assert_eq!(
        h.app.contacts.layers.ask(),
        Some(&Ask::Discard { keep: false })
    );
    h.press("y");
    assert_eq!(h.app.contacts.form.first_name.value(), "");
    assert!(h.app.contacts.editing);
}

#[test]
fn the_organization_picker_searches_fuzzily_and_applies_a_set() {
    let mut h = on_contacts();
    h.app.contacts.form.focus = Field::Organizations;
    h.press("альф");
    assert!(
        h.app.contacts.layers.picker().is_some(),
        "typing on the field opens its picker"
    );
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert!(h.app.contacts.layers.picker().is_none());
    assert_eq!(
        h.app.contacts.form.organizations,
        vec![OrgRef {
            id: ALFA.into(),
            name: "ООО «Альфа-Логистик»".into()
        }]
    );
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    assert_eq!(h.app.contacts.form.tags, vec![1, 2]);
    h.send(code(KeyCode::Backspace));
    assert_eq!(h.app.contacts.form.tags, vec![1]);
}

fn creates_of(h: &mut Harness) -> Vec<crate::screen::requests::Request> {
    h.take(|c| matches!(c, Call::CreateTag(_) | Call::CreateOrganization(_)))
}

fn picker_notice(h: &Harness) -> String {
    h.app
        .contacts
        .layers
        .picker()
        .and_then(|fp| fp.picker.as_ref())
        .and_then(|p| p.notice.clone())
        .unwrap_or_default()
}

#[test]
fn enter_on_a_new_tag_name_creates_it_once_and_picks_it() {
    let mut h = on_contacts();
    h.app.contacts.form.focus = Field::Tags;
    h.press("Партнёр");
    h.resize(100, 30);
    assert!(
        h.render().contains("Enter creates tag “Партнёр”"),
        "{}",
        h.render()
    );
    h.send(code(KeyCode::Enter));
    h.send(code(KeyCode::Enter));
    let creates = creates_of(&mut h);
    assert_eq!(creates.len(), 1, "a second Enter sends nothing");
    assert_eq!(creates[0].call, Call::CreateTag("Партнёр".into()));
    assert!(picker_notice(&h).contains("creating tag “Партнёр”…"));
    let tag = weeek_api::models::Tag {
        id: 77,
        title: "Партнёр".into(),
        color: None,
    };
    h.reply(&creates[0], Answer::CreatedTag(Ok(tag)));
    assert!(
        h.app.contacts.layers.picker().is_none(),
        "picked, and the picker closed"
    );
    assert_eq!(h.app.contacts.form.tags, vec![77]);
    let tags = h.app.names.tags.value().unwrap();
    assert!(
        tags.iter().any(|t| t.id == 77),
        "every tag picker has it now"
    );
}

#[test]
fn a_lost_organization_create_is_looked_for_before_it_is_sent_again() {
    let mut h = on_contacts();
    h.app.contacts.form.focus = Field::Organizations;
    h.press("Вектор");
    h.send(code(KeyCode::Enter));
    let create = creates_of(&mut h).remove(0);
    assert!(
        matches!(&create.call, Call::CreateOrganization(o) if o.name.as_deref() == Some("Вектор"))
    );
    h.fail(&create, ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Organizations(_)));
    assert_eq!(look.len(), 1, "looked for first");
    h.send(code(KeyCode::Enter));
    assert!(
        creates_of(&mut h).is_empty(),
        "never sent twice while unknown"
    );
    // Not there: it may be sent again, once asked.
    h.reply(&look[0], Answer::Organizations(Ok(orgs())));
    assert!(
        picker_notice(&h).contains("was not created"),
        "{}",
        picker_notice(&h)
    );
    // Enter again looks once more first (the first send may land late), then sends.
    h.send(code(KeyCode::Enter));
    assert!(creates_of(&mut h).is_empty(), "not before the look");
    let before = h.take(|c| matches!(c, Call::Organizations(_))).remove(0);
    h.reply(&before, Answer::Organizations(Ok(orgs())));
    let again = creates_of(&mut h);
    assert_eq!(again.len(), 1);
    h.fail(&again[0], ApiError::Timeout);
    let look = h.take(|c| matches!(c, Call::Organizations(_))).remove(0);
    let mut found = orgs();
    found.push(Organization {
        id: "new-org".into(),
        name: Some("Вектор".into()),
        created_at: Some(h.clock.wall),
        ..Default::default()
    });
    h.reply(&look, Answer::Organizations(Ok(found)));
    assert!(creates_of(&mut h).is_empty());
    assert_eq!(
        h.app.contacts.form.organizations,
        vec![OrgRef {
            id: "new-org".into(),
            name: "Вектор".into()
        }]
    );
}

#[test]
fn a_refused_create_says_why_and_keeps_the_name() {
    let mut h = on_contacts();
    h.app.contacts.form.focus = Field::Tags;
    h.press("x");
    h.send(code(KeyCode::Enter));
    let create = creates_of(&mut h).remove(0);
    h.fail(
        &create,
        ApiError::Forbidden {
            message: "No rights".into(),
        },
    );
    assert!(
        picker_notice(&h).contains("was not created"),
        "{}",
        picker_notice(&h)
    );
    assert!(h.app.contacts.form.tags.is_empty());
    assert!(
        h.take(|c| matches!(c, Call::Tags)).is_empty(),
        "nothing to look for"
    );
}

#[test]
fn the_picker_waits_for_organizations_still_loading() {
    let mut h = Harness::new();
    h.send(alt('3'));
    h.press("i");
    h.app.contacts.form.focus = Field::Organizations;
    h.send(code(KeyCode::Enter));
    assert!(
        h.app
            .contacts
            .layers
            .picker()
            .is_some_and(|p| p.picker.is_none())
    );
    h.press("зер");
    h.answer_all(
        |c| matches!(c, Call::Organizations(_)),
        || Answer::Organizations(Ok(orgs())),
    );
    let p = h
        .app
        .contacts
        .layers
        .picker()
        .and_then(|p| p.picker.as_ref())
        .unwrap();
    assert_eq!(
        p.query.value(),
        "зер",
        "what was typed while waiting is kept"
    );
    assert_eq!(p.current().unwrap().label, "Сеть кофеен «Зерно»");
}

#[test]
fn the_list_searches_after_a_pause_and_ctrl_l_switches_panes() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    assert_eq!(h.app.contacts.pane, Pane::List);
    assert!(!h.app.contacts.editing);
    h.press("j");
    assert_eq!(h.app.contacts.list.cursor, 1);
    h.press("/гром");
    assert!(
        !h.pending
            .iter()
            .any(|r| matches!(r.call, Call::Contacts(_))),
        "no request per letter"
    );
    h.advance(super::list::SEARCH_DEBOUNCE);
    let req = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    let Call::Contacts(q) = &req.call else {
        unreachable!()
    };
    assert_eq!(q.search.as_deref(), Some("гром"));
    h.reply(&req, Answer::Contacts(Ok(vec![])));
    h.send(code(KeyCode::Esc));
    assert_eq!(h.app.contacts.list.search.value(), "");
    assert_eq!(
        h.take(|c| matches!(c, Call::Contacts(_))).len(),
        1,
        "clearing reloads"
    );
    h.send(ctrl('l'));
    assert_eq!(h.app.contacts.pane, Pane::Form);
    assert!(h.app.contacts.editing);
}

#[test]
fn a_full_page_loads_the_next_one_as_the_cursor_nears_the_end() {
    let mut h = Harness::new();
    h.send(alt('3'));
    let page: Vec<Contact> = (0..super::list::PAGE_SIZE)
        .map(|i| contact(&format!("c{i}"), "Имя", &i.to_string()))
        .collect();
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || Answer::Contacts(Ok(page.clone())),
    );
    assert!(h.app.contacts.list.rows.has_more);
    // The screen opens on the list.
    h.press("G");
    let next = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(next.len(), 1);
    let Call::Contacts(q) = &next[0].call else {
        unreachable!()
    };
    assert_eq!(q.offset, Some(super::list::PAGE_SIZE));
}

#[test]
fn a_click_focuses_a_field_or_selects_a_contact() {
    let mut h = on_contacts();
    // 120 columns: the form on the left, its fields from row 2 (header, border).
    h.click(20, 5);
    assert_eq!(h.app.contacts.form.focus, Field::Email(0));
    assert!(h.app.contacts.editing);
    // The list on the right: border, search line and header above the first contact.
    h.click(80, 5);
    assert_eq!(h.app.contacts.pane, Pane::List);
    assert_eq!(h.app.contacts.list.cursor, 1);
}

#[test]
fn the_form_draws_at_extreme_sizes() {
    let mut h = on_contacts();
    // Wide: the form and the list side by side; tiny: the too-small note cut to one column;
    // at the minimum: the form's first fields and how to save.
    let cases: [((u16, u16), &[&str]); 3] = [
        (
            (8000, 60),
            &[
                "First name*",
                "Organizations",
                "Алексей Громов",
                "Oliver Bennett",
                "C-s saves",
            ],
        ),
        ((1, 1), &["…"]),
        (
            (40, 10),
            &[
                "New contact",
                "First name* required",
                "E-mails",
                "C-s saves",
            ],
        ),
    ];
    for ((w, ht), wanted) in cases {
        h.resize(w, ht);
        let screen = h.render();
        assert_eq!(screen.lines().count(), usize::from(ht));
        for text in wanted {
            assert!(screen.contains(text), "{w}x{ht} lacks {text:?}:\n{screen}");
        }
    }
}

#[test]
fn quitting_right_after_typing_still_writes_the_draft() {
    let mut h = on_contacts();
    h.press("Ив");
    h.send(ctrl('c'));
    h.press("y");
    assert!(h.quits());
    let written = h.effects.iter().rev().find_map(|e| match e {
        Effect::WriteFile { contents, .. } => Some(contents.clone()),
        _ => None,
    });
    assert!(written.is_some_and(|c| c.contains("Ив")), "{:?}", h.effects);
}

#[test]
fn a_failed_next_page_of_contacts_stays_in_view_and_is_retried_at_the_end() {
    let mut h = Harness::new();
    h.send(alt('3'));
    let page: Vec<Contact> = (0..super::list::PAGE_SIZE)
        .map(|i| contact(&format!("c{i}"), "Имя", &format!("Фамилия{i}")))
        .collect();
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || Answer::Contacts(Ok(page.clone())),
    );
    h.press("G");
    let next = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    h.fail(&next, ApiError::Timeout);
    // (No refresh of the screen meanwhile: it would read the page on screen again.)
    h.app.refresh = crate::app::auto_refresh::AutoRefresh::new(None);
    h.advance(std::time::Duration::from_secs(60));
    let screen = h.render();
    assert!(screen.contains("could not load more"), "{screen}");
    assert!(screen.contains("Фамилия49"), "{screen}");
    h.press("k");
    assert!(h.take(|c| matches!(c, Call::Contacts(_))).is_empty());
    h.press("G");
    assert_eq!(
        h.take(|c| matches!(c, Call::Contacts(_))).len(),
        1,
        "reaching the end again retries"
    );
}

#[test]
fn a_click_on_a_pane_outside_rows_and_fields_gives_it_the_keys() {
    let mut h = on_contacts();
    h.click(80, 2);
    assert_eq!(h.app.contacts.pane, Pane::List);
    assert_eq!(
        h.app.contacts.list.cursor, 0,
        "the search line is no contact"
    );
    // The form's border: back to the form, its focus where it was.
    h.click(0, 10);
    assert_eq!(h.app.contacts.pane, Pane::Form);
    assert_eq!(h.app.contacts.form.focus, Field::FirstName);
}

#[test]
fn a_click_on_a_fields_message_focuses_that_field() {
    let mut h = on_contacts();
    h.send(ctrl('s'));
    assert!(h.app.contacts.form.errors.contains_key(&Field::FirstName));
    h.send(code(KeyCode::Esc));
    // First name at line 2, its message at line 3.
    h.click(20, 3);
    assert_eq!(h.app.contacts.form.focus, Field::FirstName);
    assert!(h.app.contacts.editing);
    h.click(20, 4);
    assert_eq!(h.app.contacts.form.focus, Field::LastName);
}

#[test]
fn on_a_narrow_terminal_only_the_pane_shown_takes_clicks() {
    let mut h = on_contacts();
    h.resize(80, 24);
    // The switch line at line 1, the form's border at 2, its first field at 3.
    h.click(30, 4);
    assert_eq!(h.app.contacts.form.focus, Field::LastName);
    h.send(ctrl('l'));
    // The list: border, search line and header above the first contact at line 5.
    h.click(30, 6);
    assert_eq!(h.app.contacts.list.cursor, 1);
    h.click(30, 1);
    assert_eq!(
        h.app.contacts.pane,
        Pane::List,
        "the switch line is no pane"
    );
}

#[test]
fn a_click_while_saving_or_with_a_picker_open_moves_no_focus() {
    let mut h = on_contacts();
    h.press("Иван");
    h.send(ctrl('s'));
    h.click(20, 5);
    assert_eq!(
        h.app.contacts.form.focus,
        Field::FirstName,
        "the form is locked"
    );
    let mut h = on_contacts();
    h.click(20, 7);
    assert_eq!(h.app.contacts.form.focus, Field::Organizations);
    h.send(code(KeyCode::Enter));
    assert!(h.app.contacts.layers.picker().is_some());
    h.click(80, 5);
    assert_eq!(h.app.contacts.pane, Pane::Form);
    assert_eq!(h.app.contacts.list.cursor, 0);
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

fn ids(h: &Harness) -> Vec<String> {
    h.app
        .contacts
        .list
        .rows
        .rows
        .iter()
        .map(|c| c.id.clone())
        .collect()
}

/// `D` on the second contact of the list, answered `y`: the delete is out.
fn delete_second(h: &mut Harness) -> crate::screen::requests::Request {
    h.send(ctrl('l'));
    h.press("jD");
    assert!(matches!(
        h.app.contacts.layers.ask(),
        Some(Ask::Delete { .. })
    ));
    assert!(
        h.take(|c| matches!(c, Call::DeleteContact(_))).is_empty(),
        "nothing is sent before the answer"
    );
    h.press("y");
    let mut sent = h.take(|c| matches!(c, Call::DeleteContact(_)));
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].call, Call::DeleteContact("c2".into()));
    sent.remove(0)
}

#[test]
fn d_asks_and_n_sends_nothing() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.press("D");
    assert!(matches!(
        h.app.contacts.layers.ask(),
        Some(Ask::Delete { .. })
    ));
    h.press("n");
    assert!(h.app.contacts.layers.ask().is_none());
    assert!(h.take(|c| matches!(c, Call::DeleteContact(_))).is_empty());
    assert_eq!(ids(&h), ["c1", "c2"]);
}

#[test]
fn a_delete_removes_the_contact_from_the_list() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    assert_eq!(ids(&h), ["c1", "c2"], "kept until the service says so");
    h.done(&req);
    assert_eq!(ids(&h), ["c1"]);
    assert_eq!(h.app.contacts.list.cursor, 0);
    assert!(
        toasts(&h).contains("Deleted “Oliver Bennett”"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn d_in_the_open_contact_deletes_it_and_closes_the_view() {
    let mut h = on_contacts();
    h.send(ctrl('l'));
    h.send(code(KeyCode::Enter));
    assert!(h.app.contacts.layers.viewing().is_some());
    h.press("D");
    h.press("y");
    assert!(h.app.contacts.layers.viewing().is_none());
    let req = h.take(|c| matches!(c, Call::DeleteContact(_))).remove(0);
    assert_eq!(req.call, Call::DeleteContact("c1".into()));
    h.done(&req);
    assert_eq!(ids(&h), ["c2"]);
}

fn not_found() -> ApiError {
    ApiError::NotFound {
        message: "Not found.".into(),
    }
}

#[test]
fn a_delete_answered_not_found_is_read_back_and_gone_counts_as_deleted() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    h.fail(&req, not_found());
    assert_eq!(
        ids(&h),
        ["c1", "c2"],
        "nothing is said before the read-back"
    );
    assert!(!toasts(&h).contains("Deleted"), "{}", toasts(&h));
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    assert_eq!(read.call, Call::Contact("c2".into()));
    h.fail(&read, not_found());
    assert_eq!(ids(&h), ["c1"]);
    assert!(
        toasts(&h).contains("Deleted “Oliver Bennett”"),
        "{}",
        toasts(&h)
    );
}

#[test]
fn a_delete_answered_not_found_of_a_contact_still_there_says_not_deleted() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    h.fail(&req, not_found());
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.reply(
        &read,
        Answer::Contact(Ok(Box::new(contact("c2", "Oliver", "Bennett")))),
    );
    assert_eq!(ids(&h), ["c1", "c2"]);
    let t = toasts(&h);
    assert!(
        t.contains("“Oliver Bennett” not deleted") && t.contains("still there"),
        "{t}"
    );
    assert!(!t.contains("Deleted"), "{t}");
    assert!(h.app.contacts.deleting.is_none(), "D works again");
}

#[test]
fn a_refused_delete_keeps_the_contact_and_says_why() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    h.fail(
        &req,
        ApiError::Forbidden {
            message: "Access denied.".into(),
        },
    );
    assert_eq!(ids(&h), ["c1", "c2"]);
    assert!(
        h.take(|c| matches!(c, Call::Contact(_))).is_empty(),
        "a refusal is not read back"
    );
    assert!(toasts(&h).contains("not deleted"), "{}", toasts(&h));
    assert!(h.app.contacts.deleting.is_none(), "D works again");
}

#[test]
fn a_lost_delete_is_read_back_before_anything_is_said() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    h.fail(
        &req,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    assert_eq!(ids(&h), ["c1", "c2"]);
    assert!(!toasts(&h).contains("Deleted"));
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    assert_eq!(read.call, Call::Contact("c2".into()));
    h.fail(
        &read,
        ApiError::NotFound {
            message: "Not found.".into(),
        },
    );
    assert_eq!(ids(&h), ["c1"]);
    // One message, naming the contact, with no advice to try a delete that was done again.
    let said = toasts(&h);
    assert!(
        said.contains(
            "Deleted “Oliver Bennett”: its answer was lost (the service failed with 503); \
             read back, it no longer exists"
        ),
        "{said}"
    );
    assert!(!said.contains("Try again"), "{said}");
}

#[test]
fn a_lost_delete_of_a_contact_still_there_says_not_deleted() {
    let mut h = on_contacts();
    let req = delete_second(&mut h);
    h.fail(&req, ApiError::Timeout);
    let read = h.take(|c| matches!(c, Call::Contact(_))).remove(0);
    h.reply(
        &read,
        Answer::Contact(Ok(Box::new(contact("c2", "Oliver", "Bennett")))),
    );
    assert_eq!(ids(&h), ["c1", "c2"]);
    let t = toasts(&h);
    assert!(
        t.contains("not deleted") && t.contains("still there"),
        "{t}"
    );
    assert!(!t.contains("Deleted"), "{t}");
}

/// A contact with the same name and e-mail in the list when the form was sent is not the one
/// a refused create made: the form stays, with its draft, and a send again makes the second.
#[test]
fn a_twin_contact_from_before_is_not_taken_for_a_refused_create() {
    let twin = saved_ivan("twin", crate::testing::clock().wall);
    let mut h = Harness::new();
    h.send(alt('3'));
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || Answer::Contacts(Ok(vec![twin.clone()])),
    );
    h.answer_all(
        |c| matches!(c, Call::Organizations(_)),
        || Answer::Organizations(Ok(orgs())),
    );
    h.effects.clear();
    // The screen opens on its list: `i` goes into the form.
    h.press("i");
    let look = lose_a_save(
        &mut h,
        ApiError::Server {
            status: 503,
            message: None,
        },
    );
    h.reply(&look, Answer::Contacts(Ok(vec![twin.clone()])));
    let s = &h.app.contacts;
    assert_eq!(s.phase, Phase::Editing, "not taken for it");
    assert!(
        s.failure
            .as_ref()
            .is_some_and(|f| f.message.contains("was not saved")),
        "{:?}",
        s.failure
    );
    assert_eq!(s.form.first_name.value(), "Иван", "the form stays");
    assert!(
        !h.effects
            .iter()
            .any(|e| *e == Effect::RemoveFile(h.app.contacts.draft_path())),
        "the draft stays"
    );
    h.send(ctrl('s'));
    assert_eq!(creates(&h), 0, "not before the look");
    let again = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    h.reply(&again, Answer::Contacts(Ok(vec![twin])));
    assert_eq!(creates(&h), 1, "sent again, once");
}

/// The contact list: the store's page at once, marked cached, the service's in its place
/// (the cursor on its contact), and `r` reading the page on screen again, in place.
#[test]
fn the_contact_list_shows_the_stores_page_then_the_services_then_reads_it_again_in_place() {
    let mut h = Harness::new();
    h.resize(160, 45);
    h.send(alt('3'));
    let req = h.take(|c| matches!(c, Call::Contacts(_))).remove(0);
    let read_at = h.clock.wall - time::Duration::minutes(3);
    h.reply_stored(
        &req,
        Answer::Contacts(Ok(vec![
            contact("c1", "Алексей", "Громов"),
            contact("c2", "Oliver", "Bennett"),
        ])),
        read_at,
    );
    let screen = h.render();
    assert!(screen.contains("Bennett"), "{screen}");
    assert!(screen.contains("cached · read 3 min ago"), "{screen}");
    h.press("j");
    let on = |h: &Harness| h.app.contacts.list.current().map(|c| c.id.clone());
    assert_eq!(on(&h).as_deref(), Some("c2"));
    h.reply(
        &req,
        Answer::Contacts(Ok(vec![
            contact("c0", "Новый", "Контакт"),
            contact("c1", "Алексей", "Громов"),
            contact("c2", "Oliver", "Bennett"),
        ])),
    );
    assert_eq!(
        on(&h).as_deref(),
        Some("c2"),
        "the cursor stays on its contact"
    );
    assert!(!h.render().contains("cached"));
    h.take(|_| true);
    h.press("r");
    let again = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(again.len(), 1, "the one page on screen");
    assert!(!again[0].from_store);
    h.reply(
        &again[0],
        Answer::Contacts(Ok(vec![
            contact("c0", "Новый", "Контакт"),
            contact("c2", "Oliver", "Bennett-Smith"),
        ])),
    );
    let ids: Vec<&str> = h
        .app
        .contacts
        .list
        .rows
        .rows
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(ids, vec!["c0", "c2"], "c1 is gone");
    assert_eq!(on(&h).as_deref(), Some("c2"));
    assert!(h.render().contains("Bennett-Smith"));
}
