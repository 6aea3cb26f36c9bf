//! Request keys and the bookkeeping of requests in flight: which answer is still wanted.
//!
//! A new screen adds its requests thus: an enum of its own keys (`TaskKey`) in its module, one
//! `RequestKey` variant wrapping it (with `From`), and a line in `App::on_reply` handing it
//! its answers. Calls and their one answer type each are in `worker` (`Call`, `Answer`).

use std::collections::HashMap;

use crate::contacts::ContactKey;
use crate::funnels::FunnelKey;
use crate::organizations::OrgKey;
use crate::projects::ProjectsKey;
use crate::tasks::TaskKey;
use crate::tasks::timer::TimerKey;
use crate::worker::{Call, Reply, Request};

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

#[derive(Debug, Default, Clone)]
pub struct Requests {
    next_id: u64,
    latest: HashMap<RequestKey, u64>,
}

impl Requests {
    /// A new request under `key`; any older one with the same key is now stale.
    pub fn start(&mut self, key: impl Into<RequestKey>, call: Call) -> Request {
        self.next_id += 1;
        let key = key.into();
        self.latest.insert(key.clone(), self.next_id);
        Request {
            id: self.next_id,
            key,
            call,
        }
    }

    /// True when `reply` answers the latest request of its key; that request is then done.
    pub fn accept(&mut self, reply: &Reply) -> bool {
        if self.is_latest(&reply.key, reply.id) {
            self.latest.remove(&reply.key);
            true
        } else {
            false
        }
    }

    /// Whether request `id` is the one still wanted under `key`.
    pub fn is_latest(&self, key: &RequestKey, id: u64) -> bool {
        self.latest.get(key) == Some(&id)
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
    use super::*;
    use crate::worker::Answer;

    #[test]
    fn only_the_latest_answer_of_a_key_is_accepted() {
        let mut r = Requests::default();
        let old = r.start(TaskKey::List, Call::Me);
        let new = r.start(TaskKey::List, Call::Me);
        let reply = |req: &Request| Reply {
            id: req.id,
            key: req.key.clone(),
            answer: Answer::Me(Err(weeek_api::ApiError::Timeout)),
            skipped: None,
        };
        assert!(!r.accept(&reply(&old)));
        assert_eq!(r.in_flight(), 1);
        assert!(r.accept(&reply(&new)));
        assert_eq!(r.in_flight(), 0);
        assert!(!r.accept(&reply(&new)), "a second copy is stale too");
    }

    #[test]
    fn keys_of_different_screens_never_meet() {
        let mut r = Requests::default();
        let tasks = r.start(TaskKey::List, Call::Me);
        let contacts = r.start(ContactKey::List, Call::Me);
        assert_ne!(tasks.key, contacts.key);
        assert_eq!(r.in_flight(), 2);
        assert!(r.cancel(&contacts.key));
        assert!(!r.cancel(&contacts.key), "already gone");
        assert!(r.is_pending(&tasks.key));
    }
}
