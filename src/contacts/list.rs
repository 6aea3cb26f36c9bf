//! The contact list beside the form: `GET /crm/contacts` with search and paging. Contacts
//! created here are shown first, so one just saved is always in view, whatever page the service
//! would put it on.

use std::time::{Duration, Instant};

use weeek_api::models::Contact;
use weeek_api::{ApiError, ListQuery};

use crate::app::ScreenCtx;
use crate::app::loadable::{Arrived, Paged, append_new};
use crate::app::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::scroll;
use crate::worker::Call;

use super::ContactKey;

/// Contacts per request; the service sends no "more" flag, so a short page is the last.
pub const PAGE_SIZE: u32 = 50;
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(300);

pub use crate::app::loadable::PageStatus;

#[derive(Debug, Default)]
pub struct ContactList {
    /// The search of the last first page asked for; its later pages keep it.
    sent_search: String,
    /// The rows loaded for the search on screen.
    pub contacts: Paged<Contact>,
    /// Contacts created since the app started, newest first (their rows lead the list).
    pub created: Vec<Contact>,
    pub cursor: usize,
    pub scroll: usize,
    pub search: TextField,
    /// The search box has the keyboard.
    pub searching: bool,
    search_due: Option<Instant>,
    /// The search of the rows on screen.
    pub shown_search: String,
    next_offset: u32,
}

impl ContactList {
    pub fn is_loading(&self) -> bool {
        self.contacts.is_loading()
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.search_due
    }

    pub fn current(&self) -> Option<&Contact> {
        self.contacts.rows.get(self.cursor)
    }

    pub fn is_new(&self, id: &str) -> bool {
        self.created.iter().any(|c| c.id == id)
    }

    pub fn ensure_loaded(&mut self, cx: &mut ScreenCtx) {
        if !self.contacts.loaded_once && !self.is_loading() {
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
        self.contacts.start(offset > 0);
        self.next_offset = offset;
        cx.request(ContactKey::List, Call::Contacts(q));
    }

    pub fn on_reply(
        &mut self,
        result: Result<Vec<Contact>, ApiError>,
        cx: &mut ScreenCtx,
        rows_shown: usize,
    ) {
        let first = !self.contacts.loading_more();
        let page = result.map(|page| {
            let fetched = page.len() as u32;
            // The service sends no "more" flag: a full page may have a next one.
            let has_more = fetched >= PAGE_SIZE;
            self.next_offset += fetched;
            if !first {
                return (page, has_more);
            }
            // Contacts created here lead the unfiltered list, once.
            let mut rows: Vec<Contact> = if self.sent_search.is_empty() {
                self.created.clone()
            } else {
                Vec::new()
            };
            append_new(&mut rows, page, |c| c.id.clone());
            (rows, has_more)
        });
        match self
            .contacts
            .finish(page, &mut self.cursor, |c| c.id.clone())
        {
            Ok(Arrived::First) => self.shown_search = self.sent_search.clone(),
            Ok(Arrived::Next) => {}
            Err(error) => {
                cx.toast(ToastKind::Error, format!("Contacts: {}", error.short()));
                return;
            }
        }
        self.fix_scroll(rows_shown);
        self.maybe_load_more(cx, rows_shown);
    }

    /// A contact the service just created: first in the list, cursor on it.
    pub fn add_created(&mut self, contact: Contact, rows_shown: usize) {
        self.created.retain(|c| c.id != contact.id);
        self.created.insert(0, contact.clone());
        self.contacts.rows.retain(|c| c.id != contact.id);
        if self.search.value().trim().is_empty() || !self.contacts.loaded_once {
            self.contacts.rows.insert(0, contact);
            self.cursor = 0;
        }
        self.fix_scroll(rows_shown);
    }

    /// A contact as an edit left it: its row shows it, where it was.
    pub fn replace(&mut self, contact: Contact, rows_shown: usize) {
        for c in self.created.iter_mut().chain(self.contacts.rows.iter_mut()) {
            if c.id == contact.id {
                *c = contact.clone();
            }
        }
        self.fix_scroll(rows_shown);
    }

    /// A contact the service no longer has: out of the list, the cursor kept in range.
    pub fn remove(&mut self, id: &str, rows_shown: usize) {
        self.created.retain(|c| c.id != id);
        self.contacts.rows.retain(|c| c.id != id);
        self.cursor = self.cursor.min(self.contacts.rows.len().saturating_sub(1));
        self.fix_scroll(rows_shown);
    }

    fn maybe_load_more(&mut self, cx: &mut ScreenCtx, rows_shown: usize) {
        if self.contacts.wants_more(self.cursor, rows_shown) {
            let offset = self.next_offset;
            self.send(offset, cx);
        }
    }

    pub fn fix_scroll(&mut self, h: usize) {
        let trailer = self.contacts.has_trailer();
        self.scroll = scroll::follow_with_trailer(
            self.cursor,
            self.scroll,
            h,
            self.contacts.rows.len(),
            trailer,
        );
    }

    pub fn move_to(&mut self, target: isize, cx: &mut ScreenCtx, rows_shown: usize) {
        if self.contacts.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.contacts.rows.len());
        self.fix_scroll(rows_shown);
        self.maybe_load_more(cx, rows_shown);
    }

    pub fn search_paste(&mut self, text: &str, cx: &mut ScreenCtx) {
        self.search.paste(text);
        self.search_changed(cx);
    }

    /// The search text changed: the list reloads after a pause.
    pub fn search_changed(&mut self, cx: &mut ScreenCtx) {
        self.search_due = Some(cx.clock.now + SEARCH_DEBOUNCE);
    }

    /// Esc: close the box and drop the search. False when there was nothing to clear.
    pub fn clear_search(&mut self, cx: &mut ScreenCtx) -> bool {
        let had = self.searching || !self.search.value().is_empty();
        self.searching = false;
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
