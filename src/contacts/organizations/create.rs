//! A new organization from the form: sent once (the form is locked until the answer); when
//! its answer is lost it is looked for before it may be sent again, and once more right before
//! that send, since a repeated create would make two (see `screen::lost_answer`).

use weeek_api::models::Organization;
use weeek_api::{FieldErrors, ListQuery, OrganizationInput};

use super::form::Sent;
use super::save::Phase;
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::form_create::{self, CreateForm};
use crate::screen::lost_answer::{CreateLookup, PageRead, Unsettled};
use crate::screen::searched_list::PAGE_SIZE;
use crate::worker::{TypedCall, op};

/// What a lost create is found by: the same name, new since it was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct OrgLookup {
    pub name: String,
}

impl CreateLookup for OrgLookup {
    type Item = Organization;
    type Page = Vec<Organization>;
    type Id = String;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn read(&self, page: u32) -> PageRead<Vec<Organization>> {
        TypedCall::new(op::Organizations(ListQuery {
            search: Some(self.name.clone()),
            limit: Some(PAGE_SIZE),
            offset: Some(page * PAGE_SIZE),
        }))
    }

    fn candidates(&self, page: Vec<Organization>) -> (Vec<Organization>, bool) {
        // The list has no "more" flag: a full page may have a next one.
        let more = page.len() as u32 >= PAGE_SIZE;
        (page, more)
    }

    fn matches(&self, o: &Organization) -> bool {
        o.name
            .as_deref()
            .is_some_and(|n| n.trim().to_lowercase() == self.name.trim().to_lowercase())
    }

    fn id(o: &Organization) -> String {
        o.id.clone()
    }

    fn created(o: &Organization) -> Option<time::OffsetDateTime> {
        o.created_at
    }
}

/// A new organization as sent: the organization, and how its list items map back to form
/// rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub sent: Sent,
    pub input: OrganizationInput,
}

/// Reads a page of the look for a new organization whose answer was lost.
pub(super) fn look_for_org(look: PageRead<Vec<Organization>>, cx: &mut ScreenCtx) {
    cx.ask(OrgKey::Find, look, OrgAnswer::Found);
}

impl CreateForm for OrganizationsState {
    type Lookup = OrgLookup;
    type Input = Outgoing;
    type Phase = Phase;
    const DONE: &'static str = "saved";
    const SAVE: (&'static str, &'static str) = ("org_form.save", "looks once more and saves it");

    fn parts(&mut self) -> Option<(&mut Unsettled<OrgLookup>, &mut Phase)> {
        let fs = self.layers.form_mut()?;
        Some((&mut self.unsettled, &mut fs.phase))
    }

    fn lookup(out: &Outgoing) -> OrgLookup {
        OrgLookup {
            name: out.input.name.clone().unwrap_or_default(),
        }
    }

    fn send(out: &Outgoing, cx: &mut ScreenCtx) {
        let create = op::CreateOrganization(out.input.clone());
        cx.request(OrgKey::Create, create, OrgAnswer::Created);
    }

    fn look(read: PageRead<Vec<Organization>>, cx: &mut ScreenCtx) {
        look_for_org(read, cx);
    }

    fn made_text(o: &Organization) -> String {
        format!("Saved “{}”", o.display_name())
    }

    fn made(&mut self, o: Organization, cx: &mut ScreenCtx) {
        let rows = cx.viewport.organizations.list_rows;
        self.list.add_created(o, rows);
        self.close_form(cx);
    }

    fn place(&mut self, out: &Outgoing, fields: &FieldErrors) -> (Vec<String>, bool) {
        let Some(fs) = self.layers.form_mut() else {
            return (Vec::new(), false);
        };
        let left = fs.form.apply_service_errors(fields, &out.sent);
        (left, !fs.form.errors.is_empty())
    }

    fn show_failure(&mut self, text: String) {
        if let Some(fs) = self.layers.form_mut() {
            fs.failure = Some(text);
        }
    }

    fn keep(
        &mut self,
        out: &Outgoing,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) -> bool {
        self.queue_new(out.input.clone(), sent, cx);
        true
    }
}

impl OrganizationsState {
    /// Sends the valid form as a new organization, or first looks for an earlier send of it
    /// whose fate is unknown.
    pub(super) fn submit_create(&mut self, cx: &mut ScreenCtx) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let (input, sent) = fs.form.to_input();
        if cx.is_offline() {
            self.queue_new(input, None, cx);
            return;
        }
        let out = Outgoing { sent, input };
        let held = Self::lookup(&out).known(self.list.rows.rows.iter().chain(&self.list.created));
        form_create::submit(self, out, held, cx);
    }

    /// The form closes: a create whose look failed stays unsettled, so the same organization
    /// sent again is looked for first.
    pub(super) fn give_up_look(&mut self) {
        form_create::give_up(self);
    }
}
