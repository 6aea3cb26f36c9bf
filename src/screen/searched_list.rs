//! A list of the service's records searched on the service and paged as the cursor nears its
//! end (contacts, organizations). Records created here lead the unsearched list, so one just
//! saved is in view whatever page the service would put it on.

use std::time::{Duration, Instant};

use weeek_api::{ApiError, ListQuery};

use crate::outbox::{Change, Field, ItemKind, New};
use crate::screen::ScreenCtx;
use crate::screen::loadable::{Arrived, Paged, append_new};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::scroll;

/// Records per request; the service sends no "more" flag, so a short page is the last.
pub const PAGE_SIZE: u32 = 50;
/// Typing pauses this long before the search goes to the service.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(300);

/// A record such a list holds, and how a page of them is asked for.
pub trait Listed: Clone {
    /// What a failed load is called in its message ("Contacts").
    const PLURAL: &'static str;
    fn id(&self) -> &str;
    /// Sends the request for one page (the local store's copy may answer first); its answer
    /// comes back to [`SearchedList::on_reply`].
    fn ask_page(cx: &mut ScreenCtx, query: ListQuery);
    /// Sends the request for a page on screen read again, under a key of its own; its answer
    /// comes back to [`SearchedList::on_read_again`] with `query`.
    fn ask_again(cx: &mut ScreenCtx, query: ListQuery);
    /// The kind the outbox keeps changes of these records under, if it keeps any.
    const KIND: Option<ItemKind> = None;
    /// Shows a change of the outbox on the record.
    fn show(&mut self, _field: &Field) {}
    /// Shows a change of another kind of record that links to this one (a contact put in an
    /// organization or taken out of it).
    fn linked(&mut self, _other: &crate::outbox::Entry) {}
    /// A record made here as shown before the service has it, under `key`.
    fn made(_key: String, _new: &New, _at: time::OffsetDateTime) -> Option<Self> {
        None
    }
}

#[derive(Debug)]
pub struct SearchedList<T> {
    /// The search of the last first page asked for; its later pages keep it.
    sent_search: String,
    /// The rows loaded for the search on screen.
    pub rows: Paged<T>,
    /// Records created since the app started, newest first (their rows lead the list).
    pub created: Vec<T>,
    pub cursor: usize,
    pub scroll: usize,
    pub search: TextField,
    search_due: Option<Instant>,
    /// The search of the rows on screen.
    pub shown_search: String,
    next_offset: u32,
    /// The rows are the local store's copy, read from the service then, until the
    /// service's first page replaces them.
    pub cached: Option<time::OffsetDateTime>,
    /// Pages `r` reads again, by offset, not answered yet: the header says "reloading".
    pub reading_again: std::collections::BTreeSet<u32>,
}

impl<T> Default for SearchedList<T> {
    fn default() -> Self {
        Self {
            sent_search: String::new(),
            rows: Paged::default(),
            created: Vec::new(),
            cursor: 0,
            scroll: 0,
            search: TextField::default(),
            search_due: None,
            shown_search: String::new(),
            next_offset: 0,
            cached: None,
            reading_again: Default::default(),
        }
    }
}

impl<T: Listed> SearchedList<T> {
    pub fn is_loading(&self) -> bool {
        self.rows.is_loading()
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.search_due
    }

    pub fn current(&self) -> Option<&T> {
        self.rows.rows.get(self.cursor)
    }

    pub fn find(&self, id: &str) -> Option<&T> {
        self.rows.rows.iter().find(|r| r.id() == id)
    }

    pub fn is_new(&self, id: &str) -> bool {
        self.created.iter().any(|c| c.id() == id)
    }

    pub fn ensure_loaded(&mut self, cx: &mut ScreenCtx) {
        if !self.rows.loaded_once && !self.is_loading() {
            self.reload(cx);
        }
    }

    pub fn reload(&mut self, cx: &mut ScreenCtx) {
        self.search_due = None;
        self.send(0, cx);
    }

    fn send(&mut self, offset: u32, cx: &mut ScreenCtx) {
        // Later pages continue the list on screen: they use its search, not what the box
        // holds now (that will be a new first page once its pause is over).
        if offset == 0 {
            self.sent_search = self.search.value().trim().to_string();
        }
        let search = self.sent_search.clone();
        let q = ListQuery {
            search: (!search.is_empty()).then_some(search),
            limit: Some(PAGE_SIZE),
            offset: Some(offset),
        };
        self.rows.start(offset > 0);
        if offset == 0 {
            self.reading_again.clear();
        }
        self.next_offset = offset;
        T::ask_page(cx, q);
    }

    pub fn on_reply(&mut self, result: Result<Vec<T>, ApiError>, cx: &mut ScreenCtx, shown: usize) {
        if let Some(read_at) = cx.stored() {
            if let Ok(page) = result {
                self.show_stored(page, read_at, shown);
                self.lay_outbox(cx, shown);
            }
            return;
        }
        let first = !self.rows.loading_more();
        let page = result.map(|page| {
            let fetched = page.len() as u32;
            // The service sends no "more" flag: a full page may have a next one.
            let has_more = fetched >= PAGE_SIZE;
            self.next_offset += fetched;
            if !first {
                return (page, has_more);
            }
            // Records created here lead the unsearched list, once.
            let mut rows: Vec<T> = if self.sent_search.is_empty() {
                self.created.clone()
            } else {
                Vec::new()
            };
            append_new(&mut rows, page, |c| c.id().to_string());
            (rows, has_more)
        });
        match self
            .rows
            .finish(page, &mut self.cursor, |c| c.id().to_string())
        {
            Ok(Arrived::First) => {
                self.shown_search = self.sent_search.clone();
                self.cached = None;
            }
            Ok(Arrived::Next) => {}
            Err(error) => {
                cx.toast(
                    ToastKind::Error,
                    format!("{}: {}", T::PLURAL, error.short()),
                );
                return;
            }
        }
        self.lay_outbox(cx, shown);
        self.maybe_load_more(cx, shown);
    }

    /// The records created here that lead the rows (the unsearched list's): the service's
    /// offsets start after them.
    fn lead(&self) -> usize {
        if self.shown_search.is_empty() {
            self.created.len()
        } else {
            0
        }
    }

    /// The store's copy of the page asked for, shown until the service's answer replaces it.
    fn show_stored(&mut self, page: Vec<T>, read_at: time::OffsetDateTime, shown: usize) {
        let has_more = page.len() >= PAGE_SIZE as usize;
        let key = |c: &T| c.id().to_string();
        let rows = if self.rows.loading_more() || !self.sent_search.is_empty() {
            page
        } else {
            let mut rows = self.created.clone();
            append_new(&mut rows, page, key);
            rows
        };
        if self.rows.show_stored(rows, has_more, &mut self.cursor, key) == Arrived::First {
            self.shown_search = self.sent_search.clone();
            self.cached = Some(read_at);
        }
        self.fix_scroll(shown);
    }

    /// Reads again the pages on screen (`shown` rows from the scroll), in place; a list not
    /// read yet, or being read from its top, is left to that. `said`: the header says so
    /// until they are in (`r`; not a refresh by itself).
    pub fn refresh(&mut self, said: bool, cx: &mut ScreenCtx, shown: usize) {
        if self.is_loading() && !self.rows.loading_more() {
            return;
        }
        let failed_first = matches!(
            self.rows.status,
            crate::screen::loadable::PageStatus::Failed { more: false, .. }
        );
        if !self.rows.loaded_once || failed_first {
            self.reload(cx);
            return;
        }
        let lead = self.lead();
        let page = PAGE_SIZE as usize;
        let first = self.scroll.saturating_sub(lead);
        let end = (self.scroll + shown.max(1)).min(self.rows.rows.len());
        let last = end.saturating_sub(1).saturating_sub(lead);
        let search = self.shown_search.clone();
        for n in first / page..=last / page {
            if said {
                self.reading_again.insert((n * page) as u32);
            }
            T::ask_again(
                cx,
                ListQuery {
                    search: (!search.is_empty()).then(|| search.clone()),
                    limit: Some(PAGE_SIZE),
                    offset: Some((n * page) as u32),
                },
            );
        }
    }

    /// A page on screen read again (see [`SearchedList::refresh`]): its rows replace the ones
    /// at its place, the cursor on its record; dropped when the list was read anew since.
    pub fn on_read_again(
        &mut self,
        query: ListQuery,
        result: Result<Vec<T>, ApiError>,
        cx: &mut ScreenCtx,
        shown: usize,
    ) {
        self.reading_again.remove(&query.offset.unwrap_or(0));
        let search = query.search.clone().unwrap_or_default();
        if search != self.shown_search || (self.is_loading() && !self.rows.loading_more()) {
            return;
        }
        match result {
            Ok(mut rows) => {
                let has_more = rows.len() >= PAGE_SIZE as usize;
                let lead = self.lead();
                if lead > 0 {
                    // Records created here keep leading the list wherever the service puts them.
                    rows.retain(|r| !self.is_new(r.id()));
                }
                let offset = query.offset.unwrap_or(0) as usize + lead;
                self.rows.replace_page(
                    offset,
                    PAGE_SIZE as usize,
                    rows,
                    has_more,
                    &mut self.cursor,
                    |c| c.id().to_string(),
                );
                self.lay_outbox(cx, shown);
            }
            Err(error) => cx.toast(
                ToastKind::Error,
                format!("{}: {}", T::PLURAL, error.short()),
            ),
        }
    }

    /// Lays the changes of the outbox still to reach the service over rows just read: new
    /// records on top of the unsearched list, fields as they will be, deleted records out.
    pub fn lay_outbox(&mut self, cx: &ScreenCtx, shown: usize) {
        let Some(kind) = T::KIND else {
            return;
        };
        let pending = cx.offline.entries().iter().filter(|e| e.state.pending());
        for e in pending.clone().filter(|e| e.item.kind != kind) {
            self.each_mut(|r| r.linked(e));
        }
        for e in pending.filter(|e| e.item.kind == kind) {
            let key = e.item.key();
            match &e.change {
                Change::Set(f) => {
                    for r in self.created.iter_mut().chain(self.rows.rows.iter_mut()) {
                        if r.id() == key {
                            r.show(f);
                        }
                    }
                }
                Change::Create(new) => {
                    let there = self.rows.rows.iter().any(|r| r.id() == key);
                    if !there
                        && self.shown_search.is_empty()
                        && let Some(made) = T::made(key, new, e.created_at)
                    {
                        self.created.retain(|c| c.id() != made.id());
                        self.created.insert(0, made.clone());
                        self.rows.rows.insert(0, made);
                    }
                }
                Change::Delete => {
                    self.created.retain(|c| c.id() != key);
                    self.rows.rows.retain(|c| c.id() != key);
                }
                Change::Add(_) => {}
            }
        }
        self.cursor = self.cursor.min(self.rows.rows.len().saturating_sub(1));
        self.fix_scroll(shown);
    }

    /// Every record held (those loaded and those made here), changed in place; their ids
    /// stay.
    pub fn each_mut(&mut self, mut f: impl FnMut(&mut T)) {
        self.rows.rows.iter_mut().for_each(&mut f);
        self.created.iter_mut().for_each(f);
    }

    /// The record made here under `key` is on the service as `record`: it takes its row.
    pub fn rekey(&mut self, key: &str, record: T, shown: usize) {
        let id = record.id().to_string();
        for list in [&mut self.created, &mut self.rows.rows] {
            let Some(i) = list.iter().position(|r| r.id() == key) else {
                continue;
            };
            // A page read since may hold it already: then it is there once.
            if list.iter().any(|r| r.id() == id) {
                list.remove(i);
            } else {
                list[i] = record.clone();
            }
        }
        self.cursor = self.cursor.min(self.rows.rows.len().saturating_sub(1));
        self.fix_scroll(shown);
    }

    /// A record the service just created: first in the list, cursor on it.
    pub fn add_created(&mut self, record: T, shown: usize) {
        self.created.retain(|c| c.id() != record.id());
        self.created.insert(0, record.clone());
        self.rows.rows.retain(|c| c.id() != record.id());
        if self.search.value().trim().is_empty() || !self.rows.loaded_once {
            self.rows.rows.insert(0, record);
            self.cursor = 0;
        }
        self.fix_scroll(shown);
    }

    /// A record as an edit left it: its row shows it, where it was.
    pub fn replace(&mut self, record: T, shown: usize) {
        for c in self.created.iter_mut().chain(self.rows.rows.iter_mut()) {
            if c.id() == record.id() {
                *c = record.clone();
            }
        }
        self.fix_scroll(shown);
    }

    /// A record the service no longer has: out of the list, the cursor kept in range.
    pub fn remove(&mut self, id: &str, shown: usize) {
        self.created.retain(|c| c.id() != id);
        self.rows.rows.retain(|c| c.id() != id);
        self.cursor = self.cursor.min(self.rows.rows.len().saturating_sub(1));
        self.fix_scroll(shown);
    }

    fn maybe_load_more(&mut self, cx: &mut ScreenCtx, shown: usize) {
        if self.rows.wants_more(self.cursor, shown) {
            let offset = self.next_offset;
            self.send(offset, cx);
        }
    }

    pub fn fix_scroll(&mut self, h: usize) {
        self.scroll = scroll::follow_with_trailer(
            self.cursor,
            self.scroll,
            h,
            self.rows.rows.len(),
            self.rows.has_trailer(),
        );
    }

    pub fn move_to(&mut self, target: isize, cx: &mut ScreenCtx, shown: usize) {
        if self.rows.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.rows.rows.len());
        self.fix_scroll(shown);
        self.maybe_load_more(cx, shown);
    }

    /// A key that moves the cursor (`j`, `PgDn`, `g`…); false for any other.
    pub fn move_by(
        &mut self,
        action: crate::keys::commands::Action,
        cx: &mut ScreenCtx,
        shown: usize,
    ) -> bool {
        let Some(target) = scroll::target(action, self.cursor, self.rows.rows.len(), shown) else {
            return false;
        };
        self.move_to(target, cx, shown);
        true
    }

    pub fn search_paste(&mut self, text: &str, cx: &mut ScreenCtx) {
        self.search.paste(text);
        self.search_changed(cx);
    }

    /// The search text changed: the list reloads after a pause.
    pub fn search_changed(&mut self, cx: &mut ScreenCtx) {
        self.search_due = Some(cx.clock.now + SEARCH_DEBOUNCE);
    }

    /// Esc: drop the search (the screen closes its box). False when there was nothing to
    /// clear.
    pub fn clear_search(&mut self, cx: &mut ScreenCtx) -> bool {
        let had = !self.search.value().is_empty();
        if !self.search.value().is_empty() {
            self.search.set("");
            self.cursor = 0;
            self.scroll = 0;
            self.reload(cx);
        }
        had
    }

    pub fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        match self.search_due {
            Some(due) if due <= cx.clock.now => {
                self.cursor = 0;
                self.scroll = 0;
                self.reload(cx);
                true
            }
            _ => false,
        }
    }
}
