//! The prompts and questions of funnels and statuses: the name of a new or renamed funnel or
//! status, the currency of a new funnel, and the question before a delete; what their keys
//! do (`structure.rs` sends the changes).

use super::FunnelsState;
use super::layer::Layer;
use super::structure::{Place, quoted};
use super::verbs::Ask;
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::name_entry::{Entry, NameEntry};
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};

/// The service's limit for funnel and status names.
const NAME_MAX: usize = 255;

/// What the name prompt is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Naming {
    NewFunnel,
    RenameFunnel {
        id: String,
    },
    NewStatus {
        funnel: String,
    },
    /// `was`: its name when the prompt opened, for the prompt's title.
    RenameStatus {
        funnel: String,
        id: String,
        was: String,
    },
}

#[derive(Debug, Clone)]
pub struct NamePrompt {
    pub naming: Naming,
    pub field: TextField,
    /// Why the last `Enter` was not taken.
    pub error: Option<String>,
}

impl NameEntry for NamePrompt {
    fn parts(&mut self) -> (&mut TextField, &mut Option<String>) {
        (&mut self.field, &mut self.error)
    }
}

impl NamePrompt {
    pub fn title(&self) -> String {
        match &self.naming {
            Naming::NewFunnel => "New funnel".into(),
            Naming::RenameFunnel { .. } => "Rename the funnel".into(),
            Naming::NewStatus { .. } => "New status, last on the board".into(),
            Naming::RenameStatus { was, .. } if was.trim().is_empty() => "Rename the status".into(),
            Naming::RenameStatus { was, .. } => {
                format!("Rename {}", crate::text::quoted(was, 40))
            }
        }
    }
}

/// The currency picker of a new funnel named `name`.
#[derive(Debug, Clone)]
pub struct CurrencyPick {
    pub name: String,
    pub picker: Picker<i64>,
}

impl FunnelsState {
    /// `n` on the list: a new funnel, by its name.
    pub(super) fn open_new_funnel(&mut self) {
        self.layers.push(Layer::NamePrompt(NamePrompt {
            naming: Naming::NewFunnel,
            field: TextField::default(),
            error: None,
        }));
    }

    /// `e` on the list: rename the funnel under the cursor.
    pub(super) fn open_rename_funnel(&mut self) {
        let Some(f) = self.list.current() else {
            return;
        };
        self.layers.push(Layer::NamePrompt(NamePrompt {
            naming: Naming::RenameFunnel { id: f.id.clone() },
            field: TextField::with_value(f.name.clone().unwrap_or_default()),
            error: None,
        }));
    }

    /// `C` on the board: a new status.
    pub(super) fn open_new_status(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        self.layers.push(Layer::NamePrompt(NamePrompt {
            naming: Naming::NewStatus {
                funnel: d.id.clone(),
            },
            field: TextField::default(),
            error: None,
        }));
    }

    /// `R` on the board: rename the focused status.
    pub(super) fn open_rename_status(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        let Some(c) = d.column() else {
            return;
        };
        let name = d
            .status_list()
            .iter()
            .find(|s| s.id == c.status_id)
            .and_then(|s| s.name.clone())
            .unwrap_or_default();
        self.layers.push(Layer::NamePrompt(NamePrompt {
            naming: Naming::RenameStatus {
                funnel: d.id.clone(),
                id: c.status_id.clone(),
                was: name.clone(),
            },
            field: TextField::with_value(name),
            error: None,
        }));
    }

    fn name_prompt_mut(&mut self) -> Option<&mut NamePrompt> {
        match self.layers.top_mut() {
            Some(Layer::NamePrompt(p)) => Some(p),
            _ => None,
        }
    }

    pub(super) fn name_prompt_char(&mut self, c: char) -> bool {
        self.name_prompt_mut().is_some_and(|p| p.type_char(c))
    }

    pub(super) fn name_prompt_paste(&mut self, text: &str) -> bool {
        self.name_prompt_mut().map(|p| p.paste(text)).is_some()
    }

    pub(super) fn name_prompt_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(p) = self.name_prompt_mut() else {
            return false;
        };
        match p.act(action, "A name is needed.", NAME_MAX) {
            Entry::Name(name) => {
                let naming = p.naming.clone();
                self.layers.pop();
                match naming {
                    Naming::NewFunnel => self.pick_currency(name, cx),
                    Naming::NewStatus { funnel } => self.create(Place::Statuses(funnel), name, cx),
                    Naming::RenameFunnel { id } => self.rename_funnel(id, name, cx),
                    Naming::RenameStatus { funnel, id, .. } => {
                        self.rename_status(funnel, id, name, cx)
                    }
                }
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

    /// A new funnel's name was taken: its currency is picked next (the service's default, 1,
    /// under the cursor). Without the list of currencies the default is used, and said.
    fn pick_currency(&mut self, name: String, cx: &mut ScreenCtx) {
        let items: Vec<PickItem<i64>> = cx
            .names
            .currencies
            .value()
            .map(|all| {
                all.iter()
                    .map(|c| {
                        // The code too, so typing "EUR" finds the euro.
                        let mark = crate::amounts::currency_mark(cx.names, c.id);
                        let head = match c.code.as_deref().map(str::trim) {
                            Some(code) if !code.is_empty() && code != mark => {
                                format!("{code} {mark}")
                            }
                            _ => mark,
                        };
                        let label = match c.name.as_deref() {
                            Some(n) if !n.trim().is_empty() => format!("{head} · {n}"),
                            _ => head,
                        };
                        PickItem::new(c.id, label)
                    })
                    .collect()
            })
            .unwrap_or_default();
        if items.is_empty() {
            let why = match cx.names.currencies.error() {
                Some(e) => format!("the currencies could not be read ({})", e.short()),
                None => "the currencies are not read yet".to_string(),
            };
            cx.toast(
                ToastKind::Info,
                format!("New funnel in the service's default currency: {why}"),
            );
            self.create(Place::Funnels { currency: None }, name, cx);
            return;
        }
        let title = format!("Currency of {}", crate::text::quoted(&name, 30));
        let mut picker = Picker::single(title, items);
        picker.focus(&1);
        self.layers
            .push(Layer::Currency(CurrencyPick { name, picker }));
    }

    fn currency_mut(&mut self) -> Option<&mut CurrencyPick> {
        match self.layers.top_mut() {
            Some(Layer::Currency(c)) => Some(c),
            _ => None,
        }
    }

    pub(super) fn currency_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(c) = self.currency_mut() else {
            return false;
        };
        match c.picker.act(action) {
            PickerOutcome::Pending => {}
            PickerOutcome::Cancelled => {
                self.layers.pop();
            }
            PickerOutcome::Picked(keys) => {
                let name = c.name.clone();
                self.layers.pop();
                let currency = keys.first().copied();
                self.create(Place::Funnels { currency }, name, cx);
            }
        }
        true
    }

    pub(super) fn currency_char(&mut self, ch: char) -> bool {
        match self.currency_mut() {
            Some(c) => c.picker.type_char(ch),
            None => false,
        }
    }

    pub(super) fn currency_paste(&mut self, text: &str) -> bool {
        match self.currency_mut() {
            Some(c) => {
                c.picker.paste(text);
                true
            }
            None => false,
        }
    }

    /// `D` on the list: asks before deleting the funnel under the cursor.
    pub(super) fn ask_delete_funnel(&mut self) {
        let Some(f) = self.list.current() else {
            return;
        };
        self.layers.push(Layer::Ask(Ask::DeleteFunnel {
            id: f.id.clone(),
            name: quoted(f.name.as_deref(), "(unnamed funnel)"),
            deals: f.deals_count,
        }));
    }

    /// `X` on the board: asks before deleting the focused status.
    pub(super) fn ask_delete_status(&mut self) {
        let Some(d) = &self.detail else {
            return;
        };
        let Some(c) = d.column() else {
            return;
        };
        let status = d.status_list().iter().find(|s| s.id == c.status_id);
        self.layers.push(Layer::Ask(Ask::DeleteStatus {
            funnel: d.id.clone(),
            id: c.status_id.clone(),
            name: quoted(status.and_then(|s| s.name.as_deref()), "(unnamed status)"),
            deals: status.and_then(|s| s.deals_count),
        }));
    }
}
