//! `c` in the deal popup: the deal's contacts and organizations in one picker; the one picked
//! opens on the contacts screen, read in full, as `Enter` on it there would show it.
//!
//! The popup names them from the lists it reads for that (`lookups`); one missing from those
//! lists (past their first pages) is read by its id before it opens.

use weeek_api::ApiError;

use super::layer::Layer;
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::jump::Jump;
pub use crate::screen::jump::Opened;
use crate::screen::toast::ToastKind;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
use crate::worker::op;

/// What the picker holds for each row.
#[derive(Debug, Clone, PartialEq)]
pub enum Link {
    Contact(String),
    Organization(String),
}

impl FunnelsState {
    /// `c`: the picker of the open deal's contacts and organizations.
    pub(super) fn open_links(&mut self, cx: &mut ScreenCtx) {
        let Some(deal) = self
            .detail
            .as_ref()
            .and_then(|d| d.deal.as_ref())
            .and_then(|v| v.deal.value())
        else {
            return;
        };
        let contacts = deal.contacts.iter().map(|id| {
            PickItem::new(Link::Contact(id.clone()), self.lookups.contact_name(id))
                .detail("contact")
        });
        let orgs = deal.organizations.iter().map(|id| {
            PickItem::new(Link::Organization(id.clone()), self.lookups.org_name(id))
                .detail("organization")
        });
        let items: Vec<_> = contacts.chain(orgs).collect();
        if items.is_empty() {
            cx.toast(
                ToastKind::Info,
                "The deal has no contacts or organizations to open",
            );
            return;
        }
        let picker = Picker::single("Open a contact or organization", items);
        self.layers.push(Layer::Links(picker));
    }

    fn links_mut(&mut self) -> Option<&mut Picker<Link>> {
        match self.layers.top_mut() {
            Some(Layer::Links(p)) => Some(p),
            _ => None,
        }
    }

    pub(super) fn links_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(picker) = self.links_mut() else {
            return false;
        };
        match picker.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => {
                self.layers.pop();
            }
            PickerOutcome::Picked(keys) => {
                self.layers.pop();
                if let Some(link) = keys.into_iter().next() {
                    self.open_link(link, cx);
                }
            }
        }
        true
    }

    pub(super) fn links_char(&mut self, c: char) -> bool {
        self.links_mut().is_some_and(|p| p.type_char(c))
    }

    pub(super) fn links_paste(&mut self, text: &str) -> bool {
        match self.links_mut() {
            Some(p) => {
                p.paste(text);
                true
            }
            None => false,
        }
    }

    fn open_link(&mut self, link: Link, cx: &mut ScreenCtx) {
        match link {
            Link::Contact(id) => match self.lookups.contacts.items.iter().find(|c| c.id == id) {
                Some(c) => cx.jump(Jump::Contacts(Opened::Contact(Box::new(c.clone())))),
                None => cx.request(FunnelKey::LinkRead, op::Contact(id), |r| {
                    FunnelAnswer::LinkRead("contact", r.map(Opened::Contact))
                }),
            },
            Link::Organization(id) => match self.lookups.orgs.items.iter().find(|o| o.id == id) {
                Some(o) => cx.jump(Jump::Contacts(Opened::Organization(Box::new(o.clone())))),
                None => cx.request(FunnelKey::LinkRead, op::Organization(id), |r| {
                    FunnelAnswer::LinkRead("organization", r.map(Opened::Organization))
                }),
            },
        }
    }

    /// A contact or organization read to be opened.
    /// `what` it is, for the message when it could not be read.
    pub(super) fn on_link_read(
        &mut self,
        what: &str,
        result: Result<Opened, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        match result {
            Ok(opened) => cx.jump(Jump::Contacts(opened)),
            Err(e) => cx.toast(
                ToastKind::Error,
                format!("Could not read the {what}: {}", e.short()),
            ),
        }
    }
}
