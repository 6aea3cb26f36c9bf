//! The save of an edit of a saved record in its form (a contact, an organization), one
//! mechanism for every such form: only what changed is sent, each part through the endpoint
//! that holds it, all at once ([`EditBatch`]); the form stays locked until every answer is in.
//! A refused change puts its field back with the service's words at it while the accepted ones
//! stand; after a lost answer the record is read back before anything is said, and the form
//! shows what the service has. A failed read-back leaves the next save to read again instead
//! of sending (a repeated add would make a second entry).
//!
//! A screen says what its record's changes are, how each is sent and what an accepted or a
//! refused one does to its form ([`RecordForm`]); the order of things is here.

use weeek_api::ApiError;

use super::ScreenCtx;
use super::edit_batch::{EditBatch, Next};
use super::toast::ToastKind;

/// Said once a lost answer was settled by reading the record back.
pub const READ_BACK: &str = "An answer was lost; read back, the form shows what the service has";

/// A form editing a saved record, as its save and the answers to it see it.
pub trait RecordForm {
    /// One change a save sends.
    type Change: Clone;
    /// What a change's call answers.
    type Done;
    /// The record as read back.
    type Record;
    /// The kind of record, in messages ("contact").
    const WHAT: &'static str;

    /// The changes of the edit open, if one is.
    fn batch(&mut self) -> Option<&mut EditBatch<Self::Change>>;
    /// Checks every field; false leaves the messages at their fields.
    fn validate(&mut self) -> bool;
    /// What the form changes in the record, in the order sent.
    fn changes(&self) -> Vec<Self::Change>;
    /// Sends `change` as request number `n`.
    fn send(&self, n: u64, change: &Self::Change, cx: &mut ScreenCtx);
    /// The form is locked while the changes (or the read-back) are out.
    fn lock(&mut self, cx: &mut ScreenCtx);
    /// Nothing changed: the edit ends.
    fn unchanged(&mut self, cx: &mut ScreenCtx);
    /// The service took `change`: what the form is compared with follows it.
    fn accepted(&mut self, change: &Self::Change, done: Self::Done);
    /// The service refused `change`: its field goes back, with its words at it.
    fn refused(&mut self, change: &Self::Change, e: &ApiError);
    /// Reads the record back.
    fn read_back(&self, cx: &mut ScreenCtx);
    /// The record as read back: the form shows what the service has (a refused row that was
    /// never saved keeps its text and its message).
    fn reread(&mut self, record: Self::Record);
    /// Reading it back failed: the form opens again, `message` over it.
    fn unread(&mut self, message: String);
    /// Every answer is in: the list shows the record as the edit left it. Returns its name as
    /// messages say it.
    fn show_saved(&mut self, cx: &mut ScreenCtx) -> String;
    /// Every change held: the edit ends (its message is said).
    fn saved(&mut self, cx: &mut ScreenCtx);
    /// Some were refused: the form again, the service's messages at their fields.
    fn back_to_form(&mut self, cx: &mut ScreenCtx);
}

/// `Ctrl-s` on an edit: checks every field, then sends each change through its endpoint;
/// after a failed read-back, reads again instead.
pub fn submit<F: RecordForm>(form: &mut F, cx: &mut ScreenCtx) {
    let Some(batch) = form.batch() else {
        return;
    };
    if batch.unread {
        cx.toast(ToastKind::Info, format!("Reading the {} back…", F::WHAT));
        form.read_back(cx);
        form.lock(cx);
        return;
    }
    if !form.validate() {
        return;
    }
    let changes = form.changes();
    if changes.is_empty() {
        form.unchanged(cx);
        return;
    }
    let Some(numbers) = form.batch().map(|b| b.start(changes.clone())) else {
        return;
    };
    for (n, change) in numbers.into_iter().zip(&changes) {
        form.send(n, change, cx);
    }
    form.lock(cx);
}

/// The answer to change `n`.
pub fn on_answer<F: RecordForm>(
    form: &mut F,
    n: u64,
    result: Result<F::Done, ApiError>,
    cx: &mut ScreenCtx,
) {
    let Some(change) = form.batch().and_then(|b| b.take(n)) else {
        return;
    };
    match result {
        Ok(done) => form.accepted(&change, done),
        Err(e) => {
            if form.batch().is_some_and(|b| b.failed(&e)) {
                form.refused(&change, &e);
            }
        }
    }
    match form.batch().map(|b| b.next()) {
        // Nothing is said before the service's copy is in.
        Some(Next::ReadBack) => form.read_back(cx),
        Some(Next::Settle) => settle(form, None, cx),
        Some(Next::Waiting) | None => {}
    }
}

/// The record read back after a lost answer.
pub fn on_read_back<F: RecordForm>(
    form: &mut F,
    result: Result<F::Record, ApiError>,
    cx: &mut ScreenCtx,
) {
    let Some(batch) = form.batch() else {
        return;
    };
    match result {
        Ok(record) => {
            batch.unread = false;
            form.reread(record);
            settle(form, Some(READ_BACK), cx);
        }
        Err(e) => {
            batch.unread = true;
            let message = format!(
                "An answer was lost and reading the {} back failed ({}): some changes may be saved",
                F::WHAT,
                e.short()
            );
            cx.toast(ToastKind::Error, message.clone());
            form.unread(message);
        }
    }
}

/// Every answer is in: saved when nothing was refused, else back to the form with the
/// service's messages at their fields and the status line counting them.
fn settle<F: RecordForm>(form: &mut F, lost: Option<&str>, cx: &mut ScreenCtx) {
    let Some(refused) = form.batch().map(|b| b.refused_text()) else {
        return;
    };
    let name = form.show_saved(cx);
    cx.toasts.dismiss_all();
    match refused {
        None => {
            let text = match lost {
                Some(l) => format!("{l}: {name}"),
                None => format!("Saved changes to {name}"),
            };
            cx.toast(ToastKind::Success, text);
            form.saved(cx);
        }
        Some(message) => {
            if let Some(l) = lost {
                cx.toast(ToastKind::Info, l);
            }
            cx.toast(ToastKind::Error, message);
            form.back_to_form(cx);
        }
    }
}

/// The service's words for a refused change, as its field shows them: the first of a 422's
/// field messages, else its message, else the failure in short.
pub fn not_saved(e: &ApiError) -> String {
    let message = match e {
        ApiError::Validation { fields, message } => fields
            .values()
            .flatten()
            .next()
            .cloned()
            .unwrap_or_else(|| message.clone()),
        other => other.short(),
    };
    format!("not saved: {message}")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::screen::ledger::Settled;
    use crate::tasks::{TaskAnswer, TaskKey};
    use crate::testing::World;
    use crate::worker::{Call, op};

    /// A record of named text fields; each change sets one, sent as a column rename (the
    /// smallest call that carries a text).
    #[derive(Default)]
    struct Fields {
        base: BTreeMap<i64, String>,
        form: BTreeMap<i64, String>,
        errors: BTreeMap<i64, String>,
        batch: Option<EditBatch<(i64, String)>>,
        said_saved: bool,
        locked: bool,
        failure: Option<String>,
        reads: usize,
    }

    impl RecordForm for Fields {
        type Change = (i64, String);
        type Done = ();
        type Record = BTreeMap<i64, String>;
        const WHAT: &'static str = "record";

        fn batch(&mut self) -> Option<&mut EditBatch<(i64, String)>> {
            self.batch.as_mut()
        }
        fn validate(&mut self) -> bool {
            self.form.values().all(|v| !v.is_empty())
        }
        fn changes(&self) -> Vec<(i64, String)> {
            let changed = self
                .form
                .iter()
                .filter(|(k, v)| self.base.get(k) != Some(v));
            changed.map(|(k, v)| (*k, v.clone())).collect()
        }
        fn send(&self, n: u64, change: &(i64, String), cx: &mut ScreenCtx) {
            let rename = op::RenameColumn(change.0, change.1.clone());
            cx.request(TaskKey::Column(n), rename, move |r| {
                TaskAnswer::Column(n, Settled::Written(r.map(|()| None)))
            });
        }
        fn lock(&mut self, _: &mut ScreenCtx) {
            self.locked = true;
        }
        fn unchanged(&mut self, _: &mut ScreenCtx) {
            self.said_saved = true;
        }
        fn accepted(&mut self, change: &(i64, String), _: ()) {
            self.base.insert(change.0, change.1.clone());
        }
        fn refused(&mut self, change: &(i64, String), e: &ApiError) {
            let was = self.base.get(&change.0).cloned().unwrap_or_default();
            self.form.insert(change.0, was);
            self.errors.insert(change.0, not_saved(e));
        }
        fn read_back(&self, _: &mut ScreenCtx) {}
        fn reread(&mut self, record: BTreeMap<i64, String>) {
            self.reads += 1;
            self.base = record.clone();
            self.form = record;
        }
        fn unread(&mut self, message: String) {
            self.locked = false;
            self.failure = Some(message);
        }
        fn show_saved(&mut self, _: &mut ScreenCtx) -> String {
            "“R”".into()
        }
        fn saved(&mut self, _: &mut ScreenCtx) {
            self.said_saved = true;
            self.locked = false;
        }
        fn back_to_form(&mut self, _: &mut ScreenCtx) {
            self.locked = false;
        }
    }

    fn editing(pairs: &[(i64, &str, &str)]) -> Fields {
        Fields {
            base: pairs.iter().map(|(k, b, _)| (*k, b.to_string())).collect(),
            form: pairs.iter().map(|(k, _, f)| (*k, f.to_string())).collect(),
            batch: Some(EditBatch::default()),
            ..Fields::default()
        }
    }

    /// How many changes went out since last asked.
    fn sent(w: &mut World) -> usize {
        let calls = w.sent().into_iter();
        calls
            .filter(|(_, call)| matches!(call, Call::RenameColumn(..)))
            .count()
    }

    #[test]
    fn only_what_changed_is_sent_and_a_refusal_puts_its_field_back_while_the_rest_stands() {
        let (mut w, mut f) = (
            World::new(),
            editing(&[(1, "a", "A"), (2, "b", "B"), (3, "c", "c")]),
        );
        submit(&mut f, &mut w.cx());
        assert_eq!(sent(&mut w), 2, "the unchanged field is not sent");
        assert!(f.locked);
        on_answer(&mut f, 0, Ok(()), &mut w.cx());
        assert!(f.locked, "locked until every answer is in");
        let refused = ApiError::Validation {
            message: "Invalid".into(),
            fields: [("name".to_string(), vec!["Too long".to_string()])].into(),
        };
        on_answer(&mut f, 1, Err(refused), &mut w.cx());
        assert!(!f.locked && !f.said_saved);
        assert_eq!(f.base[&1], "A", "the accepted change stands");
        assert_eq!(f.form[&2], "b", "the refused one goes back");
        assert_eq!(f.errors[&2], "not saved: Too long");
        assert_eq!(
            w.last_toast(),
            "Saved 1 of 2 changes; the service refused 1"
        );
    }

    #[test]
    fn a_lost_answer_is_read_back_before_anything_is_said() {
        let (mut w, mut f) = (World::new(), editing(&[(1, "a", "A")]));
        submit(&mut f, &mut w.cx());
        on_answer(&mut f, 0, Err(ApiError::Timeout), &mut w.cx());
        assert!(f.locked && !f.said_saved, "waits for the read");
        assert_eq!(w.last_toast(), "", "nothing said yet");
        let service: BTreeMap<i64, String> = [(1, "A".to_string())].into();
        on_read_back(&mut f, Ok(service), &mut w.cx());
        assert_eq!(f.reads, 1);
        assert!(f.said_saved);
        assert_eq!(w.last_toast(), format!("{READ_BACK}: “R”"));
    }

    #[test]
    fn after_a_failed_read_back_the_next_save_reads_again_instead_of_sending() {
        let (mut w, mut f) = (World::new(), editing(&[(1, "a", "A")]));
        submit(&mut f, &mut w.cx());
        on_answer(&mut f, 0, Err(ApiError::Timeout), &mut w.cx());
        on_read_back(&mut f, Err(ApiError::Timeout), &mut w.cx());
        assert!(
            f.failure
                .as_deref()
                .is_some_and(|m| m.contains("reading the record back failed"))
        );
        sent(&mut w);
        submit(&mut f, &mut w.cx());
        assert_eq!(sent(&mut w), 0, "a repeated add would make a second entry");
        assert_eq!(w.last_toast(), "Reading the record back…");
        assert!(f.locked);
    }

    #[test]
    fn nothing_changed_ends_the_edit_and_a_field_in_error_sends_nothing() {
        let (mut w, mut f) = (World::new(), editing(&[(1, "a", "a")]));
        submit(&mut f, &mut w.cx());
        assert!(f.said_saved && sent(&mut w) == 0);
        let mut f = editing(&[(1, "a", "")]);
        submit(&mut f, &mut w.cx());
        assert!(!f.locked && sent(&mut w) == 0);
    }
}
