//! Edits of a saved contact or organization: one change goes through the endpoint that holds
//! that part of it (names in the record, each e-mail, phone, address and tag on its own).

use serde::{Deserialize, Serialize};
use weeek_api::models::{Contact, EmailEntry, Organization, PhoneEntry};
use weeek_api::{ApiError, Client, ContactUpdate, OrganizationInput};

/// One change of a saved contact: names and organizations go in `PUT /crm/contacts/{id}`,
/// each e-mail, phone and tag through its own endpoint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ContactEdit {
    Update(Box<ContactUpdate>),
    AddEmail(String),
    UpdateEmail { entry: String, email: String },
    DeleteEmail(String),
    AddPhone(String),
    UpdatePhone { entry: String, phone: String },
    DeletePhone(String),
    AttachTag(i64),
    DetachTag(i64),
}

/// What a [`ContactEdit`] answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Edited {
    Contact(Box<Contact>),
    Email(EmailEntry),
    Phone(PhoneEntry),
    Done,
}

pub(super) async fn edit_contact(
    client: &Client,
    id: &str,
    edit: ContactEdit,
) -> Result<Edited, ApiError> {
    use ContactEdit as E;
    Ok(match edit {
        E::Update(u) => Edited::Contact(Box::new(client.update_contact(id, &u).await?)),
        E::AddEmail(email) => Edited::Email(client.add_contact_email(id, &email).await?),
        E::UpdateEmail { entry, email } => {
            Edited::Email(client.update_contact_email(id, &entry, &email).await?)
        }
        E::DeleteEmail(entry) => {
            client.delete_contact_email(id, &entry).await?;
            Edited::Done
        }
        E::AddPhone(phone) => Edited::Phone(client.add_contact_phone(id, &phone).await?),
        E::UpdatePhone { entry, phone } => {
            Edited::Phone(client.update_contact_phone(id, &entry, &phone).await?)
        }
        E::DeletePhone(entry) => {
            client.delete_contact_phone(id, &entry).await?;
            Edited::Done
        }
        E::AttachTag(tag) => {
            client.attach_contact_tag(id, tag).await?;
            Edited::Done
        }
        E::DetachTag(tag) => {
            client.detach_contact_tag(id, tag).await?;
            Edited::Done
        }
    })
}

/// An entry as the service keeps it apart from its record (an e-mail, a phone, an address).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Entry {
    pub id: String,
    pub value: String,
}

/// What one entry's change sends: added, changed, or deleted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RowCall {
    Add(String),
    Update { entry: String, value: String },
    Delete(String),
}

/// The lists of entries an organization keeps, in form order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum OrgRowKind {
    Address,
    Email,
    Phone,
}

/// One change of a saved organization: its name goes in `PUT /crm/organizations/{id}`, each
/// address, e-mail and phone through its own endpoint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrgEdit {
    Rename(String),
    Row(OrgRowKind, RowCall),
}

/// A link of an organization: `POST`/`DELETE /crm/organizations/{id}/contacts` or `…/tags`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum OrgLink {
    AttachContact(String),
    DetachContact(String),
    AttachTag(i64),
    DetachTag(i64),
}

pub(super) async fn link_organization(
    client: &Client,
    id: &str,
    link: OrgLink,
) -> Result<(), ApiError> {
    match link {
        OrgLink::AttachContact(c) => client.attach_organization_contact(id, &c).await,
        OrgLink::DetachContact(c) => client.detach_organization_contact(id, &c).await,
        OrgLink::AttachTag(t) => client.attach_organization_tag(id, t).await,
        OrgLink::DetachTag(t) => client.detach_organization_tag(id, t).await,
    }
}

/// What an [`OrgEdit`] answered.
#[derive(Debug, Clone, PartialEq)]
pub enum OrgEdited {
    Organization(Box<Organization>),
    Entry(Entry),
    Done,
}

pub(super) async fn edit_organization(
    client: &Client,
    id: &str,
    edit: OrgEdit,
) -> Result<OrgEdited, ApiError> {
    use OrgRowKind as K;
    let entry = |id: String, value: String| OrgEdited::Entry(Entry { id, value });
    Ok(match edit {
        OrgEdit::Rename(name) => {
            let body = OrganizationInput {
                name: Some(name),
                ..OrganizationInput::default()
            };
            OrgEdited::Organization(Box::new(client.update_organization(id, &body).await?))
        }
        OrgEdit::Row(kind, RowCall::Add(v)) => match kind {
            K::Address => {
                let a = client.add_organization_address(id, &v).await?;
                entry(a.id, a.address)
            }
            K::Email => {
                let e = client.add_organization_email(id, &v).await?;
                entry(e.id, e.email)
            }
            K::Phone => {
                let p = client.add_organization_phone(id, &v).await?;
                entry(p.id, p.phone)
            }
        },
        OrgEdit::Row(kind, RowCall::Update { entry: e, value: v }) => match kind {
            K::Address => {
                let a = client.update_organization_address(id, &e, &v).await?;
                entry(a.id, a.address)
            }
            K::Email => {
                let m = client.update_organization_email(id, &e, &v).await?;
                entry(m.id, m.email)
            }
            K::Phone => {
                let p = client.update_organization_phone(id, &e, &v).await?;
                entry(p.id, p.phone)
            }
        },
        OrgEdit::Row(kind, RowCall::Delete(e)) => {
            match kind {
                K::Address => client.delete_organization_address(id, &e).await?,
                K::Email => client.delete_organization_email(id, &e).await?,
                K::Phone => client.delete_organization_phone(id, &e).await?,
            }
            OrgEdited::Done
        }
    })
}
