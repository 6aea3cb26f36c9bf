//! Choosing organizations and tags: the organization list (`GET /crm/organizations`, paged
//! through in full so fuzzy search sees every name) and the multi-select pickers.

use weeek_api::models::Organization;
use weeek_api::{ApiError, ListQuery};

use super::form::OrgRef;
use crate::app::ScreenCtx;
use crate::app::loadable::Loadable;
use crate::app::names::Names;
use crate::widgets::picker::{PickItem, Picker};
use crate::worker::Call;

use super::ContactKey;

/// The service's largest page for this list.
const ORG_PAGE: u32 = 100;

#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    Org(String),
    Tag(i64),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickKind {
    Organizations,
    Tags,
}

/// An open picker; `picker` is `None` while its items are still loading.
#[derive(Debug, Clone)]
pub struct FormPicker {
    pub kind: PickKind,
    pub picker: Option<Picker<Choice>>,
    /// Typed before the items arrived: becomes the picker's query.
    pub pending_query: String,
}

#[derive(Debug, Default)]
pub struct Organizations {
    pub list: Loadable<Vec<Organization>>,
    /// Pages gathered so far while loading.
    partial: Vec<Organization>,
}

impl Organizations {
    pub fn ensure_loaded(&mut self, cx: &mut ScreenCtx) {
        if matches!(self.list, Loadable::NotAsked) {
            self.reload(cx);
        }
    }

    pub fn reload(&mut self, cx: &mut ScreenCtx) {
        self.partial.clear();
        self.list.start();
        cx.request(
            ContactKey::Orgs,
            Call::Organizations(ListQuery::page(ORG_PAGE, 0)),
        );
    }

    /// Applies a page; true when the list is complete (or failed).
    pub fn on_reply(
        &mut self,
        result: Result<Vec<Organization>, ApiError>,
        cx: &mut ScreenCtx,
    ) -> bool {
        match result {
            Ok(page) => {
                let full = page.len() as u32 >= ORG_PAGE;
                self.partial.extend(page);
                if full {
                    let offset = self.partial.len() as u32;
                    cx.request(
                        ContactKey::Orgs,
                        Call::Organizations(ListQuery::page(ORG_PAGE, offset)),
                    );
                    return false;
                }
                self.list.finish(Ok(std::mem::take(&mut self.partial)));
            }
            Err(e) => {
                self.partial.clear();
                self.list.finish(Err(e));
            }
        }
        true
    }

    pub fn name(&self, id: &str) -> Option<String> {
        self.list
            .value()?
            .iter()
            .find(|o| o.id == id)
            .map(Organization::display_name)
    }
}

/// Usable items even when a reload failed, as long as some arrived before.
fn usable<T>(l: &Loadable<T>) -> Option<&T> {
    match l {
        Loadable::Loaded(v) | Loadable::Failed(_, Some(v)) => Some(v),
        Loadable::Loading(Some(v)) => Some(v),
        _ => None,
    }
}

pub fn org_picker(orgs: &Organizations, chosen: &[OrgRef]) -> Option<Picker<Choice>> {
    let list = usable(&orgs.list)?;
    let mut items: Vec<PickItem<Choice>> = list
        .iter()
        .map(|o| {
            let detail = o
                .emails
                .first()
                .map(|e| e.email.clone())
                .or_else(|| o.phones.first().map(|p| p.phone.clone()))
                .unwrap_or_default();
            PickItem::new(Choice::Org(o.id.clone()), o.display_name()).detail(detail)
        })
        .collect();
    // A chosen organization the list no longer has stays choosable, so applying the picker
    // does not drop it behind the person's back.
    for c in chosen {
        if !list.iter().any(|o| o.id == c.id) {
            items.push(
                PickItem::new(Choice::Org(c.id.clone()), c.name.clone()).detail("not in the list"),
            );
        }
    }
    let pre: Vec<Choice> = chosen.iter().map(|c| Choice::Org(c.id.clone())).collect();
    let mut p = Picker::multi("Organizations", items, &pre);
    p.creates = Some("organization");
    Some(p)
}

pub fn tag_picker(names: &Names, chosen: &[i64]) -> Option<Picker<Choice>> {
    let tags = usable(&names.tags)?;
    let items = tags
        .iter()
        .map(|t| PickItem::new(Choice::Tag(t.id), t.title.clone()).color(t.color.clone()))
        .collect();
    let pre: Vec<Choice> = chosen.iter().map(|id| Choice::Tag(*id)).collect();
    let mut p = Picker::multi("Tags", items, &pre);
    p.creates = Some("tag");
    Some(p)
}
