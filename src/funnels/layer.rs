//! The layers of the funnels screen over the list of funnels or the open funnel (its board,
//! or one deal over it): the search boxes with the keyboard, the board's filter and sort
//! pickers, the deal form and its pickers, the questions, the prompts (a new task linked to
//! the deal; a funnel's or status's name), the currency of a new funnel and the deal's
//! contacts and organizations. `route` is the one place that says which of them has the keys
//! and how.

use super::FunnelsState;
use super::deal_links::Link;
use super::deal_task_prompt::TitlePrompt;
use super::editor::{DealEditor, FormPicker, Phase};
use super::query::BoardPicker;
use super::structure_prompts::{CurrencyPick, NamePrompt};
use super::verbs::Ask;
use crate::keys::commands::{Action, Context};
use crate::screen::layers::{self, Layers, Route};
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::picker::Picker;

#[derive(Debug, Clone)]
pub enum Layer {
    /// The list's search box has the keyboard (the search it applies stays after).
    ListSearch(TextField),
    /// The open funnel's search of its deals has the keyboard.
    DealSearch(TextField),
    /// The board's filter (waiting for the organizations while `None`) or sort picker.
    BoardPicker(BoardPicker),
    /// The deal form, over the board.
    Form(Box<DealEditor>),
    /// The picker of a field of the form beneath.
    FormPicker(FormPicker),
    /// A question, answered before anything else.
    Ask(Ask),
    /// The title of a new task linked to the open deal.
    TaskPrompt(TitlePrompt),
    /// The name of a new or renamed funnel or status.
    NamePrompt(NamePrompt),
    /// The currency of a new funnel, picked after its name.
    Currency(CurrencyPick),
    /// The open deal's contacts and organizations, one to open.
    Links(Picker<Link>),
}

impl layers::Layer for Layer {
    fn is_dialog(&self) -> bool {
        !matches!(self, Layer::ListSearch(_) | Layer::DealSearch(_))
    }
}

pub type FunnelLayers = Layers<Layer>;

impl Layers<Layer> {
    /// The deal form, whatever is over it.
    pub fn editor(&self) -> Option<&DealEditor> {
        self.find(|l| match l {
            Layer::Form(e) => Some(&**e),
            _ => None,
        })
    }

    pub fn editor_mut(&mut self) -> Option<&mut DealEditor> {
        self.find_mut(|l| match l {
            Layer::Form(e) => Some(&mut **e),
            _ => None,
        })
    }

    /// The open picker of a field of the form.
    pub fn form_picker_mut(&mut self) -> Option<&mut FormPicker> {
        self.find_mut(|l| match l {
            Layer::FormPicker(p) => Some(p),
            _ => None,
        })
    }

    /// Closes the form with what is over it (its picker, the question about closing it).
    pub fn close_form(&mut self) -> Option<DealEditor> {
        let form = self.remove(|l| matches!(l, Layer::Form(_)));
        self.retain(|l| !matches!(l, Layer::FormPicker(_) | Layer::Ask(Ask::DropForm { .. })));
        match form {
            Some(Layer::Form(e)) => Some(*e),
            _ => None,
        }
    }

    /// The open question.
    pub fn ask(&self) -> Option<&Ask> {
        self.find(|l| match l {
            Layer::Ask(a) => Some(a),
            _ => None,
        })
    }

    /// The open name prompt.
    pub fn name_prompt(&self) -> Option<&NamePrompt> {
        self.find(|l| match l {
            Layer::NamePrompt(p) => Some(p),
            _ => None,
        })
    }

    /// The list's search box, while it has the keyboard.
    pub fn list_search(&self) -> Option<&TextField> {
        self.find(|l| match l {
            Layer::ListSearch(f) => Some(f),
            _ => None,
        })
    }

    /// The board's open filter or sort picker.
    pub fn board_picker(&self) -> Option<&BoardPicker> {
        self.find(|l| match l {
            Layer::BoardPicker(p) => Some(p),
            _ => None,
        })
    }

    /// The open title prompt of a new linked task.
    pub fn task_prompt(&self) -> Option<&TitlePrompt> {
        self.find(|l| match l {
            Layer::TaskPrompt(p) => Some(p),
            _ => None,
        })
    }

    /// The open currency picker of a new funnel.
    pub fn currency(&self) -> Option<&CurrencyPick> {
        self.find(|l| match l {
            Layer::Currency(c) => Some(c),
            _ => None,
        })
    }

    /// The open picker of the deal's contacts and organizations.
    pub fn links(&self) -> Option<&Picker<Link>> {
        self.find(|l| match l {
            Layer::Links(p) => Some(p),
            _ => None,
        })
    }

    /// The deal search box, while it has the keyboard.
    pub fn deal_search(&self) -> Option<&TextField> {
        self.find(|l| match l {
            Layer::DealSearch(f) => Some(f),
            _ => None,
        })
    }

    /// The layers of the open funnel's board go with it.
    pub fn close_board_layers(&mut self) {
        self.retain(|l| !matches!(l, Layer::DealSearch(_) | Layer::BoardPicker(_)));
    }
}

impl FunnelsState {
    /// The focused layer's contexts, keyboard and handlers.
    pub(super) fn route(&self) -> Route<Self> {
        let Some(top) = self.layers.top() else {
            return self.view_route();
        };
        match top {
            Layer::Ask(_) => Route::keys(vec![Context::Confirm], |s, action, cx| {
                match action {
                    Action::Yes => s.answer(true, cx),
                    Action::No => s.answer(false, cx),
                    _ => return false,
                }
                true
            }),
            Layer::TaskPrompt(_) => Route::typing(
                vec![Context::Prompt, Context::Text],
                Self::task_prompt_action,
                |s, c, _| s.task_prompt_char(c),
                |s, text, _| s.task_prompt_paste(text),
            ),
            Layer::NamePrompt(_) => Route::typing(
                vec![Context::Prompt, Context::Text],
                Self::name_prompt_action,
                |s, c, _| s.name_prompt_char(c),
                |s, text, _| s.name_prompt_paste(text),
            ),
            Layer::Currency(_) => Route::typing(
                vec![Context::Picker, Context::Text],
                Self::currency_action,
                |s, c, _| s.currency_char(c),
                |s, text, _| s.currency_paste(text),
            ),
            Layer::Links(_) => Route::typing(
                vec![Context::Picker, Context::Text],
                Self::links_action,
                |s, c, _| s.links_char(c),
                |s, text, _| s.links_paste(text),
            ),
            Layer::Form(e) => {
                let route = |contexts| {
                    Route::typing(
                        contexts,
                        Self::form_action,
                        Self::form_char,
                        Self::form_paste,
                    )
                };
                if e.locked() {
                    // No key of the form does anything until the answer, so none is offered,
                    // and the app's keys (quit, help) are left their letters.
                    Route::keys(Vec::new(), Self::form_action)
                } else if !matches!(e.phase, Phase::Editing) {
                    // A failed look: save looks again, Esc gives up on the form.
                    route(vec![Context::DealForm])
                } else if e.form.is_typed(e.form.focus) {
                    route(vec![Context::DealField, Context::Text, Context::DealForm])
                } else {
                    route(vec![Context::DealChoice, Context::DealForm])
                }
            }
            Layer::FormPicker(p) => {
                let contexts = match &p.picker {
                    Some(p) if !p.multi => vec![Context::Picker, Context::Text],
                    _ => vec![Context::MultiPicker, Context::Picker, Context::Text],
                };
                Route::typing(
                    contexts,
                    |s, action, cx| {
                        s.form_picker_action(action, cx);
                        true
                    },
                    |s, c, _| s.form_picker_char(c),
                    |s, text, _| s.form_picker_paste(text),
                )
            }
            Layer::BoardPicker(p) => {
                let contexts = match p {
                    BoardPicker::Filter(_) => {
                        vec![Context::MultiPicker, Context::Picker, Context::Text]
                    }
                    BoardPicker::Sort(_) => vec![Context::Picker, Context::Text],
                };
                Route::typing(
                    contexts,
                    |s, action, cx| {
                        s.board_picker_action(action, cx);
                        true
                    },
                    |s, c, _| match s.layers.top_mut() {
                        Some(Layer::BoardPicker(p)) => p.type_char(c),
                        _ => false,
                    },
                    |s, text, _| match s.layers.top_mut() {
                        Some(Layer::BoardPicker(p)) => p.paste(text),
                        _ => false,
                    },
                )
            }
            Layer::DealSearch(_) => Route::typing(
                vec![
                    Context::FunnelSearch,
                    Context::Text,
                    Context::Funnel,
                    Context::List,
                ],
                |s, action, cx| s.deal_search_action(action, cx) || s.detail_action(action, cx),
                |s, c, cx| s.deal_search_typed(&c.to_string(), cx),
                Self::deal_search_typed,
            ),
            Layer::ListSearch(_) => Route::typing(
                vec![
                    Context::FunnelSearch,
                    Context::Text,
                    Context::Funnels,
                    Context::List,
                ],
                |s, action, cx| s.list_search_action(action, cx) || s.list_action(action, cx),
                |s, c, cx| {
                    let Some(Layer::ListSearch(field)) = s.layers.top_mut() else {
                        return false;
                    };
                    let changed = s.list.search_char(field, c);
                    s.list.fix_scroll(cx);
                    changed
                },
                |s, text, cx| {
                    let Some(Layer::ListSearch(field)) = s.layers.top_mut() else {
                        return false;
                    };
                    s.list.paste(field, text);
                    s.list.fix_scroll(cx);
                    true
                },
            ),
        }
    }

    /// With no layer open: the list, the open funnel's board, or one deal over it.
    fn view_route(&self) -> Route<Self> {
        match &self.detail {
            None => Route::keys(vec![Context::Funnels, Context::List], Self::list_action),
            Some(d) if d.deal.is_some() => {
                Route::keys(vec![Context::Deal, Context::List], Self::deal_action)
            }
            Some(_) => Route::keys(vec![Context::Funnel, Context::List], Self::detail_action),
        }
    }

    /// A command of the list's search box; false for the rest (arrows move the cursor).
    fn list_search_action(
        &mut self,
        action: crate::keys::commands::Action,
        cx: &mut crate::screen::ScreenCtx,
    ) -> bool {
        let Some(Layer::ListSearch(field)) = self.layers.top_mut() else {
            return false;
        };
        let Some(close) = self.list.search_action(field, action) else {
            return false;
        };
        if close {
            self.layers.pop();
        }
        self.list.fix_scroll(cx);
        true
    }

    /// A command of the deal search box; false for the rest (arrows move on the board).
    fn deal_search_action(&mut self, action: Action, cx: &mut crate::screen::ScreenCtx) -> bool {
        let (Some(Layer::DealSearch(field)), Some(d)) = (self.layers.top_mut(), &mut self.detail)
        else {
            return false;
        };
        let Some(close) = d.search_action(field, action, cx) else {
            return false;
        };
        if close {
            self.layers.pop();
        }
        true
    }

    fn deal_search_typed(&mut self, text: &str, cx: &mut crate::screen::ScreenCtx) -> bool {
        let (Some(Layer::DealSearch(field)), Some(d)) = (self.layers.top_mut(), &mut self.detail)
        else {
            return false;
        };
        d.search_typed(field, text, cx)
    }

    /// A command of the board's filter or sort picker.
    fn board_picker_action(&mut self, action: Action, cx: &mut crate::screen::ScreenCtx) {
        let (Some(Layer::BoardPicker(picker)), Some(d)) = (self.layers.top_mut(), &mut self.detail)
        else {
            return;
        };
        if d.picker_action(picker, action, cx) {
            self.layers.pop();
        }
    }

    /// The organizations arrived (or failed): a waiting filter picker opens with what there
    /// is, or says why it cannot.
    pub(super) fn orgs_arrived(&mut self, cx: &mut crate::screen::ScreenCtx) {
        let Some(d) = &self.detail else {
            return;
        };
        let waiting = self.layers.find_mut(|l| match l {
            Layer::BoardPicker(p @ BoardPicker::Filter(None)) => Some(p),
            _ => None,
        });
        let Some(p) = waiting else {
            return;
        };
        *p = d.filter_picker(cx.names, &self.lookups);
        if let Some(e) = &self.lookups.orgs.error {
            let text = format!("Organizations to filter by: {}", e.short());
            cx.toast(ToastKind::Error, text);
        }
    }
}
