//! Saved views of the task list: the filters and the sort under a name. They live in the
//! config file's `[views]` table (written by `config::store_view`, which keeps the rest of the
//! file as it was); the name of the last one used is kept in a state file in the data dir and
//! the view is applied again at the next start.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use time::Date;
use weeek_api::models::{Priority, TaskType};
use weeek_api::{SortBy, SortKey};

pub use crate::config::View;

use super::filters::{Assignee, Completion, Due, DueFilter, FilterKind, Filters};
use crate::date_input;
use crate::screen::names::Names;

impl View {
    /// The view of the list as it is filtered and sorted now.
    pub fn from_filters(f: &Filters, sort: Option<SortBy>) -> View {
        View {
            assignee: Some(match &f.assignee {
                Assignee::Me => "me".to_string(),
                Assignee::Anyone => "anyone".to_string(),
                Assignee::Member(id) => id.clone(),
            }),
            status: Some(
                match f.completion {
                    Completion::Open => "open",
                    Completion::Done => "done",
                    Completion::All => "all",
                }
                .to_string(),
            ),
            project: f.project,
            board: f.board,
            column: f.column,
            priority: f.priority.map(|p| p.label().to_lowercase()),
            dates: f.dates.as_ref().map(|(_, words)| words.clone()),
            due: f.due.map(|d| d.due.label().to_string()),
            task_type: f.task_type.as_ref().map(|t| t.as_str().to_string()),
            tags: f.tags.clone(),
            search: Some(f.search.trim().to_string()).filter(|s| !s.is_empty()),
            sort: sort.map(SortBy::wire),
        }
    }

    /// The filters and the sort this view stands for, its dates read as of `today`; or what in
    /// it cannot be read.
    pub fn to_filters(&self, today: Date) -> Result<(Filters, Option<SortBy>), String> {
        let mut f = Filters::default();
        f.assignee = match self.assignee.as_deref().map(str::trim) {
            None | Some("me") => Assignee::Me,
            Some("anyone") => Assignee::Anyone,
            Some("") => return Err("`assignee` is empty: write me, anyone or a member's id".into()),
            Some(id) => Assignee::Member(id.to_string()),
        };
        f.touched(FilterKind::Assignee);
        f.completion = match self.status.as_deref().map(str::trim) {
            None | Some("open") => Completion::Open,
            Some("done") => Completion::Done,
            Some("all") => Completion::All,
            Some(other) => {
                return Err(format!("`status` is {other:?}: write open, done or all"));
            }
        };
        f.touched(FilterKind::Completion);
        f.project = self.project;
        f.touched(FilterKind::Project);
        f.board = self.board;
        f.touched(FilterKind::Board);
        f.column = self.column;
        f.touched(FilterKind::Column);
        if let Some(p) = &self.priority {
            let p = p.trim();
            f.priority = Some(
                Priority::ALL
                    .into_iter()
                    .find(|x| x.label().eq_ignore_ascii_case(p))
                    .ok_or_else(|| {
                        format!("`priority` is {p:?}: write low, medium, high or hold")
                    })?,
            );
            f.touched(FilterKind::Priority);
        }
        if let Some(t) = self.task_type.as_deref().map(str::trim) {
            if t.is_empty() {
                return Err("`type` is empty: write action, meet or call".into());
            }
            f.task_type = Some(TaskType::parse(t));
            f.touched(FilterKind::Type);
        }
        f.tags = self.tags.clone();
        f.touched(FilterKind::Tag);
        if let Some(words) = &self.dates {
            let range = date_input::parse(words, today).map_err(|e| format!("`dates`: {e}"))?;
            f.dates = Some((range, words.trim().to_string()));
            f.touched(FilterKind::Dates);
        }
        if let Some(words) = &self.due {
            let words = words.trim();
            let due = Due::ALL
                .into_iter()
                .find(|d| d.label().eq_ignore_ascii_case(words))
                .ok_or_else(|| {
                    format!("`due` is {words:?}: write overdue, today, this week or no due date")
                })?;
            f.due = Some(DueFilter { due, on: today });
            f.touched(FilterKind::Due);
        }
        if let Some(s) = &self.search {
            f.search = s.trim().to_string();
            f.touched(FilterKind::Search);
        }
        let sort = match self.sort.as_deref().map(str::trim) {
            None => None,
            Some(s) => {
                let (descending, key) = match s.strip_prefix('-') {
                    Some(k) => (true, k),
                    None => (false, s),
                };
                let key = SortKey::ALL
                    .into_iter()
                    .find(|k| k.as_str() == key)
                    .ok_or_else(|| {
                        let keys: Vec<&str> = SortKey::ALL.iter().map(|k| k.as_str()).collect();
                        format!(
                            "`sort` is {s:?}: write one of {} (- in front for descending)",
                            keys.join(", ")
                        )
                    })?;
                Some(SortBy { key, descending })
            }
        };
        Ok((f, sort))
    }

    /// Two views that show the same tasks in the same order, however each was written.
    pub fn same_as(&self, other: &View, today: Date) -> bool {
        let canonical = |v: &View| {
            v.to_filters(today)
                .ok()
                .map(|(f, s)| View::from_filters(&f, s))
        };
        canonical(self).is_some() && canonical(self) == canonical(other)
    }

    /// What the view shows, in the words of the filter line: "Everyone's open tasks ·
    /// priority: High · sort: priority↓".
    pub fn describe(&self, names: &Names, today: Date) -> String {
        match self.to_filters(today) {
            Ok((f, sort)) => {
                let mut parts = vec![f.headline(names)];
                parts.extend(f.chips(names).into_iter().map(|(_, c)| c));
                if let Some(s) = sort {
                    let arrow = if s.descending { "↓" } else { "↑" };
                    parts.push(format!("sort: {}{arrow}", s.key.as_str()));
                }
                parts.join(" · ")
            }
            Err(e) => e,
        }
    }
}

/// Checks every view of the config file, so a mistake stops the start naming the view,
/// rather than surfacing when the view is picked.
pub fn check_all(views: &BTreeMap<String, View>, today: Date) -> Result<(), String> {
    for (name, view) in views {
        if name.trim().is_empty() {
            return Err("a view has an empty name".into());
        }
        view.to_filters(today)
            .map_err(|e| format!("view {name:?}: {e}"))?;
    }
    Ok(())
}

/// The state file that remembers the last view used.
pub const STATE_FILE: &str = "task-view.json";

#[derive(Debug, Default, Serialize, Deserialize)]
struct LastView {
    view: String,
}

/// The saved views, the one last used, and where both are kept.
#[derive(Debug, Default)]
pub struct SavedViews {
    pub views: BTreeMap<String, View>,
    /// The view applied or saved last: restored at the next start.
    pub last: Option<String>,
    config_file: PathBuf,
    state_file: PathBuf,
    /// Whether `last` is still to be applied (once, when the screen is first shown).
    restore: bool,
}

impl SavedViews {
    /// The views of the config file at `config_file`, and the last one used as the state
    /// file in `data_dir` remembers it. An unreadable state file only loses that memory.
    pub fn load(views: BTreeMap<String, View>, config_file: PathBuf, data_dir: &Path) -> Self {
        let state_file = data_dir.join(STATE_FILE);
        let last = match std::fs::read_to_string(&state_file) {
            Ok(text) => match serde_json::from_str::<LastView>(&text) {
                Ok(l) => Some(l.view),
                Err(e) => {
                    tracing::warn!(path = %state_file.display(), error = %e, "the last view is not readable");
                    None
                }
            },
            Err(_) => None,
        };
        Self {
            views,
            restore: last.is_some(),
            last,
            config_file,
            state_file,
        }
    }

    pub fn config_file(&self) -> &Path {
        &self.config_file
    }

    pub fn state_file(&self) -> &Path {
        &self.state_file
    }

    /// The name of the view to apply at start, once.
    pub fn take_restore(&mut self) -> Option<String> {
        if !std::mem::take(&mut self.restore) {
            return None;
        }
        self.last.clone()
    }

    /// The state file's text naming `name` as the last view.
    pub fn state_text(name: &str) -> String {
        serde_json::to_string(&LastView {
            view: name.to_string(),
        })
        .unwrap_or_default()
    }

    /// The view in use: the last one applied, and whether the list still shows it (no filter
    /// or sort changed since).
    pub fn current(&self, f: &Filters, sort: Option<SortBy>, today: Date) -> Option<(&str, bool)> {
        let name = self.last.as_deref()?;
        let view = self.views.get(name)?;
        Some((name, view.same_as(&View::from_filters(f, sort), today)))
    }
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    const TODAY: Date = date!(2026 - 11 - 21);

    #[test]
    fn a_view_gives_back_the_filters_and_sort_it_was_saved_from() {
        let view = View {
            assignee: Some("anyone".into()),
            status: Some("done".into()),
            project: Some(2),
            board: Some(5),
            priority: Some("High".into()),
            dates: Some("this week".into()),
            due: Some("overdue".into()),
            task_type: Some("call".into()),
            tags: vec![1, 2],
            search: Some("отчёт".into()),
            sort: Some("-priority".into()),
            ..View::default()
        };
        let (f, sort) = view.to_filters(TODAY).unwrap();
        assert_eq!(f.assignee, Assignee::Anyone);
        assert_eq!(f.completion, Completion::Done);
        assert_eq!(f.priority, Some(Priority::High));
        assert_eq!(
            f.due,
            Some(DueFilter {
                due: Due::Overdue,
                on: TODAY
            })
        );
        assert_eq!(
            f.dates.as_ref().map(|(r, w)| (r.start, w.as_str())),
            Some((date!(2026 - 11 - 16), "this week"))
        );
        assert_eq!(
            sort,
            Some(SortBy {
                key: SortKey::Priority,
                descending: true
            })
        );
        let again = View::from_filters(&f, sort);
        assert!(again.same_as(&view, TODAY), "{again:?}");
        assert_eq!(again.priority.as_deref(), Some("high"));
        // Esc still takes the filters off one at a time.
        let mut f = f;
        assert!(f.pop());
        assert!(f.search.is_empty());
    }

    #[test]
    fn an_empty_view_is_my_open_tasks_in_the_service_order() {
        let (f, sort) = View::default().to_filters(TODAY).unwrap();
        assert_eq!(
            f.to_query(Some("me"), None, 50),
            Filters::default().to_query(Some("me"), None, 50)
        );
        assert_eq!(sort, None);
        assert!(!f.any_set());
    }

    #[test]
    fn a_value_that_cannot_be_read_is_named() {
        let bad = |v: View| v.to_filters(TODAY).unwrap_err();
        let e = bad(View {
            priority: Some("urgent".into()),
            ..View::default()
        });
        assert!(e.contains("`priority`") && e.contains("urgent"), "{e}");
        let e = bad(View {
            sort: Some("-deadline".into()),
            ..View::default()
        });
        assert!(e.contains("`sort`") && e.contains("priority"), "{e}");
        let e = bad(View {
            dates: Some("someday".into()),
            ..View::default()
        });
        assert!(e.contains("`dates`"), "{e}");
        let e = bad(View {
            status: Some("closed".into()),
            ..View::default()
        });
        assert!(e.contains("`status`"), "{e}");
        let mut views = BTreeMap::new();
        views.insert(
            "Urgent".to_string(),
            View {
                priority: Some("urgent".into()),
                ..View::default()
            },
        );
        let e = check_all(&views, TODAY).unwrap_err();
        assert!(e.starts_with("view \"Urgent\": `priority`"), "{e}");
    }

    #[test]
    fn the_last_view_is_read_back_from_the_state_file_once() {
        let dir = std::env::temp_dir().join(format!("weeek-views-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(STATE_FILE), SavedViews::state_text("Моя неделя")).unwrap();
        let mut saved = SavedViews::load(BTreeMap::new(), dir.join("config.toml"), &dir);
        assert_eq!(saved.take_restore().as_deref(), Some("Моя неделя"));
        assert_eq!(saved.take_restore(), None, "restored once only");
        std::fs::write(dir.join(STATE_FILE), "not json").unwrap();
        let saved = SavedViews::load(BTreeMap::new(), dir.join("config.toml"), &dir);
        assert_eq!(saved.last, None);
        std::fs::remove_dir_all(&dir).ok();
    }
}
