//! The organizations tab of the contacts screen: the service's organizations, searched and
//! paged, and one of them read in full. `Alt-o` switches between it and the contact form.

pub mod delete;
pub mod list;
#[cfg(test)]
pub(crate) mod tests;

use std::time::Instant;

use weeek_api::models::Organization;

use crate::app::ScreenCtx;
use crate::app::commands::{Action, Context};
use crate::widgets::scroll;
use crate::worker::Answer;
use list::OrgList;

/// The requests of the organizations tab.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrgKey {
    /// A page of the organization list.
    List,
    /// An organization deleted with `D`.
    Delete,
    /// The read of it after the delete's answer was lost.
    DeleteRead,
}

#[derive(Debug, Default)]
pub struct OrganizationsState {
    /// The tab is on screen instead of the contact form and list.
    pub shown: bool,
    pub list: OrgList,
    /// An organization of the list opened to read, and its first line in view.
    pub viewing: Option<(Organization, usize)>,
    /// `D` asks first: the id and name of the organization asked about.
    pub ask_delete: Option<(String, String)>,
    /// An organization whose delete is on its way.
    pub deleting: Option<crate::app::deleting::Deleting>,
}

/// Lines of an organization read in full: name and id, one per address, e-mail, phone and
/// contact, the tags on one, then when it was created and changed.
pub fn detail_rows(o: &Organization) -> usize {
    2 + o.addresses.len()
        + o.emails.len()
        + o.phones.len()
        + o.contacts.len()
        + usize::from(!o.tags.is_empty())
        + usize::from(o.created_at.is_some())
        + usize::from(o.updated_at.is_some())
}

impl OrganizationsState {
    fn list_rows(cx: &ScreenCtx) -> usize {
        cx.viewport.organizations.list_rows
    }

    /// `Alt-o` on the contacts screen: shows or hides the tab; the list loads when first shown.
    pub fn toggle(&mut self, cx: &mut ScreenCtx) {
        self.shown = !self.shown;
        if self.shown {
            self.list.ensure_loaded(cx);
        }
    }

    pub fn contexts(&self) -> Vec<Context> {
        if self.ask_delete.is_some() {
            return vec![Context::Confirm];
        }
        if self.viewing.is_some() {
            return vec![Context::OrgView, Context::List];
        }
        if self.list.searching {
            return vec![Context::OrgSearch, Context::Text, Context::List];
        }
        vec![Context::Organizations, Context::List]
    }

    pub const HELP_CONTEXTS: &'static [Context] = &[
        Context::Organizations,
        Context::OrgSearch,
        Context::OrgView,
        Context::List,
        Context::Text,
        Context::Confirm,
    ];

    pub fn keyboard_taken(&self) -> bool {
        self.ask_delete.is_none() && self.viewing.is_none() && self.list.searching
    }

    pub fn footer_note(&self) -> Option<String> {
        (self.viewing.is_none() && self.list.searching).then(|| "search".to_string())
    }

    pub fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if let Some((id, name)) = self.ask_delete.take() {
            match action {
                Action::Yes => self.delete(id, name, cx),
                Action::No | Action::Cancel => {}
                _ => {
                    self.ask_delete = Some((id, name));
                    return false;
                }
            }
            return true;
        }
        if action == Action::Delete && !self.list.searching {
            self.ask_delete(cx);
            return true;
        }
        if let Some((o, top)) = &mut self.viewing {
            // Read only: it closes or scrolls, nothing else.
            let page = cx.viewport.organizations.view_rows;
            let lines = detail_rows(o).saturating_sub(page) + 1;
            if let Some(to) = scroll::target(action, *top, lines, page) {
                *top = scroll::clamp(to, lines);
            } else if action == Action::Cancel {
                self.viewing = None;
            } else {
                return false;
            }
            return true;
        }
        if self.list.searching {
            match action {
                Action::Accept => self.list.searching = false,
                Action::Clear => {
                    self.list.clear_search(cx);
                }
                Action::Text(edit) => {
                    let before = self.list.search.value().to_string();
                    self.list.search.edit(edit);
                    if self.list.search.value() != before {
                        self.list.search_changed(cx);
                    }
                }
                a => return self.move_cursor(a, cx),
            }
            return true;
        }
        match action {
            Action::Search => self.list.searching = true,
            Action::Open => match self.list.current() {
                Some(o) => self.viewing = Some((o.clone(), 0)),
                None => return false,
            },
            Action::Refresh => self.list.reload(cx),
            Action::Back => return self.list.clear_search(cx),
            a => return self.move_cursor(a, cx),
        }
        true
    }

    fn move_cursor(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let rows = Self::list_rows(cx);
        self.list.move_by(action, cx, rows)
    }

    /// A character typed while the search box has the keyboard.
    pub fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        if self.viewing.is_some() || !self.list.searching {
            return false;
        }
        if self.list.search.insert(c) {
            self.list.search_changed(cx);
        }
        true
    }

    /// Pasted text goes into the search, opening it.
    pub fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        if self.viewing.is_some() {
            return false;
        }
        self.list.searching = true;
        self.list.search.paste(text);
        self.list.search_changed(cx);
        true
    }

    pub fn on_tick(&mut self, cx: &mut ScreenCtx) -> bool {
        self.list.on_tick(cx)
    }

    pub fn next_deadline(&self) -> Option<Instant> {
        self.list.next_deadline()
    }

    pub fn on_resize(&mut self, cx: &mut ScreenCtx) {
        let rows = Self::list_rows(cx);
        self.list.fix_scroll(rows);
    }

    /// An accepted answer to one of this tab's requests.
    pub fn on_answer(&mut self, key: OrgKey, answer: Answer, cx: &mut ScreenCtx) {
        // Each key is asked with one kind of call (see where it is asked): no other pair
        // arrives.
        match (key, answer) {
            (OrgKey::List, Answer::Organizations(result)) => {
                let rows = Self::list_rows(cx);
                self.list.on_reply(result, cx, rows);
            }
            (OrgKey::Delete, Answer::DeletedOrganization(result)) => {
                self.on_delete_reply(result, cx)
            }
            (OrgKey::DeleteRead, Answer::Organization(result)) => {
                self.on_delete_read_back(result.map(|o| *o), cx)
            }
            _ => {}
        }
    }
}
