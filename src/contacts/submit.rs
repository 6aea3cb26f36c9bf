//! Sending the form: checked first, sent once (the form is locked until the answer), and the
//! answer applied: the created contact, field errors at their fields, or a message to retry
//! from. Nothing is ever re-sent without a key press: a repeated create would duplicate.

use weeek_api::ApiError;
use weeek_api::models::Contact;

use super::ContactsState;
use super::form::Sent;
use crate::app::Env;
use crate::app::toast::ToastKind;
use crate::worker::{Call, Data};

pub const CREATE_KEY: &str = "contacts:create";

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Phase {
    #[default]
    Editing,
    /// The request is out; `sent` maps its list items back to form rows.
    Saving { sent: Sent },
    /// The contact as the service returned it.
    Saved(Box<Contact>),
}

/// Why the last send failed, when it was not a matter of fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub message: String,
    /// The service may have created the contact although no answer arrived.
    pub maybe_saved: bool,
}

impl ContactsState {
    /// `Ctrl-s`: checks every field; sends only a valid form, and only once at a time.
    pub fn submit(&mut self, env: &mut Env) {
        match self.phase {
            Phase::Saving { .. } => return,
            Phase::Saved(_) => return,
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
        self.flush_draft(env);
        self.phase = Phase::Saving { sent };
        env.request(CREATE_KEY, Call::CreateContact(contact.normalized()));
    }

    pub(super) fn on_create_reply(&mut self, result: Result<Data, ApiError>, env: &mut Env) {
        let sent = match std::mem::take(&mut self.phase) {
            Phase::Saving { sent } => sent,
            other => {
                // No request of ours is out: keep the state as it is.
                self.phase = other;
                return;
            }
        };
        match result {
            Ok(Data::Contact(contact)) => {
                // Messages about the attempts before this one are stale now.
                env.toasts.dismiss_all();
                env.toast(
                    ToastKind::Success,
                    format!("Saved {}", contact.display_name()),
                );
                let rows = self.list_rows(env);
                self.list.add_created((*contact).clone(), rows);
                self.phase = Phase::Saved(contact);
                self.editing = false;
                self.form.errors.clear();
                self.clear_draft(env);
            }
            Ok(other) => self.failed(crate::app::directory::unexpected(&other), env),
            Err(ApiError::Validation { message, fields }) if !fields.is_empty() => {
                let leftovers = self.form.apply_service_errors(&fields, &sent);
                self.editing = true;
                if !leftovers.is_empty() {
                    self.failure = Some(Failure {
                        message: format!("The service refused: {}", leftovers.join("; ")),
                        maybe_saved: false,
                    });
                } else if self.form.errors.is_empty() {
                    self.failure = Some(Failure {
                        message: format!("The service refused: {message}"),
                        maybe_saved: false,
                    });
                }
                env.toast(
                    ToastKind::Error,
                    "Not saved: the service refused some fields",
                );
            }
            Err(e) => self.failed(e, env),
        }
    }

    fn failed(&mut self, e: ApiError, env: &mut Env) {
        let maybe_saved = matches!(e, ApiError::Timeout | ApiError::Network { .. });
        let message = failure_text(&e);
        env.toast(ToastKind::Error, format!("Not saved: {message}"));
        self.failure = Some(Failure {
            message,
            maybe_saved,
        });
        if maybe_saved {
            // Whether it arrived shows in the list: look before sending again.
            self.list.reload(env);
        }
    }
}

/// What went wrong, without advice: the form says which key retries.
fn failure_text(e: &ApiError) -> String {
    match e {
        ApiError::Server { status, .. } => format!("the service failed ({status})."),
        ApiError::RateLimited {
            retry_after: Some(d),
        } => format!("too many requests (429); wait {}s.", d.as_secs().max(1)),
        ApiError::RateLimited { retry_after: None } => {
            "too many requests (429); wait a moment.".into()
        }
        ApiError::Network { .. } => "the service is unreachable.".into(),
        ApiError::Timeout => "no answer in time.".into(),
        ApiError::Validation { .. } => e.to_string(),
        other => other.short(),
    }
}
