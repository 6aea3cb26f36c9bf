//! The contacts screen: fast entry of one contact after another, with the list beside it.
//! The screen opens on the list, as every screen does, so its keys are the app's keys (`?`,
//! `q`, `/`, `Tab`); `n`, `i` or `Enter` on a field go into the form. While a field has the
//! keyboard, letters and digits type (the field's contexts bind only keys that type nothing)
//! and `Esc` leaves it; the form is kept as a draft file on every change and offered back at
//! the next start.

pub mod create_choice;
pub mod delete;
pub mod draft;
pub mod edit;
#[cfg(test)]
mod edit_tests;
pub mod form;
mod keys;
pub mod list;
pub mod pickers;
pub mod submit;
#[cfg(test)]
pub(crate) mod tests;

use crate::app::checked_form::CheckedForm;
use std::path::PathBuf;
use std::time::Instant;

use crate::app::commands::{Action, Context};
use crate::app::draft_file::DraftFile;
use crate::app::screen::ScreenState;
use crate::app::toast::ToastKind;
use crate::app::{ScreenCtx, Target};
use weeek_api::ApiError;
use weeek_api::models::{Contact, Organization};

use crate::worker::Edited;
use create_choice::{ChoicePage, Created};
use draft::{Draft, Found};
use form::{Field, Form};
use list::ContactList;
use pickers::{FormPicker, Organizations};
use submit::{Failure, Phase};

/// The requests of the contacts screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactKey {
    /// A page of the contact list.
    List,
    /// A page of the organizations, for the picker.
    Orgs,
    /// The contact the form sends.
    Create,
    /// The look for a contact whose answer was lost.
    Find,
    /// An organization or a tag created from its picker.
    CreateChoice,
    /// The look for one whose answer was lost.
    FindChoice,
    /// A contact deleted with `D`.
    Delete,
    /// The read of it after the delete's answer was lost.
    DeleteRead,
    /// Change number n of a saved contact being edited.
    Edit(u64),
    /// The read of the edited contact after an answer was lost.
    EditRead,
}

/// The answers of the contacts screen, one per kind of request.
#[derive(Debug)]
pub enum ContactAnswer {
    /// A page of the contact list.
    List(Result<Vec<Contact>, ApiError>),
    /// A page of the organizations, for the picker.
    Orgs(Result<Vec<Organization>, ApiError>),
    /// The contact the form sent.
    Created(Result<Box<Contact>, ApiError>),
    /// A page of the look for a contact whose answer was lost.
    Found(Result<Vec<Contact>, ApiError>),
    /// An organization or a tag created from its picker.
    ChoiceCreated(Result<Created, ApiError>),
    /// A page of the look for one whose answer was lost.
    ChoiceFound(Result<ChoicePage, ApiError>),
    Deleted(Result<(), ApiError>),
    /// The contact read after the delete's answer was lost.
    DeleteRead(Result<Box<Contact>, ApiError>),
    /// Change `n` of a saved contact being edited.
    Edited(u64, Result<Edited, ApiError>),
    /// The edited contact, read after an answer was lost.
    EditRead(Result<Box<Contact>, ApiError>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pane {
    #[default]
    Form,
    List,
}

/// A question of this screen, answered before anything else on it.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    /// A draft from an earlier run: restore it or discard it.
    Restore(Draft),
    /// Clear a form that has input (`keep`: keep organizations and tags).
    Discard { keep: bool },
    /// Delete this contact.
    Delete { id: String, name: String },
}

#[derive(Debug)]
pub struct ContactsState {
    pub data_dir: PathBuf,
    pub form: Form,
    /// A form field has the keyboard (else keys go to the keymap: `q`, digits, `j/k`).
    pub editing: bool,
    pub pane: Pane,
    pub phase: Phase,
    pub failure: Option<Failure>,
    pub list: ContactList,
    pub orgs: Organizations,
    pub picker: Option<FormPicker>,
    /// The first detail line of the saved contact in view.
    pub saved_scroll: usize,
    /// A contact of the list opened to read every field, and its first line in view.
    pub viewing: Option<(weeek_api::models::Contact, usize)>,
    /// An organization or a tag being created from its picker.
    pub creating: Option<create_choice::Creating>,
    /// Contacts whose answer was lost and that no look found: sent again, each is looked for
    /// first.
    unsettled: crate::app::lost_answer::Unsettled<submit::ContactLookup>,
    /// What is sent once the look before a send again (`Phase::Checking`) finds nothing.
    resend: Option<(form::Sent, Box<weeek_api::NewContact>)>,
    pub ask: Option<Ask>,
    /// A contact whose delete is on its way.
    pub deleting: Option<crate::app::deleting::Deleting>,
    /// The organizations tab (`Alt-o`): while shown it has the keys.
    pub organizations: crate::organizations::OrganizationsState,
    /// The form edits this saved contact (else it makes a new one).
    pub edit: Option<edit::Session>,
    /// The draft file.
    draft: DraftFile,
    /// Said at start what was found on disk (a toast needs the first message's clock).
    found_note: Option<(ToastKind, String)>,
}

impl ContactsState {
    /// An empty screen; no draft is looked for (see [`ContactsState::load`]).
    pub fn new(data_dir: PathBuf) -> Self {
        Self::with_found(data_dir, Found::None)
    }

    /// Reads the draft file. Called once at start-up, before the event loop: the app's
    /// `update` never touches the disk.
    pub fn load(data_dir: PathBuf) -> Self {
        let found = draft::load(&data_dir);
        let organizations = crate::organizations::OrganizationsState::load(&data_dir);
        Self {
            organizations,
            ..Self::with_found(data_dir, found)
        }
    }

    fn with_found(data_dir: PathBuf, found: Found) -> Self {
        let draft_file = draft::path(&data_dir);
        let orgs_dir = data_dir.clone();
        let mut s = Self {
            data_dir,
            form: Form::default(),
            editing: false,
            pane: Pane::List,
            phase: Phase::Editing,
            failure: None,
            list: ContactList::default(),
            orgs: Organizations::new(pickers::ask_orgs),
            picker: None,
            saved_scroll: 0,
            viewing: None,
            creating: None,
            unsettled: Default::default(),
            resend: None,
            ask: None,
            deleting: None,
            organizations: crate::organizations::OrganizationsState::new(&orgs_dir),
            edit: None,
            draft: DraftFile::new(draft_file),
            found_note: None,
        };
        match found {
            Found::None => {}
            Found::Draft(d) => {
                s.found_note = Some((
                    ToastKind::Info,
                    format!(
                        "A contact draft was found ({}): Alt-3 to restore it",
                        d.summary()
                    ),
                ));
                s.draft.adopt(d.to_json());
                s.ask = Some(Ask::Restore(d));
            }
            Found::Unreadable { kept, reason } => {
                s.found_note = Some((
                    ToastKind::Error,
                    format!(
                        "The contact draft could not be read ({reason}); kept as {}",
                        kept.display()
                    ),
                ));
            }
        }
        s
    }

    pub fn draft_path(&self) -> PathBuf {
        self.draft.path().clone()
    }

    /// Contact rows the list shows at the current size.
    pub fn list_rows(&self, cx: &ScreenCtx) -> usize {
        cx.viewport.contacts.list_rows
    }

    fn announce(&mut self, cx: &mut ScreenCtx) {
        if let Some((kind, text)) = self.found_note.take() {
            cx.toast(kind, text);
        }
        self.organizations.announce(cx);
    }

    // ----- the draft -------------------------------------------------------------------------

    /// The form changed: the draft is written now (the runtime lets the write land before it
    /// draws the key), so a `kill -9` right after typing loses nothing. A burst of keys costs
    /// nothing extra: the file writer keeps only the newest text of a file.
    fn changed(&mut self, cx: &mut ScreenCtx) {
        self.flush_draft(cx);
    }

    /// Writes the draft now if it differs from the file (or removes the file when the form
    /// holds nothing).
    pub fn flush_draft(&mut self, cx: &mut ScreenCtx) {
        if matches!(self.ask, Some(Ask::Restore(_))) {
            // The file still holds the offered draft: never overwrite it before an answer.
            return;
        }
        if !self.form.has_input() {
            self.clear_draft(cx);
            return;
        }
        let mut draft = Draft::from_form(&self.form);
        draft.edit = self.edit.as_ref().map(|e| Box::new(e.base.clone()));
        let json = draft.to_json();
        self.draft.save(json, cx);
    }

    fn clear_draft(&mut self, cx: &mut ScreenCtx) {
        self.draft.clear(cx);
    }

    /// Whether the draft on disk matches the form (for the "draft saved" mark).
    pub fn draft_saved(&self) -> bool {
        self.draft.is_saved()
    }

    // ----- the form --------------------------------------------------------------------------

    /// Starts a new contact, keeping organizations and tags when `keep`.
    fn new_form(&mut self, keep: bool, cx: &mut ScreenCtx) {
        self.give_up_look();
        self.form = if keep {
            self.form.keeping_companies()
        } else {
            Form::default()
        };
        self.edit = None;
        self.phase = Phase::Editing;
        self.failure = None;
        self.pane = Pane::Form;
        self.editing = true;
        self.flush_draft(cx);
    }

    /// `n` / `N`: straight away after a save or on an empty form, else after asking.
    fn ask_new(&mut self, keep: bool, cx: &mut ScreenCtx) {
        match &self.phase {
            Phase::Saving { .. } | Phase::Updating => {}
            // Looking for a contact whose answer was lost: wait for the verdict; once a look
            // has failed, starting over is the way to give up on it.
            Phase::Checking(lost) if lost.is_looking() => {}
            Phase::Checking(_) => self.ask = Some(Ask::Discard { keep }),
            Phase::Saved(_) => self.new_form(keep, cx),
            Phase::Editing if !self.form.has_input() => {
                if keep {
                    self.new_form(true, cx);
                } else {
                    self.pane = Pane::Form;
                    self.editing = true;
                    self.form.focus = Field::FirstName;
                }
            }
            Phase::Editing => self.ask = Some(Ask::Discard { keep }),
        }
    }

    /// Moves the focus, checking the field that was left.
    fn step(&mut self, delta: isize, cx: &mut ScreenCtx) {
        let left = self.form.step(delta);
        if left != self.form.focus {
            self.form.leave(left);
            self.flush_draft(cx);
        }
    }

    fn focus_to(&mut self, f: Field, cx: &mut ScreenCtx) {
        let left = self.form.focus;
        self.form.focus = f;
        if left != f {
            self.form.leave(left);
            self.flush_draft(cx);
        }
    }

    /// A save or a look for a lost answer is on its way: the form takes no input (typing
    /// right after a save must not turn into commands either).
    fn locked(&self) -> bool {
        self.pane == Pane::Form
            && match &self.phase {
                Phase::Saving { .. } | Phase::Updating => true,
                Phase::Checking(lost) => lost.is_looking(),
                _ => false,
            }
    }

    fn switch_pane(&mut self, cx: &mut ScreenCtx) {
        self.pane = match self.pane {
            Pane::Form => Pane::List,
            Pane::List => Pane::Form,
        };
        match self.pane {
            Pane::List => {
                if self.editing {
                    let f = self.form.focus;
                    self.form.leave(f);
                    self.flush_draft(cx);
                }
                self.editing = false;
                self.list.ensure_loaded(cx);
                let rows = self.list_rows(cx);
                self.list.fix_scroll(rows);
            }
            Pane::Form => {
                self.list.searching = false;
                self.editing = self.phase == Phase::Editing;
            }
        }
    }

    fn list_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let rows = self.list_rows(cx);
        self.list.move_by(action, cx, rows)
    }

    fn form_nav_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let fields = self.form.fields();
        match action {
            Action::Down => self.step(1, cx),
            Action::Up => self.step(-1, cx),
            Action::Top => self.focus_to(fields[0], cx),
            Action::Bottom => self.focus_to(fields[fields.len() - 1], cx),
            Action::PageDown | Action::HalfDown => self.step(4, cx),
            Action::PageUp | Action::HalfUp => self.step(-4, cx),
            _ => return false,
        }
        true
    }

    pub fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.pane == Pane::List && self.list.searching && self.search_action(action, cx) {
            return true;
        }
        if self.pane == Pane::Form
            && self.phase == Phase::Editing
            && self.editing
            && self.field_action(action, cx)
        {
            return true;
        }
        if let (Pane::Form, Phase::Saved(c)) = (self.pane, &self.phase) {
            let page = cx.viewport.contacts.saved_rows;
            let max = contact_rows(c, false).saturating_sub(page);
            if let Some(to) =
                crate::widgets::scroll::target(action, self.saved_scroll, max + 1, page)
            {
                self.saved_scroll = crate::widgets::scroll::clamp(to, max + 1);
                return true;
            }
        }
        match action {
            Action::Submit => {
                if self.pane == Pane::List && self.phase == Phase::Editing {
                    self.switch_pane(cx);
                }
                self.submit(cx);
            }
            Action::AddRow if self.phase == Phase::Editing => {
                self.pane = Pane::Form;
                let left = self.form.focus;
                self.form.add_row();
                self.form.leave(left);
                self.editing = true;
                self.flush_draft(cx);
            }
            Action::RemoveRow if self.phase == Phase::Editing => {
                if self.form.remove_row() {
                    self.changed(cx);
                } else {
                    cx.toast(
                        ToastKind::Info,
                        "Move to an e-mail or phone row to remove it",
                    );
                }
            }
            Action::AddRow | Action::RemoveRow => {}
            Action::SwitchPane => self.switch_pane(cx),
            Action::NewBlank => self.ask_new(false, cx),
            Action::NewKeep => self.ask_new(true, cx),
            Action::EditContact => self.start_edit(cx),
            Action::Open if self.pane == Pane::List => {
                if let Some(c) = self.list.current() {
                    self.viewing = Some((c.clone(), 0));
                }
            }
            Action::Open if self.pane == Pane::Form && self.phase == Phase::Editing => {
                self.editing = true;
            }
            Action::Search => {
                if self.pane == Pane::Form {
                    self.switch_pane(cx);
                }
                self.list.searching = true;
            }
            Action::Refresh => {
                self.list.reload(cx);
                self.orgs.reload(cx);
            }
            Action::Back => return self.back(cx),
            a if self.pane == Pane::List => return self.list_action(a, cx),
            a if self.phase == Phase::Editing => return self.form_nav_action(a, cx),
            _ => return false,
        }
        true
    }

    /// Esc: leave the field, then drop the error message, then clear the list search, then
    /// go back from the list to the form.
    fn back(&mut self, cx: &mut ScreenCtx) -> bool {
        if self.pane == Pane::Form && self.editing {
            self.editing = false;
            let f = self.form.focus;
            self.form.leave(f);
            self.flush_draft(cx);
            return true;
        }
        if self.failure.take().is_some() {
            return true;
        }
        if self.pane == Pane::List {
            if !self.list.clear_search(cx) {
                self.switch_pane(cx);
            }
            return true;
        }
        false
    }

    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, answer: ContactAnswer, cx: &mut ScreenCtx) {
        use ContactAnswer as A;
        match answer {
            A::Created(result) => self.on_create_reply(result.map(|c| *c), cx),
            A::Found(result) => self.on_find_reply(result, cx),
            A::ChoiceCreated(result) => self.on_choice_created(result, cx),
            A::ChoiceFound(result) => self.on_choice_found(result, cx),
            A::Deleted(result) => self.on_delete_reply(result, cx),
            A::DeleteRead(result) => self.on_delete_read_back(result.map(|c| *c), cx),
            A::Edited(n, result) => self.on_edit_reply(n, result, cx),
            A::EditRead(result) => self.on_edit_read(result.map(|c| *c), cx),
            A::List(result) => {
                let rows = self.list_rows(cx);
                self.list.on_reply(result, cx, rows);
            }
            A::Orgs(result) => {
                let complete = self.orgs.on_reply(result, cx);
                if complete {
                    self.refresh_waiting_picker(cx);
                }
            }
        }
    }

    /// A click on a pane gives it the keys; on a contact it also selects the contact, and on
    /// a field it puts the focus there.
    pub fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        if self.ask.is_some() || self.picker.is_some() || self.viewing.is_some() {
            return false;
        }
        let pane = match target {
            Target::ContactsPane(pane) => pane,
            Target::Contact(_) => Pane::List,
            Target::Field(_) => Pane::Form,
            _ => return false,
        };
        if self.pane != pane {
            self.switch_pane(cx);
        }
        match target {
            Target::Contact(idx) if idx < self.list.rows.rows.len() => {
                let rows = self.list_rows(cx);
                self.list.move_to(idx as isize, cx, rows);
            }
            Target::Field(field) if self.phase == Phase::Editing => {
                self.focus_to(field, cx);
                self.editing = true;
            }
            _ => {}
        }
        true
    }
}

/// Detail lines shown for `c`: name and id, two per e-mail and per phone (the value, then its
/// id), then organizations, tags and the creation time when there are any. `every` (the
/// read-only view) adds the three name parts, one line per organization, who created it and
/// when it changed.
pub fn contact_rows(c: &weeek_api::models::Contact, every: bool) -> usize {
    let orgs = if every {
        c.organizations.len()
    } else {
        usize::from(!c.organizations.is_empty())
    };
    let extra = if every {
        3 + usize::from(c.creator_id.is_some()) + usize::from(c.updated_at.is_some())
    } else {
        0
    };
    2 + 2 * c.emails.len()
        + 2 * c.phones.len()
        + orgs
        + usize::from(!c.tags.is_empty())
        + usize::from(c.created_at.is_some())
        + extra
}

impl ContactsState {
    /// A contact or organization opened from elsewhere (a deal): read in full over whatever
    /// the screen had, which closing it goes back to (a form keeps what was typed).
    pub fn show_linked(&mut self, opened: crate::funnels::deal_links::Opened, cx: &mut ScreenCtx) {
        use crate::funnels::deal_links::Opened;
        match opened {
            Opened::Contact(c) => {
                self.organizations.shown = false;
                self.viewing = Some((*c, 0));
            }
            Opened::Organization(o) => {
                if !self.organizations.shown {
                    self.organizations.toggle(cx);
                }
                self.organizations.viewing = Some((*o, 0));
                self.organizations.ensure_deals(cx);
            }
        }
    }
}

impl ScreenState for ContactsState {
    fn contexts(&self) -> Vec<Context> {
        if self.organizations.shown {
            return self.organizations.contexts();
        }
        match &self.ask {
            Some(Ask::Restore(_)) => return vec![Context::Draft],
            Some(Ask::Discard { .. } | Ask::Delete { .. }) => return vec![Context::Confirm],
            None => {}
        }
        if self.viewing.is_some() {
            return vec![Context::ContactView, Context::List];
        }
        if self.picker.is_some() {
            // Organizations and tags: always several.
            return vec![Context::MultiPicker, Context::Picker, Context::Text];
        }
        if self.locked() {
            // No key of the form does anything until the answer, so none is offered.
            return Vec::new();
        }
        if matches!(self.phase, Phase::Checking(_)) && self.pane == Pane::Form {
            // A failed look: save looks again, new gives up and starts over.
            return vec![Context::Contacts];
        }
        match self.pane {
            Pane::List if self.list.searching => vec![
                Context::ContactSearch,
                Context::Text,
                Context::Contacts,
                Context::List,
            ],
            Pane::List => vec![Context::ContactList, Context::Contacts, Context::List],
            // The saved contact's details scroll when they do not fit.
            Pane::Form if matches!(self.phase, Phase::Saved(_)) => {
                vec![Context::Contacts, Context::List]
            }
            Pane::Form if self.phase != Phase::Editing => vec![Context::Contacts],
            Pane::Form if self.editing && self.form.focus.is_text() => vec![
                Context::ContactField,
                Context::Text,
                Context::ContactForm,
                Context::Contacts,
            ],
            Pane::Form if self.editing => vec![
                Context::ContactChoice,
                Context::ContactForm,
                Context::Contacts,
            ],
            Pane::Form => vec![Context::ContactForm, Context::Contacts, Context::List],
        }
    }

    fn help_contexts(&self) -> &'static [Context] {
        if self.organizations.shown {
            return crate::organizations::OrganizationsState::HELP_CONTEXTS;
        }
        &[
            Context::ContactField,
            Context::ContactChoice,
            Context::ContactForm,
            Context::Contacts,
            Context::ContactList,
            Context::ContactView,
            Context::ContactSearch,
            Context::List,
            Context::MultiPicker,
            Context::Picker,
            Context::Text,
            Context::Draft,
            Context::Confirm,
        ]
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        self.announce(cx);
        self.list.ensure_loaded(cx);
        self.orgs.ensure_loaded(cx);
        // Arriving never drops into a field: keys typed on the way (`?`, `q`, Tab) would turn
        // into text. A field left typing when the screen was left is left now (and checked).
        if self.editing {
            self.editing = false;
            let f = self.form.focus;
            self.form.leave(f);
            self.flush_draft(cx);
        }
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.organizations.shown {
            return self.organizations.on_char(c, cx);
        }
        self.type_char(c, cx)
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if action == Action::ToggleOrganizations {
            self.organizations.toggle(cx);
            return true;
        }
        if self.organizations.shown {
            return self.organizations.on_action(action, cx);
        }
        if self.ask.is_some() {
            return self.answer(action, cx);
        }
        if action == Action::Delete && (self.viewing.is_some() || self.pane == Pane::List) {
            self.ask_delete(cx);
            return true;
        }
        if action == Action::EditContact && (self.viewing.is_some() || self.pane == Pane::List) {
            self.start_edit(cx);
            return true;
        }
        if let Some((c, scroll)) = &mut self.viewing {
            // Read only: it closes or scrolls, nothing else.
            let page = cx.viewport.contacts.view_rows;
            let lines = contact_rows(c, true).saturating_sub(page) + 1;
            if let Some(to) = crate::widgets::scroll::target(action, *scroll, lines, page) {
                *scroll = crate::widgets::scroll::clamp(to, lines);
            } else if action == Action::Cancel {
                self.viewing = None;
            }
            return true;
        }
        if self.ask.is_some() {
            return self.answer(action, cx);
        }
        if self.picker.is_some() {
            self.picker_action(action, cx);
            return true;
        }
        ContactsState::on_action(self, action, cx)
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.organizations.shown {
            return self.organizations.on_paste(text, cx);
        }
        self.on_paste_text(text, cx)
    }

    fn on_click(&mut self, target: Target, cx: &mut ScreenCtx) -> bool {
        if self.organizations.shown {
            return false;
        }
        ContactsState::on_click(self, target, cx)
    }

    fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        let contacts = self.list.on_tick(cx);
        self.organizations.on_tick(cx) || contacts
    }

    fn next_deadline(&self) -> Option<Instant> {
        [
            self.list.next_deadline(),
            self.organizations.next_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    fn on_directory_changed(&mut self, cx: &mut ScreenCtx) {
        self.announce(cx);
        self.refresh_waiting_picker(cx);
        self.organizations.refresh_link_picker(cx);
    }

    fn on_resize(&mut self, cx: &mut ScreenCtx) {
        let rows = self.list_rows(cx);
        self.list.fix_scroll(rows);
        self.organizations.on_resize(cx);
    }

    fn unsaved(&self) -> Option<String> {
        if let Some(note) = self.organizations.unsaved() {
            return Some(note);
        }
        match self.phase {
            Phase::Saving { .. } | Phase::Updating => {
                Some("A contact is being saved; its answer would not be seen.".into())
            }
            Phase::Checking(_) => Some(
                "A contact whose answer was lost may have been saved; it is not confirmed yet."
                    .into(),
            ),
            Phase::Editing if self.form.has_input() => {
                Some("The contact form has input (kept as a draft).".into())
            }
            _ => None,
        }
    }

    fn keyboard_taken(&self) -> bool {
        if self.organizations.shown {
            return self.organizations.keyboard_taken();
        }
        self.ask.is_none()
            && self.viewing.is_none()
            && (self.picker.is_some()
                || self.locked()
                || (self.pane == Pane::Form && self.phase == Phase::Editing && self.editing)
                || (self.pane == Pane::List && self.list.searching))
    }

    fn footer_note(&self) -> Option<String> {
        if self.organizations.shown {
            return self.organizations.footer_note();
        }
        if self.ask.is_some() || self.picker.is_some() {
            return None;
        }
        match (&self.phase, self.pane) {
            (Phase::Saving { .. } | Phase::Updating, _) => Some("saving…".into()),
            (Phase::Checking(lost), _) if lost.is_looking() => Some("looking for it…".into()),
            (Phase::Editing, Pane::Form) if self.editing => Some("typing".into()),
            (_, Pane::List) if self.list.searching => Some("search".into()),
            _ => None,
        }
    }
}
