//! Sending the form: checked first, sent once (the form is locked until the answer), and the
//! answer applied: the created contact, field errors at their fields, or a message to retry
//! from. Nothing is ever re-sent without a key press, and a contact whose answer was lost is
//! looked for before it may be sent again (see `app::lost_answer`), and once more right before
//! that send: a repeated create would duplicate it.

use weeek_api::models::Contact;
use weeek_api::{ApiError, ListQuery, NewContact};

use super::ContactsState;
use super::form::Sent;
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt,
};
use crate::screen::toast::ToastKind;
use crate::worker::op;

use super::{ContactAnswer, ContactKey};

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Phase {
    #[default]
    Editing,
    /// The request is out; `sent` maps its list items back to form rows.
    Saving {
        sent: Sent,
        contact: Box<NewContact>,
        at: SentAt<String>,
        /// An earlier send of it, not found right before this one went: unsettled again if
        /// this one is refused.
        earlier: Option<Box<LostCreate<ContactLookup>>>,
    },
    /// The changes of an edit are out (see `edit`); the form is locked until every answer
    /// is in.
    Updating,
    /// Its answer was lost (or an earlier send of it is looked for before this one goes, see
    /// `ContactsState::resend`): the contact is looked for before it may be sent again. The
    /// form stays locked; `Ctrl-s` looks again once a look has failed.
    Checking(Box<LostCreate<ContactLookup>>),
    /// The contact as the service returned it.
    Saved(Box<Contact>),
}

impl Phase {
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

impl ContactsState {
    /// `Ctrl-s`: checks every field; sends only a valid form, and only once at a time. After a
    /// failed look for a lost create, it looks again instead.
    pub fn submit(&mut self, cx: &mut ScreenCtx) {
        if self.edit.is_some() {
            if self.phase == Phase::Editing {
                self.submit_edit(cx);
            }
            return;
        }
        match &mut self.phase {
            Phase::Saving { .. } | Phase::Updating | Phase::Saved(_) => return,
            Phase::Checking(lost) => {
                if let Some((look, text)) = lost.retry("saved") {
                    cx.toast(ToastKind::Info, text);
                    look_for_contact(look, cx);
                }
                return;
            }
            Phase::Editing => {}
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
        let lookup = ContactLookup::of(&contact);
        let held = self.list.rows.rows.iter().chain(&self.list.created);
        match self
            .unsettled
            .send(&lookup, || SentAt::new(&cx.clock, lookup.known(held)))
        {
            Sending::Now(at) => self.send_create(sent, Box::new(contact), at, None, cx),
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text("saved"));
                look_for_contact(look, cx);
                self.resend = Some((sent, Box::new(contact)));
                self.phase = Phase::Checking(lost);
            }
        }
    }

    fn send_create(
        &mut self,
        sent: Sent,
        contact: Box<NewContact>,
        at: SentAt<String>,
        earlier: Option<Box<LostCreate<ContactLookup>>>,
        cx: &mut ScreenCtx,
    ) {
        cx.request(
            ContactKey::Create,
            op::CreateContact((*contact).clone()),
            ContactAnswer::Created,
        );
        self.phase = Phase::Saving {
            sent,
            contact,
            at,
            earlier,
        };
    }

    /// A look for a lost create is given up on (the form starts over): the contact stays
    /// unsettled, so the same contact sent again is looked for first.
    pub(super) fn give_up_look(&mut self) {
        if let Phase::Checking(lost) = std::mem::take(&mut self.phase) {
            self.unsettled.keep(*lost);
        }
        self.resend = None;
    }

    pub(super) fn on_create_reply(
        &mut self,
        result: Result<Contact, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let (sent, contact, at, earlier) = match std::mem::take(&mut self.phase) {
            Phase::Saving {
                sent,
                contact,
                at,
                earlier,
            } => (sent, contact, at, earlier),
            other => {
                // No request of ours is out: keep the state as it is.
                self.phase = other;
                return;
            }
        };
        let answer = CreateAnswer::read(result.map(Box::new));
        if let (CreateAnswer::Refused(_), Some(earlier)) = (&answer, earlier) {
            // This send did nothing; the one before may still land.
            self.unsettled.keep(*earlier);
        }
        match answer {
            CreateAnswer::Created(created) => {
                let text = format!("Saved {}", created.display_name());
                self.saved(created, text, cx);
            }
            CreateAnswer::Refused(ApiError::Validation { message, fields })
                if !fields.is_empty() =>
            {
                let leftovers = self.form.apply_service_errors(&fields, &sent);
                self.editing = true;
                if !leftovers.is_empty() {
                    self.failure = Some(Failure {
                        message: format!("Not saved: the service refused {}", leftovers.join("; ")),
                    });
                } else if self.form.errors.is_empty() {
                    self.failure = Some(Failure {
                        message: format!("Not saved: the service refused: {message}"),
                    });
                }
                cx.toast(
                    ToastKind::Error,
                    "Not saved: the service refused some fields",
                );
            }
            CreateAnswer::Refused(e) => self.failed(format!("Not saved: {}", failure_text(&e)), cx),
            CreateAnswer::Lost(e) => {
                // From the first send on: a look covers it too.
                let (lost, look) = LostCreate::start(ContactLookup::of(&contact), e, at);
                cx.toast(ToastKind::Info, lost.looking_text("saved"));
                look_for_contact(look, cx);
                self.phase = Phase::Checking(Box::new(lost));
            }
        }
    }

    pub(super) fn on_find_reply(
        &mut self,
        result: Result<Vec<Contact>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Phase::Checking(lost) = &mut self.phase else {
            return;
        };
        match lost.on_answer(result) {
            Looked::Next(look) => look_for_contact(look, cx),
            Looked::Found(contact) => {
                let text = lost.found_text("saved");
                self.saved(Box::new(contact), text, cx);
            }
            Looked::Resend => {
                let Phase::Checking(lost) = std::mem::take(&mut self.phase) else {
                    return;
                };
                match self.resend.take() {
                    Some((sent, contact)) => {
                        let at = lost.sent.clone();
                        self.send_create(sent, contact, at, Some(lost), cx);
                    }
                    None => self.unsettled.keep(*lost),
                }
            }
            Looked::NotCreated => {
                let again = cx
                    .keys
                    .then_say("contacts.save", "looks once more and saves it");
                let text = format!("{}{again}", lost.not_created_text("saved"));
                if let Phase::Checking(lost) = std::mem::take(&mut self.phase) {
                    self.unsettled.keep(*lost);
                }
                self.failed(text, cx);
            }
            Looked::Failed => {
                let text = lost.check_failed_text("saved");
                cx.toast(ToastKind::Error, text);
            }
        }
    }

    fn saved(&mut self, contact: Box<Contact>, text: String, cx: &mut ScreenCtx) {
        // Messages about the attempts before this one are stale now.
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        let rows = self.list_rows(cx);
        self.list.add_created((*contact).clone(), rows);
        self.phase = Phase::Saved(contact);
        self.saved_scroll = 0;
        self.editing = false;
        self.form.errors.clear();
        self.failure = None;
        self.clear_draft(cx);
    }

    /// `message` is the whole sentence, shown over the form until the next change.
    fn failed(&mut self, message: String, cx: &mut ScreenCtx) {
        cx.toast(ToastKind::Error, message.clone());
        self.failure = Some(Failure { message });
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
