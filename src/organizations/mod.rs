//! The organizations tab of the contacts screen: the service's organizations, searched and
//! paged, one of them read in full, and the form that creates (`n`) or edits (`e`) one.
//! `Alt-o` switches between it and the contact form.

pub mod create;
pub mod deals;
pub mod delete;
pub mod draft;
pub mod form;
pub mod form_keys;
#[cfg(test)]
mod form_tests;
pub mod links;
#[cfg(test)]
mod links_tests;
pub mod list;
pub mod save;
#[cfg(test)]
pub(crate) mod tests;

use std::path::Path;
use std::time::Instant;

use weeek_api::models::{Contact, Funnel, FunnelStatus, Organization};
use weeek_api::{ApiError, DealPage, ListQuery};

use crate::app::ScreenCtx;
use crate::app::all_pages::AllPages;
use crate::app::commands::{Action, Context};
use crate::app::draft_file::{DraftFile, Found};
use crate::app::ledger::{Ledger, Settled};
use crate::app::toast::ToastKind;
use crate::contacts::create_choice::{ChoicePage, Created};
use crate::widgets::scroll;
use crate::worker::{OrgEdited, op};
use form::OrgForm;
use list::OrgList;

/// The requests of the organizations tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrgKey {
    /// A page of the organization list.
    List,
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
}

/// The answers of the organizations tab, one per kind of request.
#[derive(Debug)]
pub enum OrgAnswer {
    List(Result<Vec<Organization>, ApiError>),
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
}

fn ask_contacts(cx: &mut ScreenCtx, q: ListQuery) {
    cx.request(OrgKey::PickContacts, op::Contacts(q), OrgAnswer::Contacts);
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
    /// An organization of the list opened to read, and its first line in view.
    pub viewing: Option<(Organization, usize)>,
    /// The deals of the organization in view.
    pub deals: deals::OrgDeals,
    /// `D` asks first: the id and name of the organization asked about.
    pub ask_delete: Option<(String, String)>,
    /// An organization whose delete is on its way.
    pub deleting: Option<crate::app::deleting::Deleting>,
    /// The form, while open (it has the keys).
    pub form: Option<save::FormState>,
    /// New organizations whose answer was lost and that no look found: sent again, each is
    /// looked for first.
    unsettled: crate::app::lost_answer::Unsettled<create::OrgLookup>,
    /// `Esc` on a form with changes asks before they go.
    pub ask_close: bool,
    /// The form's draft file (none before the data dir is known).
    draft: Option<DraftFile>,
    /// The contacts or tags picker of an organization, while open.
    pub link_picker: Option<links::LinkPicker>,
    /// Every contact, for the contact picker.
    pub contacts: AllPages<Contact>,
    /// Links shown and on their way.
    pub links: Ledger<links::OrgLinks>,
    /// A tag being created from the tag picker.
    pub creating_tag: Option<crate::contacts::create_choice::Creating>,
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
        let open = self.viewing.as_ref().map(|(o, _)| o).filter(|o| o.id == id);
        open.or_else(|| self.list.find(id))
            .or_else(|| self.list.created.iter().find(|o| o.id == id))
            .map(Organization::display_name)
    }

    /// The tab keeping its form's draft in `data_dir`; no draft is read (see [`Self::load`]).
    pub fn new(data_dir: &Path) -> Self {
        Self {
            draft: Some(DraftFile::new(draft::path(data_dir))),
            ..Self::default()
        }
    }

    /// Reads the form's draft, restoring it into the form. Called once at start-up.
    pub fn load(data_dir: &Path) -> Self {
        let mut s = Self::new(data_dir);
        match draft::load(data_dir) {
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
                s.form = Some(save::FormState::new(form, edit));
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
        match &self.form {
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
        let fs = self.form.as_ref()?;
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
        if self.form.is_none() {
            self.form = Some(save::FormState::new(OrgForm::default(), None));
            self.flush_draft(cx);
        }
    }

    pub(super) fn close_form(&mut self, cx: &mut ScreenCtx) {
        self.give_up_look();
        self.form = None;
        self.ask_close = false;
        self.flush_draft(cx);
    }

    fn list_rows(cx: &ScreenCtx) -> usize {
        cx.viewport.organizations.list_rows
    }

    /// `Alt-o` on the contacts screen: shows or hides the tab; the list loads when first shown.
    pub fn toggle(&mut self, cx: &mut ScreenCtx) {
        self.shown = !self.shown;
        if self.shown {
            self.list.ensure_loaded(cx);
        }
    }

    pub fn contexts(&self) -> Vec<Context> {
        if self.ask_delete.is_some() || self.ask_close {
            return vec![Context::Confirm];
        }
        if self.link_picker.is_some() {
            // Contacts and tags: always several.
            return vec![Context::MultiPicker, Context::Picker, Context::Text];
        }
        if let Some(fs) = &self.form {
            // While a save is out the form is locked: its keys say to wait.
            if fs.phase.is_busy() {
                return vec![Context::OrgForm];
            }
            return vec![Context::OrgForm, Context::Text];
        }
        if self.viewing.is_some() {
            return vec![Context::OrgView, Context::List];
        }
        if self.list.searching {
            return vec![Context::OrgSearch, Context::Text, Context::List];
        }
        vec![Context::Organizations, Context::List]
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
        if self.ask_delete.is_some() || self.ask_close {
            return false;
        }
        self.link_picker.is_some()
            || self.form.is_some()
            || (self.viewing.is_none() && self.list.searching)
    }

    pub fn footer_note(&self) -> Option<String> {
        if self.form.is_some() || self.link_picker.is_some() {
            return None;
        }
        (self.viewing.is_none() && self.list.searching).then(|| "search".to_string())
    }

    pub fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.ask_close {
            match action {
                Action::Yes => self.close_form(cx),
                Action::No | Action::Cancel => self.ask_close = false,
                _ => return false,
            }
            return true;
        }
        if self.link_picker.is_some() {
            self.link_picker_action(action, cx);
            return true;
        }
        if self.form.is_some() {
            return self.form_action(action, cx);
        }
        if let Some((id, name)) = self.ask_delete.take() {
            match action {
                Action::Yes => self.delete(id, name, cx),
                Action::No | Action::Cancel => {}
                _ => {
                    self.ask_delete = Some((id, name));
                    return false;
                }
            }
            return true;
        }
        if action == Action::Delete && !self.list.searching {
            self.ask_delete(cx);
            return true;
        }
        if action == Action::Edit && !self.list.searching {
            self.start_edit(cx);
            return true;
        }
        if matches!(action, Action::LinkContacts | Action::LinkTags) && !self.list.searching {
            let kind = if action == Action::LinkContacts {
                links::LinkKind::Contacts
            } else {
                links::LinkKind::Tags
            };
            self.open_links(kind, cx);
            return true;
        }
        if self.viewing.is_some() && action == Action::Refresh {
            self.list.reload(cx);
            self.reread_deals(cx);
            return true;
        }
        if let Some((o, top)) = &mut self.viewing {
            // Read only: it closes or scrolls, nothing else.
            let page = cx.viewport.organizations.view_rows;
            let lines = detail_rows(o, &self.deals).saturating_sub(page) + 1;
            if let Some(to) = scroll::target(action, *top, lines, page) {
                *top = scroll::clamp(to, lines);
            } else if action == Action::Cancel {
                self.viewing = None;
            } else {
                return false;
            }
            return true;
        }
        if self.list.searching {
            match action {
                Action::Accept => self.list.searching = false,
                Action::Clear => {
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
            return true;
        }
        match action {
            Action::Search => self.list.searching = true,
            Action::NewBlank => self.new_form(cx),
            Action::Open => match self.list.current() {
                Some(o) => {
                    self.viewing = Some((o.clone(), 0));
                    self.ensure_deals(cx);
                }
                None => return false,
            },
            Action::Refresh => self.list.reload(cx),
            Action::Back => return self.list.clear_search(cx),
            a => return self.move_cursor(a, cx),
        }
        true
    }

    fn move_cursor(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let rows = Self::list_rows(cx);
        self.list.move_by(action, cx, rows)
    }

    /// A character typed while the search box has the keyboard.
    pub fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.ask_close || self.ask_delete.is_some() {
            return false;
        }
        if self.link_picker.is_some() {
            return self.link_picker_char(c);
        }
        if self.form.is_some() {
            return self.form_char(c, cx);
        }
        if self.viewing.is_some() || !self.list.searching {
            return false;
        }
        if self.list.search.insert(c) {
            self.list.search_changed(cx);
        }
        true
    }

    /// Pasted text goes into the search, opening it.
    pub fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.ask_close || self.ask_delete.is_some() {
            return false;
        }
        if let Some(lp) = &mut self.link_picker {
            match &mut lp.picker {
                Some(p) => p.paste(text),
                None => lp.pending_query.push_str(&crate::text::one_line(text)),
            }
            return true;
        }
        if self.form.is_some() {
            return self.form_paste(text, cx);
        }
        if self.viewing.is_some() {
            return false;
        }
        self.list.searching = true;
        self.list.search.paste(text);
        self.list.search_changed(cx);
        true
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
            A::List(result) => {
                let rows = Self::list_rows(cx);
                self.list.on_reply(result, cx, rows);
                // A page read while links were on their way predates them.
                let mut shown = links::OnScreen {
                    list: &mut self.list,
                    viewing: &mut self.viewing,
                    rows,
                };
                self.links.reapply(&mut shown, cx);
            }
            A::Link(n, settled) => self.on_link_answer(n, settled, cx),
            A::Contacts(result) => self.on_contacts_page(result, cx),
            A::TagMade(result) => self.on_tag_created(result, cx),
            A::TagFound(result) => self.on_tag_found(result, cx),
            A::Deleted(result) => self.on_delete_reply(result, cx),
            A::DeleteRead(result) => self.on_delete_read_back(result.map(|o| *o), cx),
            A::Created(result) => {
                self.on_create_reply(result.map(|o| *o), cx);
                self.flush_draft(cx);
            }
            A::Found(result) => {
                self.on_find_reply(result, cx);
                self.flush_draft(cx);
            }
            A::Edited(n, result) => self.on_edit_reply(n, result, cx),
            A::EditRead(result) => self.on_edit_read(result.map(|o| *o), cx),
        }
    }
}
