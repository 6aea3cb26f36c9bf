//! Names of the organizations and contacts a deal links to. Deals carry only ids; the lists
//! are read once, page by page, when a deal is first opened.

use weeek_api::models::{Contact, Organization};
use weeek_api::{ApiError, ListQuery};

use crate::screen::ScreenCtx;
use crate::screen::names::short_id;
use crate::worker::op;

use super::{FunnelAnswer, FunnelKey};

/// Reads the page of organizations at `offset`.
fn request_orgs(offset: u32, cx: &mut ScreenCtx) {
    let page = op::Organizations(ListQuery::page(PAGE, offset));
    cx.request(FunnelKey::Orgs, page, FunnelAnswer::Orgs);
}

/// Reads the page of contacts at `offset`.
fn request_contacts(offset: u32, cx: &mut ScreenCtx) {
    let page = op::Contacts(ListQuery::page(PAGE, offset));
    cx.request(FunnelKey::Contacts, page, FunnelAnswer::Contacts);
}

/// The largest page the service gives for these lists; a shorter page is the last.
const PAGE: u32 = 100;

#[derive(Debug, Default, Clone)]
pub struct Lookup<T> {
    pub items: Vec<T>,
    pub asked: bool,
    pub loading: bool,
    pub error: Option<ApiError>,
}

#[derive(Debug, Default, Clone)]
pub struct Lookups {
    pub orgs: Lookup<Organization>,
    pub contacts: Lookup<Contact>,
}

impl Lookups {
    /// Starts reading both lists, once (and again after `r`).
    pub fn ensure(&mut self, cx: &mut ScreenCtx) {
        if !self.orgs.asked {
            self.orgs = Lookup {
                asked: true,
                loading: true,
                ..Default::default()
            };
            request_orgs(0, cx);
        }
        if !self.contacts.asked {
            self.contacts = Lookup {
                asked: true,
                loading: true,
                ..Default::default()
            };
            request_contacts(0, cx);
        }
    }

    /// Forgets what was read, so the next deal opened reads the lists again.
    pub fn invalidate(&mut self) {
        self.orgs.asked = false;
        self.contacts.asked = false;
    }

    pub fn on_orgs(&mut self, result: Result<Vec<Organization>, ApiError>, cx: &mut ScreenCtx) {
        match result {
            Ok(page) => {
                let full = page.len() >= PAGE as usize;
                self.orgs.items.extend(page);
                self.orgs.loading = full;
                if full {
                    let offset = self.orgs.items.len() as u32;
                    request_orgs(offset, cx);
                }
            }
            Err(e) => {
                self.orgs.loading = false;
                self.orgs.error = Some(e);
            }
        }
    }

    pub fn on_contacts(&mut self, result: Result<Vec<Contact>, ApiError>, cx: &mut ScreenCtx) {
        match result {
            Ok(page) => {
                let full = page.len() >= PAGE as usize;
                self.contacts.items.extend(page);
                self.contacts.loading = full;
                if full {
                    let offset = self.contacts.items.len() as u32;
                    request_contacts(offset, cx);
                }
            }
            Err(e) => {
                self.contacts.loading = false;
                self.contacts.error = Some(e);
            }
        }
    }

    pub fn org_name(&self, id: &str) -> String {
        self.orgs
            .items
            .iter()
            .find(|o| o.id == id)
            .map(Organization::display_name)
            .unwrap_or_else(|| short_id(id))
    }

    pub fn contact_name(&self, id: &str) -> String {
        self.contacts
            .items
            .iter()
            .find(|c| c.id == id)
            .map(Contact::display_name)
            .unwrap_or_else(|| short_id(id))
    }
}
