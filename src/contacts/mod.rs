//! The contacts screen: fast entry of one contact after another, with the list beside it.
//! The screen opens on the list, as every screen does, so its keys are the app's keys (`?`,
//! `q`, `/`, `Tab`); `n`, `i` or `Enter` on a field go into the form. While a field has the
//! keyboard, letters and digits type (the field's contexts bind only keys that type nothing)
//! and `Esc` leaves it; the form is kept as a draft file on every change and offered back at
//! the next start.

mod create_choice;
pub mod delete;
pub mod draft;
pub mod edit;
mod edit_changes;
#[cfg(test)]
mod edit_tests;
pub mod form;
mod keys;
pub mod layer;
pub mod list;
mod offline;
#[cfg(test)]
mod offline_tests;
pub mod organizations;
mod panes;
mod pickers;
pub mod submit;
#[cfg(test)]
pub(crate) mod tests;

use crate::screen::checked_form::CheckedForm;
use std::path::PathBuf;
use std::time::Instant;

use crate::keys::commands::{Action, Context};
use crate::screen::ScreenState;
use crate::screen::deleting;
use crate::screen::draft_file::DraftFile;
use crate::screen::form_create;
use crate::screen::jump::Opened;
use crate::screen::record_edit;
use crate::screen::toast::ToastKind;
use crate::screen::{ScreenCtx, Target};
use weeek_api::ApiError;
use weeek_api::models::{Contact, Organization};

use crate::screen::choices::Organizations;
use crate::screen::choices::create::{self as choice_create, ChoicePage, Created};
use crate::worker::Edited;
use draft::{Draft, FormDraft, Found};
use form::Form;
use list::ContactList;
use submit::{Failure, Phase};

/// The requests of the contacts screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContactKey {
    /// A page of the contact list.
    List,
    /// A page of the contact list on screen read again, by its offset.
    Again(u32),
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
    /// A contact read again after change `seq` of it left the outbox unsent.
    Outboxed(i64),
}

impl crate::screen::requests::KeySet for ContactKey {
    type Answer = ContactAnswer;
}

/// The answers of the contacts screen, one per kind of request.
#[derive(Debug)]
pub enum ContactAnswer {
    /// A page of the contact list.
    List(Result<Vec<Contact>, ApiError>),
    /// A page of the contact list read again: its query, and its answer.
    Again(weeek_api::ListQuery, Result<Vec<Contact>, ApiError>),
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
    /// Contact `id` read again after a change of it left the outbox unsent.
    Outboxed(String, Result<Box<Contact>, ApiError>),
}

pub use crate::layout::contacts::Pane;

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
    /// The search box with the keyboard, a field's picker, a contact open to read, a
    /// question.
    pub layers: layer::ContactLayers,
    /// The first detail line of the saved contact in view.
    pub saved_scroll: usize,
    /// An organization or a tag being created from its picker.
    pub creating: Option<choice_create::Creating>,
    /// Contacts whose answer was lost and that no look found: sent again, each is looked for
    /// first.
    unsettled: crate::screen::lost_answer::Unsettled<submit::ContactLookup>,
    /// A contact whose delete is on its way.
    pub deleting: Option<crate::screen::deleting::Deleting>,
    /// The organizations tab (`Alt-o`): while shown it has the keys.
    pub organizations: crate::contacts::organizations::OrganizationsState,
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
        let found = Draft::load(&data_dir);
        let organizations = crate::contacts::organizations::OrganizationsState::load(&data_dir);
        Self {
            organizations,
            ..Self::with_found(data_dir, found)
        }
    }

    fn with_found(data_dir: PathBuf, found: Found) -> Self {
        let draft_file = Draft::path(&data_dir);
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
            layers: Default::default(),
            saved_scroll: 0,
            creating: None,
            unsettled: Default::default(),
            deleting: None,
            organizations: crate::contacts::organizations::OrganizationsState::new(&orgs_dir),
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
                s.layers.push(layer::Layer::Ask(Ask::Restore(d)));
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
        if matches!(self.layers.ask(), Some(Ask::Restore(_))) {
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

    /// An accepted answer to one of this screen's requests.
    pub fn on_answer(&mut self, answer: ContactAnswer, cx: &mut ScreenCtx) {
        use ContactAnswer as A;
        match answer {
            A::Created(result) => form_create::on_answer(self, result.map(|c| *c), cx),
            A::Found(result) => form_create::on_looked(self, result, cx),
            A::ChoiceCreated(result) => choice_create::on_created(self, result, cx),
            A::ChoiceFound(result) => choice_create::on_found(self, result, cx),
            A::Deleted(result) => deleting::on_answer(self, result, cx),
            A::DeleteRead(result) => deleting::on_read_back(self, result.map(|c| *c), cx),
            A::Edited(n, result) => record_edit::on_answer(self, n, result, cx),
            A::EditRead(result) => record_edit::on_read_back(self, result.map(|c| *c), cx),
            A::Outboxed(id, result) => self.on_reread(&id, result, cx),
            A::List(result) => {
                let rows = self.list_rows(cx);
                self.list.on_reply(result, cx, rows);
            }
            A::Again(query, result) => {
                let rows = self.list_rows(cx);
                self.list.on_read_again(query, result, cx, rows);
            }
            A::Orgs(result) => {
                let complete = self.orgs.on_reply(result, cx);
                if complete {
                    self.refresh_waiting_picker(cx);
                }
            }
        }
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
    pub fn show_linked(&mut self, opened: Opened, cx: &mut ScreenCtx) {
        match opened {
            Opened::Contact(contact) => {
                self.organizations.shown = false;
                let view = layer::Layer::View { contact, scroll: 0 };
                self.layers.push_under_ask(view);
            }
            Opened::Organization(o) => {
                if !self.organizations.shown {
                    self.organizations.toggle(cx);
                }
                self.organizations.show_linked(o, cx);
            }
        }
    }
}

impl ScreenState for ContactsState {
    fn contexts(&self) -> Vec<Context> {
        self.route().contexts
    }

    fn help_contexts(&self) -> &'static [Context] {
        if self.organizations.shown {
            return crate::contacts::organizations::OrganizationsState::HELP_CONTEXTS;
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
        (self.route().char)(self, c, cx)
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if action == Action::ToggleOrganizations {
            self.organizations.toggle(cx);
            // A tab still showing the store's copy (read before an outage, say) is read again
            // as a screen shown again is.
            if !cx.is_offline() && self.cached_since().is_some() {
                ScreenState::refresh(self, cx);
            }
            return true;
        }
        (self.route().action)(self, action, cx)
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        (self.route().paste)(self, text, cx)
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

    fn refresh(&mut self, cx: &mut ScreenCtx) {
        if self.organizations.shown {
            self.organizations.refresh(false, cx);
        } else {
            let rows = self.list_rows(cx);
            self.list.refresh(false, cx, rows);
        }
    }

    fn cached_since(&self) -> Option<time::OffsetDateTime> {
        if self.organizations.shown {
            self.organizations.cached_since()
        } else {
            self.list.cached
        }
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
        self.route().keyboard
    }

    fn footer_note(&self) -> Option<String> {
        if self.organizations.shown {
            return self.organizations.footer_note();
        }
        if self.layers.ask().is_some() || self.layers.picker().is_some() {
            return None;
        }
        match (&self.phase, self.pane) {
            (Phase::Saving { .. } | Phase::Updating, _) => Some("saving…".into()),
            (Phase::Checking(c), _) if c.lost.is_looking() => Some("looking for it…".into()),
            (Phase::Editing, Pane::Form) if self.editing => Some("typing".into()),
            (_, Pane::List) if self.layers.searching() => Some("search".into()),
            _ => None,
        }
    }
}
