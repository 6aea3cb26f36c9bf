//! What a sync found: per kind, what was new, changed (its `updatedAt` moved) or gone since
//! the store last held it, and what could not be read.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use crate::amounts::number;

/// The most names a report quotes of each change.
const SAMPLE: usize = 5;

/// Items of one kind that changed one way: how many, and the names of the first few.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes {
    pub count: u64,
    pub names: Vec<String>,
}

impl Changes {
    pub(super) fn add(&mut self, name: impl FnOnce() -> String) {
        self.count += 1;
        if self.names.len() < SAMPLE {
            self.names.push(name());
        }
    }

    fn said(&self, what: &str) -> Option<String> {
        if self.count == 0 {
            return None;
        }
        let mut quoted: Vec<String> = self.names.iter().map(|n| format!("«{n}»")).collect();
        if self.count > self.names.len() as u64 {
            quoted.push("…".into());
        }
        Some(format!(
            "{} {what} ({})",
            number(self.count as f64),
            quoted.join(", ")
        ))
    }
}

/// One kind of a sync: tasks, deals, contacts or organizations.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KindReport {
    /// The kind in the plural, as said: "tasks".
    pub label: &'static str,
    /// Distinct items read.
    pub read: u64,
    pub new: Changes,
    pub changed: Changes,
    pub gone: Changes,
    /// Every list of the kind was read whole: only then is an item not read taken as gone.
    pub complete: bool,
    /// The store held none before: everything read is new, and no change is told.
    pub first: bool,
}

impl KindReport {
    pub(super) fn new(label: &'static str, held: &HashMap<String, Option<i64>>) -> Self {
        Self {
            label,
            complete: true,
            first: held.is_empty(),
            ..Self::default()
        }
    }

    /// Counts an item read: `updated` its `updatedAt` (ns), `held` what the store had.
    /// False when it was already counted (read in two lists).
    pub(super) fn saw(
        &mut self,
        seen: &mut HashSet<String>,
        key: &str,
        updated: Option<i64>,
        held: &HashMap<String, Option<i64>>,
        name: impl FnOnce() -> String,
    ) -> bool {
        if !seen.insert(key.to_string()) {
            return false;
        }
        self.read += 1;
        match held.get(key) {
            None => self.new.add(name),
            Some(before) if *before != updated => self.changed.add(name),
            Some(_) => {}
        }
        true
    }

    /// "Tasks: 2 changed («Отчёт», «Звонок»), 1 new («Смета»)." or "Tasks: no change."
    pub fn line(&self) -> String {
        let head = capitalised(self.label);
        if self.first {
            return format!("{head}: {} read.", number(self.read as f64));
        }
        let parts: Vec<String> = [
            self.changed.said("changed"),
            self.new.said("new"),
            self.gone.said("gone"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let told = if parts.is_empty() {
            "no change".to_string()
        } else {
            parts.join(", ")
        };
        let partly = if self.complete {
            ""
        } else {
            " Not every page could be read: none was taken as gone."
        };
        format!("{head}: {told}.{partly}")
    }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The whole of a sync.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncReport {
    pub tasks: KindReport,
    pub deals: KindReport,
    pub contacts: KindReport,
    pub organizations: KindReport,
    pub requests: u64,
    /// What could not be read, each with why.
    pub failures: Vec<String>,
    /// Rows the service sent that could not be read.
    pub unreadable_rows: u64,
    pub elapsed: Duration,
    /// The store could not keep what was read (the first reason).
    pub store_error: Option<String>,
}

impl SyncReport {
    /// Everything was read and kept.
    pub fn is_complete(&self) -> bool {
        self.failures.is_empty() && self.store_error.is_none()
    }

    pub fn kinds(&self) -> [&KindReport; 4] {
        [
            &self.tasks,
            &self.deals,
            &self.contacts,
            &self.organizations,
        ]
    }

    /// The report, line by line.
    pub fn lines(&self) -> Vec<String> {
        let mut lines = vec![format!(
            "Read {} tasks, {} deals, {} contacts and {} organizations in {:.1} s ({} requests).",
            number(self.tasks.read as f64),
            number(self.deals.read as f64),
            number(self.contacts.read as f64),
            number(self.organizations.read as f64),
            self.elapsed.as_secs_f64(),
            number(self.requests as f64),
        )];
        lines.extend(self.kinds().iter().map(|k| k.line()));
        if self.unreadable_rows > 0 {
            lines.push(format!(
                "{} rows could not be read (the log names them).",
                number(self.unreadable_rows as f64)
            ));
        }
        if !self.failures.is_empty() {
            lines.push(format!(
                "{} of the requests failed:",
                number(self.failures.len() as f64)
            ));
            lines.extend(self.failures.iter().take(10).map(|f| format!("  {f}")));
            if self.failures.len() > 10 {
                lines.push(format!("  and {} more", self.failures.len() - 10));
            }
        }
        if let Some(e) = &self.store_error {
            lines.push(format!("The store could not keep what was read: {e}"));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kind_tells_what_changed_with_a_few_names() {
        let mut held = HashMap::new();
        held.insert("1".to_string(), Some(10));
        held.insert("2".to_string(), Some(20));
        let mut r = KindReport::new("tasks", &held);
        let mut seen = HashSet::new();
        assert!(r.saw(&mut seen, "1", Some(10), &held, || "Старая".into()));
        assert!(r.saw(&mut seen, "2", Some(21), &held, || "Правка".into()));
        assert!(r.saw(&mut seen, "3", None, &held, || "Новая".into()));
        assert!(!r.saw(&mut seen, "3", None, &held, || "Новая".into()));
        r.gone.add(|| "Удалена".into());
        assert_eq!(r.read, 3);
        assert_eq!(
            r.line(),
            "Tasks: 1 changed («Правка»), 1 new («Новая»), 1 gone («Удалена»)."
        );
        let mut quiet = KindReport::new("deals", &held);
        quiet.saw(&mut seen, "1", Some(10), &held, String::new);
        assert_eq!(quiet.line(), "Deals: no change.");
        let first = KindReport {
            read: 100_000,
            ..KindReport::new("tasks", &HashMap::new())
        };
        assert_eq!(first.line(), "Tasks: 100 000 read.");
    }

    #[test]
    fn many_changes_quote_the_first_few() {
        let mut c = Changes::default();
        for i in 0..7 {
            c.add(|| format!("t{i}"));
        }
        assert_eq!(
            c.said("changed").unwrap(),
            "7 changed («t0», «t1», «t2», «t3», «t4», …)"
        );
    }
}
