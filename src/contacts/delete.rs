//! `D`: deleting a contact of the list (or the one open to read), after a yes, as every record
//! is deleted (`screen::deleting`).

use weeek_api::models::Contact;

use super::layer::Layer;
use super::{Ask, ContactAnswer, ContactKey, ContactsState};
use crate::screen::ScreenCtx;
use crate::screen::deleting::{DeletesRecords, Deleting};
use crate::worker::op;

impl DeletesRecords for ContactsState {
    type Record = Contact;

    fn deleting(&mut self) -> &mut Option<Deleting> {
        &mut self.deleting
    }

    fn chosen(&self) -> Option<(String, String)> {
        let c = self.layers.viewing().or_else(|| self.list.current())?;
        Some((c.id.clone(), c.display_name()))
    }

    fn ask(&mut self, id: String, name: String) {
        self.layers.push(Layer::Ask(Ask::Delete { id, name }));
    }

    fn close_view(&mut self) {
        self.layers.close_view();
    }

    fn send_delete(id: &str, cx: &mut ScreenCtx) {
        let delete = op::DeleteContact(id.to_string());
        cx.request(ContactKey::Delete, delete, ContactAnswer::Deleted);
    }

    fn read_back(id: &str, cx: &mut ScreenCtx) {
        let read = op::Contact(id.to_string());
        cx.request(ContactKey::DeleteRead, read, ContactAnswer::DeleteRead);
    }

    fn remove(&mut self, id: &str, cx: &mut ScreenCtx) {
        let rows = self.list_rows(cx);
        self.list.remove(id, rows);
    }
}
