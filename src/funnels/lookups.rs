//! Names of the organizations and contacts a deal links to. Deals carry only ids; the lists
//! are read once, page by page, when a deal is first opened.

use weeek_api::models::{Contact, Organization};
use weeek_api::{ApiError, ListQuery};

use crate::app::Env;
use crate::app::directory::short_id;
use crate::worker::{Call, Data};

pub const ORGS_KEY: &str = "funnels:orgs";
pub const CONTACTS_KEY: &str = "funnels:contacts";
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
    pub fn ensure(&mut self, env: &mut Env) {
        if !self.orgs.asked {
            self.orgs = Lookup {
                asked: true,
                loading: true,
                ..Default::default()
            };
            env.request(ORGS_KEY, Call::Organizations(ListQuery::page(PAGE, 0)));
        }
        if !self.contacts.asked {
            self.contacts = Lookup {
                asked: true,
                loading: true,
                ..Default::default()
            };
            env.request(CONTACTS_KEY, Call::Contacts(ListQuery::page(PAGE, 0)));
        }
    }

    /// Forgets what was read, so the next deal opened reads the lists again.
    pub fn invalidate(&mut self) {
        self.orgs.asked = false;
        self.contacts.asked = false;
    }

    pub fn on_reply(&mut self, key: &str, result: Result<Data, ApiError>, env: &mut Env) {
        match (key, result) {
            (ORGS_KEY, Ok(Data::Organizations(page))) => {
                let full = page.len() >= PAGE as usize;
                self.orgs.items.extend(page);
                self.orgs.loading = full;
                if full {
                    let offset = self.orgs.items.len() as u32;
                    env.request(ORGS_KEY, Call::Organizations(ListQuery::page(PAGE, offset)));
                }
            }
            (CONTACTS_KEY, Ok(Data::Contacts(page))) => {
                let full = page.len() >= PAGE as usize;
                self.contacts.items.extend(page);
                self.contacts.loading = full;
                if full {
                    let offset = self.contacts.items.len() as u32;
                    env.request(CONTACTS_KEY, Call::Contacts(ListQuery::page(PAGE, offset)));
                }
            }
            (ORGS_KEY, other) => {
                self.orgs.loading = false;
                self.orgs.error = Some(as_error(other));
            }
            (_, other) => {
                self.contacts.loading = false;
                self.contacts.error = Some(as_error(other));
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

fn as_error(r: Result<Data, ApiError>) -> ApiError {
    match r {
        Err(e) => e,
        Ok(d) => crate::app::directory::unexpected(&d),
    }
}
