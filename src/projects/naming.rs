//! The name prompt and the question of the projects screen: `n` a project in the portfolio
//! under the cursor, `N` a board in the project under it, `e` a new name, `D` a delete asked
//! first, and what their keys do (`edits.rs` sends the changes).

use super::edits::{Place, quoted};
use super::layer::Layer;
use super::{Node, ProjectsState};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::screen::names::Names;
use crate::screen::toast::ToastKind;
use crate::widgets::field::TextField;
use crate::widgets::name_entry::{Entry, NameEntry};

/// Longer names are a paste gone wrong; the service's own limit is not documented.
const NAME_MAX: usize = 255;

#[derive(Debug, Clone, PartialEq)]
pub enum Naming {
    NewProject { portfolio: Option<i64> },
    NewBoard { project: i64 },
    RenameProject { id: i64 },
    RenameBoard { project: i64, id: i64 },
    RenamePortfolio { id: i64 },
}

#[derive(Debug, Clone)]
pub struct NamePrompt {
    pub naming: Naming,
    pub field: TextField,
    pub error: Option<String>,
}

impl NameEntry for NamePrompt {
    fn parts(&mut self) -> (&mut TextField, &mut Option<String>) {
        (&mut self.field, &mut self.error)
    }
}

impl NamePrompt {
    pub fn title(&self, names: &Names, portfolios: &[weeek_api::models::Portfolio]) -> String {
        match &self.naming {
            Naming::NewProject { portfolio: None } => "New project, in no portfolio".into(),
            Naming::NewProject { portfolio: Some(p) } => {
                let name = portfolios
                    .iter()
                    .find(|x| x.id == *p)
                    .map(|x| crate::text::one_line(&x.name))
                    .unwrap_or_else(|| format!("portfolio #{p}"));
                format!("New project in {name}")
            }
            Naming::NewBoard { project } => {
                format!("New board in {}", names.project_name(*project))
            }
            Naming::RenameProject { .. } => "Rename the project".into(),
            Naming::RenameBoard { .. } => "Rename the board".into(),
            Naming::RenamePortfolio { .. } => "Rename the portfolio".into(),
        }
    }
}

/// A question before a delete.
#[derive(Debug, Clone, PartialEq)]
pub enum Ask {
    DeleteProject { id: i64, name: String },
    DeleteBoard { project: i64, id: i64, name: String },
}

impl Ask {
    pub fn question(&self) -> String {
        match self {
            Ask::DeleteProject { name, .. } => {
                format!("Delete the project {name} with its boards and tasks?")
            }
            Ask::DeleteBoard { name, .. } => format!("Delete the board {name} with its columns?"),
        }
    }
}

impl ProjectsState {
    /// The portfolio a new project goes in: the one under the cursor, or the one holding the
    /// project (or board) under it.
    /// The node under the cursor as drawn (the first row before the cursor has moved).
    fn here(&self, names: &Names) -> Option<Node> {
        let rows = self.rows(names);
        rows.get(self.cursor_index(&rows)).map(|r| r.node)
    }

    fn portfolio_here(&self, names: &Names) -> Option<i64> {
        match self.here(names)? {
            Node::Portfolio(p) => Some(p),
            Node::Unfiled => None,
            Node::Project(p) | Node::Board { project: p, .. } => {
                names.project(p).and_then(|x| x.portfolio_id)
            }
        }
    }

    fn project_here(&self, names: &Names) -> Option<i64> {
        match self.here(names)? {
            Node::Project(p) | Node::Board { project: p, .. } => Some(p),
            _ => None,
        }
    }

    fn open_prompt(&mut self, naming: Naming, value: String) {
        self.layers.push(Layer::Prompt(NamePrompt {
            naming,
            field: TextField::with_value(value),
            error: None,
        }));
    }

    /// The keys of the tree that change it. True when it changed the frame.
    pub(super) fn edit_action(&mut self, action: Action, cx: &mut ScreenCtx) -> Option<bool> {
        match action {
            Action::NewProject => {
                let portfolio = self.portfolio_here(cx.names);
                self.open_prompt(Naming::NewProject { portfolio }, String::new());
            }
            Action::NewBoard => match self.project_here(cx.names) {
                Some(project) => self.open_prompt(Naming::NewBoard { project }, String::new()),
                None => cx.toast(ToastKind::Info, "Put the cursor on a project first."),
            },
            Action::Rename => match self.here(cx.names) {
                Some(Node::Project(id)) => {
                    let name = cx.names.project_name(id);
                    self.open_prompt(Naming::RenameProject { id }, name);
                }
                Some(Node::Board { project, board }) => {
                    let name = cx.names.board(board).map(|b| b.name.clone());
                    self.open_prompt(
                        Naming::RenameBoard { project, id: board },
                        name.unwrap_or_default(),
                    );
                }
                Some(Node::Portfolio(id)) => {
                    let name = self.portfolio_name(id).unwrap_or_default();
                    self.open_prompt(Naming::RenamePortfolio { id }, name);
                }
                Some(Node::Unfiled) => cx.toast(
                    ToastKind::Info,
                    "“No portfolio” gathers the projects in none: it has no name to change.",
                ),
                None => return Some(false),
            },
            Action::Archive => match self.here(cx.names) {
                Some(Node::Project(id)) => self.archive(id, cx),
                _ => cx.toast(ToastKind::Info, "Only projects are archived."),
            },
            Action::Delete => match self.here(cx.names) {
                Some(Node::Project(id)) => {
                    let name = quoted(&cx.names.project_name(id));
                    self.layers
                        .push(Layer::Ask(Ask::DeleteProject { id, name }));
                }
                Some(Node::Board { project, board }) => {
                    let name = cx
                        .names
                        .board(board)
                        .map(|b| b.name.clone())
                        .unwrap_or_else(|| format!("board #{board}"));
                    self.layers.push(Layer::Ask(Ask::DeleteBoard {
                        project,
                        id: board,
                        name: quoted(&name),
                    }));
                }
                _ => cx.toast(ToastKind::Info, "Projects and boards are deleted here."),
            },
            _ => return None,
        }
        Some(true)
    }

    fn prompt_mut(&mut self) -> Option<&mut NamePrompt> {
        match self.layers.top_mut() {
            Some(Layer::Prompt(p)) => Some(p),
            _ => None,
        }
    }

    pub(super) fn prompt_char(&mut self, c: char) -> bool {
        self.prompt_mut().is_some_and(|p| p.type_char(c))
    }

    pub(super) fn prompt_paste(&mut self, text: &str) -> bool {
        self.prompt_mut().map(|p| p.paste(text)).is_some()
    }

    pub(super) fn prompt_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let Some(p) = self.prompt_mut() else {
            return false;
        };
        match p.act(action, "A name is needed.", NAME_MAX) {
            Entry::Name(name) => {
                let naming = p.naming.clone();
                self.layers.pop();
                match naming {
                    Naming::NewProject { portfolio } => {
                        self.create(Place::Projects { portfolio }, name, cx)
                    }
                    Naming::NewBoard { project } => {
                        self.create(Place::Boards { project }, name, cx)
                    }
                    Naming::RenameProject { id } => self.rename_project(id, name, cx),
                    Naming::RenameBoard { project, id } => self.rename_board(project, id, name, cx),
                    Naming::RenamePortfolio { id } => self.rename_portfolio(id, name, cx),
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

    /// `y` / `n` to the open question.
    pub(super) fn ask_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        let yes = match action {
            Action::Yes => true,
            Action::No => false,
            _ => return false,
        };
        if !matches!(self.layers.top(), Some(Layer::Ask(_))) {
            return false;
        }
        let Some(Layer::Ask(ask)) = self.layers.pop() else {
            return false;
        };
        if yes {
            self.delete(ask, cx);
        } else {
            cx.toast(ToastKind::Info, "Kept: nothing deleted");
        }
        true
    }
}
