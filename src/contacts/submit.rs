//! Sending the form: checked first, sent once (the form is locked until the answer), and the
//! answer applied: the created contact, field errors at their fields, or a message to retry
//! from. Nothing is ever re-sent without a key press, and a contact whose answer was lost is
//! looked for before it may be sent again (see `screen::lost_answer`), and once more right before
//! that send: a repeated create would duplicate it.

use weeek_api::models::Contact;
use weeek_api::{ApiError, FieldErrors, ListQuery, NewContact};

use super::ContactsState;
use super::form::Sent;
use crate::outbox::links;
use crate::screen::ScreenCtx;
use crate::screen::form_create::{self, Checking, CreateForm, SentCreate};
use crate::screen::lost_answer::{CreateLookup, PageRead, Unsettled};
use crate::worker::op;

use super::{ContactAnswer, ContactKey};

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Phase {
    #[default]
    Editing,
    /// The request is out.
    Saving(Box<SentCreate<ContactLookup, Outgoing>>),
    /// The changes of an edit are out (see `edit`); the form is locked until every answer
    /// is in.
    Updating,
    /// Its answer was lost (or an earlier send of it is looked for before this one goes): the
    /// contact is looked for before it may be sent again. The form stays locked; `Ctrl-s`
    /// looks again once a look has failed.
    Checking(Box<Checking<ContactLookup, Outgoing>>),
    /// The contact as the service returned it.
    Saved(Box<Contact>),
}

crate::create_phase!(Phase, ContactLookup, Outgoing);

/// A new contact as sent: the contact, and how its list items map back to form rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub sent: Sent,
    pub contact: NewContact,
}

impl Phase {
    /// The look for a create, while one is on its way or has failed.
    pub fn checking(&self) -> Option<&crate::screen::lost_answer::LostCreate<ContactLookup>> {
        match self {
            Self::Checking(c) => Some(&c.lost),
            _ => None,
        }
    }

    /// Sent and not settled: the form is locked.
    pub fn is_busy(&self) -> bool {
        matches!(
            self,
            Self::Saving { .. } | Self::Updating | Self::Checking(_)
        )
    }
}

/// Why the last send failed, when it was not a matter of fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub message: String,
}

/// What a lost contact create is found by: the same first name and e-mails (the same last
/// name when there is no e-mail), new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct ContactLookup {
    pub first_name: String,
    pub last_name: Option<String>,
    pub emails: Vec<String>,
}

impl ContactLookup {
    fn of(contact: &NewContact) -> Self {
        Self {
            first_name: contact.first_name.trim().to_string(),
            last_name: contact.last_name.clone(),
            emails: contact.emails.clone(),
        }
    }
}

fn same_text(a: Option<&str>, b: Option<&str>) -> bool {
    let norm = |s: Option<&str>| s.map(str::trim).unwrap_or_default().to_lowercase();
    norm(a) == norm(b)
}

impl CreateLookup for ContactLookup {
    type Item = Contact;
    type Page = Vec<Contact>;
    type Id = String;

    fn name(&self) -> String {
        [Some(self.first_name.as_str()), self.last_name.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn read(&self, page: u32) -> PageRead<Vec<Contact>> {
        // An e-mail narrows the search to a contact or two; a first name may match many.
        let search = self.emails.first().unwrap_or(&self.first_name).clone();
        let size = super::list::PAGE_SIZE;
        crate::worker::TypedCall::new(op::Contacts(ListQuery {
            search: Some(search),
            limit: Some(size),
            offset: Some(page * size),
        }))
    }

    fn candidates(&self, page: Vec<Contact>) -> (Vec<Contact>, bool) {
        // The list has no "more" flag: a full page may have a next one.
        let more = page.len() as u32 >= super::list::PAGE_SIZE;
        (page, more)
    }

    fn matches(&self, c: &Contact) -> bool {
        let has = |email: &String| {
            c.emails
                .iter()
                .any(|e| e.email.trim().eq_ignore_ascii_case(email.trim()))
        };
        let same_person = if self.emails.is_empty() {
            same_text(c.last_name.as_deref(), self.last_name.as_deref())
        } else {
            self.emails.iter().all(has)
        };
        same_text(c.first_name.as_deref(), Some(&self.first_name)) && same_person
    }

    fn id(c: &Contact) -> String {
        c.id.clone()
    }

    fn created(c: &Contact) -> Option<time::OffsetDateTime> {
        c.created_at
    }
}

/// Reads a page of the look for a new contact whose answer was lost.
fn look_for_contact(look: PageRead<Vec<Contact>>, cx: &mut ScreenCtx) {
    cx.ask(ContactKey::Find, look, ContactAnswer::Found);
}

impl CreateForm for ContactsState {
    type Lookup = ContactLookup;
    type Input = Outgoing;
    type Phase = Phase;
    const DONE: &'static str = "saved";
    const SAVE: (&'static str, &'static str) = ("contacts.save", "looks once more and saves it");

    fn parts(&mut self) -> Option<(&mut Unsettled<ContactLookup>, &mut Phase)> {
        Some((&mut self.unsettled, &mut self.phase))
    }

    fn lookup(out: &Outgoing) -> ContactLookup {
        ContactLookup::of(&out.contact)
    }

    fn send(out: &Outgoing, cx: &mut ScreenCtx) {
        let create = op::CreateContact(out.contact.clone());
        cx.request(ContactKey::Create, create, ContactAnswer::Created);
    }

    fn look(read: PageRead<Vec<Contact>>, cx: &mut ScreenCtx) {
        look_for_contact(read, cx);
    }

    fn made_text(c: &Contact) -> String {
        format!("Saved {}", c.display_name())
    }

    fn made(&mut self, contact: Contact, cx: &mut ScreenCtx) {
        let rows = self.list_rows(cx);
        self.list.add_created(contact.clone(), rows);
        self.show_saved(contact, cx);
    }

    fn place(&mut self, out: &Outgoing, fields: &FieldErrors) -> (Vec<String>, bool) {
        let left = self.form.apply_service_errors(fields, &out.sent);
        self.editing = true;
        (left, !self.form.errors.is_empty())
    }

    fn show_failure(&mut self, message: String) {
        self.failure = Some(Failure { message });
    }

    fn refusal(e: &ApiError) -> String {
        failure_text(e)
    }

    fn keep(
        &mut self,
        out: &Outgoing,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) -> bool {
        self.queue_new(out.contact.clone(), sent, cx);
        true
    }
}

impl ContactsState {
    /// `Ctrl-s`: checks every field; sends only a valid form, and only once at a time. After a
    /// failed look for a lost create, it looks again instead.
    pub fn submit(&mut self, cx: &mut ScreenCtx) {
        if let Some(edit) = &self.edit {
            if self.phase == Phase::Editing {
                // After a failed read-back the form may not match the service: it reads again.
                let orgs: Vec<String> = self
                    .form
                    .organizations
                    .iter()
                    .map(|o| o.id.clone())
                    .collect();
                let waits =
                    Self::must_queue(&edit.base.id, cx) || links::names_one_made_here(&orgs);
                if !edit.batch.unread && waits {
                    self.queue_edit(cx);
                } else {
                    self.submit_edit(cx);
                }
            }
            return;
        }
        if form_create::look_again(self, cx) || self.phase != Phase::Editing {
            return;
        }
        self.failure = None;
        if !self.form.validate_all() {
            // The messages stand under their fields and the status line counts them.
            self.pane = super::Pane::Form;
            self.editing = true;
            return;
        }
        let (contact, sent) = self.form.to_contact();
        let contact = contact.normalized();
        self.flush_draft(cx);
        if cx.is_offline() || links::names_one_made_here(&contact.organizations) {
            self.queue_new(contact, None, cx);
            return;
        }
        let lookup = ContactLookup::of(&contact);
        let held = lookup.known(self.list.rows.rows.iter().chain(&self.list.created));
        form_create::submit(self, Outgoing { sent, contact }, held, cx);
    }

    /// A look for a lost create is given up on (the form starts over): the contact stays
    /// unsettled, so the same contact sent again is looked for first.
    pub(super) fn give_up_look(&mut self) {
        form_create::give_up(self);
    }
}

/// What went wrong, without advice: the form says which key retries.
fn failure_text(e: &ApiError) -> String {
    match e {
        ApiError::RateLimited {
            retry_after: Some(d),
        } => format!("too many requests (429); wait {}s.", d.as_secs().max(1)),
        ApiError::RateLimited { retry_after: None } => {
            "too many requests (429); wait a moment.".into()
        }
        ApiError::Network { .. } => "the service is unreachable.".into(),
        ApiError::Validation { .. } => e.to_string(),
        other => other.short(),
    }
}
