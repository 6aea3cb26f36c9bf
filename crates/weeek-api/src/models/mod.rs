//! Resources of the service as it sends them today, with the older fields it still sends.
//!
//! Every struct decodes with `#[serde(default)]` and ignores unknown keys, so a field the
//! service adds or drops never breaks a screen. Each also serializes, in the service's names
//! and in forms its own reader takes back (see `ser`), so a local store can keep it exactly.

mod crm;
mod custom_field;
mod portfolio;
mod project;
mod task;
mod task_row;
mod workspace;

pub use crm::*;
pub use custom_field::*;
pub use portfolio::*;
pub use project::*;
pub use task::*;
pub use task_row::*;
pub use workspace::*;
