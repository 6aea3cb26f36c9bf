//! A list read in full, page after page, for a picker whose fuzzy search must see every name
//! (the organizations of the contact form, the contacts of an organization).

use weeek_api::{ApiError, ListQuery};

use crate::screen::ScreenCtx;
use crate::screen::loadable::Loadable;

/// The service's largest page for these lists; a shorter page is the last.
pub const PAGE: u32 = 100;

#[derive(Debug)]
pub struct AllPages<T> {
    pub list: Loadable<Vec<T>>,
    /// Pages gathered so far while loading.
    partial: Vec<T>,
    /// Sends the request for one page; its answer comes back to [`AllPages::on_reply`].
    /// `first`: the first page, which the local store may answer first.
    ask: fn(&mut ScreenCtx, ListQuery, bool),
}

impl<T> AllPages<T> {
    pub fn new(ask: fn(&mut ScreenCtx, ListQuery, bool)) -> Self {
        Self {
            list: Loadable::NotAsked,
            partial: Vec::new(),
            ask,
        }
    }

    pub fn ensure_loaded(&mut self, cx: &mut ScreenCtx) {
        if matches!(self.list, Loadable::NotAsked) {
            self.reload(cx);
        }
    }

    pub fn reload(&mut self, cx: &mut ScreenCtx) {
        self.partial.clear();
        self.list.start();
        (self.ask)(cx, ListQuery::page(PAGE, 0), true);
    }

    /// Applies a page; true when the list is complete (or failed), or the store's copy of the
    /// first page is there to choose from while the service is asked (offline, or before the
    /// service answered). Later pages of the store are left out: the service's answer to the
    /// first page leads the paging, so no page is taken twice.
    pub fn on_reply(&mut self, result: Result<Vec<T>, ApiError>, cx: &mut ScreenCtx) -> bool {
        if cx.stored().is_some() {
            return match result {
                Ok(page) if self.partial.is_empty() && self.usable().is_none() => {
                    self.list.show_stored(page);
                    true
                }
                _ => false,
            };
        }
        match result {
            Ok(page) => {
                let full = page.len() as u32 >= PAGE;
                self.partial.extend(page);
                if full {
                    let offset = self.partial.len() as u32;
                    (self.ask)(cx, ListQuery::page(PAGE, offset), false);
                    return false;
                }
                self.list.finish(Ok(std::mem::take(&mut self.partial)));
            }
            Err(e) => {
                self.partial.clear();
                self.list.finish(Err(e));
            }
        }
        true
    }

    /// Usable items even when a reload failed, as long as some arrived before.
    pub fn usable(&self) -> Option<&Vec<T>> {
        match &self.list {
            Loadable::Loaded(v) | Loadable::Failed(_, Some(v)) => Some(v),
            Loadable::Loading(Some(v)) => Some(v),
            _ => None,
        }
    }
}
