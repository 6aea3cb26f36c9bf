//! The filter panel (`f`): one row per filter; a row is edited (a picker, or text typed in
//! place for dates and search) or cleared. Every change reloads the list.

use super::TasksState;
use super::filters::{Due, DueFilter, FilterKind, Filters};
use crate::date_input::{self, DayRange};
use crate::keys::commands::Action;
use crate::screen::ScreenCtx;
use crate::widgets::field::TextField;

pub const ROWS: [FilterKind; 11] = [
    FilterKind::Project,
    FilterKind::Board,
    FilterKind::Column,
    FilterKind::Priority,
    FilterKind::Dates,
    FilterKind::Due,
    FilterKind::Assignee,
    FilterKind::Type,
    FilterKind::Tag,
    FilterKind::Completion,
    FilterKind::Search,
];

pub fn row_label(kind: FilterKind) -> &'static str {
    match kind {
        FilterKind::Project => "Project",
        FilterKind::Board => "Board",
        FilterKind::Column => "Column",
        FilterKind::Priority => "Priority",
        FilterKind::Dates => "Dates",
        FilterKind::Due => "Due",
        FilterKind::Assignee => "Assignee",
        FilterKind::Type => "Type",
        FilterKind::Tag => "Tag",
        FilterKind::Completion => "Status",
        FilterKind::Search => "Text",
    }
}

/// Text being typed into the dates or search row.
#[derive(Debug, Clone, Default)]
pub struct Editing {
    pub kind: Option<FilterKind>,
    pub field: TextField,
    /// Live reading of a date entry: the range, or why it is not one.
    pub parsed: Option<Result<DayRange, String>>,
}

#[derive(Debug, Clone, Default)]
pub struct FilterPanel {
    pub row: usize,
    pub editing: Editing,
    /// Opened by `/`: leaving the search closes the panel too.
    close_after_edit: bool,
}

impl FilterPanel {
    pub fn editing_search(filters: &Filters) -> Self {
        Self {
            row: ROWS.len() - 1,
            editing: Editing {
                kind: Some(FilterKind::Search),
                field: TextField::typed(filters.search.clone()),
                parsed: None,
            },
            close_after_edit: true,
        }
    }

    pub fn selected(&self) -> FilterKind {
        ROWS[self.row.min(ROWS.len() - 1)]
    }

    pub fn paste(&mut self, text: &str) -> bool {
        if self.editing.kind.is_some() {
            self.editing.field.paste(text);
            true
        } else {
            false
        }
    }
}

impl TasksState {
    /// A command of the panel (`filters`), or of the row being typed into (`filter_entry`).
    pub(super) fn panel_action(&mut self, action: Action, cx: &mut ScreenCtx) {
        let Some(panel) = self.layers.panel_mut() else {
            return;
        };
        if let Some(kind) = panel.editing.kind {
            self.entry_action(kind, action, cx);
            return;
        }
        match action {
            Action::Cancel => self.layers.close_panel(),
            Action::Down => panel.row = (panel.row + 1) % ROWS.len(),
            Action::Up => panel.row = (panel.row + ROWS.len() - 1) % ROWS.len(),
            Action::Clear => {
                let kind = panel.selected();
                if kind == FilterKind::Assignee {
                    // No assignee filter means everyone's tasks; "me" is a choice of its own.
                    if self.filters.assignee != super::filters::Assignee::Anyone {
                        self.filters.assignee = super::filters::Assignee::Anyone;
                        self.filters.touched(kind);
                        self.filters_changed(false, cx);
                    }
                } else if self.filters.is_set(kind) {
                    self.filters.clear(kind);
                    self.filters.touched(kind);
                    self.filters_changed(false, cx);
                }
            }
            Action::Edit => {
                let kind = panel.selected();
                match kind {
                    FilterKind::Dates | FilterKind::Search => {
                        let text = match kind {
                            FilterKind::Dates => self
                                .filters
                                .dates
                                .as_ref()
                                .map(|(_, typed)| typed.clone())
                                .unwrap_or_default(),
                            _ => self.filters.search.clone(),
                        };
                        panel.editing = Editing {
                            kind: Some(kind),
                            field: TextField::typed(text),
                            parsed: None,
                        };
                        self.reparse_dates(cx);
                    }
                    // The due row steps through its choices, as its quick keys pick them.
                    FilterKind::Due => {
                        let next = match self.filters.due.map(|d| d.due) {
                            None => Some(Due::Overdue),
                            Some(Due::Overdue) => Some(Due::Today),
                            Some(Due::Today) => Some(Due::ThisWeek),
                            Some(Due::ThisWeek) => Some(Due::NoDate),
                            Some(Due::NoDate) => None,
                        };
                        self.set_due(next, cx);
                    }
                    _ => self.open_filter_picker(kind, cx),
                }
            }
            Action::QuickDue(due) => {
                let same = self.filters.due.is_some_and(|d| d.due == due);
                self.set_due((!same).then_some(due), cx);
            }
            _ => {}
        }
    }

    /// Sets (or with `None` clears) the due filter, saying how the service is asked.
    fn set_due(&mut self, due: Option<Due>, cx: &mut ScreenCtx) {
        self.filters.due = due.map(|due| DueFilter {
            due,
            on: cx.today(),
        });
        self.filters.touched(FilterKind::Due);
        if let Some(due) = due {
            cx.toast(
                crate::screen::toast::ToastKind::Info,
                format!("Due {}: {}", due.label(), due.how()),
            );
        }
        self.filters_changed(false, cx);
    }

    fn reparse_dates(&mut self, cx: &ScreenCtx) {
        let today = cx.today();
        if let Some(panel) = self.layers.panel_mut()
            && panel.editing.kind == Some(FilterKind::Dates)
        {
            let v = panel.editing.field.value().trim();
            panel.editing.parsed = (!v.is_empty()).then(|| date_input::parse(v, today));
        }
    }

    fn entry_action(&mut self, kind: FilterKind, action: Action, cx: &mut ScreenCtx) {
        let Some(panel) = self.layers.panel_mut() else {
            return;
        };
        match (kind, action) {
            // As in every search field: Esc clears it (Enter keeps it).
            (FilterKind::Search, Action::Cancel) => {
                let close = panel.close_after_edit;
                panel.editing = Editing::default();
                if close {
                    self.layers.close_panel();
                }
                if !self.filters.search.is_empty() {
                    self.filters.clear(FilterKind::Search);
                    self.filters.touched(FilterKind::Search);
                    self.filters_changed(false, cx);
                }
            }
            (_, Action::Cancel) => {
                let close = panel.close_after_edit;
                panel.editing = Editing::default();
                if close {
                    self.layers.close_panel();
                }
            }
            (FilterKind::Search, Action::Accept) => {
                // The text is already applied as typed; Enter just leaves the field.
                let close = panel.close_after_edit;
                panel.editing = Editing::default();
                if close {
                    self.layers.close_panel();
                }
                if self.search_due.is_some() {
                    self.reload(cx);
                }
            }
            (FilterKind::Dates, Action::Accept) => {
                let typed = panel.editing.field.value().trim().to_string();
                if typed.is_empty() {
                    panel.editing = Editing::default();
                    self.filters.clear(FilterKind::Dates);
                    self.filters.touched(FilterKind::Dates);
                    self.filters_changed(false, cx);
                    return;
                }
                match date_input::parse(&typed, cx.today()) {
                    Ok(range) => {
                        panel.editing = Editing::default();
                        self.filters.dates = Some((range, typed));
                        self.filters.touched(FilterKind::Dates);
                        self.filters_changed(false, cx);
                    }
                    Err(e) => panel.editing.parsed = Some(Err(e)),
                }
            }
            (_, Action::Text(edit)) if panel.editing.field.edit(edit) => {
                self.entry_changed(kind, cx);
            }
            _ => {}
        }
    }

    /// Text pasted into the row being edited.
    pub(super) fn panel_paste(&mut self, text: &str, cx: &mut ScreenCtx) -> bool {
        let Some(panel) = self.layers.panel_mut() else {
            return false;
        };
        if !panel.paste(text) {
            return false;
        }
        if let Some(kind) = panel.editing.kind {
            self.entry_changed(kind, cx);
        }
        true
    }

    /// A character typed into the row being edited.
    pub(super) fn panel_char(&mut self, c: char, cx: &mut ScreenCtx) -> bool {
        let Some(panel) = self.layers.panel_mut() else {
            return false;
        };
        let Some(kind) = panel.editing.kind else {
            return false;
        };
        let changed = panel.editing.field.insert(c);
        if changed {
            self.entry_changed(kind, cx);
        }
        changed
    }

    /// Text applies as it is typed (after a pause); dates are read as they are typed.
    pub(super) fn entry_changed(&mut self, kind: FilterKind, cx: &mut ScreenCtx) {
        let Some(panel) = self.layers.panel() else {
            return;
        };
        if kind == FilterKind::Search {
            if panel.editing.field.value() == self.filters.search {
                return;
            }
            self.filters.search = panel.editing.field.value().to_string();
            self.filters.touched(FilterKind::Search);
            self.filters_changed(true, cx);
        } else {
            self.reparse_dates(cx);
        }
    }
}
