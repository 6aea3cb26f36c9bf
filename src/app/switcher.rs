//! The workspace switcher: the workspaces the app can run on (the config file's top level, its
//! profiles, the demo sandbox), the one in use, and the name each one's workspace had when it
//! was last open. Choosing another ends this app: its drafts are written, then the runtime
//! opens the other workspace with a fresh app (`Effect::SwitchWorkspace`).

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{AfterConfirm, App, Clock, Effect, Overlay};
use crate::config::WorkspaceId;
use crate::screen::toast::ToastKind;
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
    /// has profiles to tell apart; in the demo, that it is one, when a real workspace could be
    /// taken for it. Started with nothing but the demo, the header is left its room.
    pub fn header_label(&self) -> Option<&str> {
        let current = self.current.as_ref()?;
        let profiles = self
            .entries
            .iter()
            .any(|e| matches!(e.id, WorkspaceId::Profile(_)));
        let real = self.entries.iter().any(|e| e.id != WorkspaceId::Demo);
        let shown = profiles || (*current == WorkspaceId::Demo && real);
        shown.then(|| current.label())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn switcher(ids: &[WorkspaceId], current: WorkspaceId) -> Switcher {
        let entries = ids
            .iter()
            .map(|id| WorkspaceEntry {
                id: id.clone(),
                title: None,
            })
            .collect();
        Switcher::new(entries, current)
    }

    #[test]
    fn the_header_names_the_profile_when_there_are_profiles_or_a_demo_to_tell_apart() {
        use WorkspaceId::{Demo, Profile, TopLevel};
        let acme = Profile("acme".into());
        let label = |ids: &[WorkspaceId], current: WorkspaceId| {
            switcher(ids, current).header_label().map(str::to_string)
        };
        assert_eq!(
            label(&[TopLevel, Demo], TopLevel),
            None,
            "nothing to tell apart"
        );
        assert_eq!(label(&[Demo], Demo), None, "the demo alone");
        assert_eq!(
            label(&[TopLevel, Demo], Demo).as_deref(),
            Some("demo sandbox"),
            "not the real workspace"
        );
        assert_eq!(
            label(&[TopLevel, acme.clone(), Demo], TopLevel).as_deref(),
            Some("default")
        );
        assert_eq!(label(&[acme.clone(), Demo], acme).as_deref(), Some("acme"));
        assert_eq!(Switcher::default().header_label(), None);
    }

    #[test]
    fn the_workspaces_name_is_kept_once_and_again_only_when_it_changes() {
        let dir = Path::new("/data/profiles/acme");
        let mut s = switcher(
            &[WorkspaceId::Profile("acme".into())],
            WorkspaceId::Profile("acme".into()),
        );
        let mut effects = Vec::new();
        s.keep_title(None, dir, &mut effects);
        s.keep_title(Some("Acme Ltd"), dir, &mut effects);
        s.keep_title(Some("Acme Ltd"), dir, &mut effects);
        assert_eq!(effects.len(), 1, "{effects:?}");
        s.keep_title(Some("Acme Group"), dir, &mut effects);
        assert_eq!(effects.len(), 2, "{effects:?}");
        let Effect::WriteFile { path, contents } = &effects[1] else {
            panic!("{effects:?}");
        };
        assert_eq!(path, &dir.join(TITLE_FILE));
        assert!(contents.contains("Acme Group"), "{contents}");
        // An app that was given no list (as in most tests) keeps nothing.
        let mut effects = Vec::new();
        Switcher::default().keep_title(Some("Acme"), dir, &mut effects);
        assert!(effects.is_empty());
    }
}
