//! Editing a saved contact in the contact form, through the shared save of a record's edit
//! (`screen::record_edit`): only what changed is sent, each part through the endpoint that holds
//! it (names and organizations in `PUT /crm/contacts/{id}`, every e-mail, phone and tag through
//! its own), all at once. What is a contact's own is here: its parts, what changed, and what an
//! accepted or a refused change does to the form.

use crate::screen::checked_form::CheckedForm;
use serde::{Deserialize, Serialize};
use weeek_api::ApiError;
use weeek_api::models::{Contact, EmailEntry, PhoneEntry};

use super::edit_changes::{Change, accepted, changes, refused, row_field};
use super::form::{Field, Form, OrgRef};
use super::submit::{Failure, Phase};
use super::{ContactAnswer, ContactKey, ContactsState, Pane};
use crate::screen::ScreenCtx;
use crate::screen::edit_batch::EditBatch;
use crate::screen::entry_rows;
pub use crate::screen::entry_rows::Entry;
use crate::screen::record_edit::{self, RecordForm};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::worker::{Edited, op};

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
            emails: c.emails.iter().map(Entry::from).collect(),
            phones: c.phones.iter().map(Entry::from).collect(),
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
            emails: self.emails.iter().map(EmailEntry::from).collect(),
            phones: self.phones.iter().map(PhoneEntry::from).collect(),
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

    pub(super) fn entries(&mut self, phones: bool) -> &mut Vec<Entry> {
        if phones {
            &mut self.phones
        } else {
            &mut self.emails
        }
    }
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
        record_edit::submit(self, cx);
    }

    /// The form shows `contact` as saved (an edit ends).
    pub(super) fn show_saved(&mut self, contact: Contact, cx: &mut ScreenCtx) {
        self.edit = None;
        self.phase = Phase::Saved(Box::new(contact));
        self.saved_scroll = 0;
        self.editing = false;
        self.form.errors.clear();
        self.failure = None;
        self.clear_draft(cx);
    }

    /// The contact as the edit leaves it.
    fn edited(&self) -> Option<Contact> {
        self.edit.as_ref().map(|s| s.base.to_contact(&s.contact))
    }
}

impl RecordForm for ContactsState {
    type Change = Change;
    type Done = Edited;
    type Record = Contact;
    const WHAT: &'static str = "contact";

    fn batch(&mut self) -> Option<&mut EditBatch<Change>> {
        self.edit.as_mut().map(|s| &mut s.batch)
    }

    fn validate(&mut self) -> bool {
        self.failure = None;
        if self.form.validate_all() {
            return true;
        }
        self.pane = Pane::Form;
        self.editing = true;
        false
    }

    fn changes(&self) -> Vec<Change> {
        self.edit
            .as_ref()
            .map(|s| changes(&self.form, &s.base))
            .unwrap_or_default()
    }

    fn send(&self, n: u64, change: &Change, cx: &mut ScreenCtx) {
        if let Some(s) = &self.edit {
            let edit = op::EditContact(s.base.id.clone(), change.call());
            cx.request(ContactKey::Edit(n), edit, move |r| {
                ContactAnswer::Edited(n, r)
            });
        }
    }

    fn lock(&mut self, cx: &mut ScreenCtx) {
        self.phase = Phase::Updating;
        self.flush_draft(cx);
    }

    fn unchanged(&mut self, cx: &mut ScreenCtx) {
        if let Some(contact) = self.edited() {
            cx.toasts.dismiss_all();
            cx.toast(ToastKind::Success, "No changes to save");
            self.show_saved(contact, cx);
        }
    }

    fn accepted(&mut self, change: &Change, done: Edited) {
        if let Some(session) = self.edit.as_mut() {
            accepted(&mut self.form, session, change, done);
        }
    }

    fn refused(&mut self, change: &Change, e: &ApiError) {
        if let Some(session) = &self.edit {
            refused(&mut self.form, &session.base, change, e);
        }
    }

    fn read_back(&self, cx: &mut ScreenCtx) {
        if let Some(s) = &self.edit {
            read_back(&s.base.id, cx);
        }
    }

    fn reread(&mut self, c: Contact) {
        let Some(session) = self.edit.as_mut() else {
            return;
        };
        session.base = Base::of(&c);
        session.contact = c;
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
    }

    fn unread(&mut self, message: String) {
        self.phase = Phase::Editing;
        self.editing = true;
        self.failure = Some(Failure { message });
    }

    fn show_saved(&mut self, cx: &mut ScreenCtx) -> String {
        let Some(contact) = self.edited() else {
            return String::new();
        };
        let name = contact.display_name();
        let rows = self.list_rows(cx);
        self.list.replace(contact, rows);
        name
    }

    fn saved(&mut self, cx: &mut ScreenCtx) {
        if let Some(contact) = self.edited() {
            self.show_saved(contact, cx);
        }
    }

    fn back_to_form(&mut self, cx: &mut ScreenCtx) {
        self.phase = Phase::Editing;
        self.pane = Pane::Form;
        self.editing = true;
        self.form.focus_first_error();
        self.flush_draft(cx);
    }
}
