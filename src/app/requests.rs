//! Request keys, answers, and the bookkeeping of requests in flight: which answer is still
//! wanted, and what it becomes for the screen that asked.
//!
//! A new screen adds its requests thus: an enum of its own keys (`TaskKey`) and one of its
//! own answers (`TaskAnswer`) in its module, one `RequestKey` and one `ScreenAnswer` variant
//! wrapping them (with `From`), and a line in `App::on_reply` handing it its answers. Each
//! request says what its call's typed answer becomes (see `worker`), so the screen's handler
//! matches its own answer enum, every variant.

use std::collections::HashMap;

use crate::app::names::NamesAnswer;
use crate::contacts::{ContactAnswer, ContactKey};
use crate::funnels::{FunnelAnswer, FunnelKey};
use crate::organizations::{OrgAnswer, OrgKey};
use crate::projects::{ProjectsAnswer, ProjectsKey};
use crate::tasks::timer::{TimerAnswer, TimerKey};
use crate::tasks::{TaskAnswer, TaskKey};
use crate::worker::{self, TypedCall};

pub type Request = worker::Request<RequestKey>;
pub type Reply = worker::Reply<RequestKey>;
pub type Report = worker::Report<RequestKey>;
pub type Retrying = worker::Retrying<RequestKey>;

/// Which request an answer belongs to. A newer request under the same key supersedes the
/// older one. Keys are compared, never formatted or parsed.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum RequestKey {
    Names(NamesKey),
    Tasks(TaskKey),
    Funnels(FunnelKey),
    Contacts(ContactKey),
    Organizations(OrgKey),
    Projects(ProjectsKey),
    /// My timer, shown on every screen.
    Timer(TimerKey),
}

/// The shared directory's reads (see `app::directory`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum NamesKey {
    Me,
    Workspace,
    Members,
    Tags,
    Projects,
    Currencies,
    /// The boards of a project.
    Boards(i64),
    /// The columns of a board.
    Columns(i64),
    /// A project the list does not hold, read by its id.
    Project(i64),
}

impl From<NamesKey> for RequestKey {
    fn from(k: NamesKey) -> Self {
        Self::Names(k)
    }
}

impl From<TaskKey> for RequestKey {
    fn from(k: TaskKey) -> Self {
        Self::Tasks(k)
    }
}

impl From<FunnelKey> for RequestKey {
    fn from(k: FunnelKey) -> Self {
        Self::Funnels(k)
    }
}

impl From<TimerKey> for RequestKey {
    fn from(k: TimerKey) -> Self {
        Self::Timer(k)
    }
}

impl From<OrgKey> for RequestKey {
    fn from(k: OrgKey) -> Self {
        Self::Organizations(k)
    }
}

impl From<ProjectsKey> for RequestKey {
    fn from(k: ProjectsKey) -> Self {
        Self::Projects(k)
    }
}

impl From<ContactKey> for RequestKey {
    fn from(k: ContactKey) -> Self {
        Self::Contacts(k)
    }
}

/// An answer, as the screen that asked reads it: one variant per screen, each holding that
/// screen's own answer enum (boxed: some hold whole tasks, and answers pass by value).
#[derive(Debug)]
pub enum ScreenAnswer {
    Names(Box<NamesAnswer>),
    Tasks(Box<TaskAnswer>),
    Funnels(Box<FunnelAnswer>),
    Contacts(Box<ContactAnswer>),
    Organizations(Box<OrgAnswer>),
    Projects(Box<ProjectsAnswer>),
    Timer(Box<TimerAnswer>),
}

macro_rules! screen_answer {
    ($($variant:ident($answer:ty)),* $(,)?) => {
        $(
            impl From<$answer> for ScreenAnswer {
                fn from(a: $answer) -> Self {
                    Self::$variant(Box::new(a))
                }
            }
        )*
    };
}

screen_answer!(
    Names(NamesAnswer),
    Tasks(TaskAnswer),
    Funnels(FunnelAnswer),
    Contacts(ContactAnswer),
    Organizations(OrgAnswer),
    Projects(ProjectsAnswer),
    Timer(TimerAnswer),
);

/// A request in flight: its id, and what its answer becomes for the screen.
#[derive(Debug, Clone)]
struct Waiting {
    id: u64,
    answer: TypedCall<ScreenAnswer>,
}

#[derive(Debug, Default, Clone)]
pub struct Requests {
    next_id: u64,
    latest: HashMap<RequestKey, Waiting>,
}

impl Requests {
    /// A new request under `key`; any older one with the same key is now stale.
    pub fn start(
        &mut self,
        key: impl Into<RequestKey>,
        answer: TypedCall<ScreenAnswer>,
    ) -> Request {
        self.start_with(key, answer, false)
    }

    /// [`Requests::start`]; `from_store`: the local store may answer it first.
    pub fn start_with(
        &mut self,
        key: impl Into<RequestKey>,
        answer: TypedCall<ScreenAnswer>,
        from_store: bool,
    ) -> Request {
        self.next_id += 1;
        let key = key.into();
        let call = answer.call().clone();
        self.latest.insert(
            key.clone(),
            Waiting {
                id: self.next_id,
                answer,
            },
        );
        Request {
            id: self.next_id,
            key,
            call,
            from_store,
        }
    }

    /// The answer `reply` brings, as the screen that asked reads it, when it answers the
    /// latest request of its key; after its last answer that request is done.
    pub fn accept(&mut self, reply: Reply) -> Option<ScreenAnswer> {
        if !self.is_latest(&reply.key, reply.id) {
            return None;
        }
        let waiting = if reply.origin.is_last() {
            self.latest.remove(&reply.key)?
        } else {
            self.latest.get(&reply.key)?.clone()
        };
        let answer = waiting.answer.read(reply.output);
        if answer.is_none() {
            // The worker answers each call with that call's own type: this cannot come.
            tracing::error!(key = ?reply.key, "an answer of another type than its call's");
        }
        answer
    }

    /// Whether request `id` is the one still wanted under `key`.
    pub fn is_latest(&self, key: &RequestKey, id: u64) -> bool {
        self.latest.get(key).is_some_and(|w| w.id == id)
    }

    pub fn in_flight(&self) -> usize {
        self.latest.len()
    }

    pub fn is_pending(&self, key: &RequestKey) -> bool {
        self.latest.contains_key(key)
    }

    /// Forgets a request whose answer is no longer wanted. True when one was in flight.
    pub fn cancel(&mut self, key: &RequestKey) -> bool {
        self.latest.remove(key).is_some()
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::ApiError;
    use weeek_api::models::User;

    use super::*;
    use crate::worker::{Origin, Output, op};

    /// A read of me under `key`.
    fn me(requests: &mut Requests, key: impl Into<RequestKey>) -> Request {
        let ask = TypedCall::new(op::Me).map(|r| ScreenAnswer::from(NamesAnswer::Me(r)));
        requests.start(key, ask)
    }

    fn reply(req: &Request, e: ApiError) -> Reply {
        Reply {
            id: req.id,
            key: req.key.clone(),
            origin: Origin::Service,
            output: Output::new(Err::<Box<User>, _>(e)),
            skipped: None,
        }
    }

    #[test]
    fn only_the_latest_answer_of_a_key_is_accepted_and_read_as_asked() {
        let mut r = Requests::default();
        let old = me(&mut r, TaskKey::List);
        let new = me(&mut r, TaskKey::List);
        assert!(r.accept(reply(&old, ApiError::Timeout)).is_none());
        assert_eq!(r.in_flight(), 1);
        let answer = r.accept(reply(&new, ApiError::Timeout));
        assert!(
            matches!(
                answer,
                Some(ScreenAnswer::Names(ref a)) if matches!(**a, NamesAnswer::Me(Err(ApiError::Timeout)))
            ),
            "{answer:?}"
        );
        assert_eq!(r.in_flight(), 0);
        assert!(
            r.accept(reply(&new, ApiError::Timeout)).is_none(),
            "a second copy is stale too"
        );
    }

    #[test]
    fn an_answer_that_is_not_its_calls_type_reaches_no_screen() {
        let mut r = Requests::default();
        let req = me(&mut r, TaskKey::List);
        let mut wrong = reply(&req, ApiError::Timeout);
        wrong.output = Output::new(Ok::<(), ApiError>(()));
        assert!(r.accept(wrong).is_none());
        assert_eq!(r.in_flight(), 0, "the request is over all the same");
    }

    #[test]
    fn keys_of_different_screens_never_meet() {
        let mut r = Requests::default();
        let tasks = me(&mut r, TaskKey::List);
        let contacts = me(&mut r, ContactKey::List);
        assert_ne!(tasks.key, contacts.key);
        assert_eq!(r.in_flight(), 2);
        assert!(r.cancel(&contacts.key));
        assert!(!r.cancel(&contacts.key), "already gone");
        assert!(r.is_pending(&tasks.key));
    }
}
