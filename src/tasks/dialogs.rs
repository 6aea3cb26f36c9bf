//! The task screen's dialogs, one open at a time (a `Popup`): pickers (move, assign, sort,
//! filter values), one-line prompts (due date, rename, new task) and the questions (delete,
//! look again for a lost create), with what their commands do.

use std::collections::BTreeSet;

use time::Date;
use weeek_api::models::{Priority, TaskType};
use weeek_api::{SortBy, SortKey};

use super::TasksState;
use super::filters::{Assignee, Completion, FilterKind};
use crate::app::ScreenCtx;
use crate::app::commands::Action;
use crate::app::loadable::Loadable;
use crate::app::names::Names;
use crate::app::toast::ToastKind;
use crate::date_input;
use crate::widgets::field::TextField;
use crate::widgets::picker::{PickItem, Picker, PickerOutcome};

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
fn first_descending(key: SortKey) -> bool {
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
fn build_picker(
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

impl TasksState {
    pub(super) fn open_sort(&mut self) {
        let picker = build_picker(&PickPurpose::Sort, &Names::default(), self);
        self.popup = Some(Popup::Pick {
            purpose: PickPurpose::Sort,
            picker,
        });
    }

    /// Opens the picker of a filter's values, loading what it lists when needed.
    pub(super) fn open_filter_picker(&mut self, kind: FilterKind, cx: &mut ScreenCtx) {
        match kind {
            FilterKind::Board => match self.filters.project {
                Some(p) => cx.ensure_boards(p),
                None => {
                    cx.toast(ToastKind::Info, "Choose a project first");
                    return;
                }
            },
            FilterKind::Column => match self.filters.board {
                Some(b) => cx.ensure_columns(b),
                None => {
                    cx.toast(ToastKind::Info, "Choose a board first");
                    return;
                }
            },
            _ => {}
        }
        self.popup = Some(Popup::pick(PickPurpose::Filter(kind), cx.names, self));
    }

    /// A waiting picker gets its items once the directory has them; a failed load closes it.
    pub(super) fn refresh_waiting_popup(&mut self, cx: &mut ScreenCtx) {
        let Some(Popup::Pick {
            purpose,
            picker: None,
        }) = &mut self.popup
        else {
            return;
        };
        let failed = match purpose {
            PickPurpose::Move { board, .. } => {
                cx.names.columns.get(board).and_then(Loadable::error)
            }
            PickPurpose::Assign { .. } | PickPurpose::Watchers { .. } => cx.names.members.error(),
            PickPurpose::Filter(FilterKind::Project) => cx.names.projects.error(),
            PickPurpose::Filter(FilterKind::Tag) => cx.names.tags.error(),
            PickPurpose::Filter(FilterKind::Assignee) => cx.names.members.error(),
            PickPurpose::Filter(FilterKind::Board) => self
                .filters
                .project
                .and_then(|p| cx.names.boards.get(&p))
                .and_then(Loadable::error),
            PickPurpose::Filter(FilterKind::Column) => self
                .filters
                .board
                .and_then(|b| cx.names.columns.get(&b))
                .and_then(Loadable::error),
            _ => None,
        }
        .cloned();
        if let Some(e) = failed {
            cx.toast(
                ToastKind::Error,
                format!("Could not load the list: {}", e.short()),
            );
            self.popup = None;
            self.show_offered();
            return;
        }
        let purpose = purpose.clone();
        let built = build_picker(&purpose, cx.names, self);
        if let Some(Popup::Pick { picker, .. }) = &mut self.popup {
            *picker = built;
        }
    }

    pub(super) fn popup_changed(&mut self, cx: &mut ScreenCtx) {
        let today = cx.today();
        if let Some(p) = &mut self.popup {
            p.refresh_feedback(today);
        }
    }

    /// A command of the open popup's context (`picker`, `prompt`, `confirm`, or `text`).
    pub(super) fn popup_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        if action == Action::Delete
            && let Some(Popup::Pick {
                purpose: PickPurpose::Views,
                picker: Some(p),
            }) = &self.popup
        {
            let key = p.current().map(|i| i.key.clone());
            self.ask_delete_view(key, cx);
            return;
        }
        let Some(popup) = self.popup.as_mut() else {
            return;
        };
        match popup {
            Popup::ConfirmView { change, .. } => match action {
                Action::Yes => {
                    let change = change.clone();
                    self.popup = None;
                    self.confirm_view(change, cx);
                }
                Action::No => {
                    self.popup = None;
                    cx.toast(ToastKind::Info, "Kept: no view changed");
                }
                _ => {}
            },
            Popup::ConfirmColumn { column, .. } => match action {
                Action::Yes => {
                    let column = *column;
                    self.popup = None;
                    self.delete_column(column, cx);
                }
                Action::No => {
                    self.popup = None;
                    cx.toast(ToastKind::Info, "Kept: no column deleted");
                }
                _ => {}
            },
            Popup::ConfirmDelete { ids } => match action {
                Action::Yes => {
                    let ids = std::mem::take(ids);
                    self.popup = None;
                    self.delete(ids, cx);
                }
                Action::No => {
                    self.popup = None;
                    cx.toast(ToastKind::Info, "Kept: nothing deleted");
                }
                _ => {}
            },
            Popup::LookAgain { n, .. } => {
                let n = *n;
                if matches!(action, Action::Yes | Action::No) {
                    self.popup = None;
                    self.answer_look_again(n, action == Action::Yes, cx);
                }
            }
            Popup::Pick { picker: None, .. } => {
                if action == Action::Cancel {
                    self.popup = None;
                }
            }
            Popup::Pick {
                purpose,
                picker: Some(picker),
            } => match picker.act(action) {
                PickerOutcome::Pending => {}
                PickerOutcome::Cancelled => self.popup = None,
                PickerOutcome::Picked(keys) => {
                    let purpose = purpose.clone();
                    self.popup = None;
                    self.on_pick(purpose, keys, cx);
                }
            },
            Popup::Prompt {
                purpose,
                field,
                feedback,
            } => match action {
                Action::Cancel => self.popup = None,
                Action::Accept => {
                    let value = field.value().trim().to_string();
                    let purpose = purpose.clone();
                    match self.submit_prompt(purpose, value, cx) {
                        Ok(()) => self.popup = None,
                        Err(why) => {
                            if let Some(Popup::Prompt { feedback, .. }) = &mut self.popup {
                                *feedback = Feedback::Err(why);
                            }
                        }
                    }
                }
                Action::Text(edit) if field.edit(edit) => {
                    *feedback = Feedback::None;
                    self.popup_changed(cx);
                }
                _ => {}
            },
        }
        self.show_offered();
        self.show_waiting_form(cx);
    }

    /// A character typed into the open picker's query or prompt.
    pub(super) fn popup_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let changed = match &mut self.popup {
            Some(Popup::Pick {
                picker: Some(p), ..
            }) => p.type_char(c),
            Some(Popup::Prompt {
                field, feedback, ..
            }) => {
                let changed = field.insert(c);
                if changed {
                    *feedback = Feedback::None;
                }
                changed
            }
            _ => false,
        };
        if changed {
            self.popup_changed(cx);
        }
        changed
    }

    fn submit_prompt(
        &mut self,
        purpose: PromptPurpose,
        value: String,
        cx: &mut ScreenCtx,
    ) -> Result<(), String> {
        match purpose {
            PromptPurpose::Due { targets } => {
                let due = if value.is_empty() {
                    None
                } else {
                    let r = date_input::parse(&value, cx.today())?;
                    if !r.is_single() {
                        return Err("a due date is one day, not a range".into());
                    }
                    Some(r.start)
                };
                self.apply_due(targets, due, cx);
            }
            PromptPurpose::Rename { id } => {
                if value.is_empty() {
                    return Err("a title cannot be empty".into());
                }
                self.apply_rename(id, value, cx);
            }
            PromptPurpose::New { place, parent } => {
                if value.is_empty() {
                    let cancel = cx.keys.say("prompt.cancel", "to cancel");
                    return Err(match cancel {
                        Some(cancel) => format!("type a title, or {cancel}"),
                        None => "type a title".into(),
                    });
                }
                self.create(value, place, parent, cx);
            }
            PromptPurpose::SaveView => self.save_view(&value, cx)?,
            PromptPurpose::Field { task, field } => {
                self.apply_field_text(task, &field, &value, cx)?
            }
            PromptPurpose::NewColumn { board } => {
                if value.is_empty() {
                    return Err("type a name".into());
                }
                self.create_column(board, value, cx);
            }
            PromptPurpose::RenameColumn { column } => {
                if value.is_empty() {
                    return Err("a column's name cannot be empty".into());
                }
                self.rename_column(column, value, cx);
            }
        }
        Ok(())
    }

    fn on_pick(&mut self, purpose: PickPurpose, keys: Vec<PickKey>, cx: &mut ScreenCtx) {
        match purpose {
            PickPurpose::Move { board, targets, .. } => {
                if let Some(PickKey::Id(col)) = keys.first() {
                    self.apply_move(board, *col, targets, cx);
                }
            }
            PickPurpose::Assign {
                targets,
                preselected,
            } => {
                let chosen: BTreeSet<String> = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Member(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                let pre: BTreeSet<String> = preselected.into_iter().collect();
                let added = chosen.difference(&pre).cloned().collect();
                let removed = pre.difference(&chosen).cloned().collect();
                self.apply_assign(targets, added, removed, cx);
            }
            PickPurpose::Watchers { task, preselected } => {
                let chosen = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Member(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                self.apply_watchers(task, preselected, chosen, cx);
            }
            PickPurpose::Sort => {
                self.sort = match keys.first() {
                    Some(PickKey::Sort(k)) => Some(match self.sort {
                        Some(s) if s.key == *k => SortBy {
                            key: *k,
                            descending: !s.descending,
                        },
                        _ => SortBy {
                            key: *k,
                            descending: first_descending(*k),
                        },
                    }),
                    _ => None,
                };
                self.filters_changed(false, cx);
            }
            PickPurpose::Views => {
                if let Some(k) = keys.into_iter().next() {
                    self.on_view_pick(k, cx);
                }
            }
            PickPurpose::Field { task, field } => self.apply_field_pick(task, &field, keys, cx),
            PickPurpose::Filter(FilterKind::Tag) => {
                self.filters.tags = keys
                    .into_iter()
                    .filter_map(|k| match k {
                        PickKey::Id(id) => Some(id),
                        _ => None,
                    })
                    .collect();
                self.filters.touched(FilterKind::Tag);
                self.filters_changed(false, cx);
            }
            PickPurpose::Filter(kind) => {
                if let Some(k) = keys.into_iter().next() {
                    self.set_filter(kind, k, cx);
                }
            }
        }
    }

    fn set_filter(&mut self, kind: FilterKind, key: PickKey, cx: &mut ScreenCtx) {
        let f = &mut self.filters;
        match (kind, key) {
            (_, PickKey::Any) => f.clear(kind),
            (FilterKind::Project, PickKey::Id(id)) => {
                if f.project != Some(id) {
                    f.clear(FilterKind::Board);
                }
                f.project = Some(id);
                cx.ensure_boards(id);
            }
            (FilterKind::Board, PickKey::Id(id)) => {
                if f.board != Some(id) {
                    f.clear(FilterKind::Column);
                }
                f.board = Some(id);
                cx.ensure_columns(id);
            }
            (FilterKind::Column, PickKey::Id(id)) => f.column = Some(id),
            (FilterKind::Priority, PickKey::Priority(p)) => f.priority = Some(p),
            (FilterKind::Assignee, PickKey::Me) => f.assignee = Assignee::Me,
            (FilterKind::Assignee, PickKey::Anyone) => f.assignee = Assignee::Anyone,
            (FilterKind::Assignee, PickKey::Member(id)) => {
                let is_me = cx.names.me().is_some_and(|u| u.id == id);
                f.assignee = if is_me {
                    Assignee::Me
                } else {
                    Assignee::Member(id)
                };
            }
            (FilterKind::Type, PickKey::Type(t)) => f.task_type = Some(t),
            (FilterKind::Completion, PickKey::Completion(c)) => f.completion = c,
            _ => return,
        }
        f.touched(kind);
        self.filters_changed(false, cx);
    }
}
