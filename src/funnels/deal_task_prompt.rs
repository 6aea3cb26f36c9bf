//! `n` in the deal popup: the prompt for the title of a new task linked to the deal, a layer
//! over the popup (`deal_tasks.rs` sends the task).

use super::FunnelsState;
use super::layer::Layer;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::widgets::field::TextField;
use crate::widgets::name_entry::{Entry, NameEntry};

/// The longest title the prompt sends: the service's own limit for task titles is unknown,
/// and a title longer than a screen is a paste gone wrong.
const TITLE_MAX: usize = 500;

/// The title prompt of a new task for the open deal.
#[derive(Debug, Clone)]
pub struct TitlePrompt {
    pub deal: String,
    pub field: TextField,
    /// Why the last `Enter` was not taken.
    pub error: Option<String>,
}

impl NameEntry for TitlePrompt {
    fn parts(&mut self) -> (&mut TextField, &mut Option<String>) {
        (&mut self.field, &mut self.error)
    }
}

impl FunnelsState {
    /// `n` in the deal popup: asks for the title of a new task linked to the deal.
    pub(super) fn open_task_prompt(&mut self) {
        let Some(view) = self.detail.as_ref().and_then(|d| d.deal.as_ref()) else {
            return;
        };
        self.layers.push(Layer::TaskPrompt(TitlePrompt {
            deal: view.id.clone(),
            field: TextField::default(),
            error: None,
        }));
    }

    fn task_prompt_mut(&mut self) -> Option<&mut TitlePrompt> {
        match self.layers.top_mut() {
            Some(Layer::TaskPrompt(p)) => Some(p),
            _ => None,
        }
    }

    /// A key while the title prompt is open.
    pub(super) fn task_prompt_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(p) = self.task_prompt_mut() else {
            return false;
        };
        match p.act(action, "A task needs a title.", TITLE_MAX) {
            Entry::Name(title) => {
                let deal = p.deal.clone();
                self.layers.pop();
                self.attach(deal, title, cx);
                true
            }
            Entry::Cancel => {
                self.layers.pop();
                true
            }
            Entry::Handled(changed) => changed,
            Entry::Ignored => false,
        }
    }

    pub(super) fn task_prompt_char(&mut self, c: char) -> bool {
        self.task_prompt_mut().is_some_and(|p| p.type_char(c))
    }

    pub(super) fn task_prompt_paste(&mut self, text: &str) -> bool {
        self.task_prompt_mut().map(|p| p.paste(text)).is_some()
    }
}
