//! After a write whose answer was lost (a timeout, a connection broken after sending, a 5xx,
//! a 2xx that could not be read) the service may or may not have done it. Two rules, one
//! place:
//! - a change to an existing item is read back, and the screen shows what the service has;
//!   it is never rolled back on a guess that may contradict the service;
//! - a create is looked for before it may be sent again: a second send would make a second
//!   object. Found, it is shown; not found, the user is offered to send it again, and that
//!   send looks once more first (the first may have landed since: a slow commit).

use weeek_api::ApiError;

// ----- changes to existing items ------------------------------------------------------------

/// What to do once a write has failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AfterFailure {
    /// The service did not do it: put the screen back as it was.
    RollBack,
    /// It may have been done: read the item back and show what the service has.
    ReadBack,
}

pub fn after_failure(e: &ApiError) -> AfterFailure {
    if e.may_have_been_applied() {
        AfterFailure::ReadBack
    } else {
        AfterFailure::RollBack
    }
}

/// What reading an item back showed.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadBack {
    /// The service has the change: its answer was lost, not the change.
    Applied,
    /// The service does not have it.
    NotApplied,
    /// The item no longer exists.
    Gone,
    /// The read failed too; what the service has is unknown.
    Unknown(ApiError),
}

impl ReadBack {
    /// Whether the change holds on the service (the write counts as done).
    pub fn applied(&self) -> bool {
        matches!(self, Self::Applied)
    }

    /// Said after the message about the write, so it tells which it was. Short: it ends a
    /// toast, and the toast's first line must hold it.
    pub fn note(&self) -> String {
        match self {
            Self::Applied => "answer lost, read back: done".into(),
            Self::NotApplied => "read back: not done".into(),
            Self::Gone => "read back: it no longer exists".into(),
            Self::Unknown(e) => format!(
                "reading it back failed too ({}): unknown, r reloads",
                cause_text(e)
            ),
        }
    }
}

/// A read-back that failed with "not found" says the item is gone; other failures say nothing.
pub fn read_back_failed(e: ApiError) -> ReadBack {
    match e {
        ApiError::NotFound { .. } => ReadBack::Gone,
        other => ReadBack::Unknown(other),
    }
}

// ----- creates -------------------------------------------------------------------------------

mod creates;
mod pending;
mod sent;

pub use creates::{CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, Unsettled};
pub use pending::{Answered, FirstStep, LookedFor, PendingCreate};
pub use sent::{SERVICE_CLOCK_SLACK, SentAt};

/// The failure in a few lower-case words, to sit inside a sentence.
pub fn cause_text(e: &ApiError) -> String {
    match e {
        ApiError::Timeout => "no answer in time".into(),
        ApiError::Network { .. } => "the connection broke".into(),
        ApiError::Server { status, .. } => format!("the service failed with {status}"),
        ApiError::UnexpectedResponse { status, .. } => format!("an unreadable {status} answer"),
        other => {
            let short = other.short();
            let mut chars = short.trim_end_matches(['.', ' ']).chars();
            match chars.next() {
                Some(first) => first.to_lowercase().chain(chars).collect(),
                None => String::new(),
            }
        }
    }
}
