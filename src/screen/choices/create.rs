//! Creating an organization or a tag from its picker: `Enter` on a name that matches nothing
//! sends `POST /crm/organizations` or `POST /ws/tags`, then picks what the service made. After
//! an ambiguous failure the name is looked for before it may be sent again, and once more right
//! before that send (from any picker: the names are the workspace's), so one `Enter` never
//! makes two.

use time::OffsetDateTime;
use weeek_api::models::{Organization, Tag};
use weeek_api::{ApiError, ListQuery, OrganizationInput};

use super::{Choice, PickKind};
use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;
use crate::screen::lost_answer::{
    CreateAnswer, CreateLookup, Looked, LostCreate, PageRead, Sending, SentAt,
};
use crate::screen::toast::ToastKind;
use crate::widgets::picker::PickItem;
use crate::worker::{TypedCall, op};

/// Organizations read per page while looking for one whose answer was lost.
const ORG_PAGE: u32 = 100;

/// What is being created, and how to find it again.
#[derive(Debug, Clone, PartialEq)]
pub struct ChoiceLookup {
    pub kind: PickKind,
    pub name: String,
}

impl ChoiceLookup {
    pub fn noun(&self) -> &'static str {
        noun(self.kind)
    }

    /// The create itself.
    fn create(&self) -> TypedCall<Result<Created, ApiError>> {
        match self.kind {
            PickKind::Tags => {
                TypedCall::new(op::CreateTag(self.name.clone())).map(|r| r.map(Created::Tag))
            }
            PickKind::Organizations => TypedCall::new(op::CreateOrganization(OrganizationInput {
                name: Some(self.name.clone()),
                ..Default::default()
            }))
            .map(|r| r.map(Created::Organization)),
        }
    }
}

/// What a create from a picker made.
#[derive(Debug)]
pub enum Created {
    Tag(Tag),
    Organization(Box<Organization>),
}

impl Created {
    /// The item to pick; a tag joins the directory's tags at once, so every tag picker has
    /// it.
    pub fn item(&self, cx: &mut ScreenCtx) -> PickItem<Choice> {
        match self {
            Created::Tag(t) => {
                add_tag(cx, t);
                tag_item(t)
            }
            Created::Organization(o) => org_item(o),
        }
    }
}

/// A page of the look for a create from a picker whose answer was lost.
#[derive(Debug, Clone, PartialEq)]
pub enum ChoicePage {
    /// Every tag (they come in one answer).
    Tags(Vec<Tag>),
    Organizations(Vec<Organization>),
}

/// A request of a create from a picker, for the site to send under its own keys.
#[derive(Debug)]
pub enum ChoiceAsk {
    Create(TypedCall<Result<Created, ApiError>>),
    Find(PageRead<ChoicePage>),
}

pub fn noun(kind: PickKind) -> &'static str {
    match kind {
        PickKind::Organizations => "organization",
        PickKind::Tags => "tag",
    }
}

fn org_candidate(o: &Organization) -> Candidate {
    Candidate {
        item: org_item(o),
        id: o.id.clone(),
        created: o.created_at,
    }
}

fn tag_candidate(t: &Tag) -> Candidate {
    Candidate {
        item: tag_item(t),
        id: t.id.to_string(),
        created: None,
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
    id: String,
    created: Option<OffsetDateTime>,
}

impl CreateLookup for ChoiceLookup {
    type Item = Candidate;
    type Page = ChoicePage;
    type Id = String;

    fn name(&self) -> String {
        self.name.clone()
    }

    fn read(&self, page: u32) -> PageRead<ChoicePage> {
        match self.kind {
            // Tags come in one answer.
            PickKind::Tags => TypedCall::new(op::Tags).map(|r| r.map(ChoicePage::Tags)),
            PickKind::Organizations => TypedCall::new(op::Organizations(ListQuery::page(
                ORG_PAGE,
                page * ORG_PAGE,
            )))
            .map(|r| r.map(ChoicePage::Organizations)),
        }
    }

    fn candidates(&self, page: ChoicePage) -> (Vec<Candidate>, bool) {
        match page {
            ChoicePage::Tags(tags) => (tags.iter().map(tag_candidate).collect(), false),
            ChoicePage::Organizations(orgs) => {
                let more = orgs.len() as u32 >= ORG_PAGE;
                (orgs.iter().map(org_candidate).collect(), more)
            }
        }
    }

    /// By name. Tags carry no creation time: the tags known when it was sent tell a twin
    /// from it (the picker offered to create it because none of that name was known).
    fn matches(&self, c: &Candidate) -> bool {
        same_name(&c.item.label, &self.name)
    }

    fn id(c: &Candidate) -> String {
        c.id.clone()
    }

    fn created(c: &Candidate) -> Option<OffsetDateTime> {
        c.created
    }
}

/// A create sent from a picker, until its answer (or the look after a lost one) settles it.
#[derive(Debug, Clone, PartialEq)]
pub struct Creating {
    pub lookup: ChoiceLookup,
    pub sent: SentAt<String>,
    /// Set once the answer was lost (or before a send again): the look for it.
    pub lost: Option<LostCreate<ChoiceLookup>>,
    /// An earlier send of it, not found right before this one went: unsettled again if this
    /// one is refused.
    earlier: Option<LostCreate<ChoiceLookup>>,
}

impl Creating {
    /// What the picker says meanwhile.
    pub fn status(&self) -> String {
        let quoted = crate::text::quoted(&self.lookup.name, 40);
        match &self.lost {
            None => format!("creating {} {quoted}…", self.lookup.noun()),
            Some(lost) if lost.resending && lost.is_looking() => lost.resend_text("created"),
            Some(lost) if lost.is_looking() => lost.looking_text("created"),
            Some(lost) => format!("{} · Enter looks again", lost.check_failed_text("created")),
        }
    }
}

/// What an answer about a create from a picker comes to.
#[derive(Debug, Clone, PartialEq)]
pub enum Made {
    /// The service has it: pick it.
    Item(PickItem<Choice>),
    /// It was not made (refused, or not found after a lost answer): say why; the create is
    /// over and the typed name stays.
    Failed(String),
    /// A look for it is on its way, or failed (said in a toast): wait.
    Waiting,
}

impl Creating {
    /// Sends a create of `lookup` from a picker, through `send`: at once, or after a look for
    /// an earlier send of it whose fate is unknown. `orgs`: the organizations the screen
    /// holds (the tags known are the directory's).
    pub fn start(
        lookup: ChoiceLookup,
        orgs: &[Organization],
        cx: &mut ScreenCtx,
        send: impl FnOnce(&mut ScreenCtx, ChoiceAsk),
    ) -> Self {
        let mut held: Vec<Candidate> = orgs.iter().map(org_candidate).collect();
        if let Some(tags) = cx.names.tags.value() {
            held.extend(tags.iter().map(tag_candidate));
        }
        let clock = cx.clock;
        let sending = cx
            .names
            .unsettled_choices
            .send(&lookup, || SentAt::new(&clock, lookup.known(&held)));
        let (sent, lost) = match sending {
            Sending::Now(sent) => {
                send(cx, ChoiceAsk::Create(lookup.create()));
                (sent, None)
            }
            Sending::LookFirst(lost, look) => {
                send(cx, ChoiceAsk::Find(look));
                (lost.sent.clone(), Some(*lost))
            }
        };
        Self {
            lookup,
            sent,
            lost,
            earlier: None,
        }
    }
}

impl Creating {
    /// The create's answer, read into the item made; a lost answer starts the look for it,
    /// sent with `send`.
    pub fn on_created(
        &mut self,
        result: Result<PickItem<Choice>, ApiError>,
        cx: &mut ScreenCtx,
        send: impl FnOnce(&mut ScreenCtx, ChoiceAsk),
    ) -> Made {
        match CreateAnswer::read(result) {
            CreateAnswer::Created(item) => Made::Item(item),
            CreateAnswer::Refused(e) => {
                if let Some(earlier) = self.earlier.take() {
                    // This send did nothing; the one before may still land.
                    cx.names.unsettled_choices.keep(earlier);
                }
                Made::Failed(format!(
                    "The {} {} was not created: {}",
                    self.lookup.noun(),
                    crate::text::quoted(&self.lookup.name, 40),
                    e.short()
                ))
            }
            CreateAnswer::Lost(e) => {
                let (lost, look) = LostCreate::start(self.lookup.clone(), e, self.sent.clone());
                send(cx, ChoiceAsk::Find(look));
                self.lost = Some(lost);
                Made::Waiting
            }
        }
    }

    /// A page of the look after a lost answer; `send` sends the next page or, the look before
    /// a send again finding nothing, the create itself.
    pub fn on_found(
        &mut self,
        result: Result<ChoicePage, ApiError>,
        cx: &mut ScreenCtx,
        send: impl FnOnce(&mut ScreenCtx, ChoiceAsk),
    ) -> Made {
        let Some(lost) = self.lost.as_mut() else {
            return Made::Waiting;
        };
        match lost.on_answer(result) {
            Looked::Found(Candidate { item, .. }) => {
                cx.toast(ToastKind::Info, lost.found_text("created"));
                Made::Item(item)
            }
            Looked::NotCreated => {
                let text = format!(
                    "{} · Enter looks once more and sends it",
                    lost.not_created_text("created")
                );
                cx.names.unsettled_choices.keep(lost.clone());
                Made::Failed(text)
            }
            Looked::Resend => {
                self.earlier = self.lost.take();
                send(cx, ChoiceAsk::Create(self.lookup.create()));
                Made::Waiting
            }
            Looked::Failed => {
                cx.toast(ToastKind::Error, lost.check_failed_text("created"));
                Made::Waiting
            }
            Looked::Next(look) => {
                send(cx, ChoiceAsk::Find(look));
                Made::Waiting
            }
        }
    }

    /// Given up on while its fate is unknown (the screen let go of it): the same name sent
    /// again is looked for first.
    pub fn give_up(self, cx: &mut ScreenCtx) {
        if let Some(lost) = self.lost.or(self.earlier) {
            cx.names.unsettled_choices.keep(lost);
        }
    }

    /// `Enter` again while it is under way: after a failed look, look again (sending it
    /// again might make a second one).
    pub fn look_again(&mut self, cx: &mut ScreenCtx, send: impl FnOnce(&mut ScreenCtx, ChoiceAsk)) {
        if let Some(lost) = &mut self.lost
            && !lost.is_looking()
        {
            let look = lost.look_again();
            send(cx, ChoiceAsk::Find(look));
        }
    }
}

/// A screen whose picker creates the organization or tag it lacks, one create at a time.
pub trait CreatesChoices {
    /// The create on its way, if one is.
    fn creating(&mut self) -> &mut Option<Creating>;
    /// Sends a request of the create, under the screen's keys.
    fn send(cx: &mut ScreenCtx, ask: ChoiceAsk);
    /// The notice line of the open picker the create is for.
    fn notice(&mut self) -> Option<&mut Option<String>>;
    /// The organizations the screen holds: a look must not take one for the new one.
    fn held_orgs(&self) -> &[Organization] {
        &[]
    }
    /// What the service made, before it is picked.
    fn keep(&mut self, _made: &Created) {}
    /// A look found it: the list the pickers are built from lacks it, and is read again.
    fn reread(&mut self, _kind: PickKind, cx: &mut ScreenCtx) {
        cx.refresh_directory();
    }
    /// The service has it: picked in the open picker, else added to the form.
    fn pick(&mut self, kind: PickKind, item: PickItem<Choice>, cx: &mut ScreenCtx);
}

/// `Enter` on a name the picker does not have: create it, or, while the look for an earlier
/// create of it failed, look again (sending it again might make a second one).
pub fn create<S: CreatesChoices>(screen: &mut S, kind: PickKind, name: String, cx: &mut ScreenCtx) {
    if let Some(c) = screen.creating() {
        c.look_again(cx, S::send);
    } else {
        let lookup = ChoiceLookup { kind, name };
        let creating = Creating::start(lookup, screen.held_orgs(), cx, S::send);
        *screen.creating() = Some(creating);
    }
    show(screen);
}

/// The answer to the create.
pub fn on_created<S: CreatesChoices>(
    screen: &mut S,
    result: Result<Created, ApiError>,
    cx: &mut ScreenCtx,
) {
    if screen.creating().is_none() {
        return;
    }
    let result = result.map(|made| {
        screen.keep(&made);
        made.item(cx)
    });
    let Some(creating) = screen.creating().as_mut() else {
        return;
    };
    let made = creating.on_created(result, cx, S::send);
    on_made(screen, made, cx);
}

/// A page of the look for it after a lost answer.
pub fn on_found<S: CreatesChoices>(
    screen: &mut S,
    result: Result<ChoicePage, ApiError>,
    cx: &mut ScreenCtx,
) {
    let Some(creating) = screen.creating().as_mut() else {
        return;
    };
    let kind = creating.lookup.kind;
    let made = creating.on_found(result, cx, S::send);
    if matches!(made, Made::Item(_)) {
        screen.reread(kind, cx);
    }
    on_made(screen, made, cx);
}

fn on_made<S: CreatesChoices>(screen: &mut S, made: Made, cx: &mut ScreenCtx) {
    match made {
        Made::Item(item) => {
            let Some(creating) = screen.creating().take() else {
                return;
            };
            let quoted = crate::text::quoted(&item.label, 40);
            screen.pick(creating.lookup.kind, item, cx);
            let noun = creating.lookup.noun();
            cx.toast(ToastKind::Success, format!("Created the {noun} {quoted}"));
        }
        // Said in the picker (when open) and as a message; the typed name stays.
        Made::Failed(text) => {
            *screen.creating() = None;
            if let Some(notice) = screen.notice() {
                *notice = Some(text.clone());
            }
            cx.toast(ToastKind::Error, text);
        }
        Made::Waiting => show(screen),
    }
}

/// The picker says how the create stands.
fn show<S: CreatesChoices>(screen: &mut S) {
    let status = screen.creating().as_ref().map(Creating::status);
    if let Some(notice) = screen.notice() {
        *notice = status;
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
