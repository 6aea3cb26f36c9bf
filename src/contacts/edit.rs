//! Editing a saved contact in the contact form. Only what changed is sent, each part through
//! the endpoint that holds it (names and organizations in `PUT /crm/contacts/{id}`, every
//! e-mail, phone and tag through its own), all at once; the form stays locked until every
//! answer is in. A refused change puts its field back as the service has it, with the
//! service's message at it, while the changes that were accepted stand. When an answer is lost
//! the contact is read back before anything is said, and the form shows what the service has.

use crate::screen::checked_form::CheckedForm;
use serde::{Deserialize, Serialize};
use weeek_api::models::{Contact, EmailEntry, PhoneEntry};
use weeek_api::{ApiError, ContactUpdate};

use super::form::{Field, Form, OrgRef, Sent, field_for_key};
use super::submit::{Failure, Phase};
use super::{ContactAnswer, ContactKey, ContactsState, Pane};
use crate::screen::ScreenCtx;
use crate::screen::edit_batch::{EditBatch, Next};
pub use crate::screen::entry_rows::Entry;
use crate::screen::entry_rows::{self, RowCall, RowChange};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::worker::{ContactEdit, Edited, op};

/// The contact as the service had it when the edit began (or as the accepted changes left
/// it): what the form is compared with. Kept in the draft, so an edit restored after a crash
/// still sends only what changed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Base {
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub middle_name: String,
    pub emails: Vec<Entry>,
    pub phones: Vec<Entry>,
    pub organizations: Vec<String>,
    pub tags: Vec<i64>,
}

impl Base {
    pub fn of(c: &Contact) -> Base {
        let text = |s: &Option<String>| s.clone().unwrap_or_default();
        Base {
            id: c.id.clone(),
            first_name: text(&c.first_name),
            last_name: text(&c.last_name),
            middle_name: text(&c.middle_name),
            emails: c
                .emails
                .iter()
                .map(|e| Entry {
                    id: e.id.clone(),
                    value: e.email.clone(),
                })
                .collect(),
            phones: c
                .phones
                .iter()
                .map(|p| Entry {
                    id: p.id.clone(),
                    value: p.phone.clone(),
                })
                .collect(),
            organizations: c.organizations.clone(),
            tags: c.tags.clone(),
        }
    }

    /// The base over `c` (the fields the base does not hold come from `c`).
    pub fn to_contact(&self, c: &Contact) -> Contact {
        let opt = |s: &str| (!s.trim().is_empty()).then(|| s.to_string());
        Contact {
            id: self.id.clone(),
            first_name: opt(&self.first_name),
            last_name: opt(&self.last_name),
            middle_name: opt(&self.middle_name),
            emails: self
                .emails
                .iter()
                .map(|e| EmailEntry {
                    id: e.id.clone(),
                    email: e.value.clone(),
                })
                .collect(),
            phones: self
                .phones
                .iter()
                .map(|p| PhoneEntry {
                    id: p.id.clone(),
                    phone: p.value.clone(),
                })
                .collect(),
            organizations: self.organizations.clone(),
            tags: self.tags.clone(),
            ..c.clone()
        }
    }

    /// The form filled with every field; organizations are named by `name` when known.
    pub fn to_form(&self, name: impl Fn(&str) -> Option<String>) -> Form {
        let (emails, email_ids) = entry_rows::rows_of(&self.emails);
        let (phones, phone_ids) = entry_rows::rows_of(&self.phones);
        Form {
            first_name: TextField::with_value(&self.first_name),
            last_name: TextField::with_value(&self.last_name),
            middle_name: TextField::with_value(&self.middle_name),
            emails,
            phones,
            email_ids,
            phone_ids,
            organizations: self
                .organizations
                .iter()
                .map(|id| OrgRef {
                    id: id.clone(),
                    name: name(id).unwrap_or_else(|| id.clone()),
                })
                .collect(),
            tags: self.tags.clone(),
            ..Form::default()
        }
    }

    fn entries(&mut self, phones: bool) -> &mut Vec<Entry> {
        if phones {
            &mut self.phones
        } else {
            &mut self.emails
        }
    }
}

/// One change on its way, with what it takes to put its field back.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Names and organizations, as sent (`names`: a name changed, not only organizations).
    Update {
        update: Box<ContactUpdate>,
        names: bool,
    },
    /// An e-mail (`phone: false`) or phone row: added (`entry: None`), changed, or emptied
    /// (`value` blank: the entry is deleted; `row: None` when its row was removed).
    Row {
        phone: bool,
        row: Option<usize>,
        entry: Option<String>,
        value: String,
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
            Change::Row {
                phone,
                row: Some(r),
                ..
            } => row_field(*phone, *r),
            Change::Row { phone, .. } => row_field(*phone, 0),
            Change::Tag { .. } => Field::Tags,
        }
    }

    fn call(&self) -> ContactEdit {
        match self {
            Change::Update { update, .. } => ContactEdit::Update(update.clone()),
            Change::Row {
                phone,
                row,
                entry,
                value,
            } => {
                let change = RowChange {
                    row: *row,
                    entry: entry.clone(),
                    value: value.clone(),
                };
                match (change.call(), phone) {
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
                }
            }
            Change::Tag { tag, attach: true } => ContactEdit::AttachTag(*tag),
            Change::Tag { tag, attach: false } => ContactEdit::DetachTag(*tag),
        }
    }
}

fn row_field(phone: bool, row: usize) -> Field {
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
                .map(|c| Change::Row {
                    phone,
                    row: c.row,
                    entry: c.entry,
                    value: c.value,
                }),
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

/// An edit of one saved contact.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub base: Base,
    /// The service's copy the edit started from (for the fields the form does not hold).
    pub contact: Contact,
    /// The changes of the last save.
    pub batch: EditBatch<Change>,
}

impl Session {
    pub fn new(contact: Contact) -> Self {
        Self {
            base: Base::of(&contact),
            contact,
            batch: EditBatch::default(),
        }
    }

    pub fn name(&self) -> String {
        self.base.to_contact(&self.contact).display_name()
    }
}

/// Reads the contact being edited back.
fn read_back(id: &str, cx: &mut ScreenCtx) {
    cx.request(
        ContactKey::EditRead,
        op::Contact(id.to_string()),
        ContactAnswer::EditRead,
    );
}

impl ContactsState {
    /// `e` on the list or in the contact view: the contact in the form, every field filled.
    pub(super) fn start_edit(&mut self, cx: &mut ScreenCtx) {
        let contact = match (self.layers.viewing(), self.pane) {
            (Some(c), _) => c.clone(),
            (None, Pane::List) => match self.list.current() {
                Some(c) => c.clone(),
                None => return,
            },
            _ => return,
        };
        if self.phase.is_busy() {
            cx.toast(ToastKind::Info, "Wait for the save on its way first");
            return;
        }
        if self.phase == Phase::Editing && self.form.has_input() && self.edit.is_none() {
            // A new contact being typed stays as it is: it is not thrown away for an edit.
            cx.toast(
                ToastKind::Info,
                "The new contact in the form has input: save it or clear it (n) first",
            );
            return;
        }
        self.layers.close_view();
        let session = Session::new(contact);
        self.form = session.base.to_form(|id| self.org_name(id));
        self.edit = Some(session);
        self.phase = Phase::Editing;
        self.failure = None;
        self.pane = Pane::Form;
        self.editing = true;
        self.layers.stop_searching();
        self.flush_draft(cx);
    }

    /// `Ctrl-s` on an edit: checks every field, then sends each change through its endpoint.
    pub(super) fn submit_edit(&mut self, cx: &mut ScreenCtx) {
        let Some(session) = self.edit.as_ref() else {
            return;
        };
        if session.batch.unread {
            cx.toast(ToastKind::Info, "Reading the contact back…");
            read_back(&session.base.id, cx);
            self.phase = Phase::Updating;
            return;
        }
        self.failure = None;
        if !self.form.validate_all() {
            self.pane = Pane::Form;
            self.editing = true;
            return;
        }
        let Some(session) = self.edit.as_mut() else {
            return;
        };
        let changes = changes(&self.form, &session.base);
        if changes.is_empty() {
            let contact = session.base.to_contact(&session.contact);
            self.finish_edit(contact, "No changes to save".into(), cx);
            return;
        }
        let id = session.base.id.clone();
        session.batch.send(changes, |n, change| {
            cx.request(
                ContactKey::Edit(n),
                op::EditContact(id.clone(), change.call()),
                move |r| ContactAnswer::Edited(n, r),
            )
        });
        self.phase = Phase::Updating;
        self.flush_draft(cx);
    }

    /// The answer to change `n`.
    pub(super) fn on_edit_reply(
        &mut self,
        n: u64,
        result: Result<Edited, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(session) = self.edit.as_mut() else {
            return;
        };
        let Some(change) = session.batch.take(n) else {
            return;
        };
        match result {
            Ok(done) => accepted(&mut self.form, session, &change, done),
            Err(e) => {
                if session.batch.failed(&e) {
                    refused(&mut self.form, &session.base, &change, &e);
                }
            }
        }
        match session.batch.next() {
            Next::Waiting => {}
            // Nothing is said before the service's copy is in.
            Next::ReadBack => read_back(&session.base.id, cx),
            Next::Settle => self.settle(None, cx),
        }
    }

    /// The contact read back after a lost answer.
    pub(super) fn on_edit_read(&mut self, result: Result<Contact, ApiError>, cx: &mut ScreenCtx) {
        let Some(session) = self.edit.as_mut() else {
            return;
        };
        match result {
            Ok(c) => {
                session.batch.unread = false;
                session.base = Base::of(&c);
                session.contact = c;
                // The form shows what the service has; a refused row that was never saved
                // keeps its text and its message.
                let errors = std::mem::take(&mut self.form.errors);
                let (tab, orgs) = (&self.organizations, &self.orgs);
                let mut form = session
                    .base
                    .to_form(|id| super::pickers::org_name(tab, orgs, id));
                for (f, m) in errors {
                    let kept = match f {
                        Field::Email(i) if self.form.email_id(i).is_none() => {
                            Some((false, self.form.emails.get(i).cloned()))
                        }
                        Field::Phone(i) if self.form.phone_id(i).is_none() => {
                            Some((true, self.form.phones.get(i).cloned()))
                        }
                        _ => None,
                    };
                    match kept {
                        Some((phone, Some(text))) => {
                            let (rows, ids) = if phone {
                                (&mut form.phones, &mut form.phone_ids)
                            } else {
                                (&mut form.emails, &mut form.email_ids)
                            };
                            rows.push(text);
                            ids.push(None);
                            form.errors.insert(row_field(phone, rows.len() - 1), m);
                        }
                        Some((_, None)) => {}
                        None if form.text(f).is_some() || !f.is_text() => {
                            form.errors.insert(f, m);
                        }
                        None => {}
                    }
                }
                form.focus = self.form.focus;
                if !form.fields().contains(&form.focus) {
                    form.focus = Field::FirstName;
                }
                self.form = form;
                self.settle(
                    Some("An answer was lost; read back, the form shows what the service has"),
                    cx,
                );
            }
            Err(e) => {
                session.batch.unread = true;
                self.phase = Phase::Editing;
                self.editing = true;
                let message = format!(
                    "An answer was lost and reading the contact back failed ({}): some changes may be saved",
                    e.short()
                );
                cx.toast(ToastKind::Error, message.clone());
                self.failure = Some(Failure { message });
            }
        }
    }

    /// Every answer is in: saved when nothing was refused, else back to the form with the
    /// service's messages at their fields.
    fn settle(&mut self, lost: Option<&str>, cx: &mut ScreenCtx) {
        let Some(session) = self.edit.as_mut() else {
            return;
        };
        let refused = session.batch.refused_text();
        let contact = session.base.to_contact(&session.contact);
        let name = contact.display_name();
        let rows = self.list_rows(cx);
        self.list.replace(contact.clone(), rows);
        let Some(message) = refused else {
            let text = match lost {
                Some(l) => format!("{l}: {name}"),
                None => format!("Saved changes to {name}"),
            };
            self.finish_edit(contact, text, cx);
            return;
        };
        self.phase = Phase::Editing;
        self.pane = Pane::Form;
        self.editing = true;
        // The service's messages stand at their fields and the status line counts them.
        cx.toasts.dismiss_all();
        if let Some(l) = lost {
            cx.toast(ToastKind::Info, l);
        }
        cx.toast(ToastKind::Error, message);
        self.form.focus_first_error();
        self.flush_draft(cx);
    }

    fn finish_edit(&mut self, contact: Contact, text: String, cx: &mut ScreenCtx) {
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        self.edit = None;
        self.phase = Phase::Saved(Box::new(contact));
        self.saved_scroll = 0;
        self.editing = false;
        self.form.errors.clear();
        self.failure = None;
        self.clear_draft(cx);
    }
}

/// A change the service took: the base follows it, and a new row learns its entry's id.
fn accepted(form: &mut Form, session: &mut Session, change: &Change, done: Edited) {
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
        (
            Change::Row {
                phone,
                row,
                entry,
                value,
            },
            answer,
        ) => {
            let fresh = match answer {
                Edited::Email(e) => Some(Entry {
                    id: e.id,
                    value: e.email,
                }),
                Edited::Phone(p) => Some(Entry {
                    id: p.id,
                    value: p.phone,
                }),
                _ => None,
            };
            let change = RowChange {
                row: *row,
                entry: entry.clone(),
                value: value.clone(),
            };
            let ids = if *phone {
                &mut form.phone_ids
            } else {
                &mut form.email_ids
            };
            entry_rows::accept(ids, base.entries(*phone), &change, fresh);
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
fn refused(form: &mut Form, base: &Base, change: &Change, e: &ApiError) {
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
        let message = match e {
            ApiError::Validation { fields, message } => fields
                .values()
                .flatten()
                .next()
                .cloned()
                .unwrap_or_else(|| message.clone()),
            other => other.short(),
        };
        form.errors.insert(field, format!("not saved: {message}"));
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
        Change::Row {
            phone,
            row,
            entry,
            value,
        } => {
            let change = RowChange {
                row: *row,
                entry: entry.clone(),
                value: value.clone(),
            };
            let (rows, ids, was) = if *phone {
                (&mut form.phones, &mut form.phone_ids, &base.phones)
            } else {
                (&mut form.emails, &mut form.email_ids, &base.emails)
            };
            let at = entry_rows::refuse(rows, ids, was, &change);
            if row.is_none()
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
