//! The projects screen: portfolios as a tree, the projects inside them (and those in none), each
//! project's boards below it. `l`/`h` open and close a branch, `/` narrows the tree by name,
//! `Enter` on a board opens it on the task screen.

pub mod board_writes;
pub mod edits;
pub mod layer;
pub mod naming;
pub mod portfolio_edits;
pub mod tree;

#[cfg(test)]
mod edit_tests;
#[cfg(test)]
pub(crate) mod tests;

use std::collections::HashSet;

use weeek_api::ApiError;
use weeek_api::models::{Board, Portfolio, Project};

use crate::keys::commands::{Action, Context};
use crate::screen::ScreenCtx;
use crate::screen::ScreenState;
use crate::screen::jump::Jump;
use crate::screen::ledger::Settled;
use crate::screen::loadable::Loadable;
use crate::widgets::field::TextField;
use crate::worker::op;
pub use tree::{Node, Row};

/// The projects screen's reads.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ProjectsKey {
    Portfolios,
    /// A new project or board, by its number.
    Create(u64),
    /// The look for a new project or board whose answer was lost, by the create's number.
    CreateFind(u64),
    /// A rename, archive or delete of a project (or its read-back), by its number.
    ProjectWrite(u64),
    /// A rename or delete of a board (or its read-back), by its number.
    BoardWrite(u64),
    /// A rename of a portfolio (or its read-back), by its number.
    PortfolioWrite(u64),
}

impl crate::screen::requests::KeySet for ProjectsKey {
    type Answer = ProjectsAnswer;
}

/// The projects screen's answers, one per kind of request.
#[derive(Debug)]
pub enum ProjectsAnswer {
    Portfolios(Result<Vec<Portfolio>, ApiError>),
    /// New project or board `n`.
    Created(u64, Result<edits::Made, ApiError>),
    /// The projects or boards (id and name) read to look for new one `n` whose answer was lost.
    CreateFound(u64, Result<Vec<(i64, String)>, ApiError>),
    /// Rename, archive or delete `n` of a project, or its read-back.
    ProjectWrite(u64, Settled<Project>),
    /// Rename or delete `n` of a board, or the project's boards read back.
    BoardWrite(u64, Settled<Vec<Board>>),
    /// Rename `n` of a portfolio, or every portfolio read back.
    PortfolioWrite(u64, Settled<Vec<Portfolio>>),
}

#[derive(Debug, Default)]
pub struct ProjectsState {
    pub portfolios: Loadable<Vec<Portfolio>>,
    /// The branches shown open: portfolios, the group of projects in none, projects.
    pub expanded: HashSet<Node>,
    /// The row under the cursor, by what it shows, so it stays put as rows come and go.
    pub cursor: Option<Node>,
    /// The rows above the first one drawn.
    pub scroll: usize,
    /// The name filter; `Some` while or after typing one.
    pub filter: Option<TextField>,
    /// The filter box with the keyboard, the name prompt, the question.
    pub layers: layer::ProjectLayers,
    entered: bool,
    /// Projects and boards made, renamed, archived, deleted.
    pub edits: edits::Edits,
    /// The portfolios are the local store's copy, read from the service then, until the
    /// service's answer replaces it.
    pub cached: Option<time::OffsetDateTime>,
    /// A project to bring into view once the portfolios are read: the portfolio it is in.
    reveal: Option<Reveal>,
}

/// Where a project shown from elsewhere lives, to open the branches that lead to it.
#[derive(Debug, Clone, Copy)]
struct Reveal {
    portfolio: Option<i64>,
}

impl ProjectsState {
    /// The rows as drawn now.
    pub fn rows(&self, names: &crate::screen::names::Names) -> Vec<Row> {
        // Without the portfolios every project would show as in none: nothing rather than that.
        let Some(portfolios) = self.portfolios.value() else {
            return Vec::new();
        };
        let query = self.filter_text();
        tree::rows(portfolios, names, &self.expanded, query)
    }

    pub(crate) fn cursor_index(&self, rows: &[Row]) -> usize {
        self.cursor
            .and_then(|c| rows.iter().position(|r| r.node == c))
            .unwrap_or(0)
    }

    /// Reads the portfolios: the first time the store's copy shows first.
    fn load(&mut self, cx: &mut ScreenCtx) {
        let key = ProjectsKey::Portfolios;
        if self.portfolios.value().is_none() {
            cx.request_cached(key, op::Portfolios, ProjectsAnswer::Portfolios);
        } else {
            cx.request(key, op::Portfolios, ProjectsAnswer::Portfolios);
        }
        self.portfolios.start();
    }

    pub fn on_answer(&mut self, answer: ProjectsAnswer, cx: &mut ScreenCtx) {
        use ProjectsAnswer as A;
        match answer {
            A::Portfolios(r) => {
                let first = self.portfolios.value().is_none();
                match cx.stored() {
                    Some(read_at) => {
                        if let Ok(list) = r {
                            self.portfolios.show_stored(list);
                            self.cached = Some(read_at);
                        }
                    }
                    None => {
                        if r.is_ok() {
                            self.cached = None;
                        }
                        self.portfolios.finish(r);
                    }
                }
                if first && let Some(list) = self.portfolios.value() {
                    // The top level opens by itself: a closed tree of one line says nothing.
                    let top: Vec<Node> = list
                        .iter()
                        .filter(|p| p.parent_id.is_none())
                        .map(|p| Node::Portfolio(p.id))
                        .collect();
                    self.expanded.extend(top);
                    self.expanded.insert(Node::Unfiled);
                }
                self.reapply_portfolio_renames(cx);
                self.load_open_boards(cx);
                self.reveal(cx);
            }
            A::Created(n, r) => self.on_created(n, r, cx),
            A::CreateFound(n, named) => self.on_create_looked(n, named, cx),
            A::ProjectWrite(n, settled) => self.on_project_write(n, settled, cx),
            A::BoardWrite(n, settled) => self.on_board_write(n, settled, cx),
            A::PortfolioWrite(n, settled) => self.on_portfolio_write(n, settled, cx),
        }
    }

    /// Shows `project` (one found by name) under the cursor with its boards, the portfolios
    /// that hold it open; the name filter goes.
    pub fn show_project(&mut self, project: &Project, cx: &mut ScreenCtx) {
        self.layers.retain(|l| !matches!(l, layer::Layer::Search));
        self.filter = None;
        let node = Node::Project(project.id);
        self.cursor = Some(node);
        self.expanded.insert(node);
        cx.ensure_boards(project.id);
        self.reveal = Some(Reveal {
            portfolio: project.portfolio_id,
        });
        self.reveal(cx);
    }

    /// Opens the branches down to the project to reveal and scrolls to it, once the
    /// portfolios are read.
    fn reveal(&mut self, cx: &ScreenCtx) {
        let (Some(reveal), Some(portfolios)) = (self.reveal, self.portfolios.value()) else {
            return;
        };
        self.reveal = None;
        let parents: std::collections::HashMap<i64, Option<i64>> =
            portfolios.iter().map(|p| (p.id, p.parent_id)).collect();
        match reveal.portfolio.filter(|id| parents.contains_key(id)) {
            // The tree puts a project of a portfolio it does not list with those in none.
            None => {
                self.expanded.insert(Node::Unfiled);
            }
            Some(id) => {
                // A parent loop in the service's data must not loop here.
                let mut seen = HashSet::new();
                let mut at = Some(id);
                while let Some(id) = at.filter(|id| parents.contains_key(id) && seen.insert(*id)) {
                    self.expanded.insert(Node::Portfolio(id));
                    at = parents.get(&id).copied().flatten();
                }
            }
        }
        let rows = self.rows(cx.names);
        let at = self.cursor_index(&rows);
        self.move_to(&rows, at, cx);
    }

    /// Asks for the boards of every open project not read yet.
    fn load_open_boards(&self, cx: &mut ScreenCtx) {
        let open: Vec<i64> = self
            .expanded
            .iter()
            .filter_map(|n| match n {
                Node::Project(p) => Some(*p),
                _ => None,
            })
            .collect();
        for p in open {
            cx.ensure_boards(p);
        }
    }

    fn move_to(&mut self, rows: &[Row], index: usize, cx: &ScreenCtx) {
        let Some(row) = rows.get(index) else { return };
        self.cursor = Some(row.node);
        let page = cx.viewport.projects.rows.max(1);
        if index < self.scroll {
            self.scroll = index;
        } else if index >= self.scroll + page {
            self.scroll = index + 1 - page;
        }
    }

    fn step(&mut self, action: Action, cx: &ScreenCtx) -> bool {
        let rows = self.rows(cx.names);
        if rows.is_empty() {
            return false;
        }
        let at = self.cursor_index(&rows);
        let last = rows.len() - 1;
        let page = cx.viewport.projects.rows.max(1);
        let to = match action {
            Action::Down => (at + 1).min(last),
            Action::Up => at.saturating_sub(1),
            Action::Top => 0,
            Action::Bottom => last,
            Action::PageDown => (at + page).min(last),
            Action::PageUp => at.saturating_sub(page),
            Action::HalfDown => (at + page / 2).min(last),
            Action::HalfUp => at.saturating_sub(page / 2),
            _ => return false,
        };
        self.move_to(&rows, to, cx);
        true
    }

    /// `l`/`Enter`: opens a closed branch; on an open one goes to its first child; on a board,
    /// opens it.
    fn open(&mut self, cx: &mut ScreenCtx) -> bool {
        let rows = self.rows(cx.names);
        let at = self.cursor_index(&rows);
        let Some(row) = rows.get(at) else {
            return false;
        };
        match row.node {
            Node::Board { board, .. } => {
                cx.jump(Jump::Board(board));
                true
            }
            node if !row.open && row.branch => {
                self.expanded.insert(node);
                if let Node::Project(p) = node {
                    cx.ensure_boards(p);
                }
                self.cursor = Some(node);
                true
            }
            _ => {
                let next = at + 1;
                if rows.get(next).is_some_and(|r| r.depth > row.depth) {
                    self.move_to(&rows, next, cx);
                    true
                } else {
                    false
                }
            }
        }
    }

    /// `h`/`←`: closes an open branch, else goes up to the branch holding the row.
    fn close(&mut self, cx: &ScreenCtx) -> bool {
        let rows = self.rows(cx.names);
        let at = self.cursor_index(&rows);
        let Some(row) = rows.get(at) else {
            return false;
        };
        let by_hand = self.filter_text().is_empty() || matches!(row.node, Node::Project(_));
        if row.open && by_hand && self.expanded.contains(&row.node) {
            self.expanded.remove(&row.node);
            return true;
        }
        let parent = rows[..at].iter().rposition(|r| r.depth < row.depth);
        match parent {
            Some(p) => {
                self.move_to(&rows, p, cx);
                true
            }
            None => false,
        }
    }

    pub fn filter_text(&self) -> &str {
        self.filter.as_ref().map_or("", |f| f.value().trim())
    }

    /// The cursor goes to the best match; with no filter left it stays on its row.
    fn after_filter(&mut self, cx: &ScreenCtx) {
        let rows = self.rows(cx.names);
        let best = rows
            .iter()
            .filter(|r| r.place.is_some())
            .min_by_key(|r| r.place)
            .map(|r| r.node);
        if best.is_some() {
            self.cursor = best;
        } else if !self
            .cursor
            .is_some_and(|c| rows.iter().any(|r| r.node == c))
        {
            self.cursor = rows.first().map(|r| r.node);
        }
        self.scroll = 0;
        let at = self.cursor_index(&rows);
        self.move_to(&rows, at, cx);
    }

    fn on_search_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        match action {
            Action::Accept => {
                self.layers.pop();
                if self.filter_text().is_empty() {
                    self.filter = None;
                }
                true
            }
            Action::Clear | Action::Cancel => {
                self.layers.pop();
                self.filter = None;
                self.after_filter(cx);
                true
            }
            Action::Text(edit) => {
                let changed = self
                    .filter
                    .get_or_insert_with(TextField::default)
                    .edit(edit);
                if changed {
                    self.after_filter(cx);
                }
                changed
            }
            Action::Down | Action::Up => self.step(action, cx),
            _ => false,
        }
    }
}

impl ProjectsState {
    /// The tree's own keys, with no layer open.
    fn tree_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        if let Some(changed) = self.edit_action(action, cx) {
            return changed;
        }
        match action {
            Action::Open | Action::Right => self.open(cx),
            Action::Left => self.close(cx),
            Action::Search => {
                self.layers.push(layer::Layer::Search);
                // The kept text comes back to edit, the cursor after it.
                let kept = self.filter_text().to_string();
                self.filter = Some(TextField::typed(kept));
                true
            }
            Action::Back if self.filter.is_some() => {
                self.filter = None;
                self.after_filter(cx);
                true
            }
            Action::Refresh => {
                // The app reads the projects and boards again with the rest of the directory.
                self.load(cx);
                true
            }
            _ => self.step(action, cx),
        }
    }

    fn search_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let changed = self.filter.get_or_insert_with(TextField::default).insert(c);
        if changed {
            self.after_filter(cx);
        }
        changed
    }

    fn search_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        self.filter
            .get_or_insert_with(TextField::default)
            .paste(text);
        self.after_filter(cx);
        true
    }
}

impl ScreenState for ProjectsState {
    fn contexts(&self) -> Vec<Context> {
        self.route().contexts
    }

    /// The portfolios, and the projects and boards with the rest of the directory, read
    /// again as `r` reads them.
    fn refresh(&mut self, cx: &mut ScreenCtx) {
        if self.entered && !self.portfolios.is_loading() {
            self.load(cx);
            cx.refresh_directory();
        }
    }

    fn cached_since(&self) -> Option<time::OffsetDateTime> {
        self.cached
    }

    fn help_contexts(&self) -> &'static [Context] {
        &[
            Context::Projects,
            Context::List,
            Context::ProjectSearch,
            Context::Text,
        ]
    }

    fn on_enter(&mut self, cx: &mut ScreenCtx) {
        if !self.entered {
            self.entered = true;
            self.load(cx);
        }
    }

    fn on_action(&mut self, action: Action, cx: &mut ScreenCtx) -> bool {
        (self.route().action)(self, action, cx)
    }

    fn on_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        (self.route().char)(self, c, cx)
    }

    fn on_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        (self.route().paste)(self, text, cx)
    }

    fn on_directory_changed(&mut self, cx: &mut ScreenCtx) {
        // A fresh read predates the changes still on their way: they show again over it.
        self.edits.reapply(cx);
        if self.entered {
            self.load_open_boards(cx);
        }
    }

    fn keyboard_taken(&self) -> bool {
        self.route().keyboard
    }

    fn unsaved(&self) -> Option<String> {
        self.edits.unanswered_creates()
    }

    fn footer_note(&self) -> Option<String> {
        let saving = self.edits.unsettled();
        let f = self.filter_text();
        let notes: Vec<String> = [
            (saving > 0).then(|| format!("saving {saving}…")),
            (!f.is_empty() && !self.typing()).then(|| format!("filter: {f}")),
        ]
        .into_iter()
        .flatten()
        .collect();
        (!notes.is_empty()).then(|| notes.join(" · "))
    }
}
