//! `D`: deleting an organization of the list (or the one open to read), after a yes (see
//! [`Deleting`]).

use weeek_api::ApiError;
use weeek_api::models::Organization;

use super::layer::Layer;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::deleting::Deleting;
use crate::worker::op;

impl OrganizationsState {
    /// `D`: asks about the organization in view, else the one under the cursor.
    pub(super) fn ask_delete(&mut self, cx: &mut ScreenCtx) {
        if Deleting::busy(&self.deleting, cx) {
            return;
        }
        let org = match self.layers.viewing() {
            Some(o) => Some(o),
            None => self.list.current(),
        };
        if let Some(o) = org {
            let (id, name) = (o.id.clone(), o.display_name());
            self.layers.push(Layer::AskDelete { id, name });
        }
    }

    /// `y` to the question: the delete goes out; the view closes (its organization is going).
    pub(super) fn delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.layers.close_view();
        cx.request(
            OrgKey::Delete,
            op::DeleteOrganization(id.clone()),
            OrgAnswer::Deleted,
        );
        self.deleting = Some(Deleting::new(id, name));
    }

    pub(super) fn on_delete_reply(&mut self, result: Result<(), ApiError>, cx: &mut ScreenCtx) {
        let gone = Deleting::on_reply(&mut self.deleting, result, cx, |cx, id| {
            cx.request(
                OrgKey::DeleteRead,
                op::Organization(id.to_string()),
                OrgAnswer::DeleteRead,
            )
        });
        self.gone(gone, cx);
    }

    pub(super) fn on_delete_read_back(
        &mut self,
        result: Result<Organization, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let gone = Deleting::on_read_back(&mut self.deleting, result, cx);
        self.gone(gone, cx);
    }

    fn gone(&mut self, gone: Option<Deleting>, cx: &mut ScreenCtx) {
        if let Some(d) = gone {
            let rows = cx.viewport.organizations.list_rows;
            self.list.remove(&d.id, rows);
        }
    }
}
