//! The organization form as a JSON file in the data dir, so a crash, a `kill -9` or a quit
//! loses nothing; restored into the form at the next start.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::form::{OrgForm, Values};
use super::save::Base;
use crate::screen::draft_file::{self, Found};

pub const FILE_NAME: &str = "organization-draft.json";

pub fn path(data_dir: &Path) -> PathBuf {
    data_dir.join(FILE_NAME)
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Draft {
    pub version: u32,
    #[serde(flatten)]
    pub values: Values,
    /// The saved organization the form edits, as the service had it.
    pub edit: Option<Base>,
}

impl Draft {
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Worth restoring: something typed, or an edit.
    fn worth(&self) -> bool {
        self.edit.is_some() || OrgForm::from_values(&self.values).has_input()
    }
}

/// Reads the draft of `data_dir`. Runs once, before the event loop.
pub fn load(data_dir: &Path) -> Found<Draft> {
    draft_file::load(&path(data_dir), Draft::worth)
}
