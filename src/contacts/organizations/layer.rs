//! The layers of the organizations tab over its list: the search box with the keyboard, an
//! organization read in full, the form, the picker of an organization's contacts or tags, and
//! the questions before a delete or before a form with changes closes. `route` is the one
//! place that says which of them has the keys and how.

use weeek_api::models::Organization;

use super::OrganizationsState;
use super::links::LinkPicker;
use super::save::FormState;
use crate::keys::commands::Context;
use crate::screen::layers::{self, Layers, Route};

#[derive(Debug, Clone)]
pub enum Layer {
    /// The list's search box has the keyboard (what it holds stays after, in the list).
    Search,
    /// An organization read in full, and its first line in view.
    View {
        org: Box<Organization>,
        scroll: usize,
    },
    /// The form that creates or edits one.
    Form(Box<FormState>),
    /// The contacts or tags of one organization.
    Links(Box<LinkPicker>),
    /// Delete this organization (its id and name)?
    AskDelete { id: String, name: String },
    /// Close the form beneath and drop its changes?
    AskClose,
}

impl layers::Layer for Layer {
    fn is_dialog(&self) -> bool {
        !matches!(self, Layer::Search)
    }
}

pub type OrgLayers = Layers<Layer>;

impl Layers<Layer> {
    /// The organization open to read.
    pub fn viewing(&self) -> Option<&Organization> {
        self.find(|l| match l {
            Layer::View { org, .. } => Some(&**org),
            _ => None,
        })
    }

    pub fn viewing_mut(&mut self) -> Option<&mut Organization> {
        self.find_mut(|l| match l {
            Layer::View { org, .. } => Some(&mut **org),
            _ => None,
        })
    }

    /// Closes the view of organization `id` (it is gone).
    pub fn close_view_of(&mut self, id: &str) {
        self.retain(|l| !matches!(l, Layer::View { org, .. } if org.id == id));
    }

    /// Closes the view, whichever organization it shows.
    pub fn close_view(&mut self) {
        self.retain(|l| !matches!(l, Layer::View { .. }));
    }

    /// The open form, whatever is over it.
    pub fn form(&self) -> Option<&FormState> {
        self.find(|l| match l {
            Layer::Form(f) => Some(&**f),
            _ => None,
        })
    }

    pub fn form_mut(&mut self) -> Option<&mut FormState> {
        self.find_mut(|l| match l {
            Layer::Form(f) => Some(&mut **f),
            _ => None,
        })
    }

    /// The open link picker, whatever is over it.
    pub fn link_picker(&self) -> Option<&LinkPicker> {
        self.find(|l| match l {
            Layer::Links(p) => Some(&**p),
            _ => None,
        })
    }

    pub fn link_picker_mut(&mut self) -> Option<&mut LinkPicker> {
        self.find_mut(|l| match l {
            Layer::Links(p) => Some(&mut **p),
            _ => None,
        })
    }

    pub fn close_link_picker(&mut self) {
        self.retain(|l| !matches!(l, Layer::Links(_)));
    }
}

impl OrganizationsState {
    /// The focused layer's contexts, keyboard and handlers.
    pub(crate) fn route(&self) -> Route<Self> {
        match self.layers.top() {
            None => Route::keys(
                vec![Context::Organizations, Context::List],
                Self::list_action,
            )
            .pasting(Self::list_paste),
            Some(Layer::Search) => Route::typing(
                vec![Context::OrgSearch, Context::Text, Context::List],
                Self::search_action,
                Self::search_char,
                Self::search_paste,
            ),
            Some(Layer::View { .. }) => {
                Route::keys(vec![Context::OrgView, Context::List], Self::view_action)
            }
            // While a save is out the form is locked: its keys say to wait.
            Some(Layer::Form(fs)) if fs.phase.is_busy() => Route::typing(
                vec![Context::OrgForm],
                Self::form_action,
                Self::form_char,
                Self::form_paste,
            ),
            Some(Layer::Form(_)) => Route::typing(
                vec![Context::OrgForm, Context::Text],
                Self::form_action,
                Self::form_char,
                Self::form_paste,
            ),
            // Contacts and tags: always several.
            Some(Layer::Links(_)) => Route::typing(
                vec![Context::MultiPicker, Context::Picker, Context::Text],
                |s, action, cx| {
                    s.link_picker_action(action, cx);
                    true
                },
                |s, c, _| s.link_picker_char(c),
                |s, text, _| s.link_picker_paste(text),
            ),
            Some(Layer::AskDelete { .. }) => {
                Route::keys(vec![Context::Confirm], Self::ask_delete_action)
            }
            Some(Layer::AskClose) => Route::keys(vec![Context::Confirm], Self::ask_close_action),
        }
    }
}
