//! Bookkeeping of requests in flight: ids, keys, and which answer is still wanted.

use std::collections::HashMap;

use crate::worker::{Call, Reply, Request};

#[derive(Debug, Default, Clone)]
pub struct Requests {
    next_id: u64,
    latest: HashMap<String, u64>,
}

impl Requests {
    /// A new request under `key`; any older one with the same key is now stale.
    pub fn start(&mut self, key: impl Into<String>, call: Call) -> Request {
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
        if self.latest.get(&reply.key) == Some(&reply.id) {
            self.latest.remove(&reply.key);
            true
        } else {
            false
        }
    }

    pub fn in_flight(&self) -> usize {
        self.latest.len()
    }

    pub fn is_pending(&self, key: &str) -> bool {
        self.latest.contains_key(key)
    }

    /// Forgets a request whose answer is no longer wanted.
    pub fn cancel(&mut self, key: &str) {
        self.latest.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::Data;

    #[test]
    fn only_the_latest_answer_of_a_key_is_accepted() {
        let mut r = Requests::default();
        let old = r.start("tasks", Call::Me);
        let new = r.start("tasks", Call::Me);
        let reply = |req: &Request| Reply {
            id: req.id,
            key: req.key.clone(),
            result: Ok(Data::Done),
        };
        assert!(!r.accept(&reply(&old)));
        assert_eq!(r.in_flight(), 1);
        assert!(r.accept(&reply(&new)));
        assert_eq!(r.in_flight(), 0);
        assert!(!r.accept(&reply(&new)), "a second copy is stale too");
    }
}
