//! Saving the organization form: a new organization goes through `create`. An edit sends only
//! what changed, each part through the endpoint that holds it (the name in
//! `PUT /crm/organizations/{id}`, every address, e-mail and phone through its own), all at
//! once; a refused change puts its field back as the service has it with the service's message
//! at it, and after a lost answer the organization is read back before anything is said.

use serde::{Deserialize, Serialize};
use weeek_api::models::{AddressEntry, EmailEntry, Organization, PhoneEntry};
use weeek_api::{ApiError, OrganizationInput};

use super::create::OrgLookup;
use super::form::{Kind, OrgField, OrgForm, Rows, Sent, Values};
use super::layer::Layer;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::checked_form::CheckedForm;
use crate::screen::edit_batch::{EditBatch, Next};
use crate::screen::entry_rows::{self, Entry, RowChange};
use crate::screen::lost_answer::{LostCreate, SentAt};
use crate::screen::toast::ToastKind;
use crate::worker::{OrgEdit, OrgEdited, op};

#[derive(Debug, Clone, PartialEq, Default)]
pub enum Phase {
    #[default]
    Editing,
    /// The create is out; `sent` maps its list items back to form rows.
    Saving {
        sent: Sent,
        input: Box<OrganizationInput>,
        at: SentAt<String>,
        /// An earlier send of it, not found right before this one went: unsettled again if
        /// this one is refused.
        earlier: Option<Box<LostCreate<OrgLookup>>>,
    },
    /// The changes of an edit are out; the form is locked until every answer is in.
    Updating,
    /// The create's answer was lost (or an earlier send of it is looked for before this one
    /// goes, see `FormState::resend`): the organization is looked for before it may be sent
    /// again. `Ctrl-s` looks again once a look has failed.
    Checking(Box<LostCreate<OrgLookup>>),
}

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
            addresses: o
                .addresses
                .iter()
                .map(|a| entry(&a.id, &a.address))
                .collect(),
            emails: o.emails.iter().map(|e| entry(&e.id, &e.email)).collect(),
            phones: o.phones.iter().map(|p| entry(&p.id, &p.phone)).collect(),
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
            addresses: self
                .addresses
                .iter()
                .map(|e| AddressEntry {
                    id: e.id.clone(),
                    address: e.value.clone(),
                })
                .collect(),
            emails: self
                .emails
                .iter()
                .map(|e| EmailEntry {
                    id: e.id.clone(),
                    email: e.value.clone(),
                })
                .collect(),
            phones: self
                .phones
                .iter()
                .map(|e| PhoneEntry {
                    id: e.id.clone(),
                    phone: e.value.clone(),
                })
                .collect(),
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

fn entry(id: &str, value: &str) -> Entry {
    Entry {
        id: id.to_string(),
        value: value.to_string(),
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
    /// What is sent once the look before a send again (`Phase::Checking`) finds nothing.
    pub resend: Option<(Sent, Box<OrganizationInput>)>,
}

impl FormState {
    pub fn new(form: OrgForm, edit: Option<Session>) -> Self {
        Self {
            form,
            phase: Phase::Editing,
            edit,
            failure: None,
            resend: None,
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
        match &mut fs.phase {
            Phase::Saving { .. } | Phase::Updating => return,
            Phase::Checking(lost) => {
                if let Some((look, text)) = lost.retry("saved") {
                    cx.toast(ToastKind::Info, text);
                    super::create::look_for_org(look, cx);
                }
                return;
            }
            Phase::Editing => {}
        }
        if fs.edit.is_some() {
            self.submit_edit(cx);
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
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Some(session) = fs.edit.as_mut() else {
            return;
        };
        if session.batch.unread {
            cx.toast(ToastKind::Info, "Reading the organization back…");
            read_back(&session.base.id, cx);
            fs.phase = Phase::Updating;
            return;
        }
        fs.failure = None;
        if !fs.form.validate_all() {
            return;
        }
        let changes = changes(&fs.form, &session.base);
        if changes.is_empty() {
            cx.toast(ToastKind::Info, "No changes to save");
            self.close_form(cx);
            return;
        }
        let id = session.base.id.clone();
        session.batch.send(changes, |n, change| {
            cx.request(
                OrgKey::Edit(n),
                op::EditOrganization(id.clone(), change.call()),
                move |r| OrgAnswer::Edited(n, r),
            )
        });
        fs.phase = Phase::Updating;
    }

    /// The answer to change `n`.
    pub(super) fn on_edit_reply(
        &mut self,
        n: u64,
        result: Result<OrgEdited, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Some(session) = fs.edit.as_mut() else {
            return;
        };
        let Some(change) = session.batch.take(n) else {
            return;
        };
        match result {
            Ok(done) => accepted(&mut fs.form, session, &change, done),
            Err(e) => {
                if session.batch.failed(&e) {
                    refused(&mut fs.form, &session.base, &change, &e);
                }
            }
        }
        match session.batch.next() {
            Next::Waiting => {}
            // Nothing is said before the service's copy is in.
            Next::ReadBack => read_back(&session.base.id, cx),
            Next::Settle => self.settle(None, cx),
        }
    }

    /// The organization read back after a lost answer.
    pub(super) fn on_edit_read(
        &mut self,
        result: Result<Organization, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Some(session) = fs.edit.as_mut() else {
            return;
        };
        match result {
            Ok(o) => {
                session.batch.unread = false;
                session.base = Base::of(&o);
                session.org = o;
                // The form shows what the service has; a refused row that was never saved
                // keeps its text and its message.
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
                self.settle(
                    Some("An answer was lost; read back, the form shows what the service has"),
                    cx,
                );
            }
            Err(e) => {
                session.batch.unread = true;
                fs.phase = Phase::Editing;
                let text = format!(
                    "An answer was lost and reading the organization back failed ({}): some changes may be saved",
                    e.short()
                );
                cx.toast(ToastKind::Error, text.clone());
                fs.failure = Some(text);
            }
        }
    }

    /// Every answer is in: saved when nothing was refused, else back to the form with the
    /// service's messages at their fields.
    fn settle(&mut self, lost: Option<&str>, cx: &mut ScreenCtx) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Some(session) = fs.edit.as_mut() else {
            return;
        };
        let refused = session.batch.refused_text();
        // An edit restored from a draft knows only what the form holds: the listed copy
        // gives the rest (contacts, tags).
        let rest = self.list.find(&session.base.id).unwrap_or(&session.org);
        let org = session.base.to_organization(rest);
        let name = org.display_name();
        let rows = cx.viewport.organizations.list_rows;
        self.list.replace(org, rows);
        fs.phase = Phase::Editing;
        let Some(message) = refused else {
            cx.toasts.dismiss_all();
            cx.toast(
                ToastKind::Success,
                match lost {
                    Some(l) => format!("{l}: “{name}”"),
                    None => format!("Saved changes to “{name}”"),
                },
            );
            self.close_form(cx);
            return;
        };
        cx.toasts.dismiss_all();
        if let Some(l) = lost {
            cx.toast(ToastKind::Info, l);
        }
        cx.toast(ToastKind::Error, message);
        fs.form.focus_first_error();
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
    let message = match e {
        ApiError::Validation { fields, message } => fields
            .values()
            .flatten()
            .next()
            .cloned()
            .unwrap_or_else(|| message.clone()),
        other => other.short(),
    };
    let message = format!("not saved: {message}");
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
