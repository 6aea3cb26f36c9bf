//! The dialog that logs time on a task or edits an entry (`T`, or `L` then Enter): its
//! fields, what they read as, and what the service said about them when it refused.

use std::collections::BTreeMap;

use time::Date;
use weeek_api::ApiError;
use weeek_api::models::TimeEntry;

use crate::duration;
use crate::widgets::field::TextField;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum LogField {
    Duration,
    Date,
    Comment,
}

impl LogField {
    const ORDER: [LogField; 3] = [Self::Duration, Self::Date, Self::Comment];

    pub(super) fn step(self, delta: isize) -> Self {
        let i = Self::ORDER.iter().position(|f| *f == self).unwrap_or(0) as isize;
        Self::ORDER[(i + delta).rem_euclid(3) as usize]
    }
}

/// The dialog of `T`, or of an entry picked to edit.
#[derive(Debug, Clone)]
pub struct LogForm {
    pub task_id: i64,
    pub title: String,
    /// The entry being edited; `None` logs a new one.
    pub editing: Option<TimeEntry>,
    pub duration: TextField,
    pub date: TextField,
    pub comment: TextField,
    pub focus: LogField,
    /// Why the last Enter was not taken.
    pub error: Option<String>,
    /// The service's words about a field, after it refused what was sent; typing in the
    /// field clears them.
    pub refused: BTreeMap<LogField, String>,
}

impl LogForm {
    pub fn field(&self, f: LogField) -> &TextField {
        match f {
            LogField::Duration => &self.duration,
            LogField::Date => &self.date,
            LogField::Comment => &self.comment,
        }
    }

    pub(super) fn field_mut(&mut self, f: LogField) -> &mut TextField {
        match f {
            LogField::Duration => &mut self.duration,
            LogField::Date => &mut self.date,
            LogField::Comment => &mut self.comment,
        }
    }

    /// Takes the service's refusal: a 422's messages at their fields (the focus on the first),
    /// anything else over the form.
    pub(super) fn refused_by(&mut self, e: &ApiError) {
        let fields = e.field_errors().cloned().unwrap_or_default();
        let left = crate::screen::form_errors::place(&mut self.refused, &fields, |key| match key {
            "duration" => Some(LogField::Duration),
            "date" => Some(LogField::Date),
            "comment" => Some(LogField::Comment),
            _ => None,
        });
        if let Some(first) = self.refused.keys().next() {
            self.focus = *first;
        }
        self.error = if left.is_empty() && !self.refused.is_empty() {
            None
        } else if left.is_empty() {
            Some(e.short())
        } else {
            Some(left.join("; "))
        };
    }

    /// The focused field is being typed in: what was said about it no longer holds.
    pub(super) fn typing(&mut self) -> &mut TextField {
        self.error = None;
        self.refused.remove(&self.focus);
        let focus = self.focus;
        self.field_mut(focus)
    }

    /// What the duration and date fields read as now, for the hints under them.
    pub fn reading(&self, today: Date) -> (Result<u32, String>, Result<Date, String>) {
        (
            duration::parse(self.duration.value()),
            day(self.date.value(), today),
        )
    }
}

/// The day of an entry: the date grammar, one day; empty is today.
fn day(input: &str, today: Date) -> Result<Date, String> {
    if input.trim().is_empty() {
        return Ok(today);
    }
    let range = crate::date_input::parse(input, today)?;
    if range.is_single() {
        Ok(range.start)
    } else {
        Err("time is logged on one day, not a range".into())
    }
}
