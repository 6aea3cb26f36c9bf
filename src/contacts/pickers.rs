//! Choosing organizations and tags: the organization list (`GET /crm/organizations`, paged
//! through in full so fuzzy search sees every name) and the multi-select pickers.

use weeek_api::ListQuery;
use weeek_api::models::Organization;

use super::create_choice::{ChoiceAsk, Created, CreatesChoices, Creating};
use super::form::OrgRef;
use crate::app::ScreenCtx;
use crate::app::all_pages::AllPages;
use crate::app::commands::Action;
use crate::app::loadable::Loadable;
use crate::app::names::Names;
use crate::widgets::picker::{PickItem, Picker};
use crate::worker::op;

use super::{ContactAnswer, ContactKey, ContactsState};

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

pub fn ask_orgs(cx: &mut ScreenCtx, q: ListQuery) {
    cx.request(ContactKey::Orgs, op::Organizations(q), ContactAnswer::Orgs);
}

impl AllPages<Organization> {
    pub fn name(&self, id: &str) -> Option<String> {
        self.list
            .value()?
            .iter()
            .find(|o| o.id == id)
            .map(Organization::display_name)
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
    tab: &crate::organizations::OrganizationsState,
    orgs: &Organizations,
    id: &str,
) -> Option<String> {
    tab.known_name(id).or_else(|| orgs.name(id))
}

fn usable<T>(l: &Loadable<T>) -> Option<&T> {
    match l {
        Loadable::Loaded(v) | Loadable::Failed(_, Some(v)) => Some(v),
        Loadable::Loading(Some(v)) => Some(v),
        _ => None,
    }
}

pub fn org_picker(orgs: &Organizations, chosen: &[OrgRef]) -> Option<Picker<Choice>> {
    let list = orgs.usable()?;
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

impl CreatesChoices for ContactsState {
    fn creating(&mut self) -> &mut Option<Creating> {
        &mut self.creating
    }

    fn send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
        match ask {
            ChoiceAsk::Create(create) => cx.ask(
                ContactKey::CreateChoice,
                create,
                ContactAnswer::ChoiceCreated,
            ),
            ChoiceAsk::Find(look) => {
                cx.ask(ContactKey::FindChoice, look, ContactAnswer::ChoiceFound)
            }
        }
    }

    fn notice(&mut self) -> Option<&mut Option<String>> {
        let p = self.layers.picker_mut()?.picker.as_mut()?;
        Some(&mut p.notice)
    }

    fn held_orgs(&self) -> &[Organization] {
        self.orgs
            .list
            .value()
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// A new organization joins the picker's list at once.
    fn keep(&mut self, made: &Created) {
        if let Created::Organization(o) = made
            && let Loadable::Loaded(list) | Loadable::Loading(Some(list)) = &mut self.orgs.list
            && !list.iter().any(|x| x.id == o.id)
        {
            list.push((**o).clone());
        }
    }

    fn reread(&mut self, kind: PickKind, cx: &mut ScreenCtx) {
        match kind {
            PickKind::Tags => cx.refresh_directory(),
            PickKind::Organizations => self.orgs.reload(cx),
        }
    }

    fn pick(&mut self, kind: PickKind, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let open = self
            .layers
            .picker_mut()
            .filter(|fp| fp.kind == kind)
            .and_then(|fp| fp.picker.as_mut());
        if let Some(p) = open {
            p.add_chosen(item);
            self.picker_action(Action::Accept, cx);
            return;
        }
        // The picker was closed meanwhile: what was created joins the form's field.
        match item.key {
            Choice::Org(id) => {
                if !self.form.organizations.iter().any(|o| o.id == id) {
                    self.form.organizations.push(OrgRef {
                        id,
                        name: item.label,
                    });
                }
            }
            Choice::Tag(id) => {
                if !self.form.tags.contains(&id) {
                    self.form.tags.push(id);
                }
            }
        }
        self.form.carried = false;
        self.flush_draft(cx);
    }
}
