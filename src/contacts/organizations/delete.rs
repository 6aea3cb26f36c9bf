//! `D`: deleting an organization of the list (or the one open to read), after a yes, as every
//! record is deleted (`screen::deleting`).

use weeek_api::models::Organization;

use super::layer::Layer;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::deleting::{DeletesRecords, Deleting};
use crate::worker::op;

impl DeletesRecords for OrganizationsState {
    type Record = Organization;

    fn deleting(&mut self) -> &mut Option<Deleting> {
        &mut self.deleting
    }

    fn chosen(&self) -> Option<(String, String)> {
        let o = self.layers.viewing().or_else(|| self.list.current())?;
        Some((o.id.clone(), o.display_name()))
    }

    fn ask(&mut self, id: String, name: String) {
        self.layers.push(Layer::AskDelete { id, name });
    }

    fn close_view(&mut self) {
        self.layers.close_view();
    }

    fn send_delete(id: &str, cx: &mut ScreenCtx) {
        let delete = op::DeleteOrganization(id.to_string());
        cx.request(OrgKey::Delete, delete, OrgAnswer::Deleted);
    }

    fn read_back(id: &str, cx: &mut ScreenCtx) {
        let read = op::Organization(id.to_string());
        cx.request(OrgKey::DeleteRead, read, OrgAnswer::DeleteRead);
    }

    fn remove(&mut self, id: &str, cx: &mut ScreenCtx) {
        let rows = cx.viewport.organizations.list_rows;
        self.list.remove(id, rows);
    }
}
