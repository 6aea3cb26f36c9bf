//! A deal's fields as the outbox and the deal board's verbs change them: its status (where it
//! sits on the funnel's board) and its outcome (won, lost, archived, or open).

use serde::{Deserialize, Serialize};
use weeek_api::models::{Deal, WinStatus};

/// One field of a deal set to a value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "field", content = "value", rename_all = "camelCase")]
pub enum DealField {
    /// The status it is in, by id.
    Status(String),
    /// Won, lost, archived; `None`: open.
    Outcome(Option<WinStatus>),
}

impl DealField {
    /// The same field's value on `deal` now.
    pub fn current(&self, deal: &Deal) -> DealField {
        match self {
            Self::Status(_) => Self::Status(deal.status_id.clone().unwrap_or_default()),
            Self::Outcome(_) => Self::Outcome(deal.win_status.clone()),
        }
    }

    pub fn same_field(&self, other: &DealField) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }

    pub fn name(&self) -> &'static str {
        match self {
            Self::Status(_) => "status",
            Self::Outcome(_) => "outcome",
        }
    }

    /// Shows the change on a deal.
    pub fn apply(&self, deal: &mut Deal) {
        match self {
            Self::Status(s) => deal.status_id = Some(s.clone()),
            Self::Outcome(o) => deal.win_status = o.clone(),
        }
    }
}
