//! The tree of the projects screen, flattened into the rows drawn: portfolios (nested by their
//! parent), the projects in each, the projects in no portfolio under a group of their own, and
//! each open project's boards.

use std::collections::{HashMap, HashSet};

use weeek_api::models::Portfolio;

use crate::app::names::Names;

/// What a row shows; the cursor and the open branches are kept by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Node {
    Portfolio(i64),
    /// The projects in no portfolio.
    Unfiled,
    Project(i64),
    Board {
        project: i64,
        board: i64,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub node: Node,
    pub depth: usize,
    pub name: String,
    /// Shown dim after the name: how many it holds, or that its boards are loading.
    pub note: Option<String>,
    /// It can hold rows (open or closed).
    pub branch: bool,
    pub open: bool,
    /// The filter found this row (every row when there is none).
    pub matched: bool,
}

struct Item {
    node: Node,
    name: String,
    note: Option<String>,
    branch: bool,
    children: Vec<Item>,
}

/// The rows for `query` (fuzzy, by name): with none, the open branches; with one, every row
/// that matches and the branches that lead to it, all open.
pub fn rows(
    portfolios: &[Portfolio],
    names: &Names,
    expanded: &HashSet<Node>,
    query: &str,
) -> Vec<Row> {
    let items = items(portfolios, names);
    let matched = if query.trim().is_empty() {
        None
    } else {
        let mut flat = Vec::new();
        collect(&items, &mut flat);
        let labels: Vec<&str> = flat.iter().map(|(_, n)| n.as_str()).collect();
        let found: HashSet<Node> = crate::fuzzy::rank(query, &labels)
            .into_iter()
            .map(|i| flat[i].0)
            .collect();
        Some(found)
    };
    let mut out = Vec::new();
    flatten(&items, 0, expanded, matched.as_ref(), &mut out);
    out
}

fn collect(items: &[Item], out: &mut Vec<(Node, String)>) {
    for i in items {
        out.push((i.node, i.name.clone()));
        collect(&i.children, out);
    }
}

/// True when the item or one below it is in `found`.
fn kept(item: &Item, found: &HashSet<Node>) -> bool {
    found.contains(&item.node) || item.children.iter().any(|c| kept(c, found))
}

fn flatten(
    items: &[Item],
    depth: usize,
    expanded: &HashSet<Node>,
    found: Option<&HashSet<Node>>,
    out: &mut Vec<Row>,
) {
    for item in items {
        if found.is_some_and(|f| !kept(item, f)) {
            continue;
        }
        let leads_on = found.is_some_and(|f| item.children.iter().any(|c| kept(c, f)));
        // Under a filter a project opened by hand shows all its boards; the portfolios, open
        // by default, would otherwise show everything the filter hides.
        let by_hand = expanded.contains(&item.node)
            && (found.is_none() || matches!(item.node, Node::Project(_)));
        let open = item.branch && (leads_on || by_hand);
        out.push(Row {
            node: item.node,
            depth,
            name: item.name.clone(),
            note: item.note.clone(),
            branch: item.branch,
            open,
            matched: found.is_none_or(|f| f.contains(&item.node)),
        });
        if open {
            let inside = if by_hand { None } else { found };
            flatten(&item.children, depth + 1, expanded, inside, out);
        }
    }
}

fn items(portfolios: &[Portfolio], names: &Names) -> Vec<Item> {
    let projects: Vec<_> = names
        .projects
        .value()
        .map(|ps| ps.iter().collect())
        .unwrap_or_default();
    let known: HashSet<i64> = portfolios.iter().map(|p| p.id).collect();
    let mut by_portfolio: HashMap<Option<i64>, Vec<Item>> = HashMap::new();
    for p in projects {
        // A project in a portfolio the list did not give (a private one) goes with the rest.
        let home = p.portfolio_id.filter(|id| known.contains(id));
        by_portfolio.entry(home).or_default().push(project_item(
            p.id,
            p.display_name(),
            p.is_archived(),
            names,
        ));
    }
    let mut children: HashMap<Option<i64>, Vec<&Portfolio>> = HashMap::new();
    for p in portfolios {
        let parent = p.parent_id.filter(|id| known.contains(id) && *id != p.id);
        children.entry(parent).or_default().push(p);
    }
    let mut seen = HashSet::new();
    let mut top = portfolio_items(None, &children, &mut by_portfolio, &mut seen);
    let unfiled = by_portfolio.remove(&None).unwrap_or_default();
    if !unfiled.is_empty() {
        top.push(Item {
            node: Node::Unfiled,
            name: "No portfolio".into(),
            note: Some(count(unfiled.len(), "project", "projects")),
            branch: true,
            children: unfiled,
        });
    }
    top
}

fn portfolio_items(
    parent: Option<i64>,
    children: &HashMap<Option<i64>, Vec<&Portfolio>>,
    projects: &mut HashMap<Option<i64>, Vec<Item>>,
    seen: &mut HashSet<i64>,
) -> Vec<Item> {
    let mut out = Vec::new();
    for p in children.get(&parent).into_iter().flatten() {
        // A parent loop in the service's data must not loop here.
        if !seen.insert(p.id) {
            continue;
        }
        let mut inner = portfolio_items(Some(p.id), children, projects, seen);
        let own = projects.remove(&Some(p.id)).unwrap_or_default();
        let note = Some(count(own.len(), "project", "projects"));
        inner.extend(own);
        out.push(Item {
            node: Node::Portfolio(p.id),
            name: p.name.clone(),
            note,
            branch: true,
            children: inner,
        });
    }
    out
}

/// A project's row; `archived`: the service lists none, so only one archived here shows, and
/// says so.
fn project_item(id: i64, name: String, archived: bool, names: &Names) -> Item {
    let (note, children) = match names.boards.get(&id) {
        Some(l) if l.is_loading() && l.value().is_none() => {
            (Some("loading boards…".into()), vec![])
        }
        Some(l) => match (l.value(), l.error()) {
            (Some(boards), _) => (
                Some(count(boards.len(), "board", "boards")),
                boards
                    .iter()
                    .map(|b| Item {
                        node: Node::Board {
                            project: id,
                            board: b.id,
                        },
                        name: b.name.clone(),
                        note: None,
                        branch: false,
                        children: vec![],
                    })
                    .collect(),
            ),
            (None, Some(e)) => (Some(format!("boards not read: {}", e.short())), vec![]),
            (None, None) => (None, vec![]),
        },
        None => (None, vec![]),
    };
    let note = match (archived, note) {
        (false, note) => note,
        (true, None) => Some("archived".into()),
        (true, Some(n)) => Some(format!("archived · {n}")),
    };
    Item {
        node: Node::Project(id),
        name,
        note,
        branch: true,
        children,
    }
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
