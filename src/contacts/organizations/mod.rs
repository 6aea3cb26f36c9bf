//! The organizations tab of the contacts screen: the service's organizations, searched and
//! paged, one of them read in full, and the form that creates (`n`) or edits (`e`) one.
//! `Alt-o` switches between it and the contact form.

pub mod create;
pub mod deals;
#[cfg(test)]
mod deals_tests;
pub mod delete;
pub mod draft;
pub mod form;
pub mod form_keys;
#[cfg(test)]
mod form_tests;
pub mod layer;
pub mod links;
#[cfg(test)]
mod links_tests;
pub mod list;
mod offline;
pub mod save;
#[cfg(test)]
pub(crate) mod tests;

use std::path::Path;
use std::time::Instant;

use weeek_api::models::{Contact, Funnel, FunnelStatus, Organization};
use weeek_api::{ApiError, DealPage, ListQuery};

use crate::keys::commands::{Action, Context};
use crate::screen::ScreenCtx;
use crate::screen::all_pages::AllPages;
use crate::screen::choices::create::{self as choice_create, ChoicePage, Created};
use crate::screen::deleting;
use crate::screen::draft_file::{DraftFile, FormDraft, Found};
use crate::screen::form_create;
use crate::screen::ledger::{Ledger, Settled};
use crate::screen::record_edit;
use crate::screen::toast::ToastKind;
use crate::widgets::scroll;
use crate::worker::{OrgEdited, op};
use draft::Draft;
use form::OrgForm;
use list::OrgList;

/// The requests of the organizations tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrgKey {
    /// A page of the organization list.
    List,
    /// A page of the organization list on screen read again, by its offset.
    Again(u32),
    /// An organization deleted with `D`.
    Delete,
    /// The read of it after the delete's answer was lost.
    DeleteRead,
    /// A new organization saved from the form.
    Create,
    /// The look for it after the create's answer was lost.
    Find,
    /// Change `n` of an edit.
    Edit(u64),
    /// The read of the organization after an edit's answer was lost.
    EditRead,
    /// Link write `n` (a contact or tag attached or detached), or its read back.
    Link(u64),
    /// Every contact, page by page, for the contact picker.
    PickContacts,
    /// A tag created from the tag picker, and the look for it after a lost answer.
    CreateTag,
    FindTag,
    /// The funnels, then each funnel's statuses, then each status's deals of the organization
    /// in view (`deals.rs`), by the number of that organization's reads.
    DealFunnels(u32),
    DealStatuses(u32, u32),
    StatusDeals(u32, u32),
    /// An organization read again after change `seq` of it left the outbox unsent.
    Outboxed(i64),
}

impl crate::screen::requests::KeySet for OrgKey {
    type Answer = OrgAnswer;
}

/// The answers of the organizations tab, one per kind of request.
#[derive(Debug)]
pub enum OrgAnswer {
    List(Result<Vec<Organization>, ApiError>),
    /// A page of the list read again: its query, and its answer.
    Again(weeek_api::ListQuery, Result<Vec<Organization>, ApiError>),
    Deleted(Result<(), ApiError>),
    /// The organization read after the delete's answer was lost.
    DeleteRead(Result<Box<Organization>, ApiError>),
    /// The organization the form sent.
    Created(Result<Box<Organization>, ApiError>),
    /// A page of the look for one whose answer was lost.
    Found(Result<Vec<Organization>, ApiError>),
    /// Change `n` of an edit.
    Edited(u64, Result<OrgEdited, ApiError>),
    /// The edited organization, read after an answer was lost.
    EditRead(Result<Box<Organization>, ApiError>),
    /// Link write `n`, or its read-back.
    Link(u64, Settled<Organization>),
    /// A page of every contact, for the contact picker.
    Contacts(Result<Vec<Contact>, ApiError>),
    /// A tag created from the tag picker, and a page of the look for one whose answer was lost.
    TagMade(Result<Created, ApiError>),
    TagFound(Result<ChoicePage, ApiError>),
    /// The funnels, each funnel's statuses and each status's deals of the organization in
    /// view, by the number of that organization's reads.
    DealFunnels(u32, Result<Vec<Funnel>, ApiError>),
    DealStatuses(u32, u32, Result<Vec<FunnelStatus>, ApiError>),
    StatusDeals(u32, u32, Result<DealPage, ApiError>),
    /// Organization `id` read again after a change of it left the outbox unsent.
    Outboxed(String, Result<Box<Organization>, ApiError>),
}

fn ask_contacts(cx: &mut ScreenCtx, q: ListQuery, first: bool) {
    if first {
        cx.request_cached(OrgKey::PickContacts, op::Contacts(q), OrgAnswer::Contacts);
    } else {
        cx.request(OrgKey::PickContacts, op::Contacts(q), OrgAnswer::Contacts);
    }
}

impl Default for AllPages<Contact> {
    fn default() -> Self {
        AllPages::new(ask_contacts)
    }
}

#[derive(Debug, Default)]
pub struct OrganizationsState {
    /// The tab is on screen instead of the contact form and list.
    pub shown: bool,
    pub list: OrgList,
    /// The search box with the keyboard, an organization open to read, the form, a link
    /// picker, a question.
    pub layers: layer::OrgLayers,
    /// The deals of the organization in view.
    pub deals: deals::OrgDeals,
    /// An organization whose delete is on its way.
    pub deleting: Option<crate::screen::deleting::Deleting>,
    /// New organizations whose answer was lost and that no look found: sent again, each is
    /// looked for first.
    unsettled: crate::screen::lost_answer::Unsettled<create::OrgLookup>,
    /// The form's draft file (none before the data dir is known).
    draft: Option<DraftFile>,
    /// Every contact, for the contact picker.
    pub contacts: AllPages<Contact>,
    /// Links shown and on their way.
    pub links: Ledger<links::OrgLinks>,
    /// A tag being created from the tag picker.
    pub creating_tag: Option<crate::screen::choices::create::Creating>,
    /// Said once the screen is shown: a draft restored at start, or one that could not be read.
    found_note: Option<(ToastKind, String)>,
}

/// Lines of an organization read in full: name and id, one per address, e-mail, phone and
/// contact, the tags on one, then when it was created and changed.
pub fn detail_rows(o: &Organization, deals: &deals::OrgDeals) -> usize {
    2 + deals.lines()
        + o.addresses.len()
        + o.emails.len()
        + o.phones.len()
        + o.contacts.len()
        + usize::from(!o.tags.is_empty())
        + usize::from(o.created_at.is_some())
        + usize::from(o.updated_at.is_some())
}

impl OrganizationsState {
    /// The name of organization `id` if the tab has it: in its list, among those created
    /// here, or open to read.
    pub fn known_name(&self, id: &str) -> Option<String> {
        let open = self.layers.viewing().filter(|o| o.id == id);
        open.or_else(|| self.list.find(id))
            .or_else(|| self.list.created.iter().find(|o| o.id == id))
            .map(Organization::display_name)
    }

    /// The organizations made here: those created since the start, and those whose create
    /// waits in the outbox (under their local keys, after a restart too, whether or not the
    /// tab was shown).
    pub fn made_here(&self, offline: &crate::screen::offline::Offline) -> Vec<Organization> {
        use crate::outbox::{Change, New, local_key};
        let mut made = self.list.created.clone();
        for e in offline.entries() {
            let (Change::Create(New::Organization(o)), Some(local), None) =
                (&e.change, e.item.local, &e.item.id)
            else {
                continue;
            };
            let key = local_key(local);
            if !made.iter().any(|m| m.id == key) {
                made.push(crate::outbox::organization::shown(key, o, e.created_at));
            }
        }
        made
    }

    /// The tab keeping its form's draft in `data_dir`; no draft is read (see [`Self::load`]).
    pub fn new(data_dir: &Path) -> Self {
        Self {
            draft: Some(DraftFile::new(Draft::path(data_dir))),
            ..Self::default()
        }
    }

    /// Reads the form's draft, restoring it into the form. Called once at start-up.
    pub fn load(data_dir: &Path) -> Self {
        let mut s = Self::new(data_dir);
        match Draft::load(data_dir) {
            Found::None => {}
            Found::Draft(d) => {
                let form = OrgForm::from_values(&d.values);
                let edit = d
                    .edit
                    .as_ref()
                    .map(|base| save::Session::new(base.to_organization(&Organization::default())));
                let name = match d.values.name.trim() {
                    "" => "no name yet".to_string(),
                    n => n.to_string(),
                };
                s.found_note = Some((
                    ToastKind::Info,
                    format!("An organization draft was restored ({name}): Alt-o shows it"),
                ));
                if let Some(f) = &mut s.draft {
                    f.adopt(d.to_json());
                }
                let fs = save::FormState::new(form, edit);
                s.layers.push(layer::Layer::Form(Box::new(fs)));
            }
            Found::Unreadable { kept, reason } => {
                s.found_note = Some((
                    ToastKind::Error,
                    format!(
                        "The organization draft could not be read ({reason}); kept as {}",
                        kept.display()
                    ),
                ));
            }
        }
        s
    }

    /// What was found on disk at start, said once.
    pub fn announce(&mut self, cx: &mut ScreenCtx) {
        if let Some((kind, text)) = self.found_note.take() {
            cx.toast(kind, text);
        }
    }

    /// Writes the form's draft when it differs from the file; removes it when the form holds
    /// nothing worth keeping.
    pub(super) fn flush_draft(&mut self, cx: &mut ScreenCtx) {
        let Some(file) = &mut self.draft else {
            return;
        };
        match self.layers.form() {
            Some(fs) if fs.has_changes() => {
                let d = draft::Draft {
                    version: 1,
                    values: fs.values(),
                    edit: fs.edit.as_ref().map(|e| e.base.clone()),
                };
                file.save(d.to_json(), cx);
            }
            _ => file.clear(cx),
        }
    }

    /// What quitting now would leave unconfirmed.
    pub fn unsaved(&self) -> Option<String> {
        let fs = self.layers.form()?;
        match fs.phase {
            save::Phase::Saving { .. } | save::Phase::Updating => {
                Some("An organization is being saved; its answer would not be seen.".into())
            }
            save::Phase::Checking(_) => Some(
                "An organization whose answer was lost may have been saved; it is not confirmed yet."
                    .into(),
            ),
            // Kept as a draft all the same, but a quit must not drop the form unasked.
            save::Phase::Editing if fs.has_changes() => {
                Some("The organization form has unsaved input (kept as a draft).".into())
            }
            save::Phase::Editing => None,
        }
    }

    /// `n`: a blank form (or the one kept open).
    fn new_form(&mut self, cx: &mut ScreenCtx) {
        if self.layers.form().is_none() {
            let fs = save::FormState::new(OrgForm::default(), None);
            self.layers.push(layer::Layer::Form(Box::new(fs)));
            self.flush_draft(cx);
        }
    }

    pub(super) fn close_form(&mut self, cx: &mut ScreenCtx) {
        self.give_up_look();
        self.layers
            .retain(|l| !matches!(l, layer::Layer::Form(_) | layer::Layer::AskClose));
        self.flush_draft(cx);
    }

    fn list_rows(cx: &ScreenCtx) -> usize {
        cx.viewport.organizations.list_rows
    }

    /// The pages of the list on screen read again, in place, and the deals of the organization
    /// in view (a refresh; `said`: `r`, the header saying so).
    pub fn refresh(&mut self, said: bool, cx: &mut ScreenCtx) {
        let rows = Self::list_rows(cx);
        self.list.refresh(said, cx, rows);
        // The deals of the organization in view, too.
        if self.layers.viewing().is_some() {
            self.reread_deals(cx);
        }
    }

    /// When the oldest of the store's copies on screen was read: the list's, the deals of
    /// the organization in view; `None` when all is the service's.
    pub fn cached_since(&self) -> Option<time::OffsetDateTime> {
        let deals = self
            .layers
            .viewing()
            .and_then(|_| self.deals.cached_since());
        [self.list.cached, deals].into_iter().flatten().min()
    }

    /// An organization opened from elsewhere (a deal): read in full over whatever the tab
    /// had, which closing it goes back to; a question open stays over it, answered first.
    pub fn show_linked(&mut self, org: Box<Organization>, cx: &mut ScreenCtx) {
        self.layers
            .push_beneath(layer::Layer::View { org, scroll: 0 }, |l| {
                matches!(l, layer::Layer::AskDelete { .. } | layer::Layer::AskClose)
            });
        self.ensure_deals(cx);
    }

    /// `Alt-o` on the contacts screen: shows or hides the tab; the list loads when first shown.
    pub fn toggle(&mut self, cx: &mut ScreenCtx) {
        self.shown = !self.shown;
        if self.shown {
            self.list.ensure_loaded(cx);
        }
    }

    pub fn contexts(&self) -> Vec<Context> {
        self.route().contexts
    }

    pub const HELP_CONTEXTS: &'static [Context] = &[
        Context::Organizations,
        Context::OrgForm,
        Context::OrgSearch,
        Context::OrgView,
        Context::List,
        Context::Text,
        Context::Confirm,
    ];

    pub fn keyboard_taken(&self) -> bool {
        self.route().keyboard
    }

    pub fn footer_note(&self) -> Option<String> {
        matches!(self.layers.top(), Some(layer::Layer::Search)).then(|| "search".to_string())
    }

    pub fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        (self.route().action)(self, action, cx)
    }

    /// A character typed while a field has the keyboard.
    pub fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        (self.route().char)(self, c, cx)
    }

    pub fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        (self.route().paste)(self, text, cx)
    }

    /// `y` / `n` to closing the form with its changes.
    fn ask_close_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Yes => self.close_form(cx),
            Action::No | Action::Cancel => {
                self.layers.pop();
            }
            _ => return false,
        }
        true
    }

    /// `y` / `n` to the delete.
    fn ask_delete_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if !matches!(action, Action::Yes | Action::No | Action::Cancel) {
            return false;
        }
        if let Some(layer::Layer::AskDelete { id, name }) = self.layers.pop()
            && action == Action::Yes
        {
            if Self::must_queue(&id, cx) {
                self.queue_delete(id, name, cx);
            } else {
                deleting::send(self, id, name, cx);
            }
        }
        true
    }

    /// The verbs that act on the organization in view, or on the one under the cursor.
    fn verb_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Delete => deleting::ask(self, cx),
            Action::Edit => self.start_edit(cx),
            Action::LinkContacts => self.open_links(links::LinkKind::Contacts, cx),
            Action::LinkTags => self.open_links(links::LinkKind::Tags, cx),
            _ => return false,
        }
        true
    }

    /// An organization read in full: it scrolls and closes, and takes the verbs.
    fn view_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.verb_action(action, cx) {
            return true;
        }
        if action == Action::Refresh {
            self.refresh(true, cx);
            return true;
        }
        let Some(layer::Layer::View { org, scroll }) = self.layers.top_mut() else {
            return false;
        };
        // Read only: it closes or scrolls, nothing else.
        let page = cx.viewport.organizations.view_rows;
        let lines = detail_rows(org, &self.deals).saturating_sub(page) + 1;
        if let Some(to) = scroll::target(action, *scroll, lines, page) {
            *scroll = scroll::clamp(to, lines);
        } else if action == Action::Cancel {
            self.layers.pop();
        } else {
            return false;
        }
        true
    }

    /// The search box has the keyboard.
    fn search_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Accept => {
                self.layers.pop();
            }
            Action::Clear => {
                self.layers.pop();
                self.list.clear_search(cx);
            }
            Action::Text(edit) => {
                let before = self.list.search.value().to_string();
                self.list.search.edit(edit);
                if self.list.search.value() != before {
                    self.list.search_changed(cx);
                }
            }
            a => return self.move_cursor(a, cx),
        }
        true
    }

    /// The list, no layer over it.
    fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.verb_action(action, cx) {
            return true;
        }
        match action {
            Action::Search => self.layers.push(layer::Layer::Search),
            Action::NewBlank => self.new_form(cx),
            Action::Open => match self.list.current() {
                Some(o) => {
                    let org = Box::new(o.clone());
                    self.layers.push(layer::Layer::View { org, scroll: 0 });
                    self.ensure_deals(cx);
                }
                None => return false,
            },
            Action::Refresh => self.refresh(true, cx),
            Action::Back => return self.list.clear_search(cx),
            a => return self.move_cursor(a, cx),
        }
        true
    }

    fn move_cursor(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let rows = Self::list_rows(cx);
        self.list.move_by(action, cx, rows)
    }

    fn search_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.list.search.insert(c) {
            self.list.search_changed(cx);
        }
        true
    }

    fn search_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        self.list.search.paste(text);
        self.list.search_changed(cx);
        true
    }

    /// Pasted text on the list goes into the search, opening it.
    fn list_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        self.layers.push(layer::Layer::Search);
        self.search_paste(text, cx)
    }

    pub fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        self.list.on_tick(cx)
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.list.next_deadline()
    }

    pub fn on_resize(&mut self, cx: &mut ScreenCtx) {
        let rows = Self::list_rows(cx);
        self.list.fix_scroll(rows);
    }

    /// An accepted answer to one of this tab's requests.
    pub fn on_answer(&mut self, answer: OrgAnswer, cx: &mut ScreenCtx) {
        use OrgAnswer as A;
        match answer {
            A::DealFunnels(g, result) => self.on_deal_funnels(g, result, cx),
            A::DealStatuses(g, f, result) => self.on_deal_statuses(g, f, result, cx),
            A::StatusDeals(g, s, result) => self.on_status_deals(g, s, result, cx),
            A::Outboxed(id, result) => self.on_reread(&id, result, cx),
            A::List(result) => {
                let rows = Self::list_rows(cx);
                self.list.on_reply(result, cx, rows);
                // A page read while links were on their way predates them.
                let mut shown = links::OnScreen {
                    list: &mut self.list,
                    layers: &mut self.layers,
                    rows,
                };
                self.links.reapply(&mut shown, cx);
            }
            A::Again(query, result) => {
                let rows = Self::list_rows(cx);
                self.list.on_read_again(query, result, cx, rows);
                let mut shown = links::OnScreen {
                    list: &mut self.list,
                    layers: &mut self.layers,
                    rows,
                };
                self.links.reapply(&mut shown, cx);
            }
            A::Link(n, settled) => self.on_link_answer(n, settled, cx),
            A::Contacts(result) => self.on_contacts_page(result, cx),
            A::TagMade(result) => choice_create::on_created(self, result, cx),
            A::TagFound(result) => choice_create::on_found(self, result, cx),
            A::Deleted(result) => deleting::on_answer(self, result, cx),
            A::DeleteRead(result) => deleting::on_read_back(self, result.map(|o| *o), cx),
            A::Created(result) => {
                form_create::on_answer(self, result.map(|o| *o), cx);
                self.flush_draft(cx);
            }
            A::Found(result) => {
                form_create::on_looked(self, result, cx);
                self.flush_draft(cx);
            }
            A::Edited(n, result) => record_edit::on_answer(self, n, result, cx),
            A::EditRead(result) => record_edit::on_read_back(self, result.map(|o| *o), cx),
        }
    }
}
