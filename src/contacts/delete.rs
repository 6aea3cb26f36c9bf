//! `D`: deleting a contact of the list (or the one open to read), after a yes (see
//! [`Deleting`]).

use weeek_api::ApiError;
use weeek_api::models::Contact;

use super::layer::Layer;
use super::{Ask, ContactAnswer, ContactKey, ContactsState};
use crate::screen::ScreenCtx;
use crate::screen::deleting::Deleting;
use crate::worker::op;

impl ContactsState {
    /// `D`: asks about the contact in view, else the one under the cursor.
    pub(super) fn ask_delete(&mut self, cx: &mut ScreenCtx) {
        if Deleting::busy(&self.deleting, cx) {
            return;
        }
        let contact = match self.layers.viewing() {
            Some(c) => Some(c),
            None => self.list.current(),
        };
        if let Some(c) = contact {
            let ask = Ask::Delete {
                id: c.id.clone(),
                name: c.display_name(),
            };
            self.layers.push(Layer::Ask(ask));
        }
    }

    /// `y` to the question: the delete goes out; the view closes (its contact is going).
    pub(super) fn delete(&mut self, id: String, name: String, cx: &mut ScreenCtx) {
        self.layers.close_view();
        cx.request(
            ContactKey::Delete,
            op::DeleteContact(id.clone()),
            ContactAnswer::Deleted,
        );
        self.deleting = Some(Deleting::new(id, name));
    }

    pub(super) fn on_delete_reply(&mut self, result: Result<(), ApiError>, cx: &mut ScreenCtx) {
        let gone = Deleting::on_reply(&mut self.deleting, result, cx, |cx, id| {
            cx.request(
                ContactKey::DeleteRead,
                op::Contact(id.to_string()),
                ContactAnswer::DeleteRead,
            )
        });
        self.gone(gone, cx);
    }

    pub(super) fn on_delete_read_back(
        &mut self,
        result: Result<Contact, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let gone = Deleting::on_read_back(&mut self.deleting, result, cx);
        self.gone(gone, cx);
    }

    fn gone(&mut self, gone: Option<Deleting>, cx: &mut ScreenCtx) {
        if let Some(d) = gone {
            let rows = self.list_rows(cx);
            self.list.remove(&d.id, rows);
        }
    }
}
