//! The replay of the CRM's records against the sandbox: a contact's and an organization's
//! sets (e-mails, tags, contacts) sent as adds and removes against what the service has, one
//! found part of the way there going on, one changed otherwise waiting for the user.
#![cfg(feature = "demo")]

use std::sync::{Arc, Mutex};

use time::OffsetDateTime;
use weeek_api::models::{Contact, Organization};
use weeek_api::{Client, ListQuery};
use weeek_sandbox::{Faults, SandboxHandle};

use super::Replay;
use crate::outbox::{
    Base, Change, ContactField, Entry, Field, ItemKind, ItemRef, OrgField, Replayed, State, Step,
};
use crate::store::{SharedStore, Store};

struct World {
    sandbox: SandboxHandle,
    client: Client,
    store: SharedStore,
    next: i64,
}

impl World {
    async fn new() -> Self {
        let (sandbox, client) = crate::testing::sandbox(Faults::default()).await;
        Self {
            sandbox,
            client,
            store: SharedStore::new(Store::in_memory()),
            next: 0,
        }
    }

    fn queue(&mut self, item: ItemRef, change: Change, base: Option<Field>) {
        self.next += 1;
        let base = Base {
            updated_at: None,
            value: base,
        };
        let e = Entry::new(
            self.next,
            item,
            "x".into(),
            change,
            base,
            OffsetDateTime::now_utc(),
        );
        self.store.lock().write(|w| w.queue(&e)).expect("queued");
    }

    fn contact(&mut self, c: &Contact, field: ContactField) {
        let base = Field::Contact(field.current(c));
        let item = ItemRef {
            kind: ItemKind::Contact,
            id: Some(c.id.clone()),
            local: None,
        };
        self.queue(item, Change::Set(Field::Contact(field)), Some(base));
    }

    fn organization(&mut self, o: &Organization, field: OrgField) {
        let base = Field::Organization(field.current(o));
        let item = ItemRef {
            kind: ItemKind::Organization,
            id: Some(o.id.clone()),
            local: None,
        };
        self.queue(item, Change::Set(Field::Organization(field)), Some(base));
    }

    async fn replay(&self) -> Vec<Step> {
        let steps: Arc<Mutex<Vec<Replayed>>> = Arc::default();
        let kept = steps.clone();
        let replay = Replay {
            client: self.client.clone(),
            store: self.store.clone(),
            now: Arc::new(OffsetDateTime::now_utc),
            report: Arc::new(move |r| kept.lock().unwrap().push(r)),
        };
        replay.run().await;
        let taken = std::mem::take(&mut *steps.lock().unwrap());
        taken.into_iter().map(|r| r.step).collect()
    }

    async fn first_contact(&self) -> Contact {
        let page = self.client.contacts(&ListQuery::page(5, 0)).await;
        let id = page.expect("contacts").value[0].id.clone();
        self.client.contact(&id).await.expect("contact")
    }

    async fn first_organization(&self) -> Organization {
        let page = self.client.organizations(&ListQuery::page(5, 0)).await;
        let id = page.expect("organizations").value[0].id.clone();
        self.client.organization(&id).await.expect("organization")
    }
}

fn emails(c: &Contact) -> Vec<String> {
    c.emails.iter().map(|e| e.email.clone()).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_contacts_emails_and_tags_go_as_adds_and_removes_and_the_store_keeps_the_services_copy() {
    let mut w = World::new().await;
    let c = w.first_contact().await;
    let mut to = emails(&c);
    let dropped = to.pop();
    to.push("novyi@example.com".into());
    w.contact(&c, ContactField::Emails(to.clone()));
    let tags = if c.tags.is_empty() {
        vec![1]
    } else {
        Vec::new()
    };
    w.contact(&c, ContactField::Tags(tags.clone()));
    let steps = w.replay().await;
    assert_eq!(steps.last(), Some(&Step::Done { sent: 2 }), "{steps:#?}");
    let service = w.client.contact(&c.id).await.unwrap();
    assert!(
        crate::outbox::sets::same(&emails(&service), &to),
        "{service:?}"
    );
    assert!(dropped.is_none_or(|d| !emails(&service).contains(&d)));
    assert!(crate::outbox::sets::same(&service.tags, &tags));
    let kept = w.store.lock().get::<Contact>(&c.id).unwrap().expect("kept");
    assert!(crate::outbox::sets::same(&emails(&kept.value), &to));
    assert!(
        kept.value.emails.iter().all(|e| !e.id.is_empty()),
        "the entries' ids, as the service gave them"
    );
    w.sandbox.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_set_found_part_of_the_way_goes_on_and_one_changed_otherwise_is_a_conflict() {
    let mut w = World::new().await;
    let c = w.first_contact().await;
    let o = w.first_organization().await;
    // Mine adds two e-mails; one of them landed already (an answer lost).
    let mut to = emails(&c);
    to.extend([
        "odin@example.com".to_string(),
        "dva@example.com".to_string(),
    ]);
    w.contact(&c, ContactField::Emails(to.clone()));
    w.client
        .add_contact_email(&c.id, "odin@example.com")
        .await
        .expect("added");
    // Mine attaches a contact to the organization; a colleague attached another meanwhile.
    let free: Vec<String> = w
        .client
        .contacts(&ListQuery::page(20, 0))
        .await
        .unwrap()
        .value
        .into_iter()
        .map(|x| x.id)
        .filter(|id| !o.contacts.contains(id))
        .collect();
    assert!(free.len() > 1, "contacts not attached to it");
    let mut linked = o.contacts.clone();
    linked.push(free[0].clone());
    w.organization(&o, OrgField::Contacts(linked));
    w.client
        .attach_organization_contact(&o.id, &free[1])
        .await
        .expect("attached");
    let steps = w.replay().await;
    assert_eq!(steps.last(), Some(&Step::Done { sent: 1 }), "{steps:#?}");
    let service = w.client.contact(&c.id).await.unwrap();
    assert!(
        crate::outbox::sets::same(&emails(&service), &to),
        "{service:?}"
    );
    let left = w.store.lock().outbox().unwrap();
    assert_eq!(left.len(), 1);
    assert_eq!(left[0].state, State::Conflict);
    assert!(
        !w.client
            .organization(&o.id)
            .await
            .unwrap()
            .contacts
            .contains(&free[0]),
        "nothing of it sent until the user decides"
    );
    w.sandbox.shutdown().await;
}

/// The id the service gave the record made here as `local`, from the replay's steps.
fn made(steps: &[Step], kind: ItemKind, local: i64) -> String {
    steps
        .iter()
        .find_map(|s| match s {
            Step::Created { entry, id, .. }
                if entry.item.kind == kind && entry.item.local == Some(local) =>
            {
                Some(id.clone())
            }
            _ => None,
        })
        .unwrap_or_else(|| panic!("{kind:?} {local} made: {steps:#?}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn links_to_records_made_offline_wait_for_them_and_go_with_the_services_ids() {
    use crate::outbox::{New, local_key};
    let mut w = World::new().await;
    let e = w.first_contact().await;
    let o2 = w.first_organization().await;
    // An organization made offline, a contact made offline in it, an existing contact put in
    // it, and the new contact chosen in an existing organization's link picker.
    let org = ItemRef::new_item(ItemKind::Organization, 100);
    let input = weeek_api::OrganizationInput {
        name: Some("Офлайн ООО".into()),
        ..Default::default()
    };
    w.queue(
        org,
        Change::Create(New::Organization(Box::new(input))),
        None,
    );
    let new = weeek_api::NewContact {
        first_name: "Связанный".into(),
        organizations: vec![local_key(100)],
        ..Default::default()
    };
    let contact = ItemRef::new_item(ItemKind::Contact, 200);
    w.queue(contact, Change::Create(New::Contact(Box::new(new))), None);
    let mut orgs = e.organizations.clone();
    orgs.push(local_key(100));
    w.contact(&e, ContactField::Organizations(orgs));
    let mut contacts = o2.contacts.clone();
    contacts.push(local_key(200));
    w.organization(&o2, OrgField::Contacts(contacts));
    // Before the organization is made, only the creates may go.
    let held = w.store.lock().outbox().unwrap();
    let ready: Vec<i64> = crate::outbox::ready(&held).iter().map(|e| e.seq).collect();
    assert_eq!(ready, vec![1], "the contact and the links wait: {held:#?}");

    let steps = w.replay().await;
    assert_eq!(steps.last(), Some(&Step::Done { sent: 4 }), "{steps:#?}");
    let org_id = made(&steps, ItemKind::Organization, 100);
    let contact_id = made(&steps, ItemKind::Contact, 200);
    let c = w.client.contact(&contact_id).await.unwrap();
    assert!(c.organizations.contains(&org_id), "{c:?}");
    assert!(
        c.organizations.contains(&o2.id),
        "chosen in its picker: {c:?}"
    );
    let e_now = w.client.contact(&e.id).await.unwrap();
    assert!(e_now.organizations.contains(&org_id), "{e_now:?}");
    let o2_now = w.client.organization(&o2.id).await.unwrap();
    assert!(o2_now.contacts.contains(&contact_id), "{o2_now:?}");
    assert!(w.store.lock().outbox().unwrap().is_empty());
    // The store's copy names the organization by its id too.
    let kept = w.store.lock().get::<Contact>(&e.id).unwrap().expect("kept");
    assert!(kept.value.organizations.contains(&org_id));
    assert!(
        kept.value
            .organizations
            .iter()
            .all(|o| crate::outbox::local_of(o).is_none())
    );
    w.sandbox.shutdown().await;
}
