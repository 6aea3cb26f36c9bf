//! The layers of the contacts screen over its form and list: the list's search box with the
//! keyboard, the picker of a form field's organizations or tags, a contact read in full, and
//! the questions (restore a draft, clear the form, delete a contact). `route` is the one place
//! that says which of them has the keys and how; with no layer open the form and the list
//! (which pane, typing in a field or not, a save on its way) say it.

use weeek_api::models::Contact;

use super::submit::Phase;
use super::{Ask, ContactsState, Pane};
use crate::keys::commands::{Action, Context};
use crate::screen::ScreenCtx;
use crate::screen::choices::FormPicker;
use crate::screen::deleting;
use crate::screen::layers::{self, Layers, Route};

#[derive(Debug, Clone)]
pub enum Layer {
    /// The list's search box has the keyboard (what it holds stays after, in the list).
    Search,
    /// The organizations or tags of the form's field.
    Picker(FormPicker),
    /// A contact read in full, and its first line in view.
    View {
        contact: Box<Contact>,
        scroll: usize,
    },
    /// A question, answered before anything else.
    Ask(Ask),
}

impl layers::Layer for Layer {
    fn is_dialog(&self) -> bool {
        !matches!(self, Layer::Search)
    }
}

pub type ContactLayers = Layers<Layer>;

impl Layers<Layer> {
    /// The contact open to read.
    pub fn viewing(&self) -> Option<&Contact> {
        self.find(|l| match l {
            Layer::View { contact, .. } => Some(&**contact),
            _ => None,
        })
    }

    pub fn viewing_mut(&mut self) -> Option<&mut Contact> {
        self.find_mut(|l| match l {
            Layer::View { contact, .. } => Some(&mut **contact),
            _ => None,
        })
    }

    pub fn close_view(&mut self) {
        self.retain(|l| !matches!(l, Layer::View { .. }));
    }

    /// The open picker, whatever is over it.
    pub fn picker(&self) -> Option<&FormPicker> {
        self.find(|l| match l {
            Layer::Picker(p) => Some(p),
            _ => None,
        })
    }

    pub fn picker_mut(&mut self) -> Option<&mut FormPicker> {
        self.find_mut(|l| match l {
            Layer::Picker(p) => Some(p),
            _ => None,
        })
    }

    pub fn close_picker(&mut self) {
        self.retain(|l| !matches!(l, Layer::Picker(_)));
    }

    /// The open question.
    pub fn ask(&self) -> Option<&Ask> {
        self.find(|l| match l {
            Layer::Ask(a) => Some(a),
            _ => None,
        })
    }

    /// The list's search box has the keyboard.
    pub fn searching(&self) -> bool {
        self.any(|l| matches!(l, Layer::Search))
    }

    pub fn stop_searching(&mut self) {
        self.retain(|l| !matches!(l, Layer::Search));
    }

    /// Opens `layer` over the others but beneath a question, which is answered first.
    pub fn push_under_ask(&mut self, layer: Layer) {
        self.push_beneath(layer, |l| matches!(l, Layer::Ask(_)));
    }
}

impl ContactsState {
    /// The focused layer's contexts, keyboard and handlers.
    pub(super) fn route(&self) -> Route<Self> {
        if self.organizations.shown {
            let tab = self.organizations.route();
            return Route {
                contexts: tab.contexts,
                keyboard: tab.keyboard,
                action: |s, action, cx| s.organizations.on_action(action, cx),
                char: |s, c, cx| s.organizations.on_char(c, cx),
                paste: |s, text, cx| s.organizations.on_paste(text, cx),
            };
        }
        match self.layers.top() {
            Some(Layer::Ask(Ask::Restore(_))) => {
                Route::keys(vec![Context::Draft], Self::ask_action)
            }
            Some(Layer::Ask(_)) => Route::keys(vec![Context::Confirm], Self::ask_action),
            Some(Layer::View { .. }) => {
                Route::keys(vec![Context::ContactView, Context::List], Self::view_action)
            }
            // Organizations and tags: always several.
            Some(Layer::Picker(_)) => Route::typing(
                vec![Context::MultiPicker, Context::Picker, Context::Text],
                |s, action, cx| {
                    s.picker_action(action, cx);
                    true
                },
                |s, c, _| s.picker_char(c),
                |s, text, _| s.picker_paste(text),
            ),
            Some(Layer::Search) => Route::typing(
                vec![
                    Context::ContactSearch,
                    Context::Text,
                    Context::Contacts,
                    Context::List,
                ],
                |s, action, cx| s.search_action(action, cx) || s.panes_action(action, cx),
                Self::search_char,
                |s, text, cx| {
                    s.list.search_paste(text, cx);
                    true
                },
            ),
            None => self.panes_route(),
        }
    }

    /// With no layer open: the form or the list, as the pane with the keys and the save say.
    fn panes_route(&self) -> Route<Self> {
        let action = Self::panes_action;
        if self.locked() {
            // No key of the form does anything until the answer, so none is offered; typing
            // right after a save must not turn into commands either.
            return Route::keys(Vec::new(), action).holding_keyboard();
        }
        if matches!(self.phase, Phase::Checking(_)) && self.pane == Pane::Form {
            // A failed look: save looks again, new gives up and starts over.
            return Route::keys(vec![Context::Contacts], action);
        }
        match self.pane {
            Pane::List => Route::keys(
                vec![Context::ContactList, Context::Contacts, Context::List],
                action,
            )
            // A paste on the list searches for it.
            .pasting(|s, text, cx| {
                s.layers.push(Layer::Search);
                s.list.search_paste(text, cx);
                true
            }),
            // The saved contact's details scroll when they do not fit.
            Pane::Form if matches!(self.phase, Phase::Saved(_)) => {
                Route::keys(vec![Context::Contacts, Context::List], action)
            }
            Pane::Form if self.phase != Phase::Editing => {
                Route::keys(vec![Context::Contacts], action)
            }
            Pane::Form if self.editing && self.form.focus.is_text() => Route::typing(
                vec![
                    Context::ContactField,
                    Context::Text,
                    Context::ContactForm,
                    Context::Contacts,
                ],
                action,
                Self::field_char,
                Self::field_paste,
            ),
            Pane::Form if self.editing => Route::typing(
                vec![
                    Context::ContactChoice,
                    Context::ContactForm,
                    Context::Contacts,
                ],
                action,
                Self::field_char,
                Self::field_paste,
            ),
            Pane::Form => Route::keys(
                vec![Context::ContactForm, Context::Contacts, Context::List],
                action,
            )
            // A paste goes into the focused field, which takes the keyboard.
            .pasting(Self::field_paste),
        }
    }

    /// A contact read in full: it scrolls and closes, and takes `e` and `D`.
    fn view_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Delete => deleting::ask(self, cx),
            Action::EditContact => self.start_edit(cx),
            _ => {
                let Some(Layer::View { contact, scroll }) = self.layers.top_mut() else {
                    return false;
                };
                // Read only: it closes or scrolls, nothing else.
                let page = cx.viewport.contacts.view_rows;
                let lines = super::contact_rows(contact, true).saturating_sub(page) + 1;
                if let Some(to) = crate::widgets::scroll::target(action, *scroll, lines, page) {
                    *scroll = crate::widgets::scroll::clamp(to, lines);
                } else if action == Action::Cancel {
                    self.layers.pop();
                }
            }
        }
        true
    }

    /// The form and the list with no layer over them (or the search box, for what it leaves).
    fn panes_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if self.pane == Pane::List {
            match action {
                Action::Delete => {
                    deleting::ask(self, cx);
                    return true;
                }
                Action::EditContact => {
                    self.start_edit(cx);
                    return true;
                }
                _ => {}
            }
        }
        self.form_list_action(action, cx)
    }
}
