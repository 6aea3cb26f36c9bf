//! A new organization from the form: sent once (the form is locked until the answer); when
//! its answer is lost it is looked for before it may be sent again, and once more right before
//! that send, since a repeated create would make two (see `app::lost_answer`).

use weeek_api::models::Organization;
use weeek_api::{ApiError, ListQuery, OrganizationInput};

use super::form::Sent;
use super::save::{FormState, Phase};
use super::{OrgAnswer, OrgKey, OrganizationsState};
use crate::screen::ScreenCtx;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt,
};
use crate::screen::searched_list::PAGE_SIZE;
use crate::screen::toast::ToastKind;
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

/// Reads a page of the look for a new organization whose answer was lost.
pub(super) fn look_for_org(look: PageRead<Vec<Organization>>, cx: &mut ScreenCtx) {
    cx.ask(OrgKey::Find, look, OrgAnswer::Found);
}

fn send_create(
    fs: &mut FormState,
    sent: Sent,
    input: Box<OrganizationInput>,
    at: SentAt<String>,
    earlier: Option<Box<LostCreate<OrgLookup>>>,
    cx: &mut ScreenCtx,
) {
    cx.request(
        OrgKey::Create,
        op::CreateOrganization((*input).clone()),
        OrgAnswer::Created,
    );
    fs.phase = Phase::Saving {
        sent,
        input,
        at,
        earlier,
    };
}

impl OrganizationsState {
    /// Sends the valid form as a new organization, or first looks for an earlier send of it
    /// whose fate is unknown.
    pub(super) fn submit_create(&mut self, cx: &mut ScreenCtx) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let (input, sent) = fs.form.to_input();
        let lookup = OrgLookup {
            name: input.name.clone().unwrap_or_default(),
        };
        let held = self.list.rows.rows.iter().chain(&self.list.created);
        match self
            .unsettled
            .send(&lookup, || SentAt::new(&cx.clock, lookup.known(held)))
        {
            Sending::Now(at) => send_create(fs, sent, Box::new(input), at, None, cx),
            Sending::LookFirst(lost, look) => {
                cx.toast(ToastKind::Info, lost.resend_text("saved"));
                look_for_org(look, cx);
                fs.resend = Some((sent, Box::new(input)));
                fs.phase = Phase::Checking(lost);
            }
        }
    }

    /// The form closes: a create whose look failed stays unsettled, so the same organization
    /// sent again is looked for first.
    pub(super) fn give_up_look(&mut self) {
        if let Some(fs) = self.layers.form_mut()
            && let Phase::Checking(lost) = std::mem::take(&mut fs.phase)
        {
            self.unsettled.keep(*lost);
        }
    }

    pub(super) fn on_create_reply(
        &mut self,
        result: Result<Organization, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let (sent, input, at, earlier) = match std::mem::take(&mut fs.phase) {
            Phase::Saving {
                sent,
                input,
                at,
                earlier,
            } => (sent, input, at, earlier),
            other => {
                fs.phase = other;
                return;
            }
        };
        let answer = CreateAnswer::read(result.map(Box::new));
        if let (CreateAnswer::Refused(_), Some(earlier)) = (&answer, earlier) {
            // This send did nothing; the one before may still land.
            self.unsettled.keep(*earlier);
        }
        match answer {
            CreateAnswer::Created(o) => {
                let text = format!("Saved “{}”", o.display_name());
                self.created(*o, text, cx);
            }
            CreateAnswer::Refused(ApiError::Validation { message, fields })
                if !fields.is_empty() =>
            {
                let left = fs.form.apply_service_errors(&fields, &sent);
                if !left.is_empty() {
                    fs.failure = Some(format!(
                        "Not saved: the service refused {}",
                        left.join("; ")
                    ));
                } else if fs.form.errors.is_empty() {
                    fs.failure = Some(format!("Not saved: the service refused: {message}"));
                }
                cx.toast(
                    ToastKind::Error,
                    "Not saved: the service refused some fields",
                );
            }
            CreateAnswer::Refused(e) => {
                let text = format!("Not saved: {}", e.short());
                cx.toast(ToastKind::Error, text.clone());
                fs.failure = Some(text);
            }
            CreateAnswer::Lost(e) => {
                let lookup = OrgLookup {
                    name: input.name.clone().unwrap_or_default(),
                };
                let (lost, look) = LostCreate::start(lookup, e, at);
                cx.toast(ToastKind::Info, lost.looking_text("saved"));
                look_for_org(look, cx);
                fs.phase = Phase::Checking(Box::new(lost));
            }
        }
    }

    pub(super) fn on_find_reply(
        &mut self,
        result: Result<Vec<Organization>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(fs) = self.layers.form_mut() else {
            return;
        };
        let Phase::Checking(lost) = &mut fs.phase else {
            return;
        };
        match lost.on_answer(result) {
            Looked::Next(look) => look_for_org(look, cx),
            Looked::Found(o) => {
                let text = lost.found_text("saved");
                self.created(o, text, cx);
            }
            Looked::Resend => {
                let Phase::Checking(lost) = std::mem::take(&mut fs.phase) else {
                    return;
                };
                match fs.resend.take() {
                    Some((sent, input)) => {
                        let at = lost.sent.clone();
                        send_create(fs, sent, input, at, Some(lost), cx);
                    }
                    None => self.unsettled.keep(*lost),
                }
            }
            Looked::NotCreated => {
                let again = cx
                    .keys
                    .then_say("org_form.save", "looks once more and saves it");
                let text = format!("{}{again}", lost.not_created_text("saved"));
                if let Phase::Checking(lost) = std::mem::take(&mut fs.phase) {
                    self.unsettled.keep(*lost);
                }
                cx.toast(ToastKind::Error, text.clone());
                fs.failure = Some(text);
            }
            Looked::Failed => {
                let text = lost.check_failed_text("saved");
                cx.toast(ToastKind::Error, text);
            }
        }
    }

    fn created(&mut self, o: Organization, text: String, cx: &mut ScreenCtx) {
        if let Some(fs) = self.layers.form_mut() {
            // Settled: nothing of it is left to look for.
            fs.phase = Phase::Editing;
        }
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        let rows = cx.viewport.organizations.list_rows;
        self.list.add_created(o, rows);
        self.close_form(cx);
    }
}
