//! What an edit of a saved contact changes (its names and organizations, each e-mail, phone
//! and tag), in the order a save sends it, and what the service's answer to each change does
//! to the form: an accepted one moves what the form is compared with, a refused one puts its
//! field back with the service's words at it.

use weeek_api::{ApiError, ContactUpdate};

use super::edit::{Base, Session};
use super::form::{Field, Form, OrgRef, Sent, field_for_key};
use crate::screen::entry_rows::{self, Entry, RowCall, RowChange};
use crate::screen::record_edit;
use crate::worker::{ContactEdit, Edited};

/// One change on its way, with what it takes to put its field back.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Names and organizations, as sent (`names`: a name changed, not only organizations).
    Update {
        update: Box<ContactUpdate>,
        names: bool,
    },
    /// An e-mail (`phone: false`) or phone row's change.
    Row {
        phone: bool,
        change: RowChange,
    },
    Tag {
        tag: i64,
        attach: bool,
    },
}

impl Change {
    /// Where the service's refusal is shown.
    fn field(&self) -> Field {
        match self {
            Change::Update { names: false, .. } => Field::Organizations,
            Change::Update { .. } => Field::FirstName,
            Change::Row { phone, change } => row_field(*phone, change.row.unwrap_or(0)),
            Change::Tag { .. } => Field::Tags,
        }
    }

    pub(super) fn call(&self) -> ContactEdit {
        match self {
            Change::Update { update, .. } => ContactEdit::Update(update.clone()),
            Change::Row { phone, change } => match (change.call(), phone) {
                (RowCall::Add(v), false) => ContactEdit::AddEmail(v),
                (RowCall::Add(v), true) => ContactEdit::AddPhone(v),
                (RowCall::Delete(e), false) => ContactEdit::DeleteEmail(e),
                (RowCall::Delete(e), true) => ContactEdit::DeletePhone(e),
                (RowCall::Update { entry, value }, false) => ContactEdit::UpdateEmail {
                    entry,
                    email: value,
                },
                (RowCall::Update { entry, value }, true) => ContactEdit::UpdatePhone {
                    entry,
                    phone: value,
                },
            },
            Change::Tag { tag, attach: true } => ContactEdit::AttachTag(*tag),
            Change::Tag { tag, attach: false } => ContactEdit::DetachTag(*tag),
        }
    }
}

pub(super) fn row_field(phone: bool, row: usize) -> Field {
    if phone {
        Field::Phone(row)
    } else {
        Field::Email(row)
    }
}

fn opt_text(s: &str) -> Option<String> {
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

/// What the form changes in `base`, in the order sent.
pub fn changes(form: &Form, base: &Base) -> Vec<Change> {
    let mut out = Vec::new();
    let first = form.first_name.value().trim();
    let last = opt_text(form.last_name.value());
    let middle = opt_text(form.middle_name.value());
    let orgs: Vec<String> = form.organizations.iter().map(|o| o.id.clone()).collect();
    let same_orgs = {
        let (mut a, mut b) = (orgs.clone(), base.organizations.clone());
        a.sort();
        b.sort();
        a == b
    };
    let mut update = ContactUpdate {
        first_name: first.to_string(),
        ..ContactUpdate::default()
    };
    if last != opt_text(&base.last_name) {
        update.last_name = Some(last);
    }
    if middle != opt_text(&base.middle_name) {
        update.middle_name = Some(middle);
    }
    if !same_orgs {
        update.organizations = Some(orgs);
    }
    let names = first != base.first_name.trim()
        || update.last_name.is_some()
        || update.middle_name.is_some();
    if names || update.organizations.is_some() {
        out.push(Change::Update {
            update: Box::new(update),
            names,
        });
    }
    for phone in [false, true] {
        let (rows, ids, entries) = if phone {
            (&form.phones, &form.phone_ids, &base.phones)
        } else {
            (&form.emails, &form.email_ids, &base.emails)
        };
        out.extend(
            entry_rows::changes(rows, ids, entries)
                .into_iter()
                .map(|change| Change::Row { phone, change }),
        );
    }
    for tag in &form.tags {
        if !base.tags.contains(tag) {
            out.push(Change::Tag {
                tag: *tag,
                attach: true,
            });
        }
    }
    for tag in &base.tags {
        if !form.tags.contains(tag) {
            out.push(Change::Tag {
                tag: *tag,
                attach: false,
            });
        }
    }
    out
}

/// A change the service took: the base follows it, and a new row learns its entry's id.
pub(super) fn accepted(form: &mut Form, session: &mut Session, change: &Change, done: Edited) {
    let base = &mut session.base;
    match (change, done) {
        (Change::Update { update: u, .. }, answer) => {
            if let Edited::Contact(c) = &answer {
                session.contact.created_at = session.contact.created_at.or(c.created_at);
                session.contact.updated_at = c.updated_at.or(session.contact.updated_at);
            }
            base.first_name = u.first_name.clone();
            if let Some(last) = &u.last_name {
                base.last_name = last.clone().unwrap_or_default();
            }
            if let Some(middle) = &u.middle_name {
                base.middle_name = middle.clone().unwrap_or_default();
            }
            if let Some(orgs) = &u.organizations {
                base.organizations = orgs.clone();
            }
        }
        (Change::Row { phone, change }, answer) => {
            let fresh = match answer {
                Edited::Email(e) => Some(Entry::from(&e)),
                Edited::Phone(p) => Some(Entry::from(&p)),
                _ => None,
            };
            let ids = if *phone {
                &mut form.phone_ids
            } else {
                &mut form.email_ids
            };
            entry_rows::accept(ids, base.entries(*phone), change, fresh);
        }
        (Change::Tag { tag, attach }, _) => {
            base.tags.retain(|t| t != tag);
            if *attach {
                base.tags.push(*tag);
            }
        }
    }
}

/// A change the service refused: its field goes back to what the service has (a new row
/// keeps its text: there is nothing to go back to), with the service's message at it.
pub(super) fn refused(form: &mut Form, base: &Base, change: &Change, e: &ApiError) {
    let field = change.field();
    let mut placed = false;
    if let ApiError::Validation { fields, .. } = e
        && !fields.is_empty()
        && let Change::Update { .. } = change
    {
        let left = crate::screen::form_errors::place(&mut form.errors, fields, |k| {
            field_for_key(k, &Sent::default())
        });
        placed = left.is_empty();
    }
    if !placed {
        form.errors.insert(field, record_edit::not_saved(e));
    }
    match change {
        Change::Update { update: u, .. } => {
            form.first_name.set(&base.first_name);
            if u.last_name.is_some() {
                form.last_name.set(&base.last_name);
            }
            if u.middle_name.is_some() {
                form.middle_name.set(&base.middle_name);
            }
            if u.organizations.is_some() {
                form.organizations
                    .retain(|o| base.organizations.contains(&o.id));
                for id in &base.organizations {
                    if !form.organizations.iter().any(|o| &o.id == id) {
                        form.organizations.push(OrgRef {
                            id: id.clone(),
                            name: id.clone(),
                        });
                    }
                }
            }
        }
        Change::Row { phone, change } => {
            let (rows, ids, was) = if *phone {
                (&mut form.phones, &mut form.phone_ids, &base.phones)
            } else {
                (&mut form.emails, &mut form.email_ids, &base.emails)
            };
            let at = entry_rows::refuse(rows, ids, was, change);
            if change.row.is_none()
                && let Some(at) = at
                && let Some(m) = form.errors.remove(&field)
            {
                form.errors.insert(row_field(*phone, at), m);
            }
        }
        Change::Tag { tag, attach } => {
            form.tags.retain(|t| t != tag);
            if !*attach {
                form.tags.push(*tag);
            }
        }
    }
}
