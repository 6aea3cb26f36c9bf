//! One create from its first send until it is settled, as every screen that creates something
//! keeps it: what it is found by, when it first left, the look while its fate is unknown, and
//! an earlier send of it that a refusal of this one leaves unsettled again.
//!
//! A screen keeps a [`PendingCreate`] per create, sends or reads what its steps say, and hands
//! it every answer; the rules of [`LostCreate`] and [`Unsettled`] (look before any send again,
//! from the first send on) then hold alike on every screen.

use weeek_api::ApiError;

use super::creates::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, Unsettled,
};
use super::sent::SentAt;
use crate::screen::Clock;

#[derive(Debug, Clone, PartialEq)]
pub struct PendingCreate<L: CreateLookup> {
    pub lookup: L,
    /// The first send of it: a look covers everything made since.
    sent: SentAt<L::Id>,
    /// The look after a lost answer, or before a send again.
    looking: Option<LostCreate<L>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<LostCreate<L>>,
}

/// What a create does first.
#[derive(Debug, Clone, PartialEq)]
pub enum FirstStep<P> {
    /// Send it.
    Send,
    /// An earlier send of it is unsettled: read this for it first (the send waits).
    Look(PageRead<P>),
}

/// What the answer to a send showed.
#[derive(Debug, Clone, PartialEq)]
pub enum Answered<T, P> {
    /// The service made it: its answer.
    Created(T),
    /// The service did not make it: safe to send again.
    Refused(ApiError),
    /// It may have been made: read this to look for it ([`PendingCreate::lost`] says why).
    Lost(PageRead<P>),
}

/// What an answer to the look showed.
#[derive(Debug, Clone, PartialEq)]
pub enum LookedFor<L: CreateLookup> {
    /// Not there, and the send waited for the look: send it now.
    Send,
    /// Not on this page: read the next one.
    Next(PageRead<L::Page>),
    /// Made after all: the service's copy, and the look (for its words). Settled.
    Found(L::Item, LostCreate<L>),
    /// Not made, as far as the service shows now; kept unsettled, so a send of it again
    /// looks first. Settled here.
    NotCreated(LostCreate<L>),
    /// Unknown: the look failed. Kept unsettled likewise. Settled here.
    Failed(LostCreate<L>),
}

impl<L: CreateLookup> PendingCreate<L> {
    /// A create of `lookup`, made at the moment `clock` tells: sent at once, or after a look
    /// for an unsettled earlier send of it (then from that send on). `known`: the ids of
    /// objects like it the screen holds as it sends.
    pub fn start(
        lookup: L,
        unsettled: &mut Unsettled<L>,
        clock: &Clock,
        known: Vec<L::Id>,
    ) -> (Self, FirstStep<L::Page>) {
        match unsettled.send(&lookup, || SentAt::new(clock, known)) {
            Sending::Now(sent) => (Self::new(lookup, sent, None), FirstStep::Send),
            Sending::LookFirst(lost, look) => {
                let sent = lost.sent.clone();
                (Self::new(lookup, sent, Some(*lost)), FirstStep::Look(look))
            }
        }
    }

    fn new(lookup: L, sent: SentAt<L::Id>, looking: Option<LostCreate<L>>) -> Self {
        Self {
            lookup,
            sent,
            looking,
            earlier: None,
        }
    }

    /// The look for it, while one is on its way or has failed.
    pub fn lost(&self) -> Option<&LostCreate<L>> {
        self.looking.as_ref()
    }

    pub fn lost_mut(&mut self) -> Option<&mut LostCreate<L>> {
        self.looking.as_mut()
    }

    /// The answer to a send of it.
    pub fn on_answer<T>(
        &mut self,
        result: Result<T, ApiError>,
        unsettled: &mut Unsettled<L>,
    ) -> Answered<T, L::Page> {
        match CreateAnswer::read(result) {
            CreateAnswer::Created(made) => Answered::Created(made),
            CreateAnswer::Refused(e) => {
                // This send did nothing; the one before it may still land.
                if let Some(earlier) = self.earlier.take() {
                    unsettled.keep(earlier);
                }
                Answered::Refused(e)
            }
            CreateAnswer::Lost(e) => {
                // From the first send on: the look covers every send of it.
                let (lost, look) = LostCreate::start(self.lookup.clone(), e, self.sent.clone());
                self.looking = Some(lost);
                Answered::Lost(look)
            }
        }
    }

    /// An answer to the look; `None` when no look is on its way.
    pub fn on_looked(
        &mut self,
        result: Result<L::Page, ApiError>,
        unsettled: &mut Unsettled<L>,
    ) -> Option<LookedFor<L>> {
        let looked = self.looking.as_mut()?.on_answer(result);
        Some(match looked {
            Looked::Resend => {
                self.earlier = self.looking.take();
                LookedFor::Send
            }
            Looked::Next(read) => LookedFor::Next(read),
            Looked::Found(item) => LookedFor::Found(item, self.looking.take()?),
            Looked::NotCreated => {
                let lost = self.looking.take()?;
                unsettled.keep(lost.clone());
                LookedFor::NotCreated(lost)
            }
            Looked::Failed => {
                let lost = self.looking.take()?;
                unsettled.keep(lost.clone());
                LookedFor::Failed(lost)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::{Call, TypedCall, op};

    /// Looks for a board's column by its name; the page is the board's columns, by name.
    #[derive(Debug, Clone, PartialEq)]
    struct Column(&'static str);

    impl CreateLookup for Column {
        type Item = (i64, String);
        type Page = Vec<(i64, String)>;
        type Id = i64;
        fn name(&self) -> String {
            self.0.into()
        }
        fn read(&self, _page: u32) -> PageRead<Self::Page> {
            TypedCall::new(op::Columns(5))
                .map(|r| r.map(|cols| cols.into_iter().map(|c| (c.id, c.name)).collect()))
        }
        fn candidates(&self, page: Self::Page) -> (Vec<Self::Item>, bool) {
            (page, false)
        }
        fn matches(&self, item: &Self::Item) -> bool {
            item.1 == self.0
        }
        fn id(item: &Self::Item) -> i64 {
            item.0
        }
    }

    fn page(rows: &[(i64, &str)]) -> Result<Vec<(i64, String)>, ApiError> {
        Ok(rows.iter().map(|(i, n)| (*i, n.to_string())).collect())
    }

    fn start(
        unsettled: &mut Unsettled<Column>,
    ) -> (PendingCreate<Column>, FirstStep<Vec<(i64, String)>>) {
        PendingCreate::start(
            Column("Архив"),
            unsettled,
            &crate::testing::clock(),
            vec![1],
        )
    }

    #[test]
    fn a_create_is_sent_and_its_answer_settles_it() {
        let mut unsettled = Unsettled::default();
        let (mut p, first) = start(&mut unsettled);
        assert_eq!(first, FirstStep::Send);
        assert_eq!(p.on_answer(Ok(7), &mut unsettled), Answered::Created(7));
        let refused = ApiError::Forbidden {
            message: "no".into(),
        };
        assert!(matches!(
            p.on_answer::<i32>(Err(refused), &mut unsettled),
            Answered::Refused(_)
        ));
        assert!(unsettled.is_empty(), "a refusal leaves nothing unsettled");
    }

    #[test]
    fn a_lost_answer_is_looked_for_and_one_not_found_waits_unsettled() {
        let mut unsettled = Unsettled::default();
        let (mut p, _) = start(&mut unsettled);
        let Answered::Lost(look) = p.on_answer::<i32>(Err(ApiError::Timeout), &mut unsettled)
        else {
            panic!("not looked for");
        };
        assert_eq!(*look.call(), Call::Columns(5));
        assert!(p.lost().is_some_and(LostCreate::is_looking));
        // The twin known before the send is not it.
        match p.on_looked(page(&[(1, "Архив")]), &mut unsettled) {
            Some(LookedFor::NotCreated(lost)) => {
                assert!(lost.not_created_text("created").contains("“Архив”"))
            }
            other => panic!("{other:?}"),
        }
        assert!(!unsettled.is_empty(), "the next send of it looks first");
        assert_eq!(p.on_looked(page(&[]), &mut unsettled), None, "settled");
    }

    #[test]
    fn a_send_again_looks_first_and_a_refusal_of_it_leaves_the_first_unsettled() {
        let mut unsettled = Unsettled::default();
        let (mut p, _) = start(&mut unsettled);
        p.on_answer::<i32>(Err(ApiError::Timeout), &mut unsettled);
        p.on_looked(page(&[]), &mut unsettled);
        // The same name again: the look goes first, and finding nothing lets it go.
        let (mut again, first) = start(&mut unsettled);
        assert!(matches!(first, FirstStep::Look(_)));
        assert!(unsettled.is_empty(), "taken while it is looked for");
        assert_eq!(
            again.on_looked(page(&[]), &mut unsettled),
            Some(LookedFor::Send)
        );
        // Refused, this send did nothing: the first may still land.
        let refused = ApiError::Forbidden {
            message: "no".into(),
        };
        again.on_answer::<i32>(Err(refused), &mut unsettled);
        assert!(!unsettled.is_empty());
        // The slow commit of the first send is found by the next send's look.
        let (mut third, _) = start(&mut unsettled);
        match third.on_looked(page(&[(1, "Архив"), (9, "Архив")]), &mut unsettled) {
            Some(LookedFor::Found(item, lost)) => {
                assert_eq!(item.0, 9);
                assert!(lost.found_text("created").contains("after all"));
            }
            other => panic!("{other:?}"),
        }
        assert!(unsettled.is_empty());
    }

    #[test]
    fn a_failed_look_is_unknown_and_kept() {
        let mut unsettled = Unsettled::default();
        let (mut p, _) = start(&mut unsettled);
        p.on_answer::<i32>(Err(ApiError::Timeout), &mut unsettled);
        match p.on_looked(Err(ApiError::Timeout), &mut unsettled) {
            Some(LookedFor::Failed(lost)) => assert!(lost.check_failed.is_some()),
            other => panic!("{other:?}"),
        }
        assert!(!unsettled.is_empty());
    }
}
