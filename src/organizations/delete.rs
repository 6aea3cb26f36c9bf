//! `D`: deleting an organization of the list (or the one open to read), after a yes. A lost
//! answer is read back before anything is said: an organization no longer found counts as
//! deleted, one still there as not deleted.

use weeek_api::ApiError;
use weeek_api::models::Organization;

use super::{OrgKey, OrganizationsState};
use crate::app::ScreenCtx;
use crate::app::lost_answer::{AfterFailure, after_failure};
use crate::app::toast::ToastKind;
use crate::worker::Call;

/// An organization asked about, then on its way out.
#[derive(Debug, Clone, PartialEq)]
pub struct Deleting {
    pub id: String,
    pub name: String,
    /// The delete's answer was lost and the organization is being read back.
    pub reading_back: Option<ApiError>,
}

impl OrganizationsState {
    /// `D`: asks about the organization in view, else the one under the cursor.
    pub(super) fn ask_delete(&mut self, cx: &mut ScreenCtx) {
        if self.deleting.is_some() {
            cx.toast(
                ToastKind::Info,
                "A delete is on its way; wait for its answer",
            );
            return;
        }
        let org = match &self.viewing {
            Some((o, _)) => Some(o),
            None => self.list.current(),
        };
        if let Some(o) = org {
            self.ask_delete = Some((o.id.clone(), o.display_name()));
        }
    }

    /// `y` to the question: the delete goes out; the view closes (its organization is going).
    pub(super) fn delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.viewing = None;
        cx.request(OrgKey::Delete, Call::DeleteOrganization(id.clone()));
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
            Ok(()) | Err(ApiError::NotFound { .. }) => self.deleted(&d, cx),
            Err(e) => match after_failure(&e) {
                AfterFailure::RollBack => cx.toast(
                    ToastKind::Error,
                    format!("“{}” not deleted: {}", d.name, e.short()),
                ),
                AfterFailure::ReadBack => {
                    cx.request(OrgKey::DeleteRead, Call::Organization(d.id.clone()));
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
        result: Result<Organization, ApiError>,
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
                self.deleted(&d, cx);
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
                    "“{}” may not be deleted ({cause}); reading it back failed too ({}){}",
                    d.name,
                    e.short(),
                    cx.keys.then_say("global.refresh", "reloads")
                ),
            ),
        }
    }

    fn deleted(&mut self, d: &Deleting, cx: &mut ScreenCtx) {
        cx.toast(ToastKind::Success, format!("Deleted “{}”", d.name));
        let rows = cx.viewport.organizations.list_rows;
        self.list.remove(&d.id, rows);
    }
}
