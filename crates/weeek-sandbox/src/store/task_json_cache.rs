//! Each read connection keeps the JSON of the tasks it has written, until the next write.
//!
//! A task's JSON depends only on the database, the day (`overdue`) and the address the request
//! reached (attachment links); it is kept for one `data_version` of the connection's snapshot,
//! one day and one address, and dropped whole when any of them moves. Clients page through the
//! same tasks again and again (the list after each change of filter, the detail of the task
//! under the cursor), and a page whose tasks are all kept is copied, not read and encoded:
//! building a task's JSON is most of what a list request costs.
//!
//! Any write ends every connection's entries, however small; that keeps this correct without
//! tracking which tasks a write touched (a field definition, a member or a board can change
//! what many tasks show).

use std::collections::HashMap;

use time::Date;

/// Bytes of task JSON one connection keeps: the demo workspace whole (some 1.2 MB), a few
/// thousand tasks of a large one. Past it, everything kept is dropped and filling starts
/// again: a client reading many different pages gains little from any policy finer than that.
const BUDGET: usize = 8 << 20;

#[derive(Default)]
pub struct TaskJsonCache {
    /// `(data_version, day, origin)` the entries were written at.
    state: Option<(i64, Date, String)>,
    bytes: usize,
    tasks: HashMap<i64, Box<[u8]>>,
}

impl TaskJsonCache {
    /// Drops what was written for another state of the database, another day or another
    /// address.
    pub fn keep_only(&mut self, version: i64, today: Date, origin: &str) {
        let same = self
            .state
            .as_ref()
            .is_some_and(|(v, d, o)| *v == version && *d == today && o == origin);
        if !same {
            self.clear();
            self.state = Some((version, today, origin.to_owned()));
        }
    }

    pub fn get(&self, id: i64) -> Option<&[u8]> {
        self.tasks.get(&id).map(|json| &json[..])
    }

    pub fn put(&mut self, id: i64, json: &[u8]) {
        if self.bytes + json.len() > BUDGET {
            self.tasks.clear();
            self.bytes = 0;
        }
        self.bytes += json.len();
        if let Some(old) = self.tasks.insert(id, json.into()) {
            self.bytes -= old.len();
        }
    }

    fn clear(&mut self) {
        self.tasks.clear();
        self.bytes = 0;
    }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    #[test]
    fn entries_last_for_one_version_day_and_origin() {
        let mut cache = TaskJsonCache::default();
        let day = date!(2026 - 11 - 23);
        cache.keep_only(1, day, "http://a");
        cache.put(7, b"{\"id\":7}");
        cache.keep_only(1, day, "http://a");
        assert_eq!(cache.get(7), Some(&b"{\"id\":7}"[..]));
        cache.keep_only(2, day, "http://a");
        assert_eq!(cache.get(7), None, "a write happened");
        cache.put(7, b"{}");
        cache.keep_only(2, date!(2026 - 11 - 24), "http://a");
        assert_eq!(cache.get(7), None, "another day");
        cache.put(7, b"{}");
        cache.keep_only(2, date!(2026 - 11 - 24), "http://b");
        assert_eq!(cache.get(7), None, "another address");
    }

    #[test]
    fn past_the_budget_filling_starts_again() {
        let mut cache = TaskJsonCache::default();
        cache.keep_only(1, date!(2026 - 11 - 23), "o");
        let big = vec![b' '; BUDGET / 2 + 1];
        cache.put(1, &big);
        cache.put(2, &big);
        assert_eq!(cache.get(1), None);
        assert!(cache.get(2).is_some());
        cache.put(2, b"{}");
        assert_eq!(cache.bytes, 2, "a replaced entry's bytes are given back");
    }
}
