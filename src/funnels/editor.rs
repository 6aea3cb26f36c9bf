//! The deal form over the board: opening it (`n`, `e`), typing and choosing, the draft on
//! disk, and saving. A save is sent once (the form is locked until the answer); the service's
//! field errors land at their fields; a create whose answer was lost is looked for before it
//! may be sent again (and once more right before that send), and an edit whose answer was lost
//! is read back before anything is said. The draft stays on disk until the service has it.

use std::path::Path;

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use weeek_api::models::{CustomField, Deal};
use weeek_api::{ApiError, DealInput, DealPage};

use super::deal_form::{CustomValue, DealField, DealForm, Input, Named, Values};
use super::detail::FunnelDetail;
use super::lookups::Lookups;
use super::totals::Weight;
use super::{FunnelAnswer, FunnelKey, FunnelsState};
use crate::app::ScreenCtx;
use crate::app::commands::Action;
use crate::app::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt,
};
use crate::app::names::Names;
use crate::app::toast::ToastKind;
use crate::widgets::field::TextEdit;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};
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
    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    fn title(&self) -> String {
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
    /// The request is out.
    Saving {
        input: Box<DealInput>,
        at: SentAt<String>,
        /// An earlier send of it, not found right before this one went: unsettled again if
        /// this one is refused.
        earlier: Option<Box<LostCreate<DealLookup>>>,
    },
    /// A create's answer was lost (or an earlier send of it is looked for before this one
    /// goes, see `DealEditor::resend`): the deal is looked for before it may be sent again.
    Looking(Box<LostCreate<DealLookup>>),
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
    pub picker: Option<FormPicker>,
    /// Esc on a changed form: discard the changes?
    pub asking: bool,
    /// Why the last save failed, when not a matter of fields.
    pub failure: Option<String>,
    /// What is sent once the look before a send again (`Phase::Looking`) finds nothing.
    pub resend: Option<Box<DealInput>>,
}

impl DealEditor {
    pub fn is_new(&self) -> bool {
        matches!(self.target, Target::New { .. })
    }

    /// Sent and not settled: the form takes no input.
    pub fn locked(&self) -> bool {
        match &self.phase {
            Phase::Editing => false,
            Phase::Looking(lost) => lost.is_looking(),
            Phase::Saving { .. } | Phase::Reading { .. } => true,
        }
    }

    fn draft(&self) -> Draft {
        Draft {
            funnel_id: self.funnel_id.clone(),
            target: self.target.clone(),
            before: self.before.clone(),
            values: self.form.values(),
        }
    }

    fn changed(&self) -> bool {
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

/// Sends a new deal into status `status_id`.
fn send_deal(status_id: String, input: Box<DealInput>, cx: &mut ScreenCtx) {
    cx.request(
        FunnelKey::DealSave,
        op::CreateDeal(status_id, input),
        FunnelAnswer::DealCreated,
    );
}

/// Reads a page of the look for a new deal whose answer was lost.
fn look_for_deal(look: PageRead<DealPage>, cx: &mut ScreenCtx) {
    cx.ask(FunnelKey::DealFind, look, FunnelAnswer::DealFound);
}

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

fn members_picker(names: &Names, chosen: &[String], multi: bool) -> Option<Picker<PickKey>> {
    let members = names.members.value()?;
    let items = members
        .iter()
        .map(|m| PickItem::new(PickKey::Id(m.id.clone()), m.display_name()))
        .collect();
    Some(make(
        items,
        chosen.iter().cloned().map(PickKey::Id),
        multi,
        "Assignees",
    ))
}

fn make(
    mut items: Vec<PickItem<PickKey>>,
    chosen: impl Iterator<Item = PickKey>,
    multi: bool,
    title: &str,
) -> Picker<PickKey> {
    let chosen: Vec<PickKey> = chosen.collect();
    if multi {
        Picker::multi(title, items, &chosen)
    } else {
        items.insert(0, PickItem::new(PickKey::Nothing, "(none)"));
        let mut p = Picker::single(title, items);
        if let Some(c) = chosen.first() {
            p.focus(c);
        }
        p
    }
}

/// Items of a list of named things, keeping chosen ones the list does not have.
fn named_items<T>(
    list: &[T],
    id: impl Fn(&T) -> String,
    name: impl Fn(&T) -> String,
    chosen: &[Named],
) -> Vec<PickItem<PickKey>> {
    let mut items: Vec<PickItem<PickKey>> = list
        .iter()
        .map(|x| PickItem::new(PickKey::Id(id(x)), name(x)))
        .collect();
    for c in chosen {
        if !list.iter().any(|x| id(x) == c.id) {
            items.push(
                PickItem::new(PickKey::Id(c.id.clone()), c.name.clone()).detail("not in the list"),
            );
        }
    }
    items
}

impl DealEditor {
    /// The picker for `place`, or `None` while what it lists is still loading.
    fn picker_for(
        &self,
        place: DealField,
        names: &Names,
        lookups: &Lookups,
    ) -> Option<Picker<PickKey>> {
        let ids = |v: &[Named]| {
            v.iter()
                .map(|n| PickKey::Id(n.id.clone()))
                .collect::<Vec<_>>()
        };
        let contacts = |chosen: &[Named], multi: bool, title: &str| {
            (!lookups.contacts.loading).then(|| {
                let items = named_items(
                    &lookups.contacts.items,
                    |c| c.id.clone(),
                    weeek_api::models::Contact::display_name,
                    chosen,
                );
                make(items, ids(chosen).into_iter(), multi, title)
            })
        };
        match place {
            DealField::Assignees => members_picker(names, &self.form.assignees, true),
            DealField::Contacts => contacts(&self.form.contacts, true, "Contacts"),
            DealField::Organizations => (!lookups.orgs.loading).then(|| {
                let items = named_items(
                    &lookups.orgs.items,
                    |o| o.id.clone(),
                    weeek_api::models::Organization::display_name,
                    &self.form.organizations,
                );
                make(
                    items,
                    ids(&self.form.organizations).into_iter(),
                    true,
                    "Organizations",
                )
            }),
            DealField::Tags => {
                let tags = names.tags.value()?;
                let items = tags
                    .iter()
                    .map(|t| {
                        PickItem::new(PickKey::Tag(t.id), t.title.clone()).color(t.color.clone())
                    })
                    .collect();
                Some(make(
                    items,
                    self.form.tags.iter().map(|t| PickKey::Tag(*t)),
                    true,
                    "Tags",
                ))
            }
            DealField::Custom(i) => {
                let field = self.form.fields.get(i)?;
                let title = field.name.clone().unwrap_or_else(|| "Field".into());
                let chosen = self.form.chosen.get(&field.id);
                let one: Vec<Named> = match chosen {
                    Some(CustomValue::One(Some(n))) => vec![n.clone()],
                    Some(CustomValue::Many(v)) => v.clone(),
                    _ => Vec::new(),
                };
                match Input::of(field) {
                    Input::Option | Input::Options => {
                        let items = field
                            .options
                            .iter()
                            .map(|o| {
                                PickItem::new(
                                    PickKey::Id(o.id.clone()),
                                    o.name.clone().unwrap_or_default(),
                                )
                                .color(o.color.clone())
                            })
                            .collect();
                        let multi = Input::of(field) == Input::Options;
                        Some(make(items, ids(&one).into_iter(), multi, &title))
                    }
                    Input::Member => {
                        let ids: Vec<String> = one.iter().map(|n| n.id.clone()).collect();
                        members_picker(names, &ids, false).map(|mut p| {
                            p.title = title.clone();
                            p
                        })
                    }
                    Input::Contact => contacts(&one, false, &title),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Applies what a picker chose to `place`; `label` names a key.
    /// Applies what a picker chose to `place`: keys with their labels.
    fn apply_pick(&mut self, place: DealField, keys: &[(PickKey, String)]) {
        let named = |keys: &[(PickKey, String)]| -> Vec<Named> {
            keys.iter()
                .filter_map(|(k, name)| match k {
                    PickKey::Id(id) => Some(Named {
                        id: id.clone(),
                        name: name.clone(),
                    }),
                    _ => None,
                })
                .collect()
        };
        match place {
            DealField::Assignees => {
                self.form.assignees = named(keys).into_iter().map(|n| n.id).collect()
            }
            DealField::Contacts => self.form.contacts = named(keys),
            DealField::Organizations => self.form.organizations = named(keys),
            DealField::Tags => {
                self.form.tags = keys
                    .iter()
                    .filter_map(|(k, _)| match k {
                        PickKey::Tag(t) => Some(*t),
                        _ => None,
                    })
                    .collect()
            }
            DealField::Custom(i) => {
                let Some(field) = self.form.fields.get(i) else {
                    return;
                };
                let value = if Input::of(field) == Input::Options {
                    CustomValue::Many(named(keys))
                } else {
                    CustomValue::One(named(keys).into_iter().next())
                };
                self.form.chosen.insert(field.id.clone(), value);
            }
            _ => {}
        }
        self.form.errors.remove(&place);
    }
}

impl FunnelsState {
    pub fn draft_path(&self) -> &Path {
        self.draft.path()
    }

    /// Reads the deal draft left by an earlier run (before the event loop).
    pub fn load_draft(&mut self) {
        match self.draft.load::<Draft>() {
            Ok(None) => {}
            Ok(Some(d)) => {
                self.found_note = Some((
                    ToastKind::Info,
                    format!(
                        "A deal draft was found ({}): it opens again with n (e for an edit) in its funnel",
                        d.title()
                    ),
                ));
                self.found = Some(d);
            }
            Err(why) => {
                self.found_note = Some((
                    ToastKind::Error,
                    format!("The deal draft could not be read ({why})"),
                ));
            }
        }
    }

    /// Says once what was found on disk at start.
    pub(super) fn announce(&mut self, cx: &mut ScreenCtx) {
        if let Some((kind, text)) = self.found_note.take() {
            cx.toast(kind, text);
        }
    }

    /// `n` / `e`: opens the form, the draft of this deal if there is one. Another draft on
    /// disk is asked about first.
    pub fn open_form(&mut self, edit: bool, cx: &mut ScreenCtx) {
        let Some(d) = &self.detail else {
            return;
        };
        let Some(fields) = d.funnel.value().map(|f| f.custom_fields.clone()) else {
            return;
        };
        let target = if edit {
            match d.current_deal() {
                Some(deal) => Target::Edit {
                    deal_id: deal.id.clone(),
                },
                None => return,
            }
        } else {
            match d.column() {
                Some(c) => Target::New {
                    status_id: c.status_id.clone(),
                },
                None => return,
            }
        };
        let draft = self.found.clone();
        let matches = |x: &Draft| {
            x.funnel_id == d.id
                && match (&x.target, &target) {
                    (Target::New { .. }, Target::New { .. }) => true,
                    (a, b) => a == b,
                }
        };
        match draft {
            Some(x) if matches(&x) => {
                self.found = None;
                let mut target = target;
                // A new deal's draft keeps the status it was started in when that status is
                // still on the board.
                if let Target::New { status_id } = &x.target
                    && d.column_index(status_id).is_some()
                {
                    target = x.target.clone();
                }
                self.start_form(target, fields, x.before, &x.values, cx);
                if let Some(e) = &mut self.editor {
                    e.form.keep_typed();
                }
                cx.toast(ToastKind::Success, "Draft restored");
            }
            Some(x) => {
                self.ask = Some(super::verbs::Ask::ReplaceDraft {
                    title: x.title(),
                    edit,
                });
            }
            None => {
                let before = match &target {
                    Target::Edit { .. } => {
                        let deal = d.current_deal().cloned().unwrap_or_default();
                        Values::of_deal(
                            &deal,
                            &fields,
                            (
                                |id: &str| self.lookups.contact_name(id),
                                |id: &str| self.lookups.org_name(id),
                            ),
                            cx.clock.offset,
                        )
                    }
                    Target::New { .. } => Values::default(),
                };
                self.start_form(target, fields, before.clone(), &before, cx);
            }
        }
    }

    /// The answer to "replace the other draft?": yes drops it and opens the form.
    pub fn replace_draft(&mut self, yes: bool, edit: bool, cx: &mut ScreenCtx) {
        if !yes {
            cx.toast(ToastKind::Info, "Kept the draft");
            return;
        }
        self.found = None;
        self.draft.clear(cx);
        self.open_form(edit, cx);
    }

    fn start_form(
        &mut self,
        target: Target,
        fields: Vec<CustomField>,
        before: Values,
        values: &Values,
        cx: &mut ScreenCtx,
    ) {
        let Some(d) = &self.detail else {
            return;
        };
        let name = match &target {
            Target::Edit { .. } => crate::text::quoted(before.title.trim(), 30),
            Target::New { .. } => String::new(),
        };
        self.editor = Some(DealEditor {
            funnel_id: d.id.clone(),
            target,
            name,
            before,
            form: DealForm {
                offset: cx.clock.offset,
                ..DealForm::new(fields, values)
            },
            phase: Phase::Editing,
            picker: None,
            asking: false,
            failure: None,
            resend: None,
        });
        // Contacts and organizations are chosen by name.
        self.lookups.ensure(cx);
        self.flush_draft(cx);
    }

    /// Writes the draft if the form differs from where it started; removes it otherwise.
    fn flush_draft(&mut self, cx: &mut ScreenCtx) {
        let Some(e) = &self.editor else {
            return;
        };
        if e.changed() {
            self.draft.save(e.draft().to_json(), cx);
        } else {
            self.draft.clear(cx);
        }
    }

    fn close_form(&mut self, cx: &mut ScreenCtx) {
        // A create whose look failed stays unsettled: the same deal sent again looks first.
        if let Some(e) = self.editor.take()
            && let Phase::Looking(lost) = e.phase
        {
            self.deal_unsettled.keep(*lost);
        }
        self.draft.clear(cx);
        cx.cancel(FunnelKey::DealFind);
        cx.cancel(FunnelKey::DealRead);
    }

    // ----- keys ------------------------------------------------------------------------------

    /// A command while the form is open.
    pub fn form_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let today = cx.clock.today;
        let Some(e) = &mut self.editor else {
            return false;
        };
        if e.asking {
            match action {
                Action::Yes => self.close_form(cx),
                Action::No => e.asking = false,
                _ => return false,
            }
            return true;
        }
        if e.picker.is_some() {
            self.picker_action(action, cx);
            return true;
        }
        let focus = e.form.focus;
        match action {
            Action::Submit => self.submit(cx),
            Action::Back if e.locked() => return false,
            Action::Back if e.changed() && matches!(e.phase, Phase::Editing) => e.asking = true,
            Action::Back => self.close_form(cx),
            _ if e.locked() || !matches!(e.phase, Phase::Editing) => return false,
            Action::NextField | Action::PrevField => {
                let left = e
                    .form
                    .step(if action == Action::NextField { 1 } else { -1 });
                if left != e.form.focus {
                    e.form.leave(left, today);
                }
            }
            Action::Open if e.form.input(focus) == Some(Input::Flag) => {
                let Some(field) = e.form.fields.get(match focus {
                    DealField::Custom(i) => i,
                    _ => return true,
                }) else {
                    return true;
                };
                let id = field.id.clone();
                let next = match e.form.chosen.get(&id) {
                    Some(CustomValue::Flag(Some(true))) => Some(false),
                    Some(CustomValue::Flag(Some(false))) => None,
                    _ => Some(true),
                };
                e.form.chosen.insert(id, CustomValue::Flag(next));
                self.flush_draft(cx);
            }
            Action::Open if !e.form.is_typed(focus) => self.open_picker(String::new(), cx),
            Action::Remove if !e.form.is_typed(focus) => {
                let removed = match focus {
                    DealField::Assignees => e.form.assignees.pop().is_some(),
                    DealField::Contacts => e.form.contacts.pop().is_some(),
                    DealField::Organizations => e.form.organizations.pop().is_some(),
                    DealField::Tags => e.form.tags.pop().is_some(),
                    DealField::Custom(i) => e
                        .form
                        .fields
                        .get(i)
                        .map(|f| f.id.clone())
                        .and_then(|id| e.form.chosen.remove(&id))
                        .is_some(),
                    _ => false,
                };
                if removed {
                    self.flush_draft(cx);
                }
            }
            Action::Text(edit) => self.edit_text(
                focus,
                |t| {
                    t.edit(edit);
                },
                cx,
            ),
            _ => return false,
        }
        true
    }

    fn edit_text(
        &mut self,
        focus: DealField,
        change: impl FnOnce(&mut crate::widgets::field::TextField),
        cx: &mut ScreenCtx,
    ) {
        let today = cx.clock.today;
        let Some(e) = &mut self.editor else {
            return;
        };
        let Some(field) = e.form.text_mut(focus) else {
            return;
        };
        let before = field.value().to_string();
        change(field);
        if field.value() != before {
            e.form.touched.insert(focus);
            e.form.revalidate_shown(focus, today);
            e.failure = None;
            self.flush_draft(cx);
        }
    }

    /// A character typed while the form is open: into the picker's query, the focused field,
    /// or (on a choice) the picker it opens; `y` / `n` set a yes/no field.
    pub fn form_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let Some(e) = &mut self.editor else {
            return false;
        };
        if e.asking || e.locked() || !matches!(e.phase, Phase::Editing) {
            return false;
        }
        if let Some(p) = &mut e.picker {
            return match &mut p.picker {
                Some(picker) => picker.type_char(c),
                None => {
                    p.pending.push(c);
                    true
                }
            };
        }
        let focus = e.form.focus;
        match e.form.input(focus) {
            Some(Input::Flag) => {
                let value = match c.to_ascii_lowercase() {
                    'y' | 'д' | '1' => Some(true),
                    'n' | 'н' | '0' => Some(false),
                    _ => return false,
                };
                if let DealField::Custom(i) = focus
                    && let Some(f) = e.form.fields.get(i)
                {
                    e.form.chosen.insert(f.id.clone(), CustomValue::Flag(value));
                    self.flush_draft(cx);
                }
                true
            }
            Some(Input::ReadOnly) => false,
            _ if e.form.is_typed(focus) => {
                self.edit_text(
                    focus,
                    |t| {
                        t.insert(c);
                    },
                    cx,
                );
                true
            }
            _ => {
                let query = if c.is_whitespace() {
                    String::new()
                } else {
                    c.to_string()
                };
                self.open_picker(query, cx);
                true
            }
        }
    }

    pub fn form_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        let Some(e) = &mut self.editor else {
            return false;
        };
        if e.asking || e.locked() || !matches!(e.phase, Phase::Editing) {
            return false;
        }
        if let Some(p) = &mut e.picker {
            match &mut p.picker {
                Some(picker) => picker.paste(text),
                None => p.pending.push_str(&crate::text::one_line(text)),
            }
            return true;
        }
        let focus = e.form.focus;
        if !e.form.is_typed(focus) {
            return false;
        }
        self.edit_text(focus, |t| t.paste(text), cx);
        true
    }

    fn open_picker(&mut self, query: String, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let place = e.form.focus;
        let picker = e.picker_for(place, cx.names, &self.lookups);
        let mut p = FormPicker {
            place,
            picker,
            pending: query,
        };
        apply_pending(&mut p);
        e.picker = Some(p);
    }

    /// Contacts or organizations arrived: a waiting picker gets its items.
    pub(super) fn refresh_form_picker(&mut self, names: &Names) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let Some(p) = &e.picker else {
            return;
        };
        if p.picker.is_some() {
            return;
        }
        let place = p.place;
        let built = e.picker_for(place, names, &self.lookups);
        if let Some(p) = &mut e.picker {
            p.picker = built;
            apply_pending(p);
        }
    }

    fn picker_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let Some(fp) = &mut e.picker else {
            return;
        };
        let Some(p) = &mut fp.picker else {
            match action {
                Action::Cancel => e.picker = None,
                Action::Text(TextEdit::DeleteBack) => {
                    fp.pending.pop();
                }
                _ => {}
            }
            return;
        };
        match p.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => e.picker = None,
            PickerOutcome::Picked(keys) => {
                let labelled = p.labelled(keys);
                let place = fp.place;
                e.picker = None;
                e.apply_pick(place, &labelled);
                self.flush_draft(cx);
            }
        }
    }

    // ----- saving ----------------------------------------------------------------------------

    /// `Ctrl-s`: checks every field, then sends the deal (an edit: only what changed). After a
    /// failed look for a lost create, it looks again instead.
    pub fn submit(&mut self, cx: &mut ScreenCtx) {
        let today = cx.clock.today;
        let Some(e) = &mut self.editor else {
            return;
        };
        match &mut e.phase {
            Phase::Saving { .. } | Phase::Reading { .. } => return,
            Phase::Looking(lost) => {
                if let Some((look, text)) = lost.retry("created") {
                    cx.toast(ToastKind::Info, text);
                    look_for_deal(look, cx);
                }
                return;
            }
            Phase::Editing => {}
        }
        e.failure = None;
        e.picker = None;
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
                let lookup = DealLookup {
                    status_id: status_id.clone(),
                    title: input.title.clone().unwrap_or_default(),
                    amount: input.amount.flatten(),
                };
                // The deals of its status the board holds: a look must not take one for it.
                let held = self
                    .detail
                    .as_ref()
                    .and_then(|d| d.columns.iter().find(|c| c.status_id == lookup.status_id))
                    .map(|c| lookup.known(&c.deals.rows))
                    .unwrap_or_default();
                match self
                    .deal_unsettled
                    .send(&lookup, || SentAt::new(&cx.clock, held))
                {
                    Sending::Now(at) => {
                        send_deal(lookup.status_id, Box::new(input.clone()), cx);
                        e.phase = Phase::Saving {
                            input: Box::new(input),
                            at,
                            earlier: None,
                        };
                    }
                    Sending::LookFirst(lost, look) => {
                        cx.toast(ToastKind::Info, lost.resend_text("created"));
                        look_for_deal(look, cx);
                        e.resend = Some(Box::new(input));
                        e.phase = Phase::Looking(lost);
                    }
                }
                return;
            }
            Target::Edit { .. } if input == DealInput::default() => {
                cx.toast(ToastKind::Info, "Nothing changed: nothing sent");
                self.close_form(cx);
                return;
            }
            Target::Edit { deal_id } => op::PatchDeal(deal_id.clone(), Box::new(input.clone())),
        };
        cx.request(FunnelKey::DealSave, patch, FunnelAnswer::DealPatched);
        e.phase = Phase::Saving {
            input: Box::new(input),
            // An edit is read back, never looked for: its moment is not asked.
            at: SentAt::new(&cx.clock, Vec::new()),
            earlier: None,
        };
    }

    /// The answer to a create.
    pub(super) fn on_created(&mut self, result: Result<Deal, ApiError>, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let Phase::Saving { input, at, earlier } = std::mem::replace(&mut e.phase, Phase::Editing)
        else {
            return;
        };
        let answer = CreateAnswer::read(result);
        if let (CreateAnswer::Refused(_), Some(earlier)) = (&answer, earlier) {
            // This send did nothing; the one before may still land.
            self.deal_unsettled.keep(*earlier);
        }
        match answer {
            CreateAnswer::Created(deal) => {
                let text = format!("Created {}", quoted(&deal));
                self.created(deal, text, cx);
            }
            CreateAnswer::Refused(err) => self.refused(err, cx),
            CreateAnswer::Lost(err) => {
                let Target::New { status_id } = e.target.clone() else {
                    return;
                };
                let lookup = DealLookup {
                    status_id,
                    title: input.title.clone().unwrap_or_default(),
                    amount: input.amount.flatten(),
                };
                // From the first send on: the look covers every send of it.
                let (lost, look) = LostCreate::start(lookup, err, at);
                cx.toast(ToastKind::Info, lost.looking_text("created"));
                look_for_deal(look, cx);
                e.phase = Phase::Looking(Box::new(lost));
            }
        }
    }

    /// A page of the look for a create whose answer was lost.
    pub(super) fn on_found(&mut self, result: Result<DealPage, ApiError>, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let Phase::Looking(lost) = &mut e.phase else {
            return;
        };
        match lost.on_answer(result) {
            Looked::Next(look) => look_for_deal(look, cx),
            Looked::Found(deal) => {
                let text = lost.found_text("created");
                self.created(deal, text, cx);
            }
            Looked::Resend => {
                let Phase::Looking(lost) = std::mem::replace(&mut e.phase, Phase::Editing) else {
                    return;
                };
                let (Some(input), Target::New { status_id }) = (e.resend.take(), &e.target) else {
                    self.deal_unsettled.keep(*lost);
                    return;
                };
                send_deal(status_id.clone(), input.clone(), cx);
                e.phase = Phase::Saving {
                    input,
                    at: lost.sent.clone(),
                    earlier: Some(lost),
                };
            }
            Looked::NotCreated => {
                let again = cx
                    .keys
                    .then_say("deal_form.save", "looks once more and sends it");
                let text = format!("{}{again}", lost.not_created_text("created"));
                if let Phase::Looking(lost) = std::mem::replace(&mut e.phase, Phase::Editing) {
                    self.deal_unsettled.keep(*lost);
                }
                cx.toast(ToastKind::Error, text.clone());
                e.failure = Some(text);
            }
            Looked::Failed => {
                let text = lost.check_failed_text("created");
                cx.toast(ToastKind::Error, text);
            }
        }
    }

    /// The answer to an edit: the deal when the service sends it back, else it is read.
    pub(super) fn on_patched(
        &mut self,
        result: Result<Option<Deal>, ApiError>,
        cx: &mut ScreenCtx,
    ) {
        let Some(e) = &mut self.editor else {
            return;
        };
        let Phase::Saving { input, .. } = std::mem::replace(&mut e.phase, Phase::Editing) else {
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
            CreateAnswer::Refused(err) => self.refused(err, cx),
            CreateAnswer::Lost(err) => {
                cx.toast(
                    ToastKind::Info,
                    format!(
                        "{} may have been saved ({}): reading it back…",
                        e.name,
                        crate::app::lost_answer::cause_text(&err)
                    ),
                );
                e.failure = Some(crate::app::lost_answer::cause_text(&err));
                e.phase = Phase::Reading { input, lost: true };
                read_deal(deal_id, cx);
            }
        }
    }

    /// The deal read after an edit: shown as the service has it, and said whether the edit
    /// holds.
    pub(super) fn on_read(&mut self, result: Result<Deal, ApiError>, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
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

    fn refused(&mut self, err: ApiError, cx: &mut ScreenCtx) {
        let Some(e) = &mut self.editor else {
            return;
        };
        match err {
            ApiError::Validation { message, fields } if !fields.is_empty() => {
                let leftovers = e.form.apply_service_errors(&fields);
                if !leftovers.is_empty() {
                    e.failure = Some(format!(
                        "Not saved: the service refused {}",
                        leftovers.join("; ")
                    ));
                } else if e.form.errors.is_empty() {
                    e.failure = Some(format!("Not saved: the service refused: {message}"));
                }
                cx.toast(
                    ToastKind::Error,
                    "Not saved: the service refused some fields",
                );
            }
            other => {
                let text = format!("Not saved: {}", other.short());
                cx.toast(ToastKind::Error, text.clone());
                e.failure = Some(text);
            }
        }
    }

    fn created(&mut self, deal: Deal, text: String, cx: &mut ScreenCtx) {
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        if let Some(d) = &mut self.detail {
            d.add_created(deal, cx);
        }
        self.close_form(cx);
    }

    fn edited(&mut self, deal: Deal, text: String, cx: &mut ScreenCtx) {
        cx.toasts.dismiss_all();
        cx.toast(ToastKind::Success, text);
        if let Some(d) = &mut self.detail {
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

fn apply_pending(p: &mut FormPicker) {
    crate::widgets::picker::apply_pending(&mut p.picker, &mut p.pending);
}

impl FunnelDetail {
    /// A deal just created goes to the top of its status, with its weight in the totals, and
    /// the cursor on it.
    fn add_created(&mut self, deal: Deal, cx: &ScreenCtx) {
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
    fn take_fresh(&mut self, fresh: Deal) {
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
