//! Choosing organizations and tags, as the contact form, the organizations tab and the new-task
//! form do: the multi-select pickers over the organization list (`GET /crm/organizations`,
//! paged through in full so fuzzy search sees every name) and the directory's tags; making a
//! name that matches nothing is `create`.

pub mod create;

use weeek_api::models::Organization;

use crate::screen::all_pages::AllPages;
use crate::screen::loadable::Loadable;
use crate::screen::names::Names;
use crate::widgets::picker::{PickItem, Picker};

/// A chosen organization; the name travels with the id so a restored draft shows names before
/// the organizations have loaded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct OrgRef {
    pub id: String,
    pub name: String,
}

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

/// Every organization, for the picker.
pub type Organizations = AllPages<Organization>;

impl AllPages<Organization> {
    pub fn name(&self, id: &str) -> Option<String> {
        self.list
            .value()?
            .iter()
            .find(|o| o.id == id)
            .map(Organization::display_name)
    }
}

fn usable<T>(l: &Loadable<T>) -> Option<&T> {
    match l {
        Loadable::Loaded(v) | Loadable::Failed(_, Some(v)) => Some(v),
        Loadable::Loading(Some(v)) => Some(v),
        _ => None,
    }
}

/// The organizations to choose from: those made here since the start first (one made offline,
/// still in the outbox, says "queued": a link to it waits for it), then every one read.
pub fn org_picker(
    orgs: &Organizations,
    made: &[Organization],
    chosen: &[OrgRef],
) -> Option<Picker<Choice>> {
    let read = orgs.usable()?;
    let fresh = made.iter().filter(|m| !read.iter().any(|o| o.id == m.id));
    let list: Vec<&Organization> = fresh.chain(read.iter()).collect();
    let mut items: Vec<PickItem<Choice>> = list
        .iter()
        .map(|o| {
            if crate::outbox::local_of(&o.id).is_some() {
                return PickItem::new(Choice::Org(o.id.clone()), o.display_name()).detail("queued");
            }
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
