//! `update` tests of the contact form and the organizations tab offline: a new contact or
//! organization, an edit, a delete and links kept in the outbox and shown at once, never sent;
//! against the sandbox, replayed once the service is back (sent, conflict, refused, answers
//! lost on the way, nothing made twice).

use crossterm::event::KeyCode;
use weeek_api::models::Organization;

use super::submit::Phase;
use super::tests::{alt, contact, on_contacts};
use crate::outbox::{Change, ContactField, Field, ItemKind, New, Order, OrgField, State};
use crate::screen::Effect;
use crate::store::Store;
use crate::testing::{Harness, code, ctrl, key, unreachable};
use crate::worker::{Answer, Call};

/// The list pane has the keys (no field does).
fn to_list(h: &mut Harness) {
    if h.app.contacts.editing {
        h.send(code(KeyCode::Esc));
    }
    if h.app.contacts.pane != super::Pane::List {
        h.send(ctrl('l'));
    }
    assert_eq!(h.app.contacts.pane, super::Pane::List);
}

/// The contacts screen offline: the list read again (`r`) fails to connect.
fn offline(h: &mut Harness) {
    to_list(h);
    h.press("r");
    h.cut_off();
    assert!(h.app.offline.is_offline());
}

fn writes(h: &Harness) -> Vec<Call> {
    h.pending
        .iter()
        .filter(|r| r.call.is_write())
        .map(|r| r.call.clone())
        .collect()
}

fn toasts(h: &Harness) -> String {
    h.app
        .toasts
        .visible()
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join(" | ")
}

fn ids(h: &Harness) -> Vec<String> {
    let rows = &h.app.contacts.list.rows.rows;
    rows.iter().map(|c| c.id.clone()).collect()
}

fn type_text(h: &mut Harness, text: &str) {
    for c in text.chars() {
        h.send(key(c));
    }
}

/// `n` on the list, a first and a last name typed, saved.
fn new_contact(h: &mut Harness, first: &str, last: &str) {
    to_list(h);
    h.press("n");
    type_text(h, first);
    h.send(code(KeyCode::Tab));
    type_text(h, last);
    h.send(ctrl('s'));
}

/// `e` on list row `row`, the first name replaced by `first`, saved.
fn rename(h: &mut Harness, row: usize, first: &str) {
    to_list(h);
    h.press("g");
    for _ in 0..row {
        h.press("j");
    }
    h.press("e");
    h.send(ctrl('u'));
    type_text(h, first);
    h.send(ctrl('s'));
}

#[test]
fn offline_a_new_contact_an_edit_and_a_delete_are_kept_in_order_shown_at_once_and_never_sent() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Esc));
    offline(&mut h);
    let mut store = Store::in_memory();
    new_contact(&mut h, "Иван", "Петров");
    assert!(
        matches!(h.app.contacts.phase, Phase::Saved(_)),
        "{:?}",
        h.app.contacts.phase
    );
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
    // The list: the new one first, under its local key.
    rename(&mut h, 1, "Алёша");
    to_list(&mut h);
    h.press("gjjD");
    h.press("y");
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 3, "{kept:#?}");
    assert!(
        matches!(&kept[0].change, Change::Create(New::Contact(c)) if c.first_name == "Иван"),
        "{:?}",
        kept[0].change
    );
    assert_eq!(kept[0].item.kind, ItemKind::Contact);
    assert_eq!(
        (kept[1].item.id.as_deref(), &kept[1].change),
        (
            Some("c1"),
            &Change::Set(Field::Contact(ContactField::FirstName("Алёша".into())))
        )
    );
    assert_eq!(
        kept[1].base.value,
        Some(Field::Contact(ContactField::FirstName("Алексей".into()))),
        "with its base, as the app read it"
    );
    assert_eq!(
        (kept[2].item.id.as_deref(), &kept[2].change),
        (Some("c2"), &Change::Delete)
    );
    // Shown as they will be.
    let rows = ids(&h);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert!(crate::outbox::local_of(&rows[0]).is_some(), "{rows:?}");
    assert_eq!(rows[1], "c1");
    let c1 = &h.app.contacts.list.rows.rows[1];
    assert_eq!(c1.first_name.as_deref(), Some("Алёша"));
    let screen = h.render();
    assert!(screen.contains("3 changes waiting"), "{screen}");
    assert!(screen.contains("Алёша Громов (queued)"), "{screen}");
    assert!(screen.contains("Иван Петров (queued)"), "{screen}");
    // A page read meanwhile (the store's, say) shows them over it.
    h.press("r");
    let reads = h.take(|c| matches!(c, Call::Contacts(_)));
    for r in &reads {
        h.reply(
            r,
            Answer::Contacts(Ok(vec![
                contact("c1", "Алексей", "Громов"),
                contact("c2", "Oliver", "Bennett"),
            ])),
        );
    }
    let rows = ids(&h);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        h.app.contacts.list.rows.rows[1].first_name.as_deref(),
        Some("Алёша")
    );
    assert!(!rows.contains(&"c2".to_string()), "deleted");
}

#[test]
fn a_new_contact_that_cannot_reach_the_service_is_kept() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Esc));
    let mut store = Store::in_memory();
    new_contact(&mut h, "Зоя", "Новикова");
    let create = h.take(|c| matches!(c, Call::CreateContact(_))).remove(0);
    h.fail(&create, unreachable());
    assert!(h.app.offline.is_offline());
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].state, State::Waiting, "never sent");
    assert!(matches!(h.app.contacts.phase, Phase::Saved(_)));
    assert!(crate::outbox::local_of(&ids(&h)[0]).is_some());
}

#[test]
fn a_new_contact_deleted_before_it_was_sent_leaves_nothing_and_a_drop_puts_an_edit_back() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Esc));
    offline(&mut h);
    let mut store = Store::in_memory();
    new_contact(&mut h, "Лишний", "Контакт");
    h.keep_outbox(&mut store);
    to_list(&mut h);
    h.press("gD");
    h.press("y");
    let dropped: Vec<Effect> = h
        .effects
        .iter()
        .filter(|e| matches!(e, Effect::Outbox(o) if matches!(**o, Order::Unqueue(_))))
        .cloned()
        .collect();
    assert_eq!(dropped.len(), 1, "the create goes unsent");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(ids(&h), ["c1", "c2"]);
    // An edit kept, then dropped from the outbox: the contact as it was, read again.
    rename(&mut h, 0, "Другой");
    h.keep_outbox(&mut store);
    h.press("O");
    h.press("D");
    h.keep_outbox(&mut store);
    assert!(store.outbox().unwrap().is_empty());
    assert_eq!(
        h.app.contacts.list.rows.rows[0].first_name.as_deref(),
        Some("Алексей")
    );
    assert_eq!(h.take(|c| *c == Call::Contact("c1".into())).len(), 1);
}

#[test]
fn a_contact_with_changes_in_the_outbox_has_its_next_edit_join_them_online_too() {
    let mut h = on_contacts();
    h.send(code(KeyCode::Esc));
    offline(&mut h);
    let mut store = Store::in_memory();
    rename(&mut h, 0, "Первое");
    h.keep_outbox(&mut store);
    h.app.offline.came_back();
    h.pending.clear();
    rename(&mut h, 0, "Второе");
    assert!(
        h.take(|c| matches!(c, Call::EditContact(..))).is_empty(),
        "it waits behind the first"
    );
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(
        kept[1].base.value,
        Some(Field::Contact(ContactField::FirstName("Первое".into()))),
        "made on the first"
    );
}

/// The organizations tab shown with `rows` listed.
fn on_tab(rows: Vec<Organization>) -> Harness {
    let mut h = on_contacts();
    h.send(code(KeyCode::Esc));
    h.send(alt('o'));
    let reqs = h.take(|c| matches!(c, Call::Organizations(_)));
    for r in &reqs {
        h.reply(r, Answer::Organizations(Ok(rows.clone())));
    }
    h
}

/// The organizations tab offline, "ООО «Своё»" made there and kept in the outbox.
fn org_made_offline() -> (Harness, Store) {
    let mut h = on_tab(vec![crate::contacts::organizations::tests::full_org()]);
    h.press("r");
    h.cut_off();
    let mut store = Store::in_memory();
    h.send(key('n'));
    type_text(&mut h, "ООО «Своё»");
    h.send(ctrl('s'));
    h.keep_outbox(&mut store);
    (h, store)
}

#[test]
fn a_contact_made_offline_may_name_an_organization_made_offline_and_waits_for_it() {
    let (mut h, mut store) = org_made_offline();
    let made = h.app.offline.entries()[0].item.clone();
    assert_eq!(made.kind, ItemKind::Organization);
    let org_key = made.key();
    // The contact form's picker offers it (the tab's list no longer needed: after a restart
    // only the outbox knows it), chosen and saved.
    h.app.contacts.organizations.list.created.clear();
    h.send(alt('o'));
    to_list(&mut h);
    h.press("n");
    type_text(&mut h, "Пётр");
    for _ in 0..5 {
        h.send(code(KeyCode::Tab));
    }
    h.send(code(KeyCode::Enter));
    for r in h.take(|c| matches!(c, Call::Organizations(_))) {
        h.reply(&r, Answer::Organizations(Ok(Vec::new())));
    }
    let picker = h.render();
    assert!(picker.contains("ООО «Своё»  queued"), "{picker}");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    h.send(ctrl('s'));
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 2, "{kept:#?}");
    let Change::Create(New::Contact(c)) = &kept[1].change else {
        panic!("a new contact: {kept:#?}");
    };
    assert_eq!(c.organizations, vec![org_key.clone()]);
    // The organization shows the contact put in it (the service keeps both sides).
    let contact_key = kept[1].item.key();
    let orgs = &h.app.contacts.organizations.list;
    let made_org = orgs.rows.rows.iter().find(|o| o.id == org_key);
    let made_org = made_org.expect("the organization made offline is listed");
    assert_eq!(made_org.contacts, vec![contact_key]);
    let saved = h.render();
    assert!(saved.contains("ООО «Своё»"), "named as made: {saved}");
    assert!(saved.contains("made offline, in the outbox"), "{saved}");
    // Only the organization may go first.
    let ready: Vec<i64> = crate::outbox::ready(&kept).iter().map(|e| e.seq).collect();
    assert_eq!(ready, vec![kept[0].seq]);
    assert!(writes(&h).is_empty(), "nothing sent offline");
}

#[test]
fn an_organization_made_offline_shows_no_id_yet_and_no_deals_are_asked_of_the_service() {
    let (mut h, _) = org_made_offline();
    h.take(|_| true);
    h.press("g");
    h.send(code(KeyCode::Enter));
    let view = h.render();
    assert!(view.contains("none yet: made offline"), "{view}");
    assert!(!view.contains("local-"), "{view}");
    let asked = h.take(|c| matches!(c, Call::Funnels));
    assert!(
        asked.is_empty(),
        "the service has none of its deals: {asked:?}"
    );
}

#[test]
fn a_form_holding_an_organization_made_offline_sends_its_id_once_the_service_made_it() {
    use crate::outbox::{Fresh, Replayed, Step};
    let (mut h, mut store) = org_made_offline();
    let create = h.app.offline.entries()[0].clone();
    h.send(alt('o'));
    to_list(&mut h);
    h.press("n");
    type_text(&mut h, "Пётр");
    for _ in 0..5 {
        h.send(code(KeyCode::Tab));
    }
    h.send(code(KeyCode::Enter));
    for r in h.take(|c| matches!(c, Call::Organizations(_))) {
        h.reply(&r, Answer::Organizations(Ok(Vec::new())));
    }
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    // Back online, the replay makes the organization while the form is open.
    h.app.offline.came_back();
    store.write(|w| w.unqueue(create.seq)).unwrap();
    let made = Organization {
        id: "6f1c2a3e-0000-4000-8000-000000000001".into(),
        name: Some("ООО «Своё»".into()),
        ..Default::default()
    };
    h.send(crate::app::Msg::Replayed(Box::new(Replayed {
        outbox: store.outbox().unwrap(),
        step: Step::Created {
            entry: create.clone(),
            id: made.id.clone(),
            fresh: Some(Fresh::Organization(Box::new(made))),
        },
    })));
    assert_eq!(
        h.app.offline.resolve(&create.item.key()),
        "6f1c2a3e-0000-4000-8000-000000000001"
    );
    h.send(ctrl('s'));
    let sent: Vec<Call> = h
        .take(|c| matches!(c, Call::CreateContact(_)))
        .into_iter()
        .map(|r| r.call)
        .collect();
    let [Call::CreateContact(c)] = sent.as_slice() else {
        panic!("one create, sent: {sent:?}\n{}", h.render());
    };
    assert_eq!(
        c.organizations,
        vec!["6f1c2a3e-0000-4000-8000-000000000001".to_string()]
    );
}

#[test]
fn an_organization_may_have_a_contact_made_offline_chosen_and_the_link_waits_for_it() {
    let mut h = on_contacts();
    offline(&mut h);
    let mut store = Store::in_memory();
    new_contact(&mut h, "Пётр", "Офлайнов");
    h.keep_outbox(&mut store);
    let contact_key = h.app.offline.entries()[0].item.key();
    to_list(&mut h);
    h.send(alt('o'));
    let org = crate::contacts::organizations::tests::full_org();
    for r in h.take(|c| matches!(c, Call::Organizations(_))) {
        h.reply(&r, Answer::Organizations(Ok(vec![org.clone()])));
    }
    h.send(key('c'));
    for r in h.take(|c| matches!(c, Call::Contacts(_))) {
        h.reply(&r, Answer::Contacts(Ok(Vec::new())));
    }
    let picker = h.render();
    assert!(picker.contains("Пётр Офлайнов  queued"), "{picker}");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    assert_eq!(kept.len(), 2, "{kept:#?}");
    let Change::Set(Field::Organization(OrgField::Contacts(chosen))) = &kept[1].change else {
        panic!("the organization's contacts: {kept:#?}");
    };
    assert!(chosen.contains(&contact_key), "{chosen:?}");
    let ready: Vec<i64> = crate::outbox::ready(&kept).iter().map(|e| e.seq).collect();
    assert_eq!(ready, vec![kept[0].seq], "the link waits for the contact");
    assert!(writes(&h).is_empty());
}

#[test]
fn back_online_a_tab_still_showing_the_stores_copy_is_read_again_when_shown() {
    let mut h = Harness::new();
    h.send(alt('3'));
    let read_at = h.clock.wall - time::Duration::minutes(2);
    for r in h.take(|c| matches!(c, Call::Contacts(_))) {
        h.reply_stored(
            &r,
            Answer::Contacts(Ok(vec![contact("c1", "Алексей", "Громов")])),
            read_at,
        );
        h.reply(&r, Answer::Contacts(Err(unreachable())));
    }
    assert!(h.app.contacts.list.cached.is_some());
    h.app.offline.came_back();
    h.send(alt('o'));
    h.take(|_| true);
    h.send(alt('o'));
    let again = h.take(|c| matches!(c, Call::Contacts(_)));
    assert_eq!(again.len(), 1, "the contacts read again");
}

#[test]
fn offline_the_organization_picker_is_the_stores_copy_taken_once() {
    let mut h = on_contacts();
    let orgs = vec![crate::contacts::organizations::tests::full_org()];
    let read_at = h.clock.wall;
    for r in h.take(|c| matches!(c, Call::Organizations(_))) {
        assert!(r.from_store, "the store may answer the picker's list");
        h.reply_stored(&r, Answer::Organizations(Ok(orgs.clone())), read_at);
        h.reply(&r, Answer::Organizations(Err(unreachable())));
    }
    for _ in 0..5 {
        h.send(code(KeyCode::Tab));
    }
    h.send(code(KeyCode::Enter));
    let picker = h.render();
    let name = orgs[0].display_name();
    assert_eq!(picker.matches(&name).count(), 1, "{picker}");
    assert!(!picker.contains("Organizations: Network error"), "{picker}");
}

#[test]
fn offline_an_organization_made_edited_relinked_and_deleted_is_kept_and_shown() {
    let full = crate::contacts::organizations::tests::full_org();
    let other = Organization {
        id: "org-2".into(),
        name: Some("ООО «Второе»".into()),
        ..Default::default()
    };
    let mut h = on_tab(vec![full.clone(), other]);
    h.press("r");
    h.cut_off();
    assert!(h.app.offline.is_offline());
    let mut store = Store::in_memory();
    // A new one.
    h.send(key('n'));
    type_text(&mut h, "ООО «Офлайн»");
    h.send(ctrl('s'));
    // The first listed (now second) renamed; its tag detached.
    h.press("j");
    h.send(key('e'));
    h.send(code(KeyCode::End));
    type_text(&mut h, " Плюс");
    h.send(ctrl('s'));
    h.send(key('t'));
    type_text(&mut h, "клиент");
    h.send(code(KeyCode::Tab));
    h.send(code(KeyCode::Enter));
    // The other deleted.
    h.press("jD");
    h.press("y");
    assert_eq!(writes(&h), [], "nothing goes to the service");
    h.keep_outbox(&mut store);
    let kept = store.outbox().unwrap();
    let changes: Vec<(Option<&str>, &Change)> = kept
        .iter()
        .map(|e| (e.item.id.as_deref(), &e.change))
        .collect();
    assert_eq!(changes.len(), 4, "{changes:#?}");
    assert!(matches!(
        changes[0],
        (None, Change::Create(New::Organization(o))) if o.name.as_deref() == Some("ООО «Офлайн»")
    ));
    assert_eq!(
        changes[1],
        (
            Some(full.id.as_str()),
            &Change::Set(Field::Organization(OrgField::Name(
                "ООО «Альфа-Логистик» Плюс".into()
            )))
        )
    );
    assert_eq!(
        changes[2],
        (
            Some(full.id.as_str()),
            &Change::Set(Field::Organization(OrgField::Tags(vec![])))
        )
    );
    assert_eq!(
        kept[2].base.value,
        Some(Field::Organization(OrgField::Tags(vec![2])))
    );
    assert_eq!(changes[3], (Some("org-2"), &Change::Delete));
    let list = &h.app.contacts.organizations.list.rows.rows;
    assert_eq!(list.len(), 2, "{list:#?}");
    assert_eq!(list[0].name.as_deref(), Some("ООО «Офлайн»"));
    assert_eq!(list[1].name.as_deref(), Some("ООО «Альфа-Логистик» Плюс"));
    assert!(list[1].tags.is_empty());
    assert!(toasts(&h).contains("kept in the outbox"), "{}", toasts(&h));
}

/// The same, against the sandbox: kept offline, then replayed by the worker's replay once
/// the service answers a probe.
#[cfg(feature = "demo")]
mod against_the_sandbox {
    use weeek_api::models::Contact;
    use weeek_api::{Client, ContactUpdate, ListQuery};
    use weeek_sandbox::{FailureMode, Faults};

    use super::*;
    use crate::store::SharedStore;

    /// The app on the contacts screen with the sandbox's contacts listed, then cut off.
    async fn offline_on(client: &Client) -> Harness {
        let mut h = Harness::new();
        h.take(|_| true);
        h.send(alt('3'));
        h.serve(client).await;
        assert!(
            h.app.contacts.list.rows.rows.len() > 2,
            "the seeded contacts"
        );
        offline(&mut h);
        h
    }

    async fn back(h: &mut Harness, client: &Client) {
        h.press("r");
        h.serve(client).await;
        assert!(!h.app.offline.is_offline());
    }

    fn said(h: &Harness, text: &str) -> bool {
        h.app.toasts.history().any(|(_, t)| t.contains(text))
    }

    fn log(h: &Harness) -> Vec<String> {
        h.app.toasts.history().map(|(_, t)| t.clone()).collect()
    }

    async fn named(client: &Client, first: &str) -> Vec<Contact> {
        let q = ListQuery {
            search: Some(first.into()),
            limit: Some(50),
            ..Default::default()
        };
        let found = client.contacts(&q).await.expect("contacts").value;
        found
            .into_iter()
            .filter(|c| c.first_name.as_deref() == Some(first))
            .collect()
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_contact_made_edited_and_deleted_offline_reaches_the_service_once_it_is_back() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let listed: Vec<String> = ids(&h);
        new_contact(&mut h, "Офлайн", "Контактов");
        // Made offline, then renamed offline: sent with its id once made.
        rename(&mut h, 0, "Офлайна");
        rename(&mut h, 1, "Переименован");
        h.send(ctrl('l'));
        h.press("gjjD");
        h.press("y");
        h.keep_outbox(&mut store.lock());
        assert_eq!(h.app.offline.waiting(), 4, "{:#?}", log(&h));
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(
            said(&h, "Sent the 4 changes made offline"),
            "{:#?}",
            log(&h)
        );
        assert!(store.lock().outbox().unwrap().is_empty());
        let made = named(&client, "Офлайна").await;
        assert_eq!(made.len(), 1, "made once, renamed");
        assert_eq!(
            client
                .contact(&listed[0])
                .await
                .unwrap()
                .first_name
                .as_deref(),
            Some("Переименован")
        );
        assert!(matches!(
            client.contact(&listed[1]).await,
            Err(weeek_api::ApiError::NotFound { .. })
        ));
        // The new contact's row took its id.
        assert_eq!(ids(&h)[0], made[0].id);
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_rename_made_offline_over_one_on_the_service_is_a_conflict_until_decided() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = ids(&h)[0].clone();
        rename(&mut h, 0, "Моё");
        h.keep_outbox(&mut store.lock());
        let theirs = ContactUpdate {
            first_name: "Их".into(),
            ..Default::default()
        };
        client.update_contact(&id, &theirs).await.expect("renamed");
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(said(&h, "Conflict: the first name of"), "{:#?}", log(&h));
        let service = client.contact(&id).await.unwrap();
        assert_eq!(service.first_name.as_deref(), Some("Их"), "theirs holds");
        assert_eq!(
            h.app.contacts.list.rows.rows[0].first_name.as_deref(),
            Some("Их")
        );
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Conflict));
        h.press("O");
        let screen = h.render();
        assert!(screen.contains("mine “Моё”"), "{screen}");
        assert!(screen.contains("theirs “Их”"), "{screen}");
        h.press("m");
        h.keep_outbox(&mut store.lock());
        h.replay(&client, &store).await;
        let service = client.contact(&id).await.unwrap();
        assert_eq!(service.first_name.as_deref(), Some("Моё"));
        assert!(store.lock().outbox().unwrap().is_empty());
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_refused_edit_stays_refused_and_the_contact_shows_as_the_service_has_it() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = ids(&h)[0].clone();
        let was = client.contact(&id).await.unwrap().first_name;
        rename(&mut h, 0, "Отказано");
        h.keep_outbox(&mut store.lock());
        back(&mut h, &client).await;
        sandbox.set_faults(Faults {
            failure_rate: 1.0,
            failure_status: 422,
            failure_methods: vec!["PUT".into()],
            failure_mode: FailureMode::Refuse,
            ..Faults::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Faults::default());
        assert!(
            said(&h, "The service refused a change made offline"),
            "{:#?}",
            log(&h)
        );
        assert_eq!(client.contact(&id).await.unwrap().first_name, was);
        assert_eq!(h.app.contacts.list.rows.rows[0].first_name, was);
        let left = store.lock().outbox().unwrap();
        assert_eq!((left.len(), left[0].state), (1, State::Refused));
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn answers_lost_during_the_replay_are_read_back_and_no_contact_is_made_twice() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        let id = ids(&h)[0].clone();
        rename(&mut h, 0, "Потерян");
        new_contact(&mut h, "Единственный", "Экземпляр");
        h.keep_outbox(&mut store.lock());
        back(&mut h, &client).await;
        sandbox.set_faults(Faults {
            failure_rate: 1.0,
            failure_status: 502,
            failure_methods: vec!["POST".into(), "PUT".into()],
            failure_mode: FailureMode::ApplyThenCut,
            ..Faults::default()
        });
        h.replay(&client, &store).await;
        sandbox.set_faults(Faults::default());
        assert!(said(&h, "Sent the 2 changes"), "{:#?}", log(&h));
        assert_eq!(
            client.contact(&id).await.unwrap().first_name.as_deref(),
            Some("Потерян")
        );
        assert_eq!(named(&client, "Единственный").await.len(), 1);
        assert!(store.lock().outbox().unwrap().is_empty());
        sandbox.shutdown().await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_organization_made_renamed_and_tagged_offline_reaches_the_service() {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        let mut h = offline_on(&client).await;
        let store = SharedStore::new(Store::in_memory());
        h.send(alt('o'));
        // Offline: the tab's list is the store's or none; read it from the service first.
        h.app.offline.came_back();
        h.serve(&client).await;
        let org = h.app.contacts.organizations.list.rows.rows[0].clone();
        h.press("r");
        h.cut_off();
        assert!(h.app.offline.is_offline());
        h.send(key('n'));
        type_text(&mut h, "ООО «Из офлайна»");
        h.send(ctrl('s'));
        h.press("j");
        h.send(key('e'));
        h.send(code(KeyCode::End));
        type_text(&mut h, " (офлайн)");
        h.send(ctrl('s'));
        // The first tag of the picker ticked or unticked.
        h.send(key('t'));
        h.send(code(KeyCode::Tab));
        h.send(code(KeyCode::Enter));
        let tagged = h.app.contacts.organizations.list.rows.rows[1].tags.clone();
        assert!(
            !crate::outbox::sets::same(&tagged, &org.tags),
            "shown at once"
        );
        h.keep_outbox(&mut store.lock());
        back(&mut h, &client).await;
        h.replay(&client, &store).await;
        assert!(said(&h, "Sent the 3 changes"), "{:#?}", log(&h));
        let renamed = client.organization(&org.id).await.unwrap();
        assert_eq!(renamed.name, org.name.map(|n| format!("{n} (офлайн)")));
        assert!(crate::outbox::sets::same(&renamed.tags, &tagged));
        let q = ListQuery {
            search: Some("Из офлайна".into()),
            ..Default::default()
        };
        assert_eq!(client.organizations(&q).await.unwrap().value.len(), 1);
        sandbox.shutdown().await;
    }
}
