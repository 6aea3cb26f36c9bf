//! The contact list beside the form: `GET /crm/contacts` searched and paged (see
//! [`SearchedList`]). Contacts created here are shown first.

use weeek_api::ListQuery;
use weeek_api::models::Contact;

use crate::outbox::{Field, ItemKind, New};
use crate::screen::ScreenCtx;
pub use crate::screen::loadable::PageStatus;
use crate::screen::searched_list::{Listed, SearchedList};
pub use crate::screen::searched_list::{PAGE_SIZE, SEARCH_DEBOUNCE};
use crate::worker::op;

use super::{ContactAnswer, ContactKey};

pub type ContactList = SearchedList<Contact>;

impl Listed for Contact {
    const PLURAL: &'static str = "Contacts";

    fn id(&self) -> &str {
        &self.id
    }

    fn ask_page(cx: &mut ScreenCtx, query: ListQuery) {
        cx.request_cached(ContactKey::List, op::Contacts(query), ContactAnswer::List);
    }

    fn ask_again(cx: &mut ScreenCtx, query: ListQuery) {
        let offset = query.offset.unwrap_or(0);
        let asked = query.clone();
        cx.request(ContactKey::Again(offset), op::Contacts(query), move |r| {
            ContactAnswer::Again(asked.clone(), r)
        });
    }

    const KIND: Option<ItemKind> = Some(ItemKind::Contact);

    fn show(&mut self, field: &Field) {
        if let Field::Contact(f) = field {
            f.apply(self);
        }
    }

    fn made(key: String, new: &New, at: time::OffsetDateTime) -> Option<Self> {
        match new {
            New::Contact(c) => Some(crate::outbox::contact::shown(key, c, at)),
            _ => None,
        }
    }
}
