//! After a write whose answer was lost (a timeout, a connection broken after sending, a 5xx,
//! a 2xx that could not be read) the service may or may not have done it. Two rules, one
//! place:
//! - a change to an existing item is read back, and the screen shows what the service has;
//!   it is never rolled back on a guess that may contradict the service;
//! - a create is looked for before it may be sent again: a second send would make a second
//!   object. Found, it is shown; not found, the user is offered to send it again.

use time::{Duration, OffsetDateTime};
use weeek_api::ApiError;

use crate::worker::Call;

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

/// How the answer to a create reads.
#[derive(Debug, Clone, PartialEq)]
pub enum CreateAnswer<T> {
    Created(T),
    /// The service did not create it: safe to send again.
    Refused(ApiError),
    /// It may have been created: look before sending again.
    Lost(ApiError),
}

impl<T> CreateAnswer<T> {
    pub fn read(result: Result<T, ApiError>) -> Self {
        match result {
            Ok(item) => Self::Created(item),
            Err(e) => match after_failure(&e) {
                AfterFailure::ReadBack => Self::Lost(e),
                AfterFailure::RollBack => Self::Refused(e),
            },
        }
    }
}

/// What a create can be found by after its answer was lost: one implementation per kind of
/// object the app creates.
pub trait CreateLookup {
    type Item;
    /// What the read answers.
    type Page;
    /// The object as the user named it, for messages.
    fn name(&self) -> String;
    /// The read of page `page` (0 first) of the candidates.
    fn read(&self, page: u32) -> Call;
    /// The candidates in an answer to that read, and whether a next page may hold more.
    fn candidates(&self, page: Self::Page) -> (Vec<Self::Item>, bool);
    /// Whether `item` is the object this create made; it was sent at `sent`, and the service's
    /// clock may be off by `CLOCK_SLACK` either way.
    fn is_it(&self, item: &Self::Item, sent: OffsetDateTime) -> bool;
}

/// How far the service's clock may be from ours: "created in the last minutes" allows this
/// much before the moment the create was sent.
pub const CLOCK_SLACK: Duration = Duration::minutes(10);

/// Pages of candidates read at most; past that many look-alikes the answer is "unknown".
const MAX_PAGES: u32 = 10;

/// Whether a timestamp of the service is recent enough for an object created at `sent`.
/// A missing timestamp does not rule an object out: a duplicate is the harm looked for here,
/// and the service's own copy is shown, so a wrong match is seen at once.
pub fn created_since(created: Option<OffsetDateTime>, sent: OffsetDateTime) -> bool {
    created.is_none_or(|at| at >= sent - CLOCK_SLACK)
}

/// A create whose answer was lost, while it is looked for.
#[derive(Debug, Clone, PartialEq)]
pub struct LostCreate<L> {
    pub lookup: L,
    /// Why the answer is missing.
    pub cause: ApiError,
    pub sent: OffsetDateTime,
    /// `Some` once a look has failed: why it is unknown whether the object exists.
    pub check_failed: Option<String>,
    page: u32,
}

/// What one answer to the look showed.
#[derive(Debug, Clone, PartialEq)]
pub enum Looked<T> {
    /// The create went through: the service's copy.
    Found(T),
    /// It did not: sending again makes one object, not two.
    NotCreated,
    /// Unknown: the look failed (the reason is in `check_failed`).
    Failed,
    /// Not on this page: read the next one.
    Next(Call),
}

impl<L: CreateLookup> LostCreate<L> {
    /// Starts looking; the call reads the first page of candidates.
    pub fn start(lookup: L, cause: ApiError, sent: OffsetDateTime) -> (Self, Call) {
        let call = lookup.read(0);
        let lost = Self {
            lookup,
            cause,
            sent,
            check_failed: None,
            page: 0,
        };
        (lost, call)
    }

    /// Looks again from the first page, after a failed look.
    pub fn look_again(&mut self) -> Call {
        self.page = 0;
        self.check_failed = None;
        self.lookup.read(0)
    }

    pub fn is_looking(&self) -> bool {
        self.check_failed.is_none()
    }

    /// A key asked to send again: once a look has failed, looks again instead (the read to
    /// send and what to say); while a look is on its way, nothing.
    pub fn retry(&mut self, created: &str) -> Option<(Call, String)> {
        if self.is_looking() {
            return None;
        }
        let call = self.look_again();
        Some((call, self.looking_text(created)))
    }

    pub fn on_answer(&mut self, result: Result<L::Page, ApiError>) -> Looked<L::Item> {
        let (items, more) = match result {
            Ok(page) => self.lookup.candidates(page),
            Err(e) => return self.fail(cause_text(&e)),
        };
        if let Some(found) = items.into_iter().find(|i| self.lookup.is_it(i, self.sent)) {
            return Looked::Found(found);
        }
        if !more {
            return Looked::NotCreated;
        }
        self.page += 1;
        if self.page >= MAX_PAGES {
            return self.fail("too many look-alikes to tell".into());
        }
        Looked::Next(self.lookup.read(self.page))
    }

    fn fail(&mut self, why: String) -> Looked<L::Item> {
        self.check_failed = Some(why);
        Looked::Failed
    }

    /// "“Созвон” may have been created (the service did not answer in time): looking for it…"
    pub fn looking_text(&self, created: &str) -> String {
        format!(
            "{} may have been {created} ({}): looking for it…",
            self.quoted(),
            cause_text(&self.cause)
        )
    }

    /// "“Созвон” was created after all: its answer was lost"
    pub fn found_text(&self, created: &str) -> String {
        format!(
            "{} was {created} after all: its answer was lost",
            self.quoted()
        )
    }

    /// "“Созвон” was not created (the service failed with 500): looked for, not found"
    pub fn not_created_text(&self, created: &str) -> String {
        format!(
            "{} was not {created} ({}): looked for, not found",
            self.quoted(),
            cause_text(&self.cause)
        )
    }

    /// "Could not check whether “Созвон” was created: …"
    pub fn check_failed_text(&self, created: &str) -> String {
        format!(
            "{} may have been {created} ({}), and looking for it failed ({})",
            self.quoted(),
            cause_text(&self.cause),
            self.check_failed.as_deref().unwrap_or("unknown")
        )
    }

    fn quoted(&self) -> String {
        crate::text::quoted(&self.lookup.name(), 40)
    }
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use time::macros::datetime;
    use weeek_api::ListQuery;

    /// Looks for a name among plain strings: "name@minute" is created at that minute.
    #[derive(Debug, Clone, PartialEq)]
    struct Names(&'static str);

    impl CreateLookup for Names {
        type Item = String;
        type Page = Vec<weeek_api::models::Contact>;
        fn name(&self) -> String {
            self.0.into()
        }
        fn read(&self, page: u32) -> Call {
            Call::Contacts(ListQuery::page(2, page * 2))
        }
        fn candidates(&self, c: Self::Page) -> (Vec<String>, bool) {
            let more = c.len() == 2;
            (c.into_iter().filter_map(|c| c.first_name).collect(), more)
        }
        fn is_it(&self, item: &String, sent: OffsetDateTime) -> bool {
            let (name, minute) = item.split_once('@').unwrap_or((item, "0"));
            let at = datetime!(2026-11-21 10:00 UTC) + Duration::minutes(minute.parse().unwrap());
            name == self.0 && created_since(Some(at), sent)
        }
    }

    fn page(names: &[&str]) -> Result<Vec<weeek_api::models::Contact>, ApiError> {
        Ok(names
            .iter()
            .map(|n| weeek_api::models::Contact {
                first_name: Some((*n).into()),
                ..Default::default()
            })
            .collect())
    }

    const SENT: OffsetDateTime = datetime!(2026-11-21 10:30 UTC);

    #[test]
    fn failures_that_may_have_been_applied_are_read_back() {
        assert_eq!(after_failure(&ApiError::Timeout), AfterFailure::ReadBack);
        let refused = ApiError::Forbidden {
            message: "no".into(),
        };
        assert_eq!(after_failure(&refused), AfterFailure::RollBack);
        assert!(matches!(
            CreateAnswer::<()>::read(Err(ApiError::Server {
                status: 502,
                message: None
            })),
            CreateAnswer::Lost(_)
        ));
        assert!(matches!(
            CreateAnswer::<()>::read(Err(refused)),
            CreateAnswer::Refused(_)
        ));
    }

    #[test]
    fn a_lost_create_is_found_across_pages_only_if_recent() {
        let (mut lost, first) = LostCreate::start(Names("Иван"), ApiError::Timeout, SENT);
        assert_eq!(first, Call::Contacts(ListQuery::page(2, 0)));
        // An old namesake is not it; a full page means more may follow.
        let next = lost.on_answer(page(&["Иван@0", "Пётр@30"]));
        assert_eq!(next, Looked::Next(Call::Contacts(ListQuery::page(2, 2))));
        assert_eq!(
            lost.on_answer(page(&["Иван@29"])),
            Looked::Found("Иван@29".into()),
            "within the clock slack"
        );
    }

    #[test]
    fn a_short_page_without_it_means_not_created_and_a_failed_look_is_unknown() {
        let (mut lost, _) = LostCreate::start(Names("Иван"), ApiError::Timeout, SENT);
        assert_eq!(lost.on_answer(page(&["Иван@1"])), Looked::NotCreated);
        assert_eq!(lost.on_answer(Err(ApiError::Timeout)), Looked::Failed);
        assert!(!lost.is_looking());
        assert!(
            lost.check_failed_text("created")
                .contains("looking for it failed")
        );
        assert_eq!(lost.look_again(), Call::Contacts(ListQuery::page(2, 0)));
        assert!(lost.is_looking());
    }

    #[test]
    fn messages_name_the_object_and_the_cause() {
        let (lost, _) = LostCreate::start(
            Names("Созвон"),
            ApiError::Server {
                status: 500,
                message: None,
            },
            SENT,
        );
        let text = lost.looking_text("created");
        assert_eq!(
            text,
            "“Созвон” may have been created (the service failed with 500): looking for it…"
        );
        assert!(lost.not_created_text("created").contains("was not created"));
    }
}
