//! Answers on their way back: the typed result of a call, carried as one value
//! ([`Output`]) from the worker to the request that asked, and there read as that call's own
//! type ([`TypedCall`]).

use std::any::Any;
use std::fmt;
use std::sync::Arc;

use weeek_api::ApiError;

use super::calls::{Call, Op};
use super::local::LocalError;
use crate::attachment_files::SaveError;

/// Where an answer came from. The local store may answer a read first (when the request asks
/// it to); the service's answer then follows under the same request, and is the last.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The store's copy, as the service answered it at `read_at`.
    Stored {
        read_at: time::OffsetDateTime,
    },
    Service,
}

impl Origin {
    /// Whether this is the last answer the request gets (it is then done).
    pub fn is_last(self) -> bool {
        matches!(self, Origin::Service)
    }

    /// When the store's copy was read; `None` for the service's answer.
    pub fn stored(self) -> Option<time::OffsetDateTime> {
        match self {
            Origin::Stored { read_at } => Some(read_at),
            Origin::Service => None,
        }
    }
}

/// A failure of a call, which says whether it is the service's (for the log, and for a
/// refused token, which the app words itself).
pub trait Failure: Any + Send + fmt::Debug {
    fn api_error(&self) -> Option<&ApiError>;
}

impl Failure for ApiError {
    fn api_error(&self) -> Option<&ApiError> {
        Some(self)
    }
}

impl Failure for SaveError {
    fn api_error(&self) -> Option<&ApiError> {
        match self {
            SaveError::Api(e) => Some(e),
            SaveError::LinkOnly(_) | SaveError::Disk(_) => None,
        }
    }
}

impl Failure for LocalError {
    fn api_error(&self) -> Option<&ApiError> {
        None
    }
}

/// What a call's answer can be: sent between threads, shown in the log, copied and compared
/// (a message is).
pub trait Answerable: Any + Send + Clone + PartialEq + fmt::Debug {}

impl<T: Any + Send + Clone + PartialEq + fmt::Debug> Answerable for T {}

/// A typed result, whatever its type.
trait Outcome: Send + fmt::Debug {
    fn error(&self) -> Option<&ApiError>;
    fn as_any(&self) -> &dyn Any;
    fn into_any(self: Box<Self>) -> Box<dyn Any>;
    fn clone_box(&self) -> Box<dyn Outcome>;
    fn same(&self, other: &dyn Outcome) -> bool;
}

impl<T: Answerable, E: Failure + Clone + PartialEq> Outcome for Result<T, E> {
    fn error(&self) -> Option<&ApiError> {
        self.as_ref().err().and_then(Failure::api_error)
    }

    fn clone_box(&self) -> Box<dyn Outcome> {
        Box::new(self.clone())
    }

    fn same(&self, other: &dyn Outcome) -> bool {
        other.as_any().downcast_ref::<Self>() == Some(self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn into_any(self: Box<Self>) -> Box<dyn Any> {
        self
    }
}

/// What a call answered: its [`Op::Output`], carried as one value to the app.
pub struct Output(Box<dyn Outcome>);

impl Output {
    pub fn new<T: Answerable, E: Failure + Clone + PartialEq>(result: Result<T, E>) -> Self {
        Self(Box::new(result))
    }

    /// The service's failure, whatever the call.
    pub fn error(&self) -> Option<&ApiError> {
        self.0.error()
    }

    /// The result if it is of type `R`: for what looks at every answer of a kind (the timer
    /// looks at every task read).
    pub fn peek<R: Any>(&self) -> Option<&R> {
        self.0.as_any().downcast_ref()
    }

    fn take<R: Any>(self) -> Option<R> {
        self.0.into_any().downcast().ok().map(|r| *r)
    }
}

impl Clone for Output {
    fn clone(&self) -> Self {
        Self(self.0.clone_box())
    }
}

/// Two outputs are equal when they hold the same type and equal values.
impl PartialEq for Output {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&*other.0)
    }
}

impl fmt::Debug for Output {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

type Read<T> = Arc<dyn Fn(Output) -> Option<T> + Send + Sync>;

/// A call, and what its answer reads as: the call's own type at first, then whatever
/// [`TypedCall::map`] makes of it (a screen's answer). Reading can happen more than once (a kept
/// copy answering before the service).
pub struct TypedCall<T> {
    /// Boxed: a call is large, and a typed one sits in lookups and queues.
    call: Box<Call>,
    read: Read<T>,
}

impl<T: 'static> TypedCall<T> {
    pub fn new<O: Op<Output = T>>(op: O) -> Self {
        Self {
            call: Box::new(op.into()),
            read: Arc::new(Output::take::<T>),
        }
    }

    pub fn call(&self) -> &Call {
        &self.call
    }

    /// `f` makes the answer into something else (it may run more than once).
    pub fn map<U: 'static>(self, f: impl Fn(T) -> U + Send + Sync + 'static) -> TypedCall<U> {
        let read = self.read;
        TypedCall {
            call: self.call,
            read: Arc::new(move |output| read(output).map(&f)),
        }
    }

    /// The answer as this asks for it; `None` when `output` is not its call's answer (which
    /// the worker never sends: it answers each call with that call's type).
    pub fn read(&self, output: Output) -> Option<T> {
        (self.read)(output)
    }
}

impl<T> Clone for TypedCall<T> {
    fn clone(&self) -> Self {
        Self {
            call: self.call.clone(),
            read: self.read.clone(),
        }
    }
}

impl<T> fmt::Debug for TypedCall<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TypedCall").field(&self.call).finish()
    }
}

/// Two asks are the same when they make the same call.
impl<T> PartialEq for TypedCall<T> {
    fn eq(&self, other: &Self) -> bool {
        self.call == other.call
    }
}

/// Failures made from a service error, whatever the call: the answer of one never sent
/// (`Call::unsent`), and in tests any (`Answer::failed`).
pub trait FromApiError {
    fn from_api(e: ApiError) -> Self;
}

impl FromApiError for ApiError {
    fn from_api(e: ApiError) -> Self {
        e
    }
}

impl FromApiError for SaveError {
    fn from_api(e: ApiError) -> Self {
        SaveError::Api(e)
    }
}

impl FromApiError for LocalError {
    fn from_api(e: ApiError) -> Self {
        LocalError::Other(e.short())
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::models::User;

    use super::*;
    use crate::worker::op;

    #[test]
    fn a_call_reads_each_answer_it_gets_as_its_own_type_and_no_other() {
        let me = TypedCall::new(op::Me).map(|r| r.map(|u| u.id));
        let first = Output::new(Ok::<_, ApiError>(Box::new(User {
            id: "a".into(),
            ..Default::default()
        })));
        let second = Output::new(Err::<Box<User>, _>(ApiError::Timeout));
        // Read more than once: a copy kept here may answer before the service does.
        assert_eq!(me.read(first), Some(Ok("a".to_string())));
        assert_eq!(me.read(second.clone()), Some(Err(ApiError::Timeout)));
        assert_eq!(second.error(), Some(&ApiError::Timeout));
        // Another call's answer is not read as this one's.
        let other = Output::new(Ok::<(), ApiError>(()));
        assert_eq!(me.read(other), None);
    }
}
