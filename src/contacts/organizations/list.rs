//! The organization list: `GET /crm/organizations` searched and paged (see [`SearchedList`]).
//! Organizations created here are shown first.

use weeek_api::ListQuery;
use weeek_api::models::Organization;

use crate::outbox::{Field, ItemKind, New};
use crate::screen::ScreenCtx;
use crate::screen::searched_list::{Listed, SearchedList};
pub use crate::screen::searched_list::{PAGE_SIZE, SEARCH_DEBOUNCE};
use crate::worker::op;

use super::{OrgAnswer, OrgKey};

pub type OrgList = SearchedList<Organization>;

impl Listed for Organization {
    const PLURAL: &'static str = "Organizations";

    fn id(&self) -> &str {
        &self.id
    }

    fn ask_page(cx: &mut ScreenCtx, query: ListQuery) {
        cx.request_cached(OrgKey::List, op::Organizations(query), OrgAnswer::List);
    }

    fn ask_again(cx: &mut ScreenCtx, query: ListQuery) {
        let offset = query.offset.unwrap_or(0);
        let asked = query.clone();
        cx.request(OrgKey::Again(offset), op::Organizations(query), move |r| {
            OrgAnswer::Again(asked.clone(), r)
        });
    }

    const KIND: Option<ItemKind> = Some(ItemKind::Organization);

    fn show(&mut self, field: &Field) {
        if let Field::Organization(f) = field {
            f.apply(self);
        }
    }

    fn made(key: String, new: &New, at: time::OffsetDateTime) -> Option<Self> {
        match new {
            New::Organization(o) => Some(crate::outbox::organization::shown(key, o, at)),
            _ => None,
        }
    }

    fn linked(&mut self, other: &crate::outbox::Entry) {
        crate::outbox::links::show_contact_in(self, other);
    }
}
