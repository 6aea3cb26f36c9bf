//! Which request a sync sends next. The service gives no totals, so each paged list is read
//! ahead, page after page, until a page says it is the last; the first page of a list is read
//! alone, to learn the page size the service really gives.

use std::collections::VecDeque;

use super::fetch::{Job, Source};

/// One paged list being read.
#[derive(Debug)]
pub(super) struct Paged {
    pub source: Source,
    pub per_page: u32,
    /// The first page has answered.
    probed: bool,
    started: bool,
    /// The offset of the next page to ask for.
    next: u32,
    /// Where the list ends, once a page said so.
    pub end: Option<u32>,
    in_flight: usize,
    /// A page of it could not be read: the list is known only in part.
    pub failed: bool,
}

impl Paged {
    fn new(source: Source, per_page: u32) -> Self {
        Self {
            source,
            per_page,
            probed: false,
            started: false,
            next: 0,
            end: None,
            in_flight: 0,
            failed: false,
        }
    }

    /// More pages may be asked for.
    fn open(&self) -> bool {
        if !self.started {
            return true;
        }
        self.probed && self.end.is_none_or(|end| self.next < end)
    }
}

/// Every request still to send.
#[derive(Debug, Default)]
pub(super) struct Plan {
    queue: VecDeque<Job>,
    pub lists: Vec<Paged>,
}

impl Plan {
    pub fn push(&mut self, job: Job) {
        self.queue.push_back(job);
    }

    pub fn add_list(&mut self, source: Source, per_page: u32) {
        self.lists.push(Paged::new(source, per_page));
    }

    /// The next request: a list not yet begun, then a request of the queue, then the next
    /// page of the list with the fewest pages in flight.
    pub fn next(&mut self) -> Option<Job> {
        if let Some(i) = self.lists.iter().position(|l| !l.started) {
            let list = &mut self.lists[i];
            list.started = true;
            list.in_flight += 1;
            return Some(Job::Page {
                list: i,
                offset: 0,
                per_page: list.per_page,
            });
        }
        if let Some(job) = self.queue.pop_front() {
            return Some(job);
        }
        let i = (0..self.lists.len())
            .filter(|&i| self.lists[i].open())
            .min_by_key(|&i| self.lists[i].in_flight)?;
        let list = &mut self.lists[i];
        let offset = list.next;
        list.next += list.per_page;
        list.in_flight += 1;
        Some(Job::Page {
            list: i,
            offset,
            per_page: list.per_page,
        })
    }

    /// A page of list `i` at `offset` answered `rows` rows, with more after it or not.
    /// Returns false for a page past the list's end, whose rows are none of the list's.
    pub fn answered(&mut self, i: usize, offset: u32, rows: usize, has_more: bool) -> bool {
        let Some(list) = self.lists.get_mut(i) else {
            return false;
        };
        list.in_flight = list.in_flight.saturating_sub(1);
        let rows = u32::try_from(rows).unwrap_or(u32::MAX);
        if offset == 0 && !list.probed {
            list.probed = true;
            // A service that gives fewer rows than asked while saying there are more pages
            // has a smaller largest page: read on in steps of what it gives.
            if has_more && rows > 0 && rows < list.per_page {
                list.per_page = rows;
            }
            list.next = list.per_page;
        }
        if list.end.is_some_and(|end| offset >= end) && rows == 0 {
            return false;
        }
        if !has_more || rows == 0 {
            let end = offset.saturating_add(rows);
            list.end = Some(list.end.map_or(end, |e| e.min(end)));
        }
        true
    }

    /// A page of list `i` could not be read.
    pub fn failed(&mut self, i: usize, offset: u32) {
        if let Some(list) = self.lists.get_mut(i) {
            list.in_flight = list.in_flight.saturating_sub(1);
            list.failed = true;
            if offset == 0 && !list.probed {
                // Without its first page the list's page size is unknown: it stops here.
                list.probed = true;
                list.end = Some(0);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(job: Option<Job>) -> (usize, u32, u32) {
        match job {
            Some(Job::Page {
                list,
                offset,
                per_page,
            }) => (list, offset, per_page),
            other => panic!("not a page: {other:?}"),
        }
    }

    #[test]
    fn a_list_is_probed_alone_then_read_ahead_until_a_page_ends_it() {
        let mut plan = Plan::default();
        plan.add_list(Source::Contacts, 100);
        plan.push(Job::Profile);
        assert_eq!(page(plan.next()), (0, 0, 100));
        assert_eq!(plan.next(), Some(Job::Profile));
        assert_eq!(plan.next(), None, "nothing past the probe until it answers");
        assert!(plan.answered(0, 0, 100, true));
        assert_eq!(page(plan.next()), (0, 100, 100));
        assert_eq!(page(plan.next()), (0, 200, 100));
        assert_eq!(page(plan.next()), (0, 300, 100));
        // The page from 300 is empty and ends the list; the one from 200 ends it earlier.
        assert!(plan.answered(0, 300, 0, false));
        assert_eq!(plan.lists[0].end, Some(300));
        assert_eq!(plan.next(), None, "the end is known");
        assert!(plan.answered(0, 200, 40, false));
        assert_eq!(plan.lists[0].end, Some(240));
        assert!(plan.answered(0, 100, 100, true));
        assert_eq!(plan.next(), None);
    }

    #[test]
    fn a_smaller_page_than_asked_with_more_after_it_sets_the_step() {
        let mut plan = Plan::default();
        plan.add_list(Source::Tasks { completed: false }, 100);
        page(plan.next());
        plan.answered(0, 0, 50, true);
        assert_eq!(page(plan.next()), (0, 50, 50));
        assert_eq!(page(plan.next()), (0, 100, 50));
    }

    #[test]
    fn pages_are_shared_between_lists_and_a_failed_probe_stops_its_list() {
        let mut plan = Plan::default();
        plan.add_list(Source::Contacts, 10);
        plan.add_list(Source::Organizations, 10);
        assert_eq!(page(plan.next()).0, 0);
        assert_eq!(page(plan.next()).0, 1);
        plan.answered(0, 0, 10, true);
        plan.failed(1, 0);
        assert!(plan.lists[1].failed);
        for _ in 0..3 {
            assert_eq!(page(plan.next()).0, 0, "only the list that can go on");
        }
    }
}
