//! The organization list: `GET /crm/organizations` with the search sent to the service and
//! pages fetched as the cursor nears the end.

use std::time::{Duration, Instant};

use weeek_api::models::Organization;
use weeek_api::{ApiError, ListQuery};

use crate::app::ScreenCtx;
use crate::app::loadable::{Arrived, Paged};
use crate::app::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::scroll;
use crate::worker::Call;

use super::OrgKey;

/// Organizations per request; the service sends no "more" flag, so a short page is the last.
pub const PAGE_SIZE: u32 = 50;
/// Typing pauses this long before the search goes to the service.
pub const SEARCH_DEBOUNCE: Duration = Duration::from_millis(300);

#[derive(Debug, Default)]
pub struct OrgList {
    /// The search of the last first page asked for; its later pages keep it.
    sent_search: String,
    pub rows: Paged<Organization>,
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

impl OrgList {
    pub fn next_deadline(&self) -> Option<Instant> {
        self.search_due
    }

    pub fn current(&self) -> Option<&Organization> {
        self.rows.rows.get(self.cursor)
    }

    pub fn ensure_loaded(&mut self, cx: &mut ScreenCtx) {
        if !self.rows.loaded_once && !self.rows.is_loading() {
            self.reload(cx);
        }
    }

    pub fn reload(&mut self, cx: &mut ScreenCtx) {
        self.search_due = None;
        self.send(0, cx);
    }

    fn send(&mut self, offset: u32, cx: &mut ScreenCtx) {
        // Later pages continue the rows on screen, so they keep the search those were asked
        // with, not what the box holds now.
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
        self.next_offset = offset;
        cx.request(OrgKey::List, Call::Organizations(q));
    }

    pub fn on_reply(
        &mut self,
        result: Result<Vec<Organization>, ApiError>,
        cx: &mut ScreenCtx,
        rows_shown: usize,
    ) {
        let page = result.map(|page| {
            let fetched = page.len() as u32;
            self.next_offset += fetched;
            (page, fetched >= PAGE_SIZE)
        });
        match self.rows.finish(page, &mut self.cursor, |o| o.id.clone()) {
            Ok(Arrived::First) => self.shown_search = self.sent_search.clone(),
            Ok(Arrived::Next) => {}
            Err(error) => {
                cx.toast(
                    ToastKind::Error,
                    format!("Organizations: {}", error.short()),
                );
                return;
            }
        }
        self.fix_scroll(rows_shown);
        self.maybe_load_more(cx, rows_shown);
    }

    fn maybe_load_more(&mut self, cx: &mut ScreenCtx, rows_shown: usize) {
        if self.rows.wants_more(self.cursor, rows_shown) {
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

    pub fn move_to(&mut self, target: isize, cx: &mut ScreenCtx, rows_shown: usize) {
        if self.rows.rows.is_empty() {
            return;
        }
        self.cursor = scroll::clamp(target, self.rows.rows.len());
        self.fix_scroll(rows_shown);
        self.maybe_load_more(cx, rows_shown);
    }

    /// An organization the service no longer has: out of the list, the cursor kept in range.
    pub fn remove(&mut self, id: &str, rows_shown: usize) {
        self.rows.rows.retain(|o| o.id != id);
        self.cursor = self.cursor.min(self.rows.rows.len().saturating_sub(1));
        self.fix_scroll(rows_shown);
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
