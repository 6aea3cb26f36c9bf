//! A record's delete after a yes, and what is said of it. A lost answer, or a "not found",
//! is read back before anything is said: a record no longer found counts as deleted, one
//! still there as not deleted. Contacts and organizations delete this way.

use weeek_api::ApiError;

use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{AfterFailure, after_failure, cause_text};
use crate::screen::toast::ToastKind;

/// A record asked about, then on its way out.
#[derive(Debug, Clone, PartialEq)]
pub struct Deleting {
    pub id: String,
    pub name: String,
    /// The delete's answer was lost, or said "not found", and the record is being read back.
    pub reading_back: Option<ApiError>,
}

impl Deleting {
    pub fn new(id: String, name: String) -> Self {
        Self {
            id,
            name,
            reading_back: None,
        }
    }

    /// True, said in a toast, while a delete waits for its answer: one at a time.
    pub fn busy(slot: &Option<Deleting>, cx: &mut ScreenCtx) -> bool {
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
    pub fn on_reply(
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
    pub fn on_read_back<T>(
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
