//! Saving the organization form: a new organization goes through `create`. An edit goes through
//! the shared save of a record's edit (`screen::record_edit`): only what changed is sent, each
//! part through the endpoint that holds it (the name in `PUT /crm/organizations/{id}`, every
//! address, e-mail and phone through its own), all at once. What is an organization's own is
//! here: its parts, what changed, and what an accepted or a refused change does to the form.

use serde::{Deserialize, Serialize};
use weeek_api::ApiError;
use weeek_api::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};

use super::create::{OrgLookup, Outgoing};
use super::form::{Kind, OrgField, OrgForm, Rows, Values};
use super::layer::Layer;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::checked_form::CheckedForm;
use crate::screen::edit_batch::EditBatch;
use crate::screen::entry_rows::{self, Entry, RowChange};
use crate::screen::form_create::{self, Checking, SentCreate};
use crate::screen::record_edit::{self, RecordForm};
use crate::screen::toast::ToastKind;
use crate::worker::{OrgEdit, OrgEdited, op};

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Phase {
    #[default]
    Editing,
    /// The create is out.
    Saving(Box<SentCreate<OrgLookup, Outgoing>>),
    /// The changes of an edit are out; the form is locked until every answer is in.
    Updating,
    /// The create's answer was lost (or an earlier send of it is looked for before this one
    /// goes): the organization is looked for before it may be sent again. `Ctrl-s` looks
    /// again once a look has failed.
    Checking(Box<Checking<OrgLookup, Outgoing>>),
}

crate::create_phase!(Phase, OrgLookup, Outgoing);

impl Phase {
    pub fn is_busy(&self) -> bool {
        *self != Phase::Editing
    }
}

/// The organization as the service had it when the edit began (or as the accepted changes
/// left it): what the form is compared with. Kept in the draft, so an edit restored after a
/// crash still sends only what changed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Base {
    pub id: String,
    pub name: String,
    pub addresses: Vec<Entry>,
    pub emails: Vec<Entry>,
    pub phones: Vec<Entry>,
}

impl Base {
    pub fn of(o: &Organization) -> Base {
        Base {
            id: o.id.clone(),
            name: o.name.clone().unwrap_or_default(),
            addresses: o.addresses.iter().map(Entry::from).collect(),
            emails: o.emails.iter().map(Entry::from).collect(),
            phones: o.phones.iter().map(Entry::from).collect(),
        }
    }

    fn entries(&self, kind: Kind) -> &Vec<Entry> {
        match kind {
            Kind::Address => &self.addresses,
            Kind::Email => &self.emails,
            Kind::Phone => &self.phones,
        }
    }

    fn entries_mut(&mut self, kind: Kind) -> &mut Vec<Entry> {
        match kind {
            Kind::Address => &mut self.addresses,
            Kind::Email => &mut self.emails,
            Kind::Phone => &mut self.phones,
        }
    }

    /// The base over `o` (the fields the base does not hold come from `o`).
    pub fn to_organization(&self, o: &Organization) -> Organization {
        Organization {
            id: self.id.clone(),
            name: Some(self.name.clone()),
            addresses: self.addresses.iter().map(AddressEntry::from).collect(),
            emails: self.emails.iter().map(EmailEntry::from).collect(),
            phones: self.phones.iter().map(PhoneEntry::from).collect(),
            ..o.clone()
        }
    }

    pub fn to_form(&self) -> OrgForm {
        OrgForm {
            name: crate::widgets::field::TextField::with_value(&self.name),
            addresses: Rows::of(&self.addresses),
            emails: Rows::of(&self.emails),
            phones: Rows::of(&self.phones),
            ..OrgForm::default()
        }
    }
}

/// One change on its way.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    Rename(String),
    Row(Kind, RowChange),
}

impl Change {
    fn call(&self) -> OrgEdit {
        match self {
            Change::Rename(name) => OrgEdit::Rename(name.clone()),
            Change::Row(kind, c) => OrgEdit::Row(*kind, c.call()),
        }
    }
}

/// What the form changes in `base`, in the order sent.
pub fn changes(form: &OrgForm, base: &Base) -> Vec<Change> {
    let mut out = Vec::new();
    let name = form.name.value().trim();
    if name != base.name.trim() {
        out.push(Change::Rename(name.to_string()));
    }
    for kind in Kind::ALL {
        let rows = form.rows(kind);
        out.extend(
            entry_rows::changes(&rows.fields, &rows.ids, base.entries(kind))
                .into_iter()
                .map(|c| Change::Row(kind, c)),
        );
    }
    out
}

/// An edit of one saved organization.
#[derive(Debug, Clone, PartialEq)]
pub struct Session {
    pub base: Base,
    /// The service's copy the edit started from (for the fields the form does not hold).
    pub org: Organization,
    /// The changes of the last save.
    pub batch: EditBatch<Change>,
}

impl Session {
    pub fn new(org: Organization) -> Self {
        Self {
            base: Base::of(&org),
            org,
            batch: EditBatch::default(),
        }
    }
}

/// The open form: what it holds, where its save stands, and the edit it makes (else it makes
/// a new organization).
#[derive(Debug, Clone)]
pub struct FormState {
    pub form: OrgForm,
    pub phase: Phase,
    pub edit: Option<Session>,
    /// Why the last save failed, when it was not a matter of fields; shown over the form.
    pub failure: Option<String>,
}

impl FormState {
    pub fn new(form: OrgForm, edit: Option<Session>) -> Self {
        Self {
            form,
            phase: Phase::Editing,
            edit,
            failure: None,
        }
    }

    /// Typed input that closing would lose: a new organization's text, an edit's changes.
    pub fn has_changes(&self) -> bool {
        match &self.edit {
            Some(s) => !changes(&self.form, &s.base).is_empty(),
            None => self.form.has_input(),
        }
    }

    pub fn values(&self) -> Values {
        self.form.values()
    }
}

/// Reads the organization being edited back.
fn read_back(id: &str, cx: &mut ScreenCtx) {
    cx.request(
        OrgKey::EditRead,
        op::Organization(id.to_string()),
        OrgAnswer::EditRead,
    );
}

impl OrganizationsState {
    /// `Ctrl-s`: checks every field; sends only a valid form, once. After a failed look for a
    /// lost create (or a failed read back of an edit) it looks again instead.
    pub(super) fn submit(&mut self, cx: &mut ScreenCtx) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        if fs.phase != Phase::Editing {
            form_create::look_again(self, cx);
            return;
        }
        if let Some(edit) = &fs.edit {
            // After a failed read-back the form may not match the service: it reads again.
            if !edit.batch.unread && Self::must_queue(&edit.base.id, cx) {
                self.queue_edit(cx);
            } else {
                self.submit_edit(cx);
            }
            return;
        }
        fs.failure = None;
        if !fs.form.validate_all() {
            return;
        }
        self.submit_create(cx);
    }

    /// `e`: the organization in view (else the one under the cursor) in the form.
    pub(super) fn start_edit(&mut self, cx: &mut ScreenCtx) {
        if self.layers.form().is_some() {
            return;
        }
        let org = match self.layers.viewing() {
            Some(o) => o.clone(),
            None => match self.list.current() {
                Some(o) => o.clone(),
                None => return,
            },
        };
        self.layers.close_view();
        let session = Session::new(org);
        let form = session.base.to_form();
        let fs = FormState::new(form, Some(session));
        self.layers.push(Layer::Form(Box::new(fs)));
        self.flush_draft(cx);
    }

    fn submit_edit(&mut self, cx: &mut ScreenCtx) {
        record_edit::submit(self, cx);
    }

    /// The edit open, with its form.
    fn editing(&mut self) -> Option<(&mut OrgForm, &mut Session)> {
        let fs = self.layers.form_mut()?;
        Some((&mut fs.form, fs.edit.as_mut()?))
    }
}

impl RecordForm for OrganizationsState {
    type Change = Change;
    type Done = OrgEdited;
    type Record = Organization;
    const WHAT: &'static str = "organization";

    fn batch(&mut self) -> Option<&mut EditBatch<Change>> {
        self.editing().map(|(_, s)| &mut s.batch)
    }

    fn validate(&mut self) -> bool {
        let Some(fs) = self.layers.form_mut() else {
            return false;
        };
        fs.failure = None;
        fs.form.validate_all()
    }

    fn changes(&self) -> Vec<Change> {
        self.layers
            .form()
            .and_then(|fs| Some(changes(&fs.form, &fs.edit.as_ref()?.base)))
            .unwrap_or_default()
    }

    fn send(&self, n: u64, change: &Change, cx: &mut ScreenCtx) {
        if let Some(s) = self.layers.form().and_then(|fs| fs.edit.as_ref()) {
            let edit = op::EditOrganization(cx.offline.resolve(&s.base.id), change.call());
            cx.request(OrgKey::Edit(n), edit, move |r| OrgAnswer::Edited(n, r));
        }
    }

    fn lock(&mut self, _: &mut ScreenCtx) {
        if let Some(fs) = self.layers.form_mut() {
            fs.phase = Phase::Updating;
        }
    }

    fn unchanged(&mut self, cx: &mut ScreenCtx) {
        cx.toast(ToastKind::Info, "No changes to save");
        self.close_form(cx);
    }

    fn accepted(&mut self, change: &Change, done: OrgEdited) {
        if let Some((form, session)) = self.editing() {
            accepted(form, session, change, done);
        }
    }

    fn refused(&mut self, change: &Change, e: &ApiError) {
        if let Some((form, session)) = self.editing() {
            refused(form, &session.base, change, e);
        }
    }

    fn read_back(&self, cx: &mut ScreenCtx) {
        if let Some(s) = self.layers.form().and_then(|fs| fs.edit.as_ref()) {
            read_back(&s.base.id, cx);
        }
    }

    fn reread(&mut self, o: Organization) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Some(session) = fs.edit.as_mut() else {
            return;
        };
        session.base = Base::of(&o);
        session.org = o;
        let mut form = session.base.to_form();
        for (f, m) in std::mem::take(&mut fs.form.errors) {
            match f {
                OrgField::Row(kind, i)
                    if fs.form.rows(kind).ids.get(i).is_none_or(Option::is_none) =>
                {
                    if let Some(text) = fs.form.rows(kind).fields.get(i) {
                        let rows = form.rows_mut(kind);
                        rows.fields.push(text.clone());
                        rows.ids.push(None);
                        let at = rows.fields.len() - 1;
                        form.errors.insert(OrgField::Row(kind, at), m);
                    }
                }
                OrgField::Row(..) => {}
                OrgField::Name => {
                    form.errors.insert(f, m);
                }
            }
        }
        fs.form = form;
    }

    fn unread(&mut self, message: String) {
        if let Some(fs) = self.layers.form_mut() {
            fs.phase = Phase::Editing;
            fs.failure = Some(message);
        }
    }

    fn show_saved(&mut self, cx: &mut ScreenCtx) -> String {
        let Some(fs) = self.layers.form_mut() else {
            return String::new();
        };
        let Some(session) = fs.edit.as_ref() else {
            return String::new();
        };
        // An edit restored from a draft knows only what the form holds: the listed copy
        // gives the rest (contacts, tags).
        let rest = self.list.find(&session.base.id).unwrap_or(&session.org);
        let org = session.base.to_organization(rest);
        let name = org.display_name();
        let rows = cx.viewport.organizations.list_rows;
        self.list.replace(org, rows);
        fs.phase = Phase::Editing;
        format!("“{name}”")
    }

    fn saved(&mut self, cx: &mut ScreenCtx) {
        self.close_form(cx);
    }

    fn back_to_form(&mut self, cx: &mut ScreenCtx) {
        if let Some(fs) = self.layers.form_mut() {
            fs.form.focus_first_error();
        }
        self.flush_draft(cx);
    }
}

/// A change the service took: the base follows it, and a new row learns its entry's id.
fn accepted(form: &mut OrgForm, session: &mut Session, change: &Change, done: OrgEdited) {
    match change {
        Change::Rename(name) => {
            if let OrgEdited::Organization(o) = &done {
                session.org.updated_at = o.updated_at.or(session.org.updated_at);
            }
            session.base.name = name.clone();
        }
        Change::Row(kind, c) => {
            let fresh = match done {
                OrgEdited::Entry(e) => Some(e),
                _ => None,
            };
            let ids = &mut form.rows_mut(*kind).ids;
            entry_rows::accept(ids, session.base.entries_mut(*kind), c, fresh);
        }
    }
}

/// A change the service refused: its field goes back to what the service has, with the
/// service's message at it.
fn refused(form: &mut OrgForm, base: &Base, change: &Change, e: &ApiError) {
    let message = record_edit::not_saved(e);
    match change {
        Change::Rename(_) => {
            form.name.set(&base.name);
            form.errors.insert(OrgField::Name, message);
        }
        Change::Row(kind, c) => {
            let rows = form.rows_mut(*kind);
            let at = entry_rows::refuse(&mut rows.fields, &mut rows.ids, base.entries(*kind), c);
            form.errors
                .insert(OrgField::Row(*kind, at.unwrap_or(0)), message);
        }
    }
}
