//! The changes one save of an edit sends at once, each through the endpoint that holds that
//! part of the record (a contact's or an organization's name, e-mails, phones…): which are
//! still out, how many were refused, and whether an answer was lost, in which case the record
//! is read back once every answer is in, before anything is said.

use std::collections::BTreeMap;

use weeek_api::ApiError;

use crate::screen::lost_answer::{AfterFailure, after_failure};

#[derive(Debug, Clone, PartialEq)]
pub struct EditBatch<C> {
    /// The changes on their way, by the number of their request.
    pub out: BTreeMap<u64, C>,
    next: u64,
    sent: usize,
    refused: usize,
    lost: bool,
    /// Reading the record back failed: the form may not match the service, so the next save
    /// reads again instead of sending (a repeated add would make a second entry).
    pub unread: bool,
}

impl<C> Default for EditBatch<C> {
    fn default() -> Self {
        Self {
            out: BTreeMap::new(),
            next: 0,
            sent: 0,
            refused: 0,
            lost: false,
            unread: false,
        }
    }
}

/// What follows an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Other answers are still out.
    Waiting,
    /// Every answer is in and one was lost: read the record back.
    ReadBack,
    /// Every answer is in: say how it went.
    Settle,
}

impl<C> EditBatch<C> {
    /// Starts a save of `changes`: the numbers their requests go (and come back) with, in
    /// their order.
    pub fn start(&mut self, changes: Vec<C>) -> Vec<u64> {
        self.sent = changes.len();
        self.refused = 0;
        self.lost = false;
        let mut numbers = Vec::with_capacity(changes.len());
        for change in changes {
            let n = self.next;
            self.next += 1;
            self.out.insert(n, change);
            numbers.push(n);
        }
        numbers
    }

    /// Change `n`, its answer in; `None` when it is not one of this batch's.
    pub fn take(&mut self, n: u64) -> Option<C> {
        self.out.remove(&n)
    }

    /// A change failed: true when the service refused it (its field goes back), false when
    /// the answer was lost (it may have been done).
    pub fn failed(&mut self, e: &ApiError) -> bool {
        match after_failure(e) {
            AfterFailure::RollBack => {
                self.refused += 1;
                true
            }
            AfterFailure::ReadBack => {
                self.lost = true;
                false
            }
        }
    }

    pub fn next(&self) -> Next {
        if !self.out.is_empty() {
            Next::Waiting
        } else if self.lost {
            Next::ReadBack
        } else {
            Next::Settle
        }
    }

    /// How many the service refused, said in a sentence; `None` when it took every one.
    pub fn refused_text(&self) -> Option<String> {
        (self.refused > 0).then(|| {
            format!(
                "Saved {} of {} changes; the service refused {}",
                self.sent - self.refused,
                self.sent,
                self.refused
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_answer_is_read_back_once_every_answer_is_in() {
        let mut b = EditBatch::default();
        assert_eq!(b.start(vec!["a", "b", "c"]), vec![0, 1, 2]);
        assert_eq!(b.take(0), Some("a"));
        assert!(!b.failed(&ApiError::Timeout));
        assert_eq!(b.next(), Next::Waiting);
        b.take(1);
        assert!(b.failed(&ApiError::Validation {
            message: "no".into(),
            fields: Default::default()
        }));
        b.take(2);
        assert_eq!(b.next(), Next::ReadBack);
        assert_eq!(
            b.refused_text().as_deref(),
            Some("Saved 2 of 3 changes; the service refused 1")
        );
        assert_eq!(b.take(2), None, "answered once");
    }
}
