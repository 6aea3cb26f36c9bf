//! Creating an organization or a tag from its picker: `Enter` on a name that matches nothing
//! sends `POST /crm/organizations` or `POST /ws/tags`, then picks what the service made. After
//! an ambiguous failure the name is looked for before it may be sent again, so one `Enter`
//! never makes two.

use time::OffsetDateTime;
use weeek_api::models::{Organization, Tag};
use weeek_api::{ListQuery, OrganizationInput};

use super::pickers::{Choice, PickKind};
use super::{ContactKey, ContactsState};
use crate::app::ScreenCtx;
use crate::app::loadable::Loadable;
use crate::app::lost_answer::{CreateAnswer, CreateLookup, Looked, LostCreate, created_since};
use crate::app::toast::ToastKind;
use crate::widgets::picker::PickItem;
use crate::worker::{Answer, Call};

/// Organizations read per page while looking for one whose answer was lost.
const ORG_PAGE: u32 = 100;

/// What is being created, and how to find it again.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceLookup {
    pub kind: PickKind,
    pub name: String,
}

impl ChoiceLookup {
    fn noun(&self) -> &'static str {
        noun(self.kind)
    }
}

pub fn noun(kind: PickKind) -> &'static str {
    match kind {
        PickKind::Organizations => "organization",
        PickKind::Tags => "tag",
    }
}

fn org_item(o: &Organization) -> PickItem<Choice> {
    PickItem::new(Choice::Org(o.id.clone()), o.display_name())
}

pub(crate) fn tag_item(t: &Tag) -> PickItem<Choice> {
    PickItem::new(Choice::Tag(t.id), t.title.clone()).color(t.color.clone())
}

/// Names compare as the user sees them: surrounding spaces and letter case aside.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

/// An item the service has, and when it was created (tags do not say).
#[derive(Debug, Clone, PartialEq)]
pub struct Candidate {
    pub item: PickItem<Choice>,
    created: Option<OffsetDateTime>,
}

impl CreateLookup for ChoiceLookup {
    type Item = Candidate;
    type Page = Answer;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn read(&self, page: u32) -> Call {
        match self.kind {
            // Tags come in one answer.
            PickKind::Tags => Call::Tags,
            PickKind::Organizations => {
                Call::Organizations(ListQuery::page(ORG_PAGE, page * ORG_PAGE))
            }
        }
    }

    fn candidates(&self, page: Answer) -> (Vec<Candidate>, bool) {
        match page {
            Answer::Tags(Ok(tags)) => {
                let items = tags.iter().map(|t| Candidate {
                    item: tag_item(t),
                    created: None,
                });
                (items.collect(), false)
            }
            Answer::Organizations(Ok(orgs)) => {
                let more = orgs.len() as u32 >= ORG_PAGE;
                let items = orgs.iter().map(|o| Candidate {
                    item: org_item(o),
                    created: o.created_at,
                });
                (items.collect(), more)
            }
            _ => (Vec::new(), false),
        }
    }

    /// Tags carry no creation time; the picker offered to create this one because no tag of
    /// that name was known, so one found now is the one sent. Organizations are matched on
    /// name and on having been created since it was sent.
    fn is_it(&self, c: &Candidate, sent: OffsetDateTime) -> bool {
        same_name(&c.item.label, &self.name) && created_since(c.created, sent)
    }
}

/// A create sent from a picker, until its answer (or the look after a lost one) settles it.
#[derive(Debug, Clone, PartialEq)]
pub struct Creating {
    pub lookup: ChoiceLookup,
    pub sent: OffsetDateTime,
    /// Set once the answer was lost: the look for it.
    pub lost: Option<LostCreate<ChoiceLookup>>,
}

impl Creating {
    /// What the picker says meanwhile.
    pub fn status(&self) -> String {
        let quoted = crate::text::quoted(&self.lookup.name, 40);
        match &self.lost {
            None => format!("creating {} {quoted}…", self.lookup.noun()),
            Some(lost) if lost.is_looking() => lost.looking_text("created"),
            Some(lost) => format!("{} · Enter looks again", lost.check_failed_text("created")),
        }
    }
}

/// What one page of the look for a lost create showed, with what to say about it.
pub enum Found {
    Item(PickItem<Choice>, String),
    NotCreated(String),
    Failed(String),
    /// The next page to read.
    Next(Call),
}

/// Reads one answer of the look for a create whose answer was lost.
pub fn look(lost: &mut LostCreate<ChoiceLookup>, answer: Answer) -> Found {
    let result = match answer.error() {
        Some(e) => Err(e.clone()),
        None => Ok(answer),
    };
    match lost.on_answer(result) {
        Looked::Found(Candidate { item, .. }) => Found::Item(item, lost.found_text("created")),
        Looked::NotCreated => Found::NotCreated(lost.not_created_text("created")),
        Looked::Failed => Found::Failed(lost.check_failed_text("created")),
        Looked::Next(call) => Found::Next(call),
    }
}

impl ContactsState {
    /// `Enter` on a name the picker does not have: create it, or, while the look for an
    /// earlier create of it failed, look again (sending it again might make a second one).
    pub(super) fn create_choice(&mut self, kind: PickKind, name: String, cx: &mut ScreenCtx) {
        if let Some(c) = &mut self.creating {
            if let Some(lost) = &mut c.lost
                && !lost.is_looking()
            {
                let call = lost.look_again();
                cx.request(ContactKey::FindChoice, call);
            }
            self.show_creating();
            return;
        }
        let call = match kind {
            PickKind::Tags => Call::CreateTag(name.clone()),
            PickKind::Organizations => Call::CreateOrganization(OrganizationInput {
                name: Some(name.clone()),
                ..Default::default()
            }),
        };
        cx.request(ContactKey::CreateChoice, call);
        self.creating = Some(Creating {
            lookup: ChoiceLookup { kind, name },
            sent: cx.clock.wall,
            lost: None,
        });
        self.show_creating();
    }

    fn show_creating(&mut self) {
        let status = self.creating.as_ref().map(Creating::status);
        if let Some(p) = self.picker.as_mut().and_then(|fp| fp.picker.as_mut()) {
            p.notice = status;
        }
    }

    pub(super) fn on_choice_created(&mut self, answer: Answer, cx: &mut ScreenCtx) {
        let Some(creating) = self.creating.clone() else {
            return;
        };
        let result = match answer {
            Answer::CreatedTag(r) => r.map(|t| {
                add_tag(cx, &t);
                tag_item(&t)
            }),
            Answer::CreatedOrganization(r) => r.map(|o| {
                self.add_org(&o);
                org_item(&o)
            }),
            _ => return,
        };
        let noun = creating.lookup.noun();
        match CreateAnswer::read(result) {
            CreateAnswer::Created(item) => self.created(item, cx),
            CreateAnswer::Refused(e) => {
                self.creating = None;
                let text = format!(
                    "The {noun} {} was not created: {}",
                    crate::text::quoted(&creating.lookup.name, 40),
                    e.short()
                );
                self.after_failure(text, cx);
            }
            CreateAnswer::Lost(e) => {
                let (lost, call) = LostCreate::start(creating.lookup.clone(), e, creating.sent);
                cx.request(ContactKey::FindChoice, call);
                if let Some(c) = &mut self.creating {
                    c.lost = Some(lost);
                }
                self.show_creating();
            }
        }
    }

    pub(super) fn on_choice_found(&mut self, answer: Answer, cx: &mut ScreenCtx) {
        let Some(lost) = self.creating.as_mut().and_then(|c| c.lost.as_mut()) else {
            return;
        };
        let kind = lost.lookup.kind;
        match look(lost, answer) {
            Found::Item(item, text) => {
                cx.toast(ToastKind::Info, text);
                // The list the picker was built from lacks it: read it again.
                match kind {
                    PickKind::Tags => cx.refresh_directory(),
                    PickKind::Organizations => self.orgs.reload(cx),
                }
                self.created(item, cx);
            }
            Found::NotCreated(text) => {
                self.creating = None;
                self.after_failure(format!("{text} · Enter sends it again"), cx);
            }
            Found::Failed(text) => {
                cx.toast(ToastKind::Error, text);
                self.show_creating();
            }
            Found::Next(call) => cx.request(ContactKey::FindChoice, call),
        }
    }

    /// A failure is said in the picker (when open) and as a message; the typed name stays.
    fn after_failure(&mut self, text: String, cx: &mut ScreenCtx) {
        if let Some(p) = self.picker.as_mut().and_then(|fp| fp.picker.as_mut()) {
            p.notice = Some(text.clone());
        }
        cx.toast(ToastKind::Error, text);
    }

    /// The service has it: it is picked, in the picker when still open, else in the form.
    fn created(&mut self, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        let Some(creating) = self.creating.take() else {
            return;
        };
        let quoted = crate::text::quoted(&item.label, 40);
        let noun = creating.lookup.noun();
        let open = self
            .picker
            .as_mut()
            .filter(|fp| fp.kind == creating.lookup.kind)
            .and_then(|fp| fp.picker.as_mut());
        match open {
            Some(p) => {
                p.add_chosen(item);
                self.picker_action(crate::app::commands::Action::Accept, cx);
            }
            None => self.add_to_form(item, cx),
        }
        cx.toast(ToastKind::Success, format!("Created the {noun} {quoted}"));
    }

    /// The picker was closed meanwhile: what was created joins the form's field.
    fn add_to_form(&mut self, item: PickItem<Choice>, cx: &mut ScreenCtx) {
        match item.key {
            Choice::Org(id) => {
                if !self.form.organizations.iter().any(|o| o.id == id) {
                    self.form.organizations.push(super::form::OrgRef {
                        id,
                        name: item.label,
                    });
                }
            }
            Choice::Tag(id) => {
                if !self.form.tags.contains(&id) {
                    self.form.tags.push(id);
                }
            }
        }
        self.form.carried = false;
        self.flush_draft(cx);
    }

    fn add_org(&mut self, o: &Organization) {
        if let Loadable::Loaded(list) | Loadable::Loading(Some(list)) = &mut self.orgs.list
            && !list.iter().any(|x| x.id == o.id)
        {
            list.push(o.clone());
        }
    }
}

/// The directory's tags gain the new one at once, so every tag picker has it.
pub(crate) fn add_tag(cx: &mut ScreenCtx, t: &Tag) {
    if let Loadable::Loaded(tags) | Loadable::Loading(Some(tags)) = &mut cx.names.tags
        && !tags.iter().any(|x| x.id == t.id)
    {
        tags.push(t.clone());
    }
}
