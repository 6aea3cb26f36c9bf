//! The task screen's popups (a layer each, `Popup`): pickers (move, assign, sort, filter
//! values), one-line prompts (due date, rename, new task) and the questions (delete, look
//! again for a lost create), and how their pickers are built; what their commands do is
//! `popup_keys.rs`.

use time::Date;
use weeek_api::SortKey;
use weeek_api::models::{Priority, TaskType};

use super::TasksState;
use super::filters::{Assignee, Completion, FilterKind};
use crate::date_input;
use crate::screen::loadable::Loadable;
use crate::screen::names::Names;
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker};

#[derive(Debug, Clone, PartialEq)]
pub enum PickKey {
    Any,
    Id(i64),
    Member(String),
    Me,
    Anyone,
    Priority(Priority),
    Type(TaskType),
    Completion(Completion),
    Sort(SortKey),
    /// A saved view, by name.
    View(String),
    /// Save the current filters and sort as a view.
    SaveView,
    /// Back to the list as it opens without a view.
    NoView,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PickPurpose {
    Move {
        board: i64,
        targets: Vec<i64>,
        /// Marked tasks on other boards, left marked for another `m`.
        left: usize,
    },
    Assign {
        targets: Vec<i64>,
        preselected: Vec<String>,
    },
    /// `W`: the watchers of one task.
    Watchers {
        task: i64,
        preselected: Vec<String>,
    },
    Sort,
    Filter(FilterKind),
    /// The saved views (`F`).
    Views,
    /// A custom field's options or members (`C`, then Enter).
    Field {
        task: i64,
        field: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum PromptPurpose {
    Due {
        targets: Vec<i64>,
    },
    Rename {
        id: i64,
    },
    /// `place`: where a create that is sent again was meant to go; `None` is where `n` puts
    /// it now.
    New {
        place: Option<super::create::Place>,
        /// The task a subtask (`N`) goes under.
        parent: Option<i64>,
    },
    /// The name to save the current filters and sort under.
    SaveView,
    /// A custom field's number, day or text (`C`, then Enter).
    Field {
        task: i64,
        field: String,
    },
    /// The name of a new column of `board`.
    NewColumn {
        board: i64,
    },
    /// The new name of a board column.
    RenameColumn {
        column: i64,
    },
}

/// What the prompt says about its input as it is typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Feedback {
    #[default]
    None,
    Ok(String),
    Err(String),
}

#[derive(Debug, Clone)]
pub enum Popup {
    /// `picker` is `None` while the items are still loading.
    Pick {
        purpose: PickPurpose,
        picker: Option<Picker<PickKey>>,
    },
    Prompt {
        purpose: PromptPurpose,
        field: TextField,
        feedback: Feedback,
    },
    ConfirmDelete {
        ids: Vec<i64>,
    },
    /// Looking for a create whose answer was lost failed: look again (y) or stop.
    LookAgain {
        n: u64,
        question: String,
    },
    /// Delete a board column (y) or keep it (n).
    ConfirmColumn {
        column: i64,
        question: String,
    },
    /// Delete or replace a saved view (y) or leave it (n).
    ConfirmView {
        question: String,
        change: super::view_picker::ViewChange,
    },
}

/// The direction a first pick of a sort key gives: the one people sort by it for (the most
/// overdue, the highest priority, the newest first; names, types and dates from the start).
pub(super) fn first_descending(key: SortKey) -> bool {
    matches!(
        key,
        SortKey::Overdue | SortKey::Priority | SortKey::Created | SortKey::Duration
    )
}

/// What comes first when sorting by `key` that way.
fn sort_words(key: SortKey, descending: bool) -> &'static str {
    match (key, descending) {
        (SortKey::Name, false) => "A to Z",
        (SortKey::Name, true) => "Z to A",
        (SortKey::Type, false) => "by type, A to Z",
        (SortKey::Type, true) => "by type, Z to A",
        (SortKey::Priority, true) => "highest first (Hold, High, Medium, Low)",
        (SortKey::Priority, false) => "lowest first",
        (SortKey::Duration, true) => "longest first",
        (SortKey::Duration, false) => "shortest first",
        (SortKey::Overdue, true) => "most overdue first",
        (SortKey::Overdue, false) => "least overdue first",
        (SortKey::Created, true) => "newest first",
        (SortKey::Created, false) => "oldest first",
        (SortKey::Date, false) => "soonest due first",
        (SortKey::Date, true) => "latest due first",
        (SortKey::Start, false) => "soonest start first",
        (SortKey::Start, true) => "latest start first",
    }
}

fn loaded<T>(l: Option<&Loadable<T>>) -> Option<&T> {
    match l? {
        Loadable::Loaded(v) => Some(v),
        Loadable::Failed(_, Some(v)) => Some(v),
        _ => None,
    }
}

fn priority_items() -> Vec<PickItem<PickKey>> {
    Priority::ALL
        .into_iter()
        .map(|p| PickItem::new(PickKey::Priority(p), p.label()).detail(p.number().to_string()))
        .collect()
}

fn member_items(names: &Names) -> Option<Vec<PickItem<PickKey>>> {
    let me = names.me().map(|u| u.id.clone());
    let members = loaded(Some(&names.members))?;
    Some(
        members
            .iter()
            .map(|m| {
                let detail = if Some(&m.id) == me.as_ref() {
                    "me".to_string()
                } else {
                    m.position.clone().unwrap_or_default()
                };
                PickItem::new(PickKey::Member(m.id.clone()), m.display_name()).detail(detail)
            })
            .collect(),
    )
}

impl Popup {
    pub fn pick(purpose: PickPurpose, names: &Names, state: &TasksState) -> Popup {
        let picker = build_picker(&purpose, names, state);
        Popup::Pick { purpose, picker }
    }

    pub fn prompt(purpose: PromptPurpose, initial: String, today: Date) -> Popup {
        let mut p = Popup::Prompt {
            purpose,
            field: TextField::with_value(initial),
            feedback: Feedback::None,
        };
        p.refresh_feedback(today);
        p
    }

    /// Live feedback for the due-date prompt: the parsed day, or why it is not a date.
    pub fn refresh_feedback(&mut self, today: Date) {
        if let Popup::Prompt {
            purpose: PromptPurpose::Due { .. },
            field,
            feedback,
        } = self
        {
            *feedback = due_feedback(field.value(), today);
        }
    }

    pub fn paste(&mut self, text: &str) {
        match self {
            Popup::Pick {
                picker: Some(p), ..
            } => p.paste(text),
            Popup::Prompt { field, .. } => field.paste(text),
            _ => {}
        }
    }
}

fn due_feedback(value: &str, today: Date) -> Feedback {
    if value.trim().is_empty() {
        return Feedback::Ok("no due date".into());
    }
    match date_input::parse(value, today) {
        Ok(r) if r.is_single() => Feedback::Ok(r.describe()),
        Ok(_) => Feedback::Err("a due date is one day, not a range".into()),
        Err(e) => Feedback::Err(e),
    }
}

/// The picker's items, or `None` while what it lists is still loading.
pub(super) fn build_picker(
    purpose: &PickPurpose,
    names: &Names,
    state: &TasksState,
) -> Option<Picker<PickKey>> {
    let any = |label: &str| PickItem::new(PickKey::Any, label.to_string());
    Some(match purpose {
        PickPurpose::Move {
            board,
            targets,
            left,
        } => {
            let columns = loaded(names.columns.get(board))?;
            let current = state
                .current()
                .and_then(|t| t.primary_location())
                .and_then(|l| l.board_column_id);
            let items = columns
                .iter()
                .map(|c| {
                    let here = if Some(c.id) == current { "current" } else { "" };
                    PickItem::new(PickKey::Id(c.id), c.name.clone()).detail(here)
                })
                .collect();
            // Marks on other boards stay: the title counts them in ("2 of 3 marked").
            let what = match (targets.len(), left) {
                (n, 0) if n > 1 => format!(" {n} tasks"),
                (n, left) if *left > 0 => format!(" {n} of {} marked", n + left),
                _ => String::new(),
            };
            let mut p = Picker::single(
                format!("Move{what} to a column of {}", names.board_name(*board)),
                items,
            );
            if let Some(c) = current {
                p.focus(&PickKey::Id(c));
                p.cursor = (p.cursor + 1).min(p.filtered.len().saturating_sub(1));
            }
            p
        }
        PickPurpose::Assign { preselected, .. } => {
            let pre: Vec<PickKey> = preselected.iter().cloned().map(PickKey::Member).collect();
            Picker::multi("Assignees", member_items(names)?, &pre)
        }
        PickPurpose::Watchers { preselected, .. } => {
            let pre: Vec<PickKey> = preselected.iter().cloned().map(PickKey::Member).collect();
            Picker::multi("Watchers", member_items(names)?, &pre)
        }
        PickPurpose::Sort => {
            let current = state.sort;
            let items = SortKey::ALL
                .into_iter()
                .map(|k| {
                    let detail = match current {
                        Some(s) if s.key == k => format!(
                            "{} · again: {}",
                            sort_words(k, s.descending),
                            sort_words(k, !s.descending)
                        ),
                        _ => sort_words(k, first_descending(k)).to_string(),
                    };
                    PickItem::new(PickKey::Sort(k), k.as_str()).detail(detail)
                })
                .chain(std::iter::once(any("service order")))
                .collect();
            let mut p = Picker::single("Sort by", items);
            if let Some(s) = current {
                p.focus(&PickKey::Sort(s.key));
            }
            p
        }
        // Built where the day is known (`view_picker`): its views' dates are read as of today.
        PickPurpose::Views => return None,
        // Built with its items where it opens (`custom_fields`).
        PickPurpose::Field { .. } => return None,
        PickPurpose::Filter(kind) => {
            let f = &state.filters;
            let (title, items, focus): (&str, Vec<PickItem<PickKey>>, Option<PickKey>) = match kind
            {
                FilterKind::Project => {
                    let projects = loaded(Some(&names.projects))?;
                    let items = std::iter::once(any("any project"))
                        .chain(
                            projects
                                .iter()
                                .map(|p| PickItem::new(PickKey::Id(p.id), p.display_name())),
                        )
                        .collect();
                    ("Project", items, f.project.map(PickKey::Id))
                }
                FilterKind::Board => {
                    let project = f.project?;
                    let boards = loaded(names.boards.get(&project))?;
                    let items = std::iter::once(any("any board"))
                        .chain(
                            boards
                                .iter()
                                .map(|b| PickItem::new(PickKey::Id(b.id), b.name.clone())),
                        )
                        .collect();
                    ("Board", items, f.board.map(PickKey::Id))
                }
                FilterKind::Column => {
                    let board = f.board?;
                    let columns = loaded(names.columns.get(&board))?;
                    let items = std::iter::once(any("any column"))
                        .chain(
                            columns
                                .iter()
                                .map(|c| PickItem::new(PickKey::Id(c.id), c.name.clone())),
                        )
                        .collect();
                    ("Column", items, f.column.map(PickKey::Id))
                }
                FilterKind::Priority => {
                    let items = std::iter::once(any("any priority"))
                        .chain(priority_items())
                        .collect();
                    ("Priority", items, f.priority.map(PickKey::Priority))
                }
                FilterKind::Assignee => {
                    let items = [
                        PickItem::new(PickKey::Me, "me"),
                        PickItem::new(PickKey::Anyone, "anyone"),
                    ]
                    .into_iter()
                    .chain(member_items(names)?)
                    .collect();
                    let focus = match &f.assignee {
                        Assignee::Me => PickKey::Me,
                        Assignee::Anyone => PickKey::Anyone,
                        Assignee::Member(id) => PickKey::Member(id.clone()),
                    };
                    ("Assignee", items, Some(focus))
                }
                FilterKind::Type => {
                    let items = std::iter::once(any("any type"))
                        .chain(
                            TaskType::KNOWN
                                .into_iter()
                                .map(|t| PickItem::new(PickKey::Type(t.clone()), t.as_str())),
                        )
                        .collect();
                    ("Type", items, f.task_type.clone().map(PickKey::Type))
                }
                FilterKind::Tag => {
                    // Several tags at once: the service takes `tags[]` and matches any.
                    let tags = loaded(Some(&names.tags))?;
                    let items = tags
                        .iter()
                        .map(|t| {
                            PickItem::new(PickKey::Id(t.id), t.title.clone()).color(t.color.clone())
                        })
                        .collect();
                    let chosen: Vec<PickKey> = f.tags.iter().copied().map(PickKey::Id).collect();
                    return Some(Picker::multi("Tags (none chosen: any)", items, &chosen));
                }
                FilterKind::Completion => {
                    let items = [Completion::Open, Completion::Done, Completion::All]
                        .into_iter()
                        .map(|c| PickItem::new(PickKey::Completion(c), c.label()))
                        .collect();
                    ("Completion", items, Some(PickKey::Completion(f.completion)))
                }
                FilterKind::Dates | FilterKind::Due | FilterKind::Search => return None,
            };
            let mut p = Picker::single(title, items);
            if let Some(k) = focus {
                p.focus(&k);
            }
            p
        }
    })
}
