//! Request keys, and the bookkeeping of requests in flight: which answer is still wanted, and
//! what it becomes for whoever asked.
//!
//! Each screen has an enum of its own keys (`TaskKey`) that names the enum of its own answers
//! (`KeySet::Answer`, `TaskAnswer`). A request says what its call's typed answer becomes as
//! that answer (see `worker`), so a screen's handler matches its own answer enum, every
//! variant. Keys of every screen are kept here side by side without this module knowing them
//! (`RequestKey`); the app hands each answer to the screen whose key asked (`Answer::take`).
//! A new screen adds its two enums, `impl KeySet` for its keys, and a line in the app's
//! routing of answers.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use crate::worker::{self, TypedCall};

pub type Request = worker::Request<RequestKey>;
pub type Reply = worker::Reply<RequestKey>;
pub type Report = worker::Report<RequestKey>;
pub type Retrying = worker::Retrying<RequestKey>;

/// The keys of one screen's requests (or of one part of the app that asks for itself, such as
/// the directory of names and the timer), and the answers they bring. A newer request under
/// the same key supersedes the older one. Keys are compared, never formatted or parsed.
pub trait KeySet: fmt::Debug + Clone + Eq + Hash + Send + Sync + 'static {
    /// What every request under these keys is answered with.
    type Answer: 'static;
}

/// A key of any screen's: equal only to the same key of the same screen.
#[derive(Clone)]
pub struct RequestKey(Arc<dyn AnyKey>);

/// A [`KeySet`] key, compared and hashed with its own type's.
trait AnyKey: fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn same(&self, other: &dyn AnyKey) -> bool;
    fn hash_into(&self, state: &mut dyn Hasher);
    fn set_name(&self) -> &'static str;
}

impl<K: KeySet> AnyKey for K {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn same(&self, other: &dyn AnyKey) -> bool {
        other.as_any().downcast_ref::<K>() == Some(self)
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        TypeId::of::<K>().hash(&mut state);
        self.hash(&mut state);
    }

    fn set_name(&self) -> &'static str {
        let name = std::any::type_name::<K>();
        name.rsplit("::").next().unwrap_or(name)
    }
}

impl RequestKey {
    /// The key as `K`, when it is one of `K`'s.
    pub fn get<K: KeySet>(&self) -> Option<&K> {
        self.0.as_any().downcast_ref()
    }
}

impl<K: KeySet> From<K> for RequestKey {
    fn from(key: K) -> Self {
        Self(Arc::new(key))
    }
}

impl PartialEq for RequestKey {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl Eq for RequestKey {}

impl Hash for RequestKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash_into(state);
    }
}

impl fmt::Debug for RequestKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}::{:?}", self.0.set_name(), self.0)
    }
}

/// An answer on its way to whoever asked: the answer type of its key's [`KeySet`].
pub struct Answer {
    key: RequestKey,
    value: Box<dyn Any>,
}

impl Answer {
    pub fn key(&self) -> &RequestKey {
        &self.key
    }

    /// The answer, when one of `K`'s keys asked for it; else the answer as it was, for
    /// another set of keys.
    pub fn take<K: KeySet>(self) -> Result<K::Answer, Self> {
        if self.key.get::<K>().is_none() {
            return Err(self);
        }
        match self.value.downcast::<K::Answer>() {
            Ok(answer) => Ok(*answer),
            // `Requests::start` pairs each key with its set's answer type: this cannot come.
            Err(value) => Err(Self {
                key: self.key,
                value,
            }),
        }
    }
}

impl fmt::Debug for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Answer({:?})", self.key)
    }
}

/// A request in flight: its id, and what its answer becomes for whoever asked.
#[derive(Debug, Clone)]
struct Waiting {
    id: u64,
    answer: TypedCall<Box<dyn Any>>,
    /// The store may answer it first: a read of what a screen shows.
    from_store: bool,
}

#[derive(Debug, Default, Clone)]
pub struct Requests {
    next_id: u64,
    latest: HashMap<RequestKey, Waiting>,
}

impl Requests {
    /// A new request under `key`, answered as `answer` reads its call's answer; any older
    /// one with the same key is now stale.
    pub fn start<K: KeySet>(&mut self, key: K, answer: TypedCall<K::Answer>) -> Request {
        self.start_with(key, answer, false)
    }

    /// [`Requests::start`]; `from_store`: the local store may answer it first.
    pub fn start_with<K: KeySet>(
        &mut self,
        key: K,
        answer: TypedCall<K::Answer>,
        from_store: bool,
    ) -> Request {
        self.next_id += 1;
        let key = RequestKey::from(key);
        let call = answer.call().clone();
        let answer = answer.map(|a| Box::new(a) as Box<dyn Any>);
        self.latest.insert(
            key.clone(),
            Waiting {
                id: self.next_id,
                answer,
                from_store,
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
    pub fn accept(&mut self, reply: Reply) -> Option<Answer> {
        if !self.is_latest(&reply.key, reply.id) {
            return None;
        }
        let waiting = if reply.origin.is_last() {
            self.latest.remove(&reply.key)?
        } else {
            self.latest.get(&reply.key)?.clone()
        };
        let Some(value) = waiting.answer.read(reply.output) else {
            // The worker answers each call with that call's own type: this cannot come.
            tracing::error!(key = ?reply.key, "an answer of another type than its call's");
            return None;
        };
        Some(Answer {
            key: reply.key,
            value,
        })
    }

    /// Whether request `id` is the one still wanted under `key`.
    pub fn is_latest(&self, key: &RequestKey, id: u64) -> bool {
        self.latest.get(key).is_some_and(|w| w.id == id)
    }

    /// Whether the request still wanted under `key` may be answered by the store first: a
    /// read of what a screen shows (not a read of what the service did after a lost answer).
    pub fn from_store(&self, key: &RequestKey) -> bool {
        self.latest.get(key).is_some_and(|w| w.from_store)
    }

    /// The call of the request still wanted under `key`.
    pub fn call(&self, key: &RequestKey) -> Option<&crate::worker::Call> {
        self.latest.get(key).map(|w| w.answer.call())
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

    /// Keys of a screen whose answers are reads of me.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    enum OneKey {
        List,
    }

    #[derive(Debug)]
    struct Me(Result<Box<User>, ApiError>);

    impl KeySet for OneKey {
        type Answer = Me;
    }

    /// Another screen's keys, one of the same name.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    enum OtherKey {
        List,
    }

    impl KeySet for OtherKey {
        type Answer = Me;
    }

    /// A read of me under `key`.
    fn me<K: KeySet<Answer = Me>>(requests: &mut Requests, key: K) -> Request {
        requests.start(key, TypedCall::new(op::Me).map(Me))
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
        let old = me(&mut r, OneKey::List);
        let new = me(&mut r, OneKey::List);
        assert!(r.accept(reply(&old, ApiError::Timeout)).is_none());
        assert_eq!(r.in_flight(), 1);
        let answer = r
            .accept(reply(&new, ApiError::Timeout))
            .expect("the answer");
        let answer = answer
            .take::<OtherKey>()
            .expect_err("not the other screen's");
        assert!(
            matches!(answer.take::<OneKey>(), Ok(Me(Err(ApiError::Timeout)))),
            "read as asked"
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
        let req = me(&mut r, OneKey::List);
        let mut wrong = reply(&req, ApiError::Timeout);
        wrong.output = Output::new(Ok::<(), ApiError>(()));
        assert!(r.accept(wrong).is_none());
        assert_eq!(r.in_flight(), 0, "the request is over all the same");
    }

    #[test]
    fn keys_of_different_screens_never_meet() {
        let mut r = Requests::default();
        let one = me(&mut r, OneKey::List);
        let other = me(&mut r, OtherKey::List);
        assert_ne!(one.key, other.key);
        assert_eq!(one.key, RequestKey::from(OneKey::List));
        assert_eq!(one.key.get::<OneKey>(), Some(&OneKey::List));
        assert_eq!(one.key.get::<OtherKey>(), None);
        assert_eq!(r.in_flight(), 2);
        assert!(r.cancel(&other.key));
        assert!(!r.cancel(&other.key), "already gone");
        assert!(r.is_pending(&one.key));
        assert_eq!(format!("{:?}", one.key), "OneKey::List");
    }
}
