//! An organization's fields as its form and its link pickers change them offline: its name,
//! and its addresses, e-mails, phones, contacts and tags (sets: sent as adds and removes
//! against what the service has).

use serde::{Deserialize, Serialize};
use weeek_api::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};

use super::sets::{Members, SetField};

/// One field of an organization set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", content = "value", rename_all = "camelCase")]
pub enum OrgField {
    Name(String),
    Addresses(Vec<String>),
    Emails(Vec<String>),
    Phones(Vec<String>),
    /// Contact ids.
    Contacts(Vec<String>),
    Tags(Vec<i64>),
}

impl SetField for OrgField {
    fn members(&self) -> Option<Members<'_>> {
        match self {
            Self::Addresses(v) | Self::Emails(v) | Self::Phones(v) | Self::Contacts(v) => {
                Some(Members::Text(v))
            }
            Self::Tags(v) => Some(Members::Ids(v)),
            Self::Name(_) => None,
        }
    }
}

impl OrgField {
    /// Each field `org` differs in from `base`, as `org` has it.
    pub fn changes(base: &Organization, org: &Organization) -> Vec<OrgField> {
        let all = [
            OrgField::Name(String::new()),
            OrgField::Addresses(Vec::new()),
            OrgField::Emails(Vec::new()),
            OrgField::Phones(Vec::new()),
            OrgField::Contacts(Vec::new()),
            OrgField::Tags(Vec::new()),
        ];
        all.iter()
            .map(|f| (f.current(base), f.current(org)))
            .filter(|(was, now)| !was.same(now))
            .map(|(_, now)| now)
            .collect()
    }

    /// The same field's value on `org` now.
    pub fn current(&self, o: &Organization) -> OrgField {
        match self {
            Self::Name(_) => Self::Name(o.name.as_deref().unwrap_or_default().trim().into()),
            Self::Addresses(_) => {
                Self::Addresses(o.addresses.iter().map(|a| a.address.clone()).collect())
            }
            Self::Emails(_) => Self::Emails(o.emails.iter().map(|e| e.email.clone()).collect()),
            Self::Phones(_) => Self::Phones(o.phones.iter().map(|p| p.phone.clone()).collect()),
            Self::Contacts(_) => Self::Contacts(o.contacts.clone()),
            Self::Tags(_) => Self::Tags(o.tags.clone()),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::Name(_) => "name",
            Self::Addresses(_) => "addresses",
            Self::Emails(_) => "e-mails",
            Self::Phones(_) => "phones",
            Self::Contacts(_) => "contacts",
            Self::Tags(_) => "tags",
        }
    }

    /// Shows the change on an organization. An entry that stays keeps its id; a new one has
    /// none until the service gives it one.
    pub fn apply(&self, o: &mut Organization) {
        fn keep<E: Clone>(
            old: &[E],
            values: &[String],
            value: impl Fn(&E) -> &str,
            make: impl Fn(Option<&E>, &str) -> E,
        ) -> Vec<E> {
            values
                .iter()
                .map(|v| make(old.iter().find(|e| value(e) == v), v))
                .collect()
        }
        match self {
            Self::Name(n) => o.name = Some(n.clone()),
            Self::Addresses(v) => {
                o.addresses = keep(
                    &o.addresses,
                    v,
                    |a| &a.address,
                    |was, v| AddressEntry {
                        id: was.map(|a| a.id.clone()).unwrap_or_default(),
                        address: v.to_string(),
                    },
                );
            }
            Self::Emails(v) => {
                o.emails = keep(
                    &o.emails,
                    v,
                    |e| &e.email,
                    |was, v| EmailEntry {
                        id: was.map(|e| e.id.clone()).unwrap_or_default(),
                        email: v.to_string(),
                    },
                );
            }
            Self::Phones(v) => {
                o.phones = keep(
                    &o.phones,
                    v,
                    |p| &p.phone,
                    |was, v| PhoneEntry {
                        id: was.map(|p| p.id.clone()).unwrap_or_default(),
                        phone: v.to_string(),
                    },
                );
            }
            Self::Contacts(c) => o.contacts = c.clone(),
            Self::Tags(t) => o.tags = t.clone(),
        }
    }

    /// The value in a few words.
    pub fn describe(&self) -> String {
        let many = |n: usize, one: &str, more: &str| match n {
            0 => "none".to_string(),
            1 => format!("1 {one}"),
            n => format!("{n} {more}"),
        };
        match self {
            Self::Name(n) => crate::text::quoted_full(n),
            Self::Addresses(a) => many(a.len(), "address", "addresses"),
            Self::Emails(e) if e.len() == 1 => e[0].clone(),
            Self::Emails(e) => many(e.len(), "e-mail", "e-mails"),
            Self::Phones(p) if p.len() == 1 => p[0].clone(),
            Self::Phones(p) => many(p.len(), "phone", "phones"),
            Self::Contacts(c) => many(c.len(), "contact", "contacts"),
            Self::Tags(t) => many(t.len(), "tag", "tags"),
        }
    }
}

/// A new organization as shown before the service has it, under `key`.
pub fn shown(
    key: String,
    new: &weeek_api::OrganizationInput,
    at: time::OffsetDateTime,
) -> Organization {
    let mut o = Organization {
        id: key,
        name: new.name.clone(),
        created_at: Some(at),
        ..Default::default()
    };
    let list = |v: &Option<Vec<String>>| v.clone().unwrap_or_default();
    OrgField::Addresses(list(&new.addresses)).apply(&mut o);
    OrgField::Emails(list(&new.emails)).apply(&mut o);
    OrgField::Phones(list(&new.phones)).apply(&mut o);
    o
}
