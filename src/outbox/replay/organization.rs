//! An organization's changes as the replay sends them: its name in
//! `PUT /crm/organizations/{id}`, its addresses, e-mails and phones one by one through their
//! own calls (as its form's save sends them), its contacts and tags attached and detached one
//! by one (as its pickers do), the organization made or deleted.

use time::OffsetDateTime;
use weeek_api::models::Organization;
use weeek_api::{ApiError, ListQuery, OrganizationInput};

use super::record::{Remote, made_since};
use super::{Replay, Served};
use crate::outbox::sets::SetField;
use crate::outbox::{Field, Fresh, ItemKind, New, OrgField, links, sets};
use crate::store::{StoreError, Writer};

/// Candidates read when a new organization is looked for.
const LOOK_PAGE: u32 = 50;

/// An organization's entries of one kind (addresses, e-mails, phones): each value with its id.
fn entries(o: &Organization, field: &OrgField) -> Vec<(String, String)> {
    match field {
        OrgField::Addresses(_) => o
            .addresses
            .iter()
            .map(|a| (a.id.clone(), a.address.clone()))
            .collect(),
        OrgField::Emails(_) => o
            .emails
            .iter()
            .map(|e| (e.id.clone(), e.email.clone()))
            .collect(),
        OrgField::Phones(_) => o
            .phones
            .iter()
            .map(|p| (p.id.clone(), p.phone.clone()))
            .collect(),
        _ => Vec::new(),
    }
}

async fn add_entry(r: &Replay, id: &str, field: &OrgField, value: &str) -> Result<(), ApiError> {
    match field {
        OrgField::Addresses(_) => r.client.add_organization_address(id, value).await.map(drop),
        OrgField::Emails(_) => r.client.add_organization_email(id, value).await.map(drop),
        _ => r.client.add_organization_phone(id, value).await.map(drop),
    }
}

async fn delete_entry(r: &Replay, id: &str, field: &OrgField, entry: &str) -> Result<(), ApiError> {
    match field {
        OrgField::Addresses(_) => r.client.delete_organization_address(id, entry).await,
        OrgField::Emails(_) => r.client.delete_organization_email(id, entry).await,
        _ => r.client.delete_organization_phone(id, entry).await,
    }
}

impl Remote for Organization {
    type Field = OrgField;
    type New = OrganizationInput;

    fn id(&self) -> String {
        self.id.clone()
    }

    fn field(f: &Field) -> Option<&OrgField> {
        match f {
            Field::Organization(f) => Some(f),
            _ => None,
        }
    }

    fn wrap(f: OrgField) -> Field {
        Field::Organization(f)
    }

    fn new_of(n: &New) -> Option<OrganizationInput> {
        match n {
            New::Organization(new) => Some((**new).clone()),
            _ => None,
        }
    }

    fn current(field: &OrgField, o: &Organization) -> OrgField {
        field.current(o)
    }

    fn same(a: &OrgField, b: &OrgField) -> bool {
        a.same(b)
    }

    fn goes_over(mine: &OrgField, base: &OrgField, now: &OrgField) -> bool {
        mine.goes_over(base, now)
    }

    fn apply(field: &OrgField, o: &mut Organization) {
        field.apply(o);
    }

    async fn read(r: &Replay, id: &str) -> Result<Organization, ApiError> {
        r.client.organization(id).await
    }

    async fn send(
        r: &Replay,
        id: &str,
        field: &OrgField,
        o: &Organization,
    ) -> Result<Option<Organization>, ApiError> {
        match field {
            OrgField::Name(name) => {
                let input = OrganizationInput {
                    name: Some(name.clone()),
                    ..Default::default()
                };
                r.client.update_organization(id, &input).await.map(Some)
            }
            OrgField::Addresses(to) | OrgField::Emails(to) | OrgField::Phones(to) => {
                let now = entries(o, field);
                let values: Vec<String> = now.iter().map(|(_, v)| v.clone()).collect();
                let (add, remove) = sets::diff(&values, to);
                for value in remove {
                    for (entry, _) in now.iter().filter(|(_, v)| *v == value) {
                        delete_entry(r, id, field, entry).await?;
                    }
                }
                for value in add {
                    add_entry(r, id, field, &value).await?;
                }
                Ok(r.client.organization(id).await.ok())
            }
            OrgField::Contacts(to) => {
                let (add, remove) = sets::diff(&o.contacts, &links::made_only(to));
                for c in add {
                    r.client.attach_organization_contact(id, &c).await?;
                }
                for c in remove {
                    r.client.detach_organization_contact(id, &c).await?;
                }
                Ok(None)
            }
            OrgField::Tags(to) => {
                let (add, remove) = sets::diff(&o.tags, to);
                for tag in add {
                    r.client.attach_organization_tag(id, tag).await?;
                }
                for tag in remove {
                    r.client.detach_organization_tag(id, tag).await?;
                }
                Ok(None)
            }
        }
    }

    async fn delete(r: &Replay, id: &str) -> Result<(), ApiError> {
        r.client.delete_organization(id).await
    }

    async fn create(r: &Replay, new: &OrganizationInput) -> Result<Organization, ApiError> {
        r.client.create_organization(new).await
    }

    /// The same name, as a lost create of the organization form is looked for.
    async fn look(
        r: &Replay,
        new: &OrganizationInput,
        since: Option<OffsetDateTime>,
    ) -> Result<Option<Organization>, ApiError> {
        let name = new.name.clone().unwrap_or_default();
        let query = ListQuery {
            search: Some(name.clone()),
            limit: Some(LOOK_PAGE),
            offset: Some(0),
        };
        let page = r.client.organizations(&query).await?.value;
        let norm = |s: &str| s.trim().to_lowercase();
        Ok(page.into_iter().find(|o| {
            o.name.as_deref().map(norm) == Some(norm(&name)) && made_since(o.created_at, since)
        }))
    }
}

impl Served for Organization {
    type Id = String;
    const KIND: ItemKind = ItemKind::Organization;

    fn keep(&self, w: &Writer<'_>, at: OffsetDateTime) -> Result<(), StoreError> {
        w.put_fresh(ItemKind::Organization, self, at)
    }

    fn forget(w: &Writer<'_>, id: &String) -> Result<(), StoreError> {
        w.forget::<Organization>(id)
    }

    fn fresh(self) -> Fresh {
        Fresh::Organization(Box::new(self))
    }
}
