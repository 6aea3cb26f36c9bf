//! What the board shows of a funnel's deals: a text search, filters (assignee, outcome, tag,
//! organization) and a sort, all done by the service (`GET /crm/statuses/{id}/deals`), so a
//! long status pages through the matching deals only. Every column is read again when they
//! change.

use weeek_api::models::WinStatus;
use weeek_api::{DealQuery, DealSortKey, Sort};

use super::board::{Column, PAGE_SIZE};
use super::detail::FunnelDetail;
use super::lookups::Lookups;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::names::Names;
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};

/// The deals a board asks for.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct DealFilter {
    pub search: String,
    pub assignees: Vec<String>,
    pub outcomes: Vec<WinStatus>,
    /// Open deals (no outcome) too. The service filters by won, lost and archived only, so
    /// with this chosen no outcome is sent and the pages are narrowed here (`keeps`).
    pub open: bool,
    pub tags: Vec<i64>,
    pub organizations: Vec<String>,
    /// `None`: the board's own order.
    pub sort: Option<Sort<DealSortKey>>,
}

impl DealFilter {
    /// One page of the matching deals.
    pub fn query(&self, limit: u32, offset: u32) -> DealQuery {
        let search = self.search.trim();
        DealQuery {
            search: (!search.is_empty()).then(|| search.to_string()),
            assignee_ids: self.assignees.clone(),
            win_statuses: if self.open {
                Vec::new()
            } else {
                self.outcomes.clone()
            },
            tags: self.tags.clone(),
            organizations: self.organizations.clone(),
            sort: self.sort,
            limit: Some(limit),
            offset: Some(offset),
            ..Default::default()
        }
    }

    /// Whether some deals may be left out (a sort alone leaves none out).
    pub fn narrows(&self) -> bool {
        !self.search.trim().is_empty() || self.filter_count() > 0
    }

    /// Filters chosen (the search and the sort aside).
    pub fn filter_count(&self) -> usize {
        usize::from(self.open)
            + self.assignees.len()
            + self.outcomes.len()
            + self.tags.len()
            + self.organizations.len()
    }

    /// Whether a deal the service answered with is one asked for: with open chosen, an open
    /// deal or one of the chosen outcomes (the service was sent none).
    pub fn keeps(&self, deal: &weeek_api::models::Deal) -> bool {
        !self.open
            || deal
                .win_status
                .as_ref()
                .is_none_or(|w| self.outcomes.contains(w))
    }

    fn chosen(&self) -> Vec<Choice> {
        let open = self.open.then_some(Choice::Open);
        let outcomes = open
            .into_iter()
            .chain(self.outcomes.iter().cloned().map(Choice::Outcome));
        let assignees = self.assignees.iter().cloned().map(Choice::Assignee);
        let tags = self.tags.iter().copied().map(Choice::Tag);
        let orgs = self.organizations.iter().cloned().map(Choice::Organization);
        outcomes.chain(assignees).chain(tags).chain(orgs).collect()
    }

    fn set_chosen(&mut self, keys: &[Choice]) {
        self.open = false;
        self.outcomes.clear();
        self.assignees.clear();
        self.tags.clear();
        self.organizations.clear();
        for k in keys {
            match k {
                Choice::Open => self.open = true,
                Choice::Outcome(w) => self.outcomes.push(w.clone()),
                Choice::Assignee(id) => self.assignees.push(id.clone()),
                Choice::Tag(id) => self.tags.push(*id),
                Choice::Organization(id) => self.organizations.push(id.clone()),
            }
        }
    }
}

/// One filter of the filter picker.
#[derive(Debug, Clone, PartialEq)]
pub enum Choice {
    /// No outcome yet.
    Open,
    Outcome(WinStatus),
    Assignee(String),
    Tag(i64),
    Organization(String),
}

/// The service's sort keys, as the sort picker offers them.
pub const SORT_KEYS: [(DealSortKey, &str); 5] = [
    (DealSortKey::Title, "title"),
    (DealSortKey::Amount, "amount"),
    (DealSortKey::Commented, "last comment"),
    (DealSortKey::CreatedAt, "created"),
    (DealSortKey::UpdatedAt, "updated"),
];

pub fn sort_label(sort: Sort<DealSortKey>) -> String {
    let name = SORT_KEYS
        .iter()
        .find(|(k, _)| *k == sort.key)
        .map_or("?", |(_, n)| n);
    format!("{name} {}", if sort.descending { "↓" } else { "↑" })
}

/// An open picker of the board. The filter picker waits (`picker: None`) for the
/// organizations to arrive.
#[derive(Debug, Clone)]
pub enum BoardPicker {
    Filter(Option<Picker<Choice>>),
    /// `None` picks the board's own order.
    Sort(Picker<Option<DealSortKey>>),
}

impl BoardPicker {
    pub fn type_char(&mut self, c: char) -> bool {
        match self {
            BoardPicker::Filter(Some(p)) => p.type_char(c),
            BoardPicker::Sort(p) => p.type_char(c),
            BoardPicker::Filter(None) => false,
        }
    }

    pub fn paste(&mut self, text: &str) -> bool {
        match self {
            BoardPicker::Filter(Some(p)) => p.paste(text),
            BoardPicker::Sort(p) => p.paste(text),
            BoardPicker::Filter(None) => return false,
        }
        true
    }
}

fn filter_picker(filter: &DealFilter, names: &Names, lookups: &Lookups) -> Picker<Choice> {
    let mut items = vec![
        PickItem::new(Choice::Open, "open").detail("outcome"),
        PickItem::new(Choice::Outcome(WinStatus::Won), "won").detail("outcome"),
        PickItem::new(Choice::Outcome(WinStatus::Lost), "lost").detail("outcome"),
        PickItem::new(Choice::Outcome(WinStatus::Archived), "archived").detail("outcome"),
    ];
    for m in names.members.value().into_iter().flatten() {
        items.push(
            PickItem::new(Choice::Assignee(m.id.clone()), m.display_name()).detail("assignee"),
        );
    }
    for tag in names.tags.value().into_iter().flatten() {
        items.push(
            PickItem::new(Choice::Tag(tag.id), tag.title.clone())
                .color(tag.color.clone())
                .detail("tag"),
        );
    }
    for o in &lookups.orgs.items {
        items.push(
            PickItem::new(Choice::Organization(o.id.clone()), o.display_name())
                .detail("organization"),
        );
    }
    // A chosen filter the lists no longer have stays, so applying the picker keeps it.
    for c in filter.chosen() {
        if !items.iter().any(|it| it.key == c) {
            let label = match &c {
                Choice::Open => "open".to_string(),
                Choice::Outcome(w) => w.as_str().to_string(),
                Choice::Assignee(id) | Choice::Organization(id) => {
                    crate::screen::names::short_id(id)
                }
                Choice::Tag(id) => format!("tag {id}"),
            };
            items.push(PickItem::new(c, label).detail("not in the lists"));
        }
    }
    Picker::multi("Filter deals", items, &filter.chosen())
}

fn sort_picker(current: Option<Sort<DealSortKey>>) -> Picker<Option<DealSortKey>> {
    let mut items = vec![PickItem::new(None, "board order")];
    for (key, name) in SORT_KEYS {
        let detail = match current {
            Some(s) if s.key == key && !s.descending => "↑ now: again for ↓",
            Some(s) if s.key == key => "↓ now: again for ↑",
            _ => "",
        };
        items.push(PickItem::new(Some(key), name).detail(detail));
    }
    let mut p = Picker::single("Sort deals", items);
    p.focus(&current.map(|s| s.key));
    p
}

impl Column {
    /// Reads the first page for a new filter (what was paged in belonged to the old one):
    /// another list, so the store's copy of it shows first.
    fn reload_from_top(&mut self, filter: &DealFilter, cx: &mut ScreenCtx) {
        self.deals.start(false);
        self.opening = false;
        self.request_page(filter.query(PAGE_SIZE, 0), true, cx);
    }
}

impl FunnelDetail {
    /// Reads every column again for the filter as it now is.
    fn refilter(&mut self, cx: &mut ScreenCtx) {
        for c in &mut self.columns {
            c.cursor = 0;
            c.scroll = 0;
            c.reload_from_top(&self.filter, cx);
        }
    }

    /// `/`: the search box, with the search as it is.
    pub fn search_box(&self) -> TextField {
        TextField::typed(self.filter.search.clone())
    }

    /// A command of the search box `field`: `None` for the rest (arrows move on the board);
    /// else whether the box closes.
    pub fn search_action(
        &mut self,
        field: &mut TextField,
        action: Action,
        cx: &mut ScreenCtx,
    ) -> Option<bool> {
        match action {
            Action::Accept => Some(true),
            Action::Clear => {
                self.set_search(String::new(), cx);
                Some(true)
            }
            Action::Text(edit) => {
                field.edit(edit);
                let text = field.value().to_string();
                self.set_search(text, cx);
                Some(false)
            }
            _ => None,
        }
    }

    /// Text typed or pasted into the search box `field`.
    pub fn search_typed(&mut self, field: &mut TextField, text: &str, cx: &mut ScreenCtx) -> bool {
        field.paste(text);
        let text = field.value().to_string();
        self.set_search(text, cx);
        true
    }

    fn set_search(&mut self, text: String, cx: &mut ScreenCtx) {
        // Spaces around the words search nothing more: no new read for them.
        if text.trim() != self.filter.search.trim() {
            self.filter.search = text;
            self.refilter(cx);
        } else {
            self.filter.search = text;
        }
    }

    /// `f`: the filter picker; it waits for the organizations if they are still coming.
    pub fn filter_picker(&self, names: &Names, lookups: &Lookups) -> BoardPicker {
        let ready = !lookups.orgs.loading;
        BoardPicker::Filter(ready.then(|| filter_picker(&self.filter, names, lookups)))
    }

    /// `s`: the sort picker.
    pub fn sort_picker(&self) -> BoardPicker {
        BoardPicker::Sort(sort_picker(self.filter.sort))
    }

    /// A command of the open picker `picker`; true when it closes.
    pub fn picker_action(
        &mut self,
        picker: &mut BoardPicker,
        action: Action,
        cx: &mut ScreenCtx,
    ) -> bool {
        match picker {
            BoardPicker::Filter(None) => action == Action::Cancel,
            BoardPicker::Filter(Some(p)) => match p.act(action) {
                PickerOutcome::Pending => false,
                PickerOutcome::Cancelled => true,
                PickerOutcome::Picked(keys) => {
                    let before = self.filter.clone();
                    self.filter.set_chosen(&keys);
                    if self.filter != before {
                        self.refilter(cx);
                    }
                    true
                }
            },
            BoardPicker::Sort(p) => match p.act(action) {
                PickerOutcome::Pending => false,
                PickerOutcome::Cancelled => true,
                PickerOutcome::Picked(keys) => {
                    let key = keys.into_iter().next().flatten();
                    let sort = key.map(|key| Sort {
                        key,
                        // The same key again turns the order round.
                        descending: self
                            .filter
                            .sort
                            .is_some_and(|s| s.key == key && !s.descending),
                    });
                    if sort != self.filter.sort {
                        self.filter.sort = sort;
                        self.refilter(cx);
                    }
                    true
                }
            },
        }
    }

    /// What the board shows of the deals, for its title: "/кофе · 2 filters · amount ↓".
    pub fn filter_summary(&self) -> Option<String> {
        self.summary(false)
    }

    /// The summary, the search left out while its box shows it (`searching`).
    pub fn summary(&self, searching: bool) -> Option<String> {
        let mut parts = Vec::new();
        let search = self.filter.search.trim();
        if !search.is_empty() && !searching {
            parts.push(format!("/{}", crate::text::one_line(search)));
        }
        match self.filter.filter_count() {
            0 => {}
            1 => parts.push("1 filter".into()),
            n => parts.push(format!("{n} filters")),
        }
        if let Some(s) = self.filter.sort {
            parts.push(sort_label(s));
        }
        (!parts.is_empty()).then(|| parts.join(" · "))
    }
}
