//! The deal form over the board and its saving (opening it and its keys are
//! `deal_form_keys.rs`, its pickers `deal_form_pickers.rs`). A save is sent once (the form is locked until the answer); the service's
//! field errors land at their fields; a create whose answer was lost is looked for before it
//! may be sent again (and once more right before that send), and an edit whose answer was lost
//! is read back before anything is said. The draft stays on disk until the service has it.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use weeek_api::models::Deal;
use weeek_api::{ApiError, DealInput, DealPage, FieldErrors};

use super::deal_form::{DealField, DealForm, Values};
use super::detail::FunnelDetail;
use super::totals::Weight;
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::screen::ScreenCtx;
use crate::screen::form_create::{self, Checking, CreateForm, SentCreate};
use crate::screen::lost_answer::{CreateAnswer, CreateLookup, PageRead, Unsettled};
use crate::screen::toast::ToastKind;
use crate::widgets::picker::Picker;
use crate::worker::{TypedCall, op};

pub const DRAFT_FILE: &str = "deal-draft.json";

/// What the form makes: a new deal in a status, or changes to a deal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Target {
    New { status_id: String },
    Edit { deal_id: String },
}

/// The form as a file: enough to open it again where it was.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub funnel_id: String,
    pub target: Target,
    /// What an edit started from (what is compared to find the changes).
    #[serde(default)]
    pub before: Values,
    pub values: Values,
}

impl Draft {
    pub(super) fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub(super) fn title(&self) -> String {
        let t = self.values.title.trim();
        if t.is_empty() {
            "(no title yet)".into()
        } else {
            crate::text::quoted(t, 30)
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Phase {
    Editing,
    /// A new deal is out.
    Saving(Box<SentCreate<DealLookup, NewDeal>>),
    /// An edit is out.
    Patching(Box<DealInput>),
    /// A create's answer was lost (or an earlier send of it is looked for before this one
    /// goes): the deal is looked for before it may be sent again.
    Checking(Box<Checking<DealLookup, NewDeal>>),
    /// An edit's answer was lost (or the edit answered no deal): the deal is read back.
    Reading {
        input: Box<DealInput>,
        lost: bool,
    },
}

/// A choice of a picker of the form.
#[derive(Debug, Clone, PartialEq)]
pub enum PickKey {
    Id(String),
    Tag(i64),
    /// Clears a one-value field.
    Nothing,
}

#[derive(Debug, Clone)]
pub struct FormPicker {
    pub place: DealField,
    /// `None` while the contacts or organizations are still coming.
    pub picker: Option<Picker<PickKey>>,
    /// Typed before the items arrived.
    pub pending: String,
}

#[derive(Debug, Clone)]
pub struct DealEditor {
    pub funnel_id: String,
    pub target: Target,
    /// The deal's title as the form opened, for messages about an edit.
    pub name: String,
    pub before: Values,
    pub form: DealForm,
    pub phase: Phase,
    /// Why the last save failed, when not a matter of fields.
    pub failure: Option<String>,
}

crate::create_phase!(Phase, DealLookup, NewDeal);

/// A new deal as sent: the status it goes into, and the deal.
#[derive(Debug, Clone, PartialEq)]
pub struct NewDeal {
    pub status_id: String,
    pub input: DealInput,
}

impl DealEditor {
    pub fn is_new(&self) -> bool {
        matches!(self.target, Target::New { .. })
    }

    /// Sent and not settled: the form takes no input.
    pub fn locked(&self) -> bool {
        match &self.phase {
            Phase::Editing => false,
            Phase::Checking(c) => c.lost.is_looking(),
            Phase::Saving(_) | Phase::Patching(_) | Phase::Reading { .. } => true,
        }
    }

    pub(super) fn draft(&self) -> Draft {
        Draft {
            funnel_id: self.funnel_id.clone(),
            target: self.target.clone(),
            before: self.before.clone(),
            values: self.form.values(),
        }
    }

    pub(super) fn changed(&self) -> bool {
        self.form.values() != self.before
    }
}

/// What a lost deal create is found by: its title and amount, in its status, new since it
/// was sent.
#[derive(Debug, Clone, PartialEq)]
pub struct DealLookup {
    pub status_id: String,
    pub title: String,
    pub amount: Option<f64>,
}

/// Deals read per page while looking.
const LOOK_PAGE: u32 = 100;

/// Reads an edited deal back.
fn read_deal(id: String, cx: &mut ScreenCtx) {
    cx.request(FunnelKey::DealRead, op::Deal(id), FunnelAnswer::DealRead);
}

impl CreateLookup for DealLookup {
    type Item = Deal;
    type Page = DealPage;
    type Id = String;

    fn name(&self) -> String {
        self.title.clone()
    }

    fn read(&self, page: u32) -> PageRead<DealPage> {
        let query = weeek_api::DealQuery {
            search: Some(self.title.clone()),
            limit: Some(LOOK_PAGE),
            offset: Some(page * LOOK_PAGE),
            ..Default::default()
        };
        TypedCall::new(op::Deals(self.status_id.clone(), Box::new(query)))
    }

    fn candidates(&self, page: DealPage) -> (Vec<Deal>, bool) {
        (page.deals, page.has_more)
    }

    fn matches(&self, d: &Deal) -> bool {
        let same_title = d
            .title
            .as_deref()
            .is_some_and(|t| t.trim().to_lowercase() == self.title.trim().to_lowercase());
        same_title && d.amount == self.amount
    }

    fn id(d: &Deal) -> String {
        d.id.clone()
    }

    fn created(d: &Deal) -> Option<OffsetDateTime> {
        d.created_at
    }
}

impl CreateForm for FunnelsState {
    type Lookup = DealLookup;
    type Input = NewDeal;
    type Phase = Phase;
    const DONE: &'static str = "created";
    const SAVE: (&'static str, &'static str) = ("deal_form.save", "looks once more and sends it");

    fn parts(&mut self) -> Option<(&mut Unsettled<DealLookup>, &mut Phase)> {
        let e = self.layers.editor_mut()?;
        Some((&mut self.deal_unsettled, &mut e.phase))
    }

    fn lookup(deal: &NewDeal) -> DealLookup {
        DealLookup {
            status_id: deal.status_id.clone(),
            title: deal.input.title.clone().unwrap_or_default(),
            amount: deal.input.amount.flatten(),
        }
    }

    fn send(deal: &NewDeal, cx: &mut ScreenCtx) {
        let create = op::CreateDeal(deal.status_id.clone(), Box::new(deal.input.clone()));
        cx.request(FunnelKey::DealSave, create, FunnelAnswer::DealCreated);
    }

    fn look(read: PageRead<DealPage>, cx: &mut ScreenCtx) {
        cx.ask(FunnelKey::DealFind, read, FunnelAnswer::DealFound);
    }

    fn made_text(deal: &Deal) -> String {
        format!("Created {}", quoted(deal))
    }

    fn made(&mut self, deal: Deal, cx: &mut ScreenCtx) {
        if let Some(d) = &mut self.detail {
            d.add_created(deal, cx);
        }
        self.close_form(cx);
    }

    fn place(&mut self, _: &NewDeal, fields: &FieldErrors) -> (Vec<String>, bool) {
        self.place_errors(fields)
    }

    fn show_failure(&mut self, text: String) {
        if let Some(e) = self.layers.editor_mut() {
            e.failure = Some(text);
        }
    }

    fn keep(
        &mut self,
        deal: &NewDeal,
        sent: Option<time::OffsetDateTime>,
        cx: &mut ScreenCtx,
    ) -> bool {
        self.queue_new_deal(deal.clone(), sent, cx);
        true
    }
}

impl FunnelsState {
    // ----- saving ----------------------------------------------------------------------------

    /// `Ctrl-s`: checks every field, then sends the deal (an edit: only what changed). After a
    /// failed look for a lost create, it looks again instead.
    pub fn submit(&mut self, cx: &mut ScreenCtx) {
        let today = cx.clock.today;
        let Some(e) = self.layers.editor_mut() else {
            return;
        };
        if e.phase != Phase::Editing {
            form_create::look_again(self, cx);
            return;
        }
        e.failure = None;
        if !e.form.validate_all(today) {
            return;
        }
        let before = match e.target {
            Target::New { .. } => Values::default(),
            Target::Edit { .. } => e.before.clone(),
        };
        let input = e.form.to_input(&before, today);
        let patch = match &e.target {
            Target::New { status_id } => {
                let deal = NewDeal {
                    status_id: status_id.clone(),
                    input,
                };
                if cx.is_offline() {
                    self.queue_new_deal(deal, None, cx);
                    return;
                }
                // The deals of its status the board holds: a look must not take one for it.
                let lookup = Self::lookup(&deal);
                let held = self
                    .detail
                    .as_ref()
                    .and_then(|d| d.columns.iter().find(|c| c.status_id == lookup.status_id))
                    .map(|c| lookup.known(&c.deals.rows))
                    .unwrap_or_default();
                form_create::submit(self, deal, held, cx);
                return;
            }
            Target::Edit { .. } if input == DealInput::default() => {
                cx.toast(ToastKind::Info, "Nothing changed: nothing sent");
                self.close_form(cx);
                return;
            }
            Target::Edit { deal_id } => {
                let id = cx.offline.resolve(deal_id);
                if Self::must_queue(&id, cx) {
                    self.queue_deal_edit(&id, &input, cx);
                    return;
                }
                op::PatchDeal(id, Box::new(input.clone()))
            }
        };
        cx.request(FunnelKey::DealSave, patch, FunnelAnswer::DealPatched);
        e.phase = Phase::Patching(Box::new(input));
    }

    /// The answer to an edit: the deal when the service sends it back, else it is read.
    pub(super) fn on_patched(
        &mut self,
        result: Result<Option<Deal>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(e) = self.layers.editor_mut() else {
            return;
        };
        let Phase::Patching(input) = std::mem::replace(&mut e.phase, Phase::Editing) else {
            return;
        };
        let Target::Edit { deal_id } = e.target.clone() else {
            return;
        };
        match CreateAnswer::read(result) {
            CreateAnswer::Created(Some(deal)) => {
                let text = format!("Saved {}", quoted(&deal));
                self.edited(deal, text, cx);
            }
            CreateAnswer::Created(None) => {
                e.phase = Phase::Reading { input, lost: false };
                read_deal(deal_id, cx);
            }
            CreateAnswer::Refused(err) => {
                form_create::refused(self, err, |s, fields| s.place_errors(fields), cx)
            }
            CreateAnswer::Lost(err) => {
                cx.toast(
                    ToastKind::Info,
                    format!(
                        "{} may have been saved ({}): reading it back…",
                        e.name,
                        crate::screen::lost_answer::cause_text(&err)
                    ),
                );
                e.failure = Some(crate::screen::lost_answer::cause_text(&err));
                e.phase = Phase::Reading { input, lost: true };
                read_deal(deal_id, cx);
            }
        }
    }

    /// The deal read after an edit: shown as the service has it, and said whether the edit
    /// holds.
    pub(super) fn on_read(&mut self, result: Result<Deal, ApiError>, cx: &mut ScreenCtx) {
        let Some(e) = self.layers.editor_mut() else {
            return;
        };
        let Phase::Reading { input, lost } = std::mem::replace(&mut e.phase, Phase::Editing) else {
            return;
        };
        match result {
            Ok(deal) if carries(&deal, &input) => {
                let text = if lost {
                    format!("Saved {} (answer lost, read back: done)", quoted(&deal))
                } else {
                    format!("Saved {}", quoted(&deal))
                };
                self.edited(deal, text, cx);
            }
            Ok(deal) => {
                let cause = e.failure.take().unwrap_or_default();
                let text = format!("{} was not saved ({cause}): read back: not done", e.name);
                if let Some(d) = &mut self.detail {
                    d.take_fresh(deal);
                }
                cx.toast(ToastKind::Error, text.clone());
                e.failure = Some(text);
            }
            Err(err) => {
                let text = format!(
                    "Not confirmed: {} may have been saved; reading it back failed ({}): Ctrl-s sends it again",
                    e.name,
                    err.short()
                );
                cx.toast(ToastKind::Error, text.clone());
                e.failure = Some(text);
            }
        }
    }

    /// The service's messages at the deal's fields; those it has no place for, and whether it
    /// placed any.
    fn place_errors(&mut self, fields: &FieldErrors) -> (Vec<String>, bool) {
        let Some(e) = self.layers.editor_mut() else {
            return (Vec::new(), false);
        };
        let left = e.form.apply_service_errors(fields);
        (left, !e.form.errors.is_empty())
    }

    fn edited(&mut self, deal: Deal, text: String, cx: &mut ScreenCtx) {
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        if let Some(d) = &mut self.detail {
            // The service's copy, just read: nothing to read again when the form closes.
            if d.passed_by.as_deref() == Some(deal.id.as_str()) {
                d.passed_by = None;
            }
            d.take_fresh(deal);
        }
        self.close_form(cx);
    }
}

/// Whether `deal` has every field `input` set (lists compared as sets; custom fields by the
/// values the deal reads back with).
fn carries(deal: &Deal, input: &DealInput) -> bool {
    let same_set = |a: &[String], b: &[String]| {
        let mut a = a.to_vec();
        let mut b = b.to_vec();
        a.sort();
        b.sort();
        a == b
    };
    let custom = input.custom_fields.as_ref().is_none_or(|map| {
        map.iter().all(|(id, v)| {
            let have = deal
                .custom_fields
                .iter()
                .find(|c| c.id == *id)
                .map_or(serde_json::Value::Null, |c| c.value.clone());
            have == *v
        })
    });
    input
        .title
        .as_ref()
        .is_none_or(|t| deal.title.as_deref() == Some(t.as_str()))
        && input.amount.is_none_or(|a| deal.amount == a)
        && input
            .assignees
            .as_ref()
            .is_none_or(|x| same_set(x, &deal.assignees))
        && input
            .contacts
            .as_ref()
            .is_none_or(|x| same_set(x, &deal.contacts))
        && input
            .organizations
            .as_ref()
            .is_none_or(|x| same_set(x, &deal.organizations))
        && input.tags.as_ref().is_none_or(|x| {
            let mut a = x.clone();
            let mut b = deal.tags.clone();
            a.sort_unstable();
            b.sort_unstable();
            a == b
        })
        && custom
}

fn quoted(deal: &Deal) -> String {
    crate::text::quoted(deal.title.as_deref().unwrap_or("(untitled deal)"), 30)
}

impl FunnelDetail {
    /// A deal just created goes to the top of its status, with its weight in the totals, and
    /// the cursor on it.
    pub(super) fn add_created(&mut self, deal: Deal, cx: &ScreenCtx) {
        let Some(status) = deal.status_id.clone() else {
            return;
        };
        let Some(ci) = self.column_index(&status) else {
            return;
        };
        if self.columns[ci].deals.rows.iter().any(|d| d.id == deal.id) {
            return;
        }
        self.tally
            .record(&deal.id, None, Some(Weight::of(&deal, &status)));
        self.columns[ci].deals.rows.insert(0, deal);
        self.focus = ci;
        let cards = self.cards(cx);
        self.columns[ci].move_to(0, cards);
        self.fix_columns(cx);
    }

    /// The service's copy of a deal replaces the board's (the column stays the board's: a
    /// move may be on its way); a changed amount changes the totals.
    pub(super) fn take_fresh(&mut self, fresh: Deal) {
        for c in &mut self.columns {
            if let Some(d) = c.deals.rows.iter_mut().find(|d| d.id == fresh.id) {
                let before = Weight::of(d, &c.status_id);
                let status = d.status_id.clone();
                *d = fresh.clone();
                d.status_id = status;
                self.tally
                    .record(&fresh.id, Some(before), Some(Weight::of(d, &c.status_id)));
            }
        }
    }
}
