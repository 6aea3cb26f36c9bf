//! The organization form as a JSON file in the data dir, so a crash, a `kill -9` or a quit
//! loses nothing; restored into the form at the next start.

use serde::{Deserialize, Serialize};

use super::form::{OrgForm, Values};
use super::save::Base;
pub use crate::screen::draft_file::FormDraft;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Draft {
    pub version: u32,
    #[serde(flatten)]
    pub values: Values,
    /// The saved organization the form edits, as the service had it.
    pub edit: Option<Base>,
}

impl FormDraft for Draft {
    const FILE_NAME: &'static str = "organization-draft.json";

    /// Worth restoring: something typed, or an edit.
    fn worth(&self) -> bool {
        self.edit.is_some() || OrgForm::from_values(&self.values).has_input()
    }
}
