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
