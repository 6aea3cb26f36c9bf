//! The form's pickers: project, then its boards, then the board's columns (each narrowed by the
//! one before), priority, assignees and tags. A picker whose list is still loading waits, and
//! what is typed meanwhile becomes its query.

use weeek_api::models::Priority;

use super::model::{Field, TaskForm};
use crate::screen::loadable::Loadable;
use crate::screen::names::Names;
use crate::widgets::picker::{PickItem, Picker};

/// A choice of one of the form's pickers.
#[derive(Debug, Clone, PartialEq)]
pub enum Pick {
    /// A project, board, column or tag.
    Id(i64),
    Member(String),
    Priority(Priority),
    /// Clears a one-value field.
    Nothing,
}

#[derive(Debug, Clone)]
pub struct FormPicker {
    pub field: Field,
    /// `None` while what it lists is still loading.
    pub picker: Option<Picker<Pick>>,
    /// Typed before the items arrived.
    pub pending: String,
}

/// The items of a loaded list, also when a reload of it failed.
fn usable<T>(l: &Loadable<T>) -> Option<&T> {
    match l {
        Loadable::Loaded(v) | Loadable::Failed(_, Some(v)) | Loadable::Loading(Some(v)) => Some(v),
        _ => None,
    }
}

/// One value of several, `(none)` first, the current one under the cursor (else the first
/// one, for a board or column that is being chosen in turn).
fn single(title: &str, items: Vec<PickItem<Pick>>, current: Option<Pick>) -> Picker<Pick> {
    let first = items.first().map(|i| i.key.clone());
    let mut all = vec![PickItem::new(Pick::Nothing, "(none)")];
    all.extend(items);
    let mut p = Picker::single(title, all);
    if let Some(c) = current.or(first) {
        p.focus(&c);
    }
    p
}

/// The picker for `field`, or `None` while its list is loading. Board and column pickers
/// need the project and board chosen first (the caller says so).
pub fn picker_for(field: Field, form: &TaskForm, names: &Names) -> Option<Picker<Pick>> {
    match field {
        Field::Project => {
            let projects = usable(&names.projects)?;
            let items = projects
                .iter()
                .filter(|p| !p.is_archived() || form.project == Some(p.id))
                .map(|p| PickItem::new(Pick::Id(p.id), p.display_name()))
                .collect();
            let mut p = single("Project", items, None);
            p.focus(&form.project.map_or(Pick::Nothing, Pick::Id));
            Some(p)
        }
        Field::Board => {
            let boards = usable(names.boards.get(&form.project?)?)?;
            let items = boards
                .iter()
                .map(|b| PickItem::new(Pick::Id(b.id), b.name.clone()))
                .collect();
            Some(single("Board", items, form.board.map(Pick::Id)))
        }
        Field::Column => {
            let columns = usable(names.columns.get(&form.board?)?)?;
            let items = columns
                .iter()
                .map(|c| PickItem::new(Pick::Id(c.id), c.name.clone()))
                .collect();
            Some(single("Column", items, form.column.map(Pick::Id)))
        }
        Field::Priority => {
            let items = Priority::ALL
                .iter()
                .map(|p| PickItem::new(Pick::Priority(*p), p.label()))
                .collect();
            let mut p = single("Priority", items, None);
            p.focus(&form.priority.map_or(Pick::Nothing, Pick::Priority));
            Some(p)
        }
        Field::Assignees => {
            let members = usable(&names.members)?;
            let items = members
                .iter()
                .map(|m| PickItem::new(Pick::Member(m.id.clone()), m.display_name()))
                .collect();
            let pre: Vec<Pick> = form.assignees.iter().cloned().map(Pick::Member).collect();
            Some(Picker::multi("Assignees", items, &pre))
        }
        Field::Tags => {
            let tags = usable(&names.tags)?;
            let items = tags
                .iter()
                .map(|t| PickItem::new(Pick::Id(t.id), t.title.clone()).color(t.color.clone()))
                .collect();
            let pre: Vec<Pick> = form.tags.iter().copied().map(Pick::Id).collect();
            let mut p = Picker::multi("Tags", items, &pre);
            p.creates = Some("tag");
            Some(p)
        }
        Field::Title | Field::Due | Field::Description => None,
    }
}

/// Applies what a picker chose. A new project drops a board of another project (and its
/// column); a new board drops a column of another board.
pub fn apply(field: Field, keys: &[Pick], form: &mut TaskForm, names: &Names) {
    let one = keys.iter().find_map(|k| match k {
        Pick::Id(id) => Some(*id),
        _ => None,
    });
    match field {
        Field::Project => {
            if form.project != one {
                form.project = one;
                form.board = None;
                form.column = None;
            }
        }
        Field::Board => {
            if form.board != one {
                form.board = one;
                let column_board = form
                    .column
                    .and_then(|c| names.column(c))
                    .map(|c| c.board_id);
                if column_board != one {
                    form.column = None;
                }
            }
        }
        Field::Column => form.column = one,
        Field::Priority => {
            form.priority = keys.iter().find_map(|k| match k {
                Pick::Priority(p) => Some(*p),
                _ => None,
            })
        }
        Field::Assignees => {
            form.assignees = keys
                .iter()
                .filter_map(|k| match k {
                    Pick::Member(id) => Some(id.clone()),
                    _ => None,
                })
                .collect()
        }
        Field::Tags => {
            form.tags = keys
                .iter()
                .filter_map(|k| match k {
                    Pick::Id(id) => Some(*id),
                    _ => None,
                })
                .collect()
        }
        Field::Title | Field::Due | Field::Description => {}
    }
    form.errors.remove(&field);
}

/// Takes the last value off a choice field; false when it held none.
pub fn remove_last(field: Field, form: &mut TaskForm) -> bool {
    let removed = match field {
        Field::Project => {
            let had = form.project.take().is_some();
            form.board = None;
            form.column = None;
            had
        }
        Field::Board => {
            form.column = None;
            form.board.take().is_some()
        }
        Field::Column => form.column.take().is_some(),
        Field::Priority => form.priority.take().is_some(),
        Field::Assignees => form.assignees.pop().is_some(),
        Field::Tags => form.tags.pop().is_some(),
        Field::Title | Field::Due | Field::Description => false,
    };
    if removed {
        form.errors.remove(&field);
    }
    removed
}
