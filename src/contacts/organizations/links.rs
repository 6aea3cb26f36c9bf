//! `c` and `t` on an organization (under the cursor or in view): its contacts and tags chosen
//! in a picker with the attached ones ticked. What changed is shown at once and sent, one call
//! per contact or tag (`POST`/`DELETE /crm/organizations/{id}/contacts` and `…/tags`); a
//! refusal puts the links back as they were, and a lost answer has the organization read back
//! and shown as the service has it. The bookkeeping is the shared write ledger's
//! (`screen::ledger`). The tag picker creates a tag typed that matches none, looked for after a
//! lost answer before it may be sent again.

use weeek_api::ApiError;
use weeek_api::models::{Contact, Organization};

use super::layer::{Layer, OrgLayers};
use super::list::OrgList;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::choices::create::{
    self as choice_create, ChoiceAsk, CreatesChoices, Creating, tag_item,
};
use crate::screen::choices::{Choice, PickKind};
use crate::screen::ledger::{Group, Settled, Shown, Writes, done, read_item};
use crate::screen::lost_answer::{ReadBack, read_back_failed};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
use crate::worker::{OrgLink, TypedCall, op};

/// An organization's links, as sets.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinkSet {
    pub contacts: Vec<String>,
    pub tags: Vec<i64>,
}

impl LinkSet {
    fn of(o: &Organization) -> Self {
        Self {
            contacts: o.contacts.clone(),
            tags: o.tags.clone(),
        }
    }

    fn same(&self, other: &LinkSet) -> bool {
        let sorted = |mut v: Vec<String>| {
            v.sort();
            v
        };
        let sorted_tags = |mut v: Vec<i64>| {
            v.sort();
            v
        };
        sorted(self.contacts.clone()) == sorted(other.contacts.clone())
            && sorted_tags(self.tags.clone()) == sorted_tags(other.tags.clone())
    }

    fn set_on(&self, o: &mut Organization) {
        o.contacts.clone_from(&self.contacts);
        o.tags.clone_from(&self.tags);
    }
}

/// One picker's change of one organization's links.
#[derive(Debug, Clone, PartialEq)]
pub struct Relink {
    pub before: LinkSet,
    pub after: LinkSet,
}

/// Organization links as optimistic writes.
#[derive(Debug, Clone)]
pub struct OrgLinks;

impl Writes for OrgLinks {
    type Id = String;
    type Change = Relink;
    type Item = Organization;
    type Note = ();
    type Truth = LinkSet;
    crate::ledger_requests!(OrgKey, OrgAnswer, Link);

    fn read_back(id: &String) -> TypedCall<Result<Organization, ApiError>> {
        read_item(op::Organization(id.clone()))
    }

    fn judge(_: &Self::Id, change: &Relink, found: Result<&Organization, &ApiError>) -> ReadBack {
        match found {
            Ok(o) if LinkSet::of(o).same(&change.after) => ReadBack::Applied,
            Ok(_) => ReadBack::NotApplied,
            Err(e) => read_back_failed(e.clone()),
        }
    }

    fn rebase(later: &mut Relink, truth: &LinkSet) {
        later.before = truth.clone();
    }
}

/// The copies of organizations on screen: the list's rows and the one in view.
pub struct OnScreen<'a> {
    pub list: &'a mut OrgList,
    pub layers: &'a mut OrgLayers,
    pub rows: usize,
}

impl OnScreen<'_> {
    pub(super) fn set(&mut self, id: &str, links: &LinkSet) {
        for o in self
            .list
            .rows
            .rows
            .iter_mut()
            .chain(self.list.created.iter_mut())
            .filter(|o| o.id == id)
        {
            links.set_on(o);
        }
        if let Some(o) = self.layers.viewing_mut().filter(|o| o.id == id) {
            links.set_on(o);
        }
    }
}

impl Shown<OrgLinks> for OnScreen<'_> {
    fn reapply(&mut self, id: &String, change: &Relink, _cx: &ScreenCtx) {
        self.set(id, &change.after);
    }

    fn roll_back(
        &mut self,
        id: &String,
        change: &Relink,
        later: bool,
        _cx: &ScreenCtx,
    ) -> Option<LinkSet> {
        if !later {
            self.set(id, &change.before);
        }
        Some(change.before.clone())
    }

    fn read_back(
        &mut self,
        id: &String,
        _change: &Relink,
        found: Result<Organization, ApiError>,
        verdict: &ReadBack,
        later: bool,
        _cx: &ScreenCtx,
    ) -> Option<LinkSet> {
        match (verdict, found) {
            (ReadBack::Gone, _) => {
                self.list.remove(id, self.rows);
                self.layers.close_view_of(id);
                None
            }
            (_, Ok(fresh)) => {
                let truth = LinkSet::of(&fresh);
                if !later {
                    self.set(id, &truth);
                }
                Some(truth)
            }
            _ => None,
        }
    }
}

/// What a link picker chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    Contacts,
    Tags,
}

/// An open link picker of one organization; `picker` is `None` while its items load.
#[derive(Debug, Clone)]
pub struct LinkPicker {
    pub kind: LinkKind,
    pub org: String,
    pub picker: Option<Picker<Choice>>,
    /// Typed before the items arrived: becomes the picker's query.
    pub pending_query: String,
}

fn contact_item(c: &Contact) -> PickItem<Choice> {
    let detail = c
        .emails
        .first()
        .map(|e| e.email.clone())
        .or_else(|| c.phones.first().map(|p| p.phone.clone()))
        .unwrap_or_default();
    // Contacts ride on the organization key of the shared choice type: an id either way.
    PickItem::new(Choice::Org(c.id.clone()), c.display_name()).detail(detail)
}

impl OrganizationsState {
    /// The organization `c` and `t` act on: the one in view, else the one under the cursor.
    fn target(&self) -> Option<&Organization> {
        match self.layers.viewing() {
            Some(o) => Some(o),
            None => self.list.current(),
        }
    }

    /// `c` / `t`: the picker of the target's contacts or tags.
    pub(super) fn open_links(&mut self, kind: LinkKind, cx: &mut ScreenCtx) {
        let Some(org) = self.target().map(|o| o.id.clone()) else {
            return;
        };
        if kind == LinkKind::Contacts {
            self.contacts.ensure_loaded(cx);
        }
        self.layers.push(Layer::Links(Box::new(LinkPicker {
            kind,
            org,
            picker: None,
            pending_query: String::new(),
        })));
        self.refresh_link_picker(cx);
    }

    fn build_picker(&self, kind: LinkKind, org: &str, cx: &ScreenCtx) -> Option<Picker<Choice>> {
        let o = self.list.find(org).or(self.layers.viewing())?;
        match kind {
            LinkKind::Contacts => {
                let all = self.contacts.usable()?;
                // Contacts made offline first: a link to one waits for it in the outbox.
                let made = crate::outbox::links::made_here(
                    cx.offline.entries(),
                    crate::outbox::ItemKind::Contact,
                );
                let mut items: Vec<PickItem<Choice>> = made
                    .iter()
                    .map(|(key, name)| {
                        PickItem::new(Choice::Org(key.clone()), name.clone()).detail("queued")
                    })
                    .collect();
                items.extend(all.iter().map(contact_item));
                // An attached contact the list does not have stays, so applying the picker
                // does not detach it behind the person's back.
                for id in &o.contacts {
                    let listed = made.iter().any(|(key, _)| key == id);
                    if !listed && !all.iter().any(|c| c.id == *id) {
                        items.push(
                            PickItem::new(Choice::Org(id.clone()), id.clone())
                                .detail("not in the list"),
                        );
                    }
                }
                let pre: Vec<Choice> = o.contacts.iter().cloned().map(Choice::Org).collect();
                Some(Picker::multi("Contacts", items, &pre))
            }
            LinkKind::Tags => {
                let tags = cx.names.tags.value()?;
                let items = tags.iter().map(tag_item).collect();
                let pre: Vec<Choice> = o.tags.iter().map(|t| Choice::Tag(*t)).collect();
                let mut p = Picker::multi("Tags", items, &pre);
                p.creates = Some("tag");
                Some(p)
            }
        }
    }

    /// A page of every contact; the waiting picker opens once the last is in.
    pub(super) fn on_contacts_page(
        &mut self,
        result: Result<Vec<Contact>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        if self.contacts.on_reply(result, cx) {
            self.refresh_link_picker(cx);
        }
    }

    /// A waiting picker gets its items once they arrive, or closes with the reason.
    pub fn refresh_link_picker(&mut self, cx: &mut ScreenCtx) {
        let Some(lp) = self.layers.link_picker() else {
            return;
        };
        if lp.picker.is_some() {
            return;
        }
        let (kind, org) = (lp.kind, lp.org.clone());
        let built = self.build_picker(kind, &org, cx);
        let error = match kind {
            LinkKind::Contacts => self.contacts.list.error().cloned(),
            LinkKind::Tags => cx.names.tags.error().cloned(),
        };
        let Some(lp) = self.layers.link_picker_mut() else {
            return;
        };
        if built.is_some() {
            lp.picker = built;
            crate::widgets::picker::apply_pending(&mut lp.picker, &mut lp.pending_query);
        } else if let Some(e) = error {
            self.layers.close_link_picker();
            cx.toast(
                ToastKind::Error,
                format!(
                    "{}: {}{}",
                    if kind == LinkKind::Contacts {
                        "Contacts"
                    } else {
                        "Tags"
                    },
                    e.short(),
                    cx.keys.then_say("global.refresh", "retries")
                ),
            );
        }
    }

    /// A command of the open link picker.
    pub(super) fn link_picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(lp) = self.layers.link_picker_mut() else {
            return;
        };
        let Some(p) = &mut lp.picker else {
            match action {
                Action::Cancel => self.layers.close_link_picker(),
                Action::Text(TextEdit::DeleteBack) => {
                    lp.pending_query.pop();
                }
                _ => {}
            }
            return;
        };
        // While its tag is being created the picker waits: a second Enter must not send the
        // name again.
        if self.creating_tag.is_some() && action != Action::Cancel {
            if action == Action::Accept {
                let name = p.query.value().trim().to_string();
                choice_create::create(self, PickKind::Tags, name, cx);
            }
            return;
        }
        if action == Action::Accept && p.current().is_none() && p.creates.is_some() {
            let name = p.query.value().trim().to_string();
            if !name.is_empty() {
                choice_create::create(self, PickKind::Tags, name, cx);
                return;
            }
        }
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => self.layers.close_link_picker(),
            PickerOutcome::Picked(keys) => {
                let (kind, org) = (lp.kind, lp.org.clone());
                self.layers.close_link_picker();
                self.relink(&org, kind, keys, cx);
            }
        }
    }

    /// Typing goes to the picker's query (or waits for its items).
    pub(super) fn link_picker_char(&mut self, c: char) -> bool {
        let Some(lp) = self.layers.link_picker_mut() else {
            return false;
        };
        match &mut lp.picker {
            Some(p) => p.type_char(c),
            None => {
                lp.pending_query.push(c);
                true
            }
        }
    }

    /// Pasted text goes to the picker's query (or waits for its items).
    pub(super) fn link_picker_paste(&mut self, text: &str) -> bool {
        let Some(lp) = self.layers.link_picker_mut() else {
            return false;
        };
        match &mut lp.picker {
            Some(p) => p.paste(text),
            None => lp.pending_query.push_str(&crate::text::one_line(text)),
        }
        true
    }

    /// The picker's choice applied: shown at once, each difference sent.
    fn relink(&mut self, org: &str, kind: LinkKind, keys: Vec<Choice>, cx: &mut ScreenCtx) {
        let Some(o) = self.list.find(org).or(self.layers.viewing()).cloned() else {
            return;
        };
        let before = LinkSet::of(&o);
        let mut after = before.clone();
        let mut calls = Vec::new();
        match kind {
            LinkKind::Contacts => {
                let chosen: Vec<String> = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        Choice::Org(id) => Some(id),
                        Choice::Tag(_) => None,
                    })
                    .collect();
                for id in chosen.iter().filter(|id| !before.contacts.contains(id)) {
                    calls.push(OrgLink::AttachContact(id.clone()));
                }
                for id in before.contacts.iter().filter(|id| !chosen.contains(id)) {
                    calls.push(OrgLink::DetachContact(id.clone()));
                }
                after.contacts = chosen;
            }
            LinkKind::Tags => {
                let chosen: Vec<i64> = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        Choice::Tag(id) => Some(id),
                        Choice::Org(_) => None,
                    })
                    .collect();
                for id in chosen.iter().filter(|id| !before.tags.contains(id)) {
                    calls.push(OrgLink::AttachTag(*id));
                }
                for id in before.tags.iter().filter(|id| !chosen.contains(id)) {
                    calls.push(OrgLink::DetachTag(*id));
                }
                after.tags = chosen;
            }
        }
        if calls.is_empty() {
            return;
        }
        // A contact made here and not on the service yet: the link waits for it in the
        // outbox, online too.
        let names_made = crate::outbox::links::names_one_made_here(&after.contacts);
        if Self::must_queue(org, cx) || names_made {
            self.queue_links(&o, &before, &after, cx);
            return;
        }
        let rows = cx.viewport.organizations.list_rows;
        OnScreen {
            list: &mut self.list,
            layers: &mut self.layers,
            rows,
        }
        .set(org, &after);
        let calls = calls
            .into_iter()
            .map(|l| done(op::LinkOrganization(org.to_string(), l)))
            .collect();
        let group = self.links.group(());
        let name = crate::text::quoted(&o.display_name(), 40);
        self.links.add(
            group,
            org.to_string(),
            name,
            Relink { before, after },
            calls,
            cx,
        );
    }

    /// The answer to link write `n` (or to the read back after a lost one).
    pub(super) fn on_link_answer(
        &mut self,
        n: u64,
        settled: Settled<Organization>,
        cx: &mut ScreenCtx,
    ) {
        // The service out of reach: the change, and those of its organization behind it, go
        // to the outbox.
        if crate::screen::ledger::out_of_reach(&settled, cx) {
            let (kept, _) = self.links.hand_over(n, cx);
            for (id, _, Relink { before, after }) in kept {
                let o = self
                    .list
                    .find(&id)
                    .or(self.layers.viewing())
                    .filter(|o| o.id == id)
                    .cloned()
                    .unwrap_or_else(|| Organization {
                        id: id.clone(),
                        ..Default::default()
                    });
                self.queue_links(&o, &before, &after, cx);
            }
            return;
        }
        let rows = cx.viewport.organizations.list_rows;
        let mut shown = OnScreen {
            list: &mut self.list,
            layers: &mut self.layers,
            rows,
        };
        let done = self.links.on_settled(n, settled, &mut shown, cx);
        report(done, cx);
    }
}

impl CreatesChoices for OrganizationsState {
    fn creating(&mut self) -> &mut Option<Creating> {
        &mut self.creating_tag
    }

    fn send(cx: &mut ScreenCtx, ask: ChoiceAsk) {
        match ask {
            ChoiceAsk::Create(create) => cx.ask(OrgKey::CreateTag, create, OrgAnswer::TagMade),
            ChoiceAsk::Find(look) => cx.ask(OrgKey::FindTag, look, OrgAnswer::TagFound),
        }
    }

    fn notice(&mut self) -> Option<&mut Option<String>> {
        let p = self.layers.link_picker_mut()?.picker.as_mut()?;
        Some(&mut p.notice)
    }

    /// The service has the tag: it is ticked and the picker applied, attaching it.
    fn pick(&mut self, _: PickKind, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let open = self
            .layers
            .link_picker_mut()
            .filter(|lp| lp.kind == LinkKind::Tags)
            .and_then(|lp| lp.picker.as_mut());
        if let Some(p) = open {
            p.add_chosen(item);
            self.link_picker_action(Action::Accept, cx);
        }
    }
}

/// Each settled change is said: done, refused (put back), or what reading it back showed.
fn report(done: Option<Group<OrgLinks>>, cx: &mut ScreenCtx) {
    let Some(group) = done else {
        return;
    };
    for o in group.items.values() {
        let (kind, text) = o.report(
            &format!("Links of {} saved", o.name),
            &format!("change the links of {}", o.name),
        );
        cx.toast(kind, text);
    }
}
