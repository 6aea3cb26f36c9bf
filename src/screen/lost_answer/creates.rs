//! Creates whose answer was lost: looked for before anything is sent again, and looked for
//! again right before each later send of the same create, however that send is asked for.
//!
//! A look that finds nothing does not settle a create: a slow commit lands after the client
//! gave up and after the look, and a second send then makes a second object. So a create
//! that was not found stays [`Unsettled`] until the service has it, and a send of the same
//! create (the same key, the prompt typed again, the form sent again) looks first, from the
//! first send on; only when that look finds nothing is it sent.

use std::fmt::Debug;

use time::OffsetDateTime;
use weeek_api::ApiError;

use super::sent::SentAt;
use super::{AfterFailure, after_failure, cause_text};
use crate::worker::TypedCall;

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

/// The read of a page of candidates, answered with the page.
pub type PageRead<P> = TypedCall<Result<P, ApiError>>;

/// What a create can be found by after its answer was lost: one implementation per kind of
/// object the app creates. Two lookups that are equal are one create sent again.
pub trait CreateLookup: Clone + PartialEq {
    type Item;
    /// What the read answers.
    type Page: 'static;
    type Id: Clone + Ord + Debug;
    /// The object as the user named it, for messages.
    fn name(&self) -> String;
    /// The read of page `page` (0 first) of the candidates.
    fn read(&self, page: u32) -> PageRead<Self::Page>;
    /// The candidates in an answer to that read, and whether a next page may hold more.
    fn candidates(&self, page: Self::Page) -> (Vec<Self::Item>, bool);
    /// Whether `item` holds what the create sent (its name, its place). Whether it existed
    /// before the send is not asked here: [`SentAt`] tells that for every kind alike.
    fn matches(&self, item: &Self::Item) -> bool;
    fn id(item: &Self::Item) -> Self::Id;
    /// When the service created `item`, on its clock, where the kind says.
    fn created(_item: &Self::Item) -> Option<OffsetDateTime> {
        None
    }
    /// The ids of those of `items` (what the app holds as it sends) that look like it.
    fn known<'a>(&self, items: impl IntoIterator<Item = &'a Self::Item>) -> Vec<Self::Id>
    where
        Self::Item: 'a,
    {
        items
            .into_iter()
            .filter(|i| self.matches(i))
            .map(Self::id)
            .collect()
    }
}

/// Pages of candidates read at most; past that many look-alikes the answer is "unknown".
const MAX_PAGES: u32 = 10;

/// A create whose answer was lost, while it is looked for.
#[derive(Debug, Clone, PartialEq)]
pub struct LostCreate<L: CreateLookup> {
    pub lookup: L,
    /// Why the answer is missing.
    pub cause: ApiError,
    /// The first send of it: a look covers everything made since then.
    pub sent: SentAt<L::Id>,
    /// `Some` once a look has failed: why it is unknown whether the object exists.
    pub check_failed: Option<String>,
    /// The look goes before a send of it again: finding nothing, it lets that send go.
    pub resending: bool,
    page: u32,
}

/// What one answer to the look showed.
#[derive(Debug, Clone, PartialEq)]
pub enum Looked<T, P> {
    /// The create went through: the service's copy.
    Found(T),
    /// It did not, as far as the service shows now. It stays unsettled (see [`Unsettled`]).
    NotCreated,
    /// It did not, and a send of it again waits for this look: send it now, with the same
    /// [`LostCreate::sent`].
    Resend,
    /// Unknown: the look failed (the reason is in `check_failed`).
    Failed,
    /// Not on this page: read the next one.
    Next(PageRead<P>),
}

impl<L: CreateLookup> LostCreate<L> {
    /// Starts looking; the call reads the first page of candidates.
    pub fn start(lookup: L, cause: ApiError, sent: SentAt<L::Id>) -> (Self, PageRead<L::Page>) {
        let call = lookup.read(0);
        let lost = Self {
            lookup,
            cause,
            sent,
            check_failed: None,
            resending: false,
            page: 0,
        };
        (lost, call)
    }

    /// Looks again from the first page, after a failed look.
    pub fn look_again(&mut self) -> PageRead<L::Page> {
        self.page = 0;
        self.check_failed = None;
        self.lookup.read(0)
    }

    pub fn is_looking(&self) -> bool {
        self.check_failed.is_none()
    }

    /// A key asked to send again: once a look has failed, looks again instead (the read to
    /// send and what to say); while a look is on its way, nothing.
    pub fn retry(&mut self, created: &str) -> Option<(PageRead<L::Page>, String)> {
        if self.is_looking() {
            return None;
        }
        let call = self.look_again();
        Some((call, self.looking_text(created)))
    }

    pub fn on_answer(&mut self, result: Result<L::Page, ApiError>) -> Looked<L::Item, L::Page> {
        let (items, more) = match result {
            Ok(page) => self.lookup.candidates(page),
            Err(e) => return self.fail(cause_text(&e)),
        };
        let sent = &self.sent;
        let lookup = &self.lookup;
        if let Some(found) = items
            .into_iter()
            .find(|i| lookup.matches(i) && !sent.existed_before(&L::id(i), L::created(i)))
        {
            return Looked::Found(found);
        }
        if !more {
            return if self.resending {
                Looked::Resend
            } else {
                Looked::NotCreated
            };
        }
        self.page += 1;
        if self.page >= MAX_PAGES {
            return self.fail("too many look-alikes to tell".into());
        }
        Looked::Next(self.lookup.read(self.page))
    }

    fn fail(&mut self, why: String) -> Looked<L::Item, L::Page> {
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

    /// Said while the look before a send again is out.
    pub fn resend_text(&self, created: &str) -> String {
        format!(
            "{} may have been {created} by the send before ({}): looking for it before sending \
             it again…",
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

    /// "“Созвон” may have been created (…), and looking for it failed (…)"
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

/// Creates whose fate is not known for sure: their answer was lost and the look did not find
/// them (or failed). The service may still make one (a slow commit), so none is sent again
/// without a look right before.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsettled<L: CreateLookup>(Vec<LostCreate<L>>);

impl<L: CreateLookup> Default for Unsettled<L> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// How a create goes out.
#[derive(Debug, Clone, PartialEq)]
pub enum Sending<L: CreateLookup> {
    /// Nothing of it is unsettled: send it now, sent at this moment.
    Now(SentAt<L::Id>),
    /// An earlier send of it is unsettled: this look goes first, and the create waits for
    /// its [`Looked::Resend`] (or is found, made by the earlier send).
    LookFirst(Box<LostCreate<L>>, PageRead<L::Page>),
}

impl<L: CreateLookup> Unsettled<L> {
    /// Keeps `lost` until the same create is sent again. Of two sends of one create the first
    /// is kept: its look covers the second's time too.
    pub fn keep(&mut self, mut lost: LostCreate<L>) {
        lost.resending = false;
        lost.page = 0;
        match self.0.iter_mut().find(|l| l.lookup == lost.lookup) {
            Some(earlier) if earlier.sent.at <= lost.sent.at => {}
            Some(later) => *later = lost,
            None => self.0.push(lost),
        }
    }

    /// A send of `lookup`, at the moment `now` tells: at once, or after a look for an
    /// unsettled earlier send of it.
    pub fn send(&mut self, lookup: &L, now: impl FnOnce() -> SentAt<L::Id>) -> Sending<L> {
        match self.0.iter().position(|l| l.lookup == *lookup) {
            Some(i) => {
                let mut lost = self.0.remove(i);
                lost.resending = true;
                let call = lost.look_again();
                Sending::LookFirst(Box::new(lost), call)
            }
            None => Sending::Now(now()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Forgets them all: the app is about to end, or what they were for is gone.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::Duration;
    use time::macros::datetime;
    use weeek_api::ListQuery;
    use weeek_api::models::Contact;

    use crate::worker::{Call, op};

    /// Looks for a first name among contacts; `last_name` holds the minute (after 10:00 on
    /// the service's clock) each was created.
    #[derive(Debug, Clone, PartialEq)]
    struct Names(&'static str);

    impl CreateLookup for Names {
        type Item = Contact;
        type Page = Vec<Contact>;
        type Id = String;
        fn name(&self) -> String {
            self.0.into()
        }
        fn read(&self, page: u32) -> PageRead<Vec<Contact>> {
            TypedCall::new(op::Contacts(ListQuery::page(2, page * 2)))
        }
        fn candidates(&self, c: Self::Page) -> (Vec<Contact>, bool) {
            let more = c.len() == 2;
            (c, more)
        }
        fn matches(&self, c: &Contact) -> bool {
            c.first_name.as_deref() == Some(self.0)
        }
        fn id(c: &Contact) -> String {
            c.id.clone()
        }
        fn created(c: &Contact) -> Option<OffsetDateTime> {
            let minute: i64 = c.last_name.as_deref()?.parse().ok()?;
            Some(datetime!(2026-11-21 10:00 UTC) + Duration::minutes(minute))
        }
    }

    /// Contacts "id:name@minute".
    fn page(rows: &[&str]) -> Result<Vec<Contact>, ApiError> {
        Ok(rows
            .iter()
            .map(|r| {
                let (id, rest) = r.split_once(':').unwrap_or(("0", r));
                let (name, minute) = rest.split_once('@').unwrap_or((rest, ""));
                Contact {
                    id: id.into(),
                    first_name: Some(name.into()),
                    last_name: (!minute.is_empty()).then(|| minute.into()),
                    ..Default::default()
                }
            })
            .collect())
    }

    /// SentAt at 10:30 on the service's clock (its clock and ours agree); `known` held before.
    fn sent(known: &[&str]) -> SentAt<String> {
        let clock = crate::screen::Clock {
            wall: datetime!(2026-11-21 10:30 UTC),
            ..crate::testing::clock()
        };
        SentAt::new(&clock, known.iter().map(|k| k.to_string()))
    }

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
    fn a_lost_create_is_found_across_pages_only_if_new_since_the_send() {
        let (mut lost, first) = LostCreate::start(Names("Иван"), ApiError::Timeout, sent(&["3"]));
        assert_eq!(*first.call(), Call::Contacts(ListQuery::page(2, 0)));
        // A namesake made before the send is not it; a full page means more may follow.
        let next = lost.on_answer(page(&["1:Иван@29", "2:Пётр@31"]));
        assert_eq!(
            next,
            Looked::Next(TypedCall::new(op::Contacts(ListQuery::page(2, 2))))
        );
        // One known before the send is not it either, however recent it says it is.
        let next = lost.on_answer(page(&["3:Иван@31", "4:Иван@31"]));
        match next {
            Looked::Found(c) => assert_eq!(c.id, "4"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_short_page_without_it_means_not_created_and_a_failed_look_is_unknown() {
        let (mut lost, _) = LostCreate::start(Names("Иван"), ApiError::Timeout, sent(&[]));
        assert_eq!(lost.on_answer(page(&["1:Иван@1"])), Looked::NotCreated);
        assert_eq!(lost.on_answer(Err(ApiError::Timeout)), Looked::Failed);
        assert!(!lost.is_looking());
        assert!(
            lost.check_failed_text("created")
                .contains("looking for it failed")
        );
        assert_eq!(
            *lost.look_again().call(),
            Call::Contacts(ListQuery::page(2, 0))
        );
        assert!(lost.is_looking());
    }

    #[test]
    fn a_create_not_found_is_looked_for_again_from_its_first_send_before_it_goes_again() {
        let mut unsettled = Unsettled::default();
        let first = sent(&[]);
        let (mut lost, _) = LostCreate::start(Names("Иван"), ApiError::Timeout, first.clone());
        assert_eq!(lost.on_answer(page(&[])), Looked::NotCreated);
        unsettled.keep(lost);
        // Another create is sent at once.
        let later = || SentAt::new(&crate::testing::clock(), Vec::new());
        assert!(matches!(
            unsettled.send(&Names("Пётр"), later),
            Sending::Now(_)
        ));
        // The same one looks first, from its first send on.
        let Sending::LookFirst(mut look, call) = unsettled.send(&Names("Иван"), later) else {
            panic!("not looked for");
        };
        assert_eq!(*call.call(), Call::Contacts(ListQuery::page(2, 0)));
        assert_eq!(look.sent, first);
        assert!(unsettled.is_empty(), "taken while it is looked for");
        // Still not there: the send may go.
        assert_eq!(look.on_answer(page(&["1:Иван@1"])), Looked::Resend);
        // The slow commit landed meanwhile (a minute after the first send): found.
        let Sending::LookFirst(mut look, _) = ({
            unsettled.keep(*look);
            unsettled.send(&Names("Иван"), later)
        }) else {
            panic!("not looked for");
        };
        assert!(matches!(
            look.on_answer(page(&["1:Иван@1", "9:Иван@31"])),
            Looked::Found(_)
        ));
    }

    #[test]
    fn of_two_sends_of_one_create_the_first_is_kept() {
        let mut unsettled = Unsettled::default();
        let first = sent(&[]);
        let mut second = first.clone();
        second.at += Duration::minutes(1);
        unsettled.keep(LostCreate::start(Names("Иван"), ApiError::Timeout, second).0);
        unsettled.keep(LostCreate::start(Names("Иван"), ApiError::Timeout, first.clone()).0);
        let now = || SentAt::new(&crate::testing::clock(), Vec::new());
        let Sending::LookFirst(look, _) = unsettled.send(&Names("Иван"), now) else {
            panic!("not looked for");
        };
        assert_eq!(look.sent, first);
        assert!(unsettled.is_empty(), "one entry for the one create");
    }

    #[test]
    fn messages_name_the_object_and_the_cause() {
        let (lost, _) = LostCreate::start(
            Names("Созвон"),
            ApiError::Server {
                status: 500,
                message: None,
            },
            sent(&[]),
        );
        let text = lost.looking_text("created");
        assert_eq!(
            text,
            "“Созвон” may have been created (the service failed with 500): looking for it…"
        );
        assert!(lost.not_created_text("created").contains("was not created"));
        assert!(
            lost.resend_text("created")
                .contains("before sending it again")
        );
    }
}
