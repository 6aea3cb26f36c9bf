//! The tree of the projects screen, flattened into the rows drawn: portfolios (nested by their
//! parent), the projects in each, the projects in no portfolio under a group of their own, and
//! each open project's boards.

use std::collections::{HashMap, HashSet};

use weeek_api::models::Portfolio;

use crate::screen::names::Names;

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
    /// Where the filter ranks it among what it found, 0 the best.
    pub place: Option<usize>,
    /// The characters of the name the filter matched, by index, drawn highlighted.
    pub hits: Vec<usize>,
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
    let query = query.trim();
    let found = (!query.is_empty()).then(|| {
        let mut flat = Vec::new();
        collect(&items, &mut flat);
        let labels: Vec<&str> = flat.iter().map(|(_, n)| n.as_str()).collect();
        crate::fuzzy::rank(query, &labels)
            .into_iter()
            .enumerate()
            .map(|(place, i)| (flat[i].0, place))
            .collect::<HashMap<Node, usize>>()
    });
    let mut out = Vec::new();
    let filter = found.as_ref().map(|f| Filter { query, found: f });
    flatten(&items, 0, expanded, filter.as_ref(), false, &mut out);
    out
}

/// A filter in force: the text and the rows it found, each with its place (0 the best).
struct Filter<'a> {
    query: &'a str,
    found: &'a HashMap<Node, usize>,
}

fn collect(items: &[Item], out: &mut Vec<(Node, String)>) {
    for i in items {
        out.push((i.node, i.name.clone()));
        collect(&i.children, out);
    }
}

/// True when the item or one below it was found.
fn kept(item: &Item, found: &HashMap<Node, usize>) -> bool {
    found.contains_key(&item.node) || item.children.iter().any(|c| kept(c, found))
}

/// `show_all`: the rows are shown whether the filter found them or not (the boards of a project
/// the filter found and that was opened by hand).
fn flatten(
    items: &[Item],
    depth: usize,
    expanded: &HashSet<Node>,
    filter: Option<&Filter>,
    show_all: bool,
    out: &mut Vec<Row>,
) {
    for item in items {
        if !show_all && filter.is_some_and(|f| !kept(item, f.found)) {
            continue;
        }
        let leads_on = filter.is_some_and(|f| item.children.iter().any(|c| kept(c, f.found)));
        // Under a filter a project found by its own name and opened by hand shows all its
        // boards; one that only leads to matches shows just those, and the portfolios (open by
        // default) would otherwise show everything the filter hides.
        let by_hand = expanded.contains(&item.node)
            && (filter.is_none() || (matches!(item.node, Node::Project(_)) && !leads_on));
        let open = item.branch && (leads_on || by_hand);
        let place = filter.and_then(|f| f.found.get(&item.node).copied());
        let hits = match (filter, place) {
            (Some(f), Some(_)) => crate::fuzzy::positions(f.query, &item.name),
            _ => Vec::new(),
        };
        out.push(Row {
            node: item.node,
            depth,
            name: item.name.clone(),
            note: item.note.clone(),
            branch: item.branch,
            open,
            matched: filter.is_none() || place.is_some(),
            place,
            hits,
        });
        if open {
            flatten(
                &item.children,
                depth + 1,
                expanded,
                filter,
                show_all || (by_hand && filter.is_some()),
                out,
            );
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
        inner.extend(own);
        // Those of its sub-portfolios count too: a portfolio that only groups others is not empty.
        let note = Some(count(projects_in(&inner), "project", "projects"));
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

/// The projects among `items` and in the portfolios below them.
fn projects_in(items: &[Item]) -> usize {
    items
        .iter()
        .map(|i| match i.node {
            Node::Project(_) => 1,
            _ => projects_in(&i.children),
        })
        .sum()
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
