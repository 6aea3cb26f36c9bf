//! Update tests of an organization's contacts and tags: each attached or detached at once,
//! put back on a refusal, read back after a lost answer; a tag created from the picker.

use crossterm::event::KeyCode;
use weeek_api::ApiError;
use weeek_api::models::{Organization, Tag};

use super::OrgKey;
use super::tests::full_org;
use crate::contacts::tests::{alt, contact, on_contacts};
use crate::keys::commands::Context;
use crate::screen::ScreenState;
use crate::screen::requests::Request;
use crate::screen::requests::RequestKey;
use crate::testing::{Harness, code, key};
use crate::worker::{Answer, Call, OrgLink};

fn on_tab() -> Harness {
    let mut h = on_contacts();
    h.send(alt('o'));
    let reqs = h.take(|c| matches!(c, Call::Organizations(_)));
    for r in &reqs {
        h.reply(r, Answer::Organizations(Ok(vec![full_org()])));
    }
    h
}

fn listed(h: &Harness) -> &Organization {
    &h.app.contacts.organizations.list.rows.rows[0]
}

fn links(h: &mut Harness) -> Vec<(Request, OrgLink)> {
    h.take(|c| matches!(c, Call::LinkOrganization(..)))
        .into_iter()
        .map(|r| match &r.call {
            Call::LinkOrganization(_, l) => {
                let l = l.clone();
                (r, l)
            }
            _ => unreachable!("taken by its call"),
        })
        .collect()
}

/// `c`, the contacts in, `c3` found by typing and ticked, applied.
fn attach_c3(h: &mut Harness) {
    h.send(key('c'));
    assert_eq!(
        h.app.contacts.contexts(),
        vec![Context::MultiPicker, Context::Picker, Context::Text]
    );
    let reqs = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(reqs.len(), 1);
    assert_eq!(reqs[0].key, RequestKey::from(OrgKey::PickContacts));
    h.reply(
        &reqs[0],
        Answer::Contacts(Ok(vec![
            contact("c1", "Алексей", "Громов"),
            contact("c2", "Oliver", "Bennett"),
            contact("c3", "Игорь", "Зайцев"),
        ])),
    );
    let p = h.app.contacts.organizations.layers.link_picker().unwrap();
    let p = p.picker.as_ref().expect("built once the contacts are in");
    assert_eq!(p.chosen.len(), 2, "the attached ones are ticked");
    for c in "Зайц".chars() {
        h.send(key(c));
    }
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
}

#[test]
fn a_contact_ticked_is_attached_at_once_and_stays() {
    let mut h = on_tab();
    attach_c3(&mut h);
    assert!(h.app.contacts.organizations.layers.link_picker().is_none());
    let sent = links(&mut h);
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].1, OrgLink::AttachContact("c3".into()));
    assert_eq!(listed(&h).contacts, vec!["c1", "c2", "c3"], "shown at once");
    h.done(&sent[0].0);
    assert_eq!(listed(&h).contacts, vec!["c1", "c2", "c3"]);
    assert!(h.render().contains("saved"), "said");
}

#[test]
fn a_refused_attach_is_put_back() {
    let mut h = on_tab();
    attach_c3(&mut h);
    let sent = links(&mut h);
    h.fail(
        &sent[0].0,
        ApiError::Validation {
            message: "The contact is invalid.".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(listed(&h).contacts, vec!["c1", "c2"]);
    assert!(h.take(|c| matches!(c, Call::Organization(_))).is_empty());
}

#[test]
fn a_lost_attach_is_read_back_and_shown_as_the_service_has_it() {
    let mut h = on_tab();
    attach_c3(&mut h);
    let sent = links(&mut h);
    h.fail(&sent[0].0, ApiError::Timeout);
    let reads = h.take(|c| matches!(c, Call::Organization(_)));
    assert_eq!(reads.len(), 1);
    let mut there = full_org();
    there.contacts = vec!["c1".into(), "c2".into()];
    h.reply(&reads[0], Answer::Organization(Ok(Box::new(there))));
    assert_eq!(
        listed(&h).contacts,
        vec!["c1", "c2"],
        "not done: the service's links stand"
    );
    assert!(links(&mut h).is_empty(), "nothing sent again");
}

#[test]
fn a_tag_unticked_is_detached_and_put_back_when_refused() {
    let mut h = on_tab();
    h.send(key('t'));
    for c in "клиент".chars() {
        h.send(key(c));
    }
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let sent = links(&mut h);
    assert_eq!(
        sent.iter().map(|(_, l)| l.clone()).collect::<Vec<_>>(),
        vec![OrgLink::DetachTag(2)]
    );
    assert!(listed(&h).tags.is_empty(), "shown at once");
    h.fail(
        &sent[0].0,
        ApiError::Validation {
            message: "The tag is invalid.".into(),
            fields: Default::default(),
        },
    );
    assert_eq!(listed(&h).tags, vec![2]);
}

#[test]
fn a_new_tag_is_created_once_then_attached() {
    let mut h = on_tab();
    h.send(key('t'));
    for c in "партнёр".chars() {
        h.send(key(c));
    }
    h.send(code(KeyCode::Enter));
    let creates = h.take(|c| matches!(c, Call::CreateTag(_)));
    assert_eq!(creates.len(), 1);
    assert_eq!(creates[0].call, Call::CreateTag("партнёр".into()));
    // Enter again while it is on its way sends nothing.
    h.send(code(KeyCode::Enter));
    assert!(h.take(|c| matches!(c, Call::CreateTag(_))).is_empty());
    // Lost on the way back (the service answered, so the app stays online).
    h.fail(
        &creates[0],
        ApiError::Server {
            status: 502,
            message: None,
        },
    );
    let finds = h.take(|c| matches!(c, Call::Tags));
    assert_eq!(finds.len(), 1);
    assert_eq!(finds[0].key, RequestKey::from(OrgKey::FindTag));
    let mut tags = crate::testing::tags();
    tags.push(Tag {
        id: 7,
        title: "партнёр".into(),
        color: None,
    });
    h.reply(&finds[0], Answer::Tags(Ok(tags)));
    assert!(
        h.take(|c| matches!(c, Call::CreateTag(_))).is_empty(),
        "found: not sent again"
    );
    let sent = links(&mut h);
    assert_eq!(
        sent.iter().map(|(_, l)| l.clone()).collect::<Vec<_>>(),
        vec![OrgLink::AttachTag(7)]
    );
    assert_eq!(listed(&h).tags, vec![2, 7]);
}

#[test]
fn a_contact_unticked_in_the_open_organization_is_detached() {
    let mut h = on_tab();
    h.send(code(KeyCode::Enter));
    h.send(key('c'));
    h.answer_all(
        |c| matches!(c, Call::Contacts(_)),
        || {
            Answer::Contacts(Ok(vec![
                contact("c1", "Алексей", "Громов"),
                contact("c2", "Oliver", "Bennett"),
            ]))
        },
    );
    for c in "Bennett".chars() {
        h.send(key(c));
    }
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let sent = links(&mut h);
    assert_eq!(sent[0].1, OrgLink::DetachContact("c2".into()));
    let viewed = h.app.contacts.organizations.layers.viewing().unwrap();
    assert_eq!(
        viewed.contacts,
        vec!["c1"],
        "the open organization shows it at once"
    );
    h.done(&sent[0].0);
    assert_eq!(listed(&h).contacts, vec!["c1"]);
}

#[test]
fn a_lost_detach_the_service_did_stands() {
    let mut h = on_tab();
    h.send(key('t'));
    for c in "клиент".chars() {
        h.send(key(c));
    }
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    let sent = links(&mut h);
    h.fail(&sent[0].0, ApiError::Timeout);
    let reads = h.take(|c| matches!(c, Call::Organization(_)));
    let mut there = full_org();
    there.tags.clear();
    h.reply(&reads[0], Answer::Organization(Ok(Box::new(there))));
    assert!(listed(&h).tags.is_empty());
    assert!(h.render().contains("answer lost, read back: done"));
}
