//! A contact's fields as the contact form changes them offline: its names, its organizations,
//! e-mails, phones and tags (sets: sent as adds and removes against what the service has).

use serde::{Deserialize, Serialize};
use weeek_api::models::{Contact, EmailEntry, PhoneEntry};

use super::sets::{Members, SetField};

/// One field of a contact set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", content = "value", rename_all = "camelCase")]
pub enum ContactField {
    FirstName(String),
    LastName(Option<String>),
    MiddleName(Option<String>),
    /// Organization ids.
    Organizations(Vec<String>),
    Emails(Vec<String>),
    Phones(Vec<String>),
    Tags(Vec<i64>),
}

fn emails(c: &Contact) -> Vec<String> {
    c.emails.iter().map(|e| e.email.clone()).collect()
}

fn phones(c: &Contact) -> Vec<String> {
    c.phones.iter().map(|p| p.phone.clone()).collect()
}

/// A blank name is no name.
fn name(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

impl SetField for ContactField {
    fn members(&self) -> Option<Members<'_>> {
        match self {
            Self::Organizations(v) | Self::Emails(v) | Self::Phones(v) => Some(Members::Text(v)),
            Self::Tags(v) => Some(Members::Ids(v)),
            Self::FirstName(_) | Self::LastName(_) | Self::MiddleName(_) => None,
        }
    }
}

impl ContactField {
    /// Each field `contact` differs in from `base`, as `contact` has it: what an edit of
    /// `base` into `contact` changes.
    pub fn changes(base: &Contact, contact: &Contact) -> Vec<ContactField> {
        let all = [
            ContactField::FirstName(String::new()),
            ContactField::LastName(None),
            ContactField::MiddleName(None),
            ContactField::Organizations(Vec::new()),
            ContactField::Emails(Vec::new()),
            ContactField::Phones(Vec::new()),
            ContactField::Tags(Vec::new()),
        ];
        all.iter()
            .map(|f| (f.current(base), f.current(contact)))
            .filter(|(was, now)| !was.same(now))
            .map(|(_, now)| now)
            .collect()
    }

    /// The same field's value on `contact` now.
    pub fn current(&self, c: &Contact) -> ContactField {
        match self {
            Self::FirstName(_) => {
                Self::FirstName(c.first_name.as_deref().unwrap_or_default().trim().into())
            }
            Self::LastName(_) => Self::LastName(name(&c.last_name)),
            Self::MiddleName(_) => Self::MiddleName(name(&c.middle_name)),
            Self::Organizations(_) => Self::Organizations(c.organizations.clone()),
            Self::Emails(_) => Self::Emails(emails(c)),
            Self::Phones(_) => Self::Phones(phones(c)),
            Self::Tags(_) => Self::Tags(c.tags.clone()),
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::FirstName(_) => "first name",
            Self::LastName(_) => "last name",
            Self::MiddleName(_) => "middle name",
            Self::Organizations(_) => "organizations",
            Self::Emails(_) => "e-mails",
            Self::Phones(_) => "phones",
            Self::Tags(_) => "tags",
        }
    }

    /// Shows the change on a contact. An entry that stays keeps its id; a new one has none
    /// until the service gives it one.
    pub fn apply(&self, c: &mut Contact) {
        match self {
            Self::FirstName(s) => c.first_name = Some(s.clone()),
            Self::LastName(s) => c.last_name = s.clone(),
            Self::MiddleName(s) => c.middle_name = s.clone(),
            Self::Organizations(o) => c.organizations = o.clone(),
            Self::Emails(values) => {
                let old = std::mem::take(&mut c.emails);
                c.emails = values
                    .iter()
                    .map(|v| {
                        let id = old.iter().find(|e| e.email == *v).map(|e| e.id.clone());
                        EmailEntry {
                            id: id.unwrap_or_default(),
                            email: v.clone(),
                        }
                    })
                    .collect();
            }
            Self::Phones(values) => {
                let old = std::mem::take(&mut c.phones);
                c.phones = values
                    .iter()
                    .map(|v| {
                        let id = old.iter().find(|p| p.phone == *v).map(|p| p.id.clone());
                        PhoneEntry {
                            id: id.unwrap_or_default(),
                            phone: v.clone(),
                        }
                    })
                    .collect();
            }
            Self::Tags(t) => c.tags = t.clone(),
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
            Self::FirstName(s) => crate::text::quoted_full(s),
            Self::LastName(s) | Self::MiddleName(s) => {
                s.as_deref().map_or("none".into(), crate::text::quoted_full)
            }
            Self::Organizations(o) => many(o.len(), "organization", "organizations"),
            Self::Emails(e) if e.len() == 1 => e[0].clone(),
            Self::Emails(e) => many(e.len(), "e-mail", "e-mails"),
            Self::Phones(p) if p.len() == 1 => p[0].clone(),
            Self::Phones(p) => many(p.len(), "phone", "phones"),
            Self::Tags(t) => many(t.len(), "tag", "tags"),
        }
    }
}

/// A new contact as shown before the service has it, under `key`.
pub fn shown(key: String, new: &weeek_api::NewContact, at: time::OffsetDateTime) -> Contact {
    Contact {
        id: key,
        first_name: Some(new.first_name.clone()),
        last_name: new.last_name.clone(),
        middle_name: new.middle_name.clone(),
        organizations: new.organizations.clone(),
        emails: new
            .emails
            .iter()
            .map(|e| EmailEntry {
                id: String::new(),
                email: e.clone(),
            })
            .collect(),
        phones: new
            .phones
            .iter()
            .map(|p| PhoneEntry {
                id: String::new(),
                phone: p.clone(),
            })
            .collect(),
        tags: new.tags.clone(),
        created_at: Some(at),
        ..Default::default()
    }
}
