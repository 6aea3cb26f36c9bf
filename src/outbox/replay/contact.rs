//! A contact's changes as the replay sends them: its names and organizations in
//! `PUT /crm/contacts/{id}`, its e-mails, phones and tags one by one through their own calls
//! (as the contact form's save sends them), the contact made or deleted.

use time::OffsetDateTime;
use weeek_api::models::Contact;
use weeek_api::{ApiError, ContactUpdate, ListQuery, NewContact};

use super::record::{Remote, made_since};
use super::{Replay, Served};
use crate::outbox::sets::SetField;
use crate::outbox::{ContactField, Field, Fresh, ItemKind, New, links, sets};
use crate::store::{StoreError, Writer};

/// Candidates read when a new contact is looked for.
const LOOK_PAGE: u32 = 50;

impl Remote for Contact {
    type Field = ContactField;
    type New = NewContact;

    fn id(&self) -> String {
        self.id.clone()
    }

    fn field(f: &Field) -> Option<&ContactField> {
        match f {
            Field::Contact(f) => Some(f),
            _ => None,
        }
    }

    fn wrap(f: ContactField) -> Field {
        Field::Contact(f)
    }

    fn new_of(n: &New) -> Option<NewContact> {
        match n {
            New::Contact(new) => Some((**new).clone()),
            _ => None,
        }
    }

    fn current(field: &ContactField, c: &Contact) -> ContactField {
        field.current(c)
    }

    fn same(a: &ContactField, b: &ContactField) -> bool {
        a.same(b)
    }

    fn goes_over(mine: &ContactField, base: &ContactField, now: &ContactField) -> bool {
        mine.goes_over(base, now)
    }

    fn apply(field: &ContactField, c: &mut Contact) {
        field.apply(c);
    }

    async fn read(r: &Replay, id: &str) -> Result<Contact, ApiError> {
        r.client.contact(id).await
    }

    async fn send(
        r: &Replay,
        id: &str,
        field: &ContactField,
        c: &Contact,
    ) -> Result<Option<Contact>, ApiError> {
        // `firstName` goes with every update: the service's, unless it is what changes.
        let update = ContactUpdate {
            first_name: c.first_name.clone().unwrap_or_default(),
            ..Default::default()
        };
        let put = |u: ContactUpdate| async move { r.client.update_contact(id, &u).await.map(Some) };
        match field {
            ContactField::FirstName(first) => {
                put(ContactUpdate {
                    first_name: first.clone(),
                    ..update
                })
                .await
            }
            ContactField::LastName(last) => {
                put(ContactUpdate {
                    last_name: Some(last.clone()),
                    ..update
                })
                .await
            }
            ContactField::MiddleName(middle) => {
                put(ContactUpdate {
                    middle_name: Some(middle.clone()),
                    ..update
                })
                .await
            }
            ContactField::Organizations(orgs) => {
                put(ContactUpdate {
                    organizations: Some(links::made_only(orgs)),
                    ..update
                })
                .await
            }
            ContactField::Emails(to) => {
                let now: Vec<String> = c.emails.iter().map(|e| e.email.clone()).collect();
                let (add, remove) = sets::diff(&now, to);
                for value in remove {
                    for e in c.emails.iter().filter(|e| e.email == value) {
                        r.client.delete_contact_email(id, &e.id).await?;
                    }
                }
                for value in add {
                    r.client.add_contact_email(id, &value).await?;
                }
                Ok(r.client.contact(id).await.ok())
            }
            ContactField::Phones(to) => {
                let now: Vec<String> = c.phones.iter().map(|p| p.phone.clone()).collect();
                let (add, remove) = sets::diff(&now, to);
                for value in remove {
                    for p in c.phones.iter().filter(|p| p.phone == value) {
                        r.client.delete_contact_phone(id, &p.id).await?;
                    }
                }
                for value in add {
                    r.client.add_contact_phone(id, &value).await?;
                }
                Ok(r.client.contact(id).await.ok())
            }
            ContactField::Tags(to) => {
                let (add, remove) = sets::diff(&c.tags, to);
                for tag in add {
                    r.client.attach_contact_tag(id, tag).await?;
                }
                for tag in remove {
                    r.client.detach_contact_tag(id, tag).await?;
                }
                Ok(None)
            }
        }
    }

    async fn delete(r: &Replay, id: &str) -> Result<(), ApiError> {
        r.client.delete_contact(id).await
    }

    async fn create(r: &Replay, new: &NewContact) -> Result<Contact, ApiError> {
        let new = NewContact {
            organizations: links::made_only(&new.organizations),
            ..new.clone()
        };
        r.client.create_contact(&new).await
    }

    /// The same first name, and the same e-mails (the same last name when it has none), as
    /// a lost create of the contact form is looked for.
    async fn look(
        r: &Replay,
        new: &NewContact,
        since: Option<OffsetDateTime>,
    ) -> Result<Option<Contact>, ApiError> {
        let search = new.emails.first().unwrap_or(&new.first_name).clone();
        let query = ListQuery {
            search: Some(search),
            limit: Some(LOOK_PAGE),
            offset: Some(0),
        };
        let page = r.client.contacts(&query).await?.value;
        let text = |s: Option<&str>| s.map(str::trim).unwrap_or_default().to_lowercase();
        Ok(page.into_iter().find(|c| {
            let same_person = if new.emails.is_empty() {
                text(c.last_name.as_deref()) == text(new.last_name.as_deref())
            } else {
                new.emails.iter().all(|m| {
                    c.emails
                        .iter()
                        .any(|e| e.email.trim().eq_ignore_ascii_case(m.trim()))
                })
            };
            text(c.first_name.as_deref()) == text(Some(&new.first_name))
                && same_person
                && made_since(c.created_at, since)
        }))
    }
}

impl Served for Contact {
    type Id = String;
    const KIND: ItemKind = ItemKind::Contact;

    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError> {
        w.put_fresh(ItemKind::Contact, self, at)
    }

    fn forget(w: &Writer<'_>, id: &String) -> Result<(), StoreError> {
        w.forget::<Contact>(id)
    }

    fn fresh(self) -> Fresh {
        Fresh::Contact(Box::new(self))
    }
}
