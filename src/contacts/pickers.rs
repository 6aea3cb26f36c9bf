//! The organizations of the contact form's picker: read page by page, and named as the form
//! shows the ones chosen.

use weeek_api::ListQuery;

use super::{ContactAnswer, ContactKey};
use crate::screen::ScreenCtx;
use crate::screen::choices::Organizations;
use crate::worker::op;

/// Reads a page of the organizations for the picker.
pub fn ask_orgs(cx: &mut ScreenCtx, q: ListQuery, first: bool) {
    if first {
        cx.request_cached(ContactKey::Orgs, op::Organizations(q), ContactAnswer::Orgs);
    } else {
        cx.request(ContactKey::Orgs, op::Organizations(q), ContactAnswer::Orgs);
    }
}

impl super::ContactsState {
    /// The name of organization `id` as this run knows it: the organizations tab first (it
    /// holds those created, renamed or linked here), then the picker's full list.
    pub fn org_name(&self, id: &str) -> Option<String> {
        org_name(&self.organizations, &self.orgs, id)
    }
}

/// [`super::ContactsState::org_name`] from the two parts, for callers holding the rest of the
/// state mutably.
pub fn org_name(
    tab: &crate::contacts::organizations::OrganizationsState,
    orgs: &Organizations,
    id: &str,
) -> Option<String> {
    tab.known_name(id).or_else(|| orgs.name(id))
}
