//! `D`: deleting a contact of the list (or the one open to read), after a yes. A lost
//! answer is read back before anything is said: a contact that is no longer found counts as
//! deleted, one that is still there as not deleted.

use weeek_api::ApiError;
use weeek_api::models::Contact;

use super::{Ask, ContactKey, ContactsState};
use crate::app::ScreenCtx;
use crate::app::lost_answer::{AfterFailure, after_failure};
use crate::app::toast::ToastKind;
use crate::worker::Call;

/// A contact whose delete is on its way.
#[derive(Debug, Clone, PartialEq)]
pub struct Deleting {
    pub id: String,
    pub name: String,
    /// The delete's answer was lost and the contact is being read back.
    pub reading_back: Option<ApiError>,
}

impl ContactsState {
    /// `D`: asks about the contact in view, else the one under the cursor.
    pub(super) fn ask_delete(&mut self, cx: &mut ScreenCtx) {
        if self.deleting.is_some() {
            cx.toast(
                ToastKind::Info,
                "A delete is on its way; wait for its answer",
            );
            return;
        }
        let contact = match &self.viewing {
            Some((c, _)) => Some(c),
            None => self.list.current(),
        };
        if let Some(c) = contact {
            self.ask = Some(Ask::Delete {
                id: c.id.clone(),
                name: c.display_name(),
            });
        }
    }

    /// `y` to the question: the delete goes out; the view closes (its contact is going).
    pub(super) fn delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.viewing = None;
        cx.request(ContactKey::Delete, Call::DeleteContact(id.clone()));
        self.deleting = Some(Deleting {
            id,
            name,
            reading_back: None,
        });
    }

    pub(super) fn on_delete_reply(&mut self, result: Result<(), ApiError>, cx: &mut ScreenCtx) {
        let Some(d) = self.deleting.take() else {
            return;
        };
        match result {
            // Not found: someone deleted it first, which is what was asked.
            Ok(()) | Err(ApiError::NotFound { .. }) => {
                self.deleted(&d, "Deleted".into(), cx);
            }
            Err(e) => match after_failure(&e) {
                AfterFailure::RollBack => cx.toast(
                    ToastKind::Error,
                    format!("“{}” not deleted: {}", d.name, e.short()),
                ),
                AfterFailure::ReadBack => {
                    cx.request(ContactKey::DeleteRead, Call::Contact(d.id.clone()));
                    self.deleting = Some(Deleting {
                        reading_back: Some(e),
                        ..d
                    });
                }
            },
        }
    }

    pub(super) fn on_delete_read_back(
        &mut self,
        result: Result<Contact, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = self.deleting.take() else {
            return;
        };
        let cause = d
            .reading_back
            .as_ref()
            .map(ApiError::short)
            .unwrap_or_default();
        match result {
            Err(ApiError::NotFound { .. }) => {
                self.deleted(&d, "Deleted".into(), cx);
                cx.toast(
                    ToastKind::Info,
                    format!("The answer was lost ({cause}); read back: it no longer exists"),
                );
            }
            Ok(_) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” not deleted ({cause}); read back: it is still there",
                    d.name
                ),
            ),
            Err(e) => cx.toast(
                ToastKind::Error,
                format!(
                    "“{}” may not be deleted ({cause}); reading it back failed too ({}): r reloads",
                    d.name,
                    e.short()
                ),
            ),
        }
    }

    fn deleted(&mut self, d: &Deleting, verb: String, cx: &mut ScreenCtx) {
        cx.toast(ToastKind::Success, format!("{verb} “{}”", d.name));
        let rows = self.list_rows(cx);
        self.list.remove(&d.id, rows);
    }
}
