//! The layers of the projects screen over its tree: the name filter with the keyboard, the
//! name prompt (a new project or board, a rename) and the question before a delete. `route`
//! is the one place that says which of them has the keys and how.

use super::ProjectsState;
use super::naming::{Ask, NamePrompt};
use crate::keys::commands::Context;
use crate::screen::layers::{self, Layers, Route};

#[derive(Debug, Clone)]
pub enum Layer {
    /// The name filter has the keyboard (what it holds stays after, in `filter`).
    Search,
    /// The name of a new project or board, or a new name.
    Prompt(NamePrompt),
    /// Delete this project or board?
    Ask(Ask),
}

impl layers::Layer for Layer {
    fn is_dialog(&self) -> bool {
        !matches!(self, Layer::Search)
    }
}

impl ProjectsState {
    /// The focused layer's contexts, keyboard and handlers.
    pub(super) fn route(&self) -> Route<Self> {
        match self.layers.top() {
            None => Route::keys(vec![Context::Projects, Context::List], Self::tree_action),
            Some(Layer::Search) => Route::typing(
                vec![Context::ProjectSearch, Context::Text],
                Self::on_search_action,
                Self::search_char,
                Self::search_paste,
            ),
            Some(Layer::Prompt(_)) => Route::typing(
                vec![Context::Prompt, Context::Text],
                Self::prompt_action,
                |s, c, _| s.prompt_char(c),
                |s, text, _| s.prompt_paste(text),
            ),
            Some(Layer::Ask(_)) => Route::keys(vec![Context::Confirm], Self::ask_action),
        }
    }

    /// True while the name filter has the keyboard.
    pub fn typing(&self) -> bool {
        matches!(self.layers.top(), Some(Layer::Search))
    }

    /// The open name prompt.
    pub fn prompt(&self) -> Option<&NamePrompt> {
        match self.layers.top() {
            Some(Layer::Prompt(p)) => Some(p),
            _ => None,
        }
    }

    /// The open question.
    pub fn ask(&self) -> Option<&Ask> {
        match self.layers.top() {
            Some(Layer::Ask(a)) => Some(a),
            _ => None,
        }
    }
}

/// The layers as the screen keeps them.
pub type ProjectLayers = Layers<Layer>;
