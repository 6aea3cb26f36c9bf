//! A record's delete after a yes, and what is said of it. A lost answer, or a "not found",
//! is read back before anything is said: a record no longer found counts as deleted, one
//! still there as not deleted. One delete at a time. Contacts and organizations delete this
//! way: each says which record is chosen, how it is asked about, deleted and read, and where
//! it leaves ([`DeletesRecords`]).

use weeek_api::ApiError;

use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{AfterFailure, after_failure, cause_text};
use crate::screen::toast::ToastKind;

/// A screen whose records are deleted after a yes.
pub trait DeletesRecords {
    /// The record as read back.
    type Record;

    /// The delete on its way, if one is.
    fn deleting(&mut self) -> &mut Option<Deleting>;
    /// The record in view, else the one under the cursor: its id and its name.
    fn chosen(&self) -> Option<(String, String)>;
    /// Asks before deleting record `id`.
    fn ask(&mut self, id: String, name: String);
    /// The record in view closes (it is going).
    fn close_view(&mut self);
    fn send_delete(id: &str, cx: &mut ScreenCtx);
    fn read_back(id: &str, cx: &mut ScreenCtx);
    /// Record `id` is gone: it leaves the list.
    fn remove(&mut self, id: &str, cx: &mut ScreenCtx);
}

/// `D`: asks about the chosen record, unless a delete is on its way.
pub fn ask<S: DeletesRecords>(screen: &mut S, cx: &mut ScreenCtx) {
    if Deleting::busy(screen.deleting(), cx) {
        return;
    }
    if let Some((id, name)) = screen.chosen() {
        screen.ask(id, name);
    }
}

/// `y` to the question: the delete goes out.
pub fn send<S: DeletesRecords>(screen: &mut S, id: String, name: String, cx: &mut ScreenCtx) {
    screen.close_view();
    S::send_delete(&id, cx);
    *screen.deleting() = Some(Deleting::new(id, name));
}

/// The delete's answer.
pub fn on_answer<S: DeletesRecords>(
    screen: &mut S,
    result: Result<(), ApiError>,
    cx: &mut ScreenCtx,
) {
    let gone = Deleting::on_reply(screen.deleting(), result, cx, |cx, id| S::read_back(id, cx));
    if let Some(d) = gone {
        screen.remove(&d.id, cx);
    }
}

/// The record read back after the delete's answer was lost (or said "not found").
pub fn on_read_back<S: DeletesRecords>(
    screen: &mut S,
    result: Result<S::Record, ApiError>,
    cx: &mut ScreenCtx,
) {
    if let Some(d) = Deleting::on_read_back(screen.deleting(), result, cx) {
        screen.remove(&d.id, cx);
    }
}

/// A record asked about, then on its way out.
#[derive(Debug, Clone, PartialEq)]
pub struct Deleting {
    pub id: String,
    pub name: String,
    /// The delete's answer was lost, or said "not found", and the record is being read back.
    pub reading_back: Option<ApiError>,
}

impl Deleting {
    fn new(id: String, name: String) -> Self {
        Self {
            id,
            name,
            reading_back: None,
        }
    }

    /// True, said in a toast, while a delete waits for its answer: one at a time.
    fn busy(slot: &Option<Deleting>, cx: &mut ScreenCtx) -> bool {
        if slot.is_some() {
            cx.toast(
                ToastKind::Info,
                "A delete is on its way; wait for its answer",
            );
        }
        slot.is_some()
    }

    /// The delete's answer. A lost one, or a "not found", sends `read_back` (the record's
    /// read, answered to [`Deleting::on_read_back`]). Returns the delete when the record is
    /// gone.
    fn on_reply(
        slot: &mut Option<Deleting>,
        result: Result<(), ApiError>,
        cx: &mut ScreenCtx,
        read_back: impl FnOnce(&mut ScreenCtx, &str),
    ) -> Option<Deleting> {
        let d = slot.take()?;
        match result {
            Ok(()) => return Some(d.deleted(cx)),
            // Not found: someone deleted it first, which is what was asked; or the service
            // did not find it where the delete went (a proxy, a wrong route) and it is still
            // there. Only its read tells.
            Err(e @ ApiError::NotFound { .. }) => {
                read_back(cx, &d.id);
                *slot = Some(Deleting {
                    reading_back: Some(e),
                    ..d
                });
            }
            Err(e) => match after_failure(&e) {
                AfterFailure::RollBack => cx.toast(
                    ToastKind::Error,
                    format!("“{}” not deleted: {}", d.name, e.short()),
                ),
                AfterFailure::ReadBack => {
                    read_back(cx, &d.id);
                    *slot = Some(Deleting {
                        reading_back: Some(e),
                        ..d
                    });
                }
            },
        }
        None
    }

    /// The read after a lost answer. Returns the delete when the record is gone.
    fn on_read_back<T>(
        slot: &mut Option<Deleting>,
        result: Result<T, ApiError>,
        cx: &mut ScreenCtx,
    ) -> Option<Deleting> {
        let d = slot.take()?;
        if let Some(ApiError::NotFound { .. }) = d.reading_back {
            return d.after_not_found(result, cx);
        }
        // In the sentence's own words: a failure's advice ("Try again.") would contradict a
        // delete that was done, and is no advice for one that was not (the record is there).
        let cause = d.reading_back.as_ref().map(cause_text).unwrap_or_default();
        match result {
            Err(ApiError::NotFound { .. }) => {
                let note = format!("its answer was lost ({cause}); read back, it no longer exists");
                return Some(d.deleted_with(Some(&note), cx));
            }
            Ok(_) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” not deleted (its answer was lost: {cause}); read back: it is still there",
                    d.name
                ),
            ),
            Err(e) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” may not be deleted (its answer was lost: {cause}); reading it back \
                     failed too ({}){}",
                    d.name,
                    cause_text(&e),
                    cx.keys.then_say("global.refresh", "reloads")
                ),
            ),
        }
        None
    }

    /// The read after a delete answered "not found".
    fn after_not_found<T>(self, result: Result<T, ApiError>, cx: &mut ScreenCtx) -> Option<Self> {
        match result {
            Err(ApiError::NotFound { .. }) => return Some(self.deleted(cx)),
            Ok(_) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” not deleted: the service answered “not found”, yet it is still there",
                    self.name
                ),
            ),
            Err(e) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” may not be deleted: the service answered “not found”, and reading it \
                     back failed ({}){}",
                    self.name,
                    e.short(),
                    cx.keys.then_say("global.refresh", "reloads")
                ),
            ),
        }
        None
    }

    fn deleted(self, cx: &mut ScreenCtx) -> Self {
        self.deleted_with(None, cx)
    }

    /// Says the record is deleted, by its name; `note`: how that came to be known.
    fn deleted_with(self, note: Option<&str>, cx: &mut ScreenCtx) -> Self {
        let text = match note {
            Some(note) => format!("Deleted “{}”: {note}", self.name),
            None => format!("Deleted “{}”", self.name),
        };
        cx.toast(ToastKind::Success, text);
        self
    }
}

#[cfg(test)]
mod tests {
    use weeek_api::models::Contact;

    use super::*;
    use crate::contacts::ContactsState;
    use crate::testing::World;
    use crate::worker::Call;

    /// A list of records by id and name, one of them chosen.
    #[derive(Default)]
    struct Records {
        list: Vec<(String, String)>,
        chosen: usize,
        asked: Option<(String, String)>,
        deleting: Option<Deleting>,
    }

    impl DeletesRecords for Records {
        type Record = Contact;

        fn deleting(&mut self) -> &mut Option<Deleting> {
            &mut self.deleting
        }
        fn chosen(&self) -> Option<(String, String)> {
            self.list.get(self.chosen).cloned()
        }
        fn ask(&mut self, id: String, name: String) {
            self.asked = Some((id, name));
        }
        fn close_view(&mut self) {}
        // Sent as a contact's.
        fn send_delete(id: &str, cx: &mut ScreenCtx) {
            <ContactsState as DeletesRecords>::send_delete(id, cx);
        }
        fn read_back(id: &str, cx: &mut ScreenCtx) {
            <ContactsState as DeletesRecords>::read_back(id, cx);
        }
        fn remove(&mut self, id: &str, _: &mut ScreenCtx) {
            self.list.retain(|(i, _)| i != id);
        }
    }

    fn records() -> Records {
        Records {
            list: vec![("a".into(), "Анна".into()), ("b".into(), "Борис".into())],
            chosen: 1,
            ..Records::default()
        }
    }

    fn calls(w: &mut World) -> Vec<Call> {
        w.sent().into_iter().map(|(_, call)| call).collect()
    }

    #[test]
    fn a_yes_deletes_the_chosen_record_one_at_a_time() {
        let (mut w, mut r) = (World::new(), records());
        ask(&mut r, &mut w.cx());
        assert_eq!(r.asked, Some(("b".into(), "Борис".into())));
        send(&mut r, "b".into(), "Борис".into(), &mut w.cx());
        assert_eq!(calls(&mut w), [Call::DeleteContact("b".into())]);
        r.asked = None;
        ask(&mut r, &mut w.cx());
        assert_eq!(r.asked, None, "one delete at a time");
        assert_eq!(
            w.last_toast(),
            "A delete is on its way; wait for its answer"
        );
        on_answer(&mut r, Ok(()), &mut w.cx());
        assert_eq!(r.list.len(), 1);
        assert_eq!(w.last_toast(), "Deleted “Борис”");
    }

    #[test]
    fn a_lost_answer_is_read_back_and_a_record_still_there_stays() {
        let (mut w, mut r) = (World::new(), records());
        send(&mut r, "b".into(), "Борис".into(), &mut w.cx());
        calls(&mut w);
        on_answer(&mut r, Err(ApiError::Timeout), &mut w.cx());
        assert_eq!(calls(&mut w), [Call::Contact("b".into())]);
        assert_eq!(r.list.len(), 2, "nothing said or removed before the read");
        on_read_back(&mut r, Ok(Contact::default()), &mut w.cx());
        assert_eq!(r.list.len(), 2);
        assert!(w.last_toast().contains("still there"), "{}", w.last_toast());
        send(&mut r, "b".into(), "Борис".into(), &mut w.cx());
        on_answer(&mut r, Err(ApiError::Timeout), &mut w.cx());
        let gone = ApiError::NotFound {
            message: "no".into(),
        };
        on_read_back(&mut r, Err(gone), &mut w.cx());
        assert_eq!(r.list.len(), 1, "read back, it no longer exists");
    }
}
