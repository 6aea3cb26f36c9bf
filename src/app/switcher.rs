//! The workspace switcher: the workspaces the app can run on (the config file's top level, its
//! profiles, the demo sandbox), the one in use, and the name each one's workspace had when it
//! was last open. Choosing another ends this app: its drafts are written, then the runtime
//! opens the other workspace with a fresh app (`Effect::SwitchWorkspace`).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::toast::ToastKind;
use super::{AfterConfirm, App, Clock, Effect, Overlay};
use crate::config::WorkspaceId;
use crate::widgets::picker::{PickItem, Picker};

/// Where a workspace's directory keeps the name its workspace had when last open: the
/// switcher shows it for the workspaces not in use.
pub const TITLE_FILE: &str = "workspace.json";

#[derive(Debug, Serialize, Deserialize)]
struct TitleFile {
    title: String,
}

/// The name kept in the workspace directory `dir`, if any.
pub fn read_title(dir: &Path) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(TITLE_FILE)).ok()?;
    serde_json::from_str::<TitleFile>(&text)
        .ok()
        .map(|f| f.title)
}

/// One workspace the switcher offers.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkspaceEntry {
    pub id: WorkspaceId,
    /// Its workspace's name when it was last open; `None` before it ever was.
    pub title: Option<String>,
}

#[derive(Debug, Clone, Default)]
pub struct Switcher {
    pub entries: Vec<WorkspaceEntry>,
    /// The workspace in use; `None` when the app was started without a list (tests).
    pub current: Option<WorkspaceId>,
    /// The name last kept in the directory, so that it is written only when it changes.
    kept: Option<String>,
}

impl Switcher {
    pub fn new(entries: Vec<WorkspaceEntry>, current: WorkspaceId) -> Self {
        let kept = entries
            .iter()
            .find(|e| e.id == current)
            .and_then(|e| e.title.clone());
        Self {
            entries,
            current: Some(current),
            kept,
        }
    }

    /// What the header puts before the workspace's name: the profile's, when the config file
    /// has profiles to tell apart; in the demo, that it is one (its workspace is not yours).
    pub fn header_label(&self) -> Option<&str> {
        let current = self.current.as_ref()?;
        let profiles = self
            .entries
            .iter()
            .any(|e| matches!(e.id, WorkspaceId::Profile(_)));
        (profiles || *current == WorkspaceId::Demo).then(|| current.label())
    }

    /// The workspace's name as it is now: kept in its directory when it changes (a rename in
    /// the service shows in the switcher after the next switch).
    pub fn keep_title(&mut self, title: Option<&str>, data_dir: &Path, effects: &mut Vec<Effect>) {
        let Some(title) = title else {
            return;
        };
        if self.current.is_none() || self.kept.as_deref() == Some(title) {
            return;
        }
        self.kept = Some(title.to_string());
        let file = TitleFile {
            title: title.to_string(),
        };
        if let Ok(contents) = serde_json::to_string(&file) {
            effects.push(Effect::WriteFile {
                path: data_dir.join(TITLE_FILE),
                contents,
            });
        }
    }

    /// The list to choose from, the cursor on the one in use: each workspace's label, then its
    /// name (`live` for the one in use, the kept one for the others).
    fn picker(&self, live: Option<&str>) -> Picker<usize> {
        let width = self
            .entries
            .iter()
            .map(|e| crate::text::width(e.id.label()))
            .max()
            .unwrap_or(0);
        let items = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let in_use = self.current.as_ref() == Some(&e.id);
                let title = match (in_use, live, &e.title) {
                    (true, Some(live), _) => live.to_string(),
                    (_, _, Some(kept)) => kept.clone(),
                    _ if e.id == WorkspaceId::Demo => {
                        "a sample workspace, no account needed".into()
                    }
                    _ => "not opened yet".into(),
                };
                let label = e.id.label();
                let pad = " ".repeat(width.saturating_sub(crate::text::width(label)));
                let item = PickItem::new(i, format!("{label}{pad}  {title}"));
                if in_use { item.detail("in use") } else { item }
            })
            .collect();
        let mut picker = Picker::single("Workspace", items);
        if let Some(at) = self
            .entries
            .iter()
            .position(|e| self.current.as_ref() == Some(&e.id))
        {
            picker.focus(&at);
        }
        if self.entries.is_empty() {
            picker.notice =
                Some("No other workspace: add a [profiles.NAME] section to the config file".into());
        }
        picker
    }
}

impl App {
    /// Opens the switcher over the screen.
    pub(super) fn open_switcher(&mut self) {
        let live = self.names.workspace.value().map(|w| w.title.as_str());
        self.overlay = Some(Overlay::Workspaces(Box::new(self.switcher.picker(live))));
    }

    /// Workspace `index` of the switcher was chosen: the one in use stays; another is opened
    /// once what would be lost was confirmed, as quitting asks.
    pub(super) fn pick_workspace(&mut self, index: usize, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(entry) = self.switcher.entries.get(index) else {
            return;
        };
        if self.switcher.current.as_ref() == Some(&entry.id) {
            let text = format!("Already on {}.", entry.id.label());
            self.toasts.push(clock.now, ToastKind::Info, text);
            return;
        }
        match self.unsaved() {
            Some(question) => {
                self.overlay = Some(Overlay::Confirm {
                    question: format!("{question} Switch anyway?"),
                    then: AfterConfirm::Workspace(index),
                })
            }
            None => self.confirmed(AfterConfirm::Workspace(index), clock, effects),
        }
    }

    /// Leaves this workspace for the switcher's `index`: the screens write what they hold
    /// (their drafts go to this workspace's directory, before the other one is opened), then
    /// the runtime switches. Should the other one fail to open, this app goes on as it was.
    pub(super) fn leave_for(&mut self, index: usize, clock: Clock, effects: &mut Vec<Effect>) {
        let Some(id) = self.switcher.entries.get(index).map(|e| e.id.clone()) else {
            return;
        };
        self.each_screen(clock, effects, |s, cx| s.on_shutdown(cx));
        self.toasts
            .progress(clock.now, format!("Opening {}…", id.label()));
        effects.push(Effect::SwitchWorkspace(id));
    }
}
